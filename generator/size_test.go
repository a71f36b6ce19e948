package generator

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/sortie-wargames/sortie/engine/systems"
)

// TestBookletSizes is issue 22's campaign size: a build lists each flat
// booklet with its pages, counted as pdfcpu counts them, and warns at the
// campaign's steps line (or the pack's encounters line) of one longer
// than a home printer takes, once for all its papers.
func TestBookletSizes(t *testing.T) {
	dir := writeSite(t, minimal)
	files, sum, err := Render(Options{Source: dir, Systems: systems.Builtin(), Papers: []string{"a4"}})
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string][]byte{}
	for _, f := range files {
		byPath[f.Path] = f.Data
	}
	var paths []string
	for _, b := range sum.Sizes {
		paths = append(paths, b.Path)
		n, err := api.PageCount(bytes.NewReader(byPath[b.Path]), model.NewDefaultConfiguration())
		if err != nil {
			t.Fatalf("%s: %v", b.Path, err)
		}
		if b.Pages != n || b.Pages < 2 || b.Sheets() != (b.Pages+1)/2 {
			t.Errorf("%s: %d pages counted, pdfcpu %d", b.Path, b.Pages, n)
		}
	}
	if got := strings.Join(paths, " "); !strings.HasPrefix(got, "campaigns/short/short-a4.pdf packs/small/small-a4.pdf systems/2d6-sword-and-sorcery/2d6-sword-and-sorcery-qrs-a4.pdf systems/") {
		t.Errorf("booklets %s", got)
	}
	if len(sum.Warnings) != 0 {
		t.Errorf("warnings %q", sum.Warnings)
	}

	_, s, err := load(dir, systems.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	warns := sizeWarnings(s, []Booklet{
		{"campaigns/short/short-a4.pdf", 273}, {"campaigns/short/short-letter.pdf", 281},
		{"packs/small/small-a4.pdf", HomePrintPages}, {"systems/2d6-sword-and-sorcery/2d6-sword-and-sorcery-qrs-a4.pdf", 900},
	})
	want := dir + "/content/campaigns/short.md:5: steps: 3: campaigns/short/short-a4.pdf is 273 pages (137 sheets printed on both sides), more than the 200 pages a home printer takes at one sitting"
	if len(warns) != 1 || !strings.HasPrefix(warns[0], want) {
		t.Errorf("warnings %q\nwant %q", warns, want)
	}
	warns = sizeWarnings(s, []Booklet{{"packs/small/small-a4.pdf", HomePrintPages + 1}})
	if len(warns) != 1 || !strings.HasPrefix(warns[0], dir+"/content/packs/small.md:5: 3 encounters: packs/small/small-a4.pdf is 201 pages (101 sheets") {
		t.Errorf("pack warnings %q", warns)
	}
}
