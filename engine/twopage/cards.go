package twopage

import (
	"fmt"
	"strconv"

	"github.com/sortie-wargames/sortie/engine/doc"
)

// CardMM is the side of an action card in millimetres: square, so it
// turns to any edge on the table.
const CardMM = 63

// Edge texts. The front is the loaded side, the back the unloaded one.
// The book's actions clockwise from the top: Move, Fire/Load, Fight
// Hand-to-Hand at the bottom, Move & Fire on the left, so the back's Load
// stands behind Fire/Load and its empty move behind Move & Fire.
const (
	EdgeFireLoad   = "Fire / Load"
	EdgeLoad       = "Load"
	EdgeFight      = "Fight hand-to-hand"
	EdgeMoveFire   = `Move & Fire 6"`
	EdgeMoveEmpty  = `Move 6": empty`
	EdgeFireNever  = "Fire (never empties)"
	EdgeNoMissile  = "Stand (no missile)"
	EdgeMoveOnly   = `Move & Fire: move 6"`
	EdgeNoMoveFire = "No Move & Fire"
	EdgeGatlingTop = `Move 6", then empty`
)

// MaxEdge is the most characters an edge text may have.
const MaxEdge = 22

// moveEdge is the Move action's edge: 9", or 12" mounted.
func moveEdge(f Figure) string { return "Move " + strconv.Itoa(f.Move()) + `"` }

// cardReload is the reload in a card's few words.
func cardReload(kind string) string {
	switch kind {
	case ReloadEvery:
		return "empties each shot"
	case ReloadNever:
		return "never empties"
	case ReloadLow:
		return "empties on a 1-2 to hit"
	}
	return ""
}

// Card returns a figure's action card: its name, die, weapon, hand-to-hand
// modifier and move, the four actions along the front's edges and, for a
// weapon that empties, the unloaded side behind it. Figures without a
// missile weapon and weapons that never empty have a blank back: there is
// nothing to turn it over for. A Gatling gun's crew have no Move & Fire,
// and their move leaves the gun empty.
func Card(f Figure) doc.Card {
	c := doc.Card{Title: f.Name, Tag: f.Die}
	weapon := NoWeapon
	if f.Weapon != nil {
		weapon = fmt.Sprintf(`%s: %d", %d a phase, %s`, f.Weapon.Key, f.Range, f.Rate, cardReload(f.Reload))
	}
	move := strconv.Itoa(f.Move()) + `"`
	switch {
	case f.Gatling:
		move += " (the gun and its crew)"
	case f.Mounted:
		move += " mounted"
	}
	c.Fields = []doc.Field{{Label: "Weapon", Value: weapon}, {Label: "Hand-to-hand", Value: f.H2HText()}, {Label: "Move", Value: move}}
	if f.Civilian {
		c.Lines = append(c.Lines, "Civilian: rolls a d6, never rolled for.")
	}
	switch {
	case f.Weapon == nil:
		c.Edges = [4]string{moveEdge(f), EdgeNoMissile, EdgeFight, EdgeMoveOnly}
		c.Lines = append(c.Lines, "No missile weapon: nothing to load, a blank back.")
	case f.Gatling:
		c.Lines = append(c.Lines, "One of a crew of two. No Move & Fire; after a move the gun must load.")
		c.Edges = [4]string{EdgeGatlingTop, EdgeFireLoad, EdgeFight, EdgeNoMoveFire}
		c.Back = &doc.Card{Title: f.Name, Tag: f.Die + ", unloaded", Edges: [4]string{`Move 6"`, EdgeNoMoveFire, EdgeFight, EdgeLoad},
			Lines: []string{"Empty: spend a phase on Load, then turn back to the front."}}
	case f.Reload == ReloadNever:
		c.Edges = [4]string{moveEdge(f), EdgeFireNever, EdgeFight, EdgeMoveFire}
		c.Lines = append(c.Lines, "Loading is part of firing: a blank back.")
	default:
		c.Edges = [4]string{moveEdge(f), EdgeFireLoad, EdgeFight, EdgeMoveFire}
		c.Back = &doc.Card{Title: f.Name, Tag: f.Die + ", unloaded", Edges: [4]string{moveEdge(f), EdgeMoveEmpty, EdgeFight, EdgeLoad},
			Lines: []string{"Empty: spend a phase on Load, then turn back to the front. Move & Fire only moves."}}
	}
	return c
}

// cardsIntro says how to use the cards.
const cardsIntro = "One card a figure, cut out square, every card front up (loaded) at the start. Each turn, turn the card so the action chosen is on top. " +
	"When a shot empties the weapon, turn the card over side to side: the same edge stays on top and shows what an empty weapon allows; after a phase of loading, turn it back. " +
	"A card with a blank back never needs loading."

// Cards returns a side's action cards, titled with whose they are
// ("your side", "the enemy"): a play sheet names both sides' cards in one
// line, and each card's foot names them.
func (sd *Side) Cards(whose string) *doc.Cards {
	cs := &doc.Cards{Title: "Action cards: " + sd.List.Title + " (" + whose + ")", Intro: cardsIntro, W: CardMM, H: CardMM}
	for _, f := range sd.Figures {
		cs.Items = append(cs.Items, Card(f))
	}
	return cs
}
