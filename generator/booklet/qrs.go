package booklet

import (
	"github.com/sortie-wargames/sortie/engine/doc"
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
		tb := doc.RuleTable(t)
		g := r.tableGrid(tb, qrsLook, colW)
		headH := r.tableHead(tb, qrsLook, false, true)
		h := headH + r.gridHeight(g) + r.tableFoot(tb, qrsLook, true)
		label := groupLabel(set.System, t)
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
			r.groupHeading(label, headH+20)
		}
		group = label
		r.gap(qrsGap)
		r.need(headH + 15)
		r.mark("qrs/"+id, r.fr.y)
		r.bookmark(t.Title, 1, r.fr.y)
		r.drawTable(tb, qrsLook)
	}
}

// groupLabel names the run of tables a table belongs to, such as the army
// lists; "" for a table in no group.
func groupLabel(sys *rules.System, t *rules.Table) string {
	if len(t.Groups) == 0 {
		return ""
	}
	return sys.GroupTitle(t.Groups[0])
}

// groupHeading introduces a run of tables of one group.
func (r *renderer) groupHeading(label string, keep float64) {
	r.heading(label, 12, keep)
}
