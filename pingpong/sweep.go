package pingpong

import (
	"fmt"
	"strconv"
	"strings"
)

// Sweeps: users tune GOMAXPROCS (containers), GOGC and GOMEMLIMIT, and want
// to see a codec under each value. A Go process reads GOGC and GOMEMLIMIT
// once at start and a GOMAXPROCS change stops the world, so each value runs
// in worker processes of its own (Config.Isolate), started with the value in
// their environment, never by changing the parent's settings mid-run.

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

// env is what a worker's environment gets on top of the parent's; exec
// keeps the last of duplicate keys, so these override a user's own.
func (p Point) env() []string {
	out := []string{"GOMAXPROCS=" + strconv.Itoa(p.Procs)}
	if p.GOGC != "" {
		out = append(out, "GOGC="+p.GOGC)
	}
	if p.MemLimit != "" {
		out = append(out, "GOMEMLIMIT="+p.MemLimit)
	}
	return out
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
// ParseLevels does. Under a single GOMAXPROCS the levels stand as given.
func (c Config) LevelsAt(n int) []Level {
	if len(c.Procs) <= 1 {
		return c.Levels
	}
	var out []Level
	seen := map[int]bool{}
	for _, lv := range c.Levels {
		if lv.Spec != "" {
			if pairs, err := levelPairs(lv.Spec, n); err == nil {
				lv.Pairs = pairs
			} // else: the CLI checked every value; a hand-made Level keeps its pairs
		}
		if !seen[lv.Pairs] {
			seen[lv.Pairs] = true
			out = append(out, lv)
		}
	}
	return out
}

// sweeping: the plan sets points on its scenarios, even a single GOGC or
// GOMEMLIMIT, which a worker then gets in its environment.
func (c Config) sweeping() bool { return len(c.Procs) > 0 || len(c.GOGC) > 0 || len(c.MemLimit) > 0 }

// planSweep is Plan with points: per input, each point's scenarios together
// (so that a point's codec blocks and comparison print together under the
// input's header), each point's levels following its GOMAXPROCS.
func planSweep(cfg Config, inputs []string, procs int) []Scenario {
	var out []Scenario
	for _, in := range inputs {
		for _, pt := range cfg.Points(procs) {
			at := cfg
			at.Procs, at.GOGC, at.MemLimit = nil, nil, nil
			at.Levels = cfg.LevelsAt(pt.Procs)
			for _, s := range Plan(at, []string{in}, pt.Procs) {
				s.GOGC, s.MemLimit = pt.GOGC, pt.MemLimit
				out = append(out, s)
			}
		}
	}
	return out
}

// ParseGOGC checks a GOGC value as the runtime reads it: "off" or a
// percentage.
func ParseGOGC(v string) (string, error) {
	if strings.EqualFold(v, "off") {
		return "off", nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return "", fmt.Errorf("%q is neither off nor a whole percentage (like 100)", v)
	}
	return strconv.Itoa(n), nil
}

// ParseMemLimit checks a GOMEMLIMIT value as the runtime reads it: "off",
// or bytes with an optional unit B, KiB, MiB, GiB or TiB. A value the
// runtime would refuse makes every worker die at start, so it is caught
// here.
func ParseMemLimit(v string) (string, error) {
	if v == "off" {
		return v, nil
	}
	num := strings.TrimRight(v, "KMGTiB")
	unit := v[len(num):]
	switch unit {
	case "", "B", "KiB", "MiB", "GiB", "TiB":
	default:
		return "", fmt.Errorf("%q: the unit must be B, KiB, MiB, GiB or TiB (as GOMEMLIMIT takes it)", v)
	}
	n, err := strconv.ParseUint(num, 10, 63)
	if err != nil || n == 0 {
		return "", fmt.Errorf("%q is neither off nor a positive size (like 512MiB)", v)
	}
	return v, nil
}
