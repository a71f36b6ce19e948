package pwa

import (
	"fmt"
	"testing"
)

// TestPrecacheBudget: a club's site of hundreds of packs (here 400
// encounter pages of 60 KB, 24 MB in all) is not sent whole at the first
// visit: the site's own files and its pages from the top down are kept
// while they fit in PrecacheBudget, the deepest pages once opened; a
// small site is kept whole, as before.
func TestPrecacheBudget(t *testing.T) {
	es := []Entry{{Path: "style.css", Size: 20 << 10}, {Path: "index.html", Size: 30 << 10}, {Path: "tags/orcs/index.html", Size: 10 << 10}}
	for i := range 400 {
		es = append(es, Entry{Path: fmt.Sprintf("packs/p%03d/encounter-1.html", i), Size: 60 << 10})
	}
	for i := range 40 {
		es = append(es, Entry{Path: fmt.Sprintf("packs/p%03d/index.html", i), Size: 30 << 10})
	}
	first := firstVisit(es)
	spent := 0
	for _, e := range es {
		if first[e.Path] {
			spent += e.Size
		}
	}
	if spent > PrecacheBudget {
		t.Errorf("%d bytes kept at the first visit, over the budget of %d", spent, PrecacheBudget)
	}
	for _, p := range []string{"style.css", "index.html", "tags/orcs/index.html"} {
		if !first[p] {
			t.Errorf("%s is not kept at the first visit", p)
		}
	}
	if first["packs/p399/encounter-1.html"] {
		t.Error("every page is kept at the first visit: 24 MB")
	}
	file, k, err := WorkerFile(es)
	if err != nil {
		t.Fatal(err)
	}
	if k.Opened == 0 || k.PrecachedBytes > PrecacheBudget || len(file.Data) == 0 {
		t.Errorf("the worker keeps %d files (%d bytes) at the first visit and %d once opened", k.Precached, k.PrecachedBytes, k.Opened)
	}
	small := es[:3]
	if got := firstVisit(small); len(got) != 3 {
		t.Errorf("a small site: %d of its 3 files kept at the first visit", len(got))
	}
}
