// Package page draws runs as the HTML page (-html, pingpong report) and
// its charts, which -png writes as files of their own.
package page

import (
	"bytes"
	_ "embed"
	"encoding/base64"
	"fmt"
	"html"
	"html/template"
	"io"
	"regexp"
	"slices"
	"strings"
	"time"

	"codeberg.org/go-fonts/liberation/liberationsansregular"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/verdict"
)

// WriteHTML writes the report on srcs as one self-contained page: charts
// as inline SVG, the charts' font embedded once, CSS inline, no script and
// nothing fetched from the network. Beside the charts: each run's
// environment and config, its results and comparison tables, and its
// console report as console prints it. With two sources, `pingpong compare`
// of them too. The page depends on nothing but srcs and console, so the page
// rendered from saved results is byte for byte the page of the run that
// saved them.
func WriteHTML(w io.Writer, srcs []Source, console Console) error {
	pg, err := buildPage(srcs, console)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, pg); err != nil {
		return fmt.Errorf("rendering the page: %w", err)
	}
	_, err = w.Write(b.Bytes())
	return err
}

// Console writes a run's console report as the page holds it: every
// figure, the -v lines too. The caller gives it (report.WriteConsole with
// Verbose), so that the page, one of the two renderers, does not import
// the other.
type Console func(w io.Writer, run *results.Run) error

type page struct {
	Title    string
	Font     template.CSS
	Sources  []pageSource
	Sections []pageSection
	Compare  string
	Many     bool // several sources: each is named
}

type pageSource struct {
	ID, Label, Name string
	Facts           [][2]string
	Inputs          []inputRow
	Codecs          []codecRow
	Results         []resultRow
	Comparisons     []verdict.LevelRanking
	Verdicts        []verdictView
	Culprits        []culpritRow
	Console         string
	// AnswerHead and Answer are the block that closes the console, its
	// head and its lines (a wrapped line joined back): the page opens
	// with it.
	AnswerHead string
	Answer     []string
}

// answerOf is the answer block that ends a console report: the last
// unindented line that begins with "answer:", and the lines under it,
// each line the console wrapped joined back; "" and nil when the console
// has none (a probe pass).
func answerOf(console string) (head string, lines []string) {
	all := strings.Split(strings.TrimRight(console, "\n"), "\n")
	at := -1
	for i, l := range all {
		if strings.HasPrefix(l, "answer:") {
			at = i
		}
	}
	if at < 0 {
		return "", nil
	}
	for _, l := range all[at+1:] {
		switch {
		case strings.HasPrefix(l, "      ") && len(lines) > 0: // a wrapped line goes on
			lines[len(lines)-1] += " " + strings.TrimSpace(l)
		case strings.HasPrefix(l, "  "):
			lines = append(lines, strings.TrimSpace(l))
		default:
			return strings.TrimSuffix(all[at], ":"), lines
		}
	}
	return strings.TrimSuffix(all[at], ":"), lines
}

// verdictView is one level's verdict as the page shows it: the console's
// table as HTML cells, its conclusion and its sentences.
type verdictView struct {
	Title string
	Head  []string
	Rows  [][]verdictCell
	// Conclusions are the level's conclusion lines: "stands out" or "no
	// codec", and "cannot tell" when the verdict could not tell a codec.
	Conclusions []string
	StandsOut   bool // the first conclusion names a codec
	Caveat      string
	Sentences   []string
}

// verdictCell is a cell of a verdict's table: figures align right, and a
// culprit, which can be long, is cut to its column with the whole on hover.
type verdictCell struct {
	Text     string
	Num, Cut bool
}

type pageSection struct {
	ID, Title string
	Charts    []pageChart
}

type pageChart struct {
	ID, Title, Desc string
	Series          []string
	SVG             template.HTML
}

func buildPage(srcs []Source, console Console) (*page, error) {
	if len(srcs) == 0 {
		return nil, fmt.Errorf("no results to report")
	}
	srcs = bySource(byTestbed(srcs))
	names := sourceNames(srcs)
	pg := &page{
		Title: "pingpong report",
		Font:  template.CSS(`@font-face{font-family:"Liberation Sans";src:url(data:font/ttf;base64,` + base64.StdEncoding.EncodeToString(liberationsansregular.TTF) + `) format("truetype");}`),
		Many:  len(srcs) > 1,
	}
	for i, s := range srcs {
		ps, err := sourceOf(s, names[i], console)
		if err != nil {
			return nil, err
		}
		ps.ID = fmt.Sprintf("run-%d", i+1)
		pg.Sources = append(pg.Sources, ps)
	}
	if len(srcs) == 2 {
		var b strings.Builder
		if err := writeComparison(&b, names[0], names[1], srcs[0].Run, srcs[1].Run); err != nil {
			return nil, err
		}
		pg.Compare = b.String()
	}
	for _, ch := range buildCharts(srcs) {
		svg, err := ch.svg()
		if err != nil {
			return nil, err
		}
		pc := pageChart{ID: "chart-" + ch.ID, Title: ch.Title, Desc: ch.Desc, SVG: inlineSVG(svg, ch)}
		for _, s := range ch.Series {
			pc.Series = append(pc.Series, s.Name)
		}
		title := sectionTitle(ch)
		if n := len(pg.Sections); n == 0 || pg.Sections[n-1].Title != title {
			pg.Sections = append(pg.Sections, pageSection{ID: "charts-" + slugOf(title), Title: title})
		}
		sec := &pg.Sections[len(pg.Sections)-1]
		sec.Charts = append(sec.Charts, pc)
	}
	return pg, nil
}

// sectionTitle groups a page's charts: what follows the title's colon,
// the input, target and GOMAXPROCS they are about.
func sectionTitle(ch chartData) string {
	if _, after, ok := strings.Cut(ch.Title, ": "); ok {
		return after
	}
	return ch.Title
}

// inlineSVG makes gonum's SVG document an element of the page: no XML
// prolog, no namespace URLs (HTML puts <svg> in its namespace itself), and
// a role and label for screen readers.
func inlineSVG(svg []byte, ch chartData) template.HTML {
	s := string(svg)
	if i := strings.Index(s, "<svg"); i >= 0 {
		s = s[i:]
	}
	s = svgNamespaces.ReplaceAllString(s, "")
	label := ch.Title + ". " + ch.Desc
	s = strings.Replace(s, "<svg ", `<svg role="img" aria-label="`+html.EscapeString(label)+`" `, 1)
	return template.HTML(s) // gonum escapes the text it draws
}

func sourceOf(s Source, label string, console Console) (pageSource, error) {
	run := s.Run
	e, c := run.Env, run.Config
	ps := pageSource{Label: label, Name: s.Name}
	for _, in := range run.Inputs {
		ps.Inputs = append(ps.Inputs, inputRowOf(in))
	}
	for _, im := range run.Codecs {
		ps.Codecs = append(ps.Codecs, codecRowOf(im))
	}
	levels := make([]string, len(c.Levels))
	for i, l := range c.Levels {
		levels[i] = fmt.Sprintf("%s (%d pairs)", l.Spec, l.Pairs)
	}
	ps.Facts = [][2]string{
		{"Go", e.GoVersion + " " + e.GOOS + "/" + e.GOARCH},
		{"CPU", fmt.Sprintf("%s, %d cores, %s memory", e.CPUName(), e.Cores, e.Memory())},
		{"GOMAXPROCS", fmt.Sprintf("%d (source: %s)", e.GOMAXPROCS, e.ProcsSource)},
		{"GOGC, GOMEMLIMIT", e.GOGC + ", " + e.GOMEMLIMIT},
	}
	ps.Facts = append(ps.Facts, notesFacts(run.Codecs)...)
	ps.Facts = append(ps.Facts, [][2]string{
		{"codecs", strings.Join(c.Codecs, ", ")},
		{"levels", strings.Join(levels, ", ")},
		{"mode", orDefault(c.Mode, results.RunEncdec)},
		{"targets", orDefault(strings.Join(c.Targets, ", "), results.TargetAny)},
		{"window", fmt.Sprintf("%v after %v warmup, %d repeat(s)", c.Duration, c.Warmup, c.Repeats())},
		{"probe", probeFact(c.Probe, run.Idle)},
		{"seed", fmt.Sprint(c.Seed)},
	}...)
	if c.FreshMemory {
		ps.Facts = append(ps.Facts, [2]string{"memory", "fresh: the heap returned to the OS after each round trip (-fresh-memory)"})
	}
	var text bytes.Buffer
	if err := console(&text, run); err != nil {
		return ps, fmt.Errorf("the console report of %s: %w", label, err)
	}
	ps.Console = text.String()
	ps.AnswerHead, ps.Answer = answerOf(ps.Console)
	cells := cellsOf([]Source{s})
	suffixes := map[results.Key]string{}
	if c.Repeats() > 1 {
		for _, g := range results.GroupRepeats(run) {
			if g.Runs > 0 {
				suffixes[g.Median.Key()] = strings.TrimSpace(g.Suffix())
			}
		}
	}
	var rs []results.Result
	for _, cl := range cells {
		ps.Results = append(ps.Results, rowOf(run, cl.res, suffixes[cl.res.Key()]))
		if cr, ok := culpritOf(cl.res); ok {
			ps.Culprits = append(ps.Culprits, cr)
		}
		rs = append(rs, cl.res)
	}
	ps.Comparisons = verdict.LevelRankings(c, rs)
	for _, v := range verdict.Of(run) {
		ps.Verdicts = append(ps.Verdicts, verdictOf(v, len(run.Inputs) > 1))
	}
	return ps, nil
}

// notesFacts are the codecs' notes (what each said of itself on that
// machine, "native JIT"), a fact per codec that has any.
func notesFacts(infos []results.CodecInfo) [][2]string {
	var out [][2]string
	for _, im := range infos {
		fact := [2]string{im.Label(), strings.Join(im.Notes, ", ")}
		if len(im.Notes) > 0 && !slices.Contains(out, fact) {
			out = append(out, fact)
		}
	}
	return out
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func probeFact(probe time.Duration, idle *results.Result) string {
	if probe <= 0 {
		return "off"
	}
	s := fmt.Sprintf("time.Sleep(%v) overshoot", probe)
	if idle != nil && idle.N > 0 {
		l := idle.Latency
		s += fmt.Sprintf("; idle floor p50=%s p99=%s max=%s", format.Duration(l.P50), format.Duration(l.P99), format.Duration(l.Max))
	}
	return s
}

// verdictOf lays v out for the page; withInput names the input in its
// title, for a run of several.
func verdictOf(v verdict.Level, withInput bool) verdictView {
	// The page has room for -v's sentences: why each other codec does not
	// stand out.
	vv := verdictView{Title: v.Label, Conclusions: v.Conclusions(), Sentences: append(v.Sentences(), v.Reasons()...), StandsOut: v.StandsOut(),
		Caveat: v.Caveat()}
	if withInput {
		vv.Title = v.Input + ", " + v.Label
	}
	table := v.Table()
	vv.Head = table[0]
	for _, line := range table[1:] {
		row := make([]verdictCell, len(line))
		for i, text := range line {
			h := vv.Head[i]
			row[i] = verdictCell{Text: text, Num: i > 0 && (strings.HasPrefix(h, "stw.") || strings.HasPrefix(h, ">") || h == "stops" || h == "waiting" || h == "late"), Cut: h == "culprit"}
		}
		vv.Rows = append(vv.Rows, row)
	}
	return vv
}

// pageHTML is the page's template, CSS included: kept as a file of its own
// so that it reads (and diffs) as HTML.
//
//go:embed html.tmpl
var pageHTML string

var svgNamespaces = regexp.MustCompile(`\s+xmlns(:xlink)?="[^"]*"`)

var pageTemplate = template.Must(template.New("page").Parse(pageHTML))
