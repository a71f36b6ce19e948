package generator

import (
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/doc"
)

// TestMarkdownCards prints play cards as a list: each face with its tag,
// fields, track as boxes to tick, small print and edges, the back under
// its front.
func TestMarkdownCards(t *testing.T) {
	var b strings.Builder
	m := &mdWriter{w: &b}
	m.block(&doc.Cards{Title: "Action cards", Intro: "Turn the card.", W: 63, H: 63, Items: []doc.Card{{
		Title: "Guard 1", Tag: "d10", Fields: []doc.Field{{Label: "Weapon", Value: "Bow 15\""}},
		Track: &doc.Track{Label: "Hits", Boxes: 3, Note: "out at the last box"}, Lines: []string{"Small print"},
		Edges: [4]string{"Move", "Fire", "Fight", "Move & fire"},
		Back:  &doc.Card{Title: "Guard 1", Tag: "Unloaded", Edges: [4]string{"Move", "Move only", "Fight", "Load"}},
	}}}, 3)
	if m.err != nil {
		t.Fatal(m.err)
	}
	want := "### Action cards\n\nTurn the card.\n\n*1 card of 63 × 63 mm, printed to cut out in the booklets.*\n\n" +
		"- **Guard 1** (d10) · Weapon: Bow 15\" · Hits [ ] [ ] [ ] (out at the last box) · Small print · edges: top Move, right Fire, bottom Fight, left Move & fire\n" +
		"  - Back: **Guard 1** (Unloaded) · edges: top Move, right Move only, bottom Fight, left Load\n\n"
	if got := b.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestMarkdownChecklist prints a checklist as a numbered task list: each
// item its number and a box to tick, then the note.
func TestMarkdownChecklist(t *testing.T) {
	var b strings.Builder
	m := &mdWriter{w: &b}
	m.block(&doc.Checklist{Lead: "In the order you take them (figure, its 2d6)", Items: []string{"Orcs (6)", "Greater Orcs (10)"}, Note: "After a colon, the weapon it rolled (1d6)."}, 3)
	if m.err != nil {
		t.Fatal(m.err)
	}
	want := "**In the order you take them (figure, its 2d6):**\n\n1. [ ] Orcs (6)\n2. [ ] Greater Orcs (10)\n\n*After a colon, the weapon it rolled (1d6).*\n\n"
	if got := b.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
