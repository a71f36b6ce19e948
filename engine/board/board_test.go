package board_test

import (
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/dice"
)

func TestNewZones(t *testing.T) {
	m := board.New("Battle Board", 12, 12, "band", true, "enemy")
	if len(m.Zones) != 2 {
		t.Fatalf("%d zones", len(m.Zones))
	}
	enemy, band := m.Zones[0], m.Zones[1]
	if enemy.Side != board.Enemy || enemy.Y != 0 || enemy.H != board.ZoneDepth || enemy.W != 12 {
		t.Errorf("enemy zone %+v: want the top %d inches", enemy, board.ZoneDepth)
	}
	if band.Side != board.Band || band.Y != 12-board.ZoneDepth || band.H != board.ZoneDepth || !band.Enters {
		t.Errorf("band zone %+v: want the bottom %d inches, entering", band, board.ZoneDepth)
	}
}

func TestPlaceMarkers(t *testing.T) {
	m := board.New("B", 12, 12, "", false, "")
	m.PlaceMarkers("1", "2", "3")
	want := []float64{3, 6, 9}
	for i, mk := range m.Markers {
		if mk.X != want[i] || mk.Y != 1.5 || mk.Title != "PEF "+mk.Label {
			t.Errorf("marker %d = %+v, want x %v in the middle of the enemy zone", i, mk, want[i])
		}
	}
}

// TestScatter rolls many boards and checks every piece lies between the
// zones, inside the board, and clear of every other piece.
func TestScatter(t *testing.T) {
	counts := map[int]int{}
	for seed := range 500 {
		m := board.New("B", 12, 12, "", false, "")
		m.Scatter(dice.New(fmt.Sprint(seed)), 4)
		counts[len(m.Pieces)]++
		type box struct{ x0, y0, x1, y1 float64 }
		var boxes []box
		for _, p := range m.Pieces {
			if len(p.Outline) < 3 || p.Label == "" {
				t.Fatalf("seed %d: piece %+v", seed, p)
			}
			b := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
			for _, pt := range p.Outline {
				b.x0, b.y0 = min(b.x0, pt.X), min(b.y0, pt.Y)
				b.x1, b.y1 = max(b.x1, pt.X), max(b.y1, pt.Y)
			}
			if b.x0 < 0 || b.x1 > 12 || b.y0 < board.ZoneDepth || b.y1 > 12-board.ZoneDepth {
				t.Errorf("seed %d: %s at %+v is outside the space between the zones", seed, p.Kind, b)
			}
			for _, o := range boxes {
				if b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1 {
					t.Errorf("seed %d: pieces overlap: %+v and %+v", seed, b, o)
				}
			}
			boxes = append(boxes, b)
		}
	}
	if counts[0] > 0 {
		t.Errorf("a Cover board came out bare: %v", counts)
	}
}

func TestScatterIsAFunctionOfTheStream(t *testing.T) {
	a := board.New("B", 12, 12, "", false, "")
	b := a
	a.Scatter(dice.New("s").Stream("board"), 4)
	b.Scatter(dice.New("s").Stream("board"), 4)
	if !reflect.DeepEqual(a, b) {
		t.Error("the same stream laid out two different boards")
	}
}

func TestPlaceTrack(t *testing.T) {
	m := board.New("B", 12, 12, "", false, "")
	m.PlaceTrack("1", "2", "3")
	if !m.Track || len(m.Markers) != 3 {
		t.Fatalf("track %v, %d markers", m.Track, len(m.Markers))
	}
	for i, mk := range m.Markers {
		if mk.Y >= 0 {
			t.Errorf("marker %s at y %v: want it above the board", mk.Label, mk.Y)
		}
		if i > 0 && mk.X <= m.Markers[i-1].X {
			t.Errorf("marker %s is not right of marker %s", mk.Label, m.Markers[i-1].Label)
		}
	}
	if mid := (m.Markers[0].X + m.Markers[2].X) / 2; mid != 6 {
		t.Errorf("track centred on %v, want 6", mid)
	}
}
