// Package swordspear is the Sword & Spear Fantasy rule system (Great
// Escape Games, by Mark Lewis) with a solo procedure of Sortie's own: the
// book fights set-piece battles between two players and has none. Sortie
// rolls two opposing armies from army themes kept as data (any table in
// group army, each cell checked against the book's tables at load), lays
// out a battlefield measured in DU section by section from a terrain table
// of its own, and prints a unit card for every unit: its strength as a
// track of hit boxes, its discipline, protection, weapons with their
// ranges and characteristics, and for a magic-user its magical power and
// spell costs. The numbers live in content/systems/sword-and-spear-fantasy;
// this package holds only the procedure and its checks.
package swordspear

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
const ID = "sword-and-spear-fantasy"

// MagicUser is the Type an army row gives a magic-user: a character with
// a level, not a unit with strength (section 17).
const MagicUser = "Magic-user"

// Rolled is the option value that asks for a side's army to be rolled on
// the Army Theme table, as leaving the option out does.
const Rolled = "rolled"

// The battlefield is Sortie's own: the excerpt leaves out section 4 and
// appendix 2 (table size). It is W x H DU, in Cols x Rows sections, and
// each side sets up within Zone DU of its own long edge.
const (
	W    = 24
	H    = 18
	Cols = 4
	Rows = 3
	Zone = 4
)

// Kinds of battlefield terrain a terrain table's Kind column may name.
var Kinds = []string{"open", "woods", "hills", "rough", "buildings", "lake", "stream"}

// armyColumns are the columns every army table has.
var armyColumns = []string{"Count", "Type", "Large", "Discipline", "Protection", "Weapons", "Characteristics", "Level"}

// System is Sword & Spear Fantasy over its data.
type System struct {
	set *rules.Set

	troops, discipline, protection, capabilities, characteristics *rules.Table
	flying, shooting, magicUsers, power, spellCost, spells        *rules.Table
	theme                                                         *rules.Table
	armies                                                        map[string]*Army
}

var (
	_ engine.Encounterer   = (*System)(nil)
	_ engine.OptionChecker = (*System)(nil)
	_ engine.EnemySourcer  = (*System)(nil)
)

// Army is one army table, its rows checked.
type Army struct {
	ID, Title string
	Table     *rules.Table
	Entries   []Entry
}

// Entry is one row of an army table: a kind of unit and how many.
type Entry struct {
	Name            string
	Pos             rules.Pos
	Lo, Hi          int    // how many: Lo == Hi for a fixed number
	Type            string // a troop-types row, or MagicUser
	Large           bool
	Discipline      int
	Protection      string
	Weapons         []Weapon
	Characteristics []string
	Level           int // a magic-user's level; 0 for a unit
}

// Weapon is a weapon capability as a card prints it.
type Weapon struct {
	Name    string // as the army writes it: "Bow", "Bow (R)"
	Missile bool
	Range   int // in DU, from Shooting Weapons; 0 for a melee capability
}

// Text is the weapon with its range: "Bow 4 DU", "Spears".
func (w Weapon) Text() string {
	if w.Missile {
		return w.Name + " " + strconv.Itoa(w.Range) + " DU"
	}
	return w.Name
}

// New checks that set holds every table the procedure reads, with the
// columns it reads, checks every army against the book's tables, and
// returns the system.
func New(set *rules.Set) (*System, error) {
	s := &System{set: set, armies: map[string]*Army{}}
	c := rules.Checker{Set: set}
	s.troops = c.Table("troop-types", rules.ReadLookup, "Strength", "Large unit")
	s.discipline = c.Table("discipline", rules.ReadLookup, "Discipline")
	s.protection = c.Table("protection", rules.ReadLookup)
	s.capabilities = c.Table("weapon-capabilities", rules.ReadLookup, "Kind")
	s.characteristics = c.Table("characteristics", rules.ReadLookup)
	s.flying = c.Table("flying-units", rules.ReadLookup)
	s.shooting = c.Table("shooting-weapons", rules.ReadLookup, "Range in DU")
	s.magicUsers = c.Table("magic-users", rules.ReadLookup, "Extra MP", "Highest spell level")
	s.power = c.Table("magical-power", rules.ReadAsRolled)
	s.spellCost = c.Table("spell-cost", rules.ReadLookup)
	s.spells = c.Table("spells", rules.ReadLookup)
	s.theme = c.Table("army-theme", rules.ReadAsRolled, "Theme", "Army")
	if set.System.First == "" {
		c.Errorf(set.System.Pos, "system %s needs first-encounter", ID)
	}
	if len(set.Encounters) == 0 {
		c.Errorf(set.System.Pos, "system %s needs an encounter block", ID)
	}
	if len(c.Errs) > 0 {
		return nil, c.Err()
	}
	for _, e := range set.Encounters {
		t := set.Table(e.Terrain)
		if t == nil {
			c.Errorf(e.Pos, "encounter %s: name its terrain table (terrain ID)", e.ID)
			continue
		}
		c.Columns(t, "Terrain", "Kind")
		if t.Col("Kind") < 0 {
			continue
		}
		for _, r := range t.Rows {
			if k := t.Cell(&r, "Kind").Text; !slices.Contains(Kinds, k) {
				c.Errorf(r.Pos, "%s %s: kind %q, want one of %s", t.ID, r.Key, k, strings.Join(Kinds, ", "))
			}
		}
	}
	for _, r := range s.capabilities.Rows {
		if strings.EqualFold(s.capabilities.Cell(&r, "Kind").Text, "Missile") && s.shootingRow(r.Key) == nil {
			c.Errorf(r.Pos, "weapon-capabilities %s: a missile capability with no row in shooting-weapons", r.Key)
		}
	}
	for _, r := range s.magicUsers.Rows {
		if lv, ok := level(r.Key); !ok || s.spellCost.Named(r.Key) == nil || !slices.Contains(s.power.AcrossValues, lv) {
			c.Errorf(r.Pos, "magic-users %s: want a key Level N with a row Level N in spell-cost and a column N in magical-power", r.Key)
		}
	}
	for _, col := range s.spellCost.Columns {
		if col.Type != rules.TypeInt || !lastNumber.MatchString(col.Name) {
			c.Errorf(s.spellCost.Pos, "spell-cost column %q: want whole numbers under a header ending in its range, such as Up to 4 DU", col.Name)
		}
	}
	for _, r := range s.magicUsers.Rows {
		lv, _ := level(r.Key)
		if h := s.magicUsers.Cell(&r, "Highest spell level").Int; h < 1 || h > lv || s.spellCost.Named("Level "+strconv.Itoa(h)) == nil {
			c.Errorf(r.Pos, "magic-users %s: highest spell level %d, want 1 to %d with its row in spell-cost", r.Key, h, lv)
		}
	}
	for _, id := range set.Order {
		t := set.Table(id)
		if t == nil || !t.InGroup("army") {
			continue
		}
		if a := s.checkArmy(&c, t); a != nil {
			s.armies[id] = a
		}
	}
	for _, r := range s.theme.Rows {
		if id := s.theme.Cell(&r, "Army").Text; s.armies[id] == nil {
			c.Errorf(r.Pos, "army-theme %s: %q is no army (a table in group army)", r.Key, id)
		}
	}
	if len(c.Errs) > 0 {
		return nil, errors.Join(c.Errs...)
	}
	return s, nil
}

// Rules returns the system's data.
func (s *System) Rules() *rules.Set { return s.set }

// Army returns the army with the given table id, or nil.
func (s *System) Army(id string) *Army { return s.armies[id] }

// Armies returns the ids of every army, sorted.
func (s *System) Armies() []string {
	var ids []string
	for id := range s.armies {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// EnemySources returns "rolled" and every army's id.
func (s *System) EnemySources() []string { return append([]string{Rolled}, s.Armies()...) }

// CheckOptions refuses a Star's Rep and a band size (the book has
// neither) and an army that is not known.
func (s *System) CheckOptions(opt engine.Options) error {
	if opt.StarRep != 0 {
		return &engine.OptionError{Option: "star-rep", Err: fmt.Errorf("star-rep %d: %s has no Star, leave star-rep out", opt.StarRep, ID)}
	}
	if opt.BandSize != 0 {
		return &engine.OptionError{Option: "band", Err: fmt.Errorf("band %d: %s fields whole armies, leave band out", opt.BandSize, ID)}
	}
	for _, o := range []struct{ name, id string }{{"recruits", opt.Recruits}, {"enemies", opt.Enemies}} {
		if o.id != "" && o.id != Rolled && s.armies[o.id] == nil {
			return &engine.OptionError{Option: o.name, Err: fmt.Errorf("unknown army %q (want %s)", o.id, strings.Join(s.EnemySources(), ", "))}
		}
	}
	return nil
}

// weaponKey reads a weapon's name the way both tables can be matched:
// the capabilities are plural or longer where Shooting Weapons is not
// ("Javelins", "Magical attack" against "Javelin", "Magic Attack").
func weaponKey(name string) string {
	k := strings.ToLower(strings.TrimSpace(name))
	k = strings.Replace(k, "magical", "magic", 1)
	if before, r, ok := strings.Cut(k, " (r)"); ok {
		return strings.TrimSuffix(before, "s") + " (r)" + r
	}
	return strings.TrimSuffix(k, "s")
}

// shootingRow returns the Shooting Weapons row of a missile capability.
func (s *System) shootingRow(name string) *rules.Row {
	for i := range s.shooting.Rows {
		if weaponKey(s.shooting.Rows[i].Key) == weaponKey(name) {
			return &s.shooting.Rows[i]
		}
	}
	return nil
}

var levelKey = regexp.MustCompile(`^(?i)level ([0-9])$`)

// level reads "Level 2".
func level(key string) (int, bool) {
	m := levelKey.FindStringSubmatch(strings.TrimSpace(key))
	if m == nil {
		return 0, false
	}
	n, _ := strconv.Atoi(m[1])
	return n, true
}

var extraHits = regexp.MustCompile(`\+\s*([0-9]+)`)

// largeHits returns the hits a large unit of troop type row adds, or 0
// when the type cannot be large.
func (s *System) largeHits(row *rules.Row) int {
	m := extraHits.FindStringSubmatch(s.troops.Cell(row, "Large unit").Text)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// split reads a comma-separated cell.
func split(cell string) []string {
	var out []string
	for _, p := range strings.Split(cell, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func keys(t *rules.Table) string {
	var ks []string
	for _, r := range t.Rows {
		ks = append(ks, r.Key)
	}
	return strings.Join(ks, ", ")
}

// parseCount reads a Count cell: a number from 1 to 12, or a range lo-hi
// of 2, 3 or 6 numbers from 1 up, which one d6 splits evenly.
func parseCount(cell string) (lo, hi int, ok bool) {
	a, b, isRange := strings.Cut(cell, "-")
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi, err2 := lo, error(nil)
	if isRange {
		hi, err2 = strconv.Atoi(strings.TrimSpace(b))
	}
	if err1 != nil || err2 != nil || lo < 1 || hi > 12 {
		return 0, 0, false
	}
	if isRange && !slices.Contains([]int{2, 3, 6}, hi-lo+1) {
		return 0, 0, false
	}
	return lo, hi, true
}

// checkArmy checks every cell of an army table against the book's tables,
// noting each mistake at its line, and returns the army (nil when the
// table lacks a column).
func (s *System) checkArmy(c *rules.Checker, t *rules.Table) *Army {
	n := len(c.Errs)
	if t.Read != rules.ReadLookup {
		c.Errorf(t.Pos, "army %s is read %s, want lookup (one row per unit, keyed by its name)", t.ID, t.Read)
	}
	c.Columns(t, armyColumns...)
	if len(c.Errs) > n {
		return nil
	}
	if len(t.Rows) == 0 {
		c.Errorf(t.Pos, "army %s has no units", t.ID)
	}
	a := &Army{ID: t.ID, Title: t.Title, Table: t}
	var disciplines []string
	for _, r := range s.discipline.Rows {
		disciplines = append(disciplines, s.discipline.Cell(&r, "Discipline").Text)
	}
	for _, r := range t.Rows {
		bad := func(col, format string, args ...any) {
			c.Errorf(r.Pos, "army %s, unit %q, column %s: %s", t.ID, r.Key, col, fmt.Sprintf(format, args...))
		}
		cell := func(col string) string { return strings.TrimSpace(t.Cell(&r, col).Text) }
		e := Entry{Name: r.Key, Pos: r.Pos}
		var ok bool
		if e.Lo, e.Hi, ok = parseCount(cell("Count")); !ok {
			bad("Count", "%q: want a number from 1 to 12, or a range such as 1-2, 1-3 or 1-6 (2, 3 or 6 numbers, so one d6 splits evenly)", cell("Count"))
		}
		typ := cell("Type")
		if strings.EqualFold(typ, MagicUser) {
			e.Type = MagicUser
			lv := cell("Level")
			if row := s.magicUsers.Named("Level " + lv); row == nil {
				bad("Level", "%q: want a magic-user's level, one of %s", lv, keys(s.magicUsers))
			} else {
				e.Level, _ = level(row.Key)
			}
			for _, col := range []string{"Large", "Discipline", "Protection", "Weapons", "Characteristics"} {
				if cell(col) != "" {
					bad(col, "%q: a magic-user is a character, not a unit: leave it blank", cell(col))
				}
			}
			a.Entries = append(a.Entries, e)
			continue
		}
		troop := s.troops.Named(typ)
		if troop == nil {
			bad("Type", "%q: want a troop type (%s) or %s", typ, keys(s.troops), MagicUser)
		} else {
			e.Type = troop.Key
		}
		if lv := cell("Level"); lv != "" {
			bad("Level", "%q: only a %s has a level", lv, MagicUser)
		}
		switch l := cell("Large"); {
		case l == "":
		case !strings.EqualFold(l, "yes"):
			bad("Large", "%q: want yes or blank", l)
		case troop != nil && s.largeHits(troop) == 0:
			bad("Large", "a %s unit cannot be large (troop-types gives extra hits to large heavy and medium foot only)", troop.Key)
		default:
			e.Large = true
		}
		d := cell("Discipline")
		if !slices.Contains(disciplines, d) {
			bad("Discipline", "%q: want one of %s (discipline)", d, strings.Join(disciplines, ", "))
		} else {
			e.Discipline, _ = strconv.Atoi(d)
		}
		e.Protection = "Average protection"
		if p := cell("Protection"); p != "" {
			if row := s.protection.Named(p); row == nil {
				bad("Protection", "%q: want one of %s, or blank for average", p, keys(s.protection))
			} else {
				e.Protection = row.Key
			}
		}
		ws := split(cell("Weapons"))
		if len(ws) == 0 {
			bad("Weapons", "a unit needs at least one weapon capability (%s)", keys(s.capabilities))
		}
		for _, w := range ws {
			base, restricted := strings.CutSuffix(w, " (R)")
			row := s.capabilities.Named(strings.TrimSpace(base))
			if row == nil {
				bad("Weapons", "%q: want weapon capabilities (%s), comma-separated", w, keys(s.capabilities))
				continue
			}
			wp := Weapon{Name: row.Key}
			if strings.EqualFold(s.capabilities.Cell(row, "Kind").Text, "Missile") {
				name := row.Key
				if restricted {
					name += " (R)"
				}
				sr := s.shootingRow(name)
				if sr == nil {
					bad("Weapons", "%q: shooting-weapons has no range for it", w)
					continue
				}
				wp = Weapon{Name: name, Missile: true, Range: s.shooting.Cell(sr, "Range in DU").Int}
			} else if restricted {
				bad("Weapons", "%q: only a missile capability can be restricted (R)", w)
			}
			e.Weapons = append(e.Weapons, wp)
		}
		for _, ch := range split(cell("Characteristics")) {
			row := s.characteristics.Named(ch)
			if row == nil {
				bad("Characteristics", "%q: want characteristics (%s), comma-separated", ch, keys(s.characteristics))
				continue
			}
			if strings.EqualFold(row.Key, "Flight") && troop != nil && s.flying.Named(troop.Key) == nil {
				bad("Characteristics", "Flight: a %s unit cannot fly (flying-units: %s)", troop.Key, keys(s.flying))
			}
			e.Characteristics = append(e.Characteristics, row.Key)
		}
		a.Entries = append(a.Entries, e)
	}
	if len(c.Errs) > n {
		return nil
	}
	return a
}
