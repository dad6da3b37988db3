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
	UncorrectedHistogram string `json:"uncorrected_histogram,omitempty"`
}

// resultFields has Result's fields but not its methods, so encoding it does
// not recurse into MarshalJSON.
type resultFields Result

// MarshalJSON encodes every tagged field plus the histograms.
func (r Result) MarshalJSON() ([]byte, error) {
	j := resultJSON{resultFields: resultFields(r)}
	for _, h := range []struct {
		from *hdrhistogram.Histogram
		to   *string
		what string
	}{{r.Hist, &j.Histogram, "histogram"}, {r.ProbeHist, &j.ProbeHistogram, "probe histogram"},
		{r.UncorrectedHist, &j.UncorrectedHistogram, "uncorrected histogram"}} {
		if h.from == nil {
			continue
		}
		enc, err := h.from.Encode(hdrhistogram.V2CompressedEncodingCookieBase)
		if err != nil {
			return nil, fmt.Errorf("encoding the %s of %s: %w", h.what, r.Scenario.Name(), err)
		}
		*h.to = string(enc)
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
	for _, h := range []struct {
		from string
		to   **hdrhistogram.Histogram
		what string
	}{{j.Histogram, &r.Hist, "histogram"}, {j.ProbeHistogram, &r.ProbeHist, "probe histogram"},
		{j.UncorrectedHistogram, &r.UncorrectedHist, "uncorrected histogram"}} {
		if h.from == "" {
			continue
		}
		dec, err := hdrhistogram.Decode([]byte(h.from))
		if err != nil {
			return fmt.Errorf("%s of %s: %w", h.what, r.Scenario.Name(), err)
		}
		*h.to = dec
	}
	return nil
}
