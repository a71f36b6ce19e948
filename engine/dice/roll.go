package dice

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Roll is one roll and its trace: the dice as they fell, the dice kept, and
// the value read from them.
type Roll struct {
	Expr  Expr
	Dice  []int // as rolled, in order
	Kept  []int // the kept dice, lowest first; nil when all were kept
	Value int   // the sum, the dice passed, the successes, or the halved die
}

// String returns the roll as a player checks it: "2d6 = 3 + 6 = 9",
// "2d6 vs 4 = 3, 6: 1 passed", "3d6 lowest two vs 4 = 5, 2, 6 → 2, 5: 1
// passed", "1/2d6 = 5 → 3", "1d6+Rep = 5 + 4 = 9", "4d6 (Rep 4) for 1-3 =
// 1, 4, 3, 2: 3 successes".
func (r Roll) String() string {
	e := r.Expr
	var b strings.Builder
	dice := strconv.Itoa(e.Count) + "d" + strconv.Itoa(e.Faces)
	switch {
	case e.Half:
		b.WriteString(e.Notation())
	case e.Keep > 0 && e.Keep == 1 && e.Count == 2:
		b.WriteString(map[Keep]string{KeepLowest: "lower", KeepHighest: "higher", KeepBest: "better"}[e.KeepWhich] + " of " + dice)
	default:
		b.WriteString(dice)
	}
	if e.CountName != "" {
		b.WriteString(" (" + e.CountName + " " + strconv.Itoa(e.Count) + ")")
	}
	if e.Keep > 0 && !(e.Keep == 1 && e.Count == 2) {
		b.WriteString(map[Keep]string{KeepLowest: " lowest ", KeepHighest: " highest ", KeepBest: " best "}[e.KeepWhich] + numberWord(e.Keep))
	}
	if m := e.modNotation(); m != "" {
		if e.Keep > 0 || e.CountName != "" {
			b.WriteString(", ") // "3d6 lowest two, +1": the modifier comes after
		}
		b.WriteString(m)
	}
	switch e.Mode {
	case ModePass:
		b.WriteString(" vs " + strconv.Itoa(e.Target))
		if e.SixFails && e.Target >= 6 {
			b.WriteString(", 6 fails")
		}
	case ModeSuccess:
		b.WriteString(" for 1-3")
	}
	b.WriteString(" = ")
	sep := ", "
	if e.Mode == ModeSum && e.Keep == 0 {
		sep = " + "
	}
	b.WriteString(join(r.Dice, sep))
	switch {
	case e.Half:
		b.WriteString(" → " + strconv.Itoa(r.Value))
		return b.String()
	case e.Keep > 0 && e.Mode == ModeSum:
		b.WriteString(" → " + join(r.Kept, " + ") + e.modTerm())
		if len(r.Kept) > 1 || e.hasMod() {
			b.WriteString(" = " + strconv.Itoa(r.Value))
		}
		return b.String()
	case e.Keep > 0:
		b.WriteString(" → " + join(r.Kept, ", "))
	case e.Mode == ModeSum && (len(r.Dice) > 1 || e.hasMod()):
		b.WriteString(e.modTerm() + " = " + strconv.Itoa(r.Value))
	}
	switch e.Mode {
	case ModePass:
		b.WriteString(": " + strconv.Itoa(r.Value) + " passed")
	case ModeSuccess:
		b.WriteString(": " + strconv.Itoa(r.Value))
		if r.Value == 1 {
			b.WriteString(" success")
		} else {
			b.WriteString(" successes")
		}
	}
	return b.String()
}

// modTerm is e's modifier as it is added in a roll's text: " + 3",
// " - 1", or "" without one.
func (e Expr) modTerm() string {
	switch {
	case !e.hasMod():
		return ""
	case e.Mod < 0:
		return " - " + strconv.Itoa(-e.Mod)
	}
	return " + " + strconv.Itoa(e.Mod)
}

func join(ds []int, sep string) string {
	s := make([]string, len(ds))
	for i, d := range ds {
		s[i] = strconv.Itoa(d)
	}
	return strings.Join(s, sep)
}

// rollJSON is the documented JSON form of a roll (docs/json.md).
type rollJSON struct {
	Dice         string `json:"dice"`
	CountName    string `json:"countName,omitempty"`
	Modifier     *int   `json:"modifier,omitempty"`
	ModifierName string `json:"modifierName,omitempty"`
	Read         string `json:"read"`
	Target       int    `json:"target,omitempty"`
	SixFails     bool   `json:"sixFails,omitempty"`
	Rolled       []int  `json:"rolled"`
	Kept         []int  `json:"kept,omitempty"`
	Value        int    `json:"value"`
	Text         string `json:"text"`
}

// MarshalJSON writes the roll in the form docs/json.md documents.
func (r Roll) MarshalJSON() ([]byte, error) {
	var mod *int
	if r.Expr.hasMod() {
		mod = &r.Expr.Mod
	}
	return json.Marshal(rollJSON{
		Dice:         r.Expr.Notation(),
		CountName:    r.Expr.CountName,
		Modifier:     mod,
		ModifierName: r.Expr.ModName,
		Read:         r.Expr.Mode.String(),
		Target:       r.Expr.Target,
		SixFails:     r.Expr.SixFails,
		Rolled:       r.Dice,
		Kept:         r.Kept,
		Value:        r.Value,
		Text:         r.String(),
	})
}

// String names the mode as data files and JSON write it.
func (m Mode) String() string {
	switch m {
	case ModePass:
		return "pass"
	case ModeSuccess:
		return "success"
	default:
		return "sum"
	}
}
