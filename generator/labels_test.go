package generator

import (
	"strconv"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/board/boardtest"
	"github.com/sortie-wargames/sortie/engine/board/draw"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator/web"
)

// TestDefaultSiteLabelsClear rolls every pack and campaign of the default
// site and draws each of their boards as the site draws it and as the
// booklets do across an A4 page and a folded A5 page: no label lies over
// a piece of terrain it does not name, a section number, a marker, a
// building block or another label, nor leaves the board
// (boardtest.OverTerrain, boardtest.Defects).
func TestDefaultSiteLabelsClear(t *testing.T) {
	reg, s, err := load("", systems.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	type named struct {
		name string
		m    board.Map
	}
	var maps []named
	add := func(where string, e *engine.Encounter) {
		for _, m := range doc.Maps(e.Blocks) {
			maps = append(maps, named{where, m})
		}
	}
	for _, def := range s.Packs {
		sys, _ := reg.Get(def.System)
		p, err := pack.Build(sys, def.Seed, def.Types, def.Options)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range p.Entries {
			add(def.Slug+" encounter "+strconv.Itoa(e.Number), e.Encounter)
		}
	}
	for _, def := range s.Campaigns {
		sys, _ := reg.Get(def.System)
		c, err := campaign.Build(sys, def.Seed, def.Steps, def.Options)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range c.Nodes {
			add(def.Slug+" entry "+strconv.Itoa(n.Number), n.Encounter)
		}
	}
	if len(maps) < 20 {
		t.Fatalf("%d boards on the default site", len(maps))
	}
	report := 20
	check := func(name string, m board.Map, d draw.Drawing, measure draw.Measure) {
		over, out := boardtest.Defects(d, measure)
		for _, e := range append(append(boardtest.OverTerrain(d, m, measure), over...), out...) {
			if report > 0 {
				report--
				t.Errorf("%s at %.2f mm/in: %s", name, d.Scale, e)
			}
		}
	}
	for _, n := range maps {
		check(n.name+" on the site", n.m, web.Board(n.m), boardtest.SiteMeasure)
		for _, s := range []float64{min(14, 180/n.m.WidthIn), min(14, 128/n.m.WidthIn, 120/n.m.HeightIn)} {
			check(n.name, n.m, draw.Board(n.m, s, boardtest.Measure), boardtest.Measure)
		}
	}
	t.Logf("%d boards", len(maps))
}
