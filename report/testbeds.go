package report

import (
	"fmt"
	"io"

	"github.com/pingpong-bench/pingpong/results"
)

// writeTestbeds prints a file merged from several testbeds one testbed
// after the other, each headed by its name and reported as the run it
// was: its own header, rows and verdict, never a row of another machine.
func writeTestbeds(w io.Writer, run *results.Run, opts ConsoleOptions) error {
	for i, name := range run.TestbedNames() {
		sep := ""
		if i > 0 {
			sep = "\n"
		}
		if _, err := fmt.Fprintf(w, "%stestbed: %s\n", sep, name); err != nil {
			return err
		}
		if err := WriteConsole(w, run.OfTestbed(name), opts); err != nil {
			return err
		}
	}
	return nil
}
