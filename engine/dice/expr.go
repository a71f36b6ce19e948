package dice

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Mode says how the kept dice of a roll are read.
type Mode int

const (
	// ModeSum adds the kept dice together ("adding the results together";
	// a single die is "read as rolled").
	ModeSum Mode = iota
	// ModePass counts the kept dice that score the target or lower
	// ("taken versus Rep").
	ModePass
	// ModeSuccess counts the kept dice that score 1, 2 or 3.
	ModeSuccess
)

// Keep says which dice of a roll are kept.
type Keep int

const (
	KeepAll     Keep = iota
	KeepLowest       // the lowest Expr.Keep dice
	KeepHighest      // the highest Expr.Keep dice
	// KeepBest keeps the Expr.Keep dice that do the roller most good: the
	// lowest when dice are passed against a target or counted as successes,
	// the highest when they are added.
	KeepBest
)

// Expr is a dice expression: how many dice of how many faces, which are
// kept, and how they are read.
type Expr struct {
	Count     int  // dice rolled
	Faces     int  // faces per die
	Keep      int  // dice kept; 0 keeps all
	KeepWhich Keep // which dice are kept when Keep > 0
	Half      bool // 1/2d6: a single die halved, rounding up
	Mode      Mode
	Target    int  // ModePass: a die passes on Target or lower
	SixFails  bool // ModePass: a 6 never passes
}

// MaxDice bounds the dice of one expression, so that a typo in content
// cannot ask for a billion dice.
const MaxDice = 100

// Validate reports whether e can be rolled.
func (e Expr) Validate() error {
	switch {
	case e.Count < 1 || e.Count > MaxDice:
		return fmt.Errorf("dice count %d out of range 1..%d", e.Count, MaxDice)
	case e.Faces < 2 || e.Faces > 100:
		return fmt.Errorf("dice with %d faces: want 2..100 faces", e.Faces)
	case e.Keep < 0 || e.Keep > e.Count:
		return fmt.Errorf("cannot keep %d of %d dice", e.Keep, e.Count)
	case e.Keep > 0 && e.KeepWhich == KeepAll:
		return errors.New("keep count given without lowest, highest or best")
	case e.Keep == 0 && e.KeepWhich != KeepAll:
		return errors.New("keep at least one die")
	case e.Half && (e.Count != 1 || e.Keep != 0):
		return errors.New("1/2 applies to a single die")
	case e.Half && e.Mode != ModeSum:
		return errors.New("1/2 die can only be read as rolled")
	}
	return nil
}

// Notation returns e in the notation Parse reads, such as "2d6", "3d6kl2"
// or "1/2d6". Targets are not part of the notation.
func (e Expr) Notation() string {
	if e.Half {
		return "1/2d" + strconv.Itoa(e.Faces)
	}
	s := strconv.Itoa(e.Count) + "d" + strconv.Itoa(e.Faces)
	if e.Keep > 0 {
		s += map[Keep]string{KeepLowest: "kl", KeepHighest: "kh", KeepBest: "kb"}[e.KeepWhich] + strconv.Itoa(e.Keep)
	}
	return s
}

// Describe returns e in words for a table's caption, such as "3d6 counting
// the lowest two".
func (e Expr) Describe() string {
	if e.Half {
		return fmt.Sprintf("1/2d%d (1-2 = 1, 3-4 = 2, 5-6 = 3)", e.Faces)
	}
	s := fmt.Sprintf("%dd%d", e.Count, e.Faces)
	if e.Keep > 0 {
		if e.Keep == 1 && e.Count == 2 {
			word := map[Keep]string{KeepLowest: "lower", KeepHighest: "higher", KeepBest: "better"}[e.KeepWhich]
			return "the " + word + " of " + s
		}
		word := map[Keep]string{KeepLowest: "lowest", KeepHighest: "highest", KeepBest: "best"}[e.KeepWhich]
		s += " counting the " + word + " " + numberWord(e.Keep)
	}
	return s
}

func numberWord(n int) string {
	words := []string{"zero", "one", "two", "three", "four", "five", "six"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return strconv.Itoa(n)
}

// Parse reads dice notation: "NdF" (N defaults to 1), optionally followed
// by "klK", "khK" or "kbK" to keep the lowest, highest or best K dice, or
// "1/2dF" for a halved die. The result reads in ModeSum; set Mode and
// Target for other readings.
func Parse(s string) (Expr, error) {
	orig := s
	s = strings.ToLower(strings.TrimSpace(s))
	var e Expr
	if rest, ok := strings.CutPrefix(s, "1/2"); ok {
		e.Half = true
		s = rest
	}
	d := strings.IndexByte(s, 'd')
	if d < 0 {
		return Expr{}, fmt.Errorf("dice %q: want NdF, such as 2d6", orig)
	}
	if d == 0 {
		e.Count = 1
	} else {
		n, err := atoi(s[:d])
		if err != nil {
			return Expr{}, fmt.Errorf("dice %q: bad count %q", orig, s[:d])
		}
		e.Count = n
	}
	if e.Half && d != 0 {
		return Expr{}, fmt.Errorf("dice %q: write a halved die as 1/2d6", orig)
	}
	s = s[d+1:]
	faces, rest := leadingDigits(s)
	if faces == "" {
		return Expr{}, fmt.Errorf("dice %q: missing number of faces after d", orig)
	}
	f, err := atoi(faces)
	if err != nil {
		return Expr{}, fmt.Errorf("dice %q: bad number of faces %q", orig, faces)
	}
	e.Faces = f
	if rest != "" {
		var which Keep
		switch {
		case strings.HasPrefix(rest, "kl"):
			which = KeepLowest
		case strings.HasPrefix(rest, "kh"):
			which = KeepHighest
		case strings.HasPrefix(rest, "kb"):
			which = KeepBest
		default:
			return Expr{}, fmt.Errorf("dice %q: unexpected %q (want klK, khK or kbK)", orig, rest)
		}
		k, tail := leadingDigits(rest[2:])
		if k == "" || tail != "" {
			return Expr{}, fmt.Errorf("dice %q: want a number of dice to keep after %q", orig, rest[:2])
		}
		n, err := atoi(k)
		if err != nil {
			return Expr{}, fmt.Errorf("dice %q: bad keep count %q", orig, k)
		}
		e.Keep, e.KeepWhich = n, which
	}
	if err := e.Validate(); err != nil {
		return Expr{}, fmt.Errorf("dice %q: %v", orig, err)
	}
	return e, nil
}

func leadingDigits(s string) (digits, rest string) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i], s[i:]
}

func atoi(s string) (int, error) {
	if s == "" || len(s) > 4 || s[0] < '0' || s[0] > '9' {
		return 0, errors.New("bad number")
	}
	return strconv.Atoi(s)
}

// Outcomes returns the least and greatest value a roll of e can read.
func (e Expr) Outcomes() (lo, hi int) {
	kept := e.Count
	if e.Keep > 0 {
		kept = e.Keep
	}
	switch {
	case e.Half:
		return 1, (e.Faces + 1) / 2
	case e.Mode == ModePass || e.Mode == ModeSuccess:
		return 0, kept
	default:
		return kept, kept * e.Faces
	}
}

// Read reads dice already rolled (for example by a test, or dice a player
// typed in) as e says. len(dice) must be e.Count.
func (e Expr) Read(dice []int) Roll {
	r := Roll{Expr: e, Dice: slices.Clone(dice)}
	kept := slices.Clone(dice)
	if e.Keep > 0 {
		which := e.KeepWhich
		if which == KeepBest {
			which = KeepHighest
			if e.Mode != ModeSum {
				which = KeepLowest
			}
		}
		slices.Sort(kept)
		if which == KeepHighest {
			slices.Reverse(kept)
		}
		kept = kept[:e.Keep]
		slices.Sort(kept)
		r.Kept = kept
	}
	switch {
	case e.Half:
		r.Value = (kept[0] + 1) / 2
	case e.Mode == ModePass:
		for _, d := range kept {
			if d <= e.Target && !(e.SixFails && d == 6) {
				r.Value++
			}
		}
	case e.Mode == ModeSuccess:
		for _, d := range kept {
			if d <= 3 {
				r.Value++
			}
		}
	default:
		for _, d := range kept {
			r.Value += d
		}
	}
	return r
}
