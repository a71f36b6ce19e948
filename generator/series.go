package generator

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"strconv"
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
		if n := int(upTo-def.Start) + 1; n > series.MaxMonths {
			// The start is at fault (the month built up to is the
			// build's), so the message points at its line.
			errs = append(errs, def.Fields.Errorf("start", "start %s: the series would run %d months up to %s, at most %d: start it later", def.Start, n, upTo, series.MaxMonths))
			continue
		}
		rolled, err := series.Build(sys, def.Seed, def.Types, def.Start, upTo, def.Options)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", def.File, err))
			continue
		}
		ws := web.Series{Def: def, Rolled: rolled, PDFs: map[series.Month][]web.Link{}, Sheets: map[series.Month]web.PlaySheet{}}
		for _, e := range rolled.Months {
			bd := monthBooklet(def, rolled, e, sys)
			monthURLs(&bd, s.BaseURL, def.Slug, e.Month)
			ws.PDFs[e.Month] = pdfs(web.SeriesDir(def.Slug), def.Slug+"-"+e.Month.String(), papers, jobs, bd, bopt)
			ws.Sheets[e.Month] = monthSheet(def, rolled, e, sys, papers, jobs, bopt)
		}
		out = append(out, ws)
	}
	return out, errors.Join(errs...)
}

// monthBooklet is one month's encounter as a booklet of its own: the
// series' band, the encounter's spread, its cards and the QRS tables it
// names.
func monthBooklet(def *site.Series, rolled *series.Series, e *series.Entry, sys engine.System) booklet.Doc {
	p := &pack.Pack{System: rolled.System, Seed: rolled.Seed, Band: rolled.Band,
		Entries: []*pack.Entry{{Number: 1, Type: e.Type, Encounter: e.Encounter}}}
	d := booklet.Doc{Title: def.Title + ": " + e.Month.Title(), Summary: e.Encounter.Summary, Set: sys.Rules(), Seed: rolled.Seed, Pack: p}
	if len(e.Encounter.Tables) > 0 {
		// A handful of pages for one encounter: the QRS tables it sends
		// the player to, not the system's whole sheets.
		d.QRS = e.Encounter.Tables
	}
	return d
}

// optionsID is the part of a feed item's id that the player's options
// decide (engine.Options.Key): two packs that differ only in them are two
// items. It is empty when none is set, so the ids of items without
// options stay as they were.
func optionsID(o engine.Options) string { return o.Key() }

// feeds returns the site's Atom feed and JSON Feed, newest first, when it
// has a monthly series or a dated pack or campaign (each month's encounter
// dated the first of its month, a pack or campaign the day its "date"
// gives), and its sitemap of every page when it has a base URL.
func feeds(s *site.Site, ss []web.Series, paths []string) ([]output.File, error) {
	fs := feed.Site{Title: s.Title, Tagline: s.Tagline, BaseURL: s.BaseURL, Version: Version}
	var out []output.File
	if s.HasFeeds() {
		var items []feed.Item
		for _, p := range s.Packs {
			if !p.Date.IsZero() {
				items = append(items, packItem(p))
			}
		}
		for _, c := range s.Campaigns {
			if !c.Date.IsZero() {
				items = append(items, campaignItem(c))
			}
		}
		for _, sr := range ss {
			for _, e := range sr.Rolled.Months {
				items = append(items, feed.Item{
					// What rolls the month names it: the same series gives
					// the same id on every site.
					ID:    feed.ID("series/" + sr.Rolled.System + "/" + sr.Rolled.Seed + "/" + strings.Join(sr.Def.Types, ",") + optionsID(sr.Def.Options) + "/" + e.Month.String()),
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
		for _, p := range paths {
			if path.Ext(p) == ".html" && p != web.NotFound { // no search engine wants the 404 page
				html = append(html, p)
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

// packItem is a dated pack as a feed lists it.
func packItem(p *site.Pack) feed.Item {
	return feed.Item{ID: feed.ID("pack/" + p.System + "/" + p.Seed + "/" + strings.Join(p.Types, ",") + optionsID(p.Options)),
		Title: "New pack: " + p.Title, Href: path.Join(web.PackDir(p.Slug), "index.html"), Date: p.Date, Summary: p.Summary}
}

// campaignItem is a dated campaign as a feed lists it.
func campaignItem(c *site.Campaign) feed.Item {
	return feed.Item{ID: feed.ID("campaign/" + c.System + "/" + c.Seed + "/" + strconv.Itoa(c.Steps) + optionsID(c.Options)),
		Title: "New campaign: " + c.Title, Href: path.Join(web.CampaignDir(c.Slug), "index.html"), Date: c.Date, Summary: c.Summary}
}

// listFeeds returns the Atom feed and JSON Feed of each list that has a
// page of its own (a system's, an encounter type's, a tag's: web.Lists)
// and a dated pack or campaign (web.List.HasFeeds): those, newest first,
// as the site's own feed lists them, in the list's folder.
func listFeeds(s *site.Site, lists []web.List) ([]output.File, error) {
	var out []output.File
	for _, l := range lists {
		if !l.HasFeeds() {
			continue
		}
		var items []feed.Item
		for _, it := range l.Items {
			switch {
			case it.Def().Date.IsZero():
			case it.Pack != nil:
				items = append(items, packItem(it.Pack.Def))
			default:
				items = append(items, campaignItem(it.Campaign.Def))
			}
		}
		fs := feed.Site{Title: s.Title + ": " + l.Title, Tagline: l.Summary, BaseURL: s.BaseURL, Version: Version, Dir: l.Dir}
		atom, err := feed.Atom(fs, items)
		if err != nil {
			return nil, err
		}
		js, err := feed.JSON(fs, items)
		if err != nil {
			return nil, err
		}
		out = append(out, output.File{Path: path.Join(l.Dir, "feed.xml"), Data: atom}, output.File{Path: path.Join(l.Dir, "feed.json"), Data: js})
	}
	return out, nil
}

// MonthEncounter is one month of a site's series, as "sortie month"
// prints it.
type MonthEncounter struct {
	OneEncounter
	Series string       // the series' title
	Month  series.Month // the month rolled
	System engine.System
}

// Month rolls one month of a series of the site at source ("" for the
// built-in site): the series whose slug is slug, or the only one when
// slug is empty. It is the encounter the site's page for that month
// shows.
func Month(source string, builders []engine.Builder, slug, month string) (*MonthEncounter, error) {
	reg, s, err := load(source, builders)
	if err != nil {
		return nil, err
	}
	m, err := series.ParseMonth(month)
	if err != nil {
		return nil, err
	}
	var def *site.Series
	var slugs []string
	for _, sr := range s.Series {
		slugs = append(slugs, sr.Slug)
		if sr.Slug == slug || slug == "" && len(s.Series) == 1 {
			def = sr
		}
	}
	switch {
	case len(slugs) == 0:
		return nil, errors.New("the site has no monthly series (content/series/*.md)")
	case def == nil && slug == "":
		return nil, fmt.Errorf("the site has %d series: name one with --series (%s)", len(slugs), strings.Join(slugs, ", "))
	case def == nil:
		return nil, fmt.Errorf("no series %q (the site has %s)", slug, strings.Join(slugs, ", "))
	}
	sys, _ := reg.Get(def.System)
	band, err := series.Band(sys, def.Seed, def.Options)
	if err != nil {
		return nil, err
	}
	e, err := series.One(sys, def.Seed, def.Types, def.Start, m, band, def.Options)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", def.File, err)
	}
	return &MonthEncounter{OneEncounter: OneEncounter{Version: engine.Version, Band: band, Encounter: e.Encounter}, Series: def.Title, Month: m, System: sys}, nil
}

// selectContent applies the build's choices to the site as loaded: its
// base URL, and which drafts and dated items it takes (site.Select).
func selectContent(s *site.Site, opt Options) error {
	if opt.BaseURL != "" {
		u, err := site.ParseBaseURL(opt.BaseURL)
		if err != nil {
			return err
		}
		s.BaseURL = u
	}
	sel := site.Selection{Today: opt.Today, Future: opt.Future, Drafts: opt.Drafts}
	if opt.Month != "" {
		m, err := series.ParseMonth(opt.Month)
		if err != nil {
			return err
		}
		sel.Month = m
	}
	s.Select(sel)
	return nil
}
