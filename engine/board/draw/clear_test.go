package draw_test

import (
	"math"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/board/boardtest"
)

// TestPiecesClearOfLines rolls 40 seeds of every encounter type of every
// system, and the full test board, and samples each piece of terrain (a
// lake aside) every tenth of an inch: no point of it lies on the band of
// a road or river, unless the piece's note says the line runs across it.
// A hill under a stream reads as a stream over the hilltop.
func TestPiecesClearOfLines(t *testing.T) {
	names, maps := seedMaps(t, 40)
	names, maps = append(names, "full board"), append(maps, boardtest.Full())
	crossed, noted := 0, 0
	for i, m := range maps {
		for _, p := range m.Pieces {
			if p.Kind == board.Lake {
				continue
			}
			for _, l := range m.Lines {
				if l.Kind != board.Road && l.Kind != board.River {
					continue
				}
				if !onBand(p.Outline, l) {
					continue
				}
				crossed++
				if strings.Contains(p.Note, strings.ToLower(board.Label(l.Kind))) {
					noted++
					continue
				}
				t.Errorf("%s: %s in section %d lies on %s", names[i], p.Label, p.Section, l.Label)
			}
		}
	}
	t.Logf("%d boards; %d pieces a road or river runs across, each noted so (%d)", len(maps), crossed, noted)
}

// onBand reports whether a point of poly, sampled every tenth of an inch,
// lies on l's band: within half its width of its path (pathDist).
func onBand(poly []board.Point, l board.Line) bool {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, q := range poly {
		x0, y0, x1, y1 = min(x0, q.X), min(y0, q.Y), max(x1, q.X), max(y1, q.Y)
	}
	for y := y0; y <= y1; y += 0.1 {
		for x := x0; x <= x1; x += 0.1 {
			q := board.Point{X: x, Y: y}
			if inPoly(q, poly) && pathDist(q, l.Path) < l.WidthIn/2 {
				return true
			}
		}
	}
	return false
}

func inPoly(q board.Point, poly []board.Point) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.Y > q.Y) != (b.Y > q.Y) && q.X < (b.X-a.X)*(q.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// pathDist is how far q lies from the band's middle: across a stretch
// of path, or from a bend in it; a band's ends are square (draw's band),
// so a point past an end of the path is not on it.
func pathDist(q board.Point, path []board.Point) float64 {
	d := math.Inf(1)
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		dx, dy := b.X-a.X, b.Y-a.Y
		l := dx*dx + dy*dy
		if l == 0 {
			continue
		}
		if t := ((q.X-a.X)*dx + (q.Y-a.Y)*dy) / l; t >= 0 && t <= 1 {
			d = min(d, math.Hypot(a.X+t*dx-q.X, a.Y+t*dy-q.Y))
		}
		if i < len(path)-1 {
			d = min(d, math.Hypot(b.X-q.X, b.Y-q.Y))
		}
	}
	return d
}
