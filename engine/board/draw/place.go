package draw

import (
	"math"
	"slices"
)

// Box is a rectangle on a drawing, in mm: a label's white box, a marker,
// a section number's badge, a building block.
type Box struct{ X0, Y0, X1, Y1 float64 }

// boxAt is the box w x h centred on c.
func boxAt(c P, w, h float64) Box { return Box{c.X - w/2, c.Y - h/2, c.X + w/2, c.Y + h/2} }

func (a Box) overlaps(b Box, gap float64) bool {
	return a.X0 < b.X1+gap && b.X0 < a.X1+gap && a.Y0 < b.Y1+gap && b.Y0 < a.Y1+gap
}

// area is how much of a lies over b.
func (a Box) area(b Box) float64 {
	return max(0, min(a.X1, b.X1)-max(a.X0, b.X0)) * max(0, min(a.Y1, b.Y1)-max(a.Y0, b.Y0))
}

// snap snaps the box's corners to the grid (see Snap): every decision
// place makes compares snapped numbers, so that a multiply-add fused on
// one CPU and not on another cannot turn it.
func (a Box) snap() Box { return Box{Snap(a.X0), Snap(a.Y0), Snap(a.X1), Snap(a.Y1)} }

func (a Box) centre() P { return P{(a.X0 + a.X1) / 2, (a.Y0 + a.Y1) / 2} }

// dist is how far p lies from the box; 0 inside it.
func (a Box) dist(p P) float64 {
	dx := max(a.X0-p.X, 0, p.X-a.X1)
	dy := max(a.Y0-p.Y, 0, p.Y-a.Y1)
	return math.Hypot(dx, dy)
}

// near is the point of the box's outline nearest p outside it.
func (a Box) near(p P) P {
	return P{max(a.X0, min(a.X1, p.X)), max(a.Y0, min(a.Y1, p.Y))}
}

// placer keeps the boxes taken on a board and finds room for another:
// every label is placed against what was placed before it, in the order
// Board lays them out, so the result is the same every time.
type placer struct {
	frame Box   // every box stays inside it
	taken []Box // markers, section badges, building blocks, labels
	// ground is the box round each piece of terrain: a label stands
	// clear of every one but those of the section it names (want.own),
	// so that no label hides a feature.
	ground []Box
	gap    float64
}

// Gap is the least room between two labels, or a label and a marker,
// badge, block or piece of terrain, in mm.
const Gap = 0.5

// clamp shifts b into the frame, if it fits at all.
func (p *placer) clamp(b Box) (Box, bool) {
	f := p.frame
	if b.X1-b.X0 > f.X1-f.X0 || b.Y1-b.Y0 > f.Y1-f.Y0 {
		return b, false
	}
	dx := max(f.X0-b.X0, 0) + min(f.X1-b.X1, 0)
	dy := max(f.Y0-b.Y0, 0) + min(f.Y1-b.Y1, 0)
	return Box{b.X0 + dx, b.Y0 + dy, b.X1 + dx, b.Y1 + dy}, true
}

// free reports whether b overlaps nothing taken.
func (p *placer) free(b Box) bool {
	for _, t := range p.taken {
		if b.overlaps(t, p.gap) {
			return false
		}
	}
	return true
}

// bare reports whether b lies over no piece of terrain but those inside
// the boxes own.
func (p *placer) bare(b Box, own []Box) bool {
	for _, g := range p.ground {
		if !g.within(own) && b.overlaps(g, p.gap) {
			return false
		}
	}
	return true
}

// within reports whether a lies inside one of bs.
func (a Box) within(bs []Box) bool {
	const eps = 1e-6
	for _, b := range bs {
		if a.X0 >= b.X0-eps && a.Y0 >= b.Y0-eps && a.X1 <= b.X1+eps && a.Y1 <= b.Y1+eps {
			return true
		}
	}
	return false
}

// cost is how much of b lies over what is taken, and over the pieces of
// terrain but own: the least bad place when none is free. Room taken
// weighs far more than terrain, so a label that cannot stand clear of
// both covers a piece of terrain rather than another label.
func (p *placer) cost(b Box, own []Box) float64 {
	c := 0.0
	for _, t := range p.taken {
		c += 1e4 * b.area(Box{t.X0 - p.gap, t.Y0 - p.gap, t.X1 + p.gap, t.Y1 + p.gap})
	}
	for _, g := range p.ground {
		if !g.within(own) {
			c += b.area(Box{g.X0 - p.gap, g.Y0 - p.gap, g.X1 + p.gap, g.Y1 + p.gap})
		}
	}
	return c
}

// placement is where place put a box, and whether it needs a line back
// to its anchor.
type placement struct {
	Box
	leader bool
	clear  bool // it overlaps nothing taken
	bare   bool // it is clear, and lies over no piece of terrain but its own
}

// want is a box to find room for: w x h, belonging at anchor, best at
// the preferred centres in order, or else beside around (a piece of
// terrain standing on its own: below it, above, right, left, then at its
// corners). A box with a home (an area's section, a zone) is tied back
// when its middle leaves the home, and only then; one with bounds keeps
// its middle inside them (a zone's label, on its own side's half of the
// board). own holds the boxes whose pieces of terrain it may lie over:
// the section of the area it names, the pieces a line it names crosses.
type want struct {
	anchor       P
	w, h         float64
	prefer       []P
	around       *Box
	home, bounds *Box
	own          []Box
	// avoid are the bands of lines the box stands clear of as of a
	// piece of terrain: the stream beside the walls a label names.
	avoid [][]P
}

// meets reports whether the box, gap round it, and the polygon poly
// overlap.
func (a Box) meets(poly []P, gap float64) bool {
	g := Box{a.X0 - gap, a.Y0 - gap, a.X1 + gap, a.Y1 + gap}
	rect := []P{{g.X0, g.Y0}, {g.X1, g.Y0}, {g.X1, g.Y1}, {g.X0, g.Y1}}
	if len(poly) < 3 {
		return false
	}
	if inside(g.centre(), poly) {
		return true
	}
	for i := range poly {
		if len(clip(poly[i], poly[(i+1)%len(poly)], rect)) > 0 {
			return true
		}
	}
	return false
}

// place finds room for a box (see want): first at the preferred centres
// in order, then next to the anchor (on it, above, below, left, right),
// then further out on rings round it, tied back by a leader line. Each
// try is first shifted inside the frame. It takes the first place that is
// free of everything (bare), or else, when clear is enough, the first free
// of what is taken; failing that, the one that covers least (reported not
// clear).
func (p *placer) place(w want, clear bool) placement {
	return p.take(p.find(w, clear))
}

// find is where place would put a box, without taking the room.
func (p *placer) find(wt want, clearEnough bool) placement {
	best, bestCost := placement{}, math.Inf(1)
	w, h := Snap(wt.w), Snap(wt.h)
	anchor := P{Snap(wt.anchor.X), Snap(wt.anchor.Y)}
	home, bounds := wt.home, wt.bounds
	try := func(c P, leader bool) bool {
		b, ok := p.clamp(boxAt(P{Snap(c.X), Snap(c.Y)}, w, h))
		if !ok {
			return false
		}
		m := b.centre()
		if bounds != nil && (m.X < bounds.X0 || m.X > bounds.X1 || m.Y < bounds.Y0 || m.Y > bounds.Y1) {
			return false
		}
		// A box that ends up away from its anchor, or out of its home (an
		// area's section), is tied back to it.
		away := home != nil && (m.X < home.X0 || m.X > home.X1 || m.Y < home.Y0 || m.Y > home.Y1)
		if home != nil {
			leader = away // in its home, a box needs no line back
		}
		lead := leader && b.dist(anchor) > 1.5
		free := p.free(b)
		bare := free && p.bare(b, wt.own) && !slices.ContainsFunc(wt.avoid, func(poly []P) bool { return b.meets(poly, p.gap) })
		if bare || free && clearEnough {
			best = placement{b, lead, true, bare}
			return true
		}
		cost := p.cost(b, wt.own)
		for _, poly := range wt.avoid {
			if b.meets(poly, p.gap) {
				cost += (b.X1 - b.X0) * (b.Y1 - b.Y0)
			}
		}
		if cost < bestCost-1e-9 {
			best, bestCost = placement{b, lead, free, false}, cost
		}
		return false
	}
	for _, c := range wt.prefer {
		if try(c, false) {
			return best
		}
	}
	g := p.gap + 0.2
	if a := wt.around; a != nil {
		cx, cy := (a.X0+a.X1)/2, (a.Y0+a.Y1)/2
		below, above := a.Y1+g+h/2, a.Y0-g-h/2
		right, left := a.X1+g+w/2, a.X0-g-w/2
		for _, c := range []P{{cx, below}, {cx, above}, {right, cy}, {left, cy},
			{right, below}, {left, below}, {right, above}, {left, above}} {
			if try(c, false) {
				return best
			}
		}
	}
	for _, d := range []P{{0, 0}, {0, -(h + g)}, {0, h + g}, {-(w + g), 0}, {w + g, 0}} {
		if try(P{anchor.X + d.X, anchor.Y + d.Y}, false) {
			return best
		}
	}
	// Rings of sixteen places round the anchor, each step a label's height
	// further out, to as far as the frame reaches.
	step := h + g
	reach := math.Hypot(p.frame.X1-p.frame.X0, p.frame.Y1-p.frame.Y0)
	for r := step * 1.5; r <= reach; r += step {
		for _, deg := range ringAngles {
			a := deg * math.Pi / 180
			if try(P{anchor.X + r*math.Cos(a), anchor.Y + r*math.Sin(a)}, true) {
				return best
			}
		}
	}
	return best
}

// ringAngles are the sixteen directions of a ring, in degrees with y
// down: straight up, down and sideways first, so leaders stay short and
// plain, then ever more slanted.
var ringAngles = []float64{-90, 90, 180, 0, -67.5, -112.5, 67.5, 112.5, -45, -135, 45, 135, -22.5, -157.5, 22.5, 157.5}

func (p *placer) take(pl placement) placement {
	p.taken = append(p.taken, pl.Box)
	return pl
}

// hold takes the room of boxes that do not move, snapped.
func (p *placer) hold(bs ...Box) {
	for _, b := range bs {
		p.taken = append(p.taken, b.snap())
	}
}

// lay keeps a piece of terrain's box, snapped, for labels to stand clear
// of, and returns it.
func (p *placer) lay(b Box) Box {
	b = b.snap()
	p.ground = append(p.ground, b)
	return b
}
