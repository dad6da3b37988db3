package main

import (
	"bytes"
	"fmt"
	"go/version"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// goRun runs the go command in dir with env added to the environment and
// returns its stdout; on failure the error is a *goFailure with its stderr.
func goRun(dir string, env []string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	// A version that needs a newer Go is reported, not answered with a
	// toolchain download, unless the user asked for one (GOTOOLCHAIN, as
	// the report's hint says).
	cmd.Env = os.Environ()
	if os.Getenv("GOTOOLCHAIN") == "" {
		cmd.Env = append(cmd.Env, "GOTOOLCHAIN=local")
	}
	cmd.Env = append(cmd.Env, env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.String(), &goFailure{args: args, stderr: stderr.String(), err: err}
	}
	return stdout.String(), nil
}

// goFailure is a go command that failed, with what it said.
type goFailure struct {
	args   []string
	stderr string
	err    error
}

func (f *goFailure) Error() string {
	return fmt.Sprintf("go %s: %v: %s", strings.Join(f.args, " "), f.err, verdict(f.stderr))
}

// stderrOf is what a failed go command said, "" for another error.
func stderrOf(err error) string {
	if f, ok := err.(*goFailure); ok {
		return f.stderr
	}
	return err.Error()
}

// progress are the go command's lines about its own work, never its verdict.
var progress = regexp.MustCompile(`^go: (finding|downloading|found|added|upgraded|downgraded|extracting) `)

// verdict is a failed go command's verdict in one line: its first "go: "
// line that is not progress, else its last non-empty line, without "go: ".
func verdict(stderr string) string {
	lines := nonEmpty(stderr)
	for _, l := range lines {
		if strings.HasPrefix(l, "go: ") && !progress.MatchString(l) {
			return strings.TrimPrefix(l, "go: ")
		}
	}
	if len(lines) == 0 {
		return "no output"
	}
	return strings.TrimPrefix(lines[len(lines)-1], "go: ")
}

func nonEmpty(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

var requiresGo = regexp.MustCompile(`requires go >= ?([0-9][0-9.a-z]*)`)

// needsGo is the Go version a failed go command asked for, if that was its
// complaint.
func needsGo(stderr string) string {
	if m := requiresGo.FindStringSubmatch(stderr); m != nil {
		return m[1]
	}
	return ""
}

var notServed = regexp.MustCompile(`(?i)unknown revision|invalid version|no matching versions|not found|not available|410 Gone|404 Not Found|403 Forbidden|malformed module path`)

// explain is a failed go command of the second build in one line: a Go
// too old, a version the proxy does not serve, or go's own verdict.
func explain(what string, err error) error {
	stderr := stderrOf(err)
	if need := needsGo(stderr); need != "" {
		return newerGo(what, need)
	}
	if notServed.MatchString(stderr) {
		return fmt.Errorf("%s is not served by the module proxy (%s): check the module path and version (go list -m -versions MODULE)", what, goEnv("GOPROXY"))
	}
	return fmt.Errorf("%s failed: %s", what, verdict(stderr))
}

// newerGo says that what needs Go need, newer than this machine's.
func newerGo(what, need string) error {
	return fmt.Errorf("%s needs Go %s, this machine has %s: install a newer Go, or pick an older version", what, need, goVersion())
}

var goLine = regexp.MustCompile(`(?m)^go[ \t]+([0-9][0-9.a-z]*)[ \t\r]*(?://.*)?$`)

// checkoutNeedsGo is the Go version a checkout's go.mod asks for when it
// is newer than this machine's, which no build of it can have, else "".
func checkoutNeedsGo(dir string) string {
	b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return "" // the build tells what is wrong with it
	}
	m := goLine.FindSubmatch(b)
	if m == nil {
		return ""
	}
	need, have := "go"+string(m[1]), goVersion()
	if !version.IsValid(need) || !version.IsValid(have) || version.Compare(need, have) <= 0 {
		return ""
	}
	return string(m[1])
}

// partFailure is a failed go command about one part (what it did), in one
// line: the user's input is what is wrong, so it is a usage error.
func (p *part) failure(what string, err error) error {
	stderr := stderrOf(err)
	if need := needsGo(stderr); need != "" {
		return p.errorf("%s needs Go %s, this machine has %s", what, need, goVersion())
	}
	line := verdict(stderr)
	// go repeats the module@version the line is about; the spec said it.
	line = strings.TrimPrefix(line, p.mod+"@"+p.ver+": ")
	line = strings.TrimPrefix(line, "module "+p.mod+": ")
	return p.errorf("%s: %s", what, line)
}

func goVersion() string { return goEnv("GOVERSION") }

func goEnv(name string) string {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(out))
}

// compileError is the first error of a failed build: the package it is
// in (from go's "# PKG" heading), where, and what, with the indented
// detail lines (have ..., want ...) joined in.
type compileError struct {
	pkg, file string
	line      int
	at        string // "LINE:COL", as go gives it
	msg       string
}

var errorLine = regexp.MustCompile(`^(.+?\.go):(\d+(?::\d+)?): (.*)$`)

// firstCompileError finds the first compiler error in a go build's stderr;
// file is made absolute against dir, where the build ran.
func firstCompileError(stderr, dir string) (compileError, bool) {
	lines := strings.Split(stderr, "\n")
	pkg := ""
	for i, l := range lines {
		if rest, ok := strings.CutPrefix(l, "# "); ok {
			pkg = rest
			continue
		}
		m := errorLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		e := compileError{pkg: pkg, file: m[1], at: m[2], msg: m[3]}
		line, _, _ := strings.Cut(m[2], ":")
		e.line, _ = strconv.Atoi(line)
		if !filepath.IsAbs(e.file) {
			e.file = filepath.Join(dir, e.file)
		}
		var detail []string
		for _, d := range lines[i+1:] {
			if !strings.HasPrefix(d, "\t") {
				break
			}
			detail = append(detail, strings.TrimSpace(d))
		}
		if len(detail) > 0 {
			e.msg += "; " + strings.Join(detail, "; ")
		}
		e.file = filepath.Clean(e.file)
		return e, true
	}
	return compileError{}, false
}
