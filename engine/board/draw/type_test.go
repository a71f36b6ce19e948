package draw_test

import (
	"testing"

	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/board/boardtest"
	"github.com/sortie-wargames/sortie/engine/board/draw"
)

// TestTypeAtLeastMinPt draws the maps of 20 seeds of every encounter type
// of every system, and the full test board, from the site's scale down
// to below the smallest a folded booklet draws a board at, and every
// legend swatch at the sizes the booklets and play sheets draw them: no
// text (a label, a note, a section number, a key letter, a marker's
// letter, an edge's name, the scale bar) is set under draw.MinPt, the
// booklets' smallest type (docs/print.md).
func TestTypeAtLeastMinPt(t *testing.T) {
	names, maps := seedMaps(t, 20)
	names, maps = append(names, "full board"), append(maps, boardtest.Full())
	small := map[string]int{}
	first := map[string]string{}
	for i, m := range maps {
		long := max(m.WidthIn, m.HeightIn, 1)
		ss := append(scales(m), 0.85*leastScale(long))
		for _, s := range ss {
			for _, op := range draw.Board(m, s, boardtest.Measure).Ops {
				if op.Shape == draw.Text && op.Size < draw.MinPt {
					small[op.Class]++
					if first[op.Class] == "" {
						first[op.Class] = names[i] + ": " + op.Text
					}
				}
			}
		}
	}
	// The booklets' legend (9 × 5 mm) and a play sheet's (6.5 × 3.8 mm).
	for _, e := range board.Legend(maps...) {
		for _, sw := range [][2]float64{{9, 5}, {6.5, 3.8}} {
			for _, op := range draw.Swatch(e, 0, 0, sw[0], sw[1]) {
				if op.Shape == draw.Text && op.Size < draw.MinPt {
					small["swatch "+op.Class]++
					first["swatch "+op.Class] = e.Label + ": " + op.Text
				}
			}
		}
	}
	for class, n := range small {
		t.Errorf("%d %s texts under %v pt, the first %s", n, class, draw.MinPt, first[class])
	}
}

// leastScale is scales' least: the smallest a folded booklet draws a
// board of this longer side at.
func leastScale(long float64) float64 {
	if s, ok := leastFolded[long]; ok {
		return s
	}
	return 28 / long
}

// TestOffBoardLabelsWhole draws the maps of 20 seeds of every encounter
// type of every system from the smallest a folded booklet draws a board
// at down to 1 mm to the inch: a zone's label set off the board, in a row
// beyond its edge, is printed whole on one line (wrapped to
// draw.OffBoardW at the least, not to a board a few centimetres wide a
// word a line, which made the board's overhead grow the smaller it was
// drawn).
func TestOffBoardLabelsWhole(t *testing.T) {
	names, maps := seedMaps(t, 20)
	off := 0
	for i, m := range maps {
		zones := map[string]bool{}
		for _, z := range m.Zones {
			zones[z.Label] = true
		}
		long := max(m.WidthIn, m.HeightIn, 1)
		for s := leastScale(long); s >= 1; s *= 0.8 {
			for _, op := range draw.Board(m, s, boardtest.Measure).Ops {
				if op.Shape != draw.Text || op.Class != "edge" || op.Text == "Your edge" || op.Text == "Enemy edge" {
					continue
				}
				off++
				if !zones[op.Text] {
					t.Errorf("%s at %.2f mm/in: %q, a piece of a zone's label on a line of its own", names[i], s, op.Text)
				}
			}
		}
	}
	if off == 0 {
		t.Error("no zone's label was set off the board: the scales tried do not reach where they are")
	}
	t.Logf("%d zone labels set off the board", off)
}
