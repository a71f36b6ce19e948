package rules

import (
	"fmt"
	"strconv"
)

// How a table is printed on a Quick Reference Sheet. These belong to the
// data, not to one renderer, so the Markdown, the site and the booklets
// print every table the same way.

// Corner returns what a table's top-left corner shows: how many d6 to
// roll, as the books print it ("2", "1", "1/2", "Rep" for a count named
// by a figure's Rep), or "" for a lookup table.
func (t *Table) Corner() string {
	switch {
	case !t.HasDice:
		return ""
	case t.Dice.Half:
		return "1/2"
	case t.Dice.CountName != "":
		return t.Dice.CountName
	}
	return strconv.Itoa(t.Dice.Count)
}

// HowToRead returns the line under a table's title saying how to read the
// dice: the table's own caption when it has one, else the books' usual
// words for its reading.
func (t *Table) HowToRead() string {
	if t.Caption != "" {
		return t.Caption
	}
	switch t.Read {
	case ReadSum:
		return "Adding the results together"
	case ReadAsRolled:
		return "Result read as rolled"
	case ReadPass:
		return "Taken versus " + t.Target
	case ReadSuccesses, ReadOpposedSuccesses:
		return "Counting successes"
	case ReadLookup:
		return "Look up the row"
	}
	return ""
}

// Printed returns the indexes of a table's columns a player reads: ids and
// references are for the engine.
func (t *Table) Printed() []int {
	var cols []int
	for i, c := range t.Columns {
		if c.Type != TypeID && c.Type != TypeRef {
			cols = append(cols, i)
		}
	}
	return cols
}

// CellText returns a cell as printed: x for not applicable, a star for a
// value Sortie decided, (1) for a flag, a + on positive numbers in a
// column that also holds negative ones (a modifier: -1, 0, +1), and a
// footnote marker as "(N)": "Clear (1)".
func (t *Table) CellText(col int, c Cell) string {
	s := c.Text
	if t.Columns[col].Type == TypeFlag && s == "yes" {
		s = "(1)"
	}
	if t.Columns[col].Type == TypeInt && !c.NA && c.Int > 0 && t.signed(col) {
		s = "+" + s
	}
	if c.Decided {
		s += "*"
	}
	return marked(s, c.Footnote)
}

// Printed returns a modifier's text and value as printed, with their
// footnote markers as "(N)".
func (m Modifier) Printed() (text, value string) {
	return marked(m.Text, m.TextNote), marked(m.Value, m.ValueNote)
}

// FootnoteLines returns a table's footnotes as printed under it, in number
// order: "(1) One building on 1-3, two on 4-5, three on 6."
func (t *Table) FootnoteLines() []string {
	lines := make([]string, len(t.Footnotes))
	for i, f := range t.Footnotes {
		lines[i] = fmt.Sprintf("(%d) %s", f.Number, f.Text)
	}
	return lines
}

// signed reports whether an int column holds a negative value.
func (t *Table) signed(col int) bool {
	for _, r := range t.Rows {
		if c := r.Cells[col]; !c.NA && c.Int < 0 {
			return true
		}
	}
	return false
}
