#include "textflag.h"

// func spinN(n uint64)
// One decrement and one taken branch per iteration, about a cycle each.
// NOSPLIT and no frame: the function never enters the runtime, so the
// goroutine running it cannot be stopped until it returns.
TEXT ·spinN(SB), NOSPLIT|NOFRAME, $0-8
	MOVQ n+0(FP), CX
loop:
	DECQ CX
	JNZ  loop
	RET
