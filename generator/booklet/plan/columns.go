package plan

import (
	"slices"
	"sort"
)

// Column is a table column as measured in its type, in millimetres,
// padding included.
type Column struct {
	Natural float64 // its longest line, no wider than its cap
	Least   float64 // its longest word
	Full    float64 // a capped column's longest line past its cap; 0 when none
	Capped  bool    // it has a cap on its width, wrapping past it
	Grow    bool    // it takes a share of the width the others leave
	// Write is the least width of a column the player writes in (a
	// name, a tick, a number), padding included; 0 for none. Its cells
	// print blank or nearly, so its words ask for no room: Write is
	// taken before any printed column gets more than its longest word,
	// and gives way (evenly over the write-in columns, never below
	// Least) only when the printed columns' longest words would not fit
	// beside it.
	Write float64
	// Cells, when set, are the column's cells row by row (the head
	// first), and Pad what Natural and Least hold besides the text: a
	// column that must give way then gives the width where it saves the
	// most lines (balance) rather than by capping the widest. Every
	// column of a table has Cells, or none does.
	Cells []Cell
	Pad   float64
}

// Cell is a cell's text as plan sees it: the widths of its words, in
// order, and of a space between two of them, in millimetres.
type Cell struct {
	Words []float64
	Space float64
	Line  float64 // the height of one of its lines, mm; 0 counts a line as 1
}

// lines is how many lines the cell takes in a column w wide (text only),
// wrapped word by word as the renderer wraps it; at least one.
func (c Cell) lines(w float64) int {
	n, line := 1, -1.0
	for _, word := range c.Words {
		switch {
		case line < 0:
			line = word
		case line+c.Space+word <= w+1e-9:
			line += c.Space + word
		default:
			n++
			line = word
		}
	}
	return n
}

// Within is the least text width at which the cell takes at most n
// lines, wrapped as the renderer wraps it (its longest word at least).
func (c Cell) Within(n int) float64 {
	longest := 0.0
	for _, w := range c.Words {
		longest = max(longest, w)
	}
	ws := slices.Sorted(slices.Values(c.breaks(nil)))
	for _, w := range ws {
		if w >= longest && c.lines(w) <= n {
			return w
		}
	}
	return 0 // no words
}

// breaks are the text widths at which the cell's line count can change:
// the width of every run of its words.
func (c Cell) breaks(out []float64) []float64 {
	for a := range c.Words {
		run := 0.0
		for b := a; b < len(c.Words); b++ {
			if b > a {
				run += c.Space
			}
			run += c.Words[b]
			out = append(out, run)
		}
	}
	return out
}

// Widths returns the width of each column of a table w wide, as CSS's
// automatic table layout shares it: every column gets its longest line
// when that fits and the growing columns share what is left (all of
// them, by their widths, when the table fills w though nothing grows);
// when it does not fit the widest columns give way first (squeeze),
// never below their longest word, nor a column to write in below its
// Write while the others' longest words leave room for it (writeIn); a
// capped column takes back what the others leave. Only when even the
// longest words do not fit are the widths scaled to w, and words break
// (a fault the caller reports).
// Widths sets Grow on the columns it made give way.
func Widths(cols []Column, w float64, fill bool) []float64 {
	n := len(cols)
	nat := make([]float64, n)
	least := make([]float64, n)
	writeIn(cols, w, least)
	sum := 0.0
	for i, c := range cols {
		nat[i] = max(c.Natural, least[i])
		sum += nat[i]
	}
	// A capped column takes back what the others leave: a key of words
	// beside short values wraps no more than it must.
	for i, c := range cols {
		if c.Capped && c.Full > nat[i] && sum < w {
			wider := min(c.Full, nat[i]+w-sum)
			sum += wider - nat[i]
			nat[i] = wider
		}
	}
	// A capped column (a key) that gives way keeps each of its cells to
	// keyLines lines where the others' words leave room for that.
	kleast := slices.Clone(least)
	for i, c := range cols {
		if c.Capped && len(c.Cells) > 1 {
			for _, cell := range c.Cells[1:] {
				kleast[i] = max(kleast[i], cell.Within(keyLines)+c.Pad)
			}
			kleast[i] = min(kleast[i], nat[i])
		}
	}
	if total(kleast) <= w+0.01 {
		least = kleast
	}
	orig := slices.Clone(cols)
	ws := share(cols, nat, least, w, fill)
	if sum <= w+0.01 {
		return ws
	}
	// Some column wraps. A column that held its width (a key, capped or
	// not: a spread's key held its longest line) kept it while the
	// growing columns gave way; the held columns give way with them too,
	// each down to the width that sets its cells in keyLines lines (its
	// longest word at least), when that makes the table shorter: a key
	// of short entries beside text columns wrapping many lines deep
	// needs no more than that, and each millimetre it keeps is a text
	// column's. The table is measured both ways, and the held columns
	// give way when that saves keyGain lines or more of its height.
	alt := slices.Clone(orig)
	aleast := slices.Clone(least)
	give := false
	for i := range alt {
		if !cols[i].Grow && len(alt[i].Cells) > 1 {
			alt[i].Grow, give = true, true
			for _, cell := range alt[i].Cells[1:] {
				aleast[i] = max(aleast[i], cell.Within(keyLines)+alt[i].Pad)
			}
			aleast[i] = min(aleast[i], nat[i])
		}
	}
	if !give || total(aleast) > w+0.01 {
		return ws
	}
	aw := share(alt, nat, aleast, w, fill)
	h, ok := heightAt(cols, ws)
	ah, aok := heightAt(alt, aw)
	if ok && aok && h-ah >= keyGain*tallestLine(cols)-1e-9 {
		copy(cols, alt)
		return aw
	}
	return ws
}

// keyGain is the fewest lines (of the table's tallest type) a key giving
// way must save the table (Widths): less does not pay for "Received /
// Fire" broken where it read whole.
const keyGain = 1

// tallestLine is the height of the tallest line of the columns' cells
// (Cell.Line; 1 when none is set).
func tallestLine(cols []Column) float64 {
	t := 0.0
	for _, c := range cols {
		for _, cell := range c.Cells {
			t = max(t, cell.Line)
		}
	}
	if t == 0 {
		return 1
	}
	return t
}

// keyLines is the most lines a key's cell takes when the key gives way
// beside wrapping columns (Widths): "Rally, Leader / Lost and Man /
// Down", never one word a line down five.
const keyLines = 3

// heightAt is the height of a table whose columns carry their cells, set
// at widths ws: each row as tall as its tallest cell, a cell as tall as
// its lines (Cell.Line each), the rows' padding left out as the same
// either way. ok is false when the columns carry no cells.
func heightAt(cols []Column, ws []float64) (height float64, ok bool) {
	rows := -1
	for _, c := range cols {
		if c.Cells == nil || (rows >= 0 && len(c.Cells) != rows) {
			return 0, false
		}
		rows = len(c.Cells)
	}
	for r := range rows {
		top := 0.0
		for i, c := range cols {
			cell := c.Cells[r]
			n := cell.lines(ws[i] - c.Pad)
			line := cell.Line
			if line == 0 {
				line = 1
			}
			top = max(top, float64(n)*line)
		}
		height += top
	}
	return height, true
}

// share is Widths past the measures: it shares w between the columns at
// their natural and least widths.
func share(cols []Column, nat, least []float64, w float64, fill bool) []float64 {
	n := len(cols)
	var fixed, flex float64
	for i, c := range cols {
		if c.Grow {
			flex += nat[i]
		} else {
			fixed += nat[i]
		}
	}
	ws := make([]float64, n)
	if flex == 0 && !fill && fixed <= w {
		// Nothing grows and it fits: every column at its natural width.
		copy(ws, nat)
		return ws
	}
	if flex == 0 && !fill {
		// Too wide: every column but the key gives way.
		for i := 1; i < n; i++ {
			cols[i].Grow = true
			flex += nat[i]
			fixed -= nat[i]
		}
	}
	if flex == 0 {
		// Nothing grows but the table fills its frame: every column
		// takes a share of the rest as wide as it is, as a browser's
		// automatic table layout does (the last column taking it all
		// made a log's "Month 6" three times as wide as "Month 1").
		for i := range cols {
			cols[i].Grow = true
		}
		flex, fixed = fixed, 0
	}
	for i, c := range cols {
		ws[i] = nat[i]
		if c.Grow && fixed+flex <= w {
			ws[i] = nat[i] + (w-fixed-flex)*nat[i]/flex
		}
	}
	if fixed+flex > w {
		squeeze(cols, ws, nat, least, w-fixed)
	}
	if total(ws) > w+0.01 {
		// The growing columns cannot give enough: every column gives
		// way, the widest first, none below its longest word.
		for i := range cols {
			cols[i].Grow = true
		}
		squeeze(cols, ws, nat, least, w)
	}
	if t := total(ws); t > w+0.01 {
		// Too wide even word by word: the columns are scaled to fit,
		// and their longest words break.
		scale := w / t
		for i := range ws {
			ws[i] *= scale
		}
	}
	return ws
}

// writeIn sets least to each column's least width in a table w wide:
// its longest word, or for a column to write in its Write, as much of it
// as fits beside every other column's longest word (the room to write
// shared out evenly: each write-in column gets the same share of what it
// asks past its longest word).
func writeIn(cols []Column, w float64, least []float64) {
	words, ask := 0.0, 0.0
	for i, c := range cols {
		least[i] = c.Least
		words += c.Least
		ask += max(0, c.Write-c.Least)
	}
	if ask <= 0 {
		return
	}
	k := min(1, max(0, (w-words)/ask))
	for i, c := range cols {
		if c.Write > c.Least {
			least[i] = c.Least + (c.Write-c.Least)*k
		}
	}
}

// squeeze fits the growing columns into room by capping the widest: every
// column narrower than the cap keeps its natural width, so short columns
// do not wrap while a long one does; none gets less than its longest word.
// When the columns carry their cells, balance shares room instead.
func squeeze(cols []Column, ws, nat, least []float64, room float64) {
	if balance(cols, ws, nat, least, room) {
		return
	}
	capSqueeze(cols, ws, nat, least, room)
}

// capSqueeze is squeeze by capping the widest.
func capSqueeze(cols []Column, ws, nat, least []float64, room float64) {
	lo, hi := 0.0, 0.0
	for i, c := range cols {
		if c.Grow {
			hi = max(hi, nat[i])
		}
	}
	width := func(i int, limit float64) float64 { return max(least[i], min(nat[i], limit)) }
	for range 40 {
		mid := (lo + hi) / 2
		sum := 0.0
		for i, c := range cols {
			if c.Grow {
				sum += width(i, mid)
			}
		}
		if sum > room {
			hi = mid
		} else {
			lo = mid
		}
	}
	for i, c := range cols {
		if c.Grow {
			ws[i] = width(i, lo)
		}
	}
}

// balance fits the growing columns into room so that the table is as
// short as it can be, a row as tall as its tallest cell. Three ways are
// tried and the shortest table kept (then the fewest lines; then the
// earlier way): capping the widest (as without cells); one cap on lines,
// the fewest that every growing column can keep to in room, each column
// as narrow as that allows; and from the longest words, step by step,
// the width to the column whose next step saves the most rows' height
// per millimetre, then the most lines. What the last two leave is given
// out in steps the same way, then shared by what each column still lacks
// of its longest line. Capping alone left a roster's short "Reload" and
// "Rolled" columns four lines deep beside a roomy "Figure" column. It
// reports false, leaving ws alone, when the columns carry no cells or
// even their longest words do not fit room.
func balance(cols []Column, ws, nat, least []float64, room float64) bool {
	rows := -1
	for _, c := range cols {
		if c.Cells == nil || (rows >= 0 && len(c.Cells) != rows) {
			return false
		}
		rows = len(c.Cells)
	}
	if rows <= 0 {
		return false
	}
	b := balancer{cols: cols, nat: nat, least: least, rows: rows}
	start := slices.Clone(ws)
	for i, c := range cols {
		if c.Grow {
			start[i] = least[i]
		}
	}
	if sumGrow(cols, start) > room+1e-9 {
		return false
	}
	b.steps()

	// Capping the widest.
	capped := slices.Clone(ws)
	capSqueeze(cols, capped, nat, least, room)
	best := capped
	bh, bl := b.height(best)
	try := func(w []float64) {
		if h, l := b.height(w); h < bh || (h == bh && l < bl) {
			best, bh, bl = w, h, l
		}
	}
	// One cap on lines.
	most := 1
	for i, c := range cols {
		for _, cell := range c.Cells {
			most = max(most, cell.lines(start[i]-c.Pad))
		}
	}
	for k := 1; k <= most; k++ {
		w, used := slices.Clone(start), 0.0
		for i, c := range cols {
			if c.Grow {
				w[i] = b.within(i, k)
				used += w[i]
			}
		}
		if used <= room+1e-9 {
			try(b.fill(w, room))
			break
		}
	}
	// Step by step from the longest words.
	try(b.fill(start, room))
	copy(ws, best)
	return true
}

// balancer is what balance measures a table by.
type balancer struct {
	cols       []Column
	nat, least []float64
	rows       int
	breaks     [][]float64 // the widths each growing column may take, narrowest first
	// lines keeps, for each column, its cells' line counts at each width
	// measured (colLines): fill tries every column's next step again
	// after each step it takes, at the same widths.
	lines   []map[float64][]int
	scratch [][]int
}

// colLines is how many lines each cell of column i takes at width w.
func (b *balancer) colLines(i int, w float64) []int {
	if b.lines == nil {
		b.lines = make([]map[float64][]int, len(b.cols))
	}
	if ls, ok := b.lines[i][w]; ok {
		return ls
	}
	c := b.cols[i]
	ls := make([]int, len(c.Cells))
	for r, cell := range c.Cells {
		ls[r] = cell.lines(w - c.Pad)
	}
	if b.lines[i] == nil {
		b.lines[i] = map[float64][]int{}
	}
	b.lines[i][w] = ls
	return ls
}

// steps finds the widths at which each growing column's cells change
// their line counts, between its longest word and its longest line.
func (b *balancer) steps() {
	b.breaks = make([][]float64, len(b.cols))
	for i, c := range b.cols {
		if !c.Grow {
			continue
		}
		var bs []float64
		for _, cell := range c.Cells {
			bs = cell.breaks(bs)
		}
		for k := range bs {
			bs[k] += c.Pad
		}
		bs = append(bs, b.nat[i])
		slices.Sort(bs)
		for _, w := range slices.Compact(bs) {
			if w > b.least[i]+1e-9 && w <= b.nat[i]+1e-9 {
				b.breaks[i] = append(b.breaks[i], w)
			}
		}
	}
}

// within is the narrowest width at which column i sets every cell in at
// most k lines; its longest line when none.
func (b *balancer) within(i, k int) float64 {
	ok := func(w float64) bool {
		for _, n := range b.colLines(i, w) {
			if n > k {
				return false
			}
		}
		return true
	}
	if ok(b.least[i]) {
		return b.least[i]
	}
	// A cell wrapped wider never takes more lines: the first break that
	// is ok is found by halving, as a scan from the narrowest finds it.
	bs := b.breaks[i]
	if at := sort.Search(len(bs), func(j int) bool { return ok(bs[j]) }); at < len(bs) {
		return bs[at]
	}
	return b.nat[i]
}

// height is the table's height in lines at widths w, and all its lines.
func (b *balancer) height(w []float64) (height, all int) {
	if b.scratch == nil {
		b.scratch = make([][]int, len(b.cols))
	}
	cols := b.scratch
	for i := range b.cols {
		cols[i] = b.colLines(i, w[i])
	}
	for r := range b.rows {
		top := 0
		for i := range cols {
			n := cols[i][r]
			top = max(top, n)
			all += n
		}
		height += top
	}
	return height, all
}

// fill gives the width left in room to the growing columns of w, step
// by step where a step saves rows' height (else lines) best per
// millimetre, then what no step can use by what each column lacks of
// its longest line. It returns a new slice.
func (b *balancer) fill(start []float64, room float64) []float64 {
	w := slices.Clone(start)
	slack := room - sumGrow(b.cols, w)
	for slack > 1e-9 {
		h0, a0 := b.height(w)
		best, bestW, bestRate, bestRows := -1, 0.0, 0.0, false
		for i := range b.cols {
			keep := w[i]
			for _, to := range b.breaks[i] {
				cost := to - keep
				if cost <= 1e-9 {
					continue
				}
				if cost > slack+1e-9 {
					break
				}
				w[i] = to
				h, a := b.height(w)
				w[i] = keep
				if h >= h0 && a >= a0 {
					continue // no saving yet: try a wider step
				}
				saves := h < h0
				rate := float64(h0-h) / cost
				if !saves {
					rate = float64(a0-a) / cost
				}
				if (saves && !bestRows) || (saves == bestRows && rate > bestRate+1e-12) {
					best, bestW, bestRate, bestRows = i, to, rate, saves
				}
				break // the cheapest saving step of this column
			}
		}
		if best < 0 {
			break
		}
		slack -= bestW - w[best]
		w[best] = bestW
	}
	lack := 0.0
	for i, c := range b.cols {
		if c.Grow {
			lack += b.nat[i] - w[i]
		}
	}
	if lack > 1e-9 && slack > 1e-9 {
		k := min(1, slack/lack)
		for i, c := range b.cols {
			if c.Grow {
				w[i] += (b.nat[i] - w[i]) * k
			}
		}
	}
	return w
}

// sumGrow is the sum of the growing columns' widths.
func sumGrow(cols []Column, ws []float64) float64 {
	t := 0.0
	for i, c := range cols {
		if c.Grow {
			t += ws[i]
		}
	}
	return t
}

// total is the sum of widths.
func total(ws []float64) float64 {
	t := 0.0
	for _, w := range ws {
		t += w
	}
	return t
}
