package face

import (
	"bytes"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"

	"github.com/go-fonts/dejavu/dejavusans"
	"github.com/go-fonts/dejavu/dejavusansbold"
	"github.com/sortie-wargames/sortie/generator/booklet/fpdf"
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
					// SplitText breaks at a no-break space, Split never
					// does (TestSplitShuffled): the lines are compared
					// with each one a space.
					s := strings.Map(func(c rune) rune {
						if NoBreak(c) {
							return ' '
						}
						return c
					}, s)
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
// beyond the width table, invalid UTF-8, long words and short ones, and
// no-break spaces. SplitText breaks at a no-break space as at any space;
// Split never does, so a text with one is compared with SplitText's lines
// of the same text with each no-break space replaced by a letter as wide
// (a rune the pieces never hold), put back in its lines.
func TestSplitShuffled(t *testing.T) {
	f := fpdf.New("P", "mm", "A4", "")
	var face *Face
	face.AddFont(f, Sans, "")
	f.SetFont(Sans, "", 9)
	tab := face.Widths(Sans, "")
	unit := 9 / f.GetConversionRatio()
	pieces := []string{"a", "Wm", "word", "longerwordthanmost", " ", "  ", "\n", "\t", "\u3000", "\u2009", "中", "–", "é",
		"\U0001F600", "\xff", "\xe2\x80", "Rep 4–6 · 2d6", "\u200b", "\u00a0", "\u2007", "Strike\u00a0off"}
	nb := []rune{'\u00a0', '\u2007'}
	// as holds, for each no-break space, a letter as wide that no piece
	// holds.
	as := map[rune]rune{}
	for _, c := range nb {
		for l := rune(0x100); l < 0x10000; l++ {
			if unicode.IsLetter(l) && !Breaks(l) && tab.at(l) == tab.at(c) && tab.at(l) > 0 && !slices.Contains(slices.Collect(maps.Values(as)), l) {
				as[c] = l
				break
			}
		}
		if as[c] == 0 {
			t.Fatalf("no letter as wide as %U", c)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	withNB := 0
	ones := 0
	plain := pieces[:len(pieces)-3] // no no-break space: half the texts
	for k := range 4000 {
		ps := pieces
		if k%2 == 0 {
			ps = plain
		}
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString(ps[rng.IntN(len(ps))])
		}
		s := b.String()
		w := 1 + rng.Float64()*60
		got, want := tab.Split(s, w, f.GetCellMargin(), unit), f.SplitText(s, w)
		if strings.ContainsFunc(s, NoBreak) {
			withNB++
			sub := s
			for c, l := range as {
				sub = strings.ReplaceAll(sub, string(c), string(l))
			}
			want = f.SplitText(sub, w)
			for k := range want {
				for c, l := range as {
					want[k] = strings.ReplaceAll(want[k], string(l), string(c))
				}
			}
		}
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
	if withNB < 1000 || withNB > 3000 {
		t.Errorf("%d texts of 4000 with a no-break space: want both kinds compared", withNB)
	}
	if err := f.Error(); err != nil {
		t.Fatal(err)
	}
}

// TestSplitNoBreak checks that a header's words joined by a no-break
// space stay on one line where a space lets them part, that the line
// keeps the no-break space, and that Fields keeps them one word.
func TestSplitNoBreak(t *testing.T) {
	var face *Face
	tab := face.Widths(Sans, "B")
	const size = 8.5 / 72 * 25.4 // 8.5 pt in mm
	w := tab.Width("Roll strike", size) + 0.3
	if got := tab.Split("Roll strike off", w, 0, size); !slices.Equal(got, []string{"Roll strike", "off"}) {
		t.Fatalf("%q in %.1f mm: %q", "Roll strike off", w, got)
	}
	if got := tab.Split("Roll strike\u00a0off", w, 0, size); !slices.Equal(got, []string{"Roll", "strike\u00a0off"}) {
		t.Errorf("%q in %.1f mm: %q, want the joined words on one line", "Roll strike\u00a0off", w, got)
	}
	if got := Fields("Strike\u00a0off  the\u202fphase\tnow"); !slices.Equal(got, []string{"Strike\u00a0off", "the\u202fphase", "now"}) {
		t.Errorf("Fields gives %q", got)
	}
}

// TestAddFontAsFromBytes checks the fonts parsed once for every document
// (AddFont, fpdf's ParseUTF8Font): a document that adds them prints the
// same bytes as one given each font's file, as fpdf's own
// AddUTF8FontFromBytes adds it, and documents on several goroutines at
// once print the same bytes as one alone (run under -race, they share
// what was parsed without a write).
func TestAddFontAsFromBytes(t *testing.T) {
	text := "Rep 4: Pass 2d6 4/9 · 44% – ×½ “quoted” Æra"
	doc := func(add func(p *fpdf.Fpdf, family, style string)) []byte {
		return fontDoc(t, text, add)
	}

	var f *Face // the built-in face
	want := doc(func(p *fpdf.Fpdf, family, style string) {
		p.AddUTF8FontFromBytes(family, style, bytes.Clone(or(f).ttf[family+style]))
	})
	got := doc(f.AddFont)
	if !bytes.Equal(got, want) {
		t.Fatalf("a document with the fonts parsed once: %d bytes, unlike the %d of one given their files", len(got), len(want))
	}
	var wg sync.WaitGroup
	outs := make([][]byte, 4)
	for i := range outs {
		wg.Go(func() { outs[i] = doc(f.AddFont) })
	}
	wg.Wait()
	for i, b := range outs {
		if !bytes.Equal(b, want) {
			t.Errorf("document %d of 4 at once: %d bytes, unlike the %d of one alone", i+1, len(b), len(want))
		}
	}
	// Other characters are another subset, not the one kept for the
	// text above: cut afresh, then kept.
	other := "Quick jinx: 7 vs 8, zany wolves"
	want = fontDoc(t, other, func(p *fpdf.Fpdf, family, style string) {
		p.AddUTF8FontFromBytes(family, style, bytes.Clone(or(f).ttf[family+style]))
	})
	for i := range 2 {
		if got := fontDoc(t, other, f.AddFont); !bytes.Equal(got, want) {
			t.Errorf("document %d of other characters: %d bytes, unlike the %d of one given the font files", i+1, len(got), len(want))
		}
	}
}

// fontDoc is a page of text in each of the face's fonts, added by add.
func fontDoc(t *testing.T, text string, add func(p *fpdf.Fpdf, family, style string)) []byte {
	t.Helper()
	p := fpdf.New("P", "mm", "A4", "")
	p.SetCatalogSort(true)
	p.SetCreationDate(time.Unix(0, 0).UTC())
	p.SetModificationDate(time.Unix(0, 0).UTC())
	p.AddPage()
	y := 20.0
	for _, s := range []struct{ family, style string }{{Sans, ""}, {Sans, "B"}, {Sans, "I"}, {Sans, "BI"}, {Mono, ""}} {
		add(p, s.family, s.style)
		p.SetFont(s.family, s.style, 11)
		p.Text(20, y, text)
		y += 10
	}
	var b bytes.Buffer
	if err := p.Output(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestMeasureAsFpdf checks the width tables measure reads, which skip
// asking SplitText of the runes a font's cmap does not list, against
// tables read by asking fpdf of every rune: the built-in face and one of
// other fonts (DejaVu, its italics falling back to the upright).
func TestMeasureAsFpdf(t *testing.T) {
	dejavu, err := New(dejavusans.TTF, dejavusansbold.TTF, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, fc := range map[string]*Face{"built-in": or(nil), "DejaVu": dejavu} {
		for _, fs := range fontStyles() {
			want := measureByAsking(t, fc.ttf[fs.key()], fs.family, fs.style)
			got := fc.widths[fs.key()]
			if got.missing != want.missing {
				t.Errorf("%s %s: missing width %d, fpdf's %d", name, fs.key(), got.missing, want.missing)
			}
			for r := range want.cw {
				if got.cw[r] != want.cw[r] {
					t.Errorf("%s %s: U+%04X is %d wide, fpdf's %d", name, fs.key(), r, got.cw[r], want.cw[r])
					break
				}
			}
		}
	}
}

// measureByAsking is measure's table for one font as measure read it
// before it skipped unmapped runes: fpdf asked of every rune.
func measureByAsking(t *testing.T, ttf []byte, family, style string) *Widths {
	t.Helper()
	p := fpdf.New("P", "mm", "A4", "")
	p.SetCellMargin(0)
	p.AddUTF8FontFromBytes(family, style, bytes.Clone(ttf))
	const size = 10
	p.SetFont(family, style, size)
	if err := p.Error(); err != nil {
		t.Fatal(err)
	}
	unit := size / p.GetConversionRatio()
	w := &Widths{cw: make([]int32, 0x10000), missing: p.GetFontDesc(family, style).MissingWidth}
	m := w.missing
	if m == 0 {
		m = 500
	}
	probe := 1.5 * float64(m) * unit / 1000
	for r := range rune(0x10000) {
		switch sw := p.GetStringSymbolWidth(string(r)); {
		case sw == 0:
			w.cw[r] = 65535
		case sw != m:
			w.cw[r] = int32(sw)
		case !slices.Equal(p.SplitText(string(r)+string(r), probe), []string{string(r) + string(r)}):
			w.cw[r] = int32(m)
		}
	}
	return w
}
