package generator

import (
	"github.com/sortie-wargames/sortie/engine/systems"
	"io"
	"testing"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/generator/booklet"
	"github.com/sortie-wargames/sortie/generator/site"
	"github.com/sortie-wargames/sortie/generator/web"
)

// BenchmarkPack renders the default nine-encounter pack as web pages and
// as an A4 booklet, side by side, so their costs can be compared in one
// run: go test -bench Pack ./generator
func BenchmarkPack(b *testing.B) {
	reg, err := LoadSystems("", systems.Builtin())
	if err != nil {
		b.Fatal(err)
	}
	s, err := site.Load(content.FS, site.ConfigFile, ".", "content/", reg)
	if err != nil {
		b.Fatal(err)
	}
	def := s.Packs[0]
	sys, _ := reg.Get(def.System)
	p, err := pack.Build(sys, def.Seed, def.Types, def.Options)
	if err != nil {
		b.Fatal(err)
	}
	in := web.Input{Site: &site.Site{Title: s.Title, Home: s.Home, Papers: s.Papers}, Version: Version,
		Systems: []web.System{{Set: sys.Rules()}}, Packs: []web.Pack{{Def: def, Rolled: p}}}
	b.Run("roll", func(b *testing.B) {
		for b.Loop() {
			if _, err := pack.Build(sys, def.Seed, def.Types, def.Options); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("html", func(b *testing.B) {
		for b.Loop() {
			if _, err := web.Render(in); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("pdf", func(b *testing.B) {
		doc := booklet.Doc{Title: def.Title, Set: sys.Rules(), Seed: def.Seed, Pack: p}
		for b.Loop() {
			if err := booklet.Write(io.Discard, doc, booklet.Options{Paper: "a4", Version: Version}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkSite renders the whole default site in memory.
func BenchmarkSite(b *testing.B) {
	for b.Loop() {
		if _, _, err := Render(Options{Systems: systems.Builtin(), Month: testMonth}); err != nil {
			b.Fatal(err)
		}
	}
}
