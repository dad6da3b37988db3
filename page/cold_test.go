package page

import (
	"bytes"
	"strings"
	"testing"

	nethtml "golang.org/x/net/html"

	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// The cold page: one chart, a bar for each codec's first and steady
// decode and encode (and after its warm-up), titled with its figures; the
// console; nothing fetched.
func TestColdHTML(t *testing.T) {
	sample := resultstest.ColdSample
	run := &results.ColdRun{Input: results.InputInfo{Name: "citm-catalog"}, Codecs: []results.ColdCodec{
		{Name: "std", Samples: []results.ColdSample{sample(15, 13), sample(16, 13)}},
		{Name: "sonic", WarmUp: "sonic.Pretouch", Samples: []results.ColdSample{sample(9.8, 1.9), sample(12, 2)},
			Warmed: []results.ColdSample{sample(0.2, 1.9)}},
		{Name: "broken", Samples: []results.ColdSample{{Err: "worker died"}}},
	}}
	var b bytes.Buffer
	if err := WriteColdHTML(&b, run, "answer: <sonic>"); err != nil {
		t.Fatal(err)
	}
	doc, err := nethtml.Parse(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	var titles []string
	var walk func(n *nethtml.Node)
	walk = func(n *nethtml.Node) {
		if n.Type == nethtml.ElementNode {
			count[n.Data]++
			if n.Data == "title" && n.Parent != nil && n.Parent.Data == "rect" {
				titles = append(titles, n.FirstChild.Data)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	// std 4 bars, sonic 6 (its warm-up's too), broken none
	if count["svg"] != 1 || count["rect"] != 10 || count["script"] != 0 {
		t.Errorf("elements %v", count)
	}
	if !strings.Contains(strings.Join(titles, "\n"), "sonic first decode after warm-up: 200us (200us-200us)") {
		t.Errorf("bar titles:\n%s", strings.Join(titles, "\n"))
	}
	if !strings.Contains(b.String(), "answer: &lt;sonic&gt;") || strings.Contains(b.String(), "http") {
		t.Errorf("the console is not escaped, or the page points outside:\n%s", b.String())
	}
}
