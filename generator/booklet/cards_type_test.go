package booklet_test

import (
	"testing"

	"github.com/sortie-wargames/sortie/generator/booklet"
	"github.com/sortie-wargames/sortie/generator/booklet/face"
)

// TestSealedCardsType checks every default booklet's pages of sealed
// cards and of their backs, on A4 and Letter, flat and folded: no text
// painted on them is smaller than face.MinSize (a FaultSmall noted as the
// printed pass paints it). A card's foot line was set at 6.5 pt, and its
// tables and notes at 90% of the cards' sizes, down to 5.75 pt, where
// that put another row of cards on a page: 2,223 texts of the default
// site under the floor.
func TestSealedCardsType(t *testing.T) {
	for name, d := range defaultDocs(t) {
		t.Run(name, func(t *testing.T) {
			for _, fold := range []string{"", booklet.Saddle} {
				for _, p := range papers {
					ed := laidEdition(t, name, d, p.name, fold)
					pages := map[int]bool{}
					for _, b := range ed.Cards {
						pages[b.Page], pages[b.Page+1] = true, true // the card, and its back
					}
					small := 0
					for _, f := range ed.Faults {
						if f.Kind != booklet.FaultSmall || !pages[f.Page] {
							continue
						}
						if small++; small <= 5 {
							t.Errorf("%s%s: page %d of cards prints under %.0f pt: %s", p.name, fold, f.Page, face.MinSize, f.Text)
						}
					}
					if small > 5 {
						t.Errorf("%s%s: %d texts on pages of cards under %.0f pt", p.name, fold, small, face.MinSize)
					}
				}
			}
		})
	}
}
