package press_test

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/sortie-wargames/sortie/generator/booklet/fpdf"

	"github.com/sortie-wargames/sortie/generator/booklet/plan"
	"github.com/sortie-wargames/sortie/generator/booklet/press"
)

// pages writes a PDF as the booklet's renderer does, without compression
// so that the test can read each page's text back: n pages of w × h mm,
// each printing "Page N", with a bookmark on each at the level levels
// gives (none when levels is nil) and a link from each page to the next.
func pages(t *testing.T, n int, w, h float64, levels []int) []byte {
	t.Helper()
	f := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: w, Ht: h}})
	f.SetCompression(false)
	at := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	f.SetCreationDate(at)
	f.SetModificationDate(at)
	f.SetFont("Helvetica", "", 12)
	links := make([]int, n)
	for i := range links {
		links[i] = f.AddLink()
	}
	for i := range n {
		f.AddPage()
		f.SetLink(links[i], 0, i+1)
		if levels != nil {
			f.Bookmark("Page "+strconv.Itoa(i+1), levels[i], 0)
		}
		f.Text(20, 30, "Page "+strconv.Itoa(i+1))
		if i+1 < n {
			f.Link(20, 40, 30, 10, links[i+1])
		}
	}
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// valid reads pdf with pdfcpu in strict mode and returns what it read.
func valid(t *testing.T, pdf []byte) *model.Context {
	t.Helper()
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationStrict
	ctx, err := api.ReadContext(bytes.NewReader(pdf), conf)
	if err != nil {
		t.Fatalf("pdfcpu cannot read the PDF: %v", err)
	}
	if err := api.ValidateContext(ctx); err != nil {
		t.Fatalf("pdfcpu finds the PDF invalid: %v", err)
	}
	return ctx
}

var (
	sideRe = regexp.MustCompile(`/XObject <</L (\d+) 0 R /R (\d+) 0 R>>`)
	objRe  = regexp.MustCompile(`(?s)\n(\d+) 0 obj\n(.*?)endobj`)
	textRe = regexp.MustCompile(`\(Page (\d+)\) Tj`)
)

// printed returns the page number each object of pdf prints, by object.
func printed(pdf []byte) map[string]int {
	at := map[string]int{}
	for _, m := range objRe.FindAllSubmatch(pdf, -1) {
		if p := textRe.FindSubmatch(m[2]); p != nil {
			at[string(m[1])], _ = strconv.Atoi(string(p[1]))
		}
	}
	return at
}

// TestImposed imposes 4, 8 and 12 half-sheet pages (and pages 5 to 12 of
// twelve, as a second volume) on A4 and Letter sheets: the result is
// valid in strict mode, every sheet side landscape with its fold and trim
// marks, the two forms on each side are the pages plan.SaddleOrder puts
// there, and imposing again gives the same bytes. A count that is not a
// multiple of four is refused.
func TestImposed(t *testing.T) {
	for _, paper := range []struct {
		name   string
		sw, sh float64 // the sheet, landscape, mm
	}{{"a4", 297, 210}, {"letter", 279.4, 215.9}} {
		for _, c := range []struct{ total, first, last int }{{4, 1, 4}, {8, 1, 8}, {12, 1, 12}, {12, 5, 12}} {
			t.Run(fmt.Sprintf("%s/%d-%d-of-%d", paper.name, c.first, c.last, c.total), func(t *testing.T) {
				src, err := press.ReadSource(pages(t, c.total, paper.sw/2, paper.sh, nil))
				if err != nil {
					t.Fatal(err)
				}
				if src.Pages() != c.total {
					t.Fatalf("%d pages read, want %d", src.Pages(), c.total)
				}
				out, err := src.Imposed(c.first, c.last, paper.sw, paper.sh)
				if err != nil {
					t.Fatal(err)
				}
				again, _ := src.Imposed(c.first, c.last, paper.sw, paper.sh)
				if !bytes.Equal(out, again) {
					t.Error("two impositions of one source differ")
				}
				ctx := valid(t, out)
				dims, err := ctx.PageDims()
				if err != nil {
					t.Fatal(err)
				}
				n := c.last - c.first + 1
				if len(dims) != n/2 {
					t.Fatalf("%d sheet sides for %d pages", len(dims), n)
				}
				for i, d := range dims {
					if math.Abs(d.Width-paper.sw*72/25.4) > 0.5 || math.Abs(d.Height-paper.sh*72/25.4) > 0.5 {
						t.Errorf("side %d is %.2f × %.2f pt, want the landscape sheet", i+1, d.Width, d.Height)
					}
				}
				if got := bytes.Count(out, []byte("[3 2] 0 d\n")); got != n/2 {
					t.Errorf("%d sides with a dashed fold mark, want %d", got, n/2)
				}
				forms := printed(out)
				sides := sideRe.FindAllSubmatch(out, -1)
				order := plan.SaddleOrder(n)
				if len(sides) != len(order) {
					t.Fatalf("%d sides drawing two forms, want %d", len(sides), len(order))
				}
				for i, s := range sides {
					l, r := forms[string(s[1])], forms[string(s[2])]
					if want := [2]int{order[i][0] + c.first - 1, order[i][1] + c.first - 1}; [2]int{l, r} != want {
						t.Errorf("side %d holds pages %d and %d, want %v", i+1, l, r, want)
					}
				}
			})
		}
	}
	src, err := press.ReadSource(pages(t, 6, 148.5, 210, nil))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := src.Imposed(1, 6, 297, 210); err == nil {
		t.Error("six pages imposed, want an error: a signature is a multiple of four")
	}
}

// TestFlat writes pages 3 to 5 of five as they are: valid, three pages
// of the source's size, printing pages 3, 4 and 5 in that order, with no
// link left pointing at the pages left out.
func TestFlat(t *testing.T) {
	src, err := press.ReadSource(pages(t, 5, 210, 297, nil))
	if err != nil {
		t.Fatal(err)
	}
	out, err := src.Flat(3, 5)
	if err != nil {
		t.Fatal(err)
	}
	ctx := valid(t, out)
	if ctx.PageCount != 3 {
		t.Fatalf("%d pages, want 3", ctx.PageCount)
	}
	var got []int
	for _, m := range textRe.FindAllSubmatch(out, -1) {
		p, _ := strconv.Atoi(string(m[1]))
		got = append(got, p)
	}
	if fmt.Sprint(got) != "[3 4 5]" {
		t.Errorf("pages printed %v, want [3 4 5]", got)
	}
	if bytes.Contains(out, []byte("/Annots")) {
		t.Error("the flat pages keep links into pages they no longer have")
	}
	if _, err := src.Flat(4, 6); err == nil {
		t.Error("page 6 of five written, want an error")
	}
}

// TestMend mends a document fpdf wrote with nested bookmarks and links:
// pdfcpu's strict mode accepts it, an item with children counts its
// open descendants, and every link annotation is an object of its own.
func TestMend(t *testing.T) {
	levels := []int{0, 1, 1, 0, 1, 2}
	raw := pages(t, len(levels), 210, 297, levels)
	out, err := press.Mend(raw, levels)
	if err != nil {
		t.Fatal(err)
	}
	valid(t, out)
	counts := regexp.MustCompile(`/Count (\d+)>>`).FindAll(out, -1)
	if got := fmt.Sprintf("%s", bytes.Join(counts, []byte(" "))); got != "/Count 2>> /Count 2>> /Count 1>>" {
		t.Errorf("outline counts %s, want 2, 2 and 1 for the three items with children", got)
	}
	if bytes.Contains(out, []byte("/Annots [<<")) {
		t.Error("an annotation left inside its page's /Annots array")
	}
	if _, err := press.Mend(raw, levels[:3]); err == nil {
		t.Error("mended with fewer levels than bookmarks, want an error")
	}
}

// TestPrintReady grows an A4 and a Letter document by the bleed: valid,
// every page's MediaBox the paper plus 3 mm (A4) or 0.125 in (Letter) on
// each side, its TrimBox the paper in the middle, and the page's drawing
// and its links moved by the bleed. Any other paper is refused.
func TestPrintReady(t *testing.T) {
	for _, c := range []struct {
		paper string
		w, h  float64 // mm
		bleed string  // pt, as written
	}{{"a4", 210, 297, "8.504"}, {"letter", 215.9, 279.4, "9"}} {
		levels := []int{0, 0, 0}
		raw, err := press.Mend(pages(t, 3, c.w, c.h, levels), levels)
		if err != nil {
			t.Fatal(err)
		}
		out, err := press.PrintReady(raw, c.paper)
		if err != nil {
			t.Fatal(err)
		}
		ctx := valid(t, out)
		if ctx.PageCount != 3 {
			t.Fatalf("%s: %d pages, want 3", c.paper, ctx.PageCount)
		}
		if n := bytes.Count(out, []byte("/TrimBox ["+c.bleed+" "+c.bleed+" ")); n != 3 {
			t.Errorf("%s: %d pages with a TrimBox at the bleed, want 3", c.paper, n)
		}
		if !bytes.Contains(out, []byte("q 1 0 0 1 "+c.bleed+" "+c.bleed+" cm\n")) {
			t.Errorf("%s: the drawing is not moved by the bleed", c.paper)
		}
		before := regexp.MustCompile(`/Rect \[([0-9.]+) `).FindSubmatch(raw)
		after := regexp.MustCompile(`/Rect \[([0-9.]+) `).FindSubmatch(out)
		b, _ := strconv.ParseFloat(c.bleed, 64)
		x0, _ := strconv.ParseFloat(string(before[1]), 64)
		x1, _ := strconv.ParseFloat(string(after[1]), 64)
		if math.Abs(x1-x0-b) > 0.002 {
			t.Errorf("%s: a link at x %.3f pt moved to %.3f, want %.3f", c.paper, x0, x1, x0+b)
		}
	}
	if _, err := press.PrintReady(pages(t, 1, 210, 297, nil), "a3"); err == nil {
		t.Error("paper a3 made print-ready, want an error")
	}
}
