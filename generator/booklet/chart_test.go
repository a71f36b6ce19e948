package booklet_test

import (
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/swordplay"
	"github.com/sortie-wargames/sortie/generator/booklet"
)

// swordplayCampaign rolls a Swordplay campaign: the widest rows a
// built-in system gives (a box for every type and Enemy Activity Level).
func swordplayCampaign(t *testing.T, seed string, steps int) booklet.Doc {
	t.Helper()
	sub, err := fs.Sub(content.FS, "systems/"+swordplay.ID)
	if err != nil {
		t.Fatal(err)
	}
	set, err := rules.Load(sub, "content/systems/"+swordplay.ID)
	if err != nil {
		t.Fatal(err)
	}
	sys, err := swordplay.New(set)
	if err != nil {
		t.Fatal(err)
	}
	c, err := campaign.Build(sys, seed, steps, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return booklet.Doc{Title: "A Year of Raids", Set: set, Seed: seed, Campaign: c}
}

// TestCampaignChart checks the chart page of a 12-step campaign on each
// paper: one page after the contents and the band (or two, where one
// would set its boxes' words under face.MinSize: on Letter), listed in
// the contents, facing or just before the first entry, whose text
// carries every entry's number and encounter.
func TestCampaignChart(t *testing.T) {
	docs := []booklet.Doc{campaignDoc(t, "summer"), swordplayCampaign(t, "raids", 12)}
	keys := []string{"campaign", "swordplay-raids-12"} // sharedLaid's
	for _, p := range papers {
		for i, d := range docs {
			t.Run(p.name+"/"+d.Set.System.ID, func(t *testing.T) {
				opt := booklet.Options{Paper: p.name, Created: created, Version: "0.1.0"}
				pdf, pages, _ := sharedLaid(t, keys[i], d, opt)
				first := pages["entry/"+strconv.Itoa(d.Campaign.Start)]
				if pages["chart"] <= pages["band"] || pages["band"] < pages["contents"] || pages["chart/last"]-pages["chart"] > 1 || first <= pages["chart/last"] || first-pages["chart"] > 2 {
					t.Fatalf("the chart runs from page %d to %d, want one page after the contents (page %d) and the band (page %d), by the first entry (page %d)", pages["chart"], pages["chart/last"], pages["contents"], pages["band"], first)
				}
				path := save(t, "chart-"+p.name+"-"+d.Set.System.ID+".pdf", pdf)
				page := pdftotext(t, path, pages["chart"], pages["chart/last"])
				// Every entry's number, as a word of its own.
				words := map[string]bool{}
				for _, w := range regexp.MustCompile(`\d+`).FindAllString(page, -1) {
					words[w] = true
				}
				for _, n := range d.Campaign.Nodes {
					if !words[strconv.Itoa(n.Number)] {
						t.Errorf("the chart does not print entry %d", n.Number)
					}
				}
				flat := squash(page)
				for _, want := range []string{"Campaign chart", "Success", "Failure", "Enc."} {
					if !strings.Contains(flat, want) {
						t.Errorf("the chart page does not say %q", want)
					}
				}
				// Each encounter's title, as often as it has boxes (a
				// title broken over two lines counts by its first word).
				for _, title := range []string{"Explore", "Raid", "Defend", "Patrol"} {
					want := 0
					for _, n := range d.Campaign.Nodes {
						if strings.HasPrefix(n.Encounter.Title, title) {
							want++
						}
					}
					if got := strings.Count(flat, title); got < want {
						t.Errorf("%q printed %d times, want %d", title, got, want)
					}
				}
				contents := squash(pdftotext(t, path, pages["contents"], pages["contents"]))
				if !strings.Contains(contents, "Campaign chart . . .") {
					t.Error("the contents do not list the chart")
				}
			})
		}
	}
}

// TestLongCampaignChart checks that a campaign too long for a page goes
// on over the next page, each listing its rows' entries.
func TestLongCampaignChart(t *testing.T) {
	c, err := campaign.Build(sorcery(t), "long", 20, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := booklet.Doc{Title: "The Longer Road", Set: sorcery(t).Rules(), Seed: "long", Campaign: c}
	opt := booklet.Options{Paper: "letter", Created: created, Version: "0.1.0"}
	pages, texts, _, err := booklet.Rendered(d, opt)
	if err != nil {
		t.Fatal(err)
	}
	first, last := pages["chart"], pages["chart/last"]
	if last <= first || last-first > 3 {
		t.Fatalf("20 steps take chart pages %d to %d, want two to four pages", first, last)
	}
	var seen []int
	for p := first; p <= last; p++ {
		for _, l := range strings.Split(texts[p], "\n") {
			if n, err := strconv.Atoi(l); err == nil && !slices.Contains(seen, n) {
				seen = append(seen, n)
			}
		}
	}
	slices.Sort(seen)
	if len(seen) != len(d.Campaign.Nodes) || seen[0] != 1 || seen[len(seen)-1] != len(d.Campaign.Nodes) {
		t.Errorf("the chart pages print %d entry numbers, want 1 to %d", len(seen), len(d.Campaign.Nodes))
	}
}
