package verdict

import "math"

// How sure a safe size is, in one figure a reader takes in at once ("86%
// sure"). A size's side of the budget is a claim about the share of its
// stops that wait the budget or longer: the wait.p99 is under the budget
// when under 1% do (1-BudgetQuantile). Of n stops, k reached the budget;
// were the share exactly 1%, a count as far from it as k, or further, would
// come with the binomial's probability, and one minus that is how sure the
// side is, whatever the distribution of the stops. A size within on n
// stops of which none reached the budget is 1-0.99^n sure: 63% on 100, 86%
// on 200, 95% on 300. A size over on four of 100 stops is 98% sure.
//
// The safe size lies between the largest size within and the smallest
// over (SafeSize.Bracket): it is as sure as both sides at once, at least
// one minus the chances that either is wrong (Bonferroni), the bracket
// alone where it has one bound ("every size tried": the largest size's
// side). The point inside it ("~8MB", Estimate) is a reading of the line
// through the two, not measured, and no surer than the bracket.
//
// Neighbouring stops are not quite independent (a freeze holds several),
// so the figure is if anything generous: it says how far to trust one
// run's side, and a longer -duration makes it surer.

// Sure is how sure p is of its side of the budget, from 0 to 1: within,
// that under 1% of its stops wait the budget or longer; over, that 1% or
// more do. 0 when it does not say: undecided, over because the codec
// stands out there (the verdict's answer, not a count), or without stop
// records.
func (p SizePoint) Sure() float64 {
	q := 1 - BudgetQuantile
	switch {
	case p.Waits == 0 || p.Undecided || p.StandsOut:
		return 0
	case p.Within:
		return 1 - binomialAtMost(p.Reached, p.Waits, q)
	}
	return binomialAtMost(p.Reached-1, p.Waits, q)
}

// Sure is how sure s's bracket is: that its safe size lies between the
// largest size within the budget and the smallest over it (both sides at
// once), or beyond the one bound it has; 0 when it does not say (no
// bound, or a bound whose side is not counted: Sure of a SizePoint).
func (s SafeSize) Sure() float64 {
	safe, over := s.Bracket()
	sure := 1.0
	for _, i := range []int{safe, over} {
		if i >= 0 {
			sure -= 1 - s.Points[i].Sure()
		}
	}
	if safe < 0 && over < 0 || sure <= 0 {
		return 0
	}
	return sure
}

// SurePercent is sure as the console says it, rounded down so that it
// never reads surer than it is: "86%".
func SurePercent(sure float64) int { return int(math.Floor(100 * sure)) }

// binomialAtMost is P(X <= k) for X ~ Binomial(n, p), summed from 0 in
// logarithms so that a large n does not underflow.
func binomialAtMost(k, n int, p float64) float64 {
	if k < 0 {
		return 0
	}
	if k >= n {
		return 1
	}
	sum := 0.0
	logPMF := float64(n) * math.Log1p(-p) // P(X = 0)
	for i := 0; i <= k; i++ {
		sum += math.Exp(logPMF)
		logPMF += math.Log(float64(n-i)/float64(i+1)) + math.Log(p/(1-p))
	}
	return min(sum, 1)
}
