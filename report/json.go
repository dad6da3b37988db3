package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"

	"pingpong/pingpong"
)

// Schema names the JSON results format. A change that breaks readers gets
// a new version; adding fields does not.
const Schema = "pingpong/v1"

// jsonFile is a Run as it is stored: the Run's own fields through their
// json tags, the schema beside them, and each result with its histogram.
// Results here shadows Run.Results (a shallower field wins in
// encoding/json), so every other field of Run, including fields added
// after this was written, is stored and read back without being listed.
type jsonFile struct {
	Schema string `json:"schema"`
	pingpong.Run
	Results []jsonResult `json:"results"`
	Idle    *jsonResult  `json:"idle,omitempty"`
}

type jsonResult struct {
	pingpong.Result
	// Histogram is hdrhistogram-go's V2 compressed encoding, which is
	// already base64: the form HdrHistogram's log tools in every language
	// read. ProbeHistogram is the sleep probe's, in the same form.
	Histogram      string `json:"histogram,omitempty"`
	ProbeHistogram string `json:"probe_histogram,omitempty"`
}

func toJSON(r pingpong.Result) (jsonResult, error) {
	jr := jsonResult{Result: r}
	var err error
	if jr.Histogram, err = encodeHist(r.Hist); err != nil {
		return jr, fmt.Errorf("encoding the histogram of %s: %w", scenarioName(r.Scenario), err)
	}
	if jr.ProbeHistogram, err = encodeHist(r.ProbeHist); err != nil {
		return jr, fmt.Errorf("encoding the probe histogram of %s: %w", scenarioName(r.Scenario), err)
	}
	return jr, nil
}

func (jr jsonResult) result() (pingpong.Result, error) {
	r := jr.Result
	var err error
	if r.Hist, err = decodeHist(jr.Histogram); err != nil {
		return r, fmt.Errorf("%w: histogram of %s: %v", ErrSchema, scenarioName(r.Scenario), err)
	}
	if r.ProbeHist, err = decodeHist(jr.ProbeHistogram); err != nil {
		return r, fmt.Errorf("%w: probe histogram of %s: %v", ErrSchema, scenarioName(r.Scenario), err)
	}
	return r, nil
}

func encodeHist(h *hdrhistogram.Histogram) (string, error) {
	if h == nil {
		return "", nil
	}
	enc, err := h.Encode(hdrhistogram.V2CompressedEncodingCookieBase)
	return string(enc), err
}

func decodeHist(s string) (*hdrhistogram.Histogram, error) {
	if s == "" {
		return nil, nil
	}
	return hdrhistogram.Decode([]byte(s))
}

// WriteJSON writes run as a pingpong/v1 document.
func WriteJSON(w io.Writer, run *pingpong.Run) error {
	f := jsonFile{Schema: Schema, Run: *run, Results: make([]jsonResult, len(run.Results))}
	f.Run.Results, f.Run.Idle = nil, nil
	var err error
	for i, r := range run.Results {
		if f.Results[i], err = toJSON(r); err != nil {
			return err
		}
	}
	if run.Idle != nil {
		idle, err := toJSON(*run.Idle)
		if err != nil {
			return err
		}
		f.Idle = &idle
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(f)
}

// ErrSchema is wrapped by ReadJSON's error for a document that is not a
// pingpong/v1 results file.
var ErrSchema = errors.New("not a " + Schema + " results file")

// ReadJSON reads a document written by WriteJSON back into a Run, with
// every result's histogram decoded.
func ReadJSON(r io.Reader) (*pingpong.Run, error) {
	var f jsonFile
	if err := json.NewDecoder(r).Decode(&f); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("%w: invalid JSON at byte %d: %v", ErrSchema, se.Offset, err)
		}
		return nil, fmt.Errorf("%w: %v", ErrSchema, err)
	}
	if f.Schema != Schema {
		if f.Schema == "" {
			return nil, fmt.Errorf("%w: no \"schema\" field", ErrSchema)
		}
		return nil, fmt.Errorf("%w: schema is %q", ErrSchema, f.Schema)
	}
	run := f.Run
	run.Results = make([]pingpong.Result, len(f.Results))
	var err error
	for i, jr := range f.Results {
		if run.Results[i], err = jr.result(); err != nil {
			return nil, err
		}
	}
	if f.Idle != nil {
		idle, err := f.Idle.result()
		if err != nil {
			return nil, err
		}
		run.Idle = &idle
	}
	return &run, nil
}

// scenarioName names a scenario in messages and file names, in the
// sub-benchmark style: "input=citm-catalog/impl=sonic/pairs=2".
func scenarioName(s pingpong.Scenario) string {
	return fmt.Sprintf("input=%s/impl=%s/pairs=%d", s.Input, s.Impl, s.Pairs)
}
