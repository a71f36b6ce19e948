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

// campaignLog is the campaign log, a part of a booklet with entries
// (the flat build's backMatter, a folded booklet's part "log"): the band
// roster to keep up to date, the campaign's own sheet when it has one,
// and an encounter log with a row per encounter. It is laid out on the
// pass's renderer, which brings what every part uses (flowing text and
// pieces, tables, headings, marks); what lays the log out, measures it
// and decides where it goes are the log's methods, which nothing else
// calls. It keeps no state of its own: what it decides by (the entries,
// the band, the campaign, the pages of the previous pass) is the
// booklet's, and what it records (the anchors "log" and "log/end") is
// the pass's layout.
type campaignLog struct {
	*renderer
}

// newCampaignLog is the campaign log of the booklet r lays out.
func newCampaignLog(r *renderer) *campaignLog { return &campaignLog{renderer: r} }

// print prints the campaign log on one page: the band roster to keep up
// to date and an encounter log with a row per encounter, its rows
// filling the rest of the page; under the band's table, on its page,
// when it fits there (shares).
func (lg *campaignLog) print() { lg.printOn(lg.shares()) }

// printOn prints the log under what is on the page (shared: the band's
// table, in a booklet of one encounter or in the front matter) or on a
// page of its own.
func (lg *campaignLog) printOn(shared bool) {
	if shared {
		lg.fr.y += 8
		lg.section = "Campaign log"
		// The pages it runs onto are the log's, and headed so.
		lg.fr.brk = func() { lg.newPage("Campaign log") }
	} else {
		lg.newPage("Campaign log")
	}
	lg.mark("log", lg.fr.y)
	lg.bookmark("Campaign log", 0, lg.fr.y)
	lg.body(shared)
}

// body prints the log under its heading, from the frame's place: placed
// down pages as logRun places it, then painted. A campaign's own sheet
// (the system's, between the roster and the encounter log) is flowed
// where it stands, and the encounter log placed from where it ends.
// shared says whether the log is under the band's table, on its page.
func (lg *campaignLog) body(shared bool) {
	r := lg.renderer
	run := newLogRun(r.fr, r.bottom())
	lg.top(run, shared)
	run.paint(r)
	if ps := lg.campaignSheet(r.fr.w); ps != nil {
		r.flowPieces(ps)
	}
	run = newLogRun(r.fr, r.bottom())
	lg.encounterLog(run)
	run.paint(r)
	r.lay.pages["log/end"] = r.f.PageNo()
}

// logRun is something laid out down pages ahead of painting them: the
// campaign log (campaignLog), and a front-matter section measured on
// pages of its own (frontMatter.frontRun). It is a cursor whose every
// move on starts a page (a new page's frame, the text block's top to
// bottom, as newPage sets it), the page it is on (0 for the first), and
// what to paint, each on its page, in order. Measuring the log is
// reading a run; printing it is painting one.
type logRun struct {
	c      cursor
	page   int
	bottom float64 // a new page's bottom
	parts  []logPart
	// least is where the log would end with a row for each encounter
	// and no more, on the page of the encounter log's heading.
	least float64
}

// logPart is something of the log to paint on a page of its run.
type logPart struct {
	page  int
	paint func()
}

// newLogRun starts a run at a frame's place.
func newLogRun(from cursor, bottom float64) *logRun {
	run := &logRun{c: from, bottom: bottom}
	run.c.brk = func() {
		run.page++
		run.c.top, run.c.y, run.c.bottom = bodyTop, bodyTop, run.bottom
	}
	return run
}

// at keeps paint for the page the run is on.
func (run *logRun) at(paint func()) {
	run.parts = append(run.parts, logPart{run.page, paint})
}

// paint paints the run in the renderer's frame, which it was started
// at: each part on its page, the frame moving on (its brk: a new page)
// as the run did, and leaves the frame where the run ends.
func (run *logRun) paint(r *renderer) {
	page := 0
	for _, p := range run.parts {
		for ; page < p.page; page++ {
			r.fr.brk()
		}
		p.paint()
	}
	for ; page < run.page; page++ {
		r.fr.brk()
	}
	r.fr.y = run.c.y
}

// heading places a heading kept with keep mm of what follows.
func (run *logRun) heading(r *renderer, text string, size, keep float64) {
	r.headingOn(&run.c, runPainter{run.at, r}, text, size, keep)
}

// flow places a span of text, as flow flows it.
func (run *logRun) flow(r *renderer, s span) { r.flowOn(&run.c, runPainter{run.at, r}, s) }

// table places a grid, as table draws it.
func (run *logRun) table(r *renderer, g *grid) {
	r.placeTable(&run.c, g, nil, runPainter{run.at, r})
}

// top places what the log opens with: its heading, what to do with it
// and, in a booklet with a band, the band's roster to keep up to date.
func (lg *campaignLog) top(run *logRun, shared bool) {
	r := lg.renderer
	run.heading(r, "Campaign log", 16, 30)
	if !r.hasBandPage() {
		run.flow(r, span{text: "Log each encounter you play and how it ended.", size: bodySize})
		return
	}
	// "Your force" where the booklet calls it that.
	noun := "band"
	if rest, ok := strings.CutPrefix(r.bandTitle(), "Your "); ok {
		noun = strings.ToLower(rest)
	}
	band := "your " + noun
	keep := "Keep " + band + " up to date here"
	if shared {
		// Under the band's own table, the roster is that table again,
		// the one to write on.
		keep = "The roster below is " + band + " above, to keep up to date"
	}
	logIt := "Log each encounter you play and how it ended."
	if f := r.doc.File; f != "" {
		logIt = "Log each encounter you play and how it ended, and what happened to whom: each line is a game to write under games: in your campaign file, " + f + ", to roll the next chapter from (sortie campaign --continue)."
	}
	run.flow(r, span{text: keep + ": each figure's values print grey, as rolled; when one changes, strike it out and write the new one beside it, and strike out the figures you lose. " + logIt, size: bodySize})
	run.heading(r, words.Capital(noun)+" roster", 12, lg.rosterKeep(run.c.w))
	run.table(r, lg.roster())
}

// rosterKeep is how much of the roster its heading keeps with it, for a
// frame w wide: the roster's header row and its first keepRows rows, as
// the table breaks no sooner (a table never leaves its header or fewer
// rows alone), so that the heading never ends a page with the roster
// overleaf, as it did under the band on a folded page.
func (lg *campaignLog) rosterKeep(w float64) float64 {
	r := lg.renderer
	g := lg.roster()
	r.fitColumns(g, w)
	keep := r.headRow(g, tableShade).H
	for _, row := range g.rows[:min(keepRows, len(g.rows))] {
		_, h := r.cellLines(g, row, false)
		keep += max(g.minRow, h)
	}
	return keep
}

// campaignSheet is the system's own sheet the log prints, such as a
// test every figure takes between encounters, for a frame w wide: nil
// for none.
func (lg *campaignLog) campaignSheet(w float64) []piece {
	if c := lg.doc.Campaign; c != nil && len(c.Log) > 0 {
		return lg.pieces(c.Log, bandLook, 0, blockCtx{}, w)
	}
	return nil
}

// encounterLog places the encounter log: its heading, kept with its
// header and a row for every encounter at their least height when a page
// holds that, and its rows filling the rest of the page.
func (lg *campaignLog) encounterLog(run *logRun) {
	r := lg.renderer
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
			{head: "Result", align: "C", middle: true},
			{head: notes, align: "L", grow: true, write: writeNote},
		},
		size: 9.5, headSize: 9,
	}
	// Measured in the frame's width first: the header, and a row's text
	// ("Success / Failure" may take two lines on a half page).
	row := []string{"", "", "Success / Failure", ""}
	enc.rows = [][]string{row}
	r.fitColumns(enc, run.c.w)
	headH := r.headRow(enc, tableShade).H
	_, text := r.cellLines(enc, row, false)
	least := max(logMinRow, text)
	run.heading(r, "Encounter log", 12, min(headH+float64(need)*least, (run.c.bottom-bodyTop)*0.6))
	run.least = run.c.y + headH + float64(need)*least
	// The rows fill the rest of the page: as many as fit, never fewer than
	// the encounters to log, shrinking to keep them on the page.
	room := run.c.bottom - run.c.y - headH - 0.1
	rows := max(need, int(room/max(logRow, text)))
	enc.minRow = max(logRow, text, room/float64(rows))
	if enc.minRow*float64(rows) > room {
		enc.minRow = max(least, room/float64(rows))
	}
	enc.rows = nil
	for range rows {
		enc.rows = append(enc.rows, row)
	}
	run.table(r, enc)
}

// laidOut lays the log out on pages of its own, as print prints it on a
// new page, and places it without painting: the run of its encounter
// log, and whether it holds the whole log (open when the campaign's own
// sheet does not fit whole under the roster, where the run stops: the
// log takes more than the page). Laying it out leaves the font wanted
// as it was, and the renderer's frame untouched: the run has a new
// page's frame of its own, and the campaign's sheet is laid out for its
// width.
func (lg *campaignLog) laidOut(shared bool) (run *logRun, open bool) {
	r := lg.renderer
	defer func(want fontSel) { r.f.font.want = want }(r.f.font.want)
	run = newLogRun(cursor{x: side, w: r.contentW(), top: bodyTop, y: bodyTop, bottom: r.bottom(), brk: func() {}}, r.bottom())
	lg.top(run, shared)
	if ps := lg.campaignSheet(run.c.w); ps != nil {
		// Flowed where it fits whole, it breaks nowhere.
		if run.c.y+r.layPieces(ps, run.c.w).h > run.c.bottom {
			return run, true
		}
		run.c.y += r.layPieces(ps, run.c.w).h
	}
	lg.encounterLog(run)
	return run, false
}

// laidFrom lays the log out as printOn prints it under the band's table
// ending at y on the page, without painting: how many pages after that
// one it runs onto, its encounter log filling the last; ok is false when
// it cannot go there, its heading kept off the page or its campaign
// sheet, which breaks nowhere, not fitting whole where it stands.
func (lg *campaignLog) laidFrom(y float64) (more int, ok bool) {
	r := lg.renderer
	defer func(want fontSel) { r.f.font.want = want }(r.f.font.want)
	run := newLogRun(cursor{x: side, w: r.contentW(), top: bodyTop, y: y + 8, bottom: r.bottom(), brk: func() {}}, r.bottom())
	lg.top(run, true)
	if len(run.parts) == 0 || run.parts[0].page != 0 {
		return 0, false
	}
	if ps := lg.campaignSheet(run.c.w); ps != nil {
		h := r.layPieces(ps, run.c.w).h
		if run.c.y+h > run.c.bottom {
			return 0, false
		}
		run.c.y += h
	}
	lg.encounterLog(run)
	return run.page, true
}

// pages is how many pages the log took in the previous pass; before the
// first, how many it takes laid out on pages of its own (laidOut; two
// for a log whose campaign sheet goes over a page, all backMatter asks
// being whether it takes one). A guess of one page for a log that takes
// more (a pack of hundreds of encounters) put it before the cards in the
// first pass and after them in the next, moving every page after it: a
// third pass.
func (lg *campaignLog) pages() int {
	if first, ok := lg.prev.pages["log"]; ok {
		return lg.prev.pages["log/end"] - first + 1
	}
	run, open := lg.laidOut(false)
	if open {
		return run.page + 2
	}
	return run.page + 1
}

// inFront says whether the log was printed in the front matter in this
// pass (frontMatter.logSection): the back matter leaves it out.
func (lg *campaignLog) inFront() bool {
	_, ok := lg.lay.pages["log"]
	return ok
}

// printBack prints the log after the entries unless it is in the front
// (inFront): a folded booklet's part "log".
func (lg *campaignLog) printBack() {
	if !lg.inFront() {
		lg.print()
	}
}

// backMatter prints what follows a flat booklet's entries: the cards to
// cut out, the sealed cards and the log (campaignLog), unless the front
// printed it. The cards start on a right-hand page, their backs
// overleaf. The log goes first where it shares the band's page
// (campaignLog.shares), or where the page after the entries is a
// left-hand one and the log takes one page: in the place of a Notes
// page. A folded booklet prints its log as a part of its own and its
// cards after the volumes (foldedBooklet.build).
func (r *renderer) backMatter() {
	lg := newCampaignLog(r)
	if lg.inFront() {
		newCardSheets(r, r.sheet()).sections()
		return
	}
	cards := len(r.aids) > 0 || len(r.cards) > 0
	first := lg.shares() || cards && (r.f.PageNo()+1)%2 == 0 && lg.pages() == 1
	if first {
		lg.print()
	}
	newCardSheets(r, r.sheet()).sections()
	if !first {
		lg.print()
	}
}

// shares says whether the log goes under the band on the band's page: in
// a booklet of one encounter whose band follows its spread, when the log
// fits there with a row for the encounter, laid out first on a page of
// its own (laidOut).
func (lg *campaignLog) shares() bool {
	if !lg.single() || lg.lay.pages["band"] != lg.f.PageNo() {
		return false
	}
	const gap = 8.0
	run, open := lg.laidOut(true)
	return !open && lg.fr.y+gap+(run.least-bodyTop) <= lg.fr.bottom
}

// roster is the band roster to keep up to date: each figure's name to
// write in, what it is, and for every attribute its start (as rolled,
// grey) with room to write its value now; blank rows for recruits.
func (lg *campaignLog) roster() *grid {
	b := lg.band()
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
