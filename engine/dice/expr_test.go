package dice

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	sixFails := func(target int) Expr {
		return Expr{Count: 2, Faces: 6, Mode: ModePass, Target: target, SixFails: true}
	}
	cases := []struct {
		name  string
		e     Expr
		dice  []int
		value int
		kept  []int // nil when all are kept
		text  string
	}{
		{"1d6 as rolled", Expr{Count: 1, Faces: 6}, []int{4}, 4, nil, "1d6 = 4"},
		{"2d6 sum", Expr{Count: 2, Faces: 6}, []int{3, 6}, 9, nil, "2d6 = 3 + 6 = 9"},
		{"3d10 sum", Expr{Count: 3, Faces: 10}, []int{10, 1, 7}, 18, nil, "3d10 = 10 + 1 + 7 = 18"},

		{"2d6 vs 4", Expr{Count: 2, Faces: 6, Mode: ModePass, Target: 4}, []int{3, 6}, 1, nil, "2d6 vs 4 = 3, 6: 1 passed"},
		{"2d6 vs 4 equal passes", Expr{Count: 2, Faces: 6, Mode: ModePass, Target: 4}, []int{4, 5}, 1, nil, "2d6 vs 4 = 4, 5: 1 passed"},
		{"2d6 vs 0", Expr{Count: 2, Faces: 6, Mode: ModePass, Target: 0}, []int{1, 1}, 0, nil, "2d6 vs 0 = 1, 1: 0 passed"},
		{"2d6 vs 6 six passes", Expr{Count: 2, Faces: 6, Mode: ModePass, Target: 6}, []int{6, 3}, 2, nil, "2d6 vs 6 = 6, 3: 2 passed"},
		{"2d6 vs 6 six fails", sixFails(6), []int{6, 3}, 1, nil, "2d6 vs 6, 6 fails = 6, 3: 1 passed"},
		{"2d6 vs 6 six fails double six", sixFails(6), []int{6, 6}, 0, nil, "2d6 vs 6, 6 fails = 6, 6: 0 passed"},
		{"2d6 vs 7 six fails", sixFails(7), []int{6, 5}, 1, nil, "2d6 vs 7, 6 fails = 6, 5: 1 passed"},
		{"2d6 vs 7 no six fails", Expr{Count: 2, Faces: 6, Mode: ModePass, Target: 7}, []int{6, 5}, 2, nil, "2d6 vs 7 = 6, 5: 2 passed"},
		{"2d6 vs 4 six fails irrelevant", sixFails(4), []int{6, 4}, 1, nil, "2d6 vs 4 = 6, 4: 1 passed"},

		{"3d6 lowest two vs 4", Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepLowest, Mode: ModePass, Target: 4},
			[]int{5, 2, 6}, 1, []int{2, 5}, "3d6 lowest two vs 4 = 5, 2, 6 → 2, 5: 1 passed"},
		{"3d6 best two vs 4", Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepBest, Mode: ModePass, Target: 4},
			[]int{5, 2, 6}, 1, []int{2, 5}, "3d6 best two vs 4 = 5, 2, 6 → 2, 5: 1 passed"},
		{"3d6 highest two vs 4", Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepHighest, Mode: ModePass, Target: 4},
			[]int{5, 2, 6}, 0, []int{5, 6}, "3d6 highest two vs 4 = 5, 2, 6 → 5, 6: 0 passed"},
		{"3d6 lowest two vs 6 six fails", Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepLowest, Mode: ModePass, Target: 6, SixFails: true},
			[]int{6, 6, 1}, 1, []int{1, 6}, "3d6 lowest two vs 6, 6 fails = 6, 6, 1 → 1, 6: 1 passed"},
		{"lower of 2d6 vs 3", Expr{Count: 2, Faces: 6, Keep: 1, KeepWhich: KeepLowest, Mode: ModePass, Target: 3},
			[]int{5, 2}, 1, []int{2}, "lower of 2d6 vs 3 = 5, 2 → 2: 1 passed"},

		{"3d6 highest two summed", Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepHighest},
			[]int{5, 2, 6}, 11, []int{5, 6}, "3d6 highest two = 5, 2, 6 → 5 + 6 = 11"},
		{"3d6 lowest two summed", Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepLowest},
			[]int{5, 2, 6}, 7, []int{2, 5}, "3d6 lowest two = 5, 2, 6 → 2 + 5 = 7"},
		{"3d6 best two summed keeps highest", Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepBest},
			[]int{5, 2, 6}, 11, []int{5, 6}, "3d6 best two = 5, 2, 6 → 5 + 6 = 11"},
		{"4d6 highest three ties", Expr{Count: 4, Faces: 6, Keep: 3, KeepWhich: KeepHighest},
			[]int{3, 3, 1, 3}, 9, []int{3, 3, 3}, "4d6 highest three = 3, 3, 1, 3 → 3 + 3 + 3 = 9"},
		{"lower of 2d6", Expr{Count: 2, Faces: 6, Keep: 1, KeepWhich: KeepLowest},
			[]int{5, 2}, 2, []int{2}, "lower of 2d6 = 5, 2 → 2"},
		{"higher of 2d6", Expr{Count: 2, Faces: 6, Keep: 1, KeepWhich: KeepHighest},
			[]int{5, 2}, 5, []int{5}, "higher of 2d6 = 5, 2 → 5"},
		{"better of 2d6 summed", Expr{Count: 2, Faces: 6, Keep: 1, KeepWhich: KeepBest},
			[]int{5, 2}, 5, []int{5}, "better of 2d6 = 5, 2 → 5"},
		{"3d6 lowest one", Expr{Count: 3, Faces: 6, Keep: 1, KeepWhich: KeepLowest},
			[]int{5, 2, 4}, 2, []int{2}, "3d6 lowest one = 5, 2, 4 → 2"},
		{"2d6 keep both", Expr{Count: 2, Faces: 6, Keep: 2, KeepWhich: KeepLowest},
			[]int{6, 1}, 7, []int{1, 6}, "2d6 lowest two = 6, 1 → 1 + 6 = 7"},

		{"1/2d6 of 1", Expr{Count: 1, Faces: 6, Half: true}, []int{1}, 1, nil, "1/2d6 = 1 → 1"},
		{"1/2d6 of 2", Expr{Count: 1, Faces: 6, Half: true}, []int{2}, 1, nil, "1/2d6 = 2 → 1"},
		{"1/2d6 of 3", Expr{Count: 1, Faces: 6, Half: true}, []int{3}, 2, nil, "1/2d6 = 3 → 2"},
		{"1/2d6 of 4", Expr{Count: 1, Faces: 6, Half: true}, []int{4}, 2, nil, "1/2d6 = 4 → 2"},
		{"1/2d6 of 5", Expr{Count: 1, Faces: 6, Half: true}, []int{5}, 3, nil, "1/2d6 = 5 → 3"},
		{"1/2d6 of 6", Expr{Count: 1, Faces: 6, Half: true}, []int{6}, 3, nil, "1/2d6 = 6 → 3"},

		{"3d6 successes", Expr{Count: 3, Faces: 6, Mode: ModeSuccess}, []int{1, 4, 3}, 2, nil, "3d6 for 1-3 = 1, 4, 3: 2 successes"},
		{"3d6 one success", Expr{Count: 3, Faces: 6, Mode: ModeSuccess}, []int{1, 4, 6}, 1, nil, "3d6 for 1-3 = 1, 4, 6: 1 success"},
		{"3d6 no successes", Expr{Count: 3, Faces: 6, Mode: ModeSuccess}, []int{5, 4, 6}, 0, nil, "3d6 for 1-3 = 5, 4, 6: 0 successes"},
		{"3d6 best two successes", Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepBest, Mode: ModeSuccess},
			[]int{5, 2, 6}, 1, []int{2, 5}, "3d6 best two for 1-3 = 5, 2, 6 → 2, 5: 1 success"},
		{"3d6 highest two successes", Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepHighest, Mode: ModeSuccess},
			[]int{5, 2, 6}, 0, []int{5, 6}, "3d6 highest two for 1-3 = 5, 2, 6 → 5, 6: 0 successes"},

		{"1d6+3", Expr{Count: 1, Faces: 6, Mod: 3}, []int{4}, 7, nil, "1d6+3 = 4 + 3 = 7"},
		{"1d6-1", Expr{Count: 1, Faces: 6, Mod: -1}, []int{4}, 3, nil, "1d6-1 = 4 - 1 = 3"},
		{"2d6+3", Expr{Count: 2, Faces: 6, Mod: 3}, []int{3, 6}, 12, nil, "2d6+3 = 3 + 6 + 3 = 12"},
		{"1d6+Rep bound to 4", Expr{Count: 1, Faces: 6, ModName: "Rep", Mod: 4}, []int{5}, 9, nil, "1d6+Rep = 5 + 4 = 9"},
		{"1d6+Rep bound to 0", Expr{Count: 1, Faces: 6, ModName: "Rep"}, []int{5}, 5, nil, "1d6+Rep = 5 + 0 = 5"},
		{"1d6+Impact bound to -2", Expr{Count: 1, Faces: 6, ModName: "Impact", Mod: -2}, []int{5}, 3, nil, "1d6+Impact = 5 - 2 = 3"},
		{"3d6kl2+1 keeps then adds", Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepLowest, Mod: 1},
			[]int{5, 2, 6}, 8, []int{2, 5}, "3d6 lowest two, +1 = 5, 2, 6 → 2 + 5 + 1 = 8"},
		{"lower of 2d6+1", Expr{Count: 2, Faces: 6, Keep: 1, KeepWhich: KeepLowest, Mod: 1},
			[]int{5, 2}, 3, []int{2}, "lower of 2d6, +1 = 5, 2 → 2 + 1 = 3"},
		{"Rep d6 successes, Rep 4", Expr{Count: 4, Faces: 6, CountName: "Rep", Mode: ModeSuccess},
			[]int{1, 4, 3, 2}, 3, nil, "4d6 (Rep 4) for 1-3 = 1, 4, 3, 2: 3 successes"},
		{"Rep d6 vs 4, Rep 3", Expr{Count: 3, Faces: 6, CountName: "Rep", Mode: ModePass, Target: 4},
			[]int{1, 5, 4}, 2, nil, "3d6 (Rep 3) vs 4 = 1, 5, 4: 2 passed"},
		{"Rep d6 summed, Rep 2, +1", Expr{Count: 2, Faces: 6, CountName: "Rep", Mod: 1},
			[]int{3, 6}, 10, nil, "2d6 (Rep 2), +1 = 3 + 6 + 1 = 10"},
		{"Rep d6 best one, Rep 3", Expr{Count: 3, Faces: 6, CountName: "Rep", Keep: 1, KeepWhich: KeepHighest},
			[]int{3, 6, 2}, 6, []int{6}, "3d6 (Rep 3) highest one = 3, 6, 2 → 6"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.e.Validate(); err != nil {
				t.Fatalf("test bug: %+v invalid: %v", tc.e, err)
			}
			in := slices.Clone(tc.dice)
			r := tc.e.Read(in)
			if r.Value != tc.value {
				t.Errorf("Value = %d, want %d", r.Value, tc.value)
			}
			if !slices.Equal(r.Dice, tc.dice) {
				t.Errorf("Dice = %v, want %v (as rolled, in order)", r.Dice, tc.dice)
			}
			if (r.Kept == nil) != (tc.kept == nil) || !slices.Equal(r.Kept, tc.kept) {
				t.Errorf("Kept = %#v, want %#v", r.Kept, tc.kept)
			}
			if r.Expr != tc.e {
				t.Errorf("Expr = %+v, want %+v", r.Expr, tc.e)
			}
			if got := r.String(); got != tc.text {
				t.Errorf("String() = %q, want %q", got, tc.text)
			}
			lo, hi := tc.e.Outcomes()
			if r.Value < lo || r.Value > hi {
				t.Errorf("Value %d outside Outcomes %d..%d", r.Value, lo, hi)
			}
			// The roll owns its dice: changing the caller's slice later
			// must not change the trace.
			for i := range in {
				in[i] = 99
			}
			if !slices.Equal(r.Dice, tc.dice) {
				t.Errorf("Read kept a reference to the caller's slice: Dice = %v", r.Dice)
			}
		})
	}
}

func TestRollerHelpersBuildTheRightExpr(t *testing.T) {
	r := New("helpers")
	cases := []struct {
		name string
		roll Roll
		want Expr
	}{
		{"D6", r.D6(), Expr{Count: 1, Faces: 6}},
		{"Sum", r.Sum(3), Expr{Count: 3, Faces: 6}},
		{"Pass", r.Pass(2, 4, true), Expr{Count: 2, Faces: 6, Mode: ModePass, Target: 4, SixFails: true}},
		{"PassLowest", r.PassLowest(3, 2, 5, false), Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepLowest, Mode: ModePass, Target: 5}},
		{"Lower", r.Lower(), Expr{Count: 2, Faces: 6, Keep: 1, KeepWhich: KeepLowest}},
		{"Half", r.Half(), Expr{Count: 1, Faces: 6, Half: true}},
		{"Successes", r.Successes(4), Expr{Count: 4, Faces: 6, Mode: ModeSuccess}},
	}
	for _, tc := range cases {
		if tc.roll.Expr != tc.want {
			t.Errorf("%s: Expr = %+v, want %+v", tc.name, tc.roll.Expr, tc.want)
		}
		if len(tc.roll.Dice) != tc.want.Count {
			t.Errorf("%s: rolled %d dice, want %d", tc.name, len(tc.roll.Dice), tc.want.Count)
		}
		// The value must be the reading of the dice that were rolled.
		if again := tc.want.Read(tc.roll.Dice); again.Value != tc.roll.Value || again.String() != tc.roll.String() {
			t.Errorf("%s: roll %q does not match re-reading its dice %q", tc.name, tc.roll, again)
		}
	}
}

func TestParseGood(t *testing.T) {
	cases := []struct {
		in       string
		want     Expr
		notation string
	}{
		{"2d6", Expr{Count: 2, Faces: 6}, "2d6"},
		{"d6", Expr{Count: 1, Faces: 6}, "1d6"},
		{"1d6", Expr{Count: 1, Faces: 6}, "1d6"},
		{"3d6kl2", Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepLowest}, "3d6kl2"},
		{"3d6kh2", Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepHighest}, "3d6kh2"},
		{"3d6kb2", Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepBest}, "3d6kb2"},
		{"1/2d6", Expr{Count: 1, Faces: 6, Half: true}, "1/2d6"},
		{"2d6kl1", Expr{Count: 2, Faces: 6, Keep: 1, KeepWhich: KeepLowest}, "2d6kl1"},
		{"2D6", Expr{Count: 2, Faces: 6}, "2d6"},
		{" 3D6KL2 ", Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepLowest}, "3d6kl2"},
		{"20d100", Expr{Count: 20, Faces: 100}, "20d100"},
		{"1d2", Expr{Count: 1, Faces: 2}, "1d2"},
		{"d20", Expr{Count: 1, Faces: 20}, "1d20"},
		{"4d6kh3", Expr{Count: 4, Faces: 6, Keep: 3, KeepWhich: KeepHighest}, "4d6kh3"},
		{"2d6+3", Expr{Count: 2, Faces: 6, Mod: 3}, "2d6+3"},
		{"1d6-1", Expr{Count: 1, Faces: 6, Mod: -1}, "1d6-1"},
		{"2d6 + 3", Expr{Count: 2, Faces: 6, Mod: 3}, "2d6+3"},
		{"2d6+0", Expr{Count: 2, Faces: 6}, "2d6"},
		{"1d6+Rep", Expr{Count: 1, Faces: 6, ModName: "Rep"}, "1d6+Rep"},
		{"D6+EAL", Expr{Count: 1, Faces: 6, ModName: "EAL"}, "1d6+EAL"},
		{"3d6kl2+1", Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepLowest, Mod: 1}, "3d6kl2+1"},
		{"Rep d6", Expr{CountName: "Rep", Faces: 6}, "Rep d6"},
		{"Rep D6", Expr{CountName: "Rep", Faces: 6}, "Rep d6"},
		{" Rep  d6 ", Expr{CountName: "Rep", Faces: 6}, "Rep d6"},
		{"Rep d6kh1", Expr{CountName: "Rep", Faces: 6, Keep: 1, KeepWhich: KeepHighest}, "Rep d6kh1"},
		{"Rep d6+1", Expr{CountName: "Rep", Faces: 6, Mod: 1}, "Rep d6+1"},
	}
	for _, tc := range cases {
		e, err := Parse(tc.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		if e != tc.want {
			t.Errorf("Parse(%q) = %+v, want %+v", tc.in, e, tc.want)
		}
		if e.Mode != ModeSum {
			t.Errorf("Parse(%q) mode %v, want sum", tc.in, e.Mode)
		}
		if n := e.Notation(); n != tc.notation {
			t.Errorf("Parse(%q).Notation() = %q, want %q", tc.in, n, tc.notation)
		}
		back, err := Parse(e.Notation())
		if err != nil || back != e {
			t.Errorf("Parse(%q) = %+v, %v; want %+v (round trip of %q)", e.Notation(), back, err, e, tc.in)
		}
	}
}

func TestParseBad(t *testing.T) {
	cases := []struct {
		in   string
		want string // a fragment the error must carry besides the input
	}{
		{"", "want NdF"},
		{"   ", "want NdF"},
		{"d", "missing number of faces"},
		{"2d", "missing number of faces"},
		{"0d6", "count 0"},
		{"2d1", "faces"},
		{"2d0", "faces"},
		{"2d101", "faces"},
		{"2d6k", "unexpected"},
		{"2d6kl", "keep"},
		{"2d6kl1x", "keep"},
		{"2d6kl3", "cannot keep 3 of 2"},
		{"Rep d6kh21", "cannot keep 21 dice: at most 20 are rolled"}, // no Rep binds it (the fuzzer's "A d2kB21")
		{"2d6x", "unexpected"},
		{"1/2d6kl1", "1/2"},
		{"1/22d6", "halved"},
		{"3/2d6", "bad count"},
		{"101d6", "out of range"},
		{"21d6", "dice count 21 out of range 1..20"},
		{"100d100", "dice count 100 out of range 1..20"},
		{"1d101", "want 2..100 faces"},
		{"99999999999d6", "bad count"},
		{"2d99999999999", "bad number of faces"},
		{"3d6kl99999999999", "bad keep count"},
		{"-1d6", "count"},
		{"2 d6", "bad count"},
		{"two d6", "bad count"},
		{"1/2", "want NdF"},
		{"2d6+", "modifier \"+\": want +N, -N or +Name"},
		{"2d6+x", "modifier \"+x\""},
		{"2d6-Rep", "modifier \"-Rep\""},
		{"2d6+3+1", "modifier \"+3+1\""},
		{"2d6+99999", "modifier"},
		{"1/2d6+1", "a halved die takes no modifier"},
		{"Rep 2d6", "write a named count as a word, a space and dF"},
		{"Rep", "want NdF"},
		{"Rep x6", "write a named count"},
		{"rep d6", "bad count"},
		{"Rep 1/2d6", "write a named count"},
		{"Rep d6kx1", "unexpected"},
		{"R3p d6", "bad count"},
	}
	for _, tc := range cases {
		e, err := Parse(tc.in)
		if err == nil {
			t.Errorf("Parse(%q) = %+v, want an error", tc.in, e)
			continue
		}
		if e != (Expr{}) {
			t.Errorf("Parse(%q) returned %+v with its error, want the zero Expr", tc.in, e)
		}
		msg := err.Error()
		if !strings.Contains(msg, strconv.Quote(tc.in)) {
			t.Errorf("Parse(%q) error %q does not quote the input", tc.in, msg)
		}
		if !strings.Contains(msg, tc.want) {
			t.Errorf("Parse(%q) error %q does not say %q", tc.in, msg, tc.want)
		}
	}
}

// TestParseKeepZero: keeping no dice is refused, so every notation that
// parses round-trips to an equal Expr.
func TestParseKeepZero(t *testing.T) {
	for _, in := range []string{"2d6kl0", "2d6kh0", "2d6kb0"} {
		if _, err := Parse(in); err == nil || !strings.Contains(err.Error(), "keep at least one die") {
			t.Errorf("Parse(%q) error %v, want keep at least one die", in, err)
		}
	}
	if err := (Expr{Count: 2, Faces: 6, KeepWhich: KeepLowest}).Validate(); err == nil {
		t.Error("Validate accepts keeping zero of the lowest dice")
	}
}

func TestValidate(t *testing.T) {
	good := []Expr{
		{Count: 1, Faces: 2},
		{Count: MaxDice, Faces: 100},
		{Count: 3, Faces: 6, Keep: 3, KeepWhich: KeepBest, Mode: ModePass, Target: 4},
		{Count: 1, Faces: 6, Half: true},
	}
	for _, e := range good {
		if err := e.Validate(); err != nil {
			t.Errorf("%+v: %v", e, err)
		}
	}
	bad := []Expr{
		{Count: 0, Faces: 6},
		{Count: MaxDice + 1, Faces: 6},
		{Count: 1, Faces: 1},
		{Count: 1, Faces: 101},
		{Count: 2, Faces: 6, Keep: 3, KeepWhich: KeepLowest},
		{Count: 2, Faces: 6, Keep: -1, KeepWhich: KeepLowest},
		{Count: 2, Faces: 6, Keep: 1},
		{Count: 2, Faces: 6, Half: true},
		{Count: 1, Faces: 6, Half: true, Keep: 1, KeepWhich: KeepLowest},
		{Count: 1, Faces: 6, Half: true, Mode: ModePass, Target: 3},
		{Count: 1, Faces: 6, Half: true, Mode: ModeSuccess},
	}
	for _, e := range bad {
		if err := e.Validate(); err == nil {
			t.Errorf("%+v: Validate() = nil, want an error", e)
		}
	}
}

func TestBind(t *testing.T) {
	vars := map[string]int{"Rep": 4, "EAL": 2}
	cases := []struct {
		in   string
		mode Mode
		want Expr
	}{
		{"2d6", ModeSum, Expr{Count: 2, Faces: 6}},
		{"2d6+3", ModeSum, Expr{Count: 2, Faces: 6, Mod: 3}},
		{"1d6+Rep", ModeSum, Expr{Count: 1, Faces: 6, ModName: "Rep", Mod: 4}},
		{"Rep d6", ModeSuccess, Expr{Count: 4, Faces: 6, CountName: "Rep", Mode: ModeSuccess}},
		{"Rep d6+EAL", ModeSum, Expr{Count: 4, Faces: 6, CountName: "Rep", ModName: "EAL", Mod: 2}},
	}
	for _, tc := range cases {
		e, err := Parse(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		e.Mode = tc.mode
		got, err := e.Bind(vars)
		if err != nil || got != tc.want {
			t.Errorf("Parse(%q).Bind = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
		if got.Notation() != e.Notation() {
			t.Errorf("binding changed the notation %q to %q", e.Notation(), got.Notation())
		}
	}
	bad := []struct {
		in   string
		vars map[string]int
		want string
	}{
		{"Rep d6", nil, "Rep d6: give a value for Rep, the number of dice"},
		{"Rep d6", map[string]int{"Rep": 0}, "Rep d6 with Rep 0: want 1..20 dice"},
		{"Rep d6", map[string]int{"Rep": 21}, "Rep d6 with Rep 21: want 1..20 dice"},
		{"Rep d6kl2", map[string]int{"Rep": 1}, "Rep d6kl2: cannot keep 2 of 1 dice"},
		{"1d6+Rep", map[string]int{"EAL": 3}, "1d6+Rep: give a value for Rep"},
	}
	for _, tc := range bad {
		e, err := Parse(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := e.Bind(tc.vars); err == nil || err.Error() != tc.want || got != (Expr{}) {
			t.Errorf("Parse(%q).Bind(%v) = %+v, %v; want error %q", tc.in, tc.vars, got, err, tc.want)
		}
	}
	// Rolling a named count before it is bound is a programming mistake.
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "Rep d6 rolled before its count was bound") {
			t.Errorf("rolling unbound Rep d6: recovered %v", r)
		}
	}()
	New("x").Roll(Expr{CountName: "Rep", Faces: 6})
}

func TestModifierReadings(t *testing.T) {
	// A modifier is for dice added together; passing or counting successes
	// takes none.
	for _, m := range []Mode{ModePass, ModeSuccess} {
		for _, e := range []Expr{{Count: 2, Faces: 6, Mod: 1, Mode: m}, {Count: 2, Faces: 6, ModName: "Rep", Mode: m}} {
			if err := e.Validate(); err == nil || err.Error() != "a modifier applies only to dice added together or read as rolled" {
				t.Errorf("%+v: Validate() = %v", e, err)
			}
		}
	}
	if err := (Expr{Count: 2, Faces: 6, ModName: "rep"}).Validate(); err == nil || !strings.Contains(err.Error(), `modifier "rep": want a word starting with a capital letter`) {
		t.Errorf("lowercase modifier name: %v", err)
	}
	if err := (Expr{Faces: 6, CountName: "Rep", Half: true}).Validate(); err == nil {
		t.Errorf("halved named count validates")
	}
}

func TestRange(t *testing.T) {
	cases := []struct {
		in           string
		mode         Mode
		lo, hi       int
		below, above bool
	}{
		{"2d6", ModeSum, 2, 12, false, false},
		{"2d6+3", ModeSum, 5, 15, false, false},
		{"1d6-1", ModeSum, 0, 5, false, false},
		{"3d6kl2+1", ModeSum, 3, 13, false, false},
		{"1d6+Rep", ModeSum, 1, 6, true, true},
		{"Rep d6", ModeSuccess, 0, 1, false, true},
		{"Rep d6", ModePass, 0, 1, false, true},
		{"Rep d6", ModeSum, 1, 6, false, true},
		{"Rep d6kl2", ModePass, 0, 2, false, false},
		{"Rep d6kh1", ModeSum, 1, 6, false, false},
		{"Rep d6+EAL", ModeSum, 1, 6, true, true},
	}
	for _, tc := range cases {
		e, err := Parse(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		e.Mode = tc.mode
		lo, hi, below, above := e.Range()
		if lo != tc.lo || hi != tc.hi || below != tc.below || above != tc.above {
			t.Errorf("%s read %s: Range() = %d, %d, %v, %v; want %d, %d, %v, %v", tc.in, tc.mode, lo, hi, below, above, tc.lo, tc.hi, tc.below, tc.above)
		}
	}
}

func TestOutcomes(t *testing.T) {
	cases := []struct {
		e      Expr
		lo, hi int
	}{
		{Expr{Count: 1, Faces: 6}, 1, 6},
		{Expr{Count: 2, Faces: 6}, 2, 12},
		{Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepHighest}, 2, 12},
		{Expr{Count: 2, Faces: 6, Keep: 1, KeepWhich: KeepLowest}, 1, 6},
		{Expr{Count: 2, Faces: 6, Mode: ModePass, Target: 4}, 0, 2},
		{Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepLowest, Mode: ModePass, Target: 4}, 0, 2},
		{Expr{Count: 5, Faces: 6, Mode: ModeSuccess}, 0, 5},
		{Expr{Count: 1, Faces: 6, Half: true}, 1, 3},
		{Expr{Count: 1, Faces: 5, Half: true}, 1, 3},
		{Expr{Count: 1, Faces: 2, Half: true}, 1, 1},
		{Expr{Count: 2, Faces: 6, Mod: 3}, 5, 15},
		{Expr{Count: 1, Faces: 6, Mod: -1}, 0, 5},
		{Expr{Count: 1, Faces: 6, ModName: "Rep", Mod: 4}, 5, 10},
		{Expr{Count: 4, Faces: 6, CountName: "Rep", Mode: ModeSuccess}, 0, 4},
	}
	for _, tc := range cases {
		lo, hi := tc.e.Outcomes()
		if lo != tc.lo || hi != tc.hi {
			t.Errorf("%+v Outcomes() = %d, %d, want %d, %d", tc.e, lo, hi, tc.lo, tc.hi)
		}
	}
}

func TestDescribe(t *testing.T) {
	cases := []struct {
		e    Expr
		want string
	}{
		{Expr{Count: 2, Faces: 6}, "2d6"},
		{Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepLowest}, "3d6 counting the lowest two"},
		{Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepBest}, "3d6 counting the best two"},
		{Expr{Count: 10, Faces: 6, Keep: 7, KeepWhich: KeepHighest}, "10d6 counting the highest 7"},
		{Expr{Count: 2, Faces: 6, Keep: 1, KeepWhich: KeepLowest}, "the lower of 2d6"},
		{Expr{Count: 2, Faces: 6, Keep: 1, KeepWhich: KeepHighest}, "the higher of 2d6"},
		{Expr{Count: 2, Faces: 6, Keep: 1, KeepWhich: KeepBest}, "the better of 2d6"},
		{Expr{Count: 1, Faces: 6, Half: true}, "1/2d6 (1-2 = 1, 3-4 = 2, 5-6 = 3)"},
		{Expr{Count: 2, Faces: 6, Mod: 3}, "2d6+3"},
		{Expr{Count: 1, Faces: 6, ModName: "Rep"}, "1d6+Rep"},
		{Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepLowest, Mod: 1}, "3d6 counting the lowest two, +1"},
		{Expr{Count: 2, Faces: 6, Keep: 1, KeepWhich: KeepLowest, Mod: -1}, "the lower of 2d6, -1"},
		{Expr{Faces: 6, CountName: "Rep"}, "Rep d6"},
		{Expr{Faces: 6, CountName: "Rep", Keep: 1, KeepWhich: KeepHighest}, "Rep d6 counting the highest one"},
	}
	for _, tc := range cases {
		if got := tc.e.Describe(); got != tc.want {
			t.Errorf("%+v Describe() = %q, want %q", tc.e, got, tc.want)
		}
	}
}

func TestModeString(t *testing.T) {
	for m, want := range map[Mode]string{ModeSum: "sum", ModePass: "pass", ModeSuccess: "success"} {
		if got := m.String(); got != want {
			t.Errorf("Mode(%d).String() = %q, want %q", m, got, want)
		}
	}
}

func TestRollJSON(t *testing.T) {
	cases := []struct {
		e    Expr
		dice []int
		want string
	}{
		{Expr{Count: 2, Faces: 6}, []int{3, 6},
			`{"dice":"2d6","read":"sum","rolled":[3,6],"value":9,"text":"2d6 = 3 + 6 = 9"}`},
		{Expr{Count: 2, Faces: 6, Mode: ModePass, Target: 6, SixFails: true}, []int{6, 3},
			`{"dice":"2d6","read":"pass","target":6,"sixFails":true,"rolled":[6,3],"value":1,"text":"2d6 vs 6, 6 fails = 6, 3: 1 passed"}`},
		{Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepLowest, Mode: ModePass, Target: 4}, []int{5, 2, 6},
			`{"dice":"3d6kl2","read":"pass","target":4,"rolled":[5,2,6],"kept":[2,5],"value":1,"text":"3d6 lowest two vs 4 = 5, 2, 6 → 2, 5: 1 passed"}`},
		{Expr{Count: 1, Faces: 6, Half: true}, []int{5},
			`{"dice":"1/2d6","read":"sum","rolled":[5],"value":3,"text":"1/2d6 = 5 → 3"}`},
		{Expr{Count: 1, Faces: 6, Mod: 3}, []int{4},
			`{"dice":"1d6+3","modifier":3,"read":"sum","rolled":[4],"value":7,"text":"1d6+3 = 4 + 3 = 7"}`},
		{Expr{Count: 1, Faces: 6, ModName: "Rep", Mod: 4}, []int{5},
			`{"dice":"1d6+Rep","modifier":4,"modifierName":"Rep","read":"sum","rolled":[5],"value":9,"text":"1d6+Rep = 5 + 4 = 9"}`},
		{Expr{Count: 1, Faces: 6, ModName: "EAL"}, []int{5},
			`{"dice":"1d6+EAL","modifier":0,"modifierName":"EAL","read":"sum","rolled":[5],"value":5,"text":"1d6+EAL = 5 + 0 = 5"}`},
		{Expr{Count: 3, Faces: 6, CountName: "Rep", Mode: ModeSuccess}, []int{1, 4, 3},
			`{"dice":"Rep d6","countName":"Rep","read":"success","rolled":[1,4,3],"value":2,"text":"3d6 (Rep 3) for 1-3 = 1, 4, 3: 2 successes"}`},
	}
	for _, tc := range cases {
		b, err := json.Marshal(tc.e.Read(tc.dice))
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != tc.want {
			t.Errorf("JSON = %s\nwant   %s", b, tc.want)
		}
	}
}
