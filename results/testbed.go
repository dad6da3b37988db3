package results

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Testbed is what makes a run's figures belong to one machine: a codec's
// freeze and speed change with the architecture and with the native paths
// (a JIT, assembly) its codecs have there, the CPU, how many cores and how
// much of them a container may use, where GOMAXPROCS came from, and the Go
// release. Figures of different
// testbeds are never pooled and never judged against each other.
// Testbeds compare with ==.
type Testbed struct {
	GOOS, GOARCH string
	CPU          string
	Cores        int
	CPUQuota     float64 // cores a container's CPU quota allows; 0: none
	GOMAXPROCS   int
	ProcsSource  string
	GoVersion    string
	// Fallbacks is Environment.Fallbacks in a form that compares with ==,
	// as fallbacksKey spells it.
	Fallbacks string
}

// Testbed is the testbed e describes.
func (e Environment) Testbed() Testbed {
	return Testbed{GOOS: e.GOOS, GOARCH: e.GOARCH, CPU: e.CPU, Cores: e.Cores, CPUQuota: e.CPUQuota,
		GOMAXPROCS: e.GOMAXPROCS, ProcsSource: e.ProcsSource, GoVersion: e.GoVersion, Fallbacks: fallbacksKey(e.Fallbacks)}
}

// Name is t's short name, as labels and headers print it:
// "linux/arm64 Neoverse-N1 4c go1.26.8". A quota, a GOMAXPROCS other than
// the cores and a codec's fallback where its native path is built for the
// platform ("NAME-fallback") appear only when they are so, to keep the
// common name short.
func (t Testbed) Name() string {
	parts := []string{t.GOOS + "/" + t.GOARCH, ShortCPU(t.CPU), strconv.Itoa(t.Cores) + "c"}
	if t.CPUQuota > 0 {
		parts = append(parts, "quota"+strconv.FormatFloat(t.CPUQuota, 'g', 3, 64))
	}
	if t.GOMAXPROCS > 0 && t.GOMAXPROCS != t.Cores {
		parts = append(parts, "GOMAXPROCS="+strconv.Itoa(t.GOMAXPROCS))
	}
	for _, f := range parseFallbacks(t.Fallbacks) {
		if f.Supported {
			parts = append(parts, f.Codec+"-fallback")
		}
	}
	return strings.Join(append(parts, t.GoVersion), " ")
}

// Differences are the facts in which u differs from t, each as "what: t's
// value -> u's value", in a fixed order; none when they are the same testbed.
func (t Testbed) Differences(u Testbed) []string {
	var out []string
	diff := func(what string, a, b any) {
		if a != b {
			out = append(out, fmt.Sprintf("%s: %v -> %v", what, a, b))
		}
	}
	diff("os/arch", t.GOOS+"/"+t.GOARCH, u.GOOS+"/"+u.GOARCH)
	diff("CPU", orUnknown(t.CPU), orUnknown(u.CPU))
	diff("cores", t.Cores, u.Cores)
	diff("CPU quota", quota(t.CPUQuota), quota(u.CPUQuota))
	diff("GOMAXPROCS", fmt.Sprintf("%d (%s)", t.GOMAXPROCS, t.ProcsSource), fmt.Sprintf("%d (%s)", u.GOMAXPROCS, u.ProcsSource))
	diff("Go", t.GoVersion, u.GoVersion)
	// A codec's path: its native one where it did not fall back, whose
	// name the other testbed's fallback gives. Whether the platform
	// supports it follows from the os/arch, which says so above.
	tf, uf := parseFallbacks(t.Fallbacks), parseFallbacks(u.Fallbacks)
	for _, f := range append(slices.Clone(tf), uf...) {
		diff(f.Codec, pathOf(tf, f), pathOf(uf, f)) // a codec in both is "fallback" in both
	}
	return out
}

// pathOf is the path f's codec took on a testbed that fell back from fs:
// "fallback", or f's native path.
func pathOf(fs []Fallback, f Fallback) string {
	for _, g := range fs {
		if g.Codec == f.Codec {
			return "fallback"
		}
	}
	return f.Native
}

// fallbacksKey spells fs as one string: each fallback's codec, native
// path and whether the platform supports it, in the registry's order.
func fallbacksKey(fs []Fallback) string {
	var parts []string
	for _, f := range fs {
		parts = append(parts, f.Codec+"|"+f.Native+"|"+strconv.FormatBool(f.Supported))
	}
	return strings.Join(parts, ";")
}

// parseFallbacks reads fallbacksKey's string back.
func parseFallbacks(key string) []Fallback {
	var out []Fallback
	for part := range strings.SplitSeq(key, ";") {
		if f := strings.Split(part, "|"); len(f) == 3 {
			out = append(out, Fallback{Codec: f[0], Native: f[1], Supported: f[2] == "true"})
		}
	}
	return out
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

func quota(cores float64) string {
	if cores <= 0 {
		return "none"
	}
	return strconv.FormatFloat(cores, 'g', 3, 64) + " cores"
}

var (
	cpuNoise   = regexp.MustCompile(`\((R|r|TM|tm)\)|@.*$|\b\d+-Core\b|\b(CPU|Processor|processor|with Radeon Graphics)\b`)
	cpuVendors = map[string]bool{"Intel": true, "AMD": true, "ARM": true}
)

// ShortCPU is a CPU model as a testbed's name prints it: the model without
// the vendor, trademarks, clock and core count, words joined by '-':
// "AMD EPYC 7763 64-Core Processor" is "EPYC-7763", "Intel(R) Xeon(R)
// Platinum 8370C CPU @ 2.80GHz" is "Xeon-Platinum-8370C".
func ShortCPU(model string) string {
	var words []string
	for _, w := range strings.Fields(cpuNoise.ReplaceAllString(model, " ")) {
		if !cpuVendors[w] {
			words = append(words, w)
		}
	}
	if len(words) == 0 {
		return "unknown-CPU"
	}
	return strings.Join(words, "-")
}

// TestbedRun is what a merged file keeps of each testbed it holds: the
// environment, the config (its levels resolve N to that machine's
// GOMAXPROCS), the idle pass and the calibration, each that machine's own.
type TestbedRun struct {
	Name        string       `json:"name"`
	Env         Environment  `json:"env"`
	Config      Config       `json:"config"`
	Idle        *Result      `json:"idle,omitempty"`
	Calibration *Calibration `json:"calibration,omitempty"`
}

// TestbedNames are the testbeds a merged file holds, in order; none for a
// run of one testbed, which every file a run writes is.
func (run *Run) TestbedNames() []string {
	var out []string
	for _, tb := range run.Testbeds {
		out = append(out, tb.Name)
	}
	return out
}

// OfTestbed is what testbed name measured, as the run of its own it was
// before the merge: its environment, config, rows and codecs, with the
// testbed taken off their names.
func (run *Run) OfTestbed(name string) *Run {
	out := &Run{Inputs: run.Inputs}
	for _, tb := range run.Testbeds {
		if tb.Name == name {
			out.Env, out.Config, out.Idle, out.Calibration = tb.Env, tb.Config, tb.Idle, tb.Calibration
		}
	}
	out.Codecs, out.Results = partOf(run, name, func(im *CodecInfo) *string { return &im.Testbed }, func(r *Result) *string { return &r.Testbed })
	return out
}

// ByTestbed is run split by testbed, each part a run of one testbed: run
// itself when it holds one.
func (run *Run) ByTestbed() []*Run {
	if len(run.Testbeds) == 0 {
		return []*Run{run}
	}
	var out []*Run
	for _, name := range run.TestbedNames() {
		out = append(out, run.OfTestbed(name))
	}
	return out
}

// TestbedLabel names the testbeds a file holds, for messages: the one
// testbed's name, or the merged file's names joined by " + ".
func (run *Run) TestbedLabel() string {
	if len(run.Testbeds) == 0 {
		return run.Env.Testbed().Name()
	}
	return strings.Join(run.TestbedNames(), " + ")
}

// TestbedSlug is a testbed's name as one word of a scenario's name (the
// sub-benchmark style separates fields with '/'):
// "linux-arm64_Neoverse-N1_4c_go1.26.8".
func TestbedSlug(name string) string {
	return strings.NewReplacer("/", "-", " ", "_", "=", "").Replace(name)
}

// PortableName is k's name as it is on every testbed, for what sets two
// machines side by side (compare --across-testbeds) or tracks one
// scenario across them (Bencher, github-action-benchmark):
// "input=citm-catalog/impl=goccy/level=N". The level is named by its spec,
// not by the pairs it came to, which are GOMAXPROCS's doing; GOMAXPROCS
// appears only under a -procs sweep, the testbed never.
func PortableName(cfg Config, k Key) string {
	var parts []string
	for _, f := range k.Fields() {
		switch f.Name {
		case "testbed":
		case "procs":
			if len(cfg.Procs) > 0 {
				parts = append(parts, "procs="+f.Value)
			}
		case "pairs":
			parts = append(parts, "level="+levelSpec(cfg, k.Pairs))
		default:
			parts = append(parts, f.Name+"="+f.Value)
		}
	}
	return strings.Join(parts, "/")
}

// levelSpec is the spec that asked for pairs ("2N"), or the count itself.
func levelSpec(cfg Config, pairs int) string {
	for _, l := range cfg.Levels {
		if l.Pairs == pairs {
			return l.Spec
		}
	}
	return strconv.Itoa(pairs)
}
