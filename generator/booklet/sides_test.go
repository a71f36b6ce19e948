package booklet

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"
)

// everyCardsBlock rolls an encounter of every type of every built-in
// system that prints play cards, once with each of its enemy sources as
// the enemy and once as the player's (so every army and list is on both
// sides), and returns their Cards blocks.
func everyCardsBlock(t *testing.T) []*doc.Cards {
	t.Helper()
	var out []*doc.Cards
	for _, b := range systems.Builtin() {
		sub, err := fs.Sub(content.FS, "systems/"+b.ID)
		if err != nil {
			t.Fatal(err)
		}
		set, err := rules.Load(sub, "content/systems/"+b.ID)
		if err != nil {
			t.Fatal(err)
		}
		sys, err := b.New(set)
		if err != nil {
			t.Fatal(err)
		}
		enc, ok := sys.(engine.Encounterer)
		src, ok2 := sys.(engine.EnemySourcer)
		if !ok || !ok2 {
			continue
		}
		for _, typ := range set.EncounterIDs() {
			for _, source := range src.EnemySources() {
				for _, opt := range []engine.Options{{Enemies: source}, {Recruits: source}} {
					if c, ok := sys.(engine.OptionChecker); ok && c.CheckOptions(opt) != nil {
						continue
					}
					e, err := enc.Encounter(dice.New("sides-"+source).Stream(typ), engine.Request{Type: typ, Options: opt})
					if err != nil {
						continue // an option the encounter refuses
					}
					doc.Walk(e.Blocks, func(bl doc.Block) {
						if c, ok := bl.(*doc.Cards); ok {
							out = append(out, c)
						}
					})
				}
			}
		}
	}
	return out
}

// TestCardSides: every face, front and back, of every card the built-in
// systems print, every army and list on both sides, is laid out with its
// side's mark, and the two sides' marks differ in black and white: the
// player's band is solid black (a box filled black, its name white), the
// enemy's hatched and outlined (lines clipped to it, a black outline,
// its name black on white); on a card with edge texts, the four corners
// are marked the same way. Every face fits its card whole at the least
// scale, with the foot, and no text on it is under 7 pt.
func TestCardSides(t *testing.T) {
	blocks := everyCardsBlock(t)
	sides := map[bool]int{}
	r := testRenderer("a4")
	cs := newCardSheets(r, r.page())
	for _, c := range blocks {
		if c.Side == (doc.Side{}) || c.Side.Name == "" {
			t.Fatalf("%s: no side", c.Title)
		}
		sides[c.Side.Enemy]++
		for _, card := range c.Items {
			faces := []doc.Card{card}
			if card.Back == nil {
				t.Errorf("%s, %s: no back, so no side mark behind it", c.Title, card.Title)
			} else {
				faces = append(faces, *card.Back)
			}
			for _, f := range faces {
				fr, fits, whole, err := cs.faceFrame(f, c.Side, c.W, c.H, "Entry 12 · "+c.Side.Whose, 1)
				if !fits || !whole || err != nil {
					t.Errorf("%s, %s: fits %v, whole %v, %v", c.Title, f.Title, fits, whole, err)
				}
				checkSideMark(t, c.Title+", "+f.Title, fr, c.Side, f.Edges != [4]string{}, c.W, c.H)
				for _, sz := range textSizes(fr) {
					if sz < cardLeast {
						t.Errorf("%s, %s: text of %g pt", c.Title, f.Title, sz)
					}
				}
			}
		}
	}
	if sides[true] == 0 || sides[false] == 0 {
		t.Fatalf("cards of %d player's and %d enemy's blocks, want both", sides[false], sides[true])
	}
}

// checkSideMark checks a face's side mark: the band across the top (and
// the corners on an edged card) solid black for the player's side,
// hatched and outlined for the enemy's, and the side's name in it.
func checkSideMark(t *testing.T, what string, f *frame.Frame, s doc.Side, edged bool, w, h float64) {
	t.Helper()
	band := 0.0
	if edged {
		band = edgeBand
	}
	areas := [][2]float64{{band, band}}
	if edged {
		areas = append(areas, [2]float64{0, 0}, [2]float64{w - band, 0}, [2]float64{0, h - band}, [2]float64{w - band, h - band})
	}
	var marks []frame.Mark
	var walk func(fr *frame.Frame, x, y float64)
	walk = func(fr *frame.Frame, x, y float64) {
		for _, m := range fr.Marks {
			switch m := m.(type) {
			case frame.Sub:
				if m.Clip {
					marks = append(marks, frame.Sub{X: x + m.X, Y: y + m.Y, F: m.F, Clip: true})
				} else {
					walk(m.F, x+m.X, y+m.Y)
				}
			case frame.Box:
				m.X, m.Y = x+m.X, y+m.Y
				marks = append(marks, m)
			case frame.Text:
				m.X, m.Y = x+m.X, y+m.Y
				marks = append(marks, m)
			}
		}
	}
	walk(f, 0, 0)
	for _, a := range areas {
		solid, hatched, outlined := false, false, false
		for _, m := range marks {
			switch m := m.(type) {
			case frame.Box:
				if near(m.X, a[0]) && near(m.Y, a[1]) {
					solid = solid || m.Fill == 0
					outlined = outlined || m.Fill < 0 && m.Stroke == 0 && m.Width >= 0.4
				}
			case frame.Sub:
				if near(m.X, a[0]) && near(m.Y, a[1]) && len(m.F.Marks) >= 3 {
					hatched = true
				}
			}
		}
		if s.Enemy && (solid || !hatched || !outlined) || !s.Enemy && (!solid || hatched || outlined) {
			t.Errorf("%s (%s): the mark at %.1f, %.1f: solid %v, hatched %v, outlined %v", what, s.Whose, a[0], a[1], solid, hatched, outlined)
		}
	}
	named := false
	for _, m := range marks {
		if tx, ok := m.(frame.Text); ok && tx.Y >= band && tx.Y+tx.H <= band+sideBand+0.01 && tx.Filled && tx.Font.Size >= 7.5 {
			named = named || (s.Enemy && tx.Grey == 0 && tx.Fill == 255) || (!s.Enemy && tx.Grey == 255 && tx.Fill == 0)
		}
	}
	if !named {
		t.Errorf("%s (%s): no name in its band", what, s.Whose)
	}
}

func near(a, b float64) bool { return a-b < 0.01 && b-a < 0.01 }

// textSizes returns the type size of every text in a frame.
func textSizes(f *frame.Frame) []float64 {
	var out []float64
	for _, m := range f.Marks {
		switch m := m.(type) {
		case frame.Text:
			out = append(out, m.Font.Size)
		case frame.Turned:
			out = append(out, m.Font.Size)
		case frame.Baseline:
			out = append(out, m.Font.Size)
		case frame.Sub:
			out = append(out, textSizes(m.F)...)
		}
	}
	return out
}

// TestSheetFootClear: on a sheet of play cards of either size, on A4 and
// Letter, no text of the page's running head and foot comes within 12 mm
// of the paper's edge (docs/print.md), none runs into the grid, and both
// are there: on Letter, where under the crop marks the foot would come
// 6-7 mm from the bottom edge, it shares the head's line above the grid,
// which sits as low as the 12 mm allow.
func TestSheetFootClear(t *testing.T) {
	shared := map[string]bool{}
	for _, paper := range []string{"a4", "letter"} {
		for _, size := range [][2]float64{{63, 84}, {63, 63}} {
			r := testRenderer(paper)
			_, pw, ph, _ := paperSize(paper)
			g, err := gridFor(size[0], size[1], pw, ph, paper)
			if err != nil {
				t.Fatal(err)
			}
			r.f.AddPage()
			r.sheetAt[r.f.PageNo()] = g
			r.section = "Entry 1: cards 1 of 3"
			what := fmt.Sprintf("%s, cards of %g × %g mm", paper, size[0], size[1])
			shared[paper] = shared[paper] || g.shared
			if g.y0 < pageClear || g.bottom() > ph-pageClear+0.001 {
				t.Errorf("%s: the grid runs from %.2f to %.2f mm of %.1f", what, g.y0, g.bottom(), ph)
			}
			var texts []frame.Text
			for _, f := range []*frame.Frame{r.headerFrame(pageBox{pw, ph}), r.footerFrame(pw, ph)} {
				for _, m := range f.Marks {
					if tx, ok := m.(frame.Text); ok {
						texts = append(texts, tx)
					}
				}
			}
			said := ""
			for _, tx := range texts {
				said += tx.S + "\n"
				if tx.Y < pageClear-0.001 || tx.Y+tx.H > ph-pageClear+0.001 || tx.X < pageClear-0.001 || tx.X+tx.W > pw-pageClear+0.001 {
					t.Errorf("%s: %q at %.2f, %.2f, %.2f × %.2f mm: within 12 mm of the edge of %.1f × %.1f", what, tx.S, tx.X, tx.Y, tx.W, tx.H, pw, ph)
				}
				if tx.Y+tx.H > g.y0+0.001 && tx.Y < g.bottom() {
					t.Errorf("%s: %q at %.2f–%.2f mm runs into the grid (%.2f–%.2f)", what, tx.S, tx.Y, tx.Y+tx.H, g.y0, g.bottom())
				}
			}
			for _, want := range []string{"Entry 1: cards 1 of 3", "Page 1", "Test · Sortie"} {
				if !strings.Contains(said, want) {
					t.Errorf("%s: head and foot say %q, want %q", what, said, want)
				}
			}
		}
	}
	if shared["a4"] || !shared["letter"] {
		t.Errorf("head and foot shared on A4 %v, on Letter %v; want on Letter alone", shared["a4"], shared["letter"])
	}
}
