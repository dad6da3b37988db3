package compare_test

import (
	"fmt"

	"github.com/pingpong-bench/pingpong/compare"
)

// A -fail expression names, per figure, how much worse its median may
// get; a rule whose direction is an improvement is refused.
func ExampleParseGate() {
	g, err := compare.ParseGate("p99>+10%, rt/s<-5%")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range g {
		fmt.Printf("%s: fails beyond %v%% the worse way\n", r.Metric, r.Pct)
	}
	fmt.Println(g)
	_, err = compare.ParseGate("rt/s>+5%")
	fmt.Println(err != nil)
	// Output:
	// p99: fails beyond 10% the worse way
	// rt/s: fails beyond 5% the worse way
	// p99>+10%,rt/s<-5%
	// true
}
