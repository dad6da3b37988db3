// Command freshcopy times, with no pingpong code, copying N MB into pages
// freshly mapped from the OS against copying into pages already touched,
// per MB: the independent check of `pingpong cold`'s fresh-page figure.
// Each try maps its own region; the median of -tries is printed:
//
//	mb=32 tries=9 fresh_per_mb_ns=... touched_per_mb_ns=...
package main

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"syscall"
	"time"
)

func main() {
	mb := flag.Int("mb", 32, "MB copied")
	tries := flag.Int("tries", 9, "copies of each kind")
	flag.Parse()
	size := *mb << 20
	src := make([]byte, size)
	for i := range src {
		src[i] = byte(i * 7)
	}
	touched := make([]byte, size)
	for i := 0; i < size; i += 4096 {
		touched[i] = 1
	}
	var fresh, warm []time.Duration
	for i := 0; i < *tries; i++ {
		dst, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
		if err != nil {
			fmt.Fprintln(os.Stderr, "freshcopy:", err)
			os.Exit(1)
		}
		t := time.Now()
		copy(dst, src)
		fresh = append(fresh, time.Since(t))
		_ = syscall.Munmap(dst)
		t = time.Now()
		copy(touched, src)
		warm = append(warm, time.Since(t))
	}
	med := func(d []time.Duration) time.Duration {
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		return d[len(d)/2]
	}
	fmt.Printf("mb=%d tries=%d fresh_per_mb_ns=%d touched_per_mb_ns=%d\n", *mb, *tries,
		med(fresh).Nanoseconds()/int64(*mb), med(warm).Nanoseconds()/int64(*mb))
}
