package booklet

import (
	"encoding/binary"
	"github.com/sortie-wargames/sortie/generator/booklet/face"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"
	"github.com/sortie-wargames/sortie/generator/booklet/plan"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine/doc"
)

// Cell padding in tables, in millimetres.
const (
	padX = 1.3
	padY = 0.75
)

// gridCol is one column of a table.
type gridCol struct {
	head  string
	style string  // font style of the cells
	align string  // "L" or "C"
	grow  bool    // takes the width the other columns leave
	minW  float64 // the least width it takes when the table has room
	// write is the least width of a column the player writes in, mm
	// (plan.Column.Write): taken before the printed columns get more
	// than their longest words; 0 for a printed column.
	write float64
	maxW  float64 // the most width a fixed column takes (wrapping); 0 for no limit
	size  float64 // font size, if not the grid's
	grey  bool    // the cells (not the header) print grey: pre-filled values
	// middle sets the cells' text at the middle of a row taller than it
	// (a write-in row's printed choice, "Success / Failure"), not its top.
	middle bool
	w      float64
}

// grid is a table with a header row, drawn with its header repeated
// wherever it breaks across a column or page.
type grid struct {
	cols     []gridCol
	rows     [][]string
	size     float64 // cell font size in points
	headSize float64
	minRow   float64 // minimum row height, for rows to write in
	zebra    bool    // every other row, from the second, on a light grey
	fill     bool    // the grid takes the whole width even when nothing grows
	noHead   bool    // no header row
	pad      float64 // a cell's padding above and below its text, mm; 0 for padY
	// stack, when set, is the grid as a stack of narrower grids, the key
	// repeated in each (fitColumns): a table too wide for its frame even
	// in the smallest type (face.MinSize). The grid itself is then drawn only through them.
	stack []*grid
	// base is the type sizes the grid was made with, before fitColumns
	// made them smaller: cell, header, and each column's.
	base []float64
	// tail is the height of what prints under the table and should stay
	// with its last rows (its notes, its odds): the widow rule counts it,
	// so the last keepRows rows move on with it when the page before
	// keeps as many.
	tail float64
}

func sum(v []float64) float64 {
	t := 0.0
	for _, x := range v {
		t += x
	}
	return t
}

// keepRows is the fewest rows of a table kept together with its header
// at a frame's foot or head (renderer.table).
const keepRows = 3

// stackGap is the space between the grids of a stacked table.
const stackGap = 1.5

// padTop is the padding above and below a cell's text.
func (g *grid) padTop() float64 {
	if g.pad > 0 {
		return g.pad
	}
	return padY
}

// width is the grid's width once fitted: its widest grid when stacked.
func (g *grid) width() float64 {
	if g.stack != nil {
		w := 0.0
		for _, p := range g.stack {
			w = max(w, p.width())
		}
		return w
	}
	total := 0.0
	for _, c := range g.cols {
		total += c.w
	}
	return total
}

// fitColumns sets the columns' widths to fill w, as CSS's automatic table
// layout does: each column is at least as wide as its longest word and at
// most as wide as its longest line; every column gets its longest line
// when that fits, the growing columns share what is left, and when it
// does not fit the widest columns give way first (squeeze), never below
// their longest word. When even the longest words do not fit across w,
// the table's type gives way, a quarter point at a time, down to
// face.MinSize. A table too wide even at the floor is stacked: set as two
// or more tables, one under the other, each with the key column (and the
// number column before it) and as many of the others as fit, in their
// order, in the grid's own type where they fit in it. Only a key too wide
// for the frame with one other column breaks words (a fault the print
// check counts).
func (r *renderer) fitColumns(g *grid, w float64) {
	g.restore()
	for r.widths(g) > w+0.01 && g.shrink() {
	}
	if r.widths(g) > w+0.01 {
		if parts := r.stackColumns(g, w); parts != nil {
			g.stack = parts
			return
		}
	}
	r.placeColumns(g, w)
}

// fresh is a copy of g to fit again and place, with columns of its own:
// fitting a grid changes its columns and stacks it, and a laid table's
// grids are its memo's (layTable), never changed.
func (g *grid) fresh() *grid {
	h := *g
	h.cols = slices.Clone(g.cols)
	h.base = slices.Clone(g.base)
	return &h
}

// restore gives the grid back the type sizes it was made with, noting
// them the first time, and unstacks it.
func (g *grid) restore() {
	g.stack = nil
	if g.base == nil {
		g.base = []float64{g.size, g.headSize}
		for _, c := range g.cols {
			g.base = append(g.base, c.size)
		}
		return
	}
	g.size, g.headSize = g.base[0], g.base[1]
	for i := range g.cols {
		g.cols[i].size = g.base[2+i]
	}
}

// keyCols is how many columns lead every grid of a stacked table: the
// first, and the second too when the first is a narrow number column
// ("#", "d6") before the names.
func (r *renderer) keyCols(g *grid) int {
	if len(g.cols) > 3 && g.cols[0].align == "C" {
		_, least, _ := r.measureColumns(g)
		if least[0] < 12 {
			return 2
		}
	}
	return 1
}

// stackColumns splits a grid too wide for w into grids stacked one under
// the other, each the key columns and the next columns that fit beside
// them; nil when the grid has no columns to spare.
func (r *renderer) stackColumns(g *grid, w float64) []*grid {
	g.restore()
	key := r.keyCols(g)
	if len(g.cols) <= key+1 {
		return nil
	}
	part := func(cols []int) *grid {
		p := *g
		p.stack, p.base = nil, nil
		p.cols = nil
		for _, i := range cols {
			c := g.cols[i]
			c.w = 0
			p.cols = append(p.cols, c)
		}
		p.rows = make([][]string, len(g.rows))
		for k, row := range g.rows {
			cells := make([]string, len(cols))
			for j, i := range cols {
				if i < len(row) {
					cells[j] = row[i]
				}
			}
			p.rows[k] = cells
		}
		return &p
	}
	lead := make([]int, key)
	for i := range lead {
		lead[i] = i
	}
	var groups [][]int
	cur := append([]int(nil), lead...)
	for i := key; i < len(g.cols); i++ {
		try := append(append([]int(nil), cur...), i)
		if len(cur) > key && r.widths(part(try)) > w+0.01 {
			groups = append(groups, cur)
			cur = append(append([]int(nil), lead...), i)
			continue
		}
		cur = try
	}
	groups = append(groups, cur)
	parts := make([]*grid, len(groups))
	for i, cols := range groups {
		parts[i] = part(cols)
		r.fitColumns(parts[i], w)
	}
	return parts
}

// widths returns the least width a grid can take at its type sizes: the
// sum of its columns' longest words.
func (r *renderer) widths(g *grid) float64 {
	_, least, _ := r.measureColumns(g)
	total := 0.0
	for _, l := range least {
		total += l
	}
	return total
}

// shrink sets the grid's type a quarter point smaller, and reports false
// when it is at face.MinSize already.
func (g *grid) shrink() bool {
	const step = 0.25
	if g.size-step < face.MinSize-0.001 || g.headSize-step < face.MinSize-0.001 {
		return false
	}
	for i := range g.cols {
		if s := g.cols[i].size; s > 0 && s-step < face.MinSize-0.001 {
			return false
		}
	}
	g.size -= step
	g.headSize -= step
	for i := range g.cols {
		if g.cols[i].size > 0 {
			g.cols[i].size -= step
		}
	}
	return true
}

// measureColumns returns, padding included, each column's natural width
// (its longest line, no wider than its cap, maxW), its least width (its
// longest word) and, for a capped column, its longest line past the cap.
func (r *renderer) measureColumns(g *grid) (nat, least, full []float64) {
	m := r.measuredColumns(g)
	return m.nat, m.least, m.full
}

// measuredColumns is the kept measure of g with its columns measured.
func (r *renderer) measuredColumns(g *grid) *colMeasure {
	m := r.measured(g)
	if m.nat == nil {
		s, unlock := r.sharedMeasure(m.key)
		m.nat, m.least, m.full = s.nat, s.least, s.full
		unlock()
		if m.nat != nil {
			r.lastColumnFont(g)
			return m
		}
		m.nat, m.least, m.full = r.measureColumnsAfresh(g)
		if !r.f.Err() { // fpdf measures nothing once it has failed
			s, unlock := r.sharedMeasure(m.key)
			s.nat, s.least, s.full = m.nat, m.least, m.full
			unlock()
		}
	}
	return m
}

// colMeasure is what a grid's columns measure at its type sizes, kept
// for the whole build of a booklet (book.columns): a table is fitted to
// its frame many times over, in every pass, and the same words measure
// the same each time. Nil fields are not measured yet; the slices are
// read only.
type colMeasure struct {
	key              string // measured's
	nat, least, full []float64
	cells            [][]plan.Cell // by column, for plan
	placed           map[placeKey]placed
}

// placeKey is one placing of a grid's columns: the width shared and
// which columns grow.
type placeKey struct {
	w    float64
	grow string
}

// placed is where placeColumns put a grid's columns.
type placed struct {
	ws   []float64
	grow []bool
}

// measured is the kept measure of g at its type sizes: everything the
// measures read (words, styles, sizes, bounds) names it.
func (r *renderer) measured(g *grid) *colMeasure {
	b := make([]byte, 0, 256)
	f := func(v float64) { b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v)) }
	b = binary.AppendUvarint(b, uint64(len(g.cols)))
	f(g.size)
	f(g.headSize)
	for _, c := range g.cols {
		b = append(b, c.head...)
		b = append(b, 0x1f)
		b = append(b, c.style...)
		b = append(b, 0x1f)
		f(c.size)
		f(c.minW)
		f(c.write)
		f(c.maxW)
	}
	for _, row := range g.rows {
		b = append(b, 0x1e)
		b = strconv.AppendInt(b, int64(len(row)), 10)
		for _, cell := range row {
			b = append(b, 0x1f)
			b = append(b, cell...)
		}
	}
	if r.colMeasures == nil {
		r.colMeasures = map[string]*colMeasure{}
	}
	m := r.colMeasures[string(b)]
	if m == nil {
		key := string(b)
		m = &colMeasure{key: key}
		r.colMeasures[key] = m
	}
	return m
}

// sharedMeasures is what the booklets of a face measured of their
// grids, by measured's key, kept in the face for every booklet of a
// build: the booklets of a system print the same tables (the QRS, the
// encounter tables) at the same sizes and widths. A booklet still keeps
// its own colMeasure, filled from here where it can be, so that it sets
// fonts as it did measuring them itself (a measure leaves the font it
// measured in). It is a sharedKept of at most sharedMax grids a turn,
// its entries handed out locked (getOrMake) and filled in place.
type sharedMeasures = sharedKept[string, *sharedMeasure]

// sharedMeasure is one grid's measures: nil fields are not measured
// yet; the slices are read only.
type sharedMeasure struct {
	nat, least, full []float64
	cells            [][]plan.Cell
	placed           map[placeKey]placed
}

type sharedMeasuresKey struct{}

// sharedMeasure returns the measures of the grid whose key is key shared
// by the booklets of the face, locked: unlock when done.
func (r *renderer) sharedMeasure(key string) (*sharedMeasure, func()) {
	if r.shared == nil {
		r.shared = r.face.Memo(sharedMeasuresKey{}, func() any { return newSharedKept[string, *sharedMeasure](sharedMax) }).(*sharedMeasures)
	}
	return r.shared.getOrMake(key, func() *sharedMeasure { return &sharedMeasure{} })
}

// lastColumnFont sets the font measuring g's columns leaves: its last
// column's style at its size (measureColumnsAfresh, columnCells).
func (r *renderer) lastColumnFont(g *grid) {
	if n := len(g.cols); n > 0 {
		r.font(g.cols[n-1].style, g.cellSize(g.cols[n-1]))
	}
}

// measureColumnsAfresh is measureColumns without the kept measures.
func (r *renderer) measureColumnsAfresh(g *grid) (nat, least, full []float64) {
	n := len(g.cols)
	nat = make([]float64, n)
	least = make([]float64, n)
	full = make([]float64, n)
	for i, c := range g.cols {
		r.font("B", g.headSize)
		nat[i] = r.f.GetStringWidth(r.cov.printable(c.head))
		least[i] = longestWord(r, c.head)
		r.font(c.style, g.cellSize(c))
		for _, row := range g.rows {
			if i < len(row) {
				nat[i] = max(nat[i], r.f.GetStringWidth(r.cov.printable(row[i])))
				least[i] = max(least[i], longestWord(r, row[i]))
			}
		}
		nat[i] = max(nat[i]+2*padX+0.2, c.minW, c.write)
		least[i] += 2*padX + 0.2
		if c.maxW > 0 {
			// A capped column (the QRS's key) still sets each of its
			// cells in two lines at most: "Recover From / Knock Down",
			// not one word a line.
			capW := c.maxW
			for k, cell := range r.columnCells(g, i) {
				if k > 0 { // the header wraps as it must
					capW = max(capW, cell.Within(2)+2*padX+0.2)
				}
			}
			full[i] = nat[i]
			nat[i] = max(min(nat[i], capW), least[i])
		}
		least[i] = min(least[i], nat[i])
	}
	return nat, least, full
}

// placeColumns sets the columns' widths at the grid's type sizes, as
// plan.Widths shares w between them as measured.
func (r *renderer) placeColumns(g *grid, w float64) {
	m := r.measuredColumns(g)
	nat, least, full := m.nat, m.least, m.full
	grow := make([]byte, len(g.cols))
	for i, c := range g.cols {
		grow[i] = '0'
		if c.grow {
			grow[i] = '1'
		}
	}
	key := placeKey{w, string(grow)}
	if g.fill {
		key.grow += "f"
	}
	p, ok := m.placed[key]
	if !ok {
		fits := sum(nat) <= w+0.01
		if !fits && m.cells == nil {
			s, unlock := r.sharedMeasure(m.key)
			m.cells = s.cells
			unlock()
			if m.cells != nil {
				r.lastColumnFont(g)
			} else {
				m.cells = make([][]plan.Cell, len(g.cols))
				for i := range g.cols {
					m.cells[i] = r.columnCells(g, i)
				}
				if !r.f.Err() {
					s, unlock := r.sharedMeasure(m.key)
					s.cells = m.cells
					unlock()
				}
			}
		}
		s, unlock := r.sharedMeasure(m.key)
		p, ok = s.placed[key]
		unlock()
		if !ok {
			cols := make([]plan.Column, len(g.cols))
			for i, c := range g.cols {
				cols[i] = plan.Column{Natural: nat[i], Least: least[i], Full: full[i], Capped: c.maxW > 0, Grow: c.grow, Write: c.write}
				if !fits {
					// Some column must wrap: plan shares the width by
					// the lines each saves, from the words' widths.
					cols[i].Cells, cols[i].Pad = m.cells[i], 2*padX+0.2
				}
			}
			p.ws = plan.Widths(cols, w, g.fill)
			for _, c := range cols {
				p.grow = append(p.grow, c.Grow)
			}
			if !r.f.Err() {
				s, unlock := r.sharedMeasure(m.key)
				if s.placed == nil {
					s.placed = map[placeKey]placed{}
				}
				s.placed[key] = p
				unlock()
			}
		}
		if m.placed == nil {
			m.placed = map[placeKey]placed{}
		}
		m.placed[key] = p
	}
	for i := range g.cols {
		g.cols[i].w = p.ws[i]
		g.cols[i].grow = p.grow[i]
	}
}

// columnCells measures column i's words, head first, for plan.
func (r *renderer) columnCells(g *grid, i int) []plan.Cell {
	c := g.cols[i]
	cell := func(text string, size float64) plan.Cell {
		words := face.Fields(r.cov.printable(text))
		out := plan.Cell{Words: make([]float64, len(words)), Space: r.f.GetStringWidth(" "), Line: lh(size)}
		for k, word := range words {
			out.Words[k] = r.f.GetStringWidth(word)
		}
		return out
	}
	r.font("B", g.headSize)
	cells := []plan.Cell{cell(c.head, g.headSize)}
	r.font(c.style, g.cellSize(c))
	for _, row := range g.rows {
		text := ""
		if i < len(row) {
			text = row[i]
		}
		cells = append(cells, cell(text, g.cellSize(c)))
	}
	return cells
}

// cellSize is the font size of a column's cells.
func (g *grid) cellSize(c gridCol) float64 {
	if c.size > 0 {
		return c.size
	}
	return g.size
}

// longestWord is the width of s's longest word in the current font.
func longestWord(r *renderer, s string) float64 {
	var m float64
	for _, word := range face.Fields(r.cov.printable(s)) {
		m = max(m, r.f.GetStringWidth(word))
	}
	return m
}

// cellLines wraps every cell of a row to its column.
func (r *renderer) cellLines(g *grid, row []string, head bool) ([][]string, float64) {
	lines := make([][]string, len(g.cols))
	h := g.minRow
	if head {
		h = 0
	}
	for i, c := range g.cols {
		size := r.cellFont(g, c, head)
		lines[i] = r.split(cellText(row, i), c.w-2*padX)
		h = max(h, float64(len(lines[i]))*lh(size)+2*g.padTop())
	}
	return lines, h
}

// cellFont sets the font of column c's cells (bold, in the header's size,
// for the header row) and returns its size.
func (r *renderer) cellFont(g *grid, c gridCol, head bool) float64 {
	style, size := c.style, g.cellSize(c)
	if head {
		style, size = "B", g.headSize
	}
	r.font(style, size)
	return size
}

// cellText is a row's i-th cell, "" past its last.
func cellText(row []string, i int) string {
	if i < len(row) {
		return row[i]
	}
	return ""
}

// rowFrame lays out one row of a fitted grid as a frame as wide as the
// grid: its cells wrapped to their columns (bold, in the header's size,
// for the header row), on a fill of the grey fill (none for 255), the
// lines between the cells and under the row.
func (r *renderer) rowFrame(g *grid, row []string, head bool, fill int) *frame.Frame {
	lines, h := r.cellLines(g, row, head)
	total := 0.0
	for _, c := range g.cols {
		total += c.w
	}
	f := &frame.Frame{W: total, H: h}
	if fill < 255 {
		f.Marks = append(f.Marks, frame.Box{W: total, H: h, Fill: fill, Stroke: -1})
	}
	cx := 0.0
	cells := make([]string, len(g.cols))
	for i, c := range g.cols {
		style, size := c.style, g.cellSize(c)
		if head {
			style, size = "B", g.headSize
		}
		grey := 0
		if c.grey && !head {
			grey = 110
		}
		top := g.padTop()
		if c.middle && !head {
			top = (h - float64(len(lines[i]))*lh(size)) / 2
		}
		for j, l := range lines[i] {
			f.Marks = append(f.Marks, frame.Text{X: cx + padX, Y: top + float64(j)*lh(size), W: c.w - 2*padX, H: lh(size),
				Font: frame.Font{Family: face.Sans, Style: style, Size: size}, Grey: grey, Align: c.align, S: l})
		}
		cells[i] = strings.Join(lines[i], " ")
		cx += c.w
	}
	f.Say = strings.Join(cells, " ")
	cx = 0
	for i := range g.cols {
		if i > 0 {
			f.Marks = append(f.Marks, frame.Rule{X1: cx, X2: cx, Y2: h, Grey: 120, Width: 0.15})
		}
		cx += g.cols[i].w
	}
	f.Marks = append(f.Marks, frame.Rule{Y1: h, X2: total, Y2: h, Grey: 120, Width: 0.15})
	return f
}

// table draws g in the current frame, moving on to the next column or
// page between rows and repeating the header there. head, when not nil,
// lays out what goes above the column headers (a title band) in the
// current frame, told whether the table is continued there.
func (r *renderer) table(g *grid, head func(continued bool) tableTop) {
	r.placeTable(&r.fr, g, head, paintNow{r})
}

// placeTable lays g out for the cursor's width and places it down the
// cursor, moving on (the cursor's brk) between rows under the keep rules
// and repeating the header there. It tells p what to paint as it is
// placed, in order: the table paints it there and then (paintNow); a
// run placed ahead of its pages keeps it to paint later (the campaign
// log, logRun). head, when set, is what goes above the rows (a title
// band, how to read the table), placed down the cursor with them.
func (r *renderer) placeTable(c *cursor, g *grid, head func(continued bool) tableTop, p painter) {
	r.fitColumns(g, c.w)
	if g.stack != nil {
		for i, part := range g.stack {
			if i > 0 {
				c.gap(stackGap)
				head = nil
			}
			if i == len(g.stack)-1 {
				part.tail = g.tail
			}
			r.placeTable(c, part, head, p)
		}
		return
	}
	hf := r.headRow(g, tableShade)
	hh := hf.H
	w := g.width()
	rowStart := c.y
	top := func(continued bool) {
		if head != nil {
			r.placeTop(c, head(continued), p)
		}
		if !g.noHead {
			p.headRow(hf, c.x, c.y, w)
			c.y += hh
		}
		rowStart = c.y
	}
	extra, cont := 0.0, func() float64 { return 0 }
	if head != nil {
		extra = head(false).h
		cont = func() float64 { return head(true).h }
	}
	n := len(g.rows)
	rows := make([]*frame.Frame, n)
	hs := make([]float64, n)
	for i, row := range g.rows {
		fill := 255
		if g.zebra && i%2 == 1 {
			fill = 242
		}
		rows[i] = r.rowFrame(g, row, false, fill)
		hs[i] = rows[i].H
	}
	k := r.rowKeeps(g, hs)
	// lone reports a fault for the rows from first to end left alone in
	// a frame (rowKeeps.lone), on the page it is painted on.
	lone := func(first, end int) {
		if k.lone(first, end, extra, hh) {
			p.lone(strings.Join(g.rows[first], " "))
		}
	}
	first := k.walk(c, hh, extra, cont, top, func(i int) { p.row(rows[i], c.x, c.y) }, func(first, i int) {
		lone(first, i)
		p.box(c.x, rowStart, c.y, w)
	})
	if n > 0 && first > 0 {
		lone(first, n)
	}
	if n == 0 {
		c.need(extra + hh)
		top(false)
	}
	p.box(c.x, rowStart, c.y, w)
}

// rowKeeps is what a table's keep rules go by: its rows' heights, what
// prints under it and is kept with its last row (tail: none when tall
// beside a page), how many rows a frame keeps together (keepRows, or all
// of a table too short to leave keepRows on each side of a break), and
// a whole page's height for rows.
type rowKeeps struct {
	hs   []float64
	tail float64
	keep int
	page float64
}

// rowKeeps are the keep rules of g's rows, hs tall.
func (r *renderer) rowKeeps(g *grid, hs []float64) rowKeeps {
	k := rowKeeps{hs: hs, keep: keepRows, page: r.bottom() - bodyTop}
	if len(hs) < 2*keepRows {
		k.keep = len(hs)
	}
	if g.tail < k.page/4 {
		k.tail = g.tail
	}
	return k
}

// lead is the height of what a frame must start with: h above the rows,
// then the rows from row from that must go with it (as many of them as
// a page can hold).
func (k rowKeeps) lead(h float64, from int) float64 {
	n := len(k.hs)
	for i := from; i < min(from+k.keep, n); i++ {
		if h+k.hs[i] > k.page {
			break // taller than a whole page: as many as fit
		}
		h += k.hs[i]
		if i == n-1 && h+k.tail <= k.page {
			h += k.tail
		}
	}
	return h
}

// lone reports whether the rows from first to end, fewer than keepRows,
// are left alone in a frame when keeping them was possible: not in a
// table too short to leave keepRows on each side of a break and too tall
// for a page. extra is the title band's height, hh the header's.
func (k rowKeeps) lone(first, end int, extra, hh float64) bool {
	n := len(k.hs)
	m := min(keepRows, n)
	if end-first >= m || (n < 2*keepRows && k.lead(extra+hh, 0) < extra+hh+sum(k.hs)-0.01) {
		return false
	}
	from := min(first, n-m)
	h := hh
	for _, rh := range k.hs[from : from+m] {
		h += rh
	}
	return h <= k.page
}

// walk places a table's rows down the cursor under the keep rules: the
// header (hh tall, under a title band extra tall, cont when continued)
// never stands at a frame's foot with fewer than keep rows under it, and
// no fewer than keep rows go on alone to the next frame, as
// plan.BreakRows plans from where the table starts, or by the widow rule
// when it has no plan. top places what starts a frame (told whether the
// table is continued there) and moves the cursor under it; row is told
// each row as the cursor reaches its top; moved, before the cursor moves
// on (brk), the first row of the frame left and the row that moves on.
// It returns the first row of the last frame.
func (k rowKeeps) walk(c *cursor, hh, extra float64, cont func() float64, top func(continued bool), row func(i int), moved func(first, i int)) int {
	n := len(k.hs)
	first := 0
	var breaks []bool
	for i, h := range k.hs {
		rest := k.tail
		for _, rh := range k.hs[i:] {
			rest += rh
		}
		// The tail goes into the widow rule only: moving the last row on
		// alone with it would leave a lone row instead.
		widow := n-i == keepRows && i-first >= keepRows && c.y+rest > c.bottom
		if i == 0 {
			c.need(k.lead(extra+hh, 0))
			top(false)
			breaks = plan.BreakRows(k.hs, k.tail, k.keep, c.bottom-c.y, k.page-cont()-hh)
		} else if breaks != nil && (breaks[i] || c.y+h > c.bottom) || breaks == nil && (c.y+h > c.bottom || widow) {
			moved(first, i)
			c.brk()
			c.need(k.lead(cont()+hh, i))
			top(true)
			first = i
		}
		row(i)
		c.y += h
	}
	return first
}

// rowsKept reports whether the table drawTable would draw from g (its
// title band headH tall, contH when continued) at the cursor's position
// keeps every frame it breaks over to keepRows rows or more: it fits
// where it stands, or plan.BreakRows has a plan for it.
func (r *renderer) rowsKept(c *cursor, g *grid, headH, contH float64) bool {
	r.fitColumns(g, c.w)
	n := len(g.rows)
	if g.stack != nil || n < 2*keepRows {
		return true // a stack's parts are kept apart; a short table whole
	}
	hh := r.headRow(g, tableShade).H
	hs := make([]float64, n)
	for i, row := range g.rows {
		_, hs[i] = r.cellLines(g, row, false)
	}
	room0 := c.bottom - c.y - headH - hh
	room := r.bottom() - bodyTop - contH - hh
	if sum(hs)+g.tail <= room0 {
		return true
	}
	if sum(hs[:keepRows]) > room0 {
		room0 = room // it starts on the next frame
	}
	return plan.BreakRows(hs, g.tail, keepRows, room0, room) != nil
}

// headRow lays out a fitted grid's header row on a fill of the grey
// fill: an empty frame for a grid without a header.
func (r *renderer) headRow(g *grid, fill int) *frame.Frame {
	if g.noHead {
		return &frame.Frame{}
	}
	cells := make([]string, len(g.cols))
	for i, c := range g.cols {
		cells[i] = c.head
	}
	return r.rowFrame(g, cells, true, fill)
}

// outline is a table's frame drawn round what it holds, w by h, in the
// tables' line width.
func outline(w, h float64) *frame.Frame {
	return &frame.Frame{W: w, H: h, Marks: []frame.Mark{frame.Box{W: w, H: h, Fill: -1, Stroke: 0, Width: tableLine}}}
}

// frameLine outlines a header row at (x, y).
func (r *renderer) frameLine(x, y, h, w float64) { r.paint(outline(w, h), x, y) }

// frameBox outlines the body rows of a table from y0 to y1, at x.
func (r *renderer) frameBox(x, y0, y1, w float64) {
	if y1 <= y0 {
		return
	}
	r.paint(outline(w, y1-y0), x, y0)
}

// oddsGap is the space between the pieces of an odds strip set side by
// side.
const oddsGap = 4.0

// oddsSpans print a rule table's odds under it (doc.Odds): their caption
// in small italics, then a small grid in small type, one line per Rep, no
// wider than it needs, the chances centred under what they are the
// chance of. Where the frame is wide enough (a table across the page),
// the lines are set in two or three grids side by side, each with its
// header, so the strip takes fewer lines. None for a table without odds.
func (r *renderer) oddsSpans(o *doc.Odds, tl tableLook) []span {
	if o == nil || len(o.Rows) == 0 {
		return nil
	}
	size := tl.pt(tl.size - 2)
	build := func(rows []doc.OddsRow, w float64) *grid {
		g := &grid{size: size, headSize: size, pad: 0.35, cols: []gridCol{{head: o.Corner, style: "B", align: "L"}}}
		for _, h := range o.Head {
			g.cols = append(g.cols, gridCol{head: h, align: "C"})
		}
		for _, row := range rows {
			cells := []string{row.Label}
			for _, c := range row.Cells {
				cells = append(cells, c.Text())
			}
			g.rows = append(g.rows, cells)
		}
		r.fitColumns(g, w)
		return g
	}
	// pieces splits the lines into grids set side by side in w: as many
	// as fit at the width the whole strip takes, its columns as wide in
	// every piece, each of three lines at least (a strip of five lines
	// split 3 and 2 saves room; one split 2 and 1 only reads oddly).
	pieces := func(w float64) []*grid {
		whole := build(o.Rows, w)
		k := int((w + oddsGap) / (whole.width() + oddsGap))
		k = max(1, min(k, len(o.Rows)/3))
		per := (len(o.Rows) + k - 1) / k
		var gs []*grid
		for i := 0; i < len(o.Rows); i += per {
			g := build(o.Rows[i:min(i+per, len(o.Rows))], w)
			for j := range g.cols {
				g.cols[j].w = whole.cols[j].w
			}
			gs = append(gs, g)
		}
		return gs
	}
	// layout places the grids and the caption in w: the caption beside
	// the grids when it fits there no taller than they are, else above.
	type placed struct {
		grids   []*grid
		caption []string // beside the grids, in capW; nil when above
		capX    float64
		gridsH  float64
	}
	layout := func(w float64) placed {
		p := placed{grids: pieces(w)}
		used := -oddsGap
		for _, g := range p.grids {
			used += g.width() + oddsGap
			p.gridsH = max(p.gridsH, r.gridFrame(g, oddsShade, oddsLine).H)
		}
		if room := w - used - oddsGap; room >= 18 {
			r.font("I", size)
			lines := r.split(o.Caption, room)
			if float64(len(lines))*lh(size) <= p.gridsH {
				p.caption, p.capX = lines, used+oddsGap
			}
		}
		return p
	}
	italic := frame.Font{Family: face.Sans, Style: "I", Size: size}
	// The caption, when above the grids, is one block with them: it never
	// ends a page with its odds overleaf. The lines above are painted as
	// text is, the ink left as it was; each grid sets it back after it.
	return []span{{before: 1.2, lay: func(w float64) *frame.Frame {
		p := layout(w)
		f := &frame.Frame{W: w}
		if p.caption == nil {
			r.font("I", size)
			lines := r.split(o.Caption, w)
			top := &frame.Frame{W: w, H: float64(len(lines)) * lh(size), Say: strings.Join(lines, " ")}
			for i, l := range lines {
				top.Marks = append(top.Marks, frame.Text{Y: float64(i) * lh(size), W: w, H: lh(size), Font: italic, Align: "L", S: l})
			}
			f.Marks = append(f.Marks, frame.Sub{F: top, KeepInk: true})
			f.H = top.H
		}
		f.H += 0.6 // above the grids (under the caption, when it is above)
		gx := 0.0
		for _, g := range p.grids {
			f.Marks = append(f.Marks, frame.Sub{X: gx, Y: f.H, F: r.gridFrame(g, oddsShade, oddsLine)})
			gx += g.width() + oddsGap
		}
		for i, l := range p.caption {
			f.Marks = append(f.Marks, frame.Text{X: p.capX, Y: f.H + float64(i)*lh(size), W: w - p.capX, H: lh(size), Font: italic, Align: "L", S: l})
		}
		f.Say = strings.Join(p.caption, " ")
		f.H += p.gridsH
		return f
	}}}
}

// The grids of an odds strip: their header rows' shade and their frame's
// line width.
const (
	oddsShade = 236
	oddsLine  = 0.2
)

// The tables of rules: their header rows' shade and the line width of
// their frames (table, tableFrame).
const (
	tableShade = 215
	tableLine  = 0.3
)

// tableFrame lays out a fitted table whole, as if unbroken: what it
// measures, on a page or in a column where it fits.
func (r *renderer) tableFrame(g *grid) *frame.Frame { return r.gridFrame(g, tableShade, tableLine) }

// gridFrame lays out a small fitted grid whole: its header row shaded
// grey (0-255), its rows on white, and a frame of the given line width
// around them; a stacked grid's parts one under the other.
func (r *renderer) gridFrame(g *grid, shade int, lineW float64) *frame.Frame {
	in := struct {
		g     grid
		shade int
		lineW float64
	}{*g, shade, lineW}
	return r.grids.Get(in, func() *frame.Frame { return r.layGrid(g, shade, lineW) })
}

// layGrid is gridFrame's work.
func (r *renderer) layGrid(g *grid, shade int, lineW float64) *frame.Frame {
	f := &frame.Frame{}
	if g.stack != nil {
		for i, p := range g.stack {
			if i > 0 {
				f.H += stackGap
			}
			pf := r.gridFrame(p, shade, lineW)
			f.Marks = append(f.Marks, frame.Sub{Y: f.H, F: pf})
			f.W, f.H = max(f.W, pf.W), f.H+pf.H
		}
		return f
	}
	f.W = g.width()
	for i, row := range append([][]string{nil}, g.rows...) {
		var rf *frame.Frame
		if i == 0 {
			rf = r.headRow(g, shade)
		} else {
			rf = r.rowFrame(g, row, false, 255)
		}
		f.Marks = append(f.Marks, frame.Sub{Y: f.H, F: rf})
		f.H += rf.H
	}
	f.Marks = append(f.Marks, frame.Box{W: f.W, H: f.H, Fill: -1, Stroke: 0, Width: lineW})
	return f
}

// ownTables maps each of an encounter's own tables (its rosters: a table
// with a header and no book page, outside its sealed items) to all of
// them, itself included, for ownLook.
func ownTables(bs []doc.Block) map[*doc.Table][]*doc.Table {
	var own []*doc.Table
	var walk func(bs []doc.Block)
	walk = func(bs []doc.Block) {
		for _, b := range bs {
			switch b := b.(type) {
			case *doc.Section:
				walk(b.Blocks)
			case *doc.Table:
				if b.Source == "" && len(b.Head) > 0 {
					own = append(own, b)
				}
			}
		}
	}
	walk(bs)
	m := make(map[*doc.Table][]*doc.Table, len(own))
	for _, t := range own {
		m[t] = own
	}
	return m
}

// ownLook is the look an encounter's own table t prints in, in a frame w
// wide: tl, unless one of the encounter's own tables (your side's roster
// and the enemy's) must be set smaller than tl to fit w, when every one
// of them is set at that size, so that the rosters an entry prints side
// by side read alike. None is set under face.MinSize: a table too wide
// even then stacks (fitColumns), at that size.
func (r *renderer) ownLook(t *doc.Table, tl tableLook, w float64) tableLook {
	least := tl.size
	for _, s := range r.own[t] {
		g := r.layTable(r.keyed(s, tl, w), tl, w).grid
		if g.stack != nil {
			g = g.stack[0]
		}
		least = min(least, g.size)
	}
	if d := tl.size - least; d > 0.001 {
		tl.size, tl.head, tl.key = least, tl.pt(tl.head-d), tl.pt(tl.key-d)
	}
	return tl
}

// pt is size in points, or the look's floor when size is smaller: the
// size a type derived from the look's (its notes two points under its
// cells, the look scaled down) prints at.
func (t tableLook) pt(size float64) float64 { return max(size, t.floor) }
