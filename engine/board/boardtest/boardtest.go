// Package boardtest holds boards for the tests of the packages that draw
// them: one board with every kind of feature, so that a test of a
// renderer sees them all; the measures the renderers place text by; and
// the check that no label, marker or section number covers another or
// leaves its frame.
package boardtest

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/go-fonts/liberation/liberationsansbold"
	"github.com/go-fonts/liberation/liberationsansregular"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/board/draw"
)

// Full is a 36" x 36" table in nine sections with a hill, woods, rough
// ground, a lake, buildings with a count and a Defensive Value, a road, a
// river with a bridge and a ford, walls in a section, and PEF markers,
// two of them in one section; the player's force enters across sections
// 7-9.
func Full() board.Map {
	m := board.Sectioned(36, 36, 3, 3)
	m.Fill(4, board.Woods)
	m.Fill(3, board.Hills)
	m.Fill(5, board.Lake)
	m.Fill(6, board.Rough)
	m.Fill(7, board.Buildings, board.Count(3), board.Note("DV 2"))
	m.River(6, m.Through(2, 5, 8)...)
	m.Road(m.Through(1, 2, 3)...)
	m.Bridge(2)
	m.Ford(8)
	m.Walls(9, "")
	m.PlaceInSection(4, "1")
	m.PlaceInSection(3, "2")
	m.PlaceInSection(3, "3")
	m.Caption = "Terrain rolled per section."
	return m
}

// Measure measures text with the fonts the booklets print in (Liberation
// Sans).
var Measure = mustMeasure(liberationsansregular.TTF, liberationsansbold.TTF, 1)

// SiteMeasure measures text as the site does (see generator/web): the Go
// fonts' widths and a fifth, for the wider faces a browser prints boards in.
var SiteMeasure = mustMeasure(goregular.TTF, gobold.TTF, 1.2)

func mustMeasure(regular, bold []byte, widen float64) draw.Measure {
	m, err := draw.FontMeasure(regular, bold, widen)
	if err != nil {
		panic(err)
	}
	return m
}

// box is a mark's extent on a drawing, and what it is.
type box struct {
	x0, y0, x1, y1 float64
	what           string
	board          bool // it stands on the board, not in the rows round it
}

func (a box) overlaps(b box) bool {
	const eps = 0.01 // the grid marks are snapped to, and then some
	return a.x0 < b.x1-eps && b.x0 < a.x1-eps && a.y0 < b.y1-eps && b.y0 < a.y1-eps
}

// boxes derives, from a drawing's marks alone, the box of every label
// (with the white box a renderer draws behind it), marker, section number
// badge, building block, edge name and scale text, measured with measure.
func boxes(d draw.Drawing, measure draw.Measure) []box {
	var out []box
	for _, o := range d.Ops {
		switch {
		case o.Shape == draw.Circle && o.Class == "marker" && o.Width >= 0.5:
			c := o.Pts[0]
			out = append(out, box{c.X - o.R, c.Y - o.R, c.X + o.R, c.Y + o.R, "marker", true})
		case o.Shape == draw.Poly && o.Class == board.Buildings && o.Fill == 0:
			x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
			for _, p := range o.Pts {
				x0, y0, x1, y1 = min(x0, p.X), min(y0, p.Y), max(x1, p.X), max(y1, p.Y)
			}
			out = append(out, box{x0, y0, x1, y1, "building block", true})
		case o.Shape == draw.Poly && o.Class == "section" && o.Fill == 1:
			x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
			for _, p := range o.Pts {
				x0, y0, x1, y1 = min(x0, p.X), min(y0, p.Y), max(x1, p.X), max(y1, p.Y)
			}
			out = append(out, box{x0, y0, x1, y1, "section number", true})
		case o.Shape == draw.Text && (o.Class == "label" || o.Class == "edge" || o.Class == "scale"):
			w, h := draw.TextBox(measure, o.Text, o.Size, o.Bold)
			c := o.Pts[0]
			x0 := c.X - w/2
			if o.Left {
				x0 = c.X - draw.HaloX
			}
			out = append(out, box{x0, c.Y - h/2, x0 + w, c.Y + h/2, o.Class + " " + fmt.Sprintf("%q", o.Text), o.Class == "label"})
		}
	}
	return out
}

// Defects derives from a drawing's marks alone the box of every label
// (with the white box a renderer draws behind it, measured with measure),
// marker, section number badge, building block, edge name and scale text,
// and describes each pair of boxes that overlap and each box outside its
// frame: the board for what stands on it, the drawing with its rows above
// and below for edge names and the scale (as wide as the board, or
// draw.OffBoardW centred on a board drawn narrower: a zone's label set
// off the board may run past its sides).
func Defects(d draw.Drawing, measure draw.Measure) (overlaps, outside []string) {
	bs := boxes(d, measure)
	const eps = 0.01
	for i, a := range bs {
		top, bottom := -d.Top, d.H+d.Bottom
		left, right := min(0, (d.W-draw.OffBoardW)/2), max(d.W, (d.W+draw.OffBoardW)/2)
		if a.board {
			top, bottom, left, right = 0, d.H, 0, d.W
		}
		if a.x0 < left-eps || a.x1 > right+eps || a.y0 < top-eps || a.y1 > bottom+eps {
			outside = append(outside, fmt.Sprintf("%s at %.1f,%.1f-%.1f,%.1f is outside its frame (%.1f x %.1f-%.1f)", a.what, a.x0, a.y0, a.x1, a.y1, d.W, top, bottom))
		}
		for _, b := range bs[i+1:] {
			if a.overlaps(b) {
				overlaps = append(overlaps, fmt.Sprintf("%s overlaps %s", a.what, b.what))
			}
		}
	}
	return overlaps, outside
}

// OverTerrain describes each label of a drawing of m (with the white box
// a renderer draws behind it, measured with measure) that lies over a
// piece of terrain it does not name: a label may lie over the pieces of
// the section an area it names fills, and a line's label over the pieces
// its line crosses; no label over any other piece, nor over a line
// standing in a section (a run of wall), whatever it names. A key letter
// stands for its key's text.
func OverTerrain(d draw.Drawing, m board.Map, measure draw.Measure) []string {
	keys := map[string]string{}
	for _, k := range d.Keys {
		keys[k.Mark] = k.Text
	}
	secs := m.Sections()
	pieceBox := func(p board.Piece) box {
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, q := range p.Outline {
			x, y := q.X*d.Scale, q.Y*d.Scale
			x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
		}
		return box{x0, y0, x1, y1, p.Label, true}
	}
	// crosses reports whether line l runs over box g or beside it: a
	// point of it, or of it moved draw.Beside to either side (a piece the
	// line was laid across stands cut back from its band), every tenth of
	// a millimetre along it, lies in g.
	crosses := func(l board.Line, g box) bool {
		reach := draw.Beside(l, d.Scale)
		for i := 1; i < len(l.Path); i++ {
			a, b := l.Path[i-1], l.Path[i]
			long := math.Hypot(b.X-a.X, b.Y-a.Y)
			if long == 0 {
				continue
			}
			nx, ny := -(b.Y-a.Y)/long*reach, (b.X-a.X)/long*reach
			n := int(long*d.Scale*10) + 1
			for k := 0; k <= n; k++ {
				f := float64(k) / float64(n)
				x, y := (a.X+(b.X-a.X)*f)*d.Scale, (a.Y+(b.Y-a.Y)*f)*d.Scale
				for _, side := range []float64{0, 1, -1} {
					sx, sy := x+side*nx, y+side*ny
					if sx >= g.x0 && sx <= g.x1 && sy >= g.y0 && sy <= g.y1 {
						return true
					}
				}
			}
		}
		return false
	}
	var out []string
	for _, o := range d.Ops {
		if o.Shape != draw.Text || o.Class != "label" {
			continue
		}
		w, h := draw.TextBox(measure, o.Text, o.Size, o.Bold)
		c := o.Pts[0]
		lb := box{c.X - w/2, c.Y - h/2, c.X + w/2, c.Y + h/2, fmt.Sprintf("label %q", o.Text), true}
		text := o.Text
		if k, ok := keys[o.Text]; ok {
			text = k
		}
		// The sections of the areas it names.
		named := map[int]bool{}
		for _, p := range m.Pieces {
			if p.Section > 0 && p.Section <= len(secs) && names(p.Label+" buildings "+strconv.Itoa(p.Count)+" "+p.Note, text) {
				named[p.Section] = true
			}
		}
	pieces:
		for _, p := range m.Pieces {
			if len(p.Outline) == 0 {
				continue
			}
			g := pieceBox(p)
			if !lb.overlaps(g) || named[p.Section] {
				continue
			}
			for _, l := range m.Lines {
				if names(l.Label, text) && crosses(l, g) {
					continue pieces
				}
			}
			where := ""
			if p.Section > 0 {
				where = fmt.Sprintf(" in section %d", p.Section)
			}
			out = append(out, fmt.Sprintf("%s at %.1f,%.1f-%.1f,%.1f lies over %s%s", lb.what, lb.x0, lb.y0, lb.x1, lb.y1, p.Label, where))
		}
		for _, l := range m.Lines {
			if l.Section > 0 && runUnder(l, d.Scale, lb) {
				out = append(out, fmt.Sprintf("%s at %.1f,%.1f-%.1f,%.1f lies over %s in section %d", lb.what, lb.x0, lb.y0, lb.x1, lb.y1, l.Label, l.Section))
			}
		}
	}
	return out
}

// runUnder reports whether a point of line l's mark, drawn at scale s (as
// wide as its band or its style's blocks), lies in the box b: its middle
// and either side of it, every tenth of a millimetre along it.
func runUnder(l board.Line, s float64, b box) bool {
	half := max(l.WidthIn*s, board.StyleOf(l.Kind).Pattern.Size) / 2
	for i := 1; i < len(l.Path); i++ {
		a, c := l.Path[i-1], l.Path[i]
		long := math.Hypot(c.X-a.X, c.Y-a.Y) * s
		if long == 0 {
			continue
		}
		dx, dy := (c.X-a.X)*s/long, (c.Y-a.Y)*s/long
		n := int(long*10) + 1
		for k := 0; k <= n; k++ {
			f := float64(k) / float64(n)
			x, y := (a.X+(c.X-a.X)*f)*s, (a.Y+(c.Y-a.Y)*f)*s
			for _, side := range []float64{0, 1, -1} {
				sx, sy := x-side*dy*half, y+side*dx*half
				if sx > b.x0 && sx < b.x1 && sy > b.y0 && sy < b.y1 {
					return true
				}
			}
		}
	}
	return false
}

// names reports whether text is what, a part of it or a line of it
// wrapped: each of its words one of what's, whatever their case and the
// commas, colons and brackets round them.
func names(what, text string) bool {
	bag := map[string]bool{}
	for _, w := range strings.Fields(what) {
		bag[strings.ToLower(strings.Trim(w, ",:()"))] = true
	}
	ws := strings.Fields(text)
	for _, w := range ws {
		if !bag[strings.ToLower(strings.Trim(w, ",:()"))] {
			return false
		}
	}
	return len(ws) > 0
}
