// Package flow sets text into lines before anything is drawn: runs of
// text in several styles of a face, wrapped to a width at a size, each
// piece of a line measured. It knows the face (generator/booklet/face)
// and nothing of pages or PDFs: generator/booklet asks it how many lines
// a paragraph takes, places them, and draws the pieces where it placed
// them, so what is measured is what is drawn.
//
// Widths are fpdf's, to the last bit: a run measures what fpdf's
// GetStringWidth gives it with the same font set, at the size snapped to
// the drawing grid as the booklet sets every size.
package flow

import (
	"encoding/binary"
	"math"
	"strings"
	"sync"

	"github.com/sortie-wargames/sortie/engine/board/draw"
	"github.com/sortie-wargames/sortie/generator/booklet/face"
)

// Run is text in one style of the face: "", "B", "I" or "BI".
type Run struct{ Text, Style string }

// Seg is part of a line set in one style, measured: W is its width in
// mm. Broken is set on the last seg of a line that ends inside a word
// (one wider than the line), to the whole word.
type Seg struct {
	Text, Style string
	W           float64
	Broken      string
}

// Setter sets runs into lines in one face. It keeps the lines it set,
// as the same text is set to the same width many times over while a
// booklet is laid out and drawn, and every Setter of a face shares what
// is kept (the booklets of a build print the same rules, the same
// tables, at the same widths): lines it returns are read only. A Setter
// is not safe for use by several goroutines at once; each booklet's
// build has its own.
type Setter struct {
	face *face.Face
	kept *kept
	key  []byte
}

// kept is the lines set in one face, by what they were set from (Lines'
// key), for every Setter of the face: those set since the last turn
// (cur), and those set or used in the turn before (old). When cur holds
// keptMax sets it becomes old, and old is dropped: what the booklets
// keep using (a system's rules, its tables) stays, a booklet's own text
// goes, and the kept lines take a bounded room. Dropping lines changes
// none, only how soon they come.
type kept struct {
	mu       sync.Mutex
	cur, old map[string][][]Seg
}

const keptMax = 16_000

// get returns the kept lines of key, keeping them a turn longer.
func (k *kept) get(key []byte) ([][]Seg, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if lines, ok := k.cur[string(key)]; ok {
		return lines, true
	}
	lines, ok := k.old[string(key)]
	if ok {
		k.putLocked(string(key), lines)
	}
	return lines, ok
}

func (k *kept) put(key string, lines [][]Seg) {
	k.mu.Lock()
	k.putLocked(key, lines)
	k.mu.Unlock()
}

func (k *kept) putLocked(key string, lines [][]Seg) {
	if len(k.cur) >= keptMax {
		k.old, k.cur = k.cur, make(map[string][][]Seg, keptMax)
	}
	k.cur[key] = lines
}

// keptKey is the face's Memo key of its kept lines.
type keptKey struct{}

// New returns a setter in face f (nil for the built-in face).
func New(f *face.Face) *Setter {
	k := f.Memo(keptKey{}, func() any { return &kept{cur: map[string][][]Seg{}} }).(*kept)
	return &Setter{face: f, kept: k}
}

// ptPerMM is points per millimetre: a size in points over it is the
// size in fpdf's document unit, as fpdf's scale factor for mm has it.
const ptPerMM = 72.0 / 25.4

// Width is the width in mm of s in a style of the face's reading text at
// size points, as fpdf measures it.
func (s *Setter) Width(text, style string, size float64) float64 {
	return s.widths(style).Width(text, draw.Snap(size)/ptPerMM)
}

// widths is the width table of a style of the reading text.
func (s *Setter) widths(style string) *face.Widths {
	style = strings.ToUpper(style)
	if style == "IB" {
		style = "BI"
	}
	return s.face.Widths(face.Sans, style)
}

// Lines wraps runs to width w (mm) at size points: words break at
// spaces, and a word wider than a line breaks where it must (its last
// seg on the line says so, Broken). Neighbouring segs of one style are
// merged, so a line is drawn in few pieces. Text the face cannot print
// is spelt out first (face.Printable). It returns at least one line.
func (s *Setter) Lines(runs []Run, size, w float64) [][]Seg {
	key := s.key[:0]
	key = binary.LittleEndian.AppendUint64(key, math.Float64bits(size))
	key = binary.LittleEndian.AppendUint64(key, math.Float64bits(w))
	for _, rn := range runs {
		key = binary.AppendUvarint(key, uint64(len(rn.Style)))
		key = append(key, rn.Style...)
		key = binary.AppendUvarint(key, uint64(len(rn.Text)))
		key = append(key, rn.Text...)
	}
	s.key = key
	if lines, ok := s.kept.get(key); ok {
		return lines
	}
	lines := s.set(runs, size, w)
	s.kept.put(string(key), lines)
	return lines
}

// set is Lines without the kept lines.
func (s *Setter) set(runs []Run, size, w float64) [][]Seg {
	type word struct{ parts []Seg }
	var words []word
	cur := word{}
	flush := func() {
		if len(cur.parts) > 0 {
			words = append(words, cur)
			cur = word{}
		}
	}
	for _, rn := range runs {
		text := s.face.Printable(rn.Text)
		for i, f := range strings.Split(text, " ") {
			if i > 0 {
				flush()
			}
			if f != "" {
				cur.parts = append(cur.parts, Seg{Text: f, Style: rn.Style})
			}
		}
	}
	flush()
	width := func(sg Seg) float64 { return s.Width(sg.Text, sg.Style, size) }
	var lines [][]Seg
	var line []Seg
	x := 0.0
	put := func(sg Seg, space bool) {
		if space {
			sp := Seg{Text: " ", Style: sg.Style}
			sp.W = width(sp)
			line = append(line, sp)
			x += sp.W
		}
		sg.W = width(sg)
		line = append(line, sg)
		x += sg.W
	}
	for _, wd := range words {
		ww := 0.0
		for _, p := range wd.parts {
			ww += width(p)
		}
		space := s.Width(" ", wd.parts[0].Style, size)
		if len(line) > 0 && x+space+ww > w+0.01 {
			lines, line, x = append(lines, line), nil, 0
		}
		if ww <= w+0.01 {
			for i, p := range wd.parts {
				put(p, i == 0 && len(line) > 0)
			}
			continue
		}
		// A word wider than the line: break it by characters.
		whole := ""
		for _, p := range wd.parts {
			whole += p.Text
		}
		for _, p := range wd.parts {
			for _, c := range p.Text {
				sg := Seg{Text: string(c), Style: p.Style}
				if cw := width(sg); len(line) > 0 && x+cw > w+0.01 {
					line[len(line)-1].Broken = whole
					lines, line, x = append(lines, line), nil, 0
				}
				put(sg, false)
			}
		}
	}
	if len(line) > 0 || len(lines) == 0 {
		lines = append(lines, line)
	}
	for i, l := range lines {
		var m []Seg
		for _, sg := range l {
			if n := len(m); n > 0 && m[n-1].Style == sg.Style {
				m[n-1].Text += sg.Text
				m[n-1].W += sg.W
				m[n-1].Broken = sg.Broken
				continue
			}
			m = append(m, sg)
		}
		lines[i] = m
	}
	return lines
}
