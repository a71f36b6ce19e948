package web

import (
	"fmt"
	"html/template"
	"path"
	"slices"

	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/series"
	"github.com/sortie-wargames/sortie/generator/site"
)

// Series is a monthly series as written and as rolled up to the build's
// month.
type Series struct {
	Def    *site.Series
	Rolled *series.Series
	PDFs   map[series.Month][]Link // each month's booklets
	// Sheets are each month's play sheet.
	Sheets map[series.Month]PlaySheet
}

// Current returns the newest month's entry, or nil before the series
// starts.
func (s Series) Current() *series.Entry {
	if n := len(s.Rolled.Months); n > 0 {
		return s.Rolled.Months[n-1]
	}
	return nil
}

// SeriesDir is where a series' pages and booklets are.
func SeriesDir(slug string) string { return path.Join("series", slug) }

// MonthPage is the page of one month of a series.
func MonthPage(slug string, m series.Month) string {
	return path.Join(SeriesDir(slug), m.String()+".html")
}

type seriesContent struct {
	Series
	Body    template.HTML
	System  *rules.Set
	Current *monthView
	Archive []monthLink // newest first
}

type monthLink struct {
	*series.Entry
	Href string
}

type monthView struct {
	Entry *series.Entry
	View  encounterView
	Band  *bandView
	Print printView
	PDFs  []Link
	Sheet PlaySheet
	Href  string

	// Tables are the QRS tables the encounter needs, on the month's own
	// page; nil under "This month" on the series page.
	Tables *encTablesView
}

// monthView draws a month's encounter with its sections at heading level
// (2 on the month's own page, 3 under "This month" on the series page).
func (r *Renderer) monthView(s Series, e *series.Entry, level int) *monthView {
	d := r.newDrawer(nil, "band")
	v := &monthView{Entry: e, View: newEncounterView(d, "m"+e.Month.String(), level, e.Encounter),
		Band: newBandView(d, s.Rolled.Band), Print: d.printSealed([]int{0}, [][]doc.Block{e.Encounter.Blocks}),
		PDFs: s.PDFs[e.Month], Sheet: s.Sheets[e.Month], Href: MonthPage(s.Def.Slug, e.Month)}
	if level == 2 {
		v.Tables = newEncTablesView(d, "m"+e.Month.String(), level, r.systemSet(s.Def.System), e.Encounter.Tables)
	}
	return v
}

func (r *Renderer) series(s Series) (string, []byte, error) {
	out := path.Join(SeriesDir(s.Def.Slug), "index.html")
	c := seriesContent{Series: s, Body: r.markdown(&s.Def.Page, out), System: r.systemSet(s.Def.System)}
	if e := s.Current(); e != nil {
		c.Current = r.monthView(s, e, 3)
	}
	for _, e := range slices.Backward(s.Rolled.Months) {
		c.Archive = append(c.Archive, monthLink{Entry: e, Href: MonthPage(s.Def.Slug, e.Month)})
	}
	var pdfs []Link
	if c.Current != nil {
		pdfs = c.Current.PDFs
	}
	data, err := r.page("series", out, s.Def.Title, s.Def.Summary, pdfs, c)
	return out, data, err
}

type monthContent struct {
	Series Series
	Month  *monthView
	System *rules.Set
	Index  string
	Prev   string
	Next   string
	PrevM  string
	NextM  string
}

func (r *Renderer) month(s Series, i int) (string, []byte, error) {
	e := s.Rolled.Months[i]
	out := MonthPage(s.Def.Slug, e.Month)
	c := monthContent{Series: s, Month: r.monthView(s, e, 2), System: r.systemSet(s.Def.System), Index: path.Join(SeriesDir(s.Def.Slug), "index.html")}
	if i > 0 {
		c.Prev, c.PrevM = MonthPage(s.Def.Slug, e.Month-1), (e.Month - 1).Title()
	}
	if i < len(s.Rolled.Months)-1 {
		c.Next, c.NextM = MonthPage(s.Def.Slug, e.Month+1), (e.Month + 1).Title()
	}
	title := fmt.Sprintf("%s, %s: %s", s.Def.Title, e.Month.Title(), e.Encounter.Title)
	data, err := r.page("month", out, title, e.Encounter.Summary, c.Month.PDFs, c)
	return out, data, err
}

// bookletPaths returns the path of every booklet the site links.
func (r *Renderer) bookletPaths() []string {
	var out []string
	for _, l := range r.allPDFs() {
		out = append(out, l.Href)
	}
	for _, s := range r.in.Series {
		for _, links := range s.PDFs {
			for _, l := range links {
				out = append(out, l.Href)
			}
		}
	}
	return out
}

// seriesNow is a series as the home page shows it: this month's
// encounter, if the series has started.
type seriesNow struct {
	Series
	Index string
	Entry *series.Entry
	Href  string
	PDFs  []Link
	Sheet PlaySheet
}
