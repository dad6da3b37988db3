package results

import (
	"math"
	"testing"
)

func TestKeyIgnoresRepeatAndSpellsDefaultsOneWay(t *testing.T) {
	s := Scenario{Input: "x", Codec: "std", Mode: ModeEncdec, Pairs: 2, Procs: 2, Target: TargetAny, Repeat: 3}
	old := Scenario{Input: "x", Codec: "std", Pairs: 2, Procs: 2} // a file from before modes and targets
	if s.Key() != old.Key() {
		t.Errorf("keys %+v and %+v differ: want any == \"\" and encdec == \"\"", s.Key(), old.Key())
	}
	for _, other := range []Scenario{
		{Input: "x", Codec: "std", Mode: ModeEncdec, Pairs: 2, Procs: 2, Target: TargetStruct},
		{Input: "x", Codec: "std", Mode: ModeDecode, Pairs: 2, Procs: 2},
		{Input: "x", Codec: "std", Pairs: 2, Procs: 2, GOGC: "400"},
		{Input: "x", Codec: "std", Pairs: 2, Procs: 2, MemLimit: "1GiB"},
		{Input: "x", Codec: "std", Pairs: 2, Procs: 4},
	} {
		if other.Key() == s.Key() {
			t.Errorf("%+v has the key of %+v", other, s)
		}
	}
}

func TestName(t *testing.T) {
	for _, c := range []struct {
		s    Scenario
		want string
	}{
		{Scenario{Input: "citm-catalog", Codec: "sonic", Mode: ModeEncdec, Target: TargetAny, Pairs: 2, Procs: 2, Repeat: 1},
			"input=citm-catalog/impl=sonic/pairs=2/procs=2"},
		{Scenario{Input: "twitter", Codec: "std", Mode: ModeDecode, Target: TargetStruct, Pairs: 4, Procs: 2, GOGC: "400", MemLimit: "1GiB"},
			"input=twitter/impl=std/mode=decode/target=struct/gogc=400/memlimit=1GiB/pairs=4/procs=2"},
	} {
		if got := c.s.Name(); got != c.want {
			t.Errorf("Name() = %q, want %q", got, c.want)
		}
	}
}

func TestMemLimitBytes(t *testing.T) {
	for v, want := range map[string]int64{"off": math.MaxInt64, "1024": 1024, "512B": 512, "2KiB": 2048, "512MiB": 512 << 20, "1GiB": 1 << 30, "3TiB": 3 << 40} {
		got, err := MemLimitBytes(v)
		if err != nil || got != want {
			t.Errorf("MemLimitBytes(%q) = %d, %v; want %d", v, got, err, want)
		}
	}
	for _, v := range []string{"", "0", "1GB", "1.5GiB", "-1", "Off", "8388608TiB", "GiB"} {
		if n, err := MemLimitBytes(v); err == nil {
			t.Errorf("MemLimitBytes(%q) = %d, want an error", v, n)
		}
	}
}

// Every file a run writes per scenario is named from every field of its
// key, so that two scenarios never share a file: batch sizes, builds and
// repeats included.
func TestFileNameTellsScenariosApart(t *testing.T) {
	base := Scenario{Input: "my data/a:b", Codec: "std", Mode: ModeEncdec, Pairs: 1, Procs: 2}
	if got, want := base.FileName(false), "my_data_a_b_std_1x_procs2"; got != want {
		t.Errorf("FileName = %q, want %q", got, want)
	}
	seen := map[string]Scenario{}
	for _, s := range []Scenario{
		base,
		func() Scenario { s := base; s.Batch = 10; return s }(),
		func() Scenario { s := base; s.Build = "new"; return s }(),
		func() Scenario { s := base; s.Pairs = 2; return s }(),
		func() Scenario { s := base; s.Target = TargetStruct; return s }(),
	} {
		for _, repeat := range []int{0, 1} {
			s.Repeat = repeat
			name := s.FileName(true)
			if other, ok := seen[name]; ok {
				t.Errorf("%+v and %+v are both %q", s, other, name)
			}
			seen[name] = s
		}
	}
}
