package verdict

import (
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/results/resultstest"
)

func TestLevelRankings(t *testing.T) {
	run := resultstest.SampleRun()
	got := LevelRankings(run.Config, run.Results)
	var levels []string
	for _, l := range got {
		var names []string
		for _, r := range l.Rows {
			names = append(names, r.Codec+" "+r.Relative)
		}
		levels = append(levels, l.Level()+": "+strings.Join(names, ", "))
	}
	// goccy failed at 1x, which leaves 1x with std and sonic; baseline is
	// never a contender.
	want := []string{
		"1x encdec, GOMAXPROCS=2: sonic 3.24x faster than std, std (reference)",
		"2x encdec, GOMAXPROCS=2: sonic 3.16x faster than std, goccy 1.58x faster than std, std (reference)",
	}
	if strings.Join(levels, "\n") != strings.Join(want, "\n") {
		t.Errorf("rankings\n%s\nwant\n%s", strings.Join(levels, "\n"), strings.Join(want, "\n"))
	}

	// A row that measured round trips but ended in error is no contender.
	run.Results[3].Err = "echo decode: boom" // sonic 2x
	got = LevelRankings(run.Config, run.Results)
	for _, r := range got[1].Rows {
		if r.Codec == "sonic" {
			t.Errorf("2x ranks sonic, which ended in error: %+v", got[1].Rows)
		}
	}

	run.Config.Rate = 100
	if got := LevelRankings(run.Config, run.Results); got != nil {
		t.Errorf("an open-loop run ranks its codecs: %+v", got)
	}
}
