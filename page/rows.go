package page

import (
	"fmt"
	"strings"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// resultRow is one console row as a table row.
type resultRow struct {
	Input, Codec, Version, Level                       string
	Procs                                              int
	N                                                  int64
	P50, P95, P99, P999, Max, Rate, MBps, Probe, Sched string
	STWP99, STWMax                                     string
	Notes                                              string
}

// inputRow is an input as a row of the page's inputs table.
type inputRow struct {
	Name, Kind, SHA256, Targets string
	Bytes                       int
}

func inputRowOf(in results.InputInfo) inputRow {
	row := inputRow{Name: in.Name, Kind: in.Kind, SHA256: in.SHA256, Bytes: in.Bytes, Targets: strings.Join(in.Targets, ", ")}
	if in.Path != "" {
		row.Kind += " " + in.Path
	}
	if in.Seed != 0 {
		row.Kind += fmt.Sprintf(", seed %d", in.Seed)
	}
	if in.StructType != "" {
		row.Targets += " (" + in.StructType + ")"
	}
	if in.TargetNote != "" {
		row.Targets += "; " + in.TargetNote
	}
	return row
}

// codecRow is a codec as a row of the page's codecs table: its check
// against encoding/json in words.
type codecRow struct {
	Name, Input, Version, Check string
}

func codecRowOf(im results.CodecInfo) codecRow {
	row := codecRow{Name: im.Name, Input: im.Input, Version: im.Version, Check: "agrees"}
	switch {
	case im.Err != "":
		row.Check = "cannot run: " + im.Err
	case im.Mismatch != "":
		row.Check = "disagrees at " + im.Mismatch
	}
	switch {
	case im.StructErr != "":
		row.Check += "; struct: cannot run: " + im.StructErr
	case im.StructMismatch != "":
		row.Check += "; struct disagrees at " + im.StructMismatch
	}
	return row
}

// culpritRow is one row's culprit: what its worst stall waited on.
type culpritRow struct {
	Input, Codec, Level string
	Procs               int
	Stall, Stop         string
	Kind, Where, What   string
	Goroutine           uint64
	Trace               string
}

func rowOf(run *results.Run, r results.Result, suffix string) resultRow {
	row := resultRow{Input: r.Input, Codec: r.CodecLabel(), Version: run.CodecVersion(r.Key()), Level: r.Label(), Procs: r.Procs, N: r.Latency.N}
	var notes []string
	noRoundTrip := r.N == 0 && r.IsEncdec()
	if r.N > 0 || (r.Err == "" && !noRoundTrip) {
		l := r.Latency
		row.P50, row.P95, row.P99, row.P999, row.Max = format.Duration(l.P50), format.Duration(l.P95), format.Duration(l.P99), format.Duration(l.P999), format.Duration(l.Max)
		if r.IsEncdec() {
			row.Rate = format.Rate(r.RoundTripsPerSec())
		} else {
			row.Rate = "ops " + format.Rate(r.OpsPerSec())
		}
		if r.Bytes > 0 {
			row.MBps = format.Throughput(r.MBPerSec())
		}
	}
	if r.N > 0 || r.Err == "" {
		if r.Probe != nil && r.IsEncdec() {
			row.Probe = format.Duration(r.Probe.P99)
		}
		if r.Runtime != nil {
			row.Sched = format.Duration(r.Runtime.SchedLatency.P99)
		}
		if r.STW != nil {
			row.STWP99, row.STWMax = format.Duration(r.STW.P99), format.Duration(r.STW.Max)
		}
	}
	if noRoundTrip && r.Err == "" {
		notes = append(notes, "n=0: "+r.WhyNoRoundTrip())
	}
	if c := r.InFlightNote(); c != "" {
		notes = append(notes, c)
	}
	if r.Noise.Noisy() {
		notes = append(notes, r.Noise.String())
	}
	if r.GOGC != "" || r.MemLimit != "" {
		notes = append(notes, strings.TrimPrefix(r.Point().String(), fmt.Sprintf("GOMAXPROCS=%d ", r.Procs)))
	}
	if r.Partial {
		notes = append(notes, "partial")
	}
	if r.Mismatch != "" {
		notes = append(notes, "mismatch: "+r.Mismatch)
	}
	if r.Err != "" {
		notes = append(notes, "error: "+r.Err)
	}
	if suffix != "" {
		notes = append(notes, strings.Trim(suffix, "[]"))
	}
	row.Notes = strings.Join(notes, "; ")
	return row
}

// culpritOf is r's culprit as a row of the page's culprits table; ok is
// false when r has none.
func culpritOf(r results.Result) (culpritRow, bool) {
	c := r.Culprit
	if c == nil {
		return culpritRow{}, false
	}
	return culpritRow{Input: r.Input, Codec: r.CodecLabel(), Level: r.Label(), Procs: r.Procs,
		Stall: format.Duration(c.Stall), Stop: format.Duration(c.Stop), Kind: c.Kind, Where: c.Frame, What: c.What,
		Goroutine: c.Goroutine, Trace: r.Trace}, true
}
