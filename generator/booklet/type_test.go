package booklet_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/generator/booklet"
	"github.com/sortie-wargames/sortie/generator/booklet/face"
)

// TestRostersShareType checks that the rosters of every entry of the
// default booklets (and any other table an entry prints of its own) are
// set in one size, on A4 and Letter, flat and folded: where one must be
// set smaller to fit its page, the other is too (ownLook), so your side
// and the enemy do not read in two sizes; and none under face.MinSize.
// Border Battles (Sword & Spear Fantasy) and Skirmishes at the Ford
// (Two-Page Skirmish) set one roster smaller than the other without it.
func TestRostersShareType(t *testing.T) {
	if testing.Short() {
		t.Skip("lays out every default booklet's rosters")
	}
	pairs, shrunk := 0, 0
	for name, d := range defaultDocs(t) {
		for _, paper := range []string{"a4", "letter"} {
			for _, impose := range []string{"", booklet.Saddle} {
				sizes, err := booklet.OwnTypes(d, booklet.Options{Paper: paper, Created: created, Impose: impose})
				if err != nil {
					t.Fatalf("%s %s %s: %v", name, paper, impose, err)
				}
				for n, ss := range sizes {
					if len(ss) < 2 {
						continue
					}
					pairs++
					if slices.Min(ss) < 8-0.001 {
						shrunk++
					}
					if slices.Min(ss) != slices.Max(ss) {
						t.Errorf("%s %s %s, entry %d: its own tables are set in %v pt, not one size", name, paper, strings.TrimSpace(impose+" "), n, ss)
					}
					if slices.Min(ss) < face.MinSize-0.001 {
						t.Errorf("%s %s %s, entry %d: its own tables are set in %v pt, under %g", name, paper, impose, n, ss, face.MinSize)
					}
				}
			}
		}
	}
	if pairs == 0 || shrunk == 0 {
		t.Fatalf("%d entries with two rosters or more, %d of them set smaller than the spread's 8 pt: the test checks nothing", pairs, shrunk)
	}
	t.Logf("%d entries with two rosters or more, %d of them set smaller than 8 pt", pairs, shrunk)
}

// TestChartType checks that every default campaign's chart sets no text
// under face.MinSize, on A4 and Letter, flat and folded: the folded
// booklet's A5 page, too narrow for a row of eleven boxes each a word
// wide at 7 pt, turns its chart along the page (Half a Year of Swords
// set "Raid: Attack" at 4.75 pt there).
func TestChartType(t *testing.T) {
	if testing.Short() {
		t.Skip("lays out every default campaign's chart")
	}
	charts := 0
	for name, d := range defaultDocs(t) {
		if d.Campaign == nil {
			continue
		}
		for _, paper := range []string{"a4", "letter"} {
			for _, impose := range []string{"", booklet.Saddle} {
				least, turned, err := booklet.ChartType(d, booklet.Options{Paper: paper, Created: created, Impose: impose})
				if err != nil {
					t.Fatalf("%s %s %s: %v", name, paper, impose, err)
				}
				if math.IsInf(least, 1) {
					t.Fatalf("%s %s %s: the chart sets no text", name, paper, impose)
				}
				charts++
				if least < face.MinSize-0.001 {
					t.Errorf("%s %s %s: the chart sets text in %.2f pt, under %g", name, paper, impose, least, face.MinSize)
				}
				t.Logf("%s %s %s: least %.2f pt, turned %v", name, paper, impose, least, turned)
			}
		}
	}
	if charts == 0 {
		t.Fatal("no campaign charts laid out")
	}
}
