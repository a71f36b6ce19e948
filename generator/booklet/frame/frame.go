// Package frame holds what the booklet's layout returns: content laid
// out for a width into a measured, immutable frame of marks (lines of
// text, boxes, rules), each placed from the frame's top-left corner,
// before anything is drawn. Whether a thing fits is then a comparison of
// sizes; painting a frame (package booklet's paint.go, the one place a
// frame meets fpdf) decides nothing and changes nothing in it.
//
// The marks are a closed set, as goldmark's node kinds are: Text (a
// line of text in a cell), Baseline (a line of text set from a point on
// its baseline), Box, Rule, Turned (a line of text turned about a
// point), Poly and Circle
// (shapes drawn with a Pen: the Battle Boards' marks, the campaign
// chart's arrows), Cut (a card's dashed cutting outline), Link (an area
// that links to an anchor, drawing nothing), and Sub, a frame placed
// inside another (clipped to its size or not). A frame is written
// out as text (String) for layout tests that need no PDF.
package frame

import (
	"fmt"
	"strconv"
	"strings"
)

// Frame is laid-out content: W by H millimetres, its marks in the order
// they are painted, and what it says as plain text (Say), which the
// booklet keeps per page for its tests and its page references.
type Frame struct {
	W, H  float64
	Marks []Mark
	Say   string
}

// Mark is one of Text, Baseline, Box, Rule, Turned, Poly, Circle, Cut,
// Link and Sub.
type Mark interface{ mark() }

// Font is a face's family and style ("", "B", "I", "BI") at a size in
// points.
type Font struct {
	Family, Style string
	Size          float64
}

// Text is one line of text in a cell W by H at (X, Y): aligned in it
// ("L", "C" or "R"), in Font, in a grey (0 is black, 255 white); when
// Filled, the cell is filled in the grey Fill under it (a play card's
// tag, white on black). Link, when set, is the anchor the text links
// to; Broken, the word this line breaks inside, when it does (the print
// check counts it).
type Text struct {
	X, Y, W, H float64
	Font       Font
	Grey       int
	Filled     bool
	Fill       int
	Align      string
	S          string
	Link       string
	Broken     string
}

// Baseline is one line of text in Font, in a grey, its baseline starting
// at (X, Y): set where a point is known rather than a cell (the address
// under a QR code, right-aligned by its measured width).
type Baseline struct {
	X, Y float64
	Font Font
	Grey int
	S    string
}

// Turned is one line of text turned by Angle degrees anticlockwise about
// the point (X, Y): before the turn, its baseline starts at (X+DX, Y+DY).
// It is in Font, in a grey. A play card's edge texts are turned so, each
// upright when its edge is turned uppermost.
type Turned struct {
	X, Y, Angle float64
	DX, DY      float64
	Font        Font
	Grey        int
	S           string
}

// Box is a rectangle at (X, Y), W by H: filled in the grey Fill, or not
// when Fill is negative; outlined in the grey Stroke at Width, or not
// when Stroke is negative.
type Box struct {
	X, Y, W, H   float64
	Fill, Stroke int
	Width        float64
}

// Rule is a straight line from (X1, Y1) to (X2, Y2) in a grey at Width.
type Rule struct {
	X1, Y1, X2, Y2 float64
	Grey           int
	Width          float64
}

// Sub is a frame placed in another with its top-left corner at (X, Y):
// a table's rows in the table. With Grid, the corner is rounded to the
// grid engine/board/draw lays its marks on (draw.Snap) before F's marks
// are placed from it: marks draw laid out about a point it rounded (a
// marker on a board's track) stand where draw put them. After a frame
// inside, painting sets the ink (colours, line width, dash) back to its
// defaults, unless KeepInk: then it is left as the inner frame's marks
// set it, as it is after a paragraph's lines (text alone, in a box of
// links or beside a grid). With Clip, nothing of F is painted outside
// its own W by H (a sealed card's face in its cell). With Turn, F is
// painted turned a quarter anticlockwise, read with the page turned
// clockwise: it then takes F.H across and F.W down from (X, Y), its top
// along the left (a campaign chart too wide for its page, set along
// it). Links do not turn: a turned frame holds none (its links are
// placed beside it, over where it paints).
type Sub struct {
	X, Y    float64
	Grid    bool
	F       *Frame
	KeepInk bool
	Clip    bool
	Turn    bool
}

// Cut is the dashed outline to cut a card W by H out along, from (X, Y):
// each edge drawn from its top or left end, so that the edge two cards
// share is dashed twice in step and stays dashed (drawn round, it runs
// up on one card and down on the other, and the two sets of dashes fill
// each other's gaps). After it the ink is set back to its defaults.
type Cut struct {
	X, Y, W, H float64
}

// Pen is how a shape is drawn: filled in the grey Fill, or not when
// Fill is negative; outlined in the grey Stroke at Width, or not when
// Stroke is negative, in dashes Dash long when Dash is positive, with
// gaps Gap long between them (as long as the dashes when Gap is 0: a
// board's lines; a campaign chart's failure arrows have shorter gaps).
type Pen struct {
	Fill, Stroke int
	Width, Dash  float64
	Gap          float64
}

// Pt is a point of a Poly.
type Pt struct{ X, Y float64 }

// Poly is a shape through its points, drawn with Pen: closed, a polygon,
// filled and outlined as the pen says, drawn only when it has three
// points or more; open, a line from each point to the next, never
// filled. Either sets its pen's greys (and, outlined, its width) even
// when it draws nothing: a board's text sets the fill to its own grey
// first, and a campaign chart's start box sets the others' width before
// its own.
type Poly struct {
	Pts    []Pt
	Closed bool
	Pen    Pen
}

// Circle is a circle of radius R about (X, Y), drawn with Pen.
type Circle struct {
	X, Y, R float64
	Pen     Pen
}

// Link is an area W by H at (X, Y) that links to Anchor (a place the
// booklet marks: "entry/12"), drawing nothing and tied to no line of
// text: a campaign chart's box links to its entry so. A Text links
// through its own Link instead.
type Link struct {
	X, Y, W, H float64
	Anchor     string
}

func (Text) mark()     {}
func (Turned) mark()   {}
func (Baseline) mark() {}
func (Cut) mark()      {}
func (Sub) mark()      {}
func (Box) mark()      {}
func (Rule) mark()     {}
func (Poly) mark()     {}
func (Circle) mark()   {}
func (Link) mark()     {}

// String writes the frame out as text, a line for it and one for each
// mark, lengths to a hundredth of a millimetre: what layout tests
// compare with their golden files.
func (f *Frame) String() string {
	var b strings.Builder
	f.write(&b, "")
	return b.String()
}

func (f *Frame) write(b *strings.Builder, indent string) {
	fmt.Fprintf(b, "frame %s x %s", mm(f.W), mm(f.H))
	if f.Say != "" {
		fmt.Fprintf(b, " say %q", f.Say)
	}
	b.WriteByte('\n')
	for _, m := range f.Marks {
		b.WriteString(indent)
		switch m := m.(type) {
		case Sub:
			grid := ""
			if m.Grid {
				grid = " on grid"
			}
			fmt.Fprintf(b, "  at %s,%s%s ", mm(m.X), mm(m.Y), grid)
			if m.KeepInk {
				b.WriteString("keep ink ")
			}
			if m.Clip {
				b.WriteString("clipped ")
			}
			if m.Turn {
				b.WriteString("turned ")
			}
			m.F.write(b, indent+"  ")
		case Text:
			fill := ""
			if m.Filled {
				fill = fmt.Sprintf(" fill %d", m.Fill)
			}
			fmt.Fprintf(b, "  text %s,%s %sx%s %s%s %spt grey %d%s %s %q", mm(m.X), mm(m.Y), mm(m.W), mm(m.H), m.Font.Family, style(m.Font.Style), mm(m.Font.Size), m.Grey, fill, m.Align, m.S)
			if m.Link != "" {
				fmt.Fprintf(b, " link %q", m.Link)
			}
			if m.Broken != "" {
				fmt.Fprintf(b, " broken %q", m.Broken)
			}
			b.WriteByte('\n')
		case Cut:
			fmt.Fprintf(b, "  cut %s,%s %sx%s\n", mm(m.X), mm(m.Y), mm(m.W), mm(m.H))
		case Baseline:
			fmt.Fprintf(b, "  baseline %s,%s %s%s %spt grey %d %q\n", mm(m.X), mm(m.Y), m.Font.Family, style(m.Font.Style), mm(m.Font.Size), m.Grey, m.S)
		case Turned:
			fmt.Fprintf(b, "  turned %s,%s by %s from %s,%s %s%s %spt grey %d %q\n", mm(m.X), mm(m.Y), mm(m.Angle), mm(m.DX), mm(m.DY), m.Font.Family, style(m.Font.Style), mm(m.Font.Size), m.Grey, m.S)
		case Box:
			fmt.Fprintf(b, "  box %s,%s %sx%s fill %d stroke %d width %s\n", mm(m.X), mm(m.Y), mm(m.W), mm(m.H), m.Fill, m.Stroke, mm(m.Width))
		case Rule:
			fmt.Fprintf(b, "  rule %s,%s %s,%s grey %d width %s\n", mm(m.X1), mm(m.Y1), mm(m.X2), mm(m.Y2), m.Grey, mm(m.Width))
		case Poly:
			kind := "line"
			if m.Closed {
				kind = "polygon"
			}
			fmt.Fprintf(b, "  %s%s", kind, m.Pen)
			for _, p := range m.Pts {
				fmt.Fprintf(b, " %s,%s", mm(p.X), mm(p.Y))
			}
			b.WriteByte('\n')
		case Circle:
			fmt.Fprintf(b, "  circle %s,%s r %s%s\n", mm(m.X), mm(m.Y), mm(m.R), m.Pen)
		case Link:
			fmt.Fprintf(b, "  link %s,%s %sx%s to %q\n", mm(m.X), mm(m.Y), mm(m.W), mm(m.H), m.Anchor)
		}
	}
}

// String writes a pen as its marks' lines end: " fill G stroke G width W",
// with " dash D" when dashed and " gap G" after it when the gaps are
// not as long as the dashes.
func (p Pen) String() string {
	s := fmt.Sprintf(" fill %d stroke %d width %s", p.Fill, p.Stroke, mm(p.Width))
	if p.Dash > 0 {
		s += " dash " + mm(p.Dash)
		if p.Gap > 0 {
			s += " gap " + mm(p.Gap)
		}
	}
	return s
}

func mm(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

func style(s string) string {
	if s == "" {
		return ""
	}
	return " " + s
}
