package plan

import (
	"slices"

	"github.com/sortie-wargames/sortie/engine/dice"
)

// DealWindow is the most sealed cards a page holds (two columns of four
// rows), and so the run of consecutive card numbers the deal keeps free of
// two cards of one entry.
const DealWindow = 8

// Deal orders the sealed cards of a booklet, given as groups (each the
// cards of one entry, in the entry's order), from the seed (the stream
// "booklet/cards"), the same on every paper, flat or folded: the order
// does not depend on how many cards a page holds. It returns the cards
// in order and the window w it kept: any w consecutive cards are of w
// different groups.
//
// Pages hold consecutive cards, at most w of them (PageLimit), so no
// page holds two cards of one entry: a card seen through the paper, on
// the back or beside the one you cut out is never one of your
// encounter's. w is DealWindow when the groups allow it, else the
// largest they allow (four groups of six cards: four), so a booklet of
// few entries has fewer cards to a page. A booklet whose cards are all of
// one entry is the exception: it fills its pages (PageLimit).
//
// For a window w, the cards are laid down one at a time: of the groups
// whose last card is at least w places back, the one with the most cards
// left goes next (ties drawn from the seed), with one of its cards drawn
// from the seed. w starts at DealWindow and drops until that never gets
// stuck; at w = 1 it cannot.
func Deal[T any](seed string, groups [][]T) (order []T, window int) {
	if len(groups) == 0 {
		return nil, DealWindow
	}
	for w := DealWindow; w > 1; w-- {
		if order = spread(seed, groups, w); order != nil {
			return order, w
		}
	}
	return spread(seed, groups, 1), 1
}

// spread lays the groups' cards in an order where any w consecutive cards
// are of w different groups, or returns nil when the greedy deal gets
// stuck.
func spread[T any](seed string, groups [][]T, w int) []T {
	r := dice.New(seed).Stream("booklet", "cards")
	left := make([][]T, len(groups))
	last := make([]int, len(groups))
	total := 0
	for g, cs := range groups {
		left[g] = slices.Clone(cs)
		last[g] = -w
		total += len(cs)
	}
	out := make([]T, 0, total)
	for pos := range total {
		var best []int
		for g := range left {
			if len(left[g]) == 0 || pos-last[g] < w {
				continue
			}
			switch {
			case len(best) == 0 || len(left[g]) > len(left[best[0]]):
				best = []int{g}
			case len(left[g]) == len(left[best[0]]):
				best = append(best, g)
			}
		}
		if len(best) == 0 {
			return nil
		}
		g := best[r.Die(len(best))-1]
		k := r.Die(len(left[g])) - 1
		out = append(out, left[g][k])
		left[g] = slices.Delete(left[g], k, k+1)
		last[g] = pos
	}
	return out
}

// PageLimit is the most sealed cards a page may hold, for a deal of
// groups groups that kept window: the window, so that no page holds two
// cards of one entry; but a booklet whose cards are all of one entry (a
// one-encounter booklet) has nothing to mix them with, and fills its
// pages.
func PageLimit(groups, window int) int {
	if groups <= 1 {
		return DealWindow
	}
	return window
}

// Paginate puts the cards, in order, perPage to a page.
func Paginate[T any](order []T, perPage int) [][]T {
	var pages [][]T
	for i, c := range order {
		if i%perPage == 0 {
			pages = append(pages, nil)
		}
		pages[len(pages)-1] = append(pages[len(pages)-1], c)
	}
	return pages
}
