package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/pingpong-bench/pingpong/internal/worker"
)

// serveWorker is the process a codec runs in under -isolate: started by the
// parent with PINGPONG_WORKER=1, it speaks to it over descriptors 3 (in)
// and 4 (out); its stdout goes to the parent's stderr. A signal cuts the
// current scenario short; the parent still gets what it measured, then
// closes the jobs descriptor.
func serveWorker() int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := worker.ServeWorkerProcess(ctx); err != nil {
		fmt.Fprintf(os.Stderr, "pingpong worker: %v\n", err)
		return 1
	}
	return 0
}
