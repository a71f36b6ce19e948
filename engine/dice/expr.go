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

	// CountName names a count of dice supplied when rolled ("Rep d6"):
	// Count is 0 until Bind sets it.
	CountName string
	// Mod is added to the value of a sum (2d6+3 reads 5..15). With ModName
	// ("1d6+Rep") it is the named value, set by Bind.
	Mod     int
	ModName string
}

// MaxDice and MaxFaces bound one expression. The books roll at most six
// dice of d6 to d12 at once, and a d100 is a die some books read; a table
// is read over every value its dice can give, so 100d100 (9,901 values, a
// row each) would make one line of data cost a build seconds. 20 dice of
// up to 100 faces cover every book with room to spare.
const (
	MaxDice  = 20
	MaxFaces = 100
)

// Validate reports whether e can be rolled.
func (e Expr) Validate() error {
	switch {
	case e.CountName != "" && !IsName(e.CountName):
		return fmt.Errorf("count %q: want a word starting with a capital letter, such as Rep", e.CountName)
	case e.ModName != "" && !IsName(e.ModName):
		return fmt.Errorf("modifier %q: want a word starting with a capital letter, such as Rep", e.ModName)
	case e.Count == 0 && e.CountName != "":
		// a named count not yet bound: checked again when bound
	case e.Count < 1 || e.Count > MaxDice:
		return fmt.Errorf("dice count %d out of range 1..%d", e.Count, MaxDice)
	}
	switch {
	case e.Faces < 2 || e.Faces > MaxFaces:
		return fmt.Errorf("dice with %d faces: want 2..%d faces", e.Faces, MaxFaces)
	case e.Keep < 0 || e.Count > 0 && e.Keep > e.Count:
		return fmt.Errorf("cannot keep %d of %d dice", e.Keep, e.Count)
	case e.Keep > MaxDice:
		// A named count is bound to at most MaxDice dice: more can
		// never be kept.
		return fmt.Errorf("cannot keep %d dice: at most %d are rolled", e.Keep, MaxDice)
	case e.Keep > 0 && e.KeepWhich == KeepAll:
		return errors.New("keep count given without lowest, highest or best")
	case e.Keep == 0 && e.KeepWhich != KeepAll:
		return errors.New("keep at least one die")
	case e.Half && (e.Count != 1 || e.Keep != 0):
		return errors.New("1/2 applies to a single die")
	case e.Half && e.Mode != ModeSum:
		return errors.New("1/2 die can only be read as rolled")
	case e.Half && e.CountName != "":
		return errors.New("1/2 applies to a single die, not a named count")
	case e.Half && e.hasMod():
		return errors.New("a halved die takes no modifier")
	case e.hasMod() && e.Mode != ModeSum:
		return errors.New("a modifier applies only to dice added together or read as rolled")
	}
	return nil
}

func (e Expr) hasMod() bool { return e.Mod != 0 || e.ModName != "" }

// IsName reports whether s can name a value supplied when dice are rolled:
// a word of ASCII letters starting with a capital, such as Rep or EAL.
func IsName(s string) bool {
	if s == "" || len(s) > 24 || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// modNotation is the modifier as notation writes it: "+3", "-1", "+Rep",
// or "".
func (e Expr) modNotation() string {
	switch {
	case e.ModName != "":
		return "+" + e.ModName
	case e.Mod > 0:
		return "+" + strconv.Itoa(e.Mod)
	case e.Mod < 0:
		return strconv.Itoa(e.Mod)
	}
	return ""
}

// Bind returns e with the values its names stand for taken from vars: the
// number of dice of a named count ("Rep d6" with Rep 4 rolls four dice) and
// the value of a named modifier ("1d6+Rep"). A name vars does not hold is an
// error; an expression without names is returned as it is.
func (e Expr) Bind(vars map[string]int) (Expr, error) {
	if e.CountName != "" {
		n, ok := vars[e.CountName]
		if !ok {
			return Expr{}, fmt.Errorf("%s: give a value for %s, the number of dice", e.Notation(), e.CountName)
		}
		if n < 1 || n > MaxDice {
			return Expr{}, fmt.Errorf("%s with %s %d: want 1..%d dice", e.Notation(), e.CountName, n, MaxDice)
		}
		e.Count = n
	}
	if e.ModName != "" {
		v, ok := vars[e.ModName]
		if !ok {
			return Expr{}, fmt.Errorf("%s: give a value for %s", e.Notation(), e.ModName)
		}
		e.Mod = v
	}
	if err := e.Validate(); err != nil {
		return Expr{}, fmt.Errorf("%s: %v", e.Notation(), err)
	}
	return e, nil
}

// Notation returns e in the notation Parse reads, such as "2d6", "3d6kl2",
// "1/2d6", "2d6+3", "1d6+Rep" or "Rep d6". Names are written as names, even
// once bound. Targets are not part of the notation.
func (e Expr) Notation() string {
	if e.Half {
		return "1/2d" + strconv.Itoa(e.Faces)
	}
	s := strconv.Itoa(e.Count) + "d" + strconv.Itoa(e.Faces)
	if e.CountName != "" {
		s = e.CountName + " d" + strconv.Itoa(e.Faces)
	}
	if e.Keep > 0 {
		s += map[Keep]string{KeepLowest: "kl", KeepHighest: "kh", KeepBest: "kb"}[e.KeepWhich] + strconv.Itoa(e.Keep)
	}
	return s + e.modNotation()
}

// Describe returns e in words for a table's caption, such as "3d6 counting
// the lowest two".
func (e Expr) Describe() string {
	if e.Half {
		return fmt.Sprintf("1/2d%d (1-2 = 1, 3-4 = 2, 5-6 = 3)", e.Faces)
	}
	s := fmt.Sprintf("%dd%d", e.Count, e.Faces)
	if e.CountName != "" {
		s = fmt.Sprintf("%s d%d", e.CountName, e.Faces)
	}
	if e.Keep > 0 {
		if e.Keep == 1 && e.Count == 2 && e.CountName == "" {
			word := map[Keep]string{KeepLowest: "lower", KeepHighest: "higher", KeepBest: "better"}[e.KeepWhich]
			s = "the " + word + " of " + s
		} else {
			word := map[Keep]string{KeepLowest: "lowest", KeepHighest: "highest", KeepBest: "best"}[e.KeepWhich]
			s += " counting the " + word + " " + numberWord(e.Keep)
		}
		if e.hasMod() {
			s += ", "
		}
	}
	return s + e.modNotation()
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
// "1/2dF" for a halved die. A count may be a name supplied when rolled
// ("Rep d6": a capitalised word, a space, then dF), and a sum may end in a
// modifier: "+N", "-N" or "+Name" ("2d6+3", "1d6+Rep"). The result reads
// in ModeSum; set Mode and Target for other readings.
func Parse(s string) (Expr, error) {
	orig := s
	s = strings.TrimSpace(s)
	var e Expr
	if name, rest, ok := strings.Cut(s, " "); ok && IsName(name) {
		e.CountName, s = name, strings.TrimSpace(rest)
		if s == "" || s[0] != 'd' && s[0] != 'D' {
			return Expr{}, fmt.Errorf("dice %q: write a named count as a word, a space and dF, such as Rep d6", orig)
		}
	}
	if d := strings.IndexAny(s, "dD"); d >= 0 {
		if i := strings.IndexAny(s[d:], "+-"); i >= 0 {
			sign, mod := s[d+i], strings.TrimSpace(s[d+i+1:])
			s = strings.TrimSpace(s[:d+i])
			switch n, err := atoi(mod); {
			case err == nil && sign == '-':
				e.Mod = -n
			case err == nil:
				e.Mod = n
			case IsName(mod) && sign == '+':
				e.ModName = mod
			default:
				return Expr{}, fmt.Errorf("dice %q: modifier %q: want +N, -N or +Name, such as +3 or +Rep", orig, string(sign)+mod)
			}
		}
	}
	s = strings.ToLower(s)
	if rest, ok := strings.CutPrefix(s, "1/2"); ok {
		e.Half = true
		s = rest
	}
	d := strings.IndexByte(s, 'd')
	if d < 0 {
		return Expr{}, fmt.Errorf("dice %q: want NdF, such as 2d6", orig)
	}
	if d == 0 {
		if e.CountName == "" {
			e.Count = 1
		}
	} else if e.CountName != "" {
		return Expr{}, fmt.Errorf("dice %q: give a number of dice or a name, not both", orig)
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

// Outcomes returns the least and greatest value a roll of e can read, its
// modifier included. For an expression with names, bind it first, or see
// Range.
func (e Expr) Outcomes() (lo, hi int) {
	lo, hi = e.outcomes()
	return lo + e.Mod, hi + e.Mod
}

// Range returns the values a roll of e can read whatever its names stand
// for: lo..hi, except that below (above) is true when there is no least
// (greatest) value. A named modifier leaves both ends open; a named count
// leaves the top open unless a fixed number of dice is kept.
func (e Expr) Range() (lo, hi int, below, above bool) {
	if e.CountName != "" && e.Count == 0 {
		b := e
		b.Count = max(1, e.Keep)
		lo, hi = b.Outcomes()
		above = e.Keep == 0
	} else {
		lo, hi = e.Outcomes()
	}
	if e.ModName != "" {
		below, above = true, true
	}
	return lo, hi, below, above
}

func (e Expr) outcomes() (lo, hi int) {
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
		r.Value += e.Mod
	}
	return r
}
