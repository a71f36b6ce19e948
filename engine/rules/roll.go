package rules

import (
	"fmt"

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
// ignore it.
func (t *Table) Roll(r *dice.Roller, target int) (Result, error) {
	e, err := t.expr(target)
	if err != nil {
		return Result{}, err
	}
	return t.result(r.Roll(e))
}

// RollWith rolls e (for example the table's dice with more of them, as
// "3d6 counting the lowest two") and reads the row on t. e must read
// values t's rows cover.
func (t *Table) RollWith(r *dice.Roller, e dice.Expr) (Result, error) {
	if !t.Read.Rolled() {
		return Result{}, fmt.Errorf("table %s is read %s, so it cannot be rolled on", t.ID, t.Read)
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
	if !t.Read.Rolled() {
		return dice.Expr{}, fmt.Errorf("table %s is read %s, so it cannot be rolled on", t.ID, t.Read)
	}
	e := t.Dice
	if e.Mode == dice.ModePass && e.Target == 0 {
		if target < 1 {
			return dice.Expr{}, fmt.Errorf("table %s is taken versus %s: give a target of 1 or more", t.ID, t.Target)
		}
		e.Target = target
	}
	return e, nil
}

func (t *Table) result(roll dice.Roll) (Result, error) {
	row := t.RowFor(roll.Value)
	if row == nil {
		return Result{}, fmt.Errorf("table %s has no row for %d", t.ID, roll.Value)
	}
	return Result{Table: t, Roll: roll, Row: row}, nil
}
