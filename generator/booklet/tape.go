package booklet

import "github.com/sortie-wargames/sortie/generator/booklet/frame"

// A tape is what placing a run of content told its painter, in order,
// with the pages it broke onto, the anchors it marked and the bookmarks
// it set: placed frames, kept to paint later on any renderer of the
// same paper, without laying anything out again (tape.play). The Quick
// Reference Sheets of a system are placed once per build and paper on
// one as their scale is decided (qrsSheets.decide, into the qrsRun
// decided) and played in every pass of every booklet that prints them
// (qrsSheets.print).
type tape struct {
	ops []tapeOp
}

// tapeOp is one thing a tape holds; kind says which of its fields count.
type tapeOp struct {
	kind  tapeKind
	f     *frame.Frame
	x, y  float64
	text  string // the page's running head, an anchor, a bookmark, a lone row
	level int    // a bookmark's
}

type tapeKind uint8

const (
	tapeFrame    tapeKind = iota // painter.frame
	tapeMarks                    // painter.marks
	tapeLone                     // painter.lone
	tapePage                     // a new page, text its running head
	tapeMark                     // an anchor at y
	tapeBookmark                 // an outline entry at y
)

// Painting what a run places onto its tape (a painter).

func (t *tape) frame(f *frame.Frame, x, y float64) {
	t.ops = append(t.ops, tapeOp{kind: tapeFrame, f: f, x: x, y: y})
}
func (t *tape) marks(f *frame.Frame, x, y float64) {
	t.ops = append(t.ops, tapeOp{kind: tapeMarks, f: f, x: x, y: y})
}

// A table's header row is its frame and its outline, a row its frame,
// the body rows' outline a frame: as paintNow paints them.
func (t *tape) headRow(f *frame.Frame, x, y, w float64) {
	t.frame(f, x, y)
	t.frame(outline(w, f.H), x, y)
}
func (t *tape) row(f *frame.Frame, x, y float64) { t.frame(f, x, y) }
func (t *tape) box(x, y0, y1, w float64) {
	if y1 > y0 {
		t.frame(outline(w, y1-y0), x, y0)
	}
}
func (t *tape) lone(text string) { t.ops = append(t.ops, tapeOp{kind: tapeLone, text: text}) }

// newPage notes a new page with a running head.
func (t *tape) newPage(head string) { t.ops = append(t.ops, tapeOp{kind: tapePage, text: head}) }

// mark notes an anchor at y on the page the tape is on.
func (t *tape) mark(anchor string, y float64) {
	t.ops = append(t.ops, tapeOp{kind: tapeMark, text: anchor, y: y})
}

// bookmark notes an outline entry at y on the page the tape is on.
func (t *tape) bookmark(text string, level int, y float64) {
	t.ops = append(t.ops, tapeOp{kind: tapeBookmark, text: text, level: level, y: y})
}

// play paints the tape on r, from the page r is on: each new page
// started as the renderer starts one (renderer.newPage), each frame
// painted where it was placed, each anchor and bookmark set there, as
// painting while placing would have.
func (t *tape) play(r *renderer) {
	p := paintNow{r}
	for _, op := range t.ops {
		switch op.kind {
		case tapeFrame:
			p.frame(op.f, op.x, op.y)
		case tapeMarks:
			p.marks(op.f, op.x, op.y)
		case tapeLone:
			p.lone(op.text)
		case tapePage:
			r.newPage(op.text)
		case tapeMark:
			r.mark(op.text, op.y)
		case tapeBookmark:
			r.bookmark(op.text, op.level, op.y)
		}
	}
}
