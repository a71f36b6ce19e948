package draw

import (
	"fmt"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Measure gives the width in mm of text set at size points, bold or
// regular, in the face a renderer prints it in. Board places every label
// by it: the booklets pass their PDF fonts' own widths, the site the
// widths of the faces it names.
type Measure func(text string, size float64, bold bool) float64

// The white box a renderer draws behind a label reaches HaloX beyond its
// text on the left and right and HaloY above and below its line, which is
// Leading times its size high.
const (
	HaloX   = 0.8
	HaloY   = 0.2
	Leading = 1.28
)

// TextBox is the width and height of the box a label of text at size
// points takes, white box included.
func TextBox(measure Measure, text string, size float64, bold bool) (w, h float64) {
	return measure(text, size, bold) + 2*HaloX, size*PtMM*Leading + 2*HaloY
}

// FontMeasure measures with the advance widths of two TrueType or
// OpenType fonts, regular and bold, times widen: 1 for the face itself, more
// to leave room for a wider face a browser may print in instead.
func FontMeasure(regular, bold []byte, widen float64) (Measure, error) {
	reg, err := sfnt.Parse(regular)
	if err != nil {
		return nil, fmt.Errorf("failed to parse the regular font: %w", err)
	}
	bf, err := sfnt.Parse(bold)
	if err != nil {
		return nil, fmt.Errorf("failed to parse the bold font: %w", err)
	}
	// Advances at 1000 units to the em. A Font is safe to share; each
	// call has its own Buffer, so one Measure serves parallel builds.
	adv := func(f *sfnt.Font, b *sfnt.Buffer, r rune) float64 {
		i, err := f.GlyphIndex(b, r)
		if err != nil {
			return 0
		}
		if i == 0 { // a rune the face lacks prints as its notdef box
			i, _ = f.GlyphIndex(b, '?')
		}
		a, err := f.GlyphAdvance(b, i, fixed.I(1000), font.HintingNone)
		if err != nil {
			return 0
		}
		return float64(a) / 64
	}
	// The advances of the runes below tableRunes, each looked up once
	// (on first use): fitting a board's labels measures the same few
	// words over and over, and a lookup through sfnt was a third of the
	// time a board took to draw on the site. The sums are the same
	// numbers added in the same order, so the widths are the same bits.
	var (
		once  sync.Once
		table [2][tableRunes]float64 // regular, bold
	)
	fill := func() {
		var b sfnt.Buffer
		for r := range rune(tableRunes) {
			table[0][r], table[1][r] = adv(reg, &b, r), adv(bf, &b, r)
		}
	}
	return func(text string, size float64, isBold bool) float64 {
		once.Do(fill)
		f, k := reg, 0
		if isBold {
			f, k = bf, 1
		}
		var b *sfnt.Buffer // for a rune past the table
		em := 0.0
		for _, r := range text {
			if r >= 0 && r < tableRunes {
				em += table[k][r]
				continue
			}
			if b == nil {
				b = new(sfnt.Buffer)
			}
			em += adv(f, b, r)
		}
		return em / 1000 * size * PtMM * widen
	}, nil
}

// tableRunes bounds the runes whose advances a FontMeasure keeps: Latin
// and its extensions, what boards' labels are written in.
const tableRunes = 0x250
