package generator

import (
	"maps"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator/output"
	"github.com/sortie-wargames/sortie/generator/skeleton"
	"github.com/sortie-wargames/sortie/templates"
)

// TestReuse builds the starter site again and again with one Reuse, as
// "sortie serve" does, and checks each build against a build without
// it: the same files, byte for byte. A build with nothing changed draws
// nothing; an edit to a page draws nothing; an edit to the pack draws
// the pack's booklets and play sheets only; an edit to sortie.conf
// draws everything.
func TestReuse(t *testing.T) {
	t.Parallel() // builds a site of its own; see parallel in generator_test.go
	dir := filepath.Join(t.TempDir(), "s")
	files, err := skeleton.Starter("2026-11")
	if err != nil {
		t.Fatal(err)
	}
	if err := skeleton.Write(dir, files); err != nil {
		t.Fatal(err)
	}
	reuse := &Reuse{}
	opt := Options{Source: dir, Systems: systems.Builtin(), Papers: []string{"a4"}, Month: "2026-11", Impose: "saddle"}
	build := func(what string) (reused, drawn int) {
		t.Helper()
		o := opt
		o.Reuse = reuse
		got, _, err := Render(o)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		want, sum, err := Render(opt)
		if err != nil {
			t.Fatal(err)
		}
		if !sameFiles(got, want) {
			t.Errorf("%s: the build with Reuse differs from the one without", what)
		}
		reused, drawn = reuse.Counts()
		if reused+drawn != sum.Booklets+sum.Sheets {
			t.Errorf("%s: %d reused and %d drawn of %d booklets and %d play sheets", what, reused, drawn, sum.Booklets, sum.Sheets)
		}
		return reused, drawn
	}
	edit := func(rel, from, to string) {
		t.Helper()
		p := filepath.Join(dir, rel)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), from) {
			t.Fatalf("%s lacks %q", rel, from)
		}
		if err := os.WriteFile(p, []byte(strings.Replace(string(data), from, to, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if r, d := build("first"); r != 0 || d == 0 {
		t.Errorf("first build: %d reused, %d drawn", r, d)
	}
	all := 0
	if r, d := build("unchanged"); r == 0 || d != 0 {
		t.Errorf("unchanged: %d reused, %d drawn", r, d)
	} else {
		all = r
	}
	edit("content/pages/house-rules.md", "Write your own notes here", "Our notes")
	if r, d := build("a page"); r != all || d != 0 {
		t.Errorf("a page edited: %d reused, %d drawn, want %d, 0", r, d, all)
	}
	edit("content/packs/brigands-in-the-hills.md", "Brigands in the Hills", "Bandits in the Hills")
	r, d := build("the pack")
	// The pack's flat and folded booklets and its play sheets.
	if d < 3 || r+d != all || r == 0 {
		t.Errorf("the pack edited: %d reused, %d drawn", r, d)
	}
	t.Logf("the pack edited: %d drawn, %d reused", d, r)
	// Its pages too, folded booklets' links and all; the campaign's are
	// taken as they were.
	rp, dp := reuse.Pages()
	if len(dp) == 0 || len(rp) == 0 {
		t.Errorf("the pack edited: pages reused %v, drawn %v", rp, dp)
	}
	for _, p := range dp {
		if !strings.HasPrefix(p, "packs/brigands-in-the-hills/") {
			t.Errorf("the pack edited: drew %s", p)
		}
	}
	edit("sortie.conf", "\n", "\n# a comment\n")
	if r, d := build("sortie.conf"); r != 0 || d != all {
		t.Errorf("sortie.conf edited: %d reused, %d drawn", r, d)
	}
}

func sameFiles(a, b []output.File) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Path != b[i].Path || string(a[i].Data) != string(b[i].Data) {
			return false
		}
	}
	return true
}

// TestReusePages edits one pack of a site of several, builds its pages
// with a Reuse as "sortie serve" does, and counts what was drawn: the
// edited pack's pages, never another pack's or the campaign's, which are
// taken from the build before; and the result is byte for byte a build
// of the edited site without Reuse. A layout or sortie.conf edit draws
// every page again, and so does every build of a site whose layout
// shows every pack on every page.
func TestReusePages(t *testing.T) {
	t.Parallel() // builds a site of its own; see parallel in generator_test.go
	dir := filepath.Join(t.TempDir(), "s")
	files, err := skeleton.Starter("2026-11")
	if err != nil {
		t.Fatal(err)
	}
	if err := skeleton.Write(dir, files); err != nil {
		t.Fatal(err)
	}
	first, err := os.ReadFile(filepath.Join(dir, "content/packs/brigands-in-the-hills.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"second", "third"} {
		data := strings.Replace(string(first), "Brigands in the Hills", "The "+name+" pack", 1)
		data = strings.Replace(data, "my-first-pack", "my-"+name+"-pack", 1)
		if err := os.WriteFile(filepath.Join(dir, "content/packs/"+name+".md"), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edit := func(rel, from, to string) {
		t.Helper()
		p := filepath.Join(dir, rel)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), from) {
			t.Fatalf("%s lacks %q", rel, from)
		}
		if err := os.WriteFile(p, []byte(strings.Replace(string(data), from, to, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	reuse := &Reuse{}
	opt := Options{Source: dir, Systems: systems.Builtin(), Papers: []string{"a4"}, Month: "2026-11", PagesOnly: true}
	// build builds with the Reuse and without, and returns the folders
	// of the parts whose pages were reused and drawn, and how many pages.
	build := func(what string) (reused, drawn map[string]int) {
		t.Helper()
		o := opt
		o.Reuse = reuse
		got, _, err := Render(o)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		want, _, err := Render(opt)
		if err != nil {
			t.Fatal(err)
		}
		if !sameFiles(got, want) {
			t.Errorf("%s: the build with Reuse differs from the one without", what)
		}
		r, d := reuse.Pages()
		folders := func(paths []string) map[string]int {
			m := map[string]int{}
			for _, p := range paths {
				m[path.Dir(strings.TrimSuffix(p, "/sheets"))]++
			}
			return m
		}
		return folders(r), folders(d)
	}
	parts := []string{"packs/brigands-in-the-hills", "packs/second", "packs/third", "campaigns/the-first-road"}
	r, d := build("first")
	if len(r) != 0 || len(d) != len(parts) {
		t.Fatalf("first build: reused %v, drew %v", r, d)
	}
	pages := d
	if r, d := build("unchanged"); !maps.Equal(r, pages) || len(d) != 0 {
		t.Errorf("unchanged: reused %v, drew %v; want all of %v reused", r, d, pages)
	}
	edit("content/packs/second.md", "The second pack", "The edited pack")
	r, d = build("one pack")
	if want := map[string]int{"packs/second": pages["packs/second"]}; !maps.Equal(d, want) {
		t.Errorf("one pack edited: drew %v, want %v", d, want)
	}
	for _, p := range parts {
		if p != "packs/second" && r[p] != pages[p] {
			t.Errorf("one pack edited: %s: %d pages reused, want all %d", p, r[p], pages[p])
		}
	}
	edit("content/campaigns/the-first-road.md", "\n---\n", "\n---\nA new first line.\n\n")
	if r, d := build("the campaign"); len(d) != 1 || d["campaigns/the-first-road"] != pages["campaigns/the-first-road"] || len(r) != 3 {
		t.Errorf("the campaign edited: reused %v, drew %v", r, d)
	}
	// The site's first tag puts Tags in every page's navigation: every
	// part's pages are drawn again, not only the tagged pack's.
	edit("content/packs/third.md", "\n---\n", "\ntags: orcs\n---\n")
	if r, d := build("a first tag"); len(r) != 0 || !maps.Equal(d, pages) {
		t.Errorf("a first tag: reused %v, drew %v", r, d)
	}
	edit("sortie.conf", "\n", "\n# a comment\n")
	if r, d := build("sortie.conf"); len(r) != 0 || !maps.Equal(d, pages) {
		t.Errorf("sortie.conf edited: reused %v, drew %v", r, d)
	}
	build("again")
	if err := os.MkdirAll(filepath.Join(dir, "layouts"), 0o755); err != nil {
		t.Fatal(err)
	}
	layout, err := templates.FS.ReadFile("layout.html")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "layouts/layout.html"), layout, 0o644); err != nil {
		t.Fatal(err)
	}
	if r, d := build("a layout"); len(r) != 0 || !maps.Equal(d, pages) {
		t.Errorf("a layout added: reused %v, drew %v", r, d)
	}
	if r, d := build("again"); !maps.Equal(r, pages) || len(d) != 0 {
		t.Errorf("a layout as Sortie's, unchanged: reused %v, drew %v", r, d)
	}
	// A layout that lists every pack on every page: a pack's edit shows
	// on every other pack's pages, which are then never reused.
	edit("layouts/layout.html", "</footer>", `<p>{{range .Site.Packs}}{{.Title}} {{end}}</p></footer>`)
	build("a layout listing the packs")
	edit("content/packs/third.md", "The third pack", "The edited third pack")
	if r, d := build("a pack, with that layout"); len(r) != 0 || !maps.Equal(d, pages) {
		t.Errorf("a pack edited, with a layout listing every pack: reused %v, drew %v", r, d)
	}
}
