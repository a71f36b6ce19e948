package booklet_test

import (
	"bytes"
	"fmt"
	"math"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/generator/booklet"
)

// sheets are the landscape sheets, in points, a folded booklet prints on.
var sheets = map[string][2]float64{"a4": {841.89, 595.28}, "letter": {792, 612}}

// checkSheets validates a folded booklet strictly and checks that every
// page is a landscape sheet of the paper with its fold and trim marks;
// it returns the number of sheet sides.
func checkSheets(t *testing.T, pdf []byte, paper string) int {
	t.Helper()
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationStrict
	ctx, err := api.ReadContext(bytes.NewReader(pdf), conf)
	if err != nil {
		t.Fatalf("pdfcpu cannot read the folded booklet: %v", err)
	}
	if err := api.ValidateContext(ctx); err != nil {
		t.Fatalf("pdfcpu finds the folded booklet invalid: %v", err)
	}
	dims, err := ctx.PageDims()
	if err != nil {
		t.Fatal(err)
	}
	want := sheets[paper]
	for i, d := range dims {
		if math.Abs(d.Width-want[0]) > 0.5 || math.Abs(d.Height-want[1]) > 0.5 {
			t.Fatalf("sheet side %d is %.2f × %.2f pt, want %.2f × %.2f (landscape)", i+1, d.Width, d.Height, want[0], want[1])
		}
	}
	// Each side draws its two pages and its marks: a dashed fold mark at
	// the centre of each long edge, a solid trim mark near each corner.
	mid := fmt.Sprintf("%.2f", want[0]/2)
	fold := regexp.MustCompile(`\[3 2\] 0 d\n` + regexp.QuoteMeta(mid) + ` 0 m ` + regexp.QuoteMeta(mid) + ` [0-9.]+ l S ` + regexp.QuoteMeta(mid))
	if n := len(fold.FindAll(pdf, -1)); n != len(dims) {
		t.Errorf("%d sheet sides with fold marks at %s pt, want %d", n, mid, len(dims))
	}
	if n := bytes.Count(pdf, []byte("q /L Do Q\nq 1 0 0 1 "+mid+" 0 cm /R Do Q\n")); n != len(dims) {
		t.Errorf("%d sheet sides with a page on each half, want %d", n, len(dims))
	}
	if n := bytes.Count(pdf, []byte("[] 0 d\n8.50 0 m 8.50 19.84 l S")); n != len(dims) {
		t.Errorf("%d sheet sides with trim marks, want %d", n, len(dims))
	}
	return len(dims)
}

// halves reads the page number printed in the footer of each half of
// each sheet side, in print order, and whether that page is a Notes
// page, from one run of pdftotext -bbox.
func halves(t *testing.T, path, paper string, sides int) (pages []int, notes []bool) {
	t.Helper()
	out, err := exec.Command(tool(t, "pdftotext"), "-bbox", "-enc", "UTF-8", path, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	mid := sheets[paper][0] / 2
	word := regexp.MustCompile(`<word xMin="([0-9.]+)"[^>]*>([^<]*)</word>`)
	sheetsText := strings.Split(string(out), "<page ")[1:]
	if len(sheetsText) != sides {
		t.Fatalf("pdftotext finds %d sheet sides, want %d", len(sheetsText), sides)
	}
	for s, text := range sheetsText {
		var num [2][]int
		var note [2]bool
		ws := word.FindAllStringSubmatch(text, -1)
		for i, w := range ws {
			x, _ := strconv.ParseFloat(w[1], 64)
			half := 0
			if x >= mid {
				half = 1
			}
			if w[2] == "Notes" {
				note[half] = true
			}
			if w[2] == "Page" && i+1 < len(ws) {
				if p, err := strconv.Atoi(ws[i+1][2]); err == nil {
					num[half] = append(num[half], p)
				}
			}
		}
		for half := range 2 {
			if len(num[half]) != 1 {
				t.Fatalf("sheet side %d, half %d: page numbers %v, want one", s+1, half+1, num[half])
			}
			pages = append(pages, num[half][0])
			notes = append(notes, note[half])
		}
	}
	return pages, notes
}

// TestSaddleOrder imposes booklets of 4, 8 and 5 pages on both papers and
// reads each half of each sheet side back: the pages are in saddle order
// for a short-edge flip (sheet 1 front: last page, page 1; back: page 2,
// the last but one; and so on inwards), and the 5-page booklet ends in
// three Notes pages.
func TestSaddleOrder(t *testing.T) {
	d := booklet.Doc{Title: "Fold Test", Set: &rules.Set{System: &rules.System{ID: "fold", Name: "Fold Rules"}}}
	for _, paper := range []string{"a4", "letter"} {
		for _, c := range []struct{ pages, want string }{
			{"4", "4 1 2 3"},
			{"8", "8 1 2 7 6 3 4 5"},
			{"5", "8 1 2 7 6 3 4 5"},
		} {
			t.Run(paper+"/"+c.pages, func(t *testing.T) {
				n, _ := strconv.Atoi(c.pages)
				opt := booklet.Options{Paper: paper, Impose: booklet.Saddle, Created: created, Version: "0.1.0"}
				pdf, err := booklet.ImposedBlank(d, opt, n)
				if err != nil {
					t.Fatal(err)
				}
				again, err := booklet.ImposedBlank(d, opt, n)
				if err != nil || !bytes.Equal(pdf, again) {
					t.Fatalf("two renders differ (%v)", err)
				}
				sides := checkSheets(t, pdf, paper)
				pages, notes := halves(t, save(t, "saddle-"+paper+"-"+c.pages+".pdf", pdf), paper, sides)
				if got := strings.Trim(fmt.Sprint(pages), "[]"); got != c.want {
					t.Errorf("pages in print order %s, want %s", got, c.want)
				}
				for i, p := range pages {
					if notes[i] != (p > n) {
						t.Errorf("page %d: Notes %v, want %v (%d pages before padding)", p, notes[i], p > n, n)
					}
				}
			})
		}
	}
	// The order itself, for a longer booklet: every page once, and the
	// two pages of each side add up to one more than the page count.
	order := booklet.SaddleOrder(24)
	seen := map[int]bool{}
	for i, side := range order {
		if side[0]+side[1] != 25 {
			t.Errorf("side %d holds pages %v, which do not face each other when folded", i+1, side)
		}
		seen[side[0]], seen[side[1]] = true, true
	}
	if len(order) != 12 || len(seen) != 24 {
		t.Errorf("%d sides holding %d pages, want 12 and 24", len(order), len(seen))
	}
}

// TestFoldedBooklet folds a whole pack and a campaign long enough for
// several volumes: each volume valid, landscape sheets with their marks,
// no longer than booklet.SaddleLimit pages and a multiple of four, every
// page once in saddle order, the page numbers running on from one volume
// to the next, every volume after the first opening on a page that says
// which it is; the cards to cut out on flat sheets of their own, whole
// sheets numbered on from the last volume, and no card inside a volume;
// the same bytes twice.
func TestFoldedBooklet(t *testing.T) {
	docs := map[string]booklet.Doc{
		"pack":     packDoc(t, "marsh", engine.Options{Enemies: "creatures"}),
		"campaign": campaignDoc(t, "summer"),
	}
	for _, c := range []struct {
		name, paper string
		volumes     int
	}{{"pack", "a4", 1}, {"pack", "letter", 1}, {"campaign", "a4", 3}} {
		name, paper := c.name, c.paper
		t.Run(name+"/"+paper, func(t *testing.T) {
			opt := booklet.Options{Paper: paper, Impose: booklet.Saddle, Created: created, Version: "0.1.0"}
			f := fold(t, docs[name], opt)
			again := fold(t, docs[name], opt)
			if len(f.Volumes) != len(again.Volumes) || !bytes.Equal(f.Cards, again.Cards) {
				t.Fatal("two renders of the folded booklet differ")
			}
			if len(f.Volumes) != c.volumes {
				t.Errorf("%d volumes, want %d", len(f.Volumes), c.volumes)
			}
			next := 1
			var text strings.Builder
			for k, v := range f.Volumes {
				if !bytes.Equal(v.PDF, again.Volumes[k].PDF) {
					t.Fatalf("two renders of volume %d differ", k+1)
				}
				if v.Pages()%4 != 0 || v.Pages() > booklet.SaddleLimit || v.First != next {
					t.Errorf("volume %d: pages %d-%d, want from page %d, a multiple of four up to %d", k+1, v.First, v.Last, next, booklet.SaddleLimit)
				}
				next = v.Last + 1
				sides := checkSheets(t, v.PDF, paper)
				if sides != v.Pages()/2 {
					t.Errorf("volume %d: %d sheet sides for %d pages", k+1, sides, v.Pages())
				}
				path := save(t, fmt.Sprintf("folded-%s-%s-%d.pdf", name, paper, k+1), v.PDF)
				pages, _ := halves(t, path, paper, sides)
				order := booklet.SaddleOrder(v.Pages())
				for i, p := range pages {
					if want := order[i/2][i%2] + v.First - 1; p != want {
						t.Fatalf("volume %d: half %d of side %d holds page %d, want %d", k+1, i%2+1, i/2+1, p, want)
					}
				}
				vt := pdftotext(t, path, 0, 0)
				if len(f.Volumes) > 1 && !strings.Contains(vt, fmt.Sprintf("Volume %d of %d · pages %d–%d", k+1, len(f.Volumes), v.First, v.Last)) {
					t.Errorf("volume %d does not say which volume it is", k+1)
				}
				if cardPage.MatchString(vt) {
					t.Errorf("volume %d holds a sheet of cards to cut out", k+1)
				}
				text.WriteString(vt)
			}
			if !strings.Contains(text.String(), "Quick Reference Sheets") {
				t.Error("the folded booklet lacks its QRS")
			}
			if f.Cards == nil {
				t.Fatal("no card sheets")
			}
			if f.CardPages[0] != next {
				t.Errorf("card sheets from page %d, want %d, after the last volume", f.CardPages[0], next)
			}
			cards := pdftotext(t, save(t, "folded-"+name+"-"+paper+"-cards.pdf", f.Cards), 0, 0)
			if !strings.Contains(cards, "Cut along the dashed lines") {
				t.Error("the card sheets hold no sealed cards")
			}
			// Every card page is a whole sheet with its page number, and
			// the volumes send the reader to those pages.
			for i, page := range strings.Split(strings.TrimSuffix(cards, "\f"), "\f") {
				if want := fmt.Sprintf("Page %d", f.CardPages[0]+i); !strings.Contains(page, want) {
					t.Errorf("card sheet page %d does not say %q", i+1, want)
				}
			}
			if n := strings.Count(cards, "\f"); n != f.CardPages[1]-f.CardPages[0]+1 {
				t.Errorf("%d card sheet pages, want %d", n, f.CardPages[1]-f.CardPages[0]+1)
			}
			if m := regexp.MustCompile(`card (\d+), page (\d+)`).FindStringSubmatch(text.String()); m == nil {
				t.Error("no volume sends the reader to a card")
			} else if p, _ := strconv.Atoi(m[2]); p < f.CardPages[0] || p > f.CardPages[1] {
				t.Errorf("card %s is on page %d, outside the card sheets (%v)", m[1], p, f.CardPages)
			}
		})
	}
}

// cardPage finds what only a page of cards to cut out prints: the sealed
// cards' line "Cut along the dashed lines", their backs' line, or a play
// card sheet's running head ("Entry 1: Battle: cards to cut out").
var cardPage = regexp.MustCompile(`Cut along the dashed lines|The backs of the cards on page|: cards to cut out\b`)
