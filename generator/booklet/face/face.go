// Package face holds the type faces the booklets print in and measures
// text in them: the built-in face (Liberation Sans, with Go Mono for the
// seed) or a site's own TrueType font, each font's width table read once
// from fpdf, wrapping exactly as fpdf's SplitText does (but that a
// no-break space holds its words together), and the fonts'
// character maps, which say what a face cannot print (Lacks) and spell
// it out where it must print anyway (Printable). A Face knows nothing of
// pages: generator/booklet asks it how wide a text is and where it wraps,
// and draws.
package face

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/go-fonts/liberation/liberationsansbold"
	"github.com/go-fonts/liberation/liberationsansbolditalic"
	"github.com/go-fonts/liberation/liberationsansitalic"
	"github.com/go-fonts/liberation/liberationsansregular"
	"github.com/sortie-wargames/sortie/generator/booklet/fpdf"
	"golang.org/x/image/font/gofont/gomono"
)

// MinSize is the smallest size, in points, any text of a booklet, play
// sheet or Quick Reference Sheet is printed at: a look may set text no
// smaller (floored), and a layout that would need smaller type gives way
// by another rule (a table wraps, stacks or folds into parts; a chart
// turns). docs/print.md says why 7 pt.
const MinSize = 7.0

// The font families a face registers with fpdf: the reading text in four
// styles ("", "B", "I", "BI"), and the seed.
const (
	Sans = "sans"
	Mono = "mono"
)

// Face is the type face a booklet's reading text prints in: the four
// styles of one sans-serif family, with Go Mono for the seed (where 0 and
// O, 1 and l must not be confused). The built-in face (a nil *Face: every
// method takes nil for it) is Liberation Sans, metric-compatible with Arial and made for
// reading, with every glyph the booklets print (the odds' dashes, the
// dice's arrows, ×, ½, …). A site whose text needs characters Liberation
// Sans lacks names a font of its own (New). A Face is read-only once
// made: every booklet of a build shares one.
type Face struct {
	ttf    map[string][]byte         // each font's file, by fpdf's font key (family and style)
	fonts  map[string]*fpdf.UTF8Font // each font parsed for fpdf, once for every document, by font key
	widths map[string]*Widths        // each font's width table, by font key
	cov    *coverage
	memo   sync.Map // Memo's values, by key
}

// Memo returns the value the face keeps for key, made by mk the first
// time key is asked for: a package measuring in the face keeps there
// what it measured, for every booklet that prints in the face (the
// built-in face lasts as long as the process: what is kept must be
// bounded). It is safe for use by several goroutines at once; mk can
// run more than once when they ask at once, one value being kept.
func (f *Face) Memo(key any, mk func() any) any {
	f = or(f)
	if v, ok := f.memo.Load(key); ok {
		return v
	}
	v, _ := f.memo.LoadOrStore(key, mk())
	return v
}

// builtinFace is Liberation Sans and Go Mono, read once.
var builtinFace = sync.OnceValue(func() *Face {
	f, err := newFace(liberationsansregular.TTF, liberationsansbold.TTF, liberationsansitalic.TTF, liberationsansbolditalic.TTF)
	if err != nil {
		// The fonts are embedded: a font fpdf cannot read is a broken build.
		panic(fmt.Sprintf("face: reading the embedded fonts: %v", err))
	}
	return f
})

// or returns f, or the built-in face when f is nil.
func or(f *Face) *Face {
	if f == nil {
		return builtinFace()
	}
	return f
}

// New reads a site's own font for the reading text: the files of its
// regular, bold, italic and bold italic styles. Regular is required; a
// style given as nil prints in the regular file (or, for bold italic, in
// the bold one). Each is a TrueType font, or an OpenType font with
// TrueType outlines: the booklets embed it subset, as they embed the
// built-in fonts. The seed still prints in Go Mono when Go Mono has all
// its characters.
func New(regular, bold, italic, boldItalic []byte) (*Face, error) {
	if regular == nil {
		return nil, errors.New("failed to read font: no regular style")
	}
	if bold == nil {
		bold = regular
	}
	if italic == nil {
		italic = regular
	}
	if boldItalic == nil {
		boldItalic = bold
	}
	return newFace(regular, bold, italic, boldItalic)
}

func newFace(regular, bold, italic, boldItalic []byte) (*Face, error) {
	fc := &Face{ttf: map[string][]byte{
		Sans: regular, Sans + "B": bold, Sans + "I": italic, Sans + "BI": boldItalic, Mono: gomono.TTF,
	}}
	for _, s := range fontStyles() {
		if err := checkFont(fc.ttf[s.key()]); err != nil {
			return nil, err
		}
	}
	var err error
	if fc.cov, err = fc.coverage(); err != nil {
		return nil, err
	}
	if fc.widths, err = fc.measure(); err != nil {
		return nil, err
	}
	if fc.fonts, err = fc.parse(); err != nil {
		return nil, err
	}
	return fc, nil
}

// parse parses each font of the face for fpdf, once for every document
// that embeds it (AddFont).
func (f *Face) parse() (out map[string]*fpdf.UTF8Font, err error) {
	defer func() {
		// fpdf reads a font's tables where they say they are: a broken
		// file can make it index out of range.
		if v := recover(); v != nil {
			out, err = nil, fmt.Errorf("failed to read font: %v", v)
		}
	}()
	out = map[string]*fpdf.UTF8Font{}
	for _, fs := range fontStyles() {
		u, err := fpdf.ParseUTF8Font(fs.family, fs.style, f.ttf[fs.key()])
		if err != nil {
			return nil, fmt.Errorf("failed to read font: %w", err)
		}
		out[fs.key()] = u
	}
	return out, nil
}

// checkFont refuses what fpdf cannot embed: anything but a TrueType font
// (an OpenType font with TrueType outlines is one).
func checkFont(ttf []byte) error {
	if len(ttf) < 12 {
		return errors.New("failed to read font: too short to be a font")
	}
	switch string(ttf[:4]) {
	case "\x00\x01\x00\x00", "true":
		return nil
	case "OTTO":
		return errors.New("failed to read font: an OpenType font with PostScript (CFF) outlines, which the booklets cannot embed: use a TrueType (.ttf) font")
	case "ttcf":
		return errors.New("failed to read font: a font collection (.ttc): use a single TrueType (.ttf) font")
	case "wOFF", "wOF2":
		return errors.New("failed to read font: a web font (WOFF): use a TrueType (.ttf) font")
	}
	return errors.New("failed to read font: not a TrueType or OpenType font")
}

// Lacks returns the characters of s the face cannot print, each once, in
// the order they first appear: those its reading text lacks a glyph for
// (the seed prints in the reading face when Go Mono lacks one of its
// characters) and those past the Basic Multilingual Plane, such as emoji,
// which no booklet prints. A nil Face is the built-in one.
func (f *Face) Lacks(s string) []rune {
	c := or(f).cov
	var out []rune
	for _, r := range s {
		if r == ' ' || unicode.IsControl(r) || c.has(r) || slices.Contains(out, r) {
			continue
		}
		out = append(out, r)
	}
	return out
}

// SeedLacks is Lacks for a seed, which prints in Go Mono when Go Mono has
// all its characters, else in the reading face.
func (f *Face) SeedLacks(seed string) []rune {
	if or(f).cov.monoHas(seed) {
		return nil
	}
	return f.Lacks(seed)
}

// MonoHas reports whether Go Mono can print all of s as it is, as the
// seed prints when it can.
func (f *Face) MonoHas(s string) bool { return or(f).cov.monoHas(s) }

// Printable returns s with every rune the reading text cannot print, and
// every control character, written as <U+XXXX>, so that text such as a
// seed prints as something the reader can type back in.
func (f *Face) Printable(s string) string { return or(f).cov.printable(s) }

// AddFont embeds the face's font of family (Sans or Mono) and style in
// p, subset, for real, selectable text; a font the face does not have
// is not added (fpdf's SetFont then fails on it). A document adds each
// font when it first draws with it, parsed once for them all (fpdf's
// ParseUTF8Font, Sortie's patch to fpdf: generator/booklet/fpdf/PATCH.md);
// fpdf cuts each document's subset from a copy of the font's bytes of
// its own: while subsetting, it can write into the bytes it reads a font
// from, which would change the fonts shared by the whole process and so
// the next booklet's bytes.
func (f *Face) AddFont(p *fpdf.Fpdf, family, style string) {
	if u, ok := or(f).fonts[family+style]; ok {
		p.AddParsedUTF8Font(u)
	}
}

// Widths returns the width table of the face's font of family and style,
// or nil when the face has no such font.
func (f *Face) Widths(family, style string) *Widths { return or(f).widths[family+style] }

// fontStyle is a font of the face as fpdf names it.
type fontStyle struct{ family, style string }

func (s fontStyle) key() string { return s.family + s.style }

// fontStyles lists every font of a face.
func fontStyles() []fontStyle {
	return []fontStyle{{family: Sans}, {family: Sans, style: "B"}, {family: Sans, style: "I"}, {family: Sans, style: "BI"}, {family: Mono}}
}

// Widths is a font's width table as fpdf holds it: each rune's width in
// thousandths of the font size, 0 for a rune the font does not map and
// 65535 for one it maps to a glyph of no width. It measures as fpdf does,
// in fpdf's arithmetic, without a document or its font set.
type Widths struct {
	cw      []int32 // runes below 0x10000, as fpdf's Cw
	missing int     // the font's MissingWidth
}

// symbolWidth is fpdf's GetStringSymbolWidth of s: the sum of its runes'
// widths, a rune the font does not map counting as its missing width (or
// 500 when it has none). fpdf panics on U+10000, just past its width
// array; this counts it as missing, as fpdf counts the runes beyond.
func (t *Widths) symbolWidth(s string) int {
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

func (t *Widths) at(r rune) int {
	if r >= 0 && int(r) < len(t.cw) {
		return int(t.cw[r])
	}
	return 0
}

// Width is fpdf's GetStringWidth of s at fontSize (in the document's
// unit: the size in points over the document's scale).
func (t *Widths) Width(s string, fontSize float64) float64 {
	return float64(t.symbolWidth(s)) * fontSize / 1000
}

// Split is fpdf's SplitText (splittext.go, go-pdf/fpdf v0.12.0), line for
// line, measuring with t: txt wrapped to width w (less the cell margins)
// at fontSize (in the document's unit); but that a no-break space (NoBreak)
// is never a place to break, only a rune as wide as the font makes it,
// where SplitText breaks at it as at any space: "Strike\u00a0off" stays
// on one line, as a word does.
func (t *Widths) Split(txt string, w, cMargin, fontSize float64) (lines []string) {
	wmax := int(math.Ceil((w - 2*cMargin) * 1000 / fontSize))
	if utf8.ValidString(txt) {
		return t.split(txt, wmax)
	}
	return t.splitRunes(txt, wmax)
}

// OneLine reports whether Split(txt, w, cMargin, fontSize) gives at most
// one line, without making it: true when txt has no newline but at its
// end and its runes, as Split adds them up, never pass the width. (A
// single rune wider than the line is one line too; OneLine says false
// there, and the caller splits.)
func (t *Widths) OneLine(txt string, w, cMargin, fontSize float64) bool {
	wmax := int(math.Ceil((w - 2*cMargin) * 1000 / fontSize))
	l := 0
	for _, c := range strings.TrimRight(txt, "\n") { // invalid UTF-8 as U+FFFD, as Split's runes
		if c == '\n' {
			return false
		}
		if int(c) >= len(t.cw) {
			l += t.at(rune(t.missing))
		} else {
			l += t.at(c)
		}
		if l > wmax {
			return false
		}
	}
	return true
}

// split is splitRunes on valid UTF-8, walking txt's bytes rather than a
// copy of its runes, its lines slices of txt: the same lines, as the
// runes of valid UTF-8 written back are its bytes, without a copy of
// the text and one of each line (wrapping is much of a booklet's
// layout).
func (t *Widths) split(txt string, wmax int) (lines []string) {
	nb := len(strings.TrimRight(txt, "\n"))
	sep, sepEnd := -1, 0 // the last separator rune on the line, and where it ends
	i := 0
	j := 0
	l := 0
	for i < nb {
		c, size := rune(txt[i]), 1
		if c >= utf8.RuneSelf {
			c, size = utf8.DecodeRuneInString(txt[i:])
		}
		if int(c) >= len(t.cw) {
			l += t.at(rune(t.missing))
		} else {
			l += t.at(c)
		}
		if Breaks(c) {
			sep, sepEnd = i, i+size
		}
		if c == '\n' || l > wmax {
			if sep == -1 {
				if i == j {
					i += size
				}
				sep = i
			} else {
				i = sepEnd
			}
			lines = append(lines, txt[j:sep])
			sep = -1
			j = i
			l = 0
		} else {
			i += size
		}
	}
	if i != j {
		lines = append(lines, txt[j:i])
	}
	return lines
}

// NoBreak reports whether c is a no-break space: U+00A0, the figure space
// U+2007 or the narrow no-break space U+202F. It spaces words as a space
// does, but a line never breaks there, so the words either side print
// together ("Strike off" in a table's header).
func NoBreak(c rune) bool { return c == '\u00a0' || c == '\u2007' || c == '\u202f' }

// Breaks reports whether Split may break a line at c: a space, dropped at
// the break (but never a no-break space), or a CJK ideograph, as fpdf's
// SplitText breaks.
func Breaks(c rune) bool {
	return unicode.IsSpace(c) && !NoBreak(c) || (c >= 0x4e00 && c <= 0x9fa5)
}

// Fields is s split into words where Split may break it at a space (around
// each run of spaces but no-break spaces), as strings.Fields splits: the
// words a line keeps whole, for measuring a table's longest word.
func Fields(s string) []string {
	return strings.FieldsFunc(s, func(c rune) bool { return unicode.IsSpace(c) && !NoBreak(c) })
}

// splitRunes is fpdf's SplitText line for line, on txt's runes (invalid
// UTF-8 becoming U+FFFD as fpdf's conversion makes it).
func (t *Widths) splitRunes(txt string, wmax int) (lines []string) {
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
		if Breaks(c) {
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

// measure reads the width table of every font of the face, by fpdf's font
// key, from fpdf itself. fpdf does not hand out its table, but its
// measurements give it: a rune's GetStringSymbolWidth is its width, except
// that a rune of no width measures 0 and an unmapped rune measures the
// missing width. A rune r that measures the missing width is mapped, with
// that width, when SplitText does not keep "rr" on one line one and a half
// missing widths wide (an unmapped rune adds nothing to a line's width
// there). A rune the font's own cmap does not list is unmapped without
// asking SplitText, which most of the 65,536 are (TestMeasureAsFpdf
// checks the tables against asking it of every rune). A font fpdf
// cannot read is an error. Styles that share a file share a table.
func (f *Face) measure() (out map[string]*Widths, err error) {
	defer func() {
		// fpdf reads a font's tables trusting their offsets: a broken
		// file can make it index out of range.
		if v := recover(); v != nil {
			out, err = nil, fmt.Errorf("failed to read font: %v", v)
		}
	}()
	p := fpdf.New("P", "mm", "A4", "")
	p.SetCellMargin(0)
	out = map[string]*Widths{}
	for _, fs := range fontStyles() {
		ttf := f.ttf[fs.key()]
		if t := sameFont(f, out, ttf); t != nil {
			out[fs.key()] = t
			continue
		}
		p.AddUTF8FontFromBytes(fs.family, fs.style, bytes.Clone(ttf))
		if err := p.Error(); err != nil {
			return nil, fmt.Errorf("failed to read font: %w", err)
		}
		mapped, err := parseCmap(ttf)
		if err != nil {
			return nil, fmt.Errorf("failed to read font: %w", err)
		}
		const size = 10
		p.SetFont(fs.family, fs.style, size)
		unit := size / p.GetConversionRatio()
		t := &Widths{cw: make([]int32, 0x10000), missing: p.GetFontDesc(fs.family, fs.style).MissingWidth}
		m := t.missing
		if m == 0 {
			m = 500
		}
		// Wide enough for one rune of the missing width, not two.
		probe := 1.5 * float64(m) * unit / 1000
		for r := range rune(0x10000) {
			switch w := p.GetStringSymbolWidth(string(r)); {
			case w == 0:
				t.cw[r] = 65535
			case w != m:
				t.cw[r] = int32(w)
			case r != '\n' && !mapped.has(asString(r)):
				// unmapped: fpdf's table has 0, as this one
			case !slices.Equal(p.SplitText(string(r)+string(r), probe), []string{string(r) + string(r)}):
				t.cw[r] = int32(m)
			}
		}
		out[fs.key()] = t
	}
	if err := p.Error(); err != nil {
		return nil, fmt.Errorf("failed to read font: %w", err)
	}
	return out, nil
}

// asString is the rune string(r) holds: U+FFFD for a surrogate, which
// no string holds.
func asString(r rune) rune {
	if 0xD800 <= r && r <= 0xDFFF {
		return utf8.RuneError
	}
	return r
}

// sameFont returns the table already measured of a font whose file is ttf.
func sameFont(f *Face, done map[string]*Widths, ttf []byte) *Widths {
	for k, t := range done {
		if bytes.Equal(f.ttf[k], ttf) {
			return t
		}
	}
	return nil
}

// coverage reports which runes every sans style can draw, and which Go
// Mono can: the fonts' character maps, and the Basic Multilingual Plane
// of each as a bit set, as the text of a booklet is checked rune by rune.
type coverage struct {
	maps     []cmap
	mono     cmap
	sansBits *[0x10000 / 64]uint64 // runes every sans style has
	monoBits *[0x10000 / 64]uint64
}

// coverage reads the face's character maps.
func (f *Face) coverage() (*coverage, error) {
	c := coverage{sansBits: new([0x10000 / 64]uint64), monoBits: new([0x10000 / 64]uint64)}
	for _, s := range fontStyles() {
		m, err := parseCmap(f.ttf[s.key()])
		if err != nil {
			return nil, fmt.Errorf("failed to read font: %w", err)
		}
		if s.family == Mono {
			c.mono = m
		} else {
			c.maps = append(c.maps, m)
		}
	}
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
	bad := func(what string) (cmap, error) { return cmap{}, fmt.Errorf("bad cmap: %s", what) }
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
		return cmap{}, fmt.Errorf("bad cmap: short format 4")
	}
	segs := int(be.Uint16(sub[6:])) / 2
	ends, starts := 14, 16+2*segs
	deltas, offs := starts+2*segs, starts+4*segs
	if offs+2*segs > len(sub) {
		return cmap{}, fmt.Errorf("bad cmap: short format 4")
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
		return cmap{}, fmt.Errorf("bad cmap: short format 12")
	}
	groups := int(be.Uint32(sub[12:]))
	if 16+12*groups > len(sub) {
		return cmap{}, fmt.Errorf("bad cmap: short format 12")
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
