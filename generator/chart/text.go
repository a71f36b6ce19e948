package chart

import (
	"strconv"
	"strings"
)

// ptMM is a point in millimetres.
const ptMM = 25.4 / 72

// Measure returns the width in mm of s set at size pt, in the bold face
// when bold.
type Measure func(s string, pt float64, bold bool) float64

// Line is a line of text in a box, centred across it.
type Line struct {
	Text string
	Pt   float64 // size in points
	Bold bool
	Y    float64 // the line's middle, mm below the box's top
	H    float64 // the line's height, mm
}

// Text sizes in points.
const (
	numMax   = 13.0 // an entry's number
	numMin   = 7.0
	numLeast = 8.0 // the least it gives way to for the lines under it (SetBoxes)
	smallMax = 7.5 // the encounter and the state
	smallMin = 4.0
)

// Item is what an entry's box says: its number, its encounter's title
// and its state (empty when the system has none).
type Item struct {
	Number       int
	Title, State string
}

// BoxTexts sets every box of a chart, w by h mm: the entry's number
// large and bold, the encounter's title and the state under it, small,
// each wrapped at its spaces. Every box uses the same two sizes, the
// largest at which every box's text fits, so that boxes read alike. The
// lines of a box stand together in its middle.
func BoxTexts(items []Item, w, h float64, m Measure) [][]Line {
	lines, _ := SetBoxes(items, w, h, smallMin, m)
	return lines
}

// SetBoxes is BoxTexts with the small lines set no smaller than least
// points: it reports whether every box's text fits at that size or
// larger. When it does not, the lines are set at least and overrun their
// boxes; a page that prints no type under least lays its chart out
// again, with taller or wider boxes, until they fit.
func SetBoxes(items []Item, w, h, least float64, m Measure) ([][]Line, bool) {
	iw := w - 1.6
	numPt := numMax
	for _, it := range items {
		for numPt > numMin && m(strconv.Itoa(it.Number), numPt, true) > iw {
			numPt -= 0.5
		}
	}
	var numH, pt float64
	fits := func(it Item, pt float64) bool {
		small := append(wrap(it.Title, iw, pt, m), wrap(it.State, iw, pt, m)...)
		ok := numH+float64(len(small))*pt*ptMM*1.15 <= h-1.2
		for _, l := range small {
			ok = ok && m(l, pt, false) <= iw
		}
		return ok
	}
	// The number gives way, down to numLeast, before the small lines
	// would go under least.
	ok := false
	for {
		numH = numPt * ptMM * 1.05
		pt = smallMax
		for _, it := range items {
			for pt > least && !fits(it, pt) {
				pt = max(least, pt-0.25)
			}
		}
		ok = true
		for _, it := range items {
			ok = ok && fits(it, pt)
		}
		if ok || numPt-0.5 < numLeast {
			break
		}
		numPt -= 0.5
	}
	smallH := pt * ptMM * 1.15
	out := make([][]Line, len(items))
	for i, it := range items {
		small := append(wrap(it.Title, iw, pt, m), wrap(it.State, iw, pt, m)...)
		y := (h - numH - float64(len(small))*smallH) / 2
		lines := []Line{{Text: strconv.Itoa(it.Number), Pt: numPt, Bold: true, Y: y + numH/2, H: numH}}
		y += numH
		for _, s := range small {
			lines = append(lines, Line{Text: s, Pt: pt, Y: y + smallH/2, H: smallH})
			y += smallH
		}
		out[i] = lines
	}
	return out, ok
}

// wrap breaks s at its spaces into lines no wider than w where it can.
func wrap(s string, w, pt float64, m Measure) []string {
	var lines []string
	for _, word := range strings.Fields(s) {
		if n := len(lines); n > 0 && m(lines[n-1]+" "+word, pt, false) <= w {
			lines[n-1] += " " + word
			continue
		}
		lines = append(lines, word)
	}
	return lines
}
