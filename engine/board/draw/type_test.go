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
