package web

import (
	"html/template"
	"testing"
)

// TestTreeIsolated checks the walk that decides whether a part's pages
// may be reused: every way a template can reach another part through
// .Site is caught; the config's fields are not.
func TestTreeIsolated(t *testing.T) {
	for src, want := range map[string]bool{
		`{{.Site.Title}} {{.Title}}`:                            true,
		`{{if .Site.HasFeeds}}x{{end}}{{.Layout.Site.Tagline}}`: true,
		`{{(.Site).Title}}`:                                     false, // .Site whole, as far as the walk sees
		`{{define "x"}}{{.Site.BaseURL}}{{end}}`:                true,
		`{{range .Site.Packs}}{{.Title}}{{end}}`:                false,
		`{{$.Site.Campaigns}}`:                                  false,
		`{{with .Site}}{{.Title}}{{end}}`:                       false,
		`{{$s := .Site}}{{$s.Title}}`:                           false,
		`{{template "y" .Site}}{{define "y"}}{{end}}`:           false,
		`{{(.Site).Series}}`:                                    false,
		`{{index .Layout.Site "Packs"}}`:                        false,
		`{{if .Site.Warnings}}{{else}}{{.Site.Title}}{{end}}`:   false,
		`{{.Site.Whatever}}`:                                    false,
	} {
		tmpl, err := template.New("t").Parse(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		got := true
		for _, tt := range tmpl.Templates() {
			if tt.Tree != nil && !treeIsolated(tt.Tree.Root) {
				got = false
			}
		}
		if got != want {
			t.Errorf("%s: isolated %v, want %v", src, got, want)
		}
	}
}
