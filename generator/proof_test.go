package generator

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"text/tabwriter"
	"time"

	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator/proof"
)

var proofList = flag.Bool("proof.list", false, "TestProof: log every defect the print check finds, not only the first of each kind")

// proofCeiling holds the most defects of each kind TestProof allows on
// the default site.
const proofCeiling = "proof.txt"

// proofClass names the kind of PDF a file of the default site is, for
// the table TestProof prints.
func proofClass(p string) string {
	switch {
	case path.Base(path.Dir(p)) == "sheets":
		return "sheets"
	case strings.HasPrefix(p, "systems/"):
		return "qrs"
	case proof.Folded(p):
		return "folded"
	case strings.HasSuffix(p, "-folded-cards.pdf"):
		return "folded cards"
	case strings.HasSuffix(p, "-letter.pdf"):
		return "flat letter"
	}
	return "flat a4"
}

// TestProof is the print check on the default site, as make site builds
// it (both papers, folded booklets, play sheets, the QRS): every PDF is
// read back with pdftotext (generator/proof) and the defects a player
// would see are counted by kind. The counts may not rise above those in
// testdata/proof.txt, a ratchet: a count that falls is logged, so the
// file can be lowered with -update. -proof.list logs every defect. Its
// PDFs of sealed cards are read back too: every page of cards as full as
// the flat A4 booklet's (checkCardDensity).
func TestProof(t *testing.T) {
	if testing.Short() {
		t.Skip("the print check reads back every PDF of the default site: not in -short")
	}
	needTool(t, "pdftotext")
	start := time.Now()
	// make site prints the version BuildVersion gives a binary built in a
	// clone, the release and twelve digits of the commit; its length
	// moves the footer, so the check prints one as long, the same at
	// every commit.
	files := render(t, Options{Systems: systems.Builtin(), Month: testMonth, Version: Version + "+0123456789ab"})
	built := time.Since(start)
	dir := t.TempDir()
	var pdfs []string
	for p, data := range files {
		if path.Ext(p) != ".pdf" {
			continue
		}
		pdfs = append(pdfs, p)
		out := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(out, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	slices.Sort(pdfs)
	t.Run("sealed cards", func(t *testing.T) { checkCardDensity(t, dir, pdfs) })

	// Read back in parallel, as many at once as Go runs threads.
	reports := make([]proof.Report, len(pdfs))
	errs := make([]error, len(pdfs))
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	checked := time.Now()
	for i, p := range pdfs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			reports[i], errs[i] = proof.Check(t.Context(), filepath.Join(dir, filepath.FromSlash(p)))
			for j := range reports[i].Defects {
				reports[i].Defects[j].File = p
			}
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("%s: %v", pdfs[i], err)
		}
	}
	t.Logf("built the default site in %s, read back its %d PDFs in %s", built.Round(time.Millisecond), len(pdfs), time.Since(checked).Round(time.Millisecond))

	// The table: counts by class of file and kind, and totals.
	classes := []string{"flat a4", "flat letter", "folded", "folded cards", "sheets", "qrs"}
	type row struct{ files, pages int }
	rows := map[string]*row{}
	counts := map[string]map[string]int{}
	for _, c := range classes {
		rows[c], counts[c] = &row{}, map[string]int{}
	}
	total := map[string]int{}
	byKind := map[string][]proof.Defect{}
	for i, r := range reports {
		c := proofClass(pdfs[i])
		rows[c].files++
		rows[c].pages += r.Pages
		for k, n := range r.Counts() {
			counts[c][k] += n
			total[k] += n
		}
		for _, d := range r.Defects {
			byKind[d.Kind] = append(byKind[d.Kind], d)
		}
	}
	var b bytes.Buffer
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "class\tfiles\tpages\t%s\t\n", strings.Join(proof.Kinds, "\t"))
	line := func(name string, r row, c map[string]int) {
		fmt.Fprintf(tw, "%s\t%d\t%d", name, r.files, r.pages)
		for _, k := range proof.Kinds {
			fmt.Fprintf(tw, "\t%d", c[k])
		}
		fmt.Fprintln(tw, "\t")
	}
	var all row
	for _, c := range classes {
		line(c, *rows[c], counts[c])
		all.files += rows[c].files
		all.pages += rows[c].pages
	}
	line("total", all, total)
	tw.Flush()
	t.Logf("print check of the default site:\n%s", b.String())
	if *proofList {
		for _, k := range proof.Kinds {
			for _, d := range byKind[k] {
				t.Log(d)
			}
		}
	}

	// The ratchet.
	ceil := filepath.Join("testdata", proofCeiling)
	if *update {
		var out bytes.Buffer
		out.WriteString("# The print check's ceiling on the default site: the most defects of each\n" +
			"# kind TestProof allows (generator/proof says what each kind is). Written\n" +
			"# by go test ./generator -run TestProof -update; lower, never raise.\n")
		for _, k := range proof.Kinds {
			fmt.Fprintf(&out, "%s %d\n", k, total[k])
		}
		if err := os.WriteFile(ceil, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	most, err := readCeiling(ceil)
	if err != nil {
		t.Fatalf("%v (run go test ./generator -run TestProof -update)", err)
	}
	for _, k := range proof.Kinds {
		m, ok := most[k]
		switch {
		case !ok:
			t.Errorf("%s has no ceiling for %s (run go test ./generator -run TestProof -update)", ceil, k)
		case total[k] > m:
			var ex strings.Builder
			for _, d := range byKind[k][:min(5, len(byKind[k]))] {
				ex.WriteString("\n\t" + d.String())
			}
			t.Errorf("%s: %d defects, up from at most %d; the first:%s", k, total[k], m, ex.String())
		case total[k] < m:
			t.Logf("%s: %d defects, down from %d: lower %s with go test ./generator -run TestProof -update", k, total[k], m, ceil)
		}
	}
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
