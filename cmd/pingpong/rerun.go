package main

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/internal/machine"
	"github.com/pingpong-bench/pingpong/results"
)

// rerunCommand is `pingpong rerun RESULTS.json`: the measurement of a
// results file again, on this machine and build, written to a new file
// that compare reads against the old one. Exit 2 for a file that cannot
// be rerun (an input that is gone or changed, standard input, a file of
// several testbeds); otherwise as the measuring run.
var rerunCommand = command{
	name:     "rerun",
	synopsis: "[-json FILE] [outputs] RESULTS.json",
	summary:  "run a results file's measurement again, to compare against it",
	usage: "Runs the measurement RESULTS.json holds again: its codecs, levels, inputs, durations, probes,\n" +
		"sweeps and repeats. Built-in inputs and shapes are made again from the seed; a file input must\n" +
		"still have the sha256 it had. Before measuring it says what differs from the original: the\n" +
		"testbed, the Go version, the codecs' versions. The new run goes to RESULTS.rerun.json unless\n" +
		"-json names another file: pingpong compare RESULTS.json RESULTS.rerun.json then compares them.\n",
	flags: func(fs *flag.FlagSet) func(args []string, stdout, stderr io.Writer) error {
		var out outputs
		out.flags(fs)
		return func(args []string, stdout, stderr io.Writer) error {
			if len(args) != 1 {
				return usagef("want one results file to rerun; got %d arguments", len(args))
			}
			var given []string // the output flags, passed on as they were given
			fs.Visit(func(f *flag.Flag) { given = append(given, "-"+f.Name+"="+f.Value.String()) })
			if out.json == "" {
				out.json = strings.TrimSuffix(args[0], ".json") + ".rerun.json"
				given = append(given, "-json="+out.json)
			}
			return rerun(args[0], given, out.toStdout(), stdout, stderr)
		}
	},
}

func rerun(path string, outputArgs []string, toStdout bool, stdout, stderr io.Writer) error {
	old, err := readResults(path)
	if err != nil {
		return err
	}
	args, err := rerunArgs(path, old)
	if err != nil {
		return err
	}
	said := stdout
	if toStdout {
		said = stderr
	}
	if _, err := io.WriteString(said, rerunDifferences(path, old)); err != nil {
		return err
	}
	// The measuring run's own flags, parsed as the measuring run parses
	// them, so that a rerun checks and runs exactly as a run typed out.
	fs := flag.NewFlagSet("pingpong", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	measureRun := measureFlags(fs)
	if err := fs.Parse(append(args, outputArgs...)); err != nil {
		return usagef("%s: its settings are not flags this pingpong takes: %w", path, err)
	}
	return measureRun(fs.Args(), stdout, stderr)
}

// rerunArgs are the measuring run's flags that repeat old's measurement:
// every setting its config recorded, and its inputs once they are checked
// to be the same documents. Where a run's files went (-trace, -hlog) is
// left out: a rerun must not write over the original's.
func rerunArgs(path string, old *results.Run) ([]string, error) {
	if names := old.TestbedNames(); len(names) > 0 {
		return nil, usagef("%s: merged from %d testbeds (%s): rerun one testbed's own file", path, len(names), strings.Join(names, ", "))
	}
	c := old.Config
	inputs, err := rerunInputs(path, old)
	if err != nil {
		return nil, err
	}
	levels := make([]string, len(c.Levels))
	for i, l := range c.Levels {
		levels[i] = l.Spec
	}
	d := func(name string, v time.Duration) string { return "-" + name + "=" + v.String() }
	args := []string{"-input=" + inputs, "-impls=" + strings.Join(c.Codecs, ","), "-levels=" + strings.Join(levels, ","),
		d("duration", c.Duration), d("warmup", c.Warmup), d("slice", c.Slice), d("until", c.Until), d("probe", c.Probe), d("stw", c.STW), d("interval", c.Interval),
		"-seed=" + strconv.FormatInt(c.Seed, 10), "-count=" + strconv.Itoa(c.Repeats()), "-mode=" + cmp.Or(c.Mode, results.RunEncdec),
		"-isolate=" + strconv.FormatBool(c.Isolate), "-culprits=" + strconv.FormatBool(c.Culprits)}
	if c.Stall > 0 {
		args = append(args, d("stall", c.Stall))
	}
	if c.FrozenBar > 0 {
		args = append(args, "-frozen-bar="+format.Points(c.FrozenBar))
	}
	if c.LongStop > 0 {
		args = append(args, d("long-stop", c.LongStop))
	}
	if c.Budget > 0 {
		args = append(args, d("budget", c.Budget))
	}
	if len(c.Targets) > 0 {
		args = append(args, "-target="+strings.Join(c.Targets, ","))
	}
	if c.Rate > 0 {
		rate := strconv.FormatFloat(c.Rate, 'g', -1, 64)
		if c.RateTotal {
			rate += "/s"
		}
		args = append(args, "-rate="+rate)
	}
	if len(c.Batches) > 0 {
		args = append(args, "-batch="+joinInts(c.Batches))
	}
	if c.FreshMemory {
		args = append(args, "-fresh-memory")
	}
	switch {
	case len(c.Procs) > 0:
		args = append(args, "-procs="+joinInts(c.Procs))
	case old.Env.ProcsSource == "-procs flag":
		args = append(args, "-procs="+strconv.Itoa(old.Env.GOMAXPROCS))
	}
	if len(c.GOGC) > 0 {
		args = append(args, "-gogc="+strings.Join(c.GOGC, ","))
	}
	if len(c.MemLimit) > 0 {
		args = append(args, "-memlimit="+strings.Join(c.MemLimit, ","))
	}
	for _, b := range c.Builds {
		args = append(args, "-build="+b.Name+"="+b.Binary)
	}
	return args, nil
}

// inputFile is where a file input of the results file at path is read
// again: its recorded path when absolute; else, as the run was made in the
// directory the results file was written to (or the file moved with its
// input), that path beside the results file, then the file's name beside
// it, then the path from the current directory; the first that holds the
// document the run measured, else the first that exists, else the
// recorded path. (A grown document's source never holds the document
// measured, which was grown from it: the first that exists.)
func inputFile(path string, in results.InputInfo) string {
	if filepath.IsAbs(in.Path) {
		return in.Path
	}
	dir := filepath.Dir(path)
	candidates := []string{filepath.Join(dir, in.Path), filepath.Join(dir, filepath.Base(in.Path)), in.Path}
	first := ""
	for _, c := range candidates {
		sum, err := fileSHA256(c)
		if err != nil {
			continue
		}
		if sum == in.SHA256 {
			return c
		}
		if first == "" {
			first = c
		}
	}
	if first != "" {
		return first
	}
	return in.Path
}

// fileSHA256 is the hex sha256 of the file at path.
func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// rerunInputs is -input for old's inputs, each checked to be the document
// it was: a built-in or a shape made again from the seed, a file read
// again, each with the sha256 the original recorded.
func rerunInputs(path string, old *results.Run) (string, error) {
	var names []string
	for _, in := range old.Inputs {
		name := in.Name
		switch in.Kind {
		case "stdin":
			return "", usagef("%s: input %s was read from standard input, which cannot be read again: run it from a file", path, in.Name)
		case "file", "data-dir":
			name = inputFile(path, in)
		case "grown file", "grown data-dir": // grow:SOURCE:SIZE, its source found as a file input is
			name = "grow:" + inputFile(path, in) + name[strings.LastIndexByte(name, ':'):]
		}
		if strings.Contains(name, ",") {
			return "", usagef("%s: input %s: its path %q has a comma, which -input takes as a list", path, in.Name, name)
		}
		now, err := datasets.Load(name, old.Config.Seed)
		if err != nil {
			return "", usagef("%s: input %s cannot be loaded again: %w", path, in.Name, err)
		}
		if now.SHA256 != in.SHA256 {
			return "", usagef("%s: input %s (%s) no longer matches: sha256 %.12s now, %.12s when measured", path, in.Name, name, now.SHA256, in.SHA256)
		}
		names = append(names, name)
	}
	if len(names) == 0 {
		return "", usagef("%s: no input recorded: nothing to rerun", path)
	}
	return strings.Join(names, ","), nil
}

// rerunDifferences says, before anything is measured, how this rerun
// differs from the original: the testbed (the Go version with it) and the
// codecs' versions. The testbed's GOMAXPROCS source is the original's,
// since only the run settles its own.
func rerunDifferences(path string, old *results.Run) string {
	var b strings.Builder
	fmt.Fprintf(&b, "pingpong rerun of %s\n", path)
	then := old.Env.Testbed()
	env := machine.ReadEnvironment(old.Env.ProcsSource)
	env.GOMAXPROCS = runtime.GOMAXPROCS(0)
	if old.Env.ProcsSource == "-procs flag" {
		env.GOMAXPROCS = old.Env.GOMAXPROCS
	}
	now := env.Testbed()
	if diff := then.Differences(now); len(diff) > 0 {
		fmt.Fprintf(&b, "  testbed differs: %s\n", strings.Join(diff, "; "))
		fmt.Fprintf(&b, "  (compare --across-testbeds shows the two runs side by side; compare judges only one testbed against itself)\n")
	} else {
		fmt.Fprintf(&b, "  testbed: the same, %s\n", now.Name())
	}
	if old.Env.GoVersion != runtime.Version() {
		fmt.Fprintf(&b, "  Go: %s then, %s now\n", old.Env.GoVersion, runtime.Version())
	}
	if len(old.Config.Builds) == 0 {
		var changed []string
		seen := map[string]bool{}
		for _, im := range old.Codecs {
			cur, err := codecs.LookupAll([]string{im.Name})
			if seen[im.Name] || err != nil {
				continue
			}
			seen[im.Name] = true
			if v := cur[0].Version(); v != im.Version {
				changed = append(changed, fmt.Sprintf("%s %s -> %s", im.Name, im.Version, v))
			}
		}
		if len(changed) > 0 {
			slices.Sort(changed)
			fmt.Fprintf(&b, "  codec versions differ: %s\n", strings.Join(changed, ", "))
		} else {
			fmt.Fprintf(&b, "  codec versions: the same\n")
		}
	}
	return b.String()
}

func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}
