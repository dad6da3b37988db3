package verdict

import "github.com/pingpong-bench/pingpong/results"

// RecordSafeSizes are run's safe sizes as a results file keeps them
// (results.Run.SafeSizes), for scripts: what the console's safe-size
// lines say, with each size's interval and side of the budget.
func RecordSafeSizes(run *results.Run) []results.SafeSizeRecord {
	var out []results.SafeSizeRecord
	for _, t := range SafeSizesOf(run) {
		for _, s := range t.Codecs {
			est, _ := s.Estimate()
			r := results.SafeSizeRecord{Shape: t.Shape, Label: t.Label, Codec: s.Codec, Head: s.Head(), EstimateBytes: est, Undecided: len(s.Undecided()) > 0,
				Sure: s.Sure()}
			safe, over := s.Bracket()
			if safe >= 0 {
				r.LoBytes = s.Points[safe].Bytes
			}
			if over >= 0 {
				r.HiBytes = s.Points[over].Bytes
			}
			for _, p := range s.Points {
				r.Points = append(r.Points, results.SafeSizePoint{Input: p.Input, Bytes: p.Bytes, StopNs: int64(p.Stop), LoNs: int64(p.Lo), HiNs: int64(p.Hi),
					Resampled: p.Resampled, Side: p.Side(), Sure: p.Sure()})
			}
			out = append(out, r)
		}
	}
	return out
}

// Side is p's side of the budget, as a results file says it: "within",
// "over" or "undecided".
func (p SizePoint) Side() string {
	switch {
	case p.Within:
		return "within"
	case p.Undecided:
		return "undecided"
	}
	return "over"
}
