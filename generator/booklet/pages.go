package booklet

import "github.com/sortie-wargames/sortie/generator/booklet/frame"

// placedPages is what a pass places on its pages, kept to be painted once:
// for each page, its size and what its running head, its body and its
// foot paint, in order, with the anchors set on it and the outline
// entries added. A pass lays out on a document that is never drawn on
// (it counts the pages and measures); only the pass whose page numbers
// settle is painted, once, onto the document printed (paintPages).
type placedPages struct {
	pages []placedPage
	at    pagePart // where what is painted goes on the last page
	// foot lays out the foot of the page a pass ends on (endPages): fpdf
	// lays out a page's foot as the next starts, and the last one's as
	// the document closes, which a document never printed does not.
	foot func()
	// lost counts what was painted before the first page: nothing is.
	lost int
}

// pagePart is a part of a page: its running head, its body, its foot.
type pagePart uint8

const (
	pageBody pagePart = iota
	pageHead
	pageFoot
)

// placedPage is one page as placed: its size (nil for the document's),
// and what each of its parts paints.
type placedPage struct {
	size  pageFormat
	parts [3][]placedOp
}

// placedOp is one thing a page paints: a frame (its ink set back after
// it, or left as its marks set it), an anchor set at a height, or an
// outline entry.
type placedOp struct {
	kind  placedKind
	f     *frame.Frame
	x, y  float64
	text  string // the anchor, or the outline entry's text
	level int    // the outline entry's
}

type placedKind uint8

const (
	placedFrame    placedKind = iota // paint: the ink set back after it
	placedMarks                      // paintMarks: the ink left as the marks set it
	placedAnchor                     // mark: a link's target
	placedBookmark                   // bookmark: an outline entry
)

// add keeps op for the part of the last page being placed.
func (p *placedPages) add(op placedOp) {
	if len(p.pages) == 0 {
		p.lost++
		return
	}
	pg := &p.pages[len(p.pages)-1]
	pg.parts[p.at] = append(pg.parts[p.at], op)
}

// during runs lay with what it paints going to a part of the last page.
func (p *placedPages) during(part pagePart, lay func()) {
	outer := p.at
	p.at = part
	lay()
	p.at = outer
}

// onHeader sets what lays out each page's running head (header), which
// fpdf calls as the page starts: the page is started in placed then.
func (r *renderer) onHeader(header func()) {
	r.f.SetHeaderFunc(func() {
		r.placed.pages = append(r.placed.pages, placedPage{})
		r.placed.during(pageHead, header)
	})
}

// onFooter sets what lays out each page's foot (footer), which fpdf
// calls as the next page starts, and endPages for the last.
func (r *renderer) onFooter(footer func()) {
	r.f.SetFooterFunc(func() { r.placed.during(pageFoot, footer) })
	r.placed.foot = footer
}

// endPages lays out the foot of the page the pass ends on.
func (r *renderer) endPages() {
	if len(r.placed.pages) > 0 && r.placed.foot != nil {
		r.placed.during(pageFoot, r.placed.foot)
	}
}

// paint places a laid-out frame with its top-left corner at (x, y), to
// be painted with the ink set back to its defaults after it (drawFrame).
func (r *renderer) paint(f *frame.Frame, x, y float64) {
	r.placed.add(placedOp{kind: placedFrame, f: f, x: x, y: y})
}

// paintMarks places a laid-out frame as paint does, its ink left as its
// marks set it when painted (drawMarks).
func (r *renderer) paintMarks(f *frame.Frame, x, y float64) {
	r.placed.add(placedOp{kind: placedMarks, f: f, x: x, y: y})
}

// headsAtFoot returns the pages whose body ends with a heading, the
// lowest thing painted on them a heading's rule (headSpan, layHeading)
// with nothing of what it heads under it, and the heading's words on
// each.
func (p *placedPages) headsAtFoot() (pages []int, says []string) {
	for i, pg := range p.pages {
		ops := pg.parts[pageBody]
		low, at := -1.0, -1
		for k, op := range ops {
			if (op.kind == placedFrame || op.kind == placedMarks) && op.f != nil && len(op.f.Marks) > 0 && op.y+op.f.H >= low-0.01 {
				low, at = op.y+op.f.H, k
			}
		}
		if at < 0 || !headRule(ops[at].f) {
			continue
		}
		say := ops[at].f.Say
		for k := at - 1; k >= 0 && say == ""; k-- {
			if ops[k].f != nil {
				say = ops[k].f.Say
			}
		}
		pages, says = append(pages, i+1), append(says, say)
	}
	return pages, says
}

// headRule reports whether a frame ends with a heading's rule: a line
// across the whole frame 0.35 mm thick, as headSpan and layHeading draw
// under a heading's words.
func headRule(f *frame.Frame) bool {
	if len(f.Marks) == 0 {
		return false
	}
	r, ok := f.Marks[len(f.Marks)-1].(frame.Rule)
	return ok && r.Width == 0.35 && r.X1 == 0 && r.Y1 == r.Y2 && r.X2 == f.W
}

// fill is how much of page pg's text block (bodyTop to bottom) its body
// covers, from the top to the foot of the lowest frame painted in it, as
// a share: what is painted across the whole page from its corner (a
// Notes page's title and ruled lines, a volume's line in the head
// margin) covers none of it, so a Notes page's is 0.
func (p *placedPages) fill(pg int, ph, bottom float64) float64 {
	if pg < 1 || pg > len(p.pages) {
		return 0
	}
	low := bodyTop
	for _, op := range p.pages[pg-1].parts[pageBody] {
		if (op.kind != placedFrame && op.kind != placedMarks) || op.f == nil || len(op.f.Marks) == 0 {
			continue
		}
		if op.x == 0 && op.y == 0 && op.f.H >= ph-0.01 {
			continue
		}
		low = max(low, op.y+op.f.H)
	}
	return min(1, (low-bodyTop)/(bottom-bodyTop))
}
