//go:build !unix

package machine

import (
	"errors"
	"time"
)

func copyIntoFresh([]byte) (time.Duration, error) {
	return 0, errors.New("fresh pages are measured on unix only")
}

func hugePagesNote() string { return "" }
