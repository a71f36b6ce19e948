package doc

import "github.com/sortie-wargames/sortie/engine/rules"

// RuleTable returns a rule table as the Quick Reference Sheets print it:
// the dice in the corner, how to read them, circumstance modifiers, the
// printed columns (ids and references are the engine's, not the
// player's), footnotes, decisions and the book's page. It is the one place a rule table becomes print.
func RuleTable(t *rules.Table) *Table {
	tb := &Table{
		ID:        t.ID,
		Corner:    t.Corner(),
		Title:     t.Title,
		Notes:     t.Notes,
		Decisions: t.Decisions,
		Source:    t.Source,
	}
	if s := t.HowToRead(); s != "" {
		tb.HowToRead = append(tb.HowToRead, s)
	}
	if t.SixFails {
		tb.HowToRead = append(tb.HowToRead, "A 6 is always a failure.")
	}
	for _, g := range t.Modifiers {
		m := Modifier{Head: g.Headers}
		for _, mod := range g.Rows {
			text, value := mod.Printed()
			m.Rows = append(m.Rows, [2]string{text, value})
		}
		tb.Modifiers = append(tb.Modifiers, m)
	}
	tb.Footnotes = t.FootnoteLines()
	cols := t.Printed()
	tb.Head = append(tb.Head, t.KeyHeader)
	for k, i := range cols {
		tb.Head = append(tb.Head, t.Columns[i].Name)
		if t.Columns[i].Type == rules.TypeText {
			tb.Wide = append(tb.Wide, k+1)
		}
	}
	for _, r := range t.Rows {
		row := []string{r.Key}
		for _, i := range cols {
			row = append(row, t.CellText(i, r.Cells[i]))
		}
		tb.Rows = append(tb.Rows, row)
	}
	return tb
}
