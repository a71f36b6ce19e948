package web

import (
	"bytes"
	"html/template"
	"slices"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/series"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator/site"
)

// renderBoth renders in with the blocks drawn in Go and through the
// templates alone, and fails on any page that differs.
func renderBoth(t *testing.T, in Input) {
	t.Helper()
	r, err := New(in)
	if err != nil {
		t.Fatal(err)
	}
	if !r.direct || !r.frame || !r.encounterDirect {
		t.Fatalf("a site with Sortie's own templates: blocks drawn in Go %v, frame %v, encounter pages %v", r.direct, r.frame, r.encounterDirect)
	}
	files := func(in Input) map[string][]byte {
		fs, err := Render(in)
		if err != nil {
			t.Fatal(err)
		}
		m := map[string][]byte{}
		for _, f := range fs {
			m[f.Path] = f.Data
		}
		return m
	}
	direct := files(in)
	in.templatesOnly = true
	tmpl := files(in)
	for _, p := range slices.Sorted(func(yield func(string) bool) {
		for p := range tmpl {
			if !yield(p) {
				return
			}
		}
	}) {
		d, ok := direct[p]
		if !ok {
			t.Errorf("%s: drawn by the templates only", p)
			continue
		}
		if !bytes.Equal(d, tmpl[p]) {
			i := 0
			for i < min(len(d), len(tmpl[p])) && d[i] == tmpl[p][i] {
				i++
			}
			lo := max(i-200, 0)
			t.Errorf("%s: the Go drawing differs from the templates' at byte %d:\nGo:        %q\ntemplates: %q", p, i,
				d[lo:min(i+200, len(d))], tmpl[p][lo:min(i+200, len(tmpl[p]))])
		}
	}
	if len(direct) != len(tmpl) {
		t.Errorf("%d files drawn in Go, %d by the templates", len(direct), len(tmpl))
	}
}

// TestDirectSameBytes: the blocks drawn in Go (direct.go) are the bytes
// partials.html draws, on a site of every block kind with text that needs
// escaping and on every built-in system's encounters, campaigns and QRS.
func TestDirectSameBytes(t *testing.T) {
	t.Run("every kind", func(t *testing.T) {
		in := testInput(t)
		// Odd values where the escaping or printing could part: a
		// card's size with decimals, a heading too deep for HTML, a link
		// whose address html/template rewrites, quotes, pluses and NUL.
		e := in.Packs[0].Rolled.Entries[1].Encounter
		e.Blocks = append(e.Blocks,
			&doc.Cards{Title: "Odd 'cards' + \"more\"", W: 88.9, H: 1e21, Items: []doc.Card{{Title: "A\x00B", Track: &doc.Track{Label: "Wounds & <b>", Boxes: 2}}}},
			&doc.Section{Title: "Deep", Blocks: []doc.Block{&doc.Section{Title: "Deeper", Blocks: []doc.Block{&doc.Section{Title: "Deeper still", Blocks: []doc.Block{
				&doc.Section{Title: "Deepest", Blocks: []doc.Block{&doc.Section{Blocks: []doc.Block{&doc.List{}, &doc.Para{Lead: "Only a lead"}}}}},
			}}}}}},
			&doc.Table{Head: []string{"", "B"}, Rows: [][]string{{"", "x"}, {"k"}}, Notes: []string{"note <i>"}, Odds: &doc.Odds{Caption: "Odds", Corner: "Rep", Head: []string{"Pass"}, Rows: []doc.OddsRow{{Label: "Rep 4", Cells: []doc.Chance{{Fraction: "4/9", Percent: "44%"}, {Fraction: "0"}}}}}},
		)
		in.Campaigns[0].Rolled.Nodes[0].Links = append(in.Campaigns[0].Rolled.Nodes[0].Links, doc.Link{Label: "Odd", To: 2, Note: "it's"})
		renderBoth(t, in)
	})
	t.Run("built-in systems", func(t *testing.T) { renderBoth(t, builtinInput(t)) })
	t.Run("series", func(t *testing.T) {
		// A monthly series of each built-in system that rolls
		// encounters: its page, its months, and every page's feed links.
		in := builtinInput(t)
		start, err := series.ParseMonth("2026-09")
		if err != nil {
			t.Fatal(err)
		}
		upTo, _ := series.ParseMonth("2026-11")
		for _, b := range systems.Builtin() {
			var set *rules.Set
			for _, s := range in.Systems {
				if s.Set.System.ID == b.ID {
					set = s.Set
				}
			}
			sys, err := b.New(set)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := sys.(engine.Encounterer); !ok {
				continue
			}
			types := set.EncounterIDs()
			rolled, err := series.Build(sys, "look", types, start, upTo, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			def := &site.Series{Page: site.Page{Title: "Monthly " + b.ID, Slug: "monthly-" + b.ID}, System: b.ID, Seed: "look", Types: types, Start: start}
			in.Series = append(in.Series, Series{Def: def, Rolled: rolled})
			in.Site.Series = append(in.Site.Series, def)
		}
		if len(in.Series) == 0 {
			t.Fatal("no built-in system rolls a series")
		}
		renderBoth(t, in)
	})
	t.Run("frame", func(t *testing.T) {
		// Every part of layout.html: the app's links, the site's own
		// favicon, booklets of one file and of several, labels with and
		// without their longer part, the downloads page, and a 404 page
		// under a base URL html/template escapes.
		in := testInput(t)
		in.Offline, in.Favicon = true, "favicon.png"
		in.Site.BaseURL = "https://example.org/a b+c/"
		in.Site.Home.Summary = "A site's \"summary\""
		in.Packs[0].PDFs = []Link{{Label: "PDF, A4", Href: "packs/tp/tp-a4.pdf"},
			{Label: "Folded A5 booklet: print on A4 (9 sheets)", Parts: []Link{{Label: "volume 1 (pages 1–56)", Href: "packs/tp/tp-v1.pdf"}, {Label: "card sheets", Href: "packs/tp/tp-cards.pdf"}}}}
		in.Systems[0].PDFs = []Link{{Label: "QRS & more", Href: "systems/test/test-qrs-a4.pdf"}}
		in.Packs[0].Sheets = map[int]PlaySheet{2: {Pages: 2, PDFs: []Link{{Label: "A4", Href: "packs/tp/sheets/tp-2-a4.pdf"}, {Label: "US Letter", Href: "packs/tp/sheets/tp-2-letter.pdf"}}}}
		in.Packs[0].Def.System = "unknown" // no system's name in the meta line
		renderBoth(t, in)
	})
}

// TestDirectOnlyWithOwnPartials: a site that draws any of the blocks'
// templates its own way (its partials.html, or a page template that
// defines one again) gets html/template throughout.
func TestDirectOnlyWithOwnPartials(t *testing.T) {
	for _, tc := range []struct {
		file, data string
		direct     bool
	}{
		{"style.css", "body { color: red }", true},
		{"page.html", `{{define "content"}}<p>mine</p>{{end}}`, true},
		{"partials.html", directOwnPartials(t), false},
		{"encounter.html", `{{define "content"}}x{{end}}{{define "card"}}<p>my card</p>{{end}}`, false},
		{"layout.html", `<!DOCTYPE html><html><body>{{template "content" .}}</body></html>{{define "para"}}<p>mine</p>{{end}}`, false},
	} {
		in := testInput(t)
		in.Layouts = map[string]Layout{tc.file: {File: "site/layouts/" + tc.file, Data: []byte(tc.data)}}
		r, err := New(in)
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		if r.direct != tc.direct {
			t.Errorf("%s: blocks drawn in Go %v, want %v", tc.file, r.direct, tc.direct)
		}
	}
	// A site's own encounter.html draws the encounter pages' content,
	// the frame and blocks around it still drawn in Go.
	in0 := testInput(t)
	in0.Layouts = map[string]Layout{"encounter.html": {File: "site/layouts/encounter.html", Data: []byte(`{{define "content"}}<p>mine</p>{{end}}`)}}
	r, err := New(in0)
	if err != nil {
		t.Fatal(err)
	}
	if !r.direct || !r.frame || r.encounterDirect {
		t.Errorf("a site's own encounter.html: blocks in Go %v, frame %v, encounter pages %v; want true, true, false", r.direct, r.frame, r.encounterDirect)
	}
	files0 := render(t, in0)
	contains(t, "packs/tp/encounter-1.html", files0["packs/tp/encounter-1.html"], "<main id=\"main\">\n<h1>Test Pack 1: Skirmish</h1>\n<p class=\"lede\">A fight in the marsh.</p>\n<p>mine</p>\n</main>")

	// A site's own "para" is what its pages print.
	in := testInput(t)
	in.Layouts = map[string]Layout{"encounter.html": {File: "site/layouts/encounter.html",
		Data: []byte(`{{define "content"}}{{template "encounter" .Content.View}}{{end}}{{define "para"}}<p class="mine">{{.Text}}</p>{{end}}`)}}
	files := render(t, in)
	contains(t, "packs/tp/encounter-1.html", files["packs/tp/encounter-1.html"], `<p class="mine">Plain &lt;script&gt;alert(1)&lt;/script&gt; words.</p>`)
}

// directOwnPartials is Sortie's partials.html with one change.
func directOwnPartials(t *testing.T) string {
	t.Helper()
	r := &Renderer{}
	src, err := r.source("partials.html")
	if err != nil {
		t.Fatal(err)
	}
	return string(bytes.Replace(src, []byte(`<p class="roll">`), []byte(`<p class="roll mine">`), 1))
}

// TestDirectEscaping: appendEscaped and url write what html/template
// writes for the same string in text, in an attribute and in an href.
func TestDirectEscaping(t *testing.T) {
	text := template.Must(template.New("").Parse(`<p title="{{.}}">{{.}}</p><a href="{{.}}">`))
	for _, s := range []string{"", "plain", `a "quoted" 'word'`, "1 + 2 & <3>", "\x00nul", "é → ≤ ·", "\xff\xfe bad", "entry-4.html",
		"../../packs/x/entry-12.html#e1", "~user/a_b.html", "/a b+c/style.css", "javascript:alert(1)", "a b?c=d&e", "//evil.example/x", "http://example.org/a b", "100%", "x\"y"} {
		var b bytes.Buffer
		if err := text.Execute(&b, s); err != nil {
			t.Fatal(err)
		}
		e := string(appendEscaped(nil, s))
		w := directWriter{}
		if err := w.url(s); err != nil {
			t.Fatal(err)
		}
		want := `<p title="` + e + `">` + e + `</p><a href="` + string(w.b) + `">`
		if b.String() != want {
			t.Errorf("%q:\ngot  %s\nwant %s", s, want, b.String())
		}
	}
}
