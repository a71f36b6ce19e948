package booklet

import (
	"bytes"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// TestFootAloneLaidOut checks footAlone, which places a table without
// painting it, against the table printed: for every table of the Quick
// Reference Sheets of every built-in system, across an A4 and a Letter
// page, at full size and in the smallest type qrsScales gives it, from
// the top of a page down to its foot (every 3 mm where a table with
// a foot does not fit whole), footAlone says the foot (odds,
// decisions, source) is alone at the head of its last page exactly when
// drawTable, printing the table from there, ends it so. Answering
// places nothing on the document.
func TestFootAloneLaidOut(t *testing.T) {
	seen := map[bool]int{}
	for _, sys := range qrsSystems {
		set := systemSet(t, sys)
		for _, paper := range []string{"a4", "letter"} {
			r := testRenderer(paper)
			r.doc.Set = set
			r = newRenderer(r.book, newLayout())
			for _, id := range set.System.QRS {
				tb := doc.RuleTable(set.Table(id))
				for _, k := range []float64{1, qrsScales[len(qrsScales)-1]} {
					lk := qrsLook.scaled(k)
					lk.keyMax = qrsKeyMax * 1.5
					ys := []float64{bodyTop, 120}
					if r.layTable(tb, lk, r.contentW()).footH > 0 {
						// A table with a foot, from every 3 mm down the
						// page where it does not fit whole.
						for y := max(bodyTop, r.bottom()-r.layTable(tb, lk, r.contentW()).h); y < r.bottom(); y += 3 {
							ys = append(ys, y)
						}
					}
					for _, y := range ys {
						r.newPage("")
						page, ops := r.f.PageNo(), placedOps(r)
						alone := newQRSSheets(r).footAlone(tb, lk, y)
						if r.f.PageNo() != page || placedOps(r) != ops {
							t.Fatalf("%s %s %s: footAlone placed something on the document", sys, paper, id)
						}
						r.fr.y = y
						r.drawTable(tb, lk)
						foot := r.layTable(tb, lk, r.fr.w).footH
						printed := r.f.PageNo() > page && foot > 0 && r.fr.y-bodyTop <= foot+lh(lk.size)+2
						if alone != printed {
							t.Errorf("%s %s %s at %.2f from %.0f mm: footAlone says %v, the printed table %v", sys, paper, id, k, y, alone, printed)
						}
						seen[printed]++
					}
				}
			}
		}
	}
	if seen[true] == 0 || seen[false] == 0 {
		t.Errorf("feet alone and not: %v; the test should see both", seen)
	}
	t.Logf("feet alone and not: %v", seen)
}

// qrsSystems are the built-in systems.
var qrsSystems = []string{"2d6-sword-and-sorcery", "chain-reaction-3", "sword-and-spear-fantasy", "swordplay", "two-page-skirmish"}

// systemSet loads a built-in system's rules.
func systemSet(t *testing.T, sys string) *rules.Set {
	t.Helper()
	sub, err := fs.Sub(content.FS, "systems/"+sys)
	if err != nil {
		t.Fatal(err)
	}
	set, err := rules.Load(sub, "content/systems/"+sys)
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// TestQRSLaidOut checks the Quick Reference Sheets placed without
// painting (qrsSheets.modelRun, what decide decides by) against the sheets
// printed: for the booklet of every built-in system's sheets alone, on
// A4 and Letter, flat and folded, at full size and at each of
// qrsSettleScales, the layout counts the pages the printed sheets take
// and puts every table on the page it is printed on; laying them out
// adds no page and marks nothing on the document it lays them out on
// (past the cover, drawn first).
func TestQRSLaidOut(t *testing.T) {
	eachQRSBook(t, false, func(what string, set *rules.Set, b *book, k float64) {
		m := newRenderer(b, newLayout())
		newFrontMatter(m).cover()
		pages := m.f.PageNo()
		run, _ := newQRSSheets(m).modelRun(k, "")
		if m.f.PageNo() != pages {
			t.Fatalf("%s: laying the sheets out added a page", what)
		}
		for a := range m.lay.pages {
			if strings.HasPrefix(a, "qrs") {
				t.Fatalf("%s: laying the sheets out marked %s on the document", what, a)
			}
		}
		r := newRenderer(b, newLayout())
		r.lay.qrs = &qrsRun{k: k} // set at k, not decided
		newFrontMatter(r).cover()
		newQRSSheets(r).print()
		printed := r.f.PageNo() - r.lay.pages["qrs"] + 1
		if run.pages != printed {
			t.Errorf("%s: the layout counts %d pages, the printed sheets take %d", what, run.pages, printed)
		}
		marks := tapeAnchors(run.tape)
		for _, mk := range marks {
			if got, want := mk.page+r.lay.pages["qrs"], r.lay.pages[mk.anchor]; got != want {
				t.Errorf("%s: the layout puts %s on page %d, it is printed on %d", what, mk.anchor, got, want)
			}
		}
		if len(marks) != len(set.System.QRS)+1 {
			t.Errorf("%s: %d anchors laid out for %d tables", what, len(marks), len(set.System.QRS))
		}
	})
}

// eachQRSBook calls check for the booklet of every built-in system's
// Quick Reference Sheets, on A4 and Letter, flat and folded, at full
// size and at each of qrsSettleScales: a booklet of the sheets alone,
// or with entries, whose sheets open a page of their own. what names
// the case for a failure.
func eachQRSBook(t *testing.T, withEntries bool, check func(what string, set *rules.Set, b *book, k float64)) {
	t.Helper()
	for _, sys := range qrsSystems {
		set := systemSet(t, sys)
		for _, paper := range []string{"a4", "letter"} {
			for _, impose := range []string{"", Saddle} {
				b, err := setup(Doc{Title: "Quick Reference Sheets", Set: set}, Options{Paper: paper, Impose: impose})
				if err != nil {
					t.Fatal(err)
				}
				if withEntries {
					b.entries = []*entry{{}}
				}
				for _, k := range append([]float64{1}, qrsSettleScales...) {
					check(fmt.Sprintf("%s %s %q at %.2f", sys, paper, impose, k), set, b, k)
				}
			}
		}
	}
}

// tapeAnchor is where a tape marks an anchor: its page, counted from
// the page it marks "qrs" on.
type tapeAnchor struct {
	anchor string
	page   int
}

// tapeAnchors lists the anchors a tape marks, in order.
func tapeAnchors(tp *tape) []tapeAnchor {
	var out []tapeAnchor
	page, qrs := 0, 0
	for _, op := range tp.ops {
		switch {
		case op.kind == tapePage:
			page++
		case op.kind == tapeMark:
			if op.text == "qrs" {
				qrs = page
			}
			out = append(out, tapeAnchor{op.text, page})
		}
	}
	for i := range out {
		out[i].page -= qrs
	}
	return out
}

// TestQRSPlayedAsPlaced checks the Quick Reference Sheets a booklet with
// entries paints from the tape qrsSheets.decide placed them on (tape.play)
// against the sheets placed and painted there and then (place with
// qrsPrint): for every built-in system, on A4 and Letter, flat and
// folded, at full size and at each of qrsSettleScales, the two
// documents are byte for byte the same, with the same anchors on the
// same pages, the same outline and the same text recorded.
func TestQRSPlayedAsPlaced(t *testing.T) {
	eachQRSBook(t, true, func(what string, set *rules.Set, b *book, k float64) {
		model := newRenderer(b, newLayout())
		run, _ := newQRSSheets(model).modelRun(k, "")
		if run.tape == nil {
			t.Fatalf("%s: no tape", what)
		}
		played := newRenderer(b, newLayout())
		newFrontMatter(played).cover()
		run.tape.play(played)
		placed := newRenderer(b, newLayout())
		newFrontMatter(placed).cover()
		s := qrsPrint{paintNow{placed}, "Quick Reference Sheets"}
		s.newPage()
		newQRSSheets(placed).place(&placed.fr, k, "", s)
		for _, r := range []*renderer{played, placed} {
			r.endPages()
			if err := r.paintPages("TwoPageRight"); err != nil {
				t.Fatalf("%s: %v", what, err)
			}
		}
		first := played.lay.text[played.lay.pages["qrs/"+set.System.QRS[0]]]
		if !strings.Contains(first, set.Table(set.System.QRS[0]).Title) {
			t.Errorf("%s: the first table's page records no title: %q", what, first)
		}
		if !maps.Equal(played.lay.pages, placed.lay.pages) || !slices.Equal(played.lay.outline, placed.lay.outline) || !maps.Equal(played.lay.text, placed.lay.text) {
			t.Errorf("%s: played, anchors %v, outline %v; placed, %v, %v", what, played.lay.pages, played.lay.outline, placed.lay.pages, placed.lay.outline)
		}
		n := 0
		for a := range played.lay.pages {
			if strings.HasPrefix(a, "qrs") {
				n++
			}
		}
		if n != len(set.System.QRS)+1 {
			t.Errorf("%s: %d anchors for %d tables", what, n, len(set.System.QRS))
		}
		var a, c bytes.Buffer
		if err := played.f.Output(&a); err != nil {
			t.Fatal(err)
		}
		if err := placed.f.Output(&c); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), c.Bytes()) {
			t.Errorf("%s: the sheets played from the tape are not the bytes of the sheets placed and painted", what)
		}
	})
}

// TestQRSLastTableNotAlone checks the last page of the Quick Reference
// Sheets a booklet with entries prints, as decided (qrsSheets.decide), for
// every built-in system on A4 and Letter, flat and folded: it does not
// hold the last table alone (one table's start and nothing run on from
// the page before, "(continued)") where starting it with the table
// before would keep the sheets to as many pages and end them on both
// (a folded booklet's page, one column, often cannot hold the two: its
// last table stays alone). Chain Reaction 3.0's
// sheets ended on a page holding After the Battle Recovery alone, a
// fifth of it used, under a page of four tables.
func TestQRSLastTableNotAlone(t *testing.T) {
	tried := 0
	for _, sys := range qrsSystems {
		set := systemSet(t, sys)
		for _, paper := range []string{"a4", "letter"} {
			for _, impose := range []string{"", Saddle} {
				what := fmt.Sprintf("%s %s %q", sys, paper, impose)
				b, err := setup(Doc{Title: "Quick Reference Sheets", Set: set}, Options{Paper: paper, Impose: impose})
				if err != nil {
					t.Fatal(err)
				}
				b.entries = []*entry{{}}
				run := newQRSSheets(newRenderer(b, newLayout())).decide()
				last, on := 0, 0
				for _, a := range tapeAnchors(run.tape) {
					if strings.HasPrefix(a.anchor, "qrs/") {
						if a.page > last {
							last, on = a.page, 0
						}
						on++
					}
				}
				played := newRenderer(b, newLayout())
				newFrontMatter(played).cover()
				run.tape.play(played)
				played.endPages()
				if err := played.paintPages("TwoPageRight"); err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				text := played.lay.text[played.lay.pages["qrs"]+last]
				if on != 1 || strings.Contains(text, "(continued)") {
					continue
				}
				tried++
				ids := b.qrsTables()
				pulled, _ := newQRSSheets(newRenderer(b, newLayout())).modelRun(run.k, ids[len(ids)-2])
				if pulled.pages <= run.pages && !pulled.alone {
					t.Errorf("%s: the sheets' last page, their %d, holds one table alone:\n%s\nstarted with %s, they keep to %d pages and end on both", what, run.pages, text, ids[len(ids)-2], pulled.pages)
				}
			}
		}
	}
	t.Logf("%d sheets end on a table alone that the one before cannot join", tried)
}
