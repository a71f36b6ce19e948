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

// TestDeal checks the deal: every card numbered once, in order; any
// window of consecutive cards as wide as the deal says holds no two cards
// of one entry, and the window is dealWindow when the entries allow it
// and as wide as they allow otherwise; every page of every page size
// holds no two cards of one entry when it holds no more than the window;
// the same seed, the same deal.
func TestDeal(t *testing.T) {
	for _, c := range []struct {
		counts []int
		window int
	}{
		{[]int{3, 2, 3, 3, 2, 3, 2, 3, 3}, dealWindow},
		{[]int{4, 4, 4, 4, 4, 4}, 6}, // six entries: six apart at most
		{[]int{5, 1, 1}, 1},          // five of seven cards from one entry
		{[]int{3, 1, 1, 1}, 2},       // 0, 2, 4 or so: never three apart in six
		{[]int{4}, 1},                // a one-encounter booklet
		{[]int{1}, dealWindow},       // one card: nothing to keep apart
		{[]int{2, 2}, 2},             // abab
		{[]int{3, 3, 3, 3, 3, 3, 3, 3}, dealWindow},
		{[]int{1, 2, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 1, 2}, dealWindow},
	} {
		t.Run(fmt.Sprint(c.counts), func(t *testing.T) {
			cs := pefCards(entriesWith(c.counts...))
			order, window, by := deal("seed", cs)
			if window != c.window {
				t.Errorf("window %d, want %d", window, c.window)
			}
			for i, cd := range order {
				if cd.number != i+1 {
					t.Errorf("card %d at place %d", cd.number, i+1)
				}
				for j := max(0, i-window+1); j < i; j++ {
					if order[j].e == cd.e {
						t.Errorf("cards %d and %d, %d apart in a window of %d, are both of entry %d", order[j].number, cd.number, i-j, window, cd.e.number)
					}
				}
			}
			if len(order) != len(cs) || len(by) != len(cs) {
				t.Errorf("%d cards numbered, %d keyed, want %d", len(order), len(by), len(cs))
			}
			for per := 1; per <= min(window, dealWindow); per++ {
				for s, page := range paginate(order, per) {
					seen := map[int]bool{}
					for _, cd := range page {
						if seen[cd.e.number] {
							t.Errorf("%d to a page: page %d holds two cards of entry %d", per, s, cd.e.number)
						}
						seen[cd.e.number] = true
					}
				}
			}
			again, _, _ := deal("seed", pefCards(entriesWith(c.counts...)))
			for i := range order {
				a, b := order[i], again[i]
				if a.e.number != b.e.number || a.index != b.index {
					t.Fatalf("two deals from one seed differ at card %d", a.number)
				}
			}
		})
	}
}
