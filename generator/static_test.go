package generator

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/templates"
)

// quick builds a site without booklets: what these tests check is pages.
func quick(dir string) Options {
	return Options{Systems: systems.Builtin(), Source: dir, Papers: []string{}}
}

// TestStaticFiles: a site's static/ folder is copied as is, every file at
// the same path; static/favicon.* replaces Sortie's favicon on every page.
func TestStaticFiles(t *testing.T) {
	dir := writeSite(t, minimal+`-- static/robots.txt --
User-agent: *
-- static/img/map.svg --
<svg xmlns="http://www.w3.org/2000/svg"/>
-- static/favicon.png --
PNG
-- static/packs/small/notes.txt --
Beside the pack.
`)
	files := render(t, quick(dir))
	for p, want := range map[string]string{
		"robots.txt":            "User-agent: *\n",
		"img/map.svg":           `<svg xmlns="http://www.w3.org/2000/svg"/>` + "\n",
		"favicon.png":           "PNG\n",
		"packs/small/notes.txt": "Beside the pack.\n",
	} {
		if got := string(files[p]); got != want {
			t.Errorf("%s = %q, want %q", p, got, want)
		}
	}
	if _, ok := files["favicon.svg"]; ok {
		t.Error("Sortie's favicon.svg written beside the site's own favicon.png")
	}
	for _, p := range []string{"index.html", "packs/small/encounter-1.html", "404.html"} {
		if !bytes.Contains(files[p], []byte(`<link rel="icon" href="`)) || !bytes.Contains(files[p], []byte(`favicon.png" type="image/png"/>`)) {
			t.Errorf("%s does not link the site's favicon.png", p)
		}
	}

	// Without static/, Sortie's own favicon.
	files = render(t, quick(writeSite(t, minimal)))
	if want, _ := templates.FS.ReadFile("favicon.svg"); !bytes.Equal(files["favicon.svg"], want) {
		t.Error("favicon.svg is not Sortie's")
	}
	if !bytes.Contains(files["404.html"], []byte(`<a href="/index.html">Go to the home page</a>`)) {
		t.Errorf("404.html does not link home: %s", files["404.html"])
	}
}

// TestStaticCollisions: a static file where Sortie writes a page is an
// error naming both; style.css says where a stylesheet goes.
func TestStaticCollisions(t *testing.T) {
	dir := writeSite(t, minimal+`-- static/index.html --
mine
-- static/pages/notes.html --
mine
-- static/style.css --
body {}
`)
	_, _, err := Render(quick(dir))
	if err == nil {
		t.Fatal("built over Sortie's pages")
	}
	for _, want := range []string{
		filepath.ToSlash(dir) + "/static/index.html: would overwrite index.html, which Sortie writes",
		"/static/pages/notes.html: would overwrite pages/notes.html",
		"/static/style.css: would overwrite style.css, which Sortie writes (put your own stylesheet in layouts/style.css)",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}

// TestStaticLinksStayInsideTheSite: a link under static/ to a file
// outside the site, or to a device, is an error at its path; a link to a
// file inside the site is copied.
func TestStaticLinksStayInsideTheSite(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(secret, []byte("TOP SECRET\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{secret, "/dev/zero", filepath.Dir(secret)} {
		dir := writeSite(t, minimal+"-- static/ok.txt --\nok\n")
		if err := os.Symlink(target, filepath.Join(dir, "static", "leak")); err != nil {
			t.Fatal(err)
		}
		files, _, err := Render(quick(dir))
		if err == nil {
			t.Errorf("%s: built %d files through a link out of the site", target, len(files))
			continue
		}
		if !strings.Contains(err.Error(), "static/leak") {
			t.Errorf("%s: error %v does not name the link", target, err)
		}
	}
	dir := writeSite(t, minimal+"-- static/ok.txt --\nok\n")
	if err := os.Symlink("ok.txt", filepath.Join(dir, "static", "again.txt")); err != nil {
		t.Fatal(err)
	}
	if files := render(t, quick(dir)); string(files["again.txt"]) != "ok\n" {
		t.Errorf("again.txt = %q, want the file it links to", files["again.txt"])
	}
}

// TestLayouts: a site's layouts/ override changes its pages; a broken one
// is an error at its file and line; an unknown name is an error.
func TestLayouts(t *testing.T) {
	partials, err := templates.FS.ReadFile("partials.html")
	if err != nil {
		t.Fatal(err)
	}
	mine := strings.Replace(string(partials), `{{define "roll"}}<p class="roll">`, `{{define "roll"}}<p class="roll club">`, 1)
	dir := writeSite(t, minimal+"-- layouts/partials.html --\n"+mine+"-- layouts/style.css --\nbody { color: teal; }\n")
	files := render(t, quick(dir))
	if !bytes.Contains(files["packs/small/encounter-1.html"], []byte(`<p class="roll club">`)) {
		t.Error("the site's partials.html did not draw the encounter's rolls")
	}
	if string(files["style.css"]) != "body { color: teal; }\n" {
		t.Errorf("style.css = %q, want the site's own", files["style.css"])
	}

	dir = writeSite(t, minimal+"-- layouts/page.html --\n{{define \"content\"}}\n<div>\n{{.Content.Bdy}}\n</div>\n{{end}}\n-- layouts/pack.htm --\nx\n")
	_, _, err = Render(quick(dir))
	if err == nil || !strings.Contains(err.Error(), "/layouts/pack.htm: not a file Sortie has to replace") {
		t.Errorf("unknown layout: error %v", err)
	}
	os.Remove(filepath.Join(dir, "layouts", "pack.htm"))
	_, _, err = Render(quick(dir))
	if want := filepath.ToSlash(dir) + "/layouts/page.html:3:10: executing"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("broken layout: error %v, want %q", err, want)
	}
	if err := os.WriteFile(filepath.Join(dir, "layouts", "page.html"), []byte("{{define \"content\"}}\n{{if .Content}}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err = Render(quick(dir))
	if want := filepath.ToSlash(dir) + "/layouts/page.html:3: unexpected EOF"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("broken layout: error %v, want %q", err, want)
	}
}

// TestMarkdownImagesAndFolders is issue 22's images from static/, folder
// links and heading order, on built pages: an image in static/ shows from
// a page's, a pack's and a campaign's Markdown by its relative path, and
// a missing one is an error at its file and line; a link to a folder
// leads to its index.html, so it works opened from disk, and one without
// its final slash is refused at its line; a body's "#" is an h2 under the
// page's h1.
func TestMarkdownImagesAndFolders(t *testing.T) {
	svg := `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>`
	site := minimal + `-- static/img/map.svg --
` + svg + `
-- content/pages/maps.md --
---
title: Maps
---
# The valley

![the valley](../img/map.svg)

#### Fords

See [the pack](../packs/small/) or [its band](../packs/small/#band).
-- content/packs/mapped.md --
---
title: Mapped Pack
system: 2d6-sword-and-sorcery
seed: mapped-1
encounters: explore
---
![map](../../img/map.svg)
-- content/campaigns/mapped.md --
---
title: Mapped Road
system: 2d6-sword-and-sorcery
seed: mapped-2
steps: 2
---
![map](../../img/map.svg)
`
	files := render(t, quick(writeSite(t, site)))
	page := string(files["pages/maps.html"])
	for _, want := range []string{`<img src="../img/map.svg" alt="the valley" />`, `<h2>The valley</h2>`, `<h3>Fords</h3>`,
		`href="../packs/small/index.html"`, `href="../packs/small/index.html#band"`} {
		if !strings.Contains(page, want) {
			t.Errorf("pages/maps.html lacks %s", want)
		}
	}
	if strings.Count(page, "<h1") != 1 {
		t.Errorf("pages/maps.html has %d h1", strings.Count(page, "<h1"))
	}
	for _, p := range []string{"packs/mapped/index.html", "campaigns/mapped/index.html"} {
		if !strings.Contains(string(files[p]), `<img src="../../img/map.svg" alt="map" />`) {
			t.Errorf("%s shows no image", p)
		}
	}
	if string(files["img/map.svg"]) != svg+"\n" {
		t.Errorf("img/map.svg %q", files["img/map.svg"])
	}

	bad := writeSite(t, minimal+`-- content/pages/bad.md --
---
title: Bad
---
![gone](../img/gone.svg)

[folder](../packs/small)

![folder](../img/)
`)
	_, _, err := Render(quick(bad))
	prefix := filepath.ToSlash(bad) + "/content/pages/bad.md:"
	for _, want := range []string{
		prefix + `4: image "../img/gone.svg": no file img/gone.svg in the site: put the image in static/img/gone.svg`,
		prefix + `6: link "../packs/small": packs/small is a folder, which a browser opening the site from disk shows as a list of files: link its page, ../packs/small/index.html`,
		prefix + `8: image "../img/": name the image's file`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
}
