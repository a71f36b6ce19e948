package draw_test

import (
	"math"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"github.com/sortie-wargames/sortie/engine/board/draw"
)

// TestFontMeasureTable checks FontMeasure's kept advances against each
// rune looked up afresh, as FontMeasure did before it kept them: the same
// width to the bit, for every rune in and past the table, regular and
// bold, alone and in a word.
func TestFontMeasureTable(t *testing.T) {
	m, err := draw.FontMeasure(goregular.TTF, gobold.TTF, 1.2)
	if err != nil {
		t.Fatal(err)
	}
	reg, _ := sfnt.Parse(goregular.TTF)
	bf, _ := sfnt.Parse(gobold.TTF)
	fresh := func(text string, size float64, isBold bool) float64 {
		f := reg
		if isBold {
			f = bf
		}
		var b sfnt.Buffer
		em := 0.0
		for _, r := range text {
			i, err := f.GlyphIndex(&b, r)
			if err != nil {
				continue
			}
			if i == 0 {
				i, _ = f.GlyphIndex(&b, '?')
			}
			a, err := f.GlyphAdvance(&b, i, fixed.I(1000), font.HintingNone)
			if err != nil {
				continue
			}
			em += float64(a) / 64
		}
		return em / 1000 * size * draw.PtMM * 1.2
	}
	texts := []string{"", "Enemy deployment zone", "Ruined farmstead, 3 buildings", "Ærøskøbing — “quoted” ½ → ✓", "bad \xff byte", "日本"}
	for r := rune(0); r < 0x3000; r++ {
		texts = append(texts, string(r), "x"+string(r)+"Wy")
	}
	for _, text := range texts {
		for _, bold := range []bool{false, true} {
			for _, size := range []float64{draw.LabelPt, draw.NotePt, 9} {
				if got, want := m(text, size, bold), fresh(text, size, bold); math.Float64bits(got) != math.Float64bits(want) {
					t.Fatalf("%q at %v pt, bold %v: %v, afresh %v", text, size, bold, got, want)
				}
			}
		}
	}
}
