package booklet

import (
	"slices"
	"strings"
	"time"

	"github.com/sortie-wargames/sortie/generator/booklet/fpdf"

	"github.com/sortie-wargames/sortie/engine/board/draw"
	"github.com/sortie-wargames/sortie/generator/booklet/face"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"
)

// This file is where the booklet meets fpdf: a document is started here
// (newDocument), and every drawing call goes through pdf, which records
// the faults a reader would see (faultLog). No other file of the
// package names fpdf (TestStructure): a laid-out frame reaches it
// through paint.go, and the passes over the finished bytes are package
// press.

// pdf is the fpdf document the renderer draws on, with every length it is
// given snapped to draw's grid (draw.Snap) first. Positions worked out
// here differ in the last bit between CPUs (arm64, and amd64 built with
// GOAMD64=v3, fuse multiply-adds); fpdf multiplies them by its scale and
// prints two decimals, so a length whose exact value sits on a half
// printed differently from one CPU to the next. Snapped, they are the same
// bits everywhere. Every drawing call that takes a length goes through
// here; the others are fpdf's own.
//
// The font is set lazily. fpdf's SetFont writes a font operator into the
// page on every call, and the renderer sets a font for every measurement
// (most of them never drawn), so SetFont only records the font wanted;
// GetStringWidth and SplitText measure with the shared width table
// (face.Widths), in exactly fpdf's arithmetic; and each call that draws text hands
// the wanted font to fpdf first, when fpdf does not have it already. A
// font is added to the document when it is first handed to fpdf: adding
// one (fpdf parses the TrueType file and hashes its width table) is the
// dearest thing a short document does, and most documents use only some
// of the styles.
//
// A pass lays out on a document that is never drawn on: it counts the
// pages and measures text with the width table, so it adds no fonts.
// What the pass paints is placed (pages.go) and painted once, on a
// document of its own, by the pass that is printed (paintPages).
type pdf struct {
	*fpdf.Fpdf
	font   *fontState
	gs     *graphicsState
	faults *faultLog
}

// pageFormat is a page's size when not its document's (AddPageSized):
// a folded booklet's card sheets are whole sheets after its half-sheet
// pages.
type pageFormat = *fpdf.SizeType

// faultLog notes what a pass drew that a player should never see: a line
// that ends inside a word (wrapped where no space was), and text cut short
// with an ellipsis (renderer.fit). The lines are remembered as they are
// made and a fault is noted only when one is drawn, so measuring a layout
// that is not used notes nothing.
type faultLog struct {
	broken map[string]string // a line ending inside a word -> the word
	cut    map[string]string // a cut text -> the whole text
	faults []Fault
	seen   map[Fault]bool
}

// Fault is a layout defect a pass drew: a word broken across lines, or
// text cut short. Write and WriteSheet report the printed pass's faults
// to Options.Faults.
type Fault struct {
	Kind string // FaultBroken, FaultCut, FaultLone, FaultSpill, FaultApart, FaultHeadFoot, FaultSparse, FaultSmall or FaultLong
	Page int    // the page of the unimposed document, from 1
	Text string // the broken word, the whole text that was cut, the lone rows' first row, or the entry that spilled
}

// The kinds of Fault.
const (
	FaultBroken = "broken word"
	FaultCut    = "cut text"
	FaultLone   = "lone table rows" // fewer than keepRows rows of a table alone in a column or page
	FaultSpill  = "spilled spread"  // an entry on more spreads than its edition allows (maxSpreads)
	// FaultApart is an entry on a folded booklet's page whose blocks
	// that stay on its first spread, what gave way gone overleaf
	// (giveWay), still run past it.
	FaultApart = "turn apart"
	// FaultHeadFoot is a page whose body ends with a heading: what it
	// heads starts overleaf (placedPages.headsAtFoot).
	FaultHeadFoot = "heading at foot"
	// FaultSparse is a page of the front matter, between the cover and
	// the first entry, holding less than a fifth of its text block
	// (sparse; a Notes page holds none): how full it is.
	FaultSparse = "sparse front page"
	// FaultSmall is text painted smaller than face.MinSize: its size and the text.
	FaultSmall = "small type"
	// FaultLong is not a defect but a choice counted so that it can only
	// become rarer: an entry too long for one spread laid out on more
	// (four pages, or six on a folded page), marked so on its pages and
	// in the booklet's contents, its last spread holding the tables
	// played from.
	FaultLong = "long entry"
)

// drawn notes a fault when text, about to be drawn, is a line that ends
// inside a word or a cut text.
func (l *faultLog) drawn(text string, page int) {
	if w, ok := l.broken[text]; ok {
		l.add(Fault{Kind: FaultBroken, Page: page, Text: w})
	}
	if w, ok := l.cut[text]; ok {
		l.add(Fault{Kind: FaultCut, Page: page, Text: w})
	}
}

func (l *faultLog) add(f Fault) {
	if !l.seen[f] {
		l.seen[f] = true
		l.faults = append(l.faults, f)
	}
}

// wrapped remembers the lines of a wrapping that end inside a word: a
// line whose last rune and the next line's first are both not spaces,
// where the text had no space between them.
func (l *faultLog) wrapped(text string, lines []string) {
	if len(lines) < 2 {
		return
	}
	rest := text
	for i, line := range lines[:len(lines)-1] {
		k := strings.Index(rest, line)
		if k < 0 {
			return
		}
		rest = rest[k+len(line):]
		next := lines[i+1]
		if line == "" || next == "" || !strings.HasPrefix(rest, next) {
			continue
		}
		// The next line starts right where this one ends: no space
		// was dropped between them, so the break is inside a word.
		tail := line[strings.LastIndexAny(line, " \n")+1:]
		head := next
		if j := strings.IndexAny(next, " \n"); j >= 0 {
			head = next[:j]
		}
		l.broken[line] = tail + head
	}
}

// fontState is the font the renderer wants and the one fpdf has.
type fontState struct {
	want, have fontSel
	// haveOK is false when fpdf's font, or the page's, may differ from
	// have: before the first font is applied, and after a graphics state
	// is restored (TransformEnd, ClipEnd), which undoes a font operator
	// written since it was saved.
	haveOK bool
	// added holds the fonts added to the document; mono is set when Go
	// Mono may be.
	added map[string]bool
	mono  bool
	face  *face.Face // the fonts the document prints in (nil for the built-in ones)
}

// graphicsState is what the setters of colour, line width and dash need
// to skip setting what is set already: fpdf writes each to the page
// every time, and the renderer sets five of them again after every mark
// a map draws (ink). fpdf records the colours and the line width it set
// last, and the page has them, except after a graphics state is
// restored (ClipEnd, TransformEnd), when the page's may be older ones
// until each is set again or the next page starts: stale. The dash
// pattern fpdf does not tell, so it is kept here.
type graphicsState struct {
	stale uint8     // the staleDraw, staleFill, staleWidth and staleDash bits
	dash  []float64 // as the renderer set it last, snapped; nil for solid
	phase float64
}

// The parts of the graphics state a restore may leave older on the page.
const (
	staleDraw uint8 = 1 << iota
	staleFill
	staleWidth
	staleDash
	staleAll = staleDraw | staleFill | staleWidth | staleDash
)

// fresh reports whether part of the state is as fpdf records it, and
// notes that it will be once set.
func (g *graphicsState) fresh(part uint8) bool {
	ok := g.stale&part == 0
	g.stale &^= part
	return ok
}

// fontSel is a font as fpdf names it: family in lower case, style "",
// "B", "I" or "BI", size in points.
type fontSel struct {
	family, style string
	size          float64
}

func (s fontSel) key() string { return s.family + s.style }

// coverage is the face as the drawing code asks it what prints: text
// with what the fonts lack spelled <U+XXXX>, and whether the seed can
// print in Go Mono.
type coverage struct{ face *face.Face }

func (c coverage) printable(s string) string { return c.face.Printable(s) }
func (c coverage) monoHas(s string) bool     { return c.face.MonoHas(s) }

// newDocument starts an fpdf document of pages w × h mm, dated created,
// set as every booklet is: objects in a fixed order, compressed, no
// automatic page break or cell margin (the layout places everything).
func newDocument(w, h float64, created time.Time) *fpdf.Fpdf {
	f := fpdf.NewCustom(&fpdf.InitType{
		OrientationStr: "P",
		UnitStr:        "mm",
		Size:           fpdf.SizeType{Wd: w, Ht: h},
	})
	f.SetCatalogSort(true)
	f.SetCreationDate(created)
	f.SetModificationDate(created)
	f.SetCompression(false) // press.Deflate compresses the pages, faster
	f.SetMargins(side, bodyTop, side)
	f.SetAutoPageBreak(false, 0)
	f.SetCellMargin(0)
	return f
}

// pageSize is a page size as AddPageSized takes it.
func pageSize(w, h float64) *fpdf.SizeType { return &fpdf.SizeType{Wd: w, Ht: h} }

// points are the points x0, y0, x1, y1, ... as Polygon takes them.
func points(xy ...float64) []fpdf.PointType {
	out := make([]fpdf.PointType, len(xy)/2)
	for i := range out {
		out[i] = fpdf.PointType{X: xy[2*i], Y: xy[2*i+1]}
	}
	return out
}

// newPDF wraps f, which has no page and no font yet, to print in fc
// (nil for the built-in face); withMono allows Go Mono.
func newPDF(f *fpdf.Fpdf, fc *face.Face, withMono bool) pdf {
	return pdf{Fpdf: f, font: &fontState{added: map[string]bool{}, mono: withMono, face: fc}, gs: &graphicsState{},
		faults: &faultLog{broken: map[string]string{}, cut: map[string]string{}, seen: map[Fault]bool{}}}
}

// apply hands the wanted font to fpdf for drawing text.
func (p pdf) apply() { p.useFont() }

// useFont hands the wanted font to fpdf unless fpdf has it, adding it to
// the document first if it is not yet. (A font not allowed is not added:
// fpdf's SetFont then fails on it, as it would have.)
func (p pdf) useFont() {
	if st := p.font; !st.haveOK || st.have != st.want {
		if k := st.want.key(); !st.added[k] {
			st.added[k] = true
			if st.want.family != face.Mono || st.mono {
				st.face.AddFont(p.Fpdf, st.want.family, st.want.style)
			}
		}
		p.Fpdf.SetFont(st.want.family, st.want.style, st.want.size)
		st.have, st.haveOK = st.want, true
	}
}

func sn(v float64) float64 { return draw.Snap(v) }

func (p pdf) SetXY(x, y float64) { p.Fpdf.SetXY(sn(x), sn(y)) }
func (p pdf) SetX(x float64)     { p.Fpdf.SetX(sn(x)) }
func (p pdf) SetY(y float64)     { p.Fpdf.SetY(sn(y)) }

// SetLineWidth, SetDrawColor, SetFillColor, SetTextColor and
// SetDashPattern set what they set unless it is set already
// (graphicsState).
func (p pdf) SetLineWidth(w float64) {
	if w = sn(w); !p.gs.fresh(staleWidth) || p.Fpdf.GetLineWidth() != w {
		p.Fpdf.SetLineWidth(w)
	}
}

func (p pdf) SetDrawColor(r, g, b int) {
	if cr, cg, cb := p.Fpdf.GetDrawColor(); !p.gs.fresh(staleDraw) || cr != r || cg != g || cb != b {
		p.Fpdf.SetDrawColor(r, g, b)
	}
}

func (p pdf) SetFillColor(r, g, b int) {
	if cr, cg, cb := p.Fpdf.GetFillColor(); !p.gs.fresh(staleFill) || cr != r || cg != g || cb != b {
		p.Fpdf.SetFillColor(r, g, b)
	}
}

// SetTextColor writes nothing to the page (fpdf sets the colour with
// each text it draws): only fpdf's record is skipped.
func (p pdf) SetTextColor(r, g, b int) {
	if cr, cg, cb := p.Fpdf.GetTextColor(); cr != r || cg != g || cb != b {
		p.Fpdf.SetTextColor(r, g, b)
	}
}

// SetFont records the font wanted, named as fpdf names it (fpdf's own
// SetFont folds case the same way); a size of 0 keeps the size.
func (p pdf) SetFont(family, style string, size float64) {
	w := fontSel{family: strings.ToLower(family), style: strings.ToUpper(style), size: sn(size)}
	if w.style == "IB" {
		w.style = "BI"
	}
	if family == "" {
		w.family = p.font.want.family
	}
	if size == 0 {
		w.size = p.font.want.size
	}
	p.font.want = w
}

// GetStringWidth is the width of s in the wanted font, as fpdf's
// GetStringWidth would give it with that font set.
func (p pdf) GetStringWidth(s string) float64 {
	w := p.font.want
	t := p.font.face.Widths(w.family, w.style)
	if t == nil || p.Fpdf.Err() {
		// A font the table does not hold (or fpdf's sticky error, when
		// fpdf measures 0): fpdf measures.
		p.apply()
		return p.Fpdf.GetStringWidth(s)
	}
	return t.Width(s, w.size/p.Fpdf.GetConversionRatio())
}

// AddPage starts a page. fpdf calls the footer and the header inside it,
// which set fonts of their own, and ends by setting again the font it had
// before: the wanted font is what it was before, and fpdf has the font it
// had.
func (p pdf) AddPage() { p.AddPageSized(nil) }

// AddPageSized starts a page of a size, nil for the document's own, as
// AddPage does.
func (p pdf) AddPageSized(size pageFormat) {
	st := p.font
	want, have, ok := st.want, st.have, st.haveOK
	if size != nil {
		p.Fpdf.AddPageFormat("P", *size)
	} else {
		p.Fpdf.AddPage()
	}
	st.want, st.have, st.haveOK = want, have, ok
	p.gs.stale = 0 // a page starts with what fpdf records
}

func (p pdf) TransformEnd() {
	p.Fpdf.TransformEnd()
	p.font.haveOK = false
	p.gs.stale = staleAll
}

func (p pdf) ClipEnd() {
	p.Fpdf.ClipEnd()
	p.font.haveOK = false
	p.gs.stale = staleAll
}

func (p pdf) Line(x1, y1, x2, y2 float64) {
	p.Fpdf.Line(sn(x1), sn(y1), sn(x2), sn(y2))
}
func (p pdf) Rect(x, y, w, h float64, style string) {
	p.Fpdf.Rect(sn(x), sn(y), sn(w), sn(h), style)
}
func (p pdf) Circle(x, y, r float64, style string) {
	p.Fpdf.Circle(sn(x), sn(y), sn(r), style)
}
func (p pdf) ClipRect(x, y, w, h float64, outline bool) {
	p.Fpdf.ClipRect(sn(x), sn(y), sn(w), sn(h), outline)
}
func (p pdf) Text(x, y float64, text string) {
	p.faults.drawn(text, p.Fpdf.PageNo())
	p.apply()
	p.Fpdf.Text(sn(x), sn(y), text)
}
func (p pdf) TransformRotate(angle, x, y float64)        { p.Fpdf.TransformRotate(angle, sn(x), sn(y)) }
func (p pdf) Link(x, y, w, h float64, link int)          { p.Fpdf.Link(sn(x), sn(y), sn(w), sn(h), link) }
func (p pdf) SetLink(link int, y float64, page int)      { p.Fpdf.SetLink(link, sn(y), page) }
func (p pdf) Bookmark(text string, level int, y float64) { p.Fpdf.Bookmark(text, level, sn(y)) }

func (p pdf) Polygon(pts []fpdf.PointType, style string) {
	out := make([]fpdf.PointType, len(pts))
	for i, q := range pts {
		out[i] = fpdf.PointType{X: sn(q.X), Y: sn(q.Y)}
	}
	p.Fpdf.Polygon(out, style)
}

// PolygonAt draws the polygon of pts placed from (x, y), each point
// snapped as Polygon snaps them.
func (p pdf) PolygonAt(x, y float64, pts []frame.Pt, style string) {
	out := make([]fpdf.PointType, len(pts))
	for i, q := range pts {
		out[i] = fpdf.PointType{X: sn(x + q.X), Y: sn(y + q.Y)}
	}
	p.Fpdf.Polygon(out, style)
}

func (p pdf) SetDashPattern(dash []float64, phase float64) {
	var out []float64
	for _, d := range dash {
		out = append(out, sn(d))
	}
	if phase = sn(phase); p.gs.fresh(staleDash) && slices.Equal(out, p.gs.dash) && phase == p.gs.phase {
		return
	}
	p.gs.dash, p.gs.phase = out, phase
	if out == nil {
		out = []float64{} // as before: fpdf writes "[] 0.00 d"
	}
	p.Fpdf.SetDashPattern(out, phase)
}

func (p pdf) CellFormat(w, h float64, text, border string, ln int, align string, fill bool, link int, linkStr string) {
	if text != "" {
		p.faults.drawn(text, p.Fpdf.PageNo())
	}
	if text != "" {
		p.apply()
	}
	p.Fpdf.CellFormat(sn(w), sn(h), text, border, ln, align, fill, link, linkStr)
}

// OneLine reports whether SplitText(text, w) gives at most one line,
// without wrapping text: true only when the width table says so (a
// caller that gets false splits).
func (p pdf) OneLine(text string, w float64) bool {
	want := p.font.want
	t := p.font.face.Widths(want.family, want.style)
	if t == nil || p.Fpdf.Err() {
		return false
	}
	return t.OneLine(text, sn(w), p.Fpdf.GetCellMargin(), want.size/p.Fpdf.GetConversionRatio())
}

// SplitText is fpdf's SplitText of text in the wanted font, with the
// width table when it holds the font.
func (p pdf) SplitText(text string, w float64) []string {
	want := p.font.want
	t := p.font.face.Widths(want.family, want.style)
	var lines []string
	if t == nil || p.Fpdf.Err() {
		p.useFont()
		lines = p.Fpdf.SplitText(text, sn(w))
	} else {
		lines = t.Split(text, sn(w), p.Fpdf.GetCellMargin(), want.size/p.Fpdf.GetConversionRatio())
	}
	p.faults.wrapped(text, lines)
	return lines
}
