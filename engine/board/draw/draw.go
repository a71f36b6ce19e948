// Package draw turns a board.Map into a list of simple marks (polygons,
// lines, circles and text, in millimetres as printed) by reading the one
// style table, board.Styles. The site's SVG and the booklets' PDF draw
// these marks and nothing else on the board, so the two cannot differ:
// patterns, labels, section numbers, entry arrows, edge names and the
// scale bar are all laid out here, in the order they are drawn.
//
// Text is measured by the renderer's own Measure, passed in: every
// label's box is known before it is placed, and place.go puts each where
// it covers no other label, marker, section number or building block, nor
// any piece of terrain it does not name, and stays on the board, trying a
// few places near where it belongs (in its section, beside a piece
// standing on its own, along its line) before one further out tied back
// by a leader line.
package draw

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine/board"
)

// Shapes of a mark.
const (
	Poly   = "poly"   // a closed polygon
	Path   = "path"   // an open polyline
	Circle = "circle" // Pts[0], radius R
	Text   = "text"   // Text centred on Pts[0] (or starting there when Left)
)

// None is a Fill or Stroke that is not drawn.
const None = -1.0

// Op is one mark. Greys run from 0 (black) to 1 (white).
type Op struct {
	Shape  string
	Class  string // what it belongs to: a feature kind, "section", "grid", "label", ...
	Pts    []P
	R      float64
	Fill   float64
	Stroke float64
	Width  float64 // the stroke's weight in mm
	Dash   float64 // dash and gap length in mm; 0 for a solid line
	Text   string
	Size   float64 // text size in points
	Bold   bool
	Halo   bool // white behind the text: a box in the PDF, a halo in the SVG
	Left   bool // the text starts at Pts[0] rather than centring on it
}

// Text sizes in points. No text on a board, nor in a legend's swatch, is
// set smaller than MinPt, at any scale it is drawn (docs/print.md: the
// booklet's smallest type); a label that does not fit at it wraps, moves
// out on a leader line or gives way to a key letter, and a marker too
// small for its letter at MinPt is drawn larger.
const (
	MinPt     = 7
	LabelPt   = 7.5
	NotePt    = 7
	SectionPt = 9
	EdgePt    = 8
	MarkerPt  = 9
)

// PtMM is a point in millimetres.
const PtMM = 25.4 / 72

// ArrowLen is how far an entry arrow reaches out from the board's edge,
// and RowH the height of the row of arrows, edge name and scale bar under
// (or over) the board.
const (
	ArrowLen = 5.0
	RowH     = 7.0
)

// Drawing is a board drawn Scale mm to the inch: the board covers (0, 0)
// to (W, H); marks above it reach up to -Top and below it down to H+Bottom.
type Drawing struct {
	Scale, W, H float64
	Top, Bottom float64
	Ops         []Op
	// Keys are the labels too long for the board at its scale: each is
	// printed on the board as its Mark, and the renderer lists them
	// beside the board (see KeyText).
	Keys []Key
	// Crowded counts the key letters that found no place clear of
	// everything else on the board: a renderer that can draw the board
	// larger should.
	Crowded int
}

// Key is a label printed on the board as a letter, its text listed beside
// the board.
type Key struct{ Mark, Text string }

// KeyText is how a renderer lists a drawing's keys: "A: text; B: text.",
// or "" for none.
func KeyText(keys []Key) string {
	var parts []string
	for _, k := range keys {
		parts = append(parts, k.Mark+": "+strings.TrimSuffix(k.Text, "."))
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, "; ") + "."
}

// MaxLabelShare is the most of a board's area one label's box may cover
// before it gives way to a key letter.
const MaxLabelShare = 0.2

// MinLabelPt is the smallest type a label takes to fit where it belongs
// before it gives way to a key letter, on a board drawn by Board: MinPt.
const MinLabelPt = MinPt

// sizesFrom are the sizes from that are least points or more, largest
// first; least alone if none is.
func sizesFrom(least float64, from ...float64) []float64 {
	var out []float64
	for _, pt := range from {
		if pt >= least {
			out = append(out, pt)
		}
	}
	if len(out) == 0 {
		out = append(out, least)
	}
	return out
}

// Margins is the room a board drawn by Board needs above and below it for
// its edge names, entry arrows and scale bar.
func Margins(m board.Map) (top, bottom float64) {
	bottom = RowH // the scale bar, at the least
	if edgeNamed(m, board.Top) {
		top = RowH
	}
	return top, bottom
}

// edgeNamed reports whether Board names the edge or draws arrows on it.
func edgeNamed(m board.Map, edge string) bool {
	if m.PlayerEdge() == edge {
		return true
	}
	for _, z := range m.Zones {
		if m.ZoneEdge(z) == edge {
			return true
		}
	}
	return false
}

// Board draws m at scale mm to the inch, measuring its text with
// measure. Labels are placed where they cover no other label, marker,
// section number or building, inside the board (see place).
func Board(m board.Map, scale float64, measure Measure) Drawing {
	return drawn(m, scale, measure, MinLabelPt, false)
}

// BoardLeast is Board setting no label, and no edge's name, in type
// smaller than least points: a label that fits in none of those sizes
// wraps, moves out on a leader line or gives way to a key letter. A
// screen showing a board small, as a phone does, reads its labels only
// from a size up.
func BoardLeast(m board.Map, scale float64, measure Measure, least float64) Drawing {
	return drawn(m, scale, measure, least, false)
}

// Size is Board's drawing of m at scale without its Ops: the same W, H,
// Top, Bottom, Keys and Crowded, its last call to measure the same as
// Board's (a renderer's measure can set its font), for a renderer that searches for a scale and draws only the
// one it picks. It leaves out what changes no size: the ground under the
// labels (terrain, its patterns and the buildings' blocks, which are
// placed after the labels and so move none of them), the section badges
// and the markers (whose room fixed holds either way).
func Size(m board.Map, scale float64, measure Measure) Drawing {
	return drawn(m, scale, measure, MinLabelPt, true)
}

func drawn(m board.Map, scale float64, measure Measure, least float64, sizing bool) Drawing {
	d := Drawing{Scale: scale, W: m.WidthIn * scale, H: m.HeightIn * scale}
	d.Top, d.Bottom = Margins(m)
	const in = 1.0 // labels stand clear of the board's outline: its stroke is 0.6 mm, a label box's 0.3
	b := &builder{m: m, s: scale, d: &d, measure: measure, least: least,
		pl: &placer{frame: Box{in, in, d.W - in, d.H - in}, gap: Gap}}
	b.fixed()
	// Labels are placed before the buildings' blocks, which then stand
	// clear of them, but drawn over the ground.
	labels := b.labels()
	if !sizing {
		b.ground()
		b.add(Op{Shape: Poly, Class: "board", Pts: b.rect(0, 0, m.WidthIn, m.HeightIn), Fill: None, Stroke: 0, Width: 0.6})
		b.add(labels...)
		b.sectionNumbers()
		b.markers()
	}
	b.edges()
	d.W, d.H, d.Top, d.Bottom = Snap(d.W), Snap(d.H), Snap(d.Top), Snap(d.Bottom)
	if sizing {
		d.Ops = nil
	}
	snapOps(d.Ops)
	return d
}

type builder struct {
	m       board.Map
	s       float64
	d       *Drawing
	measure Measure
	pl      *placer
	off     []offLabel // zones' labels set beyond their edges (labels)
	least   float64    // the smallest type a label or edge name is set in, in points
	spots   []P        // where each marker stands (markerSpots)
}

// fixed takes the room of what does not move: the section numbers'
// badges and the markers, which stand where the rules put them; and
// keeps the box round each piece of terrain, which labels stand clear of.
func (b *builder) fixed() {
	for _, s := range b.m.Sections() {
		// A badge keeps more room round it than Gap: a label beside it
		// reads as its section's number's own.
		bx := b.badge(s)
		b.pl.hold(Box{bx.X0 - badgeRoom, bx.Y0 - badgeRoom, bx.X1 + badgeRoom, bx.Y1 + badgeRoom})
	}
	if !b.m.Track {
		r := MarkerR(b.m, b.s)
		b.spots = b.markerSpots(r)
		for _, c := range b.spots {
			b.pl.hold(boxAt(c, 2*r, 2*r))
		}
	}
	for _, p := range b.m.Pieces {
		if len(p.Outline) > 0 {
			x0, y0, x1, y1 := bounds(b.pts(p.Outline))
			b.pl.lay(Box{x0, y0, x1, y1})
		}
	}
	// A line standing in a section (a run of wall) is terrain labels
	// stand clear of too: a box round each stretch of it, as wide as
	// its mark.
	for _, l := range b.m.Lines {
		if l.Section <= 0 {
			continue
		}
		half := max(l.WidthIn*b.s, board.StyleOf(l.Kind).Pattern.Size) / 2
		path := b.pts(l.Path)
		for i := 1; i < len(path); i++ {
			x0, y0, x1, y1 := bounds(path[i-1 : i+1])
			b.pl.lay(Box{x0 - half, y0 - half, x1 + half, y1 + half})
		}
	}
}

// badgeRoom is the room a section number's badge keeps round it besides
// Gap, in mm.
const badgeRoom = 0.8

// badge is the box of a section's number in its top left corner.
func (b *builder) badge(s board.Section) Box {
	w := b.measure(strconv.Itoa(s.Number), SectionPt, true) + 2.2
	h := SectionPt*PtMM + 1.6
	x, y := s.X*b.s+1.2, s.Y*b.s+1.2
	return Box{x, y, x + w, y + h}
}

func (b *builder) add(ops ...Op) { b.d.Ops = append(b.d.Ops, ops...) }

func (b *builder) pt(p board.Point) P { return P{p.X * b.s, p.Y * b.s} }

func (b *builder) pts(ps []board.Point) []P {
	out := make([]P, len(ps))
	for i, p := range ps {
		out[i] = b.pt(p)
	}
	return out
}

func (b *builder) rect(x, y, w, h float64) []P {
	return []P{{x * b.s, y * b.s}, {(x + w) * b.s, y * b.s}, {(x + w) * b.s, (y + h) * b.s}, {x * b.s, (y + h) * b.s}}
}

// ground draws everything under the labels: white, squares, terrain,
// zones, section lines.
func (b *builder) ground() {
	m := b.m
	b.add(Op{Shape: Poly, Class: "board", Pts: b.rect(0, 0, m.WidthIn, m.HeightIn), Fill: 1, Stroke: None})
	g := m.GridIn()
	for x := g; x < m.WidthIn-1e-9; x += g {
		b.add(Op{Shape: Path, Class: "grid", Pts: []P{{x * b.s, 0}, {x * b.s, b.d.H}}, Fill: None, Stroke: 0.72, Width: 0.12})
	}
	for y := g; y < m.HeightIn-1e-9; y += g {
		b.add(Op{Shape: Path, Class: "grid", Pts: []P{{0, y * b.s}, {b.d.W, y * b.s}}, Fill: None, Stroke: 0.72, Width: 0.12})
	}
	for _, p := range m.Pieces {
		b.d.Ops = area(b.d.Ops, p.Kind, b.pts(p.Outline), p.Count, b.pl)
	}
	for _, kind := range []string{board.River, board.Road, board.Ford, board.Bridge, board.Wall} {
		for _, l := range m.Lines {
			if l.Kind == kind {
				b.add(b.line(l)...)
			}
		}
	}
	for _, l := range m.Lines { // kinds the table does not know
		if _, ok := board.Styles[l.Kind]; !ok {
			b.add(b.line(l)...)
		}
	}
	// Zones are drawn over the terrain, an outline and a hatch with no
	// ground, so that woods or a hill never hide where a side sets up.
	for _, z := range m.Zones {
		kind := board.ZoneBand
		if z.Side == board.Enemy {
			kind = board.ZoneEnemy
		}
		b.add(Zone(kind, b.rect(z.X, z.Y, z.W, z.H))...)
	}
	secs := m.Sections()
	for _, s := range secs {
		if s.X > 0 {
			b.add(Op{Shape: Path, Class: "section", Pts: []P{b.pt(board.Point{X: s.X, Y: s.Y}), b.pt(board.Point{X: s.X, Y: s.Y + s.H})}, Fill: None, Stroke: 0.2, Width: 0.35, Dash: 1.5})
		}
		if s.Y > 0 {
			b.add(Op{Shape: Path, Class: "section", Pts: []P{b.pt(board.Point{X: s.X, Y: s.Y}), b.pt(board.Point{X: s.X + s.W, Y: s.Y})}, Fill: None, Stroke: 0.2, Width: 0.35, Dash: 1.5})
		}
	}
}

// line draws a line feature as a band of its width, clipped to the board.
func (b *builder) line(l board.Line) []Op {
	path := b.pts(l.Path)
	const eps = 0.01
	onEdge := func(p P) bool { return p.X <= eps || p.Y <= eps || p.X >= b.d.W-eps || p.Y >= b.d.H-eps }
	poly := clipRect(band(path, l.WidthIn*b.s, onEdge), b.d.W, b.d.H)
	if len(poly) < 3 {
		return nil
	}
	st := board.StyleOf(l.Kind)
	angle := 0.0
	if len(path) >= 2 {
		a, c := path[0], path[len(path)-1]
		angle = -math.Atan2(c.Y-a.Y, c.X-a.X) * 180 / math.Pi
	}
	ops := []Op{{Shape: Poly, Class: l.Kind, Pts: poly, Fill: st.Fill, Stroke: None}}
	switch st.Pattern.Kind {
	case board.Dashes:
		p := st.Pattern
		ops = append(ops, Op{Shape: Path, Class: l.Kind, Pts: path, Fill: None, Stroke: p.Grey, Width: p.Weight, Dash: p.Size})
	case board.Posts:
		ops = posts(ops, l.Kind, st.Pattern, path)
	default:
		ops = pattern(ops, l.Kind, st.Pattern, poly, angle, nil)
	}
	if st.Outline > 0 {
		// A band's long sides are its banks or kerbs; its ends lie on the
		// board's edge or across a river, and are drawn too.
		ops = append(ops, Op{Shape: Poly, Class: l.Kind, Pts: poly, Fill: None, Stroke: 0, Width: st.Outline, Dash: dash(st)})
	}
	return ops
}

// posts appends a Posts pattern along path to ops: a solid line, and
// filled blocks Size long and as wide along it, Spacing apart and
// centred on its length, none past its ends.
func posts(ops []Op, kind string, p board.Pattern, path []P) []Op {
	ops = append(ops, Op{Shape: Path, Class: kind, Pts: path, Fill: None, Stroke: p.Grey, Width: p.Weight})
	if p.Spacing <= 0 || p.Size <= 0 {
		return ops
	}
	total := 0.0
	for i := 1; i < len(path); i++ {
		total += math.Hypot(path[i].X-path[i-1].X, path[i].Y-path[i-1].Y)
	}
	if total < p.Size {
		return ops
	}
	k := int((total - p.Size) / p.Spacing) // spaces between the blocks
	next := (total - float64(k)*p.Spacing) / 2
	walked := 0.0
	for i := 1; i < len(path) && k >= 0; i++ {
		a, c := path[i-1], path[i]
		long := math.Hypot(c.X-a.X, c.Y-a.Y)
		if long == 0 {
			continue
		}
		d := P{(c.X - a.X) / long, (c.Y - a.Y) / long}
		n := P{-d.Y * p.Size / 2, d.X * p.Size / 2}
		h := P{d.X * p.Size / 2, d.Y * p.Size / 2}
		for ; k >= 0 && next <= walked+long+1e-9; next, k = next+p.Spacing, k-1 {
			t := next - walked
			m := P{a.X + d.X*t, a.Y + d.Y*t}
			ops = append(ops, Op{Shape: Poly, Class: kind, Pts: []P{
				{m.X - h.X + n.X, m.Y - h.Y + n.Y}, {m.X + h.X + n.X, m.Y + h.Y + n.Y},
				{m.X + h.X - n.X, m.Y + h.Y - n.Y}, {m.X - h.X - n.X, m.Y - h.Y - n.Y},
			}, Fill: p.Grey, Stroke: None})
		}
		walked += long
	}
	return ops
}

func dash(st board.Style) float64 {
	if st.Dashed {
		return 1.2
	}
	return 0
}

// Area draws an area of the given kind with its style: ground, patterns,
// building blocks and outline. The legend draws its swatches with it.
func Area(kind string, poly []P, count int) []Op { return area(nil, kind, poly, count, nil) }

// area appends an area as Area draws it to ops; its building blocks stand clear of
// what pl has taken (markers, section numbers), and take their room.
func area(ops []Op, kind string, poly []P, count int, pl *placer) []Op {
	if len(poly) < 3 {
		return ops
	}
	st := board.StyleOf(kind)
	ops = append(ops, Op{Shape: Poly, Class: kind, Pts: poly, Fill: st.Fill, Stroke: None})
	// Trees and dots under a label or a marker are left out, not half
	// hidden by its white box.
	var under []Box
	if pl != nil {
		under = pl.taken
	}
	ops = pattern(ops, kind, st.Pattern, poly, 0, under)
	if st.Also.Kind != board.Plain {
		ops = pattern(ops, kind, st.Also, poly, 0, under)
	}
	if st.Blocks {
		if count <= 0 {
			// An area of buildings the rules do not count (a village) is
			// drawn with a few, as its legend shows it.
			count = UncountedBlocks
		}
		ops = append(ops, blocks(kind, poly, count, pl)...)
	} else if count > 0 {
		// Buildings standing in woods, on a hill: the terrain's own
		// pattern, and a block for each building on it.
		ops = append(ops, blocks(board.Buildings, poly, count, pl)...)
	}
	if st.Outline > 0 {
		ops = append(ops, Op{Shape: Poly, Class: kind, Pts: poly, Fill: None, Stroke: 0, Width: st.Outline, Dash: dash(st)})
	}
	return ops
}

// UncountedBlocks is how many blocks stand for the buildings of an area
// whose buildings are not counted.
const UncountedBlocks = 3

// Zone draws a deployment zone: its style's hatch and a solid outline
// (section lines are dashed), with no ground, so that the terrain under
// it shows through.
func Zone(kind string, poly []P) []Op {
	st := board.StyleOf(kind)
	ops := pattern(nil, kind, st.Pattern, poly, 0, nil)
	return append(ops, Op{Shape: Poly, Class: kind, Pts: poly, Fill: None, Stroke: 0.3, Width: st.Outline})
}

// blocks draws n building footprints in a row (or rows) across an area:
// solid black with a white edge, one per building. The rows stand in the
// lower middle, or higher or lower where a marker or a section number
// would cover them.
func blocks(kind string, poly []P, n int, pl *placer) []Op {
	if n <= 0 {
		return nil
	}
	x0, y0, x1, y1 := bounds(poly)
	w, h := x1-x0, y1-y0
	perRow := min(n, 4)
	rows := (n + perRow - 1) / perRow
	full := min(w/(float64(perRow)*1.7+0.5), h/(float64(rows)*1.7+2.5), 6)
	side := full
	gap := side * 0.7
	// lay puts the rows top of the way down the area, fx of the way
	// across the room either side of them.
	lay := func(top, fx float64) []Box {
		var out []Box
		for i := range n {
			row, col := i/perRow, i%perRow
			inRow := min(perRow, n-row*perRow)
			rowW := float64(inRow)*side + float64(inRow-1)*gap
			x := x0 + (w-rowW)*fx + float64(col)*(side+gap)
			y := y0 + h*top + float64(row)*(side+gap)
			out = append(out, Box{x, y, x + side, y + side*0.8}.snap())
		}
		return out
	}
	at := lay(0.58, 0.5)
	if pl != nil {
		// Clear of the markers, the section numbers and the labels: the
		// lower middle first, then higher and lower, then to either side.
		// Where there is no room, smaller blocks; where there is none
		// for the smallest (a board drawn very small), none: the area's
		// ground and its label (which gives the count) still show it.
		found := false
	search:
		for _, k := range []float64{1, 0.75, 0.55, 0.4, 0.3} {
			side, gap = full*k, full*k*0.7
			blockH := float64(rows)*(side+gap) - gap
			for _, fx := range []float64{0.5, 0.3, 0.7, 0.15, 0.85, 0.02, 0.98} {
				for _, top := range []float64{0.58, 0.68, 0.48, 0.78, 0.38, 0.28, 0.18, 0.1} {
					if y0+h*top+blockH > y1-side*0.3 {
						continue
					}
					bs := lay(top, fx)
					if !slices.ContainsFunc(bs, func(b Box) bool { return !pl.free(b) || !inside(b.centre(), poly) }) {
						at, found = bs, true
						break search
					}
				}
			}
		}
		if !found {
			at = nil
		}
		pl.hold(at...)
	}
	var ops []Op
	for _, b := range at {
		ops = append(ops, Op{Shape: Poly, Class: kind, Pts: []P{{b.X0, b.Y0}, {b.X1, b.Y0}, {b.X1, b.Y1}, {b.X0, b.Y1}}, Fill: 0, Stroke: 1, Width: 0.3})
	}
	return ops
}

// pattern appends a pattern drawn inside poly to ops; angle turns it (for line
// features, their direction). A tree or dot that would stand under one of
// the boxes under is left out.
func pattern(ops []Op, kind string, p board.Pattern, poly []P, angle float64, under []Box) []Op {
	ink := func(pts []P) Op {
		return Op{Shape: Path, Class: kind, Pts: pts, Fill: None, Stroke: p.Grey, Width: p.Weight}
	}
	switch p.Kind {
	case board.Hatch, board.Cross:
		for _, seg := range lines(poly, p.Angle+angle, p.Spacing) {
			ops = append(ops, ink(seg))
		}
		if p.Kind == board.Cross {
			for _, seg := range lines(poly, p.Angle+angle+90, p.Spacing) {
				ops = append(ops, ink(seg))
			}
		}
	case board.Waves:
		for _, w := range waves(poly, p.Angle+angle, p.Spacing, p.Size) {
			ops = append(ops, ink(w))
		}
	case board.Dots, board.Stipple, board.Trees:
	spots:
		for _, c := range spots(poly, p) {
			reach := p.Size
			if p.Kind == board.Trees {
				reach = p.Size * 1.7 // its trunk
			}
			for _, u := range under {
				if (Box{c.X - p.Size, c.Y - p.Size, c.X + p.Size, c.Y + reach}).overlaps(u, 0) {
					continue spots
				}
			}
			switch p.Kind {
			case board.Trees:
				ops = append(ops,
					Op{Shape: Circle, Class: kind, Pts: []P{c}, R: p.Size, Fill: 1, Stroke: p.Grey, Width: p.Weight},
					ink([]P{{c.X, c.Y + p.Size}, {c.X, c.Y + p.Size*1.7}}))
			default:
				ops = append(ops, Op{Shape: Circle, Class: kind, Pts: []P{c}, R: p.Size, Fill: p.Grey, Stroke: None})
			}
		}
	case board.Contours:
		c := centroid(poly)
		far := 0.0
		for _, q := range poly {
			far = max(far, math.Hypot(q.X-c.X, q.Y-c.Y))
		}
		for k := 1; k <= 3; k++ {
			f := 1 - float64(k)*p.Spacing/far
			if f < 0.15 {
				break
			}
			ring := make([]P, len(poly))
			for i, q := range poly {
				ring[i] = P{c.X + (q.X-c.X)*f, c.Y + (q.Y-c.Y)*f}
			}
			ops = append(ops, Op{Shape: Poly, Class: kind, Pts: ring, Fill: None, Stroke: p.Grey, Width: p.Weight})
		}
	}
	return ops
}

// lines are the parts inside poly of parallel lines at angle degrees,
// spacing mm apart.
func lines(poly []P, angle, spacing float64) [][]P {
	if spacing <= 0 {
		return nil
	}
	a := angle * math.Pi / 180
	d := P{math.Cos(a), -math.Sin(a)} // along the lines, y down
	n := P{-d.Y, d.X}
	lo, hi := math.Inf(1), math.Inf(-1)
	tlo, thi := math.Inf(1), math.Inf(-1)
	for _, q := range poly {
		o := q.X*n.X + q.Y*n.Y
		t := q.X*d.X + q.Y*d.Y
		lo, hi, tlo, thi = min(lo, o), max(hi, o), min(tlo, t), max(thi, t)
	}
	var out [][]P
	// Lines sit on multiples of spacing, so neighbouring areas line up.
	for o := math.Ceil(lo/spacing) * spacing; o <= hi; o += spacing {
		a := P{n.X*o + d.X*(tlo-1), n.Y*o + d.Y*(tlo-1)}
		b := P{n.X*o + d.X*(thi+1), n.Y*o + d.Y*(thi+1)}
		for _, s := range clip(a, b, poly) {
			out = append(out, []P{s[0], s[1]})
		}
	}
	return out
}

// waves are wavy lines at angle, spacing apart and size high, inside poly.
func waves(poly []P, angle, spacing, size float64) [][]P {
	if spacing <= 0 {
		return nil
	}
	a := angle * math.Pi / 180
	d := P{math.Cos(a), -math.Sin(a)}
	n := P{-d.Y, d.X}
	lo, hi := math.Inf(1), math.Inf(-1)
	tlo, thi := math.Inf(1), math.Inf(-1)
	for _, q := range poly {
		o := q.X*n.X + q.Y*n.Y
		t := q.X*d.X + q.Y*d.Y
		lo, hi, tlo, thi = min(lo, o), max(hi, o), min(tlo, t), max(thi, t)
	}
	step := size * 1.2 // a wavelength is eight steps
	var out [][]P
	for o := math.Ceil(lo/spacing)*spacing + spacing/2; o <= hi; o += spacing {
		var path []P
		t0 := math.Floor(tlo/step) * step
		for k := 0; t0+float64(k)*step <= thi+step; k++ {
			t := t0 + float64(k)*step
			w := o + size/2*math.Sin(t/step*math.Pi/4)
			path = append(path, P{n.X*w + d.X*t, n.Y*w + d.Y*t})
		}
		out = append(out, clipPath(path, poly)...)
	}
	return out
}

// spots are where a dotted pattern's dots or trees stand inside poly: a
// staggered grid, jittered for a stipple, each clear of the outline.
func spots(poly []P, p board.Pattern) []P {
	if p.Spacing <= 0 {
		return nil
	}
	x0, y0, x1, y1 := bounds(poly)
	dy := p.Spacing * 0.87
	clear := p.Size
	if p.Kind == board.Trees {
		clear = p.Size * 1.8
	}
	var out []P
	for j := int(math.Floor(y0 / dy)); float64(j)*dy <= y1; j++ {
		off := 0.0
		if j%2 != 0 {
			off = p.Spacing / 2
		}
		for i := int(math.Floor(x0 / p.Spacing)); float64(i)*p.Spacing <= x1; i++ {
			c := P{float64(i)*p.Spacing + off, float64(j) * dy}
			if p.Kind == board.Stipple {
				c.X += (hash(i, j, 1) - 0.5) * p.Spacing * 0.8
				c.Y += (hash(i, j, 2) - 0.5) * dy * 0.8
			}
			if inside(c, poly) && edgeDist(c, poly) >= clear {
				out = append(out, c)
			}
		}
	}
	return out
}

// labels prints every feature's label, with a white halo or box, above
// all terrain. Each is placed where it covers nothing placed before it
// (markers, section numbers, buildings and the labels before it) and no
// piece of terrain but those it names, inside the board: first where it
// belongs, an area's in the upper part of its section, beside a piece
// standing on its own, a line's along it near where it enters the board,
// a crossing's on it, a zone's along its outer edge; then beside that;
// then further out, with a leader line back (a zone's label, where it
// finds no room in its zone, in a row beyond its edge instead; a
// section's walls, where they find no room in their section, nowhere).
// Areas are labelled first (those with a count or a note before the
// rest), then lines, then zones, then the lines standing in a section,
// each in the map's order. An area's label is wrapped to its section's
// width. It returns the marks, leader lines first.
func (b *builder) labels() []Op {
	m := b.m
	secs := m.Sections()
	var leaders, texts []Op
	emit := func(lines []string, sizes []float64, anchor P, pl placement) {
		if pl.leader {
			leaders = append(leaders, Op{Shape: Path, Class: "leader", Pts: []P{anchor, pl.near(anchor)}, Fill: None, Stroke: 0, Width: 0.25},
				Op{Shape: Circle, Class: "leader", Pts: []P{anchor}, R: 0.5, Fill: 0, Stroke: None})
		}
		y := pl.Y0
		for i, l := range lines {
			_, lh := TextBox(b.measure, l, sizes[i], true)
			texts = append(texts, label(l, P{(pl.X0 + pl.X1) / 2, y + lh/2}, sizes[i], "label")...)
			y += lh
		}
	}
	size := func(lines []string, sizes []float64) (w, h float64) {
		for i, l := range lines {
			lw, lh := TextBox(b.measure, l, sizes[i], true)
			w, h = max(w, lw), h+lh
		}
		return w, h
	}
	// put places a label's lines (its box's place as w gives it, w and h
	// aside): as they are where there is room, else in smaller type down
	// to MinLabelPt, wrapped to fewer words a line, each where it covers
	// nothing, in its home or beside what it names, else tied back to it;
	// clear of every piece of terrain but those it names if it can be,
	// else (a line's label) of all but the pieces crossed, else of what is
	// taken alone (and counted Crowded). Failing all, it is a key letter,
	// its text (key) listed beside the board; or, where the label can do
	// without a place on the board (homeOnly: a zone's, set off the board
	// instead; a wall's, which the legend names), where it belongs or
	// nowhere: put leaves it unplaced and reports false.
	put := func(lines []string, sizes []float64, w want, key string, crossed []Box, homeOnly bool) bool {
		fw := b.pl.frame.X1 - b.pl.frame.X0
		fh := b.pl.frame.Y1 - b.pl.frame.Y0
		type variant struct {
			lines []string
			sizes []float64
		}
		var vs []variant
		for _, pt := range sizesFrom(b.least, LabelPt, MinLabelPt) {
			ss := make([]float64, len(sizes))
			for i, sz := range sizes {
				ss[i] = max(b.least, MinLabelPt, sz*pt/LabelPt)
			}
			vs = append(vs, variant{lines, ss})
			// Wrapped to fewer and fewer words a line: to fit beside a
			// piece of terrain, in a section, or in a strip of open
			// ground.
			for k := 1.0; k <= 4; k++ {
				wl, ws := b.wrap(lines, ss, Snap(fw/k))
				if len(wl) != len(vs[len(vs)-1].lines) {
					vs = append(vs, variant{wl, ws})
				}
			}
		}
		// Where it belongs, with no line back, in any of the sizes; else
		// with a line back; clear of the terrain it does not name, then
		// (a line's label) over the pieces its line crosses, then of what
		// is taken alone. A label that would cover more than
		// MaxLabelShare of the board hides what it labels: it is a key
		// letter instead.
		type step struct {
			tied, over, clear bool
			key               bool // as a key letter, clear of all terrain
		}
		steps := []step{{}, {over: true}, {tied: true}, {tied: true, over: true}}
		if homeOnly {
			// Then nowhere on the board (a zone's label in a row of its
			// own beyond its edge's name) rather than on a leader line
			// across the terrain.
			steps = steps[:1]
		} else {
			// Then as a key letter, which finds room where its text does
			// not; then over other terrain.
			steps = append(steps, step{key: true}, step{clear: true}, step{tied: true, clear: true})
		}
		own := w.own
		keyed := func() (Key, want) {
			mark := string(rune('A' + len(b.d.Keys)%26))
			if len(b.d.Keys) >= 26 {
				mark += strconv.Itoa(len(b.d.Keys) / 26)
			}
			kw := w
			kw.own = append(slices.Clone(own), crossed...)
			kw.w, kw.h = size([]string{mark}, []float64{LabelPt})
			return Key{Mark: mark, Text: key}, kw
		}
		for _, st := range steps {
			if st.over && len(crossed) == 0 {
				continue
			}
			if st.key {
				k, kw := keyed()
				if pl := b.pl.find(kw, false); pl.bare {
					b.d.Keys = append(b.d.Keys, k)
					emit([]string{k.Mark}, []float64{LabelPt}, kw.anchor, b.pl.take(pl))
					return true
				}
				continue
			}
			w.own = own
			if st.over {
				w.own = append(slices.Clone(own), crossed...)
			}
			for i, v := range vs {
				w.w, w.h = size(v.lines, v.sizes)
				if i > 0 && (w.w > fw || w.h > fh) || w.w*w.h > MaxLabelShare*fw*fh {
					continue
				}
				pl := b.pl.find(w, st.clear)
				if pl.leader == st.tied && (pl.bare || st.clear && pl.clear) {
					if !pl.bare {
						b.d.Crowded++
					}
					emit(v.lines, v.sizes, w.anchor, b.pl.take(pl))
					return true
				}
			}
		}
		if homeOnly {
			return false
		}
		k, kw := keyed()
		b.d.Keys = append(b.d.Keys, k)
		pl := b.pl.place(kw, false)
		if !pl.bare {
			b.d.Crowded++
		}
		emit([]string{k.Mark}, []float64{LabelPt}, kw.anchor, pl)
		return true
	}
	// The pieces that say more (a count, a note) are placed first: when
	// two share a section, the plain one is the one moved.
	pieces := slices.Clone(m.Pieces)
	slices.SortStableFunc(pieces, func(a, b board.Piece) int {
		says := func(p board.Piece) bool { return p.Count > 0 || p.Note != "" }
		switch {
		case says(a) && !says(b):
			return -1
		case says(b) && !says(a):
			return 1
		}
		return 0
	})
	for _, p := range pieces {
		if len(p.Outline) == 0 {
			continue
		}
		text := p.Label
		switch {
		case counted(p.Label, p.Count):
			// "A building": the label says how many.
		case p.Count > 0 && board.StyleOf(p.Kind).Blocks:
			text += ": " + strconv.Itoa(p.Count)
		case p.Count > 0:
			// Buildings on other terrain: "Woods, buildings: 2".
			text += ", " + strings.ToLower(board.StyleOf(board.Buildings).Label) + ": " + strconv.Itoa(p.Count)
		}
		lines, sizes := []string{text}, []float64{LabelPt}
		if p.Note != "" {
			lines, sizes = append(lines, p.Note), append(sizes, NotePt)
		}
		var w want
		if p.Section > 0 && p.Section <= len(secs) {
			// A piece that fills its section is labelled in it, over it;
			// one cut back from a road or river (board.ClearGap), in the
			// part of the section it keeps.
			s := keeps(secs[p.Section-1], p)
			fys := []float64{0.3, 0.42, 0.2, 0.55, 0.68, 0.82, 0.1, 0.92}
			if s != secs[p.Section-1] {
				// In the part a road or river left it (or a piece drawn
				// smaller than its section takes): from its middle, away
				// from the line, which keeps the line's label room.
				fys = []float64{0.5, 0.62, 0.38, 0.75, 0.25, 0.88, 0.12}
			}
			w, lines, sizes = b.inSection(s, fys, lines, sizes)
			w.own = []Box{*w.home}
		} else {
			// A piece standing on its own is labelled beside it, so
			// that the label hides none of it: a small wood's few trees
			// would be lost under it.
			out := b.pts(p.Outline)
			w.anchor = centroid(out)
			x0, y0, x1, y1 := bounds(out)
			w.around = &Box{x0, y0, x1, y1}
		}
		key := text
		if p.Note != "" {
			key += " (" + p.Note + ")"
		}
		put(lines, sizes, w, key, nil, false)
	}
	for _, l := range m.Lines {
		if len(l.Path) < 2 || l.Section > 0 && l.Section <= len(secs) {
			continue
		}
		// A crossing is labelled on itself; a river a quarter of the way
		// along its first stretch and a road a quarter of the way back
		// along its last, so that neither sits on the other, on a crossing
		// or on the label of the area at a section's centre; failing that,
		// elsewhere along the same stretch, then along the others.
		path := b.pts(l.Path)
		if l.Kind == board.Road {
			path = slices.Clone(path)
			slices.Reverse(path)
		}
		fs := []float64{0.25, 0.4, 0.15, 0.55, 0.7, 0.85}
		if l.Kind == board.Ford || l.Kind == board.Bridge {
			fs = []float64{0.5}
		}
		var w want
		for i := 1; i < len(path); i++ {
			a, c := path[i-1], path[i]
			for _, f := range fs {
				w.prefer = append(w.prefer, P{a.X + (c.X-a.X)*f, a.Y + (c.Y-a.Y)*f})
			}
			if l.Kind == board.Ford || l.Kind == board.Bridge {
				break
			}
		}
		w.anchor = w.prefer[0]
		put([]string{l.Label}, []float64{LabelPt}, w, l.Label, b.crossed(l), false)
	}
	for _, z := range m.Zones {
		if z.Label == "" {
			continue
		}
		// Along the zone's outer edge, from its middle outwards, then
		// along its inner edge, then in rows between.
		_, h := TextBox(b.measure, z.Label, LabelPt, true)
		outer, inner := z.Y*b.s+h/2+1, (z.Y+z.H)*b.s-h/2-1
		if m.ZoneEdge(z) == board.Bottom {
			outer, inner = inner, outer
		}
		rows := []float64{outer, inner}
		for k := 1.0; k*(h+Gap) < math.Abs(inner-outer); k++ {
			rows = append(rows, outer+math.Copysign(k*(h+Gap), inner-outer))
		}
		cx := (z.X + z.W/2) * b.s
		var w want
		for _, y := range rows {
			w.prefer = append(w.prefer, P{cx, y})
			for k := 1.0; k*3 < z.W*b.s/2; k++ {
				w.prefer = append(w.prefer, P{cx - k*3, y}, P{cx + k*3, y})
			}
		}
		w.anchor = w.prefer[0]
		w.home = &Box{z.X * b.s, z.Y * b.s, (z.X + z.W) * b.s, (z.Y + z.H) * b.s}
		// A zone's label stays on its side's half of the board: tied back
		// from the other side's half, "Your side sets up here" would be
		// read where the enemy sets up.
		edge := m.ZoneEdge(z)
		w.bounds = b.half(edge, w.home)
		// Where the terrain leaves no room for it on its side of the
		// board, a zone's label is set in a row of its own beyond its
		// edge's name, off the board, rather than over the terrain.
		if !put([]string{z.Label}, []float64{LabelPt}, w, z.Label, nil, edge == board.Top || edge == board.Bottom) {
			b.off = append(b.off, offLabel{edge, z.Label})
		}
	}
	// The lines standing in a section (the runs of a wall) are labelled
	// once for the section, in it, as an area is, but clear of them and
	// of the other lines; last, as they can do without a label (the
	// legend names their mark): a zone's label they took the room of
	// would go off the board.
	type sectionLabel struct {
		n     int
		label string
	}
	done := map[sectionLabel]bool{}
	var bands [][]P // the other lines', which such a label stands clear of
	for _, l := range m.Lines {
		if l.Section <= 0 && len(l.Path) >= 2 {
			bands = append(bands, band(b.pts(l.Path), l.WidthIn*b.s, func(P) bool { return false }))
		}
	}
	for _, l := range m.Lines {
		k := sectionLabel{l.Section, l.Label}
		if l.Section <= 0 || l.Section > len(secs) || len(l.Path) < 2 || done[k] {
			continue
		}
		done[k] = true
		w, lines, sizes := b.inSection(secs[l.Section-1], []float64{0.3, 0.2, 0.42, 0.1, 0.5, 0.62, 0.75, 0.88}, []string{l.Label}, []float64{LabelPt})
		w.avoid = bands
		// Only where it finds room in the section, clear of its runs and
		// of the other lines: the legend names the mark, and a label tied
		// back from another section, or a key letter, says no more.
		put(lines, sizes, w, l.Label, nil, true)
	}
	return append(leaders, texts...)
}

// inSection is where a label of lines set in sizes belongs in section s:
// wrapped to the section's width, centred or against either side (clear
// of the number in its corner), at each of the heights fys (fractions of
// the section's height, best first); tied back once it leaves the
// section. It returns the label's lines wrapped.
func (b *builder) inSection(s board.Section, fys []float64, lines []string, sizes []float64) (want, []string, []float64) {
	var w want
	w.anchor = b.pt(board.Point{X: s.Centre.X, Y: s.Y + s.H*fys[0]})
	lines, sizes = b.wrap(lines, sizes, Snap(s.W*b.s-2))
	lw := 0.0
	for i, l := range lines {
		tw, _ := TextBox(b.measure, l, sizes[i], true)
		lw = max(lw, tw)
	}
	x0, x1 := s.X*b.s, (s.X+s.W)*b.s
	w.home = &Box{x0, s.Y * b.s, x1, (s.Y + s.H) * b.s}
	for _, fy := range fys {
		y := (s.Y + s.H*fy) * b.s
		w.prefer = append(w.prefer, P{w.anchor.X, y}, P{x1 - 1.5 - lw/2, y}, P{x0 + 1.5 + lw/2, y})
	}
	return w, lines, sizes
}

// keeps is the part of section s that piece p, laid in it, takes: the
// section, less the side a road or river took from a piece cut back
// from it (or the box round a piece drawn smaller than its section). A
// piece that fills its section (less Fill's narrow margin) keeps it
// whole.
func keeps(s board.Section, p board.Piece) board.Section {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, q := range p.Outline {
		x0, y0, x1, y1 = min(x0, q.X), min(y0, q.Y), max(x1, q.X), max(y1, q.Y)
	}
	margin := 0.05 * min(s.W, s.H)
	x0, y0 = max(s.X, x0-margin), max(s.Y, y0-margin)
	x1, y1 = min(s.X+s.W, x1+margin), min(s.Y+s.H, y1+margin)
	if x1 <= x0 || y1 <= y0 {
		return s
	}
	if x0 == s.X && y0 == s.Y && x1 == s.X+s.W && y1 == s.Y+s.H {
		return s
	}
	k := s
	k.X, k.Y, k.W, k.H = x0, y0, x1-x0, y1-y0
	k.Centre = board.Point{X: x0 + k.W/2, Y: y0 + k.H/2}
	return k
}

// counted reports whether a label says how many buildings stand on its
// piece already: a figure in it, or "A" or "An" before one building.
func counted(label string, n int) bool {
	if n <= 0 {
		return false
	}
	if strings.ContainsAny(label, "0123456789") {
		return true
	}
	first, _, _ := strings.Cut(label, " ")
	return n == 1 && (first == "A" || first == "An")
}

// crossed is the box round each piece of terrain line l passes over or
// beside (the pieces a road or river is laid across stand cut back from
// its band, board.ClearGap away: Beside): its label may lie over them,
// on the line, where it finds no room clear of all terrain.
func (b *builder) crossed(l board.Line) []Box {
	path := b.pts(l.Path)
	reach := Beside(l, b.s)
	var out []Box
	for _, g := range b.pl.ground {
		for i := 1; i < len(path); i++ {
			// The stretch and its sides reach away, not past its ends.
			a, c := path[i-1], path[i]
			d := norm(P{c.X - a.X, c.Y - a.Y})
			n := P{-d.Y * reach, d.X * reach}
			if slices.ContainsFunc([]float64{0, 1, -1}, func(k float64) bool {
				return len(clip(P{a.X + k*n.X, a.Y + k*n.Y}, P{c.X + k*n.X, c.Y + k*n.Y}, []P{{g.X0, g.Y0}, {g.X1, g.Y0}, {g.X1, g.Y1}, {g.X0, g.Y1}})) > 0
			}) {
				out = append(out, g)
				break
			}
		}
	}
	return out
}

// Beside is how far from a line's middle, in mm on a board drawn s mm to
// the inch, a piece stands that runs beside it: half the line's width,
// the room a piece cut back from it keeps (board.ClearGap) and a little
// more.
func Beside(l board.Line, s float64) float64 {
	return (l.WidthIn/2+board.ClearGap)*s + 0.3
}

// offLabel is a zone's label set off the board, beyond its edge.
type offLabel struct{ edge, text string }

// half is the half of the board along edge, or the zone's own box for a
// zone along no edge.
func (b *builder) half(edge string, zone *Box) *Box {
	W, H := b.d.W, b.d.H
	switch edge {
	case board.Top:
		return &Box{0, 0, W, H / 2}
	case board.Bottom:
		return &Box{0, H / 2, W, H}
	case board.Left:
		return &Box{0, 0, W / 2, H}
	case board.Right:
		return &Box{W / 2, 0, W, H}
	}
	return zone
}

// wrap breaks lines wider than w mm (white box included) at spaces, into
// as few lines as greedy filling needs, as even as they can be made (no
// "+1" alone on the last); each new line keeps its size, and a word wider
// than w stays whole.
func (b *builder) wrap(lines []string, sizes []float64, w float64) ([]string, []float64) {
	greedy := func(l string, size, w float64) []string {
		var out []string
		cur := ""
		for _, word := range strings.Fields(l) {
			next := word
			if cur != "" {
				next = cur + " " + word
			}
			if cw, _ := TextBox(b.measure, next, size, true); Snap(cw) > w && cur != "" {
				out = append(out, cur)
				next = word
			}
			cur = next
		}
		return append(out, cur)
	}
	var out []string
	var outSizes []float64
	for i, l := range lines {
		best := greedy(l, sizes[i], w)
		// Narrower and narrower, while the count of lines holds.
		for t := w - 0.5; len(best) > 1 && t > 0; t -= 0.5 {
			g := greedy(l, sizes[i], Snap(t))
			if len(g) != len(best) {
				break
			}
			best = g
		}
		for _, l := range best {
			out, outSizes = append(out, l), append(outSizes, sizes[i])
		}
	}
	return out, outSizes
}

// label is text on the board with a white halo or box behind it.
func label(text string, c P, size float64, class string) []Op {
	return []Op{{Shape: Text, Class: class, Pts: []P{c}, Text: text, Size: size, Bold: true, Halo: true, Fill: 0, Stroke: None}}
}

// sectionNumbers prints each section's number in a boxed badge in its top
// left corner, above the terrain and labels.
func (b *builder) sectionNumbers() {
	for _, s := range b.m.Sections() {
		bx := b.badge(s)
		b.add(
			Op{Shape: Poly, Class: "section", Pts: []P{{bx.X0, bx.Y0}, {bx.X1, bx.Y0}, {bx.X1, bx.Y1}, {bx.X0, bx.Y1}}, Fill: 1, Stroke: 0, Width: 0.35},
			Op{Shape: Text, Class: "section", Pts: []P{bx.centre()}, Text: strconv.Itoa(s.Number), Size: SectionPt, Bold: true, Fill: 0, Stroke: None},
		)
	}
}

// MarkerR is the radius of a PEF marker on a board drawn s mm to the inch.
func MarkerR(m board.Map, s float64) float64 {
	r := max(2.6, 0.33*s)
	if secs := m.Sections(); len(secs) > 0 {
		// Markers in one section stand at least a fifth of its width apart,
		// but none so small that its letter is under MinPt.
		r = max(min(r, secs[0].W*s/5*0.45, 3.4), MinMarkerR)
	}
	return r
}

// markerPt is the size of a marker's letter for each mm of its radius.
const markerPt = 3.4

// MinMarkerR is the smallest radius a marker is drawn at, in mm: its
// letter is then MinPt.
const MinMarkerR = MinPt / markerPt

// markers draws the PEF markers that stand on the board (a track above
// it is the renderers' own: it is laid out with the page).
func (b *builder) markers() {
	if b.m.Track {
		return
	}
	r := MarkerR(b.m, b.s)
	for i, mk := range b.m.Markers {
		b.add(Marker(mk.Label, b.spots[i], r)...)
	}
}

// markerSpots are where the markers drawn r mm round stand, in the
// order of the map's: where the map puts them, or, for the markers of a
// section that would touch there (a board drawn small, its markers kept
// at MinMarkerR so their letters stay readable), in rows Gap apart from
// the foot of their section up, as many to a row as its width holds.
// Rows that climb into the section's number count as Crowded: a
// renderer that can draw the board larger should.
func (b *builder) markerSpots(r float64) []P {
	spots := make([]P, len(b.m.Markers))
	bySection := map[int][]int{}
	var order []int
	for i, mk := range b.m.Markers {
		spots[i] = b.pt(board.Point{X: mk.X, Y: mk.Y})
		if mk.Section > 0 && mk.Section <= len(b.m.Sections()) {
			if bySection[mk.Section] == nil {
				order = append(order, mk.Section)
			}
			bySection[mk.Section] = append(bySection[mk.Section], i)
		}
	}
	pitch := 2*r + Gap
	for _, n := range order {
		idx := bySection[n]
		touch := false
		for a := range idx {
			for c := a + 1; c < len(idx); c++ {
				p, q := spots[idx[a]], spots[idx[c]]
				if math.Abs(p.X-q.X) < pitch && math.Abs(p.Y-q.Y) < pitch {
					touch = true
				}
			}
		}
		if !touch {
			continue
		}
		s := b.m.Section(n)
		x0, x1 := s.X*b.s, (s.X+s.W)*b.s
		bottom := (s.Y+s.H)*b.s - 1
		badge := b.badge(s)
		// Rows from the foot up, each as full as its width holds: the
		// width beside the section's number, where a row reaches up to it.
		type row struct{ y, from, to float64 }
		var rows []row
		left := len(idx)
		var counts []int
		for y := bottom - r; left > 0; y -= pitch {
			from := x0 + 0.5
			if y-r < badge.Y1+badgeRoom {
				from = badge.X1 + badgeRoom + Gap
			}
			k := int((x1 - 0.5 - from + Gap) / pitch)
			if y-r < s.Y*b.s+0.5 || k < 1 {
				// No room left in the section: the rest stand in the
				// last row, crowded.
				b.d.Crowded++
				if len(rows) == 0 {
					rows, counts = append(rows, row{bottom - r, x0 + 0.5, x1 - 0.5}), append(counts, 0)
				}
				counts[len(counts)-1] += left
				break
			}
			k = min(k, left)
			rows, counts = append(rows, row{y, from, x1 - 0.5}), append(counts, k)
			left -= k
		}
		slices.Reverse(rows)
		slices.Reverse(counts)
		k := 0
		for ri, rw := range rows {
			n := counts[ri]
			w := rw.to - rw.from
			step := max(pitch, w/float64(n+1))
			for col := range n {
				spots[idx[k]] = P{rw.from + w/2 + (float64(col)-float64(n-1)/2)*step, rw.y}
				k++
			}
		}
	}
	return spots
}

// Marker is a numbered PEF marker of radius r centred on c, at least
// MinMarkerR.
func Marker(text string, c P, r float64) []Op {
	r = max(r, MinMarkerR)
	return snapOps([]Op{
		{Shape: Circle, Class: "marker", Pts: []P{c}, R: r, Fill: 1, Stroke: 0, Width: 0.6},
		{Shape: Circle, Class: "marker", Pts: []P{c}, R: r - 0.8, Fill: None, Stroke: 0, Width: 0.2},
		{Shape: Text, Class: "marker", Pts: []P{c}, Text: text, Size: min(14, r*markerPt), Bold: true, Fill: 0, Stroke: None},
	})
}

// edges names the player's edge and the enemy's, draws the entry arrows
// and the scale bar, in the rows above and below the board.
func (b *builder) edges() {
	m := b.m
	type span struct{ x0, x1 float64 }
	taken := map[string][]span{}
	for _, a := range m.Arrows() {
		at := b.pt(a.At)
		b.add(arrow(at, a.DX, a.DY, ArrowLen)...)
		e := m.PlayerEdge()
		taken[e] = append(taken[e], span{at.X - 2, at.X + 2})
	}
	names := map[string]string{}
	for _, z := range m.Zones {
		if z.Side == board.Enemy {
			names[m.ZoneEdge(z)] = "Enemy edge"
		}
	}
	names[m.PlayerEdge()] = "Your edge"
	free := func(edge string, w float64) float64 { // the left end of the widest gap on a row
		slices.SortFunc(taken[edge], func(a, b span) int { return cmp.Compare(a.x0, b.x0) })
		xs := []float64{0}
		for _, s := range taken[edge] {
			xs = append(xs, s.x0, s.x1)
		}
		xs = append(xs, b.d.W)
		best, at := -1.0, 0.0
		for i := 0; i+1 < len(xs); i += 2 {
			// Gaps equal but for the last bit (evenly spaced arrows, their
			// places worked out with or without a fused multiply-add) are
			// a tie the first wins, on every CPU.
			if g := xs[i+1] - xs[i]; g > best+1e-6 {
				best, at = g, xs[i]
			}
		}
		if best < w {
			return math.NaN()
		}
		return at + (best-w)/2
	}
	for _, edge := range []string{board.Top, board.Bottom} {
		name, ok := names[edge]
		if !ok {
			continue
		}
		// Between the arrows, in smaller type if need be; where even that
		// does not fit (a board drawn very small), the arrows alone mark
		// the edge, as the legend says ("across your edge").
		size, w, x := float64(EdgePt), 0.0, math.NaN()
		for _, pt := range sizesFrom(b.least, EdgePt, 7.5, MinLabelPt) {
			size, w = pt, b.measure(name, pt, true)
			if x = free(edge, w); !math.IsNaN(x) {
				break
			}
		}
		if math.IsNaN(x) {
			if len(taken[edge]) > 0 {
				continue
			}
			x = (b.d.W - w) / 2
		}
		y := -RowH / 2
		if edge == board.Bottom {
			y = b.d.H + RowH/2
		}
		b.add(Op{Shape: Text, Class: "edge", Pts: []P{{x + w/2, y}}, Text: name, Size: size, Bold: true, Fill: 0, Stroke: None})
		taken[edge] = append(taken[edge], span{x - 1, x + w + 1})
	}
	// The scale bar: one square's side, with its length.
	g := m.GridIn()
	bar := g * b.s
	text := m.Square()
	need := bar + 1.5 + b.measure(text, NotePt, false) + HaloX
	x := free(board.Bottom, need+2)
	y := b.d.H + RowH/2
	if math.IsNaN(x) {
		b.d.Bottom += RowH
		x, y = 0, b.d.H+RowH*1.5
	} else {
		x++
	}
	tick := func(x float64) Op {
		return Op{Shape: Path, Class: "scale", Pts: []P{{x, y - 1}, {x, y + 1}}, Fill: None, Stroke: 0, Width: 0.3}
	}
	b.add(
		Op{Shape: Path, Class: "scale", Pts: []P{{x, y}, {x + bar, y}}, Fill: None, Stroke: 0, Width: 0.6},
		tick(x), tick(x+bar),
		Op{Shape: Text, Class: "scale", Pts: []P{{x + bar + 1.5, y}}, Text: text, Size: NotePt, Fill: 0, Stroke: None, Left: true},
	)
	// The zones' labels the terrain left no room for on the board, each
	// in a row of its own beyond its edge's.
	// A board drawn narrower than OffBoardW lets them run past its sides.
	width := max(b.d.W, OffBoardW)
	for _, o := range b.off {
		size := float64(LabelPt)
		for _, pt := range sizesFrom(b.least, LabelPt, MinLabelPt) {
			if size = pt; b.measure(o.text, pt, true)+2*HaloX <= width {
				break
			}
		}
		lines, sizes := b.wrap([]string{o.text}, []float64{size}, Snap(width))
		for i, l := range lines {
			_, h := TextBox(b.measure, l, sizes[i], true)
			row := max(RowH*0.7, h+0.5)
			var c P
			if o.edge == board.Top {
				c = P{b.d.W / 2, -b.d.Top - row/2}
				b.d.Top += row
			} else {
				c = P{b.d.W / 2, b.d.H + b.d.Bottom + row/2}
				b.d.Bottom += row
			}
			b.add(Op{Shape: Text, Class: "edge", Pts: []P{c}, Text: l, Size: sizes[i], Bold: true, Fill: 0, Stroke: None})
		}
	}
}

// OffBoardW is the least width, in mm, a zone's label set off the board
// (in a row beyond its edge) is wrapped to, though the board be drawn
// narrower: centred on the board, it runs past its sides rather than down
// the page a word a line. A board drawn small, whose labels no longer
// fit on it at MinPt, would otherwise grow taller round it the smaller it
// is drawn, and a layout looking for a scale at which it fits find none.
const OffBoardW = 60.0

// arrow is an entry arrow reaching length mm out from at on the board's
// edge, pointing (dx, dy) into the board, its tip just short of the edge.
func arrow(at P, dx, dy, length float64) []Op {
	tip := P{at.X - dx*0.6, at.Y - dy*0.6}
	tail := P{at.X - dx*length, at.Y - dy*length}
	nx, ny := -dy, dx
	head := P{tip.X - dx*2.2, tip.Y - dy*2.2}
	return []Op{
		{Shape: Path, Class: "arrow", Pts: []P{tail, head}, Fill: None, Stroke: 0, Width: 0.6},
		{Shape: Poly, Class: "arrow", Pts: []P{tip, {head.X + nx*1.4, head.Y + ny*1.4}, {head.X - nx*1.4, head.Y - ny*1.4}}, Fill: 0, Stroke: None},
	}
}

// Swatch draws a legend entry's sample in the box (x, y, w, h), in mm.
// Patterns are laid from the box's corner, so every swatch of a kind looks
// the same wherever it stands.
func Swatch(e board.LegendEntry, x, y, w, h float64) []Op {
	ops := swatch(e, w, h)
	for i := range ops {
		pts := make([]P, len(ops[i].Pts))
		for k, p := range ops[i].Pts {
			pts[k] = P{p.X + x, p.Y + y}
		}
		ops[i].Pts = pts
	}
	return snapOps(ops)
}

func swatch(e board.LegendEntry, w, h float64) []Op {
	const x, y = 0.0, 0.0
	box := []P{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}
	frame := Op{Shape: Poly, Class: e.Kind, Pts: box, Fill: None, Stroke: 0, Width: 0.3}
	switch e.Kind {
	case board.PEF:
		text := e.Sample
		if text == "" {
			text = "1"
		}
		return Marker(text, P{x + w/2, y + h/2}, min(h/2, 2.6))
	case board.EntryArrow:
		// The board's edge across the top, and an arrow coming on over it
		// from below, as the map draws one under the player's edge.
		edge := Op{Shape: Path, Class: "board", Pts: []P{{x, y + 0.6}, {x + w, y + 0.6}}, Fill: None, Stroke: 0, Width: 0.6}
		return append([]Op{edge}, arrow(P{x + w/2, y + 0.6}, 0, -1, h-0.6)...)
	case board.ZoneEnemy, board.ZoneBand:
		return append(Zone(e.Kind, box), frame)
	case board.Squares:
		return []Op{{Shape: Path, Class: e.Kind, Pts: []P{{x + w/2, y}, {x + w/2, y + h}}, Fill: None, Stroke: 0.47, Width: 0.12}, frame}
	case board.Road, board.River, board.Ford, board.Bridge, board.Wall:
		st := board.StyleOf(e.Kind)
		mid := y + h/2
		bw := h * 0.7
		if e.Kind == board.Ford || e.Kind == board.Bridge {
			// A crossing on a strip of river.
			ops := Area(board.River, []P{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}, 0)
			bw = w * 0.45
			pts := []P{{x + w/2, y - 0.6}, {x + w/2, y + h + 0.6}}
			return append(ops, lineOps(e.Kind, st, pts, bw, box)...)
		}
		return append(lineOps(e.Kind, st, []P{{x, mid}, {x + w, mid}}, bw, box), frame)
	}
	// Trees and dots keep clear of an outline: a swatch lays its pattern
	// with a row through its middle, so that even a small one shows some.
	st := board.StyleOf(e.Kind)
	oy := 0.0
	for _, p := range []board.Pattern{st.Pattern, st.Also} {
		if (p.Kind == board.Trees || p.Kind == board.Dots || p.Kind == board.Stipple) && p.Spacing > 0 {
			oy = p.Spacing*0.87 - h/2
			break
		}
	}
	// Blocks for buildings, two of them; none on other ground, whose
	// buildings the Buildings entry shows.
	count := 0
	if st.Blocks {
		count = 2
	}
	ops := Area(e.Kind, []P{{x, y + oy}, {x + w, y + oy}, {x + w, y + h + oy}, {x, y + h + oy}}, count)
	for i := range ops {
		pts := make([]P, len(ops[i].Pts))
		for k, p := range ops[i].Pts {
			pts[k] = P{p.X, p.Y - oy}
		}
		ops[i].Pts = pts
	}
	return ops
}

// lineOps draws a line feature's band along pts, clipped to box.
func lineOps(kind string, st board.Style, pts []P, w float64, box []P) []Op {
	poly := band(pts, w, func(P) bool { return true }) // a legend swatch runs to its box's edges
	var kept []P
	for _, q := range poly { // the swatch's band stays in its box
		x0, y0, x1, y1 := bounds(box)
		kept = append(kept, P{max(x0, min(x1, q.X)), max(y0, min(y1, q.Y))})
	}
	a, c := pts[0], pts[len(pts)-1]
	angle := -math.Atan2(c.Y-a.Y, c.X-a.X) * 180 / math.Pi
	ops := []Op{{Shape: Poly, Class: kind, Pts: kept, Fill: st.Fill, Stroke: None}}
	switch st.Pattern.Kind {
	case board.Dashes:
		ops = append(ops, Op{Shape: Path, Class: kind, Pts: pts, Fill: None, Stroke: st.Pattern.Grey, Width: st.Pattern.Weight, Dash: st.Pattern.Size})
	case board.Posts:
		ops = posts(ops, kind, st.Pattern, pts)
	default:
		ops = pattern(ops, kind, st.Pattern, kept, angle, nil)
	}
	if st.Outline > 0 {
		ops = append(ops, Op{Shape: Poly, Class: kind, Pts: kept, Fill: None, Stroke: 0, Width: st.Outline, Dash: dash(st)})
	}
	return ops
}

func inches(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// String prints an op for debugging and tests.
func (o Op) String() string { return fmt.Sprintf("%s %s %v %q", o.Shape, o.Class, o.Pts, o.Text) }
