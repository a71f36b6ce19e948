// Package dicetest helps tests check that dice fall as the books say:
// the chi-square statistic of rolled counts against the chances a table
// gives them.
package dicetest

// Chi2 returns the chi-square statistic of counts (of n rolls) against
// the probability p of each outcome. Outcomes missing from p are not
// counted; an outcome of p never rolled counts as 0.
func Chi2[K comparable](counts map[K]int, p map[K]float64, n int) float64 {
	x := 0.0
	for k, pk := range p {
		e := pk * float64(n)
		d := float64(counts[k]) - e
		x += d * d / e
	}
	return x
}
