package site_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"unicode"

	"github.com/sortie-wargames/sortie/generator/site"
)

// checkSiteError is what Load promises of any error: every line starts
// with the file it is about, and a line number, when there is one, lies
// within the file.
func checkSiteError(t *testing.T, err error, name string, data []byte) {
	t.Helper()
	for _, line := range errLines(err) {
		if !strings.HasPrefix(line, name+":") {
			t.Errorf("error line %q does not start with %s", line, name)
		}
	}
	lines := strings.Count(string(data), "\n") + strings.Count(string(data), "\r") + 1
	var se *site.Error
	if errors.As(err, &se) && se.Line > lines {
		t.Errorf("error at line %d of a %d-line file: %v", se.Line, lines, err)
	}
}

// FuzzConfig fuzzes sortie.conf: any input gives an error at the file
// (and a line within it), or a site with a plain title, papers it knows,
// an http(s) base URL ending in a slash, and kept names that are plain
// names.
func FuzzConfig(f *testing.F) {
	for _, seed := range []string{
		testConf,
		"title: T\ntagline: t\npaper: a4, letter\nbaseurl: https://example.org/sortie\nkeep: .git, CNAME, .nojekyll\n",
		"\ufefftitle: T\n",
		"title: T\r\npaper: LETTER\r\n",
		"title: T\npaper: a5\n",
		"title: T\npaper: ,,,\n",
		"title: T\nbaseurl: ftp://example.org/\n",
		"title: T\nbaseurl: https://user@example.org/?q#f\n",
		"title: T\nkeep: ../etc\n",
		"title: T\nkeep: a/b\n",
		"title: T\nkeep: .sortie-output\n",
		"title: T\nslug: x\n",
		"title: T\ntitle: U\n",
		"title:\n",
		"title: \x1b[31mred\n",
		"title: \ufffe\n",
		"title: a\u202eb\n",
		"title: " + strings.Repeat("x", 200) + "\n",
		"title: A | B\n",
		"title: [a, b]\n",
		"title: {a: b}\n",
		"title: &x T\ntagline: *x\n",
		"\x00",
		"\xff",
		"",
	} {
		f.Add([]byte(seed))
	}
	reg := registry(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		fsys := fstest.MapFS{site.ConfigFile: {Data: data}}
		s, err := site.Load(fsys, site.ConfigFile, "content", "", reg)
		if err != nil {
			if s != nil {
				t.Errorf("Load returned a site with its error")
			}
			checkSiteError(t, err, site.ConfigFile, data)
			return
		}
		if s.Title == "" || strings.ContainsFunc(s.Title+s.Tagline, unicode.IsControl) {
			t.Errorf("accepted title %q, tagline %q", s.Title, s.Tagline)
		}
		if len(s.Papers) == 0 {
			t.Errorf("no paper")
		}
		for _, p := range s.Papers {
			if !slices.Contains(site.Papers, p) {
				t.Errorf("accepted paper %q", p)
			}
		}
		if s.BaseURL != "" && (!strings.HasSuffix(s.BaseURL, "/") || !strings.HasPrefix(s.BaseURL, "http")) {
			t.Errorf("accepted base URL %q", s.BaseURL)
		}
		for _, k := range s.Keep {
			if k == "" || k == "." || k == ".." || strings.ContainsAny(k, `/\`) {
				t.Errorf("accepted kept name %q", k)
			}
		}
	})
}

// FuzzSeriesFile fuzzes a monthly series file (content/series/x.md): its
// own keys (encounters taken in turn, start month, date) beside those of
// every page. Any input gives an error at the file, or a series whose
// types are known and whose start month prints as YYYY-MM.
func FuzzSeriesFile(f *testing.F) {
	series := func(lines ...string) string {
		return "---\n" + strings.Join(append([]string{"title: S", "system: " + systemID, "seed: s"}, lines...), "\n") + "\n---\nBody.\n"
	}
	for _, seed := range []string{
		series("encounters: explore, raid, defend", "start: 2026-09"),
		series("encounters: raid", "start: 2026-13"),
		series("encounters: raid", "start: 0000-01"),
		series("encounters: raid", "start: 9999-12"),
		series("encounters: raid", "start: 2026-9"),
		series("encounters: raid", "start: +2026-09"),
		series("encounters: raid", "start: 2026-09", "date: 2026-02-30"),
		series("encounters: raid raid", "start: 2026-09"),
		series("encounters: ,", "start: 2026-09"),
		series("encounters: raid | defend", "start: 2026-09"),
		series("encounters: raid", "start: 2026-09", "weight: 1e9"),
		series("encounters: raid", "start: 2026-09", "slug: ../x"),
		"\ufeff" + series("encounters: raid", "start: 2026-09"),
		series("encounters: raid", "start: 2026-09") + strings.Repeat(">", 40) + " deep\n",
		series("encounters: raid", "start: 2026-09") + "\x1b[2J\n",
	} {
		f.Add([]byte(seed))
	}
	reg := registry(f)
	const name = "content/series/x.md"
	f.Fuzz(func(t *testing.T, data []byte) {
		fsys := fstest.MapFS{
			site.ConfigFile: {Data: []byte(testConf)},
			name:            {Data: data},
		}
		s, err := site.Load(fsys, site.ConfigFile, "content", "", reg)
		if err != nil {
			if s != nil {
				t.Errorf("Load returned a site with its error")
			}
			checkSiteError(t, err, name, data)
			return
		}
		if len(s.Series) != 1 {
			t.Fatalf("%d series", len(s.Series))
		}
		sr := s.Series[0]
		if len(sr.Types) == 0 {
			t.Errorf("a series with no encounter types")
		}
		for _, typ := range sr.Types {
			if typ != "explore" && typ != "raid" && typ != "defend" {
				t.Errorf("accepted encounter type %q", typ)
			}
		}
		if m := sr.Start.String(); len(m) != 7 || m[4] != '-' || m < "0001-01" {
			t.Errorf("accepted start month %s", m)
		}
	})
}

// TestPaperCommasOnly: "paper: ,,," named no paper and built no booklet,
// silently (FuzzConfig found it); it is an error at its line.
func TestPaperCommasOnly(t *testing.T) {
	_, err := site.Load(siteFS(map[string]string{site.ConfigFile: "title: T\npaper: ,,,\n"}), site.ConfigFile, "content", "", registry(t))
	if err == nil || !strings.HasPrefix(err.Error(), site.ConfigFile+":2: paper \",,,\": want a4 or letter") {
		t.Errorf("got %v, want an error at sortie.conf:2 naming the papers", err)
	}
}
