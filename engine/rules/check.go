package rules

import (
	"errors"
	"fmt"
)

// Checker collects what a system's procedures need of its data, so a
// system's constructor can report every missing table or column at once,
// each at its line.
type Checker struct {
	Set  *Set
	Errs []error
}

// Table returns the table id, noting an error if it is missing, is not
// read as read, or lacks one of cols. It returns nil when missing.
func (c *Checker) Table(id string, read Read, cols ...string) *Table {
	t := c.Set.Table(id)
	if t == nil {
		c.Errs = append(c.Errs, fmt.Errorf("%s: system %s needs a table %q", c.Set.System.Pos, c.Set.System.ID, id))
		return nil
	}
	if t.Read != read {
		c.Errs = append(c.Errs, fmt.Errorf("%s: table %s is read %s, want %s", t.Pos, id, t.Read, read))
	}
	c.Columns(t, cols...)
	return t
}

// Columns notes an error for each of cols that t lacks.
func (c *Checker) Columns(t *Table, cols ...string) {
	for _, col := range cols {
		if t.Col(col) < 0 {
			c.Errs = append(c.Errs, fmt.Errorf("%s: table %s needs a column %q", t.Pos, t.ID, col))
		}
	}
}

// Errorf notes an error at pos.
func (c *Checker) Errorf(pos Pos, format string, args ...any) {
	c.Errs = append(c.Errs, fmt.Errorf("%s: %s", pos, fmt.Sprintf(format, args...)))
}

// Err returns every error noted so far, joined, or nil.
func (c *Checker) Err() error { return errors.Join(c.Errs...) }

// Ints notes an error for each row of t whose cell in col is not a whole
// number in lo..hi: x (not applicable) and [n] decided values are checked
// like any other, since a procedure that reads the number would read 0
// for x. skip, when not nil, passes over rows the procedure does not read
// the column of (a row that sends you to another list). A column not
// declared int is an error at the table's line, for its cells would all
// read as 0.
func (c *Checker) Ints(t *Table, col string, lo, hi int, skip func(*Row) bool) {
	i := t.Col(col)
	if i < 0 {
		return // Columns reports it
	}
	if t.Columns[i].Type != TypeInt {
		c.Errorf(t.Pos, "table %s: column %s is %s: want %s:int, a whole number %d..%d", t.ID, col, t.Columns[i].Type, col, lo, hi)
		return
	}
	for k := range t.Rows {
		r := &t.Rows[k]
		if skip != nil && skip(r) {
			continue
		}
		if cell := r.Cells[i]; cell.NA || cell.Int < lo || cell.Int > hi {
			c.Errorf(r.Pos, "table %s row %s: %s %q: want a whole number %d..%d", t.ID, r.Key, col, cell.Text, lo, hi)
		}
	}
}
