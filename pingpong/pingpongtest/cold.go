// The first-call guard (FirstCall): a codec's or a function's first call,
// each in a fresh process of its own, judged against control's first call.
//
// A fresh process is the test binary itself, run again with -test.run
// narrowed to the test that called the guard and firstCallEnv set: the
// test runs up to the same guard, which there measures its first call
// (internal/cold, as `pingpong cold` does: the stop-the-world probe and
// the sleep probe beside it), writes the sample to a file and ends the
// test (a skip). Guards of other names, and steady guards, measure
// nothing in such a process.

package pingpongtest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/internal/cold"
	"github.com/pingpong-bench/pingpong/pingpong"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/verdict"
)

// DefaultProcesses is how many fresh processes a FirstCall guard starts
// for the first call (as many again for control's): the least that gives
// a median of a majority, and few enough for a test (each is the test
// binary's start and its calls: tens of milliseconds).
const DefaultProcesses = 5

// leastProcesses is the fewest processes a median over them means
// anything for: Processes refuses fewer, and a guard that saw fewer first
// calls cannot tell.
const leastProcesses = 3

// steadyCalls are the calls after the second whose median is the steady
// state a first call is set against, in the fresh process: fewer than
// the command's (cold.DefaultSteady), since a function's call may be slow
// every time.
const steadyCalls = 3

// firstCallEnv marks a fresh process of a first-call guard: its value is
// the freshJob, in JSON.
const firstCallEnv = "PINGPONGTEST_FIRSTCALL"

// A freshJob is what a fresh process is asked: which guard (the test and
// the name it was given), whose first call (the subject's or control's),
// and the file its sample goes to.
type freshJob struct {
	Test    string `json:"test"`
	Name    string `json:"name"`
	Control bool   `json:"control,omitempty"`
	// Busy is how long a function's control lasts: its first call's time
	// in the process before.
	Busy time.Duration `json:"busy_ns,omitempty"`
	Doc  string        `json:"doc_sha256"`
	Out  string        `json:"out"`
}

// thisJob is the job of this process, nil unless it is a fresh process of
// a first-call guard.
var thisJob = sync.OnceValue(func() *freshJob {
	v, ok := os.LookupEnv(firstCallEnv)
	if !ok {
		return nil
	}
	job := new(freshJob)
	if err := json.Unmarshal([]byte(v), job); err != nil {
		job.Name = "" // a malformed job: no guard matches it, and none spawns
	}
	return job
})

// A subject is what a first-call guard measures: a codec on a document,
// or a function (a codec whose decode calls it, on null).
type subject struct {
	name  string
	entry codecs.Entry
	doc   []byte
	typ   reflect.Type // the codec's New's; nil: any
	fn    bool         // a function: its control is codecs.Busy as long as its first call
}

func codecSubject(c pingpong.Codec, doc []byte) (subject, error) {
	if c.Name == "" || results.IsReference(c.Name) || c.Marshal == nil || c.Unmarshal == nil {
		return subject{}, fmt.Errorf("a codec needs a name other than %q, %q and %q, Marshal and Unmarshal", "", results.Baseline, results.Control)
	}
	s := subject{name: c.Name, doc: doc, entry: libraryEntry(c)}
	if c.New != nil {
		if s.typ = reflect.TypeOf(c.New()); s.typ == nil || s.typ.Kind() != reflect.Pointer {
			return subject{}, fmt.Errorf("New returns %v, not a pointer to decode into", s.typ)
		}
		s.typ = s.typ.Elem()
	}
	return s, nil
}

func funcSubject(name string, fn func()) (subject, error) {
	s, err := codecSubject(funcCodec(name, fn), null)
	s.fn = true
	return s, err
}

// calls are the calls of the subject a guard judges, as results.ColdSample
// names them: a function's call is its decode.
func (s subject) calls() []string {
	if s.fn {
		return []string{"decode"}
	}
	return results.ColdCalls
}

// guardFirstCall is NoFreeze and NoFreezeFunc with FirstCall.
func guardFirstCall(t testing.TB, s subject, err error, o options) {
	t.Helper()
	if job := thisJob(); job != nil {
		if job.Test == t.Name() && job.Name == s.name && err == nil {
			measureFresh(t, s, job)
		}
		return // another guard's fresh process
	}
	if err != nil {
		t.Fatalf("pingpongtest: %s: %v", s.name, err)
	}
	if !guarding(t, s.name) {
		return
	}
	if n := runtime.GOMAXPROCS(0); n < 2 {
		unsure(t, message{first: fmt.Sprintf("pingpongtest: cannot tell whether %s's first call freezes the program: GOMAXPROCS=%d", s.name, n),
			details: []string{"the stop-the-world probe needs a P beside the first call's: run the test with GOMAXPROCS=2 or more"}}, o)
		return
	}
	if err := once(t, s.name); err != nil {
		t.Fatalf("pingpongtest: %s: %v", s.name, err)
	}
	codec, control, err := sample(t, s, o)
	if errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("pingpongtest: %s: a fresh process ran past the deadline (%v): a first call that long, or the test's code before the guard",
			s.name, o.run.Deadline)
		return
	}
	if err != nil {
		t.Fatalf("pingpongtest: %s: %v", s.name, err)
	}
	calls := make([]firstCall, 0, 2)
	for _, what := range s.calls() {
		calls = append(calls, judgeFirst(what, codec, control, o.floor()))
	}
	m, answer := firstCallWords(s, calls)
	switch answer {
	case pingpong.StandsOut:
		t.Errorf("%s", m)
	case pingpong.CannotTell:
		unsure(t, m, o)
	default:
		t.Logf("%s", m)
	}
}

// guarded are the names each running test's first-call guards took: a
// fresh process measures the first guard of its name it reaches, so two
// of one name in one test would measure the first twice.
var guarded = struct {
	sync.Mutex
	names map[testing.TB]map[string]bool
}{names: map[testing.TB]map[string]bool{}}

func once(t testing.TB, name string) error {
	guarded.Lock()
	defer guarded.Unlock()
	if guarded.names[t] == nil {
		guarded.names[t] = map[string]bool{}
		t.Cleanup(func() { guarded.Lock(); delete(guarded.names, t); guarded.Unlock() })
	}
	if guarded.names[t][name] {
		return errors.New("a second first-call guard of that name in one test: its fresh processes could not tell them apart (name them apart, or use subtests)")
	}
	guarded.names[t][name] = true
	return nil
}

// sample starts the fresh processes, the subject's and control's in
// turns (so that the machine's moods fall on both), each within the
// deadline: a first call that does not return ends the guard, a busy
// machine that starts processes slowly does not.
func sample(t testing.TB, s subject, o options) (codec, control []results.ColdSample, err error) {
	run := func(job freshJob) (results.ColdSample, error) {
		ctx, cancel := context.WithTimeout(t.Context(), o.run.Deadline)
		defer cancel()
		return fresh(ctx, job)
	}
	dir := t.TempDir()
	job := freshJob{Test: t.Name(), Name: s.name, Doc: digest(s.doc)}
	for i := range o.processes() {
		job.Control, job.Out = false, filepath.Join(dir, fmt.Sprintf("first-%d.json", i))
		c, err := run(job)
		if err != nil {
			return nil, nil, err
		}
		if c.Err != "" {
			return nil, nil, fmt.Errorf("its first call failed in a fresh process: %s", c.Err)
		}
		job.Control, job.Busy, job.Out = true, c.Decode.Time, filepath.Join(dir, fmt.Sprintf("control-%d.json", i))
		r, err := run(job)
		if err != nil {
			return nil, nil, err
		}
		if r.Err != "" {
			return nil, nil, fmt.Errorf("control's first call failed in a fresh process: %s", r.Err)
		}
		codec, control = append(codec, c), append(control, r)
	}
	return codec, control, nil
}

// fresh runs the test binary again for job and reads its sample.
func fresh(ctx context.Context, job freshJob) (results.ColdSample, error) {
	var s results.ColdSample
	exe, err := os.Executable()
	if err != nil {
		return s, fmt.Errorf("finding the test binary to run again: %w", err)
	}
	env, err := json.Marshal(job)
	if err != nil {
		return s, fmt.Errorf("a fresh process's job: %w", err)
	}
	args := []string{"-test.run=" + runPattern(job.Test), "-test.count=1"}
	if testing.Short() {
		args = append(args, "-test.short")
	}
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Env = append(os.Environ(), firstCallEnv+"="+string(env))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.WaitDelay = time.Second // a process the deadline killed may leave its output's pipe open in a child of its own
	runErr := cmd.Run()
	if err := ctx.Err(); err != nil {
		return s, fmt.Errorf("a fresh process: %w", err)
	}
	b, err := os.ReadFile(job.Out)
	if err != nil {
		return s, fmt.Errorf("a fresh process of the test (%s %s) gave no sample (did the test reach the guard?): %v; it printed: %s",
			filepath.Base(exe), strings.Join(args, " "), runErr, lastLines(out.String(), 5))
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return s, fmt.Errorf("a fresh process's sample: %w", err)
	}
	return s, nil
}

// runPattern is the -test.run that selects test name alone: each level
// of a subtest's name matched whole.
func runPattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}

func digest(doc []byte) string {
	sum := sha256.Sum256(doc)
	return hex.EncodeToString(sum[:])
}

// lastLines are the last n lines of s, on one line.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], " | ")
}

// measureFresh is the fresh process's side: the first call of the subject
// or of its control, written to the job's file; then the test ends here.
func measureFresh(t testing.TB, s subject, job *freshJob) {
	t.Helper()
	var sample results.ColdSample
	in := &datasets.Input{Name: s.name, Kind: "program", Data: s.doc}
	entry := s.entry
	switch {
	case digest(s.doc) != job.Doc:
		sample.Err = "the test made another document in the fresh process (its sha256 differs): a first-call guard needs the same one each run"
	case job.Control && s.fn:
		entry = libraryEntry(funcCodec("busy", codecs.Busy(job.Busy))) // not "control": cold.Measure would make encoding/json's
	case job.Control:
		entry = codecs.Entry{Name: results.Control, Reference: true} // cold.Measure makes it for the document and type
	}
	if sample.Err == "" {
		sample = cold.Measure(entry, in, cold.Job{Type: s.typ, Steady: steadyCalls, STW: cold.DefaultSTW, Probe: cold.DefaultProbe})
	}
	b, err := json.Marshal(sample)
	if err == nil {
		err = os.WriteFile(job.Out, b, 0o600)
	}
	if err != nil {
		t.Fatalf("pingpongtest: %s: writing a fresh process's sample: %v", s.name, err)
	}
	t.Skip("pingpongtest: a fresh process of a first-call guard: its sample is taken, the test ends here")
}

// libraryEntry is c as the registry would hold it, a library of two
// functions.
func libraryEntry(c pingpong.Codec) codecs.Entry {
	return codecs.Library{Marshal: c.Marshal, Unmarshal: c.Unmarshal}.Entry(c.Name, "", "")
}

// firstCallErr is why the options do not go together: Processes without
// FirstCall, or FirstCall with the steady guard's window and bars (base
// being the defaults they would change).
func (o options) firstCallErr(base pingpong.Options) error {
	switch {
	case !o.first && o.procs > 0:
		return fmt.Errorf("Processes(%d) counts a FirstCall guard's fresh processes: add FirstCall()", o.procs)
	case !o.first:
		return nil
	case o.run.Duration != base.Duration || o.run.Levels != nil || o.run.Until != 0 || o.run.FrozenBar != 0 || o.run.Budget != 0:
		return errors.New("Duration, Level, Until, FrozenBar and Budget measure or judge the steady state: a FirstCall guard takes Processes, LongStop, Deadline and Strict")
	}
	return nil
}

// floor is what a first call's stops must hold over to freeze the
// program: LongStop, or verdict.ColdFreezeFloor.
func (o options) floor() time.Duration {
	if o.run.LongStop > 0 {
		return o.run.LongStop
	}
	return verdict.ColdFreezeFloor
}

func (o options) processes() int {
	if o.procs > 0 {
		return o.procs
	}
	return DefaultProcesses
}
