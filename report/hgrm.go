package report

import (
	"bufio"
	"io"
	"path/filepath"
	"strings"

	"github.com/pingpong-bench/pingpong/internal/outfile"
	"github.com/pingpong-bench/pingpong/results"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"
)

// writeHgrm writes h as an HdrHistogram percentile distribution (the
// "Value Percentile TotalCount 1/(1-Percentile)" table that every
// HdrHistogram implementation prints and its plotter reads), values in
// microseconds: the histograms hold nanoseconds, and the plotter's axis
// says milliseconds or microseconds, never nanoseconds.
func writeHgrm(w io.Writer, h *hdrhistogram.Histogram) error {
	bw := bufio.NewWriter(w)
	if _, err := h.PercentilesPrint(bw, 5, 1000.0); err != nil {
		return err
	}
	return bw.Flush()
}

// WriteHgrmDir writes one .hgrm file per measured scenario and repeat into
// dir, which must exist, and returns the files' names. A scenario measured
// with the sleep probe gets a second file, NAME_probe.hgrm, of the probe's
// overshoot.
func WriteHgrmDir(dir string, run *results.Run) ([]string, error) {
	var names []string
	for _, r := range run.Results {
		if r.Hist == nil || r.Hist.TotalCount() == 0 {
			continue
		}
		name := hgrmName(r.Scenario, run.Config.Repeats() > 1)
		if err := outfile.Write(filepath.Join(dir, name), func(w io.Writer) error { return writeHgrm(w, r.Hist) }); err != nil {
			return names, err
		}
		names = append(names, name)
		if r.ProbeHist != nil && r.ProbeHist.TotalCount() > 0 {
			probe := strings.TrimSuffix(name, ".hgrm") + "_probe.hgrm"
			if err := outfile.Write(filepath.Join(dir, probe), func(w io.Writer) error { return writeHgrm(w, r.ProbeHist) }); err != nil {
				return names, err
			}
			names = append(names, probe)
		}
	}
	return names, nil
}

// hgrmName is a scenario's .hgrm file: citm-catalog_goccy_2x_procs2.hgrm.
func hgrmName(s results.Scenario, repeats bool) string { return s.FileName(repeats) + ".hgrm" }
