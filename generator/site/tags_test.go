package site_test

import (
	"slices"
	"testing"

	"github.com/sortie-wargames/sortie/generator/site"
)

// TestTags: tags: in a pack's or campaign's front matter, a YAML list or
// "a, b", read in the order written; sortie.conf's paginate: is how
// many items a page of a list holds, 20 when not given.
func TestTags(t *testing.T) {
	s := mustLoad(t, map[string]string{
		site.ConfigFile:          "title: T\npaginate: 5\n",
		"content/packs/a.md":     packFile("tags: orcs, night-raids"),
		"content/packs/b.md":     packFile("tags:", "  - night-raids", "  - 2d6"),
		"content/packs/c.md":     packFile(),
		"content/campaigns/d.md": campaignFile("tags: [orcs]"),
	})
	for i, want := range [][]string{{"orcs", "night-raids"}, {"night-raids", "2d6"}, nil} {
		if got := s.Packs[i].Tags; !slices.Equal(got, want) {
			t.Errorf("pack %s: tags %q, want %q", s.Packs[i].Slug, got, want)
		}
	}
	if got := s.Campaigns[0].Tags; !slices.Equal(got, []string{"orcs"}) {
		t.Errorf("campaign tags %q, want [orcs]", got)
	}
	if s.Paginate != 5 {
		t.Errorf("paginate %d, want 5", s.Paginate)
	}
	if s := mustLoad(t, map[string]string{site.ConfigFile: "title: T\n"}); s.Paginate != site.DefaultPaginate || site.DefaultPaginate != 20 {
		t.Errorf("paginate %d by default, want 20", s.Paginate)
	}
}

// TestBadTags: a tag that cannot name its page's folder, an empty one, a
// tag twice, and a bad paginate: are errors at their line, saying what
// to write.
func TestBadTags(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"capitals and a space", map[string]string{"content/packs/x.md": packFile("tags: orcs, Orc Raids")},
			`content/packs/x.md:6: tag "Orc Raids": want lowercase letters, digits and single hyphens, at most 64 characters ("orc-raids", say): a tag names its page's folder, tags/<tag>/`},
		{"accents in a YAML list", map[string]string{"content/campaigns/x.md": campaignFile("weight: 2", "tags:", "  - défense")},
			`content/campaigns/x.md:7: tag "défense": want lowercase letters, digits and single hyphens, at most 64 characters ("defense", say): a tag names its page's folder, tags/<tag>/`},
		{"no letter at all", map[string]string{"content/packs/x.md": packFile("tags: ---")},
			`content/packs/x.md:6: tag "---": want lowercase letters, digits and single hyphens, at most 64 characters: a tag names its page's folder, tags/<tag>/`},
		{"empty", map[string]string{"content/packs/x.md": packFile("tags: orcs, , night")},
			`content/packs/x.md:6: tags "orcs, , night": an empty tag; want a list such as "tags: orcs, night, short"`},
		{"twice", map[string]string{"content/packs/x.md": packFile("tags: [orcs, night, orcs]")},
			`content/packs/x.md:6: tag "orcs" given twice`},
		{"a Windows device name", map[string]string{"content/packs/x.md": packFile("tags: aux")},
			`content/packs/x.md:6: tag "aux" is a device name on Windows, where the site could not be copied: pick another`},
		{"a comma in a list item", map[string]string{"content/packs/x.md": packFile("tags:", "  - orcs, night")},
			`content/packs/x.md:7: tags: item "orcs, night" holds a comma: one item per list entry`},
		{"tags on a page", map[string]string{"content/pages/x.md": front("title: P", "tags: orcs")},
			`content/pages/x.md:3: unknown key "tags" (known: ` + knownPageKeys + `)`},
		{"paginate zero", map[string]string{site.ConfigFile: "title: T\npaginate: 0\n"},
			`sortie.conf:2: paginate "0": want a whole number from 1 to 1000`},
		{"paginate a word", map[string]string{site.ConfigFile: "title: T\npaginate: twenty\n"},
			`sortie.conf:2: paginate "twenty": want a whole number from 1 to 1000`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, ok := tt.files[site.ConfigFile]; !ok {
				tt.files[site.ConfigFile] = "title: T\n"
			}
			_, err := load(t, tt.files)
			if err == nil || err.Error() != tt.want {
				t.Errorf("error:\n got %v\nwant %s", err, tt.want)
			}
		})
	}
}
