// Package chainreaction is the Chain Reaction 3.0 rule system (Two Hour
// Wargames, 2010): the procedures that raise the player's patrol from a
// force list, lay out the 3'x3' table section by section (an overall type
// per section, the Terrain Generator column of that type, buildings,
// roads, rivers and the lake in section 5), place three PEFs with their
// Rep, and pre-resolve PEF Force Composition in the order PEFs are met,
// with How Many of Them counted for every size of force. The numbers live
// in content/systems/chain-reaction-3; this package holds only the book's
// procedures and the decisions Sortie took where the book is silent.
package chainreaction

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// ID is the system's stable id.
const ID = "chain-reaction-3"

// PEFs is how many PEFs a Patrol places (page 25).
const PEFs = 3

// Extra is how many more PEF resolutions Sortie pre-rolls, for PEFs that
// split on PEF Movement and PEFs placed when your force first sees a piece
// of terrain (Scouting, page 27); past them, the player rolls.
const Extra = 3

// RosterSize is the fewest enemy figures a Patrol's roster prints. Each
// figure is rolled on the enemy's list, as the book recruits them once it
// knows how many (page 27); the roster holds every figure the sealed PEFs
// bring against the whole force, in the order they are taken, so no figure
// stands on the table twice, and as many again up to RosterSize, so that a
// short roster does not tell the player the sealed PEFs hold few enemies.
// A smaller force meets no more in any group (How Many of Them never gives
// a smaller force more), so the roster is long enough for every force.
const RosterSize = 15

// System is Chain Reaction 3.0 over its data.
type System struct {
	set *rules.Set

	overall, generator, roadDir, riverWidth, riverCrossing   *rules.Table
	placement, pefRep, composition, results, commander       *rules.Table
	howManyMilitary, howManyInsurgents, recruiting, teamArms *rules.Table
	attributes                                               *rules.Table
	lists                                                    map[string]*rules.Table // by list id: military, police, insurgents, gang
}

var (
	_ engine.Recruiter     = (*System)(nil)
	_ engine.Encounterer   = (*System)(nil)
	_ engine.OptionChecker = (*System)(nil)
	_ engine.EnemySourcer  = (*System)(nil)
)

// columns of the Terrain Generator, by overall type.
var columns = map[string]string{"clear-hilly": "Clear/Hilly", "mountainous": "Mountainous", "woods": "Woods"}

// New checks that set holds every table the procedures read, with the
// columns they read, and returns the system.
func New(set *rules.Set) (*System, error) {
	s := &System{set: set, lists: map[string]*rules.Table{}}
	c := rules.Checker{Set: set}
	s.overall = c.Table("overall-terrain", rules.ReadAsRolled, "Type", "Column")
	s.generator = c.Table("terrain-generator", rules.ReadSum, "Clear/Hilly", "Mountainous", "Woods", "Clear/Hilly buildings", "Mountainous buildings", "Woods buildings")
	s.roadDir = c.Table("road-direction", rules.ReadAsRolled, "Road runs", "Direction")
	s.riverWidth = c.Table("river-width", rules.ReadSum, "Width in inches")
	s.riverCrossing = c.Table("river-crossing", rules.ReadAsRolled, "Result", "Crossing")
	s.placement = c.Table("pef-placement", rules.ReadAsRolled, "Section")
	s.pefRep = c.Table("pef-rep", rules.ReadAsRolled, "PEF Rep")
	if s.pefRep != nil {
		c.Ints(s.pefRep, "PEF Rep", 1, 10, nil)
	}
	s.composition = c.Table("pef-force-composition", rules.ReadAsRolled)
	s.results = c.Table("pef-results", rules.ReadLookup, "Name", "Outcome")
	s.commander = c.Table("enemy-commander", rules.ReadAsRolled, "Main Body", "Stragglers")
	s.howManyMilitary = c.Table("how-many-military", rules.ReadSum, "Enemy figures", "Groups", "Size")
	s.howManyInsurgents = c.Table("how-many-insurgents", rules.ReadSum, "Enemy figures", "Groups", "Size")
	s.recruiting = c.Table("recruiting", rules.ReadLookup, "List")
	s.teamArms = c.Table("team-weapons", rules.ReadAsRolled, "Weapon")
	s.attributes = c.Table("attributes", rules.ReadSum, "Attribute")
	if s.recruiting != nil {
		for _, r := range s.recruiting.Rows {
			id := s.recruiting.Cell(&r, "List").Text
			t := set.Table(id)
			if t == nil {
				c.Errorf(r.Pos, "recruiting %s: no list %q", r.Key, id)
				continue
			}
			c.Columns(t, "Type", "Rep", "Weapon", "Weapon roll")
			c.Ints(t, "Rep", 1, 10, nil)
			for _, row := range t.Rows {
				ref := t.Cell(&row, "Weapon roll").Text
				if ref == "" {
					continue
				}
				if w := set.Table(ref); w == nil || w.Col("Weapon") < 0 {
					c.Errorf(row.Pos, "%s %s: weapon roll %q is no table with a Weapon column", id, row.Key, ref)
				}
			}
			s.lists[id] = t
		}
	}
	if set.System.BoardW == 0 || set.System.StarRep == 0 || set.System.First == "" {
		c.Errorf(set.System.Pos, "system %s needs board, star-rep and first-encounter", ID)
	}
	if len(c.Errs) > 0 {
		return nil, c.Err()
	}
	for _, id := range []string{"military", "police", "insurgents", "gang"} {
		if s.lists[id] == nil {
			c.Errorf(s.recruiting.Pos, "recruiting has no %s list", id)
		}
	}
	for _, r := range s.overall.Rows {
		if col := s.overall.Cell(&r, "Column").Text; columns[col] == "" {
			c.Errorf(r.Pos, "overall-terrain %s: column %q, want clear-hilly, mountainous or woods", r.Key, col)
		}
	}
	for v := MinResolved; v <= MaxResolved; v++ {
		if s.composition.AcrossName != "Resolved" || !slices.Contains(s.composition.AcrossValues, v) {
			c.Errorf(s.composition.Pos, "pef-force-composition: want its columns read across Resolved 0 | 1 | 2 | 3")
			break
		}
	}
	for _, r := range s.results.Rows {
		if o := s.results.Cell(&r, "Outcome").Text; !slices.Contains([]string{"main-body", "stragglers", "false-alarm", "enemy"}, o) {
			c.Errorf(r.Pos, "pef-results %s: outcome %q, want main-body, stragglers, false-alarm or enemy", r.Key, o)
		}
	}
	for _, t := range []*rules.Table{s.howManyMilitary, s.howManyInsurgents} {
		for _, r := range t.Rows {
			if sz := t.Cell(&r, "Size").Text; !slices.Contains(sizes, sz) {
				c.Errorf(r.Pos, "%s %s: size %q, want one of %s", t.ID, r.Key, sz, strings.Join(sizes, ", "))
			}
		}
	}
	if len(c.Errs) > 0 {
		return nil, errors.Join(c.Errs...)
	}
	return s, nil
}

// The columns of PEF Force Composition are read at the number of PEFs
// resolved before, 3 standing for three or more.
const (
	MinResolved = 0
	MaxResolved = 3
)

// sizes are the How Many of Them rows' sizes, relative to your force.
var sizes = []string{"half", "one-fewer", "same", "one-more", "half-more", "double", "triple"}

// Rules returns the system's data.
func (s *System) Rules() *rules.Set { return s.set }

// footnote matches a footnote marker in a cell: "Clear [^1]".
var footnote = regexp.MustCompile(`\s*\[\^\d+\]`)

// plain returns a cell's text without footnote markers.
func plain(s string) string { return strings.TrimSpace(footnote.ReplaceAllString(s, "")) }

// EnemySources returns the force lists, by id.
func (s *System) EnemySources() []string { return []string{"military", "police", "insurgents", "gang"} }

// opponents pairs each side with the one the book matches it against:
// Military patrols Insurgent ground, Police face Gangs (and back).
var opponents = map[string]string{"military": "insurgents", "insurgents": "military", "police": "gang", "gang": "police"}

func (s *System) sides(opt engine.Options) (own, enemy string) {
	own = opt.Recruits
	if own == "" {
		own = "military"
	}
	enemy = opt.Enemies
	if enemy == "" {
		enemy = opponents[own]
	}
	return own, enemy
}

func (s *System) starRep(opt engine.Options) int {
	if opt.StarRep == 0 {
		return s.set.System.StarRep
	}
	return opt.StarRep
}

// CheckOptions checks the Star's Rep, the force's size and both lists.
func (s *System) CheckOptions(opt engine.Options) error {
	rep := s.starRep(opt)
	if rep < 2 || rep > 6 {
		return &engine.OptionError{Option: "star-rep", Err: fmt.Errorf("star Rep %d out of range 2..6", rep)}
	}
	if n := opt.BandSize; n != 0 && (n < 1 || n > rep+1) {
		return &engine.OptionError{Option: "band", Err: fmt.Errorf("force of %d figures: a Rep %d Star recruits up to %d Grunts, so 1 to %d figures with the Star", n, rep, rep, rep+1)}
	}
	for _, o := range []struct{ name, id string }{{"recruits", opt.Recruits}, {"enemies", opt.Enemies}} {
		if o.id != "" && s.lists[o.id] == nil {
			return &engine.OptionError{Option: o.name, Err: fmt.Errorf("unknown force list %q (want %s)", o.id, strings.Join(s.EnemySources(), ", "))}
		}
	}
	return nil
}

// howMany returns the How Many of Them table for a force of side own: the
// Military table for Military and Police patrols, the Insurgents table for
// Insurgents and Gangs (the data's decision).
func (s *System) howMany(own string) *rules.Table {
	if own == "insurgents" || own == "gang" {
		return s.howManyInsurgents
	}
	return s.howManyMilitary
}
