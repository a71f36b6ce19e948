package memo

import "testing"

type cell struct {
	text string
	w    float64
}

type grid struct {
	cols  []cell
	rows  [][]string
	noHed bool
	part  *grid
}

func TestKeyTellsEveryField(t *testing.T) {
	base := grid{cols: []cell{{"Roll", 10}, {"Result", 20.5}}, rows: [][]string{{"1", "Clear"}, {"2", "Woods"}}}
	same := grid{cols: []cell{{"Roll", 10}, {"Result", 20.5}}, rows: [][]string{{"1", "Clear"}, {"2", "Woods"}}}
	if Key(base) != Key(same) {
		t.Fatal("equal values, different keys")
	}
	others := []grid{
		{cols: []cell{{"Roll", 10}, {"Result", 20.25}}, rows: base.rows},
		{cols: []cell{{"Roll", 10}, {"Resul", 20.5}}, rows: base.rows},
		{cols: base.cols, rows: [][]string{{"1", "Clear"}, {"2", "Wood"}}},
		{cols: base.cols, rows: [][]string{{"1", "Clear", "2", "Woods"}}},
		{cols: base.cols, rows: [][]string{{"1", "Clear"}, {"2Woods"}}},
		{cols: base.cols, rows: base.rows, noHed: true},
		{cols: base.cols, rows: base.rows, part: &grid{}},
	}
	for i, o := range others {
		if Key(o) == Key(base) {
			t.Errorf("value %d: a different value with the same key", i)
		}
	}
}

func TestKeyRefusesFuncs(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("a func was keyed")
		}
	}()
	Key(struct{ f func() }{func() {}})
}

func TestKeyTakesNilFuncs(t *testing.T) {
	type in struct {
		text string
		draw func()
	}
	if Key(in{text: "a"}) == Key(in{text: "b"}) {
		t.Error("a value with a nil func keyed without its other fields")
	}
}

func TestTable(t *testing.T) {
	var tab Table[int]
	calls := 0
	f := func() int { calls++; return calls }
	if tab.Get(grid{rows: [][]string{{"a"}}}, f) != 1 || tab.Get(grid{rows: [][]string{{"a"}}}, f) != 1 || tab.Get(grid{rows: [][]string{{"b"}}}, f) != 2 {
		t.Error("kept results are not returned by their inputs")
	}
	if tab.Hits != 1 || tab.Misses != 2 {
		t.Errorf("hits %d, misses %d; want 1, 2", tab.Hits, tab.Misses)
	}
}
