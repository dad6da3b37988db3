package format

import (
	"testing"
	"time"
)

func TestDuration(t *testing.T) {
	us := time.Microsecond
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0ns"}, {420, "420ns"}, {999, "999ns"},
		{1000, "1us"}, {1499, "1us"}, {1500, "2us"}, {850 * us, "850us"},
		{999*us + 499, "999us"},
		{999*us + 500, "1.0ms"}, // rounds to 1000us: the next unit
		{999*us + 600, "1.0ms"},
		{time.Millisecond, "1.0ms"}, {32400 * us, "32.4ms"}, {1500 * time.Millisecond, "1500.0ms"},
	} {
		if got := Duration(c.d); got != c.want {
			t.Errorf("Duration(%d) = %q, want %q", c.d, got, c.want)
		}
	}
}

func TestRate(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{
		{0, "0/s"}, {0.5, "0.5/s"}, {0.04, "0.0/s"}, {0.94, "0.9/s"},
		{0.96, "1/s"}, // rounds to 1.0: a whole number
		{1, "1/s"}, {54, "54/s"}, {1234, "1234/s"}, {9999.4, "9999/s"},
		{9999.6, "10.0k/s"}, // rounds to 10000: three figures of k
		{12345, "12.3k/s"}, {99949, "99.9k/s"},
		{99960, "100k/s"}, // not 100.0k/s
		{999499, "999k/s"},
		{999700, "1.00M/s"}, // not 1000k/s
		{999999, "1.00M/s"}, {1.234e6, "1.23M/s"}, {9.996e6, "10.0M/s"}, {12.34e6, "12.3M/s"},
	} {
		if got := Rate(c.v); got != c.want {
			t.Errorf("Rate(%v) = %q, want %q", c.v, got, c.want)
		}
	}
}

func TestThroughputAndSizes(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{Throughput(0.04), "0.0MB/s"}, {Throughput(9.94), "9.9MB/s"},
		{Throughput(9.96), "10MB/s"}, // not 10.0MB/s
		{Throughput(370.4), "370MB/s"},
		{Size(0), "0B"}, {Size(512), "512B"}, {Size(999.4), "999B"},
		{Size(999.6), "1.00kB"}, // not 1000B
		{Size(12_345), "12.3kB"}, {Size(1_755_254), "1.76MB"},
		{Size(999_600), "1.00MB"},     // not 1000kB
		{Size(999_600_000), "1.00GB"}, // not 1000MB
		{Size(45.2e6), "45.2MB"}, {Size(24 << 30), "25.8GB"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestSig3(t *testing.T) {
	for x, want := range map[float64]string{1: "1.00", 1.234: "1.23", 9.994: "9.99", 9.996: "10.0", 12.34: "12.3", 99.94: "99.9", 99.96: "100", 123.4: "123", 999.6: "1000"} {
		if got := Sig3(x); got != want {
			t.Errorf("Sig3(%v) = %q, want %q", x, got, want)
		}
	}
}

func TestAge(t *testing.T) {
	for d, want := range map[time.Duration]string{
		15 * time.Millisecond: "15.0ms", 999949 * time.Microsecond: "999.9ms",
		999950 * time.Microsecond: "1.0s", 2300 * time.Millisecond: "2.3s", 95 * time.Second: "95.0s",
	} {
		if got := Age(d); got != want {
			t.Errorf("Age(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestApproxSize(t *testing.T) {
	for b, want := range map[float64]string{5.38e6: "5.4MB", 8e6: "8MB", 12.6e6: "13MB", 540e3: "540kB", 999.6e3: "1MB", 999: "1kB", 120: "120B"} {
		if got := ApproxSize(b); got != want {
			t.Errorf("ApproxSize(%.0f) = %q, want %q", b, got, want)
		}
	}
}
