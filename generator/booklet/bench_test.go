package booklet_test

import (
	"io"
	"slices"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/generator/booklet"
)

// BenchmarkBooklet renders a five-encounter pack and a twelve-encounter
// campaign as A4 booklets: go test -bench Booklet ./generator/booklet
func BenchmarkBooklet(b *testing.B) {
	opt := booklet.Options{Paper: "a4", Created: created, Version: "0.1.0"}
	for _, c := range []struct {
		name string
		doc  booklet.Doc
	}{{"pack", packDoc(b, "bench", engine.Options{Enemies: "creatures"})}, {"campaign", campaignDoc(b, "bench")}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if err := booklet.Write(io.Discard, c.doc, opt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSheet renders the play sheet of every encounter type of every
// built-in system, on A4, as the default site does for each encounter.
func BenchmarkSheet(b *testing.B) {
	packs := sheetPacks(b)
	var sheets []booklet.Sheet
	ids := make([]string, 0, len(packs))
	for id := range packs {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		p := packs[id]
		for i := range p.Entries {
			sheets = append(sheets, sheetOf(b, id, p, p.Entries[i]))
		}
	}
	opt := booklet.Options{Paper: "a4", Created: created, Version: "0.1.0"}
	for b.Loop() {
		for _, s := range sheets {
			if err := booklet.WriteSheet(io.Discard, s, opt); err != nil {
				b.Fatal(err)
			}
		}
	}
}
