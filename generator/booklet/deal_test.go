package booklet

import (
	"fmt"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/doc"
)

// entriesWith returns entries with the given numbers of sealed items.
func entriesWith(counts ...int) []*entry {
	var es []*entry
	for i, n := range counts {
		s := &doc.Sealed{Title: "PEFs"}
		for k := range n {
			s.Items = append(s.Items, doc.SealedItem{Number: k + 1, Title: "Item"})
		}
		enc := &engine.Encounter{Title: "Test", Blocks: []doc.Block{&doc.Para{Text: "Before."}, s}}
		es = append(es, &entry{number: i + 1, enc: enc})
	}
	return es
}

// TestDeal checks the deal: every card numbered once, in sheet order; no
// sheet over full; no sheet with two cards of one entry, even when an
// entry has more PEFs than the cards need sheets; the same seed, the same
// deal.
func TestDeal(t *testing.T) {
	for _, c := range []struct {
		counts   []int
		perSheet int
		sheets   int
	}{
		{[]int{3, 2, 3, 3, 2, 3, 2, 3, 3}, 6, 4},
		{[]int{5, 1, 1}, 6, 5}, // one entry's five PEFs need five sheets
		{[]int{2, 2}, 4, 2},
		{[]int{1}, 4, 1},
		{[]int{3, 3, 3, 3, 3, 3, 3, 3}, 4, 6},
	} {
		t.Run(fmt.Sprint(c.counts, c.perSheet), func(t *testing.T) {
			cs := pefCards(entriesWith(c.counts...))
			sheets, by := deal("seed", cs, c.perSheet)
			if len(sheets) != c.sheets {
				t.Errorf("%d sheets, want %d", len(sheets), c.sheets)
			}
			next := 1
			for s, sheet := range sheets {
				if len(sheet) > c.perSheet {
					t.Errorf("sheet %d holds %d cards, more than %d", s, len(sheet), c.perSheet)
				}
				seen := map[int]bool{}
				for _, cd := range sheet {
					if cd.number != next || cd.sheet != s {
						t.Errorf("card %d on sheet %d, want card %d on sheet %d", cd.number, cd.sheet, next, s)
					}
					next++
					if seen[cd.e.number] {
						t.Errorf("sheet %d holds two cards of entry %d", s, cd.e.number)
					}
					seen[cd.e.number] = true
				}
			}
			if next-1 != len(cs) || len(by) != len(cs) {
				t.Errorf("%d cards numbered, %d keyed, want %d", next-1, len(by), len(cs))
			}
			again, _ := deal("seed", pefCards(entriesWith(c.counts...)), c.perSheet)
			for s := range sheets {
				for i := range sheets[s] {
					a, b := sheets[s][i], again[s][i]
					if a.e.number != b.e.number || a.index != b.index {
						t.Fatalf("two deals from one seed differ at card %d", a.number)
					}
				}
			}
		})
	}
}
