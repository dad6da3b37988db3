package results

import (
	"fmt"
	"slices"
)

// Merge joins runs of the same binary into one, as if it had run them all:
// a scenario found in several runs becomes repeats of one scenario (its
// repeats numbered in the order given), so that compare tests them for
// significance: runs made one codec or one repeat at a time, or on
// several days. Runs across builds merge build by build.
//
// Runs whose codecs differ in version, or whose inputs differ under one
// name, measured different things and are refused. The environment, the
// idle pass and the calibration are the first run's.
//
// Runs of different testbeds (another machine, core count, quota or Go
// release) are kept apart: each testbed's runs merge on their own and its
// rows and codecs carry its name (testbed.go), so that nothing pools an
// amd64 row with an arm64 one.
func Merge(runs ...*Run) (*Run, error) {
	if len(runs) == 0 {
		return nil, fmt.Errorf("nothing to merge")
	}
	return mergeTestbeds(runs)
}

// mergeOneTestbed merges runs of one testbed, as Merge says.
func mergeOneTestbed(runs []*Run) (*Run, error) {
	first := runs[0]
	out := &Run{Env: first.Env, Config: first.Config, Idle: first.Idle, Calibration: first.Calibration}
	out.Config.Codecs, out.Config.Builds = nil, nil
	inputs := map[string]InputInfo{}
	type firstSeen struct {
		info CodecInfo
		run  int // the first run that had it, from 1
	}
	seen := map[[3]string]firstSeen{}
	repeats := map[Key]int{}
	for i, run := range runs {
		for _, in := range run.Inputs {
			if have, ok := inputs[in.Name]; ok {
				if have.SHA256 != in.SHA256 {
					return nil, fmt.Errorf("run %d: input %s is not the same document as in run 1 (sha256 %.12s, not %.12s)", i+1, in.Name, in.SHA256, have.SHA256)
				}
				continue
			}
			inputs[in.Name] = in
			out.Inputs = append(out.Inputs, in)
		}
		for _, im := range run.Codecs {
			k := [3]string{im.Input, im.Name, im.Build}
			if have, ok := seen[k]; ok {
				if have.info.Version != im.Version {
					return nil, fmt.Errorf("run %d: %s is version %s, not %s as in run %d: runs of different builds compare, they do not merge", i+1, im.Label(), im.Version, have.info.Version, have.run)
				}
				continue
			}
			seen[k] = firstSeen{im, i + 1}
			out.Codecs = append(out.Codecs, im)
		}
		for _, name := range run.Config.Codecs {
			if !slices.Contains(out.Config.Codecs, name) {
				out.Config.Codecs = append(out.Config.Codecs, name)
			}
		}
		for _, b := range run.Config.Builds {
			if _, ok := out.Config.Build(b.Name); !ok {
				out.Config.Builds = append(out.Config.Builds, b)
			}
		}
		if out.Idle == nil {
			out.Idle = run.Idle
		}
		if out.Calibration == nil {
			out.Calibration = run.Calibration
		}
		for _, r := range run.Results {
			k := r.Key()
			r.Repeat = repeats[k]
			repeats[k]++
			out.Results = append(out.Results, r)
		}
	}
	out.Config.Count = 1
	for _, n := range repeats {
		out.Config.Count = max(out.Config.Count, n)
	}
	return out, nil
}
