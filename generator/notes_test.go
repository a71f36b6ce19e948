package generator

import (
	"bytes"
	"html"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator/web"
)

// TestDecisionNotesPrinted: every word Sortie prints where it decided a
// value the book leaves open (the Swordplay NP Star Leader's raised Rep,
// a count halved or floored, a looting time, Chain Reaction's table
// pairing, a second A, a total past the rows, 2X / 3X, the enemy's
// special weapons, Swordplay's EAL held at 1 between Encounters) reaches
// the player in the Markdown, on the HTML pages and in the PDF booklet,
// for packs of both systems and a Swordplay campaign. A note is found when
// its words come in order, a few words apart at most, which a table cell
// wrapped over lines beside other cells still gives.
func TestDecisionNotesPrinted(t *testing.T) {
	t.Parallel() // builds a site of its own; see parallel in generator_test.go
	reg, err := LoadSystems("", systems.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	packs := []struct {
		slug, system string
		types        []string
		opt          engine.Options
	}{
		{"sp", "swordplay", []string{"patrol", "raid-attack", "raid-defend", "patrol", "raid-attack"}, engine.Options{Enemies: "goblins"}},
		{"crp", "chain-reaction-3", []string{"patrol", "patrol", "patrol", "patrol"}, engine.Options{Recruits: "police"}},
		{"crm", "chain-reaction-3", []string{"patrol", "patrol", "patrol", "patrol"}, engine.Options{Recruits: "military"}},
		{"cri", "chain-reaction-3", []string{"patrol", "patrol", "patrol", "patrol"}, engine.Options{Recruits: "insurgents"}},
		// A Police enemy: its roster's note on SWAT and officers.
		{"crg", "chain-reaction-3", []string{"patrol", "patrol", "patrol", "patrol"}, engine.Options{Recruits: "gang"}},
	}
	site := "-- sortie.conf --\ntitle: Notes\npaper: a4\n-- content/index.md --\n---\ntitle: Home\n---\nNotes.\n"
	for _, p := range packs {
		site += "-- content/packs/" + p.slug + ".md --\n---\ntitle: " + p.slug + "\nsystem: " + p.system + "\nseed: notes-" + p.slug + "\nencounters: " + strings.Join(p.types, ", ") + "\n"
		if p.opt.Recruits != "" {
			site += "recruits: " + p.opt.Recruits + "\n"
		}
		if p.opt.Enemies != "" {
			site += "enemies: " + p.opt.Enemies + "\n"
		}
		site += "---\n"
	}
	// A campaign's way on: the first seed whose campaign holds the EAL at
	// Sortie's floor of 1 somewhere.
	sp, err := reg.Get("swordplay")
	if err != nil {
		t.Fatal(err)
	}
	var camp *campaign.Campaign
	seed := ""
	for i := 0; camp == nil && i < 100; i++ {
		seed = "notes-months-" + strconv.Itoa(i)
		c, err := campaign.Build(sp, seed, 6, engine.Options{Enemies: "goblins"})
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range c.Nodes {
			for _, l := range n.Links {
				if strings.Contains(l.Note, "Sortie's floor") {
					camp = c
				}
			}
		}
	}
	if camp == nil {
		t.Fatal("no campaign of 100 seeds holds the EAL at Sortie's floor")
	}
	site += "-- content/campaigns/months.md --\n---\ntitle: Months\nsystem: swordplay\nseed: " + seed + "\nsteps: 6\nenemies: goblins\n---\n"
	files := render(t, Options{Systems: systems.Builtin(), Source: writeSite(t, site)})
	var md bytes.Buffer
	if err := CampaignMarkdown(&md, sp, camp); err != nil {
		t.Fatal(err)
	}
	var pages strings.Builder
	for name, data := range files {
		if strings.HasPrefix(name, web.CampaignDir("months")+"/") && strings.HasSuffix(name, ".html") {
			pages.WriteString(htmlText(string(data)) + "\n")
		}
	}
	pdf, havePDF := pdfText(t, files[web.CampaignDir("months")+"/months-a4.pdf"])
	floors := 0
	for _, n := range camp.Nodes {
		for _, l := range n.Links {
			if !strings.Contains(l.Note, "Sortie") && !strings.Contains(l.Note, "the most the book allows") {
				continue
			}
			floors++
			w := noteWords(l.Note)
			if !inOrder(noteWords(md.String()), w) {
				t.Errorf("campaign entry %d: Markdown lacks %q", n.Number, l.Note)
			}
			if !inOrder(noteWords(pages.String()), w) {
				t.Errorf("campaign entry %d: HTML lacks %q", n.Number, l.Note)
			}
			if havePDF && !inOrder(noteWords(pdf), w) {
				t.Errorf("campaign entry %d: PDF lacks %q", n.Number, l.Note)
			}
		}
	}
	if floors == 0 {
		t.Error("no campaign entry holds the EAL at Sortie's floor")
	}
	kinds := map[string]int{}
	for _, p := range packs {
		sys, err := reg.Get(p.system)
		if err != nil {
			t.Fatal(err)
		}
		var pages strings.Builder
		for _, name := range slices.Sorted(func(yield func(string) bool) {
			for name := range files {
				if strings.HasPrefix(name, web.PackDir(p.slug)+"/") && strings.HasSuffix(name, ".html") && !yield(name) {
					return
				}
			}
		}) {
			pages.WriteString(htmlText(string(files[name])))
			pages.WriteString("\n")
		}
		htmlWords := noteWords(pages.String())
		pdf, havePDF := pdfText(t, files[web.PackDir(p.slug)+"/"+p.slug+"-a4.pdf"])
		pdfWords := noteWords(pdf)

		pk, err := pack.Build(sys, "notes-"+p.slug, p.types, p.opt)
		if err != nil {
			t.Fatal(err)
		}
		for i, entry := range pk.Entries {
			var md bytes.Buffer
			if err := EncounterMarkdown(&md, sys, &OneEncounter{Band: pk.Band, Encounter: entry.Encounter}); err != nil {
				t.Fatal(err)
			}
			mdWords := noteWords(md.String())
			notes := decisionNotes(entry.Encounter.Blocks)
			if pk.Band != nil {
				notes = append(notes, decisionNotes(pk.Band.Blocks())...)
			}
			for _, note := range notes {
				kinds[p.system]++
				w := noteWords(note)
				if !inOrder(mdWords, w) {
					t.Errorf("%s encounter %d: Markdown lacks %q", p.slug, i+1, note)
				}
				if !inOrder(htmlWords, w) {
					t.Errorf("%s encounter %d: HTML lacks %q", p.slug, i+1, note)
				}
				if havePDF && !inOrder(pdfWords, w) {
					t.Errorf("%s encounter %d: PDF lacks %q", p.slug, i+1, note)
				}
			}
		}
	}
	t.Logf("decision notes checked: %v", kinds)
	if kinds["swordplay"] < 5 || kinds["chain-reaction-3"] < 10 {
		t.Errorf("too few decision notes to check: %v", kinds)
	}
}

// decisionNotes are the sentences of bs, open and sealed, that say Sortie
// decided something: every such word the engine puts at a value.
func decisionNotes(bs []doc.Block) []string {
	var texts []string
	doc.Walk(bs, func(b doc.Block) {
		switch b := b.(type) {
		case *doc.Para:
			texts = append(texts, b.Lead+" "+b.Text)
		case *doc.Table:
			texts = append(texts, b.Notes...)
			for _, r := range b.Rows {
				texts = append(texts, r...)
			}
		case *doc.List:
			texts = append(texts, b.Items...)
		case *doc.Roll:
			texts = append(texts, b.Result)
		}
	})
	var notes []string
	for _, text := range texts {
		for _, s := range sentence.Split(text, -1) {
			if strings.Contains(s, "Sortie") && !slices.Contains(notes, s) {
				notes = append(notes, s)
			}
		}
	}
	return notes
}

// sentence splits text at a sentence's end.
var sentence = regexp.MustCompile(`[.!]\s+`)

// tag matches an HTML tag.
var tag = regexp.MustCompile(`<[^>]*>`)

// htmlText is a page's text without its markup.
func htmlText(page string) string { return html.UnescapeString(tag.ReplaceAllString(page, " ")) }

// noteWords are the lowercase words and numbers of s, in order.
func noteWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// gap is how many other words may come between two words of a note:
// a wrapped table cell's lines sit among its row's other cells.
const gap = 40

// inOrder reports whether the words of note come in text in order, each
// within gap words of the one before.
func inOrder(text, note []string) bool {
	if len(note) == 0 {
		return true
	}
	var at []int
	for i, w := range text {
		if w == note[0] {
			at = append(at, i)
		}
	}
	for _, w := range note[1:] {
		var next []int
		last := -1
		for _, p := range at {
			for q := max(p+1, last+1); q < len(text) && q <= p+gap; q++ {
				if text[q] == w {
					next = append(next, q)
				}
			}
			last = p + gap
		}
		if len(next) == 0 {
			return false
		}
		at = next
	}
	return true
}
