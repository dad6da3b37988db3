package pingpong

import "fmt"

// memoryPerPairFactor is how many times the input's size one pair may keep
// alive at once: the pinger's and the echo's messages in flight plus two
// decoded values (a map[string]any runs to several times its JSON), then
// doubled for the garbage collector's headroom at GOGC=100.
const memoryPerPairFactor = 16

// CheckMemory refuses a level whose pairs would not fit in memory: better
// one clear line before the run than an OOM kill in the middle of it.
// memory is the machine's (or the container's) total; 0 means unknown,
// and then nothing is refused.
func CheckMemory(inputBytes, pairs int, memory uint64) error {
	if memory == 0 {
		return nil
	}
	need := uint64(inputBytes) * uint64(pairs) * memoryPerPairFactor
	if limit := memory / 10 * 8; need > limit {
		return fmt.Errorf("%d pairs on a %d-byte input need about %d MB (%dx the input per pair), more than 80%% of the %d MB of memory",
			pairs, inputBytes, need>>20, memoryPerPairFactor, memory>>20)
	}
	return nil
}
