package main

import (
	"fmt"

	"github.com/pingpong-bench/pingpong/verdict"
)

// budgetUsage is -budget's help: what is judged against it, and on how
// many stops that rests.
var budgetUsage = fmt.Sprintf("freeze budget: the stop of the world a program can afford; over several sizes of one shape (or a search, SHAPE:MIN..MAX), each codec's safe size is the largest whose %s stop waited under it, all of its 95%% interval, and where it does not stand out; a size whose interval straddles it is undecided and takes more turns within -until (the probe forces a stop every -stw, so at -duration 1s a %[1]s rests on about 100 stops per codec and level: about its second longest)",
	verdict.BudgetQuantileName())
