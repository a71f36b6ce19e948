// Package engine is Sortie's pure core: it turns a rule system's data and a
// seed into pre-rolled encounters and campaigns. It does no I/O, reads no
// clock, environment or global state; the same seed and data always give
// the same result. Data flows one way: rules data in, model out. Rendering
// (HTML, PDF, Markdown) is the generator's business.
//
// The model types here are shared by every rule system. A system (such as
// package swordsorcery) implements System.
package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// System is one rule system: its data and the procedures that roll on it.
type System interface {
	// Rules returns the system's data.
	Rules() *rules.Set
	// Band recruits the player's band from r.
	Band(r *dice.Roller, opt Options) (*Band, error)
	// Encounter rolls one encounter of type typ for band from r.
	Encounter(r *dice.Roller, typ string, band *Band, opt Options) (*Encounter, error)
	// Next returns the encounter type that follows typ on success or failure.
	Next(typ string, success bool) (string, error)
	// Afterwards rolls what happens to the band after an encounter.
	Afterwards(r *dice.Roller, band *Band, opt Options) (*Afterwards, error)
}

// OptionError is a player's option a system cannot use. Option names it
// as a site or the CLI spells it: "star-rep", "band" or "enemies".
type OptionError struct {
	Option string
	Err    error
}

func (e *OptionError) Error() string { return e.Err.Error() }
func (e *OptionError) Unwrap() error { return e.Err }

// OptionChecker is a System that can check the player's options before
// anything is rolled, so a site can report a bad one at its line.
type OptionChecker interface {
	CheckOptions(opt Options) error // nil or an *OptionError
}

// EnemySourcer is a System whose Options.Enemies names one of a known
// set, so a site can check it where it is written.
type EnemySourcer interface {
	EnemySources() []string
}

// Options are the player's choices that shape what is rolled.
type Options struct {
	StarRep  int    // the Star's Rep; 0 means the system's default
	BandSize int    // figures in the band, Star included; 0 means as many as the rules allow
	Enemies  string // where enemies come from: "" or "enemy" for the Enemy table, a list id, or "creatures"
}

// Roll is one roll on a table, kept so a page can show it:
// "Enemy: 2d6 = 3 + 6 = 9".
type Roll struct {
	Table string    `json:"table"`
	Title string    `json:"title"`
	Dice  dice.Roll `json:"dice"`
	Row   string    `json:"row"`
}

// RollOf returns the Roll of a table result.
func RollOf(res rules.Result) *Roll {
	return &Roll{Table: res.Table.ID, Title: res.Table.Title, Dice: res.Roll, Row: res.Row.Key}
}

// String returns "Enemy: 2d6 = 3 + 6 = 9".
func (r *Roll) String() string { return r.Title + ": " + r.Dice.String() }

// Figure is one figure: a band member or an enemy.
type Figure struct {
	Name  string `json:"name,omitempty"` // "Star", or a creature's name
	Type  string `json:"type"`           // Raw, Experienced, Veteran, Elite, or a creature
	Class string `json:"class"`          // Missile, Melee, Caster, Special
	Rep   int    `json:"rep"`
	AC    int    `json:"ac"`
	Star  bool   `json:"star,omitempty"`
	Note  string `json:"note,omitempty"` // why the figure differs from its roll
	Roll  *Roll  `json:"roll,omitempty"` // the roll that made it
}

// String returns "Veteran Melee, Rep 5, AC 4".
func (f Figure) String() string {
	name := f.Type
	if f.Name != "" && f.Name != f.Type {
		name = f.Name + " (" + f.Type + ")"
	}
	return fmt.Sprintf("%s %s, Rep %d, AC %d", name, f.Class, f.Rep, f.AC)
}

// Band is the player's band: the Star first, then the Grunts.
type Band struct {
	StarRep  int      `json:"starRep"`
	Figures  []Figure `json:"figures"`
	Rerolled []*Roll  `json:"rerolled,omitempty"` // recruits re-rolled because their Rep was too high
	Notes    []string `json:"notes,omitempty"`
}

// Size returns the number of figures in the band.
func (b *Band) Size() int { return len(b.Figures) }

// Encounter is one pre-rolled encounter.
type Encounter struct {
	System     string      `json:"system"`
	Type       string      `json:"type"`
	Title      string      `json:"title"`
	Seed       string      `json:"seed"`
	Stream     string      `json:"stream"` // the sub-stream it was rolled from
	Summary    string      `json:"summary"`
	Objective  []string    `json:"objective"`
	Forces     []string    `json:"forces"`
	Deployment []string    `json:"deployment"`
	Special    []string    `json:"special"`
	Terrain    Terrain     `json:"terrain"`
	Board      Board       `json:"board"`
	Maps       []board.Map `json:"maps"` // the Battle Boards to set up, drawn to scale
	PEFs       []PEF       `json:"pefs"`
	Band       *Band       `json:"band"`
	Enemies    Enemies     `json:"enemies"`
}

// Terrain is the encounter's terrain and the roll that chose it.
type Terrain struct {
	Name string `json:"name"`
	Roll *Roll  `json:"roll"`
}

// Board is the playing area.
type Board struct {
	WidthIn  int `json:"widthIn"`
	HeightIn int `json:"heightIn"`
}

// PEF is one Possible Enemy Force, in the order the player resolves it.
type PEF struct {
	Number    int      `json:"number"`         // 1 is the first PEF the player resolves
	Method    string   `json:"method"`         // how it was rolled, such as "2d6 vs 4"
	Roll      *Roll    `json:"roll,omitempty"` // nil when the rules decide without dice
	Outcome   string   `json:"outcome"`        // contact, alert or none
	Result    string   `json:"result"`         // what the player is told
	Forced    string   `json:"forced,omitempty"`
	Objective bool     `json:"objective,omitempty"`
	Camp      bool     `json:"camp,omitempty"`
	Contact   *Contact `json:"contact,omitempty"`
}

// Contact is what a PEF resolved as contact brings.
type Contact struct {
	Board     string         `json:"board"` // the Battle Board's terrain
	Size      *Roll          `json:"size"`
	Modifier  int            `json:"modifier"`
	Rule      string         `json:"rule"`    // "One more than your figures (never fewer than one)"
	ForBand   int            `json:"forBand"` // band size the counts below assume
	Count     int            `json:"count"`   // enemies against that band
	Takes     []int          `json:"takes,omitempty"`
	Creatures *CreatureGroup `json:"creatures,omitempty"`
}

// CountFor returns how many enemies the contact brings against a band of
// n figures: the rule's modifier applied, never fewer than one.
func (c *Contact) CountFor(n int) int { return max(1, n+c.Modifier) }

// Places returns the roster places the contact takes, with runs joined
// by an en dash: "4–7, 1".
func (c *Contact) Places() string {
	ns := c.Takes
	var parts []string
	for i := 0; i < len(ns); {
		j := i
		for j+1 < len(ns) && ns[j+1] == ns[j]+1 {
			j++
		}
		switch {
		case j == i:
			parts = append(parts, strconv.Itoa(ns[i]))
		case j == i+1:
			parts = append(parts, strconv.Itoa(ns[i]), strconv.Itoa(ns[j]))
		default:
			parts = append(parts, strconv.Itoa(ns[i])+"–"+strconv.Itoa(ns[j]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// CreatureGroup is a contact rolled on a creature list.
type CreatureGroup struct {
	List     *Roll    `json:"list"`
	Creature *Roll    `json:"creature"`
	Name     string   `json:"name"`
	OnlyOne  bool     `json:"onlyOne,omitempty"`
	ArmyList string   `json:"armyList,omitempty"` // "See List": the army list rolled instead
	Figures  []Figure `json:"figures"`
}

// Enemies says where the enemy come from and holds the loaded-up roster.
type Enemies struct {
	Source string   `json:"source"` // "enemy", an army list id, or "creatures"
	Title  string   `json:"title"`
	Rule   string   `json:"rule"`
	Roster []Figure `json:"roster,omitempty"`
}

// Afterwards is what is rolled for the band after an encounter.
type Afterwards struct {
	NewRecruits *Roll    `json:"newRecruits"`
	AgainstRep  int      `json:"againstRep"` // the Star's Rep the dice were read against: the starting Rep, since Sortie cannot know how it has changed
	Outcome     string   `json:"outcome"`    // full, one or none
	Result      string   `json:"result"`
	Recruits    []Figure `json:"recruits,omitempty"` // ready to take, in the order rolled
	Rerolled    []*Roll  `json:"rerolled,omitempty"`
	Note        string   `json:"note,omitempty"` // why fewer recruits than the result allows
}

// Registry holds the rule systems Sortie knows, by id.
type Registry struct {
	systems map[string]System
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{systems: map[string]System{}} }

// Add registers sys under its data's system id.
func (r *Registry) Add(sys System) error {
	id := sys.Rules().System.ID
	if _, dup := r.systems[id]; dup {
		return fmt.Errorf("system %s registered twice", id)
	}
	r.systems[id] = sys
	return nil
}

// IDs returns the known system ids, sorted.
func (r *Registry) IDs() []string {
	ids := make([]string, 0, len(r.systems))
	for id := range r.systems {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// Get returns the system with the given id.
func (r *Registry) Get(id string) (System, error) {
	if s, ok := r.systems[id]; ok {
		return s, nil
	}
	return nil, fmt.Errorf("unknown system %q (known: %s)", id, strings.Join(r.IDs(), ", "))
}
