package site_test

import (
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/generator/site"
)

// seriesFile is a valid series: title 2, system 3, seed 4, encounters 5,
// start 6; extra lines from 7.
func seriesFile(extra ...string) string {
	return front(append([]string{
		"title: The Monthly",
		"system: " + systemID,
		"seed: monthly-1",
		"encounters: explore, raid, defend",
		"start: 2026-06",
	}, extra...)...)
}

func TestSeries(t *testing.T) {
	s := mustLoad(t, map[string]string{
		"content/series/monthly.md": seriesFile("band: 4", "weight: 2"),
		"content/series/other.md":   seriesFile("weight: 1"),
	})
	if len(s.Series) != 2 || s.Series[0].Slug != "other" {
		t.Fatalf("series %+v", s.Series)
	}
	m := s.Series[1]
	if m.Title != "The Monthly" || m.System != systemID || m.Seed != "monthly-1" || strings.Join(m.Types, " ") != "explore raid defend" ||
		m.Start.String() != "2026-06" || m.Options.BandSize != 4 || m.File != "content/series/monthly.md" {
		t.Errorf("series %+v", m)
	}
}

func TestSeriesErrors(t *testing.T) {
	for _, c := range []struct {
		name, file, want string
	}{
		{"bad start", seriesFile()[:0] + front("title: M", "system: "+systemID, "seed: s", "encounters: explore", "start: 2026-13"),
			`content/series/m.md:6: month "2026-13": want YYYY-MM, such as 2026-11: the first month of the series`},
		{"no start", front("title: M", "system: "+systemID, "seed: s", "encounters: explore"), "content/series/m.md:6: missing start"},
		{"unknown type", front("title: M", "system: "+systemID, "seed: s", "encounters: explore, siege", "start: 2026-01"),
			`content/series/m.md:5: unknown encounter type "siege"`},
		{"counted types", front("title: M", "system: "+systemID, "seed: s", "encounters: explore 2", "start: 2026-01"),
			`content/series/m.md:5: "explore 2": want encounter types taken in turn`},
		{"unknown key", seriesFile("steps: 3"), `content/series/m.md:7: unknown key "steps"`},
	} {
		_, err := load(t, map[string]string{"content/series/m.md": c.file})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

func TestBaseURL(t *testing.T) {
	for _, c := range []struct{ in, want, err string }{
		{"https://example.org/sortie", "https://example.org/sortie/", ""},
		{"http://localhost:1313/", "http://localhost:1313/", ""},
		{"example.org", "", "want the address the site is published at"},
		{"ftp://example.org/", "", "want the address"},
		{"https://example.org/?q=1", "", "want the address"},
		{"https://example.org/sortie/?", "", "want the address"}, // an empty query still prints a "?"
	} {
		fsys := siteFS(nil)
		fsys[site.ConfigFile].Data = []byte("title: T\nbaseurl: " + c.in + "\n")
		s, err := site.Load(fsys, site.ConfigFile, "content", "", registry(t))
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), "sortie.conf:2: baseurl")) || c.err != "" && !strings.Contains(err.Error(), c.err):
			t.Errorf("%q: %v, want %q", c.in, err, c.err)
		case c.err == "" && (err != nil || s.BaseURL != c.want):
			t.Errorf("%q: %v, %q; want %q", c.in, err, s.BaseURL, c.want)
		}
	}
}
