package draw_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/board/boardtest"
	"github.com/sortie-wargames/sortie/engine/board/draw"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/words"
)

// TestMapNamesAsTables rolls 20 seeds of every encounter type of every
// system: each piece of terrain that fills a section is labelled on the
// map with the word the encounter's own terrain table or roll prints for
// it ("A low hill" on the map beside "A low hill" in the Terrain table,
// not "Hill"; "Rough", not "Rough ground"), and the legend names it so.
func TestMapNamesAsTables(t *testing.T) {
	checked := map[string]int{}
	for _, sys := range load(t) {
		set := sys.Rules()
		for _, typ := range set.Encounters {
			for seed := range 20 {
				d := dice.New(fmt.Sprintf("maps-%d", seed))
				var band *engine.Force
				if rc, ok := sys.(engine.Recruiter); ok {
					var err error
					if band, err = rc.Band(d.Stream("band"), engine.Options{}); err != nil {
						t.Fatal(err)
					}
				}
				e, err := sys.(engine.Encounterer).Encounter(d.Stream("encounter"), engine.Request{Type: typ.ID, Band: band})
				if err != nil {
					break
				}
				// What the encounter prints beside its map: its tables'
				// heads and cells and its rolls' results.
				var printed []string
				doc.Walk(e.Blocks, func(b doc.Block) {
					switch b := b.(type) {
					case *doc.Table:
						printed = append(printed, b.Head...)
						for _, row := range b.Rows {
							printed = append(printed, row...)
						}
					case *doc.Roll:
						printed = append(printed, b.Result)
					}
				})
				// A cell or result says label when it is label, or begins
				// with it and goes on ("Hill w/River"), after the column a
				// roll was read in ("Clear: Hill w/River").
				says := func(label string) bool {
					label = strings.ToLower(label)
					for _, p := range printed {
						p = strings.ToLower(p)
						if _, after, ok := strings.Cut(p, ": "); ok && !strings.ContainsAny(after, ":") {
							p = after
						}
						if p == label || strings.HasPrefix(p, label+" ") {
							return true
						}
					}
					return false
				}
				for i, m := range doc.Maps(e.Blocks) {
					legend := map[string]string{}
					for _, le := range board.Legend(m) {
						legend[le.Kind] = le.Label
					}
					for _, p := range m.Pieces {
						if p.Section == 0 || p.Kind == board.Lake {
							continue
						}
						checked[set.System.ID]++
						where := fmt.Sprintf("%s/%s/seed %d/map %d section %d", set.System.ID, typ.ID, seed, i+1, p.Section)
						// "Buildings: 2" beside a roll's "2 buildings" or a
						// table's Buildings column.
						counted := p.Count > 0 && p.Label == board.Label(board.Buildings) &&
							slices.ContainsFunc(printed, func(s string) bool {
								return strings.Contains(s, "→ "+words.Plural(p.Count, "building", "buildings"))
							})
						if !says(p.Label) && !counted {
							t.Errorf("%s: the map labels %s %q, which no table or roll beside it prints", where, p.Kind, p.Label)
						}
						if l := legend[p.Kind]; !strings.HasPrefix(l, p.Label) && !strings.ContainsAny(p.Label, "0123456789") {
							t.Errorf("%s: the map labels %s %q, its legend %q", where, p.Kind, p.Label, l)
						}
					}
				}
			}
		}
	}
	t.Logf("pieces checked: %v", checked)
	if len(checked) < 4 {
		t.Errorf("sectioned pieces from %d systems, want 4 (all but 2d6 Sword & Sorcery, whose scattered pieces stand for Clear or Cover)", len(checked))
	}
}

// TestLabelSaysCount draws a section of "A building" (Two-Page
// Skirmish's word for one) and an uncounted "Village": the map prints
// "A building", not "A building: 1", and the legend names the village as
// the map does.
func TestLabelSaysCount(t *testing.T) {
	m := board.Sectioned(36, 36, 3, 3)
	m.Fill(1, board.Buildings, board.Count(1), board.Labelled("A building"))
	m.Fill(3, board.Buildings, board.Labelled("Village"))
	var labels []string
	for _, op := range draw.Board(m, 4, boardtest.Measure).Ops {
		if op.Shape == draw.Text && op.Class == "label" {
			labels = append(labels, op.Text)
		}
	}
	if !slices.Contains(labels, "A building") {
		t.Errorf("labels %q, want \"A building\"", labels)
	}
	v := board.Sectioned(36, 36, 3, 3)
	v.Fill(3, board.Buildings, board.Labelled("Village"))
	for _, e := range board.Legend(v) {
		if e.Kind == board.Buildings && e.Label != "Village (drawn as blocks)" {
			t.Errorf("legend %q, want \"Village (drawn as blocks)\"", e.Label)
		}
	}
}
