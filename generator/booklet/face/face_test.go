package face

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"

	"codeberg.org/go-pdf/fpdf"
	"github.com/go-fonts/dejavu/dejavusans"
	"github.com/go-fonts/dejavu/dejavusansbold"
)

// TestBuiltinFaceCovers checks that the built-in face prints every
// character the booklets print of their own (the odds' dashes, the dice's
// arrows, fractions, marks), and spells out what it lacks.
func TestBuiltinFaceCovers(t *testing.T) {
	var f *Face
	if lack := f.Lacks("Rep 4–6 · 2d6 = 3 + 6 = 9 → Woods ×2 ½ ⅓ ⅔ … † • ← ≤ ≥ − ± ² © é Æ — “quoted” ‘a’ left-hand"); len(lack) != 0 {
		t.Errorf("the built-in face lacks %q", string(lack))
	}
	if got := f.Lacks("北京 北 😀\tx"); !slices.Equal(got, []rune{'北', '京', '😀'}) {
		t.Errorf("Lacks: %q, want 北京😀, each once, controls left to the site's checks", string(got))
	}
	if got := f.SeedLacks("seed-0Ol1"); got != nil {
		t.Errorf("SeedLacks of an ASCII seed: %q", string(got))
	}
	if got := (*Face)(nil).Printable("a 北"); got != "a <U+5317>" {
		t.Errorf("printable: %q", got)
	}
}

// TestSiteFace checks a face made of a site's own font: it prints what
// the built-in face lacks, measures as fpdf does, falls back to the
// regular file for a style not given, and refuses what is not a
// TrueType font.
func TestSiteFace(t *testing.T) {
	face, err := New(dejavusans.TTF, dejavusansbold.TTF, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if lack := face.Lacks("✓ ☐ Ω"); len(lack) != 0 {
		t.Errorf("DejaVu Sans lacks %q", string(lack))
	}
	if lack := (*Face)(nil).Lacks("✓"); len(lack) != 1 {
		t.Fatal("the built-in face has ✓: pick a character it lacks")
	}
	if face.Widths(Sans, "I") != face.Widths(Sans, "") || face.Widths(Sans, "BI") != face.Widths(Sans, "B") {
		t.Error("a style not given does not share its fallback's table")
	}
	same(t, face, []string{"Done ✓ ☐", "Ω 北 😀 x", "The warband crosses the marsh at dawn ✓; two PEFs wait."}, []float64{9.5}, []float64{30})
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"nil", nil, "no regular style"},
		{"text", []byte("---\ntitle: not a font\n---\n"), "not a TrueType or OpenType font"},
		{"cff", append([]byte("OTTO"), make([]byte, 64)...), "PostScript (CFF) outlines"},
		{"collection", append([]byte("ttcf"), make([]byte, 64)...), "font collection"},
		{"woff", append([]byte("wOF2"), make([]byte, 64)...), "web font"},
		{"truncated", dejavusans.TTF[:4096], "failed to read font"},
	} {
		if _, err := New(c.data, nil, nil, nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}

// same checks face's width tables against fpdf's own GetStringWidth and
// SplitText, with every font of the face added to an fpdf document: each
// of strs in every style at every size, wrapped at every width.
func same(t *testing.T, face *Face, strs []string, sizes, widths []float64) {
	t.Helper()
	f := fpdf.New("P", "mm", "A4", "")
	for _, fs := range fontStyles() {
		face.AddFont(f, fs.family, fs.style)
	}
	for _, fs := range fontStyles() {
		tab := face.Widths(fs.family, fs.style)
		for _, size := range sizes {
			f.SetFont(fs.family, fs.style, size)
			unit := size / f.GetConversionRatio()
			for _, s := range strs {
				if got, want := tab.Width(s, unit), f.GetStringWidth(s); got != want {
					t.Fatalf("%s %q at %gpt: width %v, fpdf measures %v", fs.key(), s, size, got, want)
				}
				if len(s) > 40 || size == 9.5 {
					for _, w := range widths {
						f.SetCellMargin(w / 50)
						if got, want := tab.Split(s, w, f.GetCellMargin(), unit), f.SplitText(s, w); !slices.Equal(got, want) {
							t.Fatalf("%s %q at %gpt in %g mm: lines %q, fpdf splits %q", fs.key(), s, size, w, got, want)
						}
					}
				}
			}
		}
	}
	if err := f.Error(); err != nil {
		t.Fatal(err)
	}
}

// TestFontWidths checks the built-in face's width tables against fpdf's
// own GetStringWidth and SplitText, for every font and several sizes:
// every rune each font maps (measured alone and in runs with its
// neighbours), runes it does not map, and mixed text, wrapped at several
// widths.
func TestFontWidths(t *testing.T) {
	cov := builtinFace().cov
	var covered []rune
	for _, m := range append(cov.maps, cov.mono) {
		for _, rg := range m.ranges {
			for c := rg[0]; c <= rg[1] && c < 0x10000; c++ {
				covered = append(covered, c)
			}
		}
	}
	strs := []string{"", " ", "Card 12", "2d6 = 3 + 6 = 9", "Sortie – “quoted” ×½ …", "\x00", "\xff\xfe", "日本語", "\U0001F600", "a\U0010FFFFb",
		"The warband crosses the marsh at dawn; two PEFs wait in the reeds.\nThen\n\nmore\n\n", "a\u0301b\u200bc\u00a0d\te\u3000f", "中文字符中文字符中文字符中文字符", "\U0001F600 \U0001F600 \U0001F600 \U0001F600"}
	var long strings.Builder
	for i, c := range covered {
		long.WriteRune(c)
		if i%5 == 4 {
			long.WriteByte(' ')
		}
	}
	strs = append(strs, long.String())
	for i := 0; i < len(covered); i += 7 {
		strs = append(strs, string(covered[i:min(i+7, len(covered))]))
	}
	for _, c := range covered {
		strs = append(strs, string(c))
	}
	same(t, nil, strs, []float64{5.5, 7.5, 9.5, 13, 16.25}, []float64{3, 17.5, 60, 180})
}

// TestCoverageBits checks the coverage's bit sets against the fonts'
// character maps, for every rune.
func TestCoverageBits(t *testing.T) {
	c := builtinFace().cov
	for r := rune(-1); r <= unicode.MaxRune+1; r++ {
		if got, want := c.has(r), c.hasAll(r); got != want {
			t.Fatalf("U+%04X: has %v, the character maps say %v", r, got, want)
		}
		if got, want := c.monoHasRune(r), c.mono.has(r); got != want {
			t.Fatalf("U+%04X: Go Mono has %v, its character map says %v", r, got, want)
		}
	}
	if !c.has('A') || c.has(0x10000) || !c.monoHasRune('0') {
		t.Error("coverage misses A or 0, or has U+10000")
	}
}

// TestSplitShuffled checks Split against fpdf's SplitText on texts a
// seeded shuffle makes of the pieces that steer a wrapping: spaces of
// one byte and of several, newlines (trailing ones too), CJK, runes
// beyond the width table, invalid UTF-8, long words and short ones.
func TestSplitShuffled(t *testing.T) {
	f := fpdf.New("P", "mm", "A4", "")
	var face *Face
	face.AddFont(f, Sans, "")
	f.SetFont(Sans, "", 9)
	tab := face.Widths(Sans, "")
	unit := 9 / f.GetConversionRatio()
	pieces := []string{"a", "Wm", "word", "longerwordthanmost", " ", "  ", "\n", "\t", "\u00a0", "\u3000", "\u2009", "中", "–", "é",
		"\U0001F600", "\xff", "\xe2\x80", "Rep 4–6 · 2d6", "\u200b"}
	rng := rand.New(rand.NewPCG(3, 4))
	ones := 0
	for range 4000 {
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		w := 1 + rng.Float64()*60
		got, want := tab.Split(s, w, f.GetCellMargin(), unit), f.SplitText(s, w)
		if !slices.Equal(got, want) {
			t.Fatalf("%q in %g mm: lines %q, fpdf splits %q", s, w, got, want)
		}
		one := tab.OneLine(s, w, f.GetCellMargin(), unit)
		if one && len(got) > 1 {
			t.Fatalf("%q in %g mm: OneLine, and fpdf splits %q", s, w, got)
		}
		// Text with no newline that fpdf keeps on one line, its last rune
		// not past the width, is OneLine (but for a zero-width space,
		// which SplitText counts 65.535 ems wide and GetStringWidth 0).
		if !one && len(got) <= 1 && !strings.Contains(strings.TrimRight(s, "\n"), "\n") && !strings.Contains(s, "\u200b") &&
			f.GetStringWidth(s) < w-2*f.GetCellMargin()-1 {
			t.Fatalf("%q in %g mm: one line, %g mm wide, and not OneLine", s, w, f.GetStringWidth(s))
		}
		if one {
			ones++
		}
	}
	if ones < 400 {
		t.Errorf("OneLine only %d times in 4000", ones)
	}
	if err := f.Error(); err != nil {
		t.Fatal(err)
	}
}
