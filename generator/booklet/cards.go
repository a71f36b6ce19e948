package booklet

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/generator/words"
)

// pefKey names a PEF: the entry's number and the PEF's index in it.
type pefKey struct{ entry, index int }

// card is one sealed PEF card.
type card struct {
	number int
	sheet  int // the sheet of cards it is printed on, from 0
	e      *entry
	index  int
	pef    *engine.PEF
}

func (c *card) anchor() string { return "card/" + strconv.Itoa(c.number) }

// pefCards returns a card for every PEF of every entry, not yet dealt.
func pefCards(es []*entry) []*card {
	var cs []*card
	for _, e := range es {
		for i := range e.enc.PEFs {
			cs = append(cs, &card{e: e, index: i, pef: &e.enc.PEFs[i]})
		}
	}
	return cs
}

// deal puts the cards on sheets of perSheet cards and numbers them, from
// the seed (the stream "booklet/cards"), so that the cards around the one
// you read say nothing about the encounter you are playing, and no sheet
// holds two cards of one entry: a card seen through the paper, on the
// back or beside the one you cut out is never one of your encounter's.
//
// The entries are taken in a shuffled order and their cards listed entry
// by entry; card i goes on sheet i mod P, where P is the number of sheets
// (enough for every card, and at least as many as the largest entry has
// PEFs, so an entry's cards land on P distinct sheets). Each sheet is then
// shuffled and the cards numbered sheet by sheet. The sheets come back in
// order, each with its cards in card-number order.
func deal(seed string, cs []*card, perSheet int) ([][]*card, map[pefKey]*card) {
	byKey := make(map[pefKey]*card, len(cs))
	if len(cs) == 0 {
		return nil, byKey
	}
	r := dice.New(seed).Stream("booklet", "cards")
	shuffle := func(n int, swap func(i, j int)) {
		for i := n - 1; i > 0; i-- {
			swap(i, r.Die(i+1)-1)
		}
	}
	var groups [][]*card
	for i, c := range cs {
		if i == 0 || c.e != cs[i-1].e {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], c)
	}
	shuffle(len(groups), func(i, j int) { groups[i], groups[j] = groups[j], groups[i] })
	n := (len(cs) + perSheet - 1) / perSheet
	for _, g := range groups {
		n = max(n, len(g))
	}
	sheets := make([][]*card, n)
	i := 0
	for _, g := range groups {
		for _, c := range g {
			sheets[i%n] = append(sheets[i%n], c)
			i++
		}
	}
	number := 1
	for s, sheet := range sheets {
		shuffle(len(sheet), func(i, j int) { sheet[i], sheet[j] = sheet[j], sheet[i] })
		for _, c := range sheet {
			c.number, c.sheet = number, s
			number++
			byKey[pefKey{c.e.number, c.index}] = c
		}
	}
	return sheets, byKey
}

// Card layout in millimetres.
const (
	cardCols  = 2
	cardPad   = 3.5
	cardHeadH = 9.0
	cardIntro = 9.0  // the line at the top of each card page
	cardMinH  = 60.0 // the least height of a card
	cardFootS = 6.5  // the size of the card's foot line, in points
)

// cardTop is where the first row of cards starts on a sheet.
const cardTop = bodyTop + cardIntro

// sizeCards measures every card and returns the one size they are all
// printed at, tall enough for the tallest, and how many rows of them a
// sheet holds. A card taller than a sheet is an error: it would be cut
// short.
func (r *renderer) sizeCards() (w, h float64, rows int, err error) {
	w = r.contentW() / cardCols
	h = cardMinH
	for _, c := range r.cards {
		h = max(h, r.cardHeight(c, w))
	}
	h = math.Ceil(h)
	avail := r.bottom() - cardTop
	if h > avail {
		return 0, 0, 0, fmt.Errorf("a PEF card is %.0f mm tall but a sheet holds %.0f mm", h, avail)
	}
	return w, h, int((avail + 0.01) / h), nil
}

// cardSection prints the sheets of cards, each on a right-hand page with
// the cards in card-number order, cardCols to a row, every card the same
// size, with dashed lines to cut along. The page behind each sheet holds
// the cards' backs, mirrored, so that cards printed double-sided and cut
// out show their number on the back and can be kept face down.
func (r *renderer) cardSection() {
	w, h := r.cardW, r.cardH
	for s, sheet := range r.sheets {
		r.cardPage(s == 0)
		for i, c := range sheet {
			x, y := side+float64(i%cardCols)*w, cardTop+float64(i/cardCols)*h
			r.cutLines(x, y, w, h)
			r.mark(c.anchor(), y)
			r.lay.pages[fmt.Sprintf("pef/%d/%d", c.e.number, c.index)] = r.f.PageNo()
			r.lay.cards = append(r.lay.cards, cardBox{card: c.number, entry: c.e.number, page: r.f.PageNo(), x: x, y: y, w: w, h: h})
			r.drawCard(c, x, y, w, h)
		}
		r.cardBacks(sheet, w, h)
	}
}

// cardBox is where a card was printed, for tests.
type cardBox struct {
	card, entry, page int
	x, y, w, h        float64
}

// cardBacks prints the backs of a sheet's cards on the next page, each
// behind its card when the sheet is printed on both sides (flipped on the
// long edge).
func (r *renderer) cardBacks(sheet []*card, w, h float64) {
	front := r.f.PageNo()
	r.newPage("Sealed PEF cards: backs")
	r.font("", 8.5)
	r.f.SetTextColor(80, 80, 80)
	r.f.SetXY(side, bodyTop)
	r.f.CellFormat(r.contentW(), 5, r.fit(fmt.Sprintf("The backs of the cards on page %d: printed double-sided, each card shows its number on the back.", front), r.contentW()), "", 0, "L", false, 0, "")
	r.ink()
	for i, c := range sheet {
		x, y := side+float64(cardCols-1-i%cardCols)*w, cardTop+float64(i/cardCols)*h
		r.cutLines(x, y, w, h)
		r.font("B", 26)
		r.f.SetXY(x, y+h/2-lh(26)/2-2)
		r.f.CellFormat(w, lh(26), "Card "+strconv.Itoa(c.number), "", 0, "C", false, 0, "")
		r.font("", 8)
		r.f.SetTextColor(80, 80, 80)
		r.f.SetXY(x+cardPad, y+h/2+lh(26)/2-1)
		r.f.CellFormat(w-2*cardPad, lh(8), r.fit("Sealed PEF card: read it only when you resolve its PEF", w-2*cardPad), "", 0, "C", false, 0, "")
		r.f.SetXY(x+cardPad, y+h-cardPad-lh(7))
		r.font("", 7)
		r.f.CellFormat(w-2*cardPad, lh(7), r.fit(r.cov.printable(r.title()), w-2*cardPad), "", 0, "C", false, 0, "")
		r.ink()
	}
}

// cardHeight measures a card w wide.
func (r *renderer) cardHeight(c *card, w float64) float64 {
	h := cardHeadH + 2*cardPad + r.cardFootH(c, w)
	for _, s := range r.cardSpans(c) {
		h += r.spanHeight(s, w-2*cardPad)
	}
	return h
}

// cardFoot is the small print at a card's foot that names its entry and
// PEF, to check the card is the one you meant to read.
func cardFoot(c *card) span {
	e, p := c.e, c.pef
	return span{text: fmt.Sprintf("Entry %d · PEF %d of %d: the %s you resolve in %s (%s).", e.number, p.Number, len(e.enc.PEFs), words.Ordinal(p.Number), e.name(), e.enc.Title), size: cardFootS, grey: true}
}

// cardFootH is the height of a card's foot: a gap, a hairline and the
// foot line.
func (r *renderer) cardFootH(c *card, w float64) float64 {
	return 2.5 + r.spanHeight(cardFoot(c), w-2*cardPad)
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

// cutLines draws the dashed lines around a card w × h at (x, y).
func (r *renderer) cutLines(x, y, w, h float64) {
	r.f.SetDrawColor(100, 100, 100)
	r.f.SetLineWidth(0.25)
	r.f.SetDashPattern([]float64{2, 1.5}, 0)
	r.f.Rect(x, y, w, h, "D")
	r.ink()
}

// drawCard draws one card in its cell. A card whose text runs past its
// foot is an error, not a card cut short.
func (r *renderer) drawCard(c *card, x, y, w, h float64) {
	r.f.ClipRect(x, y, w, h, false)
	defer r.f.ClipEnd()
	ix, iw := x+cardPad, w-2*cardPad
	r.font("B", 16)
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
	footTop := y + h - cardPad - r.cardFootH(c, w)
	outer := r.fr
	r.fr = frame{x: ix, w: iw, top: y + cardPad + cardHeadH, y: y + cardPad + cardHeadH, bottom: footTop, brk: func() {}}
	r.flow(r.cardSpans(c)...)
	if r.fr.y > footTop+0.01 {
		r.f.SetErrorf("card %d (entry %d, PEF %d) runs %.1f mm past its box", c.number, c.e.number, c.pef.Number, r.fr.y-footTop)
	}
	r.f.SetDrawColor(170, 170, 170)
	r.f.SetLineWidth(0.15)
	r.f.Line(ix, footTop+1.5, ix+iw, footTop+1.5)
	r.ink()
	r.fr = frame{x: ix, w: iw, top: footTop + 2.5, y: footTop + 2.5, bottom: y + h - cardPad, brk: func() {}}
	r.flow(cardFoot(c))
	r.fr = outer
}

// cardSpans is what a card says: its dice, what the PEF turned out to be
// and, for a contact, what it brings. Which PEF it is goes in small print
// at the foot (cardFoot), so that the eye lands on nothing that names an
// encounter.
func (r *renderer) cardSpans(c *card) []span {
	p, e := c.pef, c.e
	var spans []span
	if p.Roll != nil {
		spans = append(spans, span{text: p.Roll.String(), size: 8.5})
		if !strings.HasPrefix(p.Roll.Dice.String(), p.Method) {
			spans = append(spans, span{text: "Rolled " + p.Method + ".", size: 7, grey: true})
		}
	} else {
		spans = append(spans, span{text: "No roll: " + strings.TrimPrefix(p.Method, "none: ") + ".", size: 8.5})
	}
	spans = append(spans, span{text: p.Result, style: "B", size: 10, before: 1.2})
	if p.Forced != "" {
		spans = append(spans, span{text: p.Forced, style: "BI", size: 9, before: 0.8})
	}
	if p.Contact != nil {
		spans = append(spans, r.contactSpans(e, p.Contact, p.Result)...)
	}
	return spans
}

// contactSpans says what a contact brings: the board, the rule for how
// many enemies with a lookup for every size of band, and which figures.
// The counts the engine rolled assume the band at full strength; the
// lookup keeps the card right after losses and recruits.
func (r *renderer) contactSpans(e *entry, ct *engine.Contact, result string) []span {
	g := ct.Creatures
	alone := g != nil && g.OnlyOne
	// The result names the rule already; the size roll only adds it when
	// it does not.
	size := ""
	if ct.Size != nil {
		size = ct.Size.String()
		switch {
		case alone:
			size += ", but the creature comes alone"
		case !strings.Contains(result, ct.Rule):
			size += ": " + ct.Rule
		}
		size += ". "
	}
	spans := []span{{text: size + "Battle Board: " + ct.Board + ".", size: 8.5, before: 1.2}}
	if alone {
		spans = append(spans, span{text: "1 enemy, whatever the size of your band.", style: "B", size: 9, before: 0.8})
	} else {
		spans = append(spans, r.countLookup(ct))
	}
	full := ct.ForBand
	if len(ct.Takes) > 0 {
		anchor := "roster/" + strconv.Itoa(e.number)
		spans = append(spans, span{
			text: fmt.Sprintf("Take that many figures from the roster of %s (page %s), in order, carrying on where the last contact stopped (with your full band of %d: places %s).", e.name(), r.pageOf(anchor), full, ct.Places()),
			size: 8.5, before: 0.8, link: anchor,
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
		spans = append(spans, span{text: strings.Join(rolls, "; ") + ".", size: 8, before: 0.8})
	}
	name := g.Name
	switch {
	case g.ArmyList != "" && len(g.Figures) > 0 && g.Figures[0].Roll != nil:
		name += ": see the " + g.Figures[0].Roll.Title + " list"
	case alone:
		name += ": only one"
	}
	spans = append(spans, span{text: name + ".", style: "B", size: 9, before: 0.4})
	if n := len(g.Figures); n > 1 && !alone {
		which := "figures 1–" + strconv.Itoa(ct.CountFor(full))
		if ct.CountFor(full) == n {
			which = "all " + strconv.Itoa(n)
		}
		more := "add more like the last: only the first has the listed Rep"
		if g.ArmyList != "" {
			more = "roll them on the same army list"
		}
		spans = append(spans, span{text: fmt.Sprintf("Take that many, in order (with your full band of %d: %s); to take more, %s.", full, which, more), size: 8})
	}
	return append(spans, figureSpans(g)...)
}

// Count lookup sizes.
const (
	lookupSize = 7.5 // points
	lookupRowH = 4.2 // mm
	lookupMinN = 7   // the lookup runs to at least a band of 7
)

// lookupN is how many band sizes a contact's lookup shows: 1 to the
// larger of 7 and one more than the band as rolled.
func lookupN(ct *engine.Contact) int { return max(lookupMinN, ct.ForBand+1) }

// countLookup is a small table: for each number of figures in your band,
// the number of enemies the contact brings. The band as rolled is shaded.
func (r *renderer) countLookup(ct *engine.Contact) span {
	n := lookupN(ct)
	return span{before: 1, drawH: 2*lookupRowH + 0.4, draw: func(x, y, w float64) {
		rows := []struct {
			label string
			value func(i int) int
		}{
			{"Your figures", func(i int) int { return i }},
			{"Enemies", ct.CountFor},
		}
		r.font("B", lookupSize)
		labelW := 0.0
		for _, row := range rows {
			labelW = max(labelW, r.f.GetStringWidth(row.label))
		}
		labelW += 2 * padX
		cw := min(7.0, (w-labelW)/float64(n))
		total := labelW + cw*float64(n)
		if ct.ForBand >= 1 && ct.ForBand <= n {
			r.f.SetFillColor(215, 215, 215)
			r.f.Rect(x+labelW+float64(ct.ForBand-1)*cw, y, cw, 2*lookupRowH, "F")
		}
		for j, row := range rows {
			yy := y + float64(j)*lookupRowH
			r.font("B", lookupSize)
			r.f.SetXY(x+padX, yy)
			r.f.CellFormat(labelW-padX, lookupRowH, row.label, "", 0, "L", false, 0, "")
			for i := 1; i <= n; i++ {
				style := ""
				if j == 1 {
					style = "B"
				}
				r.font(style, lookupSize)
				r.f.SetXY(x+labelW+float64(i-1)*cw, yy)
				r.f.CellFormat(cw, lookupRowH, strconv.Itoa(row.value(i)), "", 0, "C", false, 0, "")
			}
		}
		r.f.SetDrawColor(120, 120, 120)
		r.f.SetLineWidth(0.15)
		r.f.Line(x, y+lookupRowH, x+total, y+lookupRowH)
		for i := 0; i < n; i++ {
			r.f.Line(x+labelW+float64(i)*cw, y, x+labelW+float64(i)*cw, y+2*lookupRowH)
		}
		r.f.SetLineWidth(0.3)
		r.f.Rect(x, y, total, 2*lookupRowH, "D")
		r.ink()
	}}
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
		spans = append(spans, span{text: text, size: 8, indent: 7, bullet: num})
		i = j
	}
	return spans
}
