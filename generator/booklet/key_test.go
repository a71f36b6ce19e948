package booklet

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// roster is a side's roster as the Two-Page Skirmish Rules print it: a
// long reload rule repeated down its column, which wraps four lines deep
// in an A5 column.
func roster(rows int) *doc.Table {
	t := &doc.Table{Head: []string{"#", "Figure", "Die", "Weapon", "Range", "Reload", "Hand-to-hand", "Rolled"},
		Footnotes: []string{"(1) A footnote of the system's own."}}
	for i := range rows {
		reload, weapon := "empty after every shot", "Flintlock musket"
		if i%4 == 3 {
			reload, weapon = "-", "none"
		}
		t.Rows = append(t.Rows, []string{fmt.Sprint(i + 1), fmt.Sprintf("Militiaman %d", i+1), "d10", weapon, `24"`, reload, "+0", fmt.Sprintf("1d6 = %d (row %d)", i%6+1, i%6+1)})
	}
	return t
}

func testRenderer(paper string) *renderer {
	_, pw, ph, _ := paperSize(paper)
	b := &book{doc: Doc{Title: "Keys", Set: &rules.Set{System: &rules.System{Name: "Test"}}}, pw: pw, ph: ph}
	return newRenderer(b, newLayout())
}

// TestKeyedRoster checks that a roster whose repeated reload rule wraps
// in a narrow column prints it once, under the rows, and comes out
// shorter; that the key names the column; that a cell the key does not
// cover keeps its text; and that the table itself is not changed.
func TestKeyedRoster(t *testing.T) {
	r := testRenderer("a4")
	tb := roster(9)
	before := slices.Clone(tb.Rows[0])
	const w = 95.0 // a narrow column: an A5 page's text block is 118 mm
	kt := r.keyed(tb, spreadLook.table, w)
	if kt == tb {
		t.Fatalf("a roster whose reload rule wraps at %v mm was not keyed", w)
	}
	if !slices.Equal(tb.Rows[0], before) {
		t.Errorf("keying changed the table it was given: %q, was %q", tb.Rows[0], before)
	}
	if got := kt.Rows[0][5]; got != "a" {
		t.Errorf("reload cell printed %q, want the mark a", got)
	}
	if got := kt.Rows[3][5]; got != "-" {
		t.Errorf("a cell the key does not cover printed %q, want its own text", got)
	}
	if got := kt.Rows[0][3]; got != "Flintlock musket" {
		t.Errorf("a two-word name was keyed: %q", got)
	}
	if want := "Reload — a: empty after every shot."; !strings.HasPrefix(kt.Footnotes[0], want) {
		t.Errorf("key reads %q, want it to start %q", kt.Footnotes[0], want)
	}
	// A phrase that ends in its own full stop gets no second.
	stop := roster(9)
	for _, row := range stop.Rows {
		if row[5] != "-" {
			row[5] = "empty after every shot, reload takes a turn."
		}
	}
	if key := r.keyed(stop, spreadLook.table, w).Footnotes[0]; strings.Contains(key, "..") {
		t.Errorf("key reads %q: two full stops", key)
	}
	if got := kt.Footnotes[len(kt.Footnotes)-1]; got != tb.Footnotes[0] {
		t.Errorf("the system's own footnote became %q", got)
	}
	plain, keyed := r.layTable(tb, spreadLook.table, w).h, r.layTable(kt, spreadLook.table, w).h
	if gain := plain - keyed; gain < max(keyLines*lh(spreadLook.table.size), keyShare*plain) {
		t.Errorf("keyed roster is %.1f mm against %.1f mm: less than the gain a key must bring", keyed, plain)
	}
	if again := r.keyed(tb, spreadLook.table, w); again != kt {
		t.Errorf("a second ask gave another table: every pass must draw what was measured")
	}
}

// TestKeyedOnlyWhereItPays checks the tables a key must leave alone: one
// whose rows are each one line (a full A4 width), one too short to have
// repeats, one without a header to name the column, and one whose column
// holds single letters a mark could be taken for.
func TestKeyedOnlyWhereItPays(t *testing.T) {
	r := testRenderer("a4")
	wide := &doc.Table{Head: []string{"#", "Reload"}, Rows: [][]string{{"1", "empty after every shot"}, {"2", "empty after every shot"}, {"3", "empty after every shot"}}}
	if kt := r.keyed(wide, spreadLook.table, 180); kt != wide {
		t.Errorf("a table of one-line rows was keyed: %q", kt.Footnotes)
	}
	if kt := r.keyed(roster(2), spreadLook.table, 60); len(kt.Footnotes) != 1 {
		t.Errorf("a two-row table was keyed: %q", kt.Footnotes)
	}
	headless := roster(9)
	headless.Head = nil
	if kt := r.keyed(headless, spreadLook.table, 60); kt != headless {
		t.Errorf("a table without a header was keyed: %q", kt.Footnotes)
	}
	letters := roster(9)
	letters.Rows[1][5] = "b"
	if cols := keyable(letters); slices.Contains(cols, 5) {
		t.Errorf("a column holding the single letter b can be keyed: %v", cols)
	}
}

// TestWithKeyLettersLeftToRight checks that marks run a, b, c across the
// columns from the left, whatever order they were chosen in, and that
// one text repeated in two columns gets a mark in each.
func TestWithKeyLettersLeftToRight(t *testing.T) {
	tb := &doc.Table{Head: []string{"#", "Left", "Right"}, Rows: [][]string{
		{"1", "first long phrase", "second long phrase"},
		{"2", "first long phrase", "third long phrase here"},
		{"3", "first long phrase", "second long phrase"},
		{"4", "x", "third long phrase here"},
	}}
	kt := withKey(tb, []int{2, 1})
	want := [][]string{{"1", "a", "b"}, {"2", "a", "c"}, {"3", "a", "b"}, {"4", "x", "c"}}
	for i := range want {
		if !slices.Equal(kt.Rows[i], want[i]) {
			t.Errorf("row %d: %q, want %q", i, kt.Rows[i], want[i])
		}
	}
	if want := "Left — a: first long phrase. Right — b: second long phrase; c: third long phrase here."; kt.Footnotes[0] != want {
		t.Errorf("key reads %q, want %q", kt.Footnotes[0], want)
	}
}
