package verdict

import (
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

func judged(t *testing.T, rs ...results.Result) map[string]Codec {
	t.Helper()
	vs := Levels(results.Config{}, rs, nil)
	if len(vs) != 1 {
		t.Fatalf("%d levels, want 1", len(vs))
	}
	out := map[string]Codec{}
	for _, cv := range vs[0].Codecs {
		out[cv.Result.Codec] = cv
	}
	return out
}

// The decision on synthetic stop records, 200 stops in a 2s window as the
// probe forces them every 10ms, taken in turns of 100ms.
func TestVerdictStatistics(t *testing.T) {
	us, ms, win := time.Microsecond, time.Millisecond, 2*time.Second
	base := resultstest.Stopping("baseline", 2, 0, win, resultstest.StopsAround(1, 200, 100*us))
	for _, tc := range []struct {
		name      string
		stops     []time.Duration
		more      bool
		standsOut bool
	}{
		// a fifth of the stops wait 15ms, the rest as baseline's: the
		// median is baseline's, the program is frozen 30% of the window
		{"frozen in a fifth of its stops", append(resultstest.StopsAround(2, 160, 100*us), resultstest.StopsAround(3, 40, 15*ms)...), true, true},
		{"the same records", resultstest.StopsAround(4, 200, 100*us), false, false},
		// one stop in seven waits 1.5ms: longer than baseline's, in
		// most stretches, but 2 points of the window and none over 10ms
		{"significant but tiny", append(resultstest.StopsAround(5, 170, 100*us), resultstest.StopsAround(6, 30, 1500*us)...), true, false},
		// one stop of 100ms (a neighbour's burst): 5 points of the window,
		// but in one stretch of twenty
		{"a single long stop", append(resultstest.StopsAround(7, 199, 100*us), 100*ms), false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cv := judged(t, base, resultstest.Stopping("codec", 2, 0, win, tc.stops))["codec"]
			t.Logf("p %.3g over %d, waiting %.2f%%, over 10ms %.1f%%", cv.P, cv.Samples, 100*cv.Stops.Waiting(), 100*cv.Stops.Over(LongStop))
			if !cv.Tested || cv.More != tc.more || cv.StandsOut() != tc.standsOut || cv.ByStops {
				t.Errorf("tested %v (by single stops %v), more %v (p %.3g), stands out %v (waiting %.1f%%, over 10ms %.1f%%); want more %v, stands out %v",
					cv.Tested, cv.ByStops, cv.More, cv.P, cv.StandsOut(), 100*cv.Stops.Waiting(), 100*cv.Stops.Over(LongStop), tc.more, tc.standsOut)
			}
		})
	}
}

// A file written before the probe kept its stops one by one is still
// judged, over single stops.
func TestVerdictOfAnOldFile(t *testing.T) {
	us, ms, win := time.Microsecond, time.Millisecond, 2*time.Second
	old := func(r results.Result) results.Result {
		r.STWStops, r.STWTurns, r.MMU = nil, nil, nil
		return r
	}
	cv := judged(t, old(resultstest.Stopping("baseline", 2, 0, win, resultstest.StopsAround(1, 200, 100*us))),
		old(resultstest.Stopping("sonic", 2, 0, win, append(resultstest.StopsAround(2, 160, 400*us), resultstest.StopsAround(3, 40, 15*ms)...))))["sonic"]
	if !cv.ByStops || !cv.StandsOut() {
		t.Errorf("by single stops %v, stands out %v (p %.3g): want both", cv.ByStops, cv.StandsOut(), cv.P)
	}
}

// A stop stuck for a long time also keeps the probe from asking for the
// next ones: the window holds fewer stops, but the share of it spent
// waiting counts the stuck one for its whole length.
func TestVerdictWeightsAStuckStopByItsTime(t *testing.T) {
	us, ms, win := time.Microsecond, time.Millisecond, 2*time.Second
	// 20 stops of 100ms: the probe asked for 20 where baseline's asked for
	// 200, and the program waited for them the whole window. Corrected,
	// they are 200 stops again, of 10ms to 100ms.
	stuck := make([]time.Duration, 20)
	for i := range stuck {
		stuck[i] = 100 * ms
	}
	cv := judged(t, resultstest.Stopping("baseline", 2, 0, win, resultstest.StopsAround(1, 200, 100*us)), resultstest.Stopping("stuck", 2, 0, win, stuck))["stuck"]
	if w := cv.Stops.Waiting(); w < 0.99 || w > 1.01 {
		t.Errorf("waiting %.1f%% of the window, want 100%%: 20 stops of 100ms in 2s", 100*w)
	}
	if n := cv.Stops.N(); n != 200 {
		t.Errorf("%d stops, want 200: each stuck one with the 9 it kept the probe from asking for", n)
	}
	if !cv.StandsOut() || cv.ByStops {
		t.Errorf("20 stops of 100ms do not stand out (p %.3g over %d stretches)", cv.P, cv.Samples)
	}
}

// A codec whose code holds every P keeps the probe itself from running: its
// windows hold few stops, so their waits alone leave it behind a codec
// with many shorter ones, but the time the probe could not run counts too,
// and it comes first.
func TestVerdictCountsTheTimeTheProbeCouldNotRun(t *testing.T) {
	us, ms := time.Microsecond, time.Millisecond
	// 40 stops of 10ms, each followed by a gap 30ms longer than the
	// interval and the slack (cut where the 100ms turns end): an eighth of
	// the window waiting, and about a fifth more the probe could not run
	win := 40 * (10*ms + 10*ms + ProbeSlack + 30*ms)
	var starved []time.Duration
	for range 40 {
		starved = append(starved, 10*ms)
	}
	// 200 stops, half of 5ms: about 16% waiting, the probe on time
	busy := append(resultstest.StopsAround(2, 100, 100*us), resultstest.StopsAround(3, 100, 5*ms)...)
	vs := Levels(results.Config{STW: 10 * ms}, []results.Result{
		resultstest.Stopping("baseline", 2, 0, win, resultstest.StopsAround(1, 200, 100*us)),
		resultstest.Stopping("busy", 2, 0, win, busy),
		resultstest.Stopping("starved", 2, 0, win, starved),
	}, nil)
	cs := vs[0].Codecs
	if len(cs) != 2 || cs[0].Result.Codec != "starved" {
		t.Fatalf("order %v, want starved first", []string{cs[0].Result.Codec, cs[1].Result.Codec})
	}
	s, b := cs[0].Stops, cs[1].Stops
	if s.Waiting() >= b.Waiting() || s.Late() < 0.15 || b.Late() > 0 {
		t.Errorf("starved waiting %.1f%% late %.1f%%, busy waiting %.1f%% late %.1f%%: want the starved codec to wait less and be late a fifth",
			100*s.Waiting(), 100*s.Late(), 100*b.Waiting(), 100*b.Late())
	}
	if w := vs[0].Sentence(cs[0]); !strings.Contains(w, "kept its other goroutines from running") {
		t.Errorf("sentence %q does not say the probe could not run", w)
	}
}

// A NOISY window marks the row but decides nothing: the noise fell on
// baseline too, which ran in turns with the codec.
func TestVerdictNoiseDoesNotSilenceIt(t *testing.T) {
	us, win := time.Microsecond, 2*time.Second
	codec := resultstest.Stopping("sonic", 2, 0, win, append(resultstest.StopsAround(2, 160, 100*us), resultstest.StopsAround(3, 40, 15*time.Millisecond)...))
	codec.Noise = &latency.Noise{Window: win, OthersCores: 0.6, Cores: 2}
	if cv := judged(t, resultstest.Stopping("baseline", 2, 0, win, resultstest.StopsAround(1, 200, 100*us)), codec)["sonic"]; !cv.StandsOut() || !cv.Stops.Noisy {
		t.Errorf("stands out %v, noisy %v: want both", cv.StandsOut(), cv.Stops.Noisy)
	}
}

// On a machine others took most of, a codec whose stops wait as the
// reference's is not "does not" but "cannot tell", saying why; one that
// freezes the program still stands out, with a caveat; a quiet machine
// has neither.
func TestVerdictOnABusyMachine(t *testing.T) {
	us, win := time.Microsecond, 2*time.Second
	level := func(others float64, stops []time.Duration) Level {
		codec := resultstest.Stopping("std", 2, 0, win, stops)
		codec.Noise = &latency.Noise{Window: win, OthersCores: others, Cores: 2}
		vs := Levels(results.Config{}, []results.Result{codec, resultstest.Stopping("baseline", 2, 0, win, resultstest.StopsAround(1, 200, 100*us))}, nil)
		return vs[0]
	}
	same := resultstest.StopsAround(2, 200, 100*us)
	busy, quiet := level(1.6, same), level(0.3, same)
	if cv := busy.Codecs[0]; cv.Answer != CannotTell || !cv.Busy {
		t.Errorf("busy: answer %v (busy %v), want cannot tell", cv.Answer, cv.Busy)
	}
	if c := busy.Conclusion(); !strings.HasPrefix(c, "cannot tell at 2x encdec: std (") || !strings.Contains(c, "the machine was too busy to judge") {
		t.Errorf("busy: conclusion %q", c)
	}
	if c := quiet.Conclusion(); quiet.Codecs[0].Answer != DoesNot || !strings.HasPrefix(c, "no codec stands out from baseline at 2x encdec (std ") {
		t.Errorf("quiet: answer %v, conclusion %q", quiet.Codecs[0].Answer, c)
	}
	if c := quiet.Caveat() + busy.Caveat(); c != "" {
		t.Errorf("a caveat with nothing standing out: %q", c)
	}
	frozen := level(1.6, append(resultstest.StopsAround(2, 160, 100*us), resultstest.StopsAround(3, 40, 15*time.Millisecond)...))
	if !frozen.Codecs[0].StandsOut() || !strings.Contains(frozen.Caveat(), "the machine was busy: other processes took up to 80% of its cores") {
		t.Errorf("busy, frozen: stands out %v, caveat %q", frozen.Codecs[0].StandsOut(), frozen.Caveat())
	}
}

// Where the kernel split each stop's wait, the verdict judges the hold:
// a codec whose stops the machine kept waiting (its threads descheduled)
// is told "does not", not "too busy", and one that held its stops stands
// out however busy the machine was.
func TestVerdictJudgesTheHold(t *testing.T) {
	const win = 2 * time.Second
	us := time.Microsecond
	level := func(codec results.Result) Codec {
		codec.Noise = &latency.Noise{Window: win, OthersCores: 1.6, Cores: 2}
		ref := resultstest.Split(resultstest.Stopping("control", 2, 0, win, resultstest.StopsAround(1, 200, 3*time.Millisecond)),
			func(int, time.Duration) time.Duration { return 20 * us }, 5*time.Millisecond)
		ref.Noise = codec.Noise
		vs := Levels(results.Config{}, []results.Result{codec, ref}, nil)
		return vs[0].Codecs[0]
	}
	waits := append(resultstest.StopsAround(2, 160, 3*time.Millisecond), resultstest.StopsAround(3, 40, 15*time.Millisecond)...)
	machine := resultstest.Split(resultstest.Stopping("std", 2, 0, win, waits), func(int, time.Duration) time.Duration { return 30 * us }, 5*time.Millisecond)
	if cv := level(machine); cv.Answer != DoesNot || cv.Busy || cv.Stops.MachineShare() <= 0 {
		t.Errorf("the machine's waits: answer %v (busy %v, machine %.1f%%), want does not", cv.Answer, cv.Busy, 100*cv.Stops.MachineShare())
	}
	held := resultstest.Split(resultstest.Stopping("sonic", 2, 0, win, waits), func(_ int, d time.Duration) time.Duration {
		if d > 10*time.Millisecond {
			return d / 2
		}
		return 30 * us
	}, 5*time.Millisecond)
	if cv := level(held); !cv.StandsOut() || cv.Busy {
		t.Errorf("held: answer %v (busy %v), want stands out", cv.Answer, cv.Busy)
	}
}

// A share of the window is a share: a codec that held a few stops for
// hundreds of milliseconds, in a window that left it three stretches,
// stands out by less than 100 points, and plainly, although an interval
// over three stretches spans nearly everything.
func TestAPlainFreezeStandsOut(t *testing.T) {
	const win = 600 * time.Millisecond
	us, ms := time.Microsecond, time.Millisecond
	codec := resultstest.Stopping("copy", 2, 0, win, []time.Duration{400 * ms, 300 * ms, 350 * ms, 50 * us, 60 * us, 40 * us})
	codec.STWTurns = []latency.Turn{{Window: 200 * ms}, {Window: 200 * ms}, {Window: 200 * ms}}
	for i := range codec.STWStops {
		codec.STWStops[i].At = time.Duration(i/2)*200*ms + time.Duration(i%2)*5*ms
		codec.STWTurns[i/2].Stops++
	}
	ref := resultstest.Stopping("control", 2, 0, 2*time.Second, resultstest.StopsAround(1, 200, 100*us))
	vs := Levels(results.Config{}, []results.Result{codec, ref}, nil)
	cv := vs[0].Codecs[0]
	if !cv.StandsOut() || !cv.Plain {
		t.Errorf("answer %v (plain %v), effect %+v: want a plain freeze", cv.Answer, cv.Plain, cv.Effect.Frozen)
	}
	if cv.Effect.Frozen.Hi > 1 || cv.Effect.Frozen.Est > 1 || cv.Stops.Frozen() > 1 {
		t.Errorf("effect %+v, frozen %.2f: a share above the whole window", cv.Effect.Frozen, cv.Stops.Frozen())
	}
}

// A freeze keeps its size beside other work: a codec whose program ran
// 40% of the CPU its goroutines wanted, and so held its stops for 40%
// of what it held on a quiet machine, freezes the program as many points
// of the time it ran; the level says how little it ran.
func TestAFreezeKeepsItsSizeBesideOtherWork(t *testing.T) {
	const win = 2 * time.Second
	us := time.Microsecond
	waits := append(resultstest.StopsAround(2, 160, 3*time.Millisecond), resultstest.StopsAround(3, 40, 15*time.Millisecond)...)
	level := func(ran float64) Level {
		scale := func(r results.Result) results.Result {
			for i := range r.STWTurns {
				r.STWTurns[i].Ran = ran
			}
			return r
		}
		held := scale(resultstest.Split(resultstest.Stopping("sonic", 2, 0, win, waits), func(_ int, d time.Duration) time.Duration {
			if d > 10*time.Millisecond {
				return time.Duration(ran * float64(d))
			}
			return 30 * us
		}, 0))
		ref := scale(resultstest.Split(resultstest.Stopping("control", 2, 0, win, resultstest.StopsAround(1, 200, 3*time.Millisecond)),
			func(int, time.Duration) time.Duration { return 20 * us }, 0))
		return Levels(results.Config{}, []results.Result{held, ref}, nil)[0]
	}
	quiet, busy := level(1), level(0.4)
	q, b := quiet.Codecs[0], busy.Codecs[0]
	if !q.StandsOut() || !b.StandsOut() {
		t.Errorf("answers quiet %v, busy %v: want stands out for both", q.Answer, b.Answer)
	}
	if d := b.Effect.Frozen.Est - q.Effect.Frozen.Est; d > 0.002 || d < -0.002 {
		t.Errorf("effect busy %+.1f points, quiet %+.1f: want the same size", 100*b.Effect.Frozen.Est, 100*q.Effect.Frozen.Est)
	}
	if quiet.MachineNote() != "" || !strings.Contains(busy.MachineNote(), "got as little as 40%") {
		t.Errorf("machine notes: quiet %q, busy %q", quiet.MachineNote(), busy.MachineNote())
	}
}

// "Does not" is earned on the time the program ran: a codec whose holds
// lie under the bar, but whose program ran half its window, is "cannot
// tell", and what would settle it is a longer window or a quieter
// machine; the same codec that ran its whole window does not. One whose
// program ran a fifth of the CPU its goroutines wanted is "cannot
// tell" however long it ran (the split reads a freeze short there), and
// only a quieter machine settles it.
func TestDoesNotNeedsTheProgramToHaveRun(t *testing.T) {
	const win = 2 * time.Second
	us := time.Microsecond
	level := func(ran float64, duration time.Duration) Level {
		scale := func(r results.Result) results.Result {
			for i := range r.STWTurns {
				r.STWTurns[i].Ran = ran
			}
			return r
		}
		codec := scale(resultstest.Split(resultstest.Stopping("std", 2, 0, win, resultstest.StopsAround(2, 200, 100*us)),
			func(_ int, d time.Duration) time.Duration { return d }, 0))
		ref := scale(resultstest.Split(resultstest.Stopping("control", 2, 0, win, resultstest.StopsAround(1, 200, 100*us)),
			func(_ int, d time.Duration) time.Duration { return d }, 0))
		return Levels(results.Config{Duration: duration}, []results.Result{codec, ref}, nil)[0]
	}
	if cv := level(1, win).Codecs[0]; cv.Answer != DoesNot || cv.Short || cv.Starved {
		t.Errorf("ran all of its window: answer %v (short %v, starved %v), want does not", cv.Answer, cv.Short, cv.Starved)
	}
	short := level(0.5, win)
	if cv := short.Codecs[0]; cv.Answer != CannotTell || !cv.Short || cv.Starved {
		t.Errorf("ran half of its window: answer %v (short %v, starved %v), want cannot tell, short", cv.Answer, cv.Short, cv.Starved)
	}
	if s := short.Settle(CommandTerms); !strings.Contains(s, "got 50%") || !strings.Contains(s, "-duration 3s") {
		t.Errorf("settle %q: want how little it ran, and the window that would do", s)
	}
	starved := level(0.2, win/4) // a fifth of 2s is more than three quarters of -duration
	if cv := starved.Codecs[0]; cv.Answer != CannotTell || cv.Short || !cv.Starved {
		t.Errorf("ran a fifth of the CPU it wanted: answer %v (short %v, starved %v), want cannot tell, starved", cv.Answer, cv.Short, cv.Starved)
	}
	if s := starved.Settle(CommandTerms); !strings.Contains(s, "got 20%") || strings.Contains(s, "-duration") || !strings.Contains(s, "quieter machine") {
		t.Errorf("settle %q: want how little it ran, and a quieter machine (no longer window mends it)", s)
	}
}

// The time the probe could not ask counts against a codec only where its
// program ran enough of the CPU it wanted to split it: a codec whose probe
// asked a tenth as often as control's, with nothing queued, stands out
// on that lateness when the program ran all the CPU it wanted; starved
// (a fifth of it), where a chain of threads waiting in turn reads as the
// program's, the lateness is not counted, and its short stops leave it
// "cannot tell", never "stands out".
func TestLatenessIsNotCountedAgainstAStarvedProgram(t *testing.T) {
	const win = 2 * time.Second
	us := time.Microsecond
	level := func(ran float64) Level {
		scale := func(r results.Result) results.Result {
			for i := range r.STWTurns {
				r.STWTurns[i].Ran = ran
			}
			return r
		}
		all := func(_ int, d time.Duration) time.Duration { return d }
		codec := scale(resultstest.Split(resultstest.Stopping("std", 2, 0, win, resultstest.StopsAround(2, 20, 100*us)), all, 0))
		ref := scale(resultstest.Split(resultstest.Stopping("control", 2, 0, win, resultstest.StopsAround(1, 200, 100*us)), all, 0))
		return Levels(results.Config{Duration: win}, []results.Result{codec, ref}, nil)[0]
	}
	ran := level(1)
	if !ran.CountsLate() {
		t.Fatal("the level does not count the time the probe could not run: the test needs one that does")
	}
	if cv := ran.Codecs[0]; !cv.StandsOut() || !cv.Late || !ran.CountsLateFor(cv) {
		t.Errorf("ran all of the CPU it wanted, kept out %.0f%%: answer %v (late counted %v), want stands out on it",
			100*cv.Stops.Late(), cv.Answer, cv.Late)
	}
	starved := level(0.2)
	cv := starved.Codecs[0]
	if cv.Answer != CannotTell || cv.Late || !cv.Starved || starved.CountsLateFor(cv) {
		t.Errorf("ran a fifth of the CPU it wanted: answer %v (late counted %v, starved %v), want cannot tell, lateness not counted",
			cv.Answer, cv.Late, cv.Starved)
	}
	if f := starved.FrozenOf(cv, cv.Stops); f > cv.Stops.Waiting()+1e-9 {
		t.Errorf("starved: frozen %.1f%%, its waits %.1f%%: want the waits alone", 100*f, 100*cv.Stops.Waiting())
	}
}
