package results

// Scenario modes besides "encdec": the probe passes of the Erlang project's
// earlier design, where workers only decode or only encode and the sleep
// probe's overshoot is the row's latency, and the idle pass with no load at
// all, which gives the probe's floor.
const (
	ModeEncdec = "encdec"
	ModeDecode = "decode"
	ModeEncode = "encode"
	ModeIdle   = "idle"
)

// Run modes (Config.Mode): which scenarios a run plans.
const (
	RunEncdec = "encdec" // the ping-pong levels (the default)
	RunProbe  = "probe"  // the probe passes
	RunAll    = "all"    // both, the levels first
)

func (c Config) RunsEncdec() bool { return c.Mode == "" || c.Mode == RunEncdec || c.Mode == RunAll }

func (c Config) RunsProbe() bool { return c.Mode == RunProbe || c.Mode == RunAll }

// IsEncdec says whether s is a ping-pong row (as opposed to a probe pass or
// the idle pass): the rows that have round trips, throughput and a
// comparison. Files written before modes existed have no mode: encdec.
func (s Scenario) IsEncdec() bool { return s.Mode == ModeEncdec || s.Mode == "" }
