package booklet_test

import (
	"slices"
	"strings"
	"testing"

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
