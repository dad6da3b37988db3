package machine

import (
	"fmt"

	"strings"
	"testing"
)

func TestCheckMemory(t *testing.T) {
	const gib = 1 << 30
	if err := CheckMemory(2_000_000, 8, 1, 24*gib); err != nil {
		t.Errorf("8 pairs of 2 MB on 24 GiB refused: %v", err)
	}
	if err := CheckMemory(2_000_000, 100000, 1, 24*gib); err == nil {
		t.Error("100000 pairs of 2 MB on 24 GiB accepted")
	}
	if err := CheckMemory(2_000_000, 100000, 1, 0); err != nil {
		t.Errorf("unknown memory must not refuse: %v", err)
	}
}

func TestCheckMemoryCountsTheBatch(t *testing.T) {
	const gib = 1 << 30
	fits := BatchThatFits(1000, 2, gib)
	if fits < 1 {
		t.Fatalf("BatchThatFits(1000 B, 2 pairs, 1 GiB) = %d", fits)
	}
	if err := CheckMemory(1000, 2, fits, gib); err != nil {
		t.Errorf("the batch that fits, %d, refused: %v", fits, err)
	}
	err := CheckMemory(1000, 2, fits+1, gib)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%d documents per message", fits+1)) {
		t.Errorf("one more than fits: %v; want a refusal naming the batch", err)
	}
	// pairs x batch x size x 16 is far past 2^64: refused, not wrapped to a small number.
	if err := CheckMemory(1_000_000_000, 100000, 1_000_000, 24*gib); err == nil {
		t.Error("an overflowing need was accepted")
	}
}
