package site_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/engine/series"
	"github.com/sortie-wargames/sortie/generator/site"
)

func day(t *testing.T, v string) time.Time {
	t.Helper()
	d, err := time.Parse(time.DateOnly, v)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func slugsOf[T interface{ comparable }](items []T, slug func(T) string) []string {
	var out []string
	for _, it := range items {
		out = append(out, slug(it))
	}
	return out
}

// TestSelect is issue 22's drafts and future dates: a draft, and a pack
// or campaign dated after the build's day, are left out with a warning at
// the line that keeps them out, unless the build (or the site's config)
// takes them.
func TestSelect(t *testing.T) {
	files := map[string]string{
		"content/pages/done.md":      front("title: Done"),
		"content/pages/wip.md":       front("title: WIP", "draft: true"),
		"content/packs/old.md":       packFile("date: 2026-11-01"),
		"content/packs/today.md":     packFile("date: 2026-11-26"),
		"content/packs/next.md":      packFile("date: 2026-12-24"),
		"content/packs/undated.md":   packFile(),
		"content/campaigns/later.md": campaignFile("date: 2027-01-01"),
		"content/campaigns/rough.md": campaignFile("draft: yes"),
		"content/series/m.md":        seriesFile("draft: false"),
	}
	today := day(t, "2026-11-26")
	got := func(s *site.Site) string {
		return strings.Join(slices.Concat(
			slugsOf(s.Pages, func(p *site.Page) string { return p.Slug }),
			slugsOf(s.Packs, func(p *site.Pack) string { return p.Slug }),
			slugsOf(s.Campaigns, func(c *site.Campaign) string { return c.Slug }),
			slugsOf(s.Series, func(r *site.Series) string { return r.Slug })), " ")
	}

	s := mustLoad(t, files)
	s.Select(site.Selection{Today: today})
	if g := got(s); g != "done old today undated m" {
		t.Errorf("built %q", g)
	}
	want := []string{
		"content/pages/wip.md:3: a draft: left out of the build (--drafts builds it)",
		"content/packs/next.md:6: date 2026-12-24 is after the build's day, 2026-11-26: left out of the build and its feeds until then (--future, or future: true in sortie.conf, builds it now)",
		"content/campaigns/later.md:6: date 2027-01-01 is after the build's day, 2026-11-26",
		"content/campaigns/rough.md:6: a draft: left out of the build",
	}
	if len(s.Warnings) != len(want) {
		t.Fatalf("warnings %q", s.Warnings)
	}
	for i, w := range want {
		if !strings.HasPrefix(s.Warnings[i], w) {
			t.Errorf("warning %d: %q, want %q", i, s.Warnings[i], w)
		}
	}

	s = mustLoad(t, files)
	s.Select(site.Selection{Today: today, Drafts: true, Future: true})
	if g := got(s); g != "done wip next old today undated later rough m" || len(s.Warnings) != 0 {
		t.Errorf("--drafts --future: built %q, warnings %q", g, s.Warnings)
	}

	// The site's config takes future dates as --future does.
	fsys := siteFS(files)
	fsys[site.ConfigFile].Data = []byte("title: T\nfuture: true\n")
	s, err := site.Load(fsys, site.ConfigFile, "content", "", registry(t))
	if err != nil {
		t.Fatal(err)
	}
	s.Select(site.Selection{Today: today})
	if g := got(s); g != "done next old today undated later m" {
		t.Errorf("future: true: built %q", g)
	}

	// No build day (no clock) takes every date.
	s = mustLoad(t, files)
	s.Select(site.Selection{Drafts: true})
	if len(s.Packs) != 4 || len(s.Campaigns) != 2 {
		t.Errorf("no day: %q", got(s))
	}
}

// TestHasFeedsSeriesNotStarted: a series that starts after the month the
// build rolls up to gives the feeds nothing, so the site has none.
func TestHasFeedsSeriesNotStarted(t *testing.T) {
	s := mustLoad(t, map[string]string{"content/series/m.md": seriesFile()}) // starts 2026-06
	for _, c := range []struct {
		month string
		want  bool
	}{{"", true}, {"2026-05", false}, {"2026-06", true}, {"2027-01", true}} {
		var m series.Month
		if c.month != "" {
			var err error
			if m, err = series.ParseMonth(c.month); err != nil {
				t.Fatal(err)
			}
		}
		s.Select(site.Selection{Month: m})
		if got := s.HasFeeds(); got != c.want {
			t.Errorf("month %q: HasFeeds %v, want %v", c.month, got, c.want)
		}
	}
}

// TestSeriesNotStartedWarns: a series whose start is after the build's
// month (a year mistyped, say) builds, with a warning at its start: line;
// one that has started builds without.
func TestSeriesNotStartedWarns(t *testing.T) {
	for _, c := range []struct {
		month string
		warns bool
	}{{"2026-05", true}, {"2026-06", false}, {"2027-01", false}} {
		s := mustLoad(t, map[string]string{"content/series/m.md": seriesFile()}) // starts 2026-06
		m, err := series.ParseMonth(c.month)
		if err != nil {
			t.Fatal(err)
		}
		s.Select(site.Selection{Month: m})
		warned := slices.ContainsFunc(s.Warnings, func(w string) bool {
			return strings.Contains(w, "content/series/m.md:") && strings.Contains(w, "start 2026-06 is after the build's month, "+c.month)
		})
		if warned != c.warns {
			t.Errorf("month %s: warned %v, want %v (%q)", c.month, warned, c.warns, s.Warnings)
		}
	}
}

// TestDateAndFlagErrors: a date in the right form but not on the
// calendar is told why; draft: and future: take true or false.
func TestDateAndFlagErrors(t *testing.T) {
	for _, c := range []struct{ name, file, data, want string }{
		{"30 February", "content/packs/p.md", packFile("date: 2026-02-30"), `content/packs/p.md:6: date "2026-02-30": there is no 30 February in 2026: that month has 28 days`},
		{"29 February", "content/packs/p.md", packFile("date: 2027-02-29"), `date "2027-02-29": there is no 29 February in 2027: that month has 28 days`},
		{"month 13", "content/campaigns/c.md", campaignFile("date: 2026-13-01"), `content/campaigns/c.md:6: date "2026-13-01": there is no month 13: the month is 01 to 12`},
		{"day 0", "content/packs/p.md", packFile("date: 2026-04-00"), `there is no 0 April in 2026: that month has 30 days`},
		{"not a date", "content/packs/p.md", packFile("date: 26/11/2026"), `date "26/11/2026": want the day it was added, YYYY-MM-DD`},
		{"draft maybe", "content/pages/p.md", front("title: P", "draft: maybe"), `content/pages/p.md:3: draft "maybe": want true or false`},
	} {
		_, err := load(t, map[string]string{c.file: c.data})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	// A leap year's 29 February is a day.
	if _, err := load(t, map[string]string{"content/packs/p.md": packFile("date: 2028-02-29")}); err != nil {
		t.Error(err)
	}
	fsys := siteFS(nil)
	fsys[site.ConfigFile].Data = []byte("title: T\nfuture: soon\n")
	if _, err := site.Load(fsys, site.ConfigFile, "content", "", registry(t)); err == nil || !strings.Contains(err.Error(), `sortie.conf:2: future "soon": want true or false`) {
		t.Errorf("future: soon: %v", err)
	}
}
