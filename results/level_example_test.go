package results_test

import (
	"fmt"

	"github.com/pingpong-bench/pingpong/results"
)

// Levels are pair counts, whole or multiples of N = GOMAXPROCS; a level
// that comes out the same as an earlier one is dropped.
func ExampleLevelsOf() {
	levels, err := results.LevelsOf([]string{"1", "N", "2N", "4"}, 4)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, lv := range levels {
		fmt.Printf("%s: %d pairs\n", lv.Spec, lv.Pairs)
	}
	_, err = results.LevelsOf([]string{"1", "x"}, 4)
	fmt.Println(err)
	// Output:
	// 1: 1 pairs
	// N: 4 pairs
	// 2N: 8 pairs
	// "x" is neither a whole number nor a multiple of N (like 2N)
}
