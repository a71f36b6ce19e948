package generator

import (
	"github.com/sortie-wargames/sortie/generator/feed"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/systems"
)

// TestStaticVersionControl: a deploy checkout's .git and CNAME survive a
// build whose static/ holds a .git of its own (a folder, or the file a
// submodule has), and no version control folder under static/ (.git,
// .hg, .svn) is copied. Before, static's .git replaced the deploy's.
func TestStaticVersionControl(t *testing.T) {
	dir := writeSite(t, minimal+`-- static/robots.txt --
ok
-- static/.git/HEAD --
ref: refs/heads/static-history
-- static/.git/config --
[core]
-- static/vendor/.git --
gitdir: ../../.git/modules/vendor
-- static/vendor/lib.js --
lib
-- static/old/.svn/entries --
12
-- static/img/.hg/store --
x
`)
	out := filepath.Join(t.TempDir(), "public")
	deploy := map[string]string{".git/HEAD": "ref: refs/heads/gh-pages\n", ".git/objects/ab/cd": "history", "CNAME": "club.example.org\n"}
	for name, data := range deploy {
		p := filepath.Join(out, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for range 2 { // the first build, into the checkout, and a rebuild
		opt := quick(dir)
		opt.Out = out
		if _, err := Build(opt); err != nil {
			t.Fatal(err)
		}
		got := tree(t, out)
		for name, data := range deploy {
			if v := got[filepath.Join(out, filepath.FromSlash(name))]; v != data {
				t.Errorf("%s = %q, want the deploy's %q", name, v, data)
			}
		}
		for p := range got {
			rel, _ := filepath.Rel(out, p)
			if rel = filepath.ToSlash(rel); rel == ".git/config" || strings.HasPrefix(rel, "vendor/.git") || strings.Contains(rel, ".svn") || strings.Contains(rel, ".hg") {
				t.Errorf("%s copied from static/", rel)
			}
		}
		for _, want := range []string{"robots.txt", "vendor/lib.js"} {
			if _, ok := got[filepath.Join(out, want)]; !ok {
				t.Errorf("%s not copied", want)
			}
		}
	}
}

// TestStaticNames: a static file that could not be written where Sortie
// writes, or copied to every system, is refused at its path under
// static/: a backslash in its name, a file where Sortie writes a folder,
// a name Windows keeps for a device, one that differs from Sortie's own
// or another static file's only in case.
func TestStaticNames(t *testing.T) {
	for _, c := range []struct{ file, want string }{
		{`..\..\evil.txt`, `/static/..\..\evil.txt: the name "..\\..\\evil.txt" holds "\\"`},
		{"packs", "/static/packs: would stand where Sortie writes the folder packs/"},
		{"pages", "/static/pages: would stand where Sortie writes the folder pages/"},
		{"aux.txt", `/static/aux.txt: the name "aux.txt" is a device on Windows`},
		{"img/CON", `/static/img/CON: the name "CON" is a device on Windows`},
		{"INDEX.html", "/static/INDEX.html: differs from index.html, which Sortie writes, only in case"},
		{"Pages/Notes.html", "/static/Pages/Notes.html: differs from pages/notes.html, which Sortie writes, only in case"},
		{"Robots.txt", "/static/robots.txt: differs from " + "%s/static/Robots.txt only in case"},
		{"a:b.txt", `/static/a:b.txt: the name "a:b.txt" holds ":"`},
	} {
		dir := writeSite(t, minimal+"-- static/robots.txt --\nok\n")
		p := filepath.Join(dir, "static", filepath.FromSlash(c.file))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		want := c.want
		if strings.Contains(want, "%s") {
			want = strings.ReplaceAll(want, "%s", filepath.ToSlash(dir))
		}
		_, _, err := Render(quick(dir))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("static/%s: error %v, want %q", c.file, err, want)
		}
	}
}

// TestStaticNamesNormalized: two static files whose names are the same
// letters, one with "é" as one code point and one with "e" and a combining
// accent (as macOS writes names), are one file on macOS's disks: the
// second is refused at its path, as a name differing only in case is.
func TestStaticNamesNormalized(t *testing.T) {
	dir := writeSite(t, minimal+"-- static/caf\u00e9.txt --\none\n")
	p := filepath.Join(dir, "static", "cafe\u0301.txt")
	if err := os.WriteFile(p, []byte("two"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := Render(quick(dir))
	if err == nil || !strings.Contains(err.Error(), "only in how an accent is encoded (one code point, or a letter and a combining accent): they are one file on macOS's disks; rename one") {
		t.Errorf("café.txt twice, NFC and NFD: error %v, want the second refused", err)
	}
}

// TestDeviceSlugs: a page whose slug Windows keeps for a device (con,
// aux, nul) is refused at its file, as the site could not be copied there.
func TestDeviceSlugs(t *testing.T) {
	for _, c := range []struct{ file, body, want string }{
		{"content/pages/con.md", "---\ntitle: C\n---\n", `/content/pages/con.md: the slug "con", from the file's name, is a device name on Windows`},
		{"content/pages/x.md", "---\ntitle: C\nslug: aux\n---\n", `/content/pages/x.md:3: slug "aux" is a device name on Windows`},
		{"content/packs/nul.md", "---\ntitle: P\nsystem: 2d6-sword-and-sorcery\nseed: s\nencounters: raid\n---\n", `/content/packs/nul.md: the slug "nul"`},
	} {
		dir := writeSite(t, minimal+"-- "+c.file+" --\n"+c.body)
		_, err := Build(Options{Systems: systems.Builtin(), Source: dir, Out: filepath.Join(t.TempDir(), "o"), Papers: []string{}})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.file, err, c.want)
		}
	}
}

// TestFeedIDsCoverOptions: two dated packs with the same system, seed and
// encounters but different enemies (or band, Star's Rep) are two items
// with two ids in feed.xml and feed.json; a pack without options keeps
// the id it had; and a rebuild gives the same ids.
func TestFeedIDsCoverOptions(t *testing.T) {
	pk := func(slug, extra string) string {
		return "-- content/packs/" + slug + ".md --\n---\ntitle: " + slug + "\nsystem: 2d6-sword-and-sorcery\nseed: same\nencounters: explore 2, raid\ndate: 2026-11-0" + string(slug[len(slug)-1]) + "\n" + extra + "---\n"
	}
	dir := writeSite(t, minimal+pk("p1", "")+pk("p2", "enemies: creatures\n")+pk("p3", "enemies: enemy\n")+pk("p4", "band: 3\n")+pk("p5", "star-rep: 4\n"))
	ids := func() map[string][]string {
		files := render(t, quick(dir))
		got := map[string][]string{}
		for _, name := range []string{"feed.xml", "feed.json"} {
			for _, part := range strings.Split(string(files[name]), "urn:uuid:")[1:] {
				got[name] = append(got[name], part[:36])
			}
		}
		return got
	}
	first := ids()
	for name, list := range first {
		seen := map[string]bool{}
		for _, id := range list {
			if seen[id] {
				t.Errorf("%s: id %s given to two items", name, id)
			}
			seen[id] = true
		}
		want := 5 // the five packs
		if name == "feed.xml" {
			want++ // and the feed's own
		}
		if len(list) != want {
			t.Errorf("%s: %d ids, want %d", name, len(list), want)
		}
	}
	old := feed.ID("pack/2d6-sword-and-sorcery/same/explore,explore,raid")
	if !strings.Contains(strings.Join(first["feed.xml"], " "), strings.TrimPrefix(old, "urn:uuid:")) {
		t.Errorf("the pack without options lost its id %s", old)
	}
	if again := ids(); !slices.Equal(first["feed.xml"], again["feed.xml"]) || !slices.Equal(first["feed.json"], again["feed.json"]) {
		t.Error("a rebuild changed the feed's ids")
	}
}

// TestSeriesStartAtItsLine: a series whose start is so early that it
// would run more months than a series may is refused at the start: line,
// not only its file.
func TestSeriesStartAtItsLine(t *testing.T) {
	dir := writeSite(t, strings.Replace(monthly, "start: 2026-09", "start: 0001-01", 1))
	_, _, err := Render(Options{Source: dir, Systems: systems.Builtin(), Month: "2026-11", Papers: []string{}})
	if want := "/content/series/fight.md:7: start 0001-01: the series would run"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want %q", err, want)
	}
}

// TestImagesHTTPSOnly: an image written in Markdown must be a full https:
// URL (docs/site.md): http:, ftp:, gopher:, data: and protocol-relative
// ones are refused at their file and line; https: ones build.
func TestImagesHTTPSOnly(t *testing.T) {
	for _, src := range []string{"http://example.org/a.png", "ftp://example.org/a.png", "gopher://example.org/a.png", "data:image/png;base64,iVBORw0KGgo=", "//example.org/a.png", "HTTP://example.org/a.png"} {
		dir := writeSite(t, minimal+"-- content/pages/img.md --\n---\ntitle: Img\n---\nFine.\n\n![a map](<"+src+">)\n")
		_, _, err := Render(quick(dir))
		want := "/content/pages/img.md:6: image \"" + src + "\": an image must be a full https: URL"
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", src, err, want)
		}
	}
	dir := writeSite(t, minimal+"-- content/pages/img.md --\n---\ntitle: Img\n---\n![a map](https://example.org/a.png) ![b](HTTPS://example.org/b.png)\n")
	if files := render(t, quick(dir)); !strings.Contains(string(files["pages/img.html"]), `src="https://example.org/a.png"`) {
		t.Error("an https: image did not build")
	}
}
