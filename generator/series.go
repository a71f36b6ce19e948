package generator

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/engine/series"
	"github.com/sortie-wargames/sortie/generator/booklet"
	"github.com/sortie-wargames/sortie/generator/feed"
	"github.com/sortie-wargames/sortie/generator/output"
	"github.com/sortie-wargames/sortie/generator/site"
	"github.com/sortie-wargames/sortie/generator/web"
)

// rollSeries rolls every monthly series of the site up to month and
// queues a one-encounter booklet per month and paper.
func rollSeries(s *site.Site, reg *engine.Registry, month string, papers []string, jobs *[]job, bopt booklet.Options) ([]web.Series, error) {
	if month == "" {
		return nil, fmt.Errorf("%s: a monthly series needs the month to build up to: pass --month YYYY-MM", s.Series[0].File)
	}
	upTo, err := series.ParseMonth(month)
	if err != nil {
		return nil, err
	}
	var out []web.Series
	var errs []error
	for _, def := range s.Series {
		sys, _ := reg.Get(def.System)
		rolled, err := series.Build(sys, def.Seed, def.Types, def.Start, upTo, def.Options)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", def.File, err))
			continue
		}
		ws := web.Series{Def: def, Rolled: rolled, PDFs: map[series.Month][]web.Link{}}
		for _, e := range rolled.Months {
			ws.PDFs[e.Month] = pdfs(web.SeriesDir(def.Slug), def.Slug+"-"+e.Month.String(), papers, jobs, monthBooklet(def, rolled, e, sys), bopt)
		}
		out = append(out, ws)
	}
	return out, errors.Join(errs...)
}

// monthBooklet is one month's encounter as a booklet of its own: the
// series' band, the encounter's spread, its cards and the QRS.
func monthBooklet(def *site.Series, rolled *series.Series, e *series.Entry, sys engine.System) booklet.Doc {
	p := &pack.Pack{System: rolled.System, Seed: rolled.Seed, Band: rolled.Band,
		Entries: []*pack.Entry{{Number: 1, Type: e.Type, Encounter: e.Encounter}}}
	return booklet.Doc{Title: def.Title + ": " + e.Month.Title(), Summary: e.Encounter.Summary, Set: sys.Rules(), Seed: rolled.Seed, Pack: p}
}

// feeds returns the site's Atom feed and JSON Feed of its monthly
// encounters, newest first, when it has a series, and its sitemap of
// every page when it has a base URL.
func feeds(s *site.Site, ss []web.Series, pages []web.File) ([]output.File, error) {
	fs := feed.Site{Title: s.Title, Tagline: s.Tagline, BaseURL: s.BaseURL, Version: Version}
	var out []output.File
	if len(ss) > 0 {
		var items []feed.Item
		for _, sr := range ss {
			for _, e := range sr.Rolled.Months {
				items = append(items, feed.Item{
					// What rolls the month names it: the same series gives
					// the same id on every site.
					ID:    feed.ID("series/" + sr.Rolled.System + "/" + sr.Rolled.Seed + "/" + strings.Join(sr.Def.Types, ",") + "/" + e.Month.String()),
					Title: sr.Def.Title + ", " + e.Month.Title() + ": " + e.Encounter.Title, Href: web.MonthPage(sr.Def.Slug, e.Month),
					Date: e.Month.Start(), Summary: e.Encounter.Summary,
				})
			}
		}
		// Newest first; a month's series in the site's order.
		slices.SortStableFunc(items, func(a, b feed.Item) int { return b.Date.Compare(a.Date) })
		atom, err := feed.Atom(fs, items)
		if err != nil {
			return nil, err
		}
		js, err := feed.JSON(fs, items)
		if err != nil {
			return nil, err
		}
		out = append(out, output.File{Path: "feed.xml", Data: atom}, output.File{Path: "feed.json", Data: js})
	}
	if s.BaseURL != "" {
		var html []string
		for _, p := range pages {
			if path.Ext(p.Path) == ".html" {
				html = append(html, p.Path)
			}
		}
		slices.Sort(html)
		sm, err := feed.Sitemap(s.BaseURL, html)
		if err != nil {
			return nil, err
		}
		out = append(out, output.File{Path: "sitemap.xml", Data: sm})
	}
	return out, nil
}
