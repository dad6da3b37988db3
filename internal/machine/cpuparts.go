package machine

import (
	"bufio"
	"io"
	"strings"
)

// armParts name the Arm cores of the machines Go CI runs on, by the
// /proc/cpuinfo "CPU implementer" and "CPU part" that an arm64 kernel
// gives instead of a model name: a testbed should say Neoverse-N2, not
// "unknown CPU".
var armParts = map[[2]string]string{
	{"0x41", "0xd0c"}: "Neoverse-N1",
	{"0x41", "0xd40"}: "Neoverse-V1",
	{"0x41", "0xd49"}: "Neoverse-N2",
	{"0x41", "0xd4f"}: "Neoverse-V2",
	{"0x41", "0xd8e"}: "Neoverse-N3",
	{"0x41", "0xd84"}: "Neoverse-V3",
	{"0x41", "0xd08"}: "Cortex-A72",
	{"0x41", "0xd0b"}: "Cortex-A76",
	{"0xc0", "0xac3"}: "Ampere-1",
	{"0xc0", "0xac4"}: "Ampere-1A",
}

// cpuModelOf reads a /proc/cpuinfo: its first "model name", else the Arm
// core its first implementer and part name ("implementer 0x41 part 0xd0c"
// for a core not in armParts); "" when it says neither.
func cpuModelOf(r io.Reader) string {
	var implementer, part string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		v = strings.TrimSpace(v)
		switch strings.TrimSpace(k) {
		case "model name":
			return v
		case "CPU implementer":
			if implementer == "" {
				implementer = v
			}
		case "CPU part":
			if part == "" {
				part = v
			}
		}
	}
	if implementer == "" || part == "" {
		return ""
	}
	if name, ok := armParts[[2]string{implementer, part}]; ok {
		return name
	}
	return "implementer " + implementer + " part " + part
}
