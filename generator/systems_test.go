package generator

import (
	"bytes"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator/web"
)

// TestNewSystemFromData adds a rule system to a site from data files
// alone: no Go code, no procedures. Its tables load, print on its QRS
// page and in its QRS booklet, and its system page is built; a pack for
// it is refused at the line that names it.
func TestNewSystemFromData(t *testing.T) {
	const data = `
-- sortie.conf --
title: Skirmish Club
paper: a4
-- content/index.md --
---
title: Home
---
Our house rules.
-- content/systems/house-skirmish/system.rules --
system house-skirmish
name      House Skirmish
publisher Our club
summary   A skirmish game of our own.
qrs       morale shooting wounds
-- content/systems/house-skirmish/play.rules --
table morale
title   Morale
dice    2d6
read    pass
target  Rep
six-fails
modifier Leader within 4" | +1d6
footnote 1 Remove the figure; it does not come back.
columns Result:text
| 2 | Carry on. |
| 1 | Fall back 6". |
| 0 | Rout [^1] |

table shooting
title   Shooting
dice    1d6+Rep
read    as-rolled
columns Result:text
| 6 or less | Miss. |
| 7-8       | Pinned. |
| 9+        | Hit. |

table wounds
title   Wounds
dice    1d6
read    as-rolled
columns Result:text
| 1-2 | Out of the fight. |
| 3-6 | Knocked down. |
`
	dir := writeSite(t, data)
	files := render(t, Options{Systems: systems.Builtin(), Source: dir})
	checkPages(t, files)
	qrs := html.UnescapeString(string(files[web.SystemDir("house-skirmish")+"/qrs.html"]))
	for _, want := range []string{"Morale", "Taken versus Rep", "A 6 is always a failure.", "Leader within 4", "+1d6", "Rout (1)", "(1) Remove the figure", "Shooting", "9+", "Wounds"} {
		if !strings.Contains(qrs, want) {
			t.Errorf("QRS page lacks %q", want)
		}
	}
	if _, ok := files[web.SystemDir("house-skirmish")+"/index.html"]; !ok {
		t.Error("no system page")
	}
	pdf := files[web.SystemDir("house-skirmish")+"/house-skirmish-qrs-a4.pdf"]
	if len(pdf) == 0 {
		t.Fatal("no QRS booklet")
	}
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationStrict
	if _, err := api.ReadAndValidate(bytes.NewReader(pdf), conf); err != nil {
		t.Errorf("QRS booklet: pdfcpu: %v", err)
	}
	if text, ok := pdfText(t, pdf); ok {
		for _, want := range []string{"Morale", "Shooting", "Wounds", "Rout (1)", "House Skirmish"} {
			if !strings.Contains(text, want) {
				t.Errorf("QRS booklet lacks %q", want)
			}
		}
	}

	bad := writeSite(t, data+`-- content/packs/p.md --
---
title: A Pack
system: house-skirmish
seed: s
encounters: skirmish
---
`)
	if _, _, err := Render(Options{Systems: systems.Builtin(), Source: bad}); err == nil || !strings.Contains(err.Error(), "p.md:3: system house-skirmish has data only") {
		t.Errorf("pack for a data-only system: %v", err)
	}
}

// pdfText reads a PDF's text with pdftotext, when the tool is there.
func pdfText(t *testing.T, pdf []byte) (string, bool) {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		if os.Getenv("SORTIE_REQUIRE_TOOLS") != "" {
			t.Fatal("pdftotext is required (SORTIE_REQUIRE_TOOLS is set)")
		}
		return "", false
	}
	name := filepath.Join(t.TempDir(), "b.pdf")
	if err := os.WriteFile(name, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-layout", name, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out), true
}

// TestSameFacts: for the same seed, the Markdown, the HTML page and the
// PDF booklet of an encounter show the same rolls (every roll block, in
// the open part and on the sealed cards) for every system with
// encounters.
func TestSameFacts(t *testing.T) {
	reg, err := LoadSystems("", systems.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ system, typ string }{{"2d6-sword-and-sorcery", "raid"}, {"swordplay", "raid-attack"}} {
		sys, err := reg.Get(c.system)
		if err != nil {
			t.Fatal(err)
		}
		dir := writeSite(t, "-- sortie.conf --\ntitle: Facts\npaper: a4\n-- content/index.md --\n---\ntitle: Home\n---\nFacts.\n-- content/packs/one.md --\n---\ntitle: One\nsystem: "+c.system+"\nseed: facts\nencounters: "+c.typ+"\n---\n")
		files := render(t, Options{Systems: systems.Builtin(), Source: dir})
		page := html.UnescapeString(string(files[web.PackDir("one")+"/encounter-1.html"]))
		pdfText, havePDF := pdfText(t, files[web.PackDir("one")+"/one-a4.pdf"])

		// The same encounter, rolled as the pack rolls it, in Markdown.
		p := mustPack(t, sys, "facts", c.typ)
		var md bytes.Buffer
		if err := EncounterMarkdown(&md, sys, &OneEncounter{Band: p.Band, Encounter: p.Entries[0].Encounter}); err != nil {
			t.Fatal(err)
		}
		n := 0
		doc.Walk(p.Entries[0].Encounter.Blocks, func(b doc.Block) {
			r, ok := b.(*doc.Roll)
			if !ok {
				return
			}
			n++
			dice := r.Dice.String()
			if !strings.Contains(md.String(), dice) {
				t.Errorf("%s: Markdown lacks %q", c.system, dice)
			}
			if !strings.Contains(page, dice) {
				t.Errorf("%s: HTML lacks %q", c.system, dice)
			}
			if havePDF && !strings.Contains(squash(pdfText), squash(dice)) {
				t.Errorf("%s: PDF lacks %q", c.system, dice)
			}
		})
		if n < 3 {
			t.Errorf("%s: only %d rolls checked", c.system, n)
		}
	}
}

// squash removes white space, which PDF text extraction spreads around.
func squash(s string) string { return strings.Join(strings.Fields(s), "") }

func mustPack(t *testing.T, sys engine.System, seed, typ string) *pack.Pack {
	t.Helper()
	p, err := pack.Build(sys, seed, []string{typ}, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}
