package booklet

import (
	"slices"
	"strings"

	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// This file prints the Quick Reference Sheets: every table the system
// lists, in its order, two columns to a page (one on a narrow page),
// each in the books' style, at the back of a booklet with entries or
// alone in a booklet of their own, from under its cover's title.
//
// The sheets are a document of their own, qrsSheets, printed inside a
// booklet on its pass's renderer: the scale they are set in is decided
// once for the booklet (decide, by placing them whole without painting:
// modelRun), before its first pass or, in a booklet of them alone, as
// that pass reaches them; the decision (qrsRun) is handed from pass to
// pass in the pass's layout (layout.qrs), and each pass prints them
// (print) by playing the tape deciding placed them on, or, under a
// cover, by placing them afresh at the scale decided (place).

// QRS layout in millimetres.
const (
	qrsGutter = 8.0
	qrsBandH  = 8.5  // the title band
	qrsGap    = 5.0  // between tables
	qrsKeyMax = 24.0 // the key column wraps beyond this
	qrsCell   = 9.5  // cell font size, points
	qrsKey    = 10.5 // key font size, points
)

// qrsSheets is the Quick Reference Sheets as a document of their own,
// laid out and printed on the renderer of the booklet's pass that prints
// them: the renderer brings what every document uses (headings, tables,
// placing and painting frames, the pass's pages and anchors); deciding
// the sheets' scale (before, decide, modelRun), placing them (place,
// and broad and footAlone, which it asks) and printing them (print) are
// the sheets' methods, which nothing else in a booklet calls. The
// decision they follow is the pass's (layout.qrs), the only state they
// keep; they share none with another document but the decisions the face
// keeps for every booklet of a build (qrsDecisions), whose values their
// keys decide.
type qrsSheets struct {
	*renderer
}

// newQRSSheets starts the sheets on the renderer of a booklet's pass.
func newQRSSheets(r *renderer) *qrsSheets { return &qrsSheets{renderer: r} }

// print prints the Quick Reference Sheets in the pass's booklet: every
// table the system lists, in its order, two columns to a page (one on a
// narrow page), each table in the books' style (dice count in the title
// band's corner, how to read it under the title, the key column narrow
// and bold). In a booklet of QRS alone they start on the cover, under
// its title.
func (q *qrsSheets) print() {
	const title = "Quick Reference Sheets"
	if run := q.lay.qrs; run != nil && run.tape != nil && len(q.entries) > 0 {
		// Sheets that open a page of their own were placed once, as
		// decide laid them out: every pass of every booklet that
		// prints them paints what that placed.
		run.tape.play(q.renderer)
		return
	}
	if q.lay.qrs == nil && len(q.entries) == 0 {
		// A booklet of the sheets alone decides their scale as its
		// first pass reaches them, under its cover (before), and
		// render hands the decision on to the passes after.
		q.lay.qrs = q.decide()
	}
	s := qrsPrint{paintNow{q.renderer}, title}
	if len(q.entries) > 0 {
		s.newPage()
	} else {
		q.section = title
		q.fr.brk = s.newPage
		q.fr.y += 6
	}
	q.place(&q.fr, q.scale(), q.opens(), s)
}

// place places the Quick Reference Sheets down the cursor, set at
// scale bk (a share of qrsLook's type), from where they open (a new
// page, or under a cover's title), telling s what to paint, where pages
// start and where the tables are marked as it places them: print
// paints them as they are placed (qrsPrint), decide counts their
// pages and notes their marks (qrsModel). The table opens names, if
// any, starts a page (decide: so that the last table does not stand
// alone on the last page). It returns how much of their last page they
// use, their two columns as halves of it, and whether the last table
// stands alone on it: the page holds it whole and nothing of the table
// before it.
func (q *qrsSheets) place(c *cursor, bk float64, opens string, s qrsSink) (fill float64, alone bool) {
	const title = "Quick Reference Sheets"
	set := q.doc.Set
	s.mark("qrs", c.y)
	s.bookmark(title, 0, c.y)
	if len(q.entries) > 0 { // a booklet of QRS alone has its title on the cover above
		q.headingOn(c, s, title+": "+set.System.Name, 16, 40)
	}
	if q.doc.QRS != nil {
		q.flowOn(c, s, span{text: "Only the tables this booklet's encounter sends you to. The whole Quick Reference Sheets of " + set.System.Name + " are a booklet of their own, on the site's page for the system.", style: "I", size: 9.5, keep: 30})
		c.gap(2)
	}
	base := qrsLook.scaled(bk)
	// wide is the look of a table across both columns at scale k: its
	// key column may take more room.
	wide := func(k float64) tableLook {
		lk := qrsLook.scaled(k)
		lk.keyMax = qrsKeyMax * 1.5
		return lk
	}
	colW := (q.contentW() - qrsGutter) / 2
	col := 0
	leftEnd := 0.0 // where the left-hand column ended, once in the right
	var place func(n int, top float64)
	next := func() {
		if col == 0 {
			col = 1
			leftEnd = c.y
			place(1, c.top)
			return
		}
		s.newPage()
		col = 0
		place(0, bodyTop)
	}
	place = func(n int, top float64) {
		*c = cursor{x: side + float64(n)*(colW+qrsGutter), w: colW, top: top, y: top, bottom: q.bottom(), brk: next}
	}
	place(0, c.y+1)
	group := ""
	ids := q.qrsTables()
	var starts, ends []int // the page each table starts and ends on
	for i, id := range ids {
		t := set.Table(id)
		tb := doc.RuleTable(t)
		if id == opens && (col == 1 || !c.atTop()) {
			if col == 0 {
				next()
			}
			next()
		}
		if q.broad(tb, base, colW) {
			// Across both columns, under whatever is above it.
			label := groupLabel(set.System, t)
			y := c.y
			if col == 1 {
				y = max(y, leftEnd)
			}
			lk := wide(bk)
			full := q.contentW()
			*c = cursor{x: side, w: full, top: c.top, y: y, bottom: q.bottom(), brk: s.newPage}
			h := q.layTable(tb, lk, full).h + qrsGap
			if label != "" && label != group && !strings.EqualFold(label, t.Title) {
				h += lh(12) + 6
			}
			if y+h > c.bottom {
				table := q.layTable(tb, lk, full).h
				at := func(k float64) float64 { return h - table + q.layTable(tb, wide(k), full).h }
				if h <= c.bottom-bodyTop {
					if k, ok := qrsFinish(bk, at, c.bottom-y); ok {
						lk = wide(k)
					} else if start := y + h - table; c.bottom-y < (c.bottom-bodyTop)/2 || start+q.layTable(tb, lk, full).start > c.bottom || q.footAlone(tb, lk, start) {
						s.newPage()
					}
					// Otherwise, with half the page or more left under the
					// columns, it starts here and runs on overleaf,
					// "(continued)": moved whole, it left the page above
					// mostly blank (Border Battles' Special Unit Types
					// under Other Characteristics).
				} else if k, ok := qrsFit(bk, at, c.bottom-bodyTop-qrsGap-1); ok {
					// A table taller than a page that a smaller type
					// keeps to one starts a page in it, rather than
					// leave its foot alone overleaf.
					if y > bodyTop+1 {
						s.newPage()
					}
					lk = wide(k)
				} else if start := y + h - table; q.footAlone(tb, lk, start) {
					// Over two pages or more, in any type: the largest of
					// qrsScales that ends it with rows above its foot.
					for _, k := range qrsScales {
						if k < bk && !q.footAlone(tb, wide(k), start) {
							lk = wide(k)
							break
						}
					}
				}
			}
			if label != "" && label != group && !strings.EqualFold(label, t.Title) {
				q.headingOn(c, s, label, 12, q.topOf(tb, lk, false, c.w).h+20)
			}
			group = label
			c.gap(qrsGap)
			c.need(q.topOf(tb, lk, false, c.w).h + 15)
			s.mark("qrs/"+id, c.y)
			s.bookmark(t.Title, 1, c.y)
			starts = append(starts, s.page())
			q.placeDrawn(c, tb, lk, s)
			ends = append(ends, s.page())
			col = 0
			place(0, c.y+qrsGap)
			continue
		}
		g := q.tableGrid(tb, base, colW)
		headH := q.topOf(tb, base, false, c.w).h
		h := headH + q.tableFrame(g).H + q.layTable(tb, base, c.w).footH
		label := groupLabel(set.System, t)
		if label != "" && label != group && !strings.EqualFold(label, t.Title) {
			h += lh(12) + 6
		}
		if !c.atTop() {
			h += qrsGap
		}
		lk := base
		tall := func(lk tableLook) float64 {
			return q.topOf(tb, lk, false, c.w).h + q.tableFrame(q.tableGrid(tb, lk, colW)).H + q.layTable(tb, lk, c.w).footH
		}
		if col == 0 && !c.atTop() && h <= c.bottom-c.top && (i+1 == len(ids) || q.broad(doc.RuleTable(set.Table(ids[i+1])), base, colW)) {
			// The last narrow table before a broad one, or the sheets'
			// end, stands at the head of the right-hand column rather than
			// under the left's tables: the columns end higher, and the
			// broad table may fit under them (a Letter page held two
			// narrow tables down its left side, its right side blank).
			next()
			h -= qrsGap
		}
		var right *cursor // the right-hand column, while a table goes back to the left-hand one
		page := s.page()
		if c.y+h > c.bottom && col == 1 && leftEnd+h <= c.bottom {
			// The left-hand column ended higher and holds the table whole:
			// it goes there, under the left-hand column's tables, rather
			// than overleaf with the rest of the page left blank.
			f := *c
			right = &f
			place(0, leftEnd)
		} else if c.y+h > c.bottom && h <= c.bottom-bodyTop {
			k, ok := 1.0, false
			if col == 1 { // the next column is a new page
				whole := tall(base)
				k, ok = qrsFinish(bk, func(k float64) float64 { return h - whole + tall(qrsLook.scaled(k)) }, c.bottom-c.y)
			}
			switch {
			case ok:
				lk = qrsLook.scaled(k)
				headH = q.topOf(tb, lk, false, c.w).h
			case col == 1 || h <= c.bottom-c.top:
				next()
			case c.y+h-tall(lk)+q.layTable(tb, lk, colW).start > c.bottom:
				// Not even its start fits the left-hand column, and the
				// right-hand one has no more room: overleaf.
				next()
				next()
			}
			// Otherwise, in the left-hand column, a table the right-hand
			// one has no more room for starts here and runs on into it:
			// moved there, it left the left-hand column empty under a
			// table across both and ran on overleaf all the same.
		} else if h > c.bottom-bodyTop {
			// A table taller than a column that a smaller type keeps to
			// one starts a column in it, rather than leave its foot alone
			// at the head of the next.
			whole := tall(base)
			room := c.bottom - c.y // the column it starts
			switch {
			case !c.atTop() && col == 0:
				room = c.bottom - c.top
			case !c.atTop():
				room = c.bottom - bodyTop
			}
			if k, ok := qrsFit(bk, func(k float64) float64 { return h - whole + tall(qrsLook.scaled(k)) }, room-qrsGap-1); ok {
				if !c.atTop() {
					next()
				}
				lk = qrsLook.scaled(k)
				headH = q.topOf(tb, lk, false, c.w).h
			}
		}
		if label != "" && label != group && !strings.EqualFold(label, t.Title) {
			q.headingOn(c, s, label, 12, headH+20)
		}
		group = label
		c.gap(qrsGap)
		c.need(headH + 15)
		s.mark("qrs/"+id, c.y)
		s.bookmark(t.Title, 1, c.y)
		starts = append(starts, s.page())
		q.placeDrawn(c, tb, lk, s)
		ends = append(ends, s.page())
		if right != nil && s.page() == page {
			leftEnd, *c = c.y, *right
		}
	}
	// How much of the last page the sheets use, their two columns as
	// halves of it (decide).
	pageH := q.bottom() - bodyTop
	fill = (c.y - c.top) / pageH / 2
	if col == 1 {
		fill += (leftEnd - bodyTop) / pageH / 2
	}
	n := len(starts)
	alone = n > 1 && starts[n-1] == ends[n-1] && ends[n-2] < starts[n-1]
	return fill, alone
}

// qrsSparse is the share of their last page at or under which the Quick
// Reference Sheets are tried in smaller type, to end a page sooner: a
// page three quarters used may hold most of a column of tables (at a
// half, a month's Letter sheets kept a fifth page).
const qrsSparse = 0.75

// qrsSettleScales are the scales, as shares of qrsLook's, the whole
// Quick Reference Sheets may be set in to save their last page: at 0.9
// the cells are 8.55 pt, as qrsScales lets one table take to finish a
// page.
var qrsSettleScales = []float64{0.95, 0.9}

// decide decides the scale the Quick Reference Sheets are set in:
// their full size, unless their last page is used qrsSparse or less and
// a smaller scale of qrsSettleScales, the largest that does, ends them a
// page sooner, each tried by laying them out whole at it and placing
// them without painting (modelRun). The sheets start a page of their
// own, or under the cover of a booklet of them alone, where the
// renderer's frame stands then, so the rest of the booklet plays no
// part: the booklets of a face that print the same sheets on the same
// page share the decision (qrsDecisions). Deciding leaves the font
// wanted as it was. Decided during the first pass's sheets instead, in
// a booklet with entries, it changed the sheets' pages for the second
// and took a third pass in half the booklets (before).
func (q *qrsSheets) decide() *qrsRun {
	b := q.book
	key := qrsSheetsKey{set: b.doc.Set, paper: b.opt.Paper, impose: b.opt.Impose, subset: b.doc.QRS != nil, alone: len(b.entries) == 0}
	if b.doc.QRS != nil {
		key.tables = strings.Join(b.doc.QRS, "\x1f")
	}
	ds := b.face.Memo(qrsDecisionsKey{}, func() any { return newSharedKept[qrsSheetsKey, *qrsRun](qrsDecisionsMax) }).(*qrsDecisions)
	if run, ok := ds.get(key); ok {
		return run
	}
	set := func(k float64, opens string) (*qrsRun, float64) {
		run, fill := q.modelRun(k, opens)
		if len(b.entries) == 0 {
			// Where the tables of sheets on a cover start hangs on
			// the cover: a pass sets them afresh.
			run.tape = nil
		}
		return run, fill
	}
	run, fill := set(1, "")
	if fill <= qrsSparse && run.pages > 1 {
		for _, try := range qrsSettleScales {
			if smaller, _ := set(try, ""); smaller.pages < run.pages {
				run = smaller
				break
			}
		}
	}
	if ids := q.qrsTables(); len(ids) > 2 && run.alone {
		// The last table alone on the last page: the one before it
		// opens that page, when that keeps the sheets to as many
		// pages and leaves neither last page a table alone.
		if pulled, _ := set(run.k, ids[len(ids)-2]); pulled.pages == run.pages && !pulled.alone {
			run = pulled
		}
	}
	ds.put(key, run)
	return run
}

// qrsRun is the Quick Reference Sheets as decide laid them out: the
// scale, how many pages they take, and, for sheets that open a page of
// their own, what placing them painted, from that page on (tape). It is
// the booklet's decision, the same for each of its passes (layout.qrs),
// and is not changed once made.
type qrsRun struct {
	k     float64
	pages int
	tape  *tape  // nil for sheets that start on a booklet's cover
	opens string // the table that starts a page (place), or ""
	// alone says whether the last page holds one table and nothing
	// else: no table run on from the page before.
	alone bool
}

// opens is the table the sheets start a page with to keep their last
// table company: the pass's decision's (layout.qrs).
func (q *qrsSheets) opens() string {
	if run := q.lay.qrs; run != nil {
		return run.opens
	}
	return ""
}

// before decides the sheets' scale (decide) before a booklet's first
// pass, on that pass's renderer, for a booklet with entries, and keeps
// the decision in the pass's layout (layout.qrs), which render hands on
// to the passes after; the pass guesses how many digits its page
// numbers take from the sheets' pages (book.digits, guessDigits). A
// booklet of the sheets alone prints no page number before them, and
// decides when its first pass reaches them (print).
func (q *qrsSheets) before() {
	if len(q.entries) > 0 {
		run := q.decide()
		q.lay.qrs = run
		q.book.digits = guessDigits(len(q.entries), run.pages)
	}
}

// modelRun lays the Quick Reference Sheets out at scale k, as a
// booklet opens them, and places them without painting (place with a
// qrsModel): a booklet with entries starts them on a page of their own,
// where their tables start does not hang on the rest of the booklet; a
// booklet of them alone under its cover, from where the renderer's
// frame stands. It returns the run and how much of their last page
// they use. It leaves the renderer's frame as it was, and the font it
// wants as laying them out left it.
func (q *qrsSheets) modelRun(k float64, opens string) (*qrsRun, float64) {
	var c cursor
	m := &qrsModel{tape: &tape{}, r: q.renderer, c: &c, at: -1}
	if len(q.entries) > 0 {
		m.newPage()
	} else {
		c, m.at = q.fr, 0
		c.brk = m.newPage
		c.y += 6
	}
	fill, alone := q.place(&c, k, opens, m)
	return &qrsRun{k: k, pages: m.at - m.qrs + 1, tape: m.tape, opens: opens, alone: alone}, fill
}

// qrsSink is told what the Quick Reference Sheets placed down a cursor
// paint (painter) and where their pages start and their anchors
// and bookmarks are (place).
type qrsSink interface {
	painter
	newPage()  // the cursor moves on to a new page
	page() int // the page the cursor is on
	mark(anchor string, y float64)
	bookmark(text string, level int, y float64)
}

// qrsPrint prints the sheets as they are placed in the renderer's frame
// (paintNow).
type qrsPrint struct {
	paintNow
	title string
}

func (p qrsPrint) newPage()                      { p.r.newPage(p.title) }
func (p qrsPrint) page() int                     { return p.r.f.PageNo() }
func (p qrsPrint) mark(anchor string, y float64) { p.r.mark(anchor, y) }
func (p qrsPrint) bookmark(text string, level int, y float64) {
	p.r.bookmark(text, level, y)
}

// qrsModel places the sheets down pages of a cursor of its own onto a
// tape, painting nothing: it counts the pages (at, from 0, the first;
// qrs, the page the sheets open on).
type qrsModel struct {
	*tape
	r       *renderer
	c       *cursor
	at, qrs int
}

func (m *qrsModel) newPage() {
	m.at++
	m.tape.newPage("Quick Reference Sheets")
	*m.c = cursor{x: side, w: m.r.contentW(), top: bodyTop, y: bodyTop, bottom: m.r.bottom(), brk: m.newPage}
}
func (m *qrsModel) page() int { return m.at }
func (m *qrsModel) mark(anchor string, y float64) {
	if anchor == "qrs" {
		m.qrs = m.at
	}
	m.tape.mark(anchor, y)
}

// bookmark notes an outline entry, and sets the font it leaves wanted
// (renderer.bookmark).
func (m *qrsModel) bookmark(text string, level int, y float64) {
	m.tape.bookmark(text, level, y)
	m.r.font("", bodySize)
}

// qrsSheetsKey names the Quick Reference Sheets a booklet prints, as far as
// their layout goes.
type qrsSheetsKey struct {
	set           *rules.Set
	paper, impose string
	tables        string // the tables a one-encounter booklet names
	subset, alone bool   // a one-encounter booklet's; a booklet of them alone
}

type qrsDecisionsKey struct{}

// qrsDecisions keeps decide's decisions for the booklets of a face: a
// sharedKept of at most qrsDecisionsMax a turn, so that a process that
// builds again and again (sortie serve) keeps a bounded number.
type qrsDecisions = sharedKept[qrsSheetsKey, *qrsRun]

const qrsDecisionsMax = 256

// scale is the share of qrsLook's type the sheets are set in: the
// pass's decision's (layout.qrs), full size before one is made.
func (q *qrsSheets) scale() float64 {
	if run := q.lay.qrs; run != nil && run.k > 0 {
		return run.k
	}
	return 1
}

// qrsTables are the ids of the tables the Quick Reference Sheets print,
// in the system's order: all of them, or those the document names. The
// contents and the cover count them too (front.go).
func (b *book) qrsTables() []string {
	all := b.doc.Set.System.QRS
	if b.doc.QRS == nil {
		return all
	}
	var out []string
	for _, id := range all {
		if slices.Contains(b.doc.QRS, id) {
			out = append(out, id)
		}
	}
	return out
}

// qrsScales are the sizes, as shares of qrsLook's, a table of the Quick
// Reference Sheets may take to finish the page it would otherwise leave
// half blank for the next: at 0.9 its cells are 8.55 pt.
var qrsScales = []float64{0.95, 0.9}

// qrsFinish returns the largest of qrsScales at which a table, height(k)
// tall at scale k, fits the room left on the page.
func qrsFinish(bk float64, height func(k float64) float64, room float64) (float64, bool) {
	for _, k := range qrsScales {
		if k < bk && height(k) <= room {
			return k, true
		}
	}
	return 1, false
}

// footAlone reports whether a table drawn in lk across the page from y
// down leaves its foot (odds, decisions, source) alone at the head of
// its last page: the table placed as drawTable places it (placeDrawn),
// down pages whose every break starts a new one, and nothing painted.
func (q *qrsSheets) footAlone(t *doc.Table, lk tableLook, y float64) bool {
	pages := 0
	c := cursor{x: side, w: q.contentW(), top: bodyTop, y: y, bottom: q.bottom()}
	c.brk = func() {
		pages++
		c.x, c.w, c.top, c.y, c.bottom = side, q.contentW(), bodyTop, bodyTop, q.bottom()
	}
	q.placeDrawn(&c, t, lk, noPaint{})
	if pages == 0 {
		return false
	}
	foot := q.layTable(t, lk, c.w).footH
	return foot > 0 && c.y-bodyTop <= foot+lh(lk.size)+2
}

// qrsTallScales are the sizes, as shares of qrsLook's, a table taller
// than a page is set in to keep it to one, its odds with it: down to
// 0.8, cells of 7.6 pt, above the smallest type (face.MinSize).
var qrsTallScales = []float64{0.95, 0.9, 0.85, 0.8}

// qrsFit returns the largest of qrsTallScales at which a table, height(k)
// tall at scale k, fits room.
func qrsFit(bk float64, height func(k float64) float64, room float64) (float64, bool) {
	for _, k := range qrsTallScales {
		if k < bk && height(k) <= room {
			return k, true
		}
	}
	return 1, false
}

// scaled is a table's look with every type size times k, none smaller
// than its floor.
func (t tableLook) scaled(k float64) tableLook {
	t.size, t.head, t.key, t.title, t.band = t.pt(t.size*k), t.pt(t.head*k), t.pt(t.key*k), t.pt(t.title*k), t.band*k
	return t
}

// groupLabel names the run of tables a table belongs to, such as the army
// lists; "" for a table in no group.
func groupLabel(sys *rules.System, t *rules.Table) string {
	if len(t.Groups) == 0 {
		return ""
	}
	return sys.GroupTitle(t.Groups[0])
}

// broad reports whether a table prints across both columns: one with
// several columns of long text, which in one column would wrap to more
// than half as tall again as across the page.
func (q *qrsSheets) broad(tb *doc.Table, base tableLook, colW float64) bool {
	if q.narrow() {
		return true // a folded booklet's page has room for one column
	}
	if len(tb.Wide) < 2 || len(tb.Head) < 4 {
		return false
	}
	full := q.contentW()
	half := q.tableFrame(q.tableGrid(tb, base, colW)).H
	whole := q.tableFrame(q.tableGrid(tb, base, full)).H
	return half > 1.5*whole
}
