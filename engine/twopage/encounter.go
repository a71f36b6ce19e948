package twopage

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
	"github.com/sortie-wargames/sortie/engine/words"
)

// Encounter is one skirmish as the procedures roll it, before it is
// turned into blocks. Tests read it to check the procedures.
type Encounter struct {
	Def      *rules.Encounter
	Player   Side
	Enemy    Side
	Sections []Section // 1 to 9
	Stream   *doc.Roll // the Battlefield Stream roll
	Through  []int     // the sections the stream runs through, in order; nil for none
	Turns    []Turn    // 1 to Turns
}

// Section is one section of the table and its terrain roll.
type Section struct {
	Number    int
	Roll      *doc.Roll
	Terrain   string // as the table names it
	Kind      string // open, rough, hills, woods, buildings, walls
	Buildings int
}

// Turn is one turn of the track: its phase die.
type Turn struct {
	Number int
	Roll   *doc.Roll
	Phases int
}

// ZoneIn is how deep each side's set-up zone is, in inches.
const ZoneIn = 6

// StreamIn is how wide a stream is drawn, in inches (the book gives no
// width: it is crossed in three phases, whatever its width).
const StreamIn = 2

// Encounter rolls a skirmish (RollEncounter) and returns it as blocks.
// The system has no Recruiter: both sides are rolled with the encounter.
func (s *System) Encounter(r *dice.Roller, req engine.Request) (*engine.Encounter, error) {
	e, err := s.RollEncounter(r, req.Type, req.Options)
	if err != nil {
		return nil, err
	}
	return &engine.Encounter{
		System: ID, Type: e.Def.ID, Title: e.Def.Title, Seed: r.Seed(), Stream: r.Path(), Summary: e.Def.Summary,
		Blocks: s.blocks(e), Tables: engine.TablesFor(s.set, e.Def.ID, e.tables()...),
	}, nil
}

// tables are the QRS tables this battlefield and these sides need at the
// table, beyond the turn, hand-to-hand and wounds every skirmish uses:
// Terrain Costs where a section is not open ground, Stream Crossing when
// a stream runs through, Buildings when there are any, Firing when a
// figure carries a missile weapon (its range, rate and loading print with
// the sides already).
func (e *Encounter) tables() []string {
	var ids []string
	for _, sd := range []Side{e.Player, e.Enemy} {
		for _, f := range sd.Figures {
			if f.Weapon != nil {
				ids = append(ids, "firing")
			}
		}
	}
	if len(e.Through) > 0 {
		ids = append(ids, "stream-crossing")
	}
	for _, sec := range e.Sections {
		if sec.Kind != "open" {
			ids = append(ids, "terrain-costs")
		}
		if sec.Buildings > 0 || sec.Kind == "buildings" {
			ids = append(ids, "buildings")
		}
	}
	return ids
}

// RollEncounter rolls an encounter of type typ: both sides (from stream
// side/player and side/enemy), the battlefield (terrain) and the turn
// track (turns).
func (s *System) RollEncounter(r *dice.Roller, typ string, opt engine.Options) (*Encounter, error) {
	def, err := s.set.FindEncounter(typ)
	if err != nil {
		return nil, err
	}
	if err := s.CheckOptions(opt); err != nil {
		return nil, err
	}
	e := &Encounter{Def: def, Player: Side{Player: true}}
	pr, er := r.Stream("side", "player"), r.Stream("side", "enemy")
	// The player's side is picked first; a rolled one avoids a chosen
	// enemy, and a rolled enemy avoids the player's.
	if e.Player.List, e.Player.Roll, e.Player.Rerolls, err = s.pick(pr.Stream("pick"), opt.Recruits, opt.Enemies); err != nil {
		return nil, err
	}
	if e.Enemy.List, e.Enemy.Roll, e.Enemy.Rerolls, err = s.pick(er.Stream("pick"), opt.Enemies, e.Player.List.ID); err != nil {
		return nil, err
	}
	if e.Player.Figures, err = s.side(pr, e.Player.List); err != nil {
		return nil, err
	}
	if e.Enemy.Figures, err = s.side(er, e.Enemy.List); err != nil {
		return nil, err
	}
	if err := s.battlefield(r.Stream("terrain"), e); err != nil {
		return nil, err
	}
	tr := r.Stream("turns")
	for n := 1; n <= Turns; n++ {
		res, err := s.phase.Roll(tr.Stream(strconv.Itoa(n)), 0)
		if err != nil {
			return nil, err
		}
		p := res.Cell("Phases").Int
		e.Turns = append(e.Turns, Turn{Number: n, Phases: p,
			Roll: &doc.Roll{Label: s.phase.Title, Dice: res.Roll, Row: res.Row.Key, Result: phases(p)}})
	}
	return e, nil
}

// phaseReadout is the phase die's rows: "1 → 1, 2-3 → 2, ...".
func (s *System) phaseReadout() string {
	var parts []string
	for _, r := range s.phase.Rows {
		parts = append(parts, r.Key+" → "+strconv.Itoa(s.phase.Cell(&r, "Phases").Int))
	}
	return strings.Join(parts, ", ")
}

func phases(n int) string {
	if n == 1 {
		return "1 phase"
	}
	return strconv.Itoa(n) + " phases"
}

// battlefield rolls each section's terrain and the stream (Sortie's own
// procedure: the book has none).
func (s *System) battlefield(r *dice.Roller, e *Encounter) error {
	for n := 1; n <= 9; n++ {
		res, err := s.terrain.Roll(r.Stream("section", strconv.Itoa(n)), 0)
		if err != nil {
			return err
		}
		t := plain(res.Cell("Terrain").Text)
		e.Sections = append(e.Sections, Section{Number: n, Terrain: t, Kind: res.Cell("Kind").Text, Buildings: res.Cell("Count").Int,
			Roll: &doc.Roll{Label: s.terrain.Title, Dice: res.Roll, Row: res.Row.Key, Result: t}})
	}
	res, err := s.stream.Roll(r.Stream("stream"), 0)
	if err != nil {
		return err
	}
	e.Stream = &doc.Roll{Label: s.stream.Title, Dice: res.Roll, Row: res.Row.Key, Result: plain(res.Cell("Stream").Text)}
	e.Through, err = through(res.Cell("Through").Text)
	return err
}

// boardMap draws the table: nine sections with their terrain, the stream,
// and both sides' zones.
func (s *System) boardMap(e *Encounter) board.Map {
	sys := s.set.System
	w, h := float64(sys.BoardW), float64(sys.BoardH)
	m := board.Sectioned(w, h, 3, 3)
	m.Title = "The table"
	m.SetEntry(board.Bottom, false)
	m.Zones = []board.Zone{
		{Side: board.Enemy, Label: "The enemy sets up here", X: 0, Y: 0, W: w, H: ZoneIn},
		{Side: board.Band, Label: "Your side sets up here", X: 0, Y: h - ZoneIn, W: w, H: ZoneIn},
	}
	// What a kind of terrain does in play is said once, in the caption,
	// not under every section's label: on a folded page's 24 mm section
	// "height advantage +1" wrapped to three lines over the stream. Each
	// section's label is its Terrain roll's result, word for word: the
	// map and the table beside it name a piece alike ("A low hill").
	var walls []int
	says := map[string]string{}
	for _, sec := range e.Sections {
		switch sec.Kind {
		case "rough":
			m.Fill(sec.Number, board.Rough, board.Labelled(sec.Terrain))
			says["rough"] = words.LowerFirst(sec.Terrain) + " costs double"
		case "hills":
			m.Fill(sec.Number, board.Hills, board.Labelled(sec.Terrain))
			says["hills"] = "a hill, height advantage +1"
		case "woods":
			m.Fill(sec.Number, board.Woods, board.Labelled(sec.Terrain))
		case "buildings":
			m.Fill(sec.Number, board.Buildings, board.Count(sec.Buildings), board.Labelled(sec.Terrain))
			says["buildings"] = "a building's room is one space"
		case "walls":
			walls = append(walls, sec.Number)
		}
	}
	if len(e.Through) > 0 {
		pts := m.Through(e.Through...)
		m.River(StreamIn, pts...)
		m.Lines[len(m.Lines)-1].Label = "Stream"
	}
	// Walls are laid last, clear of the stream: a few runs in the
	// section, labelled as the table names them, where the player sets
	// them out.
	for _, n := range walls {
		m.Walls(n, e.Sections[n-1].Terrain)
	}
	m.Caption = "Sortie's own lay-out (the book gives none), rolled section by section."
	var rules []string
	if len(e.Through) > 0 {
		rules = append(rules, "a stream takes three phases to cross")
	}
	for _, k := range []string{"hills", "rough", "buildings"} {
		if says[k] != "" {
			rules = append(rules, says[k])
		}
	}
	if len(rules) > 0 {
		m.Caption += " " + words.Capital(strings.Join(rules, "; ")) + "."
	}
	drawn, undrawn := wallSections(e, m)
	if len(drawn) > 0 {
		m.Caption += " Walls, fences or hedges in " + sectionList(drawn) + ": set them out as drawn; 4\" to cross, +1 defending."
	}
	if len(undrawn) > 0 {
		m.Caption += " Walls, fences or hedges in " + sectionList(undrawn) + " (no room on the map to draw them): 4\" to cross, +1 defending."
	}
	return m
}

// wallSections are the walls sections of e, those m draws runs of wall
// in and those it has no room for (a stream taking the section).
func wallSections(e *Encounter, m board.Map) (drawn, undrawn []int) {
	for _, sec := range e.Sections {
		if sec.Kind != "walls" {
			continue
		}
		if slices.ContainsFunc(m.Lines, func(l board.Line) bool { return l.Kind == board.Wall && l.Section == sec.Number }) {
			drawn = append(drawn, sec.Number)
		} else {
			undrawn = append(undrawn, sec.Number)
		}
	}
	return drawn, undrawn
}

// sectionList names sections: "section 5", "sections 2 and 5".
func sectionList(ns []int) string {
	var parts []string
	for _, n := range ns {
		parts = append(parts, strconv.Itoa(n))
	}
	if len(parts) == 1 {
		return "section " + parts[0]
	}
	return "sections " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// blocks turns a rolled skirmish into what every renderer draws: the map,
// the terrain rolls, the label that this is Sortie's own, the encounter's
// lines, both sides with their rolls, the turn track and each side's
// action cards.
func (s *System) blocks(e *Encounter) []doc.Block {
	m := s.boardMap(e)
	bs := []doc.Block{
		&doc.Map{Map: m},
		&doc.Para{Lead: Own + ":", Text: "the book has no forces, battlefield or scenario. The sides, the table's terrain and this skirmish's aims are Sortie's, rolled on tables you can edit; each figure's die, its weapon and the phase dice are the book's."},
	}
	terr := &doc.Table{Title: "Battlefield Terrain (Sortie's own table)", Head: []string{"Section", "1d6", "Terrain"}}
	for _, sec := range e.Sections {
		terr.Rows = append(terr.Rows, []string{strconv.Itoa(sec.Number), sec.Roll.Dice.String(), sec.Terrain})
	}
	tblocks := []doc.Block{terr, e.Stream}
	_, undrawn := wallSections(e, m)
	// Walls the map draws are said once, in its caption, as every kind
	// of terrain is; those it has no room for are set out by the note.
	if len(undrawn) > 0 {
		tblocks = append(tblocks, &doc.Para{Text: "Walls, fences or hedges in " + sectionList(undrawn) + ", which the map has no room to draw: set out a few low runs across the section. Crossing one costs 4\"; a figure defending one adds +1 in hand-to-hand."})
	}
	bs = append(bs,
		&doc.Section{Title: "Terrain", Blocks: tblocks},
		&doc.Section{Title: "Objective", Blocks: []doc.Block{&doc.List{Items: e.Def.Objective}}},
		&doc.Section{Title: "Forces", Blocks: []doc.Block{&doc.List{Items: e.Def.Forces}}},
		&doc.Section{Title: "Deployment", Blocks: []doc.Block{&doc.List{Items: e.Def.Deployment}}},
		&doc.Section{Title: "Special instructions", Blocks: []doc.Block{&doc.List{Items: e.Def.Special}}},
	)
	for _, sd := range []*Side{&e.Player, &e.Enemy} {
		f := sd.Force()
		if sd == &e.Enemy {
			// Said once, under the second roster, for both.
			f.Notes = append(f.Notes, &doc.Para{Note: true, Text: dieNote})
		}
		bs = append(bs, &doc.Section{Title: f.Title, Blocks: f.Blocks()})
	}
	// The section's heading names the track: the table has no title of
	// its own to print a second time under it. "Strike off" is one
	// instruction: a no-break space keeps it on one line in a narrow
	// column rather than "Strike" over "off".
	track := &doc.Table{Head: []string{"Turn", "1d6", "Phases", "Strike\u00a0off"}}
	for _, t := range e.Turns {
		var boxes []string
		for p := 1; p <= t.Phases; p++ {
			boxes = append(boxes, strconv.Itoa(p))
		}
		track.Rows = append(track.Rows, []string{strconv.Itoa(t.Number), t.Roll.Dice.String(), strconv.Itoa(t.Phases), strings.Join(boxes, " ")})
	}
	bs = append(bs, &doc.Section{Title: "Turn track", Blocks: []doc.Block{
		&doc.Para{Text: fmt.Sprintf("The phase die, rolled for %d turns ahead (%s: %s). Strike off each phase as you play it; past turn %d, roll the die yourself.", Turns, s.phase.Title, s.phaseReadout(), Turns)},
		track,
	}})
	bs = append(bs, e.Player.Cards("your side", false), e.Enemy.Cards("the enemy", true))
	return bs
}
