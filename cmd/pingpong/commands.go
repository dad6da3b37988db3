package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

// A command is pingpong's measuring run or one of its subcommands: its
// flags, and what runs once they are parsed. Each is in a file of its own.
type command struct {
	name     string // as typed after pingpong; "" for the measuring run
	synopsis string // its arguments, on its line of `pingpong -h`
	summary  string // what it does, on that line
	usage    string // its own -h, before its flags
	// flags declares the command's flags on fs and returns what runs the
	// command with the arguments left after them.
	flags func(fs *flag.FlagSet) func(args []string, stdout, stderr io.Writer) error
}

// commands are pingpong's commands, the measuring run first.
var commands = []command{measureCommand, compareCommand, reportCommand, mergeCommand, rerunCommand, selfCheckCommand, coldCommand}

// run runs the command args name (the measuring run when they name none)
// and returns its exit status.
func run(args []string, stdout, stderr io.Writer) int {
	c := commands[0]
	if len(args) > 0 && args[0] != "" && args[0][0] == '-' {
		args = listJSONArgs(args)
	}
	if len(args) > 0 {
		for _, sub := range commands[1:] {
			if args[0] == sub.name {
				c, args = sub, args[1:]
				break
			}
		}
	}
	return exitCode(c.run(args, stdout, stderr), c.prog(), stderr)
}

func (c command) prog() string { return strings.TrimSpace("pingpong " + c.name) }

func (c command) run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet(c.prog(), flag.ContinueOnError)
	fs.SetOutput(io.Discard) // flag prints its error plus the whole usage; we want one line
	runCmd := c.flags(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			// -h asked for: the usage is the output, on stdout, so that
			// pingpong -h | less shows it.
			c.printUsage(fs, stdout)
			return nil
		}
		return usageError{err}
	}
	if err := flagAfterArguments(fs, c); err != nil {
		return err
	}
	return runCmd(fs.Args(), stdout, stderr)
}

// flagAfterArguments refuses a flag of c given after its arguments, which
// the flag package leaves among them (it stops at the first argument):
// `compare old.json new.json -fail EXPR` would otherwise read as four
// files.
func flagAfterArguments(fs *flag.FlagSet, c command) error {
	for _, a := range fs.Args() {
		if a == "--" {
			return nil
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && name != "" && fs.Lookup(name) != nil {
			return usagef("flag %s after the arguments: flags go first (%s %s)", a, c.prog(), c.synopsis)
		}
	}
	return nil
}

// printUsage is a command's -h: its synopsis (the measuring run's lists
// every subcommand), what it does, and its flags.
func (c command) printUsage(fs *flag.FlagSet, w io.Writer) {
	fmt.Fprintf(w, "usage: %s %s\n", c.prog(), c.synopsis)
	if c.name == "" {
		width := 0
		for _, sub := range commands[1:] {
			width = max(width, len(sub.prog()+" "+sub.synopsis))
		}
		for _, sub := range commands[1:] {
			fmt.Fprintf(w, "       %-*s  %s\n", width, sub.prog()+" "+sub.synopsis, sub.summary)
		}
	}
	fmt.Fprintf(w, "\n%s", c.usage)
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		fmt.Fprint(w, "\nflags:\n")
		var defaults strings.Builder
		fs.SetOutput(&defaults)
		fs.PrintDefaults()
		fs.SetOutput(w)
		for _, l := range strings.SplitAfter(defaults.String(), "\n") {
			fmt.Fprint(w, wrapHelp(l))
		}
	}
}

// helpWidth bounds a line of -h, with a tab taken as 8 columns: the
// flag package prints each usage on one line, some of them 450
// characters long.
const helpWidth = 160

// wrapHelp is a line of the flag package's defaults wrapped at spaces to
// under helpWidth columns, each continuation indented as the line is
// (under its flag, "    \t").
func wrapHelp(line string) string {
	text := strings.TrimRight(line, "\n")
	if columns(text) < helpWidth {
		return line
	}
	body := strings.TrimLeft(text, " \t")
	indent := text[:len(text)-len(body)]
	var out strings.Builder
	cur := indent
	for _, word := range strings.Fields(body) {
		if cur != indent && columns(cur+" "+word) >= helpWidth {
			out.WriteString(cur + "\n")
			cur = indent
		}
		if cur != indent {
			cur += " "
		}
		cur += word
	}
	out.WriteString(cur + line[len(text):])
	return out.String()
}

// columns is how many columns s takes, a tab moving to the next multiple
// of 8.
func columns(s string) int {
	n := 0
	for _, r := range s {
		if r == '\t' {
			n += 8 - n%8
		} else {
			n++
		}
	}
	return n
}

// exitCode is the exit status for a command's error, which it prints as
// one line on stderr: 0 for none (and for -h); 2 for a usage error, before
// anything was measured or written; 128 plus the signal (130 for SIGINT)
// after an interrupt, once what was measured is printed and written; 1
// for a run in which scenarios ended in error, also once every output is
// written, and for any other failure.
func exitCode(err error, prog string, stderr io.Writer) int {
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return 0
	}
	fmt.Fprintf(stderr, "%s: %v\n", prog, err)
	var ue usageError
	var se signalError
	switch {
	case errors.As(err, &ue):
		return 2
	case errors.As(err, &se):
		return 128 + int(se.sig)
	default: // failedScenarios, an output that could not be written, ...
		return 1
	}
}

// usageError is bad input from the user: flags, arguments, input files.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// signalError is the cause a run was cut short by.
type signalError struct {
	sig   syscall.Signal
	early bool // before any scenario was measured: nothing to print or write
}

func (e signalError) Error() string {
	if e.early {
		return fmt.Sprintf("interrupted by %s before any scenario was measured: no report, no file written", signalName(e.sig))
	}
	return fmt.Sprintf("interrupted by %s: results so far are printed above", signalName(e.sig))
}

// signalName is a signal as a user sends it (SIGINT), where its String is
// a description ("interrupt").
func signalName(sig syscall.Signal) string {
	switch sig {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return fmt.Sprintf("signal %d (%v)", int(sig), sig)
}

// interrupted is the signal that cancelled ctx, if one did.
func interrupted(ctx context.Context) (signalError, bool) {
	var se signalError
	return se, errors.As(context.Cause(ctx), &se)
}

// notifyContext is cancelled, with the signal as cause, on the first SIGINT
// or SIGTERM; the current window is cut short and what was measured is
// still reported. After the first, signals get their default action again,
// so a second Ctrl-C kills at once.
func notifyContext() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			signal.Stop(ch)
			cancel(signalError{sig: s.(syscall.Signal)})
		case <-done:
		}
	}()
	return ctx, func() { close(done); signal.Stop(ch); cancel(nil) }
}
