package plan_test

import (
	"fmt"
	"testing"

	"github.com/sortie-wargames/sortie/generator/booklet/plan"
)

// card is a sealed card as the test deals it: its entry and its index
// among the entry's cards.
type card struct{ entry, index int }

// groupsOf returns the cards of entries with the given numbers of cards,
// one group an entry.
func groupsOf(counts ...int) [][]card {
	var gs [][]card
	for e, n := range counts {
		var g []card
		for k := range n {
			g = append(g, card{e + 1, k})
		}
		gs = append(gs, g)
	}
	return gs
}

// TestDeal checks the deal: every card once; any window of consecutive
// cards as wide as the deal says holds no two cards of one entry, and the
// window is plan.DealWindow when the entries allow it and as wide as they
// allow otherwise; every page of every page size up to the page limit
// holds no two cards of one entry unless all are of one; the same seed,
// the same deal, and another seed another.
func TestDeal(t *testing.T) {
	for _, c := range []struct {
		counts []int
		window int
	}{
		{[]int{3, 2, 3, 3, 2, 3, 2, 3, 3}, plan.DealWindow},
		{[]int{4, 4, 4, 4, 4, 4}, 6}, // six entries: six apart at most
		{[]int{5, 1, 1}, 1},          // five of seven cards from one entry
		{[]int{3, 1, 1, 1}, 2},       // 0, 2, 4 or so: never three apart in six
		{[]int{4}, 1},                // a one-encounter booklet
		{[]int{2}, 1},                // two cards: one a page
		{[]int{1}, plan.DealWindow},  // one card: nothing to keep apart
		{[]int{2, 2}, 2},             // abab
		{[]int{3, 3, 3, 3, 3, 3, 3, 3}, plan.DealWindow},
		{[]int{1, 2, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 1, 2}, plan.DealWindow},
	} {
		t.Run(fmt.Sprint(c.counts), func(t *testing.T) {
			groups := groupsOf(c.counts...)
			order, window := plan.Deal("seed", groups)
			if window != c.window {
				t.Errorf("window %d, want %d", window, c.window)
			}
			seen := map[card]bool{}
			total := 0
			for _, n := range c.counts {
				total += n
			}
			for i, cd := range order {
				if seen[cd] {
					t.Errorf("card %v dealt twice", cd)
				}
				seen[cd] = true
				for j := max(0, i-window+1); j < i; j++ {
					if order[j].entry == cd.entry {
						t.Errorf("places %d and %d, %d apart in a window of %d, are both of entry %d", j+1, i+1, i-j, window, cd.entry)
					}
				}
			}
			if len(order) != total || len(seen) != total {
				t.Errorf("%d cards dealt, %d different, want %d", len(order), len(seen), total)
			}
			limit := plan.PageLimit(len(groups), total, window)
			want := window
			switch {
			case len(groups) == 1 && total > 2:
				want = 2
			case len(groups) == 1 && total == 2:
				want = 1
			case len(groups) == 1:
				want = plan.DealWindow
			}
			if limit != want {
				t.Errorf("page limit %d, want %d", limit, want)
			}
			for per := 1; per <= limit; per++ {
				pages := plan.Paginate(order, per)
				if len(pages) != (total+per-1)/per {
					t.Errorf("%d to a page: %d pages for %d cards", per, len(pages), total)
				}
				for s, page := range pages {
					if len(page) > per || len(page) < per && s < len(pages)-1 {
						t.Errorf("%d to a page: page %d holds %d", per, s, len(page))
					}
					on := map[int]bool{}
					for _, cd := range page {
						if on[cd.entry] && len(groups) > 1 {
							t.Errorf("%d to a page: page %d holds two cards of entry %d", per, s, cd.entry)
						}
						on[cd.entry] = true
					}
				}
			}
			again, _ := plan.Deal("seed", groupsOf(c.counts...))
			if fmt.Sprint(again) != fmt.Sprint(order) {
				t.Fatalf("two deals from one seed differ:\n%v\n%v", order, again)
			}
		})
	}
	long := groupsOf(3, 3, 3, 3, 3, 3, 3, 3)
	a, _ := plan.Deal("seed", long)
	b, _ := plan.Deal("other", long)
	if fmt.Sprint(a) == fmt.Sprint(b) {
		t.Error("two seeds deal 24 cards alike: the deal does not follow the seed")
	}
	if order, window := plan.Deal[card]("seed", nil); order != nil || window != plan.DealWindow {
		t.Errorf("no cards: %v, window %d", order, window)
	}
}

// TestDealOneEntry checks the deal of a booklet whose cards are all of
// one entry, of 1 to 12 cards from 20 seeds: every card once; a page holds
// two cards (one when there are two), and never two the entry reads one
// after the other (one result per view: a player reading a card does not
// see the next one's, or the one before); the same seed deals the same,
// and the seeds do not all deal four cards alike.
func TestDealOneEntry(t *testing.T) {
	deals := map[string]bool{}
	for n := 1; n <= 12; n++ {
		for s := range 20 {
			seed := fmt.Sprintf("seed %d", s)
			order, window := plan.Deal(seed, groupsOf(n))
			limit := plan.PageLimit(1, n, window)
			if n > 2 && limit != 2 || n == 2 && limit != 1 {
				t.Errorf("%d cards: %d to a page", n, limit)
			}
			seen := map[card]bool{}
			for _, c := range order {
				seen[c] = true
			}
			if len(order) != n || len(seen) != n {
				t.Errorf("%d cards: %d dealt, %d different", n, len(order), len(seen))
			}
			for p, page := range plan.Paginate(order, limit) {
				for i := range page {
					for j := range i {
						if d := page[i].index - page[j].index; d == 1 || d == -1 {
							t.Errorf("%d cards, %s: page %d holds the cards read %d and %d, one after the other (%v)", n, seed, p+1, page[j].index+1, page[i].index+1, order)
						}
					}
				}
			}
			again, _ := plan.Deal(seed, groupsOf(n))
			if fmt.Sprint(again) != fmt.Sprint(order) {
				t.Errorf("%d cards, %s: two deals differ", n, seed)
			}
			if n == 4 {
				deals[fmt.Sprint(order)] = true
			}
		}
	}
	if len(deals) < 2 {
		t.Errorf("20 seeds deal four cards %d ways: the deal does not follow the seed", len(deals))
	}
}
