#include "textflag.h"

// func spinCPU(ns int64)
// Spins until the calling thread has run ns of CPU time, by its own CPU
// clock (clock_gettime of CLOCK_THREAD_CPUTIME_ID, a raw system call every
// 65536 iterations, about every 20-40us): CPU time, not wall time, so a
// spin holds as long beside other work as quiet, and however fast the
// host runs the loop this minute. It never enters the runtime and has no
// safe point, so the goroutine running it cannot be stopped until it
// returns.
TEXT ·spinCPU(SB), NOSPLIT, $16-8
	MOVQ $228, AX       // SYS_clock_gettime
	MOVQ $3, DI         // CLOCK_THREAD_CPUTIME_ID
	LEAQ ts-16(SP), SI
	SYSCALL
	MOVQ ts-16(SP), R8  // seconds
	IMULQ $1000000000, R8
	ADDQ ts-8(SP), R8   // start, ns
	MOVQ ns+0(FP), R9
	ADDQ R8, R9         // the CPU clock's end
loop:
	MOVQ $65536, BX
inner:
	DECQ BX
	JNZ  inner
	MOVQ $228, AX
	MOVQ $3, DI
	LEAQ ts-16(SP), SI
	SYSCALL             // clobbers CX and R11 only
	MOVQ ts-16(SP), R10
	IMULQ $1000000000, R10
	ADDQ ts-8(SP), R10
	CMPQ R10, R9
	JLT  loop
	RET
