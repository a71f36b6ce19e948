package booklet

import (
	"slices"
	"strings"
	"testing"

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
	if got := builtinFace().cov.printable("a 北"); got != "a <U+5317>" {
		t.Errorf("printable: %q", got)
	}
}

// TestSiteFace checks a face made of a site's own font: it prints what
// the built-in face lacks, measures as fpdf does, falls back to the
// regular file for a style not given, and refuses what is not a
// TrueType font.
func TestSiteFace(t *testing.T) {
	face, err := NewFace(dejavusans.TTF, dejavusansbold.TTF, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if lack := face.Lacks("✓ ☐ Ω"); len(lack) != 0 {
		t.Errorf("DejaVu Sans lacks %q", string(lack))
	}
	if lack := (*Face)(nil).Lacks("✓"); len(lack) != 1 {
		t.Fatal("the built-in face has ✓: pick a character it lacks")
	}
	if face.widths[sans+"I"] != face.widths[sans] || face.widths[sans+"BI"] != face.widths[sans+"B"] {
		t.Error("a style not given does not share its fallback's table")
	}
	f := fpdf.New("P", "mm", "A4", "")
	face.addFonts(f, true)
	p := newPDF(f, face, true, false)
	for _, fs := range fontStyles() {
		for _, s := range []string{"Done ✓ ☐", "Ω 北 😀 x", "The warband crosses the marsh at dawn ✓; two PEFs wait."} {
			f.SetFont(fs.family, fs.style, 9.5)
			p.SetFont(fs.family, fs.style, 9.5)
			if got, want := p.GetStringWidth(s), f.GetStringWidth(s); got != want {
				t.Errorf("%s %q: width %v, fpdf measures %v", fs.key(), s, got, want)
			}
			if got, want := p.SplitText(s, 30), f.SplitText(s, 30); !slices.Equal(got, want) {
				t.Errorf("%s %q: lines %q, fpdf splits %q", fs.key(), s, got, want)
			}
		}
	}
	if err := f.Error(); err != nil {
		t.Fatal(err)
	}
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
		if _, err := NewFace(c.data, nil, nil, nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}
