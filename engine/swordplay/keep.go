package swordplay

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine"
)

var _ engine.Keeper = (*System)(nil)

// The keys of a member of the player's campaign file: the band's columns
// in lower case, then what Stay or Go (page 27) carries over from month
// to month for a Grunt.
const (
	KeyClass  = "class"
	KeyRep    = "rep"
	KeyArmor  = "armor"
	KeyWeapon = "weapon"
	// KeyMonths is how many months in a row the Grunt has been in the
	// band, this month's Encounter not yet counted: every 3 give you
	// +1d6 at its Stay or Go.
	KeyMonths = "months"
	// KeyPoisoned is "yes" when a Grunt who left after the last
	// Encounter poisoned this one's mind: -1d6 for you at its next test.
	KeyPoisoned = "poisoned"
	// KeySkips is "yes" when the Grunt skips its next Stay or Go (you
	// scored twice as many successes as it did).
	KeySkips = "skips"
)

// starKeys and gruntKeys are the keys a Star and a Grunt must have, in
// the order Members writes them.
var (
	starKeys  = []string{KeyClass, KeyRep, KeyArmor, KeyWeapon}
	gruntKeys = []string{KeyClass, KeyRep, KeyArmor, KeyWeapon, KeyMonths, KeyPoisoned, KeySkips}
)

// Reps a figure of the player's file may have. The book's figures are
// Rep 3 to 5 (page 6), but its own steps lower a Rep: a Grunt that ran
// away comes back 1 lower, a Star who cheated death too. Sortie takes
// Reps down to 1.
const (
	MinRep = 1
	MaxRep = 5
)

// MaxGrunts is the most Grunts a band's file may hold: a Star recruits
// one per point of Rep (page 8), and no Star has more than 5.
const MaxGrunts = MaxRep

// Members returns the band as the player's file holds it: each figure by
// its name, the Star first, with its Class, Rep, armor and weapon, and a
// Grunt's months in the band and its Stay or Go marks.
func (s *System) Members(band *engine.Force) []engine.Member {
	b, err := s.band(band)
	if err != nil {
		return nil
	}
	ms := make([]engine.Member, len(b.Figures))
	for i, f := range b.Figures {
		m := engine.Member{Name: f.Name, Star: f.Star, Attrs: []engine.Attr{
			{Key: KeyClass, Value: f.Class},
			{Key: KeyRep, Value: strconv.Itoa(f.Rep)},
			{Key: KeyArmor, Value: f.armor()},
			{Key: KeyWeapon, Value: f.Weapon},
		}}
		if !f.Star {
			m.Attrs = append(m.Attrs,
				engine.Attr{Key: KeyMonths, Value: strconv.Itoa(f.Months)},
				engine.Attr{Key: KeyPoisoned, Value: yesNo(f.Poisoned)},
				engine.Attr{Key: KeySkips, Value: yesNo(f.Skips)},
			)
		}
		ms[i] = m
	}
	return ms
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// Restore raises the band from the player's file, as Band raises it: the
// Star first, every Grunt with the Reaction Tests of its Class. A figure
// the file gets wrong is an *engine.MemberError naming it and its key.
func (s *System) Restore(members []engine.Member, opt engine.Options) (*engine.Force, error) {
	if len(members) == 0 {
		return nil, &engine.MemberError{Index: 0, Err: errors.New("no figures: a band is its Star and its Grunts")}
	}
	if n := len(members) - 1; n > MaxGrunts {
		return nil, &engine.MemberError{Index: MaxGrunts + 1, Err: fmt.Errorf("%d Grunts: a Star recruits one per point of its Rep, so %d at most", n, MaxGrunts)}
	}
	b := &Band{List: s.recruits(opt)}
	for i, m := range members {
		if m.Star && i > 0 {
			if members[0].Star {
				return nil, &engine.MemberError{Index: i, Field: "star", Err: fmt.Errorf("a second Star (%s is the first): a band has one", members[0].Name)}
			}
			return nil, &engine.MemberError{Index: i, Field: "star", Err: errors.New("the Star comes first in the band: its place is 1")}
		}
		if i == 0 && !m.Star {
			return nil, &engine.MemberError{Index: 0, Field: "star", Err: errors.New("the first figure is not the Star: write star: true on your Star, first in the band")}
		}
		f, err := s.figure(m)
		if err != nil {
			var me *engine.MemberError
			if errors.As(err, &me) {
				me.Index = i
			}
			return nil, err
		}
		b.Figures = append(b.Figures, f)
	}
	b.StarRep = b.Figures[0].Rep
	return b.force(), nil
}

// figure reads one member (its Index is set by the caller).
func (s *System) figure(m engine.Member) (Figure, error) {
	bad := func(key, format string, a ...any) error {
		return &engine.MemberError{Field: key, Err: fmt.Errorf(format, a...)}
	}
	want := gruntKeys
	if m.Star {
		want = starKeys
	}
	for _, a := range m.Attrs {
		if !slices.Contains(want, a.Key) {
			who := "a Grunt"
			if m.Star {
				who = "the Star"
			}
			return Figure{}, bad(a.Key, "unknown key %q on %s: %s has %s", a.Key, m.Name, who, strings.Join(want, ", "))
		}
	}
	v := map[string]string{}
	for _, k := range want {
		x, ok := m.Get(k)
		if !ok {
			return Figure{}, bad(k, "%s has no %s: a figure of the band has %s", m.Name, k, strings.Join(want, ", "))
		}
		v[k] = strings.TrimSpace(x)
	}
	f := Figure{Name: m.Name, Type: m.Name, Star: m.Star}
	class, ok := s.class(v[KeyClass])
	switch {
	case ok:
		f.Class, f.Reactions = class, s.classes[class]
	case m.Star && strings.EqualFold(v[KeyClass], YourChoice):
		f.Class = YourChoice
	default:
		return Figure{}, bad(KeyClass, "unknown Class %q for %s: want %s (page 5)", v[KeyClass], m.Name, s.classList(m.Star))
	}
	rep, err := strconv.Atoi(v[KeyRep])
	if err != nil || rep < MinRep || rep > MaxRep {
		return Figure{}, bad(KeyRep, "Rep %q for %s: want %d to %d (the book's Reps are 3 to 5; running away and cheating death can leave a figure lower, so Sortie takes down to %d)", v[KeyRep], m.Name, MinRep, MaxRep, MinRep)
	}
	f.Rep = rep
	if f.AC, f.Shield, ok = parseArmor(v[KeyArmor]); !ok {
		return Figure{}, bad(KeyArmor, "armor %q for %s: want AC 2, AC 4 or AC 6 (page 6), with \" + Shield\" if it carries one", v[KeyArmor], m.Name)
	}
	f.Weapon = v[KeyWeapon]
	if !(m.Star && strings.EqualFold(f.Weapon, YourChoice)) && !s.knownWeapon(f.Weapon) {
		return Figure{}, bad(KeyWeapon, "weapon %q for %s: name a weapon the book has: a melee weapon marked (1HW) or (2HW), Unarmed, Improvised, or a ranged weapon (%s)", f.Weapon, m.Name, strings.Join(s.rangedWeapons(), ", "))
	}
	if m.Star {
		if strings.EqualFold(f.Weapon, YourChoice) {
			f.Weapon = YourChoice
		}
		return f, nil
	}
	n, err := strconv.Atoi(v[KeyMonths])
	if err != nil || n < 0 {
		return Figure{}, bad(KeyMonths, "months %q for %s: want the months in a row it has been in the band, 0 or more", v[KeyMonths], m.Name)
	}
	f.Months = n
	for _, k := range []string{KeyPoisoned, KeySkips} {
		if v[k] != "yes" && v[k] != "no" {
			return Figure{}, bad(k, "%s %q for %s: want yes or no", k, v[k], m.Name)
		}
	}
	f.Poisoned, f.Skips = v[KeyPoisoned] == "yes", v[KeySkips] == "yes"
	return f, nil
}

// class returns the Class named (in any case) and whether there is one.
func (s *System) class(name string) (string, bool) {
	for c := range s.classes {
		if strings.EqualFold(c, name) {
			return c, true
		}
	}
	return "", false
}

func (s *System) classList(star bool) string {
	cs := slices.Sorted(maps.Keys(s.classes))
	if star {
		cs = append(cs, YourChoice)
	}
	return strings.Join(cs, ", ")
}

// parseArmor reads "AC 4" or "AC 4 + Shield".
func parseArmor(s string) (ac int, shield bool, ok bool) {
	s, shield = strings.CutSuffix(s, " + Shield")
	n, found := strings.CutPrefix(s, "AC ")
	ac, err := strconv.Atoi(n)
	if !found || err != nil || (ac != 2 && ac != 4 && ac != 6) {
		return 0, false, false
	}
	return ac, shield, true
}

// knownWeapon reports whether w names a weapon of the book: a melee
// weapon by its class (page 20), or a ranged weapon (page 17).
func (s *System) knownWeapon(w string) bool {
	for _, k := range append([]string{"1HW", "2HW", "Unarmed", "Improvised"}, s.rangedWeapons()...) {
		if strings.Contains(strings.ToLower(w), strings.ToLower(k)) {
			return true
		}
	}
	return false
}

func (s *System) rangedWeapons() []string {
	t := s.set.Table("ranged-weapons")
	var ws []string
	for _, r := range t.Rows {
		ws = append(ws, r.Key)
	}
	return ws
}
