package booklet

import (
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/pack"
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
		g := r.bandLog()
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
