package booklet

import (
	"strings"
	"unicode"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/words"
)

// Log sheet sizes.
const (
	logRow      = 7.5 // the least height of a row to write in, mm
	logMinRow   = 6.0 // rows shrink to this to keep the encounter log on its page
	logBandRows = 10  // rows of the band roster, filled or blank
)

// Room to write in a log's columns (gridCol.write), from the width of a
// handwritten character: about 2 mm in small, upright print, the hand a
// 7.5 mm row asks for. A column the player writes in has blank cells, so
// its words ask for no room; these widths are taken before the printed
// columns get more than their longest words (plan.Column.Write).
const (
	handChar   = 2.0           // mm a handwritten character takes
	writeName  = 12 * handChar // a figure's name: 24 mm
	writeTitle = 15 * handChar // an encounter's name: 30 mm
	writeNote  = 12 * handChar // the start of a note, wrapping past it
	writeEntry = 5 * handChar  // an entry's number, "Entry 32"
	writeValue = 6 * handChar  // a value struck out and its new one beside it
)

// logSection prints the campaign log on one page: the band roster to keep
// up to date and an encounter log with a row per encounter, its rows
// filling the rest of the page.
func (r *renderer) logSection() {
	if r.logShared = r.logShares(); r.logShared {
		r.fr.y += 8
		r.section = "Campaign log"
	} else {
		r.newPage("Campaign log")
	}
	r.mark("log", r.fr.y)
	r.bookmark("Campaign log", 0, r.fr.y)
	r.logBody()
}

// logBody is the log under its heading.
func (r *renderer) logBody() {
	r.heading("Campaign log", 16, 30)
	if !r.hasBandPage() {
		r.flow(span{text: "Log each encounter you play and how it ended.", size: bodySize})
	} else {
		// "Your force" where the booklet calls it that.
		noun := "band"
		if rest, ok := strings.CutPrefix(r.bandTitle(), "Your "); ok {
			noun = strings.ToLower(rest)
		}
		band := "your " + noun
		keep := "Keep " + band + " up to date here"
		if r.logShared {
			// Under the band's own table, the roster is that table again,
			// the one to write on.
			keep = "The roster below is " + band + " above, to keep up to date"
		}
		r.flow(span{text: keep + ": each figure's values print grey, as rolled; when one changes, strike it out and write the new one beside it, and strike out the figures you lose. Log each encounter you play and how it ended.", size: bodySize})

		r.heading(words.Capital(noun)+" roster", 12, 20)
		r.table(r.bandLog(), nil)
	}
	if c := r.doc.Campaign; c != nil && len(c.Log) > 0 {
		// The system's own sheet, such as a test every figure takes
		// between encounters.
		r.flowPieces(r.pieces(c.Log, bandLook, 0, blockCtx{}))
	}

	need := len(r.entries)
	if c := r.doc.Campaign; c != nil {
		need = c.Steps
	}
	// Losses and recruits are a band's; a booklet without one (armies
	// rolled for each battle) keeps plain notes.
	notes := "Notes"
	if r.band() != nil {
		notes = "Notes (losses, recruits, changes)"
	}
	enc := &grid{
		cols: []gridCol{
			{head: "Entry", style: "B", align: "C", minW: 16, write: writeEntry},
			{head: "Encounter", align: "L", minW: 40, write: writeTitle},
			{head: "Result", align: "C"},
			{head: notes, align: "L", grow: true, write: writeNote},
		},
		size: 9.5, headSize: 9,
	}
	// Measured in the frame's width first: the header, and a row's text
	// ("Success / Failure" may take two lines on a half page).
	row := []string{"", "", "Success / Failure", ""}
	enc.rows = [][]string{row}
	r.fitColumns(enc, r.fr.w)
	headH := r.headRow(enc, tableShade).H
	_, text := r.cellLines(enc, row, false)
	least := max(logMinRow, text)
	// The heading keeps the whole log with it, its header and a row for
	// every encounter at their least height, when a page holds that.
	r.heading("Encounter log", 12, min(headH+float64(need)*least, (r.fr.bottom-bodyTop)*0.6))
	r.logLeast = r.fr.y + headH + float64(need)*least
	// The rows fill the rest of the page: as many as fit, never fewer than
	// the encounters to log, shrinking to keep them on the page.
	room := r.fr.bottom - r.fr.y - headH - 0.1
	rows := max(need, int(room/max(logRow, text)))
	enc.minRow = max(logRow, text, room/float64(rows))
	if enc.minRow*float64(rows) > room {
		enc.minRow = max(least, room/float64(rows))
	}
	enc.rows = nil
	for range rows {
		enc.rows = append(enc.rows, row)
	}
	r.table(enc, nil)
	r.lay.pages["log/end"] = r.f.PageNo()
}

// logPages is how many pages the log took in the previous pass; before
// the first, how many it takes measured on scratch pages of its own. A
// guess of one page for a log that takes more (a pack of hundreds of
// encounters) put it before the cards in the first pass and after them
// in the next, moving every page after it: a third pass.
func (r *renderer) logPages() int {
	if first, ok := r.prev.pages["log"]; ok {
		return r.prev.pages["log/end"] - first + 1
	}
	m := newRenderer(r.book, r.prev, true)
	m.measuring = true
	m.newPage("Campaign log")
	first := m.f.PageNo()
	m.logBody()
	return m.f.PageNo() - first + 1
}

// backMatter prints what follows the entries: the cards to cut out, the
// sealed cards and the log. The cards start on a right-hand page, their
// backs overleaf. The log goes first where it shares the band's page
// (logShares), or where the page after the entries is a left-hand one
// and the log takes one page: in the place of a Notes page.
func (r *renderer) backMatter() {
	cards := len(r.aids) > 0 || len(r.sheets) > 0
	first := r.logShares() || cards && (r.f.PageNo()+1)%2 == 0 && r.logPages() == 1
	if first {
		r.logSection()
	}
	r.aidSection()
	r.cardSection()
	if !first {
		r.logSection()
	}
}

// logShares says whether the log goes under the band on the band's page:
// in a booklet of one encounter whose band follows its spread, when the
// log fits there with a row for the encounter, measured first on a page
// of its own.
func (r *renderer) logShares() bool {
	if !r.single() || r.measuring || r.lay.pages["band"] != r.f.PageNo() {
		return false
	}
	const gap = 8.0
	m := newRenderer(r.book, r.prev, true)
	m.measuring = true
	m.newPage("Campaign log")
	m.logShared = true
	y0 := m.fr.y
	m.logBody()
	return r.fr.y+gap+(m.logLeast-y0) <= r.fr.bottom
}

// bandLog is the band roster to keep up to date: each figure's name to
// write in, what it is, and for every attribute its start (as rolled,
// grey) with room to write its value now; blank rows for recruits.
func (r *renderer) bandLog() *grid {
	b := r.band()
	var attrs []string
	if b != nil {
		attrs = b.Columns
	}
	g := &grid{size: 9, headSize: 8.5, minRow: logRow}
	// The name is written in: its room (writeName) comes before the
	// printed columns get more than their longest words, which wrap at
	// words rather than push it off the page. One column to an
	// attribute: its start, as rolled, in grey, with room beside it to
	// strike it out and write the new value; a weapon or an armour is
	// written in words, over or under the struck one, and takes room for
	// them when the table has it.
	g.cols = append(g.cols, gridCol{head: "Name", style: "B", align: "L", write: writeName}, gridCol{head: "Figure", align: "L", minW: 16, maxW: 24})
	for i, a := range attrs {
		c := gridCol{head: a, align: "L", grey: true, minW: writeValue, write: writeValue}
		if b != nil && wordy(b.Figures, i) {
			c.minW, c.write = 26, 0
		}
		g.cols = append(g.cols, c)
	}
	// The name takes what is left; notes go in the encounter log below.
	g.cols[0].grow = true
	if b != nil {
		for _, f := range b.Figures {
			what := f.Name
			if f.Star && !strings.Contains(what, "Star") {
				what += " (Star)"
			}
			row := []string{"", what}
			for i := range attrs {
				v := ""
				if i < len(f.Attrs) {
					v = f.Attrs[i]
				}
				row = append(row, v)
			}
			g.rows = append(g.rows, row)
		}
	}
	for len(g.rows) < logBandRows {
		g.rows = append(g.rows, make([]string, len(g.cols)))
	}
	return g
}

// wordy reports whether the figures' i-th attribute is written in words
// (a weapon, an armour) rather than a number or a short code.
func wordy(figs []engine.Figure, i int) bool {
	for _, f := range figs {
		if i < len(f.Attrs) && len([]rune(f.Attrs[i])) > 8 && strings.ContainsFunc(f.Attrs[i], unicode.IsLetter) {
			return true
		}
	}
	return false
}
