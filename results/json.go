package results

import (
	"encoding/json"
	"fmt"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"
)

// A Result travels as JSON, in -json files and from worker processes, with
// its histograms in hdrhistogram-go's V2 compressed encoding: already
// base64, and the form HdrHistogram's tools in every language read.
type resultJSON struct {
	resultFields
	Histogram            string `json:"histogram,omitempty"`
	ProbeHistogram       string `json:"probe_histogram,omitempty"`
	STWHistogram         string `json:"stw_histogram,omitempty"`
	UncorrectedHistogram string `json:"uncorrected_histogram,omitempty"`
	DecodeHistogram      string `json:"decode_histogram,omitempty"`
	EncodeHistogram      string `json:"encode_histogram,omitempty"`
	RestHistogram        string `json:"rest_histogram,omitempty"`
}

// resultFields has Result's fields but not its methods, so encoding it does
// not recurse into MarshalJSON.
type resultFields Result

// histSlot pairs a histogram of r with its field in j.
type histSlot struct {
	h    **hdrhistogram.Histogram
	enc  *string
	what string
}

func (j *resultJSON) slots(r *Result) []histSlot {
	out := []histSlot{{&r.Hist, &j.Histogram, "histogram"}, {&r.ProbeHist, &j.ProbeHistogram, "probe histogram"},
		{&r.STWHist, &j.STWHistogram, "stop-the-world histogram"},
		{&r.UncorrectedHist, &j.UncorrectedHistogram, "uncorrected histogram"}}
	if r.Split != nil {
		out = append(out, histSlot{&r.Split.DecodeHist, &j.DecodeHistogram, "decode histogram"},
			histSlot{&r.Split.EncodeHist, &j.EncodeHistogram, "encode histogram"},
			histSlot{&r.Split.RestHist, &j.RestHistogram, "rest histogram"})
	}
	return out
}

// MarshalJSON encodes every tagged field plus the histograms.
func (r Result) MarshalJSON() ([]byte, error) {
	j := resultJSON{resultFields: resultFields(r)}
	for _, sl := range j.slots(&r) {
		if *sl.h == nil {
			continue
		}
		enc, err := (*sl.h).Encode(hdrhistogram.V2CompressedEncodingCookieBase)
		if err != nil {
			return nil, fmt.Errorf("encoding the %s of %s: %w", sl.what, r.Scenario.Name(), err)
		}
		*sl.enc = string(enc)
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads what MarshalJSON wrote, histograms included.
func (r *Result) UnmarshalJSON(b []byte) error {
	var j resultJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*r = Result(j.resultFields)
	// Files written before modes and targets existed: every row was a
	// ping-pong into any.
	if r.Mode == "" {
		r.Mode = ModeEncdec
	}
	if r.Target == "" && r.Mode != ModeIdle {
		r.Target = TargetAny
	}
	for _, sl := range j.slots(r) {
		if *sl.enc == "" {
			continue
		}
		dec, err := hdrhistogram.Decode([]byte(*sl.enc))
		if err != nil {
			return fmt.Errorf("%s of %s: %w", sl.what, r.Scenario.Name(), err)
		}
		*sl.h = dec
	}
	return nil
}
