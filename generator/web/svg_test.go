package web

import (
	"fmt"
	"testing"

	"github.com/sortie-wargames/sortie/engine/board"
)

func TestNum(t *testing.T) {
	for f, want := range map[float64]string{0: "0", 1: "1", 1.5: "1.5", 1.25: "1.25", 1.255: "1.25", -0.001: "0", 12: "12", 0.1 + 0.2: "0.3"} {
		if got := num(f); got != want {
			t.Errorf("num(%v) = %q, want %q", f, got, want)
		}
	}
}

func TestMapViewSections(t *testing.T) {
	m := board.New("B", 12, 12, "in", true, "out")
	if v := newMapView(m); len(v.Section)+len(v.Numbers) != 0 {
		t.Errorf("a board without sections drew %d lines, %d numbers", len(v.Section), len(v.Numbers))
	}
	m.Sections = true
	v := newMapView(m)
	if len(v.Section) != 4 || len(v.Numbers) != 9 {
		t.Fatalf("%d section lines and %d numbers, want 4 and 9", len(v.Section), len(v.Numbers))
	}
	// 7-9 run along the player's (bottom) edge, left to right.
	for i, n := range v.Numbers[6:] {
		if n.Text != string(rune('7'+i)) || n.Y < 8 || n.X != 2+4*float64(i) {
			t.Errorf("section %s at (%v, %v)", n.Text, n.X, n.Y)
		}
	}
	if len(v.Arrows) != len(entryArrows) {
		t.Errorf("%d entry arrows, want %d", len(v.Arrows), len(entryArrows))
	}
}

func TestMapViewTrack(t *testing.T) {
	m := board.New("B", 12, 12, "in", true, "out")
	m.PlaceTrack("1", "2", "3")
	v := newMapView(m)
	if len(v.Links) != 2 {
		t.Errorf("%d arrows between 3 markers, want 2", len(v.Links))
	}
	// The view box reaches above the track.
	var x, y, w, h float64
	if _, err := fmt.Sscan(v.ViewBox, &x, &y, &w, &h); err != nil {
		t.Fatal(err)
	}
	if y > board.TrackY-0.6 || y+h < m.HeightIn+1.5 {
		t.Errorf("view box %q does not hold the track at %v and the labels under the board", v.ViewBox, board.TrackY)
	}
}
