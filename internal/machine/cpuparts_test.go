package machine

import (
	"strings"
	"testing"
)

func TestCPUModelOf(t *testing.T) {
	for _, c := range []struct{ cpuinfo, want string }{
		{"processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7763 64-Core Processor\n", "AMD EPYC 7763 64-Core Processor"},
		{"processor\t: 0\nBogoMIPS\t: 50.00\nCPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x0\nCPU part\t: 0xd49\n", "Neoverse-N2"},
		{"CPU implementer\t: 0x51\nCPU part\t: 0x001\n", "implementer 0x51 part 0x001"},
		{"processor\t: 0\n", ""},
	} {
		if got := cpuModelOf(strings.NewReader(c.cpuinfo)); got != c.want {
			t.Errorf("cpuModelOf(%q) = %q, want %q", c.cpuinfo, got, c.want)
		}
	}
}
