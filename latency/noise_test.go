package latency

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

func TestParseProcStat(t *testing.T) {
	const modern = "cpu  9056 0 3645 1060007 131 7 40 268 11 0\n" +
		"cpu0 4380 0 1764 530200 26 3 6 114 5 0\n" +
		"cpu1 4676 0 1880 529807 105 4 34 154 6 0\n" +
		"intr 356898 0 0 0\nctxt 577864\nbtime 1700000000\nprocs_running 2\n"
	for _, tc := range []struct {
		name, data string
		want       cpuTimes
		cores      int
		err        string
	}{
		{name: "modern", data: modern, cores: 2,
			want: cpuTimes{user: 9056, system: 3645, idle: 1060007, iowait: 131, irq: 7, softirq: 40, steal: 268}},
		{name: "no steal yet (2.6.0)", data: "cpu 10 20 30 40 50 60 70\ncpu0 10 20 30 40 50 60 70\n", cores: 1,
			want: cpuTimes{user: 10, nice: 20, system: 30, idle: 40, iowait: 50, irq: 60, softirq: 70}},
		{name: "four fields (2.4)", data: "cpu 1 2 3 4\n", cores: 0,
			want: cpuTimes{user: 1, nice: 2, system: 3, idle: 4}},
		{name: "cpu line not first", data: "cpu0 1 1 1 1\ncpu 5 6 7 8\ncpu1 1 1 1 1\n", cores: 2,
			want: cpuTimes{user: 5, nice: 6, system: 7, idle: 8}},
		{name: "no trailing newline", data: "cpu 1 2 3 4 5 6 7 8 9 10", want: cpuTimes{1, 2, 3, 4, 5, 6, 7, 8}},
		{name: "not a cpu number", data: "cpu 1 2 3 4\ncpufreq 1 2 3 4\n", want: cpuTimes{1, 2, 3, 4, 0, 0, 0, 0}},
		{name: "empty", data: "", err: "no cpu line"},
		{name: "only per-cpu lines", data: "cpu0 1 2 3 4\n", err: "no cpu line"},
		{name: "too few fields", data: "cpu 1 2 3\n", err: "3 fields, want at least 4"},
		{name: "not a number", data: "cpu 1 2 x 4\n", err: "cpu field 3"},
		{name: "negative", data: "cpu 1 -2 3 4\n", err: "cpu field 2"},
		{name: "two cpu lines", data: "cpu 1 2 3 4\ncpu 1 2 3 4\n", err: "two cpu lines"},
	} {
		got, cores, err := parseProcStat([]byte(tc.data))
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want || cores != tc.cores {
			t.Errorf("%s: got %+v, %d cores, %v; want %+v, %d cores", tc.name, got, cores, err, tc.want, tc.cores)
		}
	}
}

func TestParsePIDStat(t *testing.T) {
	// Fields 14 and 15 (utime, stime) are 1234 and 56.
	const tail = " R 7372 7372 5416 0 -1 4194304 99 0 0 0 1234 56 0 0 20 0 1 0 537436 3133440 395\n"
	for _, tc := range []struct {
		name, data string
		want       uint64
		err        string
	}{
		{name: "plain", data: "7378 (cat)" + tail, want: 1290},
		{name: "name with spaces and parentheses", data: "7378 (a) b (c))" + tail, want: 1290},
		{name: "name that looks like fields", data: "7378 (1 2 3 4 5 6 7 8 9 10 11 12 13 14)" + tail, want: 1290},
		{name: "no name", data: "7378 cat" + tail, err: "no command name"},
		{name: "cut short", data: "7378 (cat) R 7372 7372 5416 0 -1 4194304 99 0 0 0 1234", err: "want at least 13"},
		{name: "utime not a number", data: "7378 (cat) R 7372 7372 5416 0 -1 4194304 99 0 0 0 x 56", err: "utime"},
		{name: "stime not a number", data: "7378 (cat) R 7372 7372 5416 0 -1 4194304 99 0 0 0 1 -5", err: "stime"},
		{name: "empty", data: "", err: "no command name"},
	} {
		got, err := parsePIDStat([]byte(tc.data))
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%s: got %d, %v; want %d", tc.name, got, err, tc.want)
		}
	}
}

func TestParseLoadavg(t *testing.T) {
	for _, tc := range []struct {
		data    string
		want    [3]float64
		wantErr bool
	}{
		{data: "0.47 0.35 0.15 1/90 7375\n", want: [3]float64{0.47, 0.35, 0.15}},
		{data: "12.00 3.5 0 3/900 1\n", want: [3]float64{12, 3.5, 0}},
		{data: "0.47 0.35\n", wantErr: true},
		{data: "0.47 x 0.15 1/90 7375\n", wantErr: true},
		{data: "0.47 -1 0.15 1/90 7375\n", wantErr: true},
		{data: "NaN 0 0 1/90 7375\n", wantErr: true},
		{data: "", wantErr: true},
	} {
		a, b, c, err := parseLoadavg([]byte(tc.data))
		if tc.wantErr {
			if err == nil {
				t.Errorf("%q: no error", tc.data)
			}
			continue
		}
		if got := [3]float64{a, b, c}; err != nil || got != tc.want {
			t.Errorf("%q: got %v, %v; want %v", tc.data, got, err, tc.want)
		}
	}
}

func TestNoiseSubtractsThisProcessAndTheExcluded(t *testing.T) {
	at := time.Unix(100, 0)
	start := noiseReading{at: at, cpu: cpuTimes{user: 1000, system: 500, irq: 10, softirq: 10, steal: 5}, self: 3 * time.Second,
		excluded: []int64{200, -1, 300}}
	// Over 2s: 350 busy ticks (3.5s of CPU), of which this process 1.5s
	// and the first excluded process 0.5s; the second was not readable at
	// the start, the third is gone at the end, so theirs stays in. Steal
	// 40 ticks.
	end := noiseReading{at: at.Add(2 * time.Second), cpu: cpuTimes{user: 1200, nice: 30, system: 600, irq: 15, softirq: 25, idle: 99, iowait: 99, steal: 45},
		self: 4500 * time.Millisecond, excluded: []int64{250, 400, -1}}
	got := start.noiseUntil(end, 4)
	want := &Noise{Window: 2 * time.Second, OthersCores: 0.75, StealCores: 0.2, Cores: 4}
	if *got != *want {
		t.Errorf("got %+v, want %+v", got, want)
	}

	// This process's exact CPU ran a little ahead of the ticks: that is
	// granularity, not negative work.
	end.self = 6 * time.Second
	if got := start.noiseUntil(end, 4); got.OthersCores != 0 {
		t.Errorf("others %v cores, want a negative difference clamped to 0", got.OthersCores)
	}
	end.at = at
	if got := start.noiseUntil(end, 4); got != nil {
		t.Errorf("an empty window gave %+v, want nil", got)
	}
}

func TestNoiseString(t *testing.T) {
	for _, tc := range []struct {
		n     *Noise
		noisy bool
		want  string
	}{
		{nil, false, "noise not measured"},
		{&Noise{OthersCores: 0.37}, true, "NOISY (others 37% of a core)"},
		{&Noise{OthersCores: 0.10}, false, "quiet (others 10% of a core)"},
		{&Noise{OthersCores: 0.02, StealCores: 0.011}, false, "quiet (others 2% of a core, steal 1%)"},
		{&Noise{OthersCores: 0.02, StealCores: 0.004}, false, "quiet (others 2% of a core)"},
		{&Noise{StealCores: 0.25}, true, "NOISY (others 0% of a core, steal 25%)"},
		{&Noise{OthersCores: 1.5}, true, "NOISY (others 150% of a core)"},
	} {
		if got := tc.n.String(); got != tc.want {
			t.Errorf("String() = %q, want %q", got, tc.want)
		}
		if got := tc.n.Noisy(); got != tc.noisy {
			t.Errorf("%s: Noisy() = %v", tc.want, got)
		}
	}
}

func TestNoiseMeterWithoutStart(t *testing.T) {
	if n := NewNoiseMeter().Stop(); n != nil {
		t.Errorf("Stop without Start gave %+v, want nil", n)
	}
	if !haveProcFS {
		m := NewNoiseMeter()
		m.Start()
		if n := m.Stop(); n != nil {
			t.Errorf("without /proc the meter gave %+v, want nil", n)
		}
	}
}

// spinEnv makes the test binary, run as a child, a busy process.
const spinEnv = "PINGPONG_TEST_SPIN"

func TestSpinHelper(t *testing.T) {
	if os.Getenv(spinEnv) != "1" {
		t.Skip("only a child process spins")
	}
	// Bounded, so that a child the parent failed to kill does not spin on.
	for t0 := time.Now(); time.Since(t0) < 30*time.Second; {
	}
}

// startSpinner runs a process that keeps one core busy until the test
// ends, whatever way it ends.
func startSpinner(t *testing.T) *os.Process {
	cmd := exec.Command(os.Args[0], "-test.run=^TestSpinHelper$")
	cmd.Env = append(os.Environ(), spinEnv+"=1")
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting a busy process: %v", err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	return cmd.Process
}

func requireProcStat(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(procStat); !haveProcFS || err != nil {
		t.Skipf("no /proc/stat here: the noise meter returns nil and flags nothing")
	}
}

// measure runs f between a meter's Start and Stop.
func measure(t *testing.T, m *NoiseMeter, f func()) *Noise {
	t.Helper()
	m.Start()
	f()
	n := m.Stop()
	if n == nil {
		t.Fatal("Stop returned nil though /proc/stat is there")
	}
	return n
}

func TestNoiseMeterSeesABusyProcess(t *testing.T) {
	requireProcStat(t)
	child := startSpinner(t)
	time.Sleep(200 * time.Millisecond) // past the child's start-up
	var tries []string
	for range 3 {
		// Two meters over the same second: one counts the child as
		// others, one is told to leave it out. Whatever else the shared
		// machine runs, both see it.
		all, notChild := NewNoiseMeter(), NewNoiseMeter(child.Pid)
		own0 := childCPU(t, child.Pid)
		all.Start()
		n := measure(t, notChild, func() { time.Sleep(time.Second) })
		a := all.Stop()
		own := (childCPU(t, child.Pid) - own0).Seconds() / a.Window.Seconds()
		childCores := a.OthersCores - n.OthersCores
		// The child spins one core, but on a shared machine gets what the
		// scheduler gives it: the meters must tell apart what it got, by
		// the kernel's own count of its time (ticks of 10ms, so within a
		// few hundredths of a core), however much that was.
		if a.Noisy() && own > 0.1 && childCores > own/2 {
			return
		}
		tries = append(tries, fmt.Sprintf("all %s, child excluded %s, the child's own CPU %.0f%% of a core", a, n, 100*own))
	}
	t.Errorf("a process spinning alongside was not seen:\n%s", strings.Join(tries, "\n"))
}

// childCPU is the process's user and system time so far, as the kernel
// counts it.
func childCPU(t *testing.T, pid int) time.Duration {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatalf("reading the busy process's CPU time: %v", err)
	}
	n, err := parsePIDStat(b)
	if err != nil {
		t.Fatal(err)
	}
	return ticks(n)
}

func TestNoiseMeterLeavesOutThisProcess(t *testing.T) {
	requireProcStat(t)
	var tries []string
	busyMachine := false
	for range 3 {
		// The machine is shared: a quiet window first says whether others
		// are at work anyway, which would make a failure here theirs.
		quiet := measure(t, NewNoiseMeter(), func() { time.Sleep(300 * time.Millisecond) })
		busyMachine = busyMachine || quiet.Noisy()

		var burned time.Duration
		n := measure(t, NewNoiseMeter(), func() { burned = spinFor(time.Second) })
		burnedCores := burned.Seconds() / n.Window.Seconds()
		// Holds however busy the machine: others and this process
		// together cannot have used more than every core. Counting this
		// process as others breaks it once the machine is saturated.
		if total := n.OthersCores + burnedCores; total > float64(n.Cores)+0.1 {
			t.Fatalf("others %.2f cores and this process %.2f: more than the %d cores there are", n.OthersCores, burnedCores, n.Cores)
		}
		if burnedCores > 0.3 && n.OthersCores < burnedCores/2 {
			return
		}
		tries = append(tries, fmt.Sprintf("burned %.2f cores; before: %s, while burning: %s", burnedCores, quiet, n))
	}
	if busyMachine {
		t.Skipf("other processes kept the machine busy; cannot tell this process from them:\n%s", strings.Join(tries, "\n"))
	}
	t.Errorf("this process's own CPU was counted as others':\n%s", strings.Join(tries, "\n"))
}

// spinFor keeps one goroutine busy for d and returns the process CPU it
// took.
func spinFor(d time.Duration) time.Duration {
	u0, s0 := processCPU()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for t0 := time.Now(); time.Since(t0) < d; {
		}
	}()
	<-done
	u1, s1 := processCPU()
	return u1 - u0 + s1 - s0
}
