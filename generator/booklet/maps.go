package booklet

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"codeberg.org/go-pdf/fpdf"

	"github.com/sortie-wargames/sortie/engine/board"
)

// Map drawing sizes in millimetres.
const (
	mapGap     = 8.0  // between maps
	mapTitleH  = 6.0  // the map's title line
	edgeLabelH = 4.5  // an edge's label above or below the board
	arrowH     = 6.5  // the entry arrows' band below the board
	maxScale   = 14.0 // mm per inch: a 12" board is 168 mm at most
	capSize    = 8.5  // caption font size
	trackSize  = 7.5  // the track's label, in points
	trackRad   = 3.2  // the largest radius of a marker on the track
	trackGap   = 1.5  // between the track and the edge label under it
)

// The two arrows showing the band's way in stand along the entry zone at
// these fractions of its width, which is the board's (the site draws the
// same).
const (
	entryArrowL = 0.25
	entryArrowR = 0.75
)

// mapsBlock draws an encounter's Battle Boards to one scale, as large as
// the box (x, y, w, h) allows.
func (r *renderer) mapsBlock(ms []board.Map, x, y, w, h float64) {
	if len(ms) == 0 {
		return
	}
	cols, scale := r.mapLayout(ms, w, h)
	cellW := (w - float64(cols-1)*mapGap) / float64(cols)
	rows := (len(ms) + cols - 1) / cols
	cellH := (h - float64(rows-1)*mapGap) / float64(rows)
	for i, m := range ms {
		cx := x + float64(i%cols)*(cellW+mapGap)
		cy := y + float64(i/cols)*(cellH+mapGap)
		r.mapCell(m, cx, cy, cellW, scale)
	}
}

// mapLayout picks the number of columns that gives the largest scale.
func (r *renderer) mapLayout(ms []board.Map, w, h float64) (int, float64) {
	bestCols, best := 1, 0.0
	for cols := 1; cols <= len(ms); cols++ {
		rows := (len(ms) + cols - 1) / cols
		cellW := (w - float64(cols-1)*mapGap) / float64(cols)
		cellH := (h - float64(rows-1)*mapGap) / float64(rows)
		s := maxScale
		for _, m := range ms {
			if m.WidthIn <= 0 || m.HeightIn <= 0 {
				continue
			}
			room := cellH - r.mapOverhead(m, cellW)
			s = min(s, cellW/m.WidthIn, room/m.HeightIn)
		}
		if s > best+0.01 {
			bestCols, best = cols, s
		}
	}
	return bestCols, max(best, 1)
}

// mapOverhead is the height a map needs besides the board itself.
func (r *renderer) mapOverhead(m board.Map, w float64) float64 {
	r.font("", capSize)
	caption := float64(len(r.split(r.mapCaption(m), w))) * lh(capSize)
	return mapTitleH + trackH(m) + edgeLabelH + arrowH + caption + 1
}

// onTrack reports whether a map's markers are a track above the board
// rather than places on it.
func onTrack(m board.Map) bool { return m.Track && len(m.Markers) > 0 }

// trackH is the height of the track of markers above a board: a label
// line and a row of markers; 0 for a map without one.
func trackH(m board.Map) float64 {
	if !onTrack(m) {
		return 0
	}
	return lh(trackSize) + 2*trackRad + trackGap + 0.5
}

// trackLabel is what the track says it is.
func trackLabel(m board.Map) string {
	if len(m.Markers) == 1 {
		return "The PEF for this board (resolve it before you set up)"
	}
	return "PEFs, in the order you resolve them (before you set up)"
}

// drawTrack draws a map's markers as a track above its board: a label,
// then the numbered markers where the map places them across the board
// (x is the board's left edge, s mm to the inch), with arrows from each to
// the next, in the order they are resolved.
func (r *renderer) drawTrack(m board.Map, x, y, w, s float64) {
	rad := trackRad
	for i := 1; i < len(m.Markers); i++ {
		rad = min(rad, math.Abs(m.Markers[i].X-m.Markers[i-1].X)*s*0.3)
	}
	rad = max(rad, 2.2)
	r.font("I", trackSize)
	r.f.SetTextColor(60, 60, 60)
	r.f.SetXY(x, y)
	r.f.CellFormat(w, lh(trackSize), r.fit(trackLabel(m), w), "", 0, "C", false, 0, "")
	r.ink()
	cy := y + lh(trackSize) + 0.5 + trackRad
	for i, mk := range m.Markers {
		cx := x + mk.X*s
		if i > 0 {
			px := x + m.Markers[i-1].X*s
			dir := 1.0
			if cx < px {
				dir = -1
			}
			x0, x1 := px+dir*(rad+0.9), cx-dir*(rad+0.9)
			if math.Abs(x1-x0) >= 2.5 {
				r.arrowAcross(x0, x1, cy)
			}
		}
		r.markerR(mk.Label, cx, cy, rad)
	}
}

// arrowAcross draws a small arrow from x0 to x1 at height y.
func (r *renderer) arrowAcross(x0, x1, y float64) {
	dir := 1.0
	if x1 < x0 {
		dir = -1
	}
	head := min(1.8, math.Abs(x1-x0)*0.5)
	r.f.SetLineWidth(0.4)
	r.f.Line(x0, y, x1-dir*head*0.8, y)
	r.f.SetFillColor(0, 0, 0)
	r.f.Polygon([]fpdf.PointType{{X: x1, Y: y}, {X: x1 - dir*head, Y: y - head*0.55}, {X: x1 - dir*head, Y: y + head*0.55}}, "F")
	r.ink()
}

// mapCaption is the terrain's meaning and the scale.
func (r *renderer) mapCaption(m board.Map) string {
	s := m.Caption
	if s != "" {
		s += " "
	}
	return s + fmt.Sprintf("Scale: 1 square = 1 inch; the board is %s\" × %s\".", inches(m.WidthIn), inches(m.HeightIn))
}

func inches(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// mapCell draws one map with its title, edge labels and caption, its
// board s mm to the inch, centred in a cell w wide.
func (r *renderer) mapCell(m board.Map, x, y, w, s float64) {
	bw, bh := m.WidthIn*s, m.HeightIn*s
	bx := x + (w-bw)/2
	title := m.Title
	if m.Terrain != "" {
		title += ": " + m.Terrain
	}
	r.font("B", 10.5)
	r.f.SetXY(bx, y)
	r.f.CellFormat(bw, mapTitleH, r.fit(r.cov.printable(title), bw), "", 0, "L", false, 0, "")
	if onTrack(m) {
		r.drawTrack(m, bx, y+mapTitleH, bw, s)
	}
	top := y + mapTitleH + trackH(m) + edgeLabelH
	r.edgeLabels(m, bx, top, bw, bh)
	r.drawBoard(m, bx, top, s)
	r.font("", capSize)
	cy := top + bh + arrowH + 0.5
	for _, l := range r.split(r.mapCaption(m), bw) {
		r.f.SetXY(bx, cy)
		r.f.CellFormat(bw, lh(capSize), l, "", 0, "L", false, 0, "")
		cy += lh(capSize)
	}
}

// edge is which edge of the board a zone lies along.
func edge(m board.Map, z board.Zone) string {
	const eps = 0.01
	switch {
	case z.Y <= eps && z.W >= m.WidthIn-eps:
		return "top"
	case z.Y+z.H >= m.HeightIn-eps && z.W >= m.WidthIn-eps:
		return "bottom"
	case z.X <= eps:
		return "left"
	case z.X+z.W >= m.WidthIn-eps:
		return "right"
	}
	return ""
}

// edgeLabels names the top and bottom edges after the zones along them,
// with arrows where the band enters.
func (r *renderer) edgeLabels(m board.Map, x, y, w, h float64) {
	for _, z := range m.Zones {
		name := "Enemy edge"
		if z.Side == board.Band {
			name = "Your edge"
		}
		r.font("B", 8)
		switch edge(m, z) {
		case "top":
			r.f.SetXY(x, y-edgeLabelH)
			r.f.CellFormat(w, edgeLabelH, name, "", 0, "C", false, 0, "")
		case "bottom":
			r.f.SetXY(x, y+h+1)
			r.f.CellFormat(w, arrowH-1, name, "", 0, "C", false, 0, "")
			if z.Enters {
				for _, f := range []float64{entryArrowL, entryArrowR} {
					r.arrowUp(x+z.X*w/m.WidthIn+z.W*w/m.WidthIn*f, y+h+arrowH-0.3, y+h+0.6)
				}
			}
		}
	}
}

// arrowUp draws an arrow from y0 up to y1 at x.
func (r *renderer) arrowUp(x, y0, y1 float64) {
	r.f.SetLineWidth(0.6)
	r.f.Line(x, y0, x, y1+1.6)
	r.f.SetFillColor(0, 0, 0)
	r.f.Polygon([]fpdf.PointType{{X: x, Y: y1}, {X: x - 1.4, Y: y1 + 2.2}, {X: x + 1.4, Y: y1 + 2.2}}, "F")
	r.ink()
}

// drawBoard draws the board at (x, y), s mm to the inch: zones, grid,
// sections, terrain pieces, labels and PEF markers.
func (r *renderer) drawBoard(m board.Map, x, y, s float64) {
	w, h := m.WidthIn*s, m.HeightIn*s
	pt := func(p board.Point) fpdf.PointType { return fpdf.PointType{X: x + p.X*s, Y: y + p.Y*s} }
	for _, z := range m.Zones {
		r.hatchZone(z, x+z.X*s, y+z.Y*s, z.W*s, z.H*s)
	}
	r.sectionNumbers(m, x, y, s)
	r.squares(m, x, y, s)
	for _, p := range m.Pieces {
		outline := make([]fpdf.PointType, len(p.Outline))
		for i, q := range p.Outline {
			outline[i] = pt(q)
		}
		r.piece(p.Kind, outline, s)
	}
	r.f.SetLineWidth(0.6)
	r.f.Rect(x, y, w, h, "D")
	r.ink()
	for _, z := range m.Zones {
		r.zoneLabel(m, z, x, y, s)
	}
	for _, p := range m.Pieces {
		if len(p.Outline) > 0 {
			c := centroid(p.Outline)
			r.boxLabel(p.Label, x+c.X*s, y+c.Y*s, labelSize(s))
		}
	}
	if !onTrack(m) {
		for _, mk := range m.Markers {
			r.marker(mk.Label, x+mk.X*s, y+mk.Y*s, s)
		}
	}
}

// labelSize is the font size of labels on a board drawn s mm to the inch.
func labelSize(s float64) float64 { return min(8, max(5.5, s*0.55)) }

// hatchZone fills a zone with its side's pattern: diagonal lines for the
// enemy, horizontal lines for the band.
func (r *renderer) hatchZone(z board.Zone, x, y, w, h float64) {
	r.f.ClipRect(x, y, w, h, false)
	r.f.SetLineWidth(0.18)
	if z.Side == board.Enemy {
		r.f.SetDrawColor(110, 110, 110)
		for t := -h; t < w; t += 2.2 {
			r.f.Line(x+t, y+h, x+t+h, y)
		}
	} else {
		r.f.SetDrawColor(150, 150, 150)
		for yy := y + 0.9; yy < y+h; yy += 1.8 {
			r.f.Line(x, yy, x+w, yy)
		}
	}
	r.f.ClipEnd()
	r.ink()
}

// squares draws the 1" squares, with the section lines heavier.
func (r *renderer) squares(m board.Map, x, y, s float64) {
	w, h := m.WidthIn*s, m.HeightIn*s
	r.f.SetDrawColor(185, 185, 185)
	r.f.SetLineWidth(0.12)
	for i := 1.0; i < m.WidthIn; i++ {
		r.f.Line(x+i*s, y, x+i*s, y+h)
	}
	for i := 1.0; i < m.HeightIn; i++ {
		r.f.Line(x, y+i*s, x+w, y+i*s)
	}
	if sw, sh, ok := sections(m); ok {
		r.f.SetDrawColor(90, 90, 90)
		r.f.SetLineWidth(0.3)
		r.f.SetDashPattern([]float64{1.5, 1}, 0)
		for i := 1; i < 3; i++ {
			r.f.Line(x+float64(i)*sw*s, y, x+float64(i)*sw*s, y+h)
			r.f.Line(x, y+float64(i)*sh*s, x+w, y+float64(i)*sh*s)
		}
	}
	r.ink()
}

// sections returns the size of the board's nine sections in inches, when
// the rules divide it into three by three numbered sections.
func sections(m board.Map) (w, h float64, ok bool) {
	return m.WidthIn / 3, m.HeightIn / 3, m.Sections
}

// sectionNumbers prints the sections' numbers, 1 2 3 / 4 5 6 / 7 8 9 with
// 7-9 along the player's edge, large and pale under everything else.
func (r *renderer) sectionNumbers(m board.Map, x, y, s float64) {
	sw, sh, ok := sections(m)
	if !ok {
		return
	}
	size := min(40, sh*s*2)
	r.font("B", size)
	r.f.SetTextColor(200, 200, 200)
	for i := range 9 {
		cx := x + (float64(i%3)+0.5)*sw*s
		cy := y + (float64(i/3)+0.5)*sh*s
		r.f.SetXY(cx-sw*s/2, cy-lh(size)/2)
		r.f.CellFormat(sw*s, lh(size), strconv.Itoa(i+1), "", 0, "C", false, 0, "")
	}
	r.ink()
}

// piece draws a terrain piece with its kind's pattern: woods as small
// trees, rocks as a dense crosshatch, ruins solid dark.
func (r *renderer) piece(kind string, outline []fpdf.PointType, s float64) {
	if len(outline) < 3 {
		return
	}
	x0, y0, x1, y1 := bounds(outline)
	switch kind {
	case board.Woods:
		r.f.SetFillColor(236, 236, 236)
		r.f.Polygon(outline, "F")
		r.f.ClipPolygon(outline, false)
		step := max(2.2, s*0.2)
		rad := step * 0.32
		r.f.SetLineWidth(0.2)
		for row, yy := 0, y0+step/2; yy < y1+step; row, yy = row+1, yy+step*0.87 {
			off := 0.0
			if row%2 == 1 {
				off = step / 2
			}
			for xx := x0 + off; xx < x1+step; xx += step {
				r.f.SetFillColor(255, 255, 255)
				r.f.Circle(xx, yy, rad, "FD")
				r.f.Line(xx, yy+rad, xx, yy+rad*1.7)
			}
		}
		r.f.ClipEnd()
	case board.Rocks:
		r.f.SetFillColor(225, 225, 225)
		r.f.Polygon(outline, "F")
		r.f.ClipPolygon(outline, false)
		r.f.SetLineWidth(0.18)
		hgt := y1 - y0
		for t := -hgt; t < x1-x0; t += 1.0 {
			r.f.Line(x0+t, y1, x0+t+hgt, y0)
			r.f.Line(x0+t, y0, x0+t+hgt, y1)
		}
		r.f.ClipEnd()
	default: // ruins, and any kind the booklet does not know
		r.f.SetFillColor(70, 70, 70)
		r.f.Polygon(outline, "F")
	}
	r.ink()
	r.f.SetLineWidth(0.45)
	r.f.Polygon(outline, "D")
	r.ink()
}

func bounds(ps []fpdf.PointType) (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = ps[0].X, ps[0].Y, ps[0].X, ps[0].Y
	for _, p := range ps[1:] {
		x0, y0, x1, y1 = min(x0, p.X), min(y0, p.Y), max(x1, p.X), max(y1, p.Y)
	}
	return
}

// centroid is the mean of an outline's points: good enough to place a
// label on the small, nearly round pieces Sortie draws.
func centroid(ps []board.Point) board.Point {
	var c board.Point
	for _, p := range ps {
		c.X += p.X
		c.Y += p.Y
	}
	n := float64(len(ps))
	return board.Point{X: c.X / n, Y: c.Y / n}
}

// boxLabel prints text centred on (cx, cy) in a white box.
func (r *renderer) boxLabel(text string, cx, cy, size float64) {
	r.font("B", size)
	text = r.cov.printable(text)
	w := r.f.GetStringWidth(text) + 1.6
	h := lh(size) + 0.4
	r.f.SetFillColor(255, 255, 255)
	r.f.SetLineWidth(0.15)
	r.f.Rect(cx-w/2, cy-h/2, w, h, "FD")
	r.f.SetXY(cx-w/2, cy-h/2)
	r.f.CellFormat(w, h, text, "", 0, "C", false, 0, "")
	r.ink()
}

// zoneLabel prints a zone's label just inside the board's edge.
func (r *renderer) zoneLabel(m board.Map, z board.Zone, x, y, s float64) {
	size := labelSize(s)
	r.font("B", size)
	text := r.fit(r.cov.printable(z.Label), z.W*s-4)
	h := lh(size) + 0.4
	cx := x + (z.X+z.W/2)*s
	var cy float64
	switch edge(m, z) {
	case "bottom":
		cy = y + (z.Y+z.H)*s - h/2 - 1.2
	default:
		cy = y + z.Y*s + h/2 + 1.2
	}
	r.boxLabel(text, cx, cy, size)
}

// marker draws a numbered PEF marker on a board drawn s mm to the inch.
func (r *renderer) marker(label string, cx, cy, s float64) {
	r.markerR(label, cx, cy, max(2.6, 0.33*s))
}

// markerR draws a numbered PEF marker of radius rad.
func (r *renderer) markerR(label string, cx, cy, rad float64) {
	r.f.SetFillColor(255, 255, 255)
	r.f.SetLineWidth(0.6)
	r.f.Circle(cx, cy, rad, "FD")
	r.f.SetLineWidth(0.2)
	r.f.Circle(cx, cy, rad-0.8, "D")
	size := min(14, rad*3.4)
	r.font("B", size)
	r.f.SetXY(cx-rad, cy-lh(size)/2)
	r.f.CellFormat(2*rad, lh(size), r.cov.printable(label), "", 0, "C", false, 0, "")
	r.ink()
}

// legendItem is one entry of a map legend: a swatch and its label, and
// where it was printed (x, y, w), for tests.
type legendItem struct {
	label   string
	swatch  func(x, y float64)
	x, y, w float64
}

// Legend sizes in millimetres.
const (
	legendSW   = 9.0 // a swatch's width
	legendSH   = 5.0 // a swatch's height, and a line's
	legendSize = 8.0 // the labels' size, in points
	legendSep  = 5.0 // between items
	legendLine = 7.0 // from one line of items to the next
)

// legendItems are the entries of an encounter's map legend, listing only
// the terrain kinds its maps hold.
func (r *renderer) legendItems(ms []board.Map) []legendItem {
	var kinds []string
	for _, m := range ms {
		for _, p := range m.Pieces {
			if !slices.Contains(kinds, p.Kind) {
				kinds = append(kinds, p.Kind)
			}
		}
	}
	order := []string{board.Woods, board.Rocks, board.Ruins}
	slices.SortFunc(kinds, func(a, b string) int { return slices.Index(order, a) - slices.Index(order, b) })
	const sw, sh = legendSW, legendSH
	box := func(x, y float64) {
		r.f.SetLineWidth(0.3)
		r.f.Rect(x, y, sw, sh, "D")
		r.ink()
	}
	items := []legendItem{
		{label: "Enemy zone", swatch: func(x, y float64) { r.hatchZone(board.Zone{Side: board.Enemy}, x, y, sw, sh); box(x, y) }},
		{label: "Your zone", swatch: func(x, y float64) { r.hatchZone(board.Zone{Side: board.Band}, x, y, sw, sh); box(x, y) }},
		{label: "PEF marker", swatch: func(x, y float64) { r.markerR("1", x+sw/2, y+sh/2, 2.6) }},
	}
	for _, k := range kinds {
		label := k
		for _, m := range ms {
			for _, p := range m.Pieces {
				if p.Kind == k && p.Label != "" {
					label = p.Label
				}
			}
		}
		items = append(items, legendItem{label: label, swatch: func(x, y float64) {
			r.piece(k, []fpdf.PointType{{X: x, Y: y}, {X: x + sw, Y: y}, {X: x + sw, Y: y + sh}, {X: x, Y: y + sh}}, 10)
		}})
	}
	items = append(items, legendItem{label: "1 square = 1 inch", swatch: func(x, y float64) {
		r.f.SetDrawColor(120, 120, 120)
		r.f.SetLineWidth(0.12)
		r.f.Line(x+sw/2, y, x+sw/2, y+sh)
		r.ink()
		box(x, y)
	}})
	return items
}

// placeLegend lays legend items out in lines across the text block from
// y, wrapping before an item that would pass the right margin, and
// returns the height they take.
func (r *renderer) placeLegend(items []legendItem, y float64) float64 {
	r.font("", legendSize)
	x, top := side, y
	for i := range items {
		w := legendSW + 1.5 + r.f.GetStringWidth(r.cov.printable(items[i].label))
		if x > side && x+w > r.pw-side {
			x, y = side, y+legendLine
		}
		items[i].x, items[i].y, items[i].w = x, y, w
		x += w + legendSep
	}
	return y - top + legendSH
}

// legendH is the height an encounter's legend takes.
func (r *renderer) legendH(ms []board.Map) float64 {
	return r.placeLegend(r.legendItems(ms), 0)
}

// legend explains the map's patterns at the foot of the left-hand page,
// from y down.
func (r *renderer) legend(ms []board.Map, y float64) {
	items := r.legendItems(ms)
	r.placeLegend(items, y)
	for _, it := range items {
		it.swatch(it.x, it.y)
		r.font("", legendSize)
		label := r.cov.printable(it.label)
		r.f.SetXY(it.x+legendSW+1.5, it.y)
		r.f.CellFormat(r.f.GetStringWidth(label), legendSH, label, "", 0, "L", false, 0, "")
		r.lay.legend = append(r.lay.legend, legendItem{label: it.label, x: it.x, y: it.y, w: it.w})
	}
}
