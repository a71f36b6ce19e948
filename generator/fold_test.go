package generator

import (
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator/booklet"
)

// TestFoldedBooklets: impose: saddle in sortie.conf writes a folded
// booklet beside each flat one of a pack and a campaign, with its card
// sheets flat beside it, linked from their pages with how to print them;
// the Quick Reference Sheets stay flat; Options.Impose "none" turns it
// off and "saddle" on for a site without the setting.
func TestFoldedBooklets(t *testing.T) {
	t.Parallel() // builds a site of its own; see parallel in generator_test.go
	folded := []string{"packs/small/small-a4-folded.pdf", "campaigns/short/short-a4-folded.pdf"}
	// The label in short, and the rest a phone leaves out.
	const label = `Folded A5 booklet<span class="pdf-more">: print on A4, flip on short edge (`
	dir := writeSite(t, strings.Replace(minimal, "paper: a4\n", "paper: a4\nimpose: saddle\n", 1))
	files := render(t, Options{Systems: systems.Builtin(), Source: dir, Created: time.Unix(0, 0)})
	for _, f := range folded {
		data, ok := files[f]
		if !ok {
			t.Fatalf("impose: saddle did not write %s", f)
		}
		checkPDF(t, f, data)
		if _, ok := files[strings.Replace(f, "-folded", "", 1)]; !ok {
			t.Errorf("no flat booklet beside %s", f)
		}
		cards := strings.TrimSuffix(f, ".pdf") + "-cards.pdf"
		if _, ok := files[cards]; !ok {
			t.Errorf("no card sheets beside %s", f)
		}
	}
	for page, want := range map[string][]string{
		"packs/small/index.html":     {label, `/small-a4-folded.pdf">booklet</a>`, `/small-a4-folded-cards.pdf">card sheets, flat<span class="pdf-more"> (pages `},
		"campaigns/short/index.html": {label, `/short-a4-folded.pdf">booklet</a>`, `/short-a4-folded-cards.pdf">card sheets, flat<span class="pdf-more"> (pages `},
		"downloads.html":             {`/small-a4-folded.pdf">booklet</a>`, `/short-a4-folded-cards.pdf">card sheets`},
	} {
		for _, w := range want {
			if !strings.Contains(string(files[page]), w) {
				t.Errorf("%s does not link its folded booklet (%s)", page, w)
			}
		}
	}
	for p := range files {
		if strings.HasPrefix(p, "systems/") && strings.Contains(p, "-folded") {
			t.Errorf("a QRS booklet was folded: %s", p)
		}
	}
	checkPages(t, files)
	checkFolded(t, files, nil)

	off := render(t, Options{Systems: systems.Builtin(), Source: dir, Created: time.Unix(0, 0), Impose: "none"})
	on := render(t, Options{Systems: systems.Builtin(), Source: writeSite(t, minimal), Created: time.Unix(0, 0), Impose: "saddle"})
	for _, f := range folded {
		if _, ok := off[f]; ok {
			t.Errorf("Impose none still wrote %s", f)
		}
		if _, ok := on[f]; !ok {
			t.Errorf("Impose saddle did not write %s", f)
		}
	}
}

// TestFoldedVolumes folds a campaign too long for one saddle-stitched
// signature, on both papers: it is printed as several volumes, each no
// longer than booklet.SaddleLimit pages, with page numbers running on
// from one to the next and card sheets apart (checkFolded); its page and
// the home page link every volume and the card sheets; the build's
// summary counts them.
func TestFoldedVolumes(t *testing.T) {
	t.Parallel() // builds a site of its own; see parallel in generator_test.go
	site := strings.Replace(minimal, "paper: a4\n", "paper: a4, letter\nimpose: saddle\n", 1)
	site = strings.Replace(site, "steps: 3\n", "steps: 8\n", 1)
	files, sum, err := Render(Options{Systems: systems.Builtin(), Source: writeSite(t, site), Created: time.Unix(0, 0)})
	if err != nil {
		t.Fatal(err)
	}
	m := map[string][]byte{}
	for _, f := range files {
		m[f.Path] = f.Data
	}
	vols := checkFolded(t, m, nil)
	for _, paper := range []string{"a4", "letter"} {
		base := "campaigns/short/short-" + paper + "-folded"
		n := vols[base]
		if n < 2 {
			t.Fatalf("%s: %d volumes, want several", base, n)
		}
		if _, ok := m[base+".pdf"]; ok {
			t.Errorf("%s.pdf written beside its volumes", base)
		}
		for _, page := range []string{"campaigns/short/index.html", "downloads.html"} {
			for k := 1; k <= n; k++ {
				// The campaign's page names it in short on a phone.
				want := fmt.Sprintf("/short-%s-folded-%d.pdf\">volume %d (pages ", paper, k, k)
				if page != "downloads.html" {
					want = fmt.Sprintf("/short-%s-folded-%d.pdf\">volume %d<span class=\"pdf-more\"> (pages ", paper, k, k)
				}
				if !strings.Contains(string(m[page]), want) {
					t.Errorf("%s does not link volume %d (%s)", page, k, want)
				}
			}
			if !strings.Contains(string(m[page]), "volumes, ") {
				t.Errorf("%s does not say how many volumes and sheets", page)
			}
		}
		i := slices.IndexFunc(sum.Folded, func(f Folded) bool { return f.Path == base+".pdf" })
		if i < 0 {
			t.Fatalf("the summary does not list %s", base)
		}
		if f := sum.Folded[i]; f.Volumes != n || f.Sheets*4 != f.Pages || len(f.Files) != n+1 {
			t.Errorf("the summary says %v, want %d volumes and their card sheets", f, n)
		}
	}
	checkPages(t, m)
}

// checkFolded reads back every folded booklet of files (its volumes,
// -folded.pdf or -folded-1.pdf, -2.pdf…, and its -folded-cards.pdf) with
// pdftotext: each volume is a multiple of four pages and at most
// booklet.SaddleLimit, its page numbers are the ones after the last
// volume's, none holds a sheet of cards to cut out, and the card sheets
// are numbered on from the last volume. It returns each booklet's volume
// count, by its path without ".pdf". read, when set, gives the text of
// each page of a file of files as the print check reads it back (the
// default site's, read once: defaultReadBack); nil reads it here.
func checkFolded(t *testing.T, files map[string][]byte, read func(p string) []string) map[string]int {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("pdftotext not installed")
	}
	name := regexp.MustCompile(`^(.*-folded)(?:-(\d+))?\.pdf$`)
	books := map[string][]string{}
	for p := range files {
		if strings.HasSuffix(p, "-folded-cards.pdf") {
			continue
		}
		if m := name.FindStringSubmatch(p); m != nil {
			books[m[1]] = append(books[m[1]], p)
		}
	}
	pageNo := regexp.MustCompile(`Page (\d+)\b`)
	text := func(p string) []string {
		if read != nil {
			return read(p)
		}
		f := filepath.Join(t.TempDir(), path.Base(p))
		if err := os.WriteFile(f, files[p], 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(bin, "-layout", "-enc", "UTF-8", f, "-").Output()
		if err != nil {
			t.Fatalf("pdftotext %s: %v", p, err)
		}
		return strings.Split(strings.TrimSuffix(string(out), "\f"), "\f")
	}
	numbers := func(pages []string) []int {
		var ns []int
		for _, pg := range pages {
			for _, m := range pageNo.FindAllStringSubmatch(pg, -1) {
				n, _ := strconv.Atoi(m[1])
				ns = append(ns, n)
			}
		}
		slices.Sort(ns)
		return slices.Compact(ns)
	}
	span := func(from, n int) []int {
		var s []int
		for i := range n {
			s = append(s, from+i)
		}
		return s
	}
	out := map[string]int{}
	for base, vols := range books {
		slices.SortFunc(vols, func(a, b string) int {
			na, _ := strconv.Atoi(name.FindStringSubmatch(a)[2])
			nb, _ := strconv.Atoi(name.FindStringSubmatch(b)[2])
			return na - nb
		})
		if len(vols) > 1 && slices.Contains(vols, base+".pdf") {
			t.Errorf("%s: both one volume and several", base)
		}
		next := 1
		for k, v := range vols {
			sides := text(v)
			pages := 2 * len(sides)
			if pages%4 != 0 || pages > booklet.SaddleLimit {
				t.Errorf("%s: %d pages, want a multiple of four up to %d", v, pages, booklet.SaddleLimit)
			}
			if got, want := numbers(sides), span(next, pages); !slices.Equal(got, want) {
				t.Errorf("%s (volume %d): page numbers %v, want %v", v, k+1, got, want)
			}
			all := strings.Join(sides, "")
			if cardPage.MatchString(all) {
				t.Errorf("%s holds a sheet of cards to cut out", v)
			}
			if len(vols) > 1 && !strings.Contains(all, fmt.Sprintf("Volume %d of %d · pages %d–%d", k+1, len(vols), next, next+pages-1)) {
				t.Errorf("%s does not say it is volume %d of %d, pages %d–%d", v, k+1, len(vols), next, next+pages-1)
			}
			next += pages
		}
		if data, ok := files[base+"-cards.pdf"]; ok && len(data) > 0 {
			pages := text(base + "-cards.pdf")
			for i, pg := range pages {
				if got := numbers([]string{pg}); !slices.Equal(got, []int{next + i}) {
					t.Errorf("%s-cards.pdf: page %d is numbered %v, want %d", base, i+1, got, next+i)
				}
			}
		}
		out[base] = len(vols)
	}
	if len(out) == 0 {
		t.Error("no folded booklet to check")
	}
	return out
}

// cardPage finds what only a page of cards to cut out prints: the sealed
// cards' line "Cut along the dashed lines", their backs' line, or a play
// card sheet's running head ("Entry 1: Battle: cards to cut out").
var cardPage = regexp.MustCompile(`Cut along the dashed lines|The backs of the cards on page|: cards to cut out\b`)
