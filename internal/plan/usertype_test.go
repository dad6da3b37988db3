package plan

import (
	"github.com/pingpong-bench/pingpong/internal/codecs"

	"bytes"
	"context"
	stdjson "encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/results"
)

// The user's type runs as the struct targets do: every decode fills a new
// one, rows name it, and a codec that loses a field is a mismatch at the
// field's JSON path.
func TestExecuteDecodesIntoAUserType(t *testing.T) {
	cfg := results.Config{Codecs: []string{"std", "goccy", "test-drop-email"}, Levels: []results.Level{{Spec: "1", Pairs: 1}},
		Duration: 50 * time.Millisecond, Targets: []string{testOrderName}}
	run, err := Execute(context.Background(), cfg, results.Environment{GOMAXPROCS: 2}, []*datasets.Input{orderInput(orderJSON)}, &nopObserver{})
	if err != nil {
		t.Fatal(err)
	}
	if in := run.Inputs[0]; in.StructType != testOrderName || !slices.Equal(in.Targets, []string{testOrderName}) || in.TargetNote != "" {
		t.Errorf("input info %+v, want the type as its only target", in)
	}
	for _, r := range run.Results {
		if r.Label() != "1x encdec "+testOrderName || r.N == 0 || r.Err != "" {
			t.Errorf("%s %s: n=%d err=%q", r.Codec, r.Label(), r.N, r.Err)
		}
		if lossy := r.Codec == "test-drop-email"; (r.Mismatch != "") != lossy {
			t.Errorf("%s: mismatch %q", r.Codec, r.Mismatch)
		}
	}
	for _, im := range run.Codecs {
		if im.Name == "test-drop-email" && !strings.HasPrefix(im.StructMismatch, "$.customer.email: ") {
			t.Errorf("the lost field is reported as %q, want it at $.customer.email", im.StructMismatch)
		}
	}
}

// testOrder is a user's type, as bench_scheduling.sh --type registers one,
// with a nested struct (codecs' tests hold a fuller one to UserTarget).
type testOrder struct {
	ID       string `json:"id"`
	Customer struct {
		Name  string `json:"name"`
		Email string `json:"email"`
	} `json:"customer"`
}

const testOrderName = "plan.testOrder"

var orderJSON = []byte(`{"id":"o-1","customer":{"name":"Ada","email":"ada@example.com"}}`)

// dropEmail is encoding/json that loses a field of a nested struct when
// it encodes one: the customer's email.
type dropEmail struct{}

func (dropEmail) Marshal(v any) ([]byte, error) {
	b, err := stdjson.Marshal(v)
	return bytes.Replace(b, []byte(`"email":"ada@example.com"`), []byte(`"email":""`), 1), err
}

func (dropEmail) Unmarshal(data []byte, v any) error { return stdjson.Unmarshal(data, v) }

func init() {
	codecs.RegisterType(reflect.TypeFor[testOrder]())
	codecs.Register(codecs.Entry{Name: "test-drop-email", Desc: "loses customer.email on encode (test only)",
		New: func([]byte) (codecs.Codec, error) { return dropEmail{}, nil }})
}

func orderInput(data []byte) *datasets.Input {
	return &datasets.Input{Name: "order", Kind: "file", Data: data, SHA256: string(data)}
}
