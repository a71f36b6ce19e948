package booklet_test

import (
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/generator/booklet"
)

// TestTableFootKept checks, on every system's Quick Reference Sheets, on
// both papers, flat and on a folded booklet's half pages (where tables
// break most), that what prints under a table keeps with it: no page
// starts with the line naming where the book prints a table or with odds
// that do not say whose they are, and no page ends with the caption of
// odds printed overleaf. Nor does a page hold only the foot of a table
// from the page before (its odds, notes and source): a table a page
// cannot hold whole in its type is set smaller when that keeps it to one.
func TestTableFootKept(t *testing.T) {
	reg := registry(t)
	for _, id := range reg.IDs() {
		sys, _ := reg.Get(id)
		d := booklet.Doc{Title: sys.Rules().System.Name + ": Quick Reference Sheets", Set: sys.Rules()}
		for _, paper := range []string{"a4", "letter"} {
			for _, impose := range []string{"", booklet.Saddle} {
				texts, err := booklet.PageTexts(d, booklet.Options{Paper: paper, Impose: impose, Created: created, Version: "0.1.0"})
				if err != nil {
					t.Fatalf("%s %s %q: %v", id, paper, impose, err)
				}
				for p, text := range texts {
					lines := strings.Split(strings.TrimSpace(text), "\n")
					if p > 1 && strings.HasPrefix(lines[0], "Book: ") {
						t.Errorf("%s %s %q: page %d starts with %q", id, paper, impose, p, lines[0])
					}
					// Odds that go on to a page of their own say whose
					// they are: the page starts with the table's title.
					if p > 1 && strings.HasPrefix(lines[0], "Rep ") && strings.Contains(lines[0], "Pass ") {
						t.Errorf("%s %s %q: page %d starts with the odds of the table before: %q", id, paper, impose, p, lines[:min(3, len(lines))])
					}
					if p > 1 && len(lines) > 1 && strings.HasSuffix(lines[0], "(continued)") && len(lines) < 15 && footLine(lines[1]) && !strings.Contains(text, "Look up") && !strings.Contains(text, "Taken versus") && !strings.Contains(text, "Result read") {
						t.Errorf("%s %s %q: page %d holds only the foot of the table before: %q", id, paper, impose, p, lines)
					}
					// A caption set beside its odds is drawn after their
					// lines (each holds a "%"); one above them, before.
					n := len(lines)
					if last := lines[n-1]; strings.HasPrefix(last, "Odds before modifiers") && (n == 1 || !strings.Contains(lines[n-2], "%")) {
						t.Errorf("%s %s %q: page %d ends with the odds' caption %q after %q", id, paper, impose, p, last, lines[max(0, len(lines)-4):])
					}
				}
			}
		}
	}
}

// footLine reports whether a line is one that prints under a table's
// rows: its odds (caption or lines), a decision, or where the book
// prints it.
func footLine(l string) bool {
	return strings.HasPrefix(l, "Odds before") || strings.HasPrefix(l, "Rep ") && strings.Contains(l, "Pass ") ||
		strings.HasPrefix(l, "* Sortie's decision") || strings.HasPrefix(l, "Book: ")
}
