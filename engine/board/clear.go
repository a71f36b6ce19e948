package board

import (
	"math"
	"strings"
)

// A piece of terrain and a road or river that crosses it: the band of the
// line is drawn over the piece, and a hill's contours or a wood's trees
// under a stream read as a stream running over the hilltop. So a piece
// stands clear of the bands of the lines laid across it: it is cut back
// to the side of the line with more of it (the piece shrinks or, in a
// section, moves to the side away from the line), ClearGap from the
// band's edge. Where that side keeps less than ClearLeast of the piece
// (a river wider than the section's room beside it), the piece keeps its
// place and its note says how the two meet ("river across it"). Lakes
// take rivers and roads as they come: water meets water.

// ClearGap is the room left between a piece cut back from a line and the
// line's band, in the map's unit.
const ClearGap = 0.25

// ClearLeast is the least share of its area a piece keeps when it is cut
// back from a line.
const ClearLeast = 0.25

// crosses reports whether a line's kind is one a piece is cut back from:
// a road or a river, not the fords and bridges across a river.
func crosses(kind string) bool { return kind == Road || kind == River }

// clearOf returns p cut back from the bands of lines it overlaps, or with
// a note saying how they meet where it cannot be.
func clearOf(p Piece, lines []Line) Piece {
	if p.Kind == Lake || len(p.Outline) < 3 {
		return p
	}
	for _, l := range lines {
		if !crosses(l.Kind) || l.WidthIn <= 0 {
			continue
		}
		var segs [][2]Point
		for i := 1; i < len(l.Path); i++ {
			a, b := l.Path[i-1], l.Path[i]
			if (a != b) && area(clipPoly(p.Outline, segBand(a, b, l.WidthIn/2))) > 1e-6 {
				segs = append(segs, [2]Point{a, b})
			}
		}
		if len(segs) == 0 {
			continue
		}
		whole := area(p.Outline)
		best, kept := []Point(nil), 0.0
		for _, side := range []float64{1, -1} {
			poly := p.Outline
			for _, s := range segs {
				poly = clipHalf(poly, s[0], s[1], side, l.WidthIn/2+ClearGap)
			}
			if a := area(poly); a > kept+1e-9 {
				best, kept = poly, a
			}
		}
		if kept >= ClearLeast*whole {
			out := make([]Point, 0, len(best))
			for _, q := range best {
				q = round(q)
				if len(out) == 0 || out[len(out)-1] != q {
					out = append(out, q)
				}
			}
			if len(out) > 1 && out[0] == out[len(out)-1] {
				out = out[:len(out)-1]
			}
			p.Outline = out
			continue
		}
		say := strings.ToLower(Label(l.Kind)) + " across it"
		switch {
		case p.Note == "":
			p.Note = say
		case !strings.Contains(p.Note, say):
			p.Note += "; " + say
		}
	}
	return p
}

// segBand is the rectangle of a band hw either side of segment ab, as a
// convex polygon.
func segBand(a, b Point, hw float64) []Point {
	d := unit(b.X-a.X, b.Y-a.Y)
	n := Point{-d.Y * hw, d.X * hw}
	return []Point{{a.X + n.X, a.Y + n.Y}, {b.X + n.X, b.Y + n.Y}, {b.X - n.X, b.Y - n.Y}, {a.X - n.X, a.Y - n.Y}}
}

// clipPoly is the part of poly inside the convex polygon clip
// (Sutherland-Hodgman), clip wound either way.
func clipPoly(poly, clip []Point) []Point {
	wind := 1.0
	if signedArea(clip) < 0 {
		wind = -1
	}
	out := poly
	for i := range clip {
		a, b := clip[i], clip[(i+1)%len(clip)]
		out = keep(out, func(q Point) float64 { return wind * cross(a, b, q) })
		if len(out) == 0 {
			return nil
		}
	}
	return out
}

// clipHalf is the part of poly on side (1 left of a→b, as the map is
// drawn y down, -1 right) of line ab, at least dist from it.
func clipHalf(poly []Point, a, b Point, side, dist float64) []Point {
	l := math.Hypot(b.X-a.X, b.Y-a.Y)
	return keep(poly, func(q Point) float64 { return side*cross(a, b, q)/l - dist })
}

// keep is the part of poly where f is not negative, f linear in the
// point.
func keep(poly []Point, f func(Point) float64) []Point {
	var out []Point
	for i := range poly {
		p, q := poly[i], poly[(i+1)%len(poly)]
		fp, fq := f(p), f(q)
		if fp >= 0 {
			out = append(out, p)
		}
		if (fp >= 0) != (fq >= 0) {
			t := fp / (fp - fq)
			out = append(out, Point{p.X + (q.X-p.X)*t, p.Y + (q.Y-p.Y)*t})
		}
	}
	return out
}

// cross is the cross product of ab and aq: positive with q to the left
// of a→b in x-right, y-up terms.
func cross(a, b, q Point) float64 {
	return (b.X-a.X)*(q.Y-a.Y) - (b.Y-a.Y)*(q.X-a.X)
}

func signedArea(poly []Point) float64 {
	s := 0.0
	for i := range poly {
		p, q := poly[i], poly[(i+1)%len(poly)]
		s += p.X*q.Y - q.X*p.Y
	}
	return s / 2
}

func area(poly []Point) float64 {
	if len(poly) < 3 {
		return 0
	}
	return math.Abs(signedArea(poly))
}
