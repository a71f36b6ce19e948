package generator

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"runtime"
	"sync"
	"time"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/generator/booklet"
	"github.com/sortie-wargames/sortie/generator/output"
	"github.com/sortie-wargames/sortie/generator/site"
	"github.com/sortie-wargames/sortie/generator/web"
)

// Options say what to build and where.
type Options struct {
	Source  string    // the site directory; "" builds the embedded default site
	Out     string    // the output directory
	Papers  []string  // booklet paper sizes; nil means the site's choice
	Created time.Time // the date written into PDFs; never the clock (see SOURCE_DATE_EPOCH in the README)
	Guard   output.Guard
	Systems []engine.Builder // the systems with procedures (engine/systems.Builtin); others load as data only
	// Month is the month a monthly series is built up to ("2026-11"):
	// the CLI's --month, never the clock. A site with a series needs it.
	Month   string
	Version string // how pages and booklets name the build (BuildVersion); "" means Version
	// Workers is how many booklets and play sheets render at once; 0
	// means one per CPU Go may use (GOMAXPROCS). The output is the same
	// bytes whatever it is (TestSerialEqualsParallel).
	Workers int
	// PrintOnDemand also writes a print-ready booklet of each pack and
	// campaign (the CLI's --print-on-demand), as the site's "print:
	// on-demand" does.
	PrintOnDemand bool
	// Impose is "saddle" to write a folded booklet beside each flat one
	// of a pack or campaign, "none" for flat ones only, "" for the
	// site's choice (sortie.conf impose:).
	Impose string
	// Progress, when set, is called as the build goes through its
	// stages and renders each booklet and play sheet (see Event), one
	// call at a time; nil is silent. It never changes what is built.
	Progress func(Event)
}

// Summary says what a build made.
type Summary struct {
	Pages    int
	Booklets int
	Sheets   int // play sheets, not counted in Booklets
	Files    int
	Series   int // monthly series built up to the month
	// Warnings are what the site holds that the build did not use as
	// written, each "file:line: message", for the CLI to print: files
	// under content/ Sortie does not read, raw HTML dropped from a page,
	// a YAML comment after a value (site.Site.Warnings).
	Warnings []string
	// Keep is the site's keep list (sortie.conf keep:): names a rebuild
	// keeps at the top of the output, besides .git and CNAME, when the
	// build does not make them.
	Keep []string
	// Print lists the print-ready booklets written, for the CLI to name.
	Print []string
}

// paperLabels name the paper sizes for links.
var paperLabels = map[string]string{"a4": "A4", "letter": "US Letter"}

// Build renders the site in memory and then writes it to opt.Out, safely:
// nothing is written unless everything rendered, and the previous output
// stays whole until the new one replaces it.
func Build(opt Options) (*Summary, error) {
	g := opt.Guard
	g.Source = opt.Source
	if err := output.Check(opt.Out, g); err != nil {
		return nil, err
	}
	files, sum, err := Render(opt)
	if err != nil {
		return nil, err
	}
	prog := &progress{fn: opt.Progress}
	prog.begin(StageWrite)
	if err := (output.Writer{Guard: g, Keep: sum.Keep}).Write(opt.Out, files); err != nil {
		return nil, err
	}
	prog.end(StageWrite)
	return sum, nil
}

// Render builds every file of the site in memory, sorted by path.
func Render(opt Options) ([]output.File, *Summary, error) {
	prog := &progress{fn: opt.Progress}
	prog.begin(StageLoad)
	reg, s, err := load(opt.Source, opt.Systems)
	if err != nil {
		return nil, nil, err
	}
	extras, err := readExtras(opt.Source)
	if err != nil {
		return nil, nil, err
	}
	papers := opt.Papers
	if papers == nil {
		papers = s.Papers
	}
	version := opt.Version
	if version == "" {
		version = Version
	}
	bopt := booklet.Options{Created: opt.Created.UTC(), Version: version}
	impose := s.Impose
	if opt.Impose != "" {
		if impose, err = site.ParseImpose(opt.Impose); err != nil {
			return nil, nil, err
		}
	}

	prog.end(StageLoad)
	prog.begin(StageRoll)

	in := web.Input{Site: s, Version: version, Layouts: extras.layouts, Favicon: extras.favicon}
	for _, f := range extras.static {
		in.Files = append(in.Files, f.Path)
	}
	var jobs []job
	for _, id := range reg.IDs() {
		sys, _ := reg.Get(id)
		set := sys.Rules()
		ws := web.System{Set: set}
		for _, p := range s.Systems {
			if p.Slug == id {
				ws.Page = p
			}
		}
		ws.PDFs = pdfs(web.SystemDir(id), id+"-qrs", papers, &jobs, booklet.Doc{
			Title: "Quick Reference Sheets", Set: set, URL: pageURL(s.BaseURL, web.QRSPage(id)),
		}, bopt)
		in.Systems = append(in.Systems, ws)
	}
	var rollErrs []error
	printing := opt.PrintOnDemand || s.PrintOnDemand
	var printFiles []string
	for _, def := range s.Packs {
		sys, _ := reg.Get(def.System)
		p, err := pack.Build(sys, def.Seed, def.Types, def.Options)
		if err != nil {
			rollErrs = append(rollErrs, fmt.Errorf("%s: %w", def.File, err))
			continue
		}
		wp := web.Pack{Def: def, Rolled: p}
		bd := booklet.Doc{
			Title: def.Title, Summary: def.Summary, Set: sys.Rules(), Seed: def.Seed, Pack: p, Intro: markdownBlocks(def.Body),
		}
		packURLs(&bd, s.BaseURL, def.Slug, p)
		wp.PDFs = pdfs(web.PackDir(def.Slug), def.Slug, papers, &jobs, bd, bopt)
		wp.PDFs = append(wp.PDFs, folded(web.PackDir(def.Slug), def.Slug, papers, impose, &jobs, bd, bopt)...)
		if printing {
			printFiles = append(printFiles, printPDFs(web.PackDir(def.Slug), def.Slug, papers, &jobs, bd, bopt)...)
		}
		wp.Sheets = packSheets(def, p, sys, papers, &jobs, bopt)
		in.Packs = append(in.Packs, wp)
	}
	for _, def := range s.Campaigns {
		sys, _ := reg.Get(def.System)
		c, err := campaign.Build(sys, def.Seed, def.Steps, def.Options)
		if err != nil {
			rollErrs = append(rollErrs, fmt.Errorf("%s: %w", def.File, err))
			continue
		}
		wc := web.Campaign{Def: def, Rolled: c}
		bd := booklet.Doc{
			Title: def.Title, Summary: def.Summary, Set: sys.Rules(), Seed: def.Seed, Campaign: c, Intro: markdownBlocks(def.Body),
		}
		campaignURLs(&bd, s.BaseURL, def.Slug, c)
		wc.PDFs = pdfs(web.CampaignDir(def.Slug), def.Slug, papers, &jobs, bd, bopt)
		wc.PDFs = append(wc.PDFs, folded(web.CampaignDir(def.Slug), def.Slug, papers, impose, &jobs, bd, bopt)...)
		if printing {
			printFiles = append(printFiles, printPDFs(web.CampaignDir(def.Slug), def.Slug, papers, &jobs, bd, bopt)...)
		}
		wc.Sheets = campaignSheets(def, c, sys, papers, &jobs, bopt)
		in.Campaigns = append(in.Campaigns, wc)
	}
	if len(s.Series) > 0 {
		ws, err := rollSeries(s, reg, opt.Month, papers, &jobs, bopt)
		if err != nil {
			rollErrs = append(rollErrs, err)
		}
		in.Series = ws
	}
	if len(rollErrs) > 0 {
		return nil, nil, errors.Join(rollErrs...)
	}

	prog.end(StageRoll)

	prog.begin(StagePages)
	pages, err := web.Render(in)
	if err != nil {
		return nil, nil, err
	}
	nPages := 0
	for _, f := range pages {
		if path.Ext(f.Path) == ".html" {
			nPages++
		}
	}
	prog.send(Event{Kind: StageEnd, Stage: StagePages, Pages: nPages})
	nSheets := countSheets(jobs)
	prog.send(Event{Kind: StageBegin, Stage: StagePDFs, Booklets: len(jobs) - nSheets, Sheets: nSheets})
	books, err := runJobs(jobs, opt.Workers, prog)
	if err != nil {
		return nil, nil, err
	}
	prog.end(StagePDFs)
	prog.begin(StageFeeds)
	var files []output.File
	for _, f := range pages {
		files = append(files, output.File{Path: f.Path, Data: f.Data})
	}
	files = append(files, books...)
	extra, err := feeds(s, in.Series, pages)
	if err != nil {
		return nil, nil, err
	}
	files = append(files, extra...)
	if files, err = extras.addStatic(files); err != nil { // sorts them by path
		return nil, nil, err
	}
	prog.end(StageFeeds)
	sum := &Summary{Booklets: len(books) - countSheets(jobs), Sheets: countSheets(jobs), Files: len(files) + 1, Series: len(in.Series), Warnings: s.Warnings, Keep: s.Keep, Print: printFiles}
	sum.Pages = nPages
	return files, sum, nil
}

// load reads the rule systems and the site: the embedded default when
// source is empty, else the site directory, read through an os.Root so no
// file outside it is ever read.
func load(source string, builders []engine.Builder) (*engine.Registry, *site.Site, error) {
	if source == "" {
		reg, err := LoadSystems("", builders)
		if err != nil {
			return nil, nil, err
		}
		s, err := site.Load(content.FS, site.ConfigFile, ".", "content/", reg)
		return reg, s, err
	}
	root, err := openSite(source)
	if err != nil {
		return nil, nil, err
	}
	defer root.Close()
	prefix := sitePrefix(source)
	reg, err := siteSystems(root.FS(), prefix, builders)
	if err != nil {
		return nil, nil, err
	}
	s, err := site.Load(root.FS(), site.ConfigFile, "content", prefix, reg)
	return reg, s, err
}

// job is one booklet to render, or one play sheet.
type job struct {
	path  string
	doc   booklet.Doc
	opt   booklet.Options
	sheet *booklet.Sheet // a play sheet (sheets.go), rendered instead of doc
}

// pdfs queues one booklet per paper size in dir and returns their links.
func pdfs(dir, name string, papers []string, jobs *[]job, doc booklet.Doc, opt booklet.Options) []web.Link {
	var links []web.Link
	for _, p := range papers {
		o := opt
		o.Paper = p
		file := path.Join(dir, name+"-"+p+".pdf")
		*jobs = append(*jobs, job{path: file, doc: doc, opt: o})
		links = append(links, web.Link{Label: "PDF, " + paperLabels[p], Href: file})
	}
	return links
}

// foldedLabels say what each paper's folded booklet is and how to print
// it.
var foldedLabels = map[string]string{
	"a4":     "Folded A5 booklet: print on A4, flip on short edge",
	"letter": "Folded half-Letter booklet: print on US Letter, flip on short edge",
}

// folded queues, when impose is "saddle", a folded booklet per paper size
// in dir beside the flat one (<name>-<paper>-folded.pdf), and returns
// their links. Only packs and campaigns are folded: a booklet to read
// through and carry. The Quick Reference Sheets stay flat, to lay side
// by side at the table at full size, and a monthly encounter is a few
// pages played once, which folding would only pad out.
func folded(dir, name string, papers []string, impose string, jobs *[]job, doc booklet.Doc, opt booklet.Options) []web.Link {
	if impose != site.Saddle {
		return nil
	}
	var links []web.Link
	for _, p := range papers {
		o := opt
		o.Paper, o.Impose = p, booklet.Saddle
		file := path.Join(dir, name+"-"+p+"-folded.pdf")
		*jobs = append(*jobs, job{path: file, doc: doc, opt: o})
		links = append(links, web.Link{Label: foldedLabels[p], Href: file})
	}
	return links
}

// runJobs renders the booklets, workers at a time (0 means one per CPU Go
// may use, GOMAXPROCS). Each booklet is a pure
// function of its input, so the order they finish in changes nothing.
func runJobs(jobs []job, workers int, prog *progress) ([]output.File, error) {
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	out := make([]output.File, len(jobs))
	errs := make([]error, len(jobs))
	sem := make(chan struct{}, workers)
	var wg sync.WaitGroup
	for i, j := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			defer func() {
				// A bug in the PDF library must not take the build down
				// without saying which booklet it was writing.
				if p := recover(); p != nil {
					errs[i] = fmt.Errorf("failed to write %s: %v", j.path, p)
				}
			}()
			prog.send(Event{Kind: JobBegin, Stage: StagePDFs, Path: j.path, Sheet: j.sheet != nil})
			defer prog.send(Event{Kind: JobEnd, Stage: StagePDFs, Path: j.path, Sheet: j.sheet != nil})
			var b bytes.Buffer
			if err := j.write(&b); err != nil {
				errs[i] = fmt.Errorf("failed to write %s: %w", j.path, err)
				return
			}
			out[i] = output.File{Path: j.path, Data: b.Bytes()}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
