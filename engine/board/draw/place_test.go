package draw_test

import (
	"fmt"
	"io/fs"
	"math"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/board/boardtest"
	"github.com/sortie-wargames/sortie/engine/board/draw"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/systems"
)

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

// defects counts the pairs of boxes that overlap and the boxes outside
// their frame (the board for what stands on it; the drawing with its rows
// above and below for edge names and the scale), reporting the first few.
func defects(t *testing.T, name string, d draw.Drawing, measure draw.Measure, report *int) (overlaps, outside int) {
	bs := boxes(d, measure)
	const eps = 0.01
	for i, a := range bs {
		top, bottom := -d.Top, d.H+d.Bottom
		if a.board {
			top, bottom = 0, d.H
		}
		if a.x0 < -eps || a.x1 > d.W+eps || a.y0 < top-eps || a.y1 > bottom+eps {
			outside++
			if *report > 0 {
				*report--
				t.Errorf("%s: %s at %.1f,%.1f-%.1f,%.1f is outside its frame (%.1f x %.1f-%.1f)", name, a.what, a.x0, a.y0, a.x1, a.y1, d.W, top, bottom)
			}
		}
		for _, b := range bs[i+1:] {
			if a.overlaps(b) {
				overlaps++
				if *report > 0 {
					*report--
					t.Errorf("%s: %s overlaps %s", name, a.what, b.what)
				}
			}
		}
	}
	return overlaps, outside
}

// load returns every built-in system that rolls encounters.
func load(t *testing.T) []engine.System {
	t.Helper()
	var out []engine.System
	for _, b := range systems.Builtin() {
		sub, err := fs.Sub(content.FS, "systems/"+b.ID)
		if err != nil {
			t.Fatal(err)
		}
		set, err := rules.Load(sub, "systems/"+b.ID)
		if err != nil {
			t.Fatal(err)
		}
		sys, err := b.New(set)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := sys.(engine.Encounterer); ok {
			out = append(out, sys)
		}
	}
	return out
}

// seedMaps rolls n encounters of every type of every system and returns
// their maps, named by system, type and seed.
func seedMaps(t *testing.T, n int) (names []string, maps []board.Map) {
	t.Helper()
	for _, sys := range load(t) {
		set := sys.Rules()
		for _, typ := range set.Encounters {
			for seed := range n {
				d := dice.New(fmt.Sprintf("maps-%d", seed))
				var band *engine.Force
				if rc, ok := sys.(engine.Recruiter); ok {
					var err error
					if band, err = rc.Band(d.Stream("band"), engine.Options{}); err != nil {
						t.Fatal(err)
					}
				}
				e, err := sys.(engine.Encounterer).Encounter(d.Stream("encounter"), engine.Request{Type: typ.ID, Band: band})
				if err != nil {
					if seed == 0 {
						t.Logf("%s/%s: %v", set.System.ID, typ.ID, err)
					}
					break
				}
				for i, m := range doc.Maps(e.Blocks) {
					names = append(names, fmt.Sprintf("%s/%s/seed %d/map %d", set.System.ID, typ.ID, seed, i+1))
					maps = append(maps, m)
				}
			}
		}
	}
	return names, maps
}

// scales are the scales the maps are drawn at: the site's, an A4 page's
// and a folded booklet's A5 page's.
func scales(m board.Map) []float64 {
	return []float64{
		110 / max(m.WidthIn, m.HeightIn, 1),
		min(14, 180/m.WidthIn),
		min(14, 128/m.WidthIn, 120/m.HeightIn),
	}
}

// TestLabelsClear draws the maps of 40 seeds of every encounter type of
// every system, and the full test board, at the site's and the booklets'
// scales, measured with the booklets' fonts and with the site's, and
// counts label, marker, section number, building block and edge boxes
// that overlap one another or leave their frame. There must be none.
func TestLabelsClear(t *testing.T) {
	names, maps := seedMaps(t, 40)
	names, maps = append(names, "full board"), append(maps, boardtest.Full())
	systemsSeen := map[string]bool{}
	for _, n := range names {
		systemsSeen[strings.SplitN(n, "/", 2)[0]] = true
	}
	if len(systemsSeen) < 5 {
		t.Errorf("maps from %d systems, want all five: %v", len(systemsSeen), systemsSeen)
	}
	report := 20
	overlaps, outside, drawings, leaders := 0, 0, 0, 0
	for _, measure := range []draw.Measure{boardtest.Measure, boardtest.SiteMeasure} {
		for i, m := range maps {
			for _, s := range scales(m) {
				d := draw.Board(m, s, measure)
				o, x := defects(t, fmt.Sprintf("%s at %.2f mm/in", names[i], s), d, measure, &report)
				overlaps += o
				outside += x
				drawings++
				for _, o := range d.Ops {
					if o.Shape == draw.Path && o.Class == "leader" {
						leaders++
					}
				}
			}
		}
	}
	t.Logf("%d maps, %d drawings: %d overlapping pairs, %d boxes outside their frame, %d labels on leader lines", len(maps), drawings, overlaps, outside, leaders)
}
