package plan

import (
	"context"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/results"
)

// judge is an Observer whose verdict wants one more extension of the
// level's first codec, once; it keeps what it was asked.
type judge struct {
	nopObserver
	asked []results.Config
	sofar [][]results.Result
}

func (j *judge) More(cfg results.Config, sofar []results.Result) []bool {
	j.asked, j.sofar = append(j.asked, cfg), append(j.sofar, sofar)
	return []bool{len(j.asked) == 1, false}
}

// An Observer that judges (Judge) keeps the codecs it flags taking turns
// past -duration, up to -until: the flagged codec's window grows by half
// of it, the other's does not, and the judge reads the level's rows so
// far, stops included.
func TestExecuteAsksTheJudgeForMoreTurns(t *testing.T) {
	cfg := results.Config{Codecs: []string{"std", results.Baseline}, Levels: []results.Level{{Spec: "1", Pairs: 1}},
		Duration: 100 * time.Millisecond, Slice: 50 * time.Millisecond, Until: 300 * time.Millisecond, STW: 10 * time.Millisecond}
	j := &judge{}
	run, err := Execute(context.Background(), cfg, results.Environment{GOMAXPROCS: 2}, []*datasets.Input{builtin(t, "github")}, j)
	if err != nil {
		t.Fatal(err)
	}
	if len(j.asked) != 2 || j.asked[0].Until != cfg.Until || run.Config.Until != cfg.Until {
		t.Fatalf("the judge was asked %d times (config %+v), want twice, with -until in the config", len(j.asked), j.asked)
	}
	for _, r := range j.sofar[0] {
		if r.Window < cfg.Duration || len(r.STWTurns) == 0 || r.Codec == "" {
			t.Errorf("%s: the row so far has a window of %v and %d turns", r.Codec, r.Window, len(r.STWTurns))
		}
	}
	var rows []results.Result
	for _, r := range run.Results {
		if r.IsEncdec() {
			rows = append(rows, r)
		}
	}
	if len(rows) != 2 || rows[0].Codec != "std" || rows[0].Window < cfg.Duration*3/2 || rows[0].Partial || rows[0].Err != "" {
		t.Fatalf("rows %v: want std's window extended to at least 150ms", rows)
	}
	if got := j.sofar[1][0].Window; got != rows[0].Window {
		t.Errorf("the judge's last view of std has a window of %v, its row %v", got, rows[0].Window)
	}
}

// Without a Judge, or with -until at -duration (-until 0), a level ends at
// -duration.
func TestNoJudgeNoExtension(t *testing.T) {
	cfg := results.Config{Duration: time.Second, Until: 3 * time.Second}
	if u := untilOf(cfg, &nopObserver{}); u.More != nil {
		t.Errorf("an observer that does not judge: %+v", u)
	}
	for _, until := range []time.Duration{0, time.Second} {
		cfg.Until = until
		if u := untilOf(cfg, &judge{}); u.More != nil {
			t.Errorf("-until %v: %+v", until, u)
		}
	}
	cfg.Until = 3 * time.Second
	if u := untilOf(cfg, &judge{}); u.More == nil || u.Cap != cfg.Until {
		t.Errorf("-until 3s with a judge: %+v", u)
	}
}
