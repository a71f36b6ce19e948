package draw_test

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/board/boardtest"
	"github.com/sortie-wargames/sortie/engine/board/draw"
)

// count counts the marks of a class and shape.
func count(ops []draw.Op, class, shape string) int {
	n := 0
	for _, o := range ops {
		if o.Class == class && o.Shape == shape {
			n++
		}
	}
	return n
}

// TestLegendMarkersMatchMap checks, on the maps of 10 seeds of every
// system, that the legend's PEF swatch shows the label the map's first
// marker shows, and that it names every marker on the map.
func TestLegendMarkersMatchMap(t *testing.T) {
	names, maps := seedMaps(t, 10)
	checked := 0
	for i, m := range maps {
		if len(m.Markers) == 0 {
			continue
		}
		var onMap string
		if m.Track {
			onMap = m.Markers[0].Label // the track is the renderers': its first marker
		} else {
			d := draw.Board(m, 5, boardtest.Measure)
			for _, o := range d.Ops {
				if o.Shape == draw.Text && o.Class == "marker" {
					onMap = o.Text
					break
				}
			}
		}
		for _, e := range board.Legend(m) {
			if e.Kind != board.PEF {
				continue
			}
			checked++
			var onSwatch []string
			for _, o := range draw.Swatch(e, 0, 0, 9, 5) {
				if o.Shape == draw.Text {
					onSwatch = append(onSwatch, o.Text)
				}
			}
			if !slices.Equal(onSwatch, []string{onMap}) {
				t.Errorf("%s: the legend's marker shows %q, the map's first %q", names[i], onSwatch, onMap)
			}
			for _, mk := range m.Markers {
				if !slices.Contains(splitList(e.Label), mk.Label) {
					t.Errorf("%s: the legend %q does not name marker %q", names[i], e.Label, mk.Label)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no map with markers")
	}
}

// splitList returns the labels a legend entry lists: "PEF markers A, B, C"
// gives A, B and C.
func splitList(s string) []string {
	var out []string
	word := ""
	for _, r := range s + " " {
		if r == ' ' || r == ',' {
			if word != "" {
				out = append(out, word)
			}
			word = ""
			continue
		}
		word += string(r)
	}
	return out
}

// TestDrawnAsLegendShows checks that a piece is drawn with the marks its
// legend swatch shows: a wooded hill with contours and trees, buildings
// without a count with blocks, and the woods' swatch, even as small as a
// play sheet's, with trees.
func TestDrawnAsLegendShows(t *testing.T) {
	m := board.Sectioned(24, 24, 3, 3)
	m.Fill(1, board.WoodedHill)
	m.Fill(5, board.Buildings)
	m.Fill(9, board.Woods)
	d := draw.Board(m, 6, boardtest.Measure)
	if n := count(d.Ops, board.WoodedHill, draw.Circle); n < 5 {
		t.Errorf("a wooded hill with %d trees", n)
	}
	rings := 0
	for _, o := range d.Ops {
		if o.Class == board.WoodedHill && o.Shape == draw.Poly && o.Fill == draw.None && o.Width < 0.5 {
			rings++
		}
	}
	if rings < 2 {
		t.Errorf("a wooded hill with %d contours", rings)
	}
	blocks := 0
	for _, o := range d.Ops {
		if o.Class == board.Buildings && o.Shape == draw.Poly && o.Fill == 0 {
			blocks++
		}
	}
	if blocks != draw.UncountedBlocks {
		t.Errorf("buildings without a count drawn with %d blocks, want %d", blocks, draw.UncountedBlocks)
	}
	for _, size := range [][2]float64{{9, 5}, {6.5, 3.8}} {
		for _, k := range []string{board.Woods, board.WoodedHill} {
			ops := draw.Swatch(board.LegendEntry{Kind: k}, 10, 20, size[0], size[1])
			if count(ops, k, draw.Circle) == 0 {
				t.Errorf("a %v mm swatch of %s shows no trees", size, k)
			}
		}
	}
}

// TestBuildingsOnTerrain checks that buildings standing in woods are
// drawn as both: the woods' trees and a block for each building, labelled
// with both, and that the legend then explains the blocks.
func TestBuildingsOnTerrain(t *testing.T) {
	m := board.Sectioned(24, 24, 3, 3)
	m.Fill(2, board.Woods, board.Count(2))
	d := draw.Board(m, 6, boardtest.Measure)
	if n := count(d.Ops, board.Woods, draw.Circle); n < 5 {
		t.Errorf("woods with buildings drawn with %d trees", n)
	}
	blocks := 0
	for _, o := range d.Ops {
		if o.Class == board.Buildings && o.Shape == draw.Poly && o.Fill == 0 {
			blocks++
		}
	}
	if blocks != 2 {
		t.Errorf("woods with 2 buildings drawn with %d blocks", blocks)
	}
	var labels []string
	for _, o := range d.Ops {
		if o.Shape == draw.Text && o.Class == "label" {
			labels = append(labels, o.Text)
		}
	}
	if !slices.Contains(labels, "Woods, buildings: 2") {
		t.Errorf("labels %q, want \"Woods, buildings: 2\"", labels)
	}
	var legend []string
	for _, e := range board.Legend(m) {
		legend = append(legend, e.Kind)
	}
	if !slices.Contains(legend, board.Woods) || !slices.Contains(legend, board.Buildings) {
		t.Errorf("legend %q, want woods and buildings", legend)
	}
}

// TestZonesOverTerrain checks that a deployment zone is drawn after the
// terrain under it, and has no ground of its own to hide it.
func TestZonesOverTerrain(t *testing.T) {
	m := boardtest.Full()
	m.Zones = []board.Zone{{Side: board.Enemy, Label: "The enemy sets up here", X: 0, Y: 0, W: 36, H: 6}}
	d := draw.Board(m, 4, boardtest.Measure)
	lastTerrain, firstZone := -1, -1
	for i, o := range d.Ops {
		switch o.Class {
		case board.Woods, board.Hills, board.Lake, board.Rough, board.Buildings, board.River, board.Road, board.Ford, board.Bridge:
			lastTerrain = i
		case board.ZoneEnemy:
			if firstZone < 0 {
				firstZone = i
			}
			if o.Fill != draw.None {
				t.Errorf("the zone has a ground: %v", o)
			}
		}
	}
	if firstZone < 0 || firstZone < lastTerrain {
		t.Errorf("the zone's first mark is %d, the terrain's last %d: the terrain hides it", firstZone, lastTerrain)
	}
}

// TestArrowSwatch checks that the legend shows an entry arrow as the map
// draws one: a shaft and a head.
func TestArrowSwatch(t *testing.T) {
	ops := draw.Swatch(board.LegendEntry{Kind: board.EntryArrow}, 0, 0, 9, 5)
	if count(ops, "arrow", draw.Path) != 1 || count(ops, "arrow", draw.Poly) != 1 {
		t.Errorf("arrow swatch %v", ops)
	}
	d := draw.Board(boardtest.Full(), 4, boardtest.Measure)
	if count(d.Ops, "arrow", draw.Path) == 0 {
		t.Error("the full board has no entry arrows")
	}
}

// TestLabelWrap checks that an area's label too wide for its section is
// wrapped to the section's width into even lines, none left with a lone
// "+1", and is kept in the section.
func TestLabelWrap(t *testing.T) {
	m := board.Sectioned(36, 36, 3, 3)
	m.Fill(5, board.Hills, board.Note("height advantage +1"))
	const s = 1.9
	d := draw.Board(m, s, boardtest.Measure)
	sec := m.Section(5)
	var texts []string
	for _, o := range d.Ops {
		if o.Shape != draw.Text || o.Class != "label" {
			continue
		}
		texts = append(texts, o.Text)
		w, _ := draw.TextBox(boardtest.Measure, o.Text, o.Size, o.Bold)
		c := o.Pts[0]
		if c.X-w/2 < sec.X*s || c.X+w/2 > (sec.X+sec.W)*s || c.Y < sec.Y*s || c.Y > (sec.Y+sec.H)*s {
			t.Errorf("%q (%.1f mm wide at %.1f,%.1f) leaves section 5", o.Text, w, c.X, c.Y)
		}
	}
	t.Logf("labels %q", texts)
	if len(texts) < 3 || slices.Contains(texts, "+1") {
		t.Errorf("labels %q: want the note wrapped into even lines", texts)
	}
}

// TestSizeIsBoardsSize checks, on the maps of 5 seeds of every system at
// the scales a booklet tries, that Size gives the sizes, keys and
// crowding Board gives, and that its last measure is Board's last.
func TestSizeIsBoardsSize(t *testing.T) {
	names, maps := seedMaps(t, 5)
	for i, m := range maps {
		for _, s := range []float64{1.5, 3, 4.4, 6.25, 9} {
			var lastB, lastS string
			d := draw.Board(m, s, func(text string, size float64, bold bool) float64 {
				lastB = fmt.Sprint(text, size, bold)
				return boardtest.Measure(text, size, bold)
			})
			z := draw.Size(m, s, func(text string, size float64, bold bool) float64 {
				lastS = fmt.Sprint(text, size, bold)
				return boardtest.Measure(text, size, bold)
			})
			if z.Ops != nil {
				t.Errorf("%s at %v: Size drew %d ops", names[i], s, len(z.Ops))
			}
			d.Ops = nil
			if !reflect.DeepEqual(d, z) {
				t.Errorf("%s at %v: Size gives %+v, Board %+v", names[i], s, z, d)
			}
			if lastB != lastS {
				t.Errorf("%s at %v: Size measured %q last, Board %q", names[i], s, lastS, lastB)
			}
		}
	}
}

// TestLegendDrawn draws the maps of 30 seeds of every encounter type of
// every system, and the full test board, as a booklet's A4 page and the
// site draw them, and checks that every entry of each map's legend is
// drawn on it: its terrain, zones, markers (but on a track, which the
// renderers draw), entry arrows, building blocks and scale bar; and a
// line whose legend gives its width drawn that wide, or one whose legend
// says its label gives its width so labelled. A swatch shows only
// what its entry names: a wood's, no building blocks.
func TestLegendDrawn(t *testing.T) {
	names, maps := seedMaps(t, 30)
	names, maps = append(names, "full board"), append(maps, boardtest.Full())
	widths := 0
	for i, m := range maps {
		long := max(m.WidthIn, m.HeightIn, 1)
		for _, d := range []draw.Drawing{
			draw.Board(m, min(14, 180/m.WidthIn), boardtest.Measure),
			draw.BoardLeast(m, siteMM/long, boardtest.SiteMeasure, sitePt),
		} {
			for _, e := range board.Legend(m) {
				class := e.Kind
				switch e.Kind {
				case board.PEF:
					if m.Track {
						continue
					}
					class = "marker"
				case board.EntryArrow:
					class = "arrow"
				case board.Squares:
					class = "scale"
				}
				n := 0
				for _, o := range d.Ops {
					if o.Class == class && (e.Kind != board.Buildings || o.Shape == draw.Poly && o.Fill == 0) {
						n++
					}
				}
				if n == 0 {
					t.Errorf("%s at %.2f mm/in: the legend's %q is not drawn", names[i], d.Scale, e.Label)
				}
				if strings.Contains(e.Label, "(width in") {
					// The legend says each label gives its line's width.
					for _, l := range m.Lines {
						if l.Kind == e.Kind && !strings.Contains(l.Label, m.Length(l.WidthIn)) {
							t.Errorf("%s: the legend's %q, the line's label %q", names[i], e.Label, l.Label)
						}
					}
				}
				if e.Width > 0 {
					widths++
					if got := bandWidth(m, d, e.Kind); math.Abs(got-e.Width*d.Scale) > 0.01 {
						t.Errorf("%s at %.2f mm/in: the legend's %q drawn %.2f mm wide, want %.2f", names[i], d.Scale, e.Label, got, e.Width*d.Scale)
					}
				}
			}
		}
	}
	if widths == 0 {
		t.Error("no legend gave a line's width")
	}
	for _, k := range []string{board.Woods, board.Rocks, board.Hills, board.WoodedHill, board.Rough} {
		for _, o := range draw.Swatch(board.LegendEntry{Kind: k}, 0, 0, 9, 5) {
			if o.Class == board.Buildings {
				t.Errorf("the swatch of %s shows a building block", k)
				break
			}
		}
	}
}

// bandWidth is how wide the band of the first line of kind on m is drawn
// on d: twice the distance from the middle of its path's first stretch
// to the band's outline.
func bandWidth(m board.Map, d draw.Drawing, kind string) float64 {
	var poly []draw.P
	for _, o := range d.Ops {
		if o.Class == kind && o.Shape == draw.Poly && o.Fill != draw.None {
			poly = o.Pts
			break
		}
	}
	var path []board.Point
	for _, l := range m.Lines {
		if l.Kind == kind {
			path = l.Path
			break
		}
	}
	if poly == nil || len(path) < 2 {
		return 0
	}
	mid := draw.P{X: (path[0].X + path[1].X) / 2 * d.Scale, Y: (path[0].Y + path[1].Y) / 2 * d.Scale}
	best := math.Inf(1)
	for k := range poly {
		best = min(best, segDist(mid, poly[k], poly[(k+1)%len(poly)]))
	}
	return 2 * best
}

func segDist(p, a, b draw.P) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = max(0, min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l))
	}
	return math.Hypot(a.X+t*dx-p.X, a.Y+t*dy-p.Y)
}

// TestRoadSaysWhereItRuns: a road that stops inside the board (Chain
// Reaction's runs edge to edge of its own section alone) says on its
// label which section it crosses, so that the piece drawn does not read
// as the start of a road the table's length; its label is printed on the
// board. Checked on the maps of 60 seeds of every system.
func TestRoadSaysWhereItRuns(t *testing.T) {
	names, maps := seedMaps(t, 60)
	stubs := 0
	for i, m := range maps {
		for _, l := range m.Lines {
			if l.Kind != board.Road || len(l.Path) < 2 {
				continue
			}
			onEdge := func(p board.Point) bool {
				return p.X <= 0.01 || p.Y <= 0.01 || p.X >= m.WidthIn-0.01 || p.Y >= m.HeightIn-0.01
			}
			a, b := l.Path[0], l.Path[len(l.Path)-1]
			if onEdge(a) && onEdge(b) {
				continue
			}
			stubs++
			mid := board.Point{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}
			want := ""
			for _, s := range m.Sections() {
				if s.Contains(mid) {
					want = fmt.Sprintf("section %d", s.Number)
				}
			}
			if want == "" || !strings.Contains(l.Label, want) {
				t.Errorf("%s: a road from %v to %v labelled %q, not naming %q", names[i], a, b, l.Label, want)
			}
			d := draw.Board(m, min(14, 180/m.WidthIn), boardtest.Measure)
			var printed []string
			for _, o := range d.Ops {
				if o.Shape == draw.Text && o.Class == "label" {
					printed = append(printed, o.Text)
				}
			}
			if !strings.Contains(strings.Join(printed, " "), want) {
				t.Errorf("%s: %q is not printed on the board: %q", names[i], want, printed)
			}
		}
	}
	if stubs == 0 {
		t.Error("no road stops inside a board")
	}
	t.Logf("%d roads stop inside their boards", stubs)
}

// TestWallsDrawn draws the full test board, whose section 9 has walls,
// at an A4 page's scale, the site's and the least a folded booklet
// draws it: each run is a solid black line along its path with black
// blocks on it, none past its ends; the legend's swatch shows the same
// line and blocks.
func TestWallsDrawn(t *testing.T) {
	m := boardtest.Full()
	var runs []board.Line
	for _, l := range m.Lines {
		if l.Kind == board.Wall {
			runs = append(runs, l)
		}
	}
	if len(runs) == 0 {
		t.Fatal("no walls on the full board")
	}
	st := board.StyleOf(board.Wall)
	for _, s := range []float64{5, 2, 1.18} {
		d := draw.Board(m, s, boardtest.Measure)
		var lines []draw.Op
		blocks := 0
		for _, o := range d.Ops {
			switch {
			case o.Class == board.Wall && o.Shape == draw.Path:
				lines = append(lines, o)
			case o.Class == board.Wall && o.Shape == draw.Poly && o.Fill == 0:
				blocks++
				c := draw.P{}
				for _, p := range o.Pts {
					c.X, c.Y = c.X+p.X/4, c.Y+p.Y/4
				}
				on := false
				for _, r := range runs {
					var path []draw.P
					long := 0.0
					for i, q := range r.Path {
						path = append(path, draw.P{X: q.X * s, Y: q.Y * s})
						if i > 0 {
							long += math.Hypot(path[i].X-path[i-1].X, path[i].Y-path[i-1].Y)
						}
					}
					if at := along(c, path); at >= st.Pattern.Size/2-1e-6 && at <= long-st.Pattern.Size/2+1e-6 {
						on = true
					}
				}
				if !on {
					t.Errorf("at %v mm/in: a wall block at %v stands on no run, or past its end", s, c)
				}
			}
		}
		if len(lines) != len(runs) {
			t.Errorf("at %v mm/in: %d wall lines for %d runs", s, len(lines), len(runs))
		}
		for _, o := range lines {
			if o.Stroke != 0 || o.Width < 0.4 || o.Dash != 0 {
				t.Errorf("at %v mm/in: a wall's line %+v, want solid black", s, o)
			}
		}
		if blocks < 2*len(runs) {
			t.Errorf("at %v mm/in: %d blocks on %d runs", s, blocks, len(runs))
		}
	}
	sw := draw.Swatch(board.LegendEntry{Kind: board.Wall}, 0, 0, 9, 5)
	if count(sw, board.Wall, draw.Path) != 1 || count(sw, board.Wall, draw.Poly) < 3 {
		t.Errorf("the walls' swatch %v", sw)
	}
}

// along is how far along path c lies, in mm, if it lies on it (within
// 0.01 mm); -1 if it does not.
func along(c draw.P, path []draw.P) float64 {
	walked := 0.0
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		l := math.Hypot(b.X-a.X, b.Y-a.Y)
		t := max(0, min(1, ((c.X-a.X)*(b.X-a.X)+(c.Y-a.Y)*(b.Y-a.Y))/(l*l)))
		if math.Hypot(a.X+t*(b.X-a.X)-c.X, a.Y+t*(b.Y-a.Y)-c.Y) < 0.01 {
			return walked + t*l
		}
		walked += l
	}
	return -1
}
