package booklet

import (
	"strings"

	"github.com/sortie-wargames/sortie/engine/rules"
)

// QRS layout in millimetres.
const (
	qrsGutter = 8.0
	qrsBandH  = 8.5  // the title band
	qrsGap    = 5.0  // between tables
	qrsKeyMax = 24.0 // the key column wraps beyond this
	qrsCell   = 9.5  // cell font size, points
	qrsKey    = 10.5 // key font size, points
)

// qrsSection prints the Quick Reference Sheets: every table the system
// lists, in its order, two columns to a page, each table in the books'
// style (dice count in the title band's corner, how to read it under the
// title, the key column narrow and bold). In a booklet of QRS alone they
// start on the cover, under its title.
func (r *renderer) qrsSection() {
	const title = "Quick Reference Sheets"
	set := r.doc.Set
	if len(r.entries) > 0 {
		r.newPage(title)
	} else {
		r.section = title
		r.fr.brk = func() { r.newPage(title) }
		r.fr.y += 6
	}
	r.mark("qrs", r.fr.y)
	r.bookmark(title, 0, r.fr.y)
	if len(r.entries) > 0 { // a booklet of QRS alone has its title on the cover above
		r.heading(title+": "+set.System.Name, 16, 40)
	}
	colW := (r.contentW() - qrsGutter) / 2
	col := 0
	var place func(c int, top float64)
	next := func() {
		if col == 0 {
			col = 1
			place(1, r.fr.top)
			return
		}
		r.newPage(title)
		col = 0
		place(0, bodyTop)
	}
	place = func(c int, top float64) {
		r.fr = frame{x: side + float64(c)*(colW+qrsGutter), w: colW, top: top, y: top, bottom: r.bottom(), brk: next}
	}
	place(0, r.fr.y+1)
	group := ""
	for _, id := range set.System.QRS {
		t := set.Table(id)
		g := r.qrsGrid(t, colW)
		h := r.qrsHead(t, false, true) + r.gridHeight(g) + r.qrsFoot(t, true)
		label := groupLabel(t)
		if label != "" && label != group {
			h += lh(12) + 6
		}
		if !r.atTop() {
			h += qrsGap
		}
		if r.fr.y+h > r.fr.bottom && h <= r.fr.bottom-bodyTop {
			next()
		}
		if label != "" && label != group {
			r.groupHeading(label, r.qrsHead(t, false, true)+20)
		}
		group = label
		r.gap(qrsGap)
		r.need(r.qrsHead(t, false, true) + 15)
		r.mark("qrs/"+id, r.fr.y)
		r.bookmark(t.Title, 1, r.fr.y)
		r.table(g, func(continued, measure bool) float64 { return r.qrsHead(t, continued, measure) })
		r.qrsFoot(t, false)
	}
}

// groupLabel names the run of tables a table belongs to, such as the army
// lists; "" for a table in no group.
func groupLabel(t *rules.Table) string {
	if len(t.Groups) == 0 {
		return ""
	}
	switch g := t.Groups[0]; g {
	case "army":
		return "Army lists"
	case "creatures":
		return "Creature lists"
	default:
		return strings.ToUpper(g[:1]) + g[1:]
	}
}

// groupHeading introduces a run of tables of one group.
func (r *renderer) groupHeading(label string, keep float64) {
	r.heading(label, 12, keep)
}

// qrsGrid builds a table's grid for a column w wide.
func (r *renderer) qrsGrid(t *rules.Table, w float64) *grid {
	g := &grid{size: qrsCell, headSize: 8.5, rowGrey: func(i int) bool { return i%2 == 1 }}
	g.cols = append(g.cols, gridCol{head: t.KeyHeader, style: "B", align: "C", size: qrsKey, minW: 8, maxW: qrsKeyMax})
	cols := t.Printed()
	for _, i := range cols {
		c := t.Columns[i]
		gc := gridCol{head: c.Name, align: "L"}
		switch c.Type {
		case rules.TypeInt, rules.TypeFlag:
			gc.align = "C"
		default:
			gc.grow = true
		}
		g.cols = append(g.cols, gc)
	}
	for _, row := range t.Rows {
		cells := []string{row.Key}
		for _, i := range cols {
			cells = append(cells, t.CellText(i, row.Cells[i]))
		}
		g.rows = append(g.rows, cells)
	}
	r.fitColumns(g, w)
	return g
}

// qrsHead draws a table's title band and, unless continued, the lines
// under it; with measure it only returns their height.
func (r *renderer) qrsHead(t *rules.Table, continued, measure bool) float64 {
	w := r.fr.w
	var spans []span
	read := t.HowToRead()
	if t.SixFails {
		if read != "" {
			read += ". "
		}
		read += "A 6 is always a failure."
	}
	if read != "" && !continued {
		spans = append(spans, span{text: read, style: "BI", size: 9, before: 1})
	}
	if !continued {
		for _, n := range t.Notes {
			spans = append(spans, span{text: n, size: 8.5, before: 0.5})
		}
	}
	h := qrsBandH + 1.5
	for _, s := range spans {
		h += r.spanHeight(s, w)
	}
	if measure {
		return h
	}
	x, y := r.fr.x, r.fr.y
	r.f.SetFillColor(45, 45, 45)
	r.f.Rect(x, y, w, qrsBandH, "F")
	tx := x + 2.5
	if corner := t.Corner(); corner != "" {
		r.f.SetFillColor(255, 255, 255)
		r.f.SetLineWidth(0.5)
		r.f.Rect(x+0.8, y+0.8, qrsBandH-1.6, qrsBandH-1.6, "FD")
		r.font("B", 12)
		if len(corner) > 2 {
			r.font("B", 8.5)
		}
		r.f.SetXY(x+0.8, y+0.8)
		r.f.CellFormat(qrsBandH-1.6, qrsBandH-1.6, corner, "", 0, "C", false, 0, "")
		tx = x + qrsBandH + 2
	}
	title := t.Title
	if continued {
		title += " (continued)"
	}
	r.font("B", 11)
	r.f.SetTextColor(255, 255, 255)
	r.f.SetXY(tx, y)
	r.f.CellFormat(x+w-tx-1, qrsBandH, r.fit(r.cov.printable(title), x+w-tx-1), "", 0, "L", false, 0, "")
	r.ink()
	r.fr.y += qrsBandH
	r.flow(spans...)
	r.fr.y += 1.5
	return h
}

// qrsFoot prints a table's decision footnotes and where the book prints
// it; with measure it only returns their height.
func (r *renderer) qrsFoot(t *rules.Table, measure bool) float64 {
	var spans []span
	for _, d := range t.Decisions {
		spans = append(spans, span{text: "* Sortie's decision: " + d, style: "I", size: 7.5, before: 0.8})
	}
	if t.Source != "" {
		spans = append(spans, span{text: "Book: " + t.Source + ".", size: 7, grey: true, before: 0.8})
	}
	if measure {
		h := 0.0
		for _, s := range spans {
			h += r.spanHeight(s, r.fr.w)
		}
		return h
	}
	r.flow(spans...)
	return 0
}
