package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
)

// The docs as code: every shell command line of README.md and docs/ (in a
// fenced block, or after "$ ") runs, and does what its page shows. Lines
// run in the order of their page, in one directory per page, so that a
// file one line writes is there for the next. Pages run one after another
// within this test's one slot of -parallel: as parallel subtests they
// queued behind every other test's, and the README's, the longest, started
// last and ended the package (100 s into a 124 s suite, for 24 s). What is
// changed to keep the suite short, and what is not run, is said here, line
// kind by line kind:
//
//   - pingpong (`pingpong`, `go run ./cmd/pingpong`, `bin/pingpong`) runs
//     as the binary TestMain built, with short windows: -duration 50ms,
//     -warmup 0s, -count 1; where the line names none, -levels 1, -until 0,
//     -impls std,baseline and -input github (59kB, where the default is
//     citm-catalog's 1.76MB): the line's flags and files are what is
//     tested, not the codecs or the document. A generated shape or a
//     growth of megabytes (-input long-string:16MB, grow:twitter:4MB) runs
//     at a sixteenth of its size, since each pair's round trip, however
//     short the window, is the work of the document. A subcommand's line
//     runs as written.
//   - go build: -o goes into the page's directory (a later line's
//     bin/pingpong is that build); a GOEXPERIMENT is dropped, since the
//     jsonv2 standard library is a minute and a half of compiling
//     (TestBenchSchedulingGoexperimentJSONv2 builds it).
//   - go test -bench: with -benchtime 1x and -run '^$'; it must run a
//     benchmark, not print only "ok".
//   - skipped, with the reason in skipReason: go test ./... (this suite),
//     go install and go get (the module proxy), bench_scheduling.sh
//     (builds of other versions and checkouts; TestReadmeScriptLinesRun
//     runs the README's), benchstat and bencher (tools this module does
//     not have), and a line that reads a file no line before it makes.
//
// A line exits 0 unless its page shows an error line after it (a "$ "
// line followed by "pingpong: ..."); then it must exit 2 with that very
// line on stderr.
func TestDocsCommandsRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every documented command")
	}
	t.Parallel()
	pages, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	pages = append([]string{"../../README.md"}, pages...)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	ran, skipped := 0, 0
	for _, page := range pages {
		lines := docCommands(readFile(t, page))
		if len(lines) == 0 {
			continue
		}
		t.Run(filepath.Base(page), func(t *testing.T) {
			dir := t.TempDir() // a page's lines share its directory, pages share nothing
			for _, l := range lines {
				where := fmt.Sprintf("%s:%d: %s", filepath.Base(page), l.at, l.text)
				if why := skipReason(l.text, dir); why != "" {
					t.Logf("skipped %s: %s", where, why)
					skipped++
					continue
				}
				ran++
				start := time.Now()
				runDocLine(t, where, l, dir, root)
				t.Logf("ran %s in %s", where, time.Since(start).Round(10*time.Millisecond))
			}
		})
	}
	t.Logf("ran %d documented command lines, skipped %d", ran, skipped)
	if ran < 10 {
		t.Errorf("ran %d documented command lines: the docs moved, or their commands are no longer found", ran)
	}
}

// docLine is a command line of a page, and the error line the page shows
// it printing, if any.
type docLine struct {
	at        int // line number in the page
	text      string
	errorLine string
}

var (
	fenceLine = regexp.MustCompile("^\\s*```(\\S*)")
	// commandWord starts a shell command line in a fence: the env
	// assignments before it, then a command pingpong's docs run.
	commandWord = regexp.MustCompile(`^(?:[A-Z_]+=\S+ )*(?:go|pingpong|\./pingpong|bin/pingpong|\./bench_scheduling\.sh|benchstat|bencher)(?: |$)`)
	errorLine   = regexp.MustCompile(`^(pingpong|pingpong \w+|bench_scheduling\.sh): `)
)

// docCommands are a page's command lines: in fences of no language (or a
// shell's), a line that starts with a command, or any line after "$ ",
// whose following lines up to the next "$ " are its output.
func docCommands(page string) []docLine {
	var out []docLine
	inFence, shell, last := false, false, -1
	for i, l := range strings.Split(page, "\n") {
		if m := fenceLine.FindStringSubmatch(l); m != nil {
			if !inFence {
				shell = slices.Contains([]string{"", "sh", "bash", "shell", "console"}, m[1])
			}
			inFence, last = !inFence, -1
			continue
		}
		if !inFence || !shell {
			continue
		}
		switch text := strings.TrimSpace(l); {
		case strings.HasPrefix(text, "$ "):
			out = append(out, docLine{at: i + 1, text: strings.TrimPrefix(text, "$ ")})
			last = len(out) - 1
		case last >= 0:
			if out[last].errorLine == "" && errorLine.MatchString(text) {
				out[last].errorLine = text
			}
		case commandWord.MatchString(text):
			out = append(out, docLine{at: i + 1, text: text})
		}
	}
	return out
}

// skipReason says why a command line cannot run here, "" when it can.
func skipReason(line, dir string) string {
	for _, seg := range strings.Split(line, "&&") {
		_, args := shellWords(seg)
		if len(args) == 0 {
			return "no command"
		}
		switch {
		case args[0] == "./bench_scheduling.sh":
			return "bench_scheduling.sh builds pingpong with other versions or checkouts (module proxy, a checkout of your own); TestReadmeScriptLinesRun runs the README's"
		case args[0] == "benchstat" || args[0] == "bencher":
			return args[0] + " is a tool of its own, not in this module"
		case len(args) > 1 && args[0] == "go" && (args[1] == "install" || args[1] == "get"):
			return "go " + args[1] + " needs the module proxy"
		case len(args) > 1 && args[0] == "go" && args[1] == "test" && !slices.Contains(args, "-bench"):
			return "the test suite itself"
		}
		if pp, ok := pingpongArgs(args); ok {
			if missing := missingFile(pp, dir); missing != "" {
				return missing + " is read, and no line before it makes it"
			}
			if missing := missingGrown(pp, dir); missing != "" {
				return missing + " is grown (-input grow:FILE:SIZE), and no line before it makes it"
			}
		}
	}
	return ""
}

// pingpongArgs are a pingpong command's arguments, when args is one.
func pingpongArgs(args []string) ([]string, bool) {
	switch {
	case slices.Contains([]string{"pingpong", "./pingpong", "bin/pingpong"}, args[0]):
		return args[1:], true
	case len(args) > 2 && args[0] == "go" && args[1] == "run" && args[2] == "./cmd/pingpong":
		return args[3:], true
	}
	return nil, false
}

// missingFile is the first results file a subcommand's line reads that
// is not in dir, "" when there is none.
func missingFile(args []string, dir string) string {
	c := commands[0]
	for _, sub := range commands[1:] {
		if len(args) > 0 && args[0] == sub.name {
			c, args = sub, args[1:]
		}
	}
	if c.name == "" {
		return ""
	}
	fs := flag.NewFlagSet(c.prog(), flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	c.flags(fs)
	if fs.Parse(args) != nil {
		return ""
	}
	for _, a := range fs.Args() {
		if _, err := os.Stat(filepath.Join(dir, a)); err != nil {
			return a
		}
	}
	return ""
}

// missingGrown is the first file a measuring run's -input grows
// (grow:SOURCE:SIZE, SOURCE a path) that is not in dir, "" when there is
// none.
func missingGrown(args []string, dir string) string {
	for i, a := range args {
		v, ok := strings.CutPrefix(a, "-input=")
		if !ok && a == "-input" && i+1 < len(args) {
			v, ok = args[i+1], true
		}
		if !ok {
			continue
		}
		for _, in := range strings.Split(v, ",") {
			rest, grown := strings.CutPrefix(in, "grow:")
			j := strings.LastIndex(rest, ":")
			if !grown || j < 0 || !strings.HasSuffix(rest[:j], ".json") {
				continue
			}
			if _, err := os.Stat(filepath.Join(dir, rest[:j])); err != nil {
				return rest[:j]
			}
		}
	}
	return ""
}

// shortWindows are the flags whose values a documented line's window takes
// here.
var shortWindows = map[string]string{"duration": "50ms", "warmup": "0s", "count": "1"}

// shortened is a measuring run's arguments with short windows and smaller
// shapes (smallerShapes), and -levels and -impls when the line names none;
// a subcommand's are as written.
func shortened(args []string) []string {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		return args
	}
	var out []string
	given := map[string]bool{}
	for i := 0; i < len(args); i++ {
		name, value, hasValue := strings.Cut(strings.TrimLeft(args[i], "-"), "=")
		given[name] = true
		short, window := shortWindows[name]
		if !strings.HasPrefix(args[i], "-") || !window && name != "input" {
			out = append(out, args[i])
			continue
		}
		if !hasValue && i+1 < len(args) {
			i++
			value = args[i]
		}
		if !window {
			short = smallerShapes(value)
		}
		out = append(out, "-"+name+"="+short)
	}
	for name, short := range shortWindows {
		if !given[name] {
			out = append(out, "-"+name+"="+short)
		}
	}
	if !given["levels"] {
		out = append(out, "-levels=1")
	}
	if !given["until"] { // measuring until sure would outlast the short window
		out = append(out, "-until=0")
	}
	if !given["impls"] {
		out = append(out, "-impls=std,baseline")
	}
	if !given["input"] {
		out = append(out, "-input=github")
	}
	return out
}

// megabytes is an input of a size in megabytes: a generated shape
// (long-string:16MB) or a growth (grow:twitter:4MB, grow:orders.json:1MB).
var megabytes = regexp.MustCompile(`^((?:grow:.+)|[a-z-]+):([0-9]+)MB$`)

// smallerShapes is an -input list with each generated shape and each
// growth of megabytes at a sixteenth of its size (long-string:16MB is
// long-string:1024KB, grow:twitter:4MB is grow:twitter:256KB; growing
// shrinks a larger source), in kilobytes, so that sizes stay apart;
// files, corpora and ranges (grow:orders.json:1MB..64MB) as written.
func smallerShapes(inputs string) string {
	items := strings.Split(inputs, ",")
	for i, in := range items {
		m := megabytes.FindStringSubmatch(in)
		grown := m != nil && strings.HasPrefix(m[1], "grow:")
		if m == nil || !grown && !slices.ContainsFunc(datasets.Shapes(), func(s datasets.Shape) bool { return s.Name == m[1] }) {
			continue
		}
		mb, err := strconv.Atoi(m[2])
		if err != nil {
			continue
		}
		items[i] = fmt.Sprintf("%s:%dKB", m[1], mb*1024/16)
	}
	return strings.Join(items, ",")
}

// benchmarkLine is a result line of go test -bench.
var benchmarkLine = regexp.MustCompile(`(?m)^Benchmark\S+\s+\d+`)

// runDocLine runs one command line, each "&&" part in turn, as the doc
// says, from dir (go's own commands from the module's root), and fails t
// when it does otherwise.
func runDocLine(t *testing.T, where string, l docLine, dir, root string) {
	t.Helper()
	built := "" // what a go build of this line made
	for _, seg := range strings.Split(l.text, "&&") {
		env, args := shellWords(seg)
		var cmd *exec.Cmd
		benchmark := false
		if pp, ok := pingpongArgs(args); ok {
			bin := binary
			if args[0] == "bin/pingpong" || args[0] == "./pingpong" {
				bin = built
				if bin == "" {
					t.Errorf("%s: %s: no go build before it made it", where, args[0])
					return
				}
			}
			cmd = testCommand(t, bin, shortened(pp)...)
			cmd.Dir = dir
		} else {
			switch args[1] {
			case "build":
				env = slices.DeleteFunc(env, func(e string) bool { return strings.HasPrefix(e, "GOEXPERIMENT=") })
				for i := range args {
					if args[i] == "-o" && i+1 < len(args) {
						out := args[i+1]
						args[i+1] = filepath.Join(dir, out) + strings.Repeat("/", len(out)-len(strings.TrimRight(out, "/")))
						built = filepath.Join(dir, out)
						if strings.HasSuffix(out, "/") {
							built = filepath.Join(built, "pingpong")
						}
					}
				}
			case "test":
				benchmark = true
				args = append([]string{"go", "test", "-run", "^$", "-benchtime", "1x"}, args[2:]...)
			}
			cmd = testCommand(t, args[0], args[1:]...)
			cmd.Dir = root
		}
		cmd.Env = append(os.Environ(), env...)
		stdout, stderr, code := runCmd(t, cmd)
		first, _, _ := strings.Cut(stderr, "\n")
		switch {
		case l.errorLine != "":
			if code != 2 || first != l.errorLine {
				t.Errorf("%s: exit %d, stderr:\n%s\nthe page shows exit 2 and:\n%s", where, code, stderr, l.errorLine)
			}
			return
		case code != 0:
			t.Errorf("%s: exit %d (the page shows none)\nstderr:\n%s", where, code, stderr)
			return
		case benchmark && !benchmarkLine.MatchString(stdout):
			t.Errorf("%s: ran no benchmark:\n%s", where, stdout)
		}
	}
}

// shellWords splits a command line as sh would, enough for the docs: the
// environment assignments before the command, then its words, quotes
// removed, a trailing # comment dropped.
func shellWords(line string) (env, args []string) {
	var words []string
	var w strings.Builder
	inWord, quote := false, rune(0)
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			w.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == '#' && !inWord:
			return splitEnv(words)
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		default:
			w.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return splitEnv(words)
}

var envWord = regexp.MustCompile(`^[A-Z_][A-Z0-9_]*=`)

func splitEnv(words []string) (env, args []string) {
	for len(words) > 0 && envWord.MatchString(words[0]) {
		env, words = append(env, words[0]), words[1:]
	}
	return env, words
}

// The figures the README and the prose of docs/compare-and-ci.md quote
// are those of the tables they come from, in docs/compare-and-ci.md.
func TestDocsFiguresMatchTheirTables(t *testing.T) {
	table := readFile(t, "../../docs/compare-and-ci.md")
	factors := tableRow(t, table, "std alone, slower by")
	found, gated := tableRow(t, table, "compare calls std regressed"), tableRow(t, table, "the gate exits 1")
	at := func(row []string, factor string) string {
		if i := slices.Index(factors, factor); i >= 0 && i < len(row) {
			return row[i]
		}
		t.Fatalf("no column %s in the table of a codec made slower (%q)", factor, factors)
		return ""
	}
	if at(found, "x2") != at(gated, "x2") {
		t.Errorf("at x2 compare found %s and the gate %s: the prose quotes one figure for both", at(found, "x2"), at(gated, "x2"))
	}
	slower := fmt.Sprintf("5x slower %%s called regressed in %s runs and %%s the gate in %s, 2x slower in %s", at(found, "x5"), at(gated, "x5"), at(found, "x2"))
	aa, before := tableRow(t, table, "this rule"), tableRow(t, table, "the rule before (each figure at 0.05, baseline judged)")
	for _, c := range []struct{ page, says string }{
		{"../../README.md", fmt.Sprintf(slower, "was", "failed")},
		{"../../docs/compare-and-ci.md", fmt.Sprintf(slower, "is", "fails")},
		{"../../README.md", fmt.Sprintf("showed no change in %s runs and the gate `p99>+10%%,rt/s<-5%%,stw.p99>+50%%` passed %s (before this rule: %s and %s)",
			aa[0], aa[1], strings.TrimSuffix(before[0], " of 20"), before[1])},
	} {
		if text := strings.Join(strings.Fields(strings.ReplaceAll(readFile(t, c.page), "**", "")), " "); !strings.Contains(text, c.says) {
			t.Errorf("%s does not say %q, as the table has it", c.page, c.says)
		}
	}
}

// tableRow is the cells after the first of the Markdown table row whose
// first cell is label, bold marks removed.
func tableRow(t *testing.T, page, label string) []string {
	t.Helper()
	for _, l := range strings.Split(page, "\n") {
		cells := strings.Split(strings.Trim(strings.TrimSpace(l), "|"), "|")
		if strings.TrimSpace(cells[0]) != label {
			continue
		}
		var out []string
		for _, c := range cells[1:] {
			out = append(out, strings.Trim(strings.TrimSpace(c), "*"))
		}
		return out
	}
	t.Fatalf("no table row %q", label)
	return nil
}

func TestSmallerShapes(t *testing.T) {
	for in, want := range map[string]string{
		"attachment:1MB,attachment:4MB,attachment:16MB": "attachment:64KB,attachment:256KB,attachment:1024KB",
		"long-string:32MB":                "long-string:2048KB",
		"long-string:10XB":                "long-string:10XB", // an error line's, as written
		"grow:twitter:1MB,citm-catalog":   "grow:twitter:64KB,citm-catalog",
		"grow:orders.json:4MB":            "grow:orders.json:256KB",
		"grow:orders.json:1MB..64MB":      "grow:orders.json:1MB..64MB", // a range, as written
		"nosuchshape:16MB,deep-nesting:5": "nosuchshape:16MB,deep-nesting:5",
	} {
		if got := smallerShapes(in); got != want {
			t.Errorf("smallerShapes(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestShortened(t *testing.T) {
	got := shortened([]string{"-input", "attachment:16MB,citm-catalog", "-duration", "2s", "-levels=N", "-impls", "std,sonic", "-json", "x.json"})
	want := []string{"-input=attachment:1024KB,citm-catalog", "-duration=50ms", "-levels=N", "-impls", "std,sonic", "-json", "x.json"}
	if !slices.Equal(got[:len(want)], want) {
		t.Errorf("shortened: %q, want it to start %q", got, want)
	}
	slices.Sort(got)
	for _, added := range []string{"-warmup=0s", "-count=1", "-until=0"} {
		if _, found := slices.BinarySearch(got, added); !found {
			t.Errorf("shortened: %q, want %s added", got, added)
		}
	}
	if slices.Contains(got, "-input=github") {
		t.Errorf("shortened: %q, want no -input added to a line that names one", got)
	}
	if got := shortened([]string{"-count", "5", "-json", "new.json"}); !slices.Contains(got, "-input=github") || !slices.Contains(got, "-impls=std,baseline") {
		t.Errorf("shortened: %q, want -input=github and -impls=std,baseline added to a line that names neither", got)
	}
	if sub := []string{"report", "-html", "x.html", "run.json"}; !slices.Equal(shortened(sub), sub) {
		t.Errorf("a subcommand's line changed: %q", shortened(sub))
	}
}
