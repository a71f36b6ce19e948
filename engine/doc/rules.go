package doc

import (
	"strings"

	"github.com/sortie-wargames/sortie/engine/odds"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// RuleTable returns a rule table as the Quick Reference Sheets print it:
// the dice in the corner, how to read them, circumstance modifiers, the
// printed columns (ids and references are the engine's, not the
// player's), footnotes, decisions, the book's page, and for a table read
// by passing dice the odds of each result (RuleOdds). It is the one place
// a rule table becomes print.
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
	tb.Odds = RuleOdds(t)
	return tb
}

// RuleOdds returns the odds of a rule table read by passing dice, as
// printed under it, or nil for a table with none (see odds.Of).
func RuleOdds(t *rules.Table) *Odds {
	s := odds.Of(t)
	if s == nil {
		return nil
	}
	const how = "before modifiers (exact · nearest per cent)"
	o := &Odds{Corner: s.Name, Head: s.Results, Caption: "Odds " + how}
	switch {
	case s.Kind == odds.Versus:
		beat := "passes more dice than"
		if s.Successes {
			beat = "scores more successes in one roll than"
			if t.RollAgain {
				beat = "ends with more successes than"
			}
		}
		side := "the row's " + s.Name
		if s.Name == "" {
			side = "a side"
		}
		o.Caption = "Odds " + side + " " + beat + " the column's, " + how
	case s.Name == "":
		o.Corner = "Target"
	}
	if s.Kind == odds.Versus {
		for i, h := range o.Head {
			o.Head[i] = "vs " + h
		}
	}
	long := false
	for _, l := range s.Lines {
		row := OddsRow{Label: s.Label(l)}
		for _, p := range l.Chances {
			c := Chance{Fraction: odds.Fraction(p), Percent: odds.Percent(p)}
			long = long || len(c.Fraction) > LongFraction
			row.Cells = append(row.Cells, c)
		}
		o.Rows = append(o.Rows, row)
	}
	if long {
		o.Caption = strings.TrimSuffix(o.Caption, ")") + "; a long fraction as its per cent alone)"
	}
	return o
}
