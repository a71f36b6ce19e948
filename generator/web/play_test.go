package web

import (
	"slices"
	"testing"

	"github.com/sortie-wargames/sortie/engine/doc"
)

// boxIDs returns every box id in the order drawn, fronts then backs.
func boxIDs(bs []blockView) []string {
	var ids []string
	for _, b := range bs {
		if b.Kind != "cards" {
			continue
		}
		for _, p := range b.Cards.Items {
			ids = append(ids, p.Front.Boxes...)
			if p.Back != nil {
				ids = append(ids, p.Back.Boxes...)
			}
		}
	}
	return ids
}

// TestCardBoxIDs: every hit box on a page gets an element id, which play
// state (state.js) keeps a ticked box by: the card block's id, the card's
// number and the box's ("e1-cards-card-2-box-3"), a second block of cards
// on the page "e1-cards-2-…", a back's boxes "…-back-box-1"; each id is
// used once on the page, the same blocks drawn again give the same ids,
// and the print-only copy (no ids) draws none.
func TestCardBoxIDs(t *testing.T) {
	track := func(n int) *doc.Track { return &doc.Track{Label: "Hits", Boxes: n} }
	blocks := []doc.Block{
		&doc.Cards{Title: "Yours", W: 63, H: 84, Items: []doc.Card{
			{Title: "Spears", Track: track(2)},
			{Title: "Bows", Track: track(1), Back: &doc.Card{Title: "Bows, worn", Track: track(1)}},
			{Title: "Banner"}, // no track, no boxes
		}},
		&doc.Table{ID: "cards-2", Head: []string{"a"}}, // takes the id a second block would want first
		&doc.Cards{Title: "Theirs", W: 63, H: 84, Items: []doc.Card{{Title: "Orcs", Track: track(1)}}},
	}
	draw := func() ([]blockView, *drawer) {
		d := newDrawer(nil, "band")
		return d.blocks("e1", 2, blocks), d
	}
	got, d := draw()
	want := []string{
		"e1-cards-card-1-box-1", "e1-cards-card-1-box-2", "e1-cards-card-2-box-1", "e1-cards-card-2-back-box-1",
		"e1-cards-3-card-1-box-1",
	}
	if ids := boxIDs(got); !slices.Equal(ids, want) {
		t.Errorf("box ids %q, want %q", ids, want)
	}
	if got[0].Cards.ID != "e1-cards" || got[2].Cards.ID != "e1-cards-3" || got[1].Table.ID != "e1-cards-2" {
		t.Errorf("block ids %q, %q and the table's %q: want e1-cards, e1-cards-3 and e1-cards-2", got[0].Cards.ID, got[2].Cards.ID, got[1].Table.ID)
	}
	for _, id := range want {
		if !d.ids[id] {
			t.Errorf("%s is not taken on the page: another element could get it", id)
		}
	}
	if again, _ := draw(); !slices.Equal(boxIDs(again), boxIDs(got)) {
		t.Errorf("drawn again: %q, then %q", boxIDs(got), boxIDs(again))
	}
	printed := newDrawer(nil).noIDs().blocks("e1", 2, blocks)
	for _, id := range boxIDs(printed) {
		if id != "" {
			t.Errorf("the print-only copy drew the id %s", id)
		}
	}
	if n := len(boxIDs(printed)); n != len(want) {
		t.Errorf("the print-only copy drew %d boxes, want %d", n, len(want))
	}
}
