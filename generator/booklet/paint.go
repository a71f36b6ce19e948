package booklet

import (
	"fmt"
	"strings"

	"github.com/sortie-wargames/sortie/generator/booklet/face"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"
)

// This file is the one place frames meet fpdf: paintPages paints what a
// pass placed (pages.go) onto the document printed, each frame by
// drawFrame or drawMarks. It decides nothing: every size and position
// was settled when the frames were laid out and placed.

// paintPages paints the pages the pass placed, once, onto a new
// document, which becomes the renderer's: each page started at its size,
// its running head and foot painted as fpdf starts and ends it, its
// body's frames, anchors and outline entries in the order placed.
// display is how a reader opens it (fpdf's layout mode: "TwoPageRight"
// for a booklet, "SinglePage" for a sheet). The faults noted while
// laying out are kept with those painting notes.
func (r *renderer) paintPages(display string) error {
	if n := r.placed.lost; n > 0 {
		return fmt.Errorf("%d things painted before the first page", n)
	}
	b := r.book
	f := newDocument(b.pw, b.ph, b.created)
	title := b.doc.Title
	if title == "" {
		title = b.doc.Set.System.Name
	}
	f.SetTitle(bmp(title), true)
	if b.doc.Seed != "" {
		f.SetSubject(bmp(b.doc.Set.System.Name+" · seed "+b.doc.Seed), true)
		f.SetKeywords(bmp("seed: "+b.doc.Seed), true)
	} else {
		f.SetSubject(bmp(b.doc.Set.System.Name), true)
	}
	f.SetCreator("Sortie "+b.opt.Version, true)
	f.SetProducer("Sortie "+b.opt.Version+" (go-pdf/fpdf)", true)
	f.SetLang("en")
	f.SetDisplayMode("fullpage", display)
	p := newPDF(f, b.face, b.monoSeed)
	p.faults = r.f.faults
	r.f = p
	r.f.SetFont(face.Sans, "", bodySize)
	r.f.apply() // no page yet: fpdf has a font, and nothing is written
	pages := r.placed.pages
	part := func(k pagePart) func() {
		return func() { r.drawOps(pages[r.f.PageNo()-1].parts[k]) }
	}
	f.SetHeaderFunc(part(pageHead))
	f.SetFooterFunc(part(pageFoot))
	for _, pg := range pages {
		r.f.AddPageSized(pg.size)
		r.drawOps(pg.parts[pageBody])
	}
	return r.f.Error()
}

// drawOps paints what a part of a page placed, in order.
func (r *renderer) drawOps(ops []placedOp) {
	for _, op := range ops {
		switch op.kind {
		case placedFrame:
			r.drawFrame(op.f, op.x, op.y)
		case placedMarks:
			r.drawMarks(op.f, op.x, op.y)
		case placedAnchor:
			r.f.SetLink(r.link(op.text), op.y, r.f.PageNo())
		case placedBookmark:
			r.f.Bookmark(bmp(op.text), op.level, op.y)
		}
	}
}

// drawFrame draws a laid-out frame with its top-left corner at (x, y):
// each mark in its order, through pdf, then the page's text record of
// what it says, and the ink set back to the renderer's defaults.
func (r *renderer) drawFrame(f *frame.Frame, x, y float64) {
	r.drawMarks(f, x, y)
	r.ink()
}

// drawMarks is drawFrame without the ink set back at the end: the
// colours and line width are left as f's last marks set them (the
// frames inside f are drawn by drawFrame, and each sets the ink back
// after it, but those marked KeepInk, drawn by drawMarks). A play card's
// face is drawn so (playFace): drawing it before it was laid out left
// them so, and a face drawn so gives the same bytes.
func (r *renderer) drawMarks(f *frame.Frame, x, y float64) {
	for _, m := range f.Marks {
		switch m := m.(type) {
		case frame.Sub:
			sx, sy := x+m.X, y+m.Y
			if m.Grid {
				sx, sy = sn(sx), sn(sy)
			}
			if m.Clip {
				r.f.ClipRect(sx, sy, m.F.W, m.F.H, false)
			}
			if m.Turn {
				// Turned about its bottom-left corner as it stands: its
				// top-left corner, turned, comes to (sx, sy).
				sy += m.F.W
				r.f.TransformBegin()
				r.f.TransformRotate(90, sx, sy)
			}
			if m.KeepInk {
				r.drawMarks(m.F, sx, sy)
			} else {
				r.drawFrame(m.F, sx, sy)
			}
			if m.Turn {
				r.f.TransformEnd()
			}
			if m.Clip {
				r.f.ClipEnd()
			}
		case frame.Box:
			style := ""
			if m.Fill >= 0 {
				r.f.SetFillColor(m.Fill, m.Fill, m.Fill)
				style = "F"
			}
			if m.Stroke >= 0 {
				r.f.SetDrawColor(m.Stroke, m.Stroke, m.Stroke)
				r.f.SetLineWidth(m.Width)
				style += "D"
			}
			if style != "" {
				r.f.Rect(x+m.X, y+m.Y, m.W, m.H, style)
			}
		case frame.Text:
			r.small(m.Font, m.S)
			r.f.SetFont(m.Font.Family, m.Font.Style, m.Font.Size)
			r.f.SetTextColor(m.Grey, m.Grey, m.Grey)
			if m.Filled {
				r.f.SetFillColor(m.Fill, m.Fill, m.Fill)
			}
			r.f.SetXY(x+m.X, y+m.Y)
			link := 0
			if m.Link != "" {
				link = r.link(m.Link)
			}
			r.f.CellFormat(m.W, m.H, m.S, "", 0, m.Align, m.Filled, link, "")
			if m.Broken != "" {
				r.f.faults.add(Fault{Kind: FaultBroken, Page: r.f.PageNo(), Text: m.Broken})
			}
		case frame.Cut:
			cx, cy := x+m.X, y+m.Y
			r.f.SetDrawColor(100, 100, 100)
			r.f.SetLineWidth(0.25)
			r.f.SetDashPattern([]float64{2, 1.5}, 0)
			r.f.Line(cx, cy, cx+m.W, cy)
			r.f.Line(cx, cy+m.H, cx+m.W, cy+m.H)
			r.f.Line(cx, cy, cx, cy+m.H)
			r.f.Line(cx+m.W, cy, cx+m.W, cy+m.H)
			r.ink()
		case frame.Baseline:
			r.small(m.Font, m.S)
			r.f.SetFont(m.Font.Family, m.Font.Style, m.Font.Size)
			r.f.SetTextColor(m.Grey, m.Grey, m.Grey)
			r.f.Text(x+m.X, y+m.Y, m.S)
		case frame.Turned:
			// Text, not a cell: before the turn, a cell's left edge may be
			// off the page, where SetXY would measure from the right.
			r.small(m.Font, m.S)
			r.f.SetFont(m.Font.Family, m.Font.Style, m.Font.Size)
			r.f.SetTextColor(m.Grey, m.Grey, m.Grey)
			cx, cy := x+m.X, y+m.Y
			r.f.TransformBegin()
			r.f.TransformRotate(m.Angle, cx, cy)
			r.f.Text(cx+m.DX, cy+m.DY, m.S)
			r.f.TransformEnd()
		case frame.Rule:
			r.f.SetDrawColor(m.Grey, m.Grey, m.Grey)
			r.f.SetLineWidth(m.Width)
			r.f.Line(x+m.X1, y+m.Y1, x+m.X2, y+m.Y2)
		case frame.Poly:
			style := r.pen(m.Pen)
			switch {
			case !m.Closed:
				for i := 1; i < len(m.Pts); i++ {
					a, b := m.Pts[i-1], m.Pts[i]
					r.f.Line(x+a.X, y+a.Y, x+b.X, y+b.Y)
				}
			case style != "" && len(m.Pts) > 2:
				r.f.PolygonAt(x, y, m.Pts, style)
			}
			r.penDone(m.Pen)
		case frame.Circle:
			if style := r.pen(m.Pen); style != "" {
				r.f.Circle(x+m.X, y+m.Y, m.R, style)
			}
			r.penDone(m.Pen)
		case frame.Link:
			r.f.Link(x+m.X, y+m.Y, m.W, m.H, r.link(m.Anchor))
		}
	}
	r.record(f.Say)
	r.f.SetTextColor(0, 0, 0)
}

// pen sets the greys, width and dash a shape is drawn with, and returns
// fpdf's style for it: "F" filled, "D" outlined, "FD" both, "" neither.
func (r *renderer) pen(p frame.Pen) string {
	style := ""
	if p.Fill >= 0 {
		r.f.SetFillColor(p.Fill, p.Fill, p.Fill)
		style += "F"
	}
	if p.Stroke >= 0 {
		r.f.SetDrawColor(p.Stroke, p.Stroke, p.Stroke)
		r.f.SetLineWidth(p.Width)
		if p.Dash > 0 {
			gap := p.Gap
			if gap == 0 {
				gap = p.Dash
			}
			r.f.SetDashPattern([]float64{p.Dash, gap}, 0)
		}
		style += "D"
	}
	return style
}

// penDone sets lines solid again after a shape drawn with a dashed pen.
func (r *renderer) penDone(p frame.Pen) {
	if p.Dash > 0 {
		r.f.SetDashPattern(nil, 0)
	}
}

// ink restores black drawing and text, white fill, a normal line width
// and solid lines.
func (r *renderer) ink() {
	r.f.SetDrawColor(0, 0, 0)
	r.f.SetTextColor(0, 0, 0)
	r.f.SetFillColor(255, 255, 255)
	r.f.SetLineWidth(0.25)
	r.f.SetDashPattern(nil, 0)
}

// small notes a fault when text is painted in type smaller than
// face.MinSize.
func (r *renderer) small(f frame.Font, text string) {
	if f.Size < face.MinSize-0.001 && strings.TrimSpace(text) != "" {
		r.f.faults.add(Fault{Kind: FaultSmall, Page: r.f.PageNo(), Text: fmt.Sprintf("%.2f pt: %s", f.Size, text)})
	}
}
