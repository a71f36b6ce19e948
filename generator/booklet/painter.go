package booklet

import "github.com/sortie-wargames/sortie/generator/booklet/frame"

// painter is told what is placed down a cursor paints, in order, as it
// is placed (flowOn, headingOn, placeDrawn, placeTable): a frame, a
// line of text, a table's header row (with its
// outline), a row, the outline of a frame's rows, and rows left alone
// (a fault). Placing for the page and measuring place things the same
// way and differ only in their painter:
//   - paintNow puts it on the pass's current page (renderer.paint, for
//     paintPages to paint once);
//   - runPainter keeps it for a run's page, placed ahead of its pages
//     (the campaign log, a play sheet's setting);
//   - tape keeps it to play on any renderer of the paper (tape.go: the
//     Quick Reference Sheets, placed once per build and paper);
//   - framer keeps it inside one frame (pieces laid out unbroken: a
//     sealed card's text, a slip, the cover's box of how to play);
//   - noPaint keeps nothing (a layout measured: a front-matter section,
//     a QRS table's foot, the sheets' scale).
type painter interface {
	frame(f *frame.Frame, x, y float64) // painted, the ink set back after it
	marks(f *frame.Frame, x, y float64) // painted, the ink left as it sets it (a line of text)
	headRow(f *frame.Frame, x, y, w float64)
	row(f *frame.Frame, x, y float64)
	box(x, y0, y1, w float64)
	lone(text string)
}

// paintNow puts what is placed on the pass's current page.
type paintNow struct{ r *renderer }

func (p paintNow) frame(f *frame.Frame, x, y float64) { p.r.paint(f, x, y) }
func (p paintNow) marks(f *frame.Frame, x, y float64) { p.r.paintMarks(f, x, y) }
func (p paintNow) headRow(f *frame.Frame, x, y, w float64) {
	p.r.paint(f, x, y)
	p.r.frameLine(x, y, f.H, w)
}
func (p paintNow) row(f *frame.Frame, x, y float64) { p.r.paint(f, x, y) }
func (p paintNow) box(x, y0, y1, w float64)         { p.r.frameBox(x, y0, y1, w) }
func (p paintNow) lone(text string) {
	p.r.f.faults.add(Fault{Kind: FaultLone, Page: p.r.f.PageNo(), Text: text})
}

// noPaint paints nothing of what is placed: what measures it.
type noPaint struct{}

func (noPaint) frame(*frame.Frame, float64, float64)            {}
func (noPaint) marks(*frame.Frame, float64, float64)            {}
func (noPaint) headRow(*frame.Frame, float64, float64, float64) {}
func (noPaint) row(*frame.Frame, float64, float64)              {}
func (noPaint) box(float64, float64, float64, float64)          {}
func (noPaint) lone(string)                                     {}

// runPainter keeps what is placed in a run paints, to paint when the
// run is: at keeps it (a log run's for the run's page, logRun.at; a play
// sheet's page, sheetRun.at).
type runPainter struct {
	at func(paint func())
	r  *renderer
}

func (p runPainter) frame(f *frame.Frame, x, y float64) {
	p.at(func() { p.r.paint(f, x, y) })
}
func (p runPainter) marks(f *frame.Frame, x, y float64) {
	p.at(func() { p.r.paintMarks(f, x, y) })
}
func (p runPainter) headRow(f *frame.Frame, x, y, w float64) {
	p.at(func() { paintNow{p.r}.headRow(f, x, y, w) })
}
func (p runPainter) row(f *frame.Frame, x, y float64) {
	p.at(func() { paintNow{p.r}.row(f, x, y) })
}
func (p runPainter) box(x, y0, y1, w float64) {
	p.at(func() { paintNow{p.r}.box(x, y0, y1, w) })
}
func (p runPainter) lone(text string) { p.at(func() { paintNow{p.r}.lone(text) }) }

// framer is the painter that keeps what is placed as frames inside one
// frame (piecesFrame), each where it was placed, as paintNow would paint
// it: a line of text with the ink left as it sets it (KeepInk), a frame
// and a table's outlines with the ink set back after them.
type framer struct {
	r *renderer
	f *frame.Frame
}

func (p *framer) add(f *frame.Frame, x, y float64, keepInk bool) {
	p.f.Marks = append(p.f.Marks, frame.Sub{X: x, Y: y, F: f, KeepInk: keepInk})
}

func (p *framer) frame(f *frame.Frame, x, y float64) { p.add(f, x, y, false) }
func (p *framer) marks(f *frame.Frame, x, y float64) { p.add(f, x, y, true) }
func (p *framer) row(f *frame.Frame, x, y float64)   { p.add(f, x, y, false) }

// headRow is a table's header row and its outline (paintNow.headRow).
func (p *framer) headRow(f *frame.Frame, x, y, w float64) {
	p.add(f, x, y, false)
	p.add(outline(w, f.H), x, y, false)
}

// box is the outline of a table's body rows (frameBox).
func (p *framer) box(x, y0, y1, w float64) {
	if y1 > y0 {
		p.add(outline(w, y1-y0), x, y0, false)
	}
}

// lone: nothing breaks in a frame laid out unbroken, so no rows are left
// alone.
func (p *framer) lone(string) {}
