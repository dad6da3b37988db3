package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"pingpong/results"
)

// schemaName names the JSON results format. A change that breaks readers gets
// a new version; adding fields does not.
const schemaName = "pingpong/v1"

// jsonFile is a Run as it is stored: the Run's own fields through their
// json tags (each Result carries its histograms, see results.Result's
// MarshalJSON), with the schema beside them. Fields added to Run or Result
// later are stored and read back without being listed here.
type jsonFile struct {
	Schema string `json:"schema"`
	*results.Run
}

// WriteJSON writes run as a pingpong/v1 document.
func WriteJSON(w io.Writer, run *results.Run) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(jsonFile{Schema: schemaName, Run: run})
}

// errSchema is wrapped by ReadJSON's error for a document that is not a
// pingpong/v1 results file.
var errSchema = errors.New("not a " + schemaName + " results file")

// ReadJSON reads a document written by WriteJSON back into a Run, with
// every result's histograms decoded.
func ReadJSON(r io.Reader) (*results.Run, error) {
	f := jsonFile{Run: new(results.Run)}
	if err := json.NewDecoder(r).Decode(&f); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("%w: invalid JSON at byte %d: %v", errSchema, se.Offset, err)
		}
		return nil, fmt.Errorf("%w: %v", errSchema, err)
	}
	if f.Schema != schemaName {
		if f.Schema == "" {
			return nil, fmt.Errorf("%w: no \"schema\" field", errSchema)
		}
		return nil, fmt.Errorf("%w: schema is %q", errSchema, f.Schema)
	}
	return f.Run, nil
}
