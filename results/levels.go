package results

// LevelRows are the encdec rows of one level: every codec's at one input,
// decode target, pairs, runtime settings and build.
type LevelRows struct {
	Input string
	Label string // the level: "1x encdec", "1x encdec, build new"
	Point Point
	Rows  []Result
}

// EncdecLevels sorts rs's encdec rows that measured round trips and ended
// without error into levels, in the order the levels first appear. Each
// level's rows are its own slice.
func EncdecLevels(rs []Result) []LevelRows {
	var out []LevelRows
	at := map[Key]int{}
	for _, r := range rs {
		if !r.IsEncdec() || r.N == 0 || r.Err != "" {
			continue
		}
		k := r.Key()
		k.Codec = "" // a level is every key field but the codec
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, LevelRows{Input: r.Input, Label: levelLabel(r), Point: r.Point()})
		}
		out[i].Rows = append(out[i].Rows, r)
	}
	return out
}

// levelLabel is the level r is at, as comparisons head it: its row label,
// and in a run across builds the build, whose codecs compare among
// themselves (the builds compare in pingpong compare).
func levelLabel(r Result) string {
	label := r.Label()
	if r.Build != "" {
		label += ", build " + r.Build
	}
	if r.Testbed != "" { // a merged file's testbeds are levels of their own
		label += ", on " + r.Testbed
	}
	return label
}
