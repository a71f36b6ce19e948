package web

import (
	"fmt"
	"html/template"
	"math"
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
	SVG    template.HTML // the board, escaped here
	Legend template.HTML // the legend's entries, escaped here
}

// svgScale is how many millimetres an inch is drawn on the site: a board
// 110 mm across, about as the booklets print two boards side by side, so
// that its text, sized in points for print, is large against a board
// shown in a column of a page.
func svgScale(m board.Map) float64 {
	return 110 / max(m.WidthIn, m.HeightIn, 1)
}

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

func newMapView(m board.Map) mapView {
	s := svgScale(m)
	d := draw.Board(m, s, measure)
	ops := d.Ops
	top := d.Top
	if m.Track && len(m.Markers) > 0 {
		ops = append(ops, track(m, s, top)...)
		top += trackPt*draw.PtMM*1.3 + 2*trackR + trackGap + 1
	}
	pad := 2.0
	var b strings.Builder
	fmt.Fprintf(&b, `<svg viewBox="%s %s %s %s" role="img" aria-label="%s" xmlns="http://www.w3.org/2000/svg">`,
		num(-pad), num(-top-pad), num(d.W+2*pad), num(d.H+top+d.Bottom+2*pad), esc(describe(m)))
	fmt.Fprintf(&b, "\n<title>%s</title>", esc(title(m)))
	writeOps(&b, ops)
	b.WriteString("\n</svg>")
	v := mapView{Map: m, SVG: template.HTML(b.String())} //nolint: every text and attribute is escaped by esc
	v.Legend = legend(m, d.Keys)
	return v
}

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
		desc = append(desc, l.Label)
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

// legend is the entries for what m shows, each with a swatch drawn from
// the style table as the booklets draw it, and the labels printed on the
// board as key letters.
func legend(m board.Map, keys []draw.Key) template.HTML {
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "<li><b>%s</b> %s</li>\n", esc(k.Mark), esc(k.Text))
	}
	const w, h = 9.0, 5.0
	for _, e := range board.Legend(m) {
		fmt.Fprintf(&b, `<li><svg class="swatch" viewBox="-0.5 -0.5 %s %s" width="%s" height="%s" aria-hidden="true">`,
			num(w+1), num(h+1), num((w+1)*4), num((h+1)*4))
		writeOps(&b, draw.Swatch(e, 0, 0, w, h))
		fmt.Fprintf(&b, "</svg> %s</li>\n", esc(e.Label))
	}
	return template.HTML(b.String()) //nolint: labels are escaped by esc
}

// writeOps writes marks as SVG elements, consecutive marks of one class
// in one group.
func writeOps(b *strings.Builder, ops []draw.Op) {
	class := "\x00"
	for _, o := range ops {
		if o.Class != class {
			if class != "\x00" {
				b.WriteString("</g>")
			}
			class = o.Class
			fmt.Fprintf(b, "\n<g class=\"%s\">", esc(class))
		}
		paint := fmt.Sprintf(` fill="%s"`, colour(o.Fill))
		if o.Stroke != draw.None && o.Shape != draw.Text {
			paint += fmt.Sprintf(` stroke="%s" stroke-width="%s"`, colour(o.Stroke), num(o.Width))
			if o.Dash > 0 {
				paint += fmt.Sprintf(` stroke-dasharray="%s"`, num(o.Dash))
			}
		}
		switch o.Shape {
		case draw.Poly:
			fmt.Fprintf(b, `<polygon points="%s"%s/>`, points(o.Pts), paint)
		case draw.Path:
			fmt.Fprintf(b, `<polyline points="%s" fill="none"%s/>`, points(o.Pts), strings.TrimPrefix(paint, ` fill="none"`))
		case draw.Circle:
			fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="%s"%s/>`, num(o.Pts[0].X), num(o.Pts[0].Y), num(o.R), paint)
		case draw.Text:
			anchor := "middle"
			if o.Left {
				anchor = "start"
			}
			attrs := ""
			if o.Bold {
				attrs += ` font-weight="bold"`
			}
			if o.Halo {
				attrs += fmt.Sprintf(` stroke="#fff" stroke-width="%s" stroke-linejoin="round" paint-order="stroke"`, num(o.Size*draw.PtMM*0.4))
			}
			fmt.Fprintf(b, `<text x="%s" y="%s" font-size="%s" text-anchor="%s" dominant-baseline="central"%s%s>%s</text>`,
				num(o.Pts[0].X), num(o.Pts[0].Y), num(o.Size*draw.PtMM), anchor, paint, attrs, esc(o.Text))
		}
	}
	if class != "\x00" {
		b.WriteString("</g>")
	}
}

// colour writes a grey level as an SVG colour.
func colour(g float64) string {
	if g == draw.None {
		return "none"
	}
	v := int(math.Round(g * 255))
	return fmt.Sprintf("#%02x%02x%02x", v, v, v)
}

func esc(s string) string { return template.HTMLEscapeString(s) }

func points(pts []draw.P) string {
	var b strings.Builder
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(num(p.X) + "," + num(p.Y))
	}
	return b.String()
}

// num prints a length with at most two decimals and no trailing zeros,
// snapped to draw's grid first, so the SVG is the same bytes on every CPU
// (lengths worked out here, such as the track's, are snapped too).
func num(f float64) string {
	s := fmt.Sprintf("%.2f", draw.Snap(f))
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		s = "0"
	}
	return s
}
