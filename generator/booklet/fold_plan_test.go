package booklet

import (
	"fmt"
	"strings"
	"testing"
)

// TestPlanVolumes plans the volumes of booklets made of a front of six
// pages, n two-page spreads (each starting on a left-hand page), a
// one-page log and eight pages of QRS: one volume while it fits, then as
// few as SaddleLimit allows, every volume a multiple of four up to the
// limit, the pages running on, each volume after the first starting with
// its own page before a part, and no spread split; a part longer than a
// volume is refused.
func TestPlanVolumes(t *testing.T) {
	for _, n := range []int{10, 24, 25, 60, 200} {
		units := []unit{{name: "front", pages: 6}}
		for i := range n {
			units = append(units, unit{name: fmt.Sprint("entry/", i+1), entry: i + 1, even: true, pages: 2})
		}
		units = append(units, unit{name: "log", pages: 1}, unit{name: "qrs", pages: 8}, unit{name: "cards", pages: 12})
		plan, err := (&book{}).planVolumes(&layout{units: units})
		if err != nil {
			t.Fatal(err)
		}
		// The pages without breaks: the front, a Notes page to start the
		// spreads on a left-hand page, the spreads, the log and the QRS.
		total := 6 + 1 + 2*n + 1 + 8
		least := (total + SaddleLimit - 1) / SaddleLimit
		if len(plan.vols) < least || len(plan.vols) > least+1 {
			t.Errorf("%d spreads (%d pages): %d volumes, want about %d", n, total, len(plan.vols), least)
		}
		next, seen := 1, 0
		for k, v := range plan.vols {
			if pages := v.last - v.first + 1; v.first != next || pages%4 != 0 || pages > SaddleLimit {
				t.Errorf("%d spreads: volume %d is pages %d-%d, want from %d, a multiple of four up to %d", n, k+1, v.first, v.last, next, SaddleLimit)
			}
			for _, p := range v.parts {
				if p.at < v.first || p.at+p.pages-1 > v.last {
					t.Errorf("%d spreads: %s (pages %d-%d) is not inside volume %d (%d-%d)", n, p.name, p.at, p.at+p.pages-1, k+1, v.first, v.last)
				}
				if p.even && p.at%2 != 0 {
					t.Errorf("%d spreads: %s starts on page %d, a right-hand page", n, p.name, p.at)
				}
				if k > 0 && p.at == v.first {
					t.Errorf("%d spreads: %s takes volume %d's first page", n, p.name, k+1)
				}
				seen++
			}
			next = v.last + 1
		}
		if seen != n+3 {
			t.Errorf("%d spreads: %d parts placed, want %d", n, seen, n+3)
		}
		if plan.cards != [2]int{next, next + 11} {
			t.Errorf("%d spreads: card sheets on pages %v, want from %d", n, plan.cards, next)
		}
	}
	_, err := (&book{}).planVolumes(&layout{units: []unit{{name: "front", pages: 6}, {name: "qrs", label: "Quick Reference Sheets", pages: 70}}})
	if err == nil || !strings.Contains(err.Error(), "Quick Reference Sheets is 70 pages") {
		t.Errorf("a 70-page part: %v, want it refused", err)
	}
}
