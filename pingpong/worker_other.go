//go:build !unix

package pingpong

import "os/exec"

func ownProcessGroup(*exec.Cmd) {}
