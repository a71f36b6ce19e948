package booklet_test

import (
	"math"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/generator/booklet"
)

// TestCardsSized checks the sealed cards' layout as worked out before
// the first pass (cardSheets.size: the cards measured on the pass's own
// renderer, its page set to A4 and to Letter in turn, no scratch
// document) against the booklet printed: for a few packs, flat on A4
// and on Letter and folded, every card is printed where sizing put it,
// each as tall as sizing made it, no page holding more than the deal
// allows; sizing paints nothing and leaves the renderer as it found it;
// and the cards lie the same way on A4 and on Letter.
func TestCardsSized(t *testing.T) {
	for _, seed := range []string{"marsh-1", "marsh-7", "sized"} {
		d := packDoc(t, seed, engine.Options{})
		laid := map[string][]booklet.CardSpot{}
		for _, c := range []struct {
			name string
			opt  booklet.Options
		}{
			{"A4", booklet.Options{Paper: "a4"}},
			{"Letter", booklet.Options{Paper: "letter"}},
			{"A4 folded", booklet.Options{Paper: "a4", Impose: booklet.Saddle}},
		} {
			what := seed + ", " + c.name
			spots, limit, quiet, err := booklet.CardSizing(d, c.opt)
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if !quiet {
				t.Errorf("%s: sizing the cards painted or moved something", what)
			}
			laid[c.name] = spots
			e, err := booklet.EditionOf(d, c.opt)
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if len(e.Cards) == 0 || len(e.Cards) != len(spots) {
				t.Fatalf("%s: %d sealed cards printed, %d sized", what, len(e.Cards), len(spots))
			}
			if e.PerPage != limit {
				t.Errorf("%s: at most %d cards to a page printed, the deal allows %d", what, e.PerPage, limit)
			}
			perPage := map[int]int{}
			for i, b := range e.Cards {
				s := spots[b.Card-1]
				perPage[b.Page]++
				if b.W != s.W || b.H != s.H {
					t.Errorf("%s: card %d printed %.1f × %.1f mm, sized %.1f × %.1f mm", what, b.Card, b.W, b.H, s.W, s.H)
				}
				if i == 0 {
					continue
				}
				p, ps := e.Cards[i-1], spots[e.Cards[i-1].Card-1]
				if (p.Page == b.Page) != (ps.Page == s.Page) || math.Abs((b.Y-p.Y)-(s.Y-ps.Y)) > 0.001 {
					t.Errorf("%s: card %d printed on page %d at %.1f mm after card %d on page %d at %.1f; sized on page %d at %.1f after page %d at %.1f", what, b.Card, b.Page, b.Y, p.Card, p.Page, p.Y, s.Page, s.Y, ps.Page, ps.Y)
				}
			}
			for p, n := range perPage {
				if n > limit {
					t.Errorf("%s: page %d holds %d cards, more than the %d the deal allows", what, p, n, limit)
				}
			}
		}
		for i, a := range laid["A4"] {
			if l := laid["Letter"][i]; l.Page != a.Page || l.Col != a.Col || l.Y != a.Y || l.H != a.H {
				t.Errorf("%s: card %d lies %+v on A4, %+v on Letter", seed, i+1, a, l)
			}
		}
	}
}

// TestFoldedCardsAsFlat checks that a folded booklet's sealed cards,
// printed flat on whole sheets after its half-sheet pages, are laid out
// as the flat booklet's on the same paper: the card sheets are given the
// whole sheet (cardSheets.sheet), and nothing on a card reads the
// booklet's half-sheet page, not even a map on a sealed card, which
// asks whether its page is narrow (blockCtx.page).
func TestFoldedCardsAsFlat(t *testing.T) {
	d := allKindsDoc(t)
	for _, paper := range []string{"a4", "letter"} {
		flat, flatSheet, err := booklet.SealedFaces(d, booklet.Options{Paper: paper})
		if err != nil {
			t.Fatal(err)
		}
		folded, foldedSheet, err := booklet.SealedFaces(d, booklet.Options{Paper: paper, Impose: booklet.Saddle})
		if err != nil {
			t.Fatal(err)
		}
		if flatSheet != foldedSheet {
			t.Errorf("%s: the folded booklet's cards print on a %v mm sheet, the flat booklet's on %v", paper, foldedSheet, flatSheet)
		}
		if len(flat) == 0 || len(flat) != len(folded) {
			t.Fatalf("%s: %d sealed cards flat, %d folded", paper, len(flat), len(folded))
		}
		mapped := false
		for i := range flat {
			mapped = mapped || strings.Contains(flat[i], "Cellar")
			if flat[i] != folded[i] {
				t.Errorf("%s: card %d is laid out otherwise folded:\nflat:\n%s\nfolded:\n%s", paper, i+1, flat[i], folded[i])
			}
		}
		if !mapped {
			t.Errorf("%s: no sealed card draws its map", paper)
		}
	}
}
