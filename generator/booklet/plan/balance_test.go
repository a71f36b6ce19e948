package plan

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// words is a cell of words, each one millimetre a letter, a space one
// millimetre.
func words(text string) Cell {
	c := Cell{Space: 1}
	for _, w := range strings.Fields(text) {
		c.Words = append(c.Words, float64(len(w)))
	}
	return c
}

// table makes columns from rows of cells (the head first), padding 2.
func table(rows [][]string, grow ...bool) []Column {
	cols := make([]Column, len(rows[0]))
	for i := range cols {
		for _, row := range rows {
			c := words(row[i])
			cols[i].Cells = append(cols[i].Cells, c)
			cols[i].Natural = max(cols[i].Natural, c.natural()+2)
			for _, w := range c.Words {
				cols[i].Least = max(cols[i].Least, w+2)
			}
		}
		cols[i].Pad = 2
		cols[i].Grow = i < len(grow) && grow[i]
	}
	return cols
}

// natural is the cell's width on one line.
func (c Cell) natural() float64 {
	w := 0.0
	for k, word := range c.Words {
		if k > 0 {
			w += c.Space
		}
		w += word
	}
	return w
}

// height is a table's height in lines at widths ws: each row as tall as
// its tallest cell.
func height(cols []Column, ws []float64) int {
	h := 0
	for r := range cols[0].Cells {
		top := 0
		for i, c := range cols {
			top = max(top, c.Cells[r].lines(ws[i]-c.Pad))
		}
		h += top
	}
	return h
}

// capped is Widths as it was before balance: the widest capped first.
func capped(cols []Column, w float64) []float64 {
	bare := make([]Column, len(cols))
	for i, c := range cols {
		bare[i] = c
		bare[i].Cells = nil
	}
	return Widths(bare, w, false)
}

// TestBalance: a column that must wrap gives its width where that saves
// the most lines. The roster that printed its "Reload" and "Rolled"
// columns four lines deep beside a roomy "Figure" column now sets them
// in two, and no random table comes out taller than capping the widest
// made it.
func TestBalance(t *testing.T) {
	roster := [][]string{
		{"#", "Weapon", "Reload", "Rolled"},
		{"1", "Flintlock musket", "empty after every shot", "1d6 = 3 (row 1-3)"},
		{"2", "Flintlock musket", "empty after every shot", "1d6 = 4 (row 4-5)"},
		{"3", "Crossbow", "empty after every shot", "1d6 = 4 (row 4-5)"},
	}
	cols := table(roster)
	// Capping the widest gives each column 12: "empty / after /
	// every shot" three lines deep. 13, 11 and 11 set every cell in two.
	const w = 39
	before, after := capped(table(roster), w), Widths(cols, w, false)
	hb, ha := height(cols, before), height(cols, after)
	t.Logf("capped %v: %d lines; balanced %v: %d lines", before, hb, after, ha)
	if hb != 1+3*3 || ha != 1+3*2 {
		t.Errorf("the roster: capped %d lines, balanced %d; want 10 and 7", hb, ha)
	}
	checkFit(t, cols, after, w)

	rng := rand.New(rand.NewPCG(7, 11))
	vocab := strings.Fields("a an to d6 2d6 hit run Rep open cover shot empty after every Veteran Recruit Crossbow musket flintlock civilian rolled armour")
	worse := 0
	for n := range 300 {
		ncol, nrow := 2+rng.IntN(4), 1+rng.IntN(6)
		rows := make([][]string, nrow+1)
		for r := range rows {
			rows[r] = make([]string, ncol)
			for i := range rows[r] {
				k := 1 + rng.IntN(5)
				var ws []string
				for range k {
					ws = append(ws, vocab[rng.IntN(len(vocab))])
				}
				rows[r][i] = strings.Join(ws, " ")
			}
		}
		cols := table(rows)
		least, nat := 0.0, 0.0
		for _, c := range cols {
			least += c.Least
			nat += c.Natural
		}
		if nat <= least+1 {
			continue
		}
		w := least + rng.Float64()*(nat-least)
		got := Widths(cols, w, false)
		checkFit(t, cols, got, w)
		if hb, ha := height(cols, capped(table(rows), w)), height(cols, got); ha > hb {
			worse++
			t.Logf("table %d: balanced %d lines, capped %d", n, ha, hb)
		}
	}
	if worse > 0 {
		t.Errorf("%d random tables came out taller balanced than capped", worse)
	}
}

// checkFit: the widths fill no more than w, none below its column's
// longest word or past its longest line.
func checkFit(t *testing.T, cols []Column, ws []float64, w float64) {
	t.Helper()
	sum := 0.0
	for i, c := range cols {
		sum += ws[i]
		if ws[i] < c.Least-1e-6 || ws[i] > c.Natural+1e-6 {
			t.Errorf("column %d: %.2f, outside its longest word %.2f and longest line %.2f", i, ws[i], c.Least, c.Natural)
		}
	}
	if sum > w+0.01 {
		t.Errorf("widths %v sum to %.2f, over %.2f", ws, sum, w)
	}
}

// TestWithinHalving checks balancer.within, which halves a column's
// breaks, against scanning them from the narrowest, on random columns:
// greedy wrapping never takes more lines at a greater width, so the two
// find the same width.
func TestWithinHalving(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 25))
	for range 300 {
		var cells []Cell
		for range 1 + rng.IntN(6) {
			c := Cell{Space: 1.1, Line: 4}
			for range 1 + rng.IntN(12) {
				c.Words = append(c.Words, 1+rng.Float64()*14)
			}
			cells = append(cells, c)
		}
		col := Column{Cells: cells, Pad: 2.2, Grow: true}
		for _, c := range cells {
			for _, w := range c.Words {
				col.Least = max(col.Least, w+col.Pad)
			}
			col.Natural = max(col.Natural, c.Within(1)+col.Pad)
		}
		b := balancer{cols: []Column{col}, nat: []float64{col.Natural}, least: []float64{col.Least}, rows: len(cells)}
		b.steps()
		for k := 1; k <= 12; k++ {
			want := col.Natural
			for _, w := range append([]float64{col.Least}, b.breaks[0]...) {
				fits := true
				for _, c := range cells {
					if c.lines(w-col.Pad) > k {
						fits = false
					}
				}
				if fits {
					want = w
					break
				}
			}
			if got := b.within(0, k); got != want {
				t.Fatalf("within(%d) = %g, a scan finds %g", k, got, want)
			}
		}
	}
}
