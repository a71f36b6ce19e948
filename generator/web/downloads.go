package web

import (
	"path"
	"slices"

	"github.com/sortie-wargames/sortie/engine/series"
)

// downloadsContent is what the downloads page lists: every booklet of
// the site, by what it prints, in the site's order.
type downloadsContent struct {
	Campaigns []Campaign
	Packs     []Pack
	Series    []seriesBooklets
	Systems   []systemBooklets
}

// seriesBooklets are a monthly series' booklets, newest month first.
type seriesBooklets struct {
	Title  string
	Index  string
	Months []monthBooklets
}

type monthBooklets struct {
	Entry *series.Entry
	Href  string
	PDFs  []Link
}

// systemBooklets are a rule system's Quick Reference Sheets.
type systemBooklets struct {
	Name string
	QRS  string
	PDFs []Link
}

// downloads renders the downloads page. Unlike the footers, it may list
// each month of a series: only this page changes when a month comes.
func (r *Renderer) downloads() ([]byte, error) {
	var c downloadsContent
	for _, p := range r.in.Packs {
		if len(p.PDFs) > 0 {
			c.Packs = append(c.Packs, p)
		}
	}
	for _, k := range r.in.Campaigns {
		if len(k.PDFs) > 0 {
			c.Campaigns = append(c.Campaigns, k)
		}
	}
	for _, s := range r.in.Series {
		sb := seriesBooklets{Title: s.Def.Title, Index: path.Join(SeriesDir(s.Def.Slug), "index.html")}
		for _, e := range slices.Backward(s.Rolled.Months) {
			if pdfs := s.PDFs[e.Month]; len(pdfs) > 0 {
				sb.Months = append(sb.Months, monthBooklets{Entry: e, Href: MonthPage(s.Def.Slug, e.Month), PDFs: pdfs})
			}
		}
		if len(sb.Months) > 0 {
			c.Series = append(c.Series, sb)
		}
	}
	for _, s := range r.in.Systems {
		if len(s.PDFs) > 0 {
			c.Systems = append(c.Systems, systemBooklets{Name: s.Set.System.Name, QRS: QRSPage(s.Set.System.ID), PDFs: s.PDFs})
		}
	}
	return r.page("downloads", Downloads, "Downloads", "Every booklet of the site to print, each under the page it comes from.", nil, c)
}
