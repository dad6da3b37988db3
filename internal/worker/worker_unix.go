//go:build unix

package worker

import (
	"os/exec"
	"syscall"
)

func ownProcessGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }
