package latency

import (
	"runtime/metrics"
	"time"
)

// demand is how many Ps a program's goroutines wanted over a turn,
// sampled at each stop the probe asks for: the goroutines running and
// those ready to run, at most GOMAXPROCS; the probe's own goroutine, which
// runs to ask, is left out, and a goroutine of the load that asks between
// its round trips is not (it wants its P back for its next one). Beside
// other work a Go program keeps its Ps busy while the kernel keeps their
// threads off the CPUs, so what its goroutines wanted holds where what its
// threads got does not (RanShare). The runtime counts them under its
// scheduler's lock, a loop over the Ps: 85-110ns a stop
// (BenchmarkDemandSample), beside the stop itself. A P looking for work
// counts as running while it looks, so an idle program can read a little
// demand; RanShare's bound by the machine's work keeps that from reading a
// quiet program short.
type demand struct {
	samples []metrics.Sample
	sum     float64 // Ps wanted, added up over the samples
	n       int
}

func newDemand() *demand {
	return &demand{samples: []metrics.Sample{{Name: "/sched/goroutines/running:goroutines"},
		{Name: "/sched/goroutines/runnable:goroutines"}, {Name: "/sched/gomaxprocs:threads"}}}
}

// sample reads the Ps wanted now, from a goroutine that is running:
// one of the load's (byLoad), or the probe's own, left out.
func (d *demand) sample(byLoad bool) {
	metrics.Read(d.samples)
	for _, s := range d.samples {
		if s.Value.Kind() != metrics.KindUint64 {
			return // not this runtime's: no sample
		}
	}
	running, runnable, procs := d.samples[0].Value.Uint64(), d.samples[1].Value.Uint64(), d.samples[2].Value.Uint64()
	if !byLoad {
		running = max(running, 1) - 1
	}
	d.sum += float64(min(procs, running+runnable))
	d.n++
}

// wanted is the CPU time the goroutines wanted over a turn of window
// (the samples' mean Ps times window), and starts the next turn; 0
// without samples.
func (d *demand) wanted(window time.Duration) time.Duration {
	var w time.Duration
	if d.n > 0 {
		w = time.Duration(d.sum / float64(d.n) * float64(window))
	}
	d.sum, d.n = 0, 0
	return w
}

// RanShare is the share of the CPU time a program's goroutines wanted
// over a turn (wanted: the Ps they kept busy, running or ready to run)
// that the process got (cpu), of what the machine's other work (machine:
// others' CPU time, a hypervisor's steal, a quota's throttling, added up
// over the CPUs) could have kept from it: the shortfall counts only as
// far as machine accounts for it, so that a quiet machine reads 1
// however the program's goroutines waited for each other. 0 when nothing
// was wanted or run (not measured).
//
// Why the Ps wanted and not each thread's wait on a run queue: a thread
// waits on a run queue only while it is ready, but in a ping-pong half of
// a program's goroutines wait on the other half, and a starved pinger
// keeps its partner asleep, not waiting. Against the process's CPU over
// the same test's quiet runs (a freezer's guard, k = 200 of
// docs/experiments/beside-work, two runs a setting, each codec's turns),
// the process's CPU over the CPU its goroutines wanted read 0.97-1.09 of
// it under a 1-CPU quota with a hog in it, 0.89-1.05 beside two CPU hogs,
// 0.99-1.08 beside four at nice -5 and 1.03-1.10 the same as an
// unprivileged user; the threads' waits, weighed by their CPU time,
// 0.87-1.57, 0.87-0.98, 1.14-1.52 and 1.08-1.22 (docs/notes-verdict.md,
// issue 51's seventh look). Quiet both read 0.83-1.02 without the machine's
// bound, 1 with it. Those samples left every asker out; a goroutine of the
// load that asks is a pair's, which wants its P back, and counted it the
// share of a starved program reads lower (16% against 17-19% beside the
// nice -5 hogs, 13% against 15% as an unprivileged user) and a 5x freezer
// there 0.90 and 0.65 of its quiet size, where it read 0.72 and 0.42 (the
// two alternated, two rounds each); quiet and under the quota the same.
func RanShare(cpu, wanted, machine time.Duration) float64 {
	if cpu <= 0 || wanted <= 0 {
		return 0
	}
	lost := min(max(0, wanted-cpu), max(0, machine))
	return cpu.Seconds() / (cpu + lost).Seconds()
}

// cpuNow is the process's CPU time so far, user and system (0 where
// processCPU has no source).
func cpuNow() time.Duration {
	u, s := processCPU()
	return u + s
}
