package booklet

import (
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"
)

// swordplayBand is Half a Year of Swords' band as its log prints it:
// short values beside long weapon and armour words.
func swordplayBand() *engine.Force {
	inf := engine.Figure{Name: "Infantry", Attrs: []string{"Soldiers", "3", "AC 2 + Shield", "Spear (1HW w/shield, 2HW without shield)"}}
	return &engine.Force{Title: "Your band", Columns: []string{"Class", "Rep", "Armor", "Weapon"}, Figures: []engine.Figure{
		{Name: "Star", Star: true, Attrs: []string{"your choice", "5", "AC 4", "your choice"}},
		inf, inf, inf,
		{Name: "Crossbowmen", Attrs: []string{"Missile", "4", "AC 2", "Crossbow"}},
		inf,
	}}
}

// TestLogWriteIn checks that the band roster's write-in columns keep
// their room to write on every page width: the Name column (blank, its
// only word the header's) at writeName and the Rep column at writeValue,
// though the printed Weapon column could take the width; and that on a
// full page every column keeps at least what it had.
func TestLogWriteIn(t *testing.T) {
	r := testRenderer("a4")
	r.doc.Pack = &pack.Pack{Band: swordplayBand()}
	for _, c := range []struct {
		name string
		w    float64
	}{{"A5", 148 - 2*side}, {"half-Letter", 139.7 - 2*side}, {"A4", 210 - 2*side}, {"Letter", 215.9 - 2*side}} {
		g := newCampaignLog(r).roster()
		r.fitColumns(g, c.w)
		if g.stack != nil {
			t.Fatalf("%s: the roster was stacked", c.name)
		}
		if got := g.width(); got > c.w+0.01 {
			t.Errorf("%s: roster %.1f mm wide in a %.1f mm frame", c.name, got, c.w)
		}
		if got := g.cols[0].w; got < writeName-0.01 {
			t.Errorf("%s: Name column %.1f mm, want at least %.0f mm to write a name in", c.name, got, writeName)
		}
		if got := g.cols[3].w; got < writeValue-0.01 {
			t.Errorf("%s: Rep column %.1f mm, want at least %.0f mm to strike a value and write one", c.name, got, writeValue)
		}
		for i, col := range g.cols {
			_, least, _ := r.measureColumns(g)
			if col.w < least[i]-0.01 {
				t.Errorf("%s: column %q %.1f mm, below its longest word %.1f mm", c.name, col.head, col.w, least[i])
			}
		}
	}
}

// TestLogLaidOut checks the campaign log laid out without painting
// (campaignLog.laidOut) against the log printed: for packs of 1 to 600 encounters,
// with a band and without, on A4, Letter and a folded booklet's A5 page,
// the pages the layout counts are the pages the printed log takes, and
// laying it out paints nothing and leaves the font wanted as it was. Put
// under the band, the log ends on the band's page when the layout says
// it fits there (campaignLog.shares).
func TestLogLaidOut(t *testing.T) {
	papers := []struct {
		name   string
		pw, ph float64
	}{{"A4", 210, 297}, {"Letter", 215.9, 279.4}, {"A5", 148.5, 210}}
	for _, paper := range papers {
		for _, band := range []bool{true, false} {
			last := 0
			for _, n := range []int{1, 5, 20, 28, 29, 30, 31, 40, 60, 61, 150, 151, 600} {
				lg := testLog(paper.pw, paper.ph, band, n)
				r := lg.renderer
				want := r.f.font.want
				run, open := lg.laidOut(false)
				if open {
					t.Fatalf("%s, %d encounters: the log's run stopped short", paper.name, n)
				}
				if r.f.PageNo() != 0 || placedOps(r) != 0 || r.f.font.want != want {
					t.Fatalf("%s, %d encounters: laying the log out painted on the document or changed its font", paper.name, n)
				}
				counted := run.page + 1
				r.newPage("Before")
				lg.print()
				printed := r.lay.pages["log/end"] - r.lay.pages["log"] + 1
				if counted != printed {
					t.Errorf("%s, band %v, %d encounters: the layout counts %d pages, the printed log takes %d", paper.name, band, n, counted, printed)
				}
				if counted < last {
					t.Errorf("%s, band %v, %d encounters: %d pages, fewer than for fewer encounters (%d)", paper.name, band, n, counted, last)
				}
				last = counted
			}
			if last < 2 {
				t.Errorf("%s, band %v: 600 encounters on %d page", paper.name, band, last)
			}
		}
		// Under the band: from each place down the band's page, the log
		// ends on it when the layout says it fits there.
		for _, y := range []float64{bodyTop, 60, 100, 140, 180} {
			lg := testLog(paper.pw, paper.ph, true, 1)
			r := lg.renderer
			r.newPage("Band")
			r.fr.y = y
			run, _ := lg.laidOut(true)
			fits := r.fr.y+8+(run.least-bodyTop) <= r.fr.bottom
			r.fr.y += 8
			r.mark("log", r.fr.y)
			lg.body(true)
			if fits && r.lay.pages["log/end"] != 1 {
				t.Errorf("%s, from %.0f mm: the layout put the log under the band, and it ran on to page %d", paper.name, y, r.lay.pages["log/end"])
			}
		}
	}
}

// testLog is the campaign log of a pack of n encounters, with the
// swordplay band or none, on a page pw by ph, on a renderer of its own.
func testLog(pw, ph float64, band bool, n int) *campaignLog {
	p := &pack.Pack{}
	if band {
		p.Band = swordplayBand()
	}
	b := &book{doc: Doc{Title: "Log", Set: &rules.Set{System: &rules.System{Name: "Test"}}, Pack: p}, pw: pw, ph: ph, entries: make([]*entry, n)}
	return newCampaignLog(newRenderer(b, newLayout()))
}

// TestLogResultMiddle checks that a log row's printed "Success /
// Failure", in a row taller than its text to write in, stands at the
// row's middle, not at its top.
func TestLogResultMiddle(t *testing.T) {
	r := testRenderer("a4")
	g := &grid{cols: []gridCol{{head: "Entry", align: "C", minW: 16}, {head: "Result", align: "C", middle: true}, {head: "Notes", align: "L", grow: true}},
		size: 9.5, headSize: 9, minRow: 14}
	row := []string{"", "Success / Failure", ""}
	g.rows = [][]string{row}
	r.fitColumns(g, 120)
	f := r.rowFrame(g, row, false, 255)
	for _, m := range f.Marks {
		if tx, ok := m.(frame.Text); ok && tx.S != "" {
			if mid := tx.Y + tx.H/2; mid < f.H/2-0.01 || mid > f.H/2+0.01 {
				t.Errorf("%q stands at %.2f of a %.2f mm row, not its middle", tx.S, mid, f.H)
			}
			return
		}
	}
	t.Fatal("no result printed")
}
