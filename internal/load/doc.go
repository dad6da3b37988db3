// Package load is the measuring: pairs of goroutines that ping-pong a
// document through a codec, closed-loop levels held open across the slices
// of their window (Level), the open loop on a schedule, probe passes, the
// instruments that watch a window from outside the load, the harness
// floor (Calibrate) and the self-check's measurements. It returns what it
// measured, as LevelResult, PassResult and the rows RunScenario fills; it
// writes no file and judges nothing: the interval log and the flight
// recorder's snapshot (Kept) are written by the runner (internal/worker),
// and the self-check is judged by package verdict.
// Spec is all it takes of a run's configuration.
package load
