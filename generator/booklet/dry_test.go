package booklet_test

import (
	"slices"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/generator/booklet"
)

// TestDryPasses checks that a dry pass (one that is never printed, and
// draws no text) lays out exactly as a printed one and adds no fonts: a
// pack and a campaign booklet on both papers, and the play sheet of every
// encounter type of every system.
func TestDryPasses(t *testing.T) {
	docs := map[string]booklet.Doc{
		"pack":     packDoc(t, "marsh", engine.Options{Enemies: "creatures"}),
		"campaign": campaignDoc(t, "dry"),
	}
	for name, d := range docs {
		for _, paper := range []string{"a4", "letter"} {
			diff, err := booklet.DryDiff(d, booklet.Options{Paper: paper, Created: created, Version: "0.1.0"})
			if err != nil {
				t.Fatalf("%s %s: %v", name, paper, err)
			}
			if diff != "" {
				t.Errorf("%s %s: %s", name, paper, diff)
			}
		}
	}
	packs := sheetPacks(t)
	ids := make([]string, 0, len(packs))
	for id := range packs {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		p := packs[id]
		for _, e := range p.Entries {
			diff, err := booklet.SheetDryDiff(sheetOf(t, id, p, e), booklet.Options{Paper: "a4", Created: created, Version: "0.1.0"})
			if err != nil {
				t.Fatalf("%s %d: %v", id, e.Number, err)
			}
			if diff != "" {
				t.Errorf("%s sheet %d: %s", id, e.Number, diff)
			}
		}
	}
}
