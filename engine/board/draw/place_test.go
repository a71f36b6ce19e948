package draw_test

import (
	"fmt"
	"io/fs"
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

// leastFolded is the smallest scale, in mm to the inch, the default
// site's folded booklets draw a board at, by its longer side in inches,
// when two boards share a half page under a long track and caption (a
// 12" board 28 mm across, a 24" x 18" one 66 mm, a 36" one 42 mm).
var leastFolded = map[float64]float64{12: 2.33, 24: 2.75, 36: 1.18}

// siteMM is how wide the site draws a board's longer side, in mm
// (generator/web's boardMM), and sitePt the least type it sets a label
// in (its leastPt).
const (
	siteMM = 72.0
	sitePt = 7.0
)

// scales are the scales the maps are drawn at: the site's, an A4 page's,
// a folded booklet's A5 page's full width, the smallest a folded booklet
// draws them at, and one between.
func scales(m board.Map) []float64 {
	long := max(m.WidthIn, m.HeightIn, 1)
	least, ok := leastFolded[long]
	if !ok {
		least = 28 / long
	}
	return []float64{
		siteMM / long,
		min(14, 180/m.WidthIn),
		min(14, 128/m.WidthIn, 120/m.HeightIn),
		least,
		(least + min(14, 128/m.WidthIn, 120/m.HeightIn)) / 2,
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
	report := 20 // defects printed
	overlaps, outside, drawings, leaders := 0, 0, 0, 0
	for _, measure := range []draw.Measure{boardtest.Measure, boardtest.SiteMeasure} {
		for i, m := range maps {
			for _, s := range scales(m) {
				d := draw.Board(m, s, measure)
				o, x := boardtest.Defects(d, measure)
				for _, e := range append(o, x...) {
					if report > 0 {
						report--
						t.Errorf("%s at %.2f mm/in: %s", names[i], s, e)
					}
				}
				overlaps += len(o)
				outside += len(x)
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

// TestLabelsOffTerrain draws the maps of 200 seeds of every encounter
// type of every system, and the full test board, as the site draws them
// (its scale, its measure, no label under its least size) and as the
// booklets do at an A4 page's width, a folded A5 page's and between that
// and the smallest they draw a board at: no label lies over a piece of
// terrain it does not name (an area's label may lie over the pieces of
// the section it fills, a line's over the pieces its line crosses; a
// piece standing on its own is labelled beside it), nor over a marker,
// section number, building block or another label, nor leaves the board.
// At the smallest scale a label may have to, and the drawing then says
// so in Crowded, so that a booklet draws the board larger where it can.
func TestLabelsOffTerrain(t *testing.T) {
	names, maps := seedMaps(t, 200)
	names, maps = append(names, "full board"), append(maps, boardtest.Full())
	per := map[string]int{}
	report := 20
	over := 0
	check := func(name string, m board.Map, d draw.Drawing, measure draw.Measure, least bool) {
		o := boardtest.OverTerrain(d, m, measure)
		x, y := boardtest.Defects(d, measure)
		if least && d.Crowded > 0 {
			return // said so
		}
		for _, e := range append(append(o, x...), y...) {
			if report > 0 {
				report--
				t.Errorf("%s at %.2f mm/in: %s", name, d.Scale, e)
			}
		}
		over += len(o)
	}
	for i, m := range maps {
		per[strings.SplitN(names[i], "/", 2)[0]]++
		long := max(m.WidthIn, m.HeightIn, 1)
		d := draw.BoardLeast(m, siteMM/long, boardtest.SiteMeasure, sitePt)
		for _, o := range d.Ops {
			if o.Shape == draw.Text && (o.Class == "label" || o.Class == "edge") && o.Size < sitePt {
				t.Errorf("%s on the site: %q at %.1f pt, under %.0f", names[i], o.Text, o.Size, sitePt)
			}
		}
		check(names[i], m, d, boardtest.SiteMeasure, false)
		ss := scales(m)
		for _, s := range []float64{ss[1], ss[2], ss[4]} {
			check(names[i], m, draw.Board(m, s, boardtest.Measure), boardtest.Measure, false)
		}
		check(names[i], m, draw.Board(m, ss[3], boardtest.Measure), boardtest.Measure, true)
	}
	for sys, n := range per {
		if n < 200 && sys != "full board" {
			t.Errorf("%s: %d boards, want 200 or more", sys, n)
		}
	}
	if len(per) < 6 {
		t.Errorf("boards of %d systems, want all five: %v", len(per)-1, per)
	}
	t.Logf("%d boards: %v; %d labels over terrain", len(maps), per, over)
}

// TestKeys draws the full test board at the smallest folded scale, where
// some labels cannot fit in any size, and at the site's, where all do:
// each key is printed once on the board as its letter and listed by
// KeyText; at the site's scale there are none.
func TestKeys(t *testing.T) {
	m := boardtest.Full()
	d := draw.Board(m, leastFolded[36], boardtest.Measure)
	if len(d.Keys) == 0 {
		t.Fatalf("no keys at %.2f mm/in", leastFolded[36])
	}
	for _, k := range d.Keys {
		n := 0
		for _, o := range d.Ops {
			if o.Shape == draw.Text && o.Class == "label" && o.Text == k.Mark {
				n++
			}
		}
		if n != 1 || k.Text == "" {
			t.Errorf("key %q (%q) printed %d times", k.Mark, k.Text, n)
		}
		if !strings.Contains(draw.KeyText(d.Keys), k.Mark+": "+k.Text) {
			t.Errorf("KeyText %q does not list %q", draw.KeyText(d.Keys), k.Mark+": "+k.Text)
		}
	}
	if d := draw.Board(m, 110/36.0, boardtest.Measure); len(d.Keys) > 0 {
		t.Errorf("keys at the site's scale: %v", d.Keys)
	}
}

// TestCrowded draws maps at scales down past where their labels fit:
// a drawing with overlapping boxes says so in Crowded, so that a
// renderer can choose a layout that draws the board larger. (Crowded
// also counts a key letter closer than Gap to a box, which Defects
// does not call an overlap.)
func TestCrowded(t *testing.T) {
	names, maps := seedMaps(t, 3)
	names, maps = append(names, "full board"), append(maps, boardtest.Full())
	overlapping, crowded := 0, 0
	for i, m := range maps {
		long := max(m.WidthIn, m.HeightIn, 1)
		for s := 60 / long; s >= 1; s *= 0.85 {
			d := draw.Board(m, s, boardtest.Measure)
			o, _ := boardtest.Defects(d, boardtest.Measure)
			if len(o) > 0 {
				overlapping++
				if d.Crowded == 0 {
					t.Errorf("%s at %.2f mm/in: %d overlaps, Crowded 0: %v", names[i], s, len(o), o[0])
				}
			}
			if d.Crowded > 0 {
				crowded++
			}
		}
	}
	if overlapping == 0 {
		t.Error("no drawing overlapped: the scales tried do not reach where labels give way")
	}
	t.Logf("%d drawings with overlaps, %d crowded", overlapping, crowded)
}
