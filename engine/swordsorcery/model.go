package swordsorcery

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// The typed record of what the procedures roll. The engine and the
// renderers never see these types: Encounter, Band and Afterwards are
// turned into blocks (blocks.go) for printing. Tests read them to check
// the procedures against the book.

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
	// Rerolled are a recruit's rolls that came up a Rep not below the
	// Star's, rolled again before Roll (page 5).
	Rerolled []*Roll `json:"rerolled,omitempty"`
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
	StarRep int      `json:"starRep"`
	Figures []Figure `json:"figures"`
	Notes   []string `json:"notes,omitempty"`
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

// Afterwards is what is rolled for the band after an encounter, before
// anyone knows how it went, and printed with the entry: each place's dice
// for After the Battle Recovery and Rep Adjustment, New Recruits, and
// each recruit's Recruiting rolls. After reads the same streams.
type Afterwards struct {
	Places      []PlaceDice `json:"places"`
	NewRecruits *Roll       `json:"newRecruits"`
	AgainstRep  int         `json:"againstRep"` // the Star's Rep the dice were read against: the band's when the chapter began; the same dice read against the Rep as it stands after Rep Adjustment
	Outcome     string      `json:"outcome"`    // full, one or none
	Result      string      `json:"result"`
	// Recruits are each recruit's Recruiting rolls in order, up to the
	// first that any Star who can recruit at all would take: a recruit is
	// the first of them whose Rep is below the Star's (page 5).
	Recruits [][]*Roll `json:"recruits"`
}

// PlaceDice are the dice of one place in the band as it stood when the
// game began (1 is the Star, then the others in the order they joined).
type PlaceDice struct {
	Place    int       `json:"place"`
	Recovery dice.Roll `json:"recovery"` // 2d6, read against the figure's Rep
	Rep      dice.Roll `json:"rep"`      // 1d6, read as Rep Adjustment says
}
