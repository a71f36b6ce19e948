package twopage

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// forceColumns are what Sortie prints of every figure.
var forceColumns = []string{"Die", "Rating", "Weapon", "Range", "Rate", "Reload", "Hand-to-hand"}

// Side is one side as rolled: its roster and its figures.
type Side struct {
	Player  bool         // the player's side; else the enemy
	List    *rules.Table // the side's roster (group army)
	Roll    *doc.Roll    // the Sides roll that picked it; nil when chosen
	Rerolls []*doc.Roll  // enemy rolls that gave the player's side again
	Figures []Figure
}

// Figure is one figure, ready for play.
type Figure struct {
	Name     string     // the roster key, numbered when its row has more than one
	Row      *rules.Row // its roster row
	Die      string     // d6 (a civilian), d8, d10 or d12
	Rating   string     // Recruit, Veteran, Hero; Civilian
	Roll     *doc.Roll  // the Ability roll; nil for a civilian
	Traits   []string   // as the roster names them
	Civilian bool
	Mounted  bool

	Weapon  *rules.Row // its Missile Weapons Table row; nil for hand weapons only
	Range   int        // inches
	Rate    int        // shots a phase
	Reload  string     // ReloadEvery, ReloadNever or ReloadLow; "" without a weapon
	Gatling bool       // one of a Gatling gun's crew of two

	H2H   int      // its hand-to-hand modifier from its traits
	H2HOf []string // the modifiers that make it up, in the book's order
}

// NoWeapon is the weapon of a figure without a missile weapon, the same
// on its roster row and its action card.
const NoWeapon = "none (hand weapons only)"

// WeaponName returns the weapon's name, or NoWeapon.
func (f Figure) WeaponName() string {
	if f.Weapon == nil {
		return NoWeapon
	}
	return f.Weapon.Key
}

// reloadWords says in short words when the weapon needs loading again,
// under the roster's Reload heading: the book's own words for the
// common case ("every shot"), so that the column stays narrow and the
// weapon and hand-to-hand beside it keep to one line.
func reloadWords(kind string) string {
	switch kind {
	case ReloadEvery:
		return "every shot"
	case ReloadNever:
		return "never: loads as it fires"
	case ReloadLow:
		return "on a 1-2 to hit"
	}
	return ""
}

// H2HText prints the hand-to-hand modifier: "+2 (swordsman, officer)".
func (f Figure) H2HText() string {
	if f.H2H == 0 {
		return "+0"
	}
	var named []string
	for _, t := range f.Traits {
		if traits[t] != "" {
			named = append(named, t)
		}
	}
	return fmt.Sprintf("+%d (%s)", f.H2H, strings.Join(named, ", "))
}

// Move is how far the figure moves on a Move action.
func (f Figure) Move() int {
	switch {
	case f.Gatling:
		return 6
	case f.Mounted:
		return 12
	}
	return 9
}

// side rolls a side's figures from its roster: a 1d6 on Ability for each
// figure not a civilian, each from its own stream.
func (s *System) side(r *dice.Roller, list *rules.Table) ([]Figure, error) {
	var out []Figure
	n := 0
	for i := range list.Rows {
		row := &list.Rows[i]
		count := list.Cell(row, "Count").Int
		ts, err := parseTraits(list.Cell(row, "Traits").Text)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", row.Pos, err)
		}
		for k := 1; k <= count; k++ {
			n++
			f := Figure{Name: row.Key, Row: row, Traits: ts}
			if count > 1 {
				f.Name += " " + strconv.Itoa(k)
			}
			for _, t := range ts {
				f.Civilian = f.Civilian || t == "civilian"
				f.Mounted = f.Mounted || t == "mounted"
			}
			seen := map[string]bool{}
			for _, t := range ts {
				if m := traits[t]; m != "" && !seen[m] {
					seen[m] = true
					f.H2H++
					f.H2HOf = append(f.H2HOf, m)
				}
			}
			if w := s.weapons.Named(plain(list.Cell(row, "Weapon").Text)); w != nil {
				f.Weapon = w
				f.Range = s.weapons.Cell(w, "Range").Int
				f.Rate = s.weapons.Cell(w, "Rate").Int
				f.Reload = plain(s.weapons.Cell(w, "Reload").Text)
				f.Gatling = w.Key == Gatling
			}
			if f.Civilian {
				f.Die, f.Rating = "d6", "Civilian"
			} else {
				res, err := s.ability.Roll(r.Stream("figure", strconv.Itoa(n)), 0)
				if err != nil {
					return nil, err
				}
				f.Die = strings.TrimSpace(res.Cell("Die").Text)
				f.Rating = plain(res.Cell("Rating").Text)
				f.Roll = &doc.Roll{Label: s.ability.Title, Dice: res.Roll, Row: res.Row.Key, Result: f.Die + " " + strings.ToLower(f.Rating)}
			}
			out = append(out, f)
		}
	}
	return out, nil
}

// maxRerolls bounds re-rolling the enemy's side off the player's.
const maxRerolls = 1000

// pick returns the side chosen, or rolls one on Sides, re-rolling any that
// is not. A roll is nil for a chosen side.
func (s *System) pick(r *dice.Roller, chosen, not string) (*rules.Table, *doc.Roll, []*doc.Roll, error) {
	if chosen != "" && chosen != Rolled {
		return s.lists[chosen], nil, nil, nil
	}
	var rerolls []*doc.Roll
	for range maxRerolls {
		res, err := s.sides.Roll(r, 0)
		if err != nil {
			return nil, nil, nil, err
		}
		id := res.Cell("List").Text
		ro := &doc.Roll{Label: s.sides.Title, Dice: res.Roll, Row: res.Row.Key, Result: plain(res.Cell("Side").Text)}
		if id != not {
			return s.lists[id], ro, rerolls, nil
		}
		rerolls = append(rerolls, ro)
	}
	return nil, nil, nil, fmt.Errorf("no side other than %s in %d rolls on %s", not, maxRerolls, s.sides.ID)
}

// Force returns a side as a Force: a row for each figure with its die,
// weapon and hand-to-hand modifier; the Ability roll shows in the Rolled
// column.
func (sd *Side) Force() *engine.Force {
	who := "The enemy"
	if sd.Player {
		who = "Your side"
	}
	f := &engine.Force{Title: who + ": " + sd.List.Title, Columns: forceColumns, Own: sd}
	for _, fig := range sd.Figures {
		rng, rate, reload := "-", "-", "-"
		if fig.Weapon != nil {
			rng, rate, reload = strconv.Itoa(fig.Range)+`"`, strconv.Itoa(fig.Rate), reloadWords(fig.Reload)
		}
		ef := engine.Figure{Name: fig.Name, Attrs: []string{fig.Die, fig.Rating, fig.WeaponName(), rng, rate, reload, fig.H2HText()}, Roll: fig.Roll}
		switch {
		case fig.Civilian:
			ef.Note = "civilian: not rolled, uses a d6"
		case fig.Gatling:
			ef.Note = "one of the gun's crew of two"
		}
		if fig.Mounted {
			ef.Note = strings.TrimSpace(ef.Note + " (mounted: moves 12\")")
		}
		f.Figures = append(f.Figures, ef)
	}
	// The rolls in the order they were made: a roll that gave the
	// player's side again, then the one that stood.
	for _, ro := range sd.Rerolls {
		f.Notes = append(f.Notes, &doc.Para{Note: true, Text: "The same side as yours, rolled again: " + ro.Text()})
	}
	if sd.Roll != nil {
		f.Notes = append(f.Notes, sd.Roll)
	} else {
		f.Notes = append(f.Notes, &doc.Para{Note: true, Text: "Chosen, not rolled."})
	}
	for _, n := range sd.List.Notes {
		f.Notes = append(f.Notes, &doc.Para{Note: true, Text: n})
	}
	return f
}

// dieNote says, once for both sides' rosters, how a figure's die is
// rolled and what its hand-to-hand figure leaves out.
const dieNote = "Both sides: each figure's die is rolled once, 1d6 on Ability, before the game (civilians use a d6). Hand-to-hand counts only the figure's own traits; add +1 for higher ground, +1 defending a low wall or barricade, +2 a raised wall or building, as they arise (QRS)."
