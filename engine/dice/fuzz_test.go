package dice

import (
	"strconv"
	"strings"
	"testing"
)

func repeat(v, n int) []int {
	d := make([]int, n)
	for i := range d {
		d[i] = v
	}
	return d
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"2d6", "d6", "1d6", "3d6kl2", "3d6kh2", "3d6kb2", "1/2d6", "2d6kl1",
		"2D6", " 4d6kh3 ", "100d100", "1/2d5",
		"", "d", "0d6", "2d1", "2d6k", "2d6kl3", "2d6x", "1/2d6kl1", "3/2d6",
		"101d6", "99999999999d6", "+2d6", "2d6kl0", "1/2", "-1d6", "2d6kl+1",
		"\xff", "1/2d\u0130", "dd6", "2d6kl1kl1",
		"2d6+3", "1d6-1", "1d6+Rep", "3d6kl2+1", "Rep d6", "Rep d6kh1", "Rep d6+EAL",
		"2d6+", "2d6-Rep", "Rep 2d6", "Rep", "1/2d6+1", "2d6 + 3", "d6+-1", "Rep D6-0",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := Parse(s)
		if err != nil {
			if e != (Expr{}) {
				t.Fatalf("Parse(%q) returned %+v with error %v", s, e, err)
			}
			if !strings.Contains(err.Error(), strconv.Quote(s)) {
				t.Fatalf("Parse(%q) error %q does not quote the input", s, err)
			}
			return
		}
		if err := e.Validate(); err != nil {
			t.Fatalf("Parse(%q) = %+v, which does not validate: %v", s, e, err)
		}
		if e.Mode != ModeSum || e.Target != 0 || e.SixFails {
			t.Fatalf("Parse(%q) = %+v: notation set a reading", s, e)
		}
		if (e.CountName == "") != (e.Count > 0) || e.ModName != "" && e.Mod != 0 {
			t.Fatalf("Parse(%q) = %+v: a name with a value", s, e)
		}
		n := e.Notation()
		back, err := Parse(n)
		if err != nil {
			t.Fatalf("Parse(%q).Notation() = %q does not parse: %v", s, n, err)
		}
		if back != e {
			t.Fatalf("Parse(%q) = %+v, but its notation %q parses to %+v", s, e, n, back)
		}
		if n2 := back.Notation(); n2 != n {
			t.Fatalf("notation not a fixed point: %q -> %q", n, n2)
		}

		// Rolled with values for its names: a count of at least three dice
		// (and enough to keep), a modifier of -2; one name for both ("Rep
		// d6+Rep") takes the count's value.
		values := map[string]int{e.ModName: -2}
		values[e.CountName] = max(3, e.Keep)
		e, err = e.Bind(values)
		if err != nil {
			t.Fatalf("Parse(%q) = %+v, which does not bind: %v", s, back, err)
		}
		exprs := []Expr{e}
		if !e.Half && e.Mod == 0 && e.ModName == "" {
			for _, target := range []int{0, 1, 4, 6, 7} {
				p := e
				p.Mode, p.Target, p.SixFails = ModePass, target, target >= 6
				exprs = append(exprs, p)
			}
			sc := e
			sc.Mode = ModeSuccess
			exprs = append(exprs, sc)
		}
		for _, x := range exprs {
			if err := x.Validate(); err != nil {
				t.Fatalf("%+v: %v", x, err)
			}
			lo, hi := x.Outcomes()
			if lo > hi {
				t.Fatalf("%+v Outcomes() = %d > %d", x, lo, hi)
			}
			ones := x.Read(repeat(1, x.Count))
			tops := x.Read(repeat(x.Faces, x.Count))
			for _, r := range []Roll{ones, tops} {
				if r.Value < lo || r.Value > hi {
					t.Fatalf("%+v reads %v as %d, outside Outcomes %d..%d", x, r.Dice, r.Value, lo, hi)
				}
				if r.String() == "" {
					t.Fatalf("%+v reads %v with an empty String()", x, r.Dice)
				}
			}
			// Outcomes are tight where the extremes are easy to name.
			if x.Mode == ModeSum {
				if ones.Value != lo || tops.Value != hi {
					t.Fatalf("%+v: all ones read %d, all %d read %d; Outcomes %d..%d", x, ones.Value, x.Faces, tops.Value, lo, hi)
				}
			}
			if x.Mode == ModeSuccess && ones.Value != hi {
				t.Fatalf("%+v: all ones read %d successes, want %d", x, ones.Value, hi)
			}
		}
	})
}
