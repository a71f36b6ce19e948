package rules

import (
	"slices"
	"strconv"
	"strings"
)

// Held is the value a table's dice are read by that a figure or the game
// holds, such as the Rep a figure tests against, the Rep that counts its
// dice (Rep d6) or the EAL, and the values it takes in the system: what
// the odds of the table are worked out for.
type Held struct {
	Name   string // "Rep", "PEF Rep", "EAL"; "" when the table is read by no held value
	Values []int  // lowest first, every whole number from the least to the most
}

// heldName is the name t's dice are read by, or "": its target when that
// is not a number, else its named count of dice. A table naming two
// different values (Rep d6 taken versus EAL) has none: its odds would
// need a value for each.
func (t *Table) heldName() string {
	switch t.Read {
	case ReadPass, ReadOpposed, ReadSuccesses, ReadOpposedSuccesses:
	default:
		return ""
	}
	target := t.Target
	if _, err := strconv.Atoi(target); err == nil {
		target = ""
	}
	count := t.Dice.CountName
	switch {
	case target != "" && count != "" && target != count:
		return ""
	case target != "":
		return target
	}
	return count
}

// setHeld sets every table's Held from the system's own data (see held).
func (s *Set) setHeld() {
	for _, id := range s.Order {
		t := s.Tables[id]
		if name := t.heldName(); name != "" {
			t.Held = s.held(name)
		}
	}
}

// held returns the values name takes in s, read from the data: the
// numbers in every whole-number column of that name (the Rep column of
// each army list, roster and recruiting table), the columns of every table
// read across it (PEF Resolution's EAL 1 to 5), and for Rep the Star's
// Rep. A name the data holds no values for is tried by its first word,
// so "Rep of the Leader" takes the system's Reps. The values run from the
// least found to the most, every whole number between, never below 1. It
// returns a Held with no values when the data says nothing.
func (s *Set) held(name string) Held {
	vals := s.valuesOf(name)
	if len(vals) == 0 {
		if first, _, ok := strings.Cut(name, " "); ok {
			if v := s.valuesOf(first); len(v) > 0 {
				name, vals = first, v
			}
		}
	}
	h := Held{Name: name}
	if len(vals) == 0 {
		return h
	}
	lo, hi := slices.Min(vals), slices.Max(vals)
	for v := lo; v <= hi; v++ {
		h.Values = append(h.Values, v)
	}
	return h
}

// valuesOf returns every value of name the data holds, at least 1, in no
// particular order.
func (s *Set) valuesOf(name string) []int {
	var vals []int
	add := func(v int) {
		if v >= 1 {
			vals = append(vals, v)
		}
	}
	for _, id := range s.Order {
		t := s.Tables[id]
		for i, c := range t.Columns {
			if c.Type != TypeInt || !strings.EqualFold(c.Name, name) {
				continue
			}
			for _, r := range t.Rows {
				if !r.Cells[i].NA {
					add(r.Cells[i].Int)
				}
			}
		}
		if strings.EqualFold(t.AcrossName, name) {
			for _, v := range t.AcrossValues {
				add(v)
			}
		}
	}
	if strings.EqualFold(name, "Rep") && s.System != nil {
		add(s.System.StarRep)
	}
	return vals
}
