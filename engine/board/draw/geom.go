package draw

import (
	"math"
	"slices"
)

// Grid is the grid every mark's coordinates and sizes are snapped to, in
// millimetres: a nanometre.
const Grid = 1e-6

// Snap rounds v to the nearest multiple of Grid. Float maths differ by a
// unit in the last place between CPUs (arm64, and amd64 built with
// GOAMD64=v3, fuse x*y+z into one multiply-add, rounded once), and a
// printed coordinate whose exact value is a half (60.975 mm printed to two
// decimals) then comes out as 60.97 on one CPU and 60.98 on another. On
// the grid, those differences are gone before anything is printed: the
// product v*(1/Grid) is rounded to an integer on its own, with no add to
// fuse with, and dividing that integer is exact to the same bits on every
// CPU.
func Snap(v float64) float64 {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return v
	}
	return math.Round(float64(v*(1/Grid))) / (1 / Grid)
}

// snapOps snaps every coordinate and size of ops in place, and returns
// them.
func snapOps(ops []Op) []Op {
	// The snapped points go into one array for all the marks (a board
	// has thousands), each mark's slice capped at its own points.
	n := 0
	for i := range ops {
		n += len(ops[i].Pts)
	}
	all := make([]P, n)
	for i := range ops {
		o := &ops[i]
		pts := all[:len(o.Pts):len(o.Pts)]
		all = all[len(o.Pts):]
		for k, p := range o.Pts {
			pts[k] = P{Snap(p.X), Snap(p.Y)}
		}
		o.Pts = pts
		o.R, o.Width, o.Dash, o.Size = Snap(o.R), Snap(o.Width), Snap(o.Dash), Snap(o.Size)
	}
	return ops
}

// P is a point in millimetres on the page, y down.
type P struct{ X, Y float64 }

// inside reports whether p lies inside the polygon (even-odd rule).
func inside(p P, poly []P) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.Y > p.Y) != (b.Y > p.Y) && p.X < (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// edgeDist is the distance from p to the polygon's outline.
func edgeDist(p P, poly []P) float64 {
	d := math.Inf(1)
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[j], poly[i]
		dx, dy := b.X-a.X, b.Y-a.Y
		t := 0.0
		if l := dx*dx + dy*dy; l > 0 {
			t = max(0, min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l))
		}
		d = min(d, math.Hypot(a.X+t*dx-p.X, a.Y+t*dy-p.Y))
	}
	return d
}

// clip returns the parts of segment ab inside the polygon.
func clip(a, b P, poly []P) [][2]P {
	ts := []float64{0, 1}
	dx, dy := b.X-a.X, b.Y-a.Y
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		c, d := poly[j], poly[i]
		ex, ey := d.X-c.X, d.Y-c.Y
		den := dx*ey - dy*ex
		if den == 0 {
			continue
		}
		t := ((c.X-a.X)*ey - (c.Y-a.Y)*ex) / den
		u := ((c.X-a.X)*dy - (c.Y-a.Y)*dx) / den
		if t > 0 && t < 1 && u >= 0 && u <= 1 {
			ts = append(ts, t)
		}
	}
	slices.Sort(ts)
	var out [][2]P
	at := func(t float64) P { return P{a.X + t*dx, a.Y + t*dy} }
	for i := 1; i < len(ts); i++ {
		if ts[i]-ts[i-1] < 1e-9 {
			continue
		}
		if inside(at((ts[i-1]+ts[i])/2), poly) {
			p, q := at(ts[i-1]), at(ts[i])
			if n := len(out); n > 0 && out[n-1][1] == p {
				out[n-1][1] = q
			} else {
				out = append(out, [2]P{p, q})
			}
		}
	}
	return out
}

// clipPath returns the parts of a polyline inside the polygon, each part
// a polyline of its own.
func clipPath(path []P, poly []P) [][]P {
	var out [][]P
	var cur []P
	for i := 1; i < len(path); i++ {
		parts := clip(path[i-1], path[i], poly)
		for k, s := range parts {
			if k == 0 && len(cur) > 0 && cur[len(cur)-1] == s[0] {
				cur = append(cur, s[1])
				continue
			}
			if len(cur) > 1 {
				out = append(out, cur)
			}
			cur = []P{s[0], s[1]}
		}
		if len(parts) == 0 || parts[len(parts)-1][1] != path[i] {
			if len(cur) > 1 {
				out = append(out, cur)
			}
			cur = nil
		}
	}
	if len(cur) > 1 {
		out = append(out, cur)
	}
	return out
}

// clipRect clips a polygon to the rectangle (0, 0)-(w, h)
// (Sutherland-Hodgman).
func clipRect(poly []P, w, h float64) []P {
	type edge struct {
		in  func(P) bool
		cut func(a, b P) P
	}
	lerpX := func(a, b P, x float64) P { return P{x, a.Y + (b.Y-a.Y)*(x-a.X)/(b.X-a.X)} }
	lerpY := func(a, b P, y float64) P { return P{a.X + (b.X-a.X)*(y-a.Y)/(b.Y-a.Y), y} }
	edges := []edge{
		{func(p P) bool { return p.X >= 0 }, func(a, b P) P { return lerpX(a, b, 0) }},
		{func(p P) bool { return p.X <= w }, func(a, b P) P { return lerpX(a, b, w) }},
		{func(p P) bool { return p.Y >= 0 }, func(a, b P) P { return lerpY(a, b, 0) }},
		{func(p P) bool { return p.Y <= h }, func(a, b P) P { return lerpY(a, b, h) }},
	}
	out := poly
	for _, e := range edges {
		in := out
		out = nil
		for i := range in {
			a, b := in[(i+len(in)-1)%len(in)], in[i]
			switch {
			case e.in(b) && !e.in(a):
				out = append(out, e.cut(a, b), b)
			case e.in(b):
				out = append(out, b)
			case e.in(a):
				out = append(out, e.cut(a, b))
			}
		}
		if len(out) == 0 {
			return nil
		}
	}
	return out
}

// band is the outline of a band w wide along path. An end on the board's
// edge (edge reports which) is carried on by half the band's width, so the
// band covers the edge whatever its angle (clip it to the board
// afterwards); an end inside the board (a road or river that stops at a
// section's edge, a bridge's end on a bank) stops where the path does.
func band(path []P, w float64, edge func(P) bool) []P {
	if len(path) < 2 {
		return nil
	}
	pts := slices.Clone(path)
	ext := func(p, q P) P { // p carried on away from q
		if !edge(p) {
			return p
		}
		d := norm(P{p.X - q.X, p.Y - q.Y})
		return P{p.X + d.X*w/2, p.Y + d.Y*w/2}
	}
	n := len(pts)
	pts[0], pts[n-1] = ext(pts[0], pts[1]), ext(pts[n-1], pts[n-2])
	left, right := make([]P, n), make([]P, n)
	for i := range pts {
		var d P
		switch {
		case i == 0:
			d = norm(P{pts[1].X - pts[0].X, pts[1].Y - pts[0].Y})
		case i == n-1:
			d = norm(P{pts[n-1].X - pts[n-2].X, pts[n-1].Y - pts[n-2].Y})
		default:
			a := norm(P{pts[i].X - pts[i-1].X, pts[i].Y - pts[i-1].Y})
			b := norm(P{pts[i+1].X - pts[i].X, pts[i+1].Y - pts[i].Y})
			d = norm(P{a.X + b.X, a.Y + b.Y})
		}
		nx, ny := -d.Y, d.X
		// A mitre: the offset grows at a bend so the band keeps its width.
		k := w / 2
		if i > 0 && i < n-1 {
			a := norm(P{pts[i].X - pts[i-1].X, pts[i].Y - pts[i-1].Y})
			if c := a.X*d.X + a.Y*d.Y; c > 0.3 {
				k /= c
			}
		}
		left[i] = P{pts[i].X + nx*k, pts[i].Y + ny*k}
		right[i] = P{pts[i].X - nx*k, pts[i].Y - ny*k}
	}
	slices.Reverse(right)
	return append(left, right...)
}

func norm(p P) P {
	l := math.Hypot(p.X, p.Y)
	if l == 0 {
		return P{1, 0}
	}
	return P{p.X / l, p.Y / l}
}

func bounds(ps []P) (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range ps {
		x0, y0, x1, y1 = min(x0, p.X), min(y0, p.Y), max(x1, p.X), max(y1, p.Y)
	}
	return
}

func centroid(ps []P) P {
	var c P
	for _, p := range ps {
		c.X += p.X
		c.Y += p.Y
	}
	n := float64(max(len(ps), 1))
	return P{c.X / n, c.Y / n}
}

// hash is a fixed pseudo-random fraction in [0, 1) for a grid cell, so
// that a stipple scatters its dots the same way on every drawing.
func hash(i, j, k int) float64 {
	h := uint32(i)*0x9E3779B1 ^ uint32(j)*0x85EBCA77 ^ uint32(k)*0xC2B2AE3D
	h ^= h >> 15
	h *= 0x2C1B3C6D
	h ^= h >> 12
	return float64(h%1000) / 1000
}
