package rules_test

import (
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// Regression tests for bugs found by review and fixed.

// A halved die read pass used to parse, then make Table.Roll panic in
// package dice. Parse rejects it at the dice line.
func TestRegressionHalfDiePassTablePanics(t *testing.T) {
	data := src("table h", "title H", "dice 1/2d6", "read pass", "target 4", "columns A:text", "| 1 | a |", "| 2 | b |", "| 3 | c |")
	f, err := rules.Parse("half.rules", data)
	if err != nil {
		wantErr(t, err, "half.rules", 3, "1/2 die can only be read as rolled")
		return
	}
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("Parse accepted the table and Roll panicked: %v", r)
		}
	}()
	if _, err := f.Tables[0].Roll(dice.New("x"), 0); err == nil {
		t.Errorf("Parse accepted the table and Roll gave no error")
	}
}

// maxErrors (20) bounds the errors found when a block ends too, and runs of
// missing totals are one error: a typo of 2d60 for 2d6 used to give one
// error per missing total.
func TestRegressionMaxErrorsNotEnforcedForCoverage(t *testing.T) {
	_, err := rules.Parse("typo.rules", src("table h", "title H", "dice 2d60", "read sum", "columns A:text", "| 2-12 | a |"))
	if n := len(errLines(err)); n == 0 || n > 20 {
		t.Errorf("got %d errors, want 1..20", n)
	}
}

// A numeric target below 1 used to be accepted: 0 was then treated as
// "taken versus something", and -3 never passed.
func TestRegressionNonPositiveTarget(t *testing.T) {
	for _, target := range []string{"0", "-3"} {
		_, err := rules.Parse("t.rules", src("table h", "title H", "dice 2d6", "read pass", "target "+target, "columns A:text", "| 0-2 | a |"))
		if err == nil {
			t.Errorf("target %s accepted", target)
		}
	}
}

// RollWith used to check only that e's least and greatest values had rows,
// not that e is read the way the table is: a sum was read as dice passed,
// and a pass roll with no target always read 0 passed.
func TestRegressionRollWithDoesNotCheckReading(t *testing.T) {
	s := loadReal(t)
	pef := s.Table("pef-resolution")
	if res, err := pef.RollWith(dice.New("x"), dice.Expr{Count: 1, Faces: 2}); err == nil {
		t.Errorf("a 1d2 sum was read as dice passed: %v", res)
	}
	shooting := s.Table("shooting")
	e := shooting.Dice // taken versus Rep: no target of its own
	e.Count, e.Keep, e.KeepWhich = 3, 2, dice.KeepLowest
	if res, err := shooting.RollWith(dice.New("x"), e); err == nil {
		t.Errorf("a pass roll with no target was read (%v): it can only ever pass 0", res)
	}
}

// One mistake in a row used to give a second, misleading error (the row was
// dropped, so the table had no row for that total); a bad column type gave
// an error for every row.
func TestRegressionCascadingErrors(t *testing.T) {
	_, err := rules.Parse("bad.rules", src(with("| 2-6 | Raw | 3 |", "| 7 | Exp | four |", "| 8-12 | Vet | 5 |")...))
	if n := len(errLines(err)); n != 1 {
		t.Errorf("one bad cell gives %d errors:\n%v", n, err)
	}
	_, err = rules.Parse("bad.rules", src("table h", "title H", "dice 2d6", "read sum", "columns A:text | R:integer", "| 2-6 | a | 1 |", "| 7 | b | 2 |", "| 8-12 | c | 1 |"))
	if n := len(errLines(err)); n != 1 {
		t.Errorf("one bad column type gives %d errors:\n%v", n, err)
	}
	if strings.Contains(err.Error(), "no rows") {
		t.Errorf("a bad column type also reports the table has no rows")
	}
}
