package booklet

import (
	"math"

	"github.com/sortie-wargames/sortie/generator/booklet/frame"
)

// ChartType lays out the campaign chart of d's booklet as opt describes
// it, each page as it prints (upright under its key, or turned), and
// returns the smallest type any of its text is set in, and whether the
// chart is turned. A doc without a chart has none: +Inf.
func ChartType(d Doc, opt Options) (least float64, turned bool, err error) {
	b, err := setup(d, opt)
	if err != nil {
		return 0, false, err
	}
	least = math.Inf(1)
	if b.chart == nil {
		return least, false, nil
	}
	r := newRenderer(b, newLayout())
	for _, pg := range b.chart.Pages {
		if b.chartTurned {
			least = min(least, leastType(r.turnedChart(pg)))
			continue
		}
		least = min(least, leastType(r.chartKey(r.contentW())), leastType(r.chartPage(pg)))
	}
	return least, b.chartTurned, nil
}

// leastType is the smallest type any text of f, or of a frame inside
// it, is set in; +Inf for none.
func leastType(f *frame.Frame) float64 {
	least := math.Inf(1)
	for _, m := range f.Marks {
		switch m := m.(type) {
		case frame.Text:
			if m.S != "" {
				least = min(least, m.Font.Size)
			}
		case frame.Baseline:
			least = min(least, m.Font.Size)
		case frame.Turned:
			least = min(least, m.Font.Size)
		case frame.Sub:
			least = min(least, leastType(m.F))
		}
	}
	return least
}

// OwnTypes returns, for each entry of d (by number) with own tables
// (ownTables: its rosters), the size each of them sets its cells in, in
// order, as an entry's blocks print them in a spread's look across the
// text of the booklet's page that opt describes.
func OwnTypes(d Doc, opt Options) (map[int][]float64, error) {
	b, err := setup(d, opt)
	if err != nil {
		return nil, err
	}
	r := newRenderer(b, newLayout())
	w := r.contentW()
	out := map[int][]float64{}
	for _, e := range b.entries {
		for _, own := range ownTables(e.enc.Blocks) {
			for _, t := range own {
				for _, p := range r.blockPieces(t, spreadLook, 1, blockCtx{}, w) {
					if p.tb == nil {
						continue
					}
					g := r.layTable(r.pieceTable(p, w), p.tl, w).grid
					if g.stack != nil {
						g = g.stack[0]
					}
					out[e.number] = append(out[e.number], g.size)
				}
			}
			break // every own table maps to all of them
		}
	}
	return out, nil
}
