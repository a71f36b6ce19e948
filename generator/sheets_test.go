package generator

import (
	"bytes"
	"path"
	"strconv"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/engine/series"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator/booklet"
	"github.com/sortie-wargames/sortie/generator/web"
)

// isSheet reports whether a built file is a play sheet.
func isSheet(p string) bool { return path.Base(path.Dir(p)) == "sheets" && path.Ext(p) == ".pdf" }

// checkSheets checks the play sheets of the default site as built into
// files: every encounter of every pack, every entry of every campaign
// and every month of every series has one per paper, no other sheet is
// written; each passes pdfcpu's strict validation and has the pages its
// sealed items call for (none of them hit the error for a page 1 too
// long, or the build would have failed); the page that shows the
// encounter links both papers and says how many pages; the series page
// and the home page link this month's.
func checkSheets(t *testing.T, files map[string][]byte) {
	t.Helper()
	reg, s, err := load("", systems.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{} // sheet file: pages
	links := func(page, dir, name string, e *engine.Encounter) {
		t.Helper()
		n := booklet.SheetPages(e)
		html := string(files[page])
		label := "Play sheet (" + strconv.Itoa(n) + " page"
		if n > 1 {
			label += "s"
		}
		if !strings.Contains(html, label+"):") {
			t.Errorf("%s lacks %q", page, label+"):")
		}
		for _, paper := range []string{"a4", "letter"} {
			file := path.Join(web.SheetDir(dir), name+"-"+paper+".pdf")
			want[file] = n
			if !strings.Contains(html, `sheets/`+name+"-"+paper+`.pdf"`) {
				t.Errorf("%s does not link %s", page, file)
			}
		}
	}
	for _, def := range s.Packs {
		sys, _ := reg.Get(def.System)
		p, err := pack.Build(sys, def.Seed, def.Types, def.Options)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range p.Entries {
			n := strconv.Itoa(e.Number)
			links(path.Join(web.PackDir(def.Slug), "encounter-"+n+".html"), web.PackDir(def.Slug), "encounter-"+n, e.Encounter)
		}
	}
	for _, def := range s.Campaigns {
		sys, _ := reg.Get(def.System)
		c, err := campaign.Build(sys, def.Seed, def.Steps, def.Options)
		if err != nil {
			t.Fatal(err)
		}
		for _, nd := range c.Nodes {
			links(web.EntryPage(def.Slug, nd.Number), web.CampaignDir(def.Slug), "entry-"+strconv.Itoa(nd.Number), nd.Encounter)
		}
	}
	upTo, _ := series.ParseMonth(testMonth)
	for _, def := range s.Series {
		sys, _ := reg.Get(def.System)
		r, err := series.Build(sys, def.Seed, def.Types, def.Start, upTo, def.Options)
		if err != nil {
			t.Fatal(err)
		}
		for i, e := range r.Months {
			dir := web.SeriesDir(def.Slug)
			links(web.MonthPage(def.Slug, e.Month), dir, e.Month.String(), e.Encounter)
			if i == len(r.Months)-1 {
				links(path.Join(dir, "index.html"), dir, e.Month.String(), e.Encounter)
				links("index.html", dir, e.Month.String(), e.Encounter)
			}
		}
	}
	if len(s.Packs) == 0 || len(s.Campaigns) == 0 || len(s.Series) == 0 {
		t.Fatal("the default site lacks a pack, a campaign or a series to check")
	}
	got := 0
	for p, data := range files {
		if !isSheet(p) {
			continue
		}
		got++
		pages, ok := want[p]
		if !ok {
			t.Errorf("%s: a play sheet of no encounter", p)
			continue
		}
		conf := model.NewDefaultConfiguration()
		conf.ValidationMode = model.ValidationStrict
		ctx, err := api.ReadAndValidate(bytes.NewReader(data), conf)
		if err != nil {
			t.Errorf("%s: pdfcpu: %v", p, err)
			continue
		}
		if ctx.PageCount != pages {
			t.Errorf("%s: %d pages, want %d", p, ctx.PageCount, pages)
		}
	}
	if got != len(want) {
		t.Errorf("%d play sheets built, want %d", got, len(want))
	}
}
