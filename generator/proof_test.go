package generator

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"text/tabwriter"
	"time"

	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator/booklet"
	"github.com/sortie-wargames/sortie/generator/proof"
)

var proofList = flag.Bool("proof.list", false, "TestProof: log every defect the print check finds, not only the first of each kind")

// proofCeiling holds the most defects of each kind TestProof allows on
// the default site.
const proofCeiling = "proof.txt"

// printPaper matches the paper a booklet's or play sheet's file is
// printed on: NAME-a4.pdf, NAME-letter-folded-2.pdf, NAME-a4-print.pdf.
var printPaper = regexp.MustCompile(`-(a4|letter)(-folded(-[0-9]+|-cards)?|-print)?\.pdf$`)

// printClass names the kind of PDF a file of a site is, for the tables
// the print checks print: "flat a4", "folded letter", "cards a4" (a
// folded booklet's card sheets), "print a4" (print-ready), "sheets
// letter" (play sheets) or "qrs".
func printClass(p string) string {
	if strings.HasPrefix(p, "systems/") {
		return "qrs"
	}
	paper := "a4"
	if m := printPaper.FindStringSubmatch(p); m != nil {
		paper = m[1]
	}
	switch {
	case path.Base(path.Dir(p)) == "sheets":
		return "sheets " + paper
	case proof.Folded(p):
		return "folded " + paper
	case strings.HasSuffix(p, "-folded-cards.pdf"):
		return "cards " + paper
	case strings.HasSuffix(p, "-print.pdf"):
		return "print " + paper
	}
	return "flat " + paper
}

// printClasses lists the classes printClass names, in table order.
var printClasses = []string{
	"flat a4", "flat letter", "folded a4", "folded letter", "cards a4", "cards letter",
	"print a4", "print letter", "sheets a4", "sheets letter", "qrs",
}

// faultKinds names the layout faults (booklet.Fault) in the print
// checks' tables and ceilings, in table order.
var faultKinds = []struct{ kind, name string }{
	{booklet.FaultBroken, "broken"},
	{booklet.FaultCut, "cut"},
	{booklet.FaultLone, "lone"},
	{booklet.FaultSpill, "spill"},
	{booklet.FaultLong, "long"},
	{booklet.FaultApart, "apart"},
	{booklet.FaultHeadFoot, "head"},
	{booklet.FaultSparse, "sparse"},
	{booklet.FaultSmall, "small"},
}

// faultName is the short name faultKinds gives a fault's kind.
func faultName(kind string) string {
	for _, k := range faultKinds {
		if k.kind == kind {
			return k.name
		}
	}
	return kind
}

// readBack reads every PDF of a built site back with proof.Check, as
// many at once as Go runs threads; dir holds the files, pdfs are their
// paths in it, slash-separated, which each defect names.
func readBack(t *testing.T, dir string, pdfs []string) []proof.Report {
	t.Helper()
	reports, _ := readBackCards(t, dir, pdfs, func(string) bool { return false })
	return reports
}

// readBackCards is readBack that also counts, from the same reading, the
// sealed cards on each page of cards of the PDFs cards picks
// (sealedCards), by path; a PDF without a page of cards is left out.
func readBackCards(t *testing.T, dir string, pdfs []string, cards func(p string) bool) ([]proof.Report, map[string][]int) {
	t.Helper()
	type reading struct {
		report proof.Report
		cards  []int
	}
	read := eachPDF(t, dir, pdfs, func(ctx context.Context, p, file string) (reading, error) {
		var r reading
		var text []string
		var err error
		if cards(p) {
			r.report, text, err = proof.CheckText(ctx, file)
			r.cards = sealedCards(text)
		} else {
			r.report, err = proof.Check(ctx, file)
		}
		r.report.File = p
		for j := range r.report.Defects {
			r.report.Defects[j].File = p
		}
		return r, err
	})
	reports := make([]proof.Report, len(read))
	byFile := map[string][]int{}
	for i, r := range read {
		reports[i] = r.report
		if len(r.cards) > 0 {
			byFile[pdfs[i]] = r.cards
		}
	}
	return reports, byFile
}

// eachPDF runs read on each of pdfs (site paths, written under dir), as
// many at once as Go runs threads, and returns what it read of each, in
// order; the first error fails the test, naming its file.
func eachPDF[T any](t *testing.T, dir string, pdfs []string, read func(ctx context.Context, p, file string) (T, error)) []T {
	t.Helper()
	out := make([]T, len(pdfs))
	errs := make([]error, len(pdfs))
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, p := range pdfs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			out[i], errs[i] = read(t.Context(), p, filepath.Join(dir, filepath.FromSlash(p)))
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("%s: %v", pdfs[i], err)
		}
	}
	return out
}

// printTally is what a print check found on a site: files, pages and
// defects of each kind (proof.Kinds, then faultKinds' names) by class of
// file, and the defects themselves to list.
type printTally struct {
	classOf func(string) string
	more    []string // kinds besides the read-back ones and the layout faults
	files   map[string]int
	pages   map[string]int
	counts  map[string]map[string]int // class, kind
	total   map[string]int            // kind
	defects map[string][]string       // kind, and classKey: each defect, as -proof.list logs it
}

// classKey is the key of a kind of defect on a class of file in a
// ceiling's file: "overlap/flat-letter".
func classKey(kind, class string) string {
	return kind + "/" + strings.ReplaceAll(class, " ", "-")
}

func newTally(classOf func(string) string) *printTally {
	return &printTally{classOf: classOf, files: map[string]int{}, pages: map[string]int{},
		counts: map[string]map[string]int{}, total: map[string]int{}, defects: map[string][]string{}}
}

func (ta *printTally) add(class, kind, what string) {
	if ta.counts[class] == nil {
		ta.counts[class] = map[string]int{}
	}
	ta.counts[class][kind]++
	ta.total[kind]++
	ta.defects[kind] = append(ta.defects[kind], what)
	ta.defects[classKey(kind, class)] = append(ta.defects[classKey(kind, class)], what)
}

// report counts a PDF read back.
func (ta *printTally) report(r proof.Report) {
	c := ta.classOf(r.File)
	ta.files[c]++
	ta.pages[c] += r.Pages
	for _, d := range r.Defects {
		ta.add(c, d.Kind, d.String())
	}
}

// fault counts a layout fault a booklet or play sheet reported at
// path, its job's file (a folded booklet's NAME-folded.pdf).
func (ta *printTally) fault(path string, f booklet.Fault) {
	ta.add(ta.classOf(path), faultName(f.Kind), fmt.Sprintf("%s %s p%d: %q", f.Kind, path, f.Page, f.Text))
}

// kinds lists the kinds a tally counts, read-back ones first.
func (ta *printTally) kinds() []string {
	ks := slices.Clone(proof.Kinds)
	for _, k := range faultKinds {
		ks = append(ks, k.name)
	}
	return append(ks, ta.more...)
}

// table returns the counts as a table: a row per class of file that
// has one (in printClasses' order), and the totals.
func (ta *printTally) table(classes []string) string {
	var b bytes.Buffer
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	kinds := ta.kinds()
	fmt.Fprintf(tw, "class\tfiles\tpages\t%s\t\n", strings.Join(kinds, "\t"))
	line := func(name string, files, pages int, c map[string]int) {
		fmt.Fprintf(tw, "%s\t%d\t%d", name, files, pages)
		for _, k := range kinds {
			fmt.Fprintf(tw, "\t%d", c[k])
		}
		fmt.Fprintln(tw, "\t")
	}
	var files, pages int
	for _, c := range classes {
		if ta.files[c] == 0 && len(ta.counts[c]) == 0 {
			continue
		}
		line(c, ta.files[c], ta.pages[c], ta.counts[c])
		files += ta.files[c]
		pages += ta.pages[c]
	}
	line("total", files, pages, ta.total)
	tw.Flush()
	return b.String()
}

// list logs every defect of the given kinds, by kind.
func (ta *printTally) list(t *testing.T, kinds []string) {
	t.Helper()
	for _, k := range kinds {
		for _, d := range ta.defects[k] {
			t.Log(d)
		}
	}
}

// ratchet holds counts to the ceilings in testdata/NAME: a count above
// its ceiling fails with the first few defects of its kind, one below it
// is logged so the file can be lowered; -update rewrites the file from
// the counts (head is its comment). Each key is a kind, or a classKey;
// examples gives a key's defects.
func ratchet(t *testing.T, name, head string, keys []string, counts map[string]int, examples func(key string) []string) {
	t.Helper()
	ceil := filepath.Join("testdata", name)
	if *update {
		var out bytes.Buffer
		out.WriteString(head)
		for _, k := range keys {
			fmt.Fprintf(&out, "%s %d\n", k, counts[k])
		}
		if err := os.WriteFile(ceil, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	most, err := readCeiling(ceil)
	if err != nil {
		t.Fatalf("%v (run go test ./generator -run %s -update)", err, t.Name())
	}
	for _, k := range keys {
		m, ok := most[k]
		switch {
		case !ok:
			t.Errorf("%s has no ceiling for %s (run go test ./generator -run %s -update)", ceil, k, t.Name())
		case counts[k] > m:
			var ex strings.Builder
			for _, d := range examples(k)[:min(5, len(examples(k)))] {
				ex.WriteString("\n\t" + d)
			}
			t.Errorf("%s: %d defects, up from at most %d; the first:%s", k, counts[k], m, ex.String())
		case counts[k] < m:
			t.Logf("%s: %d defects, down from %d: lower %s with go test ./generator -run %s -update", k, counts[k], m, ceil, t.Name())
		}
	}
}

// TestProof is the print check on the default site, as make site builds
// it (both papers, folded booklets, play sheets, the QRS): every PDF is
// read back with pdftotext (generator/proof) and the defects a player
// would see are counted by kind. The counts may not rise above those in
// testdata/proof.txt, a ratchet: a count that falls is logged, so the
// file can be lowered with -update. -proof.list logs every defect. The
// layout faults the same build reported are TestLayoutFaults's. The same
// reading gives the text of the PDFs that may hold sealed cards: every
// page of cards as full as the flat A4 booklet's (checkCardDensity).
func TestProof(t *testing.T) {
	t.Parallel() // reads defaultPrint's build, made by TestDefaultSite before; see parallel in generator_test.go
	if testing.Short() {
		t.Skip("the print check reads back every PDF of the default site: not in -short")
	}
	needTool(t, "pdftotext")
	site := defaultPrint(t)
	var pdfs []string
	for p := range site.files {
		if path.Ext(p) == ".pdf" {
			pdfs = append(pdfs, p)
		}
	}
	slices.Sort(pdfs)

	checked := time.Now()
	reads := defaultReadBack(t, pdfs)
	reports := make([]proof.Report, len(reads))
	cards := map[string][]int{}
	for i, r := range reads {
		reports[i] = r.report
		if !holdsCards(pdfs[i]) {
			continue
		}
		if c := sealedCards(r.text); len(c) > 0 {
			cards[pdfs[i]] = c
		}
	}
	t.Run("sealed cards", func(t *testing.T) { checkCardDensity(t, cards) })
	t.Logf("built the default site in %s, read back its %d PDFs in %s (those TestDefaultSite read before, once)", site.took.Round(time.Millisecond), len(pdfs), time.Since(checked).Round(time.Millisecond))

	ta := newTally(printClass)
	for _, r := range reports {
		ta.report(r)
	}
	for _, p := range slices.Sorted(maps.Keys(site.faults)) {
		for _, f := range site.faults[p] {
			ta.fault(p, f)
		}
	}
	t.Logf("print check of the default site (layout faults as TestLayoutFaults counts them):\n%s", ta.table(printClasses))
	if *proofList {
		ta.list(t, proof.Kinds)
	}
	ratchet(t, proofCeiling, "# The print check's ceiling on the default site: the most defects of each\n"+
		"# kind TestProof allows (generator/proof says what each kind is). Written\n"+
		"# by go test ./generator -run TestProof -update; lower, never raise.\n",
		proof.Kinds, ta.total, func(k string) []string { return ta.defects[k] })
}

// defaultSite is the default site as make site builds it, built once for
// every test that only reads it: TestDefaultSite, TestBuildIsReproducible,
// TestPagesPassTidy, TestNuHTMLChecker, and the print checks TestProof and
// TestLayoutFaults. Each build of the default site costs some 17 s of CPU
// time; these tests built it six times over. None of them may change
// files, a map they share. TestDefaultSite, sequential, builds it before
// the parallel ones read it.
type defaultSite struct {
	files  map[string][]byte
	faults map[string][]booklet.Fault // by the job's path
	took   time.Duration
}

// defaultVersion is the version defaultPrint's pages and booklets print.
const defaultVersion = Version + "+0123456789ab"

var (
	defaultOnce  sync.Once
	defaultBuilt defaultSite
	defaultErr   error
)

// defaultPrint builds the default site as make site does, once per test
// binary, with the layout faults each booklet and play sheet reported.
// make site prints the version BuildVersion gives a binary built in a
// clone, the release and twelve digits of the commit; its length moves
// the footer, so the check prints one as long, the same at every commit.
func defaultPrint(t *testing.T) defaultSite {
	t.Helper()
	defaultOnce.Do(func() {
		start := time.Now()
		faults := map[string][]booklet.Fault{}
		files, _, err := Render(Options{Systems: systems.Builtin(), Month: testMonth, Version: defaultVersion,
			Progress: func(e Event) {
				if e.Kind == JobEnd && len(e.Faults) > 0 {
					faults[e.Path] = append(faults[e.Path], e.Faults...)
				}
			}})
		if err != nil {
			defaultErr = err
			return
		}
		m := make(map[string][]byte, len(files))
		for _, f := range files {
			m[f.Path] = f.Data
		}
		defaultBuilt = defaultSite{files: m, faults: faults, took: time.Since(start)}
	})
	if defaultErr != nil {
		t.Fatal(defaultErr)
	}
	return defaultBuilt
}

// defaultRead is one PDF of defaultPrint's build as the print check
// reads it back (proof.CheckText): its report and its pages' text.
type defaultRead struct {
	report proof.Report
	text   []string
}

var (
	defaultReadMu sync.Mutex
	defaultReads  = map[string]defaultRead{} // by the PDF's path in the site
)

// defaultReadBack reads back each of pdfs, PDFs of defaultPrint's build,
// once per test binary, and returns what it read of each, in order:
// pdftotext reads a PDF of the default site once for every test that
// reads it, TestDefaultSite's folded booklets (checkFolded) and
// TestProof's print check and sealed cards. Each read the folded
// booklets and their card sheets, a third of the site's pages, on its
// own before. The PDFs not read yet are written to the test's temporary
// folder and read there, as many at once as Go runs threads.
func defaultReadBack(t *testing.T, pdfs []string) []defaultRead {
	t.Helper()
	needTool(t, "pdftotext")
	files := defaultPrint(t).files
	defaultReadMu.Lock()
	defer defaultReadMu.Unlock()
	dir := t.TempDir()
	var todo []string
	for _, p := range pdfs {
		if _, ok := defaultReads[p]; ok || slices.Contains(todo, p) {
			continue
		}
		data, ok := files[p]
		if !ok {
			t.Fatalf("%s: not a file of the default site", p)
		}
		out := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(out, data, 0o644); err != nil {
			t.Fatal(err)
		}
		todo = append(todo, p)
	}
	read := eachPDF(t, dir, todo, func(ctx context.Context, p, file string) (defaultRead, error) {
		r, text, err := proof.CheckText(ctx, file)
		r.File = p
		for j := range r.Defects {
			r.Defects[j].File = p
		}
		return defaultRead{r, text}, err
	})
	for i, p := range todo {
		defaultReads[p] = read[i]
	}
	out := make([]defaultRead, len(pdfs))
	for i, p := range pdfs {
		out[i] = defaultReads[p]
	}
	return out
}

// readCeiling reads "kind count" lines, skipping blank lines and
// comments.
func readCeiling(name string) (map[string]int, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("failed to read the print check's ceiling: %w", err)
	}
	most := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Fields(l)
		c, err := strconv.Atoi(f[len(f)-1])
		if len(f) != 2 || err != nil || c < 0 {
			return nil, fmt.Errorf("failed to read %s:%d: want a kind and a count, got %q", name, n, l)
		}
		most[f[0]] = c
	}
	return most, nil
}

// TestReadCeiling reads the ratchet's file: comments and blank lines
// skipped, anything but "kind count" refused with its line.
func TestReadCeiling(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	if err := os.WriteFile(good, []byte("# a comment\n\noverlap 12\nempty 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := readCeiling(good)
	if err != nil || len(got) != 2 || got["overlap"] != 12 || got["empty"] != 0 {
		t.Errorf("readCeiling = %v, %v", got, err)
	}
	for _, bad := range []string{"overlap\n", "overlap twelve\n", "overlap -1\n", "overlap 1 2\n"} {
		p := filepath.Join(dir, "bad.txt")
		if err := os.WriteFile(p, []byte("# head\n"+bad), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := readCeiling(p); err == nil || !strings.Contains(err.Error(), "bad.txt:2") {
			t.Errorf("readCeiling(%q) = %v, want an error at line 2", bad, err)
		}
	}
	if _, err := readCeiling(filepath.Join(dir, "none.txt")); err == nil {
		t.Error("readCeiling of a missing file is no error")
	}
}
