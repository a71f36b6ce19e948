package swordspear

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// Battle is one battle as the procedure rolls it, before it is turned
// into blocks. Tests read it to check the procedure.
type Battle struct {
	Def      *rules.Encounter
	Terrain  *rules.Table
	Sections []Section // 1 to Cols*Rows, numbered left to right from the top
	Player   Side
	Enemy    Side
	// Power is the magical power dice rolled ahead, PowerTurns of them:
	// for each turn, a die for every magic-user, the player's first.
	Power [][]Power
}

// PowerTurns is how many turns the magical power dice are rolled ahead,
// as Two-Page Skirmish's turn track rolls its phase die.
const PowerTurns = 12

// Power is one magic-user's magical power die for one turn, read on
// Magical Power at its level.
type Power struct {
	Unit   string // the magic-user's name
	Player bool   // on the player's side
	Level  int
	Roll   *doc.Roll
	MP     int
}

// Section is one section's terrain roll.
type Section struct {
	Number  int
	Roll    *doc.Roll
	Terrain string // as the table names it: "Woods"
	Kind    string // one of Kinds
}

// Side is one army as rolled: how it was picked and its units.
type Side struct {
	Army     *Army
	Given    string      // the option that named it ("recruits", "enemies"), or "" when rolled
	Rolls    []*doc.Roll // Army Theme rolls, re-rolls included
	Rerolled bool        // a roll gave the other side's army and was rolled again
	Units    []Unit      // units and magic-users, in the army's order
}

// Unit is one unit (or magic-user) on the table, with a card of its own.
type Unit struct {
	Name     string // numbered when its entry gives more than one: "Orc warriors 2"
	Entry    *Entry
	Strength int       // dice in combat; 0 for a magic-user
	Hits     int       // hits that rout it: strength, +2 when large; 0 for a magic-user
	Count    *doc.Roll // the roll for how many of its entry, or nil for a fixed count
}

// Encounter rolls a battle (RollBattle) and returns it as blocks.
func (s *System) Encounter(r *dice.Roller, req engine.Request) (*engine.Encounter, error) {
	b, err := s.RollBattle(r, req.Type, req.Options)
	if err != nil {
		return nil, err
	}
	return &engine.Encounter{
		System: ID, Type: b.Def.ID, Title: b.Def.Title, Seed: r.Seed(), Stream: r.Path(), Summary: b.Def.Summary,
		Blocks: s.blocks(b), Tables: engine.TablesFor(s.set, b.Def.ID, b.tables()...),
	}, nil
}

// tables are the QRS tables the armies rolled need at the table: the
// shooting tables when a unit shoots, the spells when a magic-user takes
// the field, Flying Units when a unit flies.
func (b *Battle) tables() []string {
	var ids []string
	for _, sd := range []Side{b.Player, b.Enemy} {
		for _, u := range sd.Units {
			e := u.Entry
			if e.Level > 0 {
				ids = append(ids, "spells")
			}
			for _, w := range e.Weapons {
				if w.Missile {
					ids = append(ids, "combat-dice", "bonus-dice", "cover")
				}
			}
			if slices.ContainsFunc(e.Characteristics, func(c string) bool { return strings.EqualFold(c, "Flight") }) {
				ids = append(ids, "flying-units")
			}
		}
	}
	return ids
}

// RollBattle rolls a battle of type typ: the battlefield section by
// section, then the player's army and the enemy's.
func (s *System) RollBattle(r *dice.Roller, typ string, opt engine.Options) (*Battle, error) {
	def, err := s.set.FindEncounter(typ)
	if err != nil {
		return nil, err
	}
	if err := s.CheckOptions(opt); err != nil {
		return nil, err
	}
	b := &Battle{Def: def, Terrain: s.set.Table(def.Terrain)}
	tr := r.Stream("terrain")
	for n := 1; n <= Cols*Rows; n++ {
		res, err := b.Terrain.Roll(tr.Stream(strconv.Itoa(n)), 0)
		if err != nil {
			return nil, err
		}
		name := res.Cell("Terrain").Text
		b.Sections = append(b.Sections, Section{Number: n, Terrain: name, Kind: res.Cell("Kind").Text,
			Roll: &doc.Roll{Label: b.Terrain.Title, Dice: res.Roll, Row: res.Row.Key, Result: name}})
	}
	if b.Player, err = s.side(r.Stream("player"), opt.Recruits, "recruits", nil); err != nil {
		return nil, err
	}
	if b.Enemy, err = s.side(r.Stream("enemy"), opt.Enemies, "enemies", b.Player.Army); err != nil {
		return nil, err
	}
	if b.Power, err = s.rollPower(r.Stream("power"), b); err != nil {
		return nil, err
	}
	return b, nil
}

// rollPower rolls every magic-user's magical power die for PowerTurns
// turns (section 17: a die for each magic-user at the start of each
// turn), each read on Magical Power at the magic-user's level. It gives
// nil when neither army has a magic-user.
func (s *System) rollPower(r *dice.Roller, b *Battle) ([][]Power, error) {
	type mage struct {
		u      Unit
		player bool
		key    string
	}
	var mages []mage
	for _, sd := range []struct {
		side   Side
		player bool
		key    string
	}{{b.Player, true, "player"}, {b.Enemy, false, "enemy"}} {
		for _, u := range sd.side.Units {
			if u.Entry.Type == MagicUser {
				mages = append(mages, mage{u, sd.player, sd.key})
			}
		}
	}
	if len(mages) == 0 {
		return nil, nil
	}
	out := make([][]Power, PowerTurns)
	for n := 1; n <= PowerTurns; n++ {
		for _, m := range mages {
			res, err := s.power.Roll(r.Stream(strconv.Itoa(n), m.key, m.u.Name), 0)
			if err != nil {
				return nil, err
			}
			c, ok := s.power.Across(res.Row, m.u.Entry.Level)
			if !ok {
				return nil, fmt.Errorf("%s: %s has no column for level %d", s.power.Pos, s.power.ID, m.u.Entry.Level)
			}
			out[n-1] = append(out[n-1], Power{Unit: m.u.Name, Player: m.player, Level: m.u.Entry.Level,
				Roll: &doc.Roll{Label: s.power.Title, Dice: res.Roll, Row: res.Row.Key, Result: strconv.Itoa(c.Int) + " MP"}, MP: c.Int})
		}
	}
	return out, nil
}

// maxRerolls bounds the Army Theme rolls for one side; a theme table whose
// every row names the other side's army would otherwise roll for ever.
const maxRerolls = 100

// side picks an army (the one the option names, or rolled on Army Theme,
// rolling again while it gives other's army) and rolls its units.
func (s *System) side(r *dice.Roller, id, option string, other *Army) (Side, error) {
	var sd Side
	if id != "" && id != Rolled {
		sd.Army, sd.Given = s.armies[id], option
	} else {
		for k := 1; sd.Army == nil; k++ {
			if k > maxRerolls {
				return Side{}, fmt.Errorf("%s: every roll gave %s, the other side's army: the table needs a second army", s.theme.Pos, other.ID)
			}
			res, err := s.theme.Roll(r.Stream("theme", strconv.Itoa(k)), 0)
			if err != nil {
				return Side{}, err
			}
			a := s.armies[res.Cell("Army").Text]
			ro := &doc.Roll{Label: s.theme.Title, Dice: res.Roll, Row: res.Row.Key, Result: a.Title}
			if a == other {
				ro.Result += " (the other side's army: rolled again)"
				sd.Rerolled = true
			} else {
				sd.Army = a
			}
			sd.Rolls = append(sd.Rolls, ro)
		}
	}
	for i := range sd.Army.Entries {
		e := &sd.Army.Entries[i]
		n, ro := e.Lo, (*doc.Roll)(nil)
		if e.Hi > e.Lo {
			n, ro = rollCount(r.Stream("count", e.Name), e)
		}
		for k := 1; k <= n; k++ {
			u := Unit{Name: e.Name, Entry: e, Count: ro}
			if n > 1 {
				u.Name += " " + strconv.Itoa(k)
			}
			if e.Type != MagicUser {
				row := s.troops.Named(e.Type)
				u.Strength = s.troops.Cell(row, "Strength").Int
				u.Hits = u.Strength
				if e.Large {
					u.Hits += s.largeHits(row)
				}
			}
			sd.Units = append(sd.Units, u)
		}
	}
	return sd, nil
}

// rollCount rolls how many units an entry with a range gives: one d6
// split evenly over the range's numbers (the Count's rule: 2, 3 or 6 of
// them, so 1-3 reads 1-2, 3-4, 5-6 as 1, 2, 3).
func rollCount(r *dice.Roller, e *Entry) (int, *doc.Roll) {
	roll := r.D6()
	n := e.Hi - e.Lo + 1
	per := 6 / n
	i := (roll.Value - 1) / per
	band := strconv.Itoa(i*per + 1)
	if per > 1 {
		band += "-" + strconv.Itoa((i+1)*per)
	}
	v := e.Lo + i
	units := "units"
	if v == 1 {
		units = "unit"
	}
	return v, &doc.Roll{Label: fmt.Sprintf("%s (%d-%d)", e.Name, e.Lo, e.Hi), Dice: roll, Row: band, Result: fmt.Sprintf("%d %s", v, units)}
}

// Map draws the battlefield: its sections with their terrain, measured in
// DU, and where each side sets up.
func (s *System) Map(b *Battle) board.Map {
	m := board.Sectioned(W, H, Cols, Rows)
	m.Unit = "DU"
	m.Title = "The battlefield"
	m.SetEntry(board.Bottom, false)
	m.Zones = []board.Zone{
		{Side: board.Enemy, Label: "The enemy sets up here", X: 0, Y: 0, W: W, H: Zone},
		{Side: board.Band, Label: "Your army sets up here", X: 0, Y: H - Zone, W: W, H: Zone},
	}
	for _, sec := range b.Sections {
		switch sec.Kind {
		case "open":
		case "stream":
			box := m.Section(sec.Number)
			m.River(1, board.Point{X: box.Centre.X, Y: box.Y}, board.Point{X: box.Centre.X, Y: box.Y + box.H})
			m.Lines[len(m.Lines)-1].Label = sec.Terrain + " 1 DU"
		default:
			m.Fill(sec.Number, sec.Kind, board.Labelled(sec.Terrain))
		}
	}
	m.Caption = fmt.Sprintf("Sortie's own battlefield, %d x %d DU: each %d DU section's terrain rolled on %s. Each side sets up within %d DU of its own long edge.",
		W, H, W/Cols, b.Terrain.Title, Zone)
	return m
}
