// Package swordplay is the Swordplay rule system (Two Hour Wargames,
// 2012): the procedures that recruit a band from an army list, lay out the
// 3'x3' table section by section, place and pre-resolve the PEFs in the
// order they are met at the Encounter's Enemy Activity Level (EAL), roll
// how many enemies each contact brings, and lead a campaign from month to
// month with the EAL going up and down. The numbers live in
// content/systems/swordplay; this package holds only the book's
// procedures and the decisions Sortie took where the book is silent.
package swordplay

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// ID is the system's stable id.
const ID = "swordplay"

// PEFs is how many PEFs an Encounter places (page 30).
const PEFs = 3

// Spare is how many more PEF resolutions Sortie pre-rolls, for a PEF that
// splits on PEF Movement (page 31) and must be resolved too. A split needs
// a lone PEF and a roll of 1-2 (or 1), so a second split is rare; past the
// spare, the player rolls on PEF Resolution.
const Spare = 1

// MaxEAL and MinEAL bound the Enemy Activity Level (page 28; the bottom is
// Sortie's decision: PEF Resolution has no column below 1).
const (
	MinEAL = 1
	MaxEAL = 5
)

// System is Swordplay over its data.
type System struct {
	set *rules.Set

	terrain, buildings, eal, raidBuildings, timeOfDay *rules.Table
	placement, entry, resolution, results, howMany    *rules.Table
	next, recruiting                                  *rules.Table
	recovery, stayOrGo                                *rules.Table
	armies                                            []*rules.Table
	// classes are the five Classes (page 5) by name, each with the
	// Reaction Tests it takes: the army lists' own, and Peasants'.
	classes map[string]string
}

var (
	_ engine.Recruiter     = (*System)(nil)
	_ engine.Encounterer   = (*System)(nil)
	_ engine.Campaigner    = (*System)(nil)
	_ engine.OptionChecker = (*System)(nil)
	_ engine.EnemySourcer  = (*System)(nil)
)

// New checks that set holds every table the procedures read, with the
// columns they read, and returns the system.
func New(set *rules.Set) (*System, error) {
	s := &System{set: set}
	c := rules.Checker{Set: set}
	s.terrain = c.Table("terrain-generator", rules.ReadSum, "Terrain", "Buildings")
	s.buildings = c.Table("buildings", rules.ReadAsRolled, "Buildings")
	s.eal = c.Table("enemy-activity-level", rules.ReadAsRolled, "EAL")
	s.raidBuildings = c.Table("raid-buildings", rules.ReadAsRolled, "Buildings")
	s.timeOfDay = c.Table("time-of-day", rules.ReadAsRolled, "Time")
	s.placement = c.Table("pef-placement", rules.ReadAsRolled, "Section")
	s.entry = c.Table("pef-entry-raid-defend", rules.ReadAsRolled, "Section")
	s.resolution = c.Table("pef-resolution", rules.ReadAsRolled)
	s.results = c.Table("pef-results", rules.ReadLookup, "Name", "What happens", "Outcome")
	s.howMany = c.Table("how-many-grunts", rules.ReadSum, "Enemies", "Base", "Plus", "Minimum", "Minimum more")
	s.next = c.Table("next-encounter", rules.ReadLookup, "Success", "EAL on success", "Failure", "EAL on failure")
	s.recruiting = c.Table("recruiting", rules.ReadLookup, "List")
	c.Table("pef-movement", rules.ReadPass, "Result")
	s.recovery = c.Table("after-the-battle-recovery", rules.ReadPass, "Result")
	s.stayOrGo = c.Table("stay-or-go", rules.ReadOpposedSuccesses, "Star", "Grunt")
	c.Table("ranged-weapons", rules.ReadLookup)
	c.Table(peasantReactions, rules.ReadPass)
	for _, t := range set.Group("army") {
		c.Columns(t, figureCols...)
		c.Ints(t, "Rep", 1, 10, nil)
		c.Ints(t, "Armor", 1, 10, nil)
		if t.Read != rules.ReadSum && t.Read != rules.ReadAsRolled {
			c.Errs = append(c.Errs, fmt.Errorf("%s: army list %s must be rolled (read sum or as-rolled), not %s", t.Pos, t.ID, t.Read))
		}
		s.armies = append(s.armies, t)
	}
	if len(s.armies) == 0 {
		c.Errs = append(c.Errs, fmt.Errorf("%s: no army lists (tables in group army)", set.System.Pos))
	}
	if set.System.BoardW == 0 || set.System.StarRep == 0 || set.System.First == "" {
		c.Errs = append(c.Errs, fmt.Errorf("%s: system %s needs board, star-rep and first-encounter", set.System.Pos, ID))
	}
	if len(c.Errs) > 0 {
		return nil, errors.Join(c.Errs...)
	}
	for eal := MinEAL; eal <= MaxEAL; eal++ {
		c.Columns(s.resolution, ealColumn(eal))
	}
	for _, r := range s.resolution.Rows {
		for eal := MinEAL; eal <= MaxEAL; eal++ {
			if i := s.resolution.Col(ealColumn(eal)); i >= 0 && s.results.Named(plain(r.Cells[i].Text)) == nil {
				c.Errs = append(c.Errs, fmt.Errorf("%s: pef-resolution %s, %s: %q is no row of pef-results", r.Pos, r.Key, ealColumn(eal), r.Cells[i].Text))
			}
		}
	}
	for _, r := range s.results.Rows {
		if o := s.results.Cell(&r, "Outcome").Text; !slices.Contains([]string{"alert", "contact", "here-they-come", "none"}, o) {
			c.Errs = append(c.Errs, fmt.Errorf("%s: pef-results %s: outcome %q, want alert, contact, here-they-come or none", r.Pos, r.Key, o))
		}
	}
	for _, r := range s.howMany.Rows {
		if b := s.howMany.Cell(&r, "Base").Text; !slices.Contains([]string{"half", "party", "party-and-half"}, b) {
			c.Errs = append(c.Errs, fmt.Errorf("%s: how-many-grunts %s: base %q, want half, party or party-and-half", r.Pos, r.Key, b))
		}
	}
	for _, e := range set.Encounters {
		row := s.next.Named(e.Title)
		if row == nil {
			c.Errs = append(c.Errs, fmt.Errorf("%s: next-encounter has no row for %q", s.next.Pos, e.Title))
			continue
		}
		for _, col := range []string{"Success", "Failure"} {
			if s.byTitle(s.next.Cell(row, col).Text) == nil {
				c.Errs = append(c.Errs, fmt.Errorf("%s: next-encounter %s: %q is no encounter", row.Pos, col, s.next.Cell(row, col).Text))
			}
		}
	}
	s.classes = map[string]string{"Peasants": peasantReactions}
	for _, t := range s.armies {
		for _, r := range t.Rows {
			s.classes[t.Cell(&r, "Class").Text] = t.Cell(&r, "Reactions").Text
		}
	}
	for _, key := range []string{rowTwice, rowMore, rowZero, rowSame} {
		if s.stayOrGo.Named(key) == nil {
			c.Errs = append(c.Errs, fmt.Errorf("%s: stay-or-go has no row %q", s.stayOrGo.Pos, key))
		}
	}
	for _, key := range []string{"0", "1", "2"} {
		if s.recovery.Named(key) == nil {
			c.Errs = append(c.Errs, fmt.Errorf("%s: after-the-battle-recovery has no row for %s passed", s.recovery.Pos, key))
		}
	}
	for _, r := range s.recruiting.Rows {
		if ref := s.recruiting.Cell(&r, "List").Text; !slices.ContainsFunc(s.armies, func(t *rules.Table) bool { return t.ID == ref }) {
			c.Errs = append(c.Errs, fmt.Errorf("%s: recruiting %s: %q is no army list", r.Pos, r.Key, ref))
		}
	}
	if len(c.Errs) > 0 {
		return nil, errors.Join(c.Errs...)
	}
	return s, nil
}

// figureCols are the columns an army list gives every figure.
var figureCols = []string{"Type", "Class", "Rep", "Armor", "Shield", "Weapon"}

// Rules returns the system's data.
func (s *System) Rules() *rules.Set { return s.set }

func ealColumn(eal int) string { return "EAL " + strconv.Itoa(eal) }

// footnote matches a footnote marker in a cell: "Clear [^1]".
var footnote = regexp.MustCompile(`\s*\[\^\d+\]`)

// plain returns a cell's text without footnote markers.
func plain(s string) string { return strings.TrimSpace(footnote.ReplaceAllString(s, "")) }

func (s *System) byTitle(title string) *rules.Encounter {
	for _, e := range s.set.Encounters {
		if strings.EqualFold(e.Title, title) {
			return e
		}
	}
	return nil
}

func (s *System) unknownType(typ string) error {
	_, err := s.set.FindEncounter(typ)
	return err
}

// EnemySources returns the army lists, by id.
func (s *System) EnemySources() []string {
	ids := make([]string, len(s.armies))
	for i, a := range s.armies {
		ids[i] = a.ID
	}
	return ids
}

func (s *System) army(id string) *rules.Table {
	for _, a := range s.armies {
		if a.ID == id {
			return a
		}
	}
	return nil
}

// enemies returns the enemy's army list: the option, or the last list.
func (s *System) enemies(opt engine.Options) *rules.Table {
	if opt.Enemies == "" {
		return s.armies[len(s.armies)-1]
	}
	return s.army(opt.Enemies)
}

// recruits returns the band's army list: the option, or the first list.
func (s *System) recruits(opt engine.Options) *rules.Table {
	if opt.Recruits == "" {
		return s.armies[0]
	}
	return s.army(opt.Recruits)
}

func (s *System) starRep(opt engine.Options) int {
	if opt.StarRep == 0 {
		return s.set.System.StarRep
	}
	return opt.StarRep
}

// CheckOptions checks the Star's Rep, the band's size and both army lists
// before anything is rolled.
func (s *System) CheckOptions(opt engine.Options) error {
	rep := s.starRep(opt)
	if rep < 3 || rep > 5 {
		return &engine.OptionError{Option: "star-rep", Err: fmt.Errorf("star Rep %d out of range 3..5 (the Reps Swordplay has, rulebook page 6)", rep)}
	}
	if n := opt.BandSize; n != 0 && (n < 1 || n > rep+1) {
		return &engine.OptionError{Option: "band", Err: fmt.Errorf("band of %d figures: a Rep %d Star recruits up to %d Grunts, so 1 to %d figures with the Star", n, rep, rep, rep+1)}
	}
	for _, o := range []struct{ name, id string }{{"enemies", opt.Enemies}, {"recruits", opt.Recruits}} {
		if o.id != "" && s.army(o.id) == nil {
			return &engine.OptionError{Option: o.name, Err: fmt.Errorf("unknown army list %q (want %s)", o.id, strings.Join(s.EnemySources(), ", "))}
		}
	}
	return nil
}
