// Command aainject makes a known change in a results file: the rows of one
// codec in one build get slower by a factor (each latency times it, the
// round trips and bytes of the window divided by it, rounded, as a fixed
// window of a slower codec counts them), the machine's figures (probe,
// stops, scheduling) left as measured. Injected into the
// second build of an A/A run, the change sits in real noise: docs/aa.sh
// --inject uses it to find the smallest change compare detects.
//
//	aainject -build b -impl std -factor 1.2 IN.json OUT.json
package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

func main() {
	build := flag.String("build", "b", "the build whose rows change")
	codec := flag.String("impl", "std", "the codec whose rows change")
	factor := flag.Float64("factor", 1.2, "how much slower: 1.2 is 20% more time per round trip")
	flag.Parse()
	if flag.NArg() != 2 || *factor <= 0 {
		fmt.Fprintln(os.Stderr, "usage: aainject [-build B] [-impl C] [-factor F] IN.json OUT.json")
		os.Exit(2)
	}
	if err := inject(flag.Arg(0), flag.Arg(1), *build, *codec, *factor); err != nil {
		fmt.Fprintln(os.Stderr, "aainject:", err)
		os.Exit(1)
	}
}

func inject(in, out, build, codec string, factor float64) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	run, err := results.ReadJSON(f)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	changed := 0
	for i := range run.Results {
		r := &run.Results[i]
		if r.Build != build || r.Codec != codec {
			continue
		}
		r.N = int64(math.Round(float64(r.N) / factor))
		r.Bytes = int64(math.Round(float64(r.Bytes) / factor))
		r.Latency = scaleSummary(r.Latency, factor)
		changed++
	}
	if changed == 0 {
		return fmt.Errorf("%s: no row of %s in build %s", in, codec, build)
	}
	w, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := results.WriteJSON(w, run); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

func scale(d time.Duration, f float64) time.Duration { return time.Duration(float64(d) * f) }

func scaleSummary(s latency.Summary, f float64) latency.Summary {
	s.Min, s.Mean, s.P50, s.P95 = scale(s.Min, f), scale(s.Mean, f), scale(s.P50, f), scale(s.P95, f)
	s.P99, s.P999, s.Max = scale(s.P99, f), scale(s.P999, f), scale(s.Max, f)
	s.N = int64(math.Round(float64(s.N) / f))
	return s
}
