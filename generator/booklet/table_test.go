package booklet

import (
	"io/fs"
	"testing"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// TestReactionKeyBalanced checks the Reaction Tests of Swordplay and
// Chain Reaction as a folded booklet's Quick Reference Sheets set them,
// one table across an A5 or half-Letter page with the broad key's cap
// (qrsKeyMax × 1.5): the key of short test names ("Received Fire") gives
// way with the text columns wrapping beside it instead of keeping its
// cap, no key cell taking more than three lines. Before, the key took
// 36 mm on both pages, and the tables measured (mm, A5 / half-Letter)
// missile 97.1 / 114.3, Chain Reaction's 212.8 / 238.5; now 80.0 / 88.6
// and 188.4 / 217.5.
func TestReactionKeyBalanced(t *testing.T) {
	r := testRenderer("a4")
	lk := qrsLook
	lk.keyMax = qrsKeyMax * 1.5
	for _, c := range []struct {
		sys, table string
		w, most    float64 // page width, the most the table may measure
	}{
		{"swordplay", "missile-reaction", 148 - 2*side, 85},
		{"swordplay", "missile-reaction", 139.7 - 2*side, 92},
		{"chain-reaction-3", "reaction-tests", 148 - 2*side, 195},
		{"chain-reaction-3", "reaction-tests", 139.7 - 2*side, 225},
	} {
		sub, err := fs.Sub(content.FS, "systems/"+c.sys)
		if err != nil {
			t.Fatal(err)
		}
		set, err := rules.Load(sub, "content/systems/"+c.sys)
		if err != nil {
			t.Fatal(err)
		}
		g := r.tableGrid(doc.RuleTable(set.Table(c.table)), lk, c.w)
		if key := g.cols[0].w; key > lk.keyMax-8 {
			t.Errorf("%s %s in %.1f mm: key column %.1f mm, want 8 mm or more below its %.0f mm cap", c.sys, c.table, c.w, key, lk.keyMax)
		}
		r.font(g.cols[0].style, g.cellSize(g.cols[0]))
		for _, row := range g.rows {
			if n := r.lineCount(row[0], g.cols[0].w-2*padX); n > 3 {
				t.Errorf("%s %s in %.1f mm: key %q takes %d lines, want 3 at most", c.sys, c.table, c.w, row[0], n)
			}
		}
		if h := r.tableFrame(g).H; h > c.most {
			t.Errorf("%s %s in %.1f mm: table %.1f mm tall, want %.0f mm at most", c.sys, c.table, c.w, h, c.most)
		}
	}
}

// TestSpreadKeyBalanced checks a rule table as an encounter's spread
// prints it among the tables at the table (spreadLook: a key with no
// cap): the Swordplay Warriors Reaction Tests in an 86.5 mm column held
// their key at its longest line, 39.6 mm ("Recover From Knock Down" on
// one line), and set the three text columns at their longest words,
// 15-16 mm each, 141 mm tall. The key now gives way, to three lines a
// cell at most, and the table comes out 83 mm.
func TestSpreadKeyBalanced(t *testing.T) {
	sub, err := fs.Sub(content.FS, "systems/swordplay")
	if err != nil {
		t.Fatal(err)
	}
	set, err := rules.Load(sub, "content/systems/swordplay")
	if err != nil {
		t.Fatal(err)
	}
	r := testRenderer("a4")
	g := r.tableGrid(doc.RuleTable(set.Table("warrior-reaction")), spreadLook.table, 86.5)
	if key := g.cols[0].w; key > 25 {
		t.Errorf("key column %.1f mm, want 25 mm at most", key)
	}
	r.font(g.cols[0].style, g.cellSize(g.cols[0]))
	for _, row := range g.rows {
		if n := r.lineCount(row[0], g.cols[0].w-2*padX); n > 3 {
			t.Errorf("key %q takes %d lines, want 3 at most", row[0], n)
		}
	}
	if h := r.tableFrame(g).H; h > 90 {
		t.Errorf("table %.1f mm tall, want 90 mm at most", h)
	}
}
