package generator

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator/output"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/generator/booklet"
	"github.com/sortie-wargames/sortie/generator/site"
	"github.com/sortie-wargames/sortie/generator/web"
)

// BenchmarkPack renders the default nine-encounter pack as web pages and
// as an A4 booklet, side by side, so their costs can be compared in one
// run: go test -bench Pack ./generator
func BenchmarkPack(b *testing.B) {
	reg, err := LoadSystems("", systems.Builtin())
	if err != nil {
		b.Fatal(err)
	}
	s, err := site.Load(content.FS, site.ConfigFile, ".", "content/", reg)
	if err != nil {
		b.Fatal(err)
	}
	def := s.Packs[0]
	sys, _ := reg.Get(def.System)
	p, err := pack.Build(sys, def.Seed, def.Types, def.Options)
	if err != nil {
		b.Fatal(err)
	}
	in := web.Input{Site: &site.Site{Title: s.Title, Home: s.Home, Papers: s.Papers}, Version: Version,
		Systems: []web.System{{Set: sys.Rules()}}, Packs: []web.Pack{{Def: def, Rolled: p}}}
	b.Run("roll", func(b *testing.B) {
		for b.Loop() {
			if _, err := pack.Build(sys, def.Seed, def.Types, def.Options); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("html", func(b *testing.B) {
		for b.Loop() {
			if _, err := web.Render(in); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("pdf", func(b *testing.B) {
		doc := booklet.Doc{Title: def.Title, Set: sys.Rules(), Seed: def.Seed, Pack: p}
		for b.Loop() {
			if err := booklet.Write(io.Discard, doc, booklet.Options{Paper: "a4", Version: Version}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkSite renders the whole default site in memory.
func BenchmarkSite(b *testing.B) {
	for b.Loop() {
		if _, _, err := Render(Options{Systems: systems.Builtin(), Month: testMonth}); err != nil {
			b.Fatal(err)
		}
	}
}

// clubPacks is how many packs BenchmarkClubSite's site holds.
const clubPacks = 500

// clubSite writes a club's site of n packs under dir, as a club that has
// grown for years would have it: each pack one of the default site's
// packs over again (its system and options), with a seed, three of its
// encounter types, a date, one to three tags of twelve, and the default
// site's monthly series started 60 months before 2026-12. Nothing of it
// is committed: it is made here, the same on every run.
func clubSite(b *testing.B, dir string, n int) {
	b.Helper()
	reg, err := LoadSystems("", systems.Builtin())
	if err != nil {
		b.Fatal(err)
	}
	def, err := site.Load(content.FS, site.ConfigFile, ".", "content/", reg)
	if err != nil {
		b.Fatal(err)
	}
	write := func(name, text string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	write(site.ConfigFile, "title: A club of "+strconv.Itoa(n)+" packs\npaper: a4\nfuture: true\n")
	series, err := fs.ReadFile(content.FS, "series/encounter-of-the-month.md")
	if err != nil {
		b.Fatal(err)
	}
	write("content/series/encounter-of-the-month.md", regexp.MustCompile(`(?m)^start:.*$`).ReplaceAllString(string(series), "start: 2021-12"))
	tags := []string{"orcs", "undead", "night", "river", "hills", "town", "short", "long", "beginners", "veterans", "winter", "raids"}
	first := time.Date(2021, 12, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		t := def.Packs[i%len(def.Packs)]
		var keep []string // the template's system and options
		for _, k := range append([]string{"system"}, engine.OptionKeys()...) {
			if t.Fields.Has(k) {
				keep = append(keep, k+": "+t.Fields.String(k))
			}
		}
		var types []string
		for j := range 3 {
			types = append(types, t.Types[(i+j)%len(t.Types)])
		}
		var tagged []string
		for j := range 1 + i%3 {
			tagged = append(tagged, tags[(i*5+j*7)%len(tags)])
		}
		slices.Sort(tagged)
		tagged = slices.Compact(tagged)
		write(fmt.Sprintf("content/packs/pack-%03d.md", i+1), fmt.Sprintf("---\ntitle: %s, number %d\nsummary: %s\n%s\nseed: club-%d\nencounters: %s\ndate: %s\ntags: %s\n---\nPack %d of the club's.\n",
			t.Title, i+1, t.Summary, strings.Join(keep, "\n"), i+1, strings.Join(types, ", "), first.AddDate(0, 0, i*3+i%2).Format(time.DateOnly), strings.Join(tagged, ", "), i+1))
	}
}

// BenchmarkClubSite builds the pages of a site of 500 packs (1,500
// encounters) and a 60-month series, every page and feed as a build
// writes them, with the booklets linked but not made (PagesOnly, as
// sortie serve draws them), beside the default site built the same way.
// It reports the pages and files written, the CPU time per page (user
// and system, which a loaded machine moves less than the wall clock) and
// its ratio to the default site's (built once before, untimed, as the loop
// is warm after its first run), and the home page's size:
// go test -run '^$' -bench ClubSite -benchmem ./generator. With
// SORTIE_CLUB_SITE=DIR the site is written to DIR, to build with
// sortie build --source DIR.
func BenchmarkClubSite(b *testing.B) {
	dir := os.Getenv("SORTIE_CLUB_SITE") // keep the site there, to build it with sortie build
	if dir == "" {
		dir = b.TempDir()
	}
	clubSite(b, dir, clubPacks)
	count := func(files []output.File) (pages int, home int) {
		for _, f := range files {
			if path.Ext(f.Path) == ".html" {
				pages++
			}
			if f.Path == "index.html" {
				home = len(f.Data)
			}
		}
		return pages, home
	}
	def := Options{Systems: systems.Builtin(), Month: "2026-12", PagesOnly: true}
	if _, _, err := Render(def); err != nil { // once first, as the loop's runs after the first are warm
		b.Fatal(err)
	}
	start := cpuTime()
	files, _, err := Render(def)
	if err != nil {
		b.Fatal(err)
	}
	defPages, _ := count(files)
	defPerPage := float64(cpuTime()-start) / float64(defPages)
	var pages, home, n int
	b.ResetTimer()
	start = cpuTime()
	for b.Loop() {
		files, _, err := Render(Options{Systems: systems.Builtin(), Source: dir, Month: "2026-12", PagesOnly: true})
		if err != nil {
			b.Fatal(err)
		}
		pages, home = count(files)
		n = len(files)
	}
	perPage := float64(cpuTime()-start) / float64(b.N) / float64(pages)
	b.ReportMetric(float64(pages), "pages")
	b.ReportMetric(float64(n), "files")
	b.ReportMetric(perPage, "cpu-ns/page")
	b.ReportMetric(perPage/defPerPage, "cpu-per-page-vs-default")
	b.ReportMetric(float64(home), "home-bytes")
}
