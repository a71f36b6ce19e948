package booklet_test

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/generator/booklet"
)

// TestLegendBesideKeepsSpread builds the default site's Chain Reaction
// patrols on Letter, whose entries took four pages each before a map
// could set its legend beside it (a Letter page is shorter than A4's):
// every entry now keeps to its two facing pages, and the legend stands
// beside the board as a column, not under it as a row.
func TestLegendBesideKeepsSpread(t *testing.T) {
	sys, err := registry(t).Get("chain-reaction-3")
	if err != nil {
		t.Fatal(err)
	}
	p, err := pack.Build(sys, "sortie-default-pack-4", []string{"patrol", "patrol", "patrol", "patrol"}, engine.Options{Recruits: "military", Enemies: "insurgents"})
	if err != nil {
		t.Fatal(err)
	}
	d := booklet.Doc{Title: "Hill Country Patrols", Set: sys.Rules(), Seed: "sortie-default-pack-4", Pack: p}
	if long := longEntries(t, d, "letter"); len(long) > 0 {
		t.Errorf("%d entries run past their spread on Letter; the first: p%d %s", len(long), long[0].Page, long[0].Text)
	}
	xs, ys, margin, err := booklet.LegendLefts(d, booklet.Options{Paper: "letter", Created: created, Version: "0.1.0"})
	if err != nil {
		t.Fatal(err)
	}
	// A legend beside the board is a column: each item straight under the
	// one before it, right of the text block's middle. A legend at the
	// page's foot is a row (its next line starts at the margin).
	stacked := 0
	for i := 1; i < len(xs); i++ {
		if xs[i] == xs[i-1] && ys[i] > ys[i-1] && xs[i] > margin+90 {
			stacked++
		}
	}
	// Four entries, each legend a column of at least five items.
	if stacked < 4*4 {
		t.Errorf("%d legend items stand under another beside the board, want 16 or more (four columns of five); lefts %v, tops %v", stacked, xs, ys)
	}
}

// TestRaidKeepsSpread builds the default site's Swordplay campaign on
// A4, whose three "Raid: Attack" entries took four pages before the
// short sections' columns could split inside a list and the PEFs' places
// were read with the terrain (so that both go under a smaller board):
// every entry keeps to its two facing pages.
func TestRaidKeepsSpread(t *testing.T) {
	d := swordsDoc(t)
	if long := longEntries(t, d, "a4"); len(long) > 0 {
		t.Errorf("%d entries run past their spread on A4; the first: p%d %s", len(long), long[0].Page, long[0].Text)
	}
	// On Letter, 17.6 mm shorter, the board stands beside its legend and
	// the line naming the tables goes under the legend: the attacks keep
	// to their spread (nine took four pages before). The defences, whose
	// PEF places carry Sortie's note on where they come on, were a
	// millimetre or two short of it, until the column beside a narrower
	// board took the terrain's table (columnPlan).
	if long := longEntries(t, d, "letter"); len(long) > 0 {
		t.Errorf("%d entries run past their spread on Letter; the first: p%d %s", len(long), long[0].Page, long[0].Text)
	}
}

// TestSkirmishKeepsSpread builds the default site's Two-Page Skirmish
// pack, Skirmishes at the Ford, on A4 and Letter: every skirmish keeps
// to its two facing pages. All six took four pages, some 110 mm over:
// two rosters, a turn track, the terrain rolled section by section and
// a square 36" board. They fit since the turn track and the terrain
// fold into three parts, the column beside a narrower board takes the
// terrain's table, and the instructions said twice say it once.
func TestSkirmishKeepsSpread(t *testing.T) {
	sys, err := registry(t).Get("two-page-skirmish")
	if err != nil {
		t.Fatal(err)
	}
	p, err := pack.Build(sys, "sortie-default-pack-ford", []string{"skirmish", "skirmish", "skirmish"}, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := booklet.Doc{Title: "Skirmishes at the Ford", Set: sys.Rules(), Seed: "sortie-default-pack-ford", Pack: p}
	for _, paper := range []string{"a4", "letter"} {
		for _, f := range longEntries(t, d, paper) {
			t.Errorf("%s: p%d %s runs past its spread", paper, f.Page, f.Text)
		}
	}
}

// longEntries writes d flat on paper and returns the entries the layout
// reported as running past their spread (marked or not).
func longEntries(t *testing.T, d booklet.Doc, paper string) []booklet.Fault {
	t.Helper()
	var long []booklet.Fault
	write(t, d, booklet.Options{Paper: paper, Created: created, Version: "0.1.0", Faults: func(f booklet.Fault) {
		if f.Kind == booklet.FaultLong || f.Kind == booklet.FaultSpill {
			long = append(long, f)
		}
	}})
	return long
}

// swordsDoc is the default site's Swordplay campaign, Half a Year of
// Swords, as its booklets print it.
func swordsDoc(t *testing.T) booklet.Doc {
	t.Helper()
	sys, err := registry(t).Get("swordplay")
	if err != nil {
		t.Fatal(err)
	}
	c, err := campaign.Build(sys, "sortie-default-campaign-2", 6, engine.Options{Recruits: "feudal", Enemies: "goblins"})
	if err != nil {
		t.Fatal(err)
	}
	return booklet.Doc{Title: "Half a Year of Swords", Set: sys.Rules(), Seed: "sortie-default-campaign-2", Campaign: c}
}

// TestArmyHeadingKeepsItsTable builds the default site's Sword & Spear
// pack, Border Battles, folded on A4 and Letter: each army's heading
// prints on the page its units' table starts on. The enemy's heading
// and its three lines of rolls (each wrapping to two) were left at the
// foot of page 6 of the A4 booklet, its table on page 7 with no heading
// over it: a lead-in of rolls and side remarks now goes with the
// heading and the table's start, however many lines it takes.
func TestArmyHeadingKeepsItsTable(t *testing.T) {
	sys, err := registry(t).Get("sword-and-spear-fantasy")
	if err != nil {
		t.Fatal(err)
	}
	p, err := pack.Build(sys, "sortie-default-pack-6", []string{"battle", "battle", "battle"}, engine.Options{Recruits: "human-kingdom"})
	if err != nil {
		t.Fatal(err)
	}
	d := booklet.Doc{Title: "Border Battles", Set: sys.Rules(), Seed: "sortie-default-pack-6", Pack: p}
	for _, paper := range []string{"a4", "letter"} {
		texts, err := booklet.PageTexts(d, booklet.Options{Paper: paper, Impose: booklet.Saddle, Created: created, Version: "0.1.0"})
		if err != nil {
			t.Fatal(err)
		}
		armies := 0
		for _, pg := range slices.Sorted(maps.Keys(texts)) {
			lines := strings.Split(texts[pg], "\n")
			for i, l := range lines {
				if !strings.HasPrefix(l, "Your army: ") && !strings.HasPrefix(l, "The enemy: ") {
					continue
				}
				armies++
				// The units' table's header row: "Unit Type Strength ...".
				if !slices.ContainsFunc(lines[i:], func(s string) bool { return strings.HasPrefix(s, "Unit Type ") }) {
					t.Errorf("%s p%d: %q is on the page, its units' table is not", paper, pg, l)
				}
			}
		}
		if armies != 6 {
			t.Errorf("%s: %d armies' headings, want two for each of three battles", paper, armies)
		}
	}
}

// TestFoldedChecklistGrid builds the default site's Chain Reaction pack,
// Hill Country Patrols, folded on A4 and Letter. An entry there takes
// two spreads (what a turn is played without goes overleaf), and its
// enemy's order of figures on the first spread was set as lines from
// the second pass on, as a flat entry's past its two pages is, though
// the grid fitted with room to spare (A4 folded page 7, Notes under
// it). The switch is judged by the folded entry's own limit: what stays
// on its first spread. Entry 1's order prints as a grid there, a row of
// figures to a line, each item a line of the page's text of its own.
func TestFoldedChecklistGrid(t *testing.T) {
	sys, err := registry(t).Get("chain-reaction-3")
	if err != nil {
		t.Fatal(err)
	}
	p, err := pack.Build(sys, "sortie-default-pack-4", []string{"patrol", "patrol", "patrol", "patrol"}, engine.Options{Recruits: "military", Enemies: "insurgents"})
	if err != nil {
		t.Fatal(err)
	}
	d := booklet.Doc{Title: "Hill Country Patrols", Set: sys.Rules(), Seed: "sortie-default-pack-4", Pack: p}
	item := regexp.MustCompile(`^1 \pL[^()]* \(\d+\)$`) // "1 Experienced (7)" alone: a grid's first cell
	for _, paper := range []string{"a4", "letter"} {
		opt := booklet.Options{Paper: paper, Impose: booklet.Saddle, Created: created, Version: "0.1.0"}
		_, pages, err := booklet.Passes(d, opt)
		if err != nil {
			t.Fatal(err)
		}
		start, end := pages["entry/1"], pages["end/1"]
		if end-start+1 <= 2 {
			t.Fatalf("%s: entry 1 is pages %d–%d: the case is an entry past its first spread", paper, start, end)
		}
		if _, ok := pages["lines/1"]; ok {
			t.Errorf("%s: entry 1 (pages %d–%d) sets its checklist as lines", paper, start, end)
		}
		texts, err := booklet.PageTexts(d, opt)
		if err != nil {
			t.Fatal(err)
		}
		grid := false
		for _, pg := range []int{start, start + 1} {
			for _, l := range strings.Split(texts[pg], "\n") {
				grid = grid || item.MatchString(l)
			}
		}
		if !grid {
			t.Errorf("%s: entry 1's first spread (pages %d–%d) has no grid of the enemy's order", paper, start, start+1)
		}
	}
}

// TestFoldedLegendOnPage builds the corpus's largest Two-Page Skirmish
// pack (fifteen skirmishes, Militia against Pirates) folded on A4: every
// map legend stays above its page's foot. A board whose caption alone
// took more than the room the plan gave it (spreadFit) was planned to
// leave room under it that it did not, and its legend, a row longer for
// the walls drawn on the board, ran into the footer.
func TestFoldedLegendOnPage(t *testing.T) {
	sys, err := registry(t).Get("two-page-skirmish")
	if err != nil {
		t.Fatal(err)
	}
	types := slices.Repeat([]string{"skirmish"}, 15)
	p, err := pack.Build(sys, "corpus-tps-10", types, engine.Options{Recruits: "militia", Enemies: "pirates"})
	if err != nil {
		t.Fatal(err)
	}
	d := booklet.Doc{Title: "Corpus tps 10", Set: sys.Rules(), Seed: "corpus-tps-10", Pack: p}
	feet, bottom, err := booklet.LegendFeet(d, booklet.Options{Paper: "a4", Impose: booklet.Saddle, Created: created, Version: "0.1.0"})
	if err != nil {
		t.Fatal(err)
	}
	if len(feet) == 0 {
		t.Fatal("no legends")
	}
	for i, f := range feet {
		if f > bottom+0.01 {
			t.Errorf("legend item %d ends at %.1f mm, past the text block's foot at %.1f", i, f, bottom)
		}
	}
}
