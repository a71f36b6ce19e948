package board

import "math"

// Low walls, fences and hedges stand in a section as a few short runs,
// where a rule says a section has them but not where: the runs drawn show
// the player where to set them out. They are laid from the section's
// geometry alone (no dice), in its lower part, clear of the section's
// number in its top left corner and of the label above them, of every
// road or river already laid and of every piece of terrain.

// WallWidth is how wide the ground kept round a run of wall is, in the
// map's unit: its mark is drawn in it (engine/board/draw), and what is
// kept clear of a run is kept clear of this band.
const WallWidth = 0.5

// MaxWallRuns is how many runs Walls lays in a section at the most.
const MaxWallRuns = 2

// wallRuns are the runs a section's walls may take, as fractions of the
// section (x across from its left side, y down from its top), best
// first: a field's corner and a hedge beside it, below the middle; then,
// for a section a road or river takes that room from, others beside
// them.
var wallRuns = [][]Point{
	{{0.10, 0.70}, {0.46, 0.70}, {0.46, 0.93}},
	{{0.60, 0.83}, {0.92, 0.83}},
	{{0.62, 0.57}, {0.92, 0.57}},
	{{0.08, 0.88}, {0.40, 0.88}},
	{{0.90, 0.30}, {0.90, 0.62}},
}

// Walls lays low walls, fences or hedges in section n: up to MaxWallRuns
// of wallRuns, each standing clear (ClearGap) of every line already laid
// and of every piece of terrain, labelled label (the kind's label when
// empty). Lay them after the roads and rivers of the board, which do not
// move them. It returns how many runs it laid: none where nothing is
// clear (a section a wide river fills).
func (m *Map) Walls(n int, label string) int {
	s := m.Section(n)
	if label == "" {
		label = Label(Wall)
	}
	laid := 0
	for _, run := range wallRuns {
		if laid == MaxWallRuns {
			break
		}
		path := make([]Point, len(run))
		for i, f := range run {
			path[i] = round(Point{s.X + f.X*s.W, s.Y + f.Y*s.H})
		}
		if !m.clearFor(path, WallWidth/2+ClearGap) {
			continue
		}
		m.Lines = append(m.Lines, Line{Kind: Wall, Label: label, Path: path, WidthIn: WallWidth, Section: n})
		laid++
	}
	return laid
}

// clearFor reports whether every point of path, sampled every tenth of
// the map's unit, stands at least room from the band of every line laid
// and from every piece of terrain, and lies on no piece.
func (m Map) clearFor(path []Point, room float64) bool {
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		k := int(math.Ceil(math.Hypot(b.X-a.X, b.Y-a.Y)/0.1)) + 1
		for j := 0; j <= k; j++ {
			f := float64(j) / float64(k)
			q := Point{a.X + (b.X-a.X)*f, a.Y + (b.Y-a.Y)*f}
			for _, l := range m.Lines {
				if pathGap(q, l.Path) < l.WidthIn/2+room {
					return false
				}
			}
			for _, p := range m.Pieces {
				if len(p.Outline) >= 3 && (inOutline(q, p.Outline) || outlineGap(q, p.Outline) < room) {
					return false
				}
			}
		}
	}
	return true
}

// pathGap is how far q lies from the polyline path.
func pathGap(q Point, path []Point) float64 {
	d := math.Inf(1)
	for i := 1; i < len(path); i++ {
		p := nearest(path[i-1], path[i], q)
		d = min(d, math.Hypot(p.X-q.X, p.Y-q.Y))
	}
	if len(path) == 1 {
		d = math.Hypot(path[0].X-q.X, path[0].Y-q.Y)
	}
	return d
}

// outlineGap is how far q lies from the closed outline poly.
func outlineGap(q Point, poly []Point) float64 {
	d := math.Inf(1)
	for i := range poly {
		p := nearest(poly[i], poly[(i+1)%len(poly)], q)
		d = min(d, math.Hypot(p.X-q.X, p.Y-q.Y))
	}
	return d
}

// inOutline reports whether q lies inside the closed outline (even-odd
// rule).
func inOutline(q Point, poly []Point) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.Y > q.Y) != (b.Y > q.Y) && q.X < (b.X-a.X)*(q.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}
