package pingpong_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"time"

	_ "github.com/pingpong-bench/pingpong/codecs" // sonic, goccy, ...
	"github.com/pingpong-bench/pingpong/pingpong"
)

// A codec is two functions, called as their users call them.
func ExampleCodec() {
	std := pingpong.Codec{Name: "std", Marshal: json.Marshal, Unmarshal: json.Unmarshal}

	// New decodes into the program's own type rather than into any.
	type order struct {
		ID    int      `json:"id"`
		Items []string `json:"items"`
	}
	typed := pingpong.Codec{Name: "std-order", Marshal: json.Marshal, Unmarshal: json.Unmarshal,
		New: func() any { return new(order) }}
	fmt.Println(std.Name, typed.Name)
	// Output: std std-order
}

// Lookup knows std; the other built-in codecs, once the program imports
// package github.com/pingpong-bench/pingpong/codecs.
func ExampleLookup() {
	sonic, err := pingpong.Lookup("sonic")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(sonic.Name)
	// Output: sonic
}

// Run measures and judges: per level, each codec's answer, how much of
// the window the program was frozen, and the effect with its interval.
func ExampleRun() {
	doc := []byte(`{"id":7,"items":["a","b"]}`)
	sonic, err := pingpong.Lookup("sonic") // linked by the import of package codecs
	if err != nil {
		log.Fatal(err)
	}
	std := pingpong.Codec{Name: "std", Marshal: json.Marshal, Unmarshal: json.Unmarshal}
	rep, err := pingpong.Run(context.Background(), doc, []pingpong.Codec{std, sonic},
		pingpong.Options{Levels: []int{1, 4}, Duration: 2 * time.Second})
	if err != nil {
		log.Fatal(err)
	}
	for _, level := range rep.Levels {
		for _, c := range level.Codecs {
			fmt.Printf("%s %s: %s, frozen %.1f%% of the window (%s %.1f%%), %+.1f points (%.1f to %.1f)\n",
				level.Label, c.Name, c.Answer, 100*c.Frozen, level.Reference, 100*c.RefFrozen,
				100*c.Effect.Est, 100*c.Effect.Lo, 100*c.Effect.Hi)
		}
	}
	// A test asks of one codec: at the level where the verdict said most against it.
	if c, ok := rep.Codec("sonic"); ok && c.Answer == pingpong.StandsOut {
		fmt.Println(c.Sentence)
	}
}
