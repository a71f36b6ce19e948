package generator

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/engine/series"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator/pwa"
	"github.com/sortie-wargames/sortie/generator/web"
)

// rollSite is a small site with a monthly series and its play sheets on
// A4, for the Roll page's tests.
const rollSite = `
-- sortie.conf --
title: Roll Test
paper: a4
-- content/index.md --
---
title: Welcome
---
Hello.
-- content/series/fight.md --
---
title: Fight of the Month
system: swordplay
seed: roll-series
encounters: patrol, raid-attack
start: 2026-10
recruits: feudal
---
A fight a month.
`

// TestRollPage: with the engine, the build writes the Roll page, the
// engine and its loader as given, the page's script and style, and every
// page links the Roll page; the form offers every built-in system that
// rolls encounters and the site's series, carrying the series as the
// engine rolls it; a month rolled as the Roll page rolls it prints the
// play sheet the site's own month has, byte for byte. Without the
// engine there is no Roll page and no page links one.
func TestRollPage(t *testing.T) {
	dir := writeSite(t, rollSite)
	eng := &RollEngine{Wasm: []byte("\x00asm not really"), Loader: []byte("// wasm_exec.js")}
	created := time.Unix(1_790_000_000, 0).UTC()
	files, _, err := Render(Options{Source: dir, Systems: systems.Builtin(), Month: "2026-11", Created: created, Version: "9.9.9", Roll: eng})
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string][]byte{}
	for _, f := range files {
		byPath[f.Path] = f.Data
	}
	if !bytes.Equal(byPath[pwa.RollWasm], eng.Wasm) || !bytes.Equal(byPath[pwa.RollLoader], eng.Loader) || byPath[pwa.RollScript] == nil || byPath[pwa.RollWorker] == nil || byPath[pwa.RollStyle] == nil {
		t.Fatalf("the Roll page's files: %q %q, script %d bytes, style %d bytes", byPath[pwa.RollWasm], byPath[pwa.RollLoader], len(byPath[pwa.RollScript]), len(byPath[pwa.RollStyle]))
	}
	page := string(byPath[web.RollPage])
	for _, want := range []string{
		`<li><a href="../roll/index.html" aria-current="page">Roll</a></li>`,
		`<option value="2d6-sword-and-sorcery">2d6 Sword &amp; Sorcery</option>`,
		`<option value="series:fight">Fight of the Month (Swordplay)</option>`,
		`<input id="roll-month-fight" name="month" type="month" min="2026-10" max="2026-11" value="2026-11"`,
		`data-created="1790000000" data-version="9.9.9"`,
		`<script src="roll.js" defer="defer"></script>`,
		`<noscript>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the Roll page lacks %s", want)
		}
	}
	if n := strings.Count(page, `<div class="roll-opts" data-for="`); n != 6 {
		t.Errorf("the Roll page has %d systems' and series' fields, want 6: five systems, one series", n)
	}
	for p, data := range byPath {
		if strings.HasSuffix(p, ".html") && p != "404.html" && !bytes.Contains(data, []byte(`roll/index.html"`)) {
			t.Errorf("%s does not link the Roll page", p)
		}
	}

	// The series as the page hands it to the engine, and its month's sheet.
	reg, s, err := load(dir, systems.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	form, err := RollForm(reg, s.Series, "2026-11")
	if err != nil {
		t.Fatal(err)
	}
	var rs RollSeries
	if err := json.Unmarshal([]byte(form.Series[0].Data), &rs); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page, `data-series="`+strings.ReplaceAll(form.Series[0].Data, `"`, "&#34;")+`"`) {
		t.Errorf("the Roll page does not carry the series as %s", form.Series[0].Data)
	}
	m, _ := series.ParseMonth("2026-11")
	one, err := RollMonth(reg, rs, m)
	if err != nil {
		t.Fatal(err)
	}
	pdf, err := one.PlaySheet("a4", created, "9.9.9")
	if err != nil {
		t.Fatal(err)
	}
	site := byPath["series/fight/sheets/2026-11-a4.pdf"]
	if len(site) == 0 || !bytes.Equal(pdf, site) {
		t.Errorf("the month's play sheet as the Roll page prints it (%d bytes) is not the site's (%d bytes)", len(pdf), len(site))
	}
	if got := one.SheetName("a4"); got != "fight-2026-11-a4.pdf" {
		t.Errorf("the sheet's name %q", got)
	}

	files, _, err = Render(Options{Source: dir, Systems: systems.Builtin(), Month: "2026-11", Papers: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	// A link to it: an href, or a line of the feeds' or the offline
	// worker's lists ("roll/index.html" quoted). state.js names it only as
	// the prefix of a rolled encounter's key ("roll/index.html?...").
	linkTo := regexp.MustCompile(`(href="[^"]*|"|')roll/index\.html["'#]`)
	for _, f := range files {
		if strings.HasPrefix(f.Path, pwa.RollDir+"/") || linkTo.Match(f.Data) {
			t.Errorf("without the engine, %s is or links the Roll page", f.Path)
		}
	}
}

// TestRollFormSiteRules: a system whose rule data the site changes (its
// own army list) is offered with that data, and the series on it; the
// page's engine gets the site's rule files in roll/rules.json.
func TestRollFormSiteRules(t *testing.T) {
	dir := writeSite(t, `
-- sortie.conf --
title: Roll Test
paper: none
-- content/index.md --
---
title: Welcome
---
Hello.
-- content/series/fight.md --
---
title: Fight of the Month
system: 2d6-sword-and-sorcery
seed: roll-series
encounters: raid
start: 2026-10
---
A fight a month.
-- content/systems/2d6-sword-and-sorcery/brigands.rules --
table brigands
title   Brigands
dice    1d6
read    as-rolled
group   army
columns Type:text | Class:text | Rep:int | AC:int
| 1-3 | Raw         | Melee   | 3 | 2 |
| 4-6 | Veteran     | Melee   | 5 | 4 |
`)
	reg, s, err := load(dir, systems.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	f, err := RollForm(reg, s.Series, "2026-11")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	var enemies []string
	for _, s := range f.Systems {
		ids = append(ids, s.ID)
		if s.ID == "2d6-sword-and-sorcery" {
			for _, c := range s.Enemies {
				enemies = append(enemies, c.ID)
			}
		}
	}
	if len(ids) != 5 || len(f.Series) != 1 || !slices.Contains(enemies, "brigands") {
		t.Errorf("offered %v (2d6 enemies %v) and %d series: want all five, the site's brigands among 2d6's enemies, and its series", ids, enemies, len(f.Series))
	}
	rules, err := SiteRules(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(rules) != 1 || !strings.Contains(rules["systems/2d6-sword-and-sorcery/brigands.rules"], "table brigands") {
		t.Errorf("the site's rules for the page's engine: %v", rules)
	}
	reg2, err := LoadSystemsOver(rules, systems.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range reg.IDs() {
		a, _ := reg.Get(id)
		b, _ := reg2.Get(id)
		ja, _ := json.Marshal(a.Rules())
		jb, _ := json.Marshal(b.Rules())
		if !bytes.Equal(ja, jb) {
			t.Errorf("%s: the rules the page's engine loads differ from the build's", id)
		}
	}
}
