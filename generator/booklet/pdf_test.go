package booklet

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/generator/booklet/fpdf"

	"github.com/sortie-wargames/sortie/generator/booklet/face"
)

// allFonts lists every font a document can print in.
var allFonts = []fontSel{{family: face.Sans}, {family: face.Sans, style: "B"}, {family: face.Sans, style: "I"}, {family: face.Sans, style: "BI"}, {family: face.Mono}}

// TestPDFMeasures checks that the document measures with the face's width
// tables exactly as fpdf measures with the font set, sizes and widths
// snapped as everything it is given: every font at several sizes, text
// the fonts have and text they lack, wrapped at several widths. (Package
// face checks the tables themselves, rune by rune.)
func TestPDFMeasures(t *testing.T) {
	f := fpdf.New("P", "mm", "A4", "")
	for _, fs := range allFonts {
		(*face.Face)(nil).AddFont(f, fs.family, fs.style)
	}
	p := newPDF(f, nil, true)
	strs := []string{"", "Card 12", "2d6 = 3 + 6 = 9", "Sortie – “quoted” ×½ …", "日本語 \U0001F600", "a\u0301b\u200bc\u00a0d\te\u3000f",
		"The warband crosses the marsh at dawn; two PEFs wait in the reeds.\nThen\n\nmore\n\n"}
	for _, fs := range allFonts {
		for _, size := range []float64{5.5, 7.5, 9.5, 13.1, 16.25} {
			f.SetFont(fs.family, fs.style, sn(size))
			p.SetFont(fs.family, fs.style, size)
			for _, s := range strs {
				if got, want := p.GetStringWidth(s), f.GetStringWidth(s); got != want {
					t.Fatalf("%s %q at %gpt: width %v, fpdf measures %v", fs.key(), s, size, got, want)
				}
				// SplitText breaks at a no-break space, the face never
				// does (face.TestSplitShuffled): split as a space here.
				s := strings.ReplaceAll(s, "\u00a0", " ")
				for _, w := range []float64{3, 17.55, 60, 180} {
					f.SetCellMargin(w / 50)
					if got, want := p.SplitText(s, w), f.SplitText(s, sn(w)); !slices.Equal(got, want) {
						t.Fatalf("%s %q at %gpt in %g mm: lines %q, fpdf splits %q", fs.key(), s, size, w, got, want)
					}
				}
			}
		}
	}
	if err := f.Error(); err != nil {
		t.Fatal(err)
	}
}

// contentOf returns a one-page document's uncompressed page content, after
// draw has drawn on it.
func contentOf(t *testing.T, draw func(p pdf)) string {
	t.Helper()
	f := fpdf.New("P", "mm", "A4", "")
	f.SetCompression(false)
	f.SetCellMargin(0)
	p := newPDF(f, nil, false)
	p.SetFont(face.Sans, "", bodySize)
	p.apply()
	p.AddPage()
	draw(p)
	var out bytes.Buffer
	if err := f.Output(&out); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	// The first page's content is the first stream.
	start := strings.Index(s, "stream\n")
	end := strings.Index(s, "endstream")
	if start < 0 || end < start {
		t.Fatal("no content stream")
	}
	return s[start:end]
}

// fonts lists the font operators of a page's content, in order.
func fonts(content string) []string {
	var out []string
	for _, l := range strings.Split(content, "\n") {
		if strings.HasSuffix(l, " Tf ET") {
			out = append(out, strings.TrimSuffix(strings.TrimPrefix(l, "BT "), " ET"))
		}
	}
	return out
}

// TestLazyFont checks that setting a font to measure with writes nothing
// to the page, and that text is drawn in the font last set: after
// measurements in other fonts, after a page break whose header sets its
// own font, and after a restored graphics state (a clip ended), which
// undoes a font set inside it.
func TestLazyFont(t *testing.T) {
	draw := func(p pdf) {
		p.SetFont(face.Sans, "", bodySize)
		p.SetXY(20, 20)
		p.CellFormat(50, 5, "drawn", "", 0, "L", false, 0, "")
	}
	plain := contentOf(t, draw)
	measured := contentOf(t, func(p pdf) {
		for _, st := range []string{"B", "I", "BI", ""} {
			p.SetFont(face.Sans, st, 14)
			p.GetStringWidth("measured, not drawn")
		}
		draw(p)
	})
	if got, want := fonts(measured), fonts(plain); !slices.Equal(got, want) {
		t.Errorf("measuring wrote font operators: %q, drawing alone %q", got, want)
	}

	clipped := contentOf(t, func(p pdf) {
		p.SetFont(face.Sans, "B", 12)
		p.SetXY(20, 20)
		p.CellFormat(50, 5, "bold", "", 0, "L", false, 0, "")
		p.ClipRect(10, 10, 100, 100, false)
		p.SetFont(face.Sans, "I", 8)
		p.CellFormat(50, 5, "italic, clipped", "", 0, "L", false, 0, "")
		p.ClipEnd()
		p.CellFormat(50, 5, "italic, after the clip", "", 0, "L", false, 0, "")
	})
	// After the clip's Q, which restores bold, italic is set again before
	// the text.
	q := strings.Index(clipped, "\nQ\n")
	after := clipped[q:]
	got := fonts(after)
	if q < 0 || len(got) != 1 || !strings.HasSuffix(got[0], " 8.00 Tf") || strings.Index(after, got[0]) > strings.Index(after, " Td ") {
		t.Errorf("the font is not set again after the clip:\n%s", clipped)
	}
}

// TestAddPageKeepsFont checks that the font wanted before a page break is
// the font wanted after it, whatever the footer and header set.
func TestAddPageKeepsFont(t *testing.T) {
	f := fpdf.New("P", "mm", "A4", "")
	p := newPDF(f, nil, false)
	head := func() {
		p.SetFont(face.Sans, "B", 20)
		p.SetXY(10, 5)
		p.CellFormat(50, 5, "head", "", 0, "L", false, 0, "")
	}
	f.SetHeaderFunc(head)
	f.SetFooterFunc(head)
	p.SetFont(face.Sans, "I", 7)
	p.apply()
	p.AddPage()
	p.SetFont(face.Sans, "", 9)
	p.AddPage()
	if p.font.want != (fontSel{family: face.Sans, size: 9}) {
		t.Errorf("after a page break the font wanted is %+v, want sans 9pt", p.font.want)
	}
	p.CellFormat(50, 5, "body", "", 0, "L", false, 0, "")
	if size, _ := f.GetFontSize(); size != 9 {
		t.Errorf("text drawn at %gpt, want 9pt", size)
	}
}

// TestFontsAddedWhenDrawn checks that a document embeds only the fonts it
// draws with, not every font it measured with.
func TestFontsAddedWhenDrawn(t *testing.T) {
	f := fpdf.New("P", "mm", "A4", "")
	p := newPDF(f, nil, true)
	p.AddPage()
	for _, s := range allFonts {
		p.SetFont(s.family, s.style, 10)
		p.GetStringWidth("measured")
	}
	p.SetFont(face.Sans, "B", 10)
	p.CellFormat(50, 5, "drawn", "", 0, "L", false, 0, "")
	var out bytes.Buffer
	if err := f.Output(&out); err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(out.Bytes(), []byte("/FontFile2")); n != 1 {
		t.Errorf("%d fonts embedded, want 1 (Liberation Sans Bold)", n)
	}
}

// TestGraphicsStateSkipsRepeats checks that setting a colour, line
// width or dash pattern the page has already writes nothing, that a
// change is written, and that after a graphics state is restored (where
// the page may have older ones) and on a new page the next setting is
// written again (fpdf writes it at the page's start).
func TestGraphicsStateSkipsRepeats(t *testing.T) {
	f := fpdf.New("P", "mm", "A4", "")
	f.SetCompression(false)
	p := newPDF(f, nil, false)
	p.AddPage()
	ink := func() {
		p.SetDrawColor(0, 0, 0)
		p.SetFillColor(255, 255, 255)
		p.SetLineWidth(0.25)
		p.SetDashPattern(nil, 0)
	}
	ink()
	ink() // the same again: nothing
	p.SetDashPattern([]float64{2, 1.5}, 0)
	p.SetDashPattern([]float64{2, 1.5}, 0) // the same again: nothing
	ink()                                  // back to solid: the dash only
	p.ClipRect(10, 10, 50, 50, false)
	p.SetLineWidth(0.5)
	p.ClipEnd()
	ink() // after the restore: every one again
	ink() // and then nothing
	p.AddPage()
	ink() // the new page starts with fpdf's record: nothing
	var out bytes.Buffer
	if err := f.Output(&out); err != nil {
		t.Fatal(err)
	}
	doc := out.String()
	for _, c := range []struct {
		op   string
		want int
	}{
		{"0.71 w\n", 3},    // 0.25 mm: ink's first, after the restore, and at the second page's start (fpdf)
		{"0.000 G\n", 3},   // black: at each page's start (fpdf), and after the restore
		{"1.000 g\n", 3},   // white: ink's first, after the restore, and at the second page's start (fpdf)
		{"[] 0.00 d\n", 2}, // solid: after the dashes, and after the restore
		{"[5.67 4.25] 0.00 d\n", 1},
		{"1.42 w\n", 1}, // 0.5 mm, inside the clip
	} {
		if n := strings.Count(doc, c.op); n != c.want {
			t.Errorf("%q written %d times, want %d", c.op, n, c.want)
		}
	}
}
