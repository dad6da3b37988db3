package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/pingpong-bench/pingpong/internal/outfile"
	"github.com/pingpong-bench/pingpong/report"
	"github.com/pingpong-bench/pingpong/results"
)

// outputs are the result files a run writes after it ends: -json, -bench,
// -csv, -hgrm, -html and -png.
type outputs struct {
	json, bench, csv, hgrm string
	html, png              string
	// Continuous-benchmarking files (report/tracked.go): Bencher Metric
	// Format, and github-action-benchmark's two custom formats.
	bmf, gab, gabBigger string
}

func (o *outputs) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.json, "json", "", "write every figure, the environment and each scenario's HDR histogram to `FILE` (schema pingpong/v1; - for stdout)")
	fs.StringVar(&o.bench, "bench", "", "write the Go benchmark format, for benchstat, to `FILE` (- for stdout)")
	fs.StringVar(&o.csv, "csv", "", "write one row per scenario to `FILE` (- for stdout)")
	fs.StringVar(&o.hgrm, "hgrm", "", "write an HdrHistogram percentile distribution (.hgrm) per scenario into `DIR`")
	fs.StringVar(&o.html, "html", "", "write a self-contained HTML page with charts, tables and the console report to `FILE`")
	fs.StringVar(&o.png, "png", "", "write the HTML page's charts as PNG files into `DIR`")
	fs.StringVar(&o.bmf, "bmf", "", "write Bencher Metric Format JSON (what bencher run --adapter json reads) to `FILE` (- for stdout)")
	fs.StringVar(&o.gab, "gab", "", "write github-action-benchmark customSmallerIsBetter JSON (latency, stops, waiting, allocations) to `FILE` (- for stdout)")
	fs.StringVar(&o.gabBigger, "gab-bigger", "", "write github-action-benchmark customBiggerIsBetter JSON (round trips/s) to `FILE` (- for stdout)")
}

// toStdout: one of -json, -bench and -csv is "-", and stdout then carries
// only that file, so that `pingpong -bench - > new.txt` is a file benchstat
// reads as it is; the console report goes to stderr.
func (o *outputs) toStdout() bool {
	return o.json == "-" || o.bench == "-" || o.csv == "-" || o.bmf == "-" || o.gab == "-" || o.gabBigger == "-"
}

// check makes sure every output can be written before anything is
// measured: a typo in a path must not cost a long run. It leaves nothing
// behind: files and directories it had to create to find out are removed,
// and written again at the end.
func (o *outputs) check() error {
	seen := map[string]string{}
	for _, f := range []struct{ flag, path string }{{"-json", o.json}, {"-bench", o.bench}, {"-csv", o.csv}, {"-html", o.html},
		{"-bmf", o.bmf}, {"-gab", o.gab}, {"-gab-bigger", o.gabBigger}} {
		if f.path == "" {
			continue
		}
		if f.path == "-" && f.flag == "-html" {
			return usagef("-html -: the page goes to a file; name one")
		}
		key := f.path // "-", standard output, is one file too
		if abs, err := filepath.Abs(f.path); err == nil && f.path != "-" {
			key = abs
		}
		if other, dup := seen[key]; dup {
			return usagef("%s %s: the same file as %s", f.flag, f.path, other)
		}
		seen[key] = f.flag
		if f.path == "-" {
			continue
		}
		if err := outfile.Check(f.path); err != nil {
			return usagef("%s %s: %w", f.flag, f.path, cause(err))
		}
	}
	if o.hgrm != "" {
		if err := checkDir(o.hgrm); err != nil {
			return usagef("-hgrm %s: %w", o.hgrm, err)
		}
	}
	if o.png != "" {
		if err := checkDir(o.png); err != nil {
			return usagef("-png %s: %w", o.png, err)
		}
	}
	return nil
}

// checkDir tells, before anything is measured, whether files can be
// written into dir, making it to see and removing again what it made.
func checkDir(dir string) error {
	fi, err := os.Stat(dir)
	if err == nil && !fi.IsDir() {
		return errors.New("is a file, not a directory")
	}
	var created []string // outermost last
	if errors.Is(err, fs.ErrNotExist) {
		for d := dir; ; d = filepath.Dir(d) {
			if _, err := os.Stat(d); err == nil || d == filepath.Dir(d) {
				break
			}
			created = append(created, d)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return cause(err)
		}
	} else if err != nil {
		return cause(err)
	}
	err = writable(dir)
	for _, d := range created {
		os.Remove(d) // only removes what is still empty
	}
	return cause(err)
}

// writable proves dir writable: it creates a file there and removes it.
func writable(dir string) error {
	f, err := os.CreateTemp(dir, ".pingpong-check-*")
	if err != nil {
		return err
	}
	f.Close()
	return os.Remove(f.Name())
}

// cause drops the path an *os.PathError repeats, since the message names
// the flag and the path already.
func cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// checkTracked refuses, before anything is printed or written, a
// continuous-benchmarking file (-bmf, -gab, -gab-bigger) that run cannot
// give: one per testbed.
func (o *outputs) checkTracked(run *results.Run) error {
	for _, f := range []struct{ flag, path string }{{"-bmf", o.bmf}, {"-gab", o.gab}, {"-gab-bigger", o.gabBigger}} {
		if f.path == "" {
			continue
		}
		if err := report.CheckTracked(run); err != nil {
			return usagef("%s %s: %w", f.flag, f.path, err)
		}
	}
	return nil
}

// write writes every requested file from run: what was measured, also
// after an interrupt. It returns the first error, having tried them all.
func (o *outputs) write(run *results.Run, stdout io.Writer) error {
	if run == nil {
		return nil
	}
	var errs []error
	file := func(flag, path string, write func(io.Writer, *results.Run) error) {
		if path == "" {
			return
		}
		var err error
		if path == "-" {
			err = write(stdout, run)
		} else {
			err = outfile.Write(path, func(w io.Writer) error { return write(w, run) })
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", flag, err))
		}
	}
	file("-json", o.json, report.WriteJSON)
	file("-bench", o.bench, report.WriteGoBench)
	file("-csv", o.csv, report.WriteCSV)
	file("-bmf", o.bmf, report.WriteBMF)
	file("-gab", o.gab, report.WriteGABSmaller)
	file("-gab-bigger", o.gabBigger, report.WriteGABBigger)
	if o.hgrm != "" {
		err := os.MkdirAll(o.hgrm, 0o755)
		if err == nil {
			_, err = report.WriteHgrmDir(o.hgrm, run)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("-hgrm: %w", err))
		}
	}
	errs = append(errs, o.writeCharts(run)...)
	return errors.Join(errs...)
}

// outputDir makes the directory of flag (-trace, -hlog), which workers
// write into as they measure, and proves it writable before anything is
// measured; it returns the directory as an absolute path, since workers
// write into it too.
func outputDir(flag, dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", usagef("%s %s: %w", flag, dir, err)
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		return "", usagef("%s %s: cannot create the directory: %w", flag, dir, err)
	}
	if err := writable(abs); err != nil {
		return "", usagef("%s %s: cannot write there: %w", flag, dir, err)
	}
	return abs, nil
}
