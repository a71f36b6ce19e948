package skeleton_test

import (
	"bytes"
	"path"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/generator/skeleton"
)

// TestStarterHomeSaysWhatItHolds: the starter site's home page, the
// first page a new user reads, names every kind of file the starter
// writes under content/. It said "one scenario pack, one campaign and
// one page" while the starter also wrote a monthly series and an army
// list of the site's own.
func TestStarterHomeSaysWhatItHolds(t *testing.T) {
	files, err := skeleton.Starter("2026-11")
	if err != nil {
		t.Fatal(err)
	}
	var home []byte
	for _, f := range files {
		if f.Path == "content/index.md" {
			home = f.Data
		}
	}
	if home == nil {
		t.Fatal("the starter has no content/index.md")
	}
	named := func(f skeleton.File) string { // how the home page names the kind of f
		switch dir := path.Dir(f.Path); {
		case dir == "content/packs":
			return "scenario pack"
		case dir == "content/campaigns":
			return "campaign"
		case dir == "content/series":
			return "monthly series"
		case dir == "content/pages":
			return "page"
		case strings.HasPrefix(dir, "content/systems/") && path.Ext(f.Path) == ".rules":
			return "army list"
		}
		return ""
	}
	for _, f := range files {
		if f.Path == "content/index.md" || !strings.HasPrefix(f.Path, "content/") {
			continue
		}
		kind := named(f)
		if kind == "" {
			t.Errorf("the starter writes %s, a kind of file this test does not know: say how the home page names it", f.Path)
			continue
		}
		if !bytes.Contains(bytes.Join(bytes.Fields(home), []byte(" ")), []byte(kind)) {
			t.Errorf("the starter writes %s, but its home page names no %s:\n%s", f.Path, kind, home)
		}
	}
}
