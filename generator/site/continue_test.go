package site_test

import (
	"strings"
	"testing"
)

// stateFile is a campaign file of the test system, chapter 1, as
// sortie campaign --state writes one (the games written by hand).
const stateFile = `system: ` + systemID + `
seed: summer
encounters: 3
chapter: 1
start: explore
band:
  - name: Star
    star: true
    class: Melee
    rep: 5
games:
  - {entry: 1, result: success}
`

// TestCampaignGoesOn: a campaign page that names a campaign file takes
// its seed, length and options from it; each mistake is told where it
// was made, the page's line or the file's.
func TestCampaignGoesOn(t *testing.T) {
	page := func(extra ...string) string {
		return front(append([]string{"title: Chapter 2", "system: " + systemID, "continue: summer.yaml"}, extra...)...)
	}
	s := mustLoad(t, map[string]string{"content/campaigns/c.md": page(), "content/campaigns/summer.yaml": stateFile})
	c := s.Campaigns[0]
	if c.From == nil || c.Seed != "summer" || c.Steps != 3 || c.From.Chapter != 1 || len(c.From.Games) != 1 {
		t.Fatalf("the campaign does not go on from its file: %+v", c)
	}
	if len(s.Warnings) > 0 {
		t.Errorf("a campaign file beside its page warns: %q", s.Warnings)
	}
	s = mustLoad(t, map[string]string{"content/campaigns/c.md": page(), "content/campaigns/summer.yaml": stateFile, "content/campaigns/winter.yaml": stateFile})
	if want := "content/campaigns/winter.yaml: not read: no campaign names it (continue: winter.yaml)"; len(s.Warnings) != 1 || s.Warnings[0] != want {
		t.Errorf("a campaign file no page names: warnings %q, want %q", s.Warnings, want)
	}
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"seed given twice", map[string]string{"content/campaigns/c.md": page("seed: winter"), "content/campaigns/summer.yaml": stateFile},
			"content/campaigns/c.md:5: seed with continue: the campaign file gives it; change it there"},
		{"options given twice", map[string]string{"content/campaigns/c.md": page("star-rep: 4"), "content/campaigns/summer.yaml": stateFile},
			"content/campaigns/c.md:5: star-rep with continue: the campaign file gives it"},
		{"a file elsewhere", map[string]string{"content/campaigns/c.md": front("title: C", "system: "+systemID, "continue: ../summer.yaml")},
			`content/campaigns/c.md:4: continue "../summer.yaml": want the name of a campaign file beside this page in campaigns/, ending .yaml`},
		{"no such file", map[string]string{"content/campaigns/c.md": page()},
			"content/campaigns/c.md:4: failed to read the campaign file"},
		{"a file from another system", map[string]string{"content/campaigns/c.md": page(), "content/campaigns/summer.yaml": strings.Replace(stateFile, systemID, "swordplay", 1)},
			"content/campaigns/c.md:3: system " + systemID + ", but the campaign file summer.yaml is a campaign of swordplay"},
		{"a mistake in the file", map[string]string{"content/campaigns/c.md": page(), "content/campaigns/summer.yaml": strings.Replace(stateFile, "result: success", "result: won", 1)},
			`content/campaigns/summer.yaml:12: games, game 1: result "won": want success or failure`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := load(t, tc.files)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v\nwant %s", err, tc.want)
			}
		})
	}
}
