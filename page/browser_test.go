package page

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync"
	"testing"
	"time"
)

// browsers are the names a Chromium goes by; .ci/run installs Debian's.
var browsers = []string{"chromium", "chromium-browser", "google-chrome-stable", "google-chrome", "chrome"}

// chromium is the Chromium on PATH, "" when there is none.
func chromium() string {
	for _, b := range browsers {
		if p, err := exec.LookPath(b); err == nil {
			return p
		}
	}
	return ""
}

// runChromium runs browser headless at 1400px wide on the page at path
// with args, and returns its stdout.
func runChromium(browser, dir, path string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	args = append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
		"--user-data-dir=" + filepath.Join(dir, "profile")}, args...)
	cmd := exec.CommandContext(ctx, browser, append(args, "file://"+path)...)
	cmd.WaitDelay = 5 * time.Second // a helper process that keeps the pipes open must not hang the test
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: %w\n%s", browser, err, stderr.Bytes())
	}
	return stdout.Bytes(), nil
}

// measure is what the browser measures of the page laid out at 1400px:
// the script appended to a copy of it writes it, as JSON, into an element
// of the DOM Chromium dumps.
const measure = `<script>
const box = (e) => e ? e.getBoundingClientRect() : null;
const verdict = box(document.querySelector("section.verdict .conclusion"));
const chart = box(document.querySelector("figure"));
const m = {
  verdictTop: verdict ? verdict.top : -1,
  chartTop: chart ? chart.top : -1,
  rows: [...document.querySelectorAll("tr")].map((tr) => ({height: tr.getBoundingClientRect().height, text: tr.textContent.slice(0, 100)})),
  overflowing: [...document.querySelectorAll(".scroll")].filter((d) => d.scrollWidth > d.clientWidth + 1).map((d) => d.textContent.slice(0, 100)),
  timeCharts: document.querySelectorAll('figure[data-chart^="chart-time-rt-"] svg').length,
};
const out = document.createElement("pre");
out.id = "measured";
out.textContent = JSON.stringify(m);
document.body.appendChild(out);
</script>`

// layout is measure's JSON.
type layout struct {
	VerdictTop, ChartTop float64
	Rows                 []struct {
		Height float64
		Text   string
	}
	Overflowing []string
	TimeCharts  int
}

var measured = regexp.MustCompile(`(?s)<pre id="measured">(.*?)</pre>`)

// seen is what a reader at 1400px sees of the page of timedRun: a
// screenshot of its top 2000px and the layout measured.
type seen struct {
	shot   image.Image
	layout layout
}

// browse opens the page of timedRun in Chromium once, for every test that
// looks at it (a browser start is seconds of CPU): it takes the
// screenshot and dumps the DOM with what measure wrote into it, at the
// end of the page, below the screenshot's 2000px.
var browse = sync.OnceValues(func() (seen, error) {
	page, err := pageOf(Source{Name: "results.json", Run: timedRun()})
	if err != nil {
		return seen{}, err
	}
	dir, err := os.MkdirTemp("", "pingpong-page")
	if err != nil {
		return seen{}, err
	}
	defer os.RemoveAll(dir)
	path, shot := filepath.Join(dir, "report.html"), filepath.Join(dir, "shot.png")
	if err := os.WriteFile(path, bytes.Replace(page, []byte("</body>"), []byte(measure+"</body>"), 1), 0o644); err != nil {
		return seen{}, err
	}
	dom, err := runChromium(chromium(), dir, path, "--screenshot="+shot, "--window-size=1400,2000", "--virtual-time-budget=5000", "--dump-dom")
	if err != nil {
		return seen{}, err
	}
	var s seen
	if s.shot, err = readPNG(shot); err != nil {
		return seen{}, fmt.Errorf("the screenshot: %w", err)
	}
	if keep := os.Getenv("PINGPONG_KEEP_SCREENSHOT"); keep != "" {
		if b, err := os.ReadFile(shot); err == nil {
			os.WriteFile(keep, b, 0o644)
		}
	}
	m := measured.FindSubmatch(dom)
	if m == nil {
		return seen{}, fmt.Errorf("the measuring script wrote nothing into the DOM (%d bytes dumped)", len(dom))
	}
	if err := json.Unmarshal([]byte(html.UnescapeString(string(m[1]))), &s.layout); err != nil {
		return seen{}, fmt.Errorf("the measurements: %w\n%s", err, m[1])
	}
	return s, nil
})

// readPNG decodes the PNG file at path.
func readPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return png.Decode(f)
}

// browsed is what browse saw, for t, which skips without a Chromium and
// stops when the browser could not show the page.
func browsed(t *testing.T) seen {
	t.Helper()
	if chromium() == "" {
		t.Skip("no Chromium on PATH (looked for chromium, chromium-browser, google-chrome): .ci/run installs it with apt-get install -y chromium; skipping the browser check")
	}
	s, err := browse()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestHTMLInABrowser checks that the screenshot of the page in a headless
// Chromium shows something: a page that parses can still render blank (a
// broken style sheet, an SVG the browser rejects).
func TestHTMLInABrowser(t *testing.T) {
	t.Parallel() // browse's one Chromium serves TestHTMLLayoutAt1400px too
	colours, ink := inkOf(browsed(t).shot)
	// The charts alone bring eight line colours and the text's
	// anti-aliasing many greys; a blank or an error page has a handful.
	if colours < 50 || ink < 0.02 {
		t.Errorf("the screenshot looks blank: %d colours, %.2f%% of pixels not white", colours, 100*ink)
	}
}

// TestHTMLLayoutAt1400px checks the page as a reader at 1400px sees it:
// the verdict before the first chart, every table row one line high and
// every table within its width, and the chart over time there.
func TestHTMLLayoutAt1400px(t *testing.T) {
	t.Parallel()
	l := browsed(t).layout
	if l.VerdictTop < 0 || l.ChartTop < 0 || l.VerdictTop >= l.ChartTop {
		t.Errorf("the verdict at %.0fpx, the first chart at %.0fpx: want the verdict first", l.VerdictTop, l.ChartTop)
	}
	if len(l.Rows) < 10 {
		t.Errorf("%d table rows measured: the verdict, results and culprits tables have more", len(l.Rows))
	}
	for _, r := range l.Rows {
		if r.Height > 80 {
			t.Errorf("a table row is %.0fpx tall, over 80px: %q", r.Height, r.Text)
		}
	}
	for _, o := range l.Overflowing {
		t.Errorf("a table is wider than the page at 1400px: %q", o)
	}
	if l.TimeCharts != 2 {
		t.Errorf("%d charts over time, want one per level (2)", l.TimeCharts)
	}
}

// inkOf counts an image's distinct colours and the fraction of its pixels
// that are not white.
func inkOf(img image.Image) (colours int, ink float64) {
	seen := map[[4]uint32]bool{}
	b := img.Bounds()
	var inked int
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			seen[[4]uint32{r, g, bl, a}] = true
			if a != 0 && (r < 0xf000 || g < 0xf000 || bl < 0xf000) {
				inked++
			}
		}
	}
	return len(seen), float64(inked) / float64(b.Dx()*b.Dy())
}
