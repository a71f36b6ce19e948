package booklet_test

import (
	"maps"
	"slices"
	"testing"

	"github.com/sortie-wargames/sortie/generator/booklet"
)

// TestSealedCardsFill checks that every default booklet's sealed cards
// are as tall as what they hold and their pages as full as the deal
// allows, on A4 and Letter, flat and folded: a card is as tall as the
// taller of its face and its back needs, on the paper that needs more
// (so that every paper has the same pages of cards), never a share of
// the page, and the cards of one entry are all as tall as the tallest of
// them (cut out and laid face down, a contact must not stand taller than
// nothing there); and a page of cards other than the last holds as many cards
// as a page may (the deal's limit, of which a column holds half,
// rounded up), or the next card does not fit under its last column.
// Half a Year of Swords' cards, many of three lines, stood four to a
// page, each a quarter of it: 32 pages of cards and 32 of backs for 128
// cards.
func TestSealedCardsFill(t *testing.T) {
	for name, d := range defaultDocs(t) {
		t.Run(name, func(t *testing.T) {
			need := []float64(nil)
			room := 1e9
			for _, p := range papers {
				ns, r, err := booklet.CardNeeds(d, booklet.Options{Paper: p.name})
				if err != nil {
					t.Fatal(err)
				}
				if need == nil {
					need = make([]float64, len(ns))
				}
				for i, n := range ns {
					need[i] = max(need[i], n)
				}
				room = min(room, r)
			}
			if len(need) == 0 {
				return
			}
			for _, fold := range []string{"", booklet.Saddle} {
				for _, p := range papers {
					edition := p.name + fold
					ed := laidEdition(t, name, d, p.name, fold)
					cards := slices.Clone(ed.Cards)
					slices.SortFunc(cards, func(a, b booklet.CardBox) int { return a.Card - b.Card })
					// An entry's cards are as tall as the tallest of them
					// needs, so that laid face down they do not tell one
					// result from another.
					entryNeed := map[int]float64{}
					for _, b := range cards {
						entryNeed[b.Entry] = max(entryNeed[b.Entry], need[b.Card-1])
					}
					xs := map[float64]bool{}
					for _, b := range cards {
						xs[b.X] = true
						if n := entryNeed[b.Entry]; b.H > n+0.1 || b.H < n-0.001 {
							t.Errorf("%s: card %d (entry %d) is %.1f mm tall; the tallest of its entry's cards needs %.1f", edition, b.Card, b.Entry, b.H, n)
						}
					}
					cols := len(xs)
					right := slices.Max(slices.Collect(maps.Keys(xs)))
					perCol := (ed.PerPage + cols - 1) / cols
					var used, full float64
					for i := 0; i < len(cards); {
						pg := cards[i].Page
						j := i
						top, area := cards[i].Y, 0.0
						for j < len(cards) && cards[j].Page == pg {
							top = min(top, cards[j].Y)
							area += cards[j].H
							j++
						}
						used += area
						full += float64(cols) * room
						if j == len(cards) {
							break
						}
						// The last column of the page, and the card that
						// opens the next.
						last, inCol, next := cards[j-1], 0, cards[j]
						for _, b := range cards[i:j] {
							if b.X == last.X {
								inCol++
							}
						}
						switch {
						case j-i == ed.PerPage:
						case last.X == right && inCol == perCol:
						case last.X == right && last.Y+last.H-top+next.H > room+0.001:
						default:
							t.Errorf("%s: page %d holds %d cards (at most %d), and card %d, %.1f mm, would fit under card %d in its last column", edition, pg, j-i, ed.PerPage, next.Card, next.H, last.Card)
						}
						i = j
					}
					t.Logf("%s: %d cards in %d columns of %.1f mm, %.0f%% of their pages' room", edition, len(cards), cols, room, 100*used/full)
				}
			}
		})
	}
}
