// Package flight keeps the last seconds of the program's execution trace
// in memory and reads, from a snapshot of it, what a stop of the world
// waited on: which goroutine, in which function. It is the only package of
// pingpong that links the trace parser (golang.org/x/exp/trace).
package flight

import (
	"bytes"
	"fmt"
	rtrace "runtime/trace"
	"time"
)

// Config bounds the recorder's window. Zero fields take the defaults.
type Config struct {
	// MinAge is how far back a snapshot should reach. Default 5s: a
	// scenario's window of a couple of seconds, with room to spare.
	MinAge time.Duration
	// MaxBytes caps the memory the window takes and wins over MinAge: a
	// busy ping-pong (several trace events per round trip) fills 16 MiB in
	// well under 5s, and the snapshot then reaches back less far. Default
	// 16 MiB.
	MaxBytes uint64
}

const (
	defaultMinAge   = 5 * time.Second
	defaultMaxBytes = 16 << 20
)

// Recorder is a running flight recorder. The runtime allows one per
// program.
type Recorder struct {
	fr *rtrace.FlightRecorder
}

// Start begins recording.
func Start(cfg Config) (*Recorder, error) {
	if cfg.MinAge <= 0 {
		cfg.MinAge = defaultMinAge
	}
	if cfg.MaxBytes == 0 {
		cfg.MaxBytes = defaultMaxBytes
	}
	fr := rtrace.NewFlightRecorder(rtrace.FlightRecorderConfig{MinAge: cfg.MinAge, MaxBytes: cfg.MaxBytes})
	if err := fr.Start(); err != nil {
		return nil, fmt.Errorf("flight recorder: %w", err)
	}
	return &Recorder{fr: fr}, nil
}

// Snapshot returns the window as a complete execution trace: written to a
// file as is, `go tool trace FILE` opens it, and Analyze reads it. Taking
// one holds off stops of the world for a moment (the runtime switches
// trace generations), so take it after a measured window, not inside one.
func (r *Recorder) Snapshot() ([]byte, error) {
	var buf bytes.Buffer
	if _, err := r.fr.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("flight recorder snapshot: %w", err)
	}
	return buf.Bytes(), nil
}

// Stop ends recording; a Snapshot in progress finishes first.
func (r *Recorder) Stop() { r.fr.Stop() }
