package dice

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// rollN rolls n dice of the given faces from r.
func rollN(r *Roller, n, faces int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = r.Die(faces)
	}
	return out
}

func TestStreamSameSequenceTwice(t *testing.T) {
	a := rollN(New("x").Stream("a", "b"), 200, 6)
	b := rollN(New("x").Stream("a", "b"), 200, 6)
	if !slices.Equal(a, b) {
		t.Fatalf("same seed and path gave different dice:\n%v\n%v", a, b)
	}
}

func TestStreamPathSpellings(t *testing.T) {
	root := New("x")
	joined := root.Stream("a", "b")
	slashed := root.Stream("a/b")
	nested := root.Stream("a").Stream("b")
	for _, r := range []*Roller{joined, slashed, nested} {
		if r.Path() != "a/b" {
			t.Errorf("Path() = %q, want %q", r.Path(), "a/b")
		}
		if r.Seed() != "x" {
			t.Errorf("Seed() = %q, want %q", r.Seed(), "x")
		}
	}
	want := rollN(joined, 100, 6)
	if got := rollN(slashed, 100, 6); !slices.Equal(got, want) {
		t.Errorf(`Stream("a/b") differs from Stream("a", "b"):\n%v\n%v`, got, want)
	}
	if got := rollN(nested, 100, 6); !slices.Equal(got, want) {
		t.Errorf(`Stream("a").Stream("b") differs from Stream("a", "b"):\n%v\n%v`, got, want)
	}
	if root.Path() != "" {
		t.Errorf("root Path() = %q, want empty", root.Path())
	}
}

func TestStreamsDiffer(t *testing.T) {
	base := rollN(New("x").Stream("a", "b"), 100, 6)
	others := map[string][]int{
		"other seed":    rollN(New("y").Stream("a", "b"), 100, 6),
		"other path":    rollN(New("x").Stream("a", "c"), 100, 6),
		"parent path":   rollN(New("x").Stream("a"), 100, 6),
		"root":          rollN(New("x"), 100, 6),
		"reversed path": rollN(New("x").Stream("b", "a"), 100, 6),
	}
	for name, got := range others {
		// 100 d6 agreeing by chance has probability 6^-100.
		if slices.Equal(got, base) {
			t.Errorf("%s gave the same 100 dice as seed x path a/b", name)
		}
	}
}

func TestStreamIndependence(t *testing.T) {
	root := New("indep")
	bBefore := root.Stream("b")
	a := root.Stream("a")
	rollN(a, 1000, 6)
	rollN(root, 57, 20) // the root rolls too
	bAfter := root.Stream("b")
	want := rollN(New("indep").Stream("b"), 50, 6)
	if got := rollN(bBefore, 50, 6); !slices.Equal(got, want) {
		t.Errorf("stream b made before a's rolls changed:\n%v\n%v", got, want)
	}
	if got := rollN(bAfter, 50, 6); !slices.Equal(got, want) {
		t.Errorf("stream b made after a's rolls changed:\n%v\n%v", got, want)
	}

	// Interleaving: rolling a and b alternately gives each the same dice
	// as rolling it alone.
	a1, b1 := root.Stream("a"), root.Stream("b")
	var gotA, gotB []int
	for i := 0; i < 30; i++ {
		gotA = append(gotA, a1.Die(6), a1.Die(6))
		gotB = append(gotB, b1.Die(6))
	}
	if alone := rollN(root.Stream("a"), 60, 6); !slices.Equal(gotA, alone) {
		t.Errorf("interleaved a differs from a alone")
	}
	if alone := rollN(root.Stream("b"), 30, 6); !slices.Equal(gotB, alone) {
		t.Errorf("interleaved b differs from b alone")
	}
}

func TestChildIgnoresParentRolls(t *testing.T) {
	fresh := New("kids").Stream("encounter")
	want := rollN(fresh.Stream("pefs"), 50, 6)
	for _, n := range []int{1, 2, 17, 500} {
		parent := New("kids").Stream("encounter")
		rollN(parent, n, 6)
		if got := rollN(parent.Stream("pefs"), 50, 6); !slices.Equal(got, want) {
			t.Errorf("child after parent rolled %d dice differs:\n%v\n%v", n, got, want)
		}
	}
}

// TestGoldenSequence is a regression pin of the stream derivation: the
// stream of seed "sortie" at path "golden" is a PCG seeded from
// sha256("sortie/dice/v1\x00" + seed + "\x00" + path) (two big-endian
// uint64s), read through rand.Rand.IntN. The numbers were computed once by
// running the code; if they change, every saved campaign rolls differently.
func TestGoldenSequence(t *testing.T) {
	want := []int{2, 3, 2, 1, 5, 3, 5, 3, 5, 2}
	r := New("sortie").Stream("golden")
	got := make([]int, len(want))
	for i := range got {
		got[i] = r.D6().Value
	}
	if !slices.Equal(got, want) {
		t.Fatalf("golden d6 sequence = %v, want %v (stream derivation changed)", got, want)
	}
}

// TestDerivationMatchesSpec rebuilds the stream from its documented recipe,
// independently of newRoller, and checks the Roller rolls the same dice.
func TestDerivationMatchesSpec(t *testing.T) {
	for _, tc := range []struct{ seed, path string }{
		{"sortie", "golden"},
		{"x", "a/b"},
		{"campaign 7", ""},
		{"", "encounter/3/pefs"},
	} {
		sum := sha256.Sum256([]byte("sortie/dice/v1\x00" + tc.seed + "\x00" + tc.path))
		ref := rand.New(rand.NewPCG(binary.BigEndian.Uint64(sum[0:8]), binary.BigEndian.Uint64(sum[8:16])))
		r := New(tc.seed)
		if tc.path != "" {
			r = r.Stream(tc.path)
		}
		for i := 0; i < 100; i++ {
			faces := 2 + i%19
			want := 1 + ref.IntN(faces)
			if got := r.Die(faces); got != want {
				t.Fatalf("seed %q path %q die %d (d%d) = %d, want %d", tc.seed, tc.path, i, faces, got, want)
			}
		}
	}
}

func TestDieRangeAndPanic(t *testing.T) {
	r := New("range")
	for _, faces := range []int{1, 2, 6, 20, 100} {
		seen := map[int]bool{}
		for i := 0; i < 5000; i++ {
			d := r.Die(faces)
			if d < 1 || d > faces {
				t.Fatalf("Die(%d) = %d", faces, d)
			}
			seen[d] = true
		}
		if len(seen) != faces {
			t.Errorf("Die(%d) showed %d distinct faces in 5000 rolls, want %d", faces, len(seen), faces)
		}
	}
	for _, faces := range []int{0, -1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Die(%d) did not panic", faces)
				}
			}()
			r.Die(faces)
		}()
	}
	defer func() {
		if recover() == nil {
			t.Errorf("Roll of an invalid Expr did not panic")
		}
	}()
	r.Roll(Expr{Count: 0, Faces: 6})
}

// --- Distributions -------------------------------------------------------

// chiSquare001 holds the chi-square critical values at p = 0.001 for 1..20
// degrees of freedom.
var chiSquare001 = []float64{
	0, // unused
	10.828, 13.816, 16.266, 18.467, 20.515, 22.458, 24.322, 26.124, 27.877, 29.588,
	31.264, 32.909, 34.528, 36.123, 37.697, 39.252, 40.790, 42.312, 43.820, 45.315,
}

// chiSquare returns the statistic of observed counts against probs (keyed
// by outcome) and its degrees of freedom. An observed outcome of zero
// probability gives +Inf.
func chiSquare(observed map[int]int, probs map[int]float64, n int) (stat float64, df int) {
	for v, c := range observed {
		if probs[v] == 0 && c > 0 {
			return math.Inf(1), 0
		}
	}
	for v, p := range probs {
		if p == 0 {
			continue
		}
		exp := p * float64(n)
		d := float64(observed[v]) - exp
		stat += d * d / exp
		df++
	}
	return stat, df - 1
}

func binomial(n int, p float64) map[int]float64 {
	out := map[int]float64{}
	for k := 0; k <= n; k++ {
		c := 1.0
		for i := 0; i < k; i++ {
			c = c * float64(n-i) / float64(i+1)
		}
		out[k] = c * math.Pow(p, float64(k)) * math.Pow(1-p, float64(n-k))
	}
	return out
}

func uniform(lo, hi int) map[int]float64 {
	out := map[int]float64{}
	for v := lo; v <= hi; v++ {
		out[v] = 1 / float64(hi-lo+1)
	}
	return out
}

// perturb returns probs with 0.02 moved from its second most likely outcome
// to its most likely one: a deliberately wrong distribution.
func perturb(probs map[int]float64) map[int]float64 {
	keys := make([]int, 0, len(probs))
	for v := range probs {
		keys = append(keys, v)
	}
	slices.SortFunc(keys, func(a, b int) int {
		if probs[a] != probs[b] {
			if probs[a] > probs[b] {
				return -1
			}
			return 1
		}
		return a - b
	})
	out := map[int]float64{}
	for v, p := range probs {
		out[v] = p
	}
	out[keys[0]] += 0.02
	out[keys[1]] -= 0.02
	return out
}

const samples = 60000

func TestDistributions(t *testing.T) {
	threeLow := map[int]float64{ // min(2, dice <= 4 among 3), dice <= 4 ~ B(3, 2/3)
		0: 1.0 / 27,  // no die <= 4
		1: 6.0 / 27,  // exactly one: 3 * (2/3) * (1/3)^2
		2: 20.0 / 27, // two or three: 3*(2/3)^2*(1/3) + (2/3)^3
	}
	twoD6 := map[int]float64{}
	for s := 2; s <= 12; s++ {
		twoD6[s] = float64(6-abs(s-7)) / 36
	}
	lower := map[int]float64{}
	for k := 1; k <= 6; k++ {
		lower[k] = float64(13-2*k) / 36
	}
	// Sum of the highest two of 3d6, as counts out of 216 (checked against
	// a brute-force enumeration in TestKeepHighestTable).
	highTwo := map[int]float64{}
	for s, c := range keepHighestTwoOf3d6 {
		highTwo[s] = float64(c) / 216
	}

	cases := []struct {
		name  string
		roll  func(r *Roller) Roll
		probs map[int]float64
	}{
		{"1d6", (*Roller).D6, uniform(1, 6)},
		{"2d6 sum", func(r *Roller) Roll { return r.Sum(2) }, twoD6},
		{"2d6 vs 4", func(r *Roller) Roll { return r.Pass(2, 4, false) }, binomial(2, 4.0/6)},
		{"2d6 vs 6", func(r *Roller) Roll { return r.Pass(2, 6, false) }, binomial(2, 1)},
		{"2d6 vs 6 six fails", func(r *Roller) Roll { return r.Pass(2, 6, true) }, binomial(2, 5.0/6)},
		{"2d6 vs 7 six fails", func(r *Roller) Roll { return r.Pass(2, 7, true) }, binomial(2, 5.0/6)},
		{"2d6 vs 3 six fails", func(r *Roller) Roll { return r.Pass(2, 3, true) }, binomial(2, 3.0/6)},
		{"3d6 lowest two vs 4", func(r *Roller) Roll { return r.PassLowest(3, 2, 4, false) }, threeLow},
		{"3d6 best two vs 4", func(r *Roller) Roll {
			return r.Roll(Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepBest, Mode: ModePass, Target: 4})
		}, threeLow},
		{"3d6 highest two summed", func(r *Roller) Roll {
			return r.Roll(Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepHighest})
		}, highTwo},
		{"3d6 best two summed", func(r *Roller) Roll {
			return r.Roll(Expr{Count: 3, Faces: 6, Keep: 2, KeepWhich: KeepBest})
		}, highTwo},
		{"lower of 2d6", (*Roller).Lower, lower},
		{"1/2d6", (*Roller).Half, uniform(1, 3)},
		{"successes on 1d6", func(r *Roller) Roll { return r.Successes(1) }, binomial(1, 0.5)},
		{"successes on 4d6", func(r *Roller) Roll { return r.Successes(4) }, binomial(4, 0.5)},
		{"successes on 8d6", func(r *Roller) Roll { return r.Successes(8) }, binomial(8, 0.5)},
		// 2d6+3 is 2d6 moved up by three: 5..15, P(10) = 6/36.
		{"2d6+3", func(r *Roller) Roll { return r.Roll(mustBind(t, "2d6+3", nil, ModeSum)) }, shift(twoD6, 3)},
		{"1d6-1", func(r *Roller) Roll { return r.Roll(mustBind(t, "1d6-1", nil, ModeSum)) }, uniform(0, 5)},
		{"1d6+Rep with Rep 4", func(r *Roller) Roll { return r.Roll(mustBind(t, "1d6+Rep", map[string]int{"Rep": 4}, ModeSum)) }, uniform(5, 10)},
		// 3d6kl2+1: the lowest two of 3d6 (the mirror of the highest two:
		// 14 - s), then one more.
		{"3d6kl2+1", func(r *Roller) Roll { return r.Roll(mustBind(t, "3d6kl2+1", nil, ModeSum)) }, shift(mirror(highTwo, 14), 1)},
		// Rep d6 counting successes: each die succeeds on 1-3, so Rep 4
		// gives 0..4 successes with 1, 4, 6, 4, 1 in 16.
		{"Rep d6 successes with Rep 4", func(r *Roller) Roll {
			return r.Roll(mustBind(t, "Rep d6", map[string]int{"Rep": 4}, ModeSuccess))
		}, map[int]float64{0: 1.0 / 16, 1: 4.0 / 16, 2: 6.0 / 16, 3: 4.0 / 16, 4: 1.0 / 16}},
		{"Rep d6 vs 4 with Rep 3", func(r *Roller) Roll {
			e := mustBind(t, "Rep d6", map[string]int{"Rep": 3}, ModePass)
			e.Target = 4
			return r.Roll(e)
		}, binomial(3, 4.0/6)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			total := 0.0
			for _, p := range tc.probs {
				total += p
			}
			if math.Abs(total-1) > 1e-9 {
				t.Fatalf("test bug: probabilities sum to %v", total)
			}
			r := New("chi-square").Stream(tc.name)
			observed := map[int]int{}
			for i := 0; i < samples; i++ {
				observed[tc.roll(r).Value]++
			}
			stat, df := chiSquare(observed, tc.probs, samples)
			if df == 0 {
				// A certain outcome: every roll must read it.
				if math.IsInf(stat, 1) {
					t.Fatalf("observed %v, want only outcomes with probability %v", observed, tc.probs)
				}
				return
			}
			if df >= len(chiSquare001) {
				t.Fatalf("test bug: no critical value for %d degrees of freedom", df)
			}
			crit := chiSquare001[df]
			if stat > crit {
				t.Errorf("chi-square %.2f > %.3f (df %d, p=0.001)\nobserved %v\nwant probs %v", stat, crit, df, observed, tc.probs)
			}
			// Power: the same dice must fail against a distribution off by
			// 0.02 in two outcomes.
			wrong := perturb(tc.probs)
			if ws, wdf := chiSquare(observed, wrong, samples); ws <= chiSquare001[wdf] {
				t.Errorf("chi-square has no power: wrong distribution scored %.2f <= %.3f (df %d)", ws, chiSquare001[wdf], wdf)
			}
		})
	}
}

// mustBind parses notation, sets its mode and binds its names to vars.
func mustBind(t *testing.T, notation string, vars map[string]int, m Mode) Expr {
	t.Helper()
	e, err := Parse(notation)
	if err != nil {
		t.Fatal(err)
	}
	e.Mode = m
	if e, err = e.Bind(vars); err != nil {
		t.Fatal(err)
	}
	return e
}

// shift moves every outcome of probs up by n.
func shift(probs map[int]float64, n int) map[int]float64 {
	out := map[int]float64{}
	for v, p := range probs {
		out[v+n] = p
	}
	return out
}

// mirror maps every outcome v of probs to about - v.
func mirror(probs map[int]float64, about int) map[int]float64 {
	out := map[int]float64{}
	for v, p := range probs {
		out[about-v] = p
	}
	return out
}

// keepHighestTwoOf3d6 counts, out of the 216 ways 3d6 can fall, how many
// give each sum of the highest two dice.
var keepHighestTwoOf3d6 = map[int]int{
	2: 1, 3: 3, 4: 7, 5: 12, 6: 19, 7: 27, 8: 34, 9: 36, 10: 34, 11: 27, 12: 16,
}

func TestKeepHighestTable(t *testing.T) {
	got := map[int]int{}
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			for c := 1; c <= 6; c++ {
				got[a+b+c-min(a, b, c)]++
			}
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(keepHighestTwoOf3d6) {
		t.Fatalf("enumeration %v, table %v", got, keepHighestTwoOf3d6)
	}
}

// TestChiSquareRejectsBiasedDie checks the chi-square helper itself rejects
// a die that is really biased, not only a wrong table.
func TestChiSquareRejectsBiasedDie(t *testing.T) {
	r := New("biased")
	observed := map[int]int{}
	for i := 0; i < samples; i++ {
		v := r.Die(6)
		if v == 2 && r.Die(100) <= 12 { // about 2% of all rolls turn 2 into 6
			v = 6
		}
		observed[v]++
	}
	stat, df := chiSquare(observed, uniform(1, 6), samples)
	if stat <= chiSquare001[df] {
		t.Fatalf("biased die passed: chi-square %.2f <= %.3f", stat, chiSquare001[df])
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func ExampleRoller() {
	r := New("seed").Stream("encounter", "pefs")
	fmt.Println(r.Pass(2, 4, false).String())
	// Output: 2d6 vs 4 = 4, 1: 2 passed
}

// TestStreamEmptyParts: empty path parts are skipped, so "a" and "a/" are
// one stream and a path never ends in a slash.
func TestStreamEmptyParts(t *testing.T) {
	a := New("s").Stream("a")
	for _, r := range []*Roller{a.Stream(), a.Stream(""), New("s").Stream("", "a", "")} {
		if r.Path() != "a" {
			t.Errorf("path %q, want a", r.Path())
		}
		if r.Die(1000) != New("s").Stream("a").Die(1000) {
			t.Error("empty parts changed the stream")
		}
	}
	if _, err := Parse("+2d6"); err == nil {
		t.Error(`Parse("+2d6") accepted a sign`)
	}
}
