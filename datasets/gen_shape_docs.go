package datasets

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// genDeep nests d containers, arrays at odd levels and objects at even ones,
// each holding only the next: [{"a":[{"a":1}]}] is deep:4. Only the
// nesting varies, so it isolates the cost of descending (and, in recursive
// decoders, of the stack).
func genDeep(_ *rand.Rand, d int) []byte {
	arrays, objects := (d+1)/2, d/2
	b := make([]byte, 0, 2*arrays+len(`{"a":}`)*objects+1)
	for level := 1; level <= d; level++ {
		if level%2 == 1 {
			b = append(b, '[')
		} else {
			b = append(b, `{"a":`...)
		}
	}
	b = append(b, '1')
	for level := d; level >= 1; level-- {
		if level%2 == 1 {
			b = append(b, ']')
		} else {
			b = append(b, '}')
		}
	}
	return b
}

func genTiny(*rand.Rand, int) []byte { return []byte(`{"test":1}`) }

// smallDocSize is small-doc's exact size: the last field's text takes up
// whatever the random parts leave, so runs with different seeds move the
// same number of bytes.
const smallDocSize = 1000

var (
	smallDocNames  = []string{"Ada Lovelace", "Grace Hopper", "Alan Turing", "Barbara Liskov", "Ken Thompson", "Frances Allen", "Edsger Dijkstra", "Margaret Hamilton"}
	smallDocCities = []string{"London", "Paris", "Zürich", "New York", "Tokyo", "São Paulo", "Berlin", "Nairobi"}
	smallDocItems  = []string{"espresso beans", "paper filters", "ceramic mug", "milk frother", "grinder burr set", "descaler", "travel flask", "cleaning brush"}
	smallDocTags   = []string{"priority", "gift", "eu", "wholesale", "repeat-customer", "fragile", "express"}
)

// genSmallDoc is a CouchDB-style order document like the original's
// small-document cases: _id and _rev, a nested customer with an address, a
// list of line items, tags, and a free-text description last.
func genSmallDoc(r *rand.Rand, _ int) []byte {
	w := newWriter(style{colon: ":"}, smallDocSize)
	w.obj()
	w.kstr("_id", randString(r, lowerHex, 32))
	w.kstr("_rev", itoa(int64(between(r, 1, 9)))+"-"+randString(r, lowerHex, 32))
	w.kstr("type", "order")
	w.kint("schema", 3)
	w.kstr("created_at", fmt.Sprintf("2024-%02d-%02dT%02d:%02d:%02dZ", between(r, 1, 12), between(r, 1, 28), r.IntN(24), r.IntN(60), r.IntN(60)))
	w.key("customer")
	w.obj()
	w.kint("id", digits(r, 6))
	name := pick(r, smallDocNames)
	w.kstr("name", name)
	w.kstr("email", randString(r, lowerNum, between(r, 5, 10))+"@example.com")
	w.key("address")
	w.obj()
	w.kstr("street", itoa(int64(between(r, 1, 250)))+" "+pick(r, proseWords[:])+" Street")
	w.kstr("city", pick(r, smallDocCities))
	w.kstr("zip", randString(r, "0123456789", 5))
	w.endObj()
	w.endObj()
	w.key("items")
	w.arr()
	total := 0.0
	for range between(r, 2, 4) {
		qty := between(r, 1, 5)
		price := math.Round(r.Float64()*5000) / 100
		total += float64(qty) * price
		w.obj()
		w.kstr("sku", "SKU-"+randString(r, "0123456789", 6))
		w.kstr("name", pick(r, smallDocItems))
		w.kint("qty", int64(qty))
		w.key("price")
		w.float(price)
		w.endObj()
	}
	w.endArr()
	w.key("tags")
	w.arr()
	for range between(r, 1, 3) {
		w.str(pick(r, smallDocTags))
	}
	w.endArr()
	w.key("total")
	w.float(math.Round(total*100) / 100)
	w.kbool("paid", chance(r, 0.7))
	w.knull("shipped_at")
	w.key("description")
	// The rest of the document is well under smallDocSize (a test checks
	// it over many seeds), so n is never negative.
	n := smallDocSize - len(w.b) - len(`""}`)
	text := make([]byte, n)
	for pos := 0; pos < n; {
		pos += copy(text[pos:], pick(r, proseWords[:]))
		if pos < n {
			text[pos] = ' '
			pos++
		}
	}
	w.strb(text)
	w.endObj()
	return w.b
}
