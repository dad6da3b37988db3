package pingpong_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"time"

	_ "github.com/pingpong-bench/pingpong/codecs" // sonic, goccy, ...
	"github.com/pingpong-bench/pingpong/pingpong"
	"github.com/pingpong-bench/pingpong/verdict"
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

// Run measures, and verdict.Of judges as the pingpong command does.
func ExampleRun() {
	doc := []byte(`{"id":7,"items":["a","b"]}`)
	sonic, _ := pingpong.Lookup("sonic")
	std := pingpong.Codec{Name: "std", Marshal: json.Marshal, Unmarshal: json.Unmarshal}
	run, err := pingpong.Run(context.Background(), doc, []pingpong.Codec{std, sonic},
		pingpong.Options{Levels: []int{1, 4}, Duration: 2 * time.Second})
	if err != nil {
		log.Fatal(err)
	}
	for _, level := range verdict.Of(run) {
		fmt.Println(level.Conclusion())
		for _, c := range level.Codecs {
			if c.StandsOut {
				fmt.Println(level.Sentence(c))
			}
		}
	}
}
