package booklet

import (
	"strconv"
)

// Log sheet sizes.
const (
	logRow      = 7.5 // the least height of a row to write in, mm
	logMinRow   = 6.0 // rows shrink to this to keep the encounter log on its page
	logBandRows = 10  // rows of the band roster, filled or blank
)

// logSection prints the campaign log on one page: the band roster to keep
// up to date and an encounter log with a row per encounter, its rows
// filling the rest of the page.
func (r *renderer) logSection() {
	r.newPage("Campaign log")
	r.mark("log", bodyTop)
	r.bookmark("Campaign log", 0, bodyTop)
	r.heading("Campaign log", 16, 30)
	r.flow(span{text: "Keep your band up to date here: the grey columns are as rolled; write Rep and AC now as they change, and strike out the figures you lose. Log each encounter you play and how it ended.", size: bodySize})

	r.heading("Band roster", 12, 20)
	band := &grid{
		cols: []gridCol{
			{head: "Name", style: "B", align: "L", minW: 30},
			{head: "Type", align: "L", minW: 22},
			{head: "Class", align: "L", minW: 17},
			{head: "Start Rep", align: "C", grey: true},
			{head: "Rep now", align: "C", minW: 13},
			{head: "Start AC", align: "C", grey: true},
			{head: "AC now", align: "C", minW: 12},
			{head: "Notes", align: "L", grow: true},
		},
		size: 9.5, headSize: 8.5, minRow: logRow,
	}
	if b := r.band(); b != nil {
		for _, f := range b.Figures {
			name := ""
			if f.Star {
				name = "Star"
			}
			band.rows = append(band.rows, []string{name, f.Type, f.Class, strconv.Itoa(f.Rep), "", strconv.Itoa(f.AC), "", ""})
		}
	}
	for len(band.rows) < logBandRows {
		band.rows = append(band.rows, make([]string, len(band.cols)))
	}
	r.table(band, nil)

	need := len(r.entries)
	if c := r.doc.Campaign; c != nil {
		need = c.Steps
	}
	r.heading("Encounter log", 12, 20)
	enc := &grid{
		cols: []gridCol{
			{head: "Entry", style: "B", align: "C", minW: 16},
			{head: "Encounter", align: "L", minW: 40},
			{head: "Result", align: "C"},
			{head: "Notes (losses, recruits, Rep changes)", align: "L", grow: true},
		},
		size: 9.5, headSize: 9,
	}
	// The rows fill the rest of the page: as many as fit, never fewer than
	// the encounters to log, shrinking to keep them on the page.
	room := r.fr.bottom - r.fr.y - (lh(enc.headSize) + 2*padY) - 0.1
	rows := max(need, int(room/logRow))
	enc.minRow = max(logRow, room/float64(rows))
	if enc.minRow*float64(rows) > room {
		enc.minRow = max(logMinRow, room/float64(rows))
	}
	for range rows {
		enc.rows = append(enc.rows, []string{"", "", "Success / Failure", ""})
	}
	r.table(enc, nil)
}
