package latency

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strconv"
	"time"
)

// NoisyCores is how much CPU, in cores averaged over a window, the other
// processes of the machine may take before the window is called noisy: a
// tenth of a core is already a pair's worth of stolen turns on a small
// machine, and far above the meter's resolution over a window of a second
// or more.
const NoisyCores = 0.10

// Noise is the CPU the rest of the machine took while a window was open.
//
// Resolution: the kernel reports the machine's CPU time in ticks of
// 1/USER_HZ = 10ms, summed over every core, and charges them by sampling at
// each timer interrupt, whereas this process's own CPU comes exact from
// getrusage. The difference of the two is good to about a few ticks per
// window: ±0.01-0.02 cores over a 2s window, ±0.1 or worse under 300ms,
// where a window is too short to be judged. A difference below zero is that
// granularity, not negative work, and reads as 0.
type Noise struct {
	Window time.Duration `json:"window_ns"`
	// OthersCores is the CPU time of every other process (and of
	// interrupts, which no process is charged for but which take the CPU
	// all the same) over the window, in cores: 0.37 is 37% of one core.
	OthersCores float64 `json:"others_cores"`
	// StealCores is the CPU the hypervisor gave to other guests while this
	// machine wanted it. It is no process of this machine's, so it is kept
	// out of OthersCores.
	StealCores float64 `json:"steal_cores"`
	Cores      int     `json:"cores"` // the machine's CPUs that both figures span
	// ThrottledCores is how long the CPU quota of this process's cgroup (a
	// container's limit) kept its threads from running, in cores over the
	// window: the machine's, like the others' CPU, though no other process
	// took it. 0 where there is no quota, or no cgroup says.
	ThrottledCores float64 `json:"throttled_cores,omitempty"`
}

// Noisy says whether others, the hypervisor or the cgroup's quota took
// more than NoisyCores on average. Steal counts: a stolen turn delays the codec exactly as another
// process's would. A nil Noise (not measured) is never noisy.
func (n *Noise) Noisy() bool {
	return n != nil && (n.OthersCores > NoisyCores || n.StealCores > NoisyCores || n.ThrottledCores > NoisyCores)
}

// Add is the noise of two windows taken as one (the slices of an
// interleaved level): each share weighted by its window. A nil side, not
// measured, adds nothing.
func (n *Noise) Add(o *Noise) *Noise {
	if n == nil || o == nil {
		if n == nil {
			return o
		}
		return n
	}
	w := n.Window + o.Window
	if w <= 0 {
		return n
	}
	share := func(a, b float64) float64 {
		return (a*n.Window.Seconds() + b*o.Window.Seconds()) / w.Seconds()
	}
	return &Noise{Window: w, OthersCores: share(n.OthersCores, o.OthersCores), StealCores: share(n.StealCores, o.StealCores), Cores: n.Cores,
		ThrottledCores: share(n.ThrottledCores, o.ThrottledCores)}
}

// String reads like "NOISY (others 37% of a core)" or "quiet (others 2% of
// a core, steal 1%)"; steal is shown only when it rounds above zero.
func (n *Noise) String() string {
	if n == nil {
		return "noise not measured"
	}
	call := "quiet"
	if n.Noisy() {
		call = "NOISY"
	}
	s := fmt.Sprintf("%s (others %.0f%% of a core", call, 100*n.OthersCores)
	if steal := 100 * n.StealCores; steal >= 0.5 {
		s += fmt.Sprintf(", steal %.0f%%", steal)
	}
	if throttled := 100 * n.ThrottledCores; throttled >= 0.5 {
		s += fmt.Sprintf(", throttled by the cgroup's quota %.0f%%", throttled)
	}
	return s + ")"
}

// userHZ is the unit of /proc/stat and /proc/PID/stat: the kernel exports
// USER_HZ = 100 on every architecture Go runs Linux on, whatever its
// internal tick rate.
const userHZ = 100

func ticks(n uint64) time.Duration { return time.Duration(n) * (time.Second / userHZ) }

// NoiseMeter measures Noise over one window at a time. Reuse it for the
// next window by calling Start again.
type NoiseMeter struct {
	exclude    []string // /proc/PID/stat of each process to exclude
	cores      int
	buf        []byte // one buffer for every /proc read, so that Start and Stop allocate next to nothing
	start, end noiseReading
	started    bool
}

// noiseReading is every counter at one end of a window. excluded[i] is
// exclude[i]'s utime+stime in ticks, or -1 when the process could not be
// read (gone, or never there).
type noiseReading struct {
	at       time.Time
	cpu      cpuTimes
	self     time.Duration
	excluded []int64
}

// NewNoiseMeter prepares a meter. CPU of the exclude processes is not
// counted as others: a worker process names its parent, which is part of
// the same run. A process not found at both ends of a window is not
// excluded, so that a mistake shows as noise rather than hiding it.
func NewNoiseMeter(exclude ...int) *NoiseMeter {
	m := &NoiseMeter{}
	if !haveProcFS {
		return m
	}
	data, err := os.ReadFile(procStat)
	if err != nil {
		return m
	}
	_, m.cores, _ = parseProcStat(data) // a bad file fails Start, which says so by Stop's nil
	if m.cores == 0 {
		m.cores = runtime.NumCPU()
	}
	for _, pid := range exclude {
		m.exclude = append(m.exclude, fmt.Sprintf("/proc/%d/stat", pid))
	}
	m.buf = make([]byte, 0, len(data)+len(data)/2+512) // /proc/stat grows a little as interrupts are added
	m.start.excluded = make([]int64, len(exclude))
	m.end.excluded = make([]int64, len(exclude))
	return m
}

// Start opens the window.
func (m *NoiseMeter) Start() {
	m.started = m.read(&m.start) == nil
}

// Stop closes the window and returns what others took during it, or nil
// when the system does not say (no /proc/stat) or Start could not read it.
func (m *NoiseMeter) Stop() *Noise {
	if !m.started {
		return nil
	}
	m.started = false
	if err := m.read(&m.end); err != nil {
		return nil
	}
	return m.start.noiseUntil(m.end, m.cores)
}

// read fills r. The machine's counters and this process's are read back to
// back, so that little CPU falls between them.
func (m *NoiseMeter) read(r *noiseReading) error {
	if !haveProcFS || m.buf == nil {
		return errNoProcFS
	}
	var err error
	if m.buf, err = readInto(m.buf, procStat); err != nil {
		return err
	}
	r.at = time.Now()
	r.self = cpuNow()
	if r.cpu, _, err = parseProcStat(m.buf); err != nil {
		return err
	}
	for i, path := range m.exclude {
		r.excluded[i] = -1
		if m.buf, err = readInto(m.buf, path); err != nil {
			continue
		}
		if t, err := parsePIDStat(m.buf); err == nil {
			r.excluded[i] = int64(t)
		}
	}
	return nil
}

func (start noiseReading) noiseUntil(end noiseReading, cores int) *Noise {
	window := end.at.Sub(start.at)
	if window <= 0 {
		return nil
	}
	busy := ticks(end.cpu.busy()) - ticks(start.cpu.busy())
	others := busy - (end.self - start.self)
	for i, t0 := range start.excluded {
		if t1 := end.excluded[i]; t0 >= 0 && t1 >= t0 {
			others -= ticks(uint64(t1 - t0))
		}
	}
	steal := ticks(end.cpu.steal) - ticks(start.cpu.steal)
	return &Noise{
		Window:      window,
		OthersCores: max(others, 0).Seconds() / window.Seconds(),
		StealCores:  max(steal, 0).Seconds() / window.Seconds(),
		Cores:       cores,
	}
}

var errNoProcFS = errors.New("no /proc/stat on this system")

const procStat = "/proc/stat"

// readInto reads the whole file into buf, reusing its storage.
func readInto(buf []byte, path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return buf, err
	}
	defer f.Close()
	buf = buf[:0]
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, fmt.Errorf("reading %s: %w", path, err)
		}
	}
}

// cpuTimes is the machine-wide "cpu" line of /proc/stat, in ticks. Guest
// time needs no field of its own: the kernel already counts it in user and
// nice.
type cpuTimes struct {
	user, nice, system, idle, iowait, irq, softirq, steal uint64
}

// busy is the time some CPU ran anything: idle and iowait are the CPU
// waiting, steal is the CPU running someone else's guest.
func (c cpuTimes) busy() uint64 { return c.user + c.nice + c.system + c.irq + c.softirq }

// parseProcStat reads the "cpu" line and counts the "cpuN" lines (0 when it
// finds none). Kernels
// before 2.6.11 have no steal, before 2.6 no iowait, irq or softirq: the
// missing fields read as 0.
func parseProcStat(data []byte) (c cpuTimes, cores int, err error) {
	found := false
	for line := range bytes.Lines(data) {
		f := bytes.Fields(line)
		if len(f) == 0 || !bytes.HasPrefix(f[0], []byte("cpu")) {
			continue
		}
		if n := f[0][3:]; len(n) > 0 {
			if isDigits(n) {
				cores++
			}
			continue
		}
		if found {
			return c, 0, errors.New("/proc/stat: two cpu lines")
		}
		found = true
		if len(f) < 5 {
			return c, 0, fmt.Errorf("/proc/stat: cpu line has %d fields, want at least 4", len(f)-1)
		}
		dst := []*uint64{&c.user, &c.nice, &c.system, &c.idle, &c.iowait, &c.irq, &c.softirq, &c.steal}
		for i, v := range f[1:min(len(f), len(dst)+1)] {
			if *dst[i], err = strconv.ParseUint(string(v), 10, 64); err != nil {
				return cpuTimes{}, 0, fmt.Errorf("/proc/stat: cpu field %d: %w", i+1, err)
			}
		}
	}
	if !found {
		return c, 0, errors.New("/proc/stat: no cpu line")
	}
	return c, cores, nil
}

func isDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// parsePIDStat returns utime+stime, fields 14 and 15 of /proc/PID/stat, in
// ticks. Field 2 is the command name in parentheses and may itself hold
// spaces and parentheses, so the fields are counted from the last ')'.
func parsePIDStat(data []byte) (uint64, error) {
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return 0, errors.New("/proc/PID/stat: no command name")
	}
	f := bytes.Fields(data[i+1:]) // f[0] is field 3, the state
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc/PID/stat: %d fields after the command name, want at least 13", len(f))
	}
	utime, err := strconv.ParseUint(string(f[11]), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("/proc/PID/stat: utime: %w", err)
	}
	stime, err := strconv.ParseUint(string(f[12]), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("/proc/PID/stat: stime: %w", err)
	}
	return utime + stime, nil
}

// LoadAverage is the kernel's 1, 5 and 15 minute load averages, ok false
// where /proc/loadavg is not to be had. It counts runnable (and, on Linux,
// uninterruptible) tasks, this process's included, so it says how busy the
// machine is but not who made it so: Noise says that.
func LoadAverage() (one, five, fifteen float64, ok bool) {
	if !haveProcFS {
		return 0, 0, 0, false
	}
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0, 0, 0, false
	}
	one, five, fifteen, err = parseLoadavg(data)
	return one, five, fifteen, err == nil
}

func parseLoadavg(data []byte) (one, five, fifteen float64, err error) {
	f := bytes.Fields(data)
	if len(f) < 3 {
		return 0, 0, 0, fmt.Errorf("/proc/loadavg: %d fields, want at least 3", len(f))
	}
	var v [3]float64
	for i := range v {
		if v[i], err = strconv.ParseFloat(string(f[i]), 64); err != nil {
			return 0, 0, 0, fmt.Errorf("/proc/loadavg: field %d: %w", i+1, err)
		}
		if !(v[i] >= 0) || math.IsInf(v[i], 0) {
			return 0, 0, 0, fmt.Errorf("/proc/loadavg: field %d: %q is no load average", i+1, f[i])
		}
	}
	return v[0], v[1], v[2], nil
}
