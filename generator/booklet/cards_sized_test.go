package booklet_test

import (
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/generator/booklet"
)

// TestCardsSized checks the sealed cards' size as laid out before the
// first pass (cardSheets.size: the cards measured on the pass's own renderer,
// its page set to A4 and to Letter in turn, no scratch document) against
// the booklet printed: for a few packs, flat on A4 and on Letter and
// folded, every card is printed in the cell sizing chose, as many to a
// page as it allows; sizing paints nothing and leaves the renderer as it
// found it; and the cards lie the same way on A4 and on Letter.
func TestCardsSized(t *testing.T) {
	for _, seed := range []string{"marsh-1", "marsh-7", "sized"} {
		d := packDoc(t, seed, engine.Options{})
		rows := map[string]int{}
		for _, c := range []struct {
			name string
			opt  booklet.Options
		}{
			{"A4", booklet.Options{Paper: "a4"}},
			{"Letter", booklet.Options{Paper: "letter"}},
			{"A4 folded", booklet.Options{Paper: "a4", Impose: booklet.Saddle}},
		} {
			what := seed + ", " + c.name
			g, quiet, err := booklet.CardSizing(d, c.opt)
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if !quiet {
				t.Errorf("%s: sizing the cards painted or moved something", what)
			}
			if c.opt.Impose != booklet.Saddle {
				rows[c.name] = g.Rows
			}
			e, err := booklet.EditionOf(d, c.opt)
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if len(e.Cards) == 0 {
				t.Fatalf("%s: no sealed cards printed", what)
			}
			if e.PerPage != g.Cols*g.Rows {
				t.Errorf("%s: %d cards to a page printed, sizing chose %d × %d", what, e.PerPage, g.Cols, g.Rows)
			}
			perPage := map[int]int{}
			for _, b := range e.Cards {
				perPage[b.Page]++
				if b.W != g.W || b.H != g.H {
					t.Errorf("%s: card %d printed %.1f × %.1f mm, sized %.1f × %.1f mm", what, b.Card, b.W, b.H, g.W, g.H)
				}
			}
			for p, n := range perPage {
				if n > g.Cols*g.Rows {
					t.Errorf("%s: page %d holds %d cards, more than the %d sizing allows", what, p, n, g.Cols*g.Rows)
				}
			}
		}
		if rows["A4"] != rows["Letter"] {
			t.Errorf("%s: %d rows of cards on A4, %d on Letter", seed, rows["A4"], rows["Letter"])
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
