package booklet

import (
	"encoding/binary"
	"fmt"
	"github.com/sortie-wargames/sortie/generator/booklet/memo"
	"math"

	"github.com/sortie-wargames/sortie/generator/booklet/face"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"

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

// boardMemo keeps a booklet's Battle Boards measured and laid out, for
// every pass: a spread tries many scales for its maps in every pass, and
// each measure lays the board out.
type boardMemo struct {
	// overheads are what mapOverheadOn laid out round the boards (the
	// frames mapFrame places), crowded mapsClear's measures, by map and
	// scale (w 0).
	overheads map[overheadKey]*mapOver
	crowded   map[overheadKey]bool
	// sizes are the boards' sizes at each scale measured (sized), by map
	// and scale (w 0).
	sizes map[overheadKey]draw.Drawing
	// keyBuf and keyLast are mapKey's: the key of the map last asked for.
	keyBuf  []byte
	keyLast string
	// frames are the maps laid out with their boards drawn (mapFrame):
	// the first pass lays out the boards the last paints.
	frames memo.Table[*frame.Frame]
}

// mapsFrame lays out an encounter's Battle Boards on the booklet's page
// (mapsFrameOn).
func (r *renderer) mapsFrame(ms []board.Map, w, h, capW float64) *frame.Frame {
	return r.mapsFrameOn(r.narrow(), ms, w, h, capW)
}

// mapsFrameOn lays out Battle Boards to one scale, as large as a box w ×
// h allows, each in its cell (mapFrame) where their plan puts it
// (mapsPlanOn), and as tall as the plan says; nil when there are none.
// Their captions wrap to capW when it is not 0, else each to its board's
// width (captionW). narrow is whether the page they print on is too
// narrow for two columns (pageBox.narrow: a folded booklet's, whose
// boards are held back by the height): the booklet's page's, or the
// sheet a sealed card holding a map prints on (mapSpan).
func (r *renderer) mapsFrameOn(narrow bool, ms []board.Map, w, h, capW float64) *frame.Frame {
	if len(ms) == 0 {
		return nil
	}
	p := r.mapsPlanOn(narrow, ms, w, h, capW)
	f := &frame.Frame{W: w, H: p.h, Marks: make([]frame.Mark, 0, len(ms))}
	for i, m := range ms {
		x, y := p.at(i)
		f.Marks = append(f.Marks, frame.Sub{X: x, Y: y, F: r.mapFrame(narrow, m, p.cellW, p.scale, capW)})
	}
	return f
}

// mapCells is where Battle Boards go in a box (mapsPlanOn): cols columns
// of rows cells, each cellW wide and cellH from its row's top to the
// gap above the next row, every board drawn scale mm to the inch, and h
// the height they take: the rows above the last and the tallest cell of
// the last, each cell as tall as its map's overhead and board
// (mapOver.with), the height mapsFrameOn's frame has.
type mapCells struct {
	cols, rows          int
	scale, cellW, cellH float64
	h                   float64
}

// at is where the i-th map's cell stands, from the box's corner.
func (c mapCells) at(i int) (x, y float64) {
	return float64(float64(i%c.cols) * (c.cellW + mapGap)), float64(float64(i/c.cols) * (c.cellH + mapGap))
}

// mapsPlan is mapsPlanOn for the booklet's page.
func (r *renderer) mapsPlan(ms []board.Map, w, h, capW float64) mapCells {
	return r.mapsPlanOn(r.narrow(), ms, w, h, capW)
}

// mapsPlanOn plans Battle Boards in a box w × h, their captions wrapped
// to capW (0: each board's own), on a page narrow or not: the columns and
// scale mapLayoutOn picks, the cells they give and the height the boards
// take (mapCells), measured from each overhead laid out (mapOverOn)
// without drawing a board. mapsFrameOn fills the plan; the spread sizes
// its pages by it.
func (r *renderer) mapsPlanOn(narrow bool, ms []board.Map, w, h, capW float64) mapCells {
	cols, scale := r.mapLayoutOn(narrow, ms, w, h, capW)
	rows := (len(ms) + cols - 1) / cols
	c := mapCells{
		cols: cols, rows: rows, scale: scale,
		cellW: (w - float64(cols-1)*mapGap) / float64(cols),
		cellH: (h - float64(rows-1)*mapGap) / float64(rows),
	}
	last := 0.0
	for i := max(0, (rows-1)*cols); i < len(ms); i++ {
		last = max(last, r.mapOverOn(narrow, ms[i], c.cellW, scale, capW).with(ms[i], scale))
	}
	c.h = float64(float64(rows-1)*(c.cellH+mapGap)) + last
	return c
}

// mapsBlock paints an encounter's Battle Boards (mapsFrame) in the box
// (x, y, w, h), their captions wrapped to capW (0: each board's own).
func (r *renderer) mapsBlock(ms []board.Map, x, y, w, h, capW float64) {
	if f := r.mapsFrame(ms, w, h, capW); f != nil {
		r.paint(f, x, y)
	}
}

// mapLayout is mapLayoutOn for the booklet's page.
func (r *renderer) mapLayout(ms []board.Map, w, h, capW float64) (int, float64) {
	return r.mapLayoutOn(r.narrow(), ms, w, h, capW)
}

// mapLayoutOn picks the number of columns that gives the largest scale,
// the maps' captions wrapped to capW (0: each board's own), on a page
// narrow or not (mapsFrameOn).
func (r *renderer) mapLayoutOn(narrow bool, ms []board.Map, w, h, capW float64) (int, float64) {
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
			s = min(s, r.mapScale(narrow, m, cellW, cellH, capW))
		}
		// A map drawn smaller than its own best scale (another map of
		// the row holds it back) can need more room round it: check.
		for s > 1 && !r.mapsFit(narrow, ms, cellW, cellH, s, capW) {
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
		key := overheadKey{m: r.mapKey(m), s: s}
		crowded, ok := r.boards.crowded[key]
		if !ok {
			crowded = r.sized(m, key.m, s).Crowded > 0
			if r.boards.crowded == nil {
				r.boards.crowded = map[overheadKey]bool{}
			}
			r.boards.crowded[key] = crowded
		}
		if crowded {
			return false
		}
	}
	return true
}

// mapsFit reports whether every map, drawn s mm to the inch, fits a cell
// w × h with what is drawn round it, its caption wrapped to capW (0: the
// board's own), on a page narrow or not.
func (r *renderer) mapsFit(narrow bool, ms []board.Map, w, h, s, capW float64) bool {
	for _, m := range ms {
		if m.WidthIn > 0 && m.HeightIn > 0 && r.mapOverheadOn(narrow, m, w, s, capW)+float64(m.HeightIn*s) > h+0.01 {
			return false
		}
	}
	return true
}

// mapScale is the largest scale, at most maxScale, at which map m and
// what is drawn round it (its title, track, the edges' names and arrows,
// the caption, wrapped to capW when it is not 0) fit a cell w × h. What
// is drawn round a board grows as it
// shrinks (a title wraps to a narrower board, a label moves off it), so
// the two are settled, then checked: the scale returned is one at which
// the map was measured to fit, never one it was hoped to. The page is
// narrow or not (mapsFrameOn).
func (r *renderer) mapScale(narrow bool, m board.Map, w, h, capW float64) float64 {
	// float64(...) rounds each product before it is added: a fused
	// multiply-add (GOAMD64=v3, arm64) would decide a fit at its edge the
	// other way, and the bytes would differ by the machine built for.
	fits := func(s float64) bool { return r.mapOverheadOn(narrow, m, w, s, capW)+float64(m.HeightIn*s) <= h+0.01 }
	s := min(maxScale, w/m.WidthIn)
	for range 8 {
		if fits(s) {
			return s
		}
		s = min(s*0.995, (h-r.mapOverheadOn(narrow, m, w, s, capW))/m.HeightIn)
		if s <= 1 {
			return 1
		}
	}
	for s > 1 && !fits(s) {
		s *= 0.98
	}
	return max(s, 1)
}

// mapOverheadOn is the height a map drawn about s mm to the inch in a
// cell w wide needs besides the board itself, on a page narrow or not:
// that of its overhead laid out (mapOverOn).
func (r *renderer) mapOverheadOn(narrow bool, m board.Map, w, s, capW float64) float64 {
	return r.mapOverOn(narrow, m, w, s, capW).h
}

// mapOver is what a map's cell holds besides its board, laid out: its
// title, track and caption, as mapFrame places them round the board, the
// room draw leaves above and below the board for the edges' names and
// arrows (draw.Drawing's Top and Bottom), and h, the height of it all.
type mapOver struct {
	title, track, caption *frame.Frame
	top, bottom, h        float64
}

// with is the height of map m's cell drawn s mm to the inch: the
// overhead and the board. mapFrame's frame is as tall, and mapsPlanOn
// measures by it.
func (o *mapOver) with(m board.Map, s float64) float64 {
	return o.h + float64(m.HeightIn*s)
}

// mapOverOn lays out the overhead of a map drawn about s mm to the inch
// in a cell w wide (mapOver): its title, track and caption, wrapped as
// mapFrame places them (to the board's width, or the cell's on a narrow
// page: a folded booklet's; the caption to capW when it is not 0), and
// the room round the board, measured by draw.Size (sized), which lays
// out what draw.Board would without drawing the board. A booklet keeps
// each (boardMemo.overheads) for the whole build: the layout measures
// many scales and cells, and mapFrame places the one it picks. It
// leaves the caption's font wanted when the overhead was kept, the
// title's or track's when it was laid out.
func (r *renderer) mapOverOn(narrow bool, m board.Map, w, s, capW float64) *mapOver {
	key := overheadKey{r.mapKey(m), w, s, capW, narrow}
	if o, ok := r.boards.overheads[key]; ok {
		r.font("", capSize)
		return o
	}
	d := r.sized(m, key.m, s)
	bw := m.WidthIn * s
	o := &mapOver{top: d.Top, bottom: d.Bottom}
	o.caption = r.captionFrame(m, d.Keys, r.captionW(narrow, w, bw, capW))
	o.title = r.titleFrame(narrow, m, w, bw)
	o.track = r.mapTrack(narrow, m, w, s)
	o.h = o.title.H + o.track.H + d.Top + d.Bottom + o.caption.H + 1
	if r.boards.overheads == nil {
		r.boards.overheads = map[overheadKey]*mapOver{}
	}
	r.boards.overheads[key] = o
	return o
}

// overheadKey is what mapOverOn's layout depends on: the map (all of
// it, as mapKey writes it), the cell's width, the scale, the width its
// caption is wrapped to when that is not the board's (capW, else 0) and
// whether the page is narrow (false for what keys by map and scale
// alone: sizes, crowded).
type overheadKey struct {
	m           string
	w, s, capto float64
	narrow      bool
}

// captionW is the width a map's caption is wrapped to in a cell w wide
// with its board bw wide: capW when it is not 0 (the text block's, when
// the legend stands beside the board: besideMaps), else the track's
// (trackW), on a page narrow or not.
func (r *renderer) captionW(narrow bool, w, bw, capW float64) float64 {
	if capW > 0 {
		return capW
	}
	return trackW(narrow, w, bw)
}

// mapCaptionFrame is the caption of map m drawn s mm to the inch in a
// cell w wide on the booklet's page, the one mapFrame places (its
// overhead's, mapOverOn: wrapped to capW when it is not 0). It leaves
// the caption's font wanted.
func (r *renderer) mapCaptionFrame(m board.Map, w, s, capW float64) *frame.Frame {
	c := r.mapOverOn(r.narrow(), m, w, s, capW).caption
	r.font("", capSize)
	return c
}

// captionFrame is a map's caption (mapCaption, keys the labels printed
// on its board as key letters) wrapped to cw, a line under another from
// the frame's corner. It leaves the caption's font wanted.
func (r *renderer) captionFrame(m board.Map, keys []draw.Key, cw float64) *frame.Frame {
	r.font("", capSize)
	lines := r.split(r.mapCaption(m, keys, true), cw)
	f := &frame.Frame{W: cw, H: float64(float64(len(lines)) * lh(capSize)), Marks: make([]frame.Mark, len(lines))}
	for i, l := range lines {
		f.Marks[i] = frame.Text{Y: float64(float64(i) * lh(capSize)), W: cw, H: lh(capSize), Font: frame.Font{Family: face.Sans, Size: capSize}, Align: "L", S: l}
	}
	return f
}

// sized is draw.Size's drawing of m (whose mapKey is key) at scale s,
// kept for the whole build of the booklet: mapOverOn measures a map at
// one scale in cells of several widths, and mapsClear at the same scales.
// Like draw.Size, it leaves the font as measuring the board last set it.
func (r *renderer) sized(m board.Map, key string, s float64) draw.Drawing {
	k := overheadKey{m: key, s: s}
	if d, ok := r.boards.sizes[k]; ok {
		return d
	}
	d := draw.Size(m, s, r.measure)
	if r.boards.sizes == nil {
		r.boards.sizes = map[overheadKey]draw.Drawing{}
	}
	r.boards.sizes[k] = d
	return d
}

// mapKey is m written out whole, every field of it, as a key for the
// measures of the map: what fmt's %v would give, in a fraction of the
// time (the layout asks for it for every scale it tries). Strings are
// written with their lengths and numbers as their bits, so two maps
// share a key only when they are equal. The key of the map last asked
// for is kept: the layout asks for one map many times over.
func (r *renderer) mapKey(m board.Map) string {
	b := r.boards.keyBuf[:0]
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
		n(l.Section)
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
	r.boards.keyBuf = b
	if string(b) == r.boards.keyLast {
		return r.boards.keyLast
	}
	r.boards.keyLast = string(b)
	return r.boards.keyLast
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
// w on a narrow page (a folded booklet's), else the board's, bw. A title
// too long for one line takes two or more, never cut.
func (r *renderer) mapTitleLines(narrow bool, m board.Map, w, bw float64) []string {
	if !narrow {
		w = bw
	}
	r.font("B", 10.5)
	return r.split(r.cov.printable(mapTitle(m)), w)
}

// titleFrame is a map's title over its board bw wide in a cell w wide:
// its lines (mapTitleLines) from the board's left edge, or centred in
// the cell on a narrow page (a folded booklet's), each mapTitleH tall
// and lh(10.5) under the last.
func (r *renderer) titleFrame(narrow bool, m board.Map, w, bw float64) *frame.Frame {
	lines := r.mapTitleLines(narrow, m, w, bw)
	f := &frame.Frame{W: w, H: mapTitleH + float64(float64(len(lines)-1)*lh(10.5)), Marks: make([]frame.Mark, len(lines))}
	font := frame.Font{Family: face.Sans, Style: "B", Size: 10.5}
	for i, l := range lines {
		t := frame.Text{X: (w - bw) / 2, Y: float64(i) * lh(10.5), W: bw, H: mapTitleH, Font: font, Align: "L", S: l}
		if narrow {
			t.X, t.W, t.Align = 0, w, "C"
		}
		f.Marks[i] = t
	}
	return f
}

// onTrack reports whether a map's markers are a track above the board
// rather than places on it.
func onTrack(m board.Map) bool { return m.Track && len(m.Markers) > 0 }

// trackW is the width a track's label is wrapped to: the cell's, w, on a
// narrow page, a folded booklet's (as the title and caption are, so that
// a board shrunk by the height does not wrap its track's label into more
// lines and shrink further), else the board's, bw.
func trackW(narrow bool, w, bw float64) float64 {
	if narrow {
		return w
	}
	return bw
}

// mapTrack is the track of map m drawn s mm to the inch, centred in a
// cell w wide (trackFrame): its label centred on the cell on a narrow
// page (a folded booklet's), else on the board.
func (r *renderer) mapTrack(narrow bool, m board.Map, w, s float64) *frame.Frame {
	bw := m.WidthIn * s
	if narrow {
		return r.trackFrame(m, s, (w-bw)/2, 0, w)
	}
	return r.trackFrame(m, s, (w-bw)/2, (w-bw)/2, bw)
}

// trackLines wraps the track's label to a board w wide.
func (r *renderer) trackLines(m board.Map, w float64) []string {
	r.font("I", trackSize)
	return r.split(trackLabel(m), w)
}

// trackLabel is what the track says it is, as the rule system wrote it.
func trackLabel(m board.Map) string { return m.TrackLabel }

// trackFrame lays out a map's markers as a track above its board, the
// board's left edge bo from the frame's and s mm to the inch: a label
// wrapped and centred on lx to lx+lw, then the numbered markers where
// the map places them across the board, with arrows from each to the
// next, in the order they are resolved. A map without a track has an
// empty frame, 0 tall.
func (r *renderer) trackFrame(m board.Map, s, bo, lx, lw float64) *frame.Frame {
	if !onTrack(m) {
		return &frame.Frame{}
	}
	rad := trackRad
	for i := 1; i < len(m.Markers); i++ {
		rad = min(rad, math.Abs(m.Markers[i].X-m.Markers[i-1].X)*s*0.3)
	}
	rad = max(rad, 2.2)
	lines := r.trackLines(m, lw)
	label := &frame.Frame{W: lw, Marks: make([]frame.Mark, len(lines))}
	for i, l := range lines {
		label.Marks[i] = frame.Text{X: lx, Y: float64(i) * lh(trackSize), W: lw, H: lh(trackSize), Font: frame.Font{Family: face.Sans, Style: "I", Size: trackSize}, Grey: 60, Align: "C", S: l}
	}
	cy := float64(len(lines))*lh(trackSize) + 0.5 + trackRad
	row := &frame.Frame{W: m.WidthIn * s}
	for i, mk := range m.Markers {
		cx := mk.X * s
		if i > 0 {
			px := m.Markers[i-1].X * s
			dir := 1.0
			if cx < px {
				dir = -1
			}
			x0, x1 := px+dir*(rad+0.9), cx-dir*(rad+0.9)
			if math.Abs(x1-x0) >= 2.5 {
				row.Marks = append(row.Marks, frame.Sub{F: arrowAcross(x0, x1, cy)})
			}
		}
		row.Marks = append(row.Marks, frame.Sub{X: cx, Y: cy, Grid: true, F: r.opsFrame(draw.Marker(r.cov.printable(mk.Label), draw.P{}, rad))})
	}
	r.font("I", trackSize) // the label's, as measuring the track left it
	return &frame.Frame{
		W:     max(lx+lw, bo+row.W),
		H:     float64(len(lines))*lh(trackSize) + 2*trackRad + trackGap + 0.5,
		Marks: []frame.Mark{frame.Sub{F: label}, frame.Sub{X: bo, F: row}},
	}
}

// arrowAcross is a small arrow from x0 to x1 at height y.
func arrowAcross(x0, x1, y float64) *frame.Frame {
	dir := 1.0
	if x1 < x0 {
		dir = -1
	}
	head := min(1.8, math.Abs(x1-x0)*0.5)
	return &frame.Frame{Marks: []frame.Mark{
		frame.Rule{X1: x0, Y1: y, X2: x1 - dir*head*0.8, Y2: y, Width: 0.4},
		frame.Poly{Closed: true, Pts: []frame.Pt{{X: x1, Y: y}, {X: x1 - dir*head, Y: y - head*0.55}, {X: x1 - dir*head, Y: y + head*0.55}}, Pen: frame.Pen{Fill: 0, Stroke: -1}},
	}}
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

// mapFrame lays out one map with its title, track and caption, its
// board s mm to the inch, centred in a cell w wide, the caption wrapped
// to capW when it is not 0, on a page narrow or not: the map's overhead
// laid out (mapOverOn) placed round its board, as tall as the two
// (mapOver.with). A booklet keeps each map laid out (boardMemo.frames),
// for every pass.
func (r *renderer) mapFrame(narrow bool, m board.Map, w, s, capW float64) *frame.Frame {
	in := struct {
		m          string
		w, s, capW float64
		narrow     bool
	}{r.mapKey(m), w, s, capW, narrow}
	return r.boards.frames.Get(in, func() *frame.Frame { return r.layMap(narrow, m, w, s, capW) })
}

// layMap is mapFrame's work: the board is drawn (draw.Board, whose
// margins and keys are draw.Size's, so the overhead measured is the one
// placed) and the overhead set round it. It leaves the caption's font
// wanted.
func (r *renderer) layMap(narrow bool, m board.Map, w, s, capW float64) *frame.Frame {
	o := r.mapOverOn(narrow, m, w, s, capW)
	bw, bh := m.WidthIn*s, m.HeightIn*s
	d := draw.Board(m, s, r.measure)
	board := r.opsFrame(d.Ops)
	board.W, board.H = bw, bh
	cx := (w - bw) / 2
	if narrow {
		// On a folded booklet's page the board is held back by the
		// height: its caption takes the width of the page.
		cx = 0
	}
	// Each part is placed from the one above it, as the page's
	// positions were worked out before the maps were laid out: the
	// board's marks stand at the same bits.
	under := &frame.Frame{W: w, Marks: []frame.Mark{
		frame.Sub{X: (w - bw) / 2, Y: o.top, F: board},
		frame.Sub{X: cx, Y: o.top + bh + o.bottom + 0.5, F: o.caption},
	}}
	body := &frame.Frame{W: w, Marks: []frame.Mark{frame.Sub{F: o.track}, frame.Sub{Y: o.track.H, F: under}}}
	r.font("", capSize)
	return &frame.Frame{
		W:     w,
		H:     o.with(m, s),
		Marks: []frame.Mark{frame.Sub{F: o.title}, frame.Sub{Y: o.title.H, F: body}},
	}
}

// grey sets a colour from a grey level, 0 black to 1 white.
func grey(g float64) int { return int(math.Round(g * 255)) }

// opsFrame lays out the marks engine/board/draw laid out as a frame's,
// from its corner: the site's SVG draws the same marks. Each is a frame
// of its own, after which the ink is set back; a text is placed from
// its point, as measured (opText).
func (r *renderer) opsFrame(ops []draw.Op) *frame.Frame {
	f := &frame.Frame{}
	if len(ops) == 0 {
		return f
	}
	n := 0
	for _, o := range ops {
		if o.Shape == draw.Poly || o.Shape == draw.Path {
			n += len(o.Pts)
		}
	}
	pts := make([]frame.Pt, n)
	subs := make([]frame.Frame, len(ops))
	marks := make([]frame.Mark, len(ops))
	f.Marks = make([]frame.Mark, len(ops))
	for i, o := range ops {
		pen := frame.Pen{Fill: -1, Stroke: -1, Width: o.Width, Dash: o.Dash}
		if o.Fill != draw.None {
			pen.Fill = grey(o.Fill)
		}
		if o.Stroke != draw.None && o.Shape != draw.Text {
			pen.Stroke = grey(o.Stroke)
		}
		var mk frame.Mark
		switch o.Shape {
		case draw.Poly, draw.Path:
			ps := pts[:len(o.Pts):len(o.Pts)]
			pts = pts[len(o.Pts):]
			for k, p := range o.Pts {
				ps[k] = frame.Pt{X: p.X, Y: p.Y}
			}
			mk = frame.Poly{Pts: ps, Closed: o.Shape == draw.Poly, Pen: pen}
		case draw.Circle:
			mk = frame.Circle{X: o.Pts[0].X, Y: o.Pts[0].Y, R: o.R, Pen: pen}
		case draw.Text:
			mk = frame.Sub{X: o.Pts[0].X, Y: o.Pts[0].Y, F: r.opText(o, pen)}
		}
		if mk != nil {
			marks[i] = mk
			subs[i].Marks = marks[i : i+1 : i+1]
		}
		f.Marks[i] = frame.Sub{F: &subs[i]}
	}
	return f
}

// opText is a text mark laid out from its point: centred on it, or
// starting there, in a white box when it asks for a halo (the box
// draw.TextBox measures). The fill is set to the text's grey first, as
// for any mark (pen, drawing nothing).
func (r *renderer) opText(o draw.Op, pen frame.Pen) *frame.Frame {
	style := ""
	if o.Bold {
		style = "B"
	}
	r.font(style, o.Size)
	text := r.cov.printable(o.Text)
	w := r.f.GetStringWidth(text)
	h := lh(o.Size)
	x := -w / 2
	if o.Left {
		x = 0
	}
	g := grey(o.Fill)
	line := &frame.Frame{W: w, H: h}
	if o.Halo {
		line.Marks = append(line.Marks, frame.Box{X: -draw.HaloX, Y: -draw.HaloY, W: w + 2*draw.HaloX, H: h + 2*draw.HaloY, Fill: 255, Stroke: 0, Width: 0.15})
	}
	line.Marks = append(line.Marks, frame.Text{W: w, H: h, Font: frame.Font{Family: face.Sans, Style: style, Size: o.Size}, Grey: g, Align: "L", S: text})
	f := &frame.Frame{Marks: []frame.Mark{frame.Sub{X: x, Y: -h / 2, F: line}}}
	if pen.Fill >= 0 {
		f.Marks = append([]frame.Mark{frame.Poly{Closed: true, Pen: frame.Pen{Fill: pen.Fill, Stroke: -1}}}, f.Marks...)
	}
	return f
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

// legendItem is one entry of a map legend: its entry (the swatch drawn
// from the style table) and label, and where it was printed (x, y, w),
// for tests.
type legendItem struct {
	label   string
	entry   board.LegendEntry
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
		items = append(items, legendItem{label: e.Label, entry: e})
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
	_, below := r.mapLayout(ms, w, avail, 0)
	_, beside := r.mapLayout(ms, mw, tall, 0)
	if beside < below*1.05 || stack > r.mapsPlan(ms, mw, tall, 0).h {
		return 0, 0, false
	}
	return mw, stack, true
}

// legendAt paints the maps' legend from (x0, y), its lines no wider
// than x1.
func (r *renderer) legendAt(maps []board.Map, x0, x1, y float64) {
	items := r.legendItems(maps)
	h := r.placeLegendIn(items, x0, x1, y)
	r.paintLegend(r.legendFrame(items, x0, y, h), items)
}

// legendColumnAt paints the maps' legend as a column from (x, y), one
// item under another, and returns its height.
func (r *renderer) legendColumnAt(maps []board.Map, x, y float64) float64 {
	items := r.legendItems(maps)
	h := r.placeLegendColumn(items, x, y)
	r.paintLegend(r.legendFrame(items, x, y, h), items)
	return h
}

// legendFrame lays legend items out where they were placed, their top
// at y and h tall, from x0: a label of several lines beside its
// swatch's top, one line centred on it. Its marks are the page's
// positions, and it is painted at the page's corner: a swatch's pattern
// is laid from its corner on the page, on draw's grid (draw.Swatch), so
// that every swatch of a kind looks the same wherever it stands.
func (r *renderer) legendFrame(items []legendItem, x0, y, h float64) *frame.Frame {
	f := &frame.Frame{H: h}
	font := frame.Font{Family: face.Sans, Size: legendSize}
	for _, it := range items {
		f.W = max(f.W, it.x+it.w-x0)
		f.Marks = append(f.Marks, frame.Sub{F: r.opsFrame(draw.Swatch(it.entry, it.x, it.y, legendSW, legendSH))})
		r.font("", legendSize)
		if len(it.lines) > 1 {
			for k, l := range it.lines {
				line := r.cov.printable(l)
				f.Marks = append(f.Marks, frame.Text{X: it.x + legendSW + 1.5, Y: it.y + float64(k)*lh(legendSize), W: r.f.GetStringWidth(line), H: lh(legendSize), Font: font, Align: "L", S: line})
			}
		} else {
			label := r.cov.printable(it.label)
			f.Marks = append(f.Marks, frame.Text{X: it.x + legendSW + 1.5, Y: it.y, W: r.f.GetStringWidth(label), H: legendSH, Font: font, Align: "L", S: label})
		}
	}
	return f
}

// paintLegend paints a legend's frame (legendFrame) at the page's
// corner and notes where its items were printed, for tests.
func (r *renderer) paintLegend(f *frame.Frame, items []legendItem) {
	r.paint(f, 0, 0)
	for _, it := range items {
		r.lay.legend = append(r.lay.legend, legendItem{label: it.label, x: it.x, y: it.y, w: it.w})
	}
}

// legendAcross lays the maps' legend out in lines across the text
// block from y (placeLegend): its frame's H is the height it takes.
func (r *renderer) legendAcross(maps []board.Map, y float64) *frame.Frame {
	items := r.legendItems(maps)
	h := r.placeLegend(items, y)
	return r.legendFrame(items, side, y, h)
}

// legend explains the maps' patterns at the foot of the left-hand page,
// from y down.
func (r *renderer) legend(maps []board.Map, y float64) {
	r.legendAt(maps, side, r.pw-side, y)
}
