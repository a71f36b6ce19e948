// Package twopage is the Two-Page Skirmish Rules (no author or publisher
// named): the procedures that ready a skirmish before play. The book has
// a die for each figure and an action card it turns, but no forces,
// battlefield or scenario, so Sortie rolls two sides from rosters of its
// own (tables in group army), each figure's ability die on the book's
// Ability table, its weapon's range, rate and reload from the Missile
// Weapons Table and its hand-to-hand modifiers; it prints an action card
// for each figure, a turn track of pre-rolled phase dice, and a 36" table
// laid out section by section on tables of Sortie's own. The numbers live
// in content/systems/two-page-skirmish; this package holds the procedures
// and the decisions Sortie took where the book is silent.
package twopage

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// ID is the system's stable id.
const ID = "two-page-skirmish"

// Turns is how many turns the turn track pre-rolls.
const Turns = 12

// MaxCount is the most figures one roster row may give.
const MaxCount = 20

// Own is the label every block of Sortie's own making carries.
const Own = "Sortie's own procedure, not the book's"

// System is the Two-Page Skirmish Rules over their data.
type System struct {
	set *rules.Set

	ability, phase, weapons, sides, terrain, stream *rules.Table
	lists                                           map[string]*rules.Table // group army, by id
	order                                           []string                // list ids in file order
}

var (
	_ engine.Encounterer   = (*System)(nil)
	_ engine.OptionChecker = (*System)(nil)
	_ engine.EnemySourcer  = (*System)(nil)
)

// Traits a roster row may name, and the hand-to-hand modifier each
// belongs to (the book's: swordsman or native warrior; officer or leader;
// mounted). A civilian has none: it is not rolled for.
var traits = map[string]string{
	"swordsman": "swordsman or native warrior",
	"native":    "swordsman or native warrior",
	"officer":   "officer or leader",
	"leader":    "officer or leader",
	"mounted":   "mounted",
	"civilian":  "",
}

// traitNames lists the traits in the order errors name them.
var traitNames = []string{"swordsman", "native", "officer", "leader", "mounted", "civilian"}

// Reload kinds, as the Missile Weapons Table's Reload column prints them.
const (
	ReloadEvery = "every shot" // empty after each shot
	ReloadNever = "never"      // loading is part of firing
	ReloadLow   = "1-2"        // empty on a 1 or 2 to hit
)

// Gatling is the Missile Weapons Table's row for the gun with a crew of
// two, no Move & Fire and a 6" move after which it must load.
const Gatling = "Gatling gun"

// kinds are the battlefield-terrain kinds the engine draws.
var kinds = []string{"open", "rough", "hills", "woods", "buildings", "walls"}

// New checks that set holds every table the procedures read, with the
// columns they read, and every side's rows, and returns the system.
func New(set *rules.Set) (*System, error) {
	s := &System{set: set, lists: map[string]*rules.Table{}}
	c := rules.Checker{Set: set}
	s.ability = c.Table("ability", rules.ReadAsRolled, "Die", "Rating")
	s.phase = c.Table("phase-die", rules.ReadAsRolled, "Phases")
	s.weapons = c.Table("missile-weapons", rules.ReadLookup, "Range", "Rate", "Reload")
	s.sides = c.Table("sides", rules.ReadAsRolled, "Side", "List")
	s.terrain = c.Table("battlefield-terrain", rules.ReadAsRolled, "Terrain", "Kind", "Count")
	s.stream = c.Table("battlefield-stream", rules.ReadAsRolled, "Stream", "Through")
	sys := set.System
	if sys.BoardW == 0 || sys.SectionCols != 3 || sys.SectionRows != 3 || set.Encounter("skirmish") == nil {
		c.Errorf(sys.Pos, "system %s needs board, sections 3x3 and an encounter skirmish", ID)
	}
	if len(c.Errs) > 0 {
		return nil, c.Err()
	}
	for _, r := range s.ability.Rows {
		if d := s.ability.Cell(&r, "Die").Text; dieFaces(d) == 0 {
			c.Errorf(r.Pos, "ability %s: die %q, want d8, d10 or d12", r.Key, d)
		}
	}
	for _, r := range s.phase.Rows {
		if n := s.phase.Cell(&r, "Phases").Int; n < 1 || n > 4 {
			c.Errorf(r.Pos, "phase-die %s: %d phases, want 1 to 4", r.Key, n)
		}
	}
	for _, r := range s.weapons.Rows {
		if rl := plain(s.weapons.Cell(&r, "Reload").Text); !slices.Contains([]string{ReloadEvery, ReloadNever, ReloadLow}, rl) {
			c.Errorf(r.Pos, "missile-weapons %s: reload %q, want %q, %q or %q", r.Key, rl, ReloadEvery, ReloadNever, ReloadLow)
		}
	}
	for _, t := range set.Group("army") {
		s.checkList(&c, t)
	}
	if len(s.order) == 0 {
		c.Errorf(sys.Pos, "system %s needs at least one table in group army (a side)", ID)
	}
	for _, r := range s.sides.Rows {
		if id := s.sides.Cell(&r, "List").Text; s.lists[id] == nil {
			c.Errorf(r.Pos, "sides %s: %q is not a table in group army", r.Key, id)
		}
	}
	for _, r := range s.terrain.Rows {
		k := s.terrain.Cell(&r, "Kind").Text
		if !slices.Contains(kinds, k) {
			c.Errorf(r.Pos, "battlefield-terrain %s: kind %q, want one of %s", r.Key, k, strings.Join(kinds, ", "))
		}
		if n := s.terrain.Cell(&r, "Count").Int; (k == "buildings") != (n > 0) || n > 4 {
			c.Errorf(r.Pos, "battlefield-terrain %s: count %d, want 1 to 4 buildings for kind buildings and 0 for any other", r.Key, n)
		}
	}
	for _, r := range s.stream.Rows {
		if _, err := through(s.stream.Cell(&r, "Through").Text); err != nil {
			c.Errorf(r.Pos, "battlefield-stream %s: %v", r.Key, err)
		}
	}
	if len(c.Errs) > 0 {
		return nil, c.Err()
	}
	return s, nil
}

// checkList checks one side's roster: lookup rows of Count, Weapon and
// Traits, each weapon a row of the Missile Weapons Table or none, each
// trait a known one, and a Gatling gun's crew counted in twos.
func (s *System) checkList(c *rules.Checker, t *rules.Table) {
	n := len(c.Errs)
	if t.Read != rules.ReadLookup {
		c.Errorf(t.Pos, "side %s is read %s, want lookup (a row for each kind of figure)", t.ID, t.Read)
	}
	c.Columns(t, "Count", "Weapon", "Traits")
	if len(c.Errs) > n {
		return
	}
	if len(t.Rows) == 0 {
		c.Errorf(t.Pos, "side %s has no figures", t.ID)
	}
	for _, r := range t.Rows {
		cnt := t.Cell(&r, "Count")
		if cnt.NA || cnt.Int < 1 || cnt.Int > MaxCount {
			c.Errorf(r.Pos, "side %s, %s: count %q, want 1 to %d", t.ID, r.Key, cnt.Text, MaxCount)
		}
		w := plain(t.Cell(&r, "Weapon").Text)
		if w != "none" && s.weapons.Named(w) == nil {
			var names []string
			for _, wr := range s.weapons.Rows {
				names = append(names, wr.Key)
			}
			c.Errorf(r.Pos, "side %s, %s: weapon %q is no row of the Missile Weapons Table (want none or one of %s)", t.ID, r.Key, w, strings.Join(names, "; "))
		}
		if wr := s.weapons.Named(w); wr != nil && wr.Key == Gatling && cnt.Int%2 != 0 {
			c.Errorf(r.Pos, "side %s, %s: a Gatling gun has a crew of two, so count %d should be even (two figures a gun)", t.ID, r.Key, cnt.Int)
		}
		if _, err := parseTraits(t.Cell(&r, "Traits").Text); err != nil {
			c.Errorf(r.Pos, "side %s, %s: %v", t.ID, r.Key, err)
		}
	}
	if len(c.Errs) == n {
		s.lists[t.ID] = t
		s.order = append(s.order, t.ID)
	}
}

// parseTraits reads a Traits cell: known traits separated by commas, or
// "-" (or nothing) for none.
func parseTraits(cell string) ([]string, error) {
	cell = strings.TrimSpace(plain(cell))
	if cell == "" || cell == "-" {
		return nil, nil
	}
	var out []string
	for _, p := range strings.Split(cell, ",") {
		p = strings.ToLower(strings.TrimSpace(p))
		if p == "native warrior" {
			p = "native"
		}
		if _, ok := traits[p]; !ok {
			return nil, fmt.Errorf("trait %q, want any of %s separated by commas, or -", p, strings.Join(traitNames, ", "))
		}
		if slices.Contains(out, p) {
			return nil, fmt.Errorf("trait %q twice", p)
		}
		out = append(out, p)
	}
	return out, nil
}

// through reads a battlefield-stream Through cell: section numbers 1 to 9
// in order, at least two, or "-" for no stream.
func through(cell string) ([]int, error) {
	cell = strings.TrimSpace(cell)
	if cell == "-" || cell == "" {
		return nil, nil
	}
	var out []int
	for _, f := range strings.Fields(cell) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 || n > 9 {
			return nil, fmt.Errorf("section %q, want section numbers 1 to 9 separated by spaces, or -", f)
		}
		out = append(out, n)
	}
	if len(out) < 2 {
		return nil, fmt.Errorf("a stream through %q: want two sections or more, or -", cell)
	}
	return out, nil
}

// dieFaces returns the faces of a die written "d10", or 0.
func dieFaces(d string) int {
	n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(d), "d"))
	if err != nil || !strings.HasPrefix(strings.TrimSpace(d), "d") || (n != 8 && n != 10 && n != 12) {
		return 0
	}
	return n
}

// Rules returns the system's data.
func (s *System) Rules() *rules.Set { return s.set }

// footnote matches a footnote marker in a cell: "never [^1]".
var footnote = regexp.MustCompile(`\s*\[\^\d+\]`)

// plain returns a cell's text without footnote markers.
func plain(s string) string { return strings.TrimSpace(footnote.ReplaceAllString(s, "")) }

// EnemySources returns the sides (tables in group army), in file order.
func (s *System) EnemySources() []string { return append([]string{Rolled}, s.order...) }

// Rolled is the option value that asks for a side to be rolled on the
// Sides table, as leaving the option out does.
const Rolled = "rolled"

// CheckOptions checks both sides' names; the book has no Star and a side's
// size is its roster's, so star-rep and band are refused.
func (s *System) CheckOptions(opt engine.Options) error {
	if opt.StarRep != 0 {
		return &engine.OptionError{Option: "star-rep", Err: fmt.Errorf("star-rep %d: the Two-Page Skirmish Rules have no Star; every figure rolls its own die", opt.StarRep)}
	}
	if opt.BandSize != 0 {
		return &engine.OptionError{Option: "band", Err: fmt.Errorf("band %d: a side's size is its roster's; edit the side's table to change it", opt.BandSize)}
	}
	for _, o := range []struct{ name, id string }{{"recruits", opt.Recruits}, {"enemies", opt.Enemies}} {
		if o.id != "" && o.id != Rolled && s.lists[o.id] == nil {
			return &engine.OptionError{Option: o.name, Err: fmt.Errorf("unknown side %q (want %s)", o.id, strings.Join(s.EnemySources(), ", "))}
		}
	}
	return nil
}
