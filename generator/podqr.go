package generator

import (
	"net/url"
	"path"

	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/engine/series"
	"github.com/sortie-wargames/sortie/generator/booklet"
	"github.com/sortie-wargames/sortie/generator/web"
)

// pageURL is the address of a page (a path from the site's root, with an
// optional #fragment) under the site's base URL, or "" without one: a
// relative address printed on paper leads nowhere.
func pageURL(base, page string) string {
	if base == "" {
		return ""
	}
	b, err := url.Parse(base)
	if err != nil {
		return ""
	}
	ref, err := url.Parse(page)
	if err != nil {
		return ""
	}
	return b.ResolveReference(ref).String()
}

// packURLs gives a pack's booklet the addresses its QR codes hold: the
// pack's page on the cover, each encounter's page on its spread.
func packURLs(d *booklet.Doc, base, slug string, p *pack.Pack) {
	if base == "" {
		return
	}
	d.URL = pageURL(base, path.Join(web.PackDir(slug), "index.html"))
	d.EntryURLs = map[int]string{}
	for _, e := range p.Entries {
		d.EntryURLs[e.Number] = pageURL(base, web.EncounterPage(slug, e.Number))
	}
}

// campaignURLs does the same for a campaign: its page on the cover, and
// each entry's own page on its spread.
func campaignURLs(d *booklet.Doc, base, slug string, c *campaign.Campaign) {
	if base == "" {
		return
	}
	d.URL = pageURL(base, path.Join(web.CampaignDir(slug), "index.html"))
	d.EntryURLs = map[int]string{}
	for _, n := range c.Nodes {
		d.EntryURLs[n.Number] = pageURL(base, web.EntryPage(slug, n.Number))
	}
}

// monthURLs gives a month's booklet its month's page, on the cover and
// on the encounter's spread.
func monthURLs(d *booklet.Doc, base, slug string, m series.Month) {
	if base == "" {
		return
	}
	d.URL = pageURL(base, web.MonthPage(slug, m))
	d.EntryURLs = map[int]string{1: d.URL}
}

// printPDFs queues a print-ready booklet per paper size in dir,
// NAME-PAPER-print.pdf beside the ordinary ones, and returns their paths.
// They are not linked from the pages: they are files for the author to
// upload to a print-on-demand service (README, "Selling your pack in
// print").
func printPDFs(dir, name string, papers []string, jobs *[]job, doc booklet.Doc, opt booklet.Options) []string {
	var files []string
	for _, p := range papers {
		o := opt
		o.Paper = p
		o.PrintReady = true
		file := path.Join(dir, name+"-"+p+"-print.pdf")
		*jobs = append(*jobs, job{path: file, doc: doc, opt: o})
		files = append(files, file)
	}
	return files
}
