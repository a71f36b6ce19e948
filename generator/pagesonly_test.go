package generator

import (
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator/skeleton"
)

// TestPagesOnly builds the starter site, folded booklets and all, whole
// and pages only ("sortie serve" serves the second at once): the pages
// only build makes no PDF, names in Later every booklet and play sheet
// the whole build makes, and makes the same pages, byte for byte, but
// where a pack's or campaign's pages link its folded booklet's files
// (known once it is made): there they link its page.
func TestPagesOnly(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "s")
	files, err := skeleton.Starter("2026-11")
	if err != nil {
		t.Fatal(err)
	}
	if err := skeleton.Write(dir, files); err != nil {
		t.Fatal(err)
	}
	opt := Options{Source: dir, Systems: systems.Builtin(), Papers: []string{"a4"}, Month: "2026-11", Impose: "saddle"}
	whole, wsum, err := Render(opt)
	if err != nil {
		t.Fatal(err)
	}
	opt.PagesOnly = true
	pages, psum, err := Render(opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(wsum.Later) != 0 {
		t.Errorf("the whole build left out %v", wsum.Later)
	}
	got := map[string]string{}
	for _, f := range pages {
		if path.Ext(f.Path) == ".pdf" {
			t.Errorf("pages only: made %s", f.Path)
		}
		got[f.Path] = string(f.Data)
	}
	var pdfs []string
	same, differ := 0, 0
	for _, f := range whole {
		if path.Ext(f.Path) == ".pdf" {
			pdfs = append(pdfs, f.Path)
			continue
		}
		p, ok := got[f.Path]
		switch {
		case !ok:
			t.Errorf("pages only: no %s", f.Path)
		case p == string(f.Data):
			same++
		case strings.Contains(string(f.Data), "-folded") && !strings.Contains(p, "-folded"):
			differ++ // the links to a folded booklet's files
		default:
			t.Errorf("pages only: %s differs", f.Path)
		}
		delete(got, f.Path)
	}
	for p := range got {
		t.Errorf("pages only: %s is not in the whole build", p)
	}
	// Later names each job: a folded booklet by its first file's name,
	// whatever volumes it is made in.
	for _, l := range psum.Later {
		first := strings.TrimSuffix(l, ".pdf")
		if !slices.ContainsFunc(pdfs, func(p string) bool { return p == l || strings.HasPrefix(p, first+"-") }) {
			t.Errorf("Later names %s, which the whole build does not make", l)
		}
	}
	flat := 0
	for _, p := range pdfs {
		if !strings.Contains(p, "-folded") {
			flat++
			if !slices.Contains(psum.Later, p) {
				t.Errorf("Later lacks %s", p)
			}
		}
	}
	if flat == 0 || same == 0 || differ == 0 {
		t.Errorf("%d flat PDFs, %d pages the same, %d differing by their folded links: want some of each", flat, same, differ)
	}
	t.Logf("%d pages the same, %d differ by their folded booklets' links; %d PDFs later", same, differ, len(psum.Later))
}
