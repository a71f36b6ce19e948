package site

import (
	"fmt"
	"slices"
	"time"

	"github.com/sortie-wargames/sortie/engine/series"
)

// Selection says which drafts and dated items a build takes. Sortie reads
// no clock: the build's day comes from its caller (the CLI takes it from
// --month, SOURCE_DATE_EPOCH or the clock, in that order).
type Selection struct {
	// Today is the build's day: a pack or campaign dated after it waits,
	// out of the build, until a build on or after its day. The zero time
	// takes every date.
	Today time.Time
	// Future builds the packs and campaigns dated after Today too (the
	// CLI's --future; sortie.conf "future: true").
	Future bool
	// Drafts builds the pages, packs, campaigns and series marked
	// "draft: true" too (the CLI's --drafts).
	Drafts bool
	// Month is the month the build rolls monthly series up to; zero when
	// unknown. A series that starts after it has no month yet, so it
	// gives the feeds nothing (Site.HasFeeds).
	Month series.Month
}

// Select leaves out of the site the drafts and the packs and campaigns
// dated after the build's day, unless sel or the site's config takes
// them, and adds a warning for each, at the line that keeps it out.
func (s *Site) Select(sel Selection) {
	s.month = sel.Month
	future := sel.Future || s.Future
	keep := func(kind string, p *Page) bool {
		if p.Draft && !sel.Drafts {
			s.Warnings = append(s.Warnings, fmt.Sprintf("%s:%d: a draft: left out of the build (--drafts builds it)", p.File, p.Fields.Line("draft")))
			s.LeftOut = append(s.LeftOut, LeftOut{Kind: kind, Page: p,
				Why: fmt.Sprintf("a draft (draft: true, %s:%d), left out of this build: --drafts builds it", p.File, p.Fields.Line("draft"))})
			return false
		}
		if !future && !sel.Today.IsZero() && p.Date.After(sel.Today) {
			s.Warnings = append(s.Warnings, fmt.Sprintf("%s:%d: date %s is after the build's day, %s: left out of the build and its feeds until then (--future, or future: true in %s, builds it now)",
				p.File, p.Fields.Line("date"), p.Date.Format(time.DateOnly), sel.Today.Format(time.DateOnly), ConfigFile))
			s.LeftOut = append(s.LeftOut, LeftOut{Kind: kind, Page: p,
				Why: fmt.Sprintf("dated %s (%s:%d), after the build's day, %s, so left out of this build: --future builds it now", p.Date.Format(time.DateOnly), p.File, p.Fields.Line("date"), sel.Today.Format(time.DateOnly))})
			return false
		}
		return true
	}
	s.Pages = slices.DeleteFunc(s.Pages, func(p *Page) bool { return !keep(KindPage, p) })
	s.Packs = slices.DeleteFunc(s.Packs, func(p *Pack) bool { return !keep(KindPack, &p.Page) })
	s.Campaigns = slices.DeleteFunc(s.Campaigns, func(c *Campaign) bool { return !keep(KindCampaign, &c.Page) })
	s.Series = slices.DeleteFunc(s.Series, func(r *Series) bool { return !keep(KindSeries, &r.Page) })
	for _, r := range s.Series {
		if sel.Month != 0 && r.Start > sel.Month {
			s.Warnings = append(s.Warnings, fmt.Sprintf("%s:%d: start %s is after the build's month, %s: the series has no month to show yet, and its page says when it starts (is the year right?)",
				r.File, r.Fields.Line("start"), r.Start, sel.Month))
		}
	}
}

// The kinds of page a site's content/ folders hold, named as the folders.
const (
	KindPage     = "pages"
	KindPack     = "packs"
	KindCampaign = "campaigns"
	KindSeries   = "series"
)

// LeftOut is a page, pack, campaign or series a build left out, and why.
type LeftOut struct {
	Kind string // KindPage, KindPack, KindCampaign or KindSeries
	Page *Page
	Why  string // "a draft (draft: true, FILE:LINE), left out of this build: --drafts builds it"
}
