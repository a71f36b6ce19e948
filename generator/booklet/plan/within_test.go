package plan_test

import (
	"testing"

	"github.com/sortie-wargames/sortie/generator/booklet/plan"
)

// TestWithin checks the least width that sets a cell in so many lines:
// "Recover From Knock Down" in two lines is as wide as "Recover From".
func TestWithin(t *testing.T) {
	c := plan.Cell{Words: []float64{14, 8, 10, 9}, Space: 2} // Recover From Knock Down
	for n, want := range map[int]float64{1: 47, 2: 24, 3: 20, 4: 14, 9: 14} {
		if got := c.Within(n); got != want {
			t.Errorf("Within(%d) = %v, want %v", n, got, want)
		}
	}
	if got := (plan.Cell{}).Within(2); got != 0 {
		t.Errorf("an empty cell within two lines: %v, want 0", got)
	}
}
