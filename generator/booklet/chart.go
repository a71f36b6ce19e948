package booklet

import (
	"strconv"

	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/generator/chart"
)

// The campaign chart's page: a heading, a key, and the chart under them.
const (
	chartHead = 14.0 // the heading's size, pt
	chartKey  = 8.0  // the key's size, pt
	chartPt   = 6.0  // the arrows' marks and the notes, pt
)

// chartTop is where the chart's frame starts on its page: under the
// heading (as heading draws it) and the key.
func chartTop() float64 { return bodyTop + lh(chartHead) + 1.5 + lh(chartKey) + 2.5 }

// layChart lays a campaign's chart out in the frame its pages leave.
func layChart(c *campaign.Campaign, pw, ph float64) (*chart.Chart, error) {
	return chart.Layout(c, chart.Options{Width: pw - 2*side, Height: ph - footGap - chartTop()})
}

// chartSection draws the campaign as a flowchart, on a page of its own
// (or pages, for a long campaign): a box for every entry, a row for every
// encounter of the campaign, and the success and failure arrows, solid
// and dashed, each marked with its first letter. Each box links to its
// entry.
func (r *renderer) chartSection() {
	ch := r.chart
	if ch == nil {
		return
	}
	const title = "Campaign chart"
	for i, pg := range ch.Pages {
		r.newPage(title)
		if i == 0 {
			r.mark("chart", bodyTop)
			r.bookmark(title, 0, bodyTop)
			r.heading(title, chartHead, 0)
		} else {
			r.heading(title+" (continued)", chartHead, 0)
		}
		r.chartKey(r.fr.y)
		r.chartPage(pg, side, chartTop())
	}
	r.lay.pages["chart/last"] = r.f.PageNo()
}

// chartKey prints what the lines mean: a solid line, "S Success", a
// dashed line, "F Failure", and how to read a box.
func (r *renderer) chartKey(y float64) {
	x := side
	h := lh(chartKey)
	mid := y + h/2
	for kind, label := range []string{"Success", "Failure"} {
		r.chartLine(kind, x, mid, x+9, mid)
		r.font("B", chartPt)
		r.f.SetXY(x+9.5, y)
		r.f.CellFormat(2, h, label[:1], "", 0, "L", false, 0, "")
		r.font("", chartKey)
		r.f.SetXY(x+12, y)
		w := r.f.GetStringWidth(label)
		r.f.CellFormat(w, h, label, "", 0, "L", false, 0, "")
		x += 12 + w + 6
	}
	// How to read the chart, right of the lines' key: on a narrow page
	// (a folded booklet's) in smaller type, then said shorter, measured.
	room := side + r.contentW() - x
	note, size := "", float64(chartKey)
	for _, n := range []string{"Rows: encounters. Boxes: the entries to turn to. Bold: the start.", "Rows: encounters. Boxes: entries. Bold: the start."} {
		for _, pt := range []float64{chartKey, 7.5, 7, 6.5} {
			r.font("", pt)
			note, size = n, pt
			if r.f.GetStringWidth(n) <= room {
				break
			}
		}
		if r.f.GetStringWidth(note) <= room {
			break
		}
	}
	r.font("", size)
	r.f.SetXY(x, y)
	r.f.CellFormat(room, h, note, "", 0, "R", false, 0, "")
	r.ink()
}

// chartLine draws an arrow's line of a kind: the first (success) solid,
// the others dashed.
func (r *renderer) chartLine(kind int, x0, y0, x1, y1 float64) {
	r.f.SetLineWidth(0.35)
	if kind > 0 {
		r.f.SetDashPattern([]float64{1.3, 0.9}, 0)
	}
	r.f.Line(x0, y0, x1, y1)
	r.f.SetDashPattern(nil, 0)
}

// chartPage draws one page of the chart with its frame's top left corner
// at (x0, y0).
func (r *renderer) chartPage(pg chart.Page, x0, y0 float64) {
	ch := r.chart
	measure := func(s string, pt float64, bold bool) float64 {
		if bold {
			r.font("B", pt)
		} else {
			r.font("", pt)
		}
		return r.f.GetStringWidth(s)
	}
	// The encounters, down the left.
	r.f.SetTextColor(90, 90, 90)
	for i, row := range pg.Rows {
		if i == 0 {
			r.font("", chartPt)
			r.f.SetXY(x0, y0+row.Y-lh(chartPt)-0.2)
			r.f.CellFormat(chart.LabelW-1.5, lh(chartPt), "Enc.", "", 0, "C", false, 0, "")
		}
		r.font("B", 10)
		r.f.SetXY(x0, y0+row.Y)
		r.f.CellFormat(chart.LabelW-1.5, ch.BoxH, strconv.Itoa(row.Step), "", 0, "C", false, 0, "")
	}
	r.ink()
	for _, a := range pg.Arrows {
		r.chartArrow(a, x0, y0)
	}
	start := 0
	if r.doc.Campaign != nil {
		start = r.doc.Campaign.Start
	}
	items := make([]chart.Item, len(pg.Boxes))
	for i, b := range pg.Boxes {
		e := r.entries[b.Number-1]
		items[i] = chart.Item{Number: b.Number, Title: e.enc.Title, State: e.state}
	}
	texts := chart.BoxTexts(items, ch.BoxW, ch.BoxH, measure)
	var carried, continued bool
	for i, b := range pg.Boxes {
		e := r.entries[b.Number-1]
		x, y := x0+b.X, y0+b.Y
		if b.Carried {
			r.f.SetFillColor(225, 225, 225)
		}
		r.f.SetLineWidth(0.35)
		if b.Number == start {
			r.f.SetLineWidth(1.0)
		}
		r.f.Rect(x, y, b.W, b.H, "FD")
		r.ink()
		for _, l := range texts[i] {
			style := ""
			if l.Bold {
				style = "B"
			}
			r.font(style, l.Pt)
			r.f.SetXY(x, y+l.Y-l.H/2)
			r.f.CellFormat(b.W, l.H, r.cov.printable(l.Text), "", 0, "C", false, 0, "")
			r.record(l.Text)
		}
		r.f.Link(x, y, b.W, b.H, r.link(e.anchor()))
		carried = carried || b.Carried
		continued = continued || b.Continued
	}
	// Where the chart goes on.
	r.font("I", chartPt+1)
	r.f.SetTextColor(60, 60, 60)
	last := pg.Rows[len(pg.Rows)-1].Y
	if carried {
		r.f.SetXY(x0+chart.LabelW, y0+pg.Rows[0].Y-lh(chartPt+1)-0.3)
		r.f.CellFormat(pg.W-chart.LabelW, lh(chartPt+1), "Shaded: the last row of the page before, which leads here.", "", 0, "R", false, 0, "")
	}
	if continued {
		r.f.SetXY(x0+chart.LabelW, y0+last+ch.BoxH+0.3)
		r.f.CellFormat(pg.W-chart.LabelW, lh(chartPt+1), "Where this row leads is on the next page.", "", 0, "R", false, 0, "")
	}
	r.ink()
}

// chartArrow draws a link: its line, its head (or the end mark) and its
// mark by the tail.
func (r *renderer) chartArrow(a chart.Arrow, x0, y0 float64) {
	for i := 1; i < len(a.Pts); i++ {
		p, q := a.Pts[i-1], a.Pts[i]
		if i == len(a.Pts)-1 {
			q.Y -= 1.2 // the head covers the rest
		}
		r.chartLine(a.Kind, x0+p.X, y0+p.Y, x0+q.X, y0+q.Y)
	}
	h := a.Head()
	hx, hy := x0+h.X, y0+h.Y
	r.f.SetFillColor(0, 0, 0)
	r.f.Polygon(points(hx, hy, hx-0.75, hy-1.5, hx+0.75, hy-1.5), "F")
	r.ink()
	if a.To == 0 {
		r.font("B", chartPt)
		r.f.SetXY(hx-5, hy+0.2)
		r.f.CellFormat(10, lh(chartPt), "End", "", 0, "C", false, 0, "")
		r.record("End")
	}
	if a.Label != "" {
		mark := string([]rune(a.Label)[:1])
		r.font("B", chartPt)
		r.f.SetXY(x0+a.Mark.X-1.5, y0+a.Mark.Y-lh(chartPt)/2)
		r.f.CellFormat(3, lh(chartPt), r.cov.printable(mark), "", 0, "C", false, 0, "")
	}
	r.ink()
}
