// Package chart lays a campaign's gamebook graph out as a flowchart: a
// box for every entry, in a row for each step of the campaign (the first
// at the top), and an arrow for every link from an entry's box to the box
// of the entry it sends the player to, or to an end mark. It works out
// geometry only, in millimetres with y growing down the page, and draws
// nothing: the booklet draws the result as vector PDF, the site as SVG.
//
// The layout is deterministic: the same graph and the same options give
// the same geometry. Boxes within a row are ordered to reduce crossing
// arrows by barycentre sweeps (ties broken by entry number), and arrows
// run only in the gap between two rows, so none crosses a box.
//
// A chart too long for one page continues on the next: the last row of a
// page is drawn again as the first row of the next, with the arrows that
// leave it there.
package chart

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/sortie-wargames/sortie/engine/campaign"
)

// Sizes in mm.
const (
	LabelW      = 9.0  // the column of step numbers, left of the boxes
	DefaultBoxW = 26.0 // the widest a box is drawn
	DefaultBoxH = 12.0
	minGapX     = 2.0  // the least room between two boxes of a row
	minChannel  = 6.5  // the least room between two rows, for the arrows
	maxChannel  = 14.0 // the most on a chart of no set height (the site's)
	// maxPageChannel is the most on a page: a short campaign's chart
	// spreads its rows down the page it has to itself, its arrows less
	// steep and easier to follow, but not further.
	maxPageChannel = 30.0
	pad            = 2.5 // above the first row and below the last, for notes
	endRoom        = 7.0 // below a row with arrows to an end mark
	// EndHead is how far below its box an arrow to an end mark ends; the
	// mark is drawn under it.
	EndHead = 3.5
)

// Options are the frame a chart is laid out in.
type Options struct {
	Width  float64 // mm across; the boxes and the step column fit in it
	Height float64 // mm down a page; 0 lays the whole chart on one page
	BoxW   float64 // the widest box; 0 for DefaultBoxW
	BoxH   float64 // every box's height; 0 for DefaultBoxH
}

// Chart is a laid-out campaign.
type Chart struct {
	Steps int     // the campaign's steps
	BoxW  float64 // every box's size
	BoxH  float64
	Pages []Page
}

// Page is the part of a chart drawn on one page, in a frame whose top
// left corner is (0, 0).
type Page struct {
	First, Last int     // the steps drawn on the page
	W, H        float64 // the size the page's drawing takes
	Rows        []Row
	Boxes       []Box
	Arrows      []Arrow
}

// Row is one step of the campaign: its boxes' top.
type Row struct {
	Step int
	Y    float64
}

// Box is an entry.
type Box struct {
	Number, Step int
	X, Y, W, H   float64
	// Carried is set on the first row of a page after the first: the
	// row was drawn at the foot of the previous page, where the arrows
	// into it are; the arrows out of it are here.
	Carried bool
	// Continued is set on the last row of a page when the chart goes on:
	// the arrows out of it are on the next page.
	Continued bool
}

// P is a point.
type P struct{ X, Y float64 }

// Arrow is a link from an entry to the next.
type Arrow struct {
	From, To int    // entry numbers; To 0 ends the campaign
	Kind     int    // the link's place among its entry's links: 0 (success) is drawn solid, the others dashed
	Label    string // the link's label ("Success", "Failure")
	Pts      []P    // tail to head: down from the box, across the gap, down into the target
	Mark     P      // where the label's mark (its first letter) is centred, beside the tail
}

// Head returns the arrow's head; the last leg runs straight down to it.
func (a Arrow) Head() P { return a.Pts[len(a.Pts)-1] }

// Layout lays c out in the frame opt gives.
func Layout(c *campaign.Campaign, opt Options) (*Chart, error) {
	if c == nil || len(c.Nodes) == 0 {
		return nil, errors.New("failed to lay out the campaign chart: no entries")
	}
	boxW, boxH := cmp.Or(opt.BoxW, DefaultBoxW), cmp.Or(opt.BoxH, DefaultBoxH)
	steps := 0
	for i, n := range c.Nodes {
		if n == nil || n.Number != i+1 || n.Step < 1 {
			return nil, fmt.Errorf("failed to lay out the campaign chart: entry %d is out of order", i+1)
		}
		steps = max(steps, n.Step)
	}
	ranks := make([][]int, steps+1) // entry numbers by step
	hasEnd := false
	for _, n := range c.Nodes {
		ranks[n.Step] = append(ranks[n.Step], n.Number)
		for _, l := range n.Links {
			switch t := c.Node(l.To); {
			case l.To == 0:
				hasEnd = true
			case t == nil:
				return nil, fmt.Errorf("failed to lay out the campaign chart: entry %d links to entry %d, which does not exist", n.Number, l.To)
			case t.Step != n.Step+1:
				return nil, fmt.Errorf("failed to lay out the campaign chart: entry %d (step %d) links to entry %d (step %d), not the next step", n.Number, n.Step, l.To, t.Step)
			}
		}
	}
	for s := 1; s <= steps; s++ {
		if len(ranks[s]) == 0 {
			return nil, fmt.Errorf("failed to lay out the campaign chart: no entry at step %d", s)
		}
	}
	order(c, ranks)

	widest := 0
	for _, r := range ranks {
		widest = max(widest, len(r))
	}
	avail := opt.Width - LabelW
	pitchX := min(boxW+3*minGapX, avail/float64(widest))
	boxW = min(boxW, pitchX-minGapX)
	if boxW < 6 {
		return nil, fmt.Errorf("failed to lay out the campaign chart: %d entries in one step do not fit %.0f mm", widest, opt.Width)
	}

	// Rows per page, and the gap between rows.
	bottom := pad
	if hasEnd {
		bottom = max(pad, endRoom)
	}
	perPage := steps
	if opt.Height > 0 {
		room := opt.Height - pad - bottom - boxH
		perPage = min(steps, int(math.Floor(room/(boxH+minChannel)+1e-9))+1)
		if perPage < 2 && steps > 1 {
			return nil, fmt.Errorf("failed to lay out the campaign chart: %.0f mm is too short for two rows", opt.Height)
		}
	}
	pitchY := boxH + maxChannel
	if opt.Height > 0 && perPage > 1 {
		pitchY = min(boxH+maxPageChannel, (opt.Height-pad-bottom-boxH)/float64(perPage-1))
	}

	ch := &Chart{Steps: steps, BoxW: boxW, BoxH: boxH}
	x := map[int]float64{} // each entry's box's left edge
	for s := 1; s <= steps; s++ {
		x0 := LabelW + (avail-float64(len(ranks[s]))*pitchX)/2 + (pitchX-boxW)/2
		for i, n := range ranks[s] {
			x[n] = x0 + float64(i)*pitchX
		}
	}
	for first := 1; ; first += perPage - 1 {
		last := min(steps, first+perPage-1)
		pg := Page{First: first, Last: last, W: opt.Width}
		y := map[int]float64{}
		for s := first; s <= last; s++ {
			ry := pad + float64(s-first)*pitchY
			pg.Rows = append(pg.Rows, Row{Step: s, Y: ry})
			for _, n := range ranks[s] {
				y[n] = ry
				pg.Boxes = append(pg.Boxes, Box{Number: n, Step: s, X: x[n], Y: ry, W: boxW, H: boxH,
					Carried: s == first && first > 1, Continued: s == last && last < steps})
			}
		}
		pg.H = pad + float64(last-first)*pitchY + boxH + bottom
		for s := first; s < last || (s == last && last == steps); s++ {
			pg.Arrows = append(pg.Arrows, arrows(c, ranks[s], x, y, boxW, boxH, pitchY-boxH)...)
		}
		ch.Pages = append(ch.Pages, pg)
		if last == steps {
			break
		}
	}
	return ch, nil
}

// arrows routes the links out of one row: each box's links leave its
// bottom edge at ports ordered by where they go, and enter their
// target's top edge at ports ordered by where they come from, so that no
// two arrows cross at a box.
func arrows(c *campaign.Campaign, rank []int, x, y map[int]float64, boxW, boxH, gap float64) []Arrow {
	var out []Arrow
	target := func(l int) float64 {
		if l == 0 {
			return math.Inf(1)
		}
		return x[l]
	}
	for _, n := range rank {
		links := c.Node(n).Links
		idx := make([]int, len(links))
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(a, b int) int {
			ta, tb := links[a].To, links[b].To
			if ta == 0 && tb == 0 {
				return 0
			}
			return cmp.Compare(target(ta), target(tb))
		})
		for port, i := range idx {
			l := links[i]
			xs := x[n] + boxW*float64(port+1)/float64(len(links)+1)
			side := 1.2
			if 2*port+1 < len(links) {
				side = -side
			}
			a := Arrow{From: n, To: l.To, Kind: i, Label: l.Label,
				Pts:  []P{{xs, y[n] + boxH}},
				Mark: P{xs + side, y[n] + boxH + 1.5}}
			out = append(out, a)
		}
	}
	// Heads: each target's incoming arrows side by side along its top.
	tail := min(2.5, gap*0.3)
	into := map[int][]int{} // target -> indexes into out
	var targets []int
	for i, a := range out {
		if a.To == 0 {
			yb := a.Pts[0].Y
			out[i].Pts = append(out[i].Pts, P{a.Pts[0].X, yb + EndHead})
			continue
		}
		if _, ok := into[a.To]; !ok {
			targets = append(targets, a.To)
		}
		into[a.To] = append(into[a.To], i)
	}
	slices.Sort(targets)
	for _, t := range targets {
		in := into[t]
		slices.SortStableFunc(in, func(a, b int) int {
			return cmp.Or(cmp.Compare(out[a].Pts[0].X, out[b].Pts[0].X), cmp.Compare(out[a].Kind, out[b].Kind))
		})
		step := min(3.0, boxW*0.7/float64(len(in)))
		for j, i := range in {
			xt := x[t] + boxW/2 + (float64(j)-float64(len(in)-1)/2)*step
			yt := y[t]
			p0 := out[i].Pts[0]
			head := min(2.2, gap*0.3)
			out[i].Pts = append(out[i].Pts, P{p0.X, p0.Y + tail}, P{xt, yt - head}, P{xt, yt})
		}
	}
	return out
}

// order sorts each rank to reduce crossings: sweeps down (each box at
// the mean place of the boxes leading into it) and up (of the boxes it
// leads to), keeping the order with the fewest crossings seen. Ties go to
// the lower entry number; the first order is by entry number.
func order(c *campaign.Campaign, ranks [][]int) {
	steps := len(ranks) - 1
	pos := map[int]float64{}
	place := func(s int) {
		for i, n := range ranks[s] {
			pos[n] = float64(i) - float64(len(ranks[s])-1)/2
		}
	}
	preds := map[int][]int{}
	for _, n := range c.Nodes {
		for _, l := range n.Links {
			if l.To != 0 {
				preds[l.To] = append(preds[l.To], n.Number)
			}
		}
	}
	succs := func(n int) []int {
		var out []int
		for _, l := range c.Node(n).Links {
			if l.To != 0 {
				out = append(out, l.To)
			}
		}
		return out
	}
	sortBy := func(s int, near func(int) []int) {
		key := map[int]float64{}
		for _, n := range ranks[s] {
			key[n] = pos[n]
			if ns := near(n); len(ns) > 0 {
				sum := 0.0
				for _, m := range ns {
					sum += pos[m]
				}
				key[n] = sum / float64(len(ns))
			}
		}
		slices.SortStableFunc(ranks[s], func(a, b int) int { return cmp.Or(cmp.Compare(key[a], key[b]), cmp.Compare(a, b)) })
		place(s)
	}
	for s := 1; s <= steps; s++ {
		slices.Sort(ranks[s])
		place(s)
	}
	best := clone(ranks)
	fewest := Crossings(c, ranks)
	keep := func() {
		if k := Crossings(c, ranks); k < fewest {
			best, fewest = clone(ranks), k
		}
	}
	for range 8 {
		for s := 2; s <= steps; s++ {
			sortBy(s, func(n int) []int { return preds[n] })
		}
		keep()
		for s := steps - 1; s >= 1; s-- {
			sortBy(s, succs)
		}
		keep()
		transpose(c, ranks)
		for s := 1; s <= steps; s++ {
			place(s)
		}
		keep()
	}
	copy(ranks, best)
}

// transpose swaps neighbours in a row wherever that makes fewer
// crossings with the rows above and below, until no swap helps (or a
// bounded number of rounds has run).
func transpose(c *campaign.Campaign, ranks [][]int) {
	at := places(c, ranks)
	around := func(s int) int {
		k := 0
		if s > 1 {
			k += between(c, ranks[s-1], at)
		}
		if s+1 < len(ranks) {
			k += between(c, ranks[s], at)
		}
		return k
	}
	for round, better := 0, true; better && round < 50; round++ {
		better = false
		for s := 1; s < len(ranks); s++ {
			r := ranks[s]
			for i := 0; i+1 < len(r); i++ {
				k := around(s)
				r[i], r[i+1] = r[i+1], r[i]
				at[r[i]], at[r[i+1]] = i, i+1
				if around(s) < k {
					better = true
					continue
				}
				r[i], r[i+1] = r[i+1], r[i]
				at[r[i]], at[r[i+1]] = i, i+1
			}
		}
	}
}

// places gives each entry's place in its row, by entry number.
func places(c *campaign.Campaign, ranks [][]int) []int {
	at := make([]int, len(c.Nodes)+1)
	for _, r := range ranks {
		for i, n := range r {
			at[n] = i
		}
	}
	return at
}

func clone(ranks [][]int) [][]int {
	out := make([][]int, len(ranks))
	for i, r := range ranks {
		out[i] = slices.Clone(r)
	}
	return out
}

// Crossings counts the pairs of links between two steps that cross when
// each step's entries stand in the order ranks gives. Links that share an
// end do not cross: they meet at the box.
func Crossings(c *campaign.Campaign, ranks [][]int) int {
	at := places(c, ranks)
	k := 0
	for s := 1; s+1 < len(ranks); s++ {
		k += between(c, ranks[s], at)
	}
	return k
}

// between counts the crossings of the links out of one row, the entries
// standing at the places at gives.
func between(c *campaign.Campaign, row []int, at []int) int {
	k := 0
	for i, a := range row {
		for _, b := range row[i+1:] {
			for _, la := range c.Node(a).Links {
				for _, lb := range c.Node(b).Links {
					if la.To == 0 || lb.To == 0 || la.To == lb.To {
						continue
					}
					// a stands left of b: the links cross when a's
					// target stands right of b's.
					if (at[a] < at[b]) != (at[la.To] < at[lb.To]) {
						k++
					}
				}
			}
		}
	}
	return k
}
