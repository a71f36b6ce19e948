//go:build linux

package perf_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/sortie-wargames/sortie/generator/booklet/fpdf"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
)

var (
	peers  = flag.Bool("peers", false, "measure Sortie against Hugo and Chromium, and at scale (make bench)")
	runs   = flag.Int("runs", 5, "alternating runs of each side-by-side measurement; medians are reported")
	scales = flag.String("scale", "100,1000,10000", "encounter counts of the scale runs")
	report = flag.String("report", "", "also write the report to this file")
	only   = flag.String("only", "html,pdf,floor,scale,packs,serve,site,typst,same", "the comparisons to run, of html, pdf, floor, scale, packs, serve, site, typst and same")
	sortie = flag.String("sortie", "", "measure this sortie binary (one built from an earlier commit, say) instead of building ./cmd/sortie")
	base   = flag.String("base", "", "the site comparison's baseline: a sortie binary built from an earlier commit (issue 25's target: the default site in a third of 7f8a245's CPU)")
)

// want reports whether -only names the comparison.
func want(name string) bool { return slices.Contains(strings.Split(*only, ","), name) }

// TestPeers is make bench's comparison. Every program runs as its own
// process, the peers alternating with Sortie, and the figures are read
// from the kernel's accounting of each child (wall clock from the
// parent, CPU and peak resident memory from wait4), so ratios between
// them hold on a busy machine better than absolute times do.
func TestPeers(t *testing.T) {
	if !*peers {
		t.Skip("compares whole programs for minutes: run make bench (go test -run TestPeers ./generator/perf -args -peers)")
	}
	var rep reporter
	rep.printf("Sortie against its peers, %s/%s, %d CPUs, %s\n", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version())
	rep.printf("cpu: %s\n", cpuModel())
	var bin string
	if *sortie != "" {
		abs, err := filepath.Abs(*sortie)
		if err != nil {
			t.Fatalf("failed to find -sortie %s: %v", *sortie, err)
		}
		bin = abs
	} else {
		bin = buildSortie(t)
	}
	rep.printf("sortie: %s (%s)\n", firstLine(output(t, bin, "--version")), bin)

	rep.load()
	if want("html") {
		html(t, &rep, bin)
		rep.load()
	}
	if want("pdf") {
		pdf(t, &rep, bin)
		rep.load()
	}
	var floor floorRate
	if want("floor") {
		floor = fpdfFloor(t, &rep)
		rep.load()
	}
	if want("scale") {
		scale(t, &rep, bin, floor)
		rep.load()
	}
	if want("packs") {
		packSizes(t, &rep, bin)
		rep.load()
	}
	if want("serve") {
		servePeers(t, &rep, bin)
		rep.load()
	}
	if want("site") {
		defaultSite(t, &rep, bin)
		rep.load()
	}
	if want("typst") {
		typst(t, &rep, bin)
		rep.load()
	}
	if want("same") {
		samePagesAsBase(t, &rep, bin)
		rep.load()
	}
	makeTest(&rep)

	if *report != "" {
		if err := os.WriteFile(*report, rep.b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// makeTest prints how long make test took at its last run in this
// checkout, as make test writes it to bin/test-took, beside its target:
// a fresh clone's bash .ci/run (which calls make test) in at most 8
// minutes on this 2-core machine.
func makeTest(rep *reporter) {
	rep.printf("\nmake test: its last run in this checkout (bin/test-took)\n")
	data, err := os.ReadFile("../../bin/test-took")
	if err != nil {
		rep.printf("    no run recorded: run make test, or on a fresh clone as CI does (git clone . /tmp/c && cd /tmp/c && time bash .ci/run), whose bin/test-took this reads when run there\n")
		return
	}
	var secs int
	var commit, result, when string
	if _, err := fmt.Sscan(string(data), &secs, &commit, &result, &when); err != nil {
		rep.printf("    bin/test-took reads %q: want seconds, commit, result and time\n", strings.TrimSpace(string(data)))
		return
	}
	met := "met"
	if secs > 8*60 || result != "passed" {
		met = "not met"
	}
	rep.printf("    %d min %02d s, %s, at %s, %s (target: at most 8 min on a fresh clone of a 2-core machine, with no check dropped: %s)\n",
		secs/60, secs%60, result, commit, when, met)
}

// reporter prints the report as it is measured and keeps it.
type reporter struct{ b bytes.Buffer }

func (r *reporter) printf(format string, args ...any) {
	fmt.Fprintf(&r.b, format, args...)
	fmt.Printf(format, args...)
}

// load prints the machine's load average, so a reader can tell a run
// on a busy machine from one on a quiet one: others' work inflates
// absolute times more than the ratios of peers run side by side.
func (r *reporter) load() {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		r.printf("    load average: unknown (%v)\n", err)
		return
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		r.printf("    load average: unknown (/proc/loadavg reads %q)\n", data)
		return
	}
	r.printf("    load average: %s %s %s (1, 5 and 15 minutes; %d CPUs)\n", f[0], f[1], f[2], runtime.NumCPU())
}

// cpuModel names the processor, as the kernel reports it: figures from
// one processor do not carry to another, even between peers.
func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown (" + err.Error() + ")"
	}
	for _, line := range strings.Split(string(data), "\n") {
		if key, value, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(key) == "model name" {
			return strings.TrimSpace(value)
		}
	}
	return "unknown (no model name in /proc/cpuinfo)"
}

// sample is what one process cost.
type sample struct {
	wall, cpu time.Duration
	rss       int64 // peak resident set, bytes
}

// measure runs a program to its end and returns its cost.
func measure(t *testing.T, dir string, name string, args ...string) sample {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stdout = io.Discard
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.Bytes())
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return sample{wall: wall, cpu: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), rss: ru.Maxrss * 1024}
}

// median returns the median of each figure of ss on its own.
func median(ss []sample) sample {
	pick := func(f func(sample) int64) int64 {
		v := make([]int64, len(ss))
		for i, s := range ss {
			v[i] = f(s)
		}
		slices.Sort(v)
		return v[len(v)/2]
	}
	return sample{
		wall: time.Duration(pick(func(s sample) int64 { return int64(s.wall) })),
		cpu:  time.Duration(pick(func(s sample) int64 { return int64(s.cpu) })),
		rss:  pick(func(s sample) int64 { return s.rss }),
	}
}

func output(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

func buildSortie(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "sortie")
	output(t, "go", "build", "-o", bin, "../../cmd/sortie")
	return bin
}

func mib(b int64) float64 { return float64(b) / (1 << 20) }

// packShape is a default pack's front matter without what a bench pack
// sets itself, and the encounter types it rolls.
type packShape struct {
	system string
	lines  []string
	types  []string
}

// packShapes reads the default site's packs, so the bench rolls what the
// default site rolls: every system with its options.
func packShapes(t testing.TB) []packShape {
	t.Helper()
	names, err := fs.Glob(content.FS, "packs/*.md")
	if err != nil || len(names) == 0 {
		t.Fatalf("no default packs: %v", err)
	}
	var shapes []packShape
	for _, name := range names {
		data, err := fs.ReadFile(content.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		parts := strings.SplitN(string(data), "---\n", 3)
		if len(parts) != 3 {
			t.Fatalf("%s: no front matter", name)
		}
		var s packShape
		for _, line := range strings.Split(parts[1], "\n") {
			key, value, ok := strings.Cut(line, ":")
			if !ok {
				continue
			}
			value = strings.TrimSpace(value)
			switch strings.TrimSpace(key) {
			case "title", "summary", "seed", "date", "weight":
			case "encounters":
				for _, e := range strings.Split(value, ",") {
					typ, _, _ := strings.Cut(strings.TrimSpace(e), " ")
					s.types = append(s.types, typ)
				}
			case "system":
				s.system = value
				s.lines = append(s.lines, line)
			default:
				s.lines = append(s.lines, line)
			}
		}
		shapes = append(shapes, s)
	}
	return shapes
}

// sortieSite writes a site of n encounters in packs of at most 200 (the
// largest pack Sortie takes), the packs taking the default packs' shapes
// in turn, and returns the number of packs.
func sortieSite(t testing.TB, dir string, n int, paper string, shapes []packShape) int {
	t.Helper()
	return sortiePacks(t, dir, n, pack.MaxEncounters, paper, shapes)
}

// sortiePacks is sortieSite with packs of at most per encounters.
func sortiePacks(t testing.TB, dir string, n, per int, paper string, shapes []packShape) int {
	t.Helper()
	write := func(name, text string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("sortie.conf", "title: Bench\npaper: "+paper+"\n")
	write("content/index.md", "---\ntitle: Bench\n---\nA site to measure Sortie with.\n")
	packs := 0
	for left := n; left > 0; packs++ {
		c := min(left, per)
		left -= c
		s := shapes[packs%len(shapes)]
		var spec []string
		for i, typ := range s.types {
			k := c / len(s.types)
			if i < c%len(s.types) {
				k++
			}
			if k > 0 {
				spec = append(spec, typ+" "+strconv.Itoa(k))
			}
		}
		var b strings.Builder
		fmt.Fprintf(&b, "---\ntitle: Bench pack %d\nseed: bench-%d\nencounters: %s\n", packs+1, packs+1, strings.Join(spec, ", "))
		for _, l := range s.lines {
			b.WriteString(l + "\n")
		}
		b.WriteString("---\nA pack to measure Sortie with.\n")
		write(fmt.Sprintf("content/packs/bench-%03d.md", packs+1), b.String())
	}
	return packs
}

// count returns the files under dir whose names end in ext.
func count(t *testing.T, dir, ext string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ext) {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// pdfPages returns the pages of every PDF given.
func pdfPages(t *testing.T, files []string) int {
	t.Helper()
	n := 0
	for _, f := range files {
		k, err := api.PageCountFile(f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		n += k
	}
	return n
}

// html compares Sortie's pages with Hugo building as many pages of the
// same encounters' Markdown through minimal templates.
func html(t *testing.T, rep *reporter, bin string) {
	rep.printf("\n(a) HTML: Sortie pages against Hugo building the same number of comparable pages\n")
	hugo, err := exec.LookPath("hugo")
	if err != nil {
		rep.printf("    skipped: hugo not found (apt-get install hugo)\n")
		return
	}
	rep.printf("    hugo: %s\n", firstLine(output(t, hugo, "version")))
	shapes := packShapes(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "sortie-site")
	sortieSite(t, src, 1000, "none", shapes)
	out := filepath.Join(dir, "sortie-out")
	first := measure(t, dir, bin, "build", "--source", src, "--out", out)
	_ = first
	pages := len(count(t, out, ".html"))

	hsrc := filepath.Join(dir, "hugo-site")
	hugoSite(t, hsrc, pages, shapes)
	hout := filepath.Join(dir, "hugo-out")
	measure(t, dir, hugo, "--quiet", "--source", hsrc, "--destination", hout)
	hpages := len(count(t, hout, ".html"))

	var ss, hs []sample
	for range *runs {
		ss = append(ss, measure(t, dir, bin, "build", "--source", src, "--out", out))
		hs = append(hs, measure(t, dir, hugo, "--quiet", "--source", hsrc, "--destination", hout))
	}
	s, h := median(ss), median(hs)
	perPage := func(d time.Duration, n int) float64 { return float64(d.Microseconds()) / 1000 / float64(n) }
	rep.printf("    %-8s %6s %12s %12s %10s\n", "", "pages", "ms/page wall", "ms/page CPU", "peak MiB")
	rep.printf("    %-8s %6d %12.3f %12.3f %10.0f\n", "Sortie", pages, perPage(s.wall, pages), perPage(s.cpu, pages), mib(s.rss))
	rep.printf("    %-8s %6d %12.3f %12.3f %10.0f\n", "Hugo", hpages, perPage(h.wall, hpages), perPage(h.cpu, hpages), mib(h.rss))
	rep.printf("    Sortie/Hugo, time per page: %.2f wall, %.2f CPU (target: at most 0.5); peak memory %.2f (medians of %d alternating runs)\n",
		perPage(s.wall, pages)/perPage(h.wall, hpages), perPage(s.cpu, pages)/perPage(h.cpu, hpages), float64(s.rss)/float64(h.rss), *runs)
}

// defaultSite measures the build of the embedded default site, as make
// site builds it, for a fixed month (the binaries measured have no Roll
// page's engine beside them: no Roll page, on either side), against the same build
// by the -base binary when one is given, the two alternating: its CPU
// time, wall time, peak memory, and the pages each wrote; then whether
// the same pages came out (samePages).
func defaultSite(t *testing.T, rep *reporter, bin string) {
	rep.printf("\n(g) the default site: sortie build --month 2026-11\n")
	dir := t.TempDir()
	build := func(b, out string) sample {
		return measure(t, dir, b, "build", "--out", filepath.Join(dir, out), "--month", "2026-11")
	}
	sides := []struct{ name, bin, out string }{{"this", bin, "this"}}
	if *base != "" {
		abs, err := filepath.Abs(*base)
		if err != nil {
			t.Fatalf("failed to find -base %s: %v", *base, err)
		}
		rep.printf("    base: %s (%s)\n", firstLine(output(t, abs, "--version")), abs)
		sides = append(sides, struct{ name, bin, out string }{"base", abs, "base"})
	}
	got := make([][]sample, len(sides))
	for _, sd := range sides {
		build(sd.bin, sd.out) // a first build, not counted: the file cache
	}
	for range *runs {
		for i, sd := range sides {
			got[i] = append(got[i], build(sd.bin, sd.out))
		}
	}
	rep.printf("    %-6s %7s %8s %9s %9s %9s\n", "", "PDFs", "PDF pp", "wall s", "CPU s", "peak MiB")
	meds := make([]sample, len(sides))
	for i, sd := range sides {
		pdfs := count(t, filepath.Join(dir, sd.out), ".pdf")
		meds[i] = median(got[i])
		rep.printf("    %-6s %7d %8d %9.2f %9.2f %9.0f\n", sd.name, len(pdfs), pdfPages(t, pdfs), meds[i].wall.Seconds(), meds[i].cpu.Seconds(), mib(meds[i].rss))
	}
	if len(sides) == 1 {
		rep.printf("    (no -base binary given: no ratio)\n")
		return
	}
	rep.printf("    this/base: %.2f CPU (target against 7f8a245: at most 0.33), %.2f wall (medians of %d alternating runs)\n",
		meds[0].cpu.Seconds()/meds[1].cpu.Seconds(), meds[0].wall.Seconds()/meds[1].wall.Seconds(), *runs)
	samePages(t, rep, filepath.Join(dir, "this"), filepath.Join(dir, "base"))
}

// hugoSite writes a Hugo site of n pages: the home page, a list page,
// and n-2 encounter pages holding Sortie's Markdown of encounters of the
// same systems and types, through templates as small as Hugo allows, with
// RSS, sitemap and taxonomies off.
func hugoSite(t *testing.T, dir string, n int, shapes []packShape) {
	t.Helper()
	reg, err := generator.LoadSystems("", systems.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("hugo.toml", `baseURL = "https://example.org/"
title = "Bench"
disableKinds = ["RSS", "sitemap", "taxonomy", "term"]
`)
	page := `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body><main><h1>{{ .Title }}</h1>%s</main></body></html>`
	write("layouts/_default/single.html", fmt.Sprintf(page, "{{ .Content }}"))
	write("layouts/_default/list.html", fmt.Sprintf(page, `{{ .Content }}<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>`))
	write("layouts/index.html", fmt.Sprintf(page, `{{ .Content }}<ul>{{ range .Site.RegularPages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>`))
	write("content/_index.md", "---\ntitle: Bench\n---\nA site to measure Hugo with.\n")
	write("content/encounters/_index.md", "---\ntitle: Encounters\n---\n")
	for i := range max(n-2, 1) {
		s := shapes[i%len(shapes)]
		sys, err := reg.Get(s.system)
		if err != nil {
			t.Fatal(err)
		}
		seed := "bench-" + strconv.Itoa(i)
		one, err := generator.Encounter(sys, seed, s.types[i%len(s.types)], engine.Options{})
		if err != nil {
			t.Fatalf("%s: %v", s.system, err)
		}
		var b bytes.Buffer
		if err := generator.EncounterMarkdown(&b, sys, one); err != nil {
			t.Fatal(err)
		}
		title, _ := json.Marshal(one.Encounter.Title)
		write(path.Join("content/encounters", fmt.Sprintf("e-%05d.md", i+1)), "---\ntitle: "+string(title)+"\n---\n"+b.String())
	}
}

// pdf compares Sortie writing a booklet of about 40 pages with headless
// Chromium printing Sortie's own pages of the same encounters and tables.
func pdf(t *testing.T, rep *reporter, bin string) {
	rep.printf("\n(b) PDF: a Sortie booklet against headless Chromium printing Sortie's HTML of the same content\n")
	node, err := exec.LookPath("node")
	chromium := "/usr/bin/chromium"
	_, cerr := os.Stat(chromium)
	_, perr := os.Stat("../../.ci/axe/node_modules/playwright-core/package.json")
	if err != nil || cerr != nil || perr != nil {
		rep.printf("    skipped: needs node, %s and playwright-core (npm ci in .ci/axe)\n", chromium)
		return
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "site")
	shapes := packShapes(t)
	// The Orc Border's shape: 2d6 Sword & Sorcery, eight encounters.
	i := slices.IndexFunc(shapes, func(s packShape) bool { return s.system == "2d6-sword-and-sorcery" })
	sortieSite(t, src, 8, "a4", shapes[i:i+1])
	out := filepath.Join(dir, "out")
	measure(t, dir, bin, "build", "--source", src, "--out", out)
	// Every PDF the build wrote counts: the pack's booklet and play
	// sheets, and the Quick Reference Sheets of every built-in system,
	// which the site builds too.
	booklets := count(t, out, ".pdf")
	pages := pdfPages(t, booklets)
	var paths []string
	for _, p := range count(t, filepath.Join(out, "packs"), ".html") {
		rel, _ := filepath.Rel(out, p)
		paths = append(paths, filepath.ToSlash(rel))
	}
	paths = append(paths, "systems/2d6-sword-and-sorcery/qrs.html")
	slices.Sort(paths)
	printed := filepath.Join(dir, "chromium")
	script, _ := filepath.Abs("../../.ci/axe/print.mjs")
	base := "file://" + out + "/"
	var ss, cs []sample
	var cwall []time.Duration
	var cpages int
	for range *runs {
		ss = append(ss, measure(t, dir, bin, "build", "--source", src, "--out", out))
		os.RemoveAll(printed)
		start := time.Now()
		res := output(t, node, append([]string{script, printed, base}, paths...)...)
		cs = append(cs, sample{wall: time.Since(start)})
		var r struct{ Ms float64 }
		if err := json.Unmarshal([]byte(res), &r); err != nil {
			t.Fatalf("print.mjs: %v: %s", err, res)
		}
		cwall = append(cwall, time.Duration(r.Ms*float64(time.Millisecond)))
		cpages = pdfPages(t, count(t, printed, ".pdf"))
	}
	s, c := median(ss), median(cs)
	slices.Sort(cwall)
	warm := cwall[len(cwall)/2]
	rate := func(pages int, d time.Duration) float64 { return float64(pages) / d.Seconds() }
	rep.printf("    Sortie: %d PDF pages in %d files (the pack's booklet and play sheets, every system's QRS), and the site's HTML, in %.0f ms: %.0f pages/s\n", pages, len(booklets), ms(s.wall), rate(pages, s.wall))
	rep.printf("    Chromium: %d pages from %d HTML pages in %.0f ms with start-up, %.0f ms printing: %.1f pages/s (%.1f warm)\n",
		cpages, len(paths), ms(c.wall), ms(warm), rate(cpages, c.wall), rate(cpages, warm))
	rep.printf("    Sortie/Chromium, pages per second: %.0fx (%.0fx against warm Chromium; target: at least 50x)\n",
		rate(pages, s.wall)/rate(cpages, c.wall), rate(pages, s.wall)/rate(cpages, warm))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// floorRate is fpdf's floor: pages per second of wall time on one
// goroutine, and per second of the process's CPU time (which counts the
// garbage collector's work on the other core too, and holds better than
// wall time on a busy machine).
type floorRate struct{ wall, cpu float64 }

// cpuTime returns the CPU time this process has used so far.
func cpuTime(t testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatalf("failed to read the process's CPU time: %v", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// fpdfFloor measures fpdf writing simple A4 pages on one core (a heading,
// a 12-row table and a grid each): the pages per second no booklet on
// fpdf can beat on one core.
func fpdfFloor(t *testing.T, rep *reporter) floorRate {
	const pages = 2000
	var best, bestCPU time.Duration
	for range *runs {
		f := fpdf.New("P", "mm", "A4", "")
		f.SetCompression(true)
		start, startCPU := time.Now(), cpuTime(t)
		for p := range pages {
			f.AddPage()
			f.SetFont("Helvetica", "B", 16)
			f.CellFormat(0, 10, "Page "+strconv.Itoa(p+1), "", 1, "L", false, 0, "")
			f.SetFont("Helvetica", "", 10)
			for r := range 12 {
				for c := range 4 {
					f.CellFormat(40, 7, strconv.Itoa(r*4+c), "1", 0, "C", false, 0, "")
				}
				f.Ln(-1)
			}
			for x := 20.0; x <= 190; x += 10 {
				f.Line(x, 150, x, 270)
			}
			for y := 150.0; y <= 270; y += 10 {
				f.Line(20, y, 190, y)
			}
		}
		if err := f.Output(io.Discard); err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); best == 0 || d < best {
			best = d
		}
		if d := cpuTime(t) - startCPU; bestCPU == 0 || d < bestCPU {
			bestCPU = d
		}
	}
	rate := floorRate{wall: pages / best.Seconds(), cpu: pages / bestCPU.Seconds()}
	rep.printf("\nfpdf floor: %d simple A4 pages (a heading, a 12-row table, a grid) on one core: %.0f pages/s of wall time, %.0f per CPU-second (best of %d each)\n", pages, rate.wall, rate.cpu, *runs)
	return rate
}

// scale builds sites of growing size once each.
func scale(t *testing.T, rep *reporter, bin string, floor floorRate) {
	rep.printf("\n(c) scale: whole builds, HTML and A4 booklets, one run each\n")
	rep.printf("    %11s %6s %6s %8s %9s %9s %9s %11s %11s\n", "encounters", "packs", "pages", "PDF pp", "wall s", "CPU s", "peak MiB", "PDF pp/s", "pp/CPU s")
	shapes := packShapes(t)
	type row struct {
		n int
		s sample
	}
	var rows []row
	for _, f := range strings.Split(*scales, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			t.Fatalf("-scale %q: want encounter counts such as 100,1000,10000", *scales)
		}
		dir := t.TempDir()
		src := filepath.Join(dir, "site")
		packs := sortieSite(t, src, n, "a4", shapes)
		out := filepath.Join(dir, "out")
		s := measure(t, dir, bin, "build", "--source", src, "--out", out)
		pages := len(count(t, out, ".html"))
		pp := pdfPages(t, count(t, out, ".pdf"))
		rep.printf("    %11d %6d %6d %8d %9.2f %9.2f %9.0f %11.0f %11.0f\n", n, packs, pages, pp, s.wall.Seconds(), s.cpu.Seconds(), mib(s.rss), float64(pp)/s.wall.Seconds(), float64(pp)/s.cpu.Seconds())
		if len(rows) > 0 {
			p := rows[len(rows)-1]
			k := float64(n) / float64(p.n)
			rep.printf("    %11s growth for %gx encounters: wall %.2fx, CPU %.2fx, peak memory %.2fx (flat: 1x)\n", "", k,
				s.wall.Seconds()/p.s.wall.Seconds(), s.cpu.Seconds()/p.s.cpu.Seconds(), float64(s.rss)/float64(p.s.rss))
		}
		rows = append(rows, row{n, s})
		if n == 1000 && floor.wall > 0 {
			rep.printf("    %11s at 1,000 encounters: %.2f of the one-core fpdf floor per second of wall time, %.3f of it per CPU-second (target: at least 0.25)\n", "",
				float64(pp)/s.wall.Seconds()/floor.wall, float64(pp)/s.cpu.Seconds()/floor.cpu)
		}
		os.RemoveAll(dir)
	}
}

// packSizes builds 800 encounters in packs of 25 to 200 encounters, the
// largest Sortie takes. A build holds a pack or two at a time, so its
// peak memory follows the size of a pack, not of the site: this is what
// a larger cap would cost.
func packSizes(t *testing.T, rep *reporter, bin string) {
	const n = 800
	rep.printf("\n(d) pack size: %d encounters in packs of 25 to %d, HTML and A4 booklets, one run each\n", n, pack.MaxEncounters)
	rep.printf("    %11s %6s %8s %9s %9s %9s\n", "per pack", "packs", "PDF pp", "wall s", "CPU s", "peak MiB")
	shapes := packShapes(t)
	var first sample
	for _, per := range []int{25, 50, 100, pack.MaxEncounters} {
		dir := t.TempDir()
		src := filepath.Join(dir, "site")
		packs := sortiePacks(t, src, n, per, "a4", shapes)
		out := filepath.Join(dir, "out")
		s := measure(t, dir, bin, "build", "--source", src, "--out", out)
		pp := pdfPages(t, count(t, out, ".pdf"))
		rep.printf("    %11d %6d %8d %9.2f %9.2f %9.0f\n", per, packs, pp, s.wall.Seconds(), s.cpu.Seconds(), mib(s.rss))
		if first.rss == 0 {
			first = s
		} else {
			rep.printf("    %11s peak memory %.2fx that of packs of 25\n", "", float64(s.rss)/float64(first.rss))
		}
		os.RemoveAll(dir)
	}
}

var writeSite = flag.String("write-site", "", "write the sites (c) builds at 1,000 encounters (DIR/site) and (b) builds (DIR/small) into this folder, to build or profile them by hand")

// TestWriteBenchSite writes the 1,000-encounter site of (c) and the
// small site of (b) into -write-site's folder, so that a figure quoted
// from a profile or a timing of their builds can be had again:
//
//	go test -run '^TestWriteBenchSite$' ./generator/perf -args -write-site /tmp/bench1000
//	sortie build --source /tmp/bench1000/site --out /tmp/bench1000/out -q --wasm none --cpuprofile cpu.prof
func TestWriteBenchSite(t *testing.T) {
	if *writeSite == "" {
		t.Skip("writes the bench sites only when asked: -args -write-site DIR")
	}
	shapes := packShapes(t)
	for _, name := range []string{"site", "small", "typst"} {
		if err := os.RemoveAll(filepath.Join(*writeSite, name)); err != nil {
			t.Fatal(err)
		}
	}
	packs := sortieSite(t, filepath.Join(*writeSite, "site"), 1000, "a4", shapes)
	t.Logf("wrote %s: %d packs, 1,000 encounters", filepath.Join(*writeSite, "site"), packs)
	// (b)'s: the Orc Border's shape, 2d6 Sword & Sorcery, eight encounters.
	i := slices.IndexFunc(shapes, func(s packShape) bool { return s.system == "2d6-sword-and-sorcery" })
	sortieSite(t, filepath.Join(*writeSite, "small"), 8, "a4", shapes[i:i+1])
	t.Logf("wrote %s: one pack of 8 encounters", filepath.Join(*writeSite, "small"))
	// (h)'s: every built-in system's Quick Reference Sheets as Typst documents.
	files, _, _ := writeTypstQRS(t, filepath.Join(*writeSite, "typst"))
	t.Logf("wrote %s: %d Typst documents (node .ci/typst/compile.mjs -fonts %s OUT %s/typ/*.typ)", filepath.Join(*writeSite, "typst"), len(files), filepath.Join(*writeSite, "typst", "fonts"), filepath.Join(*writeSite, "typst"))
}
