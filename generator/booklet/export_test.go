package booklet

// Pages renders d and returns the page each anchor landed on: "entry/N"
// (an entry's left-hand page), "end/N" (the last page of its spread),
// "card/N", "pef/ENTRY/INDEX" (the page of that PEF's card), "cards",
// "log", "qrs", "qrs/ID".
func Pages(d Doc, opt Options) (map[string]int, error) {
	_, lay, err := render(d, opt)
	if err != nil {
		return nil, err
	}
	return lay.pages, nil
}

// CardOf returns the card number of an entry's PEF (index from 0), as
// dealt for the paper opt names.
func CardOf(d Doc, opt Options, entry, index int) int {
	b, err := setup(d, opt)
	if err != nil {
		return 0
	}
	if c := b.cardOf[pefKey{entry, index}]; c != nil {
		return c.number
	}
	return 0
}

// CardBox is where a card was printed: its page and its box in mm.
type CardBox struct {
	Card, Entry, Page int
	X, Y, W, H        float64
}

// CardBoxes renders d and returns where every card was printed.
func CardBoxes(d Doc, opt Options) ([]CardBox, error) {
	_, lay, err := render(d, opt)
	if err != nil {
		return nil, err
	}
	var out []CardBox
	for _, c := range lay.cards {
		out = append(out, CardBox{Card: c.card, Entry: c.entry, Page: c.page, X: c.x, Y: c.y, W: c.w, H: c.h})
	}
	return out, nil
}

// LegendRights renders d and returns the right edge of every map legend
// item (mm from the paper's left edge) and the right margin's position.
func LegendRights(d Doc, opt Options) (rights []float64, limit float64, err error) {
	_, lay, err := render(d, opt)
	if err != nil {
		return nil, 0, err
	}
	for _, it := range lay.legend {
		rights = append(rights, it.x+it.w)
	}
	_, pw, _, _ := paperSize(opt.Paper)
	return rights, pw - side, nil
}

// PageTexts renders d and returns the text the block drawers drew on
// each page, for checks that do not need pdftotext.
func PageTexts(d Doc, opt Options) (map[int]string, error) {
	_, lay, err := render(d, opt)
	if err != nil {
		return nil, err
	}
	return lay.text, nil
}

// PlayBox is where a play card's front was printed: its page and its box
// in mm.
type PlayBox struct {
	Page       int
	X, Y, W, H float64
}

// PlayBoxes renders d and returns where every play card's front was
// printed.
func PlayBoxes(d Doc, opt Options) ([]PlayBox, error) {
	_, lay, err := render(d, opt)
	if err != nil {
		return nil, err
	}
	var out []PlayBox
	for _, b := range lay.plays {
		out = append(out, PlayBox{Page: b.page, X: b.x, Y: b.y, W: b.w, H: b.h})
	}
	return out, nil
}
