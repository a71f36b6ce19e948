package booklet

import (
	"strings"

	"fmt"
	"github.com/sortie-wargames/sortie/engine/words"
	"slices"
	"strconv"

	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/generator/booklet/face"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"
)

// encTablesTitle heads the tables printed with an encounter.
const encTablesTitle = "Tables for this encounter"

// checkEncounterTables reports an entry whose encounter names a table
// that is not on the system's Quick Reference Sheets: the page it
// points to would not exist.
func (b *book) checkEncounterTables() error {
	for _, e := range b.entries {
		for _, id := range e.enc.Tables {
			if b.doc.Set.Table(id) == nil || !slices.Contains(b.doc.Set.System.QRS, id) {
				return fmt.Errorf("entry %d: table %q is not on the quick reference sheets", e.number, id)
			}
		}
	}
	return nil
}

// qrsRef is how a table printed with an encounter names its place on the
// Quick Reference Sheets: "QRS p. 38".
func (r *renderer) qrsRef(id string) string { return "QRS p. " + r.pageOf("qrs/"+id) }

// atTable prints, in the room left on the last page of an encounter's
// spread, the tables the player rolls on at the table during it: whole,
// each as the Quick Reference Sheets print it, titled with its page there
// and linked to it, when they all fit; else those that fit, in order,
// whole, and a line under them naming the rest with their QRS pages
// (someWhole); else one line naming each with its QRS page, each name a
// link. It never adds a page: the spread is laid out
// as it would be without them, and the room kept for the entry's code
// stays. It records which it printed as "tables/N" or "tableline/N".
// When the last page has no room even for the line, the next pass prints
// the line on the spread's first page, over the maps, which give up that
// much of their height ("tablefirst/N", see firstLine). An entry that
// ends on the left-hand page of a later spread has that spread's
// right-hand page for them as well (playSpread).
func (r *renderer) atTable(e *entry) {
	n := strconv.Itoa(e.number)
	if _, first := r.lay.pages["tablefirst/"+n]; len(e.enc.Tables) == 0 || first {
		return
	}
	if start, ok := r.lay.pages[e.anchor()]; ok && r.f.PageNo() > start+1 && (r.f.PageNo()-start)%2 == 0 {
		r.playSpread(e)
		return
	}
	room := r.fr.bottom - r.fr.y - r.codeRoom(e)
	if h, draw := r.encounterTables(e.enc.Tables, encTablesTitle, r.fr.w); h <= room {
		draw()
		r.lay.pages["tables/"+n] = r.f.PageNo()
		return
	}
	if whole, rest := r.someWhole(e.enc.Tables, room); len(whole) > 0 {
		_, draw := r.encounterTables(whole, encTablesTitle, r.fr.w)
		draw()
		r.flow(r.tableLine(rest, "Also at the table: "))
		r.lay.pages["tables/"+n] = r.f.PageNo()
		return
	}
	line := r.tableLine(e.enc.Tables, "At the table: ")
	if r.laySpan(line, r.fr.w).h <= room {
		r.flow(line)
		r.lay.pages["tableline/"+n] = r.f.PageNo()
		return
	}
	r.lay.pages["tablefirst/"+n] = r.lay.pages[e.anchor()]
}

// someWhole splits an entry's tables, when they do not all fit whole in
// room, into those printed whole, each in order that still fits, and the
// rest, named on the line under them: room keeps the line's height as it
// would be naming them all, so that whichever are left it fits. It
// returns no whole tables when none fits. atTable asks only when they do
// not all fit in room, so some are always left for the line.
func (r *renderer) someWhole(ids []string, room float64) (whole, rest []string) {
	room -= r.laySpan(r.tableLine(ids, "Also at the table: "), r.fr.w).h
	for _, id := range ids {
		if h, _ := r.encounterTables(append(slices.Clip(whole), id), encTablesTitle, r.fr.w); h <= room {
			whole = append(whole, id)
		} else {
			rest = append(rest, id)
		}
	}
	return whole, rest
}

// playSpread fills the rest of an entry's last spread, when the entry
// takes more than one and its blocks end on that spread's left-hand page,
// from there to the foot of its right-hand page, with the tables the player rolls on while playing it,
// whole, so that the encounter is played from that spread alone: each
// table goes on the first of the two pages with room for it, in order;
// a table neither has room for is named, with its QRS page, on one line
// after them. The right-hand page is used only when a table goes there.
// It records "tables/N" (or "tableline/N" when none fitted).
func (r *renderer) playSpread(e *entry) {
	n := strconv.Itoa(e.number)
	const rule = 4.0 // the room kept under them for a line of notes
	// The right-hand page keeps room for the line naming the tables that
	// fit neither page, at its longest, so that it never adds a page.
	line := r.laySpan(r.tableLine(e.enc.Tables, "Also at the table: "), r.fr.w).h
	pageH := r.fr.bottom - bodyTop - 2*lh(14) - 1 - rule - line
	rooms := []float64{r.fr.bottom - r.fr.y - rule, pageH}
	groups := make([][]string, len(rooms))
	var rest []string
	for _, id := range e.enc.Tables {
		placed := false
		for i := range groups {
			if h, _ := r.encounterTables(append(slices.Clip(groups[i]), id), encTablesTitle, r.fr.w); h <= rooms[i] {
				groups[i] = append(groups[i], id)
				placed = true
				break
			}
		}
		if !placed {
			rest = append(rest, id)
		}
	}
	if len(groups[0])+len(groups[1]) == 0 {
		r.flow(r.tableLine(e.enc.Tables, "At the table: "))
		r.lay.pages["tableline/"+n] = r.f.PageNo()
		return
	}
	r.lay.pages["tables/"+n] = r.f.PageNo()
	for i, ids := range groups {
		if len(ids) == 0 {
			continue
		}
		if i == 1 {
			r.notesArea()
			r.fr.brk()
		}
		_, draw := r.encounterTables(ids, encTablesTitle, r.fr.w)
		draw()
	}
	if len(rest) > 0 {
		line := r.tableLine(rest, "Also at the table: ")
		if r.laySpan(line, r.fr.w).h > r.fr.bottom-r.fr.y {
			r.notesArea()
			r.fr.brk()
		}
		r.flow(line)
	}
}

// firstLine prints the line naming an entry's tables on the first page of
// its spread, under the lines that lead into it, when the previous pass
// found no room for it on the last page. It takes its height from the
// maps, so it is kept to firstLines lines: when the line naming each
// table with its page would take more, the tables are named with the
// pages they span ("At the table: Turn Sequence, Movement, Star Power
// (QRS pp. 197-199)"), and failing that only counted.
func (r *renderer) firstLine(e *entry) {
	if line, ok := r.firstLineSpan(e, firstLines, r.fr.w); ok {
		r.flow(line)
		r.lay.pages[firstKey(e)] = r.f.PageNo()
	}
}

// firstKey names where an entry's tables line printed on its first page.
func firstKey(e *entry) string { return "tablefirst/" + strconv.Itoa(e.number) }

// hasFirstLine reports whether the line naming an entry's tables prints
// on the first page of its spread (firstLine).
func (r *renderer) hasFirstLine(e *entry) bool {
	_, ok := r.prev.pages[firstKey(e)]
	return ok && len(e.enc.Tables) > 0
}

// firstLineSpan is the line firstLine prints, at most lines lines in a
// frame w wide, and whether it prints at all.
func (r *renderer) firstLineSpan(e *entry, lines int, w float64) (span, bool) {
	if !r.hasFirstLine(e) {
		return span{}, false
	}
	const lead = "At the table: "
	line := r.tableLine(e.enc.Tables, lead)
	if !r.tableLineFits(e.enc.Tables, lead, w) || r.laySpan(line, w).h > float64(lines)*lh(firstSize)+line.before+0.01 {
		line = r.tableSpan(e.enc.Tables, firstSize, lines, w)
	}
	return line, true
}

// tableLineFits reports whether tableLine's names each fit beside its
// lead in a frame w wide (a narrow column has room for none).
func (r *renderer) tableLineFits(ids []string, lead string, w float64) bool {
	r.font("B", firstSize)
	room := w - r.f.GetStringWidth(lead)
	r.font("", firstSize)
	for _, id := range ids {
		if r.f.GetStringWidth(r.tableRef(id)) > room {
			return false
		}
	}
	return true
}

// firstLines is the most lines the tables line takes on an entry's first
// page, above the maps, and firstSize its type's size in points.
const (
	firstLines = 2
	firstSize  = 9.0
)

// tableSpan names tables in one run of text with the span of QRS pages
// that print them, linked to the first: their titles when they fit in
// lines lines of a frame w wide, else only how many they are.
func (r *renderer) tableSpan(ids []string, size float64, lines int, w float64) span {
	lo, hi := 0, 0
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = r.doc.Set.Table(id).Title
		p, _ := strconv.Atoi(r.pageOf("qrs/" + id))
		if i == 0 || p < lo {
			lo = p
		}
		hi = max(hi, p)
	}
	pages := "QRS p. " + strconv.Itoa(lo)
	if hi > lo {
		pages = fmt.Sprintf("QRS pp. %d–%d", lo, hi)
	}
	sp := span{text: "At the table: " + strings.Join(names, ", ") + " (" + pages + ").", size: size, before: 1.5, link: "qrs/" + ids[0]}
	if r.laySpan(sp, w).h > float64(lines)*lh(size)+sp.before+0.01 {
		sp.text = "At the table: " + words.Plural(len(ids), "table", "tables") + " on the Quick Reference Sheets, " + pages + "."
	}
	return sp
}

// codeRoom is the room entryCode will take at the foot of this page for
// the entry's code: none when it has no address, has its code already, or
// the page has no room for one.
func (r *renderer) codeRoom(e *entry) float64 {
	_, done := r.lay.pages["qr/"+strconv.Itoa(e.number)]
	if need := qrSize + qrGap + 1; r.doc.EntryURLs[e.number] != "" && !done && r.fr.bottom-r.fr.y >= need {
		return need
	}
	return 0
}

// tableRef is a table's name with its page: "Shooting (QRS p. 50)".
func (r *renderer) tableRef(id string) string {
	return fmt.Sprintf("%s (%s)", r.doc.Set.Table(id).Title, r.qrsRef(id))
}

// tableLine is the one line that names an encounter's tables with their
// pages on the Quick Reference Sheets, each name linked to its table:
// "At the table: Shooting (QRS p. 50) · Melee (QRS p. 51)".
// A name is never broken over two lines.
func (r *renderer) tableLine(ids []string, lead string) span {
	const size = 9.0
	const sep = " · "
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = r.tableRef(id)
	}
	// place places each part on its line: x from the frame's left, the
	// line.
	place := func(w float64) (xs []float64, lines []int, leadW float64) {
		r.font("B", size)
		leadW = r.f.GetStringWidth(lead)
		r.font("", size)
		sepW := r.f.GetStringWidth(sep)
		x, line := leadW, 0
		for i, name := range names {
			nw := r.f.GetStringWidth(name)
			if i > 0 {
				x += sepW
			}
			if x+nw > w && x > leadW {
				x, line = leadW, line+1
			}
			xs, lines = append(xs, x), append(lines, line)
			x += nw
		}
		return xs, lines, leadW
	}
	font := func(style string) frame.Font { return frame.Font{Family: face.Sans, Style: style, Size: size} }
	return span{before: 1.5, lay: func(w float64) *frame.Frame {
		xs, lines, leadW := place(w)
		f := &frame.Frame{W: w, H: float64(lines[len(lines)-1]+1) * lh(size)}
		f.Marks = append(f.Marks, frame.Text{W: leadW, H: lh(size), Font: font("B"), Align: "L", S: lead})
		text := lead
		r.font("", size)
		for i, name := range names {
			y := float64(lines[i]) * lh(size)
			if i > 0 && lines[i] == lines[i-1] {
				sepW := r.f.GetStringWidth(sep)
				f.Marks = append(f.Marks, frame.Text{X: xs[i] - sepW, Y: y, W: sepW, H: lh(size), Font: font(""), Align: "L", S: sep})
				text += sep
			} else if i > 0 {
				text += " "
			}
			f.Marks = append(f.Marks, frame.Text{X: xs[i], Y: y, W: r.f.GetStringWidth(name), H: lh(size), Font: font(""), Align: "L", S: name, Link: "qrs/" + ids[i]})
			text += name
		}
		f.Say = text
		return f
	}}
}

// encounterTables lays out the tables ids of an encounter under the
// heading title for a frame w wide, whole, each as the Quick Reference
// Sheets print it, titled with its page there: tables that keep their
// shape in half the width two abreast, split where the columns come out
// most even; a table of long text across the frame. It returns the
// height they take and a func that draws them at the frame's y, the
// frame being w wide.
func (r *renderer) encounterTables(ids []string, title string, w float64) (float64, func()) {
	set := r.doc.Set
	half := (w - foldGutter) / 2
	var ps []piece
	var broad []bool
	for _, id := range ids {
		tb := *doc.RuleTable(set.Table(id))
		tb.Title += " · " + r.qrsRef(id)
		p := piece{tb: &tb, tl: spreadLook.table, before: 2}
		ps = append(ps, p)
		broad = append(broad, r.layPiece(p, half).h > 1.5*r.layPiece(p, w).h)
	}
	h := headSpan(title, spreadLook.head)
	total := r.laySpan(h, w).h + 1
	type rowOf struct {
		i, j        int
		left, right []piece
		twoUp       bool
	}
	var rows []rowOf
	for i := 0; i < len(ps); {
		j := i + 1
		for !broad[i] && j < len(ps) && !broad[j] {
			j++
		}
		left, right, colH := r.tableSplit(ps[i:j], half)
		if j-i > 1 {
			rows = append(rows, rowOf{i, j, left, right, true})
			total += colH
		} else {
			rows = append(rows, rowOf{i, j, nil, nil, false})
			total += r.layPieces(ps[i:j], w).h
		}
		i = j
	}
	return total, func() {
		r.flow(h)
		for _, row := range rows {
			if !row.twoUp {
				r.drawLinked(ids[row.i], ps[row.i])
				continue
			}
			outer := r.fr
			end := outer.y
			for c, col := range [][]piece{row.left, row.right} {
				r.fr = cursor{x: outer.x + float64(c)*(half+foldGutter), w: half, top: outer.y, y: outer.y, bottom: outer.bottom, brk: func() {}}
				for _, p := range col {
					r.drawLinked(idOf(ids, ps, p), p)
				}
				end = max(end, r.fr.y)
			}
			outer.y = end
			r.fr = outer
		}
	}
}

// idOf returns the table id of piece p, one of ps (in ids' order).
func idOf(ids []string, ps []piece, p piece) string {
	for i := range ps {
		if ps[i].tb == p.tb {
			return ids[i]
		}
	}
	return ""
}

// drawLinked draws a table piece in the frame, its title band linked to
// the table on the Quick Reference Sheets.
func (r *renderer) drawLinked(id string, p piece) {
	page := r.f.PageNo()
	r.gap(p.before)
	y := r.fr.y
	r.drawTable(p.tb, p.tl)
	if r.f.PageNo() == page && id != "" {
		band := frame.Link{X: r.fr.x, Y: y, W: r.fr.w, H: p.tl.band, Anchor: "qrs/" + id}
		r.paintMarks(&frame.Frame{Marks: []frame.Mark{band}}, 0, 0) // a link alone: the ink stays as it was
	}
}

// tableSplit splits tables into two columns w wide, in order, where the
// columns come out most even, and returns the taller column's height.
func (r *renderer) tableSplit(ps []piece, w float64) (left, right []piece, h float64) {
	hs := make([]float64, len(ps))
	total := 0.0
	for i, p := range ps {
		hs[i] = r.layPiece(p, w).h
		total += hs[i]
	}
	best, bestH, acc := len(ps), total, 0.0
	for k := 1; k < len(ps); k++ {
		acc += hs[k-1]
		if m := max(acc, total-acc); m < bestH-0.01 {
			best, bestH = k, m
		}
	}
	return ps[:best], ps[best:], bestH
}
