package feed_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/generator/feed"
)

// TestID: a name-based UUID (version 5, RFC 9562 variant) that depends on
// the name alone.
func TestID(t *testing.T) {
	re := regexp.MustCompile(`^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	a, b := feed.ID("series/x/2026-11"), feed.ID("series/x/2026-12")
	if !re.MatchString(a) || !re.MatchString(b) || a == b || a != feed.ID("series/x/2026-11") {
		t.Errorf("ids %s, %s", a, b)
	}
}

// TestRelative: without a base URL the feeds link relative to the site's
// root and say nothing of where they are; a sitemap cannot be written.
func TestRelative(t *testing.T) {
	items := []feed.Item{{ID: feed.ID("a"), Title: "A <b>", Href: "series/m/2026-11.html", Date: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}}
	atom, err := feed.Atom(feed.Site{Title: "T & co"}, items)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`<link rel="alternate" type="text/html" href="series/m/2026-11.html"></link>`, `<title type="text">A &lt;b&gt;</title>`, `<title type="text">T &amp; co</title>`} {
		if !strings.Contains(string(atom), w) {
			t.Errorf("atom lacks %s:\n%s", w, atom)
		}
	}
	js, err := feed.JSON(feed.Site{Title: "T"}, items)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(js), "feed_url") || !strings.Contains(string(js), `"url": "series/m/2026-11.html"`) {
		t.Errorf("json feed:\n%s", js)
	}
	if _, err := feed.Sitemap("", []string{"index.html"}); err == nil || !strings.Contains(err.Error(), "no baseurl") {
		t.Errorf("sitemap without a base URL: %v", err)
	}
}

// TestListFeed: a list's feed in its folder links its items from there
// (a reader resolves a relative link against the feed's own address),
// names its own page and address under a base URL, and has an id of its
// own; the site's own feed keeps the id it had.
func TestListFeed(t *testing.T) {
	items := []feed.Item{{ID: feed.ID("a"), Title: "A", Href: "packs/a/index.html", Date: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}}
	atom, err := feed.Atom(feed.Site{Title: "T", Dir: "tags/orcs"}, items)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`href="../../packs/a/index.html"`, `<link rel="alternate" type="text/html" href="../../tags/orcs/index.html"></link>`, `<link rel="self" type="application/atom+xml" href="../../tags/orcs/feed.xml"></link>`} {
		if !strings.Contains(string(atom), w) {
			t.Errorf("atom lacks %s:\n%s", w, atom)
		}
	}
	js, err := feed.JSON(feed.Site{Title: "T", BaseURL: "https://example.org/x/", Dir: "systems/swordplay/encounters/patrol"}, items)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`"feed_url": "https://example.org/x/systems/swordplay/encounters/patrol/feed.json"`, `"home_page_url": "https://example.org/x/systems/swordplay/encounters/patrol/index.html"`, `"url": "https://example.org/x/packs/a/index.html"`} {
		if !strings.Contains(string(js), w) {
			t.Errorf("json feed lacks %s:\n%s", w, js)
		}
	}
	id := regexp.MustCompile(`<id>(urn:uuid:[^<]+)</id>`)
	root, _ := feed.Atom(feed.Site{Title: "T"}, items)
	if a, b := id.FindSubmatch(atom), id.FindSubmatch(root); string(a[1]) == string(b[1]) || string(b[1]) != feed.ID("feed//T") {
		t.Errorf("feed ids %s (list) and %s (site), want the site's %s and the list's another", a[1], b[1], feed.ID("feed//T"))
	}
}
