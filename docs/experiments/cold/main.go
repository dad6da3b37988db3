// Command coldcheck times one codec's first Unmarshal of a JSON file and
// its first Marshal of what that decoded, in a fresh process, with no
// pingpong code: the independent check of `pingpong cold`'s medians. Run it
// once per sample (a fresh process each time); it prints
//
//	codec=sonic target=struct decode_ns=9800000 encode_ns=3100000 decode2_ns=... encode2_ns=...
//
// The process's start-up is not timed: the clock starts just before the
// first call. Nothing touches the codec (or encoding/json) before it.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	stdjson "encoding/json"

	"github.com/bytedance/sonic"
	"github.com/bytedance/sonic/option"
	jsonv2 "github.com/go-json-experiment/json"
	gojson "github.com/goccy/go-json"
	jsoniter "github.com/json-iterator/go"
	segjson "github.com/segmentio/encoding/json"
)

type codec struct {
	marshal   func(any) ([]byte, error)
	unmarshal func([]byte, any) error
}

var codecs = map[string]codec{
	"std":       {stdjson.Marshal, stdjson.Unmarshal},
	"sonic":     {sonic.Marshal, sonic.Unmarshal},
	"sonic-std": {sonic.ConfigStd.Marshal, sonic.ConfigStd.Unmarshal},
	"goccy":     {gojson.Marshal, gojson.Unmarshal},
	"segmentio": {segjson.Marshal, segjson.Unmarshal},
	"jsoniter":  {jsoniter.Marshal, jsoniter.Unmarshal},
	"jsonv2": {func(v any) ([]byte, error) { return jsonv2.Marshal(v) },
		func(b []byte, v any) error { return jsonv2.Unmarshal(b, v) }},
}

func main() {
	name := flag.String("codec", "std", "std, sonic, sonic-std, goccy, segmentio, jsoniter or jsonv2")
	input := flag.String("input", "citm-catalog.json", "the JSON file (citm-catalog for -target struct)")
	target := flag.String("target", "struct", "struct (citm-catalog's shape) or any")
	pretouch := flag.Bool("pretouch", false, "call sonic.Pretouch on the struct type first (timed apart)")
	depth := flag.Int("depth", 0, "sonic.Pretouch's option.WithCompileRecursiveDepth (0: sonic's default)")
	prewarm := flag.Bool("prewarm", false, "after any Pretouch, encode and decode a value of another type as large as the document (timed apart): the codec's buffers and the heap warmed, the document's type not")
	flag.Parse()
	c, ok := codecs[*name]
	if !ok {
		fmt.Fprintln(os.Stderr, "coldcheck: unknown codec", *name)
		os.Exit(2)
	}
	data, err := os.ReadFile(*input)
	if err != nil {
		fmt.Fprintln(os.Stderr, "coldcheck:", err)
		os.Exit(2)
	}
	newTarget := func() any { return new(any) }
	value := func(p any) any { return *(p.(*any)) }
	if *target == "struct" {
		newTarget = func() any { return new(Catalog) }
		value = func(p any) any { return p }
	}
	var warm time.Duration
	if *pretouch {
		start := time.Now()
		var opts []option.CompileOption
		if *depth > 0 {
			opts = append(opts, option.WithCompileRecursiveDepth(*depth))
		}
		if err := sonic.Pretouch(typeOfCatalog(), opts...); err != nil {
			fmt.Fprintln(os.Stderr, "coldcheck: pretouch:", err)
			os.Exit(1)
		}
		warm = time.Since(start)
	}
	var prewarmed time.Duration
	if *prewarm {
		start := time.Now()
		other := make([]string, len(data)/64)
		for i := range other {
			other[i] = fmt.Sprintf("%062d", i)
		}
		b, err := c.marshal(other)
		if err == nil {
			var back []string
			err = c.unmarshal(b, &back)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "coldcheck: prewarm:", err)
			os.Exit(1)
		}
		prewarmed = time.Since(start)
	}
	call := func(f func() error) time.Duration {
		start := time.Now()
		if err := f(); err != nil {
			fmt.Fprintln(os.Stderr, "coldcheck:", err)
			os.Exit(1)
		}
		return time.Since(start)
	}
	var v any
	decode := func() error { p := newTarget(); err := c.unmarshal(data, p); v = value(p); return err }
	encode := func() error { _, err := c.marshal(v); return err }
	d1 := call(decode)
	e1 := call(encode)
	d2 := call(decode)
	e2 := call(encode)
	fmt.Printf("codec=%s target=%s pretouch_ns=%d prewarm_ns=%d decode_ns=%d encode_ns=%d decode2_ns=%d encode2_ns=%d\n",
		*name, *target, warm.Nanoseconds(), prewarmed.Nanoseconds(), d1.Nanoseconds(), e1.Nanoseconds(), d2.Nanoseconds(), e2.Nanoseconds())
}
