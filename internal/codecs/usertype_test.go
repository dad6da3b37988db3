package codecs

import (
	"bytes"
	stdjson "encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/datasets"
)

// testOrder is a user's type, as bench_scheduling.sh --type registers one:
// nested structs, slices and maps, and a field omitempty drops.
type testOrder struct {
	ID       string            `json:"id"`
	Customer testCustomer      `json:"customer"`
	Lines    []testLine        `json:"lines"`
	Tags     map[string]string `json:"tags"`
	Note     string            `json:"note,omitempty"`
}

type testCustomer struct {
	Name  string `json:"name"`
	Email string `json:"email"`
}

type testLine struct {
	SKU   string  `json:"sku"`
	Qty   int     `json:"qty"`
	Price float64 `json:"price"`
}

const testOrderName = "codecs.testOrder"

// A note that is empty in the document: encoding/json's round trip through
// the type drops it, and codecs are held to that round trip, not the input.
var orderJSON = []byte(`{"id":"o-1","customer":{"name":"Ada","email":"ada@example.com"},
	"lines":[{"sku":"a","qty":2,"price":9.5},{"sku":"b","qty":1,"price":20}],"tags":{"channel":"web"},"note":""}`)

// dropEmail is a codec that loses a field of a nested struct when it
// encodes one: the customer's email.
func init() {
	RegisterType(reflect.TypeFor[testOrder]())
	Register(Entry{Name: "test-drop-email", Desc: "loses customer.email on encode (test only)", New: stateless(
		func(v any) ([]byte, error) {
			b, err := stdjson.Marshal(v)
			return bytes.Replace(b, []byte(`"email":"ada@example.com"`), []byte(`"email":""`), 1), err
		}, stdjson.Unmarshal)})
}

func orderInput(data []byte) *datasets.Input {
	return &datasets.Input{Name: "order", Kind: "file", Data: data, SHA256: string(data)}
}

func TestUserTargetMustHoldTheInput(t *testing.T) {
	if _, err := UserTarget(orderInput(orderJSON), testOrderName); err != nil {
		t.Errorf("the order does not fit its own type: %v", err)
	}
	for doc, want := range map[string]string{
		`{"id":"o-1","coupon":"X"}`:          `unknown field "coupon"`,
		`{"id":"o-1","lines":[{"qty":1.5}]}`: "cannot unmarshal number 1.5",
	} {
		if _, err := UserTarget(orderInput([]byte(doc)), testOrderName); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err %v, want one saying %q", doc, err, want)
		}
	}
	if _, err := UserTarget(orderInput(orderJSON), "shop.Nope"); err == nil || !strings.Contains(err.Error(), "not a decode target of this build") {
		t.Errorf("an unregistered type: err %v", err)
	}
}

// stateless is a test codec of two functions, the same for every input.
func stateless(m func(any) ([]byte, error), u func([]byte, any) error) func([]byte) (Codec, error) {
	c := funcs{m, u}
	return func([]byte) (Codec, error) { return c, nil }
}
