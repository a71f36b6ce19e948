package booklet_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/generator/booklet"
)

// TestParagraphKeepsLines flows a paragraph of five lines into the foot
// of a page with room for one to five of them: a paragraph never leaves
// its first line alone at a page's foot nor its last alone at the next
// page's head (the Half a Year of Swords Letter booklet printed "2HW
// without shield)." alone atop a page).
func TestParagraphKeepsLines(t *testing.T) {
	d := campaignDoc(t, "summer")
	opt := booklet.Options{Paper: "a4", Created: created}
	text := strings.Repeat("Every figure takes the Reaction Test it is called on, and a Star may choose his result. ", 5)
	lines, _, err := booklet.FlowBreak(d, opt, text, 500)
	if err != nil {
		t.Fatal(err)
	}
	if lines < 5 {
		t.Fatalf("the paragraph takes %d lines, want 5 or more for the test", lines)
	}
	const lh = 9.5 * 25.4 / 72 * 1.28
	for room := 1; room <= lines; room++ {
		before, after, err := booklet.FlowBreak(d, opt, text, float64(room)*lh+0.2)
		if err != nil {
			t.Fatal(err)
		}
		if before+after != lines {
			t.Errorf("room for %d lines: %d + %d lines set, want %d", room, before, after, lines)
		}
		if before == 1 || after == 1 {
			t.Errorf("room for %d lines of %d: %d set before the break and %d after, want never one alone", room, lines, before, after)
		}
	}
}

// TestContentsInPageOrder reads the contents of every default booklet,
// flat and folded on A4: the campaign log, the Quick Reference Sheets and
// the cards to cut out are listed in the order of their pages (a folded
// booklet prints its cards to cut out last, after the sheets, and its
// contents listed them before the log).
func TestContentsInPageOrder(t *testing.T) {
	titles := []struct{ anchor, title string }{
		{"log", "Campaign log"},
		{"qrs", "Quick Reference Sheets"},
		{"aids", "Cards to cut out"},
	}
	folded := 0
	for name, d := range defaultDocs(t) {
		for _, impose := range []string{"", booklet.Saddle} {
			ed := laidEdition(t, name, d, "a4", impose)
			text := ed.Texts[ed.Pages["contents"]]
			lastPage, lastAt, last := 0, -1, ""
			type listed struct {
				page, at int
				title    string
			}
			var ls []listed
			for _, tt := range titles {
				p, ok := ed.Pages[tt.anchor]
				at := strings.Index(text, tt.title)
				if !ok || at < 0 {
					continue
				}
				ls = append(ls, listed{p, at, tt.title})
			}
			slices.SortFunc(ls, func(a, b listed) int { return a.page - b.page })
			for _, l := range ls {
				if l.at < lastAt {
					t.Errorf("%s %q: the contents list %q (page %d) before %q (page %d)", name, impose, l.title, l.page, last, lastPage)
				}
				lastPage, lastAt, last = l.page, l.at, l.title
			}
			if impose != "" && len(ls) == 3 {
				folded++
			}
		}
	}
	if folded == 0 {
		t.Error("no folded booklet lists a log, the sheets and cards to cut out: the test checks nothing")
	}
}

// TestHeadingKeepsItsStart: a heading keeps with it the start of what it
// heads, past the short lines that open it. An army's heading, then its
// roll and a note on its source, then its units' table, had kept only
// the roll: the folded Letter Border Battles printed "The enemy: The Orc
// Horde" and its roll at a page's foot and the table overleaf. A
// heading over a remark in small type and a list kept only the remark.
func TestHeadingKeepsItsStart(t *testing.T) {
	d := campaignDoc(t, "summer")
	opt := booklet.Options{Paper: "a4", Created: created}
	army := &doc.Section{Title: "The enemy: The Orc Horde", Blocks: []doc.Block{
		&doc.Para{Lead: "Army Theme:", Text: "1d6 = 1 → The Orc Horde"},
		&doc.Para{Note: true, Text: "Sortie's own army theme, not the book's."},
		&doc.Table{Head: []string{"Unit", "Type", "Strength"}, Rows: [][]string{{"Orc warriors", "Medium foot", "3"}, {"Black orcs", "Heavy foot", "4"}, {"Goblin archers", "Light foot", "2"}, {"Troll", "Monster", "2"}}},
	}}
	keep, hs, err := booklet.HeadingKeep(d, opt, army)
	if err != nil {
		t.Fatal(err)
	}
	if lead := hs[0] + hs[1]; keep <= lead+1 {
		t.Errorf("the army's heading keeps %.1f mm, its roll and note take %.1f: the table's start stays behind", keep, lead)
	}
	pefs := &doc.Section{Title: "PEFs", Blocks: []doc.Block{
		&doc.Para{Note: true, Text: "Read each only when you resolve a PEF, in order."},
		&doc.List{Items: []string{"The first PEF: card 11, page 73", "The second PEF: card 23, page 79", "The third PEF: card 17, page 77"}},
	}}
	keep, hs, err = booklet.HeadingKeep(d, opt, pefs)
	if err != nil {
		t.Fatal(err)
	}
	if want := hs[0] + hs[1] + hs[2]; keep < want-0.5 {
		t.Errorf("the heading keeps %.1f mm, want its remark and two lines of the list, %.1f", keep, want)
	}
}
