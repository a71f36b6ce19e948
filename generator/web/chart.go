package web

import (
	"fmt"
	"html/template"
	"strings"

	"github.com/sortie-wargames/sortie/engine/board/draw"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/generator/chart"
)

// chartPx is how many CSS pixels a millimetre of the chart is drawn: its
// small text, sized in points as the booklet prints it, stays readable;
// a chart wider than the column scrolls across.
const chartPx = 4.0

// chartShrink is the least a chart is scaled to fit a narrow column
// (style.css reads it from --chart-min): a chart a little wider than a
// phone's column (three boxes a row) fits it whole, and a box, 12 mm at
// chartPx, stays 44 px tall, a finger's target.
const chartShrink = 0.92

// chartWidth is the width the chart is laid out in, mm: as the booklet's
// text block, or less for narrow campaigns, whose boxes would otherwise
// stand far apart: 5 mm between boxes, so that three a row (102 mm, 408
// px) fit a phone's column of 380 px at chartShrink.
func chartWidth(c *campaign.Campaign) float64 {
	widest := map[int]int{}
	most := 0
	for _, n := range c.Nodes {
		widest[n.Step]++
		most = max(most, widest[n.Step])
	}
	return min(180, chart.LabelW+float64(most)*(chart.DefaultBoxW+5))
}

// sansWidth estimates the width of s in mm in the site's sans-serif face
// (DejaVu Sans or Verdana, both wide) at size pt: a little wider than
// either sets it, so that a box's text fits in any of them.
func sansWidth(s string, pt float64, bold bool) float64 {
	em := 0.0
	for _, c := range s {
		switch {
		case c == ' ' || c == ':' || c == '.' || c == ',' || c == 'i' || c == 'l' || c == 'I':
			em += 0.36
		case c >= 'A' && c <= 'Z':
			em += 0.74
		case c == 'm' || c == 'w' || c == 'M' || c == 'W':
			em += 0.92
		default:
			em += 0.64
		}
	}
	if bold {
		em *= 1.1
	}
	return em * pt * draw.PtMM
}

// chartSVG draws a campaign's gamebook graph as a flowchart (generator/chart
// lays it out): a box for every entry linking to the entry, the success
// arrows solid and the failure arrows dashed, each marked with its
// label's first letter.
func chartSVG(c *campaign.Campaign, entryHref func(int) string) (template.HTML, error) {
	ch, err := chart.Layout(c, chart.Options{Width: chartWidth(c)})
	if err != nil {
		return "", err
	}
	pg := ch.Pages[0]
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" viewBox="0 0 %s %s" width="%s" height="%s" style="--chart-min: %spx" role="group" aria-label="Campaign chart" xmlns="http://www.w3.org/2000/svg">`,
		num(pg.W), num(pg.H), num(pg.W*chartPx), num(pg.H*chartPx), num(pg.W*chartPx*chartShrink))
	fmt.Fprintf(&b, "\n<title>Campaign chart</title>\n<desc>%s</desc>", esc(chartDesc(c)))

	// What the texts and lines of a kind share is said once, on their
	// group: a chart of a hundred encounters draws thousands of them.
	fmt.Fprintf(&b, "\n"+`<g class="steps" aria-hidden="true" font-size="%s" font-weight="bold" text-anchor="middle" fill="#555">`, num(10*draw.PtMM))
	for i, row := range pg.Rows {
		if i == 0 {
			fmt.Fprintf(&b, `<text x="%s" y="%s" font-size="%s" font-weight="normal">Enc.</text>`,
				num((chart.LabelW-1.5)/2), num(row.Y-0.8), num(5.5*draw.PtMM))
		}
		fmt.Fprintf(&b, `<text x="%s" y="%s" dominant-baseline="central">%d</text>`,
			num((chart.LabelW-1.5)/2), num(row.Y+ch.BoxH/2), row.Step)
	}
	b.WriteString("</g>")

	// The links' lines, then their heads, then their marks, each in a
	// group of their own.
	var lines, heads, marks strings.Builder
	for _, a := range pg.Arrows {
		writeArrow(&lines, &heads, &marks, a)
	}
	b.WriteString("\n<g class=\"links\" aria-hidden=\"true\">")
	fmt.Fprintf(&b, `<g fill="none" stroke="#000" stroke-width="0.35">%s</g><g>%s</g><g font-size="%s" font-weight="bold" text-anchor="middle">%s</g>`,
		lines.String(), heads.String(), num(6*draw.PtMM), marks.String())
	b.WriteString("</g>")

	items := make([]chart.Item, len(pg.Boxes))
	for i, bx := range pg.Boxes {
		n := c.Node(bx.Number)
		items[i] = chart.Item{Number: n.Number, Title: n.Encounter.Title, State: nodeState(n)}
	}
	texts := chart.BoxTexts(items, ch.BoxW, ch.BoxH, sansWidth)
	b.WriteString("\n<g class=\"entries\" text-anchor=\"middle\">")
	for i, bx := range pg.Boxes {
		n := c.Node(bx.Number)
		stroke := "0.35"
		if n.Number == c.Start {
			stroke = "1"
		}
		fmt.Fprintf(&b, "\n"+`<a href="%s"><title>%s</title><rect x="%s" y="%s" width="%s" height="%s" fill="#fff" stroke="#000" stroke-width="%s"/>`,
			esc(entryHref(n.Number)), esc(boxLabel(n)), num(bx.X), num(bx.Y), num(bx.W), num(bx.H), stroke)
		for _, l := range texts[i] {
			bold := ""
			if l.Bold {
				bold = ` font-weight="bold"`
			}
			fmt.Fprintf(&b, `<text x="%s" y="%s" font-size="%s" dominant-baseline="central"%s>%s</text>`,
				num(bx.X+bx.W/2), num(bx.Y+l.Y), num(l.Pt*draw.PtMM), bold, esc(l.Text))
		}
		b.WriteString("</a>")
	}
	b.WriteString("</g>\n</svg>")
	// Each box's link is named by its <title> (its entry, encounter and
	// ways on), not by aria-label, which axe would have hold the box's
	// visible words.
	return template.HTML(b.String()), nil //nolint: every text and attribute is escaped by esc
}

// writeArrow writes a link: its line (solid for the first of an entry's
// links, dashed for the others) to lines, its head to heads, and the end
// mark and its label's mark to marks. The groups they go in give the
// lines their stroke and the marks their font.
func writeArrow(lines, heads, marks *strings.Builder, a chart.Arrow) {
	pts := make([]draw.P, len(a.Pts))
	for i, p := range a.Pts {
		pts[i] = draw.P{X: p.X, Y: p.Y}
	}
	pts[len(pts)-1].Y -= 1.2 // the head covers the rest
	dash := ""
	if a.Kind > 0 {
		dash = ` stroke-dasharray="1.3 0.9"`
	}
	fmt.Fprintf(lines, `<polyline points="%s"%s/>`, points(pts), dash)
	h := a.Head()
	fmt.Fprintf(heads, `<polygon points="%s"/>`, points([]draw.P{{X: h.X, Y: h.Y}, {X: h.X - 0.75, Y: h.Y - 1.5}, {X: h.X + 0.75, Y: h.Y - 1.5}}))
	if a.To == 0 {
		fmt.Fprintf(marks, `<text x="%s" y="%s" dominant-baseline="hanging">End</text>`, num(h.X), num(h.Y+0.4))
	}
	if a.Label != "" {
		fmt.Fprintf(marks, `<text x="%s" y="%s" dominant-baseline="central">%s</text>`,
			num(a.Mark.X), num(a.Mark.Y), esc(string([]rune(a.Label)[:1])))
	}
}

// nodeState is the state an entry prints: its encounter's, else the
// node's.
func nodeState(n *campaign.Node) string {
	if n.Encounter != nil && n.Encounter.State != "" {
		return n.Encounter.State
	}
	return n.State
}

// boxLabel is what a screen reader hears for a box: the entry, its
// encounter and state, its step, and where each link goes ("Entry 4:
// Raid, encounter 2. Success: go to 7. Failure: go to 8.").
func boxLabel(n *campaign.Node) string {
	s := fmt.Sprintf("Entry %d: %s", n.Number, n.Encounter.Title)
	if st := nodeState(n); st != "" {
		s += ", " + st
	}
	s += fmt.Sprintf(", encounter %d.", n.Step)
	for _, l := range n.Links {
		if l.To == 0 {
			s += fmt.Sprintf(" %s: the campaign ends.", l.Label)
			continue
		}
		s += fmt.Sprintf(" %s: go to %d.", l.Label, l.To)
	}
	if len(n.Links) == 0 {
		s += " The campaign ends here."
	}
	return s
}

// chartDesc describes the chart as a whole.
func chartDesc(c *campaign.Campaign) string {
	return fmt.Sprintf("The campaign's %d entries as a flowchart, a row for each of its %d encounters, starting at entry %d. "+
		"Each box links to its entry; success arrows are solid and marked S, failure arrows dashed and marked F.",
		len(c.Nodes), c.Steps, c.Start)
}
