package engine

import (
	"fmt"

	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
)

// Keeper is a Campaigner whose campaigns go on from a file the player
// keeps (package campaign's State): it writes its band as members and
// raises it again from them, and takes the book's steps between games
// (recovery, Rep, recruits, who stays) from what the player says
// happened in each.
type Keeper interface {
	// Members returns the band's figures as the player's file holds
	// them, the Star first.
	Members(band *Force) []Member
	// Restore raises the band from the player's file. A member the
	// system cannot take is a *MemberError naming it and its field.
	Restore(members []Member, opt Options) (*Force, error)
	// Fates are the words a game's line may say of a figure (Game.Fates),
	// in the order the system explains them.
	Fates() []Fate
	// After takes the steps between games for one game played at step
	// at: r is the stream of that entry's Afterwards, so the dice are the
	// ones its entry printed. It returns the band as it now stands and
	// the blocks that show every roll and what it did.
	After(r *dice.Roller, at Step, band *Force, game Game, opt Options) (*Force, []doc.Block, error)
}

// Member is one figure of the band as the player's file holds it.
type Member struct {
	Name string
	Star bool
	// Attrs are the figure's attributes, by its force's columns in
	// lower case ("class": "Melee", "rep": "4"), then what the system
	// tracks on a figure from game to game ("months": "3"), in the order
	// the file writes them.
	Attrs []Attr
}

// Attr is one attribute of a member.
type Attr struct{ Key, Value string }

// Get returns the value of the member's attribute key, and whether it
// has one.
func (m Member) Get(key string) (string, bool) {
	for _, a := range m.Attrs {
		if a.Key == key {
			return a.Value, true
		}
	}
	return "", false
}

// Game is what the player says happened in one game, for the steps that
// follow it.
type Game struct {
	Entry   int // the entry's number in its chapter's book
	Success bool
	// Fates are, by a member's name, the words (Keeper.Fates) of what
	// happened to it. A member not named took part and came through.
	Fates map[string][]string
}

// Has reports whether the game says fate of the named figure.
func (g Game) Has(name, fate string) bool {
	for _, f := range g.Fates[name] {
		if f == fate {
			return true
		}
	}
	return false
}

// Fate is a word a game's line may say of a figure, and what it means.
type Fate struct {
	Word    string
	Meaning string
}

// MemberError is a member of the player's file that a system cannot
// take: Index is its place (0 first), Field the key at fault ("" for the
// member as a whole).
type MemberError struct {
	Index int
	Field string
	Err   error
}

func (e *MemberError) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("figure %d: %v", e.Index+1, e.Err)
	}
	return fmt.Sprintf("figure %d, %s: %v", e.Index+1, e.Field, e.Err)
}
func (e *MemberError) Unwrap() error { return e.Err }
