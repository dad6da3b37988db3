package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/pingpong-bench/pingpong/internal/outfile"
	"github.com/pingpong-bench/pingpong/page"
	"github.com/pingpong-bench/pingpong/report"
	"github.com/pingpong-bench/pingpong/results"
)

// writeCharts writes -html and -png for the run that just ended. The run
// goes by the name of its -json file, so that `pingpong report` of that
// file renders the very same page.
func (o *outputs) writeCharts(run *results.Run) []error {
	return writeReport(o.html, o.png, []page.Source{{Name: o.json, Run: run}})
}

// writeReport writes the page to htmlPath and the charts into pngDir,
// each when named, returning every failure.
func writeReport(htmlPath, pngDir string, srcs []page.Source) []error {
	var errs []error
	if htmlPath != "" {
		if err := outfile.Write(htmlPath, func(w io.Writer) error { return page.WriteHTML(w, srcs, pageConsole) }); err != nil {
			errs = append(errs, fmt.Errorf("-html: %w", err))
		}
	}
	if pngDir != "" {
		err := os.MkdirAll(pngDir, 0o755)
		if err == nil {
			_, err = page.WritePNGDir(pngDir, srcs)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("-png: %w", err))
		}
	}
	return errs
}

// pageConsole is the console report the page holds: every figure, the -v
// lines too.
func pageConsole(w io.Writer, run *results.Run) error {
	return report.WriteConsole(w, run, report.ConsoleOptions{Verbose: true})
}

// reportCommand is `pingpong report [-html FILE] [-png DIR] RESULTS.json...`:
// with neither, the console report of each file on stdout, as its run
// printed it; exit 2 for bad flags or a file that cannot be read or is not
// a pingpong/v1 results file, 1 when an output cannot be written.
var reportCommand = command{
	name:     "report",
	synopsis: "[-v] [-html FILE] [-png DIR] RESULTS.json...",
	summary:  "saved results read back: the console report, or the HTML page",
	usage: `Reads -json result files back. With neither -html nor -png, prints each
file's console report, as its run printed it (-v: every figure). -html
renders them as the page -html writes at the end of a run: charts, tables
and the console report. Several files (two versions of a library, runs at
several GOMAXPROCS) go on one page; the charts draw throughput against
GOMAXPROCS when the files have more than one.
`,
	flags: func(fs *flag.FlagSet) func(args []string, stdout, stderr io.Writer) error {
		var out outputs
		var verbose bool
		fs.StringVar(&out.html, "html", "", "write the page to `FILE`")
		fs.StringVar(&out.png, "png", "", "write the charts as PNG files into `DIR`")
		fs.BoolVar(&verbose, "v", false, "with neither -html nor -png: print every figure, as a run's -v does")
		return func(args []string, stdout, _ io.Writer) error {
			return renderReport(&out, args, stdout, report.ConsoleOptions{Verbose: verbose})
		}
	},
}

func renderReport(out *outputs, paths []string, stdout io.Writer, opts report.ConsoleOptions) error {
	if len(paths) == 0 {
		return usagef("no results file: give one or more -json files")
	}
	for _, path := range paths {
		if out.html != "" && sameFile(path, out.html) {
			return usagef("-html %s: is one of the results files", out.html)
		}
	}
	if err := out.check(); err != nil {
		return err
	}
	var srcs []page.Source
	for _, path := range paths {
		run, err := readResults(path)
		if err != nil {
			return err
		}
		srcs = append(srcs, page.Source{Name: path, Run: run})
	}
	if out.html == "" && out.png == "" {
		return printConsoles(stdout, srcs, opts)
	}
	return errors.Join(writeReport(out.html, out.png, srcs)...)
}

// printConsoles prints each run's console report, a file's name above
// its report when there are several.
func printConsoles(w io.Writer, srcs []page.Source, opts report.ConsoleOptions) error {
	for i, src := range srcs {
		if len(srcs) > 1 {
			if i > 0 {
				fmt.Fprintln(w)
			}
			fmt.Fprintf(w, "== %s\n", src.Name)
		}
		if err := report.WriteConsole(w, src.Run, opts); err != nil {
			return fmt.Errorf("writing the console report of %s: %w", src.Name, err)
		}
	}
	return nil
}

func sameFile(a, b string) bool {
	if fa, err := os.Stat(a); err == nil {
		if fb, err := os.Stat(b); err == nil {
			return os.SameFile(fa, fb)
		}
	}
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}
