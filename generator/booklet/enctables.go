package booklet

import (
	"fmt"
	"slices"

	"github.com/sortie-wargames/sortie/engine/doc"
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

// encounterTables prints, after an encounter's own blocks, the tables
// it needs at the table, each as the Quick Reference Sheets print it,
// titled with its page there and linked to it. Tables that keep their
// shape in half the width go two abreast, split where the columns come
// out most even; a table of long text goes across the page. Nothing is
// split over the turn of a page: what fits a page but not what is left
// of this one starts on the next, the room left kept for notes.
func (r *renderer) encounterTables(e *entry) {
	if len(e.enc.Tables) == 0 {
		return
	}
	set := r.doc.Set
	half := (r.fr.w - foldGutter) / 2
	var ps []piece
	var broad []bool
	for _, id := range e.enc.Tables {
		tb := *doc.RuleTable(set.Table(id))
		tb.Title += " · " + r.qrsRef(id)
		p := piece{tb: &tb, tl: spreadLook.table, before: 2}
		ps = append(ps, p)
		broad = append(broad, r.piecesHeight([]piece{p}, half) > 1.5*r.piecesHeight([]piece{p}, r.fr.w))
	}
	h := headSpan(encTablesTitle, spreadLook.head)
	h.keep = r.startHeight(ps[0], r.fr.w)
	first := true
	for i := 0; i < len(ps); {
		j := i + 1
		for !broad[i] && j < len(ps) && !broad[j] {
			j++
		}
		run := ps[i:j]
		left, right, colH := r.tableSplit(run, half)
		twoUp := len(run) > 1 && colH <= r.fr.bottom-bodyTop-lh(14)
		need := colH
		if !twoUp {
			need = r.piecesHeight(run[:1], r.fr.w)
		}
		if first {
			need += r.spanHeight(h, r.fr.w)
		}
		if need < r.fr.bottom-bodyTop && r.fr.y+need > r.fr.bottom && !r.atTop() {
			r.notesArea()
			r.fr.brk()
		}
		if first {
			r.flow(h)
			first = false
		}
		if !twoUp {
			r.drawLinked(e.enc.Tables[i], ps[i])
			i++
			continue
		}
		outer := r.fr
		end := outer.y
		for c, col := range [][]piece{left, right} {
			r.fr = frame{x: outer.x + float64(c)*(half+foldGutter), w: half, top: outer.y, y: outer.y, bottom: outer.bottom, brk: func() {}}
			for _, p := range col {
				r.drawLinked(idOf(e, ps, p), p)
			}
			end = max(end, r.fr.y)
		}
		outer.y = end
		r.fr = outer
		i = j
	}
}

// idOf returns the table id of piece p, one of ps (in e's order).
func idOf(e *entry, ps []piece, p piece) string {
	for i := range ps {
		if ps[i].tb == p.tb {
			return e.enc.Tables[i]
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
		r.f.Link(r.fr.x, y, r.fr.w, p.tl.band, r.link("qrs/"+id))
	}
}

// tableSplit splits tables into two columns w wide, in order, where the
// columns come out most even, and returns the taller column's height.
func (r *renderer) tableSplit(ps []piece, w float64) (left, right []piece, h float64) {
	hs := make([]float64, len(ps))
	total := 0.0
	for i, p := range ps {
		hs[i] = r.piecesHeight([]piece{p}, w)
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
