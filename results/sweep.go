package results

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Point is one combination of the swept runtime settings: what a worker
// process runs with. Empty GOGC or MemLimit: the environment's own.
type Point struct {
	Procs    int    `json:"procs"`
	GOGC     string `json:"gogc,omitempty"`
	MemLimit string `json:"memlimit,omitempty"`
}

// Point is the runtime settings s runs with.
func (s Scenario) Point() Point { return Point{Procs: s.Procs, GOGC: s.GOGC, MemLimit: s.MemLimit} }

// String names the point as the environment variables that make it:
// "GOMAXPROCS=2 GOGC=400 GOMEMLIMIT=1GiB", settings left alone omitted.
func (p Point) String() string {
	parts := []string{fmt.Sprintf("GOMAXPROCS=%d", p.Procs)}
	if p.GOGC != "" {
		parts = append(parts, "GOGC="+p.GOGC)
	}
	if p.MemLimit != "" {
		parts = append(parts, "GOMEMLIMIT="+p.MemLimit)
	}
	return strings.Join(parts, " ")
}

// Swept says whether the run has more than one point, each of which then
// needs worker processes of its own.
func (c Config) Swept() bool { return len(c.Procs) > 1 || len(c.GOGC) > 1 || len(c.MemLimit) > 1 }

// Points lists the run's points in the order they run: GOMAXPROCS
// outermost, then GOGC, then GOMEMLIMIT. procs is the GOMAXPROCS used when
// c.Procs is empty.
func (c Config) Points(procs int) []Point {
	ps := c.Procs
	if len(ps) == 0 {
		ps = []int{procs}
	}
	gogc, mem := orNone(c.GOGC), orNone(c.MemLimit)
	var out []Point
	for _, p := range ps {
		for _, g := range gogc {
			for _, m := range mem {
				out = append(out, Point{Procs: p, GOGC: g, MemLimit: m})
			}
		}
	}
	return out
}

func orNone(vs []string) []string {
	if len(vs) == 0 {
		return []string{""}
	}
	return vs
}

// LevelsAt is the configured levels as they resolve at GOMAXPROCS n: "N"
// is 1 pair at n = 1 and 4 at n = 4. Duplicates are dropped, as
// LevelsOf does. Under a single GOMAXPROCS the levels stand as given.
func (c Config) LevelsAt(n int) []Level {
	if len(c.Procs) <= 1 {
		return c.Levels
	}
	var out []Level
	seen := map[int]bool{}
	for _, lv := range c.Levels {
		lv.Pairs = c.PairsAt(lv, n)
		if !seen[lv.Pairs] {
			seen[lv.Pairs] = true
			out = append(out, lv)
		}
	}
	return out
}

// PairsAt is how many pairs lv runs at GOMAXPROCS n: under a GOMAXPROCS
// sweep a level given as a multiple of N follows each value, otherwise it
// stands as given.
func (c Config) PairsAt(lv Level, n int) int {
	if len(c.Procs) <= 1 || lv.Spec == "" {
		return lv.Pairs
	}
	if pairs, err := levelPairs(lv.Spec, n); err == nil {
		return pairs
	}
	return lv.Pairs // the CLI checked every value; a hand-made Level keeps its pairs
}

// memLimitUnits are GOMEMLIMIT's units, as shifts of a byte count.
var memLimitUnits = map[string]uint{"": 0, "B": 0, "KiB": 10, "MiB": 20, "GiB": 30, "TiB": 40}

// MemLimitBytes reads a GOMEMLIMIT value into bytes, as
// debug.SetMemoryLimit takes them: "off" is math.MaxInt64, the runtime's
// own "no limit".
func MemLimitBytes(v string) (int64, error) {
	if v == "off" {
		return math.MaxInt64, nil
	}
	num := strings.TrimRight(v, "KMGTiB")
	shift, ok := memLimitUnits[v[len(num):]]
	if !ok {
		return 0, fmt.Errorf("%q: the unit must be B, KiB, MiB, GiB or TiB (as GOMEMLIMIT takes it)", v)
	}
	n, err := strconv.ParseUint(num, 10, 63)
	if err != nil || n == 0 || n > math.MaxInt64>>shift {
		return 0, fmt.Errorf("%q is neither off nor a positive size (like 512MiB)", v)
	}
	return int64(n) << shift, nil
}

// Repeats is how many times every scenario runs.
func (c Config) Repeats() int { return max(c.Count, 1) }
