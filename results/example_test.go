package results_test

import (
	"fmt"
	"log"
	"os"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// Loading a results file (-json) and reading its scenarios' figures
// through the table of figures.
func ExampleReadJSON() {
	f, err := os.Open("testdata/small.json")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	run, err := results.ReadJSON(f)
	if err != nil {
		log.Fatal(err)
	}
	p99 := results.MetricOf("p99")
	for _, r := range run.Results {
		fmt.Printf("%s: %s, p99 %s\n", r.Key().Label(), format.Rate(r.RoundTripsPerSec()), p99.Unit.Format(p99.Value(r)))
	}
	// Output:
	// citm-catalog std 1x encdec (procs 2): 54/s, p99 19.0ms
	// citm-catalog sonic 1x encdec batch=10 (procs 2): 175/s, p99 5.6ms
}
