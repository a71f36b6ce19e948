package board_test

import (
	"math"
	"testing"

	"github.com/sortie-wargames/sortie/engine/board"
)

// TestWalls lays walls in a section of a 36" board with a 2" stream
// through it, across the middle or corner to corner, or with none: each
// time at least one run stands in the section, labelled and numbered
// with it, every point of it inside the section and clear (ClearGap) of
// the stream's band and of every piece of terrain. A section a piece
// fills, or a river as wide as the section, has no room: no run is laid.
func TestWalls(t *testing.T) {
	for _, tc := range []struct {
		name    string
		stream  []int
		width   float64
		section int
		fill    bool
		want    bool
	}{
		{"open", nil, 0, 5, false, true},
		{"stream across the middle", []int{4, 5, 6}, 2, 5, false, true},
		{"stream corner to corner", []int{7, 5, 3}, 2, 3, false, true},
		{"stream corner to corner, its end", []int{7, 5, 3}, 2, 7, false, true},
		{"beside a hill and a stream", []int{4, 5, 6}, 2, 2, false, true},
		{"a river the section's width", []int{4, 5, 6}, 12, 5, false, false},
		{"woods filling it", nil, 0, 5, true, false},
	} {
		m := board.Sectioned(36, 36, 3, 3)
		m.Fill(1, board.Hills)
		m.Fill(8, board.Rough)
		if tc.fill {
			m.Fill(tc.section, board.Woods)
		}
		if tc.stream != nil {
			m.River(tc.width, m.Through(tc.stream...)...)
		}
		n := m.Walls(tc.section, "Hedges")
		var runs []board.Line
		for _, l := range m.Lines {
			if l.Kind == board.Wall {
				runs = append(runs, l)
			}
		}
		if n != len(runs) || n > board.MaxWallRuns {
			t.Errorf("%s: Walls says %d runs, the map has %d", tc.name, n, len(runs))
		}
		if (n > 0) != tc.want {
			t.Errorf("%s: %d runs, want some: %v", tc.name, n, tc.want)
		}
		hasWall := false
		for _, e := range board.Legend(m) {
			hasWall = hasWall || e.Kind == board.Wall
			if e.Kind == board.Wall && e.Label != "Hedges" {
				t.Errorf("%s: legend %q, want the map's word", tc.name, e.Label)
			}
		}
		if hasWall != (n > 0) {
			t.Errorf("%s: %d runs, a legend entry for walls: %v", tc.name, n, hasWall)
		}
		s := m.Section(tc.section)
		for _, r := range runs {
			if r.Section != tc.section || r.Label != "Hedges" || len(r.Path) < 2 {
				t.Errorf("%s: run %+v", tc.name, r)
			}
			for _, q := range sample(r.Path) {
				if !s.Contains(q) {
					t.Errorf("%s: run reaches %v, outside section %d", tc.name, q, tc.section)
				}
				for _, l := range m.Lines {
					if l.Kind == board.Wall {
						continue
					}
					if d := dist(q, l.Path); d < l.WidthIn/2+board.WallWidth/2+board.ClearGap-1e-9 {
						t.Errorf("%s: run at %v stands %.2f from the %s's middle", tc.name, q, d, l.Label)
					}
				}
				for _, p := range m.Pieces {
					if inside(q, p.Outline) {
						t.Errorf("%s: run at %v lies on %s", tc.name, q, p.Label)
					}
				}
			}
		}
	}
}

// sample is a point of path every tenth of an inch.
func sample(path []board.Point) []board.Point {
	var out []board.Point
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		n := int(math.Hypot(b.X-a.X, b.Y-a.Y)*10) + 1
		for k := 0; k <= n; k++ {
			f := float64(k) / float64(n)
			out = append(out, board.Point{X: a.X + (b.X-a.X)*f, Y: a.Y + (b.Y-a.Y)*f})
		}
	}
	return out
}

// dist is how far q lies from the polyline path.
func dist(q board.Point, path []board.Point) float64 {
	d := math.Inf(1)
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		dx, dy := b.X-a.X, b.Y-a.Y
		t := max(0, min(1, ((q.X-a.X)*dx+(q.Y-a.Y)*dy)/(dx*dx+dy*dy)))
		d = min(d, math.Hypot(a.X+t*dx-q.X, a.Y+t*dy-q.Y))
	}
	return d
}

func inside(q board.Point, poly []board.Point) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.Y > q.Y) != (b.Y > q.Y) && q.X < (b.X-a.X)*(q.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}
