package main

import (
	"flag"
	"io"
	"regexp"
	"strings"
	"testing"
)

// placeholder is what -h may print after a flag's name: a word in
// capitals (FILE, DIR, N, NAME=BINARY), an example list (1,2,4), or the
// flag package's own type names; never "value", which it prints for a
// flag.Value given no `NAME` in its usage, and never a phrase.
var placeholder = regexp.MustCompile(`^([A-Z][A-Z0-9_]*(=[A-Z]+)?|[0-9a-zA-Z]+(,[0-9a-zA-Z]+)+|string|int|duration|float)$`)

// Every flag of every command names what it takes in one placeholder, and
// no backquote of its usage is left for the flag package to take as one.
func TestHelpPlaceholders(t *testing.T) {
	for _, c := range commands {
		fs := flag.NewFlagSet(c.prog(), flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		c.flags(fs)
		fs.VisitAll(func(f *flag.Flag) {
			name, usage := flag.UnquoteUsage(f)
			if name != "" && !placeholder.MatchString(name) {
				t.Errorf("%s -h: -%s %s: want a placeholder like FILE", c.prog(), f.Name, name)
			}
			if strings.Contains(usage, "`") {
				t.Errorf("%s -h: -%s: a backquote is left in %q", c.prog(), f.Name, usage)
			}
		})
	}
}

// -h asked for is the output: usage on stdout, exit 0, so that
// `pingpong -h | less` shows it; a bad flag is an error: one line on
// stderr, exit 2. For the measuring run and every subcommand.
func TestHelpGoesToStdout(t *testing.T) {
	t.Parallel()
	for _, c := range commands {
		args := strings.Fields(c.name)
		stdout, stderr, code := runBinary(t, append(args, "-h")...)
		if code != 0 || stderr != "" || !strings.HasPrefix(stdout, "usage: "+c.prog()) {
			t.Errorf("%s -h: exit %d, stderr %q, stdout starts %.40q; want 0, usage on stdout", c.prog(), code, stderr, stdout)
		}
		stdout, stderr, code = runBinary(t, append(args, "-no-such-flag")...)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "-no-such-flag") {
			t.Errorf("%s -no-such-flag: exit %d, stdout %q, stderr %q; want 2 and one line on stderr", c.prog(), code, stdout, stderr)
		}
	}
}

// No line of any command's -h is helpWidth columns or more (a tab taken
// to the next multiple of 8): the flag package prints a usage on one
// line, and some ran to 450 characters.
func TestHelpLinesFit(t *testing.T) {
	for _, c := range commands {
		fs := flag.NewFlagSet(c.prog(), flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		c.flags(fs)
		var out strings.Builder
		c.printUsage(fs, &out)
		for i, l := range strings.Split(out.String(), "\n") {
			if n := columns(l); n >= helpWidth {
				t.Errorf("%s -h, line %d: %d columns, want under %d: %q", c.prog(), i+1, n, helpWidth, l)
			}
		}
	}
}

// -procs 0, the default, is told in -h.
func TestHelpTellsProcsZero(t *testing.T) {
	fs := flag.NewFlagSet("pingpong", flag.ContinueOnError)
	measureFlags(fs)
	if _, usage := flag.UnquoteUsage(fs.Lookup("procs")); !strings.Contains(usage, "0 is automatic") {
		t.Errorf("-procs usage %q does not tell 0", usage)
	}
}
