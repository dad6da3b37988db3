package results

// Effect95 is an estimate with its 95% interval, in shares (0.035 is 3.5
// points).
type Effect95 struct {
	Est float64 `json:"est"`
	Lo  float64 `json:"lo"`
	Hi  float64 `json:"hi"`
}

// Above says whether the whole interval lies at or above bar.
func (iv Effect95) Above(bar float64) bool { return iv.Lo >= bar }

// Below says whether the whole interval lies under bar.
func (iv Effect95) Below(bar float64) bool { return iv.Hi < bar }

// VerdictLevel is what the verdict said of one level, as a results file
// keeps it for scripts (package verdict judges; reading a file judges it
// again from its rows, so this is a record, never an input).
type VerdictLevel struct {
	Input string `json:"input"`
	Label string `json:"label"`
	// Reference is what the codecs were judged against: control or
	// baseline.
	Reference string         `json:"reference"`
	Codecs    []VerdictCodec `json:"codecs"`
	// Conclusions are the lines the console prints.
	Conclusions []string `json:"conclusions"`
}

// VerdictCodec is one codec's answer at a level: "stands out", "does
// not" or "cannot tell", its effect over the reference (Frozen: share of
// the window frozen beyond the reference's; Tail: share of its stops over
// the long-stop bar beyond the reference's), the test's p, and whether
// the machine was too busy to judge.
type VerdictCodec struct {
	Codec  string   `json:"impl"`
	Answer string   `json:"answer"`
	Frozen Effect95 `json:"frozen"`
	Tail   Effect95 `json:"tail"`
	P      float64  `json:"p"`
	Busy   bool     `json:"busy,omitempty"`
	// Machine is the share of the window the machine took of the stops'
	// waits and of the probe's lateness, which the verdict leaves out; it
	// is there only where the waits were split (Split).
	Split   bool    `json:"split,omitempty"`
	Machine float64 `json:"machine,omitempty"`
	// Window is how long the codec's window ran, its extension until the
	// verdict could tell included.
	WindowNs int64 `json:"window_ns"`
}

// SafeSizeRecord is one codec's safe size at one level of a shape, as a
// results file keeps it for scripts (a record, as VerdictLevel is): the
// line's head ("up to ~7.8MB", "undecided between 4MB and 16MB"), the
// estimate, and the bracket it lies in, LoBytes the largest size within
// the budget (0: none) and HiBytes the smallest over it (0: none, no
// bound above); Undecided when a size inside the bracket is, which the
// head then says. Sure is how sure the bracket is, from 0 to 1 (the
// console's "86% sure"; 0 where it does not say), and each point's Sure
// its side's.
type SafeSizeRecord struct {
	Shape         string          `json:"shape"`
	Label         string          `json:"label"`
	Codec         string          `json:"impl"`
	Head          string          `json:"head"`
	EstimateBytes float64         `json:"estimate_bytes"`
	LoBytes       int             `json:"lo_bytes"`
	HiBytes       int             `json:"hi_bytes"`
	Undecided     bool            `json:"undecided,omitempty"`
	Sure          float64         `json:"sure"`
	Points        []SafeSizePoint `json:"points"`
}

// SafeSizePoint is one size of a SafeSizeRecord: its wait.p99 with the
// 95% interval (Resampled false: the estimate alone) and its side of the
// budget: "within", "over" or "undecided".
type SafeSizePoint struct {
	Input     string  `json:"input"`
	Bytes     int     `json:"bytes"`
	StopNs    int64   `json:"stop_ns"`
	LoNs      int64   `json:"lo_ns"`
	HiNs      int64   `json:"hi_ns"`
	Resampled bool    `json:"resampled"`
	Side      string  `json:"side"`
	Sure      float64 `json:"sure"`
}
