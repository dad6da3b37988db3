package load

import (
	"github.com/pingpong-bench/pingpong/internal/codecs"

	"context"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
)

// typeSpy records the types the pairs decode into.
type typeSpy struct {
	codecs.Codec
	mu    sync.Mutex
	types map[reflect.Type]int
}

func (s *typeSpy) Unmarshal(data []byte, v any) error {
	s.mu.Lock()
	s.types[reflect.TypeOf(v)]++
	s.mu.Unlock()
	return s.Codec.Unmarshal(data, v)
}

func TestRunLevelDecodesIntoTarget(t *testing.T) {
	in, err := datasets.Load("github", datasets.DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	typ, _ := datasets.TargetType("github")
	for _, tc := range []struct {
		newTarget func() any
		want      reflect.Type
	}{
		{nil, reflect.TypeFor[*any]()},
		{codecs.TargetFunc(typ), reflect.TypeFor[*datasets.GitHubGists]()},
	} {
		spy := &typeSpy{Codec: stdCodec(), types: map[reflect.Type]int{}}
		// The echo decodes the first message at once, so even a window too
		// short for a whole round trip (under -race) shows the target.
		if _, err := RunLevelWatched(context.Background(), spy, in.Data, tc.newTarget, 2, Watch{Duration: 30 * time.Millisecond}, false); err != nil {
			t.Fatalf("%v: %v", tc.want, err)
		}
		if len(spy.types) != 1 || spy.types[tc.want] == 0 {
			t.Errorf("decoded into %v, want only %v", spy.types, tc.want)
		}
	}
}

// stdCodec is encoding/json as the registry has it.
func stdCodec() codecs.Codec {
	im, _ := codecs.Lookup("std")
	c, err := im.New(nil)
	if err != nil {
		panic(err)
	}
	return c
}
