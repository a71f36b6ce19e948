package generator

import (
	"bytes"
	"errors"
	"path"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/doc"
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

// TestSheetFullNamesItsFile checks what a build says of an encounter too
// long for its play sheet: the content file and line it was rolled from,
// the sheet it failed to write, booklet.ErrSheetFull, and a hint line.
func TestSheetFullNamesItsFile(t *testing.T) {
	reg, s, err := load("", systems.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	def := s.Packs[0]
	sys, _ := reg.Get(def.System)
	p, err := pack.Build(sys, def.Seed, def.Types, def.Options)
	if err != nil {
		t.Fatal(err)
	}
	// A roster of 200 figures fits no side of paper, at any type size.
	e := *p.Entries[0].Encounter
	long := &doc.Table{Head: []string{"#", "Figure", "Rep"}}
	for i := range 200 {
		long.Rows = append(long.Rows, []string{strconv.Itoa(i + 1), "Figure " + strconv.Itoa(i+1), "4"})
	}
	e.Blocks = append(slices.Clone(e.Blocks), &doc.Section{Title: "A long roster", Blocks: []doc.Block{long}})
	p.Entries[0].Encounter = &e
	var jobs []job
	packSheets(def, p, sys, []string{"a4"}, &jobs, booklet.Options{Created: time.Unix(0, 0)})
	_, err = (&workers{}).job(jobs[0])
	if err == nil {
		t.Fatal("a 200-figure roster's play sheet was written")
	}
	at := def.File + ":" + strconv.Itoa(def.Fields.Line("encounters")) + ": failed to write " + jobs[0].path + ": "
	if def.Fields.Line("encounters") == 0 || !strings.HasPrefix(err.Error(), at) {
		t.Errorf("error %q, want it to start %q", err, at)
	}
	if !errors.Is(err, booklet.ErrSheetFull) {
		t.Errorf("error %q does not wrap booklet.ErrSheetFull", err)
	}
	if lines := strings.Split(err.Error(), "\n"); len(lines) != 2 || !strings.HasPrefix(lines[1], "hint: ") || !strings.Contains(lines[0], "page 1 is too long for one side of paper even at 7 pt") {
		t.Errorf("error %q, want the page and the floor on its first line and a hint on its second", err)
	}
}
