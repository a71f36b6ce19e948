package booklet

import "github.com/sortie-wargames/sortie/generator/booklet/frame"

// paint draws a laid-out frame with its top-left corner at (x, y): each
// mark in its order, through pdf, then the page's text record of what it
// says, and the ink set back to the renderer's defaults. It is the one
// place a frame meets fpdf, and decides nothing: every size and position
// was settled when the frame was laid out.
func (r *renderer) paint(f *frame.Frame, x, y float64) {
	r.paintMarks(f, x, y)
	r.ink()
}

// paintMarks is paint without the ink set back at the end: the colours
// and line width are left as f's last marks set them (the frames inside
// f are painted by paint, and each sets the ink back after it, but those
// marked KeepInk, painted by paintMarks). A play
// card's face is painted so (playFace): drawing it before it was laid
// out left them so, and a face painted so gives the same bytes.
func (r *renderer) paintMarks(f *frame.Frame, x, y float64) {
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
			if m.KeepInk {
				r.paintMarks(m.F, sx, sy)
			} else {
				r.paint(m.F, sx, sy)
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
			r.f.SetFont(m.Font.Family, m.Font.Style, m.Font.Size)
			r.f.SetTextColor(m.Grey, m.Grey, m.Grey)
			r.f.Text(x+m.X, y+m.Y, m.S)
		case frame.Turned:
			// Text, not a cell: before the turn, a cell's left edge may be
			// off the page, where SetXY would measure from the right.
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
