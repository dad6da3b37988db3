//go:build linux

package main

// The fault-injection suite: pingpong run as a user would run it, against
// what a machine can throw at it (symlinks, FIFOs, devices, a read-only or
// a full file system, endless and broken inputs, signals and a killed
// worker in each phase of a run). Each case says what must be left behind.
// It reads /proc, and as root mounts file systems and makes device nodes;
// cases that need root skip without it.

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// quick is a run of two scenarios that takes a fraction of a second: the
// cases check streams and files, not figures (20ms windows rather than
// 50ms: TestFaults 10.9 -> 9.5 CPU-s).
var quick = []string{"-duration", "20ms", "-warmup", "0s", "-levels", "1", "-impls", "std,baseline", "-probe", "0", "-stw", "0", "-input", "github"}

// ran is what a run left on its streams, and its exit status.
type ran struct {
	stdout, stderr string
	code           int
	killedBy       syscall.Signal // the signal that ended it, if one did (code -1)
	fifo           []byte         // what a FIFO output's reader got, if the test read one
}

// faultRun is one case's run: its flags after quick, how the command is
// set up beyond them (stdin, descriptors, a wrapper), and what it must
// leave behind.
type faultRun struct {
	args []string
	cmd  func(*exec.Cmd)
	left func(t *testing.T, r ran)
}

// fault is a case of TestFaults. A run that fails says so on one line of
// stderr, holding line.
type fault struct {
	name  string
	root  string // what needs root, if the case does: it is skipped without
	setup func(t *testing.T, dir string) faultRun
	code  int
	line  string
}

func TestFaults(t *testing.T) {
	t.Parallel()
	doc := []byte(`{"a":[1,2.5,"x"],"b":{"c":null,"d":true}}`)
	cases := []fault{
		{name: "json through a symlink", setup: func(t *testing.T, dir string) faultRun {
			link, target := filepath.Join(dir, "run.json"), filepath.Join(dir, "sub", "target.json")
			mkdir(t, filepath.Dir(target))
			write(t, target, "previous")
			symlink(t, "sub/target.json", link)
			return faultRun{args: []string{"-json", link}, left: func(t *testing.T, r ran) {
				isA(t, link, fs.ModeSymlink)
				if run := readRun(t, target); len(run.Results) != 2 {
					t.Errorf("the target holds %d results, want 2", len(run.Results))
				}
			}}
		}},
		{name: "json through a dangling symlink", setup: func(t *testing.T, dir string) faultRun {
			link, target := filepath.Join(dir, "run.json"), filepath.Join(dir, "not-yet.json")
			symlink(t, target, link)
			return faultRun{args: []string{"-json", link}, left: func(t *testing.T, r ran) {
				isA(t, link, fs.ModeSymlink)
				readRun(t, target)
			}}
		}},
		{name: "csv to a FIFO", setup: func(t *testing.T, dir string) faultRun {
			fifo := mkfifo(t, filepath.Join(dir, "csv"))
			got := make(chan string, 1)
			go func() { // opened before the run starts: a check that opened it would end this read early
				b, _ := os.ReadFile(fifo)
				got <- string(b)
			}()
			return faultRun{args: []string{"-csv", fifo}, left: func(t *testing.T, r ran) {
				if !isA(t, fifo, fs.ModeNamedPipe) {
					return // and its reader waits on the FIFO replaced
				}
				if csv := <-got; strings.Count(csv, "\n") != 3 || !strings.Contains(csv, ",baseline,") {
					t.Errorf("the FIFO's reader got %q, want a header and 2 rows", csv)
				}
			}}
		}},
		{name: "json to stdout, through a link to it", setup: func(t *testing.T, dir string) faultRun {
			link := filepath.Join(dir, "stdout")
			symlink(t, "/proc/self/fd/1", link) // as /dev/stdout is
			return faultRun{args: []string{"-json", link}, left: func(t *testing.T, r ran) {
				isA(t, link, fs.ModeSymlink)
				console, js, ok := strings.Cut(r.stdout, "\n{")
				if !ok || !strings.Contains(console, "[baseline]") {
					t.Fatalf("stdout is not the console report, then the JSON:\n%s", r.stdout)
				}
				if run, err := results.ReadJSON(strings.NewReader("{" + js)); err != nil || len(run.Results) != 2 {
					t.Errorf("the JSON after the console report: %v", err)
				}
			}}
		}},
		{name: "json to -", setup: func(t *testing.T, dir string) faultRun {
			return faultRun{args: []string{"-json", "-"}, left: func(t *testing.T, r ran) {
				if run, err := results.ReadJSON(strings.NewReader(r.stdout)); err != nil || len(run.Results) != 2 {
					t.Errorf("stdout is not the JSON alone: %v\n%s", err, r.stdout)
				}
				if !strings.Contains(r.stderr, "[baseline]") {
					t.Errorf("the console report is not on stderr:\n%s", r.stderr)
				}
			}}
		}},
		{name: "json and csv both to -", code: 2, line: "-csv -: the same file as -json", setup: func(t *testing.T, dir string) faultRun {
			return faultRun{args: []string{"-json", "-", "-csv", "-"}, left: nothingMeasured}
		}},
		{name: "the page to -", code: 2, line: "-html -: the page goes to a file", setup: func(t *testing.T, dir string) faultRun {
			return faultRun{args: []string{"-html", "-"}, left: nothingMeasured}
		}},
		{name: "json to a directory through a symlink", code: 2, line: "is a directory", setup: func(t *testing.T, dir string) faultRun {
			link := filepath.Join(dir, "dir.json")
			symlink(t, ".", link)
			return faultRun{args: []string{"-json", link}, left: nothingMeasured}
		}},
		{name: "json to a null device", root: "mknod", setup: func(t *testing.T, dir string) faultRun {
			null := mknod(t, filepath.Join(dir, "null"), 1, 3)
			return faultRun{args: []string{"-json", null}, left: func(t *testing.T, r ran) {
				isA(t, null, fs.ModeCharDevice)
			}}
		}},
		{name: "json to a full device", root: "mknod", code: 1, line: "-json: writing ", setup: func(t *testing.T, dir string) faultRun {
			full, csv := mknod(t, filepath.Join(dir, "full"), 1, 7), filepath.Join(dir, "run.csv")
			return faultRun{args: []string{"-json", full, "-csv", csv}, left: func(t *testing.T, r ran) {
				isA(t, full, fs.ModeCharDevice)
				noSpaceLeft(t, r, csv)
			}}
		}},
		{name: "json into a full disk, a file before", root: "mount a tmpfs", code: 1, line: "-json: writing ", setup: func(t *testing.T, dir string) faultRun {
			disk, csv := mount(t, filepath.Join(dir, "disk"), 0, "size=4k"), filepath.Join(dir, "run.csv")
			write(t, filepath.Join(disk, "run.json"), "previous")
			return faultRun{args: []string{"-json", filepath.Join(disk, "run.json"), "-csv", csv}, left: func(t *testing.T, r ran) {
				noSpaceLeft(t, r, csv)
				if names, _ := os.ReadDir(disk); len(names) != 1 || readFile(t, filepath.Join(disk, "run.json")) != "previous" {
					t.Errorf("the full disk holds %v, want only the previous file, unchanged", names)
				}
			}}
		}},
		{name: "json into a full disk, no file before", root: "mount a tmpfs", code: 1, line: "-json: writing ", setup: func(t *testing.T, dir string) faultRun {
			disk, csv := mount(t, filepath.Join(dir, "disk"), 0, "size=4k"), filepath.Join(dir, "run.csv")
			write(t, filepath.Join(disk, "filler"), strings.Repeat("x", 4096))
			return faultRun{args: []string{"-json", filepath.Join(disk, "run.json"), "-csv", csv}, left: func(t *testing.T, r ran) {
				noSpaceLeft(t, r, csv)
				if names, _ := os.ReadDir(disk); len(names) != 1 {
					t.Errorf("the full disk holds %v, want only the filler: no file, no temporary one", names)
				}
			}}
		}},
		{name: "json into a read-only directory", code: 2, line: "-json ", setup: func(t *testing.T, dir string) faultRun {
			ro := filepath.Join(dir, "ro")
			if os.Geteuid() == 0 { // root writes through modes: a read-only mount it cannot
				mount(t, ro, syscall.MS_RDONLY, "")
			} else {
				mkdir(t, ro)
				os.Chmod(ro, 0o555)
			}
			return faultRun{args: []string{"-json", filepath.Join(ro, "run.json")}, left: func(t *testing.T, r ran) {
				nothingMeasured(t, r)
				if names, _ := os.ReadDir(ro); len(names) != 0 {
					t.Errorf("left in the read-only directory: %v", names)
				}
			}}
		}},
		{name: "endless input under a 4 GB address space", code: 2, line: `input "/dev/zero": larger than the input size limit of 1GB`, setup: func(t *testing.T, dir string) faultRun {
			return faultRun{args: []string{"-input", "/dev/zero"}, left: nothingMeasured, cmd: func(c *exec.Cmd) {
				c.Args = append([]string{"sh", "-c", `ulimit -v 4194304 && exec "$0" "$@"`}, c.Args...)
				c.Path = "/bin/sh"
			}}
		}},
		{name: "truncated input", code: 2, line: "unexpected end of JSON at line 1, column 10", setup: func(t *testing.T, dir string) faultRun {
			return faultRun{args: []string{"-input", write(t, filepath.Join(dir, "cut.json"), `{"a":[1,2`)}, left: nothingMeasured}
		}},
		{name: "a number beyond float64", code: 1, line: "2 of 2 scenarios ended in error", setup: func(t *testing.T, dir string) faultRun {
			js := filepath.Join(dir, "run.json")
			return faultRun{args: []string{"-input", write(t, filepath.Join(dir, "huge.json"), `[1e400]`), "-json", js}, left: func(t *testing.T, r ran) {
				// encoding/json, every codec's reference, cannot hold it in a float64
				for _, res := range readRun(t, js).Results {
					if !strings.Contains(res.Err, "cannot unmarshal number 1e400") {
						t.Errorf("%s: error %q, want encoding/json's on the number", res.Codec, res.Err)
					}
				}
			}}
		}},
		{name: "input from a FIFO", setup: func(t *testing.T, dir string) faultRun {
			fifo := mkfifo(t, filepath.Join(dir, "doc.json"))
			go os.WriteFile(fifo, doc, 0) // blocks until pingpong opens it
			return faultRun{args: []string{"-input", fifo}, left: readInput(doc, "doc.json (file "+fifo)}
		}},
		{name: "input from a process substitution", setup: func(t *testing.T, dir string) faultRun {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { r.Close() })
			go func() { w.Write(doc); w.Close() }()
			return faultRun{args: []string{"-input", "/dev/fd/3"}, cmd: func(c *exec.Cmd) { c.ExtraFiles = []*os.File{r} },
				left: readInput(doc, "3.json (file /dev/fd/3")}
		}},
		{name: "input from stdin", setup: func(t *testing.T, dir string) faultRun {
			return faultRun{args: []string{"-input", "-"}, cmd: func(c *exec.Cmd) { c.Stdin = bytes.NewReader(doc) },
				left: readInput(doc, "stdin.json (stdin")}
		}},
		{name: "a codec named twice", code: 2, line: `-impls: codec "std" named twice`, setup: func(t *testing.T, dir string) faultRun {
			return faultRun{args: []string{"-impls", "std,std"}, left: nothingMeasured}
		}},
		{name: "an input named twice", code: 2, line: `both the input named "github"`, setup: func(t *testing.T, dir string) faultRun {
			return faultRun{args: []string{"-input", "github,github.json"}, left: nothingMeasured}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if c.root != "" && os.Geteuid() != 0 {
				t.Skipf("needs root to %s", c.root)
			}
			f := c.setup(t, t.TempDir())
			set := func(*exec.Cmd) {}
			if f.cmd != nil {
				set = f.cmd
			}
			var r ran
			r.stdout, r.stderr, r.code = runWithin(t, 30*time.Second, binary, append(slices.Clone(quick), f.args...), set)
			if r.code != c.code {
				t.Fatalf("exit %d, want %d\nstderr:\n%s", r.code, c.code, r.stderr)
			}
			if line := strings.TrimSuffix(r.stderr, "\n"); c.code != 0 && (strings.Contains(line, "\n") || !strings.Contains(line, c.line)) {
				t.Errorf("stderr %q: want one line holding %q", r.stderr, c.line)
			}
			f.left(t, r)
		})
	}
}

// nothingMeasured: a run refused before measuring prints no report.
func nothingMeasured(t *testing.T, r ran) {
	t.Helper()
	if r.stdout != "" {
		t.Errorf("a report was printed before the refusal:\n%s", r.stdout)
	}
}

// noSpaceLeft: a full disk costs its file, not the report or the others.
func noSpaceLeft(t *testing.T, r ran, other string) {
	t.Helper()
	if !strings.Contains(r.stderr, "no space left on device") {
		t.Errorf("stderr %q does not say the disk is full", r.stderr)
	}
	if !strings.Contains(r.stdout, "[baseline]") {
		t.Errorf("the console report is not printed:\n%s", r.stdout)
	}
	if csv := readFile(t, other); strings.Count(csv, "\n") != 3 {
		t.Errorf("the other output holds %q, want a header and 2 rows", csv)
	}
}

// readInput: the run measured doc, and the header names it as want.
func readInput(doc []byte, want string) func(t *testing.T, r ran) {
	return func(t *testing.T, r ran) {
		want := want + ", " + format.Size(float64(len(doc)))
		if !strings.Contains(r.stdout, "input:       "+want) || !strings.Contains(r.stdout, "[baseline]") {
			t.Errorf("the report does not say it ran on %q:\n%s", want, r.stdout)
		}
	}
}

func write(t *testing.T, path, content string) string {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func mkdir(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, to, link string) {
	t.Helper()
	if err := os.Symlink(to, link); err != nil {
		t.Fatal(err)
	}
}

func mkfifo(t *testing.T, path string) string {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// mknod makes a character device node, as /dev/null is 1,3 and /dev/full
// 1,7, skipping the test where device nodes do not work.
func mknod(t *testing.T, path string, major, minor int) string {
	t.Helper()
	if err := syscall.Mknod(path, syscall.S_IFCHR|0o666, major<<8|minor); err != nil {
		t.Skipf("mknod: %v", err)
	}
	if f, err := os.OpenFile(path, os.O_WRONLY, 0); err != nil {
		t.Skipf("device nodes do not open here (a nodev mount?): %v", err)
	} else {
		f.Close()
	}
	return path
}

// mount mounts a tmpfs on dir for the test's length.
func mount(t *testing.T, dir string, flags uintptr, data string) string {
	t.Helper()
	mkdir(t, dir)
	if err := syscall.Mount("tmpfs", dir, "tmpfs", flags, data); err != nil {
		t.Skipf("mount a tmpfs: %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, 0) })
	return dir
}

// isA fails the test unless path is still of the given type.
func isA(t *testing.T, path string, mode fs.FileMode) bool {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		t.Errorf("%s is gone: %v", path, err)
		return false
	}
	if fi.Mode()&mode == 0 {
		t.Errorf("%s is no longer a %v but a %v", path, mode, fi.Mode().Type())
		return false
	}
	return true
}

// long is a run whose warmup and window each last an hour: a phase of it
// lasts until the test acts, so where it acts is told by who is busy
// (from /proc), not by the clock.
func long(warmup string, more ...string) []string {
	return append([]string{"-duration", "1h", "-warmup", warmup, "-levels", "1", "-probe", "0", "-stw", "0", "-input", "github"}, more...)
}

// busy is the CPU time, in clock ticks of 1/100 s, that tells a process is
// in a phase that loads the CPU: 200ms, far more than starting or readying
// a codec costs, far less than an hour's warmup.
const busy = 20

// A signal in each phase of a run: the run stops, says so on one line,
// exits 128+signal, and leaves what it measured, no more and no less.
func TestFaultsSignalInEachPhase(t *testing.T) {
	t.Parallel()
	needChildren(t)
	phases := []struct {
		name string
		// mayEnd: the run may end before it takes the signal, exit 0. The
		// test holds it writing until the signal is sent, but a signal
		// reaches a Go program's code later, on a goroutine of its own, and
		// nothing outside tells when that has happened.
		mayEnd bool
		// start starts the run and returns once it is in the phase.
		start func(t *testing.T, dir string) *driven
		line  string
		left  func(t *testing.T, dir string, r ran)
	}{
		{name: "calibration", line: "before any scenario was measured", start: func(t *testing.T, dir string) *driven {
			write(t, filepath.Join(dir, "run.json"), "previous")
			d := drive(t, long("1h", "-impls", "baseline", "-rate", "1000000", "-json", filepath.Join(dir, "run.json"))...)
			// Calibration is the parent's, before any worker starts. An open
			// loop adds a second of it (the schedule's own floor), and a rate
			// near saturation keeps it busy meanwhile, so that it is seen
			// busy even on a loaded machine.
			d.await(t, "the parent's calibration", func() bool { return len(children(d.pid())) == 0 && cpuTicks(d.pid()) >= busy })
			return d
		}, left: func(t *testing.T, dir string, r ran) {
			if r.stdout != "" {
				t.Errorf("a report of nothing was printed:\n%s", r.stdout)
			}
			if b := readFile(t, filepath.Join(dir, "run.json")); b != "previous" {
				t.Errorf("the previous -json file was replaced by %q", b)
			}
		}},
		{name: "warmup", line: "interrupted", start: inScenario("1h"), left: func(t *testing.T, dir string, r ran) {
			rs := readRun(t, filepath.Join(dir, "run.json")).Results
			if len(rs) != 1 || !rs[0].Partial || rs[0].N != 0 || rs[0].Err != "" {
				t.Fatalf("results %+v: want the scenario, cut short before its window", rs)
			}
			if !strings.Contains(r.stdout, "PARTIAL") {
				t.Errorf("the console does not mark the cut scenario:\n%s", r.stdout)
			}
		}},
		{name: "window", line: "interrupted", start: inScenario("0s"), left: func(t *testing.T, dir string, r ran) {
			rs := readRun(t, filepath.Join(dir, "run.json")).Results
			if len(rs) != 1 || !rs[0].Partial || rs[0].N == 0 || rs[0].Hist.TotalCount() != rs[0].N || rs[0].Window >= time.Hour {
				t.Fatalf("results %+v: want the scenario's round trips until the signal", rs)
			}
		}},
		{name: "writing", line: "interrupted", mayEnd: true, start: func(t *testing.T, dir string) *driven {
			// -json goes to a FIFO whose pipe holds one page: the run blocks
			// writing it until the test reads, and the test has read one byte.
			fifo := mkfifo(t, filepath.Join(dir, "run.json"))
			r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0) // before the run: the pipe is set up before it writes
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { r.Close() })
			if _, _, errno := syscall.Syscall(syscall.SYS_FCNTL, r.Fd(), fSetPipeSize, 4096); errno != 0 {
				t.Skipf("F_SETPIPE_SZ: %v", errno)
			}
			d := drive(t, "-duration", "50ms", "-warmup", "10ms", "-levels", "1", "-impls", "std,baseline", "-input", "github",
				"-json", fifo, "-csv", filepath.Join(dir, "run.csv"))
			first := make([]byte, 1)
			d.await(t, "the run writing -json", func() bool { n, _ := r.Read(first); return n == 1 }) // EOF until it opens the FIFO
			d.read = func() []byte { rest, _ := io.ReadAll(r); return append(first, rest...) }
			return d
		}, left: func(t *testing.T, dir string, r ran) {
			if len(r.fifo) <= 4096+1 {
				t.Fatalf("the JSON is %d bytes, too few to have held the run writing it", len(r.fifo))
			}
			run, err := results.ReadJSON(bytes.NewReader(r.fifo))
			codecs := codecsAt1()
			if err != nil || len(run.Results) != codecs || slices.ContainsFunc(run.Results, func(r results.Result) bool { return r.Partial }) {
				t.Errorf("the JSON written through the signal: %v; want %d whole scenarios (std, baseline, and control where it runs)", err, codecs)
			}
			if csv := readFile(t, filepath.Join(dir, "run.csv")); strings.Count(csv, "\n") != codecs+1 {
				t.Errorf("-csv, written after the signal, holds %q", csv)
			}
		}},
	}
	for _, ph := range phases {
		for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
			t.Run(ph.name+"/"+sig.String(), func(t *testing.T) {
				t.Parallel()
				dir := t.TempDir()
				d := ph.start(t, dir)
				d.signal(t, sig)
				r := d.wait(t)
				switch {
				// ended before it took the signal: it exits 0, or, when the
				// signal came after it stopped listening on its way out (a
				// second Ctrl-C's default action), it dies of it, its
				// outputs written either way
				case (r.code == 0 || r.killedBy == sig) && ph.mayEnd && r.stderr == "":
					t.Logf("the run ended before it took the %v (exit %d)", sig, r.code)
				case r.code != 128+int(sig):
					t.Fatalf("exit %d (killed by %v), want %d\nstderr:\n%s", r.code, r.killedBy, 128+int(sig), r.stderr)
				default:
					if line := strings.TrimSuffix(r.stderr, "\n"); strings.Contains(line, "\n") || !strings.Contains(line, ph.line) {
						t.Errorf("stderr %q: want one line holding %q", r.stderr, ph.line)
					}
				}
				ph.left(t, dir, r)
			})
		}
	}
}

// inScenario starts a run of baseline with warmup, writing -json into dir,
// and returns once its worker is busy: in the warmup when that lasts an
// hour, else in the window.
func inScenario(warmup string) func(t *testing.T, dir string) *driven {
	return func(t *testing.T, dir string) *driven {
		d := drive(t, long(warmup, "-impls", "baseline", "-json", filepath.Join(dir, "run.json"))...)
		d.busyWorker(t, 0)
		return d
	}
}

// F_SETPIPE_SZ, Linux's fcntl that sets a pipe's capacity.
const fSetPipeSize = 1031

// A worker killed with SIGKILL in each phase it lives through, its warmup
// or its window, costs its row: the run goes on with the next codec, here
// until a SIGTERM in that one's phase, and both rows are written.
// (Calibration is over before workers start; they are closed before any
// file is written.)
func TestFaultsWorkerKilledInEachPhase(t *testing.T) {
	t.Parallel()
	needChildren(t)
	for _, warmup := range []struct{ phase, d string }{{"warmup", "1h"}, {"window", "0s"}} {
		t.Run(warmup.phase, func(t *testing.T) {
			t.Parallel()
			js := filepath.Join(t.TempDir(), "run.json")
			d := drive(t, long(warmup.d, "-impls", "std,baseline", "-json", js)...)
			victim := d.busyWorker(t, 0)
			if err := syscall.Kill(victim, syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			d.busyWorker(t, victim)
			d.signal(t, syscall.SIGTERM)
			if r := d.wait(t); r.code != 128+int(syscall.SIGTERM) {
				t.Fatalf("exit %d, want %d\nstderr:\n%s", r.code, 128+int(syscall.SIGTERM), r.stderr)
			}
			var killed, cut []results.Result
			for _, r := range readRun(t, js).Results {
				if strings.HasPrefix(r.Err, "worker died") { // the row says its worker died, in whatever words the OS has
					killed = append(killed, r)
				} else if r.Err == "" && r.Partial {
					cut = append(cut, r)
				}
			}
			if rs := readRun(t, js).Results; len(rs) != 2 || len(killed) != 1 || len(cut) != 1 || killed[0].Codec == cut[0].Codec {
				t.Errorf("results %+v: want one row for the killed worker, one cut short by the SIGTERM", rs)
			}
		})
	}
}

// driven is a pingpong run the test acts on while it runs.
type driven struct {
	cmd            *exec.Cmd
	stdout, stderr bytes.Buffer
	done           chan struct{}
	read           func() []byte // what a FIFO output got, read after the signal; nil for none
}

func drive(t *testing.T, args ...string) *driven {
	t.Helper()
	d := &driven{cmd: exec.Command(binary, args...), done: make(chan struct{})}
	d.cmd.Stdout, d.cmd.Stderr = &d.stdout, &d.stderr
	// Workers inherit the run's stderr: one that outlived it would hold
	// the pipe open, and Wait with it.
	d.cmd.WaitDelay = 10 * time.Second
	if err := d.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { d.cmd.Wait(); close(d.done) }()
	t.Cleanup(func() {
		workers := children(d.pid())
		d.cmd.Process.Kill()
		for _, w := range workers { // they end with their parent; a failed test must not wait on that
			syscall.Kill(w, syscall.SIGKILL)
		}
		<-d.done
	})
	return d
}

func (d *driven) pid() int { return d.cmd.Process.Pid }

// await returns once cond holds, failing the test if the run ends first,
// or if a minute goes by: a phase that never comes, not a slow one.
func (d *driven) await(t *testing.T, what string, cond func() bool) {
	t.Helper()
	giveUp := time.After(time.Minute)
	for !cond() {
		select {
		case <-d.done:
			t.Fatalf("the run ended before %s:\nstdout:\n%s\nstderr:\n%s", what, d.stdout.String(), d.stderr.String())
		case <-giveUp:
			t.Fatalf("no sign of %s after a minute", what)
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// needChildren skips the test where /proc does not list a process's
// children (a kernel without CONFIG_PROC_CHILDREN).
func needChildren(t *testing.T) {
	t.Helper()
	if _, err := os.Stat("/proc/self/task/" + strconv.Itoa(syscall.Gettid()) + "/children"); err != nil {
		t.Skipf("cannot list a process's children: %v", err)
	}
}

// busyWorker returns a worker other than not once it has used busy ticks
// of CPU: it is in its scenario's warmup or window, the only phases of a
// worker that load the CPU.
func (d *driven) busyWorker(t *testing.T, not int) int {
	t.Helper()
	pid := 0
	d.await(t, "a worker's scenario", func() bool {
		for _, c := range children(d.pid()) {
			if c != not && cpuTicks(c) >= busy {
				pid = c
				return true
			}
		}
		return false
	})
	return pid
}

func (d *driven) signal(t *testing.T, sig syscall.Signal) {
	t.Helper()
	if err := d.cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
}

// wait waits for the run's end and returns what it left. A run still going
// a minute after the test acted on it is hung, not slow: it gets SIGQUIT,
// so that the failure shows where its goroutines wait.
func (d *driven) wait(t *testing.T) ran {
	t.Helper()
	read := make(chan []byte, 1) // a FIFO's reader waits for the run to close it
	go func() {
		var b []byte
		if d.read != nil {
			b = d.read()
		}
		read <- b
	}()
	select {
	case <-d.done:
	case <-time.After(time.Minute):
		d.cmd.Process.Signal(syscall.SIGQUIT)
		<-d.done
		t.Fatalf("the run was still going a minute on; on SIGQUIT it said:\n%s", d.stderr.String())
	}
	r := ran{stdout: d.stdout.String(), stderr: d.stderr.String(), code: d.cmd.ProcessState.ExitCode(), fifo: <-read}
	if ws, ok := d.cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		r.killedBy = ws.Signal()
	}
	return r
}

// children are the processes pid started, from every one of its threads.
func children(pid int) []int {
	lists, _ := filepath.Glob("/proc/" + strconv.Itoa(pid) + "/task/*/children")
	var out []int
	for _, l := range lists {
		b, _ := os.ReadFile(l)
		for _, f := range strings.Fields(string(b)) {
			if c, err := strconv.Atoi(f); err == nil {
				out = append(out, c)
			}
		}
	}
	return out
}

// cpuTicks is the user and system CPU time pid has used, in clock ticks.
func cpuTicks(pid int) int {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	// after "pid (comm) ": state is field 3, utime 14, stime 15
	i := bytes.LastIndexByte(b, ')')
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.Atoi(f[11])
	stime, _ := strconv.Atoi(f[12])
	return utime + stime
}
