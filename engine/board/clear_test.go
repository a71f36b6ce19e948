package board_test

import (
	"testing"

	"github.com/sortie-wargames/sortie/engine/board"
)

// TestHillClearOfStream is Two-Page Skirmish's case: a low hill in
// section 4 and a 2" stream across the middle (sections 4, 5, 6). The
// hill stands on one side of the stream, clear of its band, laid before
// the stream or after it; a 9" river in a 12" section leaves too little
// beside it, and the hill keeps its place with a note that says so.
func TestHillClearOfStream(t *testing.T) {
	for _, first := range []string{"hill", "stream"} {
		m := board.Sectioned(36, 36, 3, 3)
		if first == "hill" {
			m.Fill(4, board.Hills)
			m.River(2, m.Through(4, 5, 6)...)
		} else {
			m.River(2, m.Through(4, 5, 6)...)
			m.Fill(4, board.Hills)
		}
		p := m.Pieces[0]
		above, below := false, false
		for _, q := range p.Outline {
			// The stream's band is y 17 to 19; a hill clear of it keeps
			// ClearGap from it.
			if q.Y > 17-board.ClearGap+1e-9 && q.Y < 19+board.ClearGap-1e-9 {
				t.Errorf("%s first: the hill's outline at %v lies within the stream's band or its gap", first, q)
			}
			above = above || q.Y < 17
			below = below || q.Y > 19
		}
		if above == below {
			t.Errorf("%s first: the hill is not on one side of the stream: %v", first, p.Outline)
		}
		if p.Note != "" {
			t.Errorf("%s first: note %q on a hill cut back", first, p.Note)
		}
	}
	m := board.Sectioned(36, 36, 3, 3)
	m.Fill(4, board.Hills)
	whole := m.Pieces[0].Outline
	m.River(9, m.Through(4, 5, 6)...)
	p := m.Pieces[0]
	if p.Note != "river across it" {
		t.Errorf("a hill under a 9\" river: note %q, want %q", p.Note, "river across it")
	}
	if len(p.Outline) != len(whole) {
		t.Errorf("a hill under a 9\" river was cut back to %v", p.Outline)
	}
}
