package booklet

import (
	"math"
	"testing"
)

// TestCropMarks checks that a sheet's crop marks are those of its cards:
// every mark starts a crop gap from the edge of a card it lines up with,
// so an empty row or place gets none; a full sheet gets a mark at both
// ends of every row line and under every column line.
func TestCropMarks(t *testing.T) {
	g := sheetGrid{cols: 3, rows: 3, x0: 10, y0: 20, w: 63, h: 84}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	for _, back := range []bool{false, true} {
		for n := 1; n <= g.perSheet(); n++ {
			marks := cropMarks(g, n, back)
			for _, m := range marks {
				ok := false
				for i := range n {
					x, y := g.cell(i, back)
					if m[1] == m[3] { // across: at a card's top or bottom, beside it
						ok = ok || (near(m[1], y) || near(m[1], y+g.h)) && (near(m[2], x-cropGap) || near(m[0], x+g.w+cropGap))
					} else { // down: under a card's side
						ok = ok || (near(m[0], x) || near(m[0], x+g.w)) && near(m[1], y+g.h+cropGap)
					}
				}
				if !ok {
					t.Errorf("%d cards (back %v): the mark %v lines up with no card", n, back, m)
				}
			}
			rows := (n + g.cols - 1) / g.cols
			cols := min(n, g.cols)
			if want := 2*(rows+1) + cols + 1; len(marks) != want {
				t.Errorf("%d cards (back %v): %d marks, want %d", n, back, len(marks), want)
			}
		}
	}
}
