package rules_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// alert is the PEF Resolution roll once the enemy is alerted: 3d6 counting
// the lowest two, still versus 4.
func alert(t *testing.T, pef *rules.Table) dice.Expr {
	t.Helper()
	e, err := pef.Expr(0)
	if err != nil {
		t.Fatal(err)
	}
	e.Count, e.Keep, e.KeepWhich = 3, 2, dice.KeepLowest
	return e
}

func TestRollWith3d6kl2(t *testing.T) {
	s := loadReal(t)
	pef := s.Table("pef-resolution")
	e := alert(t, pef)
	roller := dice.New("sortie/rules/rollwith")
	res, err := pef.RollWith(roller, e)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Roll.Dice) != 3 || len(res.Roll.Kept) != 2 {
		t.Fatalf("rolled %v kept %v, want 3 dice and 2 kept", res.Roll.Dice, res.Roll.Kept)
	}
	low := slices.Sorted(slices.Values(res.Roll.Dice))[:2]
	if !slices.Equal(res.Roll.Kept, low) {
		t.Errorf("kept %v of %v, want the lowest two %v", res.Roll.Kept, res.Roll.Dice, low)
	}
	passed := 0
	for _, d := range low {
		if d <= 4 {
			passed++
		}
	}
	if res.Roll.Value != passed || res.Row != pef.RowFor(passed) || res.Table != pef {
		t.Errorf("%v: value %d row %q, want %d passed", res.Roll, res.Roll.Value, res.Row.Key, passed)
	}
	if want := "PEF Resolution: 3d6 lowest two vs 4 = "; !strings.HasPrefix(res.String(), want) || !strings.HasSuffix(res.String(), fmt.Sprintf(": %d passed → %d", passed, passed)) {
		t.Errorf("String() = %q", res.String())
	}
	// The table's own dice are untouched by the wider roll.
	if pef.Dice.Count != 2 || pef.Dice.Keep != 0 {
		t.Errorf("RollWith changed the table's dice: %+v", pef.Dice)
	}

	// Its distribution: 160, 48 and 8 in 216 for 2, 1 and 0 passed.
	r := reading{count: 3, faces: 6, keep: 2, which: dice.KeepLowest, read: rules.ReadPass, target: 4}
	p := expected(t, pef, r, byRow)
	if p["row 0"] != 160.0/216 || p["row 2"] != 8.0/216 { // rows are keyed 2, 1, 0
		t.Errorf("expected probabilities %v", p)
	}
	counts := sample(t, pef, r, byRow, func() (rules.Result, error) { return pef.RollWith(roller, e) })
	if ok, how := fits(t, counts, p); !ok {
		t.Errorf("3d6kl2 counts %v do not fit %v: %s", counts, p, how)
	}
	// ... and they are not those of the plain 2d6 roll.
	if ok, _ := fits(t, counts, expected(t, pef, readingOf(t, pef, 0), byRow)); ok {
		t.Errorf("3d6kl2 counts %v fit plain 2d6", counts)
	}
}

func TestRollWithErrors(t *testing.T) {
	s := loadReal(t)
	pef := s.Table("pef-resolution")
	roller := dice.New("x")
	// Notation alone reads as a sum: 3d6kl2 totals 2..12, which the dice
	// passed rows (0..2) do not cover.
	sum, err := dice.Parse("3d6kl2")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pef.RollWith(roller, sum); err == nil || !strings.Contains(err.Error(), "table pef-resolution is read pass, but 3d6kl2 is read sum") {
		t.Errorf("RollWith(sum 3d6kl2) = %v", err)
	}
	// Four dice passed do not fit a table with rows for 0..2.
	e := alert(t, pef)
	e.Count, e.Keep, e.KeepWhich = 4, 0, dice.KeepAll
	if _, err := pef.RollWith(roller, e); err == nil || !strings.Contains(err.Error(), "reads 0..4, outside its rows") {
		t.Errorf("RollWith(4d6 pass) = %v", err)
	}
	for _, id := range []string{"pef-count", "action", "shooting-damage"} {
		tb := s.Table(id)
		if _, err := tb.RollWith(roller, dice.Expr{Count: 2, Faces: 6}); err == nil || !strings.Contains(err.Error(), "cannot be rolled on") {
			t.Errorf("RollWith on %s (read %s) = %v", id, tb.Read, err)
		}
	}
}

func TestRollErrors(t *testing.T) {
	s := loadReal(t)
	roller := dice.New("x")
	// Lookup, opposed and compare tables are not rolled on.
	for _, id := range []string{"pef-count", "next-encounter", "action", "melee", "shooting-damage"} {
		tb := s.Table(id)
		want := fmt.Sprintf("table %s is read %s, so it cannot be rolled on", id, tb.Read)
		if _, err := tb.Roll(roller, 4); err == nil || err.Error() != want {
			t.Errorf("Roll on %s = %v, want %q", id, err, want)
		}
		if _, err := tb.Expr(4); err == nil || err.Error() != want {
			t.Errorf("Expr on %s = %v, want %q", id, err, want)
		}
	}
	// A table taken versus Rep needs a target.
	for _, target := range []int{0, -1} {
		_, err := s.Table("shooting").Roll(roller, target)
		if want := "table shooting is taken versus Rep: give a target of 1 or more"; err == nil || err.Error() != want {
			t.Errorf("Roll(shooting, %d) = %v, want %q", target, err, want)
		}
	}
	if _, err := s.Table("will-to-fight").Roll(roller, 0); err == nil || !strings.Contains(err.Error(), "taken versus Rep of the Leader") {
		t.Errorf("Roll(will-to-fight, 0) = %v", err)
	}
}

func TestRollTargets(t *testing.T) {
	s := loadReal(t)
	shooting := s.Table("shooting")
	for _, target := range []int{1, 4, 5, 6} {
		e, err := shooting.Expr(target)
		if err != nil {
			t.Fatal(err)
		}
		if e.Mode != dice.ModePass || e.Target != target || !e.SixFails || e.Count != 2 || e.Faces != 6 {
			t.Errorf("shooting.Expr(%d) = %+v", target, e)
		}
		res, err := shooting.Roll(dice.New("t").Stream(strconv.Itoa(target)), target)
		if err != nil {
			t.Fatal(err)
		}
		if res.Roll.Expr.Target != target {
			t.Errorf("rolled versus %d, want %d", res.Roll.Expr.Target, target)
		}
	}
	if shooting.Dice.Target != 0 {
		t.Errorf("Expr changed the table's own target to %d", shooting.Dice.Target)
	}
	// A fixed target ignores the caller's.
	pef := s.Table("pef-resolution")
	for _, target := range []int{0, 2, 6} {
		e, err := pef.Expr(target)
		if err != nil || e.Target != 4 || e.Mode != dice.ModePass {
			t.Errorf("pef-resolution.Expr(%d) = %+v, %v, want versus 4", target, e, err)
		}
	}
	// Sum and as-rolled tables ignore the target too.
	if e, err := s.Table("enemy").Expr(9); err != nil || e.Mode != dice.ModeSum || e.Target != 0 {
		t.Errorf("enemy.Expr(9) = %+v, %v", e, err)
	}
}

func TestRollResult(t *testing.T) {
	s := loadReal(t)
	enemy := s.Table("enemy")
	a, b := dice.New("same seed").Stream("enemy"), dice.New("same seed").Stream("enemy")
	for range 50 {
		ra, err := enemy.Roll(a, 0)
		if err != nil {
			t.Fatal(err)
		}
		rb, _ := enemy.Roll(b, 0)
		if ra.String() != rb.String() {
			t.Fatalf("same seed, different rolls: %s / %s", ra, rb)
		}
		d := ra.Roll.Dice
		want := fmt.Sprintf("Enemy: 2d6 = %d + %d = %d → %s", d[0], d[1], d[0]+d[1], ra.Row.Key)
		if ra.String() != want || ra.Row.Key != strconv.Itoa(d[0]+d[1]) {
			t.Errorf("String() = %q, want %q", ra.String(), want)
		}
		if ra.Cell("Rep") != enemy.Cell(ra.Row, "Rep") || ra.Cell("rep").Int < 3 {
			t.Errorf("Cell(Rep) = %+v", ra.Cell("Rep"))
		}
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), `table enemy has no column "Colour"`) {
			t.Errorf("Cell with an unknown column: recovered %v", r)
		}
	}()
	enemy.Cell(&enemy.Rows[0], "Colour")
}
