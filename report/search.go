package report

import (
	"fmt"
	"strings"
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/verdict"
)

// SearchText says how a safe-size search (-input SPEC:MIN..MAX) narrowed:
// each step's sizes and the codecs and references it ran, how many
// windows that was, then where it left each codec at each level. It
// follows the safe-size lines.
func SearchText(spec string, min, max int, budget time.Duration, res verdict.SearchResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\nsearch, %s %s..%s, budget %s:\n", spec, format.Size(float64(min)), format.Size(float64(max)), format.Duration(budget))
	undecided := "a size left undecided is measured again, longer (more turns while it is undecided, within -until), pooled with its first look; " +
		"one still undecided stays, and the rounds narrow the sizes either side of it; each other step runs -duration"
	if !res.Longer {
		undecided = "a size left undecided stays (-until is off: nothing measures it longer), and the rounds narrow the sizes either side of it; each step runs -duration"
	}
	note := fmt.Sprintf("the ends first: the smallest size, then the largest with the codecs not over the budget at the smallest; then rounds of sizes around each codec's crossing until its safe size is known within %gx, at most %d rounds; within, over and undecided as the safe sizes judge them (undecided: the wait.p99's interval straddles the budget, or it rests on under %d stops); %s; the verdict's reference at every size, baseline beside control once",
		verdict.SearchFactor, verdict.SearchSteps, verdict.MinBudgetStops, undecided)
	for _, l := range wrapText("  ", "  ", note, rowWidth) {
		b.WriteString(l + "\n")
	}
	rounds := 0
	for i, st := range res.Steps {
		when := "the ends"
		if st.Round > 0 {
			when = fmt.Sprintf("round %d", st.Round)
		}
		if st.Longer {
			when += ", longer where undecided"
		}
		fmt.Fprintf(&b, "  step %d, %s: %s (%s)\n", i+1, when, verdict.SizesText(st.Sizes), strings.Join(st.Codecs, ", "))
		rounds = st.Round // the steps go round by round
	}
	fmt.Fprintf(&b, "  %d windows in %s (a window: one codec or reference at one size, at each level)", res.Windows(), plural(len(res.Steps), "step"))
	if res.Cut {
		fmt.Fprintf(&b, "; stopped there: another step would have run more windows than a list of %d sizes", verdict.SearchListSizes)
	}
	b.WriteString("\n")
	level := ""
	var table [][]string
	flush := func() {
		b.WriteString(alignColumns(table))
		table = nil
	}
	for _, l := range res.Lines {
		if l.Level != level {
			flush()
			level = l.Level
			fmt.Fprintf(&b, "  %s\n", level)
		}
		table = append(table, []string{"  " + l.Codec, searchLine(l, rounds, res.Cut)})
	}
	flush()
	return b.String()
}

// searchLine is where the search left one codec at one level, after
// rounds rounds; cut: it stopped before the rounds' cap.
func searchLine(l verdict.SearchLine, rounds int, cut bool) string {
	safe, over := l.Safe.Bracket()
	size := func(i int) string { return format.Size(float64(l.Safe.Points[i].Bytes)) }
	if unsure := l.Safe.Unsure(); len(unsure) > 0 {
		var sizes []int
		for _, p := range unsure {
			sizes = append(sizes, p.Bytes)
		}
		where := "at every size measured"
		switch {
		case safe >= 0 && over >= 0:
			where = fmt.Sprintf("between %s (within) and %s (over)", size(safe), size(over))
		case safe >= 0:
			where = fmt.Sprintf("from %s (within) up", size(safe))
		case over >= 0:
			where = fmt.Sprintf("below %s (over)", size(over))
		}
		return fmt.Sprintf("undecided %s: %s undecided; a longer -duration would settle it", where, verdict.SizesText(sizes))
	}
	// how sure the bracket is, as the safe-size lines say it
	sure := ""
	if p := verdict.SurePercent(l.Safe.Sure()); p > 0 {
		sure = fmt.Sprintf(", %d%% sure", p)
	}
	switch {
	case over < 0 && l.Settled && !l.Safe.Everywhere(): // a size under one within undecided: not "every size"
		var sizes []int
		for _, p := range l.Safe.Undecided() {
			sizes = append(sizes, p.Bytes)
		}
		return fmt.Sprintf("within the budget up to %s%s, none over; %s undecided", size(safe), sure, verdict.SizesText(sizes))
	case over < 0 && l.Settled:
		return "within the budget at every size, up to " + size(safe) + sure
	case over < 0:
		return "within the budget at every size measured, up to " + size(safe) + sure + ": the largest was not measured"
	case safe < 0 && l.Settled:
		return "over the budget from the smallest size, " + size(over) + sure
	case safe < 0:
		return "over the budget at every size measured, from " + size(over) + sure + ": the smallest was not measured"
	case l.Settled:
		return fmt.Sprintf("between %s (within) and %s (over)%s", size(safe), size(over), sure)
	}
	why := fmt.Sprintf("not within %gx after %s", verdict.SearchFactor, plural(rounds, "round"))
	if cut {
		why += ", where the search stopped"
	}
	return fmt.Sprintf("between %s (within) and %s (over)%s: %s; list sizes in that range to pin it", size(safe), size(over), sure, why)
}
