package datasets

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"
)

// MaxSchemaTypes bounds schema:N. About 3000 structs took sonic minutes
// to Pretouch (bytedance/sonic#703); past 5000 a cold run is a wait of
// its own.
const MaxSchemaTypes = 5000

// schema:N is a document of records of N distinct struct types, made at
// run time with reflect.StructOf, for the cost of a codec's first call per
// type: sonic's JIT and goccy's opcode compiler work type by type. Type i
// holds 4 to 10 fields of the kinds services carry (ids, names, times,
// amounts, flags, tag lists, label maps, a null note) and the types 3i+1
// to 3i+3 below it, as an object or a list of one, so the family nests
// like a service's request (about log3(N) levels deep) and the document
// holds each type once: about 250 bytes a type. The family depends on N
// alone, the values on the seed; -target struct decodes into it
// (TargetType("schema:N")).
//
// A type made by StructOf has no name and lives outside the binary's
// type section; goccy indexes its cache of compiled types by their place
// in that section and keeps those outside in a map, so its figures on
// this family can differ from those on compiled types.

// schemaField is a field kind of the vocabulary: its JSON name and Go
// type.
type schemaField struct {
	name string
	t    reflect.Type
}

var (
	tString  = reflect.TypeFor[string]()
	schemaID = schemaField{"id", reflect.TypeFor[int64]()}
	// schemaVocabulary is what a type draws its fields from.
	schemaVocabulary = []schemaField{
		{"name", tString}, {"email", tString}, {"status", tString}, {"created_at", tString}, {"updated_at", tString},
		{"amount", reflect.TypeFor[float64]()}, {"currency", tString}, {"quantity", reflect.TypeFor[int64]()},
		{"active", reflect.TypeFor[bool]()}, {"tags", reflect.TypeFor[[]string]()}, {"note", reflect.TypeFor[*string]()},
		{"score", reflect.TypeFor[float64]()}, {"version", reflect.TypeFor[int64]()}, {"url", tString},
		{"description", tString}, {"labels", reflect.TypeFor[map[string]string]()}, {"country", tString},
		{"phone", tString}, {"priority", reflect.TypeFor[int64]()}, {"verified", reflect.TypeFor[bool]()},
		{"code", tString}, {"parent_id", reflect.TypeFor[int64]()},
	}
	// schemaNouns name the nested records' fields.
	schemaNouns = []string{"customer", "address", "order", "item", "payment", "shipment", "invoice", "account", "profile",
		"product", "price", "discount", "refund", "review", "seller", "warehouse", "carrier", "coupon", "session", "device"}
)

var schemaFamilies sync.Map // N -> reflect.Type, the family's root

// SchemaType is the root type of schema:n's struct family (n from 1 to
// MaxSchemaTypes).
func SchemaType(n int) reflect.Type {
	if t, ok := schemaFamilies.Load(n); ok {
		return t.(reflect.Type)
	}
	t, _ := schemaFamilies.LoadOrStore(n, buildSchema(n))
	return t.(reflect.Type)
}

// buildSchema makes the n types, the deepest first, and returns the root.
func buildSchema(n int) reflect.Type {
	types := make([]reflect.Type, n)
	for i := n - 1; i >= 0; i-- {
		r := rand.New(rand.NewPCG(uint64(i), uint64(n)))
		// The id's tag names the type: two types that drew the same fields
		// stay two types, as two named types of a service would be.
		fields := []reflect.StructField{{Name: "F0", Type: schemaID.t, Tag: reflect.StructTag(`json:"id" schema:"T` + strconv.Itoa(i) + `"`)}}
		for _, k := range r.Perm(len(schemaVocabulary))[:4+r.IntN(7)] {
			f := schemaVocabulary[k]
			fields = append(fields, reflect.StructField{Name: "F" + strconv.Itoa(len(fields)), Type: f.t, Tag: jsonTag(f.name)})
		}
		for c := 3*i + 1; c <= 3*i+3 && c < n; c++ {
			name, t := schemaNoun(c), types[c]
			if c%2 == 0 {
				name, t = name+"s", reflect.SliceOf(t)
			}
			fields = append(fields, reflect.StructField{Name: "F" + strconv.Itoa(len(fields)), Type: t, Tag: jsonTag(name)})
		}
		types[i] = reflect.StructOf(fields)
	}
	return types[0]
}

func jsonTag(name string) reflect.StructTag { return reflect.StructTag(`json:"` + name + `"`) }

// schemaNoun is type c's field name in its parent: a noun, numbered past
// the first round of nouns ("customer", ..., "customer_2").
func schemaNoun(c int) string {
	if k := c / len(schemaNouns); k > 0 {
		return schemaNouns[c%len(schemaNouns)] + "_" + strconv.Itoa(k+1)
	}
	return schemaNouns[c%len(schemaNouns)]
}

// genSchema is schema:n's document: the family's root filled with values
// drawn from r, encoded by encoding/json, so that the type fits it.
func genSchema(r *rand.Rand, n int) []byte {
	v := reflect.New(SchemaType(n)).Elem()
	fillSchema(r, v)
	b, err := json.Marshal(v.Interface())
	if err != nil {
		panic("datasets: encoding schema:" + strconv.Itoa(n) + ": " + err.Error()) // the types are ours
	}
	return b
}

var schemaEpoch = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

// fillSchema fills v with values like a service's: a list holds one record.
func fillSchema(r *rand.Rand, v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
			fillField(r, name, v.Field(i))
		}
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fillSchema(r, v.Index(0))
	}
}

func fillField(r *rand.Rand, name string, v reflect.Value) {
	switch {
	case strings.HasSuffix(name, "_at"):
		v.SetString(schemaEpoch.Add(time.Duration(r.IntN(365*24*3600)) * time.Second).Format(time.RFC3339))
	case name == "email":
		v.SetString(fmt.Sprintf("%s.%d@example.com", pick(r, proseWords[:]), r.IntN(1000)))
	case name == "url":
		v.SetString(fmt.Sprintf("https://example.com/%s/%d", pick(r, proseWords[:]), r.IntN(1e6)))
	case name == "currency":
		v.SetString([]string{"EUR", "USD", "GBP", "JPY"}[r.IntN(4)])
	case name == "status":
		v.SetString([]string{"active", "pending", "shipped", "cancelled"}[r.IntN(4)])
	}
	switch v.Kind() {
	case reflect.String:
		if v.String() == "" {
			v.SetString(sentence(r, 1+r.IntN(6)))
		}
	case reflect.Int64:
		v.SetInt(r.Int64N(1e9))
	case reflect.Float64:
		v.SetFloat(float64(r.IntN(1e6)) / 100) // cents: exact through a round trip
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 1)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		for range 1 + r.IntN(3) {
			m.SetMapIndex(reflect.ValueOf(pick(r, proseWords[:])), reflect.ValueOf(pick(r, proseWords[:])))
		}
		v.Set(m)
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.String {
			s := make([]string, 1+r.IntN(4))
			for i := range s {
				s[i] = pick(r, proseWords[:])
			}
			v.Set(reflect.ValueOf(s))
			return
		}
		fillSchema(r, v)
	case reflect.Struct:
		fillSchema(r, v)
	} // a *string note stays null
}

// sentence is k words of the corpora's vocabulary.
func sentence(r *rand.Rand, k int) string {
	var b strings.Builder
	for i := range k {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(pick(r, proseWords[:]))
	}
	return b.String()
}

// schemaSpec reads "schema:N" as N, 0 when name is not one.
func schemaSpec(name string) int {
	arg, ok := strings.CutPrefix(name, "schema:")
	if !ok {
		return 0
	}
	n, err := strconv.Atoi(arg)
	if err != nil || n < 1 || n > MaxSchemaTypes {
		return 0
	}
	return n
}

// TypeName is how a header names t: its Go name, or for schema:N's
// family, which has none (its literal would run for pages), what it is.
func TypeName(t reflect.Type) string {
	if t.Name() == "" && t.Kind() == reflect.Struct {
		if _, ok := t.FieldByName("F0"); ok {
			if tag := t.Field(0).Tag.Get("schema"); tag == "T0" {
				return "schema's generated struct family"
			}
		}
	}
	return t.String()
}
