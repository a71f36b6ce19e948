package rules_test

import (
	"io/fs"

	"fmt"
	"github.com/sortie-wargames/sortie/content"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// The frequency tests roll every rollable table of the real data many times
// and compare how often each row comes up with its exact probability. The
// probabilities are worked out here, by enumerating every way the dice can
// fall and reading them as the table's directives say, without calling
// package dice's Read: a mistake in the data, the parser, the reader or the
// roller shows up as a mismatch.

const samples = 24000

// critical001 is the chi-square critical value at p = 0.001 by degrees of
// freedom.
var critical001 = map[int]float64{
	1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515, 6: 22.458,
	7: 24.322, 8: 26.124, 9: 27.877, 10: 29.588, 11: 31.264, 12: 32.909,
}

// reading is how a table's dice are read, taken from its directives.
type reading struct {
	count, faces, keep int
	which              dice.Keep
	half               bool
	read               rules.Read
	target             int // pass: a die passes on target or lower
	sixFails           bool
	mod                int // added to a sum or a die read as rolled
}

// readingOf is the reading of tb's own dice; target is used when tb is
// taken versus something other than a number (such as Rep).
func readingOf(t testing.TB, tb *rules.Table, target int) reading {
	t.Helper()
	r := reading{
		count: tb.Dice.Count, faces: tb.Dice.Faces, keep: tb.Dice.Keep, which: tb.Dice.KeepWhich,
		half: tb.Dice.Half, read: tb.Read, sixFails: tb.SixFails,
	}
	if tb.Read == rules.ReadPass {
		if n, err := strconv.Atoi(tb.Target); err == nil {
			r.target = n
		} else {
			r.target = target
		}
	}
	return r
}

// value reads dice as r says.
func (r reading) value(ds []int) int {
	kept := slices.Clone(ds)
	if r.keep > 0 {
		slices.Sort(kept)
		lowest := r.which == dice.KeepLowest || r.which == dice.KeepBest && r.read == rules.ReadPass
		if lowest {
			kept = kept[:r.keep]
		} else {
			kept = kept[len(kept)-r.keep:]
		}
	}
	v := 0
	switch r.read {
	case rules.ReadPass:
		for _, d := range kept {
			if d <= r.target && !(r.sixFails && d == 6) {
				v++
			}
		}
	case rules.ReadSuccesses:
		for _, d := range kept {
			if d <= 3 {
				v++
			}
		}
	case rules.ReadAsRolled:
		if len(kept) != 1 {
			panic(fmt.Sprintf("as-rolled with %d dice kept", len(kept)))
		}
		v = kept[0] + r.mod
		if r.half {
			v = (v + 1) / 2
		}
	case rules.ReadSum:
		for _, d := range kept {
			if r.half {
				d = (d + 1) / 2
			}
			v += d
		}
		v += r.mod
	default:
		panic("reading " + string(r.read))
	}
	return v
}

// ways enumerates all faces^count ways the dice can fall: how many give
// each value, and how many there are.
func (r reading) ways() (map[int]int64, int64) {
	w := map[int]int64{}
	var total int64
	ds := make([]int, r.count)
	var rec func(i int)
	rec = func(i int) {
		if i == len(ds) {
			w[r.value(ds)]++
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

// binner names the bin a row's results are counted in.
type binner func(tb *rules.Table, i int) string

// byRow counts each row on its own.
func byRow(_ *rules.Table, i int) string { return "row " + strconv.Itoa(i) }

// byContent counts rows that say the same thing together: what a player
// gets from the table.
func byContent(tb *rules.Table, i int) string {
	var s []string
	for _, c := range tb.Rows[i].Cells {
		s = append(s, c.Text)
	}
	return strings.Join(s, " | ")
}

// expected returns the exact probability of each bin of tb read as r,
// mapping values to rows without calling the package's RowFor. It fails if
// a value the dice can read is in no row or in two.
func expected(t testing.TB, tb *rules.Table, r reading, bin binner) map[string]float64 {
	t.Helper()
	w, total := r.ways()
	p := map[string]float64{}
	for i := range tb.Rows {
		p[bin(tb, i)] += 0 // every bin, even one the dice never reach
	}
	for v, n := range w {
		var in []int
		for i, row := range tb.Rows {
			if v >= row.Lo && v <= row.Hi {
				in = append(in, i)
			}
		}
		if len(in) != 1 {
			t.Fatalf("table %s: value %d is in %d rows", tb.ID, v, len(in))
		}
		p[bin(tb, in[0])] += float64(n) / float64(total)
	}
	return p
}

// sample rolls tb samples times with the given roll function, and counts the
// rows read into bins. Every roll is checked against r: the dice are real
// faces, the value is what r reads from them, and the row covers it.
func sample(t testing.TB, tb *rules.Table, r reading, bin binner, roll func() (rules.Result, error)) map[string]int {
	t.Helper()
	counts := map[string]int{}
	for range samples {
		res, err := roll()
		if err != nil {
			t.Fatalf("rolling %s: %v", tb.ID, err)
		}
		if len(res.Roll.Dice) != r.count {
			t.Fatalf("%s: rolled %d dice, want %d", tb.ID, len(res.Roll.Dice), r.count)
		}
		for _, d := range res.Roll.Dice {
			if d < 1 || d > r.faces {
				t.Fatalf("%s: a d%d fell %d", tb.ID, r.faces, d)
			}
		}
		if v := r.value(res.Roll.Dice); v != res.Roll.Value {
			t.Fatalf("%s: %v read %d, want %d", tb.ID, res.Roll, res.Roll.Value, v)
		}
		i := rowIndex(tb, res.Row)
		if i < 0 || res.Roll.Value < res.Row.Lo || res.Roll.Value > res.Row.Hi {
			t.Fatalf("%s: %d read row %+v", tb.ID, res.Roll.Value, res.Row)
		}
		counts[bin(tb, i)]++
	}
	return counts
}

// rowIndex is the index of row in tb.Rows (the same row, not an equal one),
// or -1.
func rowIndex(tb *rules.Table, row *rules.Row) int {
	for i := range tb.Rows {
		if &tb.Rows[i] == row {
			return i
		}
	}
	return -1
}

// chiSquare is Pearson's statistic for counts against probabilities p, and
// its degrees of freedom. A count in a bin of probability 0 is infinitely
// unlikely.
func chiSquare(counts map[string]int, p map[string]float64) (float64, int) {
	n := 0
	for _, c := range counts {
		n += c
	}
	stat, bins := 0.0, 0
	for k, c := range counts {
		if p[k] == 0 && c > 0 {
			return math.Inf(1), 0
		}
	}
	for k, pk := range p {
		if pk == 0 {
			continue
		}
		bins++
		e := pk * float64(n)
		d := float64(counts[k]) - e
		stat += d * d / e
	}
	return stat, bins - 1
}

// fits reports whether counts fit p at p = 0.001.
func fits(t testing.TB, counts map[string]int, p map[string]float64) (bool, string) {
	t.Helper()
	stat, df := chiSquare(counts, p)
	if math.IsInf(stat, 1) {
		return false, "a result the table cannot give came up"
	}
	if df == 0 {
		return true, "one certain result"
	}
	crit, ok := critical001[df]
	if !ok {
		t.Fatalf("no critical value for %d degrees of freedom", df)
	}
	return stat < crit, fmt.Sprintf("chi-square %.2f with %d df (critical %.3f)", stat, df, crit)
}

// targets are the targets a table is rolled with: its own number, or for
// tables taken versus something like Rep, 4 and 5, and 6 where a six
// failing or not makes a difference.
func targets(tb *rules.Table) []int {
	if tb.Dice.Mode == dice.ModePass && tb.Dice.Target == 0 {
		return []int{4, 5, 6}
	}
	return []int{0}
}

func TestEnumeration(t *testing.T) {
	// The hand-worked probabilities the enumeration must reproduce.
	check := func(name string, r reading, want map[int]float64) {
		t.Helper()
		w, total := r.ways()
		for v, p := range want {
			if got := float64(w[v]) / float64(total); math.Abs(got-p) > 1e-12 {
				t.Errorf("%s: P(%d) = %v, want %v", name, v, got, p)
			}
		}
	}
	check("2d6 sum", reading{count: 2, faces: 6, read: rules.ReadSum}, map[int]float64{2: 1.0 / 36, 7: 6.0 / 36, 12: 1.0 / 36, 13: 0})
	check("2d6 vs 4", reading{count: 2, faces: 6, read: rules.ReadPass, target: 4}, map[int]float64{0: 1.0 / 9, 1: 4.0 / 9, 2: 4.0 / 9})
	check("2d6 vs 6", reading{count: 2, faces: 6, read: rules.ReadPass, target: 6}, map[int]float64{0: 0, 2: 1})
	check("2d6 vs 6, six fails", reading{count: 2, faces: 6, read: rules.ReadPass, target: 6, sixFails: true}, map[int]float64{0: 1.0 / 36, 1: 10.0 / 36, 2: 25.0 / 36})
	// Lowest two of three both pass unless two or more dice score 5-6.
	check("3d6kl2 vs 4", reading{count: 3, faces: 6, keep: 2, which: dice.KeepLowest, read: rules.ReadPass, target: 4}, map[int]float64{2: 160.0 / 216, 1: 48.0 / 216, 0: 8.0 / 216})
	check("3d6kb2 vs 4", reading{count: 3, faces: 6, keep: 2, which: dice.KeepBest, read: rules.ReadPass, target: 4}, map[int]float64{2: 160.0 / 216})
	check("3d6kb2 sum", reading{count: 3, faces: 6, keep: 2, which: dice.KeepBest, read: rules.ReadSum}, map[int]float64{12: 16.0 / 216, 2: 1.0 / 216})
	check("1d6", reading{count: 1, faces: 6, read: rules.ReadAsRolled}, map[int]float64{1: 1.0 / 6, 6: 1.0 / 6})
	check("1/2d6", reading{count: 1, faces: 6, half: true, read: rules.ReadAsRolled}, map[int]float64{1: 2.0 / 6, 3: 2.0 / 6})
	check("2d6+3", reading{count: 2, faces: 6, read: rules.ReadSum, mod: 3}, map[int]float64{4: 0, 5: 1.0 / 36, 10: 6.0 / 36, 15: 1.0 / 36, 16: 0})
	check("1d6+4", reading{count: 1, faces: 6, read: rules.ReadSum, mod: 4}, map[int]float64{4: 0, 5: 1.0 / 6, 10: 1.0 / 6})
	// Each die succeeds on 1-3, half the time: 4d6 gives 0..4 successes
	// 1, 4, 6, 4 and 1 times in 16.
	check("4d6 successes", reading{count: 4, faces: 6, read: rules.ReadSuccesses}, map[int]float64{0: 1.0 / 16, 1: 4.0 / 16, 2: 6.0 / 16, 3: 4.0 / 16, 4: 1.0 / 16})
}

// TestNewReadingFrequencies rolls the book-shaped tables with a modifier,
// a named modifier and a named count, and checks each row comes up as often
// as its exact probability says.
func TestNewReadingFrequencies(t *testing.T) {
	f := parseBooks(t)
	cases := []struct {
		id   string
		vars map[string]int
		r    reading
		want map[string]float64 // the probabilities worked by hand, by row
	}{
		// 1d6+Rep with Rep 4 reads 5..10: 7 or less on 1-3, 8, 9, 10+ on 5-6.
		{"ranged-combat", map[string]int{"Rep": 4}, reading{count: 1, faces: 6, read: rules.ReadSum, mod: 4},
			map[string]float64{"row 0": 3.0 / 6, "row 1": 1.0 / 6, "row 2": 1.0 / 6, "row 3": 1.0 / 6}},
		// 2d6+3: 5 to 7 is 2d6 of 2-4 (6/36), 8 or 9 is 5-6 (9/36), 10 or more 7-12 (21/36).
		{"np-movement", nil, reading{count: 2, faces: 6, read: rules.ReadSum, mod: 3},
			map[string]float64{"row 0": 6.0 / 36, "row 1": 9.0 / 36, "row 2": 21.0 / 36}},
		// Rep d6 counting successes with Rep 4: 0, 1, 2 and 3+ (3 or 4).
		{"melee", map[string]int{"Rep": 4}, reading{count: 4, faces: 6, read: rules.ReadSuccesses},
			map[string]float64{"row 0": 1.0 / 16, "row 1": 4.0 / 16, "row 2": 6.0 / 16, "row 3": 5.0 / 16}},
	}
	for _, c := range cases {
		t.Run(c.id, func(t *testing.T) {
			tb := tableOf(t, f, c.id)
			p := expected(t, tb, c.r, byRow)
			for k, want := range c.want {
				if math.Abs(p[k]-want) > 1e-12 {
					t.Errorf("%s: P(%s) = %v by enumeration, want %v", c.id, k, p[k], want)
				}
			}
			roller := dice.New("sortie/rules/new-readings").Stream(c.id)
			counts := sample(t, tb, c.r, byRow, func() (rules.Result, error) { return tb.RollVars(roller, c.vars) })
			if ok, how := fits(t, counts, p); !ok {
				t.Errorf("%s: counts %v do not fit %v: %s", c.id, counts, p, how)
			}
		})
	}
}

// TestTableFrequencies rolls every rollable table of the real data and
// checks each row comes up as often as it should.
func TestTableFrequencies(t *testing.T) {
	covered := frequencies(t, loadReal(t), dice.New("sortie/rules/freq-test"), func(tb *rules.Table) bool { return tb.Read.Rolled() })
	want := []string{
		"dwarves-black-moon", "dwarves-red-sun", "elves-black-moon", "elves-silver", "goblins", "orcs", "wererats",
		"recruiting", "new-recruits", "creature-list", "creature-list-1", "creature-list-2-3", "creature-list-4-5",
		"creature-list-6", "terrain", "explore-terrain", "pef-resolution", "contact-size", "enemy", "casting",
		"npc-spell-casting", "shooting", "charge", "will-to-fight", "after-the-battle-recovery", "star-power",
	}
	for _, id := range want {
		if !covered[id] {
			t.Errorf("table %s was not frequency-tested", id)
		}
	}
	if len(covered) != len(want) {
		t.Errorf("tested %d tables, want %d", len(covered), len(want))
	}
}

// TestFrequencyPower shows the frequency test would catch a mistake: counts
// sampled from the real table fit the real table's probabilities but are
// rejected against a copy of the table with one small mistake in it.
func TestFrequencyPower(t *testing.T) {
	s := loadReal(t)
	cases := []struct {
		name, file, id string
		target         int
		bin            binner
		mutate         func(t *testing.T, text string) string
	}{
		{
			// The book's Experienced Melee AC 2 band (6-7) and AC 4 band
			// (8-9): the boundary moved by one to 6 | 7-9.
			name: "enemy: AC 2/AC 4 boundary moved by one", file: "enemies.rules", id: "enemy", bin: byContent,
			mutate: func(t *testing.T, s string) string {
				return replaceOnce(t, s, "| 7  | Experienced | Melee   | 4 | 2 |", "| 7  | Experienced | Melee   | 4 | 4 |")
			},
		},
		{
			// Rows 7 and 8 keyed the wrong way round: a 1/36 shift, the
			// smallest a 2d6 table can have.
			name: "enemy: keys 7 and 8 swapped", file: "enemies.rules", id: "enemy", bin: byRow,
			mutate: func(t *testing.T, s string) string {
				s = replaceOnce(t, s, "| 7  | Experienced | Melee   | 4 | 2 |", "| 8  | Experienced | Melee   | 4 | 2 |")
				return replaceOnce(t, s, "| 8  | Experienced | Melee   | 4 | 4 |", "| 7  | Experienced | Melee   | 4 | 4 |")
			},
		},
		{
			name: "recruiting: keys 7 and 8 swapped", file: "band.rules", id: "recruiting", bin: byRow,
			mutate: func(t *testing.T, s string) string {
				s = replaceOnce(t, s, "| 7  | Raw ", "| 8  | Raw ")
				return replaceOnce(t, s, "| 8  | Experienced | Melee   | 4 | 2 |", "| 7  | Experienced | Melee   | 4 | 2 |")
			},
		},
		{
			name: "terrain: boundary 4|5 moved to 5|6", file: "encounters.rules", id: "terrain", bin: byRow,
			mutate: func(t *testing.T, s string) string {
				s = replaceOnce(t, s, "| 1-4 | Clear |", "| 1-5 | Clear |")
				return replaceOnce(t, s, "| 5-6 | Cover |", "| 6 | Cover |")
			},
		},
		{
			name: "creature-list: 2-3|4-5 moved to 2-4|5", file: "creatures.rules", id: "creature-list", bin: byRow,
			mutate: func(t *testing.T, s string) string {
				s = replaceOnce(t, s, "| 2-3 | Creature List 2 – 3 |", "| 2-4 | Creature List 2 – 3 |")
				return replaceOnce(t, s, "| 4-5 | Creature List 4 – 5 |", "| 5 | Creature List 4 – 5 |")
			},
		},
		{
			name: "pef-resolution: target 5 for 4", file: "encounters.rules", id: "pef-resolution", bin: byRow,
			mutate: func(t *testing.T, s string) string {
				return replaceOnce(t, s, "target  4\n", "target  5\n")
			},
		},
		{
			name: "shooting vs 6: six-fails left out", file: "play.rules", id: "shooting", target: 6, bin: byRow,
			mutate: func(t *testing.T, s string) string {
				return replaceOnce(t, s, "six-fails\nsource  pages 9 and 19", "source  pages 9 and 19")
			},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			real := s.Table(c.id)
			f, err := rules.Parse(c.file, []byte(c.mutate(t, realFile(t, c.file))))
			if err != nil {
				t.Fatalf("the mutated file does not parse: %v", err)
			}
			var bad *rules.Table
			for _, tb := range f.Tables {
				if tb.ID == c.id {
					bad = tb
				}
			}
			if bad == nil || len(bad.Rows) != len(real.Rows) {
				t.Fatalf("mutated table %s missing or has a different number of rows", c.id)
			}
			r := readingOf(t, real, c.target)
			roller := dice.New("sortie/rules/power-test").Stream(c.id)
			counts := sample(t, real, r, c.bin, func() (rules.Result, error) { return real.Roll(roller, c.target) })
			if ok, how := fits(t, counts, expected(t, real, r, c.bin)); !ok {
				t.Fatalf("real counts do not fit the real table: %s", how)
			}
			pBad := expected(t, bad, readingOf(t, bad, c.target), c.bin)
			ok, how := fits(t, counts, pBad)
			if ok {
				t.Errorf("the test did not tell the mutated table from the real one: %s", how)
			}
			t.Logf("mutated table rejected: %s", how)
		})
	}
}

// frequencies checks, for every table of s that use accepts, that rolls
// on it fall in its rows as often as its dice say (for tables taken
// versus a target the player holds, at targets 4, 5 and 6), and returns
// the tables it checked.
func frequencies(t *testing.T, s *rules.Set, root *dice.Roller, use func(*rules.Table) bool) map[string]bool {
	covered := map[string]bool{}
	for _, id := range s.Order {
		tb := s.Table(id)
		if !use(tb) {
			continue
		}
		for _, target := range targets(tb) {
			name := id
			if target != 0 {
				name += "/vs-" + strconv.Itoa(target)
			}
			t.Run(name, func(t *testing.T) {
				r := readingOf(t, tb, target)
				p := expected(t, tb, r, byRow)
				roller := root.Stream(id, strconv.Itoa(target))
				counts := sample(t, tb, r, byRow, func() (rules.Result, error) { return tb.Roll(roller, target) })
				if ok, how := fits(t, counts, p); !ok {
					t.Errorf("%s: row counts do not fit the rows' probabilities: %s\ncounts %v\nprobabilities %v", name, how, counts, p)
				}
				covered[id] = true
			})
		}
	}
	return covered
}

// ownDice accepts a table the engine rolls with no value the player holds
// (a named count or modifier) and no modifier.
func ownDice(tb *rules.Table) bool {
	return tb.Rolled() && tb.Dice.CountName == "" && tb.Dice.ModName == "" && tb.Dice.Mod == 0
}

// loadEmbedded loads one system of the embedded data.
func loadEmbedded(t *testing.T, dir string) *rules.Set {
	t.Helper()
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

// TestSwordplayFrequencies runs the same row-level check over every
// Swordplay table the engine can roll on its own: those whose dice need no
// value only the player holds (a named count or modifier such as Rep).
func TestSwordplayFrequencies(t *testing.T) {
	s := loadEmbedded(t, "systems/swordplay")
	covered := frequencies(t, s, dice.New("sortie/rules/freq-test/swordplay"), ownDice)
	// Every table the Swordplay procedures roll is among them.
	for _, id := range []string{
		"terrain-generator", "buildings", "enemy-activity-level", "raid-buildings", "time-of-day",
		"pef-placement", "pef-entry-raid-defend", "pef-resolution", "how-many-grunts",
		"feudal", "northmen", "dwarves", "elves", "goblins", "orcs",
	} {
		if !covered[id] {
			t.Errorf("table %s was not frequency-tested", id)
		}
	}
}

// TestChainReactionFrequencies runs the row-level check over every Chain
// Reaction 3.0 table the engine rolls on its own; How Many of Them is
// rolled with its +3 and -3 by the procedures and checked there.
func TestChainReactionFrequencies(t *testing.T) {
	s := loadEmbedded(t, "systems/chain-reaction-3")
	covered := frequencies(t, s, dice.New("sortie/rules/freq-test/chain-reaction-3"), ownDice)
	for _, id := range []string{
		"overall-terrain", "terrain-generator", "buildings-clear-hilly", "buildings-mountainous", "buildings-woods",
		"road-direction", "river-crossing", "pef-placement", "pef-rep", "pef-force-composition", "enemy-commander",
		"military", "police", "insurgents", "gang", "gang-weapons", "attributes",
	} {
		if !covered[id] {
			t.Errorf("table %s was not frequency-tested", id)
		}
	}
}
