package generator

import (
	"encoding/json"
	"encoding/xml"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator/feed"
)

// monthly is a site with a monthly series that started in September 2026
// and a base URL, so it has feeds and a sitemap.
const monthly = `
-- sortie.conf --
title: Monthly Test
tagline: A fight a month.
paper: a4
baseurl: https://example.org/monthly
-- content/series/fight.md --
---
title: Fight of the Month
summary: A fresh Swordplay encounter every month.
system: swordplay
seed: fight-of-the-month
encounters: patrol, raid-attack, raid-defend
start: 2026-09
---
Everyone who builds this series gets the same fight each month.
`

// TestMonthlySeries builds a site with a series in three successive
// months and checks the archive grows a month at a time and never
// changes a past month; the series page shows this month's encounter;
// the home page links it; both feeds are valid and list every month,
// newest first, with stable ids and the month as the date; and the
// sitemap lists every page.
func TestMonthlySeries(t *testing.T) {
	t.Parallel() // builds a site of its own; see parallel in generator_test.go
	dir := writeSite(t, monthly)
	var prev, october map[string][]byte
	for i, month := range []string{"2026-09", "2026-10", "2026-11"} {
		files := render(t, Options{Source: dir, Systems: systems.Builtin(), Month: month})
		if month == "2026-10" {
			october = files
		}
		checkPages(t, files)
		index := string(files["series/fight/index.html"])
		want := []string{"2026-09", "2026-10", "2026-11"}[:i+1]
		titles := []string{"September 2026", "October 2026", "November 2026"}[:i+1]
		for k, m := range want {
			page := "series/fight/" + m + ".html"
			if files[page] == nil || files["series/fight/fight-"+m+"-a4.pdf"] == nil {
				t.Errorf("%s: no page or booklet for %s", month, m)
			}
			if !strings.Contains(index, `href="../../series/fight/`+m+`.html"`) || !strings.Contains(index, titles[k]) {
				t.Errorf("%s: the archive lacks %s", month, m)
			}
			// A past month is the same page whichever month the site is
			// built in, apart from the pager's link to the month after.
			if prev != nil && prev[page] != nil && k < i-1 && string(prev[page]) != string(files[page]) {
				t.Errorf("%s: the page of %s changed", month, m)
			}
		}
		if files["series/fight/2026-12.html"] != nil {
			t.Errorf("%s: a page for a month to come", month)
		}
		if !strings.Contains(index, "This month: "+titles[i]) {
			t.Errorf("%s: the series page does not show this month", month)
		}
		home := string(files["index.html"])
		if !strings.Contains(home, `href="series/fight/`+month+`.html"`) || !strings.Contains(home, "Fight of the Month, "+titles[i]) {
			t.Errorf("%s: the home page does not link this month's encounter", month)
		}
		checkAtom(t, files["feed.xml"], want)
		checkJSONFeed(t, files["feed.json"], want)
		checkSitemap(t, files)
		prev = files
	}
	// Two builds of the same month are the same bytes: October's above,
	// and one more.
	a := october
	b := render(t, Options{Source: dir, Systems: systems.Builtin(), Month: "2026-10"})
	if len(a) != len(b) {
		t.Errorf("October: %d files, then %d", len(a), len(b))
	}
	for p := range a {
		if string(a[p]) != string(b[p]) {
			t.Errorf("%s differs between two builds of October", p)
		}
	}
	// Before the series starts: no months, and the page says when.
	early := render(t, Options{Source: dir, Systems: systems.Builtin(), Month: "2026-08"})
	if !strings.Contains(string(early["series/fight/index.html"]), "The series starts in September 2026") {
		t.Error("a series not yet started does not say when it starts")
	}
	if _, _, err := Render(Options{Source: dir, Systems: systems.Builtin()}); err == nil || !strings.Contains(err.Error(), "content/series/fight.md: a monthly series needs the month to build up to: pass --month YYYY-MM") {
		t.Errorf("no month: %v", err)
	}
}

var uuidURN = regexp.MustCompile(`^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

// checkAtom checks an Atom feed against RFC 4287's requirements: the
// Atom namespace; a feed id, title, updated, author and self link; every
// entry with an id (a UUID URN, unique), a title, an updated date in RFC
// 3339 and an alternate link; entries newest first, one per month.
func checkAtom(t *testing.T, data []byte, months []string) {
	t.Helper()
	type link struct {
		Rel  string `xml:"rel,attr"`
		Href string `xml:"href,attr"`
	}
	type entry struct {
		ID      string `xml:"id"`
		Title   string `xml:"title"`
		Updated string `xml:"updated"`
		Links   []link `xml:"link"`
	}
	var f struct {
		XMLName xml.Name `xml:"feed"`
		ID      string   `xml:"id"`
		Title   string   `xml:"title"`
		Updated string   `xml:"updated"`
		Author  []struct {
			Name string `xml:"name"`
		} `xml:"author"`
		Links   []link  `xml:"link"`
		Entries []entry `xml:"entry"`
	}
	if err := xml.Unmarshal(data, &f); err != nil {
		t.Fatalf("feed.xml: %v", err)
	}
	if f.XMLName.Space != "http://www.w3.org/2005/Atom" || !uuidURN.MatchString(f.ID) || f.Title != "Monthly Test" || len(f.Author) != 1 || f.Author[0].Name == "" {
		t.Errorf("feed.xml head: %+v", f)
	}
	if _, err := time.Parse(time.RFC3339, f.Updated); err != nil || f.Updated != months[len(months)-1]+"-01T00:00:00Z" {
		t.Errorf("feed.xml updated %q (%v)", f.Updated, err)
	}
	if !slices.ContainsFunc(f.Links, func(l link) bool { return l.Rel == "self" && l.Href == "https://example.org/monthly/feed.xml" }) {
		t.Errorf("feed.xml has no self link: %+v", f.Links)
	}
	if len(f.Entries) != len(months) {
		t.Fatalf("feed.xml: %d entries for %d months", len(f.Entries), len(months))
	}
	ids := map[string]bool{}
	for i, e := range f.Entries {
		m := months[len(months)-1-i]
		if !uuidURN.MatchString(e.ID) || ids[e.ID] || e.Title == "" || e.Updated != m+"-01T00:00:00Z" {
			t.Errorf("feed.xml entry %d: %+v", i, e)
		}
		ids[e.ID] = true
		if len(e.Links) != 1 || e.Links[0].Rel != "alternate" || e.Links[0].Href != "https://example.org/monthly/series/fight/"+m+".html" {
			t.Errorf("feed.xml entry %d links %+v", i, e.Links)
		}
		if want := feed.ID("series/swordplay/fight-of-the-month/patrol,raid-attack,raid-defend/" + m); e.ID != want {
			t.Errorf("feed.xml entry %d id %s, want %s (stable)", i, e.ID, want)
		}
	}
}

// checkJSONFeed checks a JSON Feed against version 1.1: its version URL,
// a title, absolute home and feed URLs, and items each with a unique
// string id, content_text, a url and an RFC 3339 date_published, newest
// first; and no key the spec does not define.
func checkJSONFeed(t *testing.T, data []byte, months []string) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	var f struct {
		Version     string `json:"version"`
		Title       string `json:"title"`
		HomePageURL string `json:"home_page_url"`
		FeedURL     string `json:"feed_url"`
		Description string `json:"description"`
		Authors     []struct {
			Name string `json:"name"`
		} `json:"authors"`
		Language string `json:"language"`
		Items    []struct {
			ID            string `json:"id"`
			URL           string `json:"url"`
			Title         string `json:"title"`
			ContentText   string `json:"content_text"`
			Summary       string `json:"summary"`
			DatePublished string `json:"date_published"`
		} `json:"items"`
	}
	if err := dec.Decode(&f); err != nil {
		t.Fatalf("feed.json: %v", err)
	}
	if f.Version != "https://jsonfeed.org/version/1.1" || f.Title == "" || f.FeedURL != "https://example.org/monthly/feed.json" || f.HomePageURL != "https://example.org/monthly/index.html" {
		t.Errorf("feed.json head: %+v", f)
	}
	if len(f.Items) != len(months) {
		t.Fatalf("feed.json: %d items for %d months", len(f.Items), len(months))
	}
	ids := map[string]bool{}
	for i, it := range f.Items {
		m := months[len(months)-1-i]
		if _, err := time.Parse(time.RFC3339, it.DatePublished); err != nil || it.DatePublished != m+"-01T00:00:00Z" {
			t.Errorf("feed.json item %d date %q", i, it.DatePublished)
		}
		if it.ID == "" || ids[it.ID] || it.ContentText == "" || it.URL != "https://example.org/monthly/series/fight/"+m+".html" {
			t.Errorf("feed.json item %d: %+v", i, it)
		}
		ids[it.ID] = true
	}
}

// checkSitemap checks the sitemap (sitemaps.org 0.9): its namespace and
// one absolute URL under the base URL for every HTML page, and nothing
// else.
func checkSitemap(t *testing.T, files map[string][]byte) {
	t.Helper()
	var set struct {
		XMLName xml.Name `xml:"urlset"`
		URLs    []struct {
			Loc string `xml:"loc"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal(files["sitemap.xml"], &set); err != nil {
		t.Fatalf("sitemap.xml: %v", err)
	}
	if set.XMLName.Space != "http://www.sitemaps.org/schemas/sitemap/0.9" {
		t.Errorf("sitemap namespace %q", set.XMLName.Space)
	}
	var want []string
	for p := range files {
		if strings.HasSuffix(p, ".html") && p != "404.html" { // the 404 page is not one to index
			want = append(want, "https://example.org/monthly/"+p)
		}
	}
	var got []string
	for _, u := range set.URLs {
		if pu, err := url.Parse(u.Loc); err != nil || !pu.IsAbs() {
			t.Errorf("sitemap: %q is not absolute", u.Loc)
		}
		got = append(got, u.Loc)
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("sitemap lists %d pages, want %d", len(got), len(want))
	}
}

// TestDatedPacksInFeeds: a pack or campaign with a date is in the feeds
// on that day, newest first; one without is not; a site with neither a
// series nor a date has no feeds.
func TestDatedPacksInFeeds(t *testing.T) {
	dir := writeSite(t, minimal+`
-- content/packs/dated.md --
---
title: Dated Pack
system: 2d6-sword-and-sorcery
seed: dated-1
encounters: explore
date: 2026-11-23
---
New this week.
`)
	files := render(t, Options{Source: dir, Systems: systems.Builtin()})
	var f struct {
		Entries []struct {
			Title   string `xml:"title"`
			Updated string `xml:"updated"`
		} `xml:"entry"`
	}
	if err := xml.Unmarshal(files["feed.xml"], &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Entries) != 1 || f.Entries[0].Title != "New pack: Dated Pack" || f.Entries[0].Updated != "2026-11-23T00:00:00Z" {
		t.Errorf("entries %+v", f.Entries)
	}
	if !strings.Contains(string(files["feed.json"]), `"url": "packs/dated/index.html"`) {
		t.Errorf("feed.json:\n%s", files["feed.json"])
	}
	if !strings.Contains(string(files["index.html"]), `type="application/atom+xml"`) {
		t.Error("the pages do not point to the feed")
	}
	plain := render(t, Options{Source: writeSite(t, minimal), Systems: systems.Builtin()})
	if plain["feed.xml"] != nil || strings.Contains(string(plain["index.html"]), "application/atom+xml") {
		t.Error("a site with nothing dated has a feed")
	}
	bad := writeSite(t, minimal+"-- content/packs/bad.md --\n---\ntitle: B\nsystem: 2d6-sword-and-sorcery\nseed: b\nencounters: explore\ndate: 23/11/2026\n---\n")
	if _, _, err := Render(Options{Source: bad, Systems: systems.Builtin()}); err == nil || !strings.Contains(err.Error(), `content/packs/bad.md:6: date "23/11/2026": want the day it was added, YYYY-MM-DD`) {
		t.Errorf("bad date: %v", err)
	}
}

// TestFutureFeeds is issue 22's feeds: a pack dated after the build's
// day is not built, not in the feeds and does not date them, and the
// build warns at its line; --future (Options.Future) takes it. A series
// that has not started by the month built writes no feed dated
// 1970-01-01, and the pages link none. --drafts and --baseurl reach the
// build.
func TestFutureFeeds(t *testing.T) {
	none := []string{}
	dir := writeSite(t, minimal+`
-- content/packs/dated.md --
---
title: Dated Pack
system: 2d6-sword-and-sorcery
seed: dated-1
encounters: explore
date: 2026-11-23
---
-- content/packs/soon.md --
---
title: Soon Pack
system: 2d6-sword-and-sorcery
seed: soon-1
encounters: explore
date: 2026-12-24
---
-- content/pages/wip.md --
---
title: WIP
draft: true
---
`)
	today := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	files, sum, err := Render(Options{Source: dir, Systems: systems.Builtin(), Papers: none, Today: today})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]byte{}
	for _, f := range files {
		got[f.Path] = f.Data
	}
	atom := string(got["feed.xml"])
	if strings.Contains(atom, "Soon Pack") || strings.Contains(string(got["feed.json"]), "Soon Pack") || !strings.Contains(atom, "<updated>2026-11-23T00:00:00Z</updated>\n  <author>") {
		t.Errorf("feed.xml:\n%s", atom)
	}
	if got["packs/soon/index.html"] != nil || got["pages/wip.html"] != nil || strings.Contains(string(got["index.html"]), "Soon Pack") {
		t.Error("the future pack or the draft was built")
	}
	if !slices.ContainsFunc(sum.Warnings, func(w string) bool {
		return strings.Contains(w, "content/packs/soon.md:6: date 2026-12-24 is after the build's day, 2026-11-26")
	}) || !slices.ContainsFunc(sum.Warnings, func(w string) bool { return strings.Contains(w, "content/pages/wip.md:3: a draft") }) {
		t.Errorf("warnings %q", sum.Warnings)
	}

	later := render(t, Options{Source: dir, Systems: systems.Builtin(), Papers: none, Today: today, Future: true, Drafts: true, BaseURL: "https://example.org/x"})
	if !strings.Contains(string(later["feed.xml"]), "Soon Pack") || !strings.Contains(string(later["feed.xml"]), "<updated>2026-12-24T00:00:00Z</updated>\n  <author>") ||
		later["packs/soon/index.html"] == nil || later["pages/wip.html"] == nil {
		t.Errorf("--future --drafts: feed.xml:\n%s", later["feed.xml"])
	}
	if !strings.Contains(string(later["sitemap.xml"]), "<loc>https://example.org/x/packs/soon/index.html</loc>") {
		t.Errorf("--baseurl: sitemap.xml:\n%s", later["sitemap.xml"])
	}
	if _, _, err := Render(Options{Source: dir, Systems: systems.Builtin(), Papers: none, BaseURL: "example.org"}); err == nil || !strings.Contains(err.Error(), "want the address the site is published at") {
		t.Errorf("bad base URL: %v", err)
	}

	// A series that starts after the month built: no feed, no link.
	early := render(t, Options{Source: writeSite(t, monthly), Systems: systems.Builtin(), Papers: none, Month: "2026-08", Today: time.Date(2026, 8, 31, 0, 0, 0, 0, time.UTC)})
	if early["feed.xml"] != nil || early["feed.json"] != nil || strings.Contains(string(early["index.html"]), "application/atom+xml") {
		t.Errorf("a series not started has a feed:\n%s", early["feed.xml"])
	}
	if early["series/fight/index.html"] == nil {
		t.Error("the series not started has no page")
	}
}
