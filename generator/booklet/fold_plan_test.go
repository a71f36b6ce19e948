package booklet

import (
	"fmt"
	"github.com/sortie-wargames/sortie/generator/booklet/plan"
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
		units := []plan.Part{{Name: "front", Pages: 6}}
		for i := range n {
			units = append(units, plan.Part{Name: fmt.Sprint("entry/", i+1), Entry: i + 1, Even: true, Pages: 2})
		}
		units = append(units, plan.Part{Name: "log", Pages: 1}, plan.Part{Name: "qrs", Pages: 8}, plan.Part{Name: "cards", Pages: 12, Flat: true})
		vp, err := planVolumes(units)
		if err != nil {
			t.Fatal(err)
		}
		// The pages without breaks: the front, a Notes page to start the
		// spreads on a left-hand page, the spreads, the log and the QRS.
		total := 6 + 1 + 2*n + 1 + 8
		least := (total + SaddleLimit - 1) / SaddleLimit
		if len(vp.vols) < least || len(vp.vols) > least+1 {
			t.Errorf("%d spreads (%d pages): %d volumes, want about %d", n, total, len(vp.vols), least)
		}
		next, seen := 1, 0
		for k, v := range vp.vols {
			if pages := v.Last - v.First + 1; v.First != next || pages%4 != 0 || pages > SaddleLimit {
				t.Errorf("%d spreads: volume %d is pages %d-%d, want from %d, a multiple of four up to %d", n, k+1, v.First, v.Last, next, SaddleLimit)
			}
			for _, p := range v.Parts {
				if p.At < v.First || p.At+p.Pages-1 > v.Last {
					t.Errorf("%d spreads: %s (pages %d-%d) is not inside volume %d (%d-%d)", n, p.Name, p.At, p.At+p.Pages-1, k+1, v.First, v.Last)
				}
				if p.Even && p.At%2 != 0 {
					t.Errorf("%d spreads: %s starts on page %d, a right-hand page", n, p.Name, p.At)
				}
				if k > 0 && p.At == v.First {
					t.Errorf("%d spreads: %s takes volume %d's first page", n, p.Name, k+1)
				}
				seen++
			}
			next = v.Last + 1
		}
		if seen != n+3 {
			t.Errorf("%d spreads: %d parts placed, want %d", n, seen, n+3)
		}
		if vp.cards != [2]int{next, next + 11} {
			t.Errorf("%d spreads: card sheets on pages %v, want from %d", n, vp.cards, next)
		}
	}
	_, err := planVolumes([]plan.Part{{Name: "front", Pages: 6}, {Name: "qrs", Label: "Quick Reference Sheets", Pages: 70}})
	if err == nil || !strings.Contains(err.Error(), "Quick Reference Sheets is 70 pages") {
		t.Errorf("a 70-page part: %v, want it refused", err)
	}
}
