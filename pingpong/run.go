package pingpong

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	registry "github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/internal/machine"
	"github.com/pingpong-bench/pingpong/internal/plan"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/verdict"
)

// Options say how Run measures; the zero value measures one level of
// GOMAXPROCS pairs for DefaultDuration per codec.
type Options struct {
	// Input is what the results call the document; "" calls it "doc".
	Input string
	// Levels are how many pairs run at once, one level each; none is
	// GOMAXPROCS pairs, the pingpong command's level N.
	Levels []int
	// Duration is each codec's measured window at each level: the codecs
	// and baseline take turns of 100ms in it. 0 is DefaultDuration.
	Duration time.Duration
	// Warmup is the least unrecorded run before each window; it also
	// lasts until every pair has done a few round trips, which is what
	// warms a codec. 0 is a tenth of Duration.
	Warmup time.Duration
	// Culprits runs the runtime's flight recorder through each window and
	// names what its worst stop of the world waited on (Result.Culprit).
	// It costs throughput (8-60% in the pingpong command's runs).
	Culprits bool
	// Deadline, when set, is the longest the run may take. The codecs'
	// pairs (not baseline's, which does no work that could hold a stop)
	// check it between calls and stop calling the codecs once it has
	// passed, so that a codec that keeps a stop of the world from ever beginning
	// cannot keep the run from ending; Run then returns an error that
	// wraps ErrDeadline (a single call that never returns still cannot be
	// cut short).
	Deadline time.Duration
	// Until is the most window a codec may get while the verdict cannot
	// yet tell whether it freezes the program: its turns go on past
	// Duration, with the references', until it can or Until is reached.
	// 0 is UntilWindows times Duration; a negative Until never goes past
	// Duration.
	Until time.Duration
	// FrozenBar and LongStop are the verdict's bars: how many points of
	// the window (0.03: 3 points) a codec must freeze the program beyond
	// the reference, and what counts as a long stop. 0: the defaults
	// (verdict.FrozenPoints, verdict.LongStop).
	FrozenBar float64
	LongStop  time.Duration
	// Budget is the freeze budget, the pingpong command's -budget: the
	// stop of the world the program can afford, judged on a high
	// quantile of each codec's stops' waits (CodecReport.BudgetStop,
	// Level.Budget). 0 is verdict.DefaultBudget.
	Budget time.Duration
}

// DefaultDuration is each codec's window when Options say none.
const DefaultDuration = time.Second

// UntilWindows is Options.Until's default, in windows of Duration.
const UntilWindows = plan.UntilWindows

// ErrDeadline is what Run's error wraps when the run passed its deadline.
var ErrDeadline = errors.New("pingpong: the run passed its deadline")

// ErrSlow is what a deadline's error also wraps when the run was slow, not
// frozen: the program's other goroutines kept running to the end (a codec
// slower than the deadline allows, or a machine whose other work left the
// program little CPU). A stop that did not begin within the deadline is
// no ErrSlow.
var ErrSlow = errors.New("the run was slow, not frozen")

// Run measures codecs on doc in this process, the way the pingpong command
// measures a level: at each level, pairs of goroutines ping-pong doc
// through each codec in turn with the references (baseline: no work;
// and at a level of as many pairs as Ps, control: preemptible work as
// busy as a codec, which the verdict judges against there), while a probe forces a stop of the world every 10ms and records
// how long each took to begin. Each codec is first checked against
// encoding/json on doc; one that fails has its Err and the others go on.
//
// The Report holds, per level and codec, the figures and the verdict the
// command's report ends with (Report.Codec); while the verdict cannot yet
// tell a codec of a level, its turns go on (Options.Until). Its Results are
// what the command writes with -json. A level too large for the machine's
// memory on doc is refused before anything runs, as the command refuses it.
// A run that passed its deadline returns what it measured with an error
// that wraps ErrDeadline.
func Run(ctx context.Context, doc []byte, codecs []Codec, opts Options) (*Report, error) {
	cfg, in, err := opts.config(doc)
	if err != nil {
		return nil, err
	}
	entries := make([]registry.Entry, 0, len(codecs)+1)
	for _, c := range codecs {
		im, err := c.entry()
		if err != nil {
			return nil, err
		}
		entries = append(entries, im)
	}
	base, err := registry.LookupAll([]string{results.Baseline})
	if err != nil {
		return nil, fmt.Errorf("pingpong: %w", err)
	}
	entries = append(entries, base...)
	if control, ok := registry.Lookup(results.Control); ok {
		entries = append(entries, control)
	}
	var dog *watchdog
	if opts.Deadline > 0 {
		dog = startWatchdog(opts.Deadline)
		defer dog.stop()
		for i := range entries {
			if !results.IsReference(entries[i].Name) { // a reference cannot freeze, and baseline's sub-microsecond round trip would time the check
				entries[i] = dog.guard(entries[i])
			}
		}
	}
	run, err := plan.ExecuteCodecs(ctx, cfg, machine.ReadEnvironment("GOMAXPROCS of the program"), []*datasets.Input{in}, entries, quiet{})
	if err == nil && dog != nil {
		err = dog.err()
	}
	if run == nil { // refused before it measured: plan.Validate's words
		return nil, fmt.Errorf("pingpong: %w", err)
	}
	return ReportOf(run), err
}

// config is the pingpong command's configuration for these options, with
// the command's defaults (plan's) where they say nothing, but for a
// shorter window; plan.Validate, which Run's plan.ExecuteCodecs calls,
// checks it.
func (o Options) config(doc []byte) (results.Config, *datasets.Input, error) {
	name := o.Input
	if name == "" {
		name = "doc"
	}
	if err := datasets.Validate(name, doc); err != nil {
		return results.Config{}, nil, fmt.Errorf("pingpong: %w", err)
	}
	sum := sha256.Sum256(doc)
	in := &datasets.Input{Name: name, Kind: "program", Data: doc, SHA256: hex.EncodeToString(sum[:])}
	specs := []string{"N"}
	if len(o.Levels) > 0 {
		specs = nil
		for _, l := range o.Levels {
			specs = append(specs, strconv.Itoa(l))
		}
	}
	levels, err := results.LevelsOf(specs, runtime.GOMAXPROCS(0))
	if err != nil {
		return results.Config{}, nil, fmt.Errorf("pingpong: levels: %w", err)
	}
	d := o.Duration
	if d <= 0 {
		d = DefaultDuration
	}
	warmup := o.Warmup
	if warmup <= 0 {
		warmup = d / 10
	}
	until := o.Until
	switch {
	case until == 0:
		until = plan.DefaultUntil(d)
	case until < d:
		until = 0
	}
	return results.Config{Levels: levels, Duration: d, Warmup: warmup, Slice: plan.DefaultSlice, Until: until,
		STW: plan.DefaultSTW, Culprits: o.Culprits, FrozenBar: o.FrozenBar, LongStop: o.LongStop, Budget: o.Budget}, in, nil
}

// quiet is the observer of a run nobody watches as it goes.
type quiet struct{}

func (quiet) Input(results.InputInfo, []results.CodecInfo) {}
func (quiet) Result(results.Result)                        {}

// More keeps a level's turns going while the verdict cannot tell a codec
// (plan.Judge).
func (quiet) More(cfg results.Config, sofar []results.Result) []bool { return verdict.More(cfg, sofar) }
