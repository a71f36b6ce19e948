package board

import (
	"fmt"
	"math"
	"strconv"
)

// Edges of the board.
const (
	Top    = "top"
	Bottom = "bottom"
	Left   = "left"
	Right  = "right"
)

// Entry is the player's edge of a sectioned board: the sections along it,
// and whether the player's force enters across it (arrows) or sets up in
// those sections.
type Entry struct {
	Edge     string `json:"edge"` // Top, Bottom, Left or Right
	Sections []int  `json:"sections"`
	Enters   bool   `json:"enters,omitempty"`
}

// Section is one numbered section of a sectioned board, in inches.
type Section struct {
	Number     int
	X, Y, W, H float64
	Centre     Point
}

// Contains reports whether p lies in the section, edges included.
func (s Section) Contains(p Point) bool {
	const eps = 1e-9
	return p.X >= s.X-eps && p.X <= s.X+s.W+eps && p.Y >= s.Y-eps && p.Y <= s.Y+s.H+eps
}

// Arrow is where the player's force comes on: a point on the board's edge
// and the direction into the board (a unit vector). Renderers give it a
// printed length.
type Arrow struct {
	At     Point
	DX, DY float64
}

// Sectioned returns an empty w x h board divided into cols x rows numbered
// sections, numbered left to right from the top row (1 2 3 / 4 5 6 /
// 7 8 9), with the player's force entering across the bottom edge (7-9).
// It has no deployment zones: add them only where an encounter has them.
func Sectioned(w, h float64, cols, rows int) Map {
	m := Map{Title: "Battle Board", WidthIn: w, HeightIn: h, Cols: max(cols, 1), Rows: max(rows, 1)}
	m.SetEntry(Bottom, true)
	return m
}

// SetEntry makes edge the player's edge: the force enters across it when
// enters is true, else sets up in the sections along it.
func (m *Map) SetEntry(edge string, enters bool) {
	e := &Entry{Edge: edge, Enters: enters}
	for _, s := range m.Sections() {
		if onEdge(m, s, edge) {
			e.Sections = append(e.Sections, s.Number)
		}
	}
	m.Entry = e
}

func onEdge(m *Map, s Section, edge string) bool {
	const eps = 1e-9
	switch edge {
	case Top:
		return s.Y < eps
	case Bottom:
		return s.Y+s.H > m.HeightIn-eps
	case Left:
		return s.X < eps
	case Right:
		return s.X+s.W > m.WidthIn-eps
	}
	return false
}

// Sections returns the board's numbered sections, or none for a board the
// rules do not divide.
func (m Map) Sections() []Section {
	if m.Cols <= 0 || m.Rows <= 0 {
		return nil
	}
	sw, sh := m.WidthIn/float64(m.Cols), m.HeightIn/float64(m.Rows)
	out := make([]Section, 0, m.Cols*m.Rows)
	for row := range m.Rows {
		for col := range m.Cols {
			x, y := float64(col)*sw, float64(row)*sh
			out = append(out, Section{
				Number: row*m.Cols + col + 1,
				X:      x, Y: y, W: sw, H: sh,
				Centre: Point{x + sw/2, y + sh/2},
			})
		}
	}
	return out
}

// Section returns section n; it panics when the board has no such
// section, a mistake in the rule system's code.
func (m Map) Section(n int) Section {
	all := m.Sections()
	if n < 1 || n > len(all) {
		panic(fmt.Sprintf("board: no section %d on a board of %d sections", n, len(all)))
	}
	return all[n-1]
}

// PlayerEdge is the edge the player's force comes from: the Entry's on a
// sectioned board, else the edge of the band's zone, else the bottom.
func (m Map) PlayerEdge() string {
	if m.Entry != nil {
		return m.Entry.Edge
	}
	for _, z := range m.Zones {
		if z.Side == Band {
			if e := m.ZoneEdge(z); e != "" {
				return e
			}
		}
	}
	return Bottom
}

// ZoneEdge is the edge a zone lies along, or "" for a zone that touches
// none.
func (m Map) ZoneEdge(z Zone) string {
	const eps = 0.01
	switch {
	case z.Y <= eps && z.W >= m.WidthIn-eps:
		return Top
	case z.Y+z.H >= m.HeightIn-eps && z.W >= m.WidthIn-eps:
		return Bottom
	case z.X <= eps:
		return Left
	case z.X+z.W >= m.WidthIn-eps:
		return Right
	}
	return ""
}

// Arrows are where the player's force enters: one arrow at the middle of
// each entry section's edge on a sectioned board, else two along a band
// zone that enters, at a quarter and three quarters of its width.
func (m Map) Arrows() []Arrow {
	if m.Entry != nil {
		if !m.Entry.Enters {
			return nil
		}
		var out []Arrow
		for _, n := range m.Entry.Sections {
			out = append(out, edgeArrow(m, m.Section(n), m.Entry.Edge))
		}
		return out
	}
	var out []Arrow
	for _, z := range m.Zones {
		if z.Side != Band || !z.Enters {
			continue
		}
		e := m.ZoneEdge(z)
		for _, f := range []float64{0.25, 0.75} {
			part := Section{X: z.X, Y: z.Y, W: z.W, H: z.H}
			if e == Top || e == Bottom {
				part.X, part.W = z.X+z.W*f-0.5, 1
			} else {
				part.Y, part.H = z.Y+z.H*f-0.5, 1
			}
			out = append(out, edgeArrow(m, part, e))
		}
	}
	return out
}

// edgeArrow is an arrow into the board at the middle of s's side on edge.
func edgeArrow(m Map, s Section, edge string) Arrow {
	switch edge {
	case Top:
		return Arrow{At: Point{s.X + s.W/2, 0}, DY: 1}
	case Left:
		return Arrow{At: Point{0, s.Y + s.H/2}, DX: 1}
	case Right:
		return Arrow{At: Point{m.WidthIn, s.Y + s.H/2}, DX: -1}
	}
	return Arrow{At: Point{s.X + s.W/2, m.HeightIn}, DY: -1}
}

// Option adds to a piece that Fill lays down.
type Option func(*Piece)

// Count puts n buildings on a piece.
func Count(n int) Option { return func(p *Piece) { p.Count = n } }

// Note prints a note under a piece's label, such as "DV 2".
func Note(s string) Option { return func(p *Piece) { p.Note = s } }

// Labelled replaces a piece's label, which is its kind's by default.
func Labelled(s string) Option { return func(p *Piece) { p.Label = s } }

// inset is how far a filled piece stands in from its section's lines, in
// inches per inch of the section's shorter side, so that two woods side by
// side read as two pieces and the section lines stay visible.
const inset = 0.04

// Fill lays a piece of terrain of the given kind over section n: the
// section less a narrow margin with its corners cut, or for a Lake an oval
// in the middle of it; cut back from a road or river already laid across
// it (clearOf), as Road and River cut back the pieces laid before them.
func (m *Map) Fill(n int, kind string, opts ...Option) {
	s := m.Section(n)
	d := inset * min(s.W, s.H)
	x0, y0, x1, y1 := s.X+d, s.Y+d, s.X+s.W-d, s.Y+s.H-d
	var out []Point
	if kind == Lake {
		const k = 20
		rx, ry := (x1-x0)*0.4, (y1-y0)*0.36
		for i := range k {
			a := 2 * math.Pi * float64(i) / k
			// A gentle bulge keeps it from reading as a drawn circle.
			f := 1 + 0.06*math.Sin(3*a)
			out = append(out, round(Point{s.Centre.X + f*rx*math.Cos(a), s.Centre.Y + f*ry*math.Sin(a)}))
		}
	} else {
		c := 0.12 * min(x1-x0, y1-y0)
		out = []Point{
			{x0 + c, y0}, {x1 - c, y0}, {x1, y0 + c}, {x1, y1 - c},
			{x1 - c, y1}, {x0 + c, y1}, {x0, y1 - c}, {x0, y0 + c},
		}
		for i := range out {
			out[i] = round(out[i])
		}
	}
	p := Piece{Kind: kind, Label: Label(kind), Outline: out, Section: n}
	for _, o := range opts {
		o(&p)
	}
	m.Pieces = append(m.Pieces, clearOf(p, m.Lines))
}

// lay adds a line, and cuts back the pieces it crosses (clearOf).
func (m *Map) lay(l Line) {
	m.Lines = append(m.Lines, l)
	for i := range m.Pieces {
		m.Pieces[i] = clearOf(m.Pieces[i], []Line{l})
	}
}

// Through returns a path through the centres of the given sections, in
// order, carried on from the first and the last straight to the board's
// edge. One section gives a path across it from the left edge to the right.
func (m Map) Through(sections ...int) []Point {
	if len(sections) == 0 {
		return nil
	}
	var pts []Point
	for _, n := range sections {
		pts = append(pts, m.Section(n).Centre)
	}
	if len(pts) == 1 {
		c := pts[0]
		return []Point{{0, c.Y}, {m.WidthIn, c.Y}}
	}
	first := m.toEdge(pts[0], pts[0].X-pts[1].X, pts[0].Y-pts[1].Y)
	n := len(pts)
	last := m.toEdge(pts[n-1], pts[n-1].X-pts[n-2].X, pts[n-1].Y-pts[n-2].Y)
	return append(append([]Point{first}, pts...), last)
}

// toEdge carries p along (dx, dy) to the board's edge.
func (m Map) toEdge(p Point, dx, dy float64) Point {
	t := math.Inf(1)
	if dx > 0 {
		t = min(t, (m.WidthIn-p.X)/dx)
	} else if dx < 0 {
		t = min(t, -p.X/dx)
	}
	if dy > 0 {
		t = min(t, (m.HeightIn-p.Y)/dy)
	} else if dy < 0 {
		t = min(t, -p.Y/dy)
	}
	if math.IsInf(t, 1) {
		return p
	}
	return round(Point{p.X + t*dx, p.Y + t*dy})
}

// RoadWidth is how wide a road is drawn, in inches.
const RoadWidth = 1.5

// Road lays a road along path (see Through), cutting back the pieces it
// crosses (clearOf).
func (m *Map) Road(path ...Point) {
	m.lay(Line{Kind: Road, Label: Label(Road), Path: path, WidthIn: RoadWidth})
}

// River lays a river widthIn inches wide along path (see Through), cutting
// back the pieces it crosses (clearOf); its label gives the width.
func (m *Map) River(widthIn float64, path ...Point) {
	m.lay(Line{
		Kind: River, Label: Label(River) + " " + inches(widthIn) + `"`,
		Path: path, WidthIn: widthIn,
	})
}

// Ford lays a ford across the river where it passes closest to the centre
// of section n; it does nothing on a board without a river.
func (m *Map) Ford(n int) { m.crossing(Ford, n) }

// Bridge lays a bridge across the river as Ford lays a ford.
func (m *Map) Bridge(n int) { m.crossing(Bridge, n) }

// CrossingWidth is how wide a ford or bridge is along the river, in
// inches.
const CrossingWidth = 3

func (m *Map) crossing(kind string, n int) {
	c := m.Section(n).Centre
	best, at, dir, width := math.Inf(1), Point{}, Point{}, 0.0
	for _, l := range m.Lines {
		if l.Kind != River {
			continue
		}
		for i := 1; i < len(l.Path); i++ {
			a, b := l.Path[i-1], l.Path[i]
			p := nearest(a, b, c)
			if d := math.Hypot(p.X-c.X, p.Y-c.Y); d < best {
				best, at, width = d, p, l.WidthIn
				dir = unit(b.X-a.X, b.Y-a.Y)
			}
		}
	}
	if math.IsInf(best, 1) {
		return
	}
	// Across the river: perpendicular to it, a little longer than it is
	// wide so that it reaches both banks.
	half := width/2 + 0.75
	nx, ny := -dir.Y, dir.X
	m.Lines = append(m.Lines, Line{
		Kind: kind, Label: Label(kind),
		Path:    []Point{round(Point{at.X - nx*half, at.Y - ny*half}), round(Point{at.X + nx*half, at.Y + ny*half})},
		WidthIn: CrossingWidth,
	})
}

// nearest is the point of segment ab nearest to p.
func nearest(a, b, p Point) Point {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := dx*dx + dy*dy
	if l == 0 {
		return a
	}
	t := max(0, min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l))
	return Point{a.X + t*dx, a.Y + t*dy}
}

func unit(dx, dy float64) Point {
	l := math.Hypot(dx, dy)
	if l == 0 {
		return Point{1, 0}
	}
	return Point{dx / l, dy / l}
}

func round(p Point) Point {
	r := func(v float64) float64 { return math.Round(v*100) / 100 }
	return Point{r(p.X), r(p.Y)}
}

// markerRowMax is how many markers stand in one row of a section: a fifth
// of the section's width apart at the least.
const markerRowMax = 4

// PlaceInSection puts a PEF marker labelled label in section n. Markers in
// one section stand in rows a fifth of its height apart across its lower
// half, at most four to a row, spread evenly, so that several never
// overlap and none covers the section's number or the terrain's label (up
// to twelve markers; more run past the section's foot).
func (m *Map) PlaceInSection(n int, label string) {
	m.Markers = append(m.Markers, Marker{Label: label, Title: "PEF " + label, Section: n})
	s := m.Section(n)
	var idx []int
	for i, mk := range m.Markers {
		if mk.Section == n {
			idx = append(idx, i)
		}
	}
	cols := min(len(idx), markerRowMax)
	rows := (len(idx) + markerRowMax - 1) / markerRowMax
	for k, i := range idx {
		row, col := k/markerRowMax, k%markerRowMax
		inRow := cols
		if row == rows-1 && len(idx)%markerRowMax != 0 {
			inRow = len(idx) % markerRowMax
		}
		x := s.X + s.W*float64(col+1)/float64(inRow+1)
		y := s.Y + s.H*(0.72-0.1*float64(rows-1)+0.2*float64(row))
		m.Markers[i].X, m.Markers[i].Y = round(Point{x, y}).X, round(Point{x, y}).Y
	}
}

// GridIn is the side of the board's squares in inches: 1" squares on
// boards up to 24", 6" squares on larger tables, where 1" squares would
// drown the terrain.
func (m Map) GridIn() float64 {
	if max(m.WidthIn, m.HeightIn) > 24 {
		return 6
	}
	return 1
}

// inches prints a length in inches without trailing zeros.
func inches(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
