package main

import (
	"bytes"
	"strings"
	"testing"
)

// A -procs sweep runs each value in workers started with it; each worker
// reports runtime.GOMAXPROCS(0), which must be the value its block says.
func TestProcsSweepRecordsGOMAXPROCSPerScenario(t *testing.T) {
	t.Parallel()
	stdout, run := measured(t, "-procs", "1,2", "-impls", "baseline,std", "-input", "github",
		"-levels", "1,N", "-duration", "100ms", "-warmup", "10ms", "-probe", "0", "-stw", "0")
	var got []string
	for _, r := range run.Results {
		if r.Err != "" {
			t.Errorf("%s %s at GOMAXPROCS=%d: %s", r.Codec, r.Label(), r.Procs, r.Err)
		}
		got = append(got, r.Point().String()+" "+r.Codec+" "+r.Label())
	}
	// Level N is 1 pair at GOMAXPROCS=1 (the same level as 1, run once)
	// and 2 pairs at 2.
	want := []string{
		"GOMAXPROCS=1 baseline 1x encdec", "GOMAXPROCS=1 std 1x encdec",
		"GOMAXPROCS=2 baseline 1x encdec", "GOMAXPROCS=2 std 1x encdec",
		"GOMAXPROCS=2 baseline 2x encdec", "GOMAXPROCS=2 std 2x encdec",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("results\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	one, two := strings.Index(stdout, "\n== GOMAXPROCS=1\n"), strings.Index(stdout, "\n== GOMAXPROCS=2\n")
	if one < 0 || two < one || !strings.Contains(stdout[two:], "sweep summary") {
		t.Errorf("console lacks a block per value and the summary:\n%s", stdout)
	}
	if !strings.Contains(stdout[two:], "\nGOMAXPROCS, github: level N,") {
		t.Errorf("a -procs sweep must end with its recommendation:\n%s", stdout)
	}
	if len(run.Config.Procs) != 2 {
		t.Errorf("config procs %v: the results file must say what was swept", run.Config.Procs)
	}
}

func TestSweepFlagsRefuseBadValues(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-procs", "1,2", "-isolate=false"}, "-procs with 2 values needs -isolate"},
		{[]string{"-gogc", "100,off", "-isolate=false"}, "-gogc with 2 values needs -isolate"},
		{[]string{"-procs", "0,2"}, "cannot be part of a list"},
		{[]string{"-procs", "1,x"}, `"x"`},
		{[]string{"-gogc", "fast"}, `"fast"`},
		{[]string{"-memlimit", "1GB"}, "GiB"},
		{[]string{"-procs", "1,70000"}, "-procs"},
		{[]string{"-procs", "1,40000", "-levels", "4N"}, "at -procs 40000: -levels"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"-duration", "10ms", "-impls", "baseline"}, c.args...), &stdout, &stderr)
		lines := strings.Split(strings.TrimRight(stderr.String(), "\n"), "\n")
		if code != 2 || len(lines) != 1 || !strings.Contains(lines[0], c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line mentioning %q", c.args, code, stderr.String(), c.want)
		}
	}
}

// Without isolation a single GOGC applies to this process, where the
// scenarios run; the header's environment shows it.
func TestSingleGOGCWithoutIsolationSetsThisProcess(t *testing.T) {
	t.Parallel()
	_, run := measured(t, "-gogc", "off", "-isolate=false", "-impls", "baseline", "-levels", "1",
		"-duration", "20ms", "-warmup", "0s", "-probe", "0")
	if run.Env.GOGC != "off" || run.Results[0].GOGC != "off" {
		t.Errorf("env GOGC %q, scenario GOGC %q; want off for both", run.Env.GOGC, run.Results[0].GOGC)
	}
}
