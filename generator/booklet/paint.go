package booklet

import "github.com/sortie-wargames/sortie/generator/booklet/frame"

// paint draws a laid-out frame with its top-left corner at (x, y): each
// mark in its order, through pdf, then the page's text record of what it
// says, and the ink set back to the renderer's defaults. It is the one
// place a frame meets fpdf, and decides nothing: every size and position
// was settled when the frame was laid out.
func (r *renderer) paint(f *frame.Frame, x, y float64) {
	for _, m := range f.Marks {
		switch m := m.(type) {
		case frame.Sub:
			r.paint(m.F, x+m.X, y+m.Y)
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
			r.f.SetXY(x+m.X, y+m.Y)
			r.f.CellFormat(m.W, m.H, m.S, "", 0, m.Align, false, 0, "")
		case frame.Rule:
			r.f.SetDrawColor(m.Grey, m.Grey, m.Grey)
			r.f.SetLineWidth(m.Width)
			r.f.Line(x+m.X1, y+m.Y1, x+m.X2, y+m.Y2)
		}
	}
	r.record(f.Say)
	r.ink()
}
