package booklet

import (
	"slices"
	"testing"

	"github.com/sortie-wargames/sortie/generator/booklet/frame"
)

// TestHeadsAtFoot places a heading (its words, then its rule, as
// headSpan lays one out) at the foot of one page, and on the next with a
// line of what it heads under it: only the first page ends with a
// heading, and it is reported with the heading's words.
func TestHeadsAtFoot(t *testing.T) {
	words := func(s string) *frame.Frame {
		return &frame.Frame{W: 100, H: 5, Say: s, Marks: []frame.Mark{frame.Text{W: 100, H: 5, Font: sansFont("B", 11), S: s}}}
	}
	rule := &frame.Frame{W: 100, H: ruleGap, Marks: []frame.Mark{frame.Rule{Y1: 0.3, X2: 100, Y2: 0.3, Width: 0.35}}}
	var p placedPages
	p.pages = append(p.pages, placedPage{}) // page 1: the heading last
	p.add(placedOp{kind: placedMarks, f: words("Objective"), y: 100})
	p.add(placedOp{kind: placedMarks, f: words("The enemy: The Elf Host"), y: 180})
	p.add(placedOp{kind: placedFrame, f: rule, y: 185})
	p.add(placedOp{kind: placedAnchor, text: "entry-2", y: 190})
	p.pages = append(p.pages, placedPage{}) // page 2: a line under it
	p.add(placedOp{kind: placedMarks, f: words("The enemy: The Elf Host"), y: 100})
	p.add(placedOp{kind: placedFrame, f: rule, y: 105})
	p.add(placedOp{kind: placedMarks, f: words("Army Theme: 1d6 = 2"), y: 108})
	pages, says := p.headsAtFoot()
	if !slices.Equal(pages, []int{1}) || !slices.Equal(says, []string{"The enemy: The Elf Host"}) {
		t.Errorf("headings at a page's foot: pages %v %q, want page 1, \"The enemy: The Elf Host\"", pages, says)
	}
	if headRule(words("Objective")) || !headRule(rule) {
		t.Error("headRule mistakes a line of words for a heading's rule, or the rule for words")
	}
}
