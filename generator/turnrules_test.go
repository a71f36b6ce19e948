package generator

import (
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/generator/web"
)

// turnRules are the rules a turn needs that the books give as prose, one
// box each on the Quick Reference Sheets (issue 38), with the facts each
// must carry as the book gives them.
var turnRules = []struct {
	system, table string
	facts         []string
}{
	{"2d6-sword-and-sorcery", "out-of-the-fight", []string{
		"may kill it or take it prisoner, no roll",
		"it counts as in Cover, and a shot missed only because of that Cover hits the wounded",
		"if charged, it drops the wounded",
		"a recovered figure returns on pass 1d6 or 2d6; one not recovered only on pass 2d6",
		"Sortie's decision (the book never defines it)",
		"Retrieving Wounded (page 11)",
	}},
	{"swordplay", "active-figure", []string{
		"Stay in place, turn to face any way, and fire.",
		"Getting up costs 4\" of the move; a Fast Move after it rolls 1d6 only.",
		"pick it up: 2\" off the move",
		"Fast Move counts only the best die",
		"a Star may keep hold and melee at -2d6",
		"In or out through a door: 2\" off the move. Through a window: the move ends there, and no firing.",
		"going up or down a floor costs half the move",
		"Retrieving Wounded (page 23), Buildings (page 25)",
	}},
	{"swordplay", "facing-and-sight", []string{
		"Guards the front facing only",
		"counts as shielded in the first round of a melee only",
		"At night, 12\"",
		"only friendly figures, terrain, buildings and sometimes weather block it",
		"Shields (page 7), Line of Sight and Cover or Concealment (page 18)",
	}},
	{"chain-reaction-3", "firing-rules", []string{
		"Ranged Combat misses it on 8 and on 9",
		"missed on 8 only",
		"Stunned or Out of the Fight enemy may kill it or take it prisoner",
		"each counts as snap firing",
		"any figure that needs one has one",
		"In woods or rough: 12\" by day, 6\" at night",
		"Who's Got the Grenade (page 18)",
		"Sortie follows page 17",
	}},
}

// TestTurnRulesOnQRS: each box of the rules a turn needs is on its
// system's Quick Reference Sheets, every row of it, on both papers and on
// the QRS page of the site, with the facts the book gives.
func TestTurnRulesOnQRS(t *testing.T) {
	files := defaultPrint(t).files
	reg, err := LoadSystems("", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range turnRules {
		sys, err := reg.Get(tc.system)
		if err != nil {
			t.Fatal(err)
		}
		tb := sys.Rules().Table(tc.table)
		if tb == nil {
			t.Errorf("%s: no table %s", tc.system, tc.table)
			continue
		}
		texts := boxTexts(tb)
		all := strings.Join(texts, " ")
		for _, f := range tc.facts {
			if !strings.Contains(all, f) {
				t.Errorf("%s: the box says nothing of %q", tc.table, f)
			}
		}
		dir := web.SystemDir(tc.system)
		places := map[string]string{
			dir + "/qrs.html": squeeze(html.UnescapeString(tags.ReplaceAllString(string(files[dir+"/qrs.html"]), " "))),
		}
		for _, paper := range []string{"a4", "letter"} {
			p := dir + "/" + tc.system + "-qrs-" + paper + ".pdf"
			places[p] = squeeze(plainText(t, files[p]))
		}
		for where, text := range places {
			for _, s := range texts {
				if !strings.Contains(text, squeeze(s)) {
					t.Errorf("%s does not print %q", where, s)
				}
			}
		}
	}
}

// boxTexts are the title, the rows, the decision and the source of a
// lookup box, as they print.
func boxTexts(tb *rules.Table) []string {
	out := []string{tb.Title, tb.Source}
	for _, d := range tb.Decisions {
		out = append(out, "Sortie's decision: "+d)
	}
	for _, row := range tb.Rows {
		out = append(out, row.Key)
		for _, c := range row.Cells {
			out = append(out, c.Text)
		}
	}
	return out
}

// tags are HTML tags, read as spaces.
var tags = regexp.MustCompile(`<[^>]*>`)

// squeeze takes every space out of s, so that text wrapped over lines
// and cells compares with the data's.
func squeeze(s string) string { return strings.Join(strings.Fields(s), "") }

// plainText is a PDF's text in the order it was painted, cell by cell
// (pdftotext -raw: -layout runs two columns' lines together, and the
// default reading order a wrapped key cell into its row's text); it skips
// the test when the tool is not there.
func plainText(t *testing.T, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		if os.Getenv("SORTIE_REQUIRE_TOOLS") != "" {
			t.Fatal("pdftotext is required (SORTIE_REQUIRE_TOOLS is set)")
		}
		t.Skip("pdftotext not installed")
	}
	name := filepath.Join(t.TempDir(), "b.pdf")
	if err := os.WriteFile(name, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-raw", name, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
