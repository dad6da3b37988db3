package results

import "slices"

// SizeSeries is one shape's sizes, smallest first.
type SizeSeries struct {
	Shape  string
	Inputs []InputInfo
}

// SizeSweeps are the shapes that ran at two sizes or more, in the order
// they first appear.
func SizeSweeps(inputs []InputInfo) []SizeSeries {
	var out []SizeSeries
	for _, in := range inputs {
		if in.Shape == "" || in.AskedSize == 0 {
			continue // a corpus, or a shape that takes no size
		}
		i := slices.IndexFunc(out, func(s SizeSeries) bool { return s.Shape == in.Shape })
		if i < 0 {
			i = len(out)
			out = append(out, SizeSeries{Shape: in.Shape})
		}
		if !slices.ContainsFunc(out[i].Inputs, func(o InputInfo) bool { return o.Name == in.Name }) {
			out[i].Inputs = append(out[i].Inputs, in)
		}
	}
	out = slices.DeleteFunc(out, func(s SizeSeries) bool { return len(s.Inputs) < 2 })
	for _, s := range out {
		slices.SortStableFunc(s.Inputs, func(a, b InputInfo) int { return a.Bytes - b.Bytes })
	}
	return out
}
