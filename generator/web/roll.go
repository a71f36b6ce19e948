package web

import (
	"bytes"
	"fmt"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/generator/site"
)

// Rolled draws encounters rolled one at a time, outside a site (the
// Roll page, where the engine runs in the browser): each as the site's
// encounter pages draw it, with the same templates.
type Rolled struct {
	r *Renderer
}

// NewRolled parses the embedded templates once.
func NewRolled() (*Rolled, error) {
	r, err := New(Input{Site: &site.Site{Title: "Sortie"}})
	if err != nil {
		return nil, err
	}
	return &Rolled{r: r}, nil
}

// Encounter draws one encounter: its blocks (board, facts and the rest),
// the tables it rolled on, linked to the system's Quick Reference Sheets
// from root (the site's root as seen from the page showing it), and the
// band when the system recruits one. Element ids start with "e1", as an
// encounter page's with "e" and its number.
func (ro *Rolled) Encounter(set *rules.Set, band *engine.Force, e *engine.Encounter, root string) ([]byte, error) {
	t := ro.r.pages["encounter"]
	d := newDrawer(nil, "band")
	var b bytes.Buffer
	parts := []struct {
		name string
		data any
	}{
		{"encounter", newEncounterView(d, "e1", 2, e)},
		{"enctables", newEncTablesView(d, "e1", 2, set, e.Tables).At(root)},
		{"band", newBandView(d, band)},
	}
	for _, p := range parts {
		if err := t.ExecuteTemplate(&b, p.name, p.data); err != nil {
			return nil, fmt.Errorf("failed to draw the encounter: %w", ro.r.templateError(err))
		}
	}
	return b.Bytes(), nil
}

// chapterEntry is one entry of a chapter drawn for the Roll page.
type chapterEntry struct {
	ID                string // "entry-4", which its links lead to
	Number, Step      int
	Title, State      string
	View              encounterView
	Afterwards, Links []blockView
}

// Chapter draws a campaign's chapter, rolled from the player's campaign
// file, for the Roll page: Between chapters, the band as it now stands,
// and each entry folded shut (<details id="entry-N">), its encounter as
// the entry's page draws it and its links leading to the other entries
// in the page ("#entry-N").
func (ro *Rolled) Chapter(c *campaign.Campaign) ([]byte, error) {
	// Its ids are its own: the page may show an encounter too, whose
	// band's are "band" and "band-...".
	taken := []string{"chapter-band", "chapter-between", "chapter-entries"}
	for _, n := range c.Nodes {
		taken = append(taken, entryID(n.Number))
	}
	d := newDrawer(func(n int) string { return "#" + entryID(n) }, taken...)
	v := struct {
		Between []blockView
		Band    *bandView
		Start   int
		Steps   int
		Entries []chapterEntry
	}{Between: d.blocks("chapter-between", 4, c.Between), Start: c.Start, Steps: c.Steps}
	if c.Band != nil {
		// It names the band's untitled tables, as newBandView does, and
		// the chapter's apart from the encounter's band beside it.
		d.section = fmt.Sprintf("%s, chapter %d", c.Band.Title, c.Chapter)
		v.Band = &bandView{Title: c.Band.Title, Blocks: d.blocks("chapter-band", 4, c.Band.Blocks())}
		d.section = ""
	}
	for _, n := range c.Nodes {
		id := entryID(n.Number)
		e := chapterEntry{ID: id, Number: n.Number, Step: n.Step, Title: n.Encounter.Title, State: nodeState(n),
			View: newEncounterView(d, id, 4, n.Encounter), Afterwards: d.blocks(id+"-after", 5, n.Afterwards)}
		if len(n.Links) > 0 {
			e.Links = d.blocks(id, 4, []doc.Block{&doc.Links{Links: n.Links}})
		}
		v.Entries = append(v.Entries, e)
	}
	var b bytes.Buffer
	if err := ro.r.pages["roll"].ExecuteTemplate(&b, "chapter", v); err != nil {
		return nil, fmt.Errorf("failed to draw the chapter: %w", ro.r.templateError(err))
	}
	return b.Bytes(), nil
}

// RollPage is the Roll page, from the site's root: a form that rolls
// any seed in the player's browser (Input.Roll).
const RollPage = "roll/index.html"

// RollForm is what the Roll page offers.
type RollForm struct {
	Systems []RollSystem
	Series  []RollSeries
	// Created is the date the play sheets carry, in seconds since 1970:
	// the build's PDFs' date. Version is the build's, which the page
	// compares with its engine's.
	Created int64
	Version string
}

// RollSystem is one system's part of the form: its encounter types and
// the options it takes.
type RollSystem struct {
	ID, Name          string
	Types             []Choice
	Rep, Band         bool     // whether it takes --star-rep (the leading figure's Rep) and --band
	Enemies, Recruits []Choice // what --enemies and --recruits take; none when it takes neither
}

// Choice is one choice of a list: what the address holds, what the
// player reads.
type Choice struct{ ID, Label string }

// RollSeries is a monthly series the page rolls any month of: Data is
// what the engine rolls it from (JSON), Start its first month and
// Latest the month the build was built up to (YYYY-MM).
type RollSeries struct {
	Slug, Title, SystemName string
	Start, Latest           string
	Data                    string
}

// roll renders the Roll page.
func (r *Renderer) roll() ([]byte, error) {
	return r.page("roll", RollPage, "Roll an encounter", "Any seed, any encounter type, rolled here in your browser: the same encounter as sortie encounter gives for the same choices.", nil, r.in.Roll)
}
