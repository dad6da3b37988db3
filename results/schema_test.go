package results_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

func TestJSONRoundTrip(t *testing.T) {
	run := resultstest.WithHistograms(resultstest.SampleRun())
	run.Config.Count = 1
	// The probe's histogram and the idle pass travel too.
	run.Results[0].ProbeHist = run.Results[1].Hist
	// So do the stop-the-world probe's stops one by one, its turns and the MMU.
	st := resultstest.Stopping("std", 1, 0, 2*time.Second, resultstest.StopsAround(1, 20, time.Millisecond))
	run.Results[0].STWStops, run.Results[0].STWTurns, run.Results[0].MMU = st.STWStops, st.STWTurns, st.MMU
	idle := run.Results[3]
	idle.Mode, idle.Input, idle.Codec = results.ModeIdle, "", ""
	run.Idle = &idle
	var b bytes.Buffer
	if err := results.WriteJSON(&b, run); err != nil {
		t.Fatal(err)
	}
	back, err := results.ReadJSON(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Results) != len(run.Results) {
		t.Fatalf("%d results read back, wrote %d", len(back.Results), len(run.Results))
	}
	for i, r := range run.Results {
		got := back.Results[i]
		if (r.Hist == nil) != (got.Hist == nil) {
			t.Fatalf("result %d: histogram present %v, read back %v", i, r.Hist != nil, got.Hist != nil)
		}
		if r.Hist != nil && !r.Hist.Equals(got.Hist) {
			t.Errorf("result %d: histogram differs after the round trip", i)
		}
		if (r.ProbeHist == nil) != (got.ProbeHist == nil) || r.ProbeHist != nil && !r.ProbeHist.Equals(got.ProbeHist) {
			t.Errorf("result %d: probe histogram differs after the round trip", i)
		}
		r.Hist, got.Hist, r.ProbeHist, got.ProbeHist = nil, nil, nil, nil
		if !reflect.DeepEqual(r, got) {
			t.Errorf("result %d:\n got %+v\nwant %+v", i, got, r)
		}
	}
	if back.Idle == nil || back.Idle.Hist == nil || !back.Idle.Hist.Equals(run.Idle.Hist) {
		t.Fatalf("idle pass or its histogram lost: %+v", back.Idle)
	}
	wantIdle, gotIdle := *run.Idle, *back.Idle
	wantIdle.Hist, gotIdle.Hist = nil, nil
	if !reflect.DeepEqual(wantIdle, gotIdle) {
		t.Errorf("idle pass:\n got %+v\nwant %+v", gotIdle, wantIdle)
	}
	want, got := *run, *back
	want.Results, got.Results, want.Idle, got.Idle = nil, nil, nil, nil
	if !reflect.DeepEqual(want, got) {
		t.Errorf("run differs after the round trip:\n got %+v\nwant %+v", got, want)
	}
}

// The file is for other tools too: its top level and each result must carry
// the documented keys, not only whatever ReadJSON happens to accept.
func TestJSONDocumentedKeys(t *testing.T) {
	var b bytes.Buffer
	if err := results.WriteJSON(&b, resultstest.WithHistograms(resultstest.SampleRun())); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc["schema"] != "pingpong/v1" {
		t.Errorf("schema = %v", doc["schema"])
	}
	for _, k := range []string{"env", "config", "inputs", "impls", "results"} {
		if _, ok := doc[k]; !ok {
			t.Errorf("top level lacks %q", k)
		}
	}
	env := doc["env"].(map[string]any)
	for _, k := range []string{"go_version", "goos", "goarch", "cpu", "cores", "memory_bytes", "gomaxprocs", "gomaxprocs_source", "gogc", "gomemlimit"} {
		if _, ok := env[k]; !ok {
			t.Errorf("env lacks %q", k)
		}
	}
	r0 := doc["results"].([]any)[0].(map[string]any)
	for _, k := range []string{"input", "impl", "mode", "pairs", "procs", "repeat", "n", "bytes", "window_ns", "latency", "histogram"} {
		if _, ok := r0[k]; !ok {
			t.Errorf("result lacks %q", k)
		}
	}
}

func TestReadJSONRejectsOtherSchemas(t *testing.T) {
	for name, doc := range map[string]string{
		"no schema":     `{"results": []}`,
		"other schema":  `{"schema": "pingpong/v0", "results": []}`,
		"not json":      `scheduler responsiveness check`,
		"truncated":     `{"schema": "pingpong/v1", "results": [`,
		"bad histogram": `{"schema": "pingpong/v1", "results": [{"input": "x", "histogram": "bm90IGEgaGlzdG9ncmFt"}]}`,
	} {
		_, err := results.ReadJSON(strings.NewReader(doc))
		if !errors.Is(err, results.ErrSchema) {
			t.Errorf("%s: err = %v, want results.ErrSchema", name, err)
		}
	}
	if _, err := results.ReadJSON(strings.NewReader(`{"schema": "pingpong/v1", "results": []}`)); err != nil {
		t.Errorf("a minimal v1 file: %v", err)
	}
}

// A file written before the codec registry recorded fallbacks, with the
// environment's old sonic_native flag, still loads: the flag is ignored.
func TestReadJSONOfSonicNativeFile(t *testing.T) {
	for _, native := range []string{"true", "false"} {
		doc := `{"schema": "pingpong/v1", "env": {"goarch": "amd64", "sonic_native": ` + native + `}, "results": []}`
		run, err := results.ReadJSON(strings.NewReader(doc))
		if err != nil {
			t.Fatalf("sonic_native %s: %v", native, err)
		}
		if run.Env.GOARCH != "amd64" || len(run.Env.Fallbacks) != 0 {
			t.Errorf("sonic_native %s: env %+v", native, run.Env)
		}
	}
}
