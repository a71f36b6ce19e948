package booklet

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/sortie-wargames/sortie/generator/booklet/fpdf"

	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/board/draw"
)

// Map drawing sizes in millimetres.
const (
	mapGap    = 8.0  // between maps
	mapTitleH = 6.0  // the map's title line
	maxScale  = 14.0 // mm per inch: a 12" board is 168 mm at most
	capSize   = 8.5  // caption font size
	trackSize = 7.5  // the track's label, in points
	trackRad  = 3.2  // the largest radius of a marker on the track
	trackGap  = 1.5  // between the track and the edge label under it
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
		cx := x + float64(float64(i%cols)*(cellW+mapGap))
		cy := y + float64(float64(i/cols)*(cellH+mapGap))
		r.mapCell(m, cx, cy, cellW, scale)
	}
}

// mapLayout picks the number of columns that gives the largest scale.
func (r *renderer) mapLayout(ms []board.Map, w, h float64) (int, float64) {
	bestCols, best, bestClear := 1, 0.0, false
	for cols := 1; cols <= len(ms); cols++ {
		rows := (len(ms) + cols - 1) / cols
		cellW := (w - float64(cols-1)*mapGap) / float64(cols)
		cellH := (h - float64(rows-1)*mapGap) / float64(rows)
		s := maxScale
		for _, m := range ms {
			if m.WidthIn <= 0 || m.HeightIn <= 0 {
				continue
			}
			s = min(s, r.mapScale(m, cellW, cellH))
		}
		// A map drawn smaller than its own best scale (another map of
		// the row holds it back) can need more room round it: check.
		for s > 1 && !r.mapsFit(ms, cellW, cellH, s) {
			s *= 0.98
		}
		// A layout whose boards all place their labels clear beats one
		// that draws them larger but crowded (a key letter over a label).
		clear := r.mapsClear(ms, s)
		if cols == 1 || clear && !bestClear || clear == bestClear && s > best+0.01 {
			bestCols, best, bestClear = cols, s, clear
		}
	}
	return bestCols, max(best, 1)
}

// mapsClear reports whether every map drawn s mm to the inch places all
// its labels clear of each other and of what the board holds.
func (r *renderer) mapsClear(ms []board.Map, s float64) bool {
	for _, m := range ms {
		if m.WidthIn <= 0 || m.HeightIn <= 0 {
			continue
		}
		key := overheadKey{r.mapKey(m), 0, s, 0}
		crowded, ok := r.crowded[key]
		if !ok {
			crowded = r.sized(m, key.m, s).Crowded > 0
			if r.crowded == nil {
				r.crowded = map[overheadKey]bool{}
			}
			r.crowded[key] = crowded
		}
		if crowded {
			return false
		}
	}
	return true
}

// mapsFit reports whether every map, drawn s mm to the inch, fits a cell
// w × h with what is drawn round it.
func (r *renderer) mapsFit(ms []board.Map, w, h, s float64) bool {
	for _, m := range ms {
		if m.WidthIn > 0 && m.HeightIn > 0 && r.mapOverhead(m, w, s)+float64(m.HeightIn*s) > h+0.01 {
			return false
		}
	}
	return true
}

// mapScale is the largest scale, at most maxScale, at which map m and
// what is drawn round it (its title, track, the edges' names and arrows,
// the caption) fit a cell w × h. What is drawn round a board grows as it
// shrinks (a title wraps to a narrower board, a label moves off it), so
// the two are settled, then checked: the scale returned is one at which
// the map was measured to fit, never one it was hoped to.
func (r *renderer) mapScale(m board.Map, w, h float64) float64 {
	// float64(...) rounds each product before it is added: a fused
	// multiply-add (GOAMD64=v3, arm64) would decide a fit at its edge the
	// other way, and the bytes would differ by the machine built for.
	fits := func(s float64) bool { return r.mapOverhead(m, w, s)+float64(m.HeightIn*s) <= h+0.01 }
	s := min(maxScale, w/m.WidthIn)
	for range 8 {
		if fits(s) {
			return s
		}
		s = min(s*0.995, (h-r.mapOverhead(m, w, s))/m.HeightIn)
		if s <= 1 {
			return 1
		}
	}
	for s > 1 && !fits(s) {
		s *= 0.98
	}
	return max(s, 1)
}

// mapOverhead is the height a map drawn about s mm to the inch in a cell
// w wide needs besides the board itself: its title, track and caption,
// wrapped as mapCell wraps them (to the board's width, or the cell's on
// a folded booklet's page), and what is drawn round the board.
func (r *renderer) mapOverhead(m board.Map, w, s float64) float64 {
	key := overheadKey{r.mapKey(m), w, s, r.capW}
	if h, ok := r.overheads[key]; ok {
		r.font("", capSize)
		return h
	}
	d := r.sized(m, key.m, s)
	bw := m.WidthIn * s
	r.font("", capSize)
	caption := float64(float64(len(r.split(r.mapCaption(m, d.Keys, true), r.captionW(w, bw)))) * lh(capSize))
	h := r.mapTitleHeight(m, w, bw) + r.trackH(m, r.trackW(w, bw)) + d.Top + d.Bottom + caption + 1
	if r.overheads == nil {
		r.overheads = map[overheadKey]float64{}
	}
	r.overheads[key] = h
	return h
}

// overheadKey is what mapOverhead's measure depends on: the map (all of
// it, as mapKey writes it), the cell's width, the scale and the width
// its caption is wrapped to when that is not the board's (renderer.capW).
type overheadKey struct {
	m           string
	w, s, capto float64
}

// captionW is the width a map's caption is wrapped to in a cell w wide
// with its board bw wide: the text block's when the legend stands beside
// the board (renderer.capW), else the track's (trackW).
func (r *renderer) captionW(w, bw float64) float64 {
	if r.capW > 0 {
		return r.capW
	}
	return r.trackW(w, bw)
}

// captionH is the height of the caption of map m drawn s mm to the inch
// in a cell w wide, as mapCell wraps it.
func (r *renderer) captionH(m board.Map, w, s float64) float64 {
	d := r.sized(m, r.mapKey(m), s)
	r.font("", capSize)
	return float64(len(r.split(r.mapCaption(m, d.Keys, true), r.captionW(w, m.WidthIn*s)))) * lh(capSize)
}

// sized is draw.Size's drawing of m (whose mapKey is key) at scale s,
// kept for the whole build of the booklet: mapOverhead measures a map at
// one scale in cells of several widths, and mapsClear at the same scales.
// Like draw.Size, it leaves the font as measuring the board last set it.
func (r *renderer) sized(m board.Map, key string, s float64) draw.Drawing {
	k := overheadKey{key, 0, s, 0}
	if d, ok := r.sizes[k]; ok {
		r.font("", draw.NotePt) // the scale bar's text, Size's last measure
		return d
	}
	d := draw.Size(m, s, r.measure)
	if r.sizes == nil {
		r.sizes = map[overheadKey]draw.Drawing{}
	}
	r.sizes[k] = d
	return d
}

// drawing is draw.Board's drawing of m at scale s, or on a dry pass,
// which draws nothing, draw.Size's: the same sizes and keys without the
// marks, kept for the build as sized keeps them.
func (r *renderer) drawing(m board.Map, s float64) draw.Drawing {
	if r.f.font.dry {
		return r.sized(m, r.mapKey(m), s)
	}
	return draw.Board(m, s, r.measure)
}

// mapKey is m written out whole, every field of it, as a key for the
// measures of the map: what fmt's %v would give, in a fraction of the
// time (the layout asks for it for every scale it tries). Strings are
// written with their lengths and numbers as their bits, so two maps
// share a key only when they are equal. The key of the map last asked
// for is kept: the layout asks for one map many times over.
func (r *renderer) mapKey(m board.Map) string {
	b := r.mapKeyBuf[:0]
	str := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	num := func(v float64) { b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v)) }
	n := func(v int) { b = binary.AppendVarint(b, int64(v)) }
	pts := func(ps []board.Point) {
		n(len(ps))
		for _, p := range ps {
			num(p.X)
			num(p.Y)
		}
	}
	str(m.Title)
	num(m.WidthIn)
	num(m.HeightIn)
	str(m.Terrain)
	str(m.Caption)
	n(m.Cols)
	n(m.Rows)
	if m.Entry == nil {
		n(-1)
	} else {
		str(m.Entry.Edge)
		n(len(m.Entry.Sections))
		for _, sec := range m.Entry.Sections {
			n(sec)
		}
		n(boolInt(m.Entry.Enters))
	}
	n(len(m.Zones))
	for _, z := range m.Zones {
		str(z.Side)
		str(z.Label)
		n(boolInt(z.Enters))
		num(z.X)
		num(z.Y)
		num(z.W)
		num(z.H)
	}
	n(len(m.Pieces))
	for _, p := range m.Pieces {
		str(p.Kind)
		str(p.Label)
		pts(p.Outline)
		n(p.Section)
		n(p.Count)
		str(p.Note)
	}
	n(len(m.Lines))
	for _, l := range m.Lines {
		str(l.Kind)
		str(l.Label)
		pts(l.Path)
		num(l.WidthIn)
	}
	n(len(m.Markers))
	for _, mk := range m.Markers {
		str(mk.Label)
		str(mk.Title)
		num(mk.X)
		num(mk.Y)
		n(mk.Section)
	}
	n(boolInt(m.Track))
	str(m.TrackLabel)
	str(m.Unit)
	r.mapKeyBuf = b
	if string(b) == r.mapKeyLast {
		return r.mapKeyLast
	}
	r.mapKeyLast = string(b)
	return r.mapKeyLast
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// mapTitle is a map's title as printed above it: its name and terrain.
func mapTitle(m board.Map) string {
	if m.Terrain != "" {
		return m.Title + ": " + m.Terrain
	}
	return m.Title
}

// mapTitleLines wraps a map's title to where it prints: the cell's width
// w on a folded booklet's page, else the board's, bw. A title too long
// for one line takes two or more, never cut.
func (r *renderer) mapTitleLines(m board.Map, w, bw float64) []string {
	if !r.narrow() {
		w = bw
	}
	r.font("B", 10.5)
	return r.split(r.cov.printable(mapTitle(m)), w)
}

// mapTitleHeight is the height of a map's title lines.
func (r *renderer) mapTitleHeight(m board.Map, w, bw float64) float64 {
	return mapTitleH + float64(float64(len(r.mapTitleLines(m, w, bw))-1)*lh(10.5))
}

// onTrack reports whether a map's markers are a track above the board
// rather than places on it.
func onTrack(m board.Map) bool { return m.Track && len(m.Markers) > 0 }

// trackW is the width a track's label is wrapped to: the cell's, w, on a
// folded booklet's page (as the title and caption are, so that a board
// shrunk by the height does not wrap its track's label into more lines
// and shrink further), else the board's, bw.
func (r *renderer) trackW(w, bw float64) float64 {
	if r.narrow() {
		return w
	}
	return bw
}

// trackH is the height of the track of markers above a board w wide: its
// label, wrapped to the board's width, and a row of markers; 0 for a map
// without one.
func (r *renderer) trackH(m board.Map, w float64) float64 {
	if !onTrack(m) {
		return 0
	}
	return float64(len(r.trackLines(m, w)))*lh(trackSize) + 2*trackRad + trackGap + 0.5
}

// trackLines wraps the track's label to a board w wide.
func (r *renderer) trackLines(m board.Map, w float64) []string {
	r.font("I", trackSize)
	return r.split(trackLabel(m), w)
}

// trackLabel is what the track says it is, as the rule system wrote it.
func trackLabel(m board.Map) string { return m.TrackLabel }

// drawTrack draws a map's markers as a track above its board: a label,
// then the numbered markers where the map places them across the board
// (x is the board's left edge, s mm to the inch), with arrows from each to
// the next, in the order they are resolved.
func (r *renderer) drawTrack(m board.Map, x, y, w, s float64) {
	r.drawTrackIn(m, x, y, w, s, x, w)
}

// drawTrackIn is drawTrack with the label centred on lx to lx+lw instead
// of over the board.
func (r *renderer) drawTrackIn(m board.Map, x, y, w, s, lx, lw float64) {
	rad := trackRad
	for i := 1; i < len(m.Markers); i++ {
		rad = min(rad, math.Abs(m.Markers[i].X-m.Markers[i-1].X)*s*0.3)
	}
	rad = max(rad, 2.2)
	lines := r.trackLines(m, lw)
	r.f.SetTextColor(60, 60, 60)
	for i, l := range lines {
		r.f.SetXY(lx, y+float64(i)*lh(trackSize))
		r.f.CellFormat(lw, lh(trackSize), l, "", 0, "C", false, 0, "")
	}
	r.ink()
	cy := y + float64(len(lines))*lh(trackSize) + 0.5 + trackRad
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
	r.f.Polygon(points(x1, y, x1-dir*head, y-head*0.55, x1-dir*head, y+head*0.55), "F")
	r.ink()
}

// mapCaption is the terrain's meaning, the labels printed on the board
// as key letters (too long for it at its scale) and the board's size
// with, when no legend beside it says so (keyed false), its squares'.
func (r *renderer) mapCaption(m board.Map, keys []draw.Key, keyed bool) string {
	s := m.Caption
	if s != "" {
		s += " "
	}
	if k := draw.KeyText(keys); k != "" {
		s += "On the board: " + k + " "
	}
	if keyed {
		return s + fmt.Sprintf("The board is %s × %s.", m.Length(m.WidthIn), m.Length(m.HeightIn))
	}
	return s + fmt.Sprintf("Scale: 1 square = %s; the board is %s × %s.", m.Square(), m.Length(m.WidthIn), m.Length(m.HeightIn))
}

// mapCell draws one map with its title, track and caption, its board s mm
// to the inch, centred in a cell w wide.
func (r *renderer) mapCell(m board.Map, x, y, w, s float64) {

	bw, bh := m.WidthIn*s, m.HeightIn*s
	bx := x + (w-bw)/2
	titleH := r.mapTitleHeight(m, w, bw)
	for i, l := range r.mapTitleLines(m, w, bw) {
		r.font("B", 10.5)
		if r.narrow() {
			r.f.SetXY(x, y+float64(i)*lh(10.5))
			r.f.CellFormat(w, mapTitleH, l, "", 0, "C", false, 0, "")
		} else {
			r.f.SetXY(bx, y+float64(i)*lh(10.5))
			r.f.CellFormat(bw, mapTitleH, l, "", 0, "L", false, 0, "")
		}
	}
	if onTrack(m) {
		if r.narrow() {
			r.drawTrackIn(m, bx, y+titleH, bw, s, x, w)
		} else {
			r.drawTrack(m, bx, y+titleH, bw, s)
		}
	}
	d := r.drawing(m, s)
	top := y + titleH + r.trackH(m, r.trackW(w, bw)) + d.Top
	r.ops(d.Ops, bx, top)
	r.font("", capSize)
	cy := top + bh + d.Bottom + 0.5
	cx, cw := bx, bw
	if r.narrow() {
		// On a folded booklet's page the board is held back by the
		// height: its caption takes the width of the page.
		cx, cw = x, w
	}
	if r.capW > 0 {
		cw = r.capW // under the board and its legend beside it
	}
	for _, l := range r.split(r.mapCaption(m, d.Keys, true), cw) {
		r.f.SetXY(cx, cy)
		r.f.CellFormat(cw, lh(capSize), l, "", 0, "L", false, 0, "")
		cy += lh(capSize)
	}
}

// grey sets a colour from a grey level, 0 black to 1 white.
func grey(g float64) int { return int(math.Round(g * 255)) }

// ops draws the marks engine/board/draw laid out, offset by (x, y): the
// site's SVG draws the same marks.
func (r *renderer) ops(ops []draw.Op, x, y float64) {
	if r.f.font.dry {
		return // nothing drawn moves anything: a dry pass has no use for them
	}
	pts := func(ps []draw.P) []fpdf.PointType {
		xy := make([]float64, 0, 2*len(ps))
		for _, p := range ps {
			xy = append(xy, x+p.X, y+p.Y)
		}
		return points(xy...)
	}
	for _, o := range ops {
		style := ""
		if o.Fill != draw.None {
			g := grey(o.Fill)
			r.f.SetFillColor(g, g, g)
			style += "F"
		}
		if o.Stroke != draw.None && o.Shape != draw.Text {
			g := grey(o.Stroke)
			r.f.SetDrawColor(g, g, g)
			r.f.SetLineWidth(o.Width)
			if o.Dash > 0 {
				r.f.SetDashPattern([]float64{o.Dash, o.Dash}, 0)
			}
			style += "D"
		}
		switch o.Shape {
		case draw.Poly:
			if style != "" && len(o.Pts) > 2 {
				r.f.Polygon(pts(o.Pts), style)
			}
		case draw.Path:
			ps := pts(o.Pts)
			for i := 1; i < len(ps); i++ {
				r.f.Line(ps[i-1].X, ps[i-1].Y, ps[i].X, ps[i].Y)
			}
		case draw.Circle:
			if style != "" {
				r.f.Circle(x+o.Pts[0].X, y+o.Pts[0].Y, o.R, style)
			}
		case draw.Text:
			r.text(o, x+o.Pts[0].X, y+o.Pts[0].Y)
		}
		if o.Dash > 0 {
			r.f.SetDashPattern(nil, 0)
		}
		r.ink()
	}
}

// measure is the width of text as the renderer prints it: draw.Board
// places the labels of a board by it.
func (r *renderer) measure(text string, size float64, bold bool) float64 {
	style := ""
	if bold {
		style = "B"
	}
	r.font(style, size)
	return r.f.GetStringWidth(r.cov.printable(text))
}

// text prints a text mark centred on (cx, cy), or starting there, in a
// white box when it asks for a halo: the box draw.TextBox measures.
func (r *renderer) text(o draw.Op, cx, cy float64) {
	style := ""
	if o.Bold {
		style = "B"
	}
	r.font(style, o.Size)
	text := r.cov.printable(o.Text)
	w := r.f.GetStringWidth(text)
	h := lh(o.Size)
	x := cx - w/2
	if o.Left {
		x = cx
	}
	if o.Halo {
		r.f.SetFillColor(255, 255, 255)
		r.f.SetDrawColor(0, 0, 0)
		r.f.SetLineWidth(0.15)
		r.f.Rect(x-draw.HaloX, cy-h/2-draw.HaloY, w+2*draw.HaloX, h+2*draw.HaloY, "FD")
	}
	g := grey(o.Fill)
	r.f.SetTextColor(g, g, g)
	r.f.SetXY(x, cy-h/2)
	r.f.CellFormat(w, h, text, "", 0, "L", false, 0, "")
}

// markerR draws a numbered marker of radius rad (on a track).
func (r *renderer) markerR(label string, cx, cy, rad float64) {
	r.ops(draw.Marker(r.cov.printable(label), draw.P{X: cx, Y: cy}, rad), 0, 0)
}

// legendItem is one entry of a map legend: a swatch and its label, and
// where it was printed (x, y, w), for tests.
type legendItem struct {
	label   string
	swatch  func(x, y float64)
	x, y, w float64
	lines   []string // the label wrapped, in a legend set as a column
}

// Legend sizes in millimetres.
const (
	legendSW   = 9.0 // a swatch's width
	legendSH   = 5.0 // a swatch's height, and a line's
	legendSize = 8.0 // the labels' size, in points
	legendSep  = 5.0 // between items
	legendLine = 7.0 // from one line of items to the next
	// legendWrap is the widest a label runs in a legend set as a
	// column beside the maps: a longer one wraps, so that one long item
	// ("Your force enters here, across your edge") does not keep the
	// legend off a narrow page's side.
	legendWrap = 30.0
)

// legendItems are the entries of a legend for the given maps: only what
// they show, from board.Legend, each swatch drawn from the style table.
func (r *renderer) legendItems(maps []board.Map) []legendItem {
	var items []legendItem
	for _, e := range board.Legend(maps...) {
		items = append(items, legendItem{label: e.Label, swatch: func(x, y float64) {
			r.ops(draw.Swatch(e, x, y, legendSW, legendSH), 0, 0)
		}})
	}
	return items
}

// placeLegend lays legend items out in lines across the text block from
// y, wrapping before an item that would pass the right margin, and
// returns the height they take.
func (r *renderer) placeLegend(items []legendItem, y float64) float64 {
	return r.placeLegendIn(items, side, r.pw-side, y)
}

// placeLegendIn lays legend items out in lines from x0 to x1, from y.
func (r *renderer) placeLegendIn(items []legendItem, x0, x1, y float64) float64 {
	r.font("", legendSize)
	x, top := x0, y
	for i := range items {
		w := legendSW + 1.5 + r.f.GetStringWidth(r.cov.printable(items[i].label))
		if x > x0 && x+w > x1 {
			x, y = x0, y+legendLine
		}
		items[i].x, items[i].y, items[i].w = x, y, w
		x += w + legendSep
	}
	return y - top + legendSH
}

// legendColumn is the width of the maps' legend set as a column, one
// item under another, each label wrapped at legendWrap.
func (r *renderer) legendColumn(maps []board.Map) float64 {
	items := r.legendItems(maps)
	r.placeLegendColumn(items, 0, 0)
	w := 0.0
	for _, it := range items {
		w = max(w, it.w)
	}
	return w
}

// placeLegendColumn lays legend items out one under another from (x, y),
// each label wrapped at legendWrap, and returns the height they take.
func (r *renderer) placeLegendColumn(items []legendItem, x, y float64) float64 {
	r.font("", legendSize)
	top := y
	for i := range items {
		lines := r.split(items[i].label, legendWrap)
		w := 0.0
		for _, l := range lines {
			w = max(w, r.f.GetStringWidth(l))
		}
		items[i].x, items[i].y, items[i].w, items[i].lines = x, y, legendSW+1.5+w, lines
		y += max(legendSH, float64(len(lines))*lh(legendSize)) + legendLine - legendSH
	}
	return y - top - (legendLine - legendSH)
}

// legendBeside decides, for a folded booklet's page the maps have to
// themselves from y down, whether their legend goes beside them, one
// item a line, rather than across the page's foot: when the maps then
// draw at least a twentieth larger. It returns the width left to the
// maps and the height of the legend's column.
func (r *renderer) legendBeside(all, ms []board.Map, w, y, avail float64) (mw, stack float64, ok bool) {
	if !r.narrow() {
		return 0, 0, false
	}
	mw = w - r.legendColumn(all) - legendSep
	if mw < 0.4*w {
		return 0, 0, false
	}
	stack = r.placeLegendColumn(r.legendItems(all), 0, 0)
	tall := r.fr.bottom - y
	_, below := r.mapLayout(ms, w, avail)
	_, beside := r.mapLayout(ms, mw, tall)
	if beside < below*1.05 || stack > r.mapsHeight(ms, mw, tall) {
		return 0, 0, false
	}
	return mw, stack, true
}

// legendAt draws the maps' legend from (x0, y), its lines no wider
// than x1.
func (r *renderer) legendAt(maps []board.Map, x0, x1, y float64) {
	items := r.legendItems(maps)
	r.placeLegendIn(items, x0, x1, y)
	r.drawLegend(items)
}

// legendColumnAt draws the maps' legend as a column from (x, y), one
// item under another, and returns its height.
func (r *renderer) legendColumnAt(maps []board.Map, x, y float64) float64 {
	items := r.legendItems(maps)
	h := r.placeLegendColumn(items, x, y)
	r.drawLegend(items)
	return h
}

// drawLegend draws legend items where they were placed: a label of
// several lines beside its swatch's top, one line centred on it.
func (r *renderer) drawLegend(items []legendItem) {
	for _, it := range items {
		it.swatch(it.x, it.y)
		r.font("", legendSize)
		if len(it.lines) > 1 {
			for k, l := range it.lines {
				line := r.cov.printable(l)
				r.f.SetXY(it.x+legendSW+1.5, it.y+float64(k)*lh(legendSize))
				r.f.CellFormat(r.f.GetStringWidth(line), lh(legendSize), line, "", 0, "L", false, 0, "")
			}
		} else {
			label := r.cov.printable(it.label)
			r.f.SetXY(it.x+legendSW+1.5, it.y)
			r.f.CellFormat(r.f.GetStringWidth(label), legendSH, label, "", 0, "L", false, 0, "")
		}
		r.lay.legend = append(r.lay.legend, legendItem{label: it.label, x: it.x, y: it.y, w: it.w})
	}
}

// legendH is the height the maps' legend takes.
func (r *renderer) legendH(maps []board.Map) float64 {
	return r.placeLegend(r.legendItems(maps), 0)
}

// legend explains the maps' patterns at the foot of the left-hand page,
// from y down.
func (r *renderer) legend(maps []board.Map, y float64) {
	r.legendAt(maps, side, r.pw-side, y)
}
