package swordsorcery

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/words"
)

// The capabilities the engine calls: each rolls the typed record and
// turns it into the blocks every renderer draws.

// figureColumns are the attributes the book gives every figure.
var figureColumns = []string{"Class", "Rep", "AC"}

// Band recruits the player's band (RollBand) as a Force.
func (s *System) Band(r *dice.Roller, opt engine.Options) (*engine.Force, error) {
	b, err := s.RollBand(r, opt)
	if err != nil {
		return nil, err
	}
	return s.forceOf(b), nil
}

// force returns a figure as a row of a Force.
func force(f Figure) engine.Figure {
	name := f.Type
	if f.Name != "" && f.Name != f.Type {
		name = f.Name
	}
	out := engine.Figure{Name: name, Attrs: []string{f.Class, strconv.Itoa(f.Rep), strconv.Itoa(f.AC)}, Star: f.Star, Note: f.Note}
	if f.Roll != nil {
		out.Roll = &doc.Roll{Label: f.Roll.Title, Dice: f.Roll.Dice, Row: f.Roll.Row}
	}
	return out
}

func figuresTable(title string, fs []Figure) *doc.Table {
	f := &engine.Force{Title: title, Columns: figureColumns}
	for _, fig := range fs {
		f.Figures = append(f.Figures, force(fig))
	}
	return f.Table()
}

// band returns the system's own record of a force it recruited.
func (s *System) band(f *engine.Force) (*Band, error) { return engine.OwnOf[*Band](f, ID) }

// Encounter rolls one encounter (RollEncounter) and returns it as blocks:
// the Battle Boards, the terrain, the book's sections, the enemy and the
// sealed PEFs in the order they are resolved.
func (s *System) Encounter(r *dice.Roller, req engine.Request) (*engine.Encounter, error) {
	band, err := s.band(req.Band)
	if err != nil {
		return nil, err
	}
	e, err := s.RollEncounter(r, req.Type, band, req.Options)
	if err != nil {
		return nil, err
	}
	out := &engine.Encounter{
		System: e.System, Type: e.Type, Title: e.Title, Seed: e.Seed, Stream: e.Stream, Summary: e.Summary,
		Tables: engine.TablesFor(s.set, e.Type, playTables(e)...),
	}
	var bs []doc.Block
	for _, m := range e.Maps {
		bs = append(bs, &doc.Map{Map: m})
	}
	bs = append(bs,
		&doc.Roll{Label: e.Terrain.Roll.Title, Dice: e.Terrain.Roll.Dice, Row: e.Terrain.Roll.Row, Result: e.Terrain.Name},
		&doc.Para{Lead: "Terrain: " + e.Terrain.Name + ".", Text: fmt.Sprintf("Battle Board %d\" x %d\". %s to resolve; the last holds the objective.",
			e.Board.WidthIn, e.Board.HeightIn, words.Plural(len(e.PEFs), "PEF", "PEFs"))},
		&doc.Section{Title: "Objective", Blocks: []doc.Block{&doc.List{Items: e.Objective}}},
		&doc.Section{Title: "Forces", Blocks: []doc.Block{&doc.List{Items: e.Forces}}},
		&doc.Section{Title: "Deployment", Blocks: []doc.Block{&doc.List{Items: e.Deployment}}},
		&doc.Section{Title: "Special instructions", Blocks: []doc.Block{&doc.List{Items: e.Special}}},
	)
	enemy := &doc.Section{Title: "The enemy: " + e.Enemies.Title, Blocks: []doc.Block{&doc.Para{Text: e.Enemies.Rule}}}
	if len(e.Enemies.Roster) > 0 {
		enemy.Blocks = append(enemy.Blocks,
			&doc.Para{Note: true, Text: "Loaded-up roster: when a PEF brings contact, it says how many figures to take from the top."},
			figuresTable("Roster", e.Enemies.Roster))
	}
	bs = append(bs, enemy)
	sealed := &doc.Sealed{Title: "PEFs", Intro: "Resolve them in order before you move onto the Battle Board. Read each only when you resolve it."}
	for _, p := range e.PEFs {
		sealed.Items = append(sealed.Items, s.pefItem(p))
	}
	out.Blocks = append(bs, sealed)
	return out, nil
}

// pefItem is one PEF as a sealed item.
func (s *System) pefItem(p PEF) doc.SealedItem {
	it := doc.SealedItem{Number: p.Number, Title: "The " + words.Ordinal(p.Number) + " PEF you resolve"}
	switch {
	case p.Camp:
		it.Tag = "the camp"
	case p.Objective:
		it.Tag = "the objective"
	}
	if p.Roll != nil {
		it.Blocks = append(it.Blocks, &doc.Roll{Label: p.Roll.Title, Dice: p.Roll.Dice, Row: p.Roll.Row})
	} else {
		it.Blocks = append(it.Blocks, &doc.Para{Note: true, Text: "No roll: " + strings.TrimPrefix(p.Method, "none: ") + "."})
	}
	it.Blocks = append(it.Blocks, &doc.Para{Lead: p.Result})
	if p.Forced != "" {
		it.Blocks = append(it.Blocks, &doc.Para{Text: p.Forced})
	}
	c := p.Contact
	if c == nil {
		return it
	}
	it.Blocks = append(it.Blocks, &doc.Roll{Label: c.Size.Title, Dice: c.Size.Dice, Row: c.Size.Row})
	if g := c.Creatures; g != nil && g.OnlyOne {
		it.Blocks = append(it.Blocks, &doc.Para{Lead: "1 enemy,", Text: "whatever your band: the creature comes alone. Set up a " + c.Board + " Battle Board."})
	} else {
		text := fmt.Sprintf("Set up a %s Battle Board.", c.Board)
		if len(c.Takes) > 0 {
			text += fmt.Sprintf(" Take the next %d from the roster, carrying on where the last contact stopped (with your full band: places %s).", len(c.Takes), c.Places())
		}
		it.Blocks = append(it.Blocks,
			&doc.Para{Lead: fmt.Sprintf("With your band of %d: %s.", c.ForBand, words.Plural(c.Count, "enemy", "enemies")), Text: text},
			countTable(c))
	}
	if g := c.Creatures; g != nil {
		name := g.Name
		switch {
		case g.ArmyList != "":
			name += ": see the " + g.Figures[0].Roll.Title + " list"
		case g.OnlyOne:
			name += ": only one"
		}
		it.Blocks = append(it.Blocks,
			&doc.Roll{Label: g.List.Title, Dice: g.List.Dice, Row: g.List.Row},
			&doc.Roll{Label: g.Creature.Title, Dice: g.Creature.Dice, Row: g.Creature.Row},
			&doc.Para{Lead: name + "."},
			figuresTable("", g.Figures))
	}
	return it
}

// countTable lists a contact's enemies for bands of 1 to 7 figures (more
// when the band was bigger), so a band that has lost figures reads its
// own count.
func countTable(c *Contact) *doc.Table {
	t := &doc.Table{Head: []string{"Your figures"}}
	row := []string{"Enemies"}
	for n := 1; n <= max(7, c.ForBand); n++ {
		t.Head = append(t.Head, strconv.Itoa(n))
		row = append(row, strconv.Itoa(c.CountFor(n)))
	}
	t.Rows = [][]string{row}
	return t
}

// Start begins a campaign at the system's first encounter.
func (s *System) Start(_ *dice.Roller, _ engine.Options) (engine.Step, error) {
	return engine.Step{Type: s.set.System.First}, nil
}

// Next reads the Next Encounter table.
func (s *System) Next(at engine.Step, success bool) (engine.Edge, error) {
	typ, err := s.NextType(at.Type, success)
	if err != nil {
		return engine.Edge{}, err
	}
	return engine.Edge{To: engine.Step{Type: typ}}, nil
}

// Afterwards is the campaign's Afterwards in the book's order (lines
// 944-964): After the Battle Recovery, then Rep Adjustment, then New
// Recruits, with the dice of each rolled here (RollAfterwards): a
// figure's by its place in the band as it stood when the game began, so
// that the player reads them for the band as it then is, and After,
// given the game, reads the very same dice.
func (s *System) Afterwards(r *dice.Roller, _ int, _ engine.Step, force *engine.Force, opt engine.Options) ([]doc.Block, error) {
	band, err := s.band(force)
	if err != nil {
		return nil, err
	}
	a, err := s.RollAfterwards(r, band, opt)
	if err != nil {
		return nil, err
	}
	byPlace := &doc.Table{Head: []string{"Place"}, Rows: [][]string{{"Recovery 2d6"}, {"Rep 1d6"}},
		Notes: []string{"Place 1 is your Star, then the others in the order they joined, as the band stood when this game began."}}
	for _, p := range a.Places {
		byPlace.Head = append(byPlace.Head, strconv.Itoa(p.Place))
		byPlace.Rows[0] = append(byPlace.Rows[0], diceList(p.Recovery.Dice))
		byPlace.Rows[1] = append(byPlace.Rows[1], diceList(p.Rep.Dice))
	}
	recruits := &doc.Table{Head: []string{"Recruit"}, Rows: [][]string{{"Recruiting 2d6"}},
		Notes: []string{"Read a recruit's rolls in order on Recruiting (QRS): it is the first whose Rep is below your Star's."}}
	for i, chain := range a.Recruits {
		var sums []string
		for _, c := range chain {
			sums = append(sums, strconv.Itoa(c.Dice.Value))
		}
		recruits.Head = append(recruits.Head, strconv.Itoa(i+1))
		recruits.Rows[0] = append(recruits.Rows[0], strings.Join(sums, ", "))
	}
	return []doc.Block{
		&doc.Para{Lead: "1. " + s.recovery.Title + ":", Text: "each figure that went Out of the Fight or left the table reads its Recovery dice against its Rep (QRS)."},
		&doc.Para{Lead: "2. " + s.repAdjustment.Title + ":", Text: "each figure that came back and fought, or went down or left, reads its Rep die (QRS)."},
		byPlace,
		&doc.Para{Lead: "3. If a figure did not come back:", Text: s.newRecruits.Title + ", up to your Star's Rep in figures."},
		&doc.Roll{Label: a.NewRecruits.Title, Dice: a.NewRecruits.Dice, Row: a.NewRecruits.Row, Result: a.Result},
		&doc.Para{Note: true, Text: fmt.Sprintf("Read against your Star's starting Rep %d. If it has changed, read the same dice against the new Rep.", a.AgainstRep)},
		recruits,
		&doc.Para{Note: true, Text: decideStar + " " + decideLosses + " " + decideSize},
	}, nil
}

// diceList is the dice as they fell, "3 5", held together by a no-break
// space so that a phone's narrow column neither splits a place's dice nor
// pushes the last place out of sight.
func diceList(ds []int) string {
	s := make([]string, len(ds))
	for i, d := range ds {
		s[i] = strconv.Itoa(d)
	}
	return strings.Join(s, "\u00a0")
}

// playTables are the battle tables (pages 6-12) that depend on the
// forces, for the figures the player can see before play: the band and the
// enemy roster. Shooting and Shooting Damage when a figure is a Missile,
// Casting when one is a Caster, NPC Spell Casting when an enemy one is.
// Creatures stay out: each contact rolls its own on a sealed PEF card,
// and a table named here would give away what one holds. The PEF and
// creature tables stay out too: Sortie rolled them for the cards.
func playTables(e *Encounter) []string {
	var ids []string
	var band []Figure
	if e.Band != nil {
		band = e.Band.Figures
	}
	for i, f := range append(append([]Figure(nil), band...), e.Enemies.Roster...) {
		switch f.Class {
		case "Missile":
			ids = append(ids, "shooting", "shooting-damage")
		case "Caster":
			ids = append(ids, "casting")
			if i >= len(band) {
				ids = append(ids, "npc-spell-casting")
			}
		}
	}
	return ids
}
