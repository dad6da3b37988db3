package page

import (
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// browsers are the names a Chromium goes by; .ci/run installs Debian's.
var browsers = []string{"chromium", "chromium-browser", "google-chrome-stable", "google-chrome", "chrome"}

// TestHTMLInABrowser loads the page in a headless Chromium and checks the
// screenshot shows something: a page that parses can still render blank
// (a broken style sheet, an SVG the browser rejects).
func TestHTMLInABrowser(t *testing.T) {
	var browser string
	for _, b := range browsers {
		if p, err := exec.LookPath(b); err == nil {
			browser = p
			break
		}
	}
	if browser == "" {
		t.Skip("no Chromium on PATH (looked for chromium, chromium-browser, google-chrome): .ci/run installs it with apt-get install -y chromium; skipping the browser check")
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	if err := os.WriteFile(page, renderHTML(t, Source{Name: "results.json", Run: responsiveRun()}), 0o644); err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(dir, "shot.png")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
		"--user-data-dir="+filepath.Join(dir, "profile"), "--screenshot="+shot, "--window-size=1200,2000", "file://"+page)
	cmd.WaitDelay = 5 * time.Second // a helper process that keeps the pipes open must not hang the test
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", browser, err, out)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatalf("no screenshot: %v\n%s", err, out)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	colours, ink := inkOf(img)
	// The charts alone bring eight line colours and the text's
	// anti-aliasing many greys; a blank or an error page has a handful.
	if colours < 50 || ink < 0.02 {
		t.Errorf("the screenshot looks blank: %d colours, %.2f%% of pixels not white", colours, 100*ink)
	}
	if keep := os.Getenv("PINGPONG_KEEP_SCREENSHOT"); keep != "" {
		if b, err := os.ReadFile(shot); err == nil {
			os.WriteFile(keep, b, 0o644)
		}
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
