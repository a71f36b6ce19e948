package generator

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"path"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/engine/words"
	"github.com/sortie-wargames/sortie/generator/booklet"
	"github.com/sortie-wargames/sortie/generator/output"
	"github.com/sortie-wargames/sortie/generator/pwa"
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
	// Workers is how many tasks (a few HTML pages, a booklet, a play sheet) run at once; 0
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
	// PagesOnly renders the pages, linking every booklet and play sheet
	// as the whole build does, but not the booklets and play sheets
	// themselves: they are listed in Summary.Later instead. A folded
	// booklet's link is to its page, its files being unknown. "sortie
	// serve" shows the pages of an edit at once this way, the PDFs after.
	PagesOnly bool
	// Reuse, when set, takes each booklet and play sheet whose inputs
	// did not change since the last build given the same Reuse as that
	// build made it, rather than draw it again (see Reuse).
	Reuse *Reuse
	// Today is the build's day, never the clock's: a pack or campaign
	// dated after it is left out, with a warning, unless Future is set or
	// the site's config says "future: true". The zero time takes every
	// date. The CLI takes it from --month (its last day),
	// SOURCE_DATE_EPOCH or the clock, in that order.
	Today time.Time
	// Future builds packs and campaigns dated after Today too (--future).
	Future bool
	// Drafts builds what is marked "draft: true" too (--drafts).
	Drafts bool
	// BaseURL, when set, replaces the site's baseurl (--baseurl); it is
	// checked as sortie.conf's is.
	BaseURL string
	// NoOffline leaves out the web app manifest and the service worker
	// whatever the site's config says (offline.go): "sortie serve" does,
	// as a worker would keep the pages an author is editing.
	NoOffline bool
	// Roll, when set, is the engine built for the browser: the build
	// writes the Roll page (roll/index.html), which rolls any seed in the
	// player's browser, and links it from every page (roll.go). Nil
	// writes no Roll page.
	Roll *RollEngine
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
	// Folded lists the folded booklets written, by path: their volumes,
	// pages and sheets.
	Folded []Folded
	// Sizes lists the flat booklets written (not play sheets), by path:
	// their pages.
	Sizes []Booklet
	// Later lists, by path and sorted, the booklets and play sheets a
	// PagesOnly build left out.
	Later []string
	// Offline says what the service worker keeps on a player's device,
	// nil when the build wrote none (offline.go).
	Offline *pwa.Kept
}

// Folded is one folded booklet a build wrote: its volumes, each a
// saddle-stitched signature of at most booklet.SaddleLimit pages, and its
// card sheets, flat.
type Folded struct {
	Path      string   // NAME-PAPER-folded.pdf: the file itself when it is one volume without card sheets
	Files     []string // the volumes, in order, then the card sheets
	Volumes   int
	Pages     int // of the volumes together
	Sheets    int // the volumes are printed on, both sides
	CardPages int // the card sheets' pages, 0 for none
}

// String says what the folded booklet is, for the build's output:
// "campaigns/the-long-road/the-long-road-a4-folded: 4 volumes, 244
// pages, 61 sheets; card sheets 26 pages, flat".
func (f Folded) String() string {
	s := fmt.Sprintf("%s: %s, %s, %s", strings.TrimSuffix(f.Path, ".pdf"),
		words.Plural(f.Volumes, "volume", "volumes"), words.Plural(f.Pages, "page", "pages"), words.Plural(f.Sheets, "sheet", "sheets"))
	if f.CardPages > 0 {
		s += "; card sheets " + words.Plural(f.CardPages, "page", "pages") + ", flat"
	}
	return s
}

// paperLabels name the paper sizes for links.
var paperLabels = map[string]string{"a4": "A4", "letter": "US Letter"}

// Build renders the site and writes it to opt.Out as it goes, safely:
// every file goes into a new directory beside the output (output.Stage),
// which is swapped in only when the whole site has rendered, so a failed
// build leaves the previous output whole. One pack or campaign is held in
// memory at a time (two while the next is rolled), whatever the size of
// the site.
func Build(opt Options) (*Summary, error) {
	return BuildContext(context.Background(), opt)
}

// ErrInterrupted is the reason a build whose context was cancelled
// returns (Ctrl-C, SIGTERM): the previous output is left as it was.
var ErrInterrupted = errors.New("build interrupted: the previous output is unchanged")

// BuildContext is Build, stopped when ctx is done: it returns at once,
// with ErrInterrupted, removes the new directory beside the output and
// leaves the previous output whole. A booklet being drawn at that moment
// runs on to its end in the background, writing nothing.
func BuildContext(ctx context.Context, opt Options) (*Summary, error) {
	g := opt.Guard
	g.Source = opt.Source
	if err := output.Check(opt.Out, g); err != nil {
		return nil, err
	}
	b, err := prepare(ctx, opt)
	if err != nil {
		return nil, err
	}
	st, err := output.Writer{Guard: g, Keep: b.site.Keep}.Begin(opt.Out)
	if err != nil {
		return nil, err
	}
	type result struct {
		sum *Summary
		err error
	}
	done := make(chan result, 1)
	go func() {
		sum, err := b.run(st.Add)
		done <- result{sum, err}
	}()
	var r result
	select {
	case r = <-done:
	case <-ctx.Done():
		st.Abort() // waits for the files being written, and refuses the rest
		return nil, ErrInterrupted
	}
	if r.err != nil {
		st.Abort()
		return nil, r.err
	}
	if ctx.Err() != nil {
		st.Abort()
		return nil, ErrInterrupted
	}
	b.prog.begin(StageWrite)
	if err := st.Commit(); err != nil {
		return nil, err
	}
	r.sum.Warnings = append(r.sum.Warnings, st.Warnings()...)
	b.prog.end(StageWrite)
	return r.sum, nil
}

// Render builds every file of the site in memory, sorted by path: the
// files Build would write, for tests and for callers that want them.
func Render(opt Options) ([]output.File, *Summary, error) {
	return RenderContext(context.Background(), opt)
}

// RenderContext is Render, stopped with ErrInterrupted when ctx is done
// (the booklet being drawn at that moment finishes first).
func RenderContext(ctx context.Context, opt Options) ([]output.File, *Summary, error) {
	b, err := prepare(ctx, opt)
	if err != nil {
		return nil, nil, err
	}
	var mu sync.Mutex
	var files []output.File
	sum, err := b.run(func(f output.File) error {
		mu.Lock()
		defer mu.Unlock()
		files = append(files, f)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	slices.SortFunc(files, func(a, b output.File) int { return strings.Compare(a.Path, b.Path) })
	return files, sum, nil
}

// builder is one build of a site: what prepare loaded, and how it writes.
type builder struct {
	ctx      context.Context // the build stops when it is done
	opt      Options
	prog     *progress
	reg      *engine.Registry
	site     *site.Site
	extras   *siteExtras
	papers   []string
	bopt     booklet.Options
	impose   string
	printing bool
	version  string
	files    map[string][32]byte // the site's files as read, when reusing (readSite)
}

// prepare reads the site, its systems and its extras.
func prepare(ctx context.Context, opt Options) (*builder, error) {
	b := &builder{ctx: ctx, opt: opt, prog: &progress{fn: opt.Progress}}
	b.prog.begin(StageLoad)
	before := b.readingSite()
	reg, s, err := load(opt.Source, opt.Systems)
	if err != nil {
		return nil, err
	}
	b.reg, b.site = reg, s
	if err := selectContent(s, opt); err != nil {
		return nil, err
	}
	if b.extras, err = readExtras(opt.Source); err != nil {
		return nil, err
	}
	b.papers = opt.Papers
	if b.papers == nil {
		b.papers = s.Papers
	}
	b.version = opt.Version
	if b.version == "" {
		b.version = Version
	}
	face, err := siteFace(s)
	if err != nil {
		return nil, err
	}
	if len(b.papers) > 0 {
		if err := checkGlyphs(s, face); err != nil {
			return nil, err
		}
	}
	b.bopt = booklet.Options{Created: opt.Created.UTC(), Version: b.version, Face: face}
	b.impose = s.Impose
	if opt.Impose != "" {
		if b.impose, err = site.ParseImpose(opt.Impose); err != nil {
			return nil, err
		}
	}
	b.printing = opt.PrintOnDemand || s.PrintOnDemand
	if ctx.Err() != nil {
		return nil, ErrInterrupted
	}
	b.readSite(before)
	b.prog.end(StageLoad)
	return b, nil
}

// books are the booklets of one pack, campaign or system: their links,
// and once what they print is rolled, the jobs that render them.
type books struct {
	links []web.Link
	print []string // the print-ready booklets
	jobs  []job
	folds []*foldResult // the folded booklets, known once rendered
}

// bookletsOf queues the booklets of doc in dir: one per paper size, a
// folded one beside each when fold is set and the site imposes, and a
// print-ready one when the site prints on demand.
func (b *builder) bookletsOf(dir, name string, doc booklet.Doc, fold bool) books {
	var bk books
	bk.links = pdfs(dir, name, b.papers, &bk.jobs, doc, b.bopt)
	if fold {
		bk.folds = folded(dir, name, b.papers, b.impose, &bk.jobs, &bk.links, doc, b.bopt)
		if b.printing {
			bk.print = printPDFs(dir, name, b.papers, &bk.jobs, doc, b.bopt)
		}
	}
	if b.opt.PagesOnly {
		bk.folds = nil // never rendered: the pages keep the link to their page
	}
	return bk
}

// part is one pack, campaign or the site's own pages: the work of
// rendering it, handed to the workers as tasks.
type part struct {
	name  string // for progress: the part's folder
	tasks []func(emit func(output.File) error) error
	done  func() // called once every task has run, from the last one
}

// run renders the site part by part, each file handed to emit as soon as
// it is made: the booklets of the systems, then each pack and each
// campaign (rolled, drawn and dropped in turn), then the pages that list
// them, the feeds and the static files. Tasks run opt.Workers at a time.
func (b *builder) run(emit func(output.File) error) (*Summary, error) {
	s := b.site
	in := web.Input{Site: s, Version: b.version, Layouts: b.extras.layouts, Favicon: b.extras.favicon, Offline: b.offline()}
	var sums *fileSums
	if in.Offline {
		sums = &fileSums{}
		emit = sums.wrap(emit)
	}
	for _, f := range b.extras.static {
		in.Files = append(in.Files, f.Path)
	}
	sum := &Summary{Warnings: s.Warnings, Keep: s.Keep}

	// Every booklet's link is known before anything is rolled: each
	// page's footer lists them all.
	var qrsJobs []job
	for _, id := range b.reg.IDs() {
		sys, _ := b.reg.Get(id)
		set := sys.Rules()
		ws := web.System{Set: set}
		for _, p := range s.Systems {
			if p.Slug == id {
				ws.Page = p
			}
		}
		bk := b.bookletsOf(web.SystemDir(id), id+"-qrs", booklet.Doc{
			Title: "Quick Reference Sheets", Set: set, URL: pageURL(s.BaseURL, web.QRSPage(id)),
		}, false)
		ws.PDFs, qrsJobs = bk.links, append(qrsJobs, bk.jobs...)
		in.Systems = append(in.Systems, ws)
	}
	for _, def := range s.Packs {
		bk := b.bookletsOf(web.PackDir(def.Slug), def.Slug, booklet.Doc{}, true)
		in.Packs = append(in.Packs, web.Pack{Def: def, PDFs: bk.links})
	}
	for _, def := range s.Campaigns {
		bk := b.bookletsOf(web.CampaignDir(def.Slug), def.Slug, booklet.Doc{}, true)
		in.Campaigns = append(in.Campaigns, web.Campaign{Def: def, PDFs: bk.links})
	}
	var seriesJobs []job
	var rollErrs []error
	if len(s.Series) > 0 {
		ws, err := rollSeries(s, b.reg, b.opt.Month, b.papers, &seriesJobs, b.bopt)
		if err != nil {
			rollErrs = append(rollErrs, err)
		}
		in.Series = ws
	}
	if b.opt.Roll != nil {
		form, err := b.rollForm()
		if err != nil {
			return nil, err
		}
		in.Roll = form
		if form == nil {
			sum.Warnings = append(slices.Clone(sum.Warnings), "no Roll page: the site changes the rule data of every system that rolls encounters, and the engine in the browser carries Sortie's own")
		}
	}
	r, err := web.New(in)
	if err != nil {
		return nil, err
	}

	var mu sync.Mutex // guards sum and the lists below, written as parts finish
	var paths []string
	counted := func(f output.File) error {
		mu.Lock()
		paths = append(paths, f.Path)
		if path.Ext(f.Path) == ".html" {
			sum.Pages++
		}
		mu.Unlock()
		return emit(f)
	}
	w := newWorkers(b.ctx, b.opt.Workers, counted, b.prog)
	reuse := b.newReuser()
	reuse.renderer(r)
	jobsOf := func(p *part, jobs []job, part ...string) {
		if b.opt.PagesOnly {
			mu.Lock()
			for _, j := range jobs {
				if j.fold == nil {
					paths = append(paths, j.path) // linked, made later
				}
				sum.Later = append(sum.Later, j.path)
			}
			mu.Unlock()
			return
		}
		for _, j := range jobs {
			p.tasks = append(p.tasks, func(emit func(output.File) error) error {
				files, err := reuse.job(part, j, w.job)
				if err != nil {
					return err
				}
				mu.Lock()
				if j.sheet != nil {
					sum.Sheets++
				} else {
					sum.Booklets++
				}
				if j.fold != nil {
					sum.Folded = append(sum.Folded, j.fold.info)
				}
				if bk, ok := bookletOf(j, files); ok {
					sum.Sizes = append(sum.Sizes, bk)
				}
				mu.Unlock()
				for _, f := range files {
					if err := emit(f); err != nil {
						return err
					}
				}
				if j.fold != nil {
					close(j.fold.done)
				}
				return nil
			})
		}
	}
	b.prog.send(Event{Kind: StageBegin, Stage: StageRender, Parts: 1 + len(s.Packs) + len(s.Campaigns)})

	// The systems' Quick Reference Sheets, and each month of a series.
	first := &part{name: "systems"}
	jobsOf(first, qrsJobs)
	var seriesFiles []string
	for _, def := range s.Series {
		seriesFiles = append(seriesFiles, b.partFile(def.File))
	}
	jobsOf(first, seriesJobs, seriesFiles...)
	w.start(first)

	packs := slices.Clone(in.Packs)
	for i, def := range s.Packs {
		if b.ctx.Err() != nil {
			break
		}
		sys, _ := b.reg.Get(def.System)
		rolled, err := pack.Build(sys, def.Seed, def.Types, def.Options)
		if err != nil {
			rollErrs = append(rollErrs, fmt.Errorf("%s: %w", def.File, err))
			continue
		}
		if len(rollErrs) > 0 || w.failed() {
			continue // roll the rest, to report every roll that fails
		}
		bd := booklet.Doc{Title: def.Title, Summary: def.Summary, Set: sys.Rules(), Seed: def.Seed, Pack: rolled, Intro: markdownBlocks(def.Body)}
		packURLs(&bd, s.BaseURL, def.Slug, rolled)
		bk := b.bookletsOf(web.PackDir(def.Slug), def.Slug, bd, true)
		sum.Print = append(sum.Print, bk.print...)
		var sheetJobs []job
		wp := packs[i]
		wp.Rolled = rolled
		wp.Sheets = packSheets(def, rolled, sys, b.papers, &sheetJobs, b.bopt)
		p := &part{name: web.PackDir(def.Slug)}
		// The folded booklets first, and the pages last: the pages link
		// each folded booklet's volumes, known once it is rendered.
		jobsOf(p, foldedFirst(bk.jobs), b.partFile(def.File))
		jobsOf(p, sheetJobs, b.partFile(def.File))
		linked := func() (web.Pack, bool) {
			pk := wp
			ok := w.await(bk.folds)
			pk.PDFs = withFolds(wp.PDFs, bk.folds)
			return pk, ok
		}
		key, kept, keep := reuse.partPages(b.partFile(def.File), web.PackDir(def.Slug))
		if kept != nil {
			p.tasks = append(p.tasks, keptTask(r, kept))
		} else {
			draw := reuse.drawn(key, keep)
			p.tasks = append(p.tasks, pagesTask(func() ([]web.File, error) {
				pk, ok := linked()
				if !ok {
					return nil, nil // the build has failed
				}
				f, err := r.PackIndex(pk)
				return []web.File{f}, err
			}, draw))
			for es := range slices.Chunk(rolled.Entries, pagesPerTask) {
				p.tasks = append(p.tasks, pagesTask(func() ([]web.File, error) {
					pk, ok := linked()
					if !ok {
						return nil, nil
					}
					var fs []web.File
					for _, e := range es {
						f, err := r.PackEncounter(pk, e)
						if err != nil {
							return nil, err
						}
						fs = append(fs, f)
					}
					return fs, nil
				}, draw))
			}
		}
		// The site's lists need only the pack's seed, band and entries;
		// what was rolled for each encounter is dropped once drawn.
		p.done = func() {
			packs[i].Rolled = thinPack(rolled)
			packs[i].PDFs = withFolds(packs[i].PDFs, bk.folds)
		}
		w.start(p)
	}
	camps := slices.Clone(in.Campaigns)
	var stateFiles []output.File // the campaign files of chapters rolled from one
	for i, def := range s.Campaigns {
		if b.ctx.Err() != nil {
			break
		}
		sys, _ := b.reg.Get(def.System)
		rolled, next, err := rollCampaign(sys, def)
		if err != nil {
			rollErrs = append(rollErrs, fmt.Errorf("%s: %w", def.File, err))
			continue
		}
		if next != nil {
			camps[i].File = path.Join(web.CampaignDir(def.Slug), ChapterFileName(def.Slug, next.Chapter))
			stateFiles = append(stateFiles, output.File{Path: camps[i].File, Data: next.Marshal()})
			camps[i].Keep = keepOf(sys, next)
		}
		if len(rollErrs) > 0 || w.failed() {
			continue
		}
		bd := booklet.Doc{Title: def.Title, Summary: def.Summary, Set: sys.Rules(), Seed: def.Seed, Campaign: rolled, Intro: markdownBlocks(def.Body)}
		if camps[i].File != "" {
			bd.File = path.Base(camps[i].File)
		}
		campaignURLs(&bd, s.BaseURL, def.Slug, rolled)
		bk := b.bookletsOf(web.CampaignDir(def.Slug), def.Slug, bd, true)
		sum.Print = append(sum.Print, bk.print...)
		var sheetJobs []job
		wc := camps[i]
		wc.Rolled = rolled
		wc.Sheets = campaignSheets(def, rolled, sys, b.papers, &sheetJobs, b.bopt)
		p := &part{name: web.CampaignDir(def.Slug)}
		jobsOf(p, foldedFirst(bk.jobs), b.partFile(def.File))
		jobsOf(p, sheetJobs, b.partFile(def.File))
		key, kept, keep := reuse.partPages(b.partFile(def.File), web.CampaignDir(def.Slug))
		if kept != nil {
			p.tasks = append(p.tasks, keptTask(r, kept))
		} else {
			p.tasks = append(p.tasks, pagesTask(func() ([]web.File, error) {
				ok := w.await(bk.folds)
				if !ok {
					return nil, nil // the build has failed
				}
				c := wc
				c.PDFs = withFolds(wc.PDFs, bk.folds)
				return r.Campaign(c)
			}, reuse.drawn(key, keep)))
		}
		p.done = func() {
			camps[i].Rolled = thinCampaign(rolled)
			camps[i].PDFs = withFolds(camps[i].PDFs, bk.folds)
		}
		w.start(p)
	}
	err = w.wait()
	if b.ctx.Err() != nil {
		return nil, ErrInterrupted
	}
	if len(rollErrs) > 0 {
		return nil, errors.Join(rollErrs...)
	}
	if err != nil {
		return nil, err
	}
	b.prog.end(StageRender)

	b.prog.begin(StageSite)
	pages, err := r.Site(packs, camps)
	if err != nil {
		return nil, err
	}
	for _, f := range pages {
		if err := counted(output.File{Path: f.Path, Data: f.Data}); err != nil {
			return nil, err
		}
	}
	for _, f := range stateFiles {
		if err := counted(f); err != nil {
			return nil, err
		}
	}
	if in.Roll != nil {
		var own map[string]string // the site's own rule files, for the page's engine
		if b.opt.Source != "" {
			if own, err = SiteRules(b.opt.Source); err != nil {
				return nil, err
			}
		}
		files, err := rollFiles(b.opt.Roll, own)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			if err := counted(f); err != nil {
				return nil, err
			}
		}
	}
	if err := r.CheckLinks(paths); err != nil {
		return nil, err
	}
	extra, err := feeds(s, in.Series, paths)
	if err != nil {
		return nil, err
	}
	lists, err := listFeeds(s, r.Lists())
	if err != nil {
		return nil, err
	}
	extra = append(extra, lists...)
	for _, f := range extra {
		if err := counted(f); err != nil {
			return nil, err
		}
	}
	written := paths
	if sums != nil {
		var css []byte
		if i := slices.IndexFunc(pages, func(f web.File) bool { return f.Path == "style.css" }); i >= 0 {
			css = pages[i].Data
		}
		app, err := appFiles(s, css)
		if err != nil {
			return nil, err
		}
		for _, f := range app {
			if err := counted(f); err != nil {
				return nil, err
			}
		}
		written = append(slices.Clone(paths), pwa.Worker)
	}
	if err := b.extras.addStatic(written, emit); err != nil {
		return nil, err
	}
	if sums != nil {
		f, kept, err := sums.worker()
		if err != nil {
			return nil, err
		}
		if err := counted(f); err != nil {
			return nil, err
		}
		sum.Offline = &kept
	}
	b.prog.end(StageSite)
	slices.SortFunc(sum.Folded, func(a, b Folded) int { return strings.Compare(a.Path, b.Path) })
	slices.SortFunc(sum.Sizes, func(a, b Booklet) int { return strings.Compare(a.Path, b.Path) })
	if b.opt.Source != "" { // the built-in site's length is not its reader's to change
		sum.Warnings = append(slices.Clone(sum.Warnings), sizeWarnings(s, sum.Sizes)...)
	}
	slices.Sort(sum.Later)
	reuse.keep()
	sum.Files = len(paths) + len(b.extras.static) + 1
	sum.Series = len(in.Series)
	return sum, nil
}

// pagesTask is a task that draws pages and hands each to emit, and to
// drawn (which keeps it for Reuse) when that is set.
func pagesTask(draw func() ([]web.File, error), drawn func(output.File)) func(emit func(output.File) error) error {
	return func(emit func(output.File) error) error {
		fs, err := draw()
		if err != nil {
			return err
		}
		for _, f := range fs {
			o := output.File{Path: f.Path, Data: f.Data}
			if drawn != nil {
				drawn(o)
			}
			if err := emit(o); err != nil {
				return err
			}
		}
		return nil
	}
}

// keptTask is a task that hands on the pages of a part the build before
// drew from the same inputs (Reuse), as drawing them would have.
func keptTask(r *web.Renderer, kept []output.File) func(emit func(output.File) error) error {
	return func(emit func(output.File) error) error {
		for _, f := range kept {
			r.Reused(web.File{Path: f.Path, Data: f.Data})
			if err := emit(f); err != nil {
				return err
			}
		}
		return nil
	}
}

// pagesPerTask is how many encounter pages one task draws: enough that
// handing out tasks costs nothing beside drawing them, few enough that
// both cores stay busy to the end of a pack.
const pagesPerTask = 8

// thinPack is what the site's lists keep of a rolled pack once its own
// pages and booklets are made: its seed, its band and each entry's number,
// type, title and summary, not what was rolled for the encounters.
func thinPack(p *pack.Pack) *pack.Pack {
	t := &pack.Pack{System: p.System, Seed: p.Seed, Band: p.Band, Entries: make([]*pack.Entry, len(p.Entries))}
	for i, e := range p.Entries {
		t.Entries[i] = &pack.Entry{Number: e.Number, Type: e.Type, Encounter: &engine.Encounter{Title: e.Encounter.Title, Summary: e.Encounter.Summary}}
	}
	return t
}

// thinCampaign is thinPack for a campaign: its entries keep their number,
// step, type, state, title and summary.
// rollCampaign rolls a site's campaign: whole from its seed, or, when it
// goes on from a campaign file, that file's next chapter and the file to
// play it with.
func rollCampaign(sys engine.System, def *site.Campaign) (*campaign.Campaign, *campaign.State, error) {
	if def.From != nil {
		return campaign.Continue(sys, def.From)
	}
	c, err := campaign.Build(sys, def.Seed, def.Steps, def.Options)
	if err != nil {
		return nil, nil, err
	}
	if _, keeps := sys.(engine.Keeper); !keeps {
		return c, nil, nil
	}
	st, err := campaign.NewState(sys, c, def.Options.Values())
	return c, st, err
}

// keepOf is what a campaign page's log offers to say of each game: the
// figures of the chapter's file next and the words of its system, nil
// for a system that keeps no campaign file.
func keepOf(sys engine.System, next *campaign.State) *web.Keep {
	k, ok := sys.(engine.Keeper)
	if !ok {
		return nil
	}
	figures := make([]string, len(next.Band))
	for i, m := range next.Band {
		figures[i] = m.Name
	}
	return &web.Keep{Figures: figures, Words: k.Fates()}
}

func thinCampaign(c *campaign.Campaign) *campaign.Campaign {
	t := *c
	t.Nodes = make([]*campaign.Node, len(c.Nodes))
	for i, n := range c.Nodes {
		t.Nodes[i] = &campaign.Node{Number: n.Number, Step: n.Step, Type: n.Type, State: n.State, Encounter: &engine.Encounter{Title: n.Encounter.Title, Summary: n.Encounter.Summary}}
	}
	t.Begin, t.Log = nil, nil
	return &t
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
	// at is where a play sheet's encounter comes from, "file:line", for
	// an encounter too long for its sheet (booklet.ErrSheetFull).
	at string
	// fold is set for a folded booklet: several files (foldFiles), whose
	// links its part's pages wait for.
	fold *foldResult
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

// foldResult is a folded booklet's job's outcome: once done is closed,
// its link (each volume and the card sheets) and what it is.
type foldResult struct {
	at   int // its link's place among the part's links
	done chan struct{}
	link web.Link
	info Folded
}

// folded queues, when impose is "saddle", a folded booklet per paper size
// in dir beside the flat one, and adds a link for each to links. Only
// packs and campaigns are folded: a booklet to read through and carry.
// The Quick Reference Sheets stay flat, to lay side by side at the table
// at full size, and a monthly encounter is a few pages played once,
// which folding would only pad out.
//
// How many files a folded booklet is (booklet.Fold: one volume,
// <name>-<paper>-folded.pdf, or several, -folded-1.pdf, -folded-2.pdf…,
// and its card sheets, -folded-cards.pdf) is known only once it is
// rendered: until then its link is to its page (dir/index.html), as a
// pages-only build leaves it; the pack's or campaign's own pages, the
// home page's lists and the downloads page, written after, link every
// file (withFolds).
func folded(dir, name string, papers []string, impose string, jobs *[]job, links *[]web.Link, doc booklet.Doc, opt booklet.Options) []*foldResult {
	if impose != site.Saddle {
		return nil
	}
	var out []*foldResult
	for _, p := range papers {
		o := opt
		o.Paper, o.Impose = p, booklet.Saddle
		res := &foldResult{at: len(*links), done: make(chan struct{})}
		*jobs = append(*jobs, job{path: path.Join(dir, name+"-"+p+"-folded.pdf"), doc: doc, opt: o, fold: res})
		*links = append(*links, web.Link{Label: foldedLabels[p], Href: path.Join(dir, "index.html")})
		out = append(out, res)
	}
	return out
}

// foldedFirst puts the folded booklets' jobs first, so that the pages
// waiting for them wait least.
func foldedFirst(jobs []job) []job {
	out := slices.Clone(jobs)
	slices.SortStableFunc(out, func(a, b job) int {
		return cmp.Compare(b2i(a.fold == nil), b2i(b.fold == nil))
	})
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// withFolds returns links with each rendered folded booklet's link in
// place of the link to its page.
func withFolds(links []web.Link, folds []*foldResult) []web.Link {
	out := slices.Clone(links)
	for _, f := range folds {
		select {
		case <-f.done:
			out[f.at] = f.link
		default:
		}
	}
	return out
}

// foldFiles writes a folded booklet's files beside j.path: the volume
// itself at j.path when there is one, else one file per volume
// (-folded-1.pdf, -folded-2.pdf…), and the card sheets, -folded-cards.pdf;
// it sets j.fold's link and summary.
func foldFiles(j job) ([]output.File, error) {
	f, err := booklet.Fold(j.doc, j.opt)
	if err != nil {
		return nil, err
	}
	base := strings.TrimSuffix(j.path, ".pdf")
	label := foldedLabels[j.opt.Paper]
	info := Folded{Path: j.path, Volumes: len(f.Volumes), Pages: f.Pages(), Sheets: f.Sheets()}
	var files []output.File
	var parts []web.Link
	for k, v := range f.Volumes {
		file, part := j.path, "booklet"
		if len(f.Volumes) > 1 {
			file = base + "-" + strconv.Itoa(k+1) + ".pdf"
			part = fmt.Sprintf("volume %d (pages %d–%d)", k+1, v.First, v.Last)
		}
		files = append(files, output.File{Path: file, Data: v.PDF})
		parts = append(parts, web.Link{Label: part, Href: file})
	}
	if f.Cards != nil {
		file := base + "-cards.pdf"
		files = append(files, output.File{Path: file, Data: f.Cards})
		parts = append(parts, web.Link{Label: fmt.Sprintf("card sheets, flat (pages %d–%d)", f.CardPages[0], f.CardPages[1]), Href: file})
		info.CardPages = f.CardPages[1] - f.CardPages[0] + 1
	}
	for _, fl := range files {
		info.Files = append(info.Files, fl.Path)
	}
	what := words.Plural(info.Sheets, "sheet", "sheets") + " of " + paperLabels[j.opt.Paper]
	if info.Volumes > 1 {
		what = words.Plural(info.Volumes, "volume", "volumes") + ", " + what
	}
	link := web.Link{Label: label + " (" + what + ")", Parts: parts}
	if len(parts) == 1 {
		link = web.Link{Label: link.Label, Href: parts[0].Href}
	}
	j.fold.link, j.fold.info = link, info
	return files, nil
}

// workers run the tasks of a build's parts, opt.Workers at a time (0
// means one per CPU Go may use, GOMAXPROCS). Every task is a pure
// function of its input and writes files of its own, so the order they
// finish in changes no byte; an error is the first task's to fail in the
// order they were given, so it is the same on every run. At most two
// parts are held at once: start waits while two are unfinished.
type workers struct {
	ctx   context.Context // when done, the tasks not yet begun are skipped
	emit  func(output.File) error
	prog  *progress
	tasks chan task
	parts chan struct{} // one token per part in memory
	wg    sync.WaitGroup

	mu     sync.Mutex
	seq    int   // tasks given so far
	errSeq int   // the failed task's place in that order
	err    error // the first task's to fail in that order
	// stop is closed once a task has failed, for the tasks that wait on
	// others (await).
	stop     chan struct{}
	stopOnce sync.Once
	release  func() // stops watching ctx
}

// task is one unit of work of a part: an HTML page or a few, one
// booklet, one play sheet.
type task struct {
	seq  int
	part *part
	left *int // the part's tasks not yet run, under workers.mu
	run  func(emit func(output.File) error) error
}

// partsInFlight is how many parts a build holds at once: the one being
// finished and the next, so both cores stay busy across the boundary.
const partsInFlight = 2

func newWorkers(ctx context.Context, n int, emit func(output.File) error, prog *progress) *workers {
	if n < 1 {
		n = runtime.GOMAXPROCS(0)
	}
	w := &workers{ctx: ctx, emit: emit, prog: prog, tasks: make(chan task), parts: make(chan struct{}, partsInFlight), stop: make(chan struct{})}
	// A cancelled build fails like a failed task: awaiting tasks stop.
	stop := context.AfterFunc(ctx, func() {
		w.mu.Lock()
		if w.err == nil {
			w.err, w.errSeq = ErrInterrupted, -1
		}
		w.mu.Unlock()
		w.stopOnce.Do(func() { close(w.stop) })
	})
	w.release = func() { stop() }
	for range n {
		w.wg.Go(w.loop)
	}
	return w
}

func (w *workers) loop() {
	for t := range w.tasks {
		err := w.do(t)
		w.mu.Lock()
		if err != nil && (w.err == nil || t.seq < w.errSeq) {
			w.err, w.errSeq = err, t.seq
		}
		if err != nil {
			w.stopOnce.Do(func() { close(w.stop) })
		}
		*t.left--
		last := *t.left == 0
		w.mu.Unlock()
		if last {
			w.finish(t.part)
		}
	}
}

// do runs one task, turning a panic (a bug in the PDF library, say) into
// an error that says which task it was.
func (w *workers) do(t task) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("failed to render %s: %v", t.part.name, p)
		}
	}()
	if w.failed() {
		return nil // the build has failed: skip the rest
	}
	return t.run(w.emit)
}

// finish ends a part: its done hook, its progress, and room for the next.
func (w *workers) finish(p *part) {
	if p.done != nil {
		p.done()
	}
	w.prog.send(Event{Kind: PartEnd, Stage: StageRender, Path: p.name})
	<-w.parts
}

// start hands a part's tasks to the workers, once fewer than
// partsInFlight parts are unfinished.
func (w *workers) start(p *part) {
	w.parts <- struct{}{}
	if len(p.tasks) == 0 {
		w.finish(p)
		return
	}
	left := len(p.tasks)
	for _, run := range p.tasks {
		w.mu.Lock()
		seq := w.seq
		w.seq++
		w.mu.Unlock()
		w.tasks <- task{seq: seq, part: p, left: &left, run: run}
	}
}

// await waits for the folded booklets' jobs to finish, and reports
// whether they did: false when the build failed first. A part gives its
// folded booklets' jobs before the tasks that await them, so that each
// is running, or done, when they wait.
func (w *workers) await(folds []*foldResult) bool {
	for _, f := range folds {
		select {
		case <-f.done:
		case <-w.stop:
			return false
		}
	}
	return true
}

// failed reports whether a task has failed.
func (w *workers) failed() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err != nil
}

// wait waits for every task to run and returns the first error, in the
// order the tasks were given.
func (w *workers) wait() error {
	for range partsInFlight {
		w.parts <- struct{}{} // every part has finished
	}
	close(w.tasks)
	w.wg.Wait()
	w.release()
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// job renders one booklet or play sheet, reporting it to the progress
// hook, and returns its files: one, or a folded booklet's several.
func (w *workers) job(j job) ([]output.File, error) {
	w.prog.send(Event{Kind: JobBegin, Stage: StageRender, Path: j.path, Sheet: j.sheet != nil})
	var files []output.File
	var faults []booklet.Fault
	j.opt.Faults = func(f booklet.Fault) { faults = append(faults, f) }
	if j.fold != nil {
		var err error
		if files, err = foldFiles(j); err != nil {
			return nil, fmt.Errorf("failed to write %s: %w", j.path, err)
		}
	} else {
		var b bytes.Buffer
		if err := j.write(&b); err != nil {
			if errors.Is(err, booklet.ErrSheetFull) && j.at != "" {
				return nil, errors.Join(fmt.Errorf("%s: failed to write %s: %w", j.at, j.path, err), errors.New(sheetHint))
			}
			return nil, fmt.Errorf("failed to write %s: %w", j.path, err)
		}
		files = []output.File{{Path: j.path, Data: b.Bytes()}}
	}
	e := Event{Kind: JobEnd, Stage: StageRender, Path: j.path, Sheet: j.sheet != nil, Faults: faults}
	if j.fold != nil {
		e.Folded = &j.fold.info
	}
	w.prog.send(e)
	return files, nil
}
