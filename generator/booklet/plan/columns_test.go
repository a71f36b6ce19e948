package plan

import (
	"math"
	"testing"
)

func TestWidths(t *testing.T) {
	for _, c := range []struct {
		name string
		cols []Column
		w    float64
		fill bool
		want []float64
		grow []bool // Grow after, when it changes
	}{
		{
			name: "natural widths when they fit",
			cols: []Column{{Natural: 20, Least: 10}, {Natural: 30, Least: 12}},
			w:    100,
			want: []float64{20, 30},
		},
		{
			name: "a growing column takes the rest",
			cols: []Column{{Natural: 20, Least: 10}, {Natural: 30, Least: 12, Grow: true}},
			w:    100,
			want: []float64{20, 80},
		},
		{
			name: "a filling table shares the rest by width",
			cols: []Column{{Natural: 20, Least: 10}, {Natural: 30, Least: 12}},
			w:    100,
			fill: true,
			want: []float64{40, 60},
			grow: []bool{true, true},
		},
		{
			// 20 + 60 + 40 = 120 > 100: the key keeps 20, the others
			// are capped at one width (the widest gives way first), 40 each.
			name: "too wide: the widest gives way, the key keeps its width",
			cols: []Column{{Natural: 20, Least: 10}, {Natural: 60, Least: 15}, {Natural: 40, Least: 15}},
			w:    100,
			want: []float64{20, 40, 40},
			grow: []bool{false, true, true},
		},
		{
			name: "never below the longest word",
			cols: []Column{{Natural: 50, Least: 10, Grow: true}, {Natural: 60, Least: 55, Grow: true}},
			w:    80,
			want: []float64{25, 55},
		},
		{
			name: "a capped column takes back what the others leave",
			cols: []Column{{Natural: 30, Least: 10, Full: 70, Capped: true}, {Natural: 20, Least: 10}},
			w:    80,
			want: []float64{60, 20},
		},
		{
			// A blank name column's longest word is its header's (10);
			// its room to write (24) comes before the printed column
			// gets more than its longest word.
			name: "a column to write in keeps its room",
			cols: []Column{{Natural: 24, Least: 10, Write: 24, Grow: true}, {Natural: 90, Least: 20}},
			w:    80,
			want: []float64{24, 56},
		},
		{
			// Words 10 + 10 + 60 = 80 leave 20 of the 14 + 20 asked:
			// each write-in column gets 20/34 of what it asks past its
			// word.
			name: "the room to write gives way evenly when words need it",
			cols: []Column{{Natural: 24, Least: 10, Write: 24}, {Natural: 30, Least: 10, Write: 30}, {Natural: 90, Least: 60}},
			w:    100,
			want: []float64{10 + 14*20.0/34, 10 + 20*20.0/34, 60},
		},
		{
			// Longest words 60 + 60 > 100: scaled, and words break.
			name: "too wide word by word: scaled",
			cols: []Column{{Natural: 80, Least: 60}, {Natural: 80, Least: 60}},
			w:    100,
			want: []float64{50, 50},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := Widths(c.cols, c.w, c.fill)
			if len(got) != len(c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
			for i := range got {
				if math.Abs(got[i]-c.want[i]) > 0.01 {
					t.Fatalf("got %v, want %v", got, c.want)
				}
			}
			for i, g := range c.grow {
				if c.cols[i].Grow != g {
					t.Errorf("column %d: Grow %v, want %v", i, c.cols[i].Grow, g)
				}
			}
		})
	}
}

func TestSaddleOrder(t *testing.T) {
	// Eight pages on two sheets: 8|1 and 2|7 on the first, 6|3 and 4|5
	// on the second; every page once.
	got := SaddleOrder(8)
	want := [][2]int{{8, 1}, {2, 7}, {6, 3}, {4, 5}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}

// TestKeyGivesWay checks that a capped key column of short entries beside
// a text column wrapping several lines deep gives way with it: the key
// held its capped 36 mm and left the text 64 mm, three lines a row; at
// its words' width the text takes two lines a row, and the table is
// shorter. A key that would save less than a line, or beside text that
// does not wrap, keeps its width.
func TestKeyGivesWay(t *testing.T) {
	words := func(n int, w float64) Cell {
		c := Cell{Space: 1, Line: 4}
		for range n {
			c.Words = append(c.Words, w)
		}
		return c
	}
	key := func(rows int) Column {
		c := Column{Natural: 36, Least: 16, Full: 60, Capped: true, Cells: []Cell{words(1, 8)}}
		for range rows {
			c.Cells = append(c.Cells, Cell{Words: []float64{15, 10}, Space: 1, Line: 4.5})
		}
		return c
	}
	text := func(rows, n int) Column {
		c := Column{Natural: float64(n*8 + n - 1), Least: 8, Grow: true, Cells: []Cell{words(1, 10)}}
		for range rows {
			c.Cells = append(c.Cells, words(n, 8))
		}
		return c
	}
	cols := []Column{key(4), text(4, 16)}
	ws := Widths(cols, 100, true)
	if ws[0] >= 36-0.01 || ws[0] < 16-0.01 || ws[1] < 71-0.01 || math.Abs(ws[0]+ws[1]-100) > 0.01 {
		t.Errorf("key %.1f mm, text %.1f mm: want the key below its capped 36 mm and the text 71 mm or more (two lines a row)", ws[0], ws[1])
	}
	h, _ := heightAt(cols, ws)
	if want := 4*2*4.0 + 4; h > want+0.01 {
		t.Errorf("table %.1f mm of lines, want %.1f (two lines a row)", h, want)
	}

	// One such row: giving way saves 12 - 8 = 4 mm, less than a line of
	// the key's 4.5 mm: the key keeps its width.
	cols = []Column{key(1), text(1, 16)}
	if ws := Widths(cols, 100, true); ws[0] < 36-0.01 {
		t.Errorf("key saving less than a line %.1f mm, want its 36 mm", ws[0])
	}

	// A filling table with no growing column: every column gives way,
	// the key too, but its four-word cell keeps to three lines (21 mm),
	// not one word a line (10 mm), though the text beside it, six lines
	// deep, would take two lines fewer.
	four := Column{Natural: 36, Least: 10, Full: 43, Capped: true, Cells: []Cell{words(1, 8), {Words: []float64{10, 10, 10, 10}, Space: 1, Line: 4.5}}}
	long := Column{Natural: 269, Least: 8, Cells: []Cell{words(1, 10), words(30, 8)}}
	cols = []Column{four, long}
	if ws := Widths(cols, 60, true); ws[0] < 21-0.01 {
		t.Errorf("filling table: key %.1f mm, want 21 mm or more (three lines at most)", ws[0])
	}

	// Short text: nothing wraps, the key keeps its own width.
	cols = []Column{key(4), text(4, 4)}
	if ws := Widths(cols, 100, false); ws[0] < 36-0.01 {
		t.Errorf("key beside unwrapped text %.1f mm, want its 36 mm", ws[0])
	}
}
