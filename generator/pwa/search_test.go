package pwa_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/generator/browsertest"
)

// searchBrowser is the Chromium that testdata/search.mjs drives.
type searchBrowser struct {
	t *testing.T
	s *browsertest.Script
}

func (b *searchBrowser) do(v any, cmd ...string) {
	b.t.Helper()
	line := b.s.Ask(cmd[0], strings.Join(cmd, " "), 120*time.Second)
	if err := json.Unmarshal([]byte(line), v); err != nil {
		b.t.Fatalf("%s: %v: %s", cmd[0], err, line)
	}
}

type searchLink struct{ Href, Text string }

type searched struct {
	Status string
	Links  []searchLink
	Wide   int
	Error  string
}

func (b *searchBrowser) search(words string) searched {
	b.t.Helper()
	var s searched
	b.do(&s, "type", words)
	if s.Error != "" {
		b.t.Fatalf("typing %q: %s", words, s.Error)
	}
	return s
}

// TestSearchInBrowser builds a small site, serves it and opens its
// search page once in headless Chromium, 412 px wide; then stops the
// server, opens it again from the service worker and types: the words
// find the pages they name, letter case and accents aside, every word
// must match, and the page whose title holds the words comes before the
// one whose summary does. Enter goes to the first result and the arrow
// keys between them. Opened from the disk, the page finds the same;
// without JavaScript it says so and links the home page.
func TestSearchInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("opens a browser")
	}
	b := &searchBrowser{t: t, s: browsertest.Start(t, "testdata/search.mjs", "../../.ci/axe", "playwright-core")}
	source, out := smallSite(t, "Café Notes at Camp"), filepath.Join(t.TempDir(), "public")
	buildInto(t, source, out)
	srv := serveDir(t, out, "127.0.0.1:0")
	base := srv.base()
	var v visited
	if b.do(&v, "visit", base+"index.html"); v.Status != 200 || !v.Controlled {
		t.Fatalf("the first visit: %+v, want HTTP 200 and a service worker in control", v)
	}
	srv.stop(t)

	check := func(where, base string) {
		t.Helper()
		var v visited
		if b.do(&v, "visit", base+"search/index.html"); v.Status != 200 && !strings.HasPrefix(base, "file:") {
			t.Fatalf("%s: the search page: %+v", where, v)
		}
		for _, c := range []struct {
			words string
			want  []searchLink
		}{
			{"small raid", []searchLink{{base + "packs/small/encounter-2.html", "Small Pack 2: Raid"}}},
			{"SMALL EXPL", []searchLink{{base + "packs/small/encounter-1.html", "Small Pack 1: Explore"}}},
			{"cafe", []searchLink{{base + "pages/notes.html", "Café Notes at Camp"}}},
			{"CAFÉ note", []searchLink{{base + "pages/notes.html", "Café Notes at Camp"}}},
			{"small raid nothing", nil},
			// "Camp" is in the page's title and in the raid's summary
			// ("You attack the enemy camp"): the title first, though
			// the site lists the page last.
			{"camp", []searchLink{{base + "pages/notes.html", "Café Notes at Camp"}, {base + "packs/small/encounter-2.html", "Small Pack 2: Raid"}}},
			// Words that match alike keep the site's order.
			{"small", []searchLink{{base + "packs/small/index.html", "Small Pack"},
				{base + "packs/small/encounter-1.html", "Small Pack 1: Explore"},
				{base + "packs/small/encounter-2.html", "Small Pack 2: Raid"}}},
		} {
			s := b.search(c.words)
			if len(s.Links) != len(c.want) {
				t.Errorf("%s: %q found %+v (%s), want %+v", where, c.words, s.Links, s.Status, c.want)
				continue
			}
			for i := range c.want {
				if s.Links[i] != c.want[i] {
					t.Errorf("%s: %q found %+v, want %+v", where, c.words, s.Links, c.want)
					break
				}
			}
			if s.Wide > 412 {
				t.Errorf("%s: %q: the page is %d px wide at 412", where, c.words, s.Wide)
			}
		}
		b.search("small")
		var f struct{ Focused string }
		if b.do(&f, "keys", "Enter"); f.Focused != "Small Pack" {
			t.Errorf("%s: Enter focused %q, want the first result", where, f.Focused)
		}
		if b.do(&f, "keys", "ArrowDown", "ArrowDown"); f.Focused != "Small Pack 2: Raid" {
			t.Errorf("%s: two arrows down focused %q, want the third result", where, f.Focused)
		}
		if b.do(&f, "keys", "ArrowUp", "ArrowUp", "ArrowUp"); f.Focused != "search-q" {
			t.Errorf("%s: three arrows up focused %q, want the input", where, f.Focused)
		}
	}
	check("offline", base)
	check("from the disk", "file://"+filepath.ToSlash(out)+"/")

	var nojs struct {
		Noscript, Visible string
		Form              bool
	}
	b.do(&nojs, "nojs", "file://"+filepath.ToSlash(out)+"/search/index.html")
	if nojs.Form || !strings.Contains(nojs.Visible, "Searching needs JavaScript") || !strings.Contains(nojs.Visible, "home page") {
		t.Errorf("without JavaScript: %+v, want the input hidden and a note linking the home page", nojs)
	}
}
