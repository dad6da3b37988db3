// The console's header: the run's head at its first input (the input,
// the machine, the codecs, how the run measures), a line for each later
// input, and the codecs that cannot run it.

package report

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// Input prints the header for the next input.
func (c *Console) Input(in results.InputInfo, infos []results.CodecInfo) {
	c.comparison()
	if c.startedInput {
		c.printf("\n")
	}
	c.startedInput = true
	c.sizes.input(in)
	c.codec, c.rows = "", nil
	c.point = ""

	names := make([]string, len(infos))
	versions := make([]string, len(infos))
	for i, im := range infos {
		names[i] = im.Label()
		versions[i] = im.Label() + " " + im.Version
		// What the codec says of itself here (the codec registry's notes),
		// then the settings it runs with, which are part of which codec it
		// is: a library reading a variable at start-up is another codec
		// with it set.
		notes := append(slices.Clone(im.Notes), im.Env...)
		if len(notes) > 0 {
			versions[i] += " (" + strings.Join(notes, ", ") + ")"
		}
	}
	impls := strings.Join(names, ", ")
	if c.headed {
		// The header is the run's, printed once: a later input says
		// what it is, and which codecs run it when they changed.
		c.printf("  input:       %s (%s)\n", in.Name+".json", inputKind(in))
		if impls != c.impls {
			c.headLine("  impls:       ", impls)
			c.impls = impls
		}
	} else {
		c.header(in, impls, versions)
	}
	for _, l := range targetLines(in, infos) {
		c.printf("%s\n", l)
	}
	for _, im := range infos {
		if im.Err != "" {
			c.printf("  ! %s cannot run this input: %s\n", im.Label(), im.Err)
		}
		if im.Mismatch != "" {
			c.printf("  ! %s disagrees with encoding/json at %s\n", im.Label(), im.Mismatch)
		}
	}
}

// header is the run's header, printed at its first input: the input,
// the machine, the codecs, how the run measures.
func (c *Console) header(in results.InputInfo, impls string, versions []string) {
	c.headed, c.impls = true, impls
	e := c.env
	c.printf("scheduler responsiveness check\n")
	c.printf("  input:       %s (%s) duration: %v\n", in.Name+".json", inputKind(in), c.cfg.Duration)
	c.printf("  schedulers:  %d online (GOMAXPROCS=%d, source: %s)\n", e.Cores, e.GOMAXPROCS, e.ProcsSource)
	c.printf("%s", freshMemoryLine(c.cfg)) // report/cold.go
	c.headLine("  impls:       ", impls)
	if len(c.cfg.Builds) > 0 {
		c.printf("%s\n", buildsLine(c.cfg))
	}
	c.headLine("  versions:    ", strings.Join(versions, ", "))
	c.printf("  system:      %s/%s, %s, %d cores, %s memory, %s, GOGC=%s, GOMEMLIMIT=%s\n",
		e.GOOS, e.GOARCH, e.CPUName(), e.Cores, e.Memory(), e.GoVersion, e.GOGC, e.GOMEMLIMIT)
	if la := e.LoadAverage; la != nil {
		// What the machine was already doing: a load near the cores
		// shares them with every row.
		c.printf("  load avg:    %.2f %.2f %.2f (1, 5, 15 min, before the run)\n", la[0], la[1], la[2])
	}
	scenarios := in.Scenarios
	c.printf("  run:         %s x (%v warmup + %v), about %v%s\n",
		plural(scenarios, "scenario"), c.cfg.Warmup, c.cfg.Duration, (time.Duration(scenarios) * (c.cfg.Warmup + c.cfg.Duration)).Round(time.Second), turnsNote(c.cfg))
	if c.cfg.Repeats() > 1 {
		c.printf("%s\n", repeatsLine(c.cfg))
	}
	if c.cfg.Probe > 0 || c.cfg.STW > 0 {
		c.printf("%s\n", floorLine(c.cfg, c.floor))
	}
	if c.cfg.STW > 0 {
		c.printf("%s\n", stwLine(c.cfg))
		if e.ProbePriority == "none" {
			c.printf("  probe:       its thread has no priority (nice -20 takes root or CAP_SYS_NICE): the split of a stop's wait reads the machine's share less sharply\n")
		}
	}
	if c.cal != nil {
		for _, l := range calibrationLines(c.cal) {
			c.printf("%s\n", l)
		}
	}
	if c.cfg.OpenLoop() {
		c.printf("%s\n", loadLine(c.cfg))
	}
}

// headLine prints a header line of label and text, wrapped at rowWidth
// under its text's first column.
func (c *Console) headLine(label, text string) {
	for _, l := range wrapText(label, strings.Repeat(" ", len(label)), text, rowWidth) {
		c.printf("%s\n", l)
	}
}

func inputKind(in results.InputInfo) string {
	sha := in.SHA256
	if len(sha) > 12 {
		sha = sha[:12]
	}
	kind := in.Kind
	switch {
	case in.Kind == "built-in":
		kind = fmt.Sprintf("built-in, seed %d", in.Seed)
	case in.Path != "":
		kind = in.Kind + " " + in.Path
	}
	return fmt.Sprintf("%s, %s, sha256 %s", kind, format.Size(float64(in.Bytes)), sha)
}

// turnsNote tells, on the header's run line, that the codecs of a level
// take turns in its window.
func turnsNote(cfg results.Config) string {
	if cfg.Slice <= 0 || cfg.Slice >= cfg.Duration || cfg.OpenLoop() {
		return ""
	}
	return fmt.Sprintf("; a level's codecs take turns of %v", cfg.Slice)
}

// plural is n and noun, with an s unless n is 1: "1 scenario", "9 scenarios".
func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
