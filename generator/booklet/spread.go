package booklet

import (
	"fmt"
	"strconv"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/generator/words"
)

// encounters prints one spread per entry, each starting on a left-hand
// page.
func (r *renderer) encounters() {
	for i, e := range r.entries {
		r.startOn(true, e.label())
		r.mark(e.anchor(), bodyTop)
		if i == 0 {
			r.bookmark("Encounters", 0, bodyTop)
		}
		r.bookmark(e.label(), 1, bodyTop)
		r.leftPage(e)
		r.newPage(e.label())
		r.rightPage(e)
		r.lay.pages["end/"+strconv.Itoa(e.number)] = r.f.PageNo()
	}
}

// leftPage prints the entry's number, title, terrain and Battle Boards.
func (r *renderer) leftPage(e *entry) {
	enc := e.enc
	w := r.contentW()
	r.font("B", 26)
	r.f.SetXY(side, bodyTop)
	r.f.CellFormat(w, lh(26), e.name(), "", 0, "L", false, 0, "")
	if s := e.stepText(); s != "" {
		r.font("B", 11)
		r.f.SetXY(side, bodyTop+lh(26)-lh(11)-1)
		r.f.CellFormat(w, lh(11), s, "", 0, "R", false, 0, "")
	}
	r.fr.y = bodyTop + lh(26) + 0.5
	r.f.SetLineWidth(0.6)
	r.f.Line(side, r.fr.y, side+w, r.fr.y)
	r.ink()
	r.fr.y += 2.5
	r.flow(span{text: enc.Title, style: "B", size: 17})
	if enc.Summary != "" {
		r.flow(span{text: enc.Summary, style: "I", size: 11, before: 0.5})
	}
	r.flow(span{text: terrainText(enc), style: "B", size: 10.5, before: 2.5})
	r.flow(span{text: boardText(enc), size: bodySize, before: 0.5})
	r.gap(3)
	legendH := r.legendH(enc.Maps) + 4
	r.mapsBlock(enc.Maps, side, r.fr.y, w, r.fr.bottom-r.fr.y-legendH)
	r.legend(enc.Maps, r.fr.bottom-legendH+4)
}

// terrainText is "Terrain: 1d6 = 5: Cover".
func terrainText(enc *engine.Encounter) string {
	if enc.Terrain.Roll == nil {
		return "Terrain: " + enc.Terrain.Name
	}
	return enc.Terrain.Roll.String() + ": " + enc.Terrain.Name
}

// boardText says what is on the board: its size and the PEFs.
func boardText(enc *engine.Encounter) string {
	s := fmt.Sprintf("Battle Board %d\" × %d\". %s to resolve", enc.Board.WidthIn, enc.Board.HeightIn, words.Plural(len(enc.PEFs), "PEF", "PEFs"))
	if n := len(enc.PEFs); n > 0 && enc.PEFs[n-1].Objective {
		if n == 1 {
			s += "; it holds the objective"
		} else {
			s += "; the last you resolve holds the objective"
		}
	}
	for _, m := range enc.Maps {
		if onTrack(m) {
			return s + ". The numbered markers above the board are the PEFs, in the order you resolve them; resolve them before you set up the board."
		}
	}
	return s + ". The markers are numbered in the order you resolve the PEFs."
}

// rightPage prints what the player needs at the table: objective, forces,
// deployment, special instructions, the enemy and where to find each PEF's
// card; for a campaign, what follows and where to turn.
func (r *renderer) rightPage(e *entry) {
	enc := e.enc
	r.entryHead(e)
	var left, right []span
	left = append(left, listSpans("Objective", enc.Objective)...)
	left = append(left, listSpans("Forces", enc.Forces)...)
	left = append(left, listSpans("Deployment", enc.Deployment)...)
	right = append(right, listSpans("Special instructions", enc.Special)...)
	r.columns(left, right)

	size := 0
	if enc.Band != nil {
		size = enc.Band.Size()
	}
	r.flow(span{text: fmt.Sprintf("Your band: the %s on page %s. Each contact's card gives the enemies for any size of band.", words.Plural(size, "figure", "figures"), r.pageOf("band")), style: "B", size: bodySize, before: 3, link: "band"})

	r.heading("The enemy: "+enc.Enemies.Title, sub, 14)
	if enc.Enemies.Rule != "" {
		r.flow(span{text: enc.Enemies.Rule, size: 9})
	}
	if len(enc.Enemies.Roster) > 0 {
		r.gap(1.2)
		r.mark("roster/"+strconv.Itoa(e.number), r.fr.y)
		r.roster(enc.Enemies.Roster, false)
	}
	r.pefIndex(e)
	if e.after != nil {
		r.afterwards(e.after)
	}
	if e.step > 0 {
		r.turnTo(e)
	}
	r.notesArea()
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

// entryHead repeats the entry's name at the top of the right-hand page.
func (r *renderer) entryHead(e *entry) {
	w := r.contentW()
	room := w
	if s := e.stepText(); s != "" {
		r.font("", 10)
		room -= r.f.GetStringWidth(s) + 6
		r.f.SetXY(side, r.fr.y+lh(14)-lh(10))
		r.f.CellFormat(w, lh(10), s, "", 0, "R", false, 0, "")
	}
	r.font("B", 14)
	r.f.SetXY(side, r.fr.y)
	r.f.CellFormat(room, lh(14), r.fit(r.cov.printable(e.label()), room), "", 0, "L", false, 0, "")
	r.fr.y += lh(14) + 1
}

// sub is the size of the headings on a spread.
const sub = 11.0

// listSpans is a heading and its list, for columns.
func listSpans(title string, items []string) []span {
	if len(items) == 0 {
		return nil
	}
	return append([]span{headSpan(title, sub)}, bullets(items, 9)...)
}

// pefIndex tells the player which card to read for each PEF, in the order
// they are resolved, without printing what the PEFs are.
func (r *renderer) pefIndex(e *entry) {
	enc := e.enc
	if len(enc.PEFs) == 0 {
		return
	}
	r.heading("PEFs: read the card only when you resolve the PEF", sub, 3*lh(10))
	r.flow(span{text: "The cards are in the sealed section, in card order. Resolve the PEFs as the rules say; for the first you resolve read its card, then the second's, and so on. Do not read a card before you resolve its PEF.", size: 8.5, grey: true})
	r.gap(1)
	for i := range enc.PEFs {
		p := &enc.PEFs[i]
		c := r.cardOf[pefKey{e.number, i}]
		text := fmt.Sprintf("The %s PEF you resolve (marker %d): card %d, page %s", words.Ordinal(p.Number), p.Number, c.number, r.pageOf(c.anchor()))
		switch {
		case p.Camp:
			text += ". The enemy camp, and the objective."
		case p.Objective:
			text += ". It holds the objective."
		}
		r.flow(span{text: text, style: "B", size: 10, indent: 4.5, bullet: "→", before: 0.8, link: c.anchor()})
	}
}

// afterwards prints what the campaign rolled for after the encounter.
func (r *renderer) afterwards(a *engine.Afterwards) {
	r.heading("After the encounter", sub, 2*lh(bodySize))
	text := "If the band took losses: "
	if a.NewRecruits != nil {
		text += a.NewRecruits.String() + ". "
	}
	r.flow(span{text: text + a.Result, size: 9})
	if a.AgainstRep > 0 {
		r.flow(span{text: fmt.Sprintf("Read against your Star's starting Rep %d. If it has changed, read the same dice against the new Rep.", a.AgainstRep), style: "I", size: 9, before: 0.5})
	}
	if a.Note != "" {
		r.flow(span{text: a.Note, size: 9, before: 1})
	}
	if len(a.Recruits) > 0 {
		r.flow(span{text: "Recruits ready to take, in the order rolled:", size: 9, before: 1})
		r.gap(1)
		r.roster(a.Recruits, true)
	}
	r.rerolls(a.Rerolled, "Re-rolled, Rep too high for the Star")
}

// turnTo prints the gamebook links: where to turn on success and failure.
func (r *renderer) turnTo(e *entry) {
	r.gap(4)
	h := 11.0
	end := e.success == 0 && e.failure == 0
	if end {
		h = 15
	}
	r.need(h)
	r.f.SetLineWidth(0.6)
	r.f.Rect(side, r.fr.y, r.contentW(), h, "D")
	r.ink()
	if end {
		r.font("B", 12)
		r.f.SetXY(side, r.fr.y+2)
		r.f.CellFormat(r.contentW(), lh(12), "The campaign ends here.", "", 0, "C", false, 0, "")
		r.font("", 9.5)
		r.f.SetXY(side, r.fr.y+2+lh(12)+0.5)
		r.f.CellFormat(r.contentW(), lh(9.5), fmt.Sprintf("Write how it ended in your campaign log (page %s).", r.pageOf("log")), "", 0, "C", false, r.link("log"), "")
		r.fr.y += h
		return
	}
	parts := []struct{ label, anchor string }{
		{fmt.Sprintf("Success: turn to entry %d (page %s)", e.success, r.pageOf("entry/"+strconv.Itoa(e.success))), "entry/" + strconv.Itoa(e.success)},
		{fmt.Sprintf("Failure: turn to entry %d (page %s)", e.failure, r.pageOf("entry/"+strconv.Itoa(e.failure))), "entry/" + strconv.Itoa(e.failure)},
	}
	sep := "   ·   "
	size := 12.0
	r.font("B", size)
	for size > 8 && r.f.GetStringWidth(parts[0].label+sep+parts[1].label) > r.contentW()-4 {
		size -= 0.5
		r.font("B", size)
	}
	total := r.f.GetStringWidth(parts[0].label + sep + parts[1].label)
	x := side + (r.contentW()-total)/2
	for i, p := range parts {
		if i > 0 {
			r.f.SetXY(x, r.fr.y)
			r.f.CellFormat(r.f.GetStringWidth(sep), h, sep, "", 0, "L", false, 0, "")
			x += r.f.GetStringWidth(sep)
		}
		pw := r.f.GetStringWidth(p.label)
		r.f.SetXY(x, r.fr.y)
		r.f.CellFormat(pw, h, p.label, "", 0, "L", false, r.link(p.anchor), "")
		x += pw
	}
	r.fr.y += h
}
