// Package odds works out, exactly, the chance of each result of a rule
// table read by passing dice: dice taken versus a figure's Rep, the EAL or
// a fixed number, dice counted as successes, and the opposed tests where
// both sides roll and compare. The chances are counted from the dice
// themselves, every way they can fall (faces^count of them, kept dice
// and "a 6 always fails" included), as exact fractions; Percent rounds
// them for print. Nothing is typed in: the dice, the rows and the values
// (the Reps on the system's rosters, the EALs its tables are read at)
// are the rule data's (rules.Table.Held).
package odds

import (
	"math/big"
	"slices"
	"strconv"

	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// Kind is the shape of a table's odds.
type Kind int

const (
	// Results gives, for each held value (each Rep), the chance of each
	// result: each row of a table keyed by the dice passed, or each column
	// of a test table read across them.
	Results Kind = iota
	// Versus gives, for an opposed test (both sides roll, each against its
	// own Rep, and compare), the chance that a side of each Rep passes
	// more dice, or scores more successes, than a side of each other Rep.
	Versus
)

// Strip is a table's odds: one line per held value, or per run of values
// with the same odds.
type Strip struct {
	Kind Kind
	// Name is the held value the lines are for ("Rep", "EAL"), or "" for
	// a table taken versus a fixed number, which has one line.
	Name   string
	Target int // the fixed number, when Name is ""
	// Results names what each chance of a line is the chance of: a row
	// ("Pass 2d6"), a column of a test table ("Pass 1d6"), or for Versus
	// the other side's line (the lines' own labels, in order).
	Results []string
	Lines   []Line
	// Successes is true when the dice are counted as successes rather
	// than passed against a target.
	Successes bool
}

// Line is the odds at one held value, or at a run of them with the same
// odds.
type Line struct {
	Lo, Hi int  // the values it holds for; Lo == Hi for one
	Up     bool // it holds for every value from Lo up (more Rep changes nothing)
	// Chances are exact, one per result, each in lowest terms.
	Chances []*big.Rat
}

// Label names a line: "Rep 4", "Rep 6+", "EAL 2–3", or "vs 4" for a
// table taken versus a fixed number.
func (s *Strip) Label(l Line) string {
	switch {
	case s.Name == "" && s.Successes:
		return "Any" // a fixed count of dice: one line, whoever rolls
	case s.Name == "":
		return "vs " + strconv.Itoa(s.Target)
	}
	v := strconv.Itoa(l.Lo)
	switch {
	case l.Up:
		v += "+"
	case l.Hi > l.Lo:
		v += "–" + strconv.Itoa(l.Hi)
	}
	return s.Name + " " + v
}

// Of returns the odds of t, or nil for a table not read by passing dice or
// counting successes, or whose held value the data gives no values for.
func Of(t *rules.Table) *Strip {
	if !t.HasDice {
		return nil
	}
	s := &Strip{Name: t.Held.Name, Successes: t.Read == rules.ReadSuccesses || t.Read == rules.ReadOpposedSuccesses}
	switch t.Read {
	case rules.ReadPass, rules.ReadSuccesses:
		s.Kind = Results
	case rules.ReadOpposed, rules.ReadOpposedSuccesses:
		s.Kind = Versus
	default:
		return nil
	}
	var vals []int
	if s.Name == "" {
		if t.Dice.CountName != "" {
			return nil // a count of dice is needed and the data gives none
		}
		if !s.Successes {
			n, err := strconv.Atoi(t.Target)
			if err != nil || n < 1 {
				return nil // a target is needed and the data gives none
			}
			s.Target = n
		}
		vals = []int{s.Target}
	} else {
		vals = t.Held.Values
	}
	// The dice's distribution at each value, runs of equal ones merged.
	type run struct {
		line Line
		dist []*big.Rat
	}
	var runs []run
	for _, v := range vals {
		d := distAt(t, v)
		if d == nil {
			return nil
		}
		if n := len(runs); n > 0 && sameDist(runs[n-1].dist, d) {
			runs[n-1].line.Hi = v
			continue
		}
		runs = append(runs, run{line: Line{Lo: v, Hi: v}, dist: d})
	}
	if len(runs) == 0 {
		return nil
	}
	if s.Name != "" {
		last := &runs[len(runs)-1]
		if d := distAt(t, last.line.Hi+1); d != nil && sameDist(d, last.dist) {
			last.line.Up = true
		}
	}
	switch s.Kind {
	case Results:
		s.Results = resultNames(t)
		if s.Results == nil {
			return nil
		}
		for _, r := range runs {
			l := r.line
			l.Chances = resultChances(t, r.dist)
			s.Lines = append(s.Lines, l)
		}
	case Versus:
		for _, r := range runs {
			s.Lines = append(s.Lines, r.line)
		}
		for i := range s.Lines {
			s.Results = append(s.Results, s.Label(s.Lines[i]))
			for _, other := range runs {
				if t.RollAgain {
					s.Lines[i].Chances = append(s.Lines[i].Chances, lastMore(t, runs[i].line.Lo, other.line.Lo))
					continue
				}
				s.Lines[i].Chances = append(s.Lines[i].Chances, more(runs[i].dist, other.dist))
			}
		}
	}
	return s
}

// resultNames names t's results: its columns read across the dice passed,
// or its rows ("Pass 2d6", "3 successes"). nil when a row's key is not
// dice passed or successes.
func resultNames(t *rules.Table) []string {
	if t.AcrossName == rules.Passed {
		var names []string
		for i, c := range t.Columns {
			if _, ok := t.AcrossValue(i); ok {
				names = append(names, c.Name)
			}
		}
		return names
	}
	names := make([]string, len(t.Rows))
	for i, r := range t.Rows {
		if t.Dice.Mode == dice.ModeSuccess {
			names[i] = r.Key + " successes"
			if r.Lo == 1 && r.Hi == 1 {
				names[i] = "1 success"
			}
			continue
		}
		names[i] = "Pass " + r.Key
		if r.Lo == r.Hi {
			names[i] += "d" + strconv.Itoa(t.Dice.Faces)
		}
	}
	return names
}

// resultChances sums a distribution of dice passed (or successes) into
// t's results, as resultNames names them.
func resultChances(t *rules.Table, dist []*big.Rat) []*big.Rat {
	var out []*big.Rat
	if t.AcrossName == rules.Passed {
		for i := range t.Columns {
			if v, ok := t.AcrossValue(i); ok {
				out = append(out, at(dist, v))
			}
		}
		return out
	}
	for _, r := range t.Rows {
		p := new(big.Rat)
		for v := range dist {
			if v >= r.Lo && v <= r.Hi {
				p.Add(p, dist[v])
			}
		}
		out = append(out, p)
	}
	return out
}

// at is dist's chance of v, 0 outside it.
func at(dist []*big.Rat, v int) *big.Rat {
	if v < 0 || v >= len(dist) {
		return new(big.Rat)
	}
	return new(big.Rat).Set(dist[v])
}

// more is the chance that a roll of distribution a reads more than one of
// b, the two rolled apart.
func more(a, b []*big.Rat) *big.Rat {
	p := new(big.Rat)
	for i, pa := range a {
		for j, pb := range b {
			if i > j {
				p.Add(p, new(big.Rat).Mul(pa, pb))
			}
		}
	}
	return p
}

// lastMore is the chance that a side rolling a dice of t ends with more
// successes than one rolling b when each rolls its successes again until
// a side has none (t.RollAgain): win(a, b) sums, over every pair of
// successes (x, y), the chance of the pair times x > y when x or y is
// none, else win(x, y). The pair (a, b) rolls the same dice again, so
// win(a, b) = rest / (1 - P(a of a) P(b of b)).
func lastMore(t *rules.Table, a, b int) *big.Rat {
	dists := map[int][]*big.Rat{}
	dist := func(n int) []*big.Rat {
		if d, ok := dists[n]; ok {
			return d
		}
		d := distAt(t, n)
		dists[n] = d
		return d
	}
	wins := map[[2]int]*big.Rat{}
	var win func(a, b int) *big.Rat
	win = func(a, b int) *big.Rat {
		if w, ok := wins[[2]int{a, b}]; ok {
			return w
		}
		da, db := dist(a), dist(b)
		rest, same := new(big.Rat), new(big.Rat)
		for x, px := range da {
			for y, py := range db {
				p := new(big.Rat).Mul(px, py)
				switch {
				case x == 0 || y == 0:
					if x > y {
						rest.Add(rest, p)
					}
				case x == a && y == b:
					same.Add(same, p)
				default:
					rest.Add(rest, p.Mul(p, win(x, y)))
				}
			}
		}
		w := rest.Quo(rest, new(big.Rat).Sub(big.NewRat(1, 1), same))
		wins[[2]int{a, b}] = w
		return w
	}
	if a < 1 || b < 1 {
		return more(dist(max(a, 0)), dist(max(b, 0)))
	}
	return win(a, b)
}

func sameDist(a, b []*big.Rat) bool {
	return slices.EqualFunc(a, b, func(x, y *big.Rat) bool { return x.Cmp(y) == 0 })
}

// distAt is the distribution of what t's dice read (dice passed, or
// successes) with the held value v: the target, or the count of dice.
// nil when the dice cannot be rolled so.
func distAt(t *rules.Table, v int) []*big.Rat {
	e := t.Dice
	e.Mode, e.SixFails = dice.ModePass, t.SixFails
	if t.Read == rules.ReadSuccesses || t.Read == rules.ReadOpposedSuccesses {
		e.Mode = dice.ModeSuccess
	}
	vars := map[string]int{}
	if e.CountName != "" {
		vars[e.CountName] = v
	}
	if e.Mode == dice.ModePass {
		if n, err := strconv.Atoi(t.Target); err == nil {
			e.Target = n
		} else {
			e.Target = v
		}
	}
	e, err := e.Bind(vars)
	if err != nil || e.Mode == dice.ModePass && e.Target < 1 {
		return nil
	}
	counts, total := Count(e)
	dist := make([]*big.Rat, len(counts))
	for i, c := range counts {
		dist[i] = new(big.Rat).SetFrac(c, total)
	}
	return dist
}

// Count returns, for dice e passed against a target or counted as
// successes, how many of the faces^count ways the dice can fall read each
// value (index 0 is none passed), and faces^count. It panics on e read as
// a sum.
//
// The dice are laid out lowest first: each face, from 1 up, is given to
// some of the dice not yet placed (in C(left, c) ways), and those take the
// next places in order, so the kept dice (the lowest or highest few) are
// known by place. Every way the dice fall is counted once.
func Count(e dice.Expr) ([]*big.Int, *big.Int) {
	if e.Mode == dice.ModeSum {
		panic("odds: Count of dice added together")
	}
	n, f := e.Count, e.Faces
	kept := func(from, c int) int { return c } // how many of places [from, from+c) are kept
	if e.Keep > 0 {
		m := e.Keep
		lowest := e.KeepWhich == dice.KeepLowest || e.KeepWhich == dice.KeepBest
		if lowest {
			kept = func(from, c int) int { return max(0, min(from+c, m)-from) }
		} else {
			kept = func(from, c int) int { return max(0, from+c-max(from, n-m)) }
		}
	}
	good := func(face int) bool {
		if e.Mode == dice.ModeSuccess {
			return face <= 3
		}
		return face <= e.Target && !(e.SixFails && face == 6)
	}
	k := n
	if e.Keep > 0 {
		k = e.Keep
	}
	// ways[i][p]: the ways to place i dice with p passes kept so far.
	newWays := func() [][]*big.Int {
		w := make([][]*big.Int, n+1)
		for i := range w {
			w[i] = make([]*big.Int, k+1)
			for p := range w[i] {
				w[i][p] = new(big.Int)
			}
		}
		return w
	}
	ways := newWays()
	ways[0][0].SetInt64(1)
	for face := 1; face <= f; face++ {
		next := newWays()
		for i := 0; i <= n; i++ {
			for p := 0; p <= k; p++ {
				if ways[i][p].Sign() == 0 {
					continue
				}
				for c := 0; i+c <= n; c++ {
					q := p
					if good(face) {
						q += kept(i, c)
					}
					w := new(big.Int).Binomial(int64(n-i), int64(c))
					next[i+c][q].Add(next[i+c][q], w.Mul(w, ways[i][p]))
				}
			}
		}
		ways = next
	}
	total := new(big.Int).Exp(big.NewInt(int64(f)), big.NewInt(int64(n)), nil)
	return ways[n], total
}

// Percent is a chance rounded to the nearest whole per cent, halves up,
// as printed: "44%". It never prints 0% for a chance that can happen
// ("<1%") or 100% for one that can fail (">99%").
func Percent(p *big.Rat) string {
	switch {
	case p.Sign() == 0:
		return "0%"
	case p.Cmp(big.NewRat(1, 1)) == 0:
		return "100%"
	}
	// floor(100 p + 1/2) = floor((200 num + den) / (2 den))
	num := new(big.Int).Mul(p.Num(), big.NewInt(200))
	num.Add(num, p.Denom())
	den := new(big.Int).Mul(p.Denom(), big.NewInt(2))
	n := new(big.Int).Quo(num, den).Int64()
	switch {
	case n == 0:
		return "<1%"
	case n >= 100:
		return ">99%"
	}
	return strconv.FormatInt(n, 10) + "%"
}

// Fraction is a chance as an exact fraction in lowest terms: "4/9", "0",
// "1".
func Fraction(p *big.Rat) string { return p.RatString() }
