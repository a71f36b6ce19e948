package booklet_test

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/generator/booklet"
)

func testRoll(label, result string, d ...int) *doc.Roll {
	sum := 0
	for _, v := range d {
		sum += v
	}
	return &doc.Roll{Label: label, Dice: dice.Roll{Expr: dice.Expr{Count: len(d), Faces: 6}, Dice: d, Value: sum}, Row: strconv.Itoa(sum), Result: result}
}

func testMap(title string, w, h float64) *doc.Map {
	return &doc.Map{Map: board.Map{
		Title: title, WidthIn: w, HeightIn: h, Terrain: "Open", Caption: "Open ground.",
		Zones: []board.Zone{
			{Side: board.Enemy, Label: "They wait here", X: 0, Y: 0, W: w, H: h / 6},
			{Side: board.Band, Label: "You come in here", Enters: true, X: 0, Y: h - h/6, W: w, H: h / 6},
		},
		Pieces: []board.Piece{{Kind: board.Woods, Label: "Copse", Outline: []board.Point{{X: w / 6, Y: h / 3}, {X: w / 3, Y: h / 3}, {X: w / 3, Y: h / 2}, {X: w / 6, Y: h / 2}}}},
	}}
}

// allKinds is an encounter of a made-up system holding every block kind,
// with the texts each must print, where.
func allKinds() (enc *engine.Encounter, spread, card []string) {
	rule := &doc.Table{
		Corner: "2", Title: "Weather Table", HowToRead: []string{"Adding the results together"},
		Notes:     []string{"Roll once per game."},
		Modifiers: []doc.Modifier{{Head: [2]string{"Circumstance", "Modifier"}, Rows: [][2]string{{"In the hills", "+1"}, {"By the sea", "-1"}}}},
		Head:      []string{"2d6", "Weather", "Effect"}, Rows: [][]string{{"2-6", "Rain", "Shooting at -1"}, {"7-12", "Sun", "No effect"}},
		Wide: []int{2}, Footnotes: []string{"(1) Snow in winter."}, Decisions: []string{"the book leaves 13 out; Sortie reads it as 12."}, Source: "page 9",
	}
	enc = &engine.Encounter{System: "made-up", Type: "patrol", Title: "Patrol", State: "Dusk 2", Seed: "s", Summary: "A patrol at dusk.", Blocks: []doc.Block{
		testMap("Test Field", 24, 12),
		testRoll("Weather", "Rain", 2, 3),
		&doc.Para{Lead: "Ground:", Text: "soft after the rain."},
		&doc.Section{Title: "Orders", Blocks: []doc.Block{
			&doc.List{Items: []string{"Hold the ford.", "Keep the colours safe."}},
			&doc.Section{Title: "Standing orders", Blocks: []doc.Block{&doc.Para{Text: "No looting."}}},
		}},
		&doc.Section{Title: "Conditions", Blocks: []doc.Block{rule}},
		&doc.Para{Note: true, Text: "A side remark in small print."},
		&doc.Links{Links: []doc.Link{{Label: "Onward", To: 2, Note: "Night falls"}, {Label: "Retreat", To: 0}}},
		&doc.Cards{Title: "Muster cards", Intro: "Keep one beside each figure.", W: 63, H: 63, Items: []doc.Card{
			{Title: "Captain", Tag: "d12", Fields: []doc.Field{{Label: "Weapon", Value: "Pistol 6\""}}, Track: &doc.Track{Label: "Wounds", Boxes: 2},
				Edges: [4]string{"Move", "Fire", "Fight", "Hold"}, Back: &doc.Card{Title: "Captain", Tag: "Unloaded", Edges: [4]string{"Move", "Hold", "Fight", "Load"}}},
		}},
		&doc.Sealed{Title: "Clues", Intro: "Read each when you find it.", Items: []doc.SealedItem{
			{Number: 1, Title: "The first clue you find", Tag: "the objective", Blocks: []doc.Block{
				testRoll("Clue", "A hidden cache", 6, 6),
				&doc.Para{Lead: "The cache.", Text: "Three muskets under the straw."},
				&doc.List{Items: []string{"Take one musket per figure."}},
				&doc.Table{Head: []string{"Your figures", "1", "2", "3"}, Rows: [][]string{{"Muskets", "1", "2", "3"}}},
				testMap("Cellar", 6, 4),
			}},
			{Number: 2, Title: "The second clue you find", Blocks: []doc.Block{&doc.Para{Lead: "Nothing but mice."}}},
		}},
	}}
	spread = []string{
		"Entry 1", "Patrol", "Dusk 2", "A patrol at dusk.", "Weather: " + testRoll("", "", 2, 3).Dice.String() + " → Rain",
		"Ground: soft after the rain.", "Orders", "Hold the ford.", "Keep the colours safe.", "Standing orders", "No looting.",
		"Conditions", "Weather Table", "Weather Table Adding the results together", "Roll once per game.", "Circumstance Modifier", "In the hills +1", "By the sea -1",
		"2d6 Weather Effect", "2-6 Rain Shooting at -1", "7-12 Sun No effect", "(1) Snow in winter.",
		"* Sortie's decision: the book leaves 13 out; Sortie reads it as 12.", "Book: page 9.", "A side remark in small print.",
		"Onward: turn to entry 2 (page", "Night falls", "Retreat: the campaign ends here.",
		"Muster cards: 1 card of 63 × 63 mm, to cut out from pages", "Keep one beside each figure.",
		"Clues: read each card only when you reach it", "Read each when you find it.",
		"After the encounter", "Count the survivors.", "Success: turn to entry 2 (page", "Failure: the campaign ends here.",
	}
	card = []string{"Clue: " + testRoll("", "", 6, 6).Dice.String() + " → A hidden cache", "The cache. Three muskets under the straw.",
		"Take one musket per figure.", "Your figures 1 2 3", "Muskets 1 2 3", "Nothing but mice.", "THE OBJECTIVE"}
	return enc, spread, card
}

// allKindsDoc is a two-entry campaign of the made-up system.
func allKindsDoc(t *testing.T) booklet.Doc {
	enc, _, _ := allKinds()
	last := &engine.Encounter{System: "made-up", Type: "patrol", Title: "Last Stand", Seed: "s", Blocks: []doc.Block{&doc.Para{Text: "Hold to the last."}}}
	band := &engine.Force{Title: "Your company", Columns: []string{"Might", "Grit"}, Figures: []engine.Figure{
		{Name: "Captain", Attrs: []string{"5", "4"}, Star: true, Note: "You choose the Captain's Grit."},
		{Name: "Sergeant", Attrs: []string{"4", "3"}, Roll: testRoll("Muster", "", 4, 4)},
	}, Notes: []doc.Block{&doc.Para{Note: true, Text: "Rolled again: a duplicate Captain."}}}
	set := &rules.Set{System: &rules.System{ID: "made-up", Name: "Made-Up Skirmish", QRS: nil}, Tables: map[string]*rules.Table{}}
	c := &campaign.Campaign{System: "made-up", Seed: "s", Steps: 2, Start: 1, Begin: testRoll("Season", "Autumn", 1, 2), Band: band, Nodes: []*campaign.Node{
		{Number: 1, Step: 1, Type: "patrol", State: "Dusk 2", Encounter: enc,
			Afterwards: []doc.Block{&doc.Para{Text: "Count the survivors."}},
			Links:      []doc.Link{{Label: "Success", To: 2}, {Label: "Failure", To: 0}}},
		{Number: 2, Step: 2, Type: "patrol", Encounter: last},
	}}
	return booklet.Doc{Title: "Every Block", Set: set, Seed: "s", Campaign: c}
}

// TestEveryBlock prints an encounter of a made-up system holding every
// block kind, and checks that each prints where it belongs: the spread
// shows everything but the sealed items, which are on their cards; the
// band page shows the force; the log takes its columns from the force.
func TestEveryBlock(t *testing.T) {
	d := allKindsDoc(t)
	_, spreadWant, cardWant := allKinds()
	opt := booklet.Options{Paper: "a4", Created: created, Version: "0.1.0"}
	pdf, pages, texts := writeLaid(t, d, opt)
	path := save(t, "every-block.pdf", pdf)
	recorded := func(first, last int) string {
		var b strings.Builder
		for p := first; p <= last; p++ {
			b.WriteString(texts[p] + "\n")
		}
		return squash(b.String())
	}
	// The text of pages, from pdftotext when it is installed, and always
	// as the layout recorded it.
	sources := []func(first, last int) string{recorded}
	if _, err := exec.LookPath("pdftotext"); err == nil || os.Getenv("SORTIE_REQUIRE_TOOLS") == "1" {
		sources = append(sources, func(first, last int) string { return squash(rawText(t, path, first, last)) })
	}
	first, last := pages["entry/1"], pages["end/1"]
	c1, c2 := booklet.CardOf(d, opt, 1, 0), booklet.CardOf(d, opt, 1, 1)
	if c1 == 0 || c2 == 0 {
		t.Fatalf("the sealed items have no cards: %d, %d", c1, c2)
	}
	spreadWant = append(spreadWant,
		fmt.Sprintf("The first clue you find: card %d, page %d (the objective)", c1, pages["card/"+strconv.Itoa(c1)]),
		fmt.Sprintf("The second clue you find: card %d, page %d", c2, pages["card/"+strconv.Itoa(c2)]))
	for i, text := range sources {
		spread := text(first, last)
		for _, w := range spreadWant {
			if !strings.Contains(spread, w) {
				t.Errorf("source %d: the spread (pages %d-%d) lacks %q:\n%s", i, first, last, w, spread)
			}
		}
		for _, w := range cardWant {
			if strings.Contains(spread, w) && w != "THE OBJECTIVE" {
				t.Errorf("source %d: the spread shows the sealed %q", i, w)
			}
		}
		p1, p2 := pages["card/"+strconv.Itoa(c1)], pages["card/"+strconv.Itoa(c2)]
		cards := text(min(p1, p2), max(p1, p2)) // two cards, read one after the other: a page each
		for _, w := range cardWant {
			if !strings.Contains(cards, w) {
				t.Errorf("source %d: the cards lack %q:\n%s", i, w, cards)
			}
		}
		band := text(pages["band"], pages["band"])
		for _, w := range []string{"Your company", "# Figure Might Grit Rolled", "1 Captain 5 4 You choose the Captain's Grit.", "2 Sergeant 4 3",
			"Rolled again: a duplicate Captain.", "Season: ", "→ Autumn", "Start at entry 1"} {
			if !strings.Contains(band, w) {
				t.Errorf("source %d: the band page lacks %q:\n%s", i, w, band)
			}
		}
		muster := text(pages["aids/1/0"], pages["aids-end/1/0"])
		for _, w := range []string{"Captain", "d12", "Weapon Pistol 6\"", "Wounds", "MOVE", "FIRE", "FIGHT", "HOLD", "Unloaded", "LOAD"} {
			if !strings.Contains(muster, w) {
				t.Errorf("source %d: the muster cards lack %q:\n%s", i, w, muster)
			}
		}
		log := text(pages["log"], pages["log"])
		for _, w := range []string{"Name Figure", "Might", "Grit", "Captain (Star)"} {
			if !strings.Contains(log, w) {
				t.Errorf("source %d: the log lacks %q:\n%s", i, w, log)
			}
		}
		if end := text(pages["entry/2"], pages["end/2"]); !strings.Contains(end, "The campaign ends here.") {
			t.Errorf("source %d: the last entry does not end the campaign:\n%s", i, end)
		}
	}
	if i := len(sources) - 1; i > 0 {
		// Only pdftotext sees what maps.go draws.
		left := squash(rawText(t, path, first, first))
		for _, w := range []string{"Test Field: Open", "The board is 24\" × 12\"", "1 square = 1 inch"} {
			if !strings.Contains(left, w) {
				t.Errorf("the left-hand page lacks the map's %q:\n%s", w, left)
			}
		}
		if cards := squash(rawText(t, path, pages["card/"+strconv.Itoa(c1)], pages["card/"+strconv.Itoa(c1)])); !strings.Contains(cards, "Cellar: Open") {
			t.Errorf("card %d lacks its map:\n%s", c1, cards)
		}
	}
	rights, _, err := booklet.LegendRights(d, opt)
	if err != nil || len(rights) == 0 {
		t.Errorf("no map legend drawn (%v)", err)
	}
}

// TestDataOnlyQRS prints the Quick Reference Sheets of a system with data
// and no procedures: every table, its dice in the corner, how to read it,
// its rows; nothing of any other system.
func TestDataOnlyQRS(t *testing.T) {
	morale := &rules.Table{ID: "morale", Title: "Morale Test", Read: rules.ReadPass, Target: "Nerve", HasDice: true, Dice: dice.Expr{Count: 2, Faces: 6}, SixFails: true,
		KeyHeader: "# passed", Columns: []rules.Column{{Name: "Outcome", Type: rules.TypeText}},
		Rows:  []rules.Row{{Key: "2", Cells: []rules.Cell{{Text: "Carry on."}}}, {Key: "1", Cells: []rules.Cell{{Text: "Fall back a move."}}}, {Key: "0", Cells: []rules.Cell{{Text: "Rout."}}}},
		Notes: []string{"Test when a friend falls."}, Source: "page 4", Decisions: []string{"a tie counts as a pass."}}
	ranges := &rules.Table{ID: "ranges", Title: "Weapon Ranges", Read: rules.ReadLookup, KeyHeader: "Weapon",
		Columns: []rules.Column{{Name: "Range", Type: rules.TypeInt}, {Name: "Dice", Type: rules.TypeInt}},
		Rows:    []rules.Row{{Key: "Musket", Cells: []rules.Cell{{Text: "24", Int: 24}, {Text: "2", Int: 2}}}, {Key: "Pistol", Cells: []rules.Cell{{Text: "6", Int: 6}, {Text: "1", Int: 1}}}}}
	set := &rules.Set{
		System: &rules.System{ID: "data-only", Name: "Data Only Skirmish", QRS: []string{"morale", "ranges"}},
		Tables: map[string]*rules.Table{"morale": morale, "ranges": ranges},
	}
	d := booklet.Doc{Title: "Data Only Skirmish: Quick Reference Sheets", Set: set}
	opt := booklet.Options{Paper: "letter", Created: created, Version: "0.1.0"}
	pdf, pages, texts := writeLaid(t, d, opt)
	path := save(t, "data-only.pdf", pdf)
	if pages["qrs"] != 1 || pages["qrs/morale"] == 0 || pages["qrs/ranges"] == 0 {
		t.Fatalf("the QRS are not where they belong: %v", pages)
	}
	text := squash(texts[1])
	want := []string{"2", "Morale Test", "Taken versus Nerve. A 6 is always a failure.", "Test when a friend falls.", "# passed Outcome",
		"2 Carry on.", "1 Fall back a move.", "0 Rout.", "* Sortie's decision: a tie counts as a pass.", "Book: page 4.",
		"Weapon Ranges", "Look up the row", "Weapon Range Dice", "Musket 24 2", "Pistol 6 1"}
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("the QRS lack %q:\n%s", w, text)
		}
	}
	if strings.Contains(text, "Sword") {
		t.Error("a data-only booklet names another system")
	}
	if raw := squash(pdftotext(t, path, 0, 0)); !strings.Contains(raw, "Data Only Skirmish · Sortie 0.1.0 Page 1") || !strings.Contains(raw, "Fall back a move.") {
		t.Errorf("pdftotext does not find the footer or the rows:\n%s", raw)
	}
}

// TestIntro: the pack's or campaign's own text prints after the
// contents, listed there, before the band; short, it shares the
// contents' page rather than leave both pages nearly empty.
func TestIntro(t *testing.T) {
	d := allKindsDoc(t)
	d.Intro = []doc.Block{
		&doc.Para{Text: "Three nights on the marsh road."},
		&doc.Section{Title: "Before you start", Blocks: []doc.Block{&doc.List{Items: []string{"Paint the boats.", "Read the river rules."}}}},
	}
	opt := booklet.Options{Paper: "a4", Created: created, Version: "0.1.0"}
	pdf, pages, texts := writeLaid(t, d, opt)
	path := save(t, "intro.pdf", pdf)
	p := pages["intro"]
	if p == 0 || p != pages["contents"] || p > pages["band"] {
		t.Fatalf("intro on page %d; want it under the contents (page %d), and before the band (page %d)", p, pages["contents"], pages["band"])
	}
	sources := []string{squash(texts[p])}
	if _, err := exec.LookPath("pdftotext"); err == nil || os.Getenv("SORTIE_REQUIRE_TOOLS") == "1" {
		sources = append(sources, squash(rawText(t, path, p, p)))
	}
	for i, text := range sources {
		for _, w := range []string{"About this campaign", "Three nights on the marsh road.", "Before you start", "Paint the boats.", "Read the river rules."} {
			if !strings.Contains(text, w) {
				t.Errorf("source %d: the intro page lacks %q:\n%s", i, w, text)
			}
		}
	}
	if len(sources) > 1 { // the contents lines are drawn, not recorded
		if contents := squash(rawText(t, path, pages["contents"], pages["contents"])); !strings.Contains(contents, "About this campaign") {
			t.Errorf("the contents do not list the intro:\n%s", contents)
		}
	}
}
