package web

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator/site"
)

// roll returns 2d6 as they fell.
func roll(a, b int) dice.Roll { return dice.Expr{Count: 2, Faces: 6}.Read([]int{a, b}) }

// everyKind is an encounter made of every block kind, by hand: sections
// (one nested), paragraphs, a list, a checklist, roll lines, a table with every part,
// a map, sealed items holding blocks, and gamebook links.
func everyKind(n int) *engine.Encounter {
	m := board.New("Test Board", 12, 12, "Your side comes in here", true, "They wait here")
	m.Terrain, m.Caption = "Marsh", "Boggy ground."
	m.PlaceTrack("1", "2")
	return &engine.Encounter{
		System: "test", Type: "skirmish", Title: "Skirmish", Seed: "s", Stream: fmt.Sprintf("pack/%d/skirmish", n), Summary: "A fight in the marsh.",
		Blocks: []doc.Block{
			&doc.Map{Map: m},
			&doc.Roll{Label: "Ground", Dice: roll(3, 6), Row: "9", Result: "Marsh"},
			&doc.Para{Lead: "Lead words.", Text: "Plain <script>alert(1)</script> words."},
			&doc.Checklist{Lead: "In the order you take them", Items: []string{"Bandit <b>(6)</b>", "Knight (10)"}, Note: "Tick each as placed."},
			&doc.Section{Title: "Orders", Blocks: []doc.Block{
				&doc.List{Items: []string{"First order", "Second order"}},
				&doc.Section{Title: "Nested orders", Blocks: []doc.Block{&doc.Para{Text: "Deep inside.", Note: true}}},
			}},
			&doc.Section{Title: "Foes", Blocks: []doc.Block{
				&doc.Table{
					ID: "foes", Corner: "2", Title: "Foe table",
					HowToRead: []string{"Read the total"}, Notes: []string{"A short note"},
					Modifiers: []doc.Modifier{{Head: [2]string{"Circumstance", "Modifier"}, Rows: [][2]string{{"In the dark", "-1"}}}},
					Head:      []string{"Roll", "Foe", "What they do"},
					Rows:      [][]string{{"2-6", "Bandit", "Runs at the first wound."}, {"7-12", "Knight"}},
					Wide:      []int{2},
					Footnotes: []string{"(1) A footnote."},
					Decisions: []string{"the book is silent, so this."},
					Source:    "page 25",
				},
			}},
			&doc.Sealed{Title: "Secrets", Intro: "Read each only when you reach it.", Items: []doc.SealedItem{
				{Number: 1, Title: "The first secret", Blocks: []doc.Block{
					&doc.Roll{Label: "Secret roll", Dice: roll(1, 2), Row: "low"},
					&doc.Para{Lead: "Nothing here."},
				}},
				{Number: 2, Title: "The second secret", Tag: "the prize", Blocks: []doc.Block{
					&doc.Table{Head: []string{"Your figures", "1", "2"}, Rows: [][]string{{"Enemies", "1", "2"}}},
				}},
			}},
			&doc.Links{Links: []doc.Link{{Label: "Onward", To: 2}}},
			&doc.Cards{Title: "Action cards", Intro: "Turn the card.", W: 63, H: 63, Items: []doc.Card{
				{Title: "Guard <b>1</b>", Tag: "d10", Fields: []doc.Field{{Label: "Weapon", Value: "Bow 15\""}},
					Track: &doc.Track{Label: "Hits", Boxes: 3, Note: "Out at the last box"}, Lines: []string{"Small print"},
					Edges: [4]string{"Move", "Fire", "Fight", "Move & fire"},
					Back:  &doc.Card{Title: "Guard 1", Tag: "Unloaded", Edges: [4]string{"Move", "Move only", "Fight", "Load"}}},
			}},
		},
	}
}

func testForce() *engine.Force {
	return &engine.Force{
		Title: "Your party", Columns: []string{"Grit"},
		Figures: []engine.Figure{{Name: "Hero", Attrs: []string{"5"}, Star: true}, {Name: "Sidekick", Attrs: []string{"3"}, Roll: &doc.Roll{Label: "Hiring", Dice: roll(2, 2), Row: "4"}}},
		Notes:   []doc.Block{&doc.Para{Note: true, Text: "A band note."}},
	}
}

// testInput is a site of one system with one pack and one campaign, all
// built of everyKind encounters.
func testInput(t *testing.T) Input {
	t.Helper()
	set := &rules.Set{System: &rules.System{ID: "test", Name: "Test Rules", Book: "The Book"}, Tables: map[string]*rules.Table{}}
	band := testForce()
	p := &pack.Pack{System: "test", Seed: "s", Band: band}
	for n := 1; n <= 2; n++ {
		p.Entries = append(p.Entries, &pack.Entry{Number: n, Type: "skirmish", Encounter: everyKind(n)})
	}
	c := &campaign.Campaign{System: "test", Seed: "s", Steps: 2, Start: 1, Band: band,
		Begin: &doc.Roll{Label: "Starting level", Dice: roll(4, 4), Result: "EAL 3"}}
	c.Nodes = []*campaign.Node{
		{Number: 1, Step: 1, Type: "skirmish", State: "EAL 3", Encounter: everyKind(1),
			Afterwards: []doc.Block{&doc.Roll{Label: "New blood", Dice: roll(5, 5), Result: "One joins"}},
			Links:      []doc.Link{{Label: "Success", To: 2, Note: "EAL goes up by 1"}, {Label: "Failure", To: 0}}},
		{Number: 2, Step: 2, Type: "skirmish", State: "EAL 4", Encounter: everyKind(2)},
	}
	home := &site.Page{Title: "Home", File: "index.md"}
	return Input{
		Site:      &site.Site{Title: "Test Site", Home: home},
		Version:   "test",
		Systems:   []System{{Set: set}},
		Packs:     []Pack{{Def: &site.Pack{Page: site.Page{Title: "Test Pack", Slug: "tp"}, System: "test", Seed: "s"}, Rolled: p}},
		Campaigns: []Campaign{{Def: &site.Campaign{Page: site.Page{Title: "Test Campaign", Slug: "tc"}, System: "test", Seed: "s", Steps: 2}, Rolled: c}},
	}
}

func render(t *testing.T, in Input) map[string][]byte {
	t.Helper()
	files, err := Render(in)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, f := range files {
		out[f.Path] = f.Data
		if dir := os.Getenv("SORTIE_WEB_OUT"); dir != "" { // to look at the pages in a browser
			p := filepath.Join(dir, t.Name(), filepath.FromSlash(f.Path))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for p, data := range out {
		if strings.HasSuffix(p, ".html") {
			if _, err := scan(data); err != nil {
				t.Errorf("%s: %v", p, err)
			}
		}
	}
	return out
}

// scan parses a page as strict XML (the pages are well-formed XHTML) and
// returns its ids; it fails on a repeated id, a script element or an
// event-handler attribute. The search page alone has scripts: its own
// (pwa.SearchScript) and the index it searches, data (searchScripts).
func scan(data []byte) (map[string]bool, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	d.Entity = xml.HTMLEntity
	ids := map[string]bool{}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return ids, nil
		}
		if err != nil {
			return nil, err
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if strings.EqualFold(el.Name.Local, "script") && !searchScript(el) {
			return nil, errors.New("a script element")
		}
		for _, a := range el.Attr {
			switch {
			case a.Name.Local == "id":
				if ids[a.Value] {
					return nil, fmt.Errorf("id %q used twice", a.Value)
				}
				ids[a.Value] = true
			case strings.HasPrefix(strings.ToLower(a.Name.Local), "on"):
				return nil, fmt.Errorf("event handler %s on <%s>", a.Name.Local, el.Name.Local)
			}
		}
	}
}

// searchScript reports whether el is one of the search page's two
// scripts, as search.html writes them.
func searchScript(el xml.StartElement) bool {
	var at []string
	for _, a := range el.Attr {
		at = append(at, a.Name.Local+"="+a.Value)
	}
	slices.Sort(at)
	s := strings.Join(at, " ")
	return s == "data-root=../ id=search-index type=application/json" || s == "defer=defer src=search.js"
}

func contains(t *testing.T, page string, data []byte, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !bytes.Contains(data, []byte(w)) {
			t.Errorf("%s lacks %q", page, w)
		}
	}
}

func TestEncounterDrawsEveryBlockKind(t *testing.T) {
	files := render(t, testInput(t))
	const page = "packs/tp/encounter-1.html"
	enc := files[page]
	contains(t, page, enc,
		// map, beside the short blocks that follow it
		`<div class="encounter">`, `<figure class="board">`, `<svg viewBox=`, `<strong>Test Board</strong>`, `class="marker"`,
		// roll lines: label, dice, the row where it differs, the result
		`<p class="roll"><span class="dice">Ground: 2d6 = 3 &#43; 6 = 9</span> → <strong>Marsh</strong></p>`,
		`<span class="dice">Secret roll: 2d6 = 1 &#43; 2 = 3 (row low)</span>`,
		// paragraphs, escaped
		`<p><strong>Lead words.</strong> Plain &lt;script&gt;alert(1)&lt;/script&gt; words.</p>`,
		`<p class="note">Deep inside.</p>`,
		// a checklist: each item numbered, with a box play state keeps (an
		// id), the whole line its label; escaped
		`<div class="checklist"><p><strong>In the order you take them</strong></p>`,
		`<ol><li><label><span class="n">1</span><input type="checkbox" class="box" id="e1-order-1"/>Bandit &lt;b&gt;(6)&lt;/b&gt;</label></li><li><label><span class="n">2</span><input type="checkbox" class="box" id="e1-order-2"/>Knight (10)</label></li></ol><p class="note">Tick each as placed.</p></div>`,
		// sections and a list: on the encounter's own page its sections are
		// h2, right under the page's h1, nested headings one level down
		`<h2>Orders</h2>`, `<ul><li>First order</li><li>Second order</li></ul>`, `<h3>Nested orders</h3>`,
		// the table, every part
		`<div class="tbl titled" id="e1-foes">`, `<span class="corner" title="Roll this many six-sided dice">2</span>`,
		`<div class="scroll" tabindex="0" role="region" aria-label="Foe table">`,
		`<span class="title">Foe table</span>`, `<span class="read">Read the total</span>`, `<span class="cnote">A short note</span>`,
		`<th scope="col" class="key">Roll</th>`, `<th scope="col" class="wide">What they do</th>`,
		// three columns: on a phone each row stands as a block, each cell
		// with its column's head
		`<p class="caption"><span class="corner"`, `<table class="stack">`,
		`<th scope="row" class="key">2-6</th><td data-h="Foe">Bandit</td><td class="wide" data-h="What they do">Runs at the first wound.</td>`,
		`<th scope="row" class="key">7-12</th><td data-h="Foe">Knight</td><td class="wide" data-h="What they do"></td>`,
		`<table class="mods">`, `<td>In the dark</td><td class="mod">-1</td>`,
		`<p class="note">(1) A footnote.</p>`, `<p class="note">* Sortie's decision: the book is silent, so this.</p>`, `<p class="note">Book: page 25.</p>`,
		// sealed items: closed boxes with ids from the encounter's prefix
		`<h2>Secrets</h2>`, `<p class="note">Read each only when you reach it.</p>`,
		`<details class="pef" id="e1-sealed-1">`, `<summary><span class="num">1</span> The first secret</summary>`,
		`<summary><span class="num">2</span> The second secret (the prize)</summary>`,
		`<table class="compact">`, `<th scope="row" class="key">Enemies</th>`,
		// links, as text outside a gamebook
		`<strong>Onward: go to 2</strong>`,
		// play cards at their size, front and back side by side, edges in order
		`<section class="part play-cards" id="e1-cards">`, `<h2>Action cards</h2>`, `<p class="note">Turn the card.</p>`,
		`<p class="note">1 card, 63 × 63 mm each: the booklets print them at that size on sheets to cut out, with their backs behind them.</p>`,
		`<div class="play-card front edged" style="width: 63mm; aspect-ratio: 63 / 63">`,
		`<span class="edge top">Move</span><span class="edge right">Fire</span><span class="edge bottom">Fight</span><span class="edge left">Move &amp; fire</span>`,
		`<strong>Guard &lt;b&gt;1&lt;/b&gt;</strong> <span class="tag">d10</span>`, `<dt>Weapon</dt><dd>Bow 15&#34;</dd>`,
		// each box with an id for play state (state.js), named with its card
		`<span class="label">Hits</span> <input type="checkbox" class="box" id="e1-cards-card-1-box-1" aria-label="Guard &lt;b&gt;1&lt;/b&gt;, Hits: box 1"/><input type="checkbox" class="box" id="e1-cards-card-1-box-2" aria-label="Guard &lt;b&gt;1&lt;/b&gt;, Hits: box 2"/><input type="checkbox" class="box" id="e1-cards-card-1-box-3" aria-label="Guard &lt;b&gt;1&lt;/b&gt;, Hits: box 3"/> <span class="note">Out at the last box</span>`,
		`<p class="line">Small print</p>`,
		`<div class="play-card back edged"`, `<span class="edge right">Move only</span>`, `<span class="side">back</span>`,
		// the band, as a table and its notes
		`<h2 id="band">Your party</h2>`, `<th scope="col">Grit</th>`, `<td data-h="Figure">Sidekick</td>`, `2d6 = 2 &#43; 2 = 4`, `<p class="note">A band note.</p>`,
		// the print-only sealed section
		`<section class="sealed" aria-hidden="true">`, `<h2>Sealed Secrets</h2>`, `<p class="which">2 of 2: The second secret (the prize)</p>`,
		// under the title, the seed, and nothing of the engine's streams
		`seed <code>`,
	)
	if bytes.Contains(enc, []byte("stream")) {
		t.Error("the encounter's page names the engine's stream, which says nothing to a player")
	}
	if bytes.Contains(enc, []byte("<script")) {
		t.Error("a paragraph's text was not escaped")
	}
	if bytes.Contains(enc, []byte("<details open")) || bytes.Contains(enc, []byte(`open=""`)) {
		t.Error("a sealed item is open by default")
	}
	// The map stands beside the short blocks after it; the first block
	// holding a table starts the full width below.
	facts := between(enc, `<div class="facts">`, `<h2>Foes</h2>`)
	if !bytes.Contains(facts, []byte("<h2>Orders</h2>")) || !bytes.Contains(facts, []byte("</div>\n</div>")) {
		t.Errorf("facts column: %s", facts)
	}
}

// between returns what lies between the first a and the next b.
func between(data []byte, a, b string) []byte {
	_, after, ok := bytes.Cut(data, []byte(a))
	if !ok {
		return nil
	}
	before, _, _ := bytes.Cut(after, []byte(b))
	return before
}

func TestPackPage(t *testing.T) {
	files := render(t, testInput(t))
	const page = "packs/tp/index.html"
	contains(t, page, files[page],
		`<h2 id="band">Your party</h2>`, `<p class="note">A band note.</p>`,
		`<th scope="col">Board</th><th scope="col">Secrets</th>`,
		`<a href="../../packs/tp/encounter-2.html">Skirmish</a> <span class="meta">A fight in the marsh.</span></td><td>Marsh</td><td>2</td>`)
}

func TestCampaignPage(t *testing.T) {
	files := render(t, testInput(t))
	const page = "campaigns/tc/index.html"
	camp := files[page]
	contains(t, page, camp,
		`<a href="entry-1.html">Start at entry 1</a>`, `<span class="dice">Starting level: 2d6 = 4 &#43; 4 = 8</span> → <strong>EAL 3</strong>`,
		`<h2 id="band">Your party</h2>`, `<h2 id="entries">Entries</h2>`,
		`<li><span class="step">Encounter 1:</span> <a id="entry-1" href="entry-1.html" data-entry="1"><span class="num">1</span> Skirmish <span class="state">EAL 3</span></a></li>`,
		`<li><span class="step">Encounter 2:</span> <a id="entry-2" href="entry-2.html" data-entry="2"><span class="num">2</span> Skirmish`,
	)
	// The campaign's page holds no entry: each is a page of its own.
	for _, not := range []string{"A fight in the marsh.", "After the encounter", "sealed-1", `class="sealed"`, `class="goto`} {
		if bytes.Contains(camp, []byte(not)) {
			t.Errorf("%s holds %q, which belongs on an entry's page", page, not)
		}
	}
	const one, two = "campaigns/tc/entry-1.html", "campaigns/tc/entry-2.html"
	contains(t, one, files[one],
		`<h1>Test Campaign, entry 1: Skirmish</h1>`, `<p class="lede">A fight in the marsh.</p>`,
		`Entry 1 of 2 in <a href="../../campaigns/tc/index.html">Test Campaign</a> · encounter 1 of 2 · <span class="state">EAL 3</span>`,
		`<h2>After the encounter</h2>`, `New blood: 2d6 = 5 &#43; 5 = 10</span> → <strong>One joins</strong>`,
		`<a href="entry-2.html">Success: go to 2</a> <span class="note">(EAL goes up by 1)</span> <span class="sep">·</span> <strong>Failure: the campaign ends here.</strong>`,
		`id="entry-1-sealed-1"`, `id="entry-1-foes"`,
		"<nav class=\"pager\" aria-label=\"Entries\">\n<a href=\"../../campaigns/tc/index.html#entries\">All entries</a>\n</nav>",
	)
	contains(t, two, files[two],
		`<a href="entry-2.html">Onward: go to 2</a>`, `<p class="goto end">The campaign ends here.</p>`,
		`id="entry-2-sealed-2"`, `id="entry-2-foes"`,
		`<a href="../../campaigns/tc/index.html#entries">All entries</a>`,
	)
	// A gamebook's entries are not read in order: an entry leads on by its
	// own links alone, with no "next" or "previous" entry.
	for _, p := range []string{one, two} {
		if bytes.Contains(files[p], []byte(`rel="next"`)) || bytes.Contains(files[p], []byte(`rel="prev"`)) {
			t.Errorf("%s links the entry before or after it, inviting the player to read on", p)
		}
	}
	if bytes.Contains(files[two], []byte("entry-1.html")) {
		t.Errorf("%s links entry 1, which no link of it leads to", two)
	}
	// Fog of war: an entry's page shows its own encounter and sealed
	// items, none of the other entry's.
	for _, p := range []struct{ page, other string }{{one, "entry-2-"}, {two, "entry-1-"}} {
		if bytes.Contains(files[p.page], []byte(`id="`+p.other)) {
			t.Errorf("%s draws blocks of another entry (%s...)", p.page, p.other)
		}
	}
	// Each entry's print-only section holds its own sealed items, and
	// draws no ids of its own.
	for _, p := range []string{one, two} {
		var order []string
		for _, part := range bytes.Split(files[p], []byte(`<p class="which">`))[1:] {
			line, _, _ := bytes.Cut(part, []byte(":"))
			order = append(order, string(line))
		}
		n := p[len("campaigns/tc/entry-") : len(p)-len(".html")]
		want := []string{"Entry " + n + " · 1 of 2", "Entry " + n + " · 2 of 2"}
		if fmt.Sprint(order) != fmt.Sprint(want) {
			t.Errorf("%s: sealed cards %q, want %q", p, order, want)
		}
		if printed := between(files[p], `<section class="sealed"`, `</section>`); bytes.Contains(printed, []byte(" id=")) {
			t.Errorf("%s: the print-only sealed section repeats ids", p)
		}
	}
}

const dataOnly = `system data-only
name      Data Only
book      A Book of Tables
summary   Tables and nothing else.
board     24x24
star-rep  4
first-encounter stand
qrs hits nothing

table hits
title   Hits
dice    2d6
read    pass
target  Rep
six-fails
caption Taken versus Rep
note    Each side rolls.
source  page 3
columns Result:text
| 2 | Two <b>hits</b>. |
| 1 | One hit. |
| 0 | Miss. |

table nothing
title   Nothing
dice    1d6
read    sum
source  page 4
columns Result:text
| 1-6 | Nothing happens. |

encounter stand
title      Stand
summary    Hold your ground.
objective  Hold.
forces     Everyone.
terrain    nothing
deployment Anywhere.
special    None.
`

// TestDataOnlySystem builds the site of a system with data and no
// procedures: no packs, no campaigns. Its QRS page draws its tables.
func TestDataOnlySystem(t *testing.T) {
	f, err := rules.Parse("data-only/system.rules", []byte(dataOnly))
	if err != nil {
		t.Fatal(err)
	}
	set, err := rules.Assemble(f)
	if err != nil {
		t.Fatal(err)
	}
	in := Input{Site: &site.Site{Title: "Tables", Home: &site.Page{Title: "Tables"}}, Version: "test", Systems: []System{{Set: set}}}
	files := render(t, in)
	const page = "systems/data-only/qrs.html"
	qrs := files[page]
	contains(t, page, qrs,
		`<div class="qrs">`, `<div class="tbl titled" id="hits">`, `<span class="title">Hits</span>`, `<span class="corner"`,
		`A 6 is always a failure.`, `Two &lt;b&gt;hits&lt;/b&gt;.`, `<p class="note">Book: page 3.</p>`,
		`<div class="tbl titled" id="nothing">`, `<th scope="row" class="key">1-6</th>`)
	contains(t, "systems/data-only/index.html", files["systems/data-only/index.html"],
		`href="../../systems/data-only/qrs.html"`, `<dt>Stand</dt>`, ` Board 24" × 24".`)
	if len(files) != 9 {
		t.Errorf("%d files, want the home page, the stylesheet, the favicon, the 404 page, the system page and its QRS page, the search page, its script and style", len(files))
	}
}

// TestBuiltinSystems renders a pack and a campaign of every built-in
// system with procedures, from the embedded data: every page must be
// well-formed, with unique ids and no script, and every encounter draws
// its sealed items as closed boxes. SORTIE_WEB_OUT=dir writes the pages
// there to look at.
// builtinInput is a site of every built-in system: two of each of its
// encounter types in a pack, and a campaign of four steps where it has
// campaigns.
func builtinInput(t *testing.T) Input {
	t.Helper()
	dirs, err := fs.ReadDir(content.FS, "systems")
	if err != nil {
		t.Fatal(err)
	}
	in := Input{Site: &site.Site{Title: "Built-in", Home: &site.Page{Title: "Built-in"}}, Version: "test"}
	for _, d := range dirs {
		dir := path.Join("systems", d.Name())
		sub, err := fs.Sub(content.FS, dir)
		if err != nil {
			t.Fatal(err)
		}
		set, err := rules.Load(sub, dir)
		if err != nil {
			t.Fatal(err)
		}
		var sys engine.System = engine.Data{Set: set}
		for _, b := range systems.Builtin() {
			if b.ID == set.System.ID {
				if sys, err = b.New(set); err != nil {
					t.Fatal(err)
				}
			}
		}
		in.Systems = append(in.Systems, System{Set: set})
		id := set.System.ID
		if _, ok := sys.(engine.Encounterer); ok {
			var types []string
			for _, e := range set.Encounters {
				types = append(types, e.ID, e.ID)
			}
			p, err := pack.Build(sys, "look", types, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			in.Packs = append(in.Packs, Pack{Def: &site.Pack{Page: site.Page{Title: "Pack of " + id, Slug: id}, System: id, Seed: "look", Types: types}, Rolled: p})
		}
		if _, ok := sys.(engine.Campaigner); ok {
			c, err := campaign.Build(sys, "look", 4, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			in.Campaigns = append(in.Campaigns, Campaign{Def: &site.Campaign{Page: site.Page{Title: "Campaign of " + id, Slug: id}, System: id, Seed: "look", Steps: 4}, Rolled: c})
		}
	}
	return in
}

func TestBuiltinSystems(t *testing.T) {
	in := builtinInput(t)
	files := render(t, in)
	for _, p := range in.Packs {
		for _, e := range p.Rolled.Entries {
			page := encounterPage(p.Def.Slug, e.Number)
			_, items := sealedItems(e.Encounter.Blocks)
			if got := bytes.Count(files[page], []byte(`<details class="pef" id="e`)); got != len(items) {
				t.Errorf("%s: %d closed boxes, want %d", page, got, len(items))
			}
		}
	}
	for _, c := range in.Campaigns {
		page := path.Join(CampaignDir(c.Def.Slug), "index.html")
		ids, _ := scan(files[page])
		for _, n := range c.Rolled.Nodes {
			for _, l := range n.Links {
				if l.To > 0 && !ids[entryID(l.To)] {
					t.Errorf("%s: entry %d links to a missing entry %d", page, n.Number, l.To)
				}
			}
		}
	}
	for _, s := range in.Systems {
		page := path.Join(SystemDir(s.Set.System.ID), "qrs.html")
		if got := bytes.Count(files[page], []byte(`<div class="tbl titled`)); got != len(s.Set.System.QRS) {
			t.Errorf("%s: %d tables, want %d", page, got, len(s.Set.System.QRS))
		}
		// Every table with odds has its strip: a captioned table whose
		// rows are headed by the Rep.
		want := 0
		for _, id := range s.Set.System.QRS {
			if doc.RuleOdds(s.Set.Table(id)) != nil {
				want++
			}
		}
		if got := bytes.Count(files[page], []byte(`<p class="odds-caption">Odds `)); got != want {
			t.Errorf("%s: %d odds strips, want %d", page, got, want)
		}
		if want > 0 && !bytes.Contains(files[page], []byte(`<tr><th scope="row">Rep 4</th><td>4/9 · 44%</td>`)) {
			t.Errorf("%s: no Rep 4 line reading 4/9 · 44%%", page)
		}
	}
}

// TestFooterBooklets: a page's footer lists its own booklets only, and
// links the downloads page (but for that page's own), which lists every
// booklet of the site; on a site of many booklets the footers stay as
// short. A site with no booklet has no downloads page and no link to one.
func TestFooterBooklets(t *testing.T) {
	for _, n := range []int{2, 200} {
		in := testInput(t)
		for i := range n {
			in.Packs[0].PDFs = append(in.Packs[0].PDFs, Link{Label: fmt.Sprint("PDF ", i), Href: fmt.Sprintf("packs/tp/tp-%d.pdf", i)})
		}
		in.Campaigns[0].PDFs = []Link{{Label: "PDF, A4", Href: "campaigns/tc/tc-a4.pdf"}}
		in.Systems[0].PDFs = []Link{{Label: "PDF, A4", Href: "systems/test/test-qrs-a4.pdf"}}
		files := render(t, in)
		footer := func(page string) string {
			return string(between(files[page], `<footer class="site">`, `</footer>`))
		}
		for page, want := range map[string]int{"packs/tp/encounter-1.html": n, "packs/tp/index.html": n, "campaigns/tc/entry-1.html": 1, "systems/test/qrs.html": 1, "index.html": 0, Downloads: 0} {
			f := footer(page)
			if got := strings.Count(f, `.pdf"`); got != want {
				t.Errorf("%d booklets: the footer of %s links %d, want %d\n%s", n, page, got, want, f)
			}
			link := `<a href="` + strings.Repeat("../", strings.Count(page, "/")) + `downloads.html"`
			if strings.Contains(f, link) != (page != Downloads) {
				t.Errorf("%d booklets: the footer of %s links the downloads page: %t, want %t (every page but that one)\n%s", n, page, page == Downloads, page != Downloads, f)
			}
		}
		dl := string(between(files[Downloads], "<main", "</main>"))
		for _, h := range slices.Concat(in.Packs[0].PDFs, in.Campaigns[0].PDFs, in.Systems[0].PDFs) {
			if !strings.Contains(dl, `href="`+h.Href+`"`) {
				t.Errorf("%d booklets: the downloads page does not link %s", n, h.Href)
			}
		}
		if got := strings.Count(dl, `.pdf"`); got != n+2 {
			t.Errorf("%d booklets: the downloads page links %d booklets, want %d", n, got, n+2)
		}
	}
	files := render(t, testInput(t))
	if _, ok := files[Downloads]; ok {
		t.Error("a site with no booklet has a downloads page")
	}
	if strings.Contains(string(files["index.html"]), "downloads.html") {
		t.Error("a site with no booklet links a downloads page")
	}
}
