package results

import (
	"fmt"
	"slices"
	"strconv"
)

// mergeTestbeds splits every run into its testbeds, merges each testbed's
// parts with mergeOneTestbed and, when there is more than one testbed,
// joins them side by side, each row and codec labelled with its testbed's
// name. Runs of one testbed merge exactly as they always did.
func mergeTestbeds(runs []*Run) (*Run, error) {
	var order []Testbed
	parts := map[Testbed][]*Run{}
	for _, run := range runs {
		for _, part := range run.ByTestbed() {
			tb := part.Env.Testbed()
			if _, ok := parts[tb]; !ok {
				order = append(order, tb)
			}
			parts[tb] = append(parts[tb], part)
		}
	}
	if len(order) == 1 {
		return mergeOneTestbed(parts[order[0]])
	}
	names := testbedNames(order)
	var out *Run
	inputs := map[string]InputInfo{}
	for i, tb := range order {
		m, err := mergeOneTestbed(parts[tb])
		if err != nil {
			return nil, fmt.Errorf("testbed %s: %w", names[i], err)
		}
		if out == nil {
			out = &Run{Env: m.Env, Config: m.Config, Idle: m.Idle, Calibration: m.Calibration}
			out.Config.Codecs = nil
		}
		out.Testbeds = append(out.Testbeds, TestbedRun{Name: names[i], Env: m.Env, Config: m.Config, Idle: m.Idle, Calibration: m.Calibration})
		for _, in := range m.Inputs {
			if have, ok := inputs[in.Name]; ok {
				if have.SHA256 != in.SHA256 {
					return nil, fmt.Errorf("testbed %s: input %s is not the same document as on %s (sha256 %.12s, not %.12s)", names[i], in.Name, names[0], in.SHA256, have.SHA256)
				}
				continue
			}
			inputs[in.Name] = in
			out.Inputs = append(out.Inputs, in)
		}
		for _, im := range m.Codecs {
			im.Testbed = names[i]
			out.Codecs = append(out.Codecs, im)
		}
		for _, r := range m.Results {
			r.Testbed = names[i]
			out.Results = append(out.Results, r)
		}
		for _, name := range m.Config.Codecs {
			if !slices.Contains(out.Config.Codecs, name) {
				out.Config.Codecs = append(out.Config.Codecs, name)
			}
		}
		out.Config.Count = max(out.Config.Count, m.Config.Count)
	}
	return out, nil
}

// testbedNames are the testbeds' short names, made unique: two testbeds
// that differ only in what a short name leaves out (the GOMAXPROCS source,
// say) are told apart by a number.
func testbedNames(tbs []Testbed) []string {
	seen := map[string]int{}
	out := make([]string, len(tbs))
	for i, tb := range tbs {
		name := tb.Name()
		seen[name]++
		if n := seen[name]; n > 1 {
			name += " #" + strconv.Itoa(n)
		}
		out[i] = name
	}
	return out
}
