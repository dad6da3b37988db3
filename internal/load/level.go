package load

import (
	"context"
	"math"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// A closed-loop level is held open across the slices of its window: its
// pairs start once, warm up, then run one slice at a time. Between slices
// every pinger is parked and nothing of the codec runs, so that the codecs
// of a level can take turns within one window (plan/interleave.go) and share
// whatever else the machine does meanwhile: a burst of steal falls on
// baseline and codec alike.
//
// A phase (the warmup, or a slice) ends at a round-trip boundary: after
// its nominal end no pair starts another cycle, and the phase closes when
// the last pair has finished the one it was in. So every round trip of a
// slice is whole and counts, however long it is (a 32 MB document's takes
// most of a second), and nothing of the codec runs into the next codec's
// slice. Only a cancelled phase cuts round trips short: the one in flight
// at the cut is dropped, and its age kept as InFlight.

// Warmup (results.WarmRounds, results.WarmupBound): a codec whose cycles
// take longer than the bound starts its window as warm as that allowed.
const (
	warmRounds  = results.WarmRounds
	warmupBound = results.WarmupBound
)

// phase is what the pingers do until they park: the warmup (not recorded)
// or one slice of the window.
type phase struct {
	record bool
	// A pair starts no cycle at or after until (an offset from the
	// level's epoch) once it has completed minRounds in this phase, and
	// none at all at or after bound.
	until, bound time.Duration
	minRounds    int
	// cut is set on cancellation: a round trip that ends after cutAt is
	// dropped and the pair parks at once.
	cut   atomic.Bool
	cutAt atomic.Int64
	wg    sync.WaitGroup // pairs still in the phase
}

// over says whether a pair that has completed done cycles of the phase
// parks at now.
func (ph *phase) over(now time.Duration, done int) bool {
	return ph.cut.Load() || now >= ph.bound || now >= ph.until && done >= ph.minRounds
}

// Level is one codec's closed-loop level, open across slices: OpenLevel,
// then Slice as often as its share of the window takes, then Close.
type Level struct {
	pairs   int
	spec    Watch
	epoch   time.Time
	ins     *instruments
	recs    *latency.Recorders
	split   []*split // per pair; nil entries when not split
	stats   []loadStats
	next    []chan *phase // per pair: its next phase; closed to end the pair
	ended   chan struct{} // closed when every pair has returned
	seen    watched       // the slices' instruments, added up
	maxSTW  int64         // the longest stop so far, to tell when a slice beat it
	warmup  time.Duration // as long as warmup really took
	slices  int
	started bool // whether a slice has opened: Start is when the first did
	start   time.Time
	tl      *timeline // nil when Watch.Interval is 0

	decs, encs, rests *latency.Recorders
}

// OpenLevel starts pairs ping-pong pairs over codec c from bin (the
// document as c encodes it) and warms them up: for spec.Warmup and until
// every pair has completed warmRounds cycles, at most warmupBound times
// spec.Warmup. newTarget makes what each decode fills (nil: any);
// splitting times the echo's decode and encode. The level is then parked,
// ready for its first Slice.
func OpenLevel(ctx context.Context, c codecs.Codec, bin []byte, newTarget func() any, pairs int, spec Watch, splitting bool) *Level {
	l := &Level{pairs: pairs, spec: spec, ins: newInstruments(spec), recs: latency.NewRecorders(pairs, MaxHistograms),
		split: make([]*split, pairs), stats: make([]loadStats, pairs), next: make([]chan *phase, pairs), ended: make(chan struct{})}
	if splitting {
		l.decs, l.encs, l.rests = latency.NewRecorders(pairs, MaxHistograms), latency.NewRecorders(pairs, MaxHistograms), latency.NewRecorders(pairs, MaxHistograms)
	}
	if spec.Interval > 0 {
		l.tl = newTimeline(spec.Interval, pairs, l.ins, spec.IntervalHists)
	}
	runtime.GC() // one scenario's garbage is not charged to the next
	l.epoch = time.Now()
	if l.ins.stw != nil {
		l.ins.stw.Clock(l.epoch) // the pingers ask for the stops that fall due as they run (AskIfDue)
	}
	var wg sync.WaitGroup
	for i := range pairs {
		ping, pong := make(chan []byte), make(chan answer)
		l.next[i] = make(chan *phase, 1)
		if splitting {
			l.split[i] = &split{l.decs.For(i), l.encs.For(i), l.rests.For(i)}
		}
		p := &pair{c: c, dec: codecs.Decoder{New: newTarget}, bin: bin, epoch: l.epoch, ping: ping, pong: pong,
			rec: l.recs.For(i), sp: l.split[i], st: &l.stats[i], fresh: spec.FreshMemory, stw: l.ins.stw}
		if l.tl != nil {
			p.tl, p.unix = l.tl.pairs[i], latency.SinceUnix(l.epoch)
		}
		wg.Add(2)
		go func() { defer wg.Done(); echo(c, newTarget, splitting, ping, pong, &p.echoErr) }()
		go func() { defer wg.Done(); p.run(l.next[i]) }()
	}
	go func() { wg.Wait(); close(l.ended) }()
	if spec.Warmup > 0 {
		ph := &phase{until: spec.Warmup, bound: warmupBound * spec.Warmup, minRounds: warmRounds}
		l.run(ctx, ph, nil)
	}
	l.warmup = time.Since(l.epoch)
	return l
}

// Slice runs one slice of the level's window: the instruments start, the
// pairs cycle until d has passed and each has completed a cycle, and the
// slice closes when the last has parked. It returns the slice's length and
// the stops forced in it, and the first error of any pair so far (a pair
// that failed stays out of every later slice; the others go on). A
// cancelled ctx cuts the slice short and marks the level partial.
func (l *Level) Slice(ctx context.Context, d time.Duration) (TurnStops, error) {
	if ctx.Err() != nil {
		l.seen.Partial = true
		return TurnStops{}, l.err()
	}
	ph := &phase{record: true, minRounds: 1, bound: math.MaxInt64}
	maxBefore := l.maxSTW
	l.ins.start()
	open := time.Since(l.epoch)
	if !l.started {
		l.started, l.start = true, l.epoch.Add(open)
	}
	ph.until = open + d
	closed := l.run(ctx, ph, func() { l.ins.stop(&l.seen) })
	window := closed - open
	if l.tl != nil {
		unix := latency.SinceUnix(l.epoch)
		l.tl.sliced(unix+open, unix+closed)
	}
	l.seen.Window += window
	l.slices++
	if l.seen.STW != nil {
		l.maxSTW = l.seen.STW.Max()
	}
	if l.ins.flight != nil && (l.seen.STW == nil || l.maxSTW > maxBefore) {
		l.ins.explain(&l.seen, l.spec) // this slice holds the worst stop so far
	}
	ts := TurnStops{Window: window, Stops: lastTurn(l.seen.STWTurns, l.seen.STWStops)}
	if n := len(l.seen.STWTurns); n > 0 {
		last := l.seen.STWTurns[n-1]
		ts.Queued, ts.Split, ts.Ran, ts.Interval = last.Queued, last.Split, last.Ran, last.Interval
	}
	return ts, l.err()
}

// lastTurn is the stops of the last of turns, on that turn's own clock: a
// copy, rebased from the clock of the turns laid end to end.
func lastTurn(turns []latency.Turn, stops []latency.Stop) []latency.Stop {
	if len(turns) == 0 {
		return nil
	}
	var from time.Duration
	for _, t := range turns[:len(turns)-1] {
		from += t.Window
	}
	last := stops[len(stops)-turns[len(turns)-1].Stops:]
	if len(last) == 0 {
		return nil
	}
	out := make([]latency.Stop, len(last))
	for i, s := range last {
		s.At -= from
		out[i] = s
	}
	return out
}

// run releases every pair into ph and waits until all have parked, or,
// when ctx is cancelled first, cuts the phase. closing, when not nil, runs
// at the instant the phase closes (the last pair parked, or the cut), and
// run returns that instant.
func (l *Level) run(ctx context.Context, ph *phase, closing func()) time.Duration {
	ph.wg.Add(l.pairs)
	parked := make(chan struct{})
	go func() { ph.wg.Wait(); close(parked) }()
	for _, next := range l.next {
		next <- ph
	}
	var at time.Duration
	select {
	case <-parked:
		at = time.Since(l.epoch)
		if closing != nil {
			closing()
		}
	case <-ctx.Done():
		at = time.Since(l.epoch)
		ph.cutAt.Store(int64(at))
		ph.cut.Store(true)
		if closing != nil {
			closing()
		}
		<-parked // a round trip in flight still has to come back
		l.seen.Partial = true
	}
	return at
}

func (l *Level) err() error {
	for _, st := range l.stats {
		if st.err != nil {
			return st.err
		}
	}
	return nil
}

// Close ends the pairs and returns the level: what every slice recorded,
// and the first error met (what completed before it still counts).
func (l *Level) Close() (LevelResult, error) {
	for _, next := range l.next {
		close(next)
	}
	<-l.ended
	l.ins.close()
	t := sumStats(l.stats)
	lr := LevelResult{N: t.n, Bytes: t.bytes, InFlight: t.inFlight, Start: l.start, Warmup: l.warmup, Slices: l.slices,
		Hist: l.recs.Merged(), watched: l.seen}
	if l.decs != nil {
		lr.Decode, lr.Encode, lr.Rest = l.decs.Merged(), l.encs.Merged(), l.rests.Merged()
	}
	if l.tl != nil {
		lr.Intervals = l.tl.intervals()
		if l.spec.IntervalHists && len(lr.Intervals) > 0 {
			lr.Log = l.tl.log()
		}
	}
	return lr, t.err
}

// pair is one pinger's state across phases: the message it holds and what
// it records into.
type pair struct {
	c       codecs.Codec
	dec     codecs.Decoder
	bin     []byte
	epoch   time.Time
	ping    chan<- []byte
	pong    <-chan answer
	echoErr error
	rec     *latency.Recorder
	sp      *split
	st      *loadStats
	// tl is the pair's timeline (nil: none), unix its epoch since the Unix
	// epoch.
	tl   *latency.Timeline
	unix time.Duration
	// fresh returns the heap to the OS after each round trip
	// (Watch.FreshMemory).
	fresh bool
	// stw is the level's stop-the-world probe (nil: off): the pinger
	// asks for a stop that fell due during its round trip
	// (STWProbe.AskIfDue), untimed, before its next one.
	stw *latency.STWProbe
}

// run takes the pair through each phase it is given, parking in between,
// until next closes. A pair that failed marks each later phase done at once.
func (p *pair) run(next <-chan *phase) {
	defer close(p.ping)
	alive := true
	for ph := range next {
		if alive {
			alive = p.cycles(ph)
		}
		ph.wg.Done()
	}
}

// cycles is the pinger of one phase: it times each round trip, then
// decodes and encodes the reply itself (untimed) to make the next message,
// until the phase is over. It returns false when the pair failed, or was
// cut mid round trip, and must not go on.
func (p *pair) cycles(ph *phase) (alive bool) {
	defer codecs.RecoverInto(&p.st.err, "pinger")
	for done := 1; ; done++ {
		reply, ok, t0, t1 := roundTrip(p.epoch, p.ping, p.pong, p.bin)
		if !ok {
			p.st.err = p.echoErr
			return false
		}
		if ph.cut.Load() {
			if cutAt := time.Duration(ph.cutAt.Load()); t1 > cutAt {
				p.st.inFlight = max(p.st.inFlight, cutAt-t0) // dropped: it ended after the cut
				return false
			}
		}
		if p.stw != nil {
			p.stw.AskIfDue(t1)
		}
		next, err := reencode(p.c, &p.dec, reply.msg)
		if err != nil {
			p.st.err = err
			return false
		}
		if ph.record {
			p.rec.Record(t1 - t0)
			p.sp.record(t1-t0, reply)
			p.st.n++
			if p.tl != nil {
				p.tl.Record(p.unix+t1, t1-t0)
			}
			// echo decode + encode, then pinger decode + encode
			p.st.bytes += int64(len(p.bin) + 2*len(reply.msg) + len(next))
		}
		p.bin = next
		if p.fresh {
			debug.FreeOSMemory() // untimed: the next round trip's copies fault their pages in
		}
		if ph.over(time.Since(p.epoch), done) {
			return true
		}
	}
}
