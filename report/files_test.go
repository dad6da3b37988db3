package report

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

func TestCSVHeaderAndRows(t *testing.T) {
	run := resultstest.Repeated(resultstest.SampleRun(), 3, 0.05)
	rows := csvRows(t, run)
	if want := 1 + len(run.Results); len(rows) != want {
		t.Fatalf("%d rows, want a header and one per scenario and repeat: %d", len(rows), want)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for _, h := range []string{"input", "impl", "impl_version", "pairs", "procs", "repeat", "n", "window_ns", "round_trips_per_s", "mb_per_s", "p50_ns", "p99_ns", "max_ns", "error"} {
		if _, ok := col[h]; !ok {
			t.Errorf("header %v lacks %q", rows[0], h)
		}
	}
	for i, r := range run.Results {
		row := rows[i+1]
		if row[col["impl"]] != r.Codec || row[col["pairs"]] != strconv.Itoa(r.Pairs) || row[col["repeat"]] != strconv.Itoa(r.Repeat) {
			t.Errorf("row %d %v is not result %d", i+1, row, i)
		}
		if got := row[col["p99_ns"]]; got != strconv.FormatInt(int64(r.Latency.P99), 10) {
			t.Errorf("row %d: p99_ns %s, want %d", i+1, got, r.Latency.P99)
		}
		if got := row[col["error"]]; got != r.Err {
			t.Errorf("row %d: error %q, want %q", i+1, got, r.Err)
		}
	}
	if got := rows[1][col["impl_version"]]; got != "go1.26.8" {
		t.Errorf("std's impl_version = %q, want go1.26.8", got)
	}
}

// The responsiveness columns hold what the console's -v lines show; a
// figure not measured is an empty cell.
func TestCSVResponsivenessColumns(t *testing.T) {
	run := probedRun()
	rows := csvRows(t, run)
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	sonic2x := rows[4] // std 1x, std 2x, sonic 1x, sonic 2x
	for h, want := range map[string]string{
		"impl": "sonic", "pairs": "2",
		"stw_p50_ns": "40000", "stw_p99_ns": "29000000", "stw_max_ns": "58700000", "stw_wall_p99_ns": "8100000",
		"culprit_stall_ns": "58700000", "culprit_kind": "non-preemptible", "culprit_frame": "github.com/bytedance/sonic/internal/decoder/jitdec.Decode",
		"noise_others_cores": "0.370", "noise_steal_cores": "0.010",
		"split_decode_p50_ns": "1240000", "split_encode_p50_ns": "620000", "split_rest_p50_ns": "1240000",
	} {
		i, ok := col[h]
		if !ok {
			t.Errorf("no column %q in %v", h, rows[0])
			continue
		}
		if sonic2x[i] != want {
			t.Errorf("sonic 2x %s = %q, want %q", h, sonic2x[i], want)
		}
	}
	pass := rows[5] // sonic's decode pass: no wall time, culprit, noise or split
	for _, h := range []string{"stw_wall_p99_ns", "culprit_kind", "noise_others_cores", "split_rest_p50_ns"} {
		if pass[col[h]] != "" {
			t.Errorf("decode pass %s = %q, want empty: not measured", h, pass[col[h]])
		}
	}
}

// hgrmRow is one line of a percentile distribution table.
type hgrmRow struct {
	valueUS    float64
	percentile float64
	count      int64
}

func readHgrm(t *testing.T, path string) (rows []hgrmRow, maxUS float64, total int64) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	if !sc.Scan() || strings.Join(strings.Fields(sc.Text()), " ") != "Value Percentile TotalCount 1/(1-Percentile)" {
		t.Fatalf("%s: header %q", path, sc.Text())
	}
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
		case strings.HasPrefix(line, "#[Max"):
			// #[Max     =    28500.000, Total count    =          108]
			f := strings.FieldsFunc(line, func(r rune) bool { return r == '=' || r == ',' || r == ']' })
			maxUS, _ = strconv.ParseFloat(strings.TrimSpace(f[1]), 64)
			total, _ = strconv.ParseInt(strings.TrimSpace(f[3]), 10, 64)
		case strings.HasPrefix(line, "#"):
		default:
			f := strings.Fields(line)
			if len(f) != 4 {
				t.Fatalf("%s: row %q has %d fields, want 4", path, line, len(f))
			}
			v, err1 := strconv.ParseFloat(f[0], 64)
			p, err2 := strconv.ParseFloat(f[1], 64)
			c, err3 := strconv.ParseInt(f[2], 10, 64)
			if err1 != nil || err2 != nil || err3 != nil {
				t.Fatalf("%s: row %q does not parse", path, line)
			}
			rows = append(rows, hgrmRow{v, p, c})
		}
	}
	return rows, maxUS, total
}

func TestHgrmMatchesTheJSONSummary(t *testing.T) {
	run := resultstest.WithHistograms(resultstest.SampleRun())
	dir := t.TempDir()
	names, err := WriteHgrmDir(dir, run)
	if err != nil {
		t.Fatal(err)
	}
	var jsonDoc bytes.Buffer
	if err := results.WriteJSON(&jsonDoc, run); err != nil {
		t.Fatal(err)
	}
	back, err := results.ReadJSON(&jsonDoc)
	if err != nil {
		t.Fatal(err)
	}
	i := 0
	for _, r := range back.Results {
		if r.N == 0 {
			continue
		}
		if i >= len(names) {
			t.Fatalf("only %d files for %d measured scenarios", len(names), i+1)
		}
		if want := hgrmName(r.Scenario, false); names[i] != want {
			t.Errorf("file %d is %s, want %s", i, names[i], want)
		}
		rows, maxUS, total := readHgrm(t, filepath.Join(dir, names[i]))
		i++
		if total != r.N || rows[len(rows)-1].count != r.N {
			t.Errorf("%s: total count %d, last row %d, want n = %d", names[i-1], total, rows[len(rows)-1].count, r.N)
		}
		if !near(maxUS*1000, float64(r.Latency.Max), 0.001) {
			t.Errorf("%s: max %.3fus, summary max %v", names[i-1], maxUS, r.Latency.Max)
		}
		for _, q := range []struct {
			p    float64
			want time.Duration
		}{{0.5, r.Latency.P50}, {0.95, r.Latency.P95}, {0.99, r.Latency.P99}} {
			k := 0
			for k < len(rows) && rows[k].percentile < q.p {
				k++
			}
			if k == len(rows) {
				t.Fatalf("%s: no row at percentile %v", names[i-1], q.p)
			}
			// Both read the same histogram, so the summary's quantile lies
			// between the table's last row below it and its first row at or
			// past it (within a bucket: 3 significant digits).
			us := float64(q.want) / 1000
			lo := rows[max(k-1, 0)].valueUS
			if us < lo*0.999 || us > rows[k].valueUS*1.001 {
				t.Errorf("%s: summary p%.0f = %v, outside the table's rows %.3fus..%.3fus", names[i-1], q.p*100, q.want, lo, rows[k].valueUS)
			}
		}
		for k := 1; k < len(rows); k++ {
			if rows[k].valueUS < rows[k-1].valueUS || rows[k].percentile < rows[k-1].percentile {
				t.Fatalf("%s: rows %d and %d are not ascending", names[i-1], k-1, k)
			}
		}
	}
	if i != len(names) {
		t.Errorf("%d files for %d measured scenarios", len(names), i)
	}
}

func TestHgrmNames(t *testing.T) {
	run := resultstest.Repeated(resultstest.SampleRun(), 2, 0)
	seen := map[string]bool{}
	for _, r := range run.Results {
		n := hgrmName(r.Scenario, true)
		if seen[n] {
			t.Errorf("two scenarios share the file name %s", n)
		}
		seen[n] = true
	}
	r := run.Results[0].Scenario
	r.Input = "my data/a:b"
	if got, want := hgrmName(r, false), "my_data_a_b_std_1x_procs2.hgrm"; got != want {
		t.Errorf("HgrmName = %q, want %q", got, want)
	}
	r.Mode, r.Target, r.GOGC, r.MemLimit, r.Repeat = results.ModeDecode, results.TargetStruct, "400", "1GiB", 1
	if got, want := hgrmName(r, true), "my_data_a_b_std_decode_struct_gogc400_memlimit1GiB_1x_procs2_r1.hgrm"; got != want {
		t.Errorf("HgrmName = %q, want %q", got, want)
	}
}

// csvRows is run's -csv, read back; reading it checks every row has the
// header's width.
func csvRows(t *testing.T, run *results.Run) [][]string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteCSV(&b, run); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}
