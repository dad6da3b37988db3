package load

import (
	"reflect"
	"runtime"
	"strings"
)

// pairPrefix starts the name of every goroutine a level starts: OpenLevel's
// function literals ("...internal/load.OpenLevel.func2"), the pairs' echo
// and pinger among them. It is derived from the function itself, so that a
// rename moves it too.
var pairPrefix = runtime.FuncForPC(reflect.ValueOf(OpenLevel).Pointer()).Name() + "."

// PairFrame says whether frame, a stack frame as the flight recorder
// prints it ("function file:line"), is where one of a level's goroutines
// started: the outermost frame of a pair's echo or pinger.
func PairFrame(frame string) bool { return strings.HasPrefix(frame, pairPrefix) }
