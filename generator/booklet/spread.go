package booklet

import (
	"fmt"
	"iter"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/words"
	"github.com/sortie-wargames/sortie/generator/booklet/face"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"
)

// leftRoom is the least room left under the maps for the encounter's
// blocks to start on the left-hand page; with less, the legend goes to
// the page's foot and the blocks to the right-hand page.
const leftRoom = 40.0

// leadLook is the look of the lines above the maps.
var leadLook = look{size: 10, note: 9, head: sub, table: spreadLook.table}

// encounters prints one spread per entry, each starting on a left-hand
// page: the maps on the left, the rest flowing on to the right-hand page
// and, rarely, beyond it.
func (r *renderer) encounters() {
	for i := range r.entries {
		r.encounter(i)
	}
}

// encounter prints the spread of the i-th entry (a folded booklet's
// volumes may break before one: foldedBooklet.part).
func (r *renderer) encounter(i int) {
	e := r.entries[i]
	r.startOn(true, e.label())
	r.mark(e.anchor(), bodyTop)
	if i == 0 {
		r.bookmark("Encounters", 0, bodyTop)
	}
	r.bookmark(e.label(), 1, bodyTop)
	start := r.f.PageNo()
	sp := &entrySpread{renderer: r, e: e, look: spreadLook, lines: r.setAsLines(e)}
	rest, under := sp.leftPage()
	used, kept := sp.rightPage(rest, under)
	r.lay.pages["end/"+strconv.Itoa(e.number)] = r.f.PageNo()
	if sp.lines || sp.pastLimit(start, kept) && hasChecklist(e.enc.Blocks) {
		r.lay.pages[linesKey(e)] = start // the next pass sets its checklists as lines
	}
	switch {
	case !sp.narrow(): // a flat entry too long for its spread is FaultLong's
	case kept > start+1:
		r.f.faults.add(Fault{Kind: FaultApart, Page: start, Text: fmt.Sprintf("%s: what stays on the first spread ends on page %d of %d–%d", e.label(), kept, start, r.f.PageNo())})
	case sp.apart:
		r.f.faults.add(Fault{Kind: FaultApart, Page: start, Text: fmt.Sprintf("%s: its forces open its second spread, page %d of %d–%d", e.label(), start+2, start, r.f.PageNo())})
	}
	switch n := r.f.PageNo() - start + 1; {
	case n > 2*sp.maxSpreads():
		r.f.faults.add(Fault{Kind: FaultSpill, Page: start, Text: fmt.Sprintf("%s: %d pages, %.0f mm on the last", e.label(), n, used)})
	case n > 2:
		r.f.faults.add(Fault{Kind: FaultLong, Page: start, Text: fmt.Sprintf("%s: %d pages, %.0f mm on the last", e.label(), n, used)})
	}
}

// entrySpread is one entry set on its spread, and the code that sets
// it: the left-hand page with its maps (leftPage, planMaps, spreadFit,
// columnPlan, besideMaps, columnBeside), the right-hand page and any
// pages after (rightPage), and what they print (the entry's head, its
// short sections side by side, its sealed cards' index, the band, the
// way on). What the right-hand page holds is one list of units
// (restUnits), each knowing its height: rightPage places them in order,
// and the left-hand page's planning sums the same units to fit the entry
// to its spread. encounter makes one for each entry; the planning of the
// left-hand page settles its look, lineH and overMaps, and the rest of
// the spread prints by them. It lays out with the renderer's primitives
// (text, tables, maps, placement), which it embeds.
type entrySpread struct {
	*renderer
	e *entry
	// look is the look the entry's blocks are set in: spreadLook, or
	// smaller to keep the entry to its two pages (spreadScales).
	look look
	// lineH is the height the line naming the entry's tables took on the
	// first page of its spread (0 when it prints at the end, or while
	// the maps are planned with that line beside them).
	lineH float64
	// overMaps are the entry's maps that found no room on its left-hand
	// page: they open its right-hand page (planMaps).
	overMaps []board.Map
	// lines sets the entry's checklists as lines (checklistFlowed), not
	// grids: the first thing to give way when the entry would run past
	// its spread, before its maps and its type (planMaps); and, once an
	// entry has run past its limit with a grid (pastLimit), on every
	// pass after (setAsLines).
	lines bool
	// away are what of the entry's blocks gave way, on a folded
	// booklet's page, so that what a turn needs keeps to its first
	// spread: they go overleaf (giveWay, planMaps). Indexes into the
	// blocks the right-hand page prints, afterWay for "After the
	// encounter".
	away []int
	// apart is set when not even that keeps an entry's forces (the
	// sections after its brief) to its first spread on a folded
	// booklet's page: they open the next spread, before what gave way.
	apart bool
}

// maxSpreads is the most spreads an entry may take, each marked so: two
// on a flat page, three on a folded one, whose page is half as big (six
// A5 pages are three quarters of the paper of a flat entry's four A4
// pages).
func (sp *entrySpread) maxSpreads() int {
	r := sp.renderer
	if r.opt.Impose == Saddle {
		return 3
	}
	return 2
}

// pastLimit reports whether the entry, laid out from page start, ran
// past its own limit, so that the next pass sets its checklists as
// lines: on a flat page, past its spread; on a folded booklet's page,
// whose entry may go on overleaf (maxSpreads), past its most spreads, or
// with what stays on its first spread past it (that ended on page kept,
// or the forces opened the second spread).
func (sp *entrySpread) pastLimit(start, kept int) bool {
	r := sp.renderer
	n := r.f.PageNo() - start + 1
	if !sp.narrow() {
		return n > 2
	}
	return n > 2*sp.maxSpreads() || kept > start+1 || sp.apart
}

// ctx is how an entry's blocks print on its spread: maps are on
// the left-hand page already, and a Sealed block is the index of its
// cards.
func (sp *entrySpread) ctx() blockCtx {
	ctx := blockCtx{skipMaps: true, sealed: sp.sealedIndex}
	if sp.lines {
		ctx.checklist = sp.checklistFlowed
	}
	return ctx
}

// leftPage prints the entry's number, title and state, the lines that
// lead into the encounter (such as the terrain roll) and its maps to
// scale with their legend, settling sp's look, lineH and overMaps. It
// returns the blocks still to print and whether they start under the
// maps, the frame left there for them.
func (sp *entrySpread) leftPage() ([]doc.Block, bool) {
	r := sp.renderer
	e := sp.e
	enc := e.enc
	w := r.contentW()
	// The head is a frame of the page: the name, the tagline right, the
	// title when it shares their line, and the rule under them.
	head := &frame.Frame{W: r.pw, H: r.ph}
	var says []string
	r.font("B", 26)
	nameW := r.f.GetStringWidth(e.name())
	head.Marks = append(head.Marks, frame.Text{X: side, Y: bodyTop, W: w, H: lh(26), Font: sansFont("B", 26), Align: "L", S: e.name()})
	tag := r.cov.printable(sp.entryTag())
	tagW := 0.0
	if tag != "" {
		r.font("B", 11)
		tagW = r.f.GetStringWidth(tag) + titleGap
		head.Marks = append(head.Marks, frame.Text{X: side, Y: bodyTop + lh(26) - lh(11) - 1, W: w, H: lh(11), Font: sansFont("B", 11), Align: "R", S: tag})
		says = append(says, tag)
	}
	// The title shares the name's line, on its baseline, when it fits
	// between the name and the tagline: the left-hand page's height goes
	// to the maps, not to a line of its own (a narrow page, or a long
	// title, sets it under the rule as before).
	title := r.cov.printable(enc.Title)
	r.font("B", titleSize)
	shared := title != "" && nameW+titleGap+r.f.GetStringWidth(title)+tagW <= w
	if shared {
		head.Marks = append(head.Marks, frame.Text{X: side + nameW + titleGap, Y: bodyTop + baselineDrop(26, titleSize), W: w - nameW - titleGap - tagW, H: lh(titleSize), Font: sansFont("B", titleSize), Align: "L", S: title})
		says = append(says, title)
	}
	r.fr.y = bodyTop + lh(26) + 0.5
	head.Marks = append(head.Marks, frame.Rule{X1: side, Y1: r.fr.y, X2: side + w, Y2: r.fr.y, Width: 0.6})
	head.Say = strings.Join(says, "\n")
	r.paint(head, 0, 0)
	r.fr.y += 2.5
	if !shared {
		r.flow(span{text: enc.Title, style: "B", size: titleSize})
	}
	if enc.Summary != "" {
		r.flow(span{text: enc.Summary, style: "I", size: 11, before: 0.5})
	}
	lead, rest := leadIn(enc.Blocks)
	r.gap(1.5)
	r.flowPieces(sp.leadPieces(lead, sp.ctx(), w))
	ms := topMaps(enc.Blocks)
	if len(ms) > 0 && r.hasFirstLine(e) {
		// A board with its legend beside it may take the line naming
		// the entry's tables into the legend's column, under the legend:
		// the board keeps the line's height. Planned without the line;
		// failing that, planned again with it above the maps.
		y0, look := r.fr.y, sp.look
		sp.lineH = 0
		ms, all, y, _, plan := sp.planMaps(rest, ms, w)
		if plan.beside && sp.besideMaps(rest, ms, all, y, plan, true) {
			return rest[plan.side:], true
		}
		r.fr.y, sp.look = y0, look
	}
	y0 := r.fr.y
	r.firstLine(e)
	// The line naming the entry's tables, when it prints here, is taken
	// from the maps' height, never from the spread: the maps' scale is
	// judged as if it were not there (enctables.go).
	sp.lineH = r.fr.y - y0
	if len(ms) == 0 {
		return rest, true
	}
	ms, all, y, legendH, plan := sp.planMaps(rest, ms, w)
	avail, used, fits := plan.avail, plan.used, plan.under
	if plan.beside {
		sp.besideMaps(rest, ms, all, y, plan, false)
		return rest[plan.side:], true
	}
	if !fits && r.fr.bottom-(y+used+legendH) < leftRoom {
		// The maps have the page: on a folded booklet's narrow page the
		// legend may stand beside them, one item under another, so that they
		// take the height it would have taken at the foot.
		if mw, stack, ok := r.legendBeside(all, ms, w, y, avail); ok {
			tall := r.fr.bottom - y
			r.mapsBlock(ms, side, y, mw, tall, 0)
			ly := y + (r.mapsPlan(ms, mw, tall, 0).h-stack)/2
			r.legendColumnAt(all, side+mw+legendSep, ly)
			r.fr.y = r.fr.bottom
			return rest, false
		}
	}
	r.mapsBlock(ms, side, y, w, avail, 0)
	if !fits && r.fr.bottom-(y+used+legendH) < leftRoom {
		r.legend(all, r.fr.bottom-legendH+4)
		r.fr.y = r.fr.bottom
		return rest, false
	}
	r.legend(all, y+used+4)
	r.fr.y = y + used + legendH + 4
	return rest, true
}

// titleSize is the size of an entry's title on its left-hand page, and
// titleGap the space between it and the entry's name, or the tagline,
// on the line they share.
const (
	titleSize = 17.0
	titleGap  = 5.0
)

// baselineDrop is how far below a line of text in size a points a line
// in size b starts so that both stand on one baseline: fpdf sets a
// cell's baseline 0.3 of the type's size below the cell's middle.
func baselineDrop(a, b float64) float64 { return (a - b) * ptMM * (leading/2 + 0.3) }

// besideMaps draws the maps of plan (plan.beside) from y: the board and
// its legend stand at the text's left edge, the legend in a column beside
// the board and centred on it, the caption running under both. With line
// set, the line naming the entry's tables goes in the legend's column,
// under the legend; when the column has no room for it there, nothing
// is drawn and besideMaps reports false. The board's caption is wrapped
// to the text block's width, under the board and the legend both.
func (sp *entrySpread) besideMaps(rest []doc.Block, ms, all []board.Map, y float64, plan mapPlan, line bool) bool {
	r := sp.renderer
	if plan.side > 0 {
		return sp.columnBeside(rest[:plan.side], ms, all, y, plan, line)
	}
	e := sp.e
	w := r.contentW()
	capW := w // the caption runs under the board and the legend beside it
	_, s := r.mapLayout(ms, plan.mw, plan.avail, capW)
	tall := plan.used - r.mapCaptionFrame(ms[0], plan.mw, s, capW).H // the board, with its title and edges
	stack := r.placeLegendColumn(r.legendItems(all), 0, 0)
	x := side + plan.mw + legendSep
	col := cursor{x: x, w: side + w - x, brk: func() {}}
	var first span
	group := stack
	if line {
		lines := int((tall - stack - besideLineGap) / lh(firstSize))
		var ok bool
		first, ok = r.firstLineSpan(e, min(lines, besideLines), col.w)
		h := r.laySpan(first, col.w).h
		if !ok || stack+besideLineGap+h > tall {
			return false
		}
		group += besideLineGap + h
	}
	r.mapsBlock(ms, side, y, plan.mw, plan.avail, capW)
	top := y + (tall-group)/2
	r.legendColumnAt(all, x, top)
	if line {
		outer := r.fr
		col.top = top + stack + besideLineGap - first.before
		col.y, col.bottom = col.top, y+tall+1
		r.fr = col
		r.flow(first)
		r.lay.pages[firstKey(e)] = r.f.PageNo()
		r.fr = outer
	}
	r.fr.y = y + plan.used + 4
	return true
}

// columnBeside draws a board at the text's left edge with, in the
// column beside it, the legend and then the blocks bs (columnPlan); with
// line, the line naming the entry's tables under them, when the column
// has room for it. Without that room nothing is drawn and it reports
// false. The board's caption is wrapped to the text block's width, as
// besideMaps wraps it.
func (sp *entrySpread) columnBeside(bs []doc.Block, ms, all []board.Map, y float64, plan mapPlan, line bool) bool {
	r := sp.renderer
	e := sp.e
	w := r.contentW()
	capW := w // the caption runs under the board and the legend beside it
	_, s := r.mapLayout(ms, plan.mw, plan.avail, capW)
	tall := plan.used - r.mapCaptionFrame(ms[0], plan.mw, s, capW).H
	x := side + plan.mw + legendSep
	stack := r.placeLegendColumn(r.legendItems(all), 0, 0)
	outer := r.fr
	defer func() { r.fr = outer; r.fr.y = y + plan.used + 4 }()
	top, colW := y+stack+besideLineGap, side+w-x
	r.fr = cursor{x: x, w: colW, top: top, y: top, bottom: y + tall + 1, brk: func() {}}
	var us []restUnit // the column's blocks (columnPlan takes no run)
	for u := range sp.units(bs, sp.look, sp.ctx(), colW) {
		us = append(us, u)
	}
	var first span
	if line {
		h := 0.0
		for _, u := range us {
			h += u.h
		}
		lines := int((tall - stack - besideLineGap - h - besideLineGap) / lh(firstSize))
		var ok bool
		if first, ok = r.firstLineSpan(e, min(lines, besideLines), colW); !ok || top+h+besideLineGap+r.laySpan(first, colW).h > y+tall {
			return false
		}
	}
	r.mapsBlock(ms, side, y, plan.mw, plan.avail, capW)
	r.legendColumnAt(all, x, y)
	for _, u := range us {
		r.flowPieces(u.ps)
	}
	if line {
		r.fr.y += besideLineGap - first.before
		r.flow(first)
		r.lay.pages[firstKey(e)] = r.f.PageNo()
	}
	return true
}

// besideLines is the most lines the line naming an entry's tables takes
// in the legend's column beside a board, and besideLineGap the space
// between the legend and it.
const (
	besideLines   = 6
	besideLineGap = 3.0
)

// planMaps plans the maps ms of an entry from the frame's y down, w wide,
// and the rest of its blocks: the maps that stay on the page (the rest
// open the right-hand page: sp.overMaps), those the legend is of, where
// they start, the legend's height at their foot and how they are drawn.
// It settles the look the entry's blocks are set in (sp.look).
func (sp *entrySpread) planMaps(rest []doc.Block, ms []board.Map, w float64) ([]board.Map, []board.Map, float64, float64, mapPlan) {
	r := sp.renderer
	r.gap(3)
	legendH := r.legendAcross(ms, 0).H + 4
	y := r.fr.y
	avail := r.fr.bottom - y - legendH
	// Maps too many for the page (their titles and captions leave no
	// room at any scale) keep the first that fit; the rest open the
	// right-hand page, each half a page tall at most.
	sp.overMaps = nil
	all := ms // the legend is every map's
	for len(ms) > 1 && r.mapsPlan(ms, w, avail, 0).h > avail+0.5 {
		sp.overMaps = append([]board.Map{ms[len(ms)-1]}, sp.overMaps...)
		ms = ms[:len(ms)-1]
	}
	used := r.mapsPlan(ms, w, avail, 0).h
	// When the maps leave room on the page but not quite enough for what
	// comes next, they give up a little of their scale for it.
	if room, first := r.fr.bottom-(y+used+legendH+4), sp.firstUnit(rest, sp.look, w).first; room >= leftRoom/2 && room < first && first-room <= maxShrink {
		smaller := used - (first - room) - 0.5
		_, s0 := r.mapLayout(ms, w, avail+sp.lineH, 0)
		_, s1 := r.mapLayout(ms, w, smaller+sp.lineH, 0)
		if s1 >= s0*0.85 {
			avail = smaller
			used = r.mapsPlan(ms, w, avail, 0).h
		}
	}
	// When the rest would run over the right-hand page, the maps give up
	// some of their scale (never below minMapScale) for the blocks that
	// must go under them instead, and failing that the spread's type
	// gives way a little (spreadScales): a spread of two pages, not four.
	//
	// On a folded booklet's page, when nothing of that keeps the whole
	// entry to its spread, what a turn can be played without gives way
	// (giveWay): it goes overleaf, one thing at a time, in the largest
	// type that then keeps the rest to the spread. The brief's boxes
	// (ways past the first firm) give way last, only when nothing else
	// in any type does, and the maps give up no more scale for them: a
	// board smaller than the one the forces would open the next spread
	// beside is not worth them.
	ways, firm := sp.giveWay(rest)
	fit := func() mapPlan {
		var plan mapPlan
		for _, step := range [][2]int{{0, 0}, {1, firm}, {firm + 1, len(ways)}} {
			for _, k := range spreadScales {
				sp.look = spreadLook.scaled(k)
				for m := step[0]; m <= step[1]; m++ {
					sp.away = ways[:m]
					plan = sp.spreadFit(rest, ms, all, w, y, avail, used, legendH)
					if plan.ok && m > firm && plan.avail < avail-0.01 {
						plan.ok = false // the maps would shrink for it
					}
					if plan.ok {
						return plan
					}
				}
			}
		}
		return plan
	}
	// Before any of that, a checklist set as a grid (a row of figures
	// to a line) gives way to one set as lines, when the grid alone
	// keeps the entry from its spread. On a folded booklet's page, whose
	// entry may go on overleaf, the grid is judged by the entry's own
	// limit, what stays on its first spread: it gives way when, with the
	// grid, that does not keep to it, whatever else gives way.
	if !sp.lines && hasChecklist(rest) {
		sp.look, sp.away = spreadLook, nil
		if !sp.narrow() {
			sp.lines = !sp.spreadFit(rest, ms, all, w, y, avail, used, legendH).ok
		} else {
			sp.lines = !fit().ok
		}
	}
	sp.away = nil
	plan := fit()
	if brief, end := briefOf(rest); !plan.ok && end > 0 && sp.narrow() {
		// Not even that keeps the forces to the spread: they open the
		// next, the brief and the way on staying, and what gives way
		// follows them, as little as keeps the rest to the spread.
		sp.look, sp.apart = spreadLook, true
		ways := slices.DeleteFunc(slices.Clone(ways), func(i int) bool { return i > brief && i < end })
		for n := range len(ways) + 1 {
			sp.away = ways[:n]
			if plan = sp.spreadFit(rest, ms, all, w, y, avail, used, legendH); plan.ok {
				break
			}
		}
	}
	if !plan.ok {
		// Not even that keeps it to the spread: it keeps its order.
		sp.look, sp.away, sp.apart = spreadLook, nil, false
		plan = sp.spreadFit(rest, ms, all, w, y, avail, used, legendH)
	}
	if !plan.ok {
		// Nothing else keeps the entry to its spread: the column beside
		// a board smaller than the page takes the legend and the first
		// blocks, in the largest type that then keeps it there.
		for _, k := range spreadScales {
			sp.look = spreadLook.scaled(k)
			if p := sp.columnPlan(rest, ms, all, w, y); p.ok {
				return ms, all, y, legendH, p
			}
		}
		sp.look = spreadLook
	}
	return ms, all, y, legendH, plan
}

// columnPlan plans a single board narrower than the page, at least
// minBesideWidth wide, with a column beside it that holds the legend and
// then as many of the entry's first blocks as fit it whole (a block that
// is not a run of short sections, its tables whole at the column's
// width); under the board and the caption across the page go the next
// blocks that fit, as under any map. It takes the widest board that
// keeps the entry to its spread in the look sp.look, or returns a plan
// that is not ok. The board's caption is wrapped to w, the text block's
// width, as columnBeside wraps it.
func (sp *entrySpread) columnPlan(rest []doc.Block, ms, legend []board.Map, w, y float64) mapPlan {
	r := sp.renderer
	if len(ms) != 1 || ms[0].WidthIn <= 0 || r.narrow() {
		return mapPlan{}
	}
	ctx := sp.ctx()
	pageH := r.fr.bottom - bodyTop
	us := sp.restUnits(rest, sp.look, w)
	all := restTotal(us)
	capW := w // the caption runs under the board and the legend beside it
	stack := r.placeLegendColumn(r.legendItems(legend), 0, 0)
	colMin := max(r.legendColumn(legend), minColumn)
	box := r.fr.bottom - y
	for bw := math.Floor(w - legendSep - colMin); bw >= minBesideWidth; bw -= 2 {
		_, s := r.mapLayout(ms, bw, box, capW)
		mh := r.mapsPlan(ms, bw, box, capW).h
		tall := mh - r.mapCaptionFrame(ms[0], bw, s, capW).H
		if float64(ms[0].WidthIn*s) < minBesideWidth || tall <= 0 {
			break
		}
		mw := min(bw, float64(ms[0].WidthIn*s))
		colW := w - mw - legendSep
		// The first k blocks go to the column, n units laid out colW
		// wide (maps are drawn already and are none).
		k, n, colH := 0, 0, stack+besideLineGap
		for u := range sp.units(rest, sp.look, ctx, colW) {
			if !sp.inColumn(u, colW) || colH+u.h > tall {
				break
			}
			colH += u.h
			k, n = u.end, n+1
		}
		if n == 0 {
			continue
		}
		// What the right-hand page is left with: its units but the
		// column's (us[:j], the first n of the entry's blocks).
		taken, j := 0.0, 0
		for c := 0; c < n; j++ {
			if us[j].block() {
				taken += us[j].h
				c++
			}
		}
		left := all - taken
		room := r.fr.bottom - (y + mh + 4)
		if left-underFill(us[j:], room)+4 <= pageH {
			return mapPlan{avail: mh, used: mh, mw: mw, under: true, beside: true, side: k, ok: true}
		}
	}
	return mapPlan{}
}

// inColumn reports whether a unit laid out colW wide (units) may go in
// the column beside a board: a block, not a run of short sections, whose
// tables print whole at that width, neither stacked nor folded wider
// than it.
func (sp *entrySpread) inColumn(u restUnit, colW float64) bool {
	r := sp.renderer
	if u.kind != unitBlock {
		return false
	}
	for _, p := range u.ps {
		if p.sp != nil {
			continue
		}
		t := r.pieceTable(p, colW)
		if r.layTable(t, p.tl, colW).parts != nil {
			continue
		}
		g := r.tableGrid(t, p.tl, colW)
		if g.stack != nil || g.width() > colW+0.01 {
			return false
		}
	}
	return true
}

// minColumn is the least width of the column beside a board that takes
// blocks (columnPlan): a table of three short columns, or a line of some
// six words.
const minColumn = 50.0

// spreadScales are the sizes, as shares of spreadLook's, an entry's
// blocks are set in, the largest that keeps it to its spread: 0.9 sets
// the body in 8.1 pt and tables in 7.2 pt, the floor.
var spreadScales = []float64{1, 0.95, 0.9}

// mapPlan is how an entry's maps are drawn on its left-hand page (spreadFit).
type mapPlan struct {
	avail, used float64 // the box's height they are drawn in, and the height they take
	mw          float64 // with beside, the width of the box (the board's own)
	under       bool    // the blocks start under them, room having been made
	beside      bool    // their legend stands beside them, not under them
	side        int     // with beside, how many of the blocks go under the legend, in its column (columnPlan)
	ok          bool    // the entry keeps to its spread
}

// spreadFit plans the maps for an entry whose maps start at y, drawn in
// a box w x avail (used tall) with the legend of the maps in legend, in
// the look sp.look: when the rest of the entry runs over its
// right-hand page, the maps give up scale, down to minMapScale, for the
// blocks that go under them instead. On a flat page a single map sets
// its legend beside it rather than at its foot when that draws it
// larger, and when nothing else keeps the entry to its spread, down to
// minBesideScale.
func (sp *entrySpread) spreadFit(rest []doc.Block, ms, legend []board.Map, w, y, avail, used, legendH float64) mapPlan {
	r := sp.renderer
	keep := mapPlan{avail: avail, used: used}
	room := r.fr.bottom - (y + used + legendH + 4)
	pageH := r.fr.bottom - bodyTop
	if len(sp.away) > 0 || sp.apart {
		pageH -= lh(overleafSize) + 1 // the line saying it goes on overleaf
	}
	us := sp.restUnits(rest, sp.look, w)
	all := restTotal(us)
	if all+4 <= pageH {
		keep.ok = true
		return keep
	}
	if room >= leftRoom {
		// The blocks start under the maps as they are.
		if all-underFill(us, room)+4 <= pageH {
			keep.ok = true
			return keep
		}
	}
	// need is the least of the blocks, taken from the start, that must
	// go under the maps for the rest to fit the right-hand page.
	need, found := 0.0, false
	for _, u := range us {
		if u.kind == unitOverleaf {
			break
		}
		if !u.block() {
			continue
		}
		need += u.h
		if found = all-need+4 <= pageH; found {
			break
		}
	}
	if !found {
		return keep
	}
	if need <= room {
		return mapPlan{avail: avail, used: used, under: true, ok: true}
	}
	_, s0 := r.mapLayout(ms, w, avail+sp.lineH, 0)
	smaller := used - (need + 2 - room) - 0.5
	_, s1 := r.mapLayout(ms, w, smaller+sp.lineH, 0)
	// The maps drawn smaller must take no more than smaller: a board
	// whose title, caption and edges alone take more (a long caption
	// on a folded page) leaves the blocks no room under it, and its
	// legend would run past the page's foot.
	shrunk := r.mapsPlan(ms, w, smaller, 0).h
	under := mapPlan{avail: smaller, used: shrunk, under: true, ok: smaller > 0 && s1 >= s0*minMapScale && shrunk <= smaller+0.5}
	if len(ms) != 1 || ms[0].WidthIn <= 0 || r.narrow() {
		// A folded booklet's narrow page sets a map's caption to the
		// page's width, not the board's, and has a legend beside the
		// maps of its own (legendBeside).
		if under.ok {
			return under
		}
		return keep
	}
	// The legend beside the board: the box is as wide as the page less
	// the legend's column, and the legend's height goes to the maps. It
	// goes there when that draws the board larger than with the legend
	// at its foot, or lets the entry keep to its spread at all.
	lw := r.legendColumn(legend) + legendSep
	beside := smaller + legendH
	// The board's caption runs under it and its legend, the text
	// block's width: a line or two, where the board's width took three.
	capW := w
	_, s2 := r.mapLayout(ms, w-lw, beside+sp.lineH, capW)
	stack := r.placeLegendColumn(r.legendItems(legend), 0, 0)
	mh := r.mapsPlan(ms, w-lw, beside, capW).h
	_, s3 := r.mapLayout(ms, w-lw, beside, capW)
	boardH := mh - r.mapCaptionFrame(ms[0], w-lw, s3, capW).H // the legend stands beside the board, never its caption
	if beside <= 0 || s2 < s0*minBesideScale || stack > boardH || ms[0].WidthIn*s2 < minBesideWidth || under.ok && s2 <= s1 {
		if under.ok {
			return under
		}
		return keep
	}
	return mapPlan{avail: beside, used: mh, mw: min(w-lw, float64(ms[0].WidthIn*s3)), under: true, beside: true, ok: true}
}

// minMapScale is the least share of their scale the maps give up so that
// an entry keeps to its spread: the blocks that would run over the
// right-hand page move under the maps instead.
const minMapScale = 0.6

// minBesideScale is the least share of their scale a single map gives
// up with its legend beside it: the legend's column takes the side of
// the page the smaller board leaves empty, so the board may be a little
// smaller than minMapScale lets a map with its legend at its foot be.
const minBesideScale = 0.55

// minBesideWidth is the least width of a board beside its legend, mm:
// 2.5 mm to the inch for a 36" table, half an A4 page's text block (the
// reviewers found 70 mm boards too small to read). Like minBesideScale
// (and every map's scale on the spread), it is judged as if the line
// naming the entry's tables were not above the board, so that the line
// never costs the entry its spread (firstLine).
const minBesideWidth = 90.0

// restUnit is one of the things an entry's spread prints after its
// left-hand page's maps, whole, laid out for a frame of a width: a run of
// short sections side by side, one of the entry's blocks, the line
// pointing to the band's page, "After the encounter", or the way on.
// restUnits lists what the right-hand page holds, in the order
// rightPage prints it; the fitting of the left-hand page (planMaps,
// spreadFit, columnPlan) reads its heights from the same units.
type restUnit struct {
	kind unitKind
	// run is a run's short sections, two or more, and left and right the
	// columns they split into, whole (briefSplit); ps are the pieces of
	// any other unit.
	run         []doc.Block
	left, right []span
	ps          []piece
	// h is the height the unit takes: a run's taller column with the
	// space above its headings, the pieces' height. first is the height
	// of what it begins with, which the room under the maps must hold
	// for it to start there: a run's columns, a block's first piece with
	// what that piece keeps with it.
	h, first float64
	// end is where, in the blocks units lays out, the next unit begins.
	end int
}

// unitKind is what a restUnit prints.
type unitKind int

const (
	unitRun      unitKind = iota // a run of short sections side by side (briefRun)
	unitBlock                    // one of the entry's blocks
	unitBand                     // the line pointing to the band's page (bandSpan)
	unitAfter                    // "After the encounter"
	unitWayOn                    // in a campaign, the links on or the box at its end
	unitOverleaf                 // what gave way starts here, overleaf (sp.away)
)

// block reports whether the unit prints the entry's blocks (a run, or a
// block): what may go under the maps or beside them.
func (u restUnit) block() bool { return u.kind == unitRun || u.kind == unitBlock }

// units lays out the entry's blocks bs in the look lk for a frame w wide
// as units, one at a time, in order: a run of short sections side by
// side, or one block (maps aside: the left-hand page draws them). A
// caller that stops early lays out no more.
func (sp *entrySpread) units(bs []doc.Block, lk look, ctx blockCtx, w float64) iter.Seq[restUnit] {
	r := sp.renderer
	return func(yield func(restUnit) bool) {
		for i := 0; i < len(bs); {
			if _, ok := bs[i].(*doc.Map); ok {
				i++
				continue
			}
			var u restUnit
			if n := briefRun(bs[i:]); n >= 2 {
				left, right, h := sp.briefSplit(bs[i:i+n], lk, ctx, w)
				u = restUnit{kind: unitRun, run: bs[i : i+n], left: left, right: right, h: h + 2.5, first: h, end: i + n}
			} else {
				ps := r.blockPieces(bs[i], lk, 0, ctx, w)
				u = restUnit{kind: unitBlock, ps: ps, h: r.layPieces(ps, w).h, end: i + 1}
				if len(ps) > 0 {
					u.first = r.layPieces(ps[:1], w).h
					if ps[0].sp != nil {
						u.first += ps[0].sp.keep
					}
				}
			}
			if !yield(u) {
				return
			}
			i = u.end
		}
	}
}

// restUnits is what an entry's right-hand page holds under its head and
// the maps that open it (sp.overMaps), in the look lk, w wide, in the
// order rightPage prints it: the entry's blocks from rest, the line
// pointing to the band's page after the first run of short sections, or
// after the brief's first box when the rest of the brief gave way (before
// the blocks, when there is neither), "After the encounter" and, in a
// campaign, the way on.
func (sp *entrySpread) restUnits(rest []doc.Block, lk look, w float64) []restUnit {
	r, e := sp.renderer, sp.e
	ctx := sp.ctx()
	var objective doc.Block // the brief's first box
	if start, end := briefOf(rest); end > 0 {
		objective = rest[start]
	}
	rest, away, after := sp.split(rest)
	var band []restUnit
	if r.band() != nil {
		s := sp.bandSpan()
		band = []restUnit{{kind: unitBand, ps: []piece{{sp: &s}}, h: r.laySpan(s, w).h}}
	}
	var us []restUnit
	for u := range sp.units(rest, lk, ctx, w) {
		us = append(us, u)
		// After the whole run, not the part of it one page takes; after
		// the brief's first box when the others gave way.
		if u.kind == unitRun || u.kind == unitBlock && rest[u.end-1] == objective {
			us, band = append(us, band...), nil
		}
	}
	if band != nil { // no run: the band's line comes first
		us = append(band, us...)
	}
	var afterUnit []restUnit
	if len(e.after) > 0 {
		ps := r.blockPieces(&doc.Section{Title: "After the encounter", Blocks: e.after}, lk, 0, ctx, w)
		afterUnit = []restUnit{{kind: unitAfter, ps: ps, h: r.layPieces(ps, w).h}}
	}
	if !after {
		us, afterUnit = append(us, afterUnit...), nil
	}
	if e.campaign {
		s := sp.endSpan()
		if len(e.links) > 0 {
			s = r.linksSpan(e.links)
		}
		us = append(us, restUnit{kind: unitWayOn, ps: []piece{{sp: &s}}, h: r.laySpan(s, w).h})
	}
	if len(away) == 0 && len(afterUnit) == 0 {
		return us
	}
	us = append(us, restUnit{kind: unitOverleaf})
	for u := range sp.units(away, lk, ctx, w) {
		us = append(us, u)
	}
	return append(us, afterUnit...)
}

// afterWay stands for "After the encounter" among what gives way
// (entrySpread.away).
const afterWay = -1

// split splits the blocks rest the right-hand page prints into those
// that stay on the spread and those that gave way (sp.away), each in
// their order, and reports whether "After the encounter" gave way too.
// With sp.apart, the sections after the brief go first among those that
// gave way.
func (sp *entrySpread) split(rest []doc.Block) (stay, away []doc.Block, after bool) {
	if len(sp.away) == 0 && !sp.apart {
		return rest, nil, false
	}
	_, end := briefOf(rest)
	var forces []doc.Block
	for i, b := range rest {
		_, sec := b.(*doc.Section)
		switch {
		case slices.Contains(sp.away, i):
			away = append(away, b)
		case sp.apart && sec && i >= end:
			forces = append(forces, b)
		default:
			stay = append(stay, b)
		}
	}
	return stay, append(forces, away...), slices.Contains(sp.away, afterWay)
}

// briefOf is where the brief starts and ends among an entry's blocks
// bs: its first run of two or more short sections (briefRun); 0, 0 for
// none.
func briefOf(bs []doc.Block) (start, end int) {
	for i := range bs {
		if n := briefRun(bs[i:]); n >= 2 {
			return i, i + n
		}
	}
	return 0, 0
}

// giveWay is what of an entry's blocks rest (those its right-hand page
// prints) may go overleaf on a folded booklet's page, in the order it
// gives way, so that what a turn is played from keeps to the entry's
// first spread: its maps, its objective (the first of the brief's short
// sections side by side), the sections
// after the brief that are not reference (each side's forces), the
// band's line and the way on. In order: "After the encounter"; the
// lines after the brief outside any section (the cards to cut out); the
// sections after the brief of rules text and tables alone (reference: a
// track of dice rolled ahead, where the markers start), the last first; the
// sections before the brief that hold a table (the terrain the map
// draws, section by section), the first first; the index of the sealed
// cards; last, the brief's boxes but its first (the objective stays: the
// forces' box, deployment and special instructions, which set the table
// up, in order), so that the forces keep to the spread. firm is how many
// of the ways come before the brief's boxes. An entry without a brief
// gives way "After the encounter" alone. A flat page has room for the
// whole entry: nothing gives way.
func (sp *entrySpread) giveWay(rest []doc.Block) (ways []int, firm int) {
	if !sp.narrow() {
		return nil, 0
	}
	if len(sp.e.after) > 0 {
		ways = append(ways, afterWay)
	}
	brief, end := briefOf(rest)
	if end == 0 {
		return ways, len(ways)
	}
	for i := end; i < len(rest); i++ {
		switch rest[i].(type) {
		case *doc.Para, *doc.Cards:
			ways = append(ways, i)
		}
	}
	for i := len(rest) - 1; i >= end; i-- {
		if s, ok := rest[i].(*doc.Section); ok && reference(s) {
			ways = append(ways, i)
		}
	}
	for i := range brief {
		if s, ok := rest[i].(*doc.Section); ok && holdsTable(s) {
			ways = append(ways, i)
		}
	}
	for i := end; i < len(rest); i++ {
		if _, ok := rest[i].(*doc.Sealed); ok {
			ways = append(ways, i)
		}
	}
	firm = len(ways)
	for i := brief + 1; i < end; i++ {
		ways = append(ways, i)
	}
	return ways, firm
}

// reference reports whether a section is rules text and tables alone, a
// table at least: no roll, no labelled line, no side remark, no list,
// which a side's forces have (how it was picked, or the order its
// figures are taken in).
func reference(s *doc.Section) bool {
	for _, b := range s.Blocks {
		switch b := b.(type) {
		case *doc.Table:
		case *doc.Para:
			if b.Note || b.Lead != "" {
				return false
			}
		default:
			return false
		}
	}
	return holdsTable(s)
}

// holdsTable reports whether a section holds a table of its own.
func holdsTable(s *doc.Section) bool {
	return slices.ContainsFunc(s.Blocks, func(b doc.Block) bool {
		_, ok := b.(*doc.Table)
		return ok
	})
}

// restTotal is about the height an entry's right-hand page takes to hold
// the units us (restUnits): theirs, under the line of the entry's name
// at its top (entryHead).
func restTotal(us []restUnit) float64 {
	h := lh(14) + 1
	for _, u := range us {
		if u.kind == unitOverleaf {
			break
		}
		h += u.h
	}
	return h
}

// underFill is the height of those of the units us that print the
// entry's blocks, whole and from the first, that fit room under the
// maps: a unit that does not goes over the page, leaving the room for
// notes.
func underFill(us []restUnit, room float64) float64 {
	fill := 0.0
	for _, u := range us {
		if u.kind == unitOverleaf {
			break
		}
		if !u.block() {
			continue
		}
		if fill+u.h > room {
			break
		}
		fill += u.h
	}
	return fill
}

// firstUnit is the first of the units the blocks bs print something in,
// in the look lk, w wide (the zero unit, of no height, for none).
func (sp *entrySpread) firstUnit(bs []doc.Block, lk look, w float64) restUnit {
	for u := range sp.units(bs, lk, sp.ctx(), w) {
		if u.kind == unitRun || len(u.ps) > 0 {
			return u
		}
	}
	return restUnit{}
}

// maxShrink is the most height the maps give up to make room under them.
const maxShrink = 20.0

// leadIn splits an encounter's blocks into the paragraphs and roll lines
// it opens with (maps aside), printed above the maps, and the rest.
func leadIn(bs []doc.Block) (lead, rest []doc.Block) {
	for i, b := range bs {
		switch b.(type) {
		case *doc.Para, *doc.Roll:
			lead = append(lead, b)
		case *doc.Map:
			rest = append(rest, b) // drawn with the maps; kept in place
		default:
			return lead, append(rest, bs[i:]...)
		}
	}
	return lead, rest
}

// leadPieces are the lead-in's pieces for a frame w wide, as pieces
// gives them, but that two roll lines in a row stand side by side when
// each takes one line of half the frame: the left-hand page's height
// goes to the maps.
func (sp *entrySpread) leadPieces(lead []doc.Block, ctx blockCtx, w float64) []piece {
	r := sp.renderer
	bs := mergeNotes(lead)
	cw := (w - colsGutter) / 2
	short := func(b doc.Block) (span, bool) {
		ro, ok := b.(*doc.Roll)
		if !ok {
			return span{}, false
		}
		s := span{runs: rollRuns(ro), size: leadLook.size}
		return s, len(r.spanLines(s, cw)) == 1
	}
	var ps []piece
	for i := 0; i < len(bs); i++ {
		if i+1 < len(bs) {
			a, ok1 := short(bs[i])
			b, ok2 := short(bs[i+1])
			if ok1 && ok2 {
				a.before = rollBefore
				c := sp.colsSpan([]span{a}, []span{b})
				ps = append(ps, piece{sp: &c})
				i++
				continue
			}
		}
		ps = append(ps, r.blockPieces(bs[i], leadLook, 0, ctx, w)...)
	}
	return ps
}

// boxedMap lays out a map where it stands, with its title and caption,
// in the frame's width and at most h tall.
func (sp *entrySpread) boxedMap(m board.Map, h float64) span {
	r := sp.renderer
	return span{before: 2, lay: func(w float64) *frame.Frame {
		f := &frame.Frame{W: w, H: min(h, r.mapsPlan([]board.Map{m}, w, h, 0).h) + 1}
		if mf := r.mapsFrame([]board.Map{m}, w, h, 0); mf != nil {
			f.Marks = []frame.Mark{frame.Sub{F: mf}}
		}
		return f
	}}
}

// rightPage prints the rest of the encounter from where the left-hand
// page stopped, on the right-hand page and, if it must, beyond: the
// encounter's blocks (a run of short sections side by side, as the
// book's scenario boxes are), the band's page, the index of its sealed
// cards; in a campaign, what follows and where to turn. The maps that
// found no room on the left-hand page (sp.overMaps) open it, and the
// blocks are set in sp.look. It returns how far down its last page the
// entry ran, from the top of the body, before the room left for notes,
// and the page on which what stays on the entry's first spread ended
// (all of it but what gave way: sp.away).
func (sp *entrySpread) rightPage(rest []doc.Block, under bool) (float64, int) {
	r := sp.renderer
	e, lk := sp.e, sp.look
	start := r.f.PageNo()
	var next func()
	next = func() {
		if r.f.PageNo() == start+1 && r.pagesOf(e) > 2 {
			// Leaving the spread: its foot says the entry goes on.
			sp.overleaf(r.fr.bottom + 1)
		}
		r.newPage(e.label())
		r.fr.brk = next
		if r.f.PageNo() == start+1 && r.pagesOf(e) > 2 {
			// The entry ran past its spread in the last pass: the
			// right-hand page keeps a line at its foot to say so.
			r.fr.bottom -= lh(overleafSize) + 1
		}
		r.entryCode(e)
		sp.entryHead()
	}
	if !under {
		next()
	} else {
		// The blocks start under the maps; what does not fit there goes
		// over the page, leaving the room for notes.
		r.fr.brk = func() {
			r.fr.brk = next
			r.notesArea()
			next()
		}
	}
	for _, m := range sp.overMaps {
		r.flow(sp.boxedMap(m, (r.fr.bottom-bodyTop)/2))
	}
	kept := 0
	for _, u := range sp.restUnits(rest, lk, r.fr.w) {
		switch u.kind {
		case unitRun:
			sp.placeRun(u, lk)
		case unitBlock:
			sp.placeBlock(u.ps)
		case unitOverleaf:
			kept = r.f.PageNo()
			sp.turnOver(start)
		default: // the band's line, "After the encounter", the way on
			r.flowPieces(u.ps)
		}
	}
	if kept == 0 {
		kept = r.f.PageNo()
	}
	r.atTable(e)
	r.entryCode(e)
	used := r.fr.y - bodyTop
	r.notesArea()
	return used, kept
}

// turnOver starts what gave way (sp.away) overleaf, on the left-hand
// page after the entry's first spread (which starts on page start), the
// room left on the spread kept for notes; past the spread already, it
// goes on where it is.
func (sp *entrySpread) turnOver(start int) {
	r := sp.renderer
	for r.f.PageNo() <= start+1 {
		r.notesArea()
		r.fr.brk()
	}
}

// placeRun prints a run of short sections (u, laid out in the look lk
// for the frame's width) side by side, whole when it fits the room left.
// Else the sections go side by side as many as fit it; when not even two
// do but the first fits whole across the page, it goes there on its own,
// so that no half page is left blank before them; what is left of the
// run goes on so, its last section, left alone, as a block.
func (sp *entrySpread) placeRun(u restUnit, lk look) {
	r := sp.renderer
	if r.atTop() || u.h <= r.fr.bottom-r.fr.y {
		r.columns(u.left, u.right)
		return
	}
	ctx := sp.ctx()
	secs := u.run
	for len(secs) >= 2 {
		k := sp.briefFit(secs, lk, ctx)
		ps := r.blockPieces(secs[0], lk, 0, ctx, r.fr.w)
		switch {
		case k >= 2:
			sp.briefColumns(secs[:k], lk, ctx)
			secs = secs[k:]
		case r.fr.y+r.layPieces(ps, r.fr.w).h <= r.fr.bottom:
			r.flowPieces(ps)
			secs = secs[1:]
		default:
			sp.briefColumns(secs, lk, ctx)
			secs = nil
		}
	}
	if len(secs) == 1 {
		sp.placeBlock(r.blockPieces(secs[0], lk, 0, ctx, r.fr.w))
	}
}

// placeBlock prints the pieces of one of the entry's blocks. A table is
// not split over the turn of a page: a block whose tables (and what leads
// into them) fit a page but not what is left of this one starts on the
// next, the room left kept for notes. What follows its last table may
// flow on over the page.
func (sp *entrySpread) placeBlock(ps []piece) {
	r := sp.renderer
	if h := r.layPieces(ps[:lastTable(ps)+1], r.fr.w).h; hasTable(ps) && h < (r.fr.bottom-bodyTop)*0.6 && r.fr.y+h > r.fr.bottom && !r.atTop() {
		r.notesArea()
		r.fr.brk()
	}
	r.flowPieces(ps)
}

// briefRun counts the headed sections at the start of bs that hold only
// bulleted lists: they print side by side, as a scenario's boxes do.
func briefRun(bs []doc.Block) int {
	n := 0
	for _, b := range bs {
		s, ok := b.(*doc.Section)
		if !ok || s.Title == "" || len(s.Blocks) == 0 {
			return n
		}
		for _, c := range s.Blocks {
			if _, ok := c.(*doc.List); !ok {
				return n
			}
		}
		n++
	}
	return n
}

// briefFit is how many of the short sections at the start of secs fit
// side by side, in the look lk, in the room left on the page: all of
// them at a page's top.
func (sp *entrySpread) briefFit(secs []doc.Block, lk look, ctx blockCtx) int {
	r := sp.renderer
	if r.atTop() {
		return len(secs)
	}
	room := r.fr.bottom - r.fr.y
	for k := len(secs); k >= 2; k-- {
		if _, _, h := sp.briefSplit(secs[:k], lk, ctx, r.fr.w); h+2.5 <= room {
			return k
		}
	}
	return 0
}

// briefColumns prints short sections in two columns in the look lk,
// split where the columns come out most even, in order.
func (sp *entrySpread) briefColumns(secs []doc.Block, lk look, ctx blockCtx) {
	r := sp.renderer
	left, right, _ := sp.briefSplit(secs, lk, ctx, r.fr.w)
	r.columns(left, right)
}

// briefSplit splits short sections, set in the look lk, into two
// columns of a frame w wide, in order, where the columns come out most
// even, and returns the taller column's height. The sections' pieces
// are laid out for the whole frame, w, not for a column: of a heading's
// keep, measured at w, only whether it has one is read here.
// The split falls between two sections, or, when that leaves one column
// taller by more than midSplit, between two items of one section's list,
// two at least on either side: the right column then opens with the
// section's heading, "(continued)".
func (sp *entrySpread) briefSplit(secs []doc.Block, lk look, ctx blockCtx, w float64) (left, right []span, h float64) {
	r := sp.renderer
	cw := (w - 7) / 2
	var all []span
	var hs []float64
	var head []int // the index of the heading of each span's section
	for _, s := range secs {
		ss, _ := spans(r.blockPieces(s, lk, 0, ctx, w))
		first := len(all)
		for _, x := range ss {
			head = append(head, first)
			all = append(all, x)
			hs = append(hs, r.laySpan(x, cw).h)
		}
	}
	total := 0.0
	for _, h := range hs {
		total += h
	}
	end := func(k int) int { // where k's section ends
		for k < len(all) && head[k] == head[k-1] {
			k++
		}
		return k
	}
	cont := func(k int) span {
		c := all[head[k]]
		c.text += " (continued)"
		return c
	}
	best, bestH := len(all), total // every section's split
	mid, midH := len(all), total   // any item's
	acc := 0.0
	for k := 1; k < len(all); k++ {
		acc += hs[k-1]
		if head[k] == k {
			if m := max(acc, total-acc); m < bestH-0.01 {
				best, bestH = k, m
			}
			continue
		}
		if all[k-1].keep > 0 || k-head[k] < 3 || end(k)-k < 2 {
			continue // a heading stays with two items at least, and two go on
		}
		if m := max(acc, total-acc+r.laySpan(cont(k), cw).h); m < midH-0.01 {
			mid, midH = k, m
		}
	}
	if midH < bestH-midSplit {
		return all[:mid], append([]span{cont(mid)}, all[mid:]...), midH
	}
	return all[:best], all[best:], bestH
}

// midSplit is how much lower, in mm, a split inside a section's list must
// keep the taller column than the best split between sections.
const midSplit = 5.0

// bandSpan is the line that points to the band's page.
func (sp *entrySpread) bandSpan() span {
	r := sp.renderer
	b := r.band()
	return span{text: fmt.Sprintf("%s: %s, page %s.", r.bandTitle(), words.Plural(b.Size(), "figure", "figures"), r.pageOf("band")), style: "B", size: bodySize, before: 3, link: "band"}
}

// sealedIndex is a Sealed block as a spread prints it, in a frame w
// wide: which card to read for each item, in order, and nothing of what
// the cards say.
func (sp *entrySpread) sealedIndex(s *doc.Sealed, lk look, w float64) []piece {
	r, e := sp.renderer, sp.e
	offset := 0
	for _, o := range sealedBlocks(e.enc.Blocks) {
		if o == s {
			break
		}
		offset += len(o.Items)
	}
	title := s.Title
	if title == "" {
		title = "Sealed"
	}
	h := headSpan(title+": read each card only when you reach it", lk.head)
	intro := "Each is on a numbered card in the sealed section; read only the card named here."
	if s.Intro != "" {
		intro = s.Intro
	}
	ps := []piece{{sp: &h}, {sp: &span{text: intro, size: 8.5, grey: true}}}
	var items []span
	for k, it := range s.Items {
		c := r.cardOf[pefKey{e.number, offset + k}]
		if c == nil {
			continue
		}
		text := fmt.Sprintf("%s: card %d, page %s", it.Title, c.number, r.pageOf(c.anchor()))
		if it.Tag != "" {
			text += " (" + it.Tag + ")"
		}
		items = append(items, span{text: text, style: "B", size: 10, indent: 4.5, bullet: "→", before: 0.8, link: c.anchor()})
	}
	if len(items) < 4 {
		for i := range items {
			ps = append(ps, piece{sp: &items[i]})
		}
	} else {
		// Four or more: down the first column, then the second.
		k := (len(items) + 1) / 2
		cols := sp.colsSpan(items[:k], items[k:])
		ps = append(ps, piece{sp: &cols})
	}
	// The heading keeps its remark and the first two lines of the list.
	h.keep = r.keepStart(ps[1:], w, 10)
	return ps
}

// colsGutter is the space between colsSpan's two columns.
const colsGutter = 7.0

// colsSpan sets two lists of spans side by side, as one drawn span.
func (sp *entrySpread) colsSpan(left, right []span) span {
	r := sp.renderer
	const gutter = colsGutter
	before := 0.0
	if len(left) > 0 {
		before = left[0].before
	}
	return span{before: before, lay: func(w float64) *frame.Frame {
		cw := (w - gutter) / 2
		f := &frame.Frame{W: w}
		for i, col := range [][]span{left, right} {
			// As flow sets them in a frame cw wide, each column from its
			// top, where the space above the first span is dropped; the
			// block is as tall as the taller column with it.
			x, y, h := float64(i)*(cw+gutter), 0.0, 0.0
			for _, s := range col {
				if y > 0.01 {
					y += s.before
				}
				if s.lay != nil {
					sf := s.lay(cw - s.indent)
					f.Marks = append(f.Marks, frame.Sub{X: x + s.indent, Y: y, F: sf, KeepInk: true})
					y += sf.H
					h += s.before + sf.H
					continue
				}
				ls := r.laySpan(s, cw)
				for _, line := range ls.lines {
					f.Marks = append(f.Marks, frame.Sub{X: x, Y: y, F: line, KeepInk: true})
					y += lh(s.size)
				}
				if ls.rule != nil {
					f.Marks = append(f.Marks, frame.Sub{X: x, Y: y, F: ls.rule})
					y += ruleGap
				}
				h += ls.h
			}
			f.H = max(f.H, h)
		}
		return f
	}}
}

// endSpan is the box at the end of a campaign's last entries.
func (sp *entrySpread) endSpan() span {
	r := sp.renderer
	const h = 15.0
	return span{before: 4, lay: func(w float64) *frame.Frame {
		const end = "The campaign ends here."
		t := fmt.Sprintf("Write how it ended in your campaign log (page %s).", r.pageOf("log"))
		box := &frame.Frame{W: w, H: h, Marks: []frame.Mark{frame.Box{W: w, H: h, Fill: -1, Stroke: 0, Width: 0.6}}}
		return &frame.Frame{W: w, H: h, Say: end + "\n" + t, Marks: []frame.Mark{
			frame.Sub{F: box}, // the ink set back after it
			frame.Text{Y: 2, W: w, H: lh(12), Font: frame.Font{Family: face.Sans, Style: "B", Size: 12}, Align: "C", S: end},
			frame.Text{Y: 2 + lh(12) + 0.5, W: w, H: lh(9.5), Font: frame.Font{Family: face.Sans, Size: 9.5}, Align: "C", S: t, Link: "log"},
		}}
	}}
}

// notesArea fills the rest of a page with ruled lines for notes, when
// there is room for a few.
func (r *renderer) notesArea() {
	const step = 8.0
	if r.fr.bottom-r.fr.y < 4*step+12 {
		return
	}
	r.heading("Notes", sub, 0)
	r.rules(r.fr.y, r.fr.bottom, step)
	r.fr.y = r.fr.bottom
}

// overleafSize is the type size of the line that says an entry goes on
// over the page.
const overleafSize = 9.0

// overleaf notes at the foot of a spread's right-hand page, at y, that
// the entry goes on over the page.
func (sp *entrySpread) overleaf(y float64) {
	r := sp.renderer
	const text = "Continued overleaf →"
	line := frame.Text{X: side, Y: y, W: r.contentW(), H: lh(overleafSize), Font: sansFont("BI", overleafSize), Align: "R", S: text}
	r.paintMarks(&frame.Frame{W: r.pw, H: r.ph, Marks: []frame.Mark{line}, Say: text}, 0, 0) // the text alone: the ink stays as it was
}

// pagesOf is how many pages an entry took in the previous pass: 2 for a
// spread, 0 before the first pass has laid it out.
func (r *renderer) pagesOf(e *entry) int {
	start, ok := r.prev.pages[e.anchor()]
	end, ok2 := r.prev.pages["end/"+strconv.Itoa(e.number)]
	if !ok || !ok2 {
		return 0
	}
	return end - start + 1
}

// entryHead repeats the entry's name at the top of the right-hand page,
// and of each page an entry runs on to past its spread, with its tagline
// (or, past the spread, a word that it goes on) to the right. A name too
// long to share its line wraps, the tagline on a line of its own under
// it: nothing is cut.
func (sp *entrySpread) entryHead() {
	r, e := sp.renderer, sp.e
	w := r.contentW()
	note, style := r.cov.printable(sp.entryTag()), ""
	if start, ok := r.lay.pages[e.anchor()]; ok && r.f.PageNo() > start+1 {
		note, style = "continued", "I"
		if n := r.spreadsOf(e); n > 1 {
			note = fmt.Sprintf("continued · spread %d of %d", (r.f.PageNo()-start)/2+1, n)
		}
	}
	r.font(style, 10)
	nw := r.f.GetStringWidth(note)
	r.font("B", 14)
	label := r.cov.printable(e.label())
	lines := []string{label}
	if room := w - nw - 6; note == "" || r.f.GetStringWidth(label) > room {
		lines = r.split(label, w)
	}
	head := &frame.Frame{W: r.pw, H: r.ph, Say: strings.Join(lines, " ")}
	for i, l := range lines {
		head.Marks = append(head.Marks, frame.Text{X: side, Y: r.fr.y + float64(i)*lh(14), W: w, H: lh(14), Font: sansFont("B", 14), Align: "L", S: l})
	}
	y := r.fr.y + lh(14) - lh(10) // the note on the name's baseline
	if len(lines) > 1 || r.f.GetStringWidth(label) > w-nw-6 {
		y = r.fr.y + float64(len(lines))*lh(14) // under the name
		r.fr.y += lh(10)
	}
	if note != "" {
		head.Marks = append(head.Marks, frame.Text{X: side, Y: y, W: w, H: lh(10), Font: sansFont(style, 10), Align: "R", S: note})
		head.Say += "\n" + note
	}
	r.paintMarks(head, 0, 0) // the text alone: the ink stays as it was
	r.fr.y += float64(len(lines))*lh(14) + 1
}

// entryTag is what an entry's pages print to the right of its name: its
// tagline and, for an entry laid out on more than one spread in the last
// pass, its pages ("4 pages"), so that a player turning to it knows it
// goes on overleaf.
func (sp *entrySpread) entryTag() string {
	r, e := sp.renderer, sp.e
	s := e.tagline()
	if n := r.spreadsOf(e); n > 1 {
		if s != "" {
			s += " · "
		}
		s += strconv.Itoa(2*n) + " pages"
	}
	return s
}

// spreadsOf is how many spreads an entry took in the previous pass (the
// next entry starts on a left-hand page): 0 before the first pass.
func (r *renderer) spreadsOf(e *entry) int { return (r.pagesOf(e) + 1) / 2 }

// sub is the size of the headings on a spread.
const sub = 11.0

// lastTable is the index of the last table among pieces, or -1.
func lastTable(ps []piece) int {
	for i := len(ps) - 1; i >= 0; i-- {
		if ps[i].tb != nil {
			return i
		}
	}
	return -1
}

// hasTable reports whether pieces hold a table.
func hasTable(ps []piece) bool {
	for _, p := range ps {
		if p.tb != nil {
			return true
		}
	}
	return false
}
