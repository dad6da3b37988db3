package machine

import (
	"fmt"
	"math/bits"
)

// memoryPerPairFactor is how many times the input's size one pair may keep
// alive at once: the pinger's and the echo's messages in flight plus two
// decoded values (a map[string]any runs to several times its JSON), then
// doubled for the garbage collector's headroom at GOGC=100.
const memoryPerPairFactor = 16

// CheckMemory refuses a level whose pairs would not fit in memory: better
// one clear line before the run than an OOM kill in the middle of it. Each
// message carries batch documents (-batch; 1 for one), so a pair keeps
// batch times as much alive. memory is the machine's (or the container's)
// total; 0 means unknown, and then nothing is refused.
func CheckMemory(inputBytes, pairs, batch int, memory uint64) error {
	if memory == 0 {
		return nil
	}
	batch = max(batch, 1)
	if need, limit := memoryNeed(inputBytes, pairs, batch), memoryLimit(memory); need > limit {
		per, docs := "pair", ""
		if batch > 1 {
			per, docs = "document per pair", fmt.Sprintf(" with %d documents per message", batch)
		}
		return fmt.Errorf("%d pairs%s on a %d-byte input need about %d MB (%dx the input per %s), more than 80%% of the %d MB of memory",
			pairs, docs, inputBytes, need>>20, memoryPerPairFactor, per, memory>>20)
	}
	return nil
}

// BatchThatFits is the largest -batch that CheckMemory lets pairs run on
// the input, at least 0; memory 0 (unknown) puts no bound on it.
func BatchThatFits(inputBytes, pairs int, memory uint64) int {
	one := memoryNeed(inputBytes, pairs, 1)
	if memory == 0 || one == 0 {
		return int(^uint(0) >> 1)
	}
	return int(min(memoryLimit(memory)/one, uint64(int(^uint(0)>>1))))
}

// memoryNeed is what CheckMemory charges, saturating rather than wrapping:
// pairs and batch are the user's, and only "too much" has to come out.
func memoryNeed(inputBytes, pairs, batch int) uint64 {
	need := uint64(memoryPerPairFactor)
	for _, f := range []int{inputBytes, pairs, batch} {
		hi, lo := bits.Mul64(need, uint64(max(f, 0)))
		if hi != 0 {
			return ^uint64(0)
		}
		need = lo
	}
	return need
}

func memoryLimit(memory uint64) uint64 { return memory / 10 * 8 }
