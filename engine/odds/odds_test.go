package odds_test

import (
	"io/fs"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/odds"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// The chances are checked against a brute-force count written here, apart
// from the package: every way the dice can fall is laid out, one die after
// another, and read as the table's directives say (the dice kept, a 6
// failing, successes on 1-3), the way engine/rules' frequency tests read
// them.

// systems are the five systems of the embedded data.
var systems = []string{"2d6-sword-and-sorcery", "swordplay", "chain-reaction-3", "sword-and-spear-fantasy", "two-page-skirmish"}

func load(t *testing.T, id string) *rules.Set {
	t.Helper()
	dir := "systems/" + id
	sub, err := fs.Sub(content.FS, dir)
	if err != nil {
		t.Fatal(err)
	}
	s, err := rules.Load(sub, dir)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// roller is how one side's dice are read: count dice of faces, kept as
// keep/which say, each die passing on target or lower (a 6 never, with
// sixFails) or, for successes, on 1-3.
type roller struct {
	count, faces, keep int
	which              dice.Keep
	successes          bool
	target             int
	sixFails           bool
}

// rollerOf is the roller of t with the held value v (its target, or its
// count of dice).
func rollerOf(t *rules.Table, v int) roller {
	r := roller{count: t.Dice.Count, faces: t.Dice.Faces, keep: t.Dice.Keep, which: t.Dice.KeepWhich,
		successes: t.Read == rules.ReadSuccesses || t.Read == rules.ReadOpposedSuccesses, sixFails: t.SixFails}
	if t.Dice.CountName != "" {
		r.count = v
	}
	if n, err := strconv.Atoi(t.Target); err == nil {
		r.target = n
	} else {
		r.target = v
	}
	return r
}

// read is what one fall of the dice reads.
func (r roller) read(ds []int) int {
	kept := slices.Clone(ds)
	if r.keep > 0 {
		slices.Sort(kept)
		if r.which == dice.KeepHighest {
			kept = kept[len(kept)-r.keep:]
		} else { // lowest, and best: the lowest are best when passing or counting successes
			kept = kept[:r.keep]
		}
	}
	n := 0
	for _, d := range kept {
		switch {
		case r.successes && d <= 3:
			n++
		case !r.successes && d <= r.target && !(r.sixFails && d == 6):
			n++
		}
	}
	return n
}

// ways counts, over every fall of the dice, how many read each value,
// and how many falls there are.
func (r roller) ways() (map[int]int64, int64) {
	w := map[int]int64{}
	var total int64
	ds := make([]int, r.count)
	var rec func(i int)
	rec = func(i int) {
		if i == len(ds) {
			w[r.read(ds)]++
			total++
			return
		}
		for f := 1; f <= r.faces; f++ {
			ds[i] = f
			rec(i + 1)
		}
	}
	rec(0)
	return w, total
}

func TestCountMatchesEnumeration(t *testing.T) {
	cases := []dice.Expr{
		{Count: 2, Faces: 6, Mode: dice.ModePass, Target: 4},
		{Count: 2, Faces: 6, Mode: dice.ModePass, Target: 6, SixFails: true},
		{Count: 3, Faces: 6, Keep: 2, KeepWhich: dice.KeepLowest, Mode: dice.ModePass, Target: 4},
		{Count: 3, Faces: 6, Keep: 2, KeepWhich: dice.KeepHighest, Mode: dice.ModePass, Target: 3},
		{Count: 3, Faces: 6, Keep: 2, KeepWhich: dice.KeepBest, Mode: dice.ModePass, Target: 5, SixFails: true},
		{Count: 4, Faces: 10, Keep: 2, KeepWhich: dice.KeepLowest, Mode: dice.ModePass, Target: 8, SixFails: true}, // a 6 fails mid-die
		{Count: 5, Faces: 6, Keep: 3, KeepWhich: dice.KeepHighest, Mode: dice.ModeSuccess},
		{Count: 4, Faces: 6, Mode: dice.ModeSuccess},
		{Count: 1, Faces: 8, Mode: dice.ModePass, Target: 12},
	}
	for _, e := range cases {
		t.Run(e.Notation()+"/"+strconv.Itoa(e.Target), func(t *testing.T) {
			counts, total := odds.Count(e)
			r := roller{count: e.Count, faces: e.Faces, keep: e.Keep, which: e.KeepWhich, successes: e.Mode == dice.ModeSuccess, target: e.Target, sixFails: e.SixFails}
			want, wantTotal := r.ways()
			if total.Int64() != wantTotal {
				t.Fatalf("total %v, want %d", total, wantTotal)
			}
			sum := int64(0)
			for v, c := range counts {
				if c.Int64() != want[v] {
					t.Errorf("%d read %v ways, want %d", v, c, want[v])
				}
				sum += c.Int64()
			}
			if sum != wantTotal {
				t.Errorf("the counts add up to %d, want %d", sum, wantTotal)
			}
		})
	}
}

// TestRealTables checks the odds of every table of the five systems read
// by passing dice or counting successes, at every value its line is for
// (and two past a line that holds from its value up), against the
// brute-force count; and that each line's chances add up to 1.
func TestRealTables(t *testing.T) {
	checked := 0
	for _, sys := range systems {
		s := load(t, sys)
		for _, id := range s.Order {
			tb := s.Table(id)
			switch tb.Read {
			case rules.ReadPass, rules.ReadOpposed, rules.ReadSuccesses, rules.ReadOpposedSuccesses:
			default:
				if odds.Of(tb) != nil {
					t.Errorf("%s/%s is read %s but has odds", sys, id, tb.Read)
				}
				continue
			}
			t.Run(sys+"/"+id, func(t *testing.T) {
				st := odds.Of(tb)
				if st == nil {
					t.Fatalf("no odds (held %+v)", tb.Held)
				}
				checked++
				if tb.RollAgain { // a melee of many rolls: TestRollAgain
					once := *tb
					once.RollAgain = false
					tb, st = &once, odds.Of(&once)
				}
				checkStrip(t, tb, st)
			})
		}
	}
	// Three systems read dice this way; the two of Sortie's own
	// procedure (Sword & Spear Fantasy, Two-Page Skirmish) do not.
	if checked < 30 {
		t.Errorf("checked %d tables, want the 30 or more of the real data", checked)
	}
}

func checkStrip(t *testing.T, tb *rules.Table, st *odds.Strip) {
	t.Helper()
	values := func(l odds.Line) []int {
		var vs []int
		for v := l.Lo; v <= l.Hi; v++ {
			vs = append(vs, v)
		}
		if l.Up {
			vs = append(vs, l.Hi+1, l.Hi+2)
		}
		return vs
	}
	for _, l := range st.Lines {
		if len(l.Chances) != len(st.Results) {
			t.Fatalf("%s: %d chances for %d results", st.Label(l), len(l.Chances), len(st.Results))
		}
		for _, v := range values(l) {
			switch st.Kind {
			case odds.Results:
				want := resultsAt(tb, v)
				sum := new(big.Rat)
				for i, p := range l.Chances {
					if p.Cmp(want[i]) != 0 {
						t.Errorf("%s (value %d), %s: %s, want %s by enumeration", st.Label(l), v, st.Results[i], p.RatString(), want[i].RatString())
					}
					sum.Add(sum, p)
				}
				if sum.Cmp(big.NewRat(1, 1)) != 0 {
					t.Errorf("%s: chances add up to %s", st.Label(l), sum.RatString())
				}
			case odds.Versus:
				for j, other := range st.Lines {
					for _, w := range values(other) {
						more, less := versusAt(tb, v, w)
						if p := l.Chances[j]; p.Cmp(more) != 0 {
							t.Errorf("%s (value %d) vs %s (value %d): %s, want %s by enumeration", st.Label(l), v, st.Label(other), w, p.RatString(), more.RatString())
						}
						// The other way round is the chance of fewer; with
						// the chance of the same they add up to 1.
						back := st.Lines[j].Chances[slices.IndexFunc(st.Lines, func(x odds.Line) bool { return x.Lo == l.Lo })]
						if back.Cmp(less) != 0 {
							t.Errorf("%s vs %s: the reverse cell %s, want %s", st.Label(other), st.Label(l), back.RatString(), less.RatString())
						}
					}
				}
			}
		}
	}
	if st.Kind == odds.Results && st.Name != "" && len(st.Lines) > 0 {
		// Every value the data gives is on a line, in order.
		var covered []int
		for _, l := range st.Lines {
			for v := l.Lo; v <= l.Hi; v++ {
				covered = append(covered, v)
			}
		}
		if !slices.Equal(covered, tb.Held.Values) {
			t.Errorf("lines cover %v, want the data's %s values %v", covered, tb.Held.Name, tb.Held.Values)
		}
	}
}

// resultsAt counts the chance of each result of tb at held value v: each
// column of a test table, or each row, by enumeration.
func resultsAt(tb *rules.Table, v int) []*big.Rat {
	w, total := rollerOf(tb, v).ways()
	var out []*big.Rat
	if tb.AcrossName == rules.Passed {
		for _, a := range tb.AcrossValues {
			if a >= 0 {
				out = append(out, big.NewRat(w[a], total))
			}
		}
		return out
	}
	for _, r := range tb.Rows {
		var n int64
		for val, c := range w {
			if val >= r.Lo && val <= r.Hi {
				n += c
			}
		}
		out = append(out, big.NewRat(n, total))
	}
	return out
}

// versusAt counts, over every fall of both sides' dice, the chance that a
// side at v reads more than a side at w, and fewer.
func versusAt(tb *rules.Table, v, w int) (more, less *big.Rat) {
	a, ta := rollerOf(tb, v).ways()
	b, tbt := rollerOf(tb, w).ways()
	var m, l int64
	for x, cx := range a {
		for y, cy := range b {
			switch {
			case x > y:
				m += cx * cy
			case x < y:
				l += cx * cy
			}
		}
	}
	return big.NewRat(m, ta*tbt), big.NewRat(l, ta*tbt)
}

// TestHeldValues checks the values read from the data: the Reps of the
// rosters (and the Star's), the EAL columns, PEF Rep, and a target named
// after Rep.
func TestHeldValues(t *testing.T) {
	cases := []struct {
		sys, table, name string
		lo, hi           int
	}{
		{"2d6-sword-and-sorcery", "casting", "Rep", 3, 10},       // Raw grunts Rep 3 to the Dragon's 10
		{"2d6-sword-and-sorcery", "will-to-fight", "Rep", 3, 10}, // "Rep of the Leader"
		{"swordplay", "pef-movement", "EAL", 1, 5},
		{"swordplay", "melee-combat", "Rep", 3, 5}, // Rep d6
		{"chain-reaction-3", "pef-movement", "PEF Rep", 1, 6},
		{"chain-reaction-3", "reaction-tests", "Rep", 2, 5},
	}
	for _, c := range cases {
		h := load(t, c.sys).Table(c.table).Held
		if h.Name != c.name || len(h.Values) == 0 || h.Values[0] != c.lo || h.Values[len(h.Values)-1] != c.hi || len(h.Values) != c.hi-c.lo+1 {
			t.Errorf("%s/%s: held %+v, want %s %d to %d", c.sys, c.table, h, c.name, c.lo, c.hi)
		}
	}
	if h := load(t, "2d6-sword-and-sorcery").Table("pef-resolution").Held; h.Name != "" || h.Values != nil {
		t.Errorf("pef-resolution is taken versus 4, yet holds %+v", h)
	}
}

// TestLines checks the lines a player reads: a fixed target has one line,
// Reps that give the same dice share one, and the last says "+" when more
// Rep changes nothing.
func TestLines(t *testing.T) {
	s := load(t, "2d6-sword-and-sorcery")
	labels := func(id string) []string {
		st := odds.Of(s.Table(id))
		var ls []string
		for _, l := range st.Lines {
			ls = append(ls, st.Label(l))
		}
		return ls
	}
	for _, c := range []struct {
		id   string
		want []string
	}{
		{"pef-resolution", []string{"vs 4"}},
		{"charge", []string{"Rep 3", "Rep 4", "Rep 5", "Rep 6+"}},
		// A 6 always fails: Rep 5 and above pass on 1-5 alike.
		{"shooting", []string{"Rep 3", "Rep 4", "Rep 5+"}},
	} {
		if got := labels(c.id); !slices.Equal(got, c.want) {
			t.Errorf("%s: lines %q, want %q", c.id, got, c.want)
		}
	}
	st := odds.Of(s.Table("pef-resolution"))
	if got := strings.Join(st.Results, ", "); got != "Pass 2d6, Pass 1d6, Pass 0d6" {
		t.Errorf("pef-resolution results %q", got)
	}
	// 2d6 versus 4: both pass 4/9, one 4/9, none 1/9.
	for i, want := range []*big.Rat{big.NewRat(4, 9), big.NewRat(4, 9), big.NewRat(1, 9)} {
		if st.Lines[0].Chances[i].Cmp(want) != 0 {
			t.Errorf("pef-resolution %s: %s, want %s", st.Results[i], st.Lines[0].Chances[i].RatString(), want.RatString())
		}
	}
}

func TestPercent(t *testing.T) {
	for _, c := range []struct {
		p    *big.Rat
		want string
	}{
		{big.NewRat(4, 9), "44%"},
		{big.NewRat(25, 36), "69%"},
		{big.NewRat(1, 36), "3%"},
		{big.NewRat(1, 8), "13%"}, // 12.5: halves up
		{big.NewRat(1, 200), "1%"},
		{big.NewRat(1, 201), "<1%"},
		{big.NewRat(199, 200), ">99%"}, // 99.5 would round to 100, but it can fail
		{big.NewRat(0, 1), "0%"},
		{big.NewRat(1, 1), "100%"},
	} {
		if got := odds.Percent(c.p); got != c.want {
			t.Errorf("Percent(%s) = %s, want %s", c.p.RatString(), got, c.want)
		}
	}
	// Every chance of the real data prints its rounding, and never 0% or
	// 100% unless it is certain.
	for _, sys := range systems {
		s := load(t, sys)
		for _, id := range s.Order {
			st := odds.Of(s.Table(id))
			if st == nil {
				continue
			}
			for _, l := range st.Lines {
				for _, p := range l.Chances {
					f, _ := p.Float64()
					got := odds.Percent(p)
					want := strconv.Itoa(int(math.Floor(100*f+0.5))) + "%"
					switch {
					case p.Sign() > 0 && want == "0%":
						want = "<1%"
					case p.Cmp(big.NewRat(1, 1)) < 0 && want == "100%":
						want = ">99%"
					}
					if got != want {
						t.Errorf("%s/%s: %s printed %s, want %s", sys, id, p.RatString(), got, want)
					}
				}
			}
		}
	}
}

// TestRollAgain works out the odds of a melee rolled again until a side
// has no successes (Chain Reaction 3.0's): Rep 1 against Rep 1 ends won
// a third of the time (each roll: both succeed 1/4, roll again; one side
// alone 1/4 each; neither 1/4, even); Rep 3 against 3 about 40%, where a
// single roll gives 34%. Equal sides win as often as they lose.
func TestRollAgain(t *testing.T) {
	tb := load(t, "chain-reaction-3").Table("melee-combat")
	if tb == nil || !tb.RollAgain {
		t.Fatal("the melee table does not roll again")
	}
	s := odds.Of(tb)
	once := *tb
	once.RollAgain = false
	one := odds.Of(&once)
	if s == nil || one == nil {
		t.Fatal("no odds")
	}
	at := func(s *odds.Strip, row, col string) *big.Rat {
		for i, l := range s.Lines {
			if s.Label(l) == row {
				for j, m := range s.Lines {
					if s.Label(m) == col {
						return s.Lines[i].Chances[j]
					}
				}
			}
		}
		t.Fatalf("no odds of %s against %s", row, col)
		return nil
	}
	// Worked out apart, as a chain of rolls: the chance of each pair
	// of dice left, roll after roll, until a side has none.
	chain := func(a, b int) float64 {
		binom := func(n, k int) float64 { // k of n dice succeed, each 1/2
			c := 1.0
			for i := range k {
				c = c * float64(n-i) / float64(i+1)
			}
			return c / math.Pow(2, float64(n))
		}
		mass, won := map[[2]int]float64{{a, b}: 1}, 0.0
		for range 200 {
			next := map[[2]int]float64{}
			for st, m := range mass {
				for x := 0; x <= st[0]; x++ {
					for y := 0; y <= st[1]; y++ {
						p := m * binom(st[0], x) * binom(st[1], y)
						switch {
						case x == 0 || y == 0:
							if x > y {
								won += p
							}
						default:
							next[[2]int{x, y}] += p
						}
					}
				}
			}
			mass = next
		}
		return won
	}
	for _, row := range s.Lines {
		for _, col := range s.Lines {
			got, _ := at(s, s.Label(row), s.Label(col)).Float64()
			if want := chain(row.Lo, col.Lo); math.Abs(got-want) > 1e-9 {
				t.Errorf("%s against %s: %.6f, worked out apart %.6f", s.Label(row), s.Label(col), got, want)
			}
		}
	}
	if p, _ := at(s, "Rep 3", "Rep 3").Float64(); p < 0.38 || p > 0.42 {
		t.Errorf("Rep 3 against 3 ends won %.3f of the time, want about 0.40", p)
	}
	if p, _ := at(one, "Rep 3", "Rep 3").Float64(); p > 0.36 {
		t.Errorf("one roll of Rep 3 against 3 reads %.3f, want about 0.34", p)
	}
	for _, l := range s.Lines {
		w := at(s, s.Label(l), s.Label(l))
		if w.Cmp(big.NewRat(1, 2)) >= 0 {
			t.Errorf("%s against itself wins %s: at least half, with evens possible", s.Label(l), w.RatString())
		}
	}
}
