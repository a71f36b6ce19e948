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
