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
// missile weapon and weapons that never empty are never turned over: their
// back is the front again, each action behind itself (the front's left
// edge is the back's right), so the card plays the same either side up. A
// Gatling gun's crew have no Move & Fire, and their move leaves the gun
// empty. Every back gives the figure's hand-to-hand and move: a figure
// fights and moves unloaded too.
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
	fight := []doc.Field{{Label: "Hand-to-hand", Value: f.H2HText()}, {Label: "Move", Value: move}}
	c.Fields = append([]doc.Field{{Label: "Weapon", Value: weapon}}, fight...)
	if f.Civilian {
		c.Lines = append(c.Lines, "Civilian: rolls a d6, never rolled for.")
	}
	switch {
	case f.Weapon == nil:
		c.Edges = [4]string{moveEdge(f), EdgeNoMissile, EdgeFight, EdgeMoveOnly}
		c.Lines = append(c.Lines, "No missile weapon: nothing to load.")
		c.Back = sameBack(c, "No missile weapon: either side up plays the same.")
	case f.Gatling:
		c.Lines = append(c.Lines, "One of a crew of two. No Move & Fire; after a move the gun must load.")
		c.Edges = [4]string{EdgeGatlingTop, EdgeFireLoad, EdgeFight, EdgeNoMoveFire}
		c.Back = &doc.Card{Title: f.Name, Tag: f.Die + ", unloaded", Fields: fight, Edges: [4]string{`Move 6"`, EdgeNoMoveFire, EdgeFight, EdgeLoad},
			Lines: []string{"Empty: spend a phase on Load, then turn back to the front."}}
	case f.Reload == ReloadNever:
		c.Edges = [4]string{moveEdge(f), EdgeFireNever, EdgeFight, EdgeMoveFire}
		c.Lines = append(c.Lines, "Loading is part of firing: never turned over.")
		c.Back = sameBack(c, "Never empties: either side up plays the same.")
	default:
		c.Edges = [4]string{moveEdge(f), EdgeFireLoad, EdgeFight, EdgeMoveFire}
		c.Back = &doc.Card{Title: f.Name, Tag: f.Die + ", unloaded", Fields: fight, Edges: [4]string{moveEdge(f), EdgeMoveEmpty, EdgeFight, EdgeLoad},
			Lines: []string{"Empty: spend a phase on Load, then turn back to the front. Move & Fire only moves."}}
	}
	return c
}

// sameBack is the back of a card never turned over: the front's title,
// tag and fields, each action behind itself, and a line saying why.
func sameBack(front doc.Card, why string) *doc.Card {
	e := front.Edges
	return &doc.Card{Title: front.Title, Tag: front.Tag, Fields: front.Fields, Lines: []string{why},
		Edges: [4]string{e[doc.Top], e[doc.Left], e[doc.Bottom], e[doc.Right]}}
}

// cardsIntro says how to use the cards.
const cardsIntro = "One card a figure, cut out square, every card front up (loaded) at the start. Each turn, turn the card so the action chosen is on top. " +
	"When a shot empties the weapon, turn the card over side to side: the same edge stays on top and shows what an empty weapon allows; after a phase of loading, turn it back. " +
	"A card whose back is its front again never needs loading. The band across the top of each face says whose the card is: solid black for your side, hatched for the enemy's."

// Cards returns a side's action cards, titled with whose they are
// ("your side", "the enemy"): a play sheet names both sides' cards in one
// line, and every face marks the side (doc.Side), the enemy's apart from
// the player's.
func (sd *Side) Cards(whose string, enemy bool) *doc.Cards {
	cs := &doc.Cards{Title: "Action cards: " + sd.List.Title + " (" + whose + ")", Intro: cardsIntro, W: CardMM, H: CardMM,
		Side: doc.Side{Name: sd.List.Title, Whose: whose, Enemy: enemy}}
	for _, f := range sd.Figures {
		cs.Items = append(cs.Items, Card(f))
	}
	return cs
}
