package booklet

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"unicode"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

// Font families registered with fpdf.
const (
	sans = "go"
	mono = "gomono"
)

// addFonts embeds the Go fonts: real, selectable text in every style, and
// Go Mono when withMono (it prints the seed, where 0 and O, 1 and l must
// not be confused). A renderer's document adds each font when it first
// uses it (pdf.apply); this adds them all, to measure with.
func addFonts(f *fpdf.Fpdf, withMono bool) {
	for _, s := range fontStyles() {
		if s.family != mono || withMono {
			addFont(f, s)
		}
	}
}

// addFont adds one of fontStyles to f, when it is one. fpdf is given a
// copy: while subsetting, it can write into the bytes it reads a font
// from (it appends to a slice of them), which would change the fonts
// shared by the whole process and so the next booklet's bytes.
func addFont(f *fpdf.Fpdf, s fontSel) {
	var ttf []byte
	switch s.key() {
	case sans:
		ttf = goregular.TTF
	case sans + "B":
		ttf = gobold.TTF
	case sans + "I":
		ttf = goitalic.TTF
	case sans + "BI":
		ttf = gobolditalic.TTF
	case mono:
		ttf = gomono.TTF
	default:
		return
	}
	f.AddUTF8FontFromBytes(s.family, s.style, bytes.Clone(ttf))
}

// fontStyles lists every font addFonts can add, as fpdf names them.
func fontStyles() []fontSel {
	return []fontSel{{family: sans}, {family: sans, style: "B"}, {family: sans, style: "I"}, {family: sans, style: "BI"}, {family: mono}}
}

// widths is a font's width table as fpdf holds it: each rune's width in
// thousandths of the font size, 0 for a rune the font does not map and
// 65535 for one it maps to a glyph of no width.
type widths struct {
	cw      []int32 // runes below 0x10000, as fpdf's Cw
	missing int     // the font's MissingWidth
}

// symbolWidth is fpdf's GetStringSymbolWidth of s: the sum of its runes'
// widths, a rune the font does not map counting as its missing width (or
// 500 when it has none). fpdf panics on U+10000, just past its width
// array; this counts it as missing, as fpdf counts the runes beyond.
func (t *widths) symbolWidth(s string) int {
	w := 0
	for _, r := range s {
		switch c := t.at(r); {
		case c == 65535:
		case c > 0:
			w += c
		case t.missing != 0:
			w += t.missing
		default:
			w += 500
		}
	}
	return w
}

func (t *widths) at(r rune) int {
	if r >= 0 && int(r) < len(t.cw) {
		return int(t.cw[r])
	}
	return 0
}

// split is fpdf's SplitText (splittext.go, go-pdf/fpdf v0.12.0), line for
// line, measuring with t: txt wrapped to width w (less the cell margins)
// at fontSize (in the document's unit).
func (t *widths) split(txt string, w, cMargin, fontSize float64) (lines []string) {
	wmax := int(math.Ceil((w - 2*cMargin) * 1000 / fontSize))
	s := []rune(txt)
	nb := len(s)
	for nb > 0 && s[nb-1] == '\n' {
		nb--
	}
	s = s[0:nb]
	sep := -1
	i := 0
	j := 0
	l := 0
	for i < nb {
		c := s[i]
		if int(c) >= len(t.cw) {
			l += t.at(rune(t.missing))
		} else {
			l += t.at(c)
		}
		if unicode.IsSpace(c) || (c >= 0x4e00 && c <= 0x9fa5) {
			sep = i
		}
		if c == '\n' || l > wmax {
			if sep == -1 {
				if i == j {
					i++
				}
				sep = i
			} else {
				i = sep + 1
			}
			lines = append(lines, string(s[j:sep]))
			sep = -1
			j = i
			l = 0
		} else {
			i++
		}
	}
	if i != j {
		lines = append(lines, string(s[j:i]))
	}
	return lines
}

// fontWidths holds the width table of every font in fontStyles, by fpdf's
// font key (family and style), read once from fpdf itself. fpdf does not
// hand out its table, but its measurements give it: a rune's
// GetStringSymbolWidth is its width, except that a rune of no width
// measures 0 and an unmapped rune measures the missing width. A rune r
// that measures the missing width is mapped, with that width, when
// SplitText does not keep "rr" on one line one and a half missing widths
// wide (an unmapped rune adds nothing to a line's width there).
var fontWidths = sync.OnceValue(func() map[string]*widths {
	f := fpdf.New("P", "mm", "A4", "")
	f.SetCellMargin(0)
	addFonts(f, true)
	out := map[string]*widths{}
	for _, fs := range fontStyles() {
		const size = 10
		f.SetFont(fs.family, fs.style, size)
		unit := size / f.GetConversionRatio()
		t := &widths{cw: make([]int32, 0x10000), missing: f.GetFontDesc(fs.family, fs.style).MissingWidth}
		m := t.missing
		if m == 0 {
			m = 500
		}
		// Wide enough for one rune of the missing width, not two.
		probe := 1.5 * float64(m) * unit / 1000
		for r := range rune(0x10000) {
			switch w := f.GetStringSymbolWidth(string(r)); {
			case w == 0:
				t.cw[r] = 65535
			case w != m:
				t.cw[r] = int32(w)
			case !slices.Equal(f.SplitText(string(r)+string(r), probe), []string{string(r) + string(r)}):
				t.cw[r] = int32(m)
			}
		}
		out[fs.key()] = t
	}
	if err := f.Error(); err != nil {
		// The fonts are embedded: a font fpdf cannot read is a broken build.
		panic(fmt.Sprintf("booklet: measuring the embedded fonts: %v", err))
	}
	return out
})

// coverage reports which runes every sans style can draw, and which Go
// Mono can: the fonts' character maps, and the Basic Multilingual Plane
// of each as a bit set, as the text of a booklet is checked rune by rune.
type coverage struct {
	maps     []cmap
	mono     cmap
	sansBits *[0x10000 / 64]uint64 // runes every sans style has
	monoBits *[0x10000 / 64]uint64
}

// sharedCoverage is the coverage of the embedded fonts, read once.
var sharedCoverage = sync.OnceValues(newCoverage)

func newCoverage() (*coverage, error) {
	c := coverage{sansBits: new([0x10000 / 64]uint64), monoBits: new([0x10000 / 64]uint64)}
	for _, ttf := range [][]byte{goregular.TTF, gobold.TTF, goitalic.TTF, gobolditalic.TTF} {
		m, err := parseCmap(ttf)
		if err != nil {
			return nil, err
		}
		c.maps = append(c.maps, m)
	}
	m, err := parseCmap(gomono.TTF)
	if err != nil {
		return nil, err
	}
	c.mono = m
	for r := range rune(0x10000) {
		if c.hasAll(r) {
			c.sansBits[r/64] |= 1 << (r % 64)
		}
		if c.mono.has(r) {
			c.monoBits[r/64] |= 1 << (r % 64)
		}
	}
	return &c, nil
}

// bit reports whether r is in a bit set of the Basic Multilingual Plane;
// in reports whether r is in that plane.
func bit(set *[0x10000 / 64]uint64, r rune) (has, in bool) {
	if r < 0 || r >= 0x10000 {
		return false, false
	}
	return set[r/64]&(1<<(r%64)) != 0, true
}

// monoHas reports whether Go Mono can draw all of s as it is.
func (c *coverage) monoHas(s string) bool {
	for _, r := range s {
		if unicode.IsControl(r) || (r != ' ' && !c.monoHasRune(r)) {
			return false
		}
	}
	return s != ""
}

// has reports whether every style has a glyph for r.
func (c *coverage) has(r rune) bool {
	if has, in := bit(c.sansBits, r); in {
		return has
	}
	return c.hasAll(r)
}

func (c *coverage) hasAll(r rune) bool {
	for _, m := range c.maps {
		if !m.has(r) {
			return false
		}
	}
	return true
}

// monoHasRune reports whether Go Mono has a glyph for r.
func (c *coverage) monoHasRune(r rune) bool {
	if has, in := bit(c.monoBits, r); in {
		return has
	}
	return c.mono.has(r)
}

// printable returns s with every rune the fonts cannot draw, and every
// control character, written as <U+XXXX>, so text such as a seed prints
// as something the reader can type back in.
func (c *coverage) printable(s string) string {
	ok := true
	for _, r := range s {
		if r != ' ' && (unicode.IsControl(r) || !c.has(r)) {
			ok = false
			break
		}
	}
	if ok {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if r != ' ' && (unicode.IsControl(r) || !c.has(r)) {
			fmt.Fprintf(&b, "<U+%04X>", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// cmap is a font's character map: the code point ranges it maps to glyphs.
type cmap struct {
	ranges [][2]rune // inclusive, ascending
}

func (m cmap) has(r rune) bool {
	lo, hi := 0, len(m.ranges)
	for lo < hi {
		mid := (lo + hi) / 2
		switch {
		case r < m.ranges[mid][0]:
			hi = mid
		case r > m.ranges[mid][1]:
			lo = mid + 1
		default:
			return true
		}
	}
	return false
}

// parseCmap reads the Unicode character map of a TrueType font (format 4
// or 12 subtable).
func parseCmap(ttf []byte) (cmap, error) {
	be := binary.BigEndian
	bad := func(what string) (cmap, error) { return cmap{}, fmt.Errorf("font: bad cmap: %s", what) }
	if len(ttf) < 12 {
		return bad("short file")
	}
	n := int(be.Uint16(ttf[4:]))
	var tab []byte
	for i := 0; i < n; i++ {
		rec := 12 + 16*i
		if rec+16 > len(ttf) {
			return bad("short table directory")
		}
		if string(ttf[rec:rec+4]) == "cmap" {
			off, l := int(be.Uint32(ttf[rec+8:])), int(be.Uint32(ttf[rec+12:]))
			if off+l > len(ttf) {
				return bad("table out of range")
			}
			tab = ttf[off : off+l]
		}
	}
	if len(tab) < 4 {
		return bad("no cmap table")
	}
	best, bestRank := -1, 0
	for i := 0; i < int(be.Uint16(tab[2:])); i++ {
		rec := 4 + 8*i
		if rec+8 > len(tab) {
			return bad("short subtable list")
		}
		pid, eid, off := be.Uint16(tab[rec:]), be.Uint16(tab[rec+2:]), int(be.Uint32(tab[rec+4:]))
		rank := 0
		switch {
		case pid == 3 && eid == 10, pid == 0 && eid == 4:
			rank = 2
		case pid == 3 && eid == 1, pid == 0:
			rank = 1
		}
		if rank > bestRank && off+2 <= len(tab) {
			best, bestRank = off, rank
		}
	}
	if best < 0 {
		return bad("no Unicode subtable")
	}
	sub := tab[best:]
	switch be.Uint16(sub) {
	case 4:
		return parseFormat4(sub)
	case 12:
		return parseFormat12(sub)
	}
	return bad(fmt.Sprintf("subtable format %d", be.Uint16(sub)))
}

func parseFormat4(sub []byte) (cmap, error) {
	be := binary.BigEndian
	if len(sub) < 14 {
		return cmap{}, fmt.Errorf("font: bad cmap: short format 4")
	}
	segs := int(be.Uint16(sub[6:])) / 2
	ends, starts := 14, 16+2*segs
	deltas, offs := starts+2*segs, starts+4*segs
	if offs+2*segs > len(sub) {
		return cmap{}, fmt.Errorf("font: bad cmap: short format 4")
	}
	var m cmap
	for s := 0; s < segs; s++ {
		end, start := int(be.Uint16(sub[ends+2*s:])), int(be.Uint16(sub[starts+2*s:]))
		delta, ro := int(be.Uint16(sub[deltas+2*s:])), int(be.Uint16(sub[offs+2*s:]))
		for c := start; c <= end && c != 0xFFFF; c++ {
			g := 0
			if ro == 0 {
				g = (c + delta) & 0xFFFF
			} else if at := offs + 2*s + ro + 2*(c-start); at+2 <= len(sub) {
				if g = int(be.Uint16(sub[at:])); g != 0 {
					g = (g + delta) & 0xFFFF
				}
			}
			if g != 0 {
				m.add(rune(c))
			}
		}
	}
	return m, nil
}

func parseFormat12(sub []byte) (cmap, error) {
	be := binary.BigEndian
	if len(sub) < 16 {
		return cmap{}, fmt.Errorf("font: bad cmap: short format 12")
	}
	groups := int(be.Uint32(sub[12:]))
	if 16+12*groups > len(sub) {
		return cmap{}, fmt.Errorf("font: bad cmap: short format 12")
	}
	var m cmap
	for g := 0; g < groups; g++ {
		at := 16 + 12*g
		lo, hi := rune(be.Uint32(sub[at:])), rune(be.Uint32(sub[at+4:]))
		for c := lo; c <= hi; c++ {
			m.add(c)
		}
	}
	return m, nil
}

// add appends c, merging it into the last range when adjacent. Runes must
// come in ascending order, as cmap subtables list them.
func (m *cmap) add(c rune) {
	if n := len(m.ranges); n > 0 && m.ranges[n-1][1]+1 == c {
		m.ranges[n-1][1] = c
		return
	}
	m.ranges = append(m.ranges, [2]rune{c, c})
}
