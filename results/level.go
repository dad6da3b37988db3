package results

import (
	"fmt"
	"strconv"
	"strings"
)

// maxPairs bounds a level: beyond it the goroutines, channels and messages
// stop fitting any sane machine, and the number is surely a typo.
const maxPairs = 100000

// Level is a number of pairs running at once, with the spec that asked for
// it ("2N" stays "2N" in the config even though it ran as 4 pairs).
type Level struct {
	Spec  string `json:"spec"`
	Pairs int    `json:"pairs"`
}

// LevelsOf are the levels specs ask for at GOMAXPROCS n, each spec a
// whole number of pairs ("1", "8") or a multiple of N = n ("N", "2N",
// "4n"). A level that comes out as an earlier one's pairs is dropped;
// order is kept.
func LevelsOf(specs []string, n int) ([]Level, error) {
	var out []Level
	seen := map[int]bool{}
	for _, spec := range specs {
		spec = strings.TrimSpace(spec)
		pairs, err := levelPairs(spec, n)
		if err != nil {
			return nil, err
		}
		if !seen[pairs] {
			seen[pairs] = true
			out = append(out, Level{Spec: spec, Pairs: pairs})
		}
	}
	return out, nil
}

func levelPairs(f string, n int) (int, error) {
	mult, isN := strings.CutSuffix(strings.ToUpper(f), "N")
	k := 1
	if !isN || mult != "" {
		v, err := strconv.Atoi(mult)
		if err != nil {
			return 0, fmt.Errorf("%q is neither a whole number nor a multiple of N (like 2N)", f)
		}
		k = v
	}
	if k < 1 || k > maxPairs { // before multiplying: 6148914691236517206N must not wrap around
		return 0, fmt.Errorf("%q: a level must be 1 to %d pairs", f, maxPairs)
	}
	pairs := k
	if isN {
		pairs = k * n
	}
	if pairs < 1 || pairs > maxPairs {
		return 0, fmt.Errorf("%q means %d pairs; a level must be 1 to %d pairs", f, pairs, maxPairs)
	}
	return pairs, nil
}
