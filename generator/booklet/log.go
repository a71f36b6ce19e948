package booklet

import (
	"strconv"
)

// Log sheet sizes.
const (
	logRow      = 8.5 // height of a row to write in, mm
	logBandRows = 12  // rows of the band roster, filled or blank
)

// logSection prints the campaign log: the band roster to keep up to date
// and an encounter log with a row per encounter and more.
func (r *renderer) logSection() {
	r.newPage("Campaign log")
	r.mark("log", bodyTop)
	r.bookmark("Campaign log", 0, bodyTop)
	r.heading("Campaign log", 16, 30)
	r.flow(span{text: "Keep your band up to date here: Rep and losses change as you play. Log each encounter you play and how it ended.", size: bodySize})

	r.heading("Band roster", 12, 20)
	band := &grid{
		cols: []gridCol{
			{head: "Name", style: "B", align: "L", minW: 40},
			{head: "Type", align: "L", minW: 26},
			{head: "Class", align: "L", minW: 20},
			{head: "Rep", align: "C", minW: 12},
			{head: "AC", align: "C", minW: 12},
			{head: "Notes", align: "L", grow: true},
		},
		size: 9.5, headSize: 9, minRow: logRow,
	}
	if b := r.band(); b != nil {
		for _, f := range b.Figures {
			name := ""
			if f.Star {
				name = "Star"
			}
			band.rows = append(band.rows, []string{name, f.Type, f.Class, strconv.Itoa(f.Rep), strconv.Itoa(f.AC), ""})
		}
	}
	for len(band.rows) < logBandRows {
		band.rows = append(band.rows, []string{"", "", "", "", "", ""})
	}
	r.table(band, nil)

	need := len(r.entries)
	if c := r.doc.Campaign; c != nil {
		need = c.Steps
	}
	// A log that does not fit under the roster gets a page of its own.
	headH := lh(9) + 2*padY
	fits := func() int { return int((r.fr.bottom - r.fr.y - lh(12) - 8 - headH) / logRow) }
	if fits() < need {
		r.notesArea()
		r.fr.brk()
	}
	r.heading("Encounter log", 12, 20)
	enc := &grid{
		cols: []gridCol{
			{head: "Entry", style: "B", align: "C", minW: 16},
			{head: "Encounter", align: "L", minW: 40},
			{head: "Result", align: "C"},
			{head: "Notes (losses, recruits, Rep changes)", align: "L", grow: true},
		},
		size: 9.5, headSize: 9, minRow: logRow,
	}
	rows := max(need, int((r.fr.bottom-r.fr.y-headH)/logRow))
	for range rows {
		enc.rows = append(enc.rows, []string{"", "", "Success / Failure", ""})
	}
	r.table(enc, nil)
}
