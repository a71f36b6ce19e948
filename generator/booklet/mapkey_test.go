package booklet

import (
	"reflect"
	"testing"

	"github.com/sortie-wargames/sortie/engine/board"
)

// TestMapKeyEveryField changes each field of a map, however deep, in
// turn and checks that the map's key changes with it: the measures kept
// by the key would otherwise serve a map they were not measured for (a
// field added to board.Map and not to mapKey fails here).
func TestMapKeyEveryField(t *testing.T) {
	r := &renderer{book: &book{}}
	base := func() board.Map {
		return board.Map{Title: "B", WidthIn: 24, HeightIn: 24, Terrain: "Clear", Caption: "c", Cols: 3, Rows: 2,
			Entry:      &board.Entry{Edge: board.Bottom, Sections: []int{1, 2}},
			Zones:      []board.Zone{{Side: board.Band, Label: "z", X: 1, Y: 2, W: 3, H: 4}},
			Pieces:     []board.Piece{{Kind: board.Woods, Label: "w", Outline: []board.Point{{X: 1, Y: 1}, {X: 2, Y: 3}}, Section: 1, Count: 2, Note: "n"}},
			Lines:      []board.Line{{Kind: board.Road, Label: "r", Path: []board.Point{{X: 0, Y: 1}, {X: 5, Y: 1}}, WidthIn: 1}},
			Markers:    []board.Marker{{Label: "1", Title: "PEF 1", X: 3, Y: 3, Section: 2}},
			TrackLabel: "t", Unit: "DU"}
	}
	key := r.mapKey(base())
	if again := r.mapKey(base()); again != key {
		t.Fatal("the same map gave two keys")
	}
	seen := map[string]string{}
	// at finds, in a map, the field the walk has reached.
	var walk func(path string, v reflect.Value, at func(reflect.Value) reflect.Value)
	walk = func(path string, v reflect.Value, at func(reflect.Value) reflect.Value) {
		switch v.Kind() {
		case reflect.Struct:
			for i := range v.NumField() {
				walk(path+"."+v.Type().Field(i).Name, v.Field(i), func(m reflect.Value) reflect.Value { return at(m).Field(i) })
			}
			return
		case reflect.Pointer:
			walk(path, v.Elem(), func(m reflect.Value) reflect.Value { return at(m).Elem() })
			return
		case reflect.Slice:
			for i := range v.Len() {
				walk(path+"[]", v.Index(i), func(m reflect.Value) reflect.Value { return at(m).Index(i) })
			}
			return
		}
		m := base()
		switch f := at(reflect.ValueOf(&m).Elem()); f.Kind() {
		case reflect.String:
			f.SetString(f.String() + "x")
		case reflect.Float64:
			f.SetFloat(f.Float() + 0.5)
		case reflect.Int:
			f.SetInt(f.Int() + 1)
		case reflect.Bool:
			f.SetBool(!f.Bool())
		default:
			t.Fatalf("%s: a %s, which the test cannot change", path, f.Kind())
		}
		k := r.mapKey(m)
		if k == key {
			t.Errorf("changing %s leaves the map's key the same", path)
		}
		if other, ok := seen[k]; ok {
			t.Errorf("changing %s gives the key changing %s gives", path, other)
		}
		seen[k] = path
	}
	walk("Map", reflect.ValueOf(base()), func(m reflect.Value) reflect.Value { return m })
}
