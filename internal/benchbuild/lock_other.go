//go:build !unix

package main

import "errors"

// lock is not there off unix: $PINGPONG_BUILD_CACHE is refused there.
func lock(path string) (unlock func(), err error) {
	return nil, errors.New("a build cache needs a unix system")
}
