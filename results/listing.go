package results

import (
	"encoding/json"
	"fmt"
	"io"
)

// ListingSchema is the schema of `pingpong -list -json`.
const ListingSchema = "pingpong-list/v1"

// Listing is what one build of pingpong can run, as `pingpong -list -json`
// prints it: what scripts read instead of scraping -list, and what a run
// across builds reads of each build's binary.
type Listing struct {
	Schema string        `json:"schema"`
	Codecs []ListedCodec `json:"codecs"`
	Inputs []ListedInput `json:"inputs"`
	Shapes []ListedShape `json:"shapes"`
	// Types are the decode targets the build was given (-target TYPE,
	// from bench_scheduling.sh --type), e.g. "shop.Order".
	Types []string `json:"types,omitempty"`
}

// ListedCodec is one registered codec.
type ListedCodec struct {
	Name    string `json:"name"`
	Library string `json:"library"`          // what it is: "goccy/go-json", "encoding/json"
	Module  string `json:"module,omitempty"` // whose version it is; "" for the standard library
	Version string `json:"version"`          // from the build info, as the header shows it
	// Env is the process settings it runs with: variables its library
	// reads once at start-up.
	Env []string `json:"env,omitempty"`
}

// ListedInput is a built-in corpus.
type ListedInput struct {
	Name  string `json:"name"`
	Bytes int    `json:"bytes"` // its size, about
	Desc  string `json:"desc"`
}

// ListedShape is a parametric document: Param is what -input SHAPE:PARAM
// takes ("SIZE", "D"), "" for a fixed document.
type ListedShape struct {
	Name  string `json:"name"`
	Param string `json:"param,omitempty"`
	Desc  string `json:"desc"`
}

// Codec is the listed codec name, if the listing has it.
func (l Listing) Codec(name string) (ListedCodec, bool) {
	for _, c := range l.Codecs {
		if c.Name == name {
			return c, true
		}
	}
	return ListedCodec{}, false
}

// ReadListing reads `pingpong -list -json`, refusing another schema.
func ReadListing(r io.Reader) (Listing, error) {
	var l Listing
	if err := json.NewDecoder(r).Decode(&l); err != nil {
		return Listing{}, fmt.Errorf("reading the codec listing: %w", err)
	}
	if l.Schema != ListingSchema {
		return Listing{}, fmt.Errorf("the codec listing has schema %q, want %q", l.Schema, ListingSchema)
	}
	return l, nil
}
