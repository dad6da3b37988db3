package verdict

import (
	"testing"
	"time"
)

// What would settle a codec follows the answer it is heading for: one
// interval over its bar makes "stands out", so a codec whose frozen share
// lies far over its bar is settled by the window that clears that one,
// however near its bar the tail lies; "does not" needs every interval
// under, so the latest of those decides. (A 256 MB copy beside other work
// was left untold when the tail's projection, ten windows, decided.)
func TestToSettleFollowsTheAnswer(t *testing.T) {
	const win = 2 * time.Second
	ref := &Codec{Stops: Stops{Window: win}}
	v := Level{Ref: ref, Bars: Bars{Frozen: 0.03, Tail: 0.10}}
	near := Interval{Est: 0.07, Lo: 0, Hi: 0.19} // the tail: under its bar, near it
	over := Codec{Stops: Stops{Window: win}, Against: Against{Effect: Effect{Frozen: Interval{Est: 0.155, Lo: -0.007, Hi: 0.266}, Tail: near}}}
	_, need := v.toSettle(over)
	// (half/gap)^2 x margin: (0.1365/0.125)^2 x 1.2 = 1.43 windows
	if need < win || need > 3*win/2 {
		t.Errorf("frozen far over its bar, tail near its own: need %v, want the frozen share's projection, about 2.9s", need)
	}
	under := Codec{Stops: Stops{Window: win}, Against: Against{Effect: Effect{Frozen: Interval{Est: 0.01, Lo: -0.01, Hi: 0.02}, Tail: near}}}
	if _, need := v.toSettle(under); need < 4*win {
		t.Errorf("frozen under its bar, tail near its own: need %v, want the tail's projection (both must clear)", need)
	}
}
