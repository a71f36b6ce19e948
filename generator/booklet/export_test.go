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

// CardOf returns the card number of an entry's PEF (index from 0).
func CardOf(d Doc, entry, index int) int {
	es, err := entriesOf(d)
	if err != nil {
		return 0
	}
	_, by := deal(d.Seed, es)
	if c := by[pefKey{entry, index}]; c != nil {
		return c.number
	}
	return 0
}
