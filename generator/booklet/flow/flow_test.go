package flow_test

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/go-fonts/liberation/liberationsansbold"
	"github.com/go-fonts/liberation/liberationsansbolditalic"
	"github.com/go-fonts/liberation/liberationsansitalic"
	"github.com/go-fonts/liberation/liberationsansregular"
	"github.com/sortie-wargames/sortie/engine/board/draw"
	"github.com/sortie-wargames/sortie/generator/booklet/face"
	"github.com/sortie-wargames/sortie/generator/booklet/flow"
	"github.com/sortie-wargames/sortie/generator/booklet/fpdf"
)

// TestWidthIsFpdfs checks that a setter measures every style as fpdf
// does with the same font set, to the bit: the booklet places what flow
// measured and fpdf draws it.
func TestWidthIsFpdfs(t *testing.T) {
	p := fpdf.New("P", "mm", "A4", "")
	for style, ttf := range map[string][]byte{"": liberationsansregular.TTF, "B": liberationsansbold.TTF, "I": liberationsansitalic.TTF, "BI": liberationsansbolditalic.TTF} {
		p.AddUTF8FontFromBytes(face.Sans, style, bytes.Clone(ttf))
	}
	s := flow.New(nil)
	texts := []string{"Rep", "Dwarves – Red Sun", "2d6 = 6 + 1 = 7 (row 7)", "×½→", "Stre", "Ambush!", " "}
	for _, style := range []string{"", "B", "I", "BI"} {
		for _, size := range []float64{7, 7.25, 8.5, 9.5, 14.3} {
			p.SetFont(face.Sans, style, draw.Snap(size))
			for _, text := range texts {
				if got, want := s.Width(text, style, size), p.GetStringWidth(text); got != want {
					t.Errorf("Width(%q, %q, %g) = %v, fpdf gives %v", text, style, size, got, want)
				}
			}
		}
	}
	if err := p.Error(); err != nil {
		t.Fatal(err)
	}
}

// TestLines sets random paragraphs at random widths and checks what
// every line must hold: no line wider than the width unless it breaks a
// word wider than the width (and says so), every word kept whole
// otherwise and in order, styles merged, the same lines every time.
func TestLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 26))
	words := []string{"PEF", "resolve", "Rep", "encounter", "Dwarves", "–", "2d6", "Superlongwordthatcannotfitanywhere", "a", "of", "Skirmishers"}
	styles := []string{"", "B", "I", "BI"}
	for i := range 300 {
		var runs []flow.Run
		var all []string
		for range 1 + rng.IntN(4) {
			var ws []string
			for range 1 + rng.IntN(12) {
				ws = append(ws, words[rng.IntN(len(words))])
			}
			all = append(all, ws...)
			runs = append(runs, flow.Run{Text: strings.Join(ws, " ") + " ", Style: styles[rng.IntN(len(styles))]})
		}
		size := 7 + float64(rng.IntN(12))*0.25
		w := 20 + rng.Float64()*80
		s := flow.New(nil)
		lines := s.Lines(runs, size, w)
		if again := flow.New(nil).Lines(runs, size, w); !equal(lines, again) {
			t.Fatalf("case %d: two setters set the same runs differently", i)
		}
		var got []string
		for n, l := range lines {
			width := 0.0
			var text strings.Builder
			for k, sg := range l {
				width += sg.W
				text.WriteString(sg.Text)
				if k > 0 && l[k-1].Style == sg.Style {
					t.Errorf("case %d line %d: neighbouring segs of style %q not merged", i, n, sg.Style)
				}
				if want := s.Width(sg.Text, sg.Style, size); abs(want-sg.W) > 1e-9 {
					t.Errorf("case %d line %d: seg %q measured %v, is %v", i, n, sg.Text, sg.W, want)
				}
			}
			broken := len(l) > 0 && l[len(l)-1].Broken != ""
			if width > w+0.01 && !broken {
				t.Errorf("case %d line %d: %q is %.2f mm wide in %.2f mm and breaks no word", i, n, text.String(), width, w)
			}
			if !broken {
				got = append(got, strings.Fields(text.String())...)
			}
		}
		// Whole words come out in order: compare without the broken ones.
		var want []string
		long := s.Width(words[7], "BI", size) > w+0.01 || s.Width(words[7], "", size) > w+0.01
		for _, wd := range all {
			if !(long && wd == words[7]) {
				want = append(want, wd)
			}
		}
		if !long && strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("case %d: words out of order or lost:\n got %q\nwant %q", i, got, want)
		}
	}
}

// TestBrokenWord checks that a word wider than the line is broken where
// it must, and the line that ends inside it names it.
func TestBrokenWord(t *testing.T) {
	s := flow.New(nil)
	lines := s.Lines([]flow.Run{{Text: "Superlongwordthatcannotfitanywhere"}}, 9.5, 15)
	if len(lines) < 2 {
		t.Fatalf("a word wider than the line set in %d line(s)", len(lines))
	}
	for _, l := range lines[:len(lines)-1] {
		if l[len(l)-1].Broken != "Superlongwordthatcannotfitanywhere" {
			t.Errorf("line %q ends inside the word but says Broken %q", l[len(l)-1].Text, l[len(l)-1].Broken)
		}
	}
	if got := lines[len(lines)-1]; got[len(got)-1].Broken != "" {
		t.Errorf("the word's last line says Broken %q", got[len(got)-1].Broken)
	}
	if got := s.Lines(nil, 9.5, 50); len(got) != 1 || len(got[0]) != 0 {
		t.Errorf("no text set as %v, want one empty line", got)
	}
}

func equal(a, b [][]flow.Seg) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) {
			return false
		}
		for j := range a[i] {
			if a[i][j] != b[i][j] {
				return false
			}
		}
	}
	return true
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// TestSettersShareLines checks that two setters of one face share what
// they set (the second is handed the first's lines), that a setter of
// another face (of the same fonts) sets its own, the same, and that
// setters at work in several goroutines at once get those lines.
func TestSettersShareLines(t *testing.T) {
	runs := []flow.Run{{Text: "The warband crosses the marsh at dawn; two PEFs wait in the reeds.", Style: ""}, {Text: " Then more.", Style: "B"}}
	a := flow.New(nil).Lines(runs, 9, 40)
	b := flow.New(nil).Lines(runs, 9, 40)
	if len(a) < 2 || &a[0] != &b[0] {
		t.Fatalf("two setters of the built-in face set %d lines apart", len(a))
	}
	own, err := face.New(liberationsansregular.TTF, liberationsansbold.TTF, liberationsansitalic.TTF, liberationsansbolditalic.TTF)
	if err != nil {
		t.Fatal(err)
	}
	c := flow.New(own).Lines(runs, 9, 40)
	if &c[0] == &a[0] || !reflect.DeepEqual(a, c) {
		t.Fatalf("a face of the same fonts: %v (shared %v), the built-in face's %v", c, &c[0] == &a[0], a)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			s, fresh := flow.New(nil), flow.New(own)
			for i := range 300 {
				w := 20 + float64((i*7+g)%50)
				if got, want := s.Lines(runs, 9, w), fresh.Lines(runs, 9, w); !reflect.DeepEqual(got, want) {
					t.Errorf("at %g mm: %v, in a face of the same fonts %v", w, got, want)
					return
				}
			}
		})
	}
	wg.Wait()
}
