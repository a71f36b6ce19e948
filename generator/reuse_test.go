package generator

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator/output"
	"github.com/sortie-wargames/sortie/generator/skeleton"
)

// TestReuse builds the starter site again and again with one Reuse, as
// "sortie serve" does, and checks each build against a build without
// it: the same files, byte for byte. A build with nothing changed draws
// nothing; an edit to a page draws nothing; an edit to the pack draws
// the pack's booklets and play sheets only; an edit to sortie.conf
// draws everything.
func TestReuse(t *testing.T) {
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
