package booklet_test

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/engine/series"
	"github.com/sortie-wargames/sortie/generator/booklet"
	"github.com/sortie-wargames/sortie/generator/site"
)

// defaultDocs are the default site's packs, campaigns and series' months
// up to December 2026 (as generator's monthBooklet makes them: a pack of
// the month's one encounter) as booklets, and the tests' own pack (with
// creature contacts) and campaign.
func defaultDocs(t *testing.T) map[string]booklet.Doc {
	t.Helper()
	reg := registry(t)
	s, err := site.Load(content.FS, site.ConfigFile, ".", "content/", reg)
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string]booklet.Doc{
		"test-pack":     packDoc(t, "marsh", engine.Options{Enemies: "creatures"}),
		"test-campaign": campaignDoc(t, "summer"),
	}
	for _, def := range s.Packs {
		sys, err := reg.Get(def.System)
		if err != nil {
			t.Fatal(err)
		}
		p, err := pack.Build(sys, def.Seed, def.Types, def.Options)
		if err != nil {
			t.Fatal(err)
		}
		docs["pack/"+def.Slug] = booklet.Doc{Title: def.Title, Set: sys.Rules(), Seed: def.Seed, Pack: p}
	}
	for _, def := range s.Campaigns {
		sys, err := reg.Get(def.System)
		if err != nil {
			t.Fatal(err)
		}
		c, err := campaign.Build(sys, def.Seed, def.Steps, def.Options)
		if err != nil {
			t.Fatal(err)
		}
		docs["campaign/"+def.Slug] = booklet.Doc{Title: def.Title, Set: sys.Rules(), Seed: def.Seed, Campaign: c}
	}
	upTo, err := series.ParseMonth("2026-12")
	if err != nil {
		t.Fatal(err)
	}
	for _, def := range s.Series {
		sys, err := reg.Get(def.System)
		if err != nil {
			t.Fatal(err)
		}
		rolled, err := series.Build(sys, def.Seed, def.Types, def.Start, upTo, def.Options)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range rolled.Months {
			p := &pack.Pack{System: rolled.System, Seed: rolled.Seed, Band: rolled.Band,
				Entries: []*pack.Entry{{Number: 1, Type: e.Type, Encounter: e.Encounter}}}
			docs["month/"+def.Slug+"/"+e.Month.String()] = booklet.Doc{Title: def.Title + ": " + e.Month.Title(), Summary: e.Encounter.Summary,
				Set: sys.Rules(), Seed: rolled.Seed, Pack: p, QRS: e.Encounter.Tables}
		}
	}
	return docs
}

// editions holds one layout of each default booklet (defaultDocs, by
// name) on each paper, flat and folded, with the tests' date: what
// TestEncounterTablesPrinted reads of the flat ones before it clears
// their tables (on docs of its own), and TestSealedCards and
// TestLegendFits of their cards and legends. None changes a layout, so
// each edition is laid out once for all three, where they laid out each
// flat one three times and set each up five times more for its card
// numbers.
var editions = struct {
	sync.Mutex
	m map[string]*booklet.Edition
}{m: map[string]*booklet.Edition{}}

// laidEdition returns the layout of the default booklet name (d, as
// defaultDocs made it) on paper, flat or folded (impose), laid out on
// first use.
func laidEdition(t *testing.T, name string, d booklet.Doc, paper, impose string) *booklet.Edition {
	t.Helper()
	key := name + "/" + paper + "/" + impose
	editions.Lock()
	defer editions.Unlock()
	if e := editions.m[key]; e != nil {
		return e
	}
	e, err := booklet.EditionOf(d, booklet.Options{Paper: paper, Created: created, Impose: impose})
	if err != nil {
		t.Fatalf("%s: %v", key, err)
	}
	editions.m[key] = e
	return e
}

// TestSealedCards checks the sealed cards of every default booklet on
// A4 and Letter, flat and folded: every card printed once, all as wide,
// inside the margins, its back behind it on the next page (mirrored
// across the page, as the sheet is turned on its long edge); one result
// per view: no page holds two cards of one entry, but in a booklet whose
// cards are all of one entry (a month's), whose pages hold two, never
// two the entry reads one after the other, and no page facing a page of
// cards or behind it holds cards; a card has the same number in every
// edition; a Letter page holds as many cards as an A4 page, flat or
// folded; and no text on a page of cards or of their backs is cut short
// with "…".
func TestSealedCards(t *testing.T) {
	for name, d := range defaultDocs(t) {
		t.Run(name, func(t *testing.T) {
			items, entries := 0, 0
			for _, e := range entriesOf(d) {
				items += len(sealedItems(e))
				if len(sealedItems(e)) > 0 {
					entries++
				}
			}
			perPage := map[string]int{}
			pages := map[string]int{}
			// density is how many cards each page of cards holds, in
			// page order, by edition.
			density := map[string][]int{}
			for _, fold := range []string{"", booklet.Saddle} {
				for _, p := range papers {
					edition := p.name + "/" + fold
					ed := laidEdition(t, name, d, p.name, fold)
					boxes, texts, per := ed.Cards, ed.Texts, ed.PerPage
					if len(boxes) != items {
						t.Fatalf("%s: %d cards for %d sealed items", edition, len(boxes), items)
					}
					// A folded booklet's cards print flat on whole
					// sheets of their own too (Fold).
					pw, ph := p.w*25.4/72, p.h*25.4/72
					perPage[edition] = per
					// read is each card's place in its entry's order:
					// the entry sends the player to them in turn.
					read := map[int]int{}
					for k, c := range ed.Numbers {
						read[c] = k[1]
					}
					backs := map[int]booklet.CardBox{}
					for _, b := range ed.Backs {
						backs[b.Card] = b
					}
					onPage := map[int]map[int][]int{}
					count := map[int]int{}
					for _, b := range boxes {
						if onPage[b.Page] == nil {
							onPage[b.Page] = map[int][]int{}
						}
						for _, other := range onPage[b.Page][b.Entry] {
							if d := read[other] - read[b.Card]; entries > 1 || d == 1 || d == -1 {
								t.Errorf("%s: page %d holds cards %d and %d, both of entry %d, its PEFs %d and %d", edition, b.Page, other, b.Card, b.Entry, read[other]+1, read[b.Card]+1)
							}
						}
						if count[b.Page-1] > 0 || count[b.Page+1] > 0 {
							t.Errorf("%s: pages %d and %d, a spread or a sheet's two sides, both hold cards", edition, b.Page, b.Page-1)
						}
						onPage[b.Page][b.Entry] = append(onPage[b.Page][b.Entry], b.Card)
						count[b.Page]++
						if math.Abs(b.W-boxes[0].W) > 0.01 {
							t.Errorf("%s: card %d is %.1f mm wide, card %d %.1f mm", edition, b.Card, b.W, boxes[0].Card, boxes[0].W)
						}
						if back, ok := backs[b.Card]; !ok || back.Page != b.Page+1 || math.Abs(back.X-(pw-b.X-b.W)) > 0.01 || math.Abs(back.Y-b.Y) > 0.01 || back.W != b.W || back.H != b.H {
							t.Errorf("%s: card %d, %.1f × %.1f mm at (%.1f, %.1f) on page %d, has its back %+v, not behind it", edition, b.Card, b.W, b.H, b.X, b.Y, b.Page, back)
						}
						if b.X < 14.9 || b.X+b.W > pw-14.9 || b.Y < 12 || b.Y+b.H > ph-19.9 {
							t.Errorf("%s: card %d at (%.1f, %.1f) %.1f × %.1f runs past the margins", edition, b.Card, b.X, b.Y, b.W, b.H)
						}
					}
					pages[edition] = len(onPage)
					density[edition] = cardsByPage(count)
					for pg, n := range count {
						if n > per {
							t.Errorf("%s: page %d holds %d cards, more than %d", edition, pg, n, per)
						}
						for _, side := range []int{pg, pg + 1} { // the cards, and their backs
							if strings.Contains(texts[side], "…") {
								t.Errorf("%s: page %d cuts text short:\n%s", edition, side, texts[side])
							}
						}
						if !strings.Contains(texts[pg], "read a card only when its encounter sends you to it. Cut along the dashed lines.") {
							t.Errorf("%s: page %d lacks the whole instruction:\n%s", edition, pg, texts[pg])
						}
					}
				}
			}
			if items == 0 {
				return
			}
			for _, fold := range []string{"", booklet.Saddle} {
				a4, letter := "a4/"+fold, "letter/"+fold
				if perPage[letter] < perPage[a4] || pages[letter] > pages[a4] {
					t.Errorf("Letter%s holds %d cards a page on %d pages, A4 %d on %d", fold, perPage[letter], pages[letter], perPage[a4], pages[a4])
				}
			}
			// No page of cards, on either paper, flat or folded, holds
			// fewer cards than the flat A4 booklet's page of cards in
			// the same place: the card sheets of every edition are as
			// dense as A4's.
			a4 := density["a4/"]
			for _, fold := range []string{"", booklet.Saddle} {
				for _, p := range papers {
					edition := p.name + "/" + fold
					got := density[edition]
					t.Logf("%s: %d pages of cards holding %v", edition, len(got), got)
					if len(got) > len(a4) {
						t.Errorf("%s: %d pages of cards %v, A4 %d %v", edition, len(got), got, len(a4), a4)
						continue
					}
					for i, n := range got {
						if n < a4[i] {
							t.Errorf("%s: page %d of cards holds %d cards, A4's %d (%v against %v)", edition, i+1, n, a4[i], got, a4)
							break
						}
					}
				}
			}
			// Every PEF has one card number in every edition.
			want := laidEdition(t, name, d, "a4", "").Numbers
			for _, fold := range []string{"", booklet.Saddle} {
				for _, p := range papers {
					got := laidEdition(t, name, d, p.name, fold).Numbers
					for _, e := range entriesOfNumbered(d) {
						for i := range sealedItems(e.enc) {
							k := [2]int{e.number, i}
							if got[k] != want[k] || got[k] == 0 {
								t.Errorf("entry %d, PEF %d: card %d on %s%s, card %d on A4", e.number, i, got[k], p.name, fold, want[k])
							}
						}
					}
				}
			}
		})
	}
}

// cardsByPage returns how many cards each page holds, in page order,
// from the cards counted by page number.
func cardsByPage(count map[int]int) []int {
	pages := slices.Sorted(maps.Keys(count))
	out := make([]int, len(pages))
	for i, pg := range pages {
		out[i] = count[pg]
	}
	return out
}

// numbered is an encounter with its entry number.
type numbered struct {
	number int
	enc    *engine.Encounter
}

// entriesOfNumbered returns a booklet's encounters with their entry
// numbers.
func entriesOfNumbered(d booklet.Doc) []numbered {
	var out []numbered
	if d.Pack != nil {
		for _, e := range d.Pack.Entries {
			out = append(out, numbered{e.Number, e.Encounter})
		}
	}
	if d.Campaign != nil {
		for _, n := range d.Campaign.Nodes {
			out = append(out, numbered{n.Number, n.Encounter})
		}
	}
	return out
}

func entriesOf(d booklet.Doc) []*engine.Encounter {
	var out []*engine.Encounter
	if d.Pack != nil {
		for _, e := range d.Pack.Entries {
			out = append(out, e.Encounter)
		}
	}
	if d.Campaign != nil {
		for _, n := range d.Campaign.Nodes {
			out = append(out, n.Encounter)
		}
	}
	return out
}

// TestCardTooTall checks that a card too tall for a sheet is an error,
// not a card cut short.
func TestCardTooTall(t *testing.T) {
	d := packDoc(t, "marsh", engine.Options{Enemies: "creatures"})
	enc := *d.Pack.Entries[0].Encounter
	trolls := &doc.Table{Head: []string{"#", "Figure", "Rep"}}
	for i := range 90 {
		trolls.Rows = append(trolls.Rows, []string{strconv.Itoa(i + 1), "Troll", "5"})
	}
	enc.Blocks = []doc.Block{&doc.Para{Text: "A test."}, &doc.Sealed{Title: "PEFs", Items: []doc.SealedItem{
		{Number: 1, Title: "The first PEF you resolve", Blocks: []doc.Block{&doc.Para{Lead: "Contact!"}, trolls}},
	}}}
	d.Pack = &pack.Pack{Band: d.Pack.Band, Entries: []*pack.Entry{{Number: 1, Type: "explore", Encounter: &enc}}}
	var b strings.Builder
	err := booklet.Write(&b, d, booklet.Options{Paper: "a4", Created: created})
	if err == nil || !strings.Contains(err.Error(), "failed to write booklet: a sealed card is") {
		t.Fatalf("error %v, want a card too tall", err)
	}
}

// TestCardTables checks that every table of a sealed item is printed
// whole on its card: a contact's count of enemies for every band size
// (the header "Your figures 1 2 ... 7" and the row of enemies) and the
// figures it brings, a repeated long cell as its key where the card
// keys it (printedLines).
func TestCardTables(t *testing.T) {
	d := packDoc(t, "marsh", engine.Options{Enemies: "creatures"})
	opt := booklet.Options{Paper: "a4", Created: created, Version: "0.1.0"}
	pdf, pages, _ := sharedLaid(t, "pack", d, opt)
	path := save(t, "contact.pdf", pdf)
	raw := textPages(t, path, true)
	cards := booklet.CardNumbers(d, opt)
	counts := 0
	for _, e := range d.Pack.Entries {
		for i, it := range sealedItems(e.Encounter) {
			card := cards[[2]int{e.Number, i}]
			pg := pages[fmt.Sprintf("pef/%d/%d", e.Number, i)]
			text := squash(raw[pg])
			doc.Walk(it.Blocks, func(b doc.Block) {
				tb, ok := b.(*doc.Table)
				if !ok {
					return
				}
				if len(tb.Head) > 0 && tb.Head[0] == "Your figures" {
					counts++
				}
				for _, w := range printedLines(tb, text) {
					if !strings.Contains(text, w) {
						t.Errorf("card %d (entry %d, %s) lacks %q:\n%s", card, e.Number, it.Title, w, text)
					}
				}
			})
		}
	}
	if counts == 0 {
		t.Fatal("no contact with a count of enemies in the pack: pick another seed")
	}
}

// printedLines returns tb's header and rows, each as one line
// (tableLines), as a page whose text is text prints them: a row the page
// does not print whole with a cell the page keys (a repeated long cell
// printed as a letter, with the key under the table: "Rolled — a: the
// rest are one below the list's 4.") with that cell as its letter.
func printedLines(tb *doc.Table, text string) []string {
	keyed := &doc.Table{Head: tb.Head}
	for _, row := range tb.Rows {
		r := slices.Clone(row)
		for i, c := range r {
			for l := 'a'; l <= 'z'; l++ {
				if len(c) > 2 && strings.Contains(text, "— "+string(l)+": "+squash(c)+".") {
					r[i] = string(l)
					break
				}
			}
		}
		keyed.Rows = append(keyed.Rows, r)
	}
	lines, alt := tableLines(tb), tableLines(keyed)
	for i, w := range lines {
		if !strings.Contains(text, w) {
			lines[i] = alt[i]
		}
	}
	return lines
}

// TestCardFoot checks that a card prints its item's blocks in order and
// names its entry in small print at its foot, after them.
func TestCardFoot(t *testing.T) {
	d := campaignDoc(t, "summer")
	opt := booklet.Options{Paper: "letter", Created: created, Version: "0.1.0"}
	pdf, pages, _ := sharedLaid(t, "campaign", d, opt)
	path := save(t, "foot.pdf", pdf)
	raw := textPages(t, path, true)
	cards := booklet.CardNumbers(d, opt)
	checked := 0
	for _, n := range d.Campaign.Nodes {
		items := sealedItems(n.Encounter)
		for i, it := range items {
			pg := pages[fmt.Sprintf("pef/%d/%d", n.Number, i)]
			text := squash(raw[pg])
			card := cards[[2]int{n.Number, i}]
			head := fmt.Sprintf("Card %d ", card)
			foot := fmt.Sprintf("Entry %d · %s (%d of %d)", n.Number, it.Title, it.Number, len(items))
			at := strings.Index(text, head)
			if at < 0 {
				t.Fatalf("card %d (page %d) lacks its head", card, pg)
			}
			text = text[at:]
			pos := 0
			for _, w := range itemTexts(it) {
				k := strings.Index(text[pos:], w)
				if k < 0 {
					t.Fatalf("card %d (page %d) lacks %q, or prints it out of order:\n%s", card, pg, w, text)
				}
				pos += k + len(w)
			}
			if k := strings.Index(text, foot); k < pos {
				t.Fatalf("card %d (page %d) lacks its foot %q after its text:\n%s", card, pg, foot, text)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no sealed items in the campaign")
	}
}

// TestLegendFits checks that every map legend item ends inside the right
// margin, on both papers.
func TestLegendFits(t *testing.T) {
	for name, d := range defaultDocs(t) {
		for _, p := range papers {
			ed := laidEdition(t, name, d, p.name, "")
			rights, limit := ed.Rights, ed.Limit
			if len(rights) == 0 {
				t.Fatalf("%s %s: no legend", name, p.name)
			}
			for _, x := range rights {
				if x > limit+0.01 {
					t.Errorf("%s %s: a legend item ends at %.1f mm, past the margin at %.1f mm", name, p.name, x, limit)
				}
			}
		}
	}
}

// TestTrack checks that markers the engine puts on a track above the board
// are drawn there, labelled, and that markers on the board are not.
func TestTrack(t *testing.T) {
	d := packDoc(t, "marsh", engine.Options{})
	opt := booklet.Options{Paper: "a4", Created: created, Version: "0.1.0"}
	e := d.Pack.Entries[0]
	if ms := doc.Maps(e.Encounter.Blocks); len(ms) == 0 || !ms[0].Track {
		t.Fatal("the engine no longer puts markers on a track")
	}
	pages, err := booklet.Pages(d, opt)
	if err != nil {
		t.Fatal(err)
	}
	left := pages["entry/"+strconv.Itoa(e.Number)]
	path := save(t, "track.pdf", write(t, d, opt))
	if text := squash(rawText(t, path, left, left)); !strings.Contains(text, "in the order you resolve them") {
		t.Errorf("the track is not labelled:\n%s", text)
	}

	// The same maps with the markers on the board: no track label.
	enc := *e.Encounter
	enc.Blocks = nil
	for _, b := range e.Encounter.Blocks {
		if mb, ok := b.(*doc.Map); ok {
			m := mb.Map
			m.Track = false
			m.Markers = append(m.Markers[:0:0], m.Markers...)
			for k := range m.Markers {
				m.Markers[k].Y = 1.5
			}
			b = &doc.Map{Map: m}
		}
		enc.Blocks = append(enc.Blocks, b)
	}
	d.Pack = &pack.Pack{Band: d.Pack.Band, Entries: []*pack.Entry{{Number: 1, Type: e.Type, Encounter: &enc}}}
	path = save(t, "no-track.pdf", write(t, d, opt))
	pages, err = booklet.Pages(d, opt)
	if err != nil {
		t.Fatal(err)
	}
	if text := squash(rawText(t, path, pages["entry/1"], pages["entry/1"])); strings.Contains(text, "in the order you resolve them (") {
		t.Errorf("markers on the board are labelled as a track:\n%s", text)
	}
}

// TestQRSOnly checks the booklet of Quick Reference Sheets alone, without
// a seed: no seed on the cover or in the footers, no contents page.
func TestQRSOnly(t *testing.T) {
	sys := sorcery(t)
	set := sys.Rules()
	d := booklet.Doc{Title: set.System.Name + ": Quick Reference Sheets", Set: set}
	for _, p := range papers {
		opt := booklet.Options{Paper: p.name, Created: created, Version: "0.1.0"}
		pdf, pages, _ := writeLaid(t, d, opt)
		path := save(t, "qrs-only-"+p.name+".pdf", pdf)
		if _, ok := pages["contents"]; ok || pages["qrs"] != 1 {
			t.Errorf("%s: contents on %d, QRS on %d; want no contents and the QRS from the cover on", p.name, pages["contents"], pages["qrs"])
		}
		raw := pdftotext(t, path, 0, 0)
		if strings.Contains(strings.ToLower(raw), "seed") {
			t.Errorf("%s: a booklet without a seed mentions one", p.name)
		}
		byPage := splitPages(raw)
		n := strings.Count(raw, "\f")
		for pg := 1; pg <= n; pg++ {
			if text := squash(byPage[pg]); !strings.Contains(text, "2d6 Sword & Sorcery · Sortie 0.1.0 Page "+strconv.Itoa(pg)) {
				t.Errorf("%s: page %d lacks the footer:\n%s", p.name, pg, text)
			}
		}
	}
}

// TestCampaignLog checks the log: one page on both papers, with the band's
// starting Rep and AC and empty columns for them now, at least a row per
// encounter, and the last entries pointing to it.
func TestCampaignLog(t *testing.T) {
	d := campaignDoc(t, "summer")
	for _, p := range papers {
		opt := booklet.Options{Paper: p.name, Created: created, Version: "0.1.0"}
		pdf, pages, _ := sharedLaid(t, "campaign", d, opt)
		path := save(t, "log-"+p.name+".pdf", pdf)
		log := pages["log"]
		if pages["log/end"] != log {
			t.Errorf("%s: the log runs from page %d to %d", p.name, log, pages["log/end"])
		}
		text := squash(pdftotext(t, path, log, log))
		// One column to an attribute, its start value grey in it.
		for _, w := range []string{"Name Figure", "Rep", "AC"} {
			if !strings.Contains(text, w) {
				t.Errorf("%s: the log lacks %q", p.name, w)
			}
		}
		if strings.Contains(text, "Rep now") {
			t.Errorf("%s: the log still splits Rep into start and now", p.name)
		}
		if rows := strings.Count(text, "Success / Failure"); rows < max(12, d.Campaign.Steps) {
			t.Errorf("%s: %d encounter rows, want %d or more", p.name, rows, max(12, d.Campaign.Steps))
		}
		all := squash(pdftotext(t, path, 0, 0))
		if want := fmt.Sprintf("The campaign ends here. Write how it ended in your campaign log (page %d).", log); !strings.Contains(all, want) {
			t.Errorf("%s: the last entries do not say %q", p.name, want)
		}
		if !strings.Contains(all, "Read against your Star's starting Rep") {
			t.Errorf("%s: New Recruits does not say which Rep it was read against", p.name)
		}
	}
}

// sealedItems returns an encounter's sealed items in the order the
// booklet numbers them (pef/ENTRY/INDEX): every Sealed block outside
// another's items, in order.
func sealedItems(enc *engine.Encounter) []doc.SealedItem {
	var items []doc.SealedItem
	var walk func(bs []doc.Block)
	walk = func(bs []doc.Block) {
		for _, b := range bs {
			switch b := b.(type) {
			case *doc.Sealed:
				items = append(items, b.Items...)
			case *doc.Section:
				walk(b.Blocks)
			}
		}
	}
	walk(enc.Blocks)
	return items
}

// itemTexts returns what an item's blocks say, squashed, in order: roll
// lines, paragraphs' leads and texts, list items, tables' lines.
func itemTexts(it doc.SealedItem) []string { return itemTextsOn(it, "") }

// itemTextsOn is itemTexts as a page whose text is text prints the
// item: its tables' rows as the page prints them (printedLines).
func itemTextsOn(it doc.SealedItem, text string) []string {
	var out []string
	add := func(s string) {
		if s = squash(s); s != "" {
			out = append(out, s)
		}
	}
	doc.Walk(it.Blocks, func(b doc.Block) {
		switch b := b.(type) {
		case *doc.Roll:
			add(b.Text())
		case *doc.Para:
			add(b.Lead)
			add(b.Text)
		case *doc.List:
			for _, s := range b.Items {
				add(s)
			}
		case *doc.Section:
			add(b.Title)
		case *doc.Table:
			out = append(out, printedLines(b, text)...)
		}
	})
	return out
}

// tableLines returns a table's header and rows, each as one line.
func tableLines(tb *doc.Table) []string {
	var out []string
	if len(tb.Head) > 0 {
		out = append(out, squash(strings.Join(tb.Head, " ")))
	}
	for _, row := range tb.Rows {
		out = append(out, squash(strings.Join(row, " ")))
	}
	return out
}

// TestCardLongTag checks that a sealed card's tag too long to sit beside
// its number takes lines of its own under it, whole, on every paper and
// fold: its page draws every word of it and cuts nothing short.
func TestCardLongTag(t *testing.T) {
	const tag = "only if the second PEF split and the band is still on the board"
	d := packDoc(t, "marsh", engine.Options{Enemies: "creatures"})
	var sealed *doc.Sealed
	doc.Walk(d.Pack.Entries[0].Encounter.Blocks, func(b doc.Block) {
		if s, ok := b.(*doc.Sealed); ok && sealed == nil {
			sealed = s
		}
	})
	if sealed == nil {
		t.Fatal("entry 1 has no sealed items: pick another seed")
	}
	sealed.Items[0].Tag = tag
	for _, fold := range []string{"", booklet.Saddle} {
		for _, p := range papers {
			opt := booklet.Options{Paper: p.name, Created: created, Impose: fold}
			pages, texts, _, err := booklet.Rendered(d, opt)
			if err != nil {
				t.Fatal(err)
			}
			text := texts[pages["pef/1/0"]]
			if strings.Contains(text, "…") || !strings.Contains(squash(text), strings.ToUpper(tag)) {
				t.Errorf("%s%s: page %d does not print the whole tag:\n%s", p.name, fold, pages["pef/1/0"], text)
			}
		}
	}
}

// TestLegendBeside: on a folded booklet's narrow page that the maps have
// to themselves, the legend stands beside them when that draws them
// larger (a 2d6 campaign's A5 pages), so some legend starts well right of
// the margin; every legend, beside or at the foot, on every paper, ends
// inside the margin. (A flat page sets a single board's legend beside it
// when that draws the board larger: spreadFit, TestRaidKeepsSpread.)
func TestLegendBeside(t *testing.T) {
	d := campaignDoc(t, "summer")
	for _, p := range papers {
		for _, impose := range []string{"", booklet.Saddle} {
			opt := booklet.Options{Paper: p.name, Impose: impose, Created: created}
			ed, err := booklet.EditionOf(d, opt)
			if err != nil {
				t.Fatal(err)
			}
			lefts, tops, margin, rights, limit := ed.Lefts, ed.Tops, ed.Margin, ed.Rights, ed.Limit
			beside := 0
			for i, x := range lefts {
				// The first item of each line of a legend.
				if (i == 0 || tops[i] != tops[i-1]) && x > margin+40 {
					beside++
				}
				if rights[i] > limit+0.01 {
					t.Errorf("%s %q: a legend item ends at %.1f mm, past the margin at %.1f", p.name, impose, rights[i], limit)
				}
			}
			switch {
			case impose == booklet.Saddle && p.name == "a4" && beside == 0:
				// (A half-Letter page is narrower still: there a legend
				// beside this campaign's 12" boards would not draw
				// them larger, and it stays at the foot.)
				t.Errorf("%s folded: no legend beside the maps", p.name)
			}
		}
	}
}
