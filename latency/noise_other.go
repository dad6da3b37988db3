//go:build !linux

package latency

// haveProcFS is false: the noise meter reads Linux's /proc only, and
// elsewhere returns nil rather than guess.
const haveProcFS = false
