package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestHugoHabits types what a Hugo user (or any newcomer) types by habit:
// each gets a hint naming Sortie's way (or saying Sortie has no such
// thing), never only "unknown flag" or "unknown command".
func TestHugoHabits(t *testing.T) {
	site := filepath.Join(t.TempDir(), "s")
	if _, errs, code := runIn(t, filepath.Dir(site), "new", "site", site); code != 0 {
		t.Fatal(errs)
	}
	for _, c := range []struct{ args, want string }{
		{"build -D", "hint: -D is Hugo's; Sortie's is --drafts (sortie build --drafts)"},
		{"build --buildDrafts", "Sortie's is --drafts"},
		{"serve -F", "Sortie's is --future (sortie serve --future)"},
		{"build --buildFuture", "Sortie's is --future"},
		{"build -d x", "Sortie's is --out"},
		{"build --destination x", "Sortie's is --out"},
		{"build -E", "Sortie has no expiry date"},
		{"serve --watch", "sortie serve always watches"},
		{"build .", "hint: sortie build alone works on the site the current directory lies in"},
		{"build ../other", "sortie build --source ../other"},
		{"serve mysite", "sortie serve --source mysite"},
		{"systems swordplay", "hint: it lists every system; one system's tables: sortie tables --system swordplay"},
		{"encounter --system swordplay --seed x --format pdf", "hint: a printed play sheet is --sheet FILE"},
	} {
		_, errs, code := runIn(t, site, strings.Fields(c.args)...)
		if code == 0 || !strings.Contains(errs, c.want) {
			t.Errorf("sortie %s: exit %d, %q; want a failure saying %q", c.args, code, errs, c.want)
		}
	}
}
