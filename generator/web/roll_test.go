package web

import (
	"bytes"
	"io/fs"
	"path"
	"testing"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator/site"
)

// TestRolledIsThePagesEncounter: an encounter drawn alone (the Roll
// page's) is, byte for byte, what the site's encounter page of the same
// roll shows, for every system with procedures and each of its
// encounter types: its blocks, its tables and the band.
func TestRolledIsThePagesEncounter(t *testing.T) {
	ro, err := NewRolled()
	if err != nil {
		t.Fatal(err)
	}
	in := Input{Site: &site.Site{Title: "Built-in", Home: &site.Page{Title: "Built-in"}}, Version: "test"}
	for _, b := range systems.Builtin() {
		dir := path.Join("systems", b.ID)
		sub, err := fs.Sub(content.FS, dir)
		if err != nil {
			t.Fatal(err)
		}
		set, err := rules.Load(sub, dir)
		if err != nil {
			t.Fatal(err)
		}
		sys, err := b.New(set)
		if err != nil {
			t.Fatal(err)
		}
		in.Systems = append(in.Systems, System{Set: set})
		for _, typ := range set.EncounterIDs() {
			p, err := pack.Build(sys, "roll-"+typ, []string{typ}, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			slug := b.ID + "-" + typ
			in.Packs = append(in.Packs, Pack{Def: &site.Pack{Page: site.Page{Title: "Pack " + slug, Slug: slug}, System: b.ID, Seed: "roll-" + typ, Types: []string{typ}}, Rolled: p})
		}
	}
	files := render(t, in)
	for _, p := range in.Packs {
		page := encounterPage(p.Def.Slug, 1)
		var set *rules.Set
		for _, s := range in.Systems {
			if s.Set.System.ID == p.Def.System {
				set = s.Set
			}
		}
		got, err := ro.Encounter(set, p.Rolled.Band, p.Rolled.Entries[0].Encounter, "../../")
		if err != nil {
			t.Fatal(err)
		}
		if len(got) < 500 || !bytes.Contains(files[page], got) {
			t.Errorf("%s: the encounter drawn alone (%d bytes) is not the page's", page, len(got))
		}
	}
}
