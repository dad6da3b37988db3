package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/results"
)

// list prints what this build can run: as text, or with -json (which
// takes no file then, see listJSONArgs) as a results.Listing. The built-in
// inputs' sizes are those a run with -seed seed generates.
func list(w io.Writer, jsonPath string, seed int64) error {
	switch jsonPath {
	case "":
		return listText(w, seed)
	case "-":
		b, err := json.MarshalIndent(listing(seed), "", "  ")
		if err != nil {
			return err
		}
		_, err = w.Write(append(b, '\n'))
		return err
	}
	return usagef("-list -json %s: the listing goes to stdout; give -json no file", jsonPath)
}

// listing is this build's codecs, built-in inputs (their size as seed
// generates them, which a run's header shows, not the real file's),
// shapes and types.
func listing(seed int64) results.Listing {
	l := results.Listing{Schema: results.ListingSchema, Types: codecs.Types()}
	for _, im := range codecs.All() {
		l.Codecs = append(l.Codecs, results.ListedCodec{Name: im.Name, Library: im.Desc, Module: im.Module, Version: im.Version(), Env: im.Env})
	}
	for _, bi := range datasets.Builtins() {
		size := bi.Size
		if data, err := datasets.Generate(bi.Name, seed); err == nil {
			size = len(data)
		}
		l.Inputs = append(l.Inputs, results.ListedInput{Name: bi.Name, Bytes: size, Desc: bi.Desc})
	}
	for _, sh := range datasets.Shapes() {
		l.Shapes = append(l.Shapes, results.ListedShape{Name: sh.Name, Param: sh.Param, Desc: sh.Desc})
	}
	return l
}

func listText(w io.Writer, seed int64) error {
	l := listing(seed)
	var b strings.Builder
	b.WriteString("codecs:\n")
	width := 0
	for _, c := range l.Codecs {
		width = max(width, len(c.Name))
	}
	for _, c := range l.Codecs {
		fmt.Fprintf(&b, "  %-*s %-28s %s\n", width, c.Name, c.Version, c.Library)
	}
	b.WriteString("\nbuilt-in inputs (-input NAME; a file path or $PINGPONG_DATA/NAME.json wins):\n")
	for _, in := range l.Inputs {
		fmt.Fprintf(&b, "  %-16s %10s  %s\n", in.Name, format.Size(float64(in.Bytes)), in.Desc)
	}
	fmt.Fprintf(&b, "\nshapes (-input SHAPE:SIZE, e.g. long-string:16MB, with SIZE in bytes %s):\n", datasets.SizeRange())
	for _, sh := range l.Shapes {
		spec := sh.Name
		if sh.Param != "" {
			spec += ":" + sh.Param
		}
		fmt.Fprintf(&b, "  %-27s %s\n", spec, sh.Desc)
	}
	if len(l.Types) > 0 {
		b.WriteString("\ntypes of this build (-target TYPE, from bench_scheduling.sh --type):\n")
		for _, t := range l.Types {
			fmt.Fprintf(&b, "  %s\n", t)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// listJSONArgs lets `pingpong -list -json` be said as it reads: -json
// takes a file elsewhere, so with -list a -json that no value follows (the
// last argument, or one before another flag) becomes -json=-, the listing
// on stdout.
func listJSONArgs(args []string) []string {
	if !slices.ContainsFunc(args, func(a string) bool { return a == "-list" || a == "--list" || a == "-list=true" || a == "--list=true" }) {
		return args
	}
	out := slices.Clone(args)
	for i, a := range out {
		if a == "--" {
			break
		}
		if (a == "-json" || a == "--json") && (i == len(out)-1 || (strings.HasPrefix(out[i+1], "-") && out[i+1] != "-")) {
			out[i] = "-json=-"
		}
	}
	return out
}
