package web

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/templates"
)

// TestLayoutOverridesAPartial: a site's own partials.html replaces the
// embedded one on every page that uses it, and its style.css replaces the
// stylesheet; the other templates stay the embedded ones.
func TestLayoutOverridesAPartial(t *testing.T) {
	in := testInput(t)
	partials, err := templates.FS.ReadFile("partials.html")
	if err != nil {
		t.Fatal(err)
	}
	mine := bytes.Replace(partials, []byte(`{{define "roll"}}<p class="roll">`), []byte(`{{define "roll"}}<p class="roll my-roll">`), 1)
	if bytes.Equal(mine, partials) {
		t.Fatal("partials.html no longer defines the roll line as the test expects")
	}
	in.Layouts = map[string]Layout{
		"partials.html": {File: "site/layouts/partials.html", Data: mine},
		"style.css":     {File: "site/layouts/style.css", Data: []byte("body { color: teal; }\n")},
	}
	files := render(t, in)
	for _, p := range []string{"packs/tp/encounter-1.html", "campaigns/tc/index.html"} {
		contains(t, p, files[p], `<p class="roll my-roll">`)
	}
	if got := string(files["style.css"]); got != "body { color: teal; }\n" {
		t.Errorf("style.css = %q, want the site's own", got)
	}
	// Everything else is still drawn by the embedded templates.
	contains(t, "index.html", files["index.html"], `<a class="skip" href="#main">`)
}

// TestLayoutErrors: a broken override is an error at its file and line,
// whether it fails to parse or to run; an unknown name is an error.
func TestLayoutErrors(t *testing.T) {
	for _, tc := range []struct {
		name, file, data, want string
	}{
		{"parse", "page.html", "{{define \"content\"}}\n<p>\n{{if .Content}}\n{{end}", "site/layouts/page.html:4: "},
		{"execute", "home.html", "{{define \"content\"}}\n<p>\n{{.Content.NoSuchField}}</p>\n{{end}}", "site/layouts/home.html:3:10: executing"},
		{"missing template", "layout.html", "<!DOCTYPE html>\n<title>x</title>\n{{template \"nothing\" .}}", "site/layouts/layout.html:3:11: no such template"},
		{"unknown", "pages.html", "x", "site/layouts/pages.html: not a file Sortie has to replace"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := testInput(t)
			in.Layouts = map[string]Layout{tc.file: {File: "site/layouts/" + tc.file, Data: []byte(tc.data)}}
			_, err := Render(in)
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want it to contain %q", err, tc.want)
			}
			var te *TemplateError
			if tc.name != "unknown" && !errors.As(err, &te) {
				t.Errorf("error %q is not a *TemplateError", err)
			}
		})
	}
}

// TestFaviconAnd404: every page links Sortie's favicon, or the site's own;
// the 404 page links home from the site's root, as a host serves it at any
// depth.
func TestFaviconAnd404(t *testing.T) {
	in := testInput(t)
	files := render(t, in)
	if !bytes.HasPrefix(files[Favicon], []byte("<svg")) {
		t.Errorf("%s is not Sortie's SVG", Favicon)
	}
	contains(t, "index.html", files["index.html"], `<link rel="icon" href="favicon.svg" type="image/svg&#43;xml"/>`)
	contains(t, "packs/tp/encounter-1.html", files["packs/tp/encounter-1.html"], `<link rel="icon" href="../../favicon.svg" type="image/svg&#43;xml"/>`)
	contains(t, NotFound, files[NotFound], `<title>Page not found · `, `<a href="/index.html">Go to the home page</a>`,
		`<link rel="stylesheet" href="/style.css"/>`)

	in.Favicon = "favicon.png"
	in.Site.BaseURL = "https://example.org/club/"
	files = render(t, in)
	if _, ok := files[Favicon]; ok {
		t.Errorf("%s written beside the site's own favicon", Favicon)
	}
	contains(t, "pages/p.html", files["index.html"], `<link rel="icon" href="favicon.png" type="image/png"/>`)
	contains(t, NotFound, files[NotFound], `<a href="/club/index.html">Go to the home page</a>`, `<link rel="icon" href="/club/favicon.png" type="image/png"/>`)
}
