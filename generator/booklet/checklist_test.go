package booklet

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"
)

// checkMarks gathers a laid-out checklist's boxes and its numbers, each
// with where it stands, from the frames of its pieces stacked in order.
type checkMark struct {
	n    int
	x, y float64
}

func checklistMarks(t *testing.T, r *renderer, ps []piece, w float64) (nums []checkMark, boxes []frame.Box) {
	t.Helper()
	y := 0.0
	for _, p := range ps {
		if p.sp == nil || p.sp.lay == nil {
			continue
		}
		f := p.sp.lay(w)
		for _, m := range f.Marks {
			switch m := m.(type) {
			case frame.Box:
				m.Y += y
				boxes = append(boxes, m)
			case frame.Text:
				if m.Font.Style == "B" {
					if n, err := strconv.Atoi(m.S); err == nil {
						nums = append(nums, checkMark{n, m.X, m.Y + y})
					}
				}
			}
		}
		y += f.H + 1
	}
	return nums, boxes
}

// TestChecklistTicks lays out an enemy's figures in the order taken, as
// a spread's grid and as a play sheet's lines, and checks that each is
// a list to tick: every item has its number, 1 up, and a box of its own
// beside it, and the numbers read in order across each row, then down.
func TestChecklistTicks(t *testing.T) {
	r := testRenderer("a4")
	r.f.AddPage()
	c := &doc.Checklist{Lead: "In the order you take them (figure, its 2d6)"}
	for i := range 32 {
		c.Items = append(c.Items, fmt.Sprintf("%s (%d)", []string{"Orcs", "Greater Orcs", "Mounted Wolf Riders"}[i%3], 2+i%11))
	}
	const w = 180.0
	for _, form := range []struct {
		name string
		ps   []piece
	}{
		{"grid", r.checklistPieces(c, spreadLook, w)},
		{"lines", r.checklistFlowed(c, spreadLook, w)},
	} {
		t.Run(form.name, func(t *testing.T) {
			nums, boxes := checklistMarks(t, r, form.ps, w)
			if len(nums) != len(c.Items) || len(boxes) != len(c.Items) {
				t.Fatalf("%d numbers and %d boxes for %d items", len(nums), len(boxes), len(c.Items))
			}
			for i, n := range nums {
				if n.n != i+1 {
					t.Fatalf("item %d numbered %d", i+1, n.n)
				}
				b := boxes[i]
				if b.Fill >= 0 || b.Stroke < 0 || b.W < 2 || b.W != b.H {
					t.Errorf("item %d: its box %+v is not an empty square to tick", n.n, b)
				}
				if b.X <= n.x || b.X-n.x > 10 || b.Y < n.y-0.01 || b.Y > n.y+lh(spreadLook.size) {
					t.Errorf("item %d: its box at (%.1f, %.1f) is not beside its number at (%.1f, %.1f)", n.n, b.X, b.Y, n.x, n.y)
				}
				if i > 0 {
					p := nums[i-1]
					if !(n.y > p.y+0.01 || (n.y > p.y-0.01 && n.x > p.x)) {
						t.Errorf("item %d at (%.1f, %.1f) does not follow item %d at (%.1f, %.1f)", n.n, n.x, n.y, p.n, p.x, p.y)
					}
				}
			}
		})
	}
	// The grid sets several items to a row, each row a piece of its own
	// (a page breaks between rows), the lead keeping two rows with it.
	grid := r.checklistPieces(c, spreadLook, w)
	rows := len(grid) - 1
	if rows < 2 || rows > len(c.Items)/2 {
		t.Errorf("%d rows for %d items across %g mm", rows, len(c.Items), w)
	}
	if lead := grid[0].sp; lead.lay != nil || lead.keep < r.layPiece(grid[1], w).h+r.layPiece(grid[2], w).h-0.01 {
		t.Errorf("the lead keeps %.1f mm, less than its first two rows", lead.keep)
	}
}
