package board_test

import (
	"math"
	"reflect"
	"testing"

	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/board/boardtest"
	"github.com/sortie-wargames/sortie/engine/dice"
)

func TestSectionGeometry(t *testing.T) {
	m := board.Sectioned(36, 36, 3, 3)
	secs := m.Sections()
	if len(secs) != 9 {
		t.Fatalf("%d sections, want 9", len(secs))
	}
	for i, s := range secs {
		col, row := i%3, i/3
		want := board.Section{Number: i + 1, X: float64(col) * 12, Y: float64(row) * 12, W: 12, H: 12,
			Centre: board.Point{X: float64(col)*12 + 6, Y: float64(row)*12 + 6}}
		if s != want {
			t.Errorf("section %d = %+v, want %+v", i+1, s, want)
		}
	}
	if len(m.Zones) != 0 {
		t.Errorf("a sectioned board came with zones: %+v", m.Zones)
	}
	if m.Section(5).Centre != (board.Point{X: 18, Y: 18}) {
		t.Errorf("section 5's centre is %+v", m.Section(5).Centre)
	}
	if n := len(board.New("B", 12, 12, "", false, "").Sections()); n != 0 {
		t.Errorf("a board without sections has %d", n)
	}
}

// TestEntry checks the player's edge: 7-9 along the bottom by default,
// arrows into the board at the middle of each; 1-3 along the top when the
// encounter says so; no arrows where the force sets up.
func TestEntry(t *testing.T) {
	m := board.Sectioned(36, 36, 3, 3)
	if e := m.Entry; e.Edge != board.Bottom || !reflect.DeepEqual(e.Sections, []int{7, 8, 9}) || !e.Enters {
		t.Errorf("entry %+v, want sections 7-9 on the bottom edge, entering", e)
	}
	want := []board.Arrow{{At: board.Point{X: 6, Y: 36}, DY: -1}, {At: board.Point{X: 18, Y: 36}, DY: -1}, {At: board.Point{X: 30, Y: 36}, DY: -1}}
	if got := m.Arrows(); !reflect.DeepEqual(got, want) {
		t.Errorf("arrows %+v, want %+v", got, want)
	}
	m.SetEntry(board.Top, true)
	if e := m.Entry; e.Edge != board.Top || !reflect.DeepEqual(e.Sections, []int{1, 2, 3}) {
		t.Errorf("entry %+v, want sections 1-3 on the top edge", e)
	}
	for _, a := range m.Arrows() {
		if a.At.Y != 0 || a.DY != 1 {
			t.Errorf("arrow %+v does not point down into the board from the top", a)
		}
	}
	if m.PlayerEdge() != board.Top {
		t.Errorf("player's edge %s", m.PlayerEdge())
	}
	m.SetEntry(board.Top, false)
	if n := len(m.Arrows()); n != 0 {
		t.Errorf("%d arrows for a force that sets up", n)
	}
	// 2d6 Sword & Sorcery: two arrows along the band's zone.
	old := board.New("B", 12, 12, "in", true, "out")
	if a := old.Arrows(); len(a) != 2 || a[0].At != (board.Point{X: 3, Y: 12}) || a[1].At != (board.Point{X: 9, Y: 12}) {
		t.Errorf("arrows %+v, want two on the bottom edge at 3\" and 9\"", a)
	}
}

// TestMarkersBySection puts up to eight markers in one section: all stand
// inside it and no two closer than a fifth of its width.
func TestMarkersBySection(t *testing.T) {
	for n := 1; n <= 8; n++ {
		m := board.Sectioned(36, 36, 3, 3)
		m.PlaceInSection(2, "x")
		for i := range n {
			m.PlaceInSection(5, string(rune('1'+i)))
		}
		s := m.Section(5)
		var in5 []board.Marker
		for _, mk := range m.Markers {
			if mk.Section == 5 {
				in5 = append(in5, mk)
			}
			if !m.Section(mk.Section).Contains(board.Point{X: mk.X, Y: mk.Y}) {
				t.Errorf("%d markers: marker %s at (%v, %v) is outside section %d", n, mk.Label, mk.X, mk.Y, mk.Section)
			}
		}
		if len(in5) != n {
			t.Fatalf("%d markers in section 5, want %d", len(in5), n)
		}
		for i := range in5 {
			for k := range i {
				if d := math.Hypot(in5[i].X-in5[k].X, in5[i].Y-in5[k].Y); d < s.W/5-0.01 {
					t.Errorf("%d markers: %s and %s are %.2f\" apart", n, in5[i].Label, in5[k].Label, d)
				}
			}
		}
	}
}

// TestFeaturesInSections checks every filled piece lies in its section and
// every line within the board.
func TestFeaturesInSections(t *testing.T) {
	m := boardtest.Full()
	for _, p := range m.Pieces {
		s := m.Section(p.Section)
		for _, pt := range p.Outline {
			if !s.Contains(pt) {
				t.Errorf("%s in section %d reaches (%v, %v)", p.Kind, p.Section, pt.X, pt.Y)
			}
		}
	}
	kinds := map[string]int{}
	for _, l := range m.Lines {
		kinds[l.Kind]++
		for _, pt := range l.Path {
			if pt.X < 0 || pt.X > m.WidthIn || pt.Y < 0 || pt.Y > m.HeightIn {
				t.Errorf("%s reaches (%v, %v), off the board", l.Kind, pt.X, pt.Y)
			}
		}
	}
	if kinds[board.Road] != 1 || kinds[board.River] != 1 || kinds[board.Bridge] != 1 || kinds[board.Ford] != 1 {
		t.Errorf("lines %v", kinds)
	}
	// The road through 1, 2, 3 runs edge to edge through their centres.
	road := m.Through(1, 2, 3)
	if want := []board.Point{{X: 0, Y: 6}, {X: 6, Y: 6}, {X: 18, Y: 6}, {X: 30, Y: 6}, {X: 36, Y: 6}}; !reflect.DeepEqual(road, want) {
		t.Errorf("road %v, want %v", road, want)
	}
	// The bridge in section 2 crosses the river (x 15 to 21) where the road does.
	for _, l := range m.Lines {
		if l.Kind == board.Bridge {
			a, b := l.Path[0], l.Path[1]
			if a.Y != 6 || b.Y != 6 || min(a.X, b.X) > 15 || max(a.X, b.X) < 21 {
				t.Errorf("bridge %v does not cross the river at the road", l.Path)
			}
		}
	}
}

// TestSectionedIsAFunctionOfItsInputs builds the same board twice, with
// a river as wide as one stream rolls, and gets the same map.
func TestSectionedIsAFunctionOfItsInputs(t *testing.T) {
	build := func() board.Map {
		r := dice.New("s").Stream("board")
		m := boardtest.Full()
		m.River(float64(r.Die(6)+3), m.Through(4, 5, 6)...)
		m.Ford(6)
		return m
	}
	if a, b := build(), build(); !reflect.DeepEqual(a, b) {
		t.Error("the same input built two different boards")
	}
}

// TestStyleTable checks that every kind the model defines has a style with
// a label and a legend entry, and that no two kinds look the same.
func TestStyleTable(t *testing.T) {
	type look struct {
		p, also board.Pattern
		fill    float64
		outline float64
		dashed  bool
		blocks  bool
	}
	seen := map[look]string{}
	for _, k := range append(board.Kinds, board.ZoneEnemy, board.ZoneBand) {
		s, ok := board.Styles[k]
		if !ok {
			t.Errorf("no style for %s", k)
			continue
		}
		if s.Label == "" || s.Legend == "" {
			t.Errorf("%s: label %q, legend %q", k, s.Label, s.Legend)
		}
		l := look{s.Pattern, s.Also, s.Fill, s.Outline, s.Dashed, s.Blocks}
		if o, dup := seen[l]; dup {
			t.Errorf("%s and %s look the same", k, o)
		}
		seen[l] = k
	}
}

// TestLegend lists only what the maps show.
func TestLegend(t *testing.T) {
	var got []string
	for _, e := range board.Legend(boardtest.Full()) {
		got = append(got, e.Kind)
	}
	want := []string{board.PEF, board.EntryArrow, board.Woods, board.Hills, board.Rough, board.Buildings, board.Lake, board.Road, board.River, board.Ford, board.Bridge, board.Wall, board.Squares}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("legend %v, want %v", got, want)
	}
	m := board.New("B", 12, 12, "in", true, "out")
	got = nil
	for _, e := range board.Legend(m) {
		got = append(got, e.Label)
	}
	if want := []string{"Enemy zone", "Your zone", "Your force enters here, across your edge", "1 square = 1 inch"}; !reflect.DeepEqual(got, want) {
		t.Errorf("legend %q, want %q", got, want)
	}
	m = board.New("B", 12, 12, "in", false, "out")
	got = nil
	for _, e := range board.Legend(m) {
		got = append(got, e.Label)
	}
	if want := []string{"Enemy zone", "Your zone", "1 square = 1 inch"}; !reflect.DeepEqual(got, want) {
		t.Errorf("a band that sets up: legend %q, want %q (no arrows)", got, want)
	}
}

// TestLegendMarkers checks that the legend names the markers as the map
// labels them, and shows the first on its swatch.
func TestLegendMarkers(t *testing.T) {
	for _, tc := range []struct {
		labels      []string
		sample, say string
	}{
		{[]string{"A", "B", "C"}, "A", "PEF markers A, B, C"},
		{[]string{"1", "2"}, "1", "PEF markers 1, 2"},
		{[]string{"B"}, "B", "PEF marker B"},
	} {
		m := board.Sectioned(24, 24, 3, 3)
		for i, l := range tc.labels {
			m.PlaceInSection(i+1, l)
		}
		var pef *board.LegendEntry
		for _, e := range board.Legend(m) {
			if e.Kind == board.PEF {
				pef = &e
			}
		}
		if pef == nil {
			t.Fatalf("%q: no PEF entry", tc.labels)
		}
		if pef.Sample != tc.sample || pef.Label != tc.say {
			t.Errorf("%q: swatch %q, label %q; want %q, %q", tc.labels, pef.Sample, pef.Label, tc.sample, tc.say)
		}
	}
}

// TestLegendBuildings checks that buildings without a count are not
// explained as one block each.
func TestLegendBuildings(t *testing.T) {
	for _, tc := range []struct {
		count int
		want  string
	}{{3, "Buildings (one block each)"}, {0, "Buildings (drawn as blocks)"}} {
		m := board.Sectioned(24, 24, 3, 3)
		m.Fill(5, board.Buildings, board.Count(tc.count))
		var got []string
		for _, e := range board.Legend(m) {
			if e.Kind == board.Buildings {
				got = append(got, e.Label)
			}
		}
		if len(got) != 1 || got[0] != tc.want {
			t.Errorf("count %d: %q, want %q", tc.count, got, tc.want)
		}
	}
}

// TestLegendSaysWhatMapSays: where every piece or line of a kind on the
// maps carries one label other than the kind's own name, the legend
// uses it (a Two-Page map's "Brush or broken ground" and "Stream", whose
// legend said "Rough ground" and "River"); two labels of one kind keep
// the kind's legend, and so does a label that counts ("Buildings: 1").
// A stream whose label gives no width has the width it is drawn in
// given by the legend (which promised one on its label, "Stream (width
// in inches)", that no label gave).
func TestLegendSaysWhatMapSays(t *testing.T) {
	m := board.Sectioned(36, 36, 3, 3)
	m.Pieces = []board.Piece{
		{Kind: board.Rough, Label: "Brush or broken ground"},
		{Kind: board.Rough, Label: "Brush or broken ground"},
		{Kind: board.Hills, Label: "Hill"},
		{Kind: board.Hills, Label: "Wooded hill"},
		{Kind: board.Buildings, Label: "Buildings: 1", Count: 1},
	}
	m.Lines = []board.Line{{Kind: board.River, Label: "Stream", WidthIn: 2}}
	got := map[string]string{}
	for _, e := range board.Legend(m) {
		got[e.Kind] = e.Label
	}
	for kind, want := range map[string]string{
		board.Rough:     "Brush or broken ground",
		board.River:     `Stream, 2" wide`,
		board.Hills:     board.StyleOf(board.Hills).Legend,
		board.Buildings: board.StyleOf(board.Buildings).Legend,
	} {
		if got[kind] != want {
			t.Errorf("%s: legend %q, want %q", kind, got[kind], want)
		}
	}
}

// TestLegendRiverWidths: a river whose label gives its width has the
// legend say so in the map's unit; one whose label does not has the
// legend give the width it is drawn, and carry it (Width) for the
// drawing to be checked against.
func TestLegendRiverWidths(t *testing.T) {
	inches := board.Sectioned(36, 36, 3, 3)
	inches.River(6, inches.Through(2, 5, 8)...)
	du := board.Sectioned(24, 18, 4, 3)
	du.Unit = "DU"
	du.River(1, du.Through(5, 6, 7, 8)...)
	du.Lines[0].Label = "River 1 DU"
	stream := board.Sectioned(36, 36, 3, 3)
	stream.River(2, stream.Through(4, 5, 6)...)
	stream.Lines[0].Label = "Stream"
	for _, tc := range []struct {
		m     board.Map
		want  string
		width float64
	}{
		{inches, "River (width in inches)", 0},
		{du, "River (width in DU)", 0},
		{stream, `Stream, 2" wide`, 2},
	} {
		for _, e := range board.Legend(tc.m) {
			if e.Kind == board.River && (e.Label != tc.want || e.Width != tc.width) {
				t.Errorf("legend %q (width %v), want %q (width %v)", e.Label, e.Width, tc.want, tc.width)
			}
		}
	}
}
