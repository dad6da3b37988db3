package results

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// Key is what makes a scenario of one run the same scenario in another run
// or another repeat: every field of Scenario but Repeat, with the defaults
// spelt one way, since files from before modes and targets existed have
// neither. Keys compare with ==, so they serve as map keys.
type Key struct {
	Input, Codec string
	Build        string // "" outside a run across builds
	Testbed      string // "" outside a file merged from several testbeds
	Mode         string // never empty: no mode is ModeEncdec
	Target       string // "" for any, the default; else TargetStruct or a type's name
	Pairs        int
	Procs        int
	// GOGC and MemLimit: a sweep's values; empty outside one.
	GOGC, MemLimit string
	Batch          int // documents per message; 0 for 1, the default
}

// Key is s's identity across runs and repeats.
func (s Scenario) Key() Key {
	k := Key{Input: s.Input, Codec: s.Codec, Build: s.Build, Testbed: s.Testbed, Mode: s.Mode, Target: s.Target, Pairs: s.Pairs, Procs: s.Procs, GOGC: s.GOGC, MemLimit: s.MemLimit}
	if k.Mode == "" {
		k.Mode = ModeEncdec
	}
	if k.Target == TargetAny {
		k.Target = ""
	}
	if s.Batch > 1 {
		k.Batch = s.Batch
	}
	return k
}

// Field is one part of a scenario's name: "impl" and "goccy".
type Field struct{ Name, Value string }

// Fields are the parts that name k, in the order names put them. The build
// appears only in a run across builds, the mode and the target only when
// they are not the defaults (encdec, any), a sweep's GOGC and GOMEMLIMIT
// only under a sweep, so that names stay stable as builds, modes, targets
// and sweeps were added.
func (k Key) Fields() []Field {
	fs := []Field{{"input", k.Input}, {"impl", k.Codec}}
	if k.Build != "" {
		fs = append(fs, Field{"build", k.Build})
	}
	if k.Testbed != "" {
		fs = append(fs, Field{"testbed", TestbedSlug(k.Testbed)})
	}
	if k.Mode != ModeEncdec {
		fs = append(fs, Field{"mode", k.Mode})
	}
	if k.Target != "" {
		fs = append(fs, Field{"target", k.Target})
	}
	if k.GOGC != "" {
		fs = append(fs, Field{"gogc", k.GOGC})
	}
	if k.MemLimit != "" {
		fs = append(fs, Field{"memlimit", k.MemLimit})
	}
	if k.Batch > 1 {
		fs = append(fs, Field{"batch", strconv.Itoa(k.Batch)})
	}
	return append(fs, Field{"pairs", strconv.Itoa(k.Pairs)}, Field{"procs", strconv.Itoa(k.Procs)})
}

// Name names the scenario in messages, in the sub-benchmark style:
// "input=citm-catalog/impl=goccy/pairs=2/procs=2". The Go benchmark
// format, the .hgrm file names and Label are other spellings of the same
// fields.
func (k Key) Name() string {
	parts := make([]string, 0, 8)
	for _, f := range k.Fields() {
		parts = append(parts, f.Name+"="+f.Value)
	}
	return strings.Join(parts, "/")
}

// Name is s's Key's name: the repeat is not part of it.
func (s Scenario) Name() string { return s.Key().Name() }

// FileName is the scenario's name as a file's, without its extension, for
// every file a run writes per scenario (-hgrm, -trace, -hlog):
// "citm-catalog_goccy_2x_procs2", the fields of Name joined by "_", with
// _r1 and so on for the repeat when the run has several.
func (s Scenario) FileName(repeats bool) string {
	var parts []string
	for _, f := range s.Key().Fields() {
		switch f.Name {
		case "input", "impl", "mode", "target":
			parts = append(parts, f.Value)
		case "pairs":
			parts = append(parts, f.Value+"x")
		default:
			parts = append(parts, f.Name+f.Value)
		}
	}
	if repeats {
		parts = append(parts, fmt.Sprintf("r%d", s.Repeat))
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || strings.ContainsRune(`/\:*?"<>|`, r) {
			return '_'
		}
		return r
	}, strings.Join(parts, "_"))
}

// CodecLabel names the codec of k where a run's codecs are listed: "goccy",
// or in a run across builds "goccy (new)", the codec and its build.
func (k Key) CodecLabel() string {
	if k.Build == "" {
		return k.Codec
	}
	return k.Codec + " (" + k.Build + ")"
}

// CodecLabel is s's Key's.
func (s Scenario) CodecLabel() string { return s.Key().CodecLabel() }

// Label names the scenario where a person reads it whole, as compare and
// the gate head a scenario: "citm-catalog std 1x encdec (procs 2)", with
// the build, target, batch and a sweep's values when they are set.
func (k Key) Label() string {
	procs := fmt.Sprintf("procs %d", k.Procs)
	if k.GOGC != "" {
		procs += ", GOGC " + k.GOGC
	}
	if k.MemLimit != "" {
		procs += ", GOMEMLIMIT " + k.MemLimit
	}
	if k.Testbed != "" {
		procs += ", on " + k.Testbed
	}
	return fmt.Sprintf("%s %s %dx %s%s (%s)", k.Input, k.CodecLabel(), k.Pairs, k.Mode, variant(k.Target, k.Batch), procs)
}

// variant is how a label ends with a decode target and a batch size when
// they are set: " struct batch=10".
func variant(target string, batch int) string {
	v := ""
	if target != "" {
		v += " " + target
	}
	if batch > 0 {
		v += fmt.Sprintf(" batch=%d", batch)
	}
	return v
}

// SizeLine is k followed across the sizes of a shape: k without its input,
// one codec's line of a by-size table or safe size; SizeHead is its
// level's, without the codec and build as well. The by-size summary and
// the safe sizes group their rows by these, so the two cannot group one
// run two ways.
func (k Key) SizeLine() Key {
	k.Input = ""
	return k
}

// SizeHead: see SizeLine.
func (k Key) SizeHead() Key {
	k.Input, k.Codec, k.Build = "", "", ""
	return k
}
