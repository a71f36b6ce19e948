package booklet

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/dice"
)

// pefKey names a PEF: the entry's number and the PEF's index in it.
type pefKey struct{ entry, index int }

// card is one sealed PEF card.
type card struct {
	number int
	e      *entry
	index  int
	pef    *engine.PEF
}

func (c *card) anchor() string { return "card/" + strconv.Itoa(c.number) }

// deal numbers every PEF of every entry with a card number, shuffled from
// the seed (the stream "booklet/cards"), so that the cards around the one
// you read say nothing about the encounter you are playing. The cards
// come back in card-number order.
func deal(seed string, es []*entry) ([]*card, map[pefKey]*card) {
	var cs []*card
	for _, e := range es {
		for i := range e.enc.PEFs {
			cs = append(cs, &card{e: e, index: i, pef: &e.enc.PEFs[i]})
		}
	}
	r := dice.New(seed).Stream("booklet", "cards")
	for i := len(cs) - 1; i > 0; i-- {
		j := r.Die(i+1) - 1
		cs[i], cs[j] = cs[j], cs[i]
	}
	byKey := make(map[pefKey]*card, len(cs))
	for i, c := range cs {
		c.number = i + 1
		byKey[pefKey{c.e.number, c.index}] = c
	}
	return cs, byKey
}

// Card layout in millimetres.
const (
	cardCols  = 2
	cardPad   = 4.0
	cardHeadH = 10.0
	cardIntro = 9.0  // the line at the top of each card page
	cardMinH  = 42.0 // the least height of a row of cards
)

// cardSection prints the cards in card-number order, two to a row, each
// row as tall as its taller card, with dashed lines to cut along. Every
// sheet of cards is a right-hand page whose back holds the cards' backs,
// mirrored, so that cards printed double-sided and cut out show their
// number on the back and can be kept face down.
func (r *renderer) cardSection() {
	if len(r.cards) == 0 {
		return
	}
	w := r.contentW() / cardCols
	top := bodyTop + cardIntro
	avail := r.bottom() - top
	var sheet []cardRow
	flush := func() {
		if len(sheet) > 0 {
			r.cardBacks(sheet, w)
			sheet = nil
		}
	}
	y := r.bottom() + 1 // start a page at the first row
	for i := 0; i < len(r.cards); i += cardCols {
		row := cardRow{cards: r.cards[i:min(i+cardCols, len(r.cards))], h: cardMinH}
		for _, c := range row.cards {
			row.h = max(row.h, r.cardHeight(c, w))
		}
		row.h = min(row.h, avail) // a card taller than a page is cut short; none is
		if y+row.h > r.bottom()+0.01 {
			flush()
			r.cardPage(i == 0)
			y = top
		}
		row.y = y
		r.cutLines(y, row.h, w)
		for j, c := range row.cards {
			r.mark(c.anchor(), y)
			r.lay.pages[fmt.Sprintf("pef/%d/%d", c.e.number, c.index)] = r.f.PageNo()
			r.drawCard(c, side+float64(j)*w, y, w, row.h)
		}
		sheet = append(sheet, row)
		y += row.h
	}
	flush()
}

// cardRow is a row of cards on a sheet.
type cardRow struct {
	cards []*card
	y, h  float64
}

// cardBacks prints the backs of a sheet's cards on the next page, each
// behind its card when the sheet is printed on both sides (flipped on the
// long edge).
func (r *renderer) cardBacks(sheet []cardRow, w float64) {
	front := r.f.PageNo()
	r.newPage("Sealed PEF cards: backs")
	r.font("", 8.5)
	r.f.SetTextColor(80, 80, 80)
	r.f.SetXY(side, bodyTop)
	r.f.CellFormat(r.contentW(), 5, r.fit(fmt.Sprintf("The backs of the cards on page %d: printed double-sided, each card shows its number on the back.", front), r.contentW()), "", 0, "L", false, 0, "")
	r.ink()
	for _, row := range sheet {
		r.cutLines(row.y, row.h, w)
		for j, c := range row.cards {
			x := side + float64(cardCols-1-j)*w
			r.font("B", 26)
			r.f.SetXY(x, row.y+row.h/2-lh(26)/2-2)
			r.f.CellFormat(w, lh(26), "Card "+strconv.Itoa(c.number), "", 0, "C", false, 0, "")
			r.font("", 8)
			r.f.SetTextColor(80, 80, 80)
			r.f.SetXY(x+cardPad, row.y+row.h/2+lh(26)/2-1)
			r.f.CellFormat(w-2*cardPad, lh(8), r.fit("Sealed PEF card: read it only when you resolve its PEF", w-2*cardPad), "", 0, "C", false, 0, "")
			r.f.SetXY(x+cardPad, row.y+row.h-cardPad-lh(7))
			r.font("", 7)
			r.f.CellFormat(w-2*cardPad, lh(7), r.fit(r.cov.printable(r.title()), w-2*cardPad), "", 0, "C", false, 0, "")
			r.ink()
		}
	}
}

// cardHeight measures a card w wide.
func (r *renderer) cardHeight(c *card, w float64) float64 {
	h := cardHeadH + 2*cardPad
	for _, s := range r.cardSpans(c) {
		h += r.spanHeight(s, w-2*cardPad)
	}
	return h
}

// cardPage starts a sheet of cards on a right-hand page.
func (r *renderer) cardPage(first bool) {
	r.startOn(false, "Sealed PEF cards")
	if first {
		r.mark("cards", bodyTop)
		r.bookmark("Sealed PEF cards", 0, bodyTop)
	}
	r.font("B", 9)
	r.f.SetXY(side, bodyTop)
	intro := "Sealed PEF cards: read a card only when you resolve its PEF. Cut along the dashed lines."
	r.f.CellFormat(r.contentW(), 5, r.fit(intro, r.contentW()), "", 0, "L", false, 0, "")
}

// cutLines draws the dashed lines around a row of cards h tall at y.
func (r *renderer) cutLines(y, h, w float64) {
	r.f.SetDrawColor(100, 100, 100)
	r.f.SetLineWidth(0.25)
	r.f.SetDashPattern([]float64{2, 1.5}, 0)
	r.f.Line(side, y, side+cardCols*w, y)
	r.f.Line(side, y+h, side+cardCols*w, y+h)
	for i := 0; i <= cardCols; i++ {
		r.f.Line(side+float64(i)*w, y, side+float64(i)*w, y+h)
	}
	r.ink()
}

// drawCard draws one card in its cell.
func (r *renderer) drawCard(c *card, x, y, w, h float64) {
	r.f.ClipRect(x, y, w, h, false)
	defer r.f.ClipEnd()
	ix, iw := x+cardPad, w-2*cardPad
	r.font("B", 18)
	r.f.SetXY(ix, y+cardPad-1)
	r.f.CellFormat(iw, cardHeadH-1, "Card "+strconv.Itoa(c.number), "", 0, "L", false, 0, "")
	var tags []string
	if c.pef.Camp {
		tags = append(tags, "CAMP")
	}
	if c.pef.Objective {
		tags = append(tags, "OBJECTIVE")
	}
	if len(tags) > 0 {
		tag := strings.Join(tags, " · ")
		r.font("B", 8)
		tw := r.f.GetStringWidth(tag) + 3
		r.f.SetFillColor(0, 0, 0)
		r.f.SetTextColor(255, 255, 255)
		r.f.SetXY(ix+iw-tw, y+cardPad+0.5)
		r.f.CellFormat(tw, 5, tag, "", 0, "C", true, 0, "")
		r.ink()
	}
	r.f.SetLineWidth(0.3)
	r.f.Line(ix, y+cardPad+cardHeadH-0.5, ix+iw, y+cardPad+cardHeadH-0.5)
	r.ink()
	outer := r.fr
	r.fr = frame{x: ix, w: iw, top: y + cardPad + cardHeadH, y: y + cardPad + cardHeadH, bottom: y + h, brk: func() {}}
	r.flow(r.cardSpans(c)...)
	r.fr = outer
}

// cardSpans is what a card says: which PEF it is, its dice and what it
// turned out to be.
func (r *renderer) cardSpans(c *card) []span {
	p, e := c.pef, c.e
	spans := []span{
		{text: fmt.Sprintf("Entry %d · PEF %d of %d", e.number, p.Number, len(e.enc.PEFs)), style: "B", size: 10},
		{text: fmt.Sprintf("The %s PEF you resolve in %s (%s).", ordinal(p.Number), e.name(), e.enc.Title), size: 8, grey: true},
	}
	if p.Roll != nil {
		spans = append(spans, span{text: p.Roll.String(), size: 9, before: 1.8})
		if !strings.HasPrefix(p.Roll.Dice.String(), p.Method) {
			spans = append(spans, span{text: "Rolled " + p.Method + ".", size: 7.5, grey: true})
		}
	} else {
		spans = append(spans, span{text: "No roll: " + strings.TrimPrefix(p.Method, "none: ") + ".", size: 9, before: 1.8})
	}
	spans = append(spans, span{text: p.Result, style: "B", size: 10.5, before: 1.5})
	if p.Forced != "" {
		spans = append(spans, span{text: p.Forced, style: "I", size: 9, before: 1})
	}
	if p.Contact != nil {
		spans = append(spans, r.contactSpans(e, p.Contact)...)
	}
	return spans
}

// contactSpans says what a contact brings: the board, how many enemies
// and which figures.
func (r *renderer) contactSpans(e *entry, ct *engine.Contact) []span {
	spans := []span{{text: "Battle Board: " + ct.Board, size: 9, before: 1.5}}
	g := ct.Creatures
	if ct.Size != nil {
		if g != nil && g.OnlyOne {
			spans = append(spans, span{text: ct.Size.String() + ", but the creature comes alone.", size: 9})
		} else {
			spans = append(spans, span{text: ct.Size.String() + ": " + ct.Rule + ".", size: 9})
		}
	}
	count := plural(ct.Count, "enemy", "enemies")
	if g != nil && g.OnlyOne {
		count = "1 enemy"
	}
	spans = append(spans, span{text: fmt.Sprintf("With your band of %d: %s.", ct.ForBand, count), style: "B", size: 10, before: 0.8})
	if len(ct.Takes) > 0 {
		anchor := "roster/" + strconv.Itoa(e.number)
		spans = append(spans, span{
			text: fmt.Sprintf("Take roster places %s (the roster of %s, page %s).", positions(ct.Takes), e.name(), r.pageOf(anchor)),
			size: 9, link: anchor,
		})
	}
	if g == nil {
		return spans
	}
	var rolls []string
	if g.List != nil {
		rolls = append(rolls, rollText(g.List))
	}
	if g.Creature != nil {
		rolls = append(rolls, rollText(g.Creature))
	}
	if len(rolls) > 0 {
		spans = append(spans, span{text: strings.Join(rolls, "; ") + ".", size: 8.5, before: 1})
	}
	name := g.Name
	switch {
	case g.ArmyList != "" && len(g.Figures) > 0 && g.Figures[0].Roll != nil:
		name += ": see the " + g.Figures[0].Roll.Title + " list"
	case g.OnlyOne:
		name += ": only one"
	}
	spans = append(spans, span{text: name + ".", style: "B", size: 9.5, before: 0.5})
	return append(spans, figureSpans(g)...)
}

// figureSpans lists a creature contact's figures, numbered, with runs of
// alike figures on one line and the creature roll not repeated.
func figureSpans(g *engine.CreatureGroup) []span {
	line := func(f engine.Figure) string {
		s := f.String()
		if f.Roll != nil && (g.Creature == nil || f.Roll.String() != g.Creature.String()) {
			s += " · " + f.Roll.String()
		}
		if f.Note != "" {
			s += ". " + f.Note
		}
		return s
	}
	var spans []span
	for i := 0; i < len(g.Figures); {
		text := line(g.Figures[i])
		j := i + 1
		for j < len(g.Figures) && line(g.Figures[j]) == text {
			j++
		}
		num := strconv.Itoa(i+1) + "."
		if j-i > 1 {
			num = strconv.Itoa(i+1) + "–" + strconv.Itoa(j) + "."
			text = strconv.Itoa(j-i) + " × " + text
		}
		spans = append(spans, span{text: text, size: 8.5, indent: 7, bullet: num})
		i = j
	}
	return spans
}
