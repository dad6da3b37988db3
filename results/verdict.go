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
