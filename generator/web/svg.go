package web

import (
	"bytes"
	"fmt"
	"html/template"
	"math"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/board/draw"
)

// mapView is a board.Map drawn for a page: the marks engine/board/draw
// lays out from the style table, written as inline SVG in millimetres,
// the same marks the booklets print, and a legend of what it shows.
type mapView struct {
	board.Map
	// drawn is the board laid out, written when the page is: by the SVG
	// and Legend methods for the templates, or straight into the page
	// by the Go drawing (direct.go).
	drawn *drawnMap
}

// svgScale is how many millimetres an inch is drawn on the site: a board
// 72 mm across. The page shows the board as wide as its column (on a
// phone 412 px wide, 380 px), so the board's text, sized in points as for
// print, is as large against the board as it must be to read there: a
// label at LabelPt shows at 13 px, at leastPt at 12 (TestBoardTextReadsOnPhone).
// Drawn 110 mm across, as it was, a label showed at 8 px.
func svgScale(m board.Map) float64 {
	return boardMM / max(m.WidthIn, m.HeightIn, 1)
}

// boardMM is how wide the site draws a board's longer side, in mm, and
// svgPad the room round it in its view box.
const (
	boardMM = 72.0
	svgPad  = 2.0
)

// leastPt is the smallest type the site sets a board's label in: a label
// that fits in none of the sizes from LabelPt down to it wraps, moves out
// on a leader line or gives way to a key letter listed under the board.
const leastPt = 7.0

// measure is how wide the site reckons a board's text: the site cannot
// know the face a browser prints a board in (style.css names DejaVu Sans,
// then Verdana), so it takes the Go fonts' widths (wider than the
// booklets' Liberation Sans) and a fifth more: DejaVu Sans Bold runs
// 14-20% wider than Go Bold on the boards' labels (25% on a lone pair of
// digits, which sit in the badges' own boxes).
var measure = func() draw.Measure {
	m, err := draw.FontMeasure(goregular.TTF, gobold.TTF, 1.2)
	if err != nil {
		panic(err) // the Go fonts are compiled in
	}
	return m
}()

// Track sizes in mm, as the booklets draw them.
const (
	trackR   = 3.2
	trackPt  = 7.5
	trackGap = 2.0
)

func newMapView(m board.Map) mapView { return (*kept)(nil).mapView(m) }

// mapView is newMapView with the swatches of the legend kept.
func (k *kept) mapView(m board.Map) mapView { return mapView{Map: m, drawn: k.drawMap(m)} }

// SVG is the board as an svg element, escaped here.
func (v *mapView) SVG() template.HTML {
	return template.HTML(v.drawn.appendSVG(nil)) //nolint: every text and attribute is escaped by esc
}

// Legend is the legend's entries, escaped here; "" for none.
func (v *mapView) Legend() template.HTML {
	return template.HTML(v.drawn.appendLegend(nil)) //nolint: labels are escaped by esc
}

// drawnMap is a board drawn, to be written as SVG: the Go drawing
// (direct.go) writes it straight into the page, without a string of it
// between.
type drawnMap struct {
	m    board.Map
	k    *kept
	d    draw.Drawing
	ops  []draw.Op
	top  float64
	keys []draw.Key
}

// Board is board m as the site draws it: at its scale (svgScale), its
// text measured as the site reckons it and no label under leastPt.
func Board(m board.Map) draw.Drawing {
	return draw.BoardLeast(m, svgScale(m), measure, leastPt)
}

// drawMap lays out a board's marks, and its track's above it.
func (k *kept) drawMap(m board.Map) *drawnMap {
	s := svgScale(m)
	d := Board(m)
	dm := &drawnMap{m: m, k: k, d: d, ops: d.Ops, top: d.Top, keys: d.Keys}
	if m.Track && len(m.Markers) > 0 {
		dm.ops = append(dm.ops, track(m, s, dm.top)...)
		dm.top += trackPt*draw.PtMM*1.3 + 2*trackR + trackGap + 1
	}
	return dm
}

// appendSVG appends the board's svg element.
func (dm *drawnMap) appendSVG(b []byte) []byte {
	const pad = svgPad
	b = append(b, `<svg viewBox="`...)
	b = appendNum(b, -pad)
	b = append(b, ' ')
	b = appendNum(b, -dm.top-pad)
	b = append(b, ' ')
	b = appendNum(b, dm.d.W+2*pad)
	b = append(b, ' ')
	b = appendNum(b, dm.d.H+dm.top+dm.d.Bottom+2*pad)
	b = append(b, `" role="img" aria-label="`...)
	b = append(b, esc(describe(dm.m))...)
	b = append(b, `" xmlns="http://www.w3.org/2000/svg">`...)
	b = append(b, "\n<title>"...)
	b = append(b, esc(title(dm.m))...)
	b = append(b, "</title>"...)
	b = writeOps(b, dm.ops)
	return append(b, "\n</svg>"...)
}

// appendLegend appends the legend's entries, if any.
func (dm *drawnMap) appendLegend(b []byte) []byte { return dm.k.legend(b, dm.m, dm.keys) }

func title(m board.Map) string {
	if m.Terrain == "" {
		return m.Title
	}
	return m.Title + ": " + m.Terrain
}

// describe is what a screen reader hears for a board.
func describe(m board.Map) string {
	desc := []string{fmt.Sprintf("%s, %s by %s inches", m.Title, num(m.WidthIn), num(m.HeightIn))}
	if m.Terrain != "" {
		desc[0] += ", " + m.Terrain
	}
	if secs := m.Sections(); len(secs) > 0 {
		desc = append(desc, fmt.Sprintf("%d numbered sections", len(secs)))
	}
	for _, z := range m.Zones {
		desc = append(desc, z.Label)
	}
	for _, p := range m.Pieces {
		t := p.Label
		if p.Section > 0 {
			t += fmt.Sprintf(" in section %d", p.Section)
		}
		if p.Count > 0 {
			t += fmt.Sprintf(", %d buildings", p.Count)
		}
		if p.Note != "" {
			t += ", " + p.Note
		}
		desc = append(desc, t)
	}
	for _, l := range m.Lines {
		t := l.Label
		if l.Section > 0 {
			// The runs of a section's walls are one feature to hear.
			t += fmt.Sprintf(" in section %d", l.Section)
			if slices.Contains(desc, t) {
				continue
			}
		}
		desc = append(desc, t)
	}
	for _, mk := range m.Markers {
		t := mk.Title
		if mk.Section > 0 {
			t += fmt.Sprintf(" in section %d", mk.Section)
		}
		desc = append(desc, t)
	}
	return strings.Join(desc, "; ")
}

// track lays out a track of markers above the board, as the booklets do:
// a label, then the markers where the map places them across the board,
// with an arrow from each to the next.
func track(m board.Map, s, top float64) []draw.Op {
	text := m.TrackLabel
	lineH := trackPt * draw.PtMM * 1.3
	y := -top - trackGap - trackR
	ops := []draw.Op{{Shape: draw.Text, Class: "track", Pts: []draw.P{{X: m.WidthIn * s / 2, Y: y - trackR - 0.5 - lineH/2}},
		Text: text, Size: trackPt, Fill: 0.25, Stroke: draw.None}}
	for i, mk := range m.Markers {
		x := mk.X * s
		if i > 0 {
			px := m.Markers[i-1].X * s
			x0, x1 := px+trackR+0.9, x-trackR-0.9
			if x1-x0 >= 2.5 {
				head := min(1.8, (x1-x0)/2)
				ops = append(ops,
					draw.Op{Shape: draw.Path, Class: "track", Pts: []draw.P{{X: x0, Y: y}, {X: x1 - head*0.8, Y: y}}, Fill: draw.None, Stroke: 0, Width: 0.4},
					draw.Op{Shape: draw.Poly, Class: "track", Pts: []draw.P{{X: x1, Y: y}, {X: x1 - head, Y: y - head*0.55}, {X: x1 - head, Y: y + head*0.55}}, Fill: 0, Stroke: draw.None})
			}
		}
		ops = append(ops, draw.Marker(mk.Label, draw.P{X: x, Y: y}, trackR)...)
	}
	return ops
}

// legend appends the entries for what m shows, each with a swatch drawn from
// the style table as the booklets draw it, and the labels printed on the
// board as key letters.
func (k *kept) legend(b []byte, m board.Map, keys []draw.Key) []byte {
	for _, key := range keys {
		b = append(b, "<li><b>"...)
		b = append(b, esc(key.Mark)...)
		b = append(b, "</b> "...)
		b = append(b, esc(key.Text)...)
		b = append(b, "</li>\n"...)
	}
	for _, e := range board.Legend(m) {
		b = append(b, k.swatch(e)...)
	}
	return b
}

// swatch is a legend's entry, drawn once for a build's boards: an entry
// is drawn from its own fields alone.
func (k *kept) swatch(e board.LegendEntry) string {
	if k == nil {
		return string(newSwatch(nil, e))
	}
	k.mu.Lock()
	s, ok := k.swatches[e]
	k.mu.Unlock()
	if ok {
		return s
	}
	s = string(newSwatch(nil, e))
	k.mu.Lock()
	if k.swatches == nil {
		k.swatches = map[board.LegendEntry]string{}
	}
	k.swatches[e] = s
	k.mu.Unlock()
	return s
}

func newSwatch(b []byte, e board.LegendEntry) []byte {
	const w, h = 9.0, 5.0
	b = append(b, `<li><svg class="swatch" viewBox="-0.5 -0.5 `...)
	b = appendNum(b, w+1)
	b = append(b, ' ')
	b = appendNum(b, h+1)
	b = append(b, `" width="`...)
	b = appendNum(b, (w+1)*4)
	b = append(b, `" height="`...)
	b = appendNum(b, (h+1)*4)
	b = append(b, `" aria-hidden="true">`...)
	b = writeOps(b, draw.Swatch(e, 0, 0, w, h))
	b = append(b, "</svg> "...)
	b = append(b, esc(e.Label)...)
	b = append(b, "</li>\n"...)
	return b
}

// writeOps writes marks as SVG elements, consecutive marks of one class
// in one group. It appends to b with strconv rather than fmt: a board's
// SVG is some 35 kB of numbers, and fmt.Sprintf for each of them was a
// fifth of the CPU an HTML build takes.
func writeOps(b []byte, ops []draw.Op) []byte {
	class := "\x00"
	for _, o := range ops {
		if o.Class != class {
			if class != "\x00" {
				b = append(b, "</g>"...)
			}
			class = o.Class
			b = append(b, "\n<g class=\""...)
			b = append(b, esc(class)...)
			b = append(b, "\">"...)
		}
		switch o.Shape {
		case draw.Poly:
			b = append(b, `<polygon points="`...)
			b = appendPoints(b, o.Pts)
			b = append(b, '"')
			b = appendPaint(b, o, true)
			b = append(b, "/>"...)
		case draw.Path:
			b = append(b, `<polyline points="`...)
			b = appendPoints(b, o.Pts)
			b = append(b, `" fill="none"`...)
			b = appendPaint(b, o, o.Fill != draw.None) // fill="none" once
			b = append(b, "/>"...)
		case draw.Circle:
			b = append(b, `<circle cx="`...)
			b = appendNum(b, o.Pts[0].X)
			b = append(b, `" cy="`...)
			b = appendNum(b, o.Pts[0].Y)
			b = append(b, `" r="`...)
			b = appendNum(b, o.R)
			b = append(b, '"')
			b = appendPaint(b, o, true)
			b = append(b, "/>"...)
		case draw.Text:
			if o.Halo {
				b = appendBacking(b, o)
			}
			b = append(b, `<text x="`...)
			b = appendNum(b, o.Pts[0].X)
			b = append(b, `" y="`...)
			b = appendNum(b, o.Pts[0].Y)
			b = append(b, `" font-size="`...)
			b = appendNum(b, o.Size*draw.PtMM)
			b = append(b, `" text-anchor="`...)
			if o.Left {
				b = append(b, "start"...)
			} else {
				b = append(b, "middle"...)
			}
			b = append(b, `" dominant-baseline="central"`...)
			b = appendPaint(b, o, true)
			if o.Bold {
				b = append(b, ` font-weight="bold"`...)
			}
			if o.Halo {
				b = append(b, ` stroke="#fff" stroke-width="`...)
				b = appendNum(b, o.Size*draw.PtMM*0.4)
				b = append(b, `" stroke-linejoin="round" paint-order="stroke"`...)
			}
			b = append(b, '>')
			b = append(b, esc(o.Text)...)
			b = append(b, "</text>"...)
		}
	}
	if class != "\x00" {
		b = append(b, "</g>"...)
	}
	return b
}

// appendBacking appends the white box behind a label, as the booklets
// print it: the box draw.TextBox measures, which draw placed clear of
// everything else on the board, with a hairline round it. The text's own
// white halo covers what a face wider than the one measured would print
// past it.
func appendBacking(b []byte, o draw.Op) []byte {
	w, h := draw.TextBox(measure, o.Text, o.Size, o.Bold)
	x := o.Pts[0].X - w/2
	if o.Left {
		x = o.Pts[0].X - draw.HaloX
	}
	b = append(b, `<rect x="`...)
	b = appendNum(b, x)
	b = append(b, `" y="`...)
	b = appendNum(b, o.Pts[0].Y-h/2)
	b = append(b, `" width="`...)
	b = appendNum(b, w)
	b = append(b, `" height="`...)
	b = appendNum(b, h)
	return append(b, `" fill="#fff" stroke="#000" stroke-width="0.15"/>`...)
}

// appendPaint appends a mark's fill (when fill is set) and, but for text,
// its stroke.
func appendPaint(b []byte, o draw.Op, fill bool) []byte {
	if fill {
		b = append(b, ` fill="`...)
		b = appendColour(b, o.Fill)
		b = append(b, '"')
	}
	if o.Stroke != draw.None && o.Shape != draw.Text {
		b = append(b, ` stroke="`...)
		b = appendColour(b, o.Stroke)
		b = append(b, `" stroke-width="`...)
		b = appendNum(b, o.Width)
		b = append(b, '"')
		if o.Dash > 0 {
			b = append(b, ` stroke-dasharray="`...)
			b = appendNum(b, o.Dash)
			b = append(b, '"')
		}
	}
	return b
}

// colour writes a grey level as an SVG colour.
func colour(g float64) string { return string(appendColour(nil, g)) }

const hexDigits = "0123456789abcdef"

func appendColour(b []byte, g float64) []byte {
	if g == draw.None {
		return append(b, "none"...)
	}
	v := int(math.Round(g * 255))
	if v < 0 || v > 255 {
		return fmt.Appendf(b, "#%02x%02x%02x", v, v, v) // not a grey level a style gives
	}
	hi, lo := hexDigits[v>>4], hexDigits[v&15]
	return append(b, '#', hi, lo, hi, lo, hi, lo)
}

func esc(s string) string { return template.HTMLEscapeString(s) }

func points(pts []draw.P) string { return string(appendPoints(nil, pts)) }

func appendPoints(b []byte, pts []draw.P) []byte {
	for i, p := range pts {
		if i > 0 {
			b = append(b, ' ')
		}
		b = appendNum(b, p.X)
		b = append(b, ',')
		b = appendNum(b, p.Y)
	}
	return b
}

// num prints a length with at most two decimals and no trailing zeros,
// snapped to draw's grid first, so the SVG is the same bytes on every CPU
// (lengths worked out here, such as the track's, are snapped too).
func num(f float64) string { return string(appendNum(nil, f)) }

// appendNum appends num(f): draw.Snap(f) printed as fmt's "%.2f" would,
// trailing zeros and point dropped, "-0" as "0". Snap's value is a whole
// number n of millionths, so the hundredths are n/10,000 rounded, worked
// out in integers: a remainder other than exactly 5,000 lies at least a
// millionth from the half, far more than the float's error, and rounds
// the same way as the float. A remainder of exactly 5,000 (the float may
// lie either side of the half) and lengths out of range go to strconv,
// which is what fmt calls. TestAppendNum checks it against fmt.
func appendNum(b []byte, f float64) []byte {
	n := math.Round(float64(f * (1 / draw.Grid))) // draw.Snap's product, unfused
	if !(n > -1e15 && n < 1e15) {                 // also NaN
		return appendNumSlow(b, f)
	}
	m := int64(n)
	neg := m < 0
	if neg {
		m = -m
	}
	h, r := m/10000, m%10000
	if r == 5000 {
		return appendNumSlow(b, f)
	}
	if r > 5000 {
		h++
	}
	if h == 0 {
		return append(b, '0')
	}
	if neg {
		b = append(b, '-')
	}
	b = strconv.AppendInt(b, h/100, 10)
	switch c := h % 100; {
	case c == 0:
	case c%10 == 0:
		b = append(b, '.', byte('0'+c/10))
	default:
		b = append(b, '.', byte('0'+c/10), byte('0'+c%10))
	}
	return b
}

// appendNumSlow is appendNum by way of strconv, as fmt's "%.2f" prints.
func appendNumSlow(b []byte, f float64) []byte {
	start := len(b)
	b = strconv.AppendFloat(b, draw.Snap(f), 'f', 2, 64)
	s := b[start:]
	if bytes.IndexByte(s, '.') >= 0 {
		s = bytes.TrimRight(s, "0")
		s = bytes.TrimRight(s, ".")
	}
	if string(s) == "-0" {
		s = s[1:]
	}
	return append(b[:start], s...)
}
