package generator

import (
	"io"
	"path"
	"strconv"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/engine/series"
	"github.com/sortie-wargames/sortie/generator/booklet"
	"github.com/sortie-wargames/sortie/generator/site"
	"github.com/sortie-wargames/sortie/generator/web"
)

// This file queues the play sheets: one PDF per encounter and paper, to
// play that encounter from one side of paper (booklet.WriteSheet). They
// go in a sheets/ folder beside the page of what they belong to
// (packs/SLUG/sheets/encounter-3-a4.pdf, campaigns/SLUG/sheets/entry-14-a4.pdf,
// series/SLUG/sheets/2026-11-a4.pdf), so no slug can make a sheet's name
// the same as a booklet's.

// write renders the job's booklet, or its play sheet when it is one.
func (j job) write(w io.Writer) error {
	if j.sheet != nil {
		return booklet.WriteSheet(w, *j.sheet, j.opt)
	}
	return booklet.Write(w, j.doc, j.opt)
}

// sheetHint follows the error of an encounter too long for its play
// sheet (booklet.ErrSheetFull).
const sheetHint = "hint: a play sheet holds one encounter on one side of paper, its sealed items on the other; this one's forces and lists are too long for that even in the smallest type: try another seed, or smaller forces"

// at is where a page's rolled encounters come from, for messages: the
// line of its key, or of its front matter's end when the key is not
// written.
func at(pg *site.Page, key string) string {
	line := 0
	if pg.Fields != nil {
		if line = pg.Fields.Line(key); line == 0 {
			line = pg.Fields.End
		}
	}
	return pg.File + ":" + strconv.Itoa(line)
}

// playSheet queues one play sheet per paper size, dir/name-PAPER.pdf,
// and returns its links; from is where its encounter comes from (at).
func playSheet(dir, name, from string, papers []string, jobs *[]job, s booklet.Sheet, opt booklet.Options) web.PlaySheet {
	out := web.PlaySheet{Pages: booklet.SheetPages(s.Encounter)}
	for _, p := range papers {
		o := opt
		o.Paper = p
		file := path.Join(dir, name+"-"+p+".pdf")
		*jobs = append(*jobs, job{path: file, sheet: &s, opt: o, at: from})
		out.PDFs = append(out.PDFs, web.Link{Label: paperLabels[p], Href: file})
	}
	return out
}

// packSheets queues the play sheet of every encounter of a pack, by
// encounter number.
func packSheets(def *site.Pack, p *pack.Pack, sys engine.System, papers []string, jobs *[]job, opt booklet.Options) map[int]web.PlaySheet {
	out := map[int]web.PlaySheet{}
	for _, e := range p.Entries {
		n := strconv.Itoa(e.Number)
		out[e.Number] = playSheet(web.SheetDir(web.PackDir(def.Slug)), "encounter-"+n, at(&def.Page, "encounters"), papers, jobs, booklet.Sheet{
			Title: def.Title, Label: "Encounter " + n, Tagline: "Encounter " + n + " of " + strconv.Itoa(len(p.Entries)),
			Set: sys.Rules(), Encounter: e.Encounter, Band: p.Band,
		}, opt)
	}
	return out
}

// campaignSheets queues the play sheet of every entry of a campaign, by
// entry number, each with where success and failure lead.
func campaignSheets(def *site.Campaign, c *campaign.Campaign, sys engine.System, papers []string, jobs *[]job, opt booklet.Options) map[int]web.PlaySheet {
	out := map[int]web.PlaySheet{}
	for _, nd := range c.Nodes {
		n := strconv.Itoa(nd.Number)
		tag := "Encounter " + strconv.Itoa(nd.Step) + " of " + strconv.Itoa(c.Steps)
		if nd.State != "" {
			tag += " · " + nd.State
		}
		out[nd.Number] = playSheet(web.SheetDir(web.CampaignDir(def.Slug)), "entry-"+n, at(&def.Page, "seed"), papers, jobs, booklet.Sheet{
			Title: def.Title, Label: "Entry " + n, Tagline: tag,
			Set: sys.Rules(), Encounter: nd.Encounter, Band: c.Band, Links: nd.Links,
		}, opt)
	}
	return out
}

// monthSheet queues the play sheet of one month of a series.
func monthSheet(def *site.Series, rolled *series.Series, e *series.Entry, sys engine.System, papers []string, jobs *[]job, opt booklet.Options) web.PlaySheet {
	return playSheet(web.SheetDir(web.SeriesDir(def.Slug)), e.Month.String(), at(&def.Page, "seed"), papers, jobs, booklet.Sheet{
		Title: def.Title, Label: e.Month.Title(), Tagline: "Month " + strconv.Itoa(e.Number),
		Set: sys.Rules(), Encounter: e.Encounter, Band: rolled.Band,
	}, opt)
}

// countSheets counts the play sheets among jobs.
func countSheets(jobs []job) int {
	n := 0
	for _, j := range jobs {
		if j.sheet != nil {
			n++
		}
	}
	return n
}
