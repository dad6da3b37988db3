//go:build !race

package pingpongtest

const raceEnabled = false
