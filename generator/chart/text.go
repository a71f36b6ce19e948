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
	smallMax = 6.5 // the encounter and the state
	smallMin = 4.0
)

// BoxText sets an entry's box, w by h mm: its number large and bold, the
// encounter's title and the state under it, small, each wrapped at its
// spaces; the small text is set as large as lets it fit. The lines stand
// together in the middle of the box.
func BoxText(number int, title, state string, w, h float64, m Measure) []Line {
	iw := w - 1.6
	num := strconv.Itoa(number)
	numPt := numMax
	for numPt > numMin && m(num, numPt, true) > iw {
		numPt -= 0.5
	}
	numH := numPt * ptMM * 1.05
	var small []string
	pt := smallMax
	for ; ; pt -= 0.25 {
		small = append(wrap(title, iw, pt, m), wrap(state, iw, pt, m)...)
		fits := numH+float64(len(small))*pt*ptMM*1.15 <= h-1.2
		for _, l := range small {
			fits = fits && m(l, pt, false) <= iw
		}
		if fits || pt <= smallMin {
			break
		}
	}
	smallH := pt * ptMM * 1.15
	y := (h - numH - float64(len(small))*smallH) / 2
	lines := []Line{{Text: num, Pt: numPt, Bold: true, Y: y + numH/2, H: numH}}
	y += numH
	for _, s := range small {
		lines = append(lines, Line{Text: s, Pt: pt, Y: y + smallH/2, H: smallH})
		y += smallH
	}
	return lines
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
