package booklet_test

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/generator/booklet"
	"github.com/sortie-wargames/sortie/generator/booklet/press"
)

// bleeds are the bleed each paper's print-ready booklet must have on
// every side, in points: 3 mm on A4, 0.125 in on Letter.
var bleeds = map[string]float64{"a4": 3 * 72 / 25.4, "letter": 0.125 * 72}

// TestPrintReady writes print-ready booklets on each paper and reads back
// from every page, with pdfcpu, a MediaBox of the paper plus the bleed on
// every side, a TrimBox of the paper inside it and a BleedBox equal to the
// MediaBox; checks that pdfcpu's strict validation passes, that every
// font is embedded, that the same input gives the same bytes, and that
// the pages and links are the ordinary booklet's moved by the bleed.
func TestPrintReady(t *testing.T) {
	d := packDoc(t, "marsh", engine.Options{Enemies: "creatures"})
	for _, p := range papers {
		t.Run(p.name, func(t *testing.T) {
			opt := booklet.Options{Paper: p.name, Created: created, Version: "0.1.0", PrintReady: true}
			pdf := write(t, d, opt)
			save(t, "print-"+p.name+".pdf", pdf)
			if again := write(t, d, opt); !bytes.Equal(pdf, again) {
				t.Error("two print-ready booklets from the same input differ")
			}
			b := bleeds[p.name]
			conf := model.NewDefaultConfiguration()
			conf.ValidationMode = model.ValidationStrict
			ctx, err := api.ReadContext(bytes.NewReader(pdf), conf)
			if err != nil {
				t.Fatalf("pdfcpu cannot read the booklet: %v", err)
			}
			if err := api.ValidateContext(ctx); err != nil {
				t.Fatalf("pdfcpu's strict validation fails: %v", err)
			}
			pbs, err := ctx.PageBoundaries(nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(pbs) == 0 {
				t.Fatal("no pages")
			}
			media := [4]float64{0, 0, p.w + 2*b, p.h + 2*b}
			trim := [4]float64{b, b, p.w + b, p.h + b}
			for i, pb := range pbs {
				for _, box := range []struct {
					name string
					got  *model.Box
					want [4]float64
				}{{"MediaBox", pb.Media, media}, {"TrimBox", pb.Trim, trim}, {"BleedBox", pb.Bleed, media}} {
					if box.got == nil || box.got.Rect == nil {
						t.Fatalf("page %d has no %s", i+1, box.name)
					}
					if got := corners(box.got.Rect); !near(got, box.want, 0.01) {
						t.Fatalf("page %d: %s %.3f, want %.3f", i+1, box.name, got, box.want)
					}
				}
			}
			fonts := embeddedFonts(t, ctx)
			if fonts == 0 {
				t.Error("no fonts found")
			}

			// The ordinary booklet has the same pages (the print-ready one
			// adds Notes pages at the end), and every link
			// rectangle and destination of the print-ready one is its own
			// moved by the bleed.
			plain := write(t, d, booklet.Options{Paper: p.name, Created: created, Version: "0.1.0"})
			n, err := api.PageCount(bytes.NewReader(plain), nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(pbs) < n || len(pbs)-n >= press.PrintMultiple {
				t.Errorf("%d pages print-ready, %d in the ordinary booklet: want its pages and the fewest Notes pages that make a multiple of %d", len(pbs), n, press.PrintMultiple)
			}
			was, now := coords(plain), coords(pdf)
			if len(was) == 0 || len(was) != len(now) {
				t.Fatalf("%d link and bookmark coordinates print-ready, %d in the ordinary booklet", len(now), len(was))
			}
			for i := range was {
				if math.Abs(now[i]-was[i]-b) > 0.002 {
					t.Fatalf("coordinate %d is %.3f print-ready, %.3f in the ordinary booklet: want it moved by %.3f", i, now[i], was[i], b)
				}
			}
		})
	}
}

// TestPrintReadyPageCount checks that a print-ready booklet's page count
// is a multiple of press.PrintMultiple.
func TestPrintReadyPageCount(t *testing.T) {
	for _, d := range []booklet.Doc{packDoc(t, "marsh", engine.Options{Enemies: "creatures"}), campaignDoc(t, "summer")} {
		pdf := write(t, d, booklet.Options{Paper: "a4", Created: created, PrintReady: true})
		n, err := api.PageCount(bytes.NewReader(pdf), nil)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			t.Fatalf("%s: no pages", d.Title)
		}
		if n%press.PrintMultiple != 0 {
			t.Errorf("%s: %d pages, not a multiple of %d", d.Title, n, press.PrintMultiple)
		}
		flat := write(t, d, booklet.Options{Paper: "a4", Created: created})
		m, err := api.PageCount(bytes.NewReader(flat), nil)
		if err != nil {
			t.Fatal(err)
		}
		if n < m || n-m >= press.PrintMultiple {
			t.Errorf("%s: %d print-ready pages from %d flat ones: want the fewest Notes pages that make a multiple of %d", d.Title, n, m, press.PrintMultiple)
		}
	}
}

// TestPrintReadyMargins renders every page of a print-ready booklet,
// MediaBox and all, and finds nothing printed in the bleed or within
// 10 mm of the trim: nothing in a booklet runs to the paper's edge, so
// nothing needs extending into the bleed, and the drawing sits where it
// did on the trimmed page.
func TestPrintReadyMargins(t *testing.T) {
	d := packDoc(t, "marsh", engine.Options{Enemies: "creatures"})
	path := save(t, "margins.pdf", write(t, d, booklet.Options{Paper: "letter", Created: created, PrintReady: true}))
	dir := t.TempDir()
	const dpi = 36
	if out, err := exec.Command(tool(t, "pdftoppm"), "-png", "-gray", "-r", strconv.Itoa(dpi), path, filepath.Join(dir, "p")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "p-*.png"))
	if len(files) < 10 {
		t.Fatalf("%d pages rendered", len(files))
	}
	edge := int((bleeds["letter"]/72*25.4 + 10) / 25.4 * dpi) // pixels from the paper's edge kept blank
	for _, f := range files {
		img := readPNG(t, f)
		bd := img.Bounds()
		if w := float64(bd.Dx()) / dpi * 72; math.Abs(w-(612+2*bleeds["letter"])) > 3 {
			t.Fatalf("%s: %.0f pt wide: pdftoppm did not render the MediaBox", f, w)
		}
		for y := bd.Min.Y; y < bd.Max.Y; y++ {
			for x := bd.Min.X; x < bd.Max.X; x++ {
				if x >= edge && x < bd.Max.X-edge && y >= edge && y < bd.Max.Y-edge {
					continue
				}
				if r, _, _, _ := img.At(x, y).RGBA(); r < 0xf000 {
					t.Fatalf("%s: ink at (%d, %d) px, within %d px of the paper's edge", filepath.Base(f), x, y, edge)
				}
			}
		}
	}
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// corners returns a rectangle as x0 y0 x1 y1.
func corners(r *types.Rectangle) [4]float64 {
	return [4]float64{r.LL.X, r.LL.Y, r.UR.X, r.UR.Y}
}

func near(a, b [4]float64, tol float64) bool {
	for i := range a {
		if math.Abs(a[i]-b[i]) > tol {
			return false
		}
	}
	return true
}

// linkCoords finds link rectangles and destinations in the objects fpdf
// writes uncompressed.
var linkCoords = regexp.MustCompile(`/Rect \[([-0-9.]+) ([-0-9.]+) ([-0-9.]+) ([-0-9.]+)\]|/XYZ ([-0-9.]+) ([-0-9.]+) `)

// coords returns every link rectangle's and destination's numbers, in
// file order.
func coords(pdf []byte) []float64 {
	var out []float64
	for _, m := range linkCoords.FindAllSubmatch(pdf, -1) {
		for _, g := range m[1:] {
			if len(g) == 0 {
				continue
			}
			v, err := strconv.ParseFloat(string(g), 64)
			if err == nil {
				out = append(out, v)
			}
		}
	}
	return out
}

// embeddedFonts checks that every font the PDF holds has its program
// embedded (a FontFile, FontFile2 or FontFile3 in its descriptor) and
// returns how many fonts it found.
func embeddedFonts(t *testing.T, ctx *model.Context) int {
	t.Helper()
	n := 0
	for nr, e := range ctx.XRefTable.Table {
		if e == nil || e.Free || e.Object == nil {
			continue
		}
		dict, ok := e.Object.(types.Dict)
		if !ok || dict.Type() == nil || *dict.Type() != "Font" {
			continue
		}
		sub := dict.Subtype()
		if sub != nil && (*sub == "Type0" || *sub == "Type3") {
			continue // a composite font's program is its descendant's; a Type 3 font is drawn
		}
		n++
		fd, err := ctx.DereferenceDict(dict["FontDescriptor"])
		if err != nil || fd == nil {
			t.Errorf("font object %d has no font descriptor: a standard font, not embedded", nr)
			continue
		}
		if fd["FontFile"] == nil && fd["FontFile2"] == nil && fd["FontFile3"] == nil {
			t.Errorf("font object %d (%v) is not embedded", nr, fd["FontName"])
		}
	}
	return n
}
