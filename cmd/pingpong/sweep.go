package main

import (
	"github.com/pingpong-bench/pingpong/internal/plan"

	"flag"
	"fmt"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/results"
)

// sweepFlags are -procs, -gogc and -memlimit: each a comma list of values
// that every scenario runs under, in worker processes started with it.
type sweepFlags struct {
	procs    []int
	gogc     []string
	memlimit []string
}

const maxProcs = 1 << 16

func (s *sweepFlags) flags(fs *flag.FlagSet) {
	fs.Func("procs", "GOMAXPROCS, or a comma list `1,2,4` to run every scenario under each (levels follow each value's N); 0 is automatic, the default: $GOMAXPROCS, else the container CPU quota, else the CPU count", func(v string) error {
		s.procs = nil
		for _, f := range splitList(v) {
			n, err := strconv.Atoi(f)
			if err != nil || n < 0 || n > maxProcs {
				return fmt.Errorf("%q: must be 0 (automatic) or a positive number of Ps", f)
			}
			if !slices.Contains(s.procs, n) {
				s.procs = append(s.procs, n)
			}
		}
		if len(s.procs) > 1 && slices.Contains(s.procs, 0) {
			return fmt.Errorf("%q: 0 (automatic) cannot be part of a list", v)
		}
		return nil
	})
	fs.Func("gogc", "GOGC for the workers, or a comma list `100,400,off` to run every scenario under each (default: the environment's)", func(v string) error {
		var err error
		s.gogc, err = parseEach(v, parseGOGC)
		return err
	})
	fs.Func("memlimit", "GOMEMLIMIT for the workers, or a comma list `512MiB,off` to run every scenario under each (default: the environment's)", func(v string) error {
		var err error
		s.memlimit, err = parseEach(v, parseMemLimit)
		return err
	})
}

func parseEach(v string, parse func(string) (string, error)) ([]string, error) {
	var out []string
	for _, f := range splitList(v) {
		p, err := parse(f)
		if err != nil {
			return nil, err
		}
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no value given")
	}
	return out, nil
}

// single is the GOMAXPROCS this process sets: the one -procs value, else 0
// (automatic); under a sweep only workers use the values.
func (s *sweepFlags) single() int {
	if len(s.procs) == 1 {
		return s.procs[0]
	}
	return 0
}

// source says where the header's GOMAXPROCS came from under a sweep.
func (s *sweepFlags) source(auto string) string {
	if len(s.procs) <= 1 {
		return auto
	}
	vs := make([]string, len(s.procs))
	for i, p := range s.procs {
		vs[i] = strconv.Itoa(p)
	}
	return fmt.Sprintf("%s; swept by -procs %s, one block per value", auto, strings.Join(vs, ","))
}

// apply puts the sweep into cfg (whose Isolate is set) after checking
// that each value can run: the levels and their memory at every
// GOMAXPROCS, and isolation for more than one value. A single GOGC or
// GOMEMLIMIT without isolation is set in this process, where the
// scenarios then run.
func (s *sweepFlags) apply(cfg *results.Config, levelSpec string, inputs []*datasets.Input, batch int) error {
	if needs := plan.IsolationOf(results.Config{Procs: s.procs, GOGC: s.gogc, MemLimit: s.memlimit}); needs.Sweep && !cfg.Isolate {
		for _, sw := range []struct {
			flag string
			n    int
		}{{"-procs", len(s.procs)}, {"-gogc", len(s.gogc)}, {"-memlimit", len(s.memlimit)}} {
			if sw.n > 1 { // the first flag of more than one value
				return usagef("%s with %d values needs -isolate (each value runs in worker processes of its own)", sw.flag, sw.n)
			}
		}
	}
	if len(s.procs) > 1 {
		for _, p := range s.procs {
			levels, err := parseLevels(levelSpec, p)
			if err != nil {
				return usagef("at -procs %d: %w", p, err)
			}
			if err := checkMemory(inputs, levels, batch); err != nil {
				return fmt.Errorf("at -procs %d: %w", p, err)
			}
		}
		cfg.Procs = s.procs
	}
	cfg.GOGC, cfg.MemLimit = s.gogc, s.memlimit
	if cfg.Isolate {
		return nil
	}
	if len(s.gogc) == 1 {
		pct := -1
		if s.gogc[0] != "off" {
			pct, _ = strconv.Atoi(s.gogc[0]) // ParseGOGC checked it
		}
		debug.SetGCPercent(pct)
	}
	if len(s.memlimit) == 1 {
		limit, err := results.MemLimitBytes(s.memlimit[0])
		if err != nil {
			return usagef("-memlimit: %w", err)
		}
		debug.SetMemoryLimit(limit)
	}
	return nil
}
