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
// one entry (a month's) has nothing to mix them with: its cards lie two
// to a page, never two that are read one after the other (alone).
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
	if len(groups) == 1 && len(groups[0]) > 1 {
		return alone(seed, groups[0]), 1
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
// cards cards in groups groups that kept window: the window, so that no
// page holds two cards of one entry. A booklet whose cards are all of
// one entry (a one-encounter booklet, as a month's) cannot keep them
// apart: a page of it holds two (alone deals them so that the two are
// never read one after the other), and of two cards, one, since those two
// are; one card fills its page as a deal's widest window does.
func PageLimit(groups, cards, window int) int {
	switch {
	case groups > 1:
		return window
	case cards == 2:
		return 1
	case cards > 2:
		return 2
	}
	return DealWindow
}

// alone deals the cards of a booklet's one entry, in the order they are
// read (the entry's), two to a page (PageLimit), so that a player reading
// one sees beside it no card read just before or just after it: the two
// of a page are never neighbours in the entry's order. The cards are
// shuffled from the seed until no page holds neighbours (a third of
// shuffles of four cards do, more of more cards); should a hundred
// shuffles fail, the even places then the odd ones (0, 2, 4, 1, 3:
// for three or more cards no page holds neighbours) are taken as they
// are. Two cards or fewer are shuffled once: each is a page of its own
// (or the only card).
func alone[T any](seed string, cards []T) []T {
	r := dice.New(seed).Stream("booklet", "cards")
	n := len(cards)
	idx := make([]int, n)
	for try := 0; try < 100; try++ {
		for i := range idx {
			idx[i] = i
		}
		for i := n - 1; i > 0; i-- {
			k := r.Die(i+1) - 1
			idx[i], idx[k] = idx[k], idx[i]
		}
		if n <= 2 || !neighbours(idx) {
			return pick(cards, idx)
		}
	}
	idx = idx[:0]
	for i := 0; i < n; i += 2 {
		idx = append(idx, i)
	}
	for i := 1; i < n; i += 2 {
		idx = append(idx, i)
	}
	return pick(cards, idx)
}

// neighbours says whether a page of two, in the order idx, holds two
// cards read one after the other (their places differ by one).
func neighbours(idx []int) bool {
	for i := 0; i+1 < len(idx); i += 2 {
		if d := idx[i] - idx[i+1]; d == 1 || d == -1 {
			return true
		}
	}
	return false
}

// pick returns the cards in the order idx gives their places.
func pick[T any](cards []T, idx []int) []T {
	out := make([]T, len(idx))
	for i, k := range idx {
		out[i] = cards[k]
	}
	return out
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
