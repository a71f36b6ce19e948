package booklet

import (
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/generator/booklet/face"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"
	"github.com/sortie-wargames/sortie/generator/chart"
)

// The campaign chart's page: a heading, a key, and the chart under them.
const (
	chartHead  = 14.0         // the heading's size, pt
	chartKeyPt = 8.0          // the key's size, pt
	chartPt    = face.MinSize // the arrows' marks and the notes, pt
)

// chartKeyGap is the space between the key (chartKey, one line of
// chartKeyPt) and the chart under it.
const chartKeyGap = 2.5

// chartTop is where the chart's frame starts on its page: under the
// heading (as heading draws it) and the key.
func chartTop() float64 { return bodyTop + lh(chartHead) + 1.5 + lh(chartKeyPt) + chartKeyGap }

// chartBoxHs are the boxes' heights tried, mm, the least first: a box
// grows taller before its encounter and state are set smaller than
// face.MinSize.
var chartBoxHs = []float64{chart.DefaultBoxH, 13, 14, 16, 18}

// layChart lays a campaign's chart out in the frame its pages leave,
// upright if its boxes' words fit there at face.MinSize or larger
// (their boxes as short as that lets them be), else turned: along the
// page, the key and the chart read with the page turned clockwise, its
// rows as long as the page is tall (a folded booklet's A5 page, where a
// row of eleven boxes leaves each a word narrower than "Defend"). When
// neither fits, it is set upright in its least boxes, and its type
// smaller: the print check counts it (FaultSmall).
func layChart(c *campaign.Campaign, entries []*entry, fc *face.Face, pw, ph float64) (ch *chart.Chart, turned bool, err error) {
	up := chart.Options{Width: pw - 2*side, Height: ph - footGap - chartTop()}
	along := chart.Options{Width: ph - footGap - chartTurnTop(), Height: pw - 2*side - lh(chartKeyPt) - chartKeyGap}
	var first *chart.Chart
	for _, turn := range []bool{false, true} {
		opt := up
		if turn {
			opt = along
		}
		for _, h := range chartBoxHs {
			opt.BoxH = h
			ch, err := chart.Layout(c, opt)
			if err != nil {
				if first == nil && !turn {
					return nil, false, err
				}
				continue
			}
			if first == nil {
				first = ch
			}
			if chartFits(ch, entries, fc) {
				return ch, turn, nil
			}
		}
	}
	return first, false, nil
}

// chartTurnTop is where a turned chart's frame starts on its page: under
// the heading.
func chartTurnTop() float64 { return bodyTop + lh(chartHead) + 1.5 }

// chartFits reports whether every box of ch sets its words at
// face.MinSize or larger.
func chartFits(ch *chart.Chart, entries []*entry, fc *face.Face) bool {
	m := chartMeasure(fc)
	for _, pg := range ch.Pages {
		if _, ok := chart.SetBoxes(chartItems(pg, entries), ch.BoxW, ch.BoxH, face.MinSize, m); !ok {
			return false
		}
	}
	return true
}

// chartItems are what the boxes of a page of the chart say.
func chartItems(pg chart.Page, entries []*entry) []chart.Item {
	items := make([]chart.Item, len(pg.Boxes))
	for i, b := range pg.Boxes {
		e := entries[b.Number-1]
		items[i] = chart.Item{Number: b.Number, Title: e.enc.Title, State: e.state}
	}
	return items
}

// chartMeasure measures a chart's words in the face, as fpdf does.
func chartMeasure(fc *face.Face) chart.Measure {
	return func(s string, pt float64, bold bool) float64 {
		style := ""
		if bold {
			style = "B"
		}
		return fc.Widths(face.Sans, style).Width(s, pt*ptMM)
	}
}

// chartSection prints the campaign as a flowchart, on a page of its own
// (or pages, for a long campaign): a box for every entry, a row for every
// encounter of the campaign, and the success and failure arrows, solid
// and dashed, each marked with its first letter. Each box links to its
// entry. Under each page's heading, the key (chartKey) and the page of
// the chart (chartPage) are laid out as frames and painted.
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
		if !r.chartTurned {
			r.paint(r.chartKey(r.contentW()), side, r.fr.y)
			r.paint(r.chartPage(pg), side, chartTop())
			continue
		}
		r.paint(r.turnedChart(pg), side, chartTurnTop())
	}
	r.lay.pages["chart/last"] = r.f.PageNo()
}

// turnedChart lays out a page of a turned chart (layChart) in the page's
// frame under its heading: the key and the chart under it, turned, and
// over them each box's link, where the box prints turned.
func (r *renderer) turnedChart(pg chart.Page) *frame.Frame {
	long := r.bottom() - chartTurnTop()
	in := &frame.Frame{W: long, H: r.contentW()}
	key := r.chartKey(long)
	page := r.chartPage(pg)
	top := key.H + chartKeyGap
	in.Marks = append(in.Marks, frame.Sub{F: key}, frame.Sub{Y: top, F: page})
	in.Say = page.Say
	f := &frame.Frame{W: r.contentW(), H: long, Marks: []frame.Mark{frame.Sub{F: unlinked(in), Turn: true}}, Say: in.Say}
	// A point (x, y) of the turned frame prints at (y, long-x).
	for _, b := range pg.Boxes {
		y := top + b.Y
		f.Marks = append(f.Marks, frame.Link{X: y, Y: long - b.X - b.W, W: b.H, H: b.W, Anchor: r.entries[b.Number-1].anchor()})
	}
	return f
}

// unlinked is f without its links, in it or in the frames inside it.
func unlinked(f *frame.Frame) *frame.Frame {
	out := *f
	out.Marks = nil
	for _, m := range f.Marks {
		switch m := m.(type) {
		case frame.Link:
			continue
		case frame.Sub:
			m.F = unlinked(m.F)
			out.Marks = append(out.Marks, m)
		default:
			out.Marks = append(out.Marks, m)
		}
	}
	return &out
}

// chartFont is the chart's face in a style at a size.
func chartFont(style string, size float64) frame.Font {
	return frame.Font{Family: face.Sans, Style: style, Size: size}
}

// chartPen draws an arrow's line of a kind: the first (success) solid,
// the others dashed, in dashes longer than their gaps.
func chartPen(kind int) frame.Pen {
	p := frame.Pen{Fill: -1, Stroke: 0, Width: 0.35}
	if kind > 0 {
		p.Dash, p.Gap = 1.3, 0.9
	}
	return p
}

// chartKey lays out, w mm across, what the lines mean: a solid line,
// "S Success", a dashed line, "F Failure", and right of them how to read
// the chart: on a narrow page (a folded booklet's) in smaller type, then
// said shorter, measured. It says nothing for the page's text.
func (r *renderer) chartKey(w float64) *frame.Frame {
	h := lh(chartKeyPt)
	f := &frame.Frame{W: w, H: h}
	x := 0.0
	for kind, label := range []string{"Success", "Failure"} {
		r.font("", chartKeyPt)
		lw := r.f.GetStringWidth(label)
		f.Marks = append(f.Marks,
			frame.Poly{Pts: []frame.Pt{{X: x, Y: h / 2}, {X: x + 9, Y: h / 2}}, Pen: chartPen(kind)},
			frame.Text{X: x + 9.5, W: 2, H: h, Font: chartFont("B", chartPt), Align: "L", S: label[:1]},
			frame.Text{X: x + 12, W: lw, H: h, Font: chartFont("", chartKeyPt), Align: "L", S: label},
		)
		x += 12 + lw + 6
	}
	room := w - x
	note, size := "", float64(chartKeyPt)
	for _, n := range []string{"Rows: encounters. Boxes: the entries to turn to. Bold: the start.", "Rows: encounters. Boxes: entries. Bold: the start.", "Rows: encounters. Bold: the start."} {
		for _, pt := range []float64{chartKeyPt, 7.5, face.MinSize} {
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
	f.Marks = append(f.Marks, frame.Text{X: x, W: room, H: h, Font: chartFont("", size), Align: "R", S: note})
	return f
}

// chartPage lays out one page of the chart, its top left corner the
// chart's (chart.Page's (0, 0)): the encounters' numbers down the left,
// in grey, each arrow (chartArrow), each box (chartBox), and the notes
// saying where the chart goes on, over its first row when that row is
// carried from the page before and under its last when the next page
// goes on from it. It says each box's lines and each "End", as painted.
func (r *renderer) chartPage(pg chart.Page) *frame.Frame {
	ch := r.chart
	f := &frame.Frame{W: pg.W, H: pg.H}
	// The encounters, down the left: a frame of their own, the ink set
	// back after it.
	rows := &frame.Frame{W: chart.LabelW - 1.5, H: pg.H}
	for i, row := range pg.Rows {
		if i == 0 {
			rows.Marks = append(rows.Marks, frame.Text{Y: row.Y - lh(chartPt) - 0.2, W: chart.LabelW - 1.5, H: lh(chartPt), Font: chartFont("", chartPt), Grey: 90, Align: "C", S: "Enc."})
		}
		rows.Marks = append(rows.Marks, frame.Text{Y: row.Y, W: chart.LabelW - 1.5, H: ch.BoxH, Font: chartFont("B", 10), Grey: 90, Align: "C", S: strconv.Itoa(row.Step)})
	}
	f.Marks = append(f.Marks, frame.Sub{F: rows})
	for _, a := range pg.Arrows {
		f.Marks = append(f.Marks, frame.Sub{F: r.chartArrow(a)})
	}
	start := 0
	if r.doc.Campaign != nil {
		start = r.doc.Campaign.Start
	}
	measure := func(s string, pt float64, bold bool) float64 {
		if bold {
			r.font("B", pt)
		} else {
			r.font("", pt)
		}
		return r.f.GetStringWidth(s)
	}
	// A chart laid out to fit (layChart) sets its boxes at face.MinSize
	// or larger; one that fits nowhere, in what type its boxes hold.
	items := chartItems(pg, r.entries)
	texts, ok := chart.SetBoxes(items, ch.BoxW, ch.BoxH, face.MinSize, measure)
	if !ok {
		texts = chart.BoxTexts(items, ch.BoxW, ch.BoxH, measure)
	}
	var carried, continued bool
	for i, b := range pg.Boxes {
		f.Marks = append(f.Marks, frame.Sub{X: b.X, Y: b.Y, F: r.chartBox(b, texts[i], b.Number == start), KeepInk: true})
		carried = carried || b.Carried
		continued = continued || b.Continued
	}
	// Where the chart goes on.
	noteH := lh(chartPt + 1)
	note := func(y float64, s string) frame.Text {
		return frame.Text{X: chart.LabelW, Y: y, W: pg.W - chart.LabelW, H: noteH, Font: chartFont("I", chartPt+1), Grey: 60, Align: "R", S: s}
	}
	if carried {
		f.Marks = append(f.Marks, note(pg.Rows[0].Y-noteH-0.3, "Shaded: the last row of the page before, which leads here."))
	}
	if continued {
		y := pg.Rows[len(pg.Rows)-1].Y + ch.BoxH + 0.3
		f.Marks = append(f.Marks, note(y, "Where this row leads is on the next page."))
		f.H = max(f.H, y+noteH)
	}
	return f
}

// chartArrow lays out an arrow in its page's frame: its line, a leg at a
// time (a dashed leg's dashes start afresh), stopping short of its head,
// the head (a frame placed at its point, the ink set back after it), the
// end mark under it when the arrow ends the campaign, and its mark by
// the tail.
func (r *renderer) chartArrow(a chart.Arrow) *frame.Frame {
	f := &frame.Frame{}
	for i := 1; i < len(a.Pts); i++ {
		p, q := a.Pts[i-1], a.Pts[i]
		if i == len(a.Pts)-1 {
			q.Y -= 1.2 // the head covers the rest
		}
		f.Marks = append(f.Marks, frame.Poly{Pts: []frame.Pt{{X: p.X, Y: p.Y}, {X: q.X, Y: q.Y}}, Pen: chartPen(a.Kind)})
	}
	h := a.Head()
	head := &frame.Frame{Marks: []frame.Mark{
		frame.Poly{Closed: true, Pts: []frame.Pt{{X: 0, Y: 0}, {X: -0.75, Y: -1.5}, {X: 0.75, Y: -1.5}}, Pen: frame.Pen{Fill: 0, Stroke: -1}},
	}}
	f.Marks = append(f.Marks, frame.Sub{X: h.X, Y: h.Y, F: head})
	if a.To == 0 {
		f.Marks = append(f.Marks, frame.Text{X: h.X - 5, Y: h.Y + 0.2, W: 10, H: lh(chartPt), Font: chartFont("B", chartPt), Align: "C", S: "End"})
		f.Say = "End"
	}
	if a.Label != "" {
		mark := string([]rune(a.Label)[:1])
		f.Marks = append(f.Marks, frame.Text{X: a.Mark.X - 1.5, Y: a.Mark.Y - lh(chartPt)/2, W: 3, H: lh(chartPt), Font: chartFont("B", chartPt), Align: "C", S: r.cov.printable(mark)})
	}
	return f
}

// chartBox lays out an entry's box, b.W by b.H, with its lines of text
// (chart.BoxTexts): its outline a frame of its own, the ink set back
// after it, shaded when the row is carried from the page before and
// thick for the start; then the lines, centred; and the whole box a
// link to its entry. It says its lines.
func (r *renderer) chartBox(b chart.Box, lines []chart.Line, start bool) *frame.Frame {
	fill, width := 255, 0.35
	if b.Carried {
		fill = 225
	}
	outline := &frame.Frame{W: b.W, H: b.H}
	if start {
		// The others' width is set before the start's own, as the chart
		// has always set it, by a pen that draws nothing: the PDF's bytes
		// stay as they were.
		outline.Marks = append(outline.Marks, frame.Poly{Closed: true, Pen: frame.Pen{Fill: fill, Stroke: 0, Width: width}})
		width = 1.0
	}
	outline.Marks = append(outline.Marks, frame.Box{W: b.W, H: b.H, Fill: fill, Stroke: 0, Width: width})
	f := &frame.Frame{W: b.W, H: b.H, Marks: []frame.Mark{frame.Sub{F: outline}}}
	var says []string
	for _, l := range lines {
		style := ""
		if l.Bold {
			style = "B"
		}
		f.Marks = append(f.Marks, frame.Text{Y: l.Y - l.H/2, W: b.W, H: l.H, Font: chartFont(style, l.Pt), Align: "C", S: r.cov.printable(l.Text)})
		if l.Text != "" {
			says = append(says, l.Text)
		}
	}
	f.Marks = append(f.Marks, frame.Link{W: b.W, H: b.H, Anchor: r.entries[b.Number-1].anchor()})
	f.Say = strings.Join(says, "\n")
	return f
}
