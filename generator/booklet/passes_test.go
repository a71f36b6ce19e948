package booklet_test

import (
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/generator/booklet"
)

// TestPassesPaintOnce checks that a pass lays out on a document it never
// draws on (it adds no font to it) and places as many pages as it
// counts, and that the pass painted paints those pages with the anchors
// where they were laid out: a pack and a campaign booklet on both
// papers.
func TestPassesPaintOnce(t *testing.T) {
	docs := map[string]booklet.Doc{
		"pack":     packDoc(t, "marsh", engine.Options{Enemies: "creatures"}),
		"campaign": campaignDoc(t, "dry"),
	}
	for name, d := range docs {
		for _, paper := range []string{"a4", "letter"} {
			diff, err := booklet.PassDiff(d, booklet.Options{Paper: paper, Created: created, Version: "0.1.0"})
			if err != nil {
				t.Fatalf("%s %s: %v", name, paper, err)
			}
			if diff != "" {
				t.Errorf("%s %s: %s", name, paper, diff)
			}
		}
	}
}

// TestPassesSettle: a flat booklet takes two passes, one that learns
// the page numbers and one painted, when the first guesses
// right what the next will measure: how many pages the log takes (a pack
// of many encounters has a log of several, which goes after the cards),
// and how wide the page numbers are (its first pass measures each as so
// many zeros).
func TestPassesSettle(t *testing.T) {
	sys := sorcery(t)
	// Two packs: the page after the entries is a left-hand one in one of
	// them, where a one-page log would go before the cards.
	for _, n := range []int{90, 91} {
		types := make([]string, n)
		for i := range types {
			types[i] = []string{"explore", "raid", "defend"}[i%3]
		}
		p, err := pack.Build(sys, "settle", types, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		d := booklet.Doc{Title: "Ninety Nights", Set: sys.Rules(), Seed: "settle", Pack: p}
		passes, pages, err := booklet.Passes(d, booklet.Options{Paper: "a4", Created: created, Version: "0.1.0"})
		if err != nil {
			t.Fatal(err)
		}
		if k := pages["log/end"] - pages["log"] + 1; k < 2 || pages["log"] < pages["cards"] {
			t.Errorf("%d encounters: the log is %d pages from page %d, the cards from page %d: want a log of several pages after the cards", n, k, pages["log"], pages["cards"])
		}
		if passes != 2 {
			t.Errorf("%d encounters: %d passes, want 2", n, passes)
		}
	}
}
