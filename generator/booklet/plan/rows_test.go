package plan

import (
	"slices"
	"testing"
)

// chunks turns a BreakRows plan into the number of rows each frame holds.
func chunks(plan []bool) []int {
	var cs []int
	for i, b := range plan {
		if i == 0 || b {
			cs = append(cs, 0)
		}
		cs[len(cs)-1]++
	}
	return cs
}

func TestBreakRows(t *testing.T) {
	rows := func(n int, h float64) []float64 {
		hs := make([]float64, n)
		for i := range hs {
			hs[i] = h
		}
		return hs
	}
	for _, c := range []struct {
		name        string
		hs          []float64
		tail        float64
		room0, room float64
		want        []int // rows per frame; nil for no plan
	}{
		// Greedy would put 6 on the first page, 4 on the next and 1 alone
		// on the third; three frames either way, none with fewer than
		// three rows.
		{"no lone last row", rows(11, 10), 0, 60, 40, []int{5, 3, 3}},
		{"whole on one frame", rows(5, 10), 0, 60, 60, []int{5}},
		{"fills the first frame", rows(9, 10), 0, 60, 60, []int{6, 3}},
		// The widow: 7 rows where 6 fit leave 4 and 3, not 6 and 1.
		{"widow", rows(7, 10), 0, 60, 60, []int{4, 3}},
		// The tail (a note under the table) goes with the last row.
		{"tail with the last row", rows(6, 10), 5, 60, 60, []int{3, 3}},
		// Rows so tall that three never fit a frame: no plan.
		{"too tall", rows(6, 30), 0, 60, 60, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			const keepRows = 3 // as generator/booklet keeps them
			keep := keepRows
			if len(c.hs) < 2*keepRows {
				keep = len(c.hs)
			}
			plan := BreakRows(c.hs, c.tail, keep, c.room0, c.room)
			if c.want == nil {
				if plan != nil {
					t.Fatalf("got plan %v, want none", chunks(plan))
				}
				return
			}
			if plan == nil {
				t.Fatalf("got no plan, want %v", c.want)
			}
			if got := chunks(plan); !slices.Equal(got, c.want) {
				t.Errorf("rows per frame %v, want %v", got, c.want)
			}
		})
	}
}
