package plan

import (
	"errors"

	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/results"
)

// Isolation is what in a run's configuration needs worker processes
// (results.Config.Isolate): the one statement of those rules, which the run
// itself checks (CheckIsolation) and the command line words for its flags.
type Isolation struct {
	// Builds: a run across builds runs each codec in its build's binary.
	Builds bool
	// Codec says why a codec needs a process of its own (its Env), ""
	// when none does.
	Codec string
	// Sweep: more than one value of GOMAXPROCS, GOGC or GOMEMLIMIT, each a
	// setting of the whole process.
	Sweep bool
}

// IsolationOf is what in cfg needs worker processes.
func IsolationOf(cfg results.Config) Isolation {
	return Isolation{Builds: len(cfg.Builds) > 0, Codec: codecs.NeedsIsolation(cfg.Codecs), Sweep: cfg.Swept()}
}

// CheckIsolation refuses cfg when something in it needs worker processes
// and it has none, or when it asks for them with no command to start them.
func CheckIsolation(cfg results.Config) error {
	if cfg.Isolate {
		if len(cfg.Worker) == 0 && len(cfg.Builds) == 0 {
			return errors.New("isolation asked for but no worker command given")
		}
		return nil
	}
	is := IsolationOf(cfg)
	switch {
	case is.Builds:
		return errors.New("a run across builds runs each codec in its build's worker processes: it needs isolation")
	case is.Codec != "":
		return errors.New(is.Codec)
	case is.Sweep:
		return errors.New("a sweep of GOMAXPROCS, GOGC or GOMEMLIMIT needs worker processes (isolation): each value is a process setting")
	}
	return nil
}

// workerArgv is the command of the worker processes that run build's
// codecs ("": this binary's own), nil when cfg runs codecs in this process.
func workerArgv(cfg results.Config, build string) []string {
	if !cfg.Isolate {
		return nil
	}
	if b, ok := cfg.Build(build); ok {
		return []string{b.Binary}
	}
	return cfg.Worker
}
