package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/generator/web"
	"github.com/sortie-wargames/sortie/templates"
)

// TestLayoutsCommand lists the built-in layouts and copies them into a
// new site, as a user without Sortie's source tree does to change one:
// one by name, then the rest; nothing is written over, a name Sortie does
// not have is refused with the list, and a site holding every copy
// builds the same pages as one holding none.
func TestLayoutsCommand(t *testing.T) {
	tmp := t.TempDir()
	site := filepath.Join(tmp, "s")
	if _, errs, code := runIn(t, tmp, "new", "site", site); code != 0 {
		t.Fatal(errs)
	}
	build := func(out string) {
		t.Helper()
		if _, errs, code := runIn(t, site, "build", "--paper", "none", "--out", out, "-q"); code != 0 {
			t.Fatalf("build: %s", errs)
		}
	}
	build(filepath.Join(tmp, "before"))

	out, errs, code := runIn(t, site, "layouts")
	if code != 0 {
		t.Fatal(errs)
	}
	for _, n := range web.LayoutNames() {
		if !strings.Contains(out, n+" ") || strings.Contains(out, "the site's own") {
			t.Errorf("layouts lacks %s, or calls one the site's:\n%s", n, out)
		}
	}

	out, errs, code = runIn(t, site, "layouts", "copy", "style.css")
	want, _ := templates.FS.ReadFile("style.css")
	got, err := os.ReadFile(filepath.Join(site, "layouts", "style.css"))
	if code != 0 || err != nil || string(got) != string(want) || !strings.Contains(out, "wrote "+filepath.Join(site, "layouts", "style.css")) {
		t.Fatalf("copy style.css: exit %d %v\n%s%s", code, err, out, errs)
	}
	if err := os.WriteFile(filepath.Join(site, "layouts", "style.css"), []byte("body{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errs, code := runIn(t, site, "layouts", "copy", "style.css"); code != 1 || !strings.Contains(errs, "has its own already") {
		t.Errorf("copy over the site's own: exit %d %s", code, errs)
	}
	if _, errs, code := runIn(t, site, "layouts", "copy", "pages.html"); code != 1 || !strings.Contains(errs, `no such layout (it has 404.html, campaign.html`) {
		t.Errorf("an unknown name: exit %d %s", code, errs)
	}
	if _, errs, code := runIn(t, site, "layouts", "copy"); code != 1 || !strings.Contains(errs, "pass --all") {
		t.Errorf("no name: exit %d %s", code, errs)
	}
	out, errs, code = runIn(t, site, "layouts", "copy", "--all")
	if code != 0 || !strings.Contains(out, "kept the site's own "+filepath.Join(site, "layouts", "style.css")) {
		t.Fatalf("copy --all: exit %d\n%s%s", code, out, errs)
	}
	if got, _ := os.ReadFile(filepath.Join(site, "layouts", "style.css")); string(got) != "body{}" {
		t.Errorf("--all wrote over the site's style.css")
	}
	for _, n := range web.LayoutNames() {
		if _, err := os.Stat(filepath.Join(site, "layouts", n)); err != nil {
			t.Errorf("--all: %v", err)
		}
	}
	if out, _, _ := runIn(t, site, "layouts"); strings.Count(out, "the site's own") != len(web.LayoutNames()) {
		t.Errorf("layouts after --all:\n%s", out)
	}

	// The copies are Sortie's own: the pages come out the same.
	if err := os.WriteFile(filepath.Join(site, "layouts", "style.css"), want, 0o644); err != nil {
		t.Fatal(err)
	}
	build(filepath.Join(tmp, "after"))
	for _, p := range []string{"index.html", "packs/brigands-in-the-hills/index.html", "style.css"} {
		a, err1 := os.ReadFile(filepath.Join(tmp, "before", p))
		b, err2 := os.ReadFile(filepath.Join(tmp, "after", p))
		if err1 != nil || err2 != nil || string(a) != string(b) {
			t.Errorf("%s differs with the copied layouts (%v %v)", p, err1, err2)
		}
	}
	if _, errs, code := runIn(t, tmp, "layouts", "copy", "page.html"); code != 1 || !strings.Contains(errs, "no site to copy layouts into") {
		t.Errorf("outside a site: exit %d %s", code, errs)
	}
}
