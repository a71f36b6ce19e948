package rules

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/sortie-wargames/sortie/engine/dice"
)

// Result is a roll on a table and the row it read.
type Result struct {
	Table *Table
	Roll  dice.Roll
	Row   *Row
}

// String returns "Enemy: 2d6 = 3 + 6 = 9 → 9".
func (r Result) String() string {
	return fmt.Sprintf("%s: %s → %s", r.Table.Title, r.Roll, r.Row.Key)
}

// Cell returns the result row's cell in the named column.
func (r Result) Cell(col string) Cell { return r.Table.Cell(r.Row, col) }

// Roll rolls t's dice on r and reads the row. Tables read versus a target
// that is not a fixed number (such as Rep) take it from target; others
// ignore it. Tables whose dice name other values (1d6+Rep) need RollVars.
func (t *Table) Roll(r *dice.Roller, target int) (Result, error) {
	e, err := t.expr(target)
	if err != nil {
		return Result{}, err
	}
	return t.result(r.Roll(e))
}

// RollVars rolls t's dice on r and reads the row, taking from vars the
// values the table names: what its dice are taken versus ("Rep"), a named
// count ("Rep d6") and a named modifier ("1d6+Rep"). Values it does not
// name are ignored.
func (t *Table) RollVars(r *dice.Roller, vars map[string]int) (Result, error) {
	e, err := t.ExprVars(vars)
	if err != nil {
		return Result{}, err
	}
	return t.result(r.Roll(e))
}

// RollWith rolls e (for example the table's dice with more of them, as
// "3d6 counting the lowest two") and reads the row on t. e must read
// values t's rows cover.
func (t *Table) RollWith(r *dice.Roller, e dice.Expr) (Result, error) {
	if err := t.rollable(); err != nil {
		return Result{}, err
	}
	if e.Count < 1 {
		return Result{}, fmt.Errorf("table %s: %s: bind its count before rolling", t.ID, e.Notation())
	}
	if e.Mode != t.Dice.Mode {
		return Result{}, fmt.Errorf("table %s is read %s, but %s is read %s", t.ID, t.Read, e.Notation(), e.Mode)
	}
	if e.Mode == dice.ModePass && e.Target < 1 {
		return Result{}, fmt.Errorf("table %s: %s needs a target of 1 or more", t.ID, e.Notation())
	}
	if err := e.Validate(); err != nil {
		return Result{}, fmt.Errorf("table %s: %s: %v", t.ID, e.Notation(), err)
	}
	lo, hi := e.Outcomes()
	if t.RowFor(lo) == nil || t.RowFor(hi) == nil {
		return Result{}, fmt.Errorf("table %s: %s reads %d..%d, outside its rows", t.ID, e.Notation(), lo, hi)
	}
	return t.result(r.Roll(e))
}

// Expr returns the dice expression rolled on t, with target filled in for
// tables taken versus something other than a fixed number.
func (t *Table) Expr(target int) (dice.Expr, error) { return t.expr(target) }

func (t *Table) expr(target int) (dice.Expr, error) {
	vars := map[string]int{}
	if _, err := strconv.Atoi(t.Target); err != nil && t.Target != "" {
		vars[t.Target] = target
	}
	return t.ExprVars(vars)
}

// ExprVars returns the dice expression rolled on t with the values vars
// gives for the names it uses: its target (such as Rep), a named count and
// a named modifier.
func (t *Table) ExprVars(vars map[string]int) (dice.Expr, error) {
	if !t.Read.Rolled() {
		return dice.Expr{}, fmt.Errorf("table %s is read %s, so it cannot be rolled on", t.ID, t.Read)
	}
	e := t.Dice
	if e.Mode == dice.ModePass && e.Target == 0 {
		v, ok := vars[t.Target]
		if !ok || v < 1 {
			return dice.Expr{}, fmt.Errorf("table %s is taken versus %s: give a target of 1 or more", t.ID, t.Target)
		}
		e.Target = v
	}
	e, err := e.Bind(vars)
	if err != nil {
		return dice.Expr{}, fmt.Errorf("table %s: %v", t.ID, err)
	}
	return e, nil
}

// rollable reports why the engine cannot roll on t and read a row, or nil.
func (t *Table) rollable() error {
	switch {
	case !t.Read.Rolled():
		return fmt.Errorf("table %s is read %s, so it cannot be rolled on", t.ID, t.Read)
	case !t.Rolled():
		return fmt.Errorf("table %s is read across the dice passed: take a test with RollTest", t.ID)
	}
	return nil
}

func (t *Table) result(roll dice.Roll) (Result, error) {
	if err := t.rollable(); err != nil {
		return Result{}, err
	}
	row := t.RowFor(roll.Value)
	if row == nil {
		return Result{}, fmt.Errorf("table %s has no row for %d", t.ID, roll.Value)
	}
	return Result{Table: t, Roll: roll, Row: row}, nil
}

// TestResult is a test taken on a table read across the dice passed (a
// reaction test): the test's row, the roll, and the cell the dice passed
// read.
type TestResult struct {
	Table *Table
	Row   *Row
	Roll  dice.Roll
	Col   int // the index in Table.Columns of the column read
	Cell  Cell
}

// String returns "Reaction Tests, Received Fire: 2d6 vs 4 = 3, 6: 1
// passed → Pass 1d6".
func (r TestResult) String() string {
	return fmt.Sprintf("%s, %s: %s → %s", r.Table.Title, r.Row.Key, r.Roll, r.Table.Columns[r.Col].Name)
}

// RollTest takes the test named rowName on a table read across the dice
// passed: it rolls the table's dice on r (vars as for RollVars) and returns
// the cell in the column for the dice passed.
func (t *Table) RollTest(r *dice.Roller, rowName string, vars map[string]int) (TestResult, error) {
	if t.AcrossName != Passed {
		return TestResult{}, fmt.Errorf("table %s is not read across the dice passed, so it has no tests", t.ID)
	}
	row := t.Named(rowName)
	if row == nil {
		return TestResult{}, fmt.Errorf("table %s has no test %q", t.ID, rowName)
	}
	e, err := t.ExprVars(vars)
	if err != nil {
		return TestResult{}, err
	}
	roll := r.Roll(e)
	col := slices.Index(t.AcrossValues, roll.Value)
	if col < 0 {
		return TestResult{}, fmt.Errorf("table %s has no column for %d passed", t.ID, roll.Value)
	}
	return TestResult{Table: t, Row: row, Roll: roll, Col: col, Cell: row.Cells[col]}, nil
}
