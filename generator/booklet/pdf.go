package booklet

import (
	"codeberg.org/go-pdf/fpdf"

	"github.com/sortie-wargames/sortie/engine/board/draw"
)

// pdf is the fpdf document the renderer draws on, with every length it is
// given snapped to draw's grid (draw.Snap) first. Positions worked out
// here differ in the last bit between CPUs (arm64, and amd64 built with
// GOAMD64=v3, fuse multiply-adds); fpdf multiplies them by its scale and
// prints two decimals, so a length whose exact value sits on a half
// printed differently from one CPU to the next. Snapped, they are the same
// bits everywhere. Every drawing call that takes a length goes through
// here; the others are fpdf's own.
type pdf struct{ *fpdf.Fpdf }

func sn(v float64) float64 { return draw.Snap(v) }

func (p pdf) SetXY(x, y float64)     { p.Fpdf.SetXY(sn(x), sn(y)) }
func (p pdf) SetX(x float64)         { p.Fpdf.SetX(sn(x)) }
func (p pdf) SetY(y float64)         { p.Fpdf.SetY(sn(y)) }
func (p pdf) SetLineWidth(w float64) { p.Fpdf.SetLineWidth(sn(w)) }
func (p pdf) SetFont(family, style string, size float64) {
	p.Fpdf.SetFont(family, style, sn(size))
}
func (p pdf) Line(x1, y1, x2, y2 float64) { p.Fpdf.Line(sn(x1), sn(y1), sn(x2), sn(y2)) }
func (p pdf) Rect(x, y, w, h float64, style string) {
	p.Fpdf.Rect(sn(x), sn(y), sn(w), sn(h), style)
}
func (p pdf) Circle(x, y, r float64, style string) { p.Fpdf.Circle(sn(x), sn(y), sn(r), style) }
func (p pdf) ClipRect(x, y, w, h float64, outline bool) {
	p.Fpdf.ClipRect(sn(x), sn(y), sn(w), sn(h), outline)
}
func (p pdf) Text(x, y float64, text string)             { p.Fpdf.Text(sn(x), sn(y), text) }
func (p pdf) TransformRotate(angle, x, y float64)        { p.Fpdf.TransformRotate(angle, sn(x), sn(y)) }
func (p pdf) Link(x, y, w, h float64, link int)          { p.Fpdf.Link(sn(x), sn(y), sn(w), sn(h), link) }
func (p pdf) SetLink(link int, y float64, page int)      { p.Fpdf.SetLink(link, sn(y), page) }
func (p pdf) Bookmark(text string, level int, y float64) { p.Fpdf.Bookmark(text, level, sn(y)) }

func (p pdf) Polygon(pts []fpdf.PointType, style string) {
	out := make([]fpdf.PointType, len(pts))
	for i, q := range pts {
		out[i] = fpdf.PointType{X: sn(q.X), Y: sn(q.Y)}
	}
	p.Fpdf.Polygon(out, style)
}

func (p pdf) SetDashPattern(dash []float64, phase float64) {
	out := make([]float64, len(dash))
	for i, d := range dash {
		out[i] = sn(d)
	}
	p.Fpdf.SetDashPattern(out, sn(phase))
}

func (p pdf) CellFormat(w, h float64, text, border string, ln int, align string, fill bool, link int, linkStr string) {
	p.Fpdf.CellFormat(sn(w), sn(h), text, border, ln, align, fill, link, linkStr)
}

func (p pdf) SplitText(text string, w float64) []string { return p.Fpdf.SplitText(text, sn(w)) }
