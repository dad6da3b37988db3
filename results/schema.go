package results

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
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
	*Run
}

// WriteJSON writes run as a pingpong/v1 document.
func WriteJSON(w io.Writer, run *Run) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(jsonFile{Schema: schemaName, Run: run})
}

// ErrSchema is wrapped by ReadJSON's error for a document that is not a
// pingpong/v1 results file.
var ErrSchema = errors.New("not a " + schemaName + " results file")

// ReadJSON reads a document written by WriteJSON back into a Run, with
// every result's histograms decoded.
func ReadJSON(r io.Reader) (*Run, error) {
	f := jsonFile{Run: new(Run)}
	if err := json.NewDecoder(r).Decode(&f); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("%w: invalid JSON at byte %d: %v", ErrSchema, se.Offset, err)
		}
		return nil, fmt.Errorf("%w: %v", ErrSchema, err)
	}
	if f.Schema != schemaName {
		if f.Schema == "" {
			return nil, fmt.Errorf("%w: no \"schema\" field", ErrSchema)
		}
		return nil, fmt.Errorf("%w: schema is %q", ErrSchema, f.Schema)
	}
	return f.Run, nil
}
