package web

import (
	"bytes"
	"io/fs"
	"path"
	"regexp"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator/site"
)

var qrsRefRE = regexp.MustCompile(`<p class="qrs-ref"><a href="([^"#]+)#([^"]+)">`)

// TestEncounterTablesSection checks, for an encounter page of every
// built-in system with procedures, the section "Tables for this
// encounter": it draws each table the encounter names, in order, and
// links each to an id on the system's QRS page that holds that table; an
// encounter that names none has no such section.
func TestEncounterTablesSection(t *testing.T) {
	in := Input{Site: &site.Site{Title: "Built-in", Home: &site.Page{Title: "Built-in"}}, Version: "test"}
	for _, b := range systems.Builtin() {
		dir := path.Join("systems", b.ID)
		sub, err := fs.Sub(content.FS, dir)
		if err != nil {
			t.Fatal(err)
		}
		set, err := rules.Load(sub, dir)
		if err != nil {
			t.Fatal(err)
		}
		sys, err := b.New(set)
		if err != nil {
			t.Fatal(err)
		}
		in.Systems = append(in.Systems, System{Set: set})
		p, err := pack.Build(sys, "tables", set.EncounterIDs(), engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		in.Packs = append(in.Packs, Pack{Def: &site.Pack{Page: site.Page{Title: "Pack of " + b.ID, Slug: b.ID}, System: b.ID, Seed: "tables", Types: set.EncounterIDs()}, Rolled: p})
	}
	files := render(t, in)
	for i, p := range in.Packs {
		set := in.Systems[i].Set
		for _, e := range p.Rolled.Entries {
			page := encounterPage(p.Def.Slug, e.Number)
			data := files[page]
			at := bytes.Index(data, []byte("<h2>"+EncTablesTitle+"</h2>"))
			if len(e.Encounter.Tables) == 0 {
				// Nothing to roll at the table beyond what every battle uses.
				if at >= 0 {
					t.Errorf("%s: a section %q with no tables", page, EncTablesTitle)
				}
				continue
			}
			if at < 0 {
				t.Errorf("%s: no section %q", page, EncTablesTitle)
				continue
			}
			refs := qrsRefRE.FindAllSubmatch(data[at:], -1)
			if len(refs) != len(e.Encounter.Tables) {
				t.Errorf("%s: %d links to the QRS, want %d (%q)", page, len(refs), len(e.Encounter.Tables), e.Encounter.Tables)
				continue
			}
			for k, id := range e.Encounter.Tables {
				title := set.Table(id).Title
				target := path.Join(path.Dir(page), string(refs[k][1]))
				qrs, ok := files[target]
				if !ok {
					t.Errorf("%s: link to %s, which is not a page", page, target)
					continue
				}
				ids, err := scan(qrs)
				if err != nil {
					t.Fatal(err)
				}
				frag := string(refs[k][2])
				if !ids[frag] {
					t.Errorf("%s: link to #%s, which %s has no id for", page, frag, target)
					continue
				}
				el := qrs[bytes.Index(qrs, []byte(`id="`+frag+`"`)):]
				if cap, _, _ := strings.Cut(string(el), "</caption>"); !strings.Contains(cap, `<span class="title">`+escape(title)+`</span>`) {
					t.Errorf("%s: #%s on %s is not %q", page, frag, target, title)
				}
				if !bytes.Contains(data[at:], []byte(`<span class="title">`+escape(title)+`</span>`)) {
					t.Errorf("%s: table %q not drawn in the section", page, title)
				}
			}
		}
	}
}

// escape is how html/template writes the text of a title.
func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "'", "&#39;", "<", "&lt;", ">", "&gt;", `"`, "&#34;").Replace(s)
}
