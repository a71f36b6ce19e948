package booklet

import (
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/generator/booklet/face"
	"github.com/sortie-wargames/sortie/generator/booklet/flow"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"
)

// A checklist prints as a grid read across each row: every item its
// number, a box to tick and its text, as many columns as the widest item
// lets the width hold. Each row is a piece of its own, so a long list
// breaks between rows; its lead keeps its first two rows with it, and
// its last row never stands alone at a page's top.

// checkGap is the space between a checklist's columns, mm.
const checkGap = 3.0

// checkMaxCols is the most columns a checklist is set in: beyond it the
// eye loses the row.
const checkMaxCols = 5

// checkCell is the parts of one item's cell, mm: the number's column
// (right-aligned), the space after it, the box's side and the space
// after the box.
type checkCell struct{ num, box, gap float64 }

func checkCellAt(r *renderer, n int, size float64) checkCell {
	r.font("B", size)
	return checkCell{num: r.f.GetStringWidth(strconv.Itoa(n)), box: 0.62 * lh(size), gap: 1.2}
}

// lead is the width before an item's text: number, gap, box, gap.
func (c checkCell) lead() float64 { return c.num + c.gap + c.box + c.gap }

// checklistPieces lays out a checklist w wide at the body size of lk.
func (r *renderer) checklistPieces(c *doc.Checklist, lk look, w float64) []piece {
	size := lk.size
	cell := checkCellAt(r, len(c.Items), size)
	widest := 0.0
	r.font("", size)
	for _, it := range c.Items {
		widest = max(widest, r.f.GetStringWidth(it))
	}
	cols := int((w + checkGap) / (cell.lead() + widest + checkGap))
	cols = max(1, min(cols, checkMaxCols, len(c.Items)))
	rows := (len(c.Items) + cols - 1) / cols
	var ps []piece
	heights := make([]float64, rows)
	for row := range rows {
		items := c.Items[row*cols : min(len(c.Items), (row+1)*cols)]
		first := row*cols + 1
		s := span{before: 0.4, lay: func(w float64) *frame.Frame {
			return r.checkRow(items, first, cols, cell, size, w)
		}}
		heights[row] = r.checkRow(items, first, cols, cell, size, w).H + s.before
		ps = append(ps, piece{sp: &s})
	}
	if rows > 1 { // the last row keeps the one before it
		ps[rows-2].sp.keep = heights[rows-1]
	}
	if c.Lead != "" {
		keep := heights[0]
		if rows > 1 {
			keep += heights[1]
		}
		lead := span{runs: []flow.Run{{Text: c.Lead + ":", Style: "B"}}, size: size, before: 0.8, keep: keep}
		ps = append([]piece{{sp: &lead}}, ps...)
	}
	if c.Note != "" {
		note := paraSpan(&doc.Para{Note: true, Text: c.Note}, lk)
		ps = append(ps, piece{sp: &note})
	}
	return ps
}

// checkRow lays out one row of a checklist: items numbered from first,
// in cols columns across w.
func (r *renderer) checkRow(items []string, first, cols int, cell checkCell, size, w float64) *frame.Frame {
	colW := (w - float64(cols-1)*checkGap) / float64(cols)
	textW := colW - cell.lead()
	line := lh(size)
	f := &frame.Frame{W: w}
	var says []string
	for i, it := range items {
		x := float64(i) * (colW + checkGap)
		n := strconv.Itoa(first + i)
		f.Marks = append(f.Marks,
			frame.Text{X: x, Y: 0, W: cell.num, H: line, Font: frame.Font{Family: face.Sans, Style: "B", Size: size}, Align: "R", S: n},
			frame.Box{X: x + cell.num + cell.gap, Y: (line - cell.box) / 2, W: cell.box, H: cell.box, Fill: -1, Stroke: 0, Width: 0.3})
		lines := r.richLines([]flow.Run{{Text: it}}, size, textW)
		var text strings.Builder
		for k, segs := range lines {
			tx := x + cell.lead()
			for _, s := range segs {
				f.Marks = append(f.Marks, frame.Text{X: tx, Y: float64(k) * line, W: s.W, H: line,
					Font: frame.Font{Family: face.Sans, Style: s.Style, Size: size}, Align: "L", S: s.Text, Broken: s.Broken})
				tx += s.W
				text.WriteString(s.Text)
			}
		}
		f.H = max(f.H, float64(len(lines))*line)
		says = append(says, n+" "+text.String())
	}
	f.Say = strings.Join(says, "\n")
	return f
}

// checklistFlowed lays out a checklist as lines, as compact as a
// paragraph: its lead, then its items one after another, each whole with
// its number and box (an item wider than the line wraps inside itself),
// a wider space between them. A play sheet, whose one side holds the
// whole encounter, sets it so, and so does a spread that a grid would
// push past its pages (entrySpread.lines).
func (r *renderer) checklistFlowed(c *doc.Checklist, lk look, w float64) []piece {
	size := lk.size
	cell := checkCellAt(r, len(c.Items), size)
	cell.gap, cell.box = 0.6, 0.52*lh(size) // as compact as the sentence it replaces
	flowed := span{before: 0.8, lay: func(w float64) *frame.Frame { return r.checkLines(c, cell, size, w) }}
	return []piece{{sp: &flowed}}
}

// checkLines lays out a checklist's lead (bold, with a colon), its items
// one after another and its note, in lines w wide, as a paragraph sets
// its words: an item's number, its box and its first word stay together,
// and an item breaks between its words at a line's end, as the sentence
// it replaces did.
func (r *renderer) checkLines(c *doc.Checklist, cell checkCell, size, w float64) *frame.Frame {
	line := lh(size)
	f := &frame.Frame{W: w}
	x, y := 0.0, 0.0
	var said strings.Builder
	// word sets one word after a space of sp, with wide before it (a
	// number and a box, said as pre) kept on its line; it starts a new
	// line when they do not fit, and returns where wide starts.
	word := func(s, style string, sp, wide float64, pre string) float64 {
		r.font(style, size)
		ww := r.f.GetStringWidth(s)
		if x > 0 && x+sp+wide+ww > w+0.01 {
			x, y = 0, y+line
			said.WriteString("\n")
		} else if x > 0 {
			x += sp
			said.WriteString(" ")
		}
		at := x
		x += wide
		f.Marks = append(f.Marks, frame.Text{X: x, Y: y, W: ww, H: line, Font: frame.Font{Family: face.Sans, Style: style, Size: size}, Align: "L", S: s})
		said.WriteString(pre + s)
		x += ww
		return at
	}
	r.font("", size)
	space := r.f.GetStringWidth(" ")
	if c.Lead != "" {
		for _, s := range strings.Split(c.Lead+":", " ") {
			word(s, "B", space, 0, "")
		}
	}
	for i, it := range c.Items {
		n := strconv.Itoa(i + 1)
		r.font("B", size)
		numW := r.f.GetStringWidth(n)
		ws := strings.Split(it, " ")
		at := word(ws[0], "", 2.5*space, numW+cell.gap+cell.box+cell.gap, n+" ")
		f.Marks = append(f.Marks,
			frame.Text{X: at, Y: y, W: numW, H: line, Font: frame.Font{Family: face.Sans, Style: "B", Size: size}, Align: "L", S: n},
			frame.Box{X: at + numW + cell.gap, Y: y + (line-cell.box)/2, W: cell.box, H: cell.box, Fill: -1, Stroke: 0, Width: 0.3})
		for _, s := range ws[1:] {
			word(s, "", space, 0, "")
		}
	}
	for i, s := range strings.Split(c.Note, " ") {
		if s == "" {
			continue
		}
		sp := space
		if i == 0 {
			sp = 2.5 * space
		}
		word(s, "I", sp, 0, "")
	}
	f.H = y + line
	f.Say = said.String()
	return f
}

// hasChecklist reports whether bs hold a checklist, sealed items' aside.
func hasChecklist(bs []doc.Block) bool {
	found := false
	for _, b := range bs {
		if s, ok := b.(*doc.Section); ok {
			found = found || hasChecklist(s.Blocks)
		}
		if _, ok := b.(*doc.Checklist); ok {
			found = true
		}
	}
	return found
}

// linesKey names, among a pass's anchors, an entry whose checklists are
// set as lines: "lines/N".
func linesKey(e *entry) string { return "lines/" + strconv.Itoa(e.number) }

// setAsLines reports whether an entry's checklists are set as lines from
// the start: the previous pass set them so, or found the entry past its
// own limit with them as grids (entrySpread.pastLimit: a flat entry's
// spread; what stays on a folded entry's first spread, or its most
// spreads). Once set, it stays so, and the passes settle.
func (r *renderer) setAsLines(e *entry) bool {
	_, ok := r.prev.pages[linesKey(e)]
	return ok
}
