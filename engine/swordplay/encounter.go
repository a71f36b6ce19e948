package swordplay

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/words"
)

// Encounter is one Encounter as the procedures roll it, before it is
// turned into blocks. Tests read it to check the procedures.
type Encounter struct {
	Def      *rules.Encounter
	EAL      int
	EALRoll  *doc.Roll // nil when the campaign set the EAL
	Sections []Section
	Raid     *Raid // the raids' buildings in section 2 and time of day
	Places   []Place
	PEFs     []PEF
	Leader   Figure // the enemy's NP Star Leader
	List     *rules.Table
	Roster   []Figure // enemy figures in the order contacts take them
	Taken    int      // how many the groups take against the full band
}

// RosterSize is the fewest enemy figures an Encounter's roster prints.
// Each figure is rolled on the enemy's list, as the book has each contact
// "re-placed with that many figures"; the roster holds every figure the
// sealed PEFs' groups take against the whole band, in the order they are
// taken, so no figure stands on the table twice, and as many again up to
// RosterSize, so that a short roster does not tell the player that the
// sealed PEFs hold few enemies. A smaller party takes fewer from each
// group (How Many Grunts never gives a smaller party more), so the roster
// is long enough for every party the band can field.
const RosterSize = 10

// Section is one of the nine sections and the terrain rolled for it.
type Section struct {
	Number    int
	Roll      *doc.Roll
	Terrain   string // Clear, Woods, Hill, Rough
	Buildings int
	BRoll     *doc.Roll // the Buildings roll on a 9
}

// Raid is what a raid fixes before play.
type Raid struct {
	Buildings     int
	BuildingsRoll *doc.Roll
	Time          string
	TimeRoll      *doc.Roll
	// Loot is the looting time of each raided building in a Raid:
	// Attack (page 30): 1/2d6 turns of activation, uninterrupted, once a
	// raider is inside it empty.
	Loot []*doc.Roll
}

// Place is where a PEF marker starts.
type Place struct {
	Label   string // "A", "B", "C"
	Section int
	Roll    *doc.Roll // nil when the Encounter puts it (in a raided building)
	How     string    // "inside a building", "behind the woods", "in the centre"
}

// PEF is one PEF resolution, in the order PEFs are resolved.
type PEF struct {
	Number  int
	Spare   bool // only read if a PEF split
	Roll    *doc.Roll
	EAL     int    // the EAL it is read at, Something's out there! included
	Letter  string // A, B, C or X
	Outcome string // alert, contact, here-they-come, none
	Name    string // "Contact!"
	Groups  []Group
	Leader  bool // the NP Star Leader comes with the first group
	Side    *doc.Roll
}

// Group is one group of enemies a contact brings.
type Group struct {
	HowMany *doc.Roll
	Rule    string // "As many as the party"
	Base    string
	Plus    int
	Min     int
	MinMore int
	From    int // the roster place the group's figures start at, against the full band (1 first)
}

// Count returns the group's size against a party of n figures (page 32),
// never fewer than one: a contact always brings someone (Sortie's
// reading, a decision in the data: the "less 1" row has no minimum, so a
// party of one would meet an empty contact).
func (g Group) Count(n int) int { return max(1, g.raw(n)) }

// Floored reports whether Sortie's floor of one figure gives a party of n
// a figure the book's row would not.
func (g Group) Floored(n int) bool { return g.raw(n) < 1 }

// Halved reports whether the row halves an odd party of n, which Sortie
// rounds down.
func (g Group) Halved(n int) bool { return g.Base != "party" && n%2 == 1 }

// raw is the group's size as the book's row gives it.
func (g Group) raw(n int) int {
	base := n
	switch g.Base {
	case "half":
		base = n / 2
	case "party-and-half":
		base = n + n/2
	}
	c := base + g.Plus
	if g.Min > 0 {
		c = max(c, g.Min)
	}
	if g.MinMore > 0 {
		c = max(c, n+g.MinMore)
	}
	return c
}

// Encounter rolls one Encounter (RollEncounter) and returns it as blocks.
func (s *System) Encounter(r *dice.Roller, req engine.Request) (*engine.Encounter, error) {
	band, err := s.band(req.Band)
	if err != nil {
		return nil, err
	}
	e, err := s.RollEncounter(r, req.Type, req.State, band, req.Options)
	if err != nil {
		return nil, err
	}
	out := &engine.Encounter{
		System: ID, Type: e.Def.ID, Title: e.Def.Title, State: ealState(e.EAL), Seed: r.Seed(), Stream: r.Path(), Summary: e.Def.Summary,
		Blocks: s.blocks(e, band), Tables: engine.TablesFor(s.set, e.Def.ID, reactionTables(e, band)...),
	}
	return out, nil
}

func ealState(eal int) string { return "EAL " + strconv.Itoa(eal) }

// parseState reads "EAL 3".
func parseState(state string) (int, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(state, "EAL "))
	if err != nil || !strings.HasPrefix(state, "EAL ") || n < MinEAL || n > MaxEAL {
		return 0, fmt.Errorf("state %q: want EAL 1 to EAL 5", state)
	}
	return n, nil
}

func rollOf(t *rules.Table, res rules.Result, result string) *doc.Roll {
	return &doc.Roll{Label: t.Title, Dice: res.Roll, Row: res.Row.Key, Result: result}
}

// RollEncounter rolls an Encounter of type typ at state ("EAL 3"; "" rolls
// the EAL on Enemy Activity Level) for band.
func (s *System) RollEncounter(r *dice.Roller, typ, state string, band *Band, opt engine.Options) (*Encounter, error) {
	def := s.set.Encounter(typ)
	if def == nil {
		return nil, s.unknownType(typ)
	}
	if err := s.CheckOptions(opt); err != nil {
		return nil, err
	}
	e := &Encounter{Def: def, List: s.enemies(opt)}
	if state == "" {
		res, err := s.eal.Roll(r.Stream("eal"), 0)
		if err != nil {
			return nil, err
		}
		e.EAL = res.Cell("EAL").Int
		e.EALRoll = rollOf(s.eal, res, ealState(e.EAL))
	} else {
		n, err := parseState(state)
		if err != nil {
			return nil, err
		}
		e.EAL = n
	}
	for n := 1; n <= 9; n++ {
		sec, err := s.section(r.Stream("terrain", strconv.Itoa(n)), n)
		if err != nil {
			return nil, err
		}
		e.Sections = append(e.Sections, sec)
	}
	raid := strings.HasPrefix(def.ID, "raid")
	if raid {
		rd := &Raid{}
		res, err := s.raidBuildings.Roll(r.Stream("raid", "buildings"), 0)
		if err != nil {
			return nil, err
		}
		rd.Buildings = res.Cell("Buildings").Int
		rd.BuildingsRoll = rollOf(s.raidBuildings, res, words.Plural(rd.Buildings, "building", "buildings")+" in section 2")
		res, err = s.timeOfDay.Roll(r.Stream("raid", "time"), 0)
		if err != nil {
			return nil, err
		}
		rd.Time = plain(res.Cell("Time").Text)
		rd.TimeRoll = rollOf(s.timeOfDay, res, rd.Time)
		if def.ID == "raid-attack" {
			for b := 1; b <= rd.Buildings; b++ {
				d := r.Stream("raid", "loot", strconv.Itoa(b)).Half()
				rd.Loot = append(rd.Loot, &doc.Roll{Label: fmt.Sprintf("Looting building %d", b), Dice: d,
					Result: words.Plural(d.Value, "turn", "turns")})
			}
		}
		e.Raid = rd
	}
	if err := s.place(r.Stream("placement"), e); err != nil {
		return nil, err
	}
	leader, err := rollFigure(r.Stream("leader"), e.List)
	if err != nil {
		return nil, err
	}
	leader.Star = true
	if leader.Rep < 5 {
		leader.Note = fmt.Sprintf("rolled %d on the list (2d6 = %d), raised to 5 as the book suggests for Stars: Sortie's reading", leader.Rep, leader.Roll.Dice.Value)
		leader.Rep = 5
	}
	e.Leader = leader
	if err := s.pefs(r, e, band); err != nil {
		return nil, err
	}
	rr := r.Stream("roster")
	for range max(RosterSize, e.Taken) {
		f, err := rollFigure(rr, e.List)
		if err != nil {
			return nil, err
		}
		e.Roster = append(e.Roster, f)
	}
	return e, nil
}

// section rolls the Terrain Generator for section n, and its buildings
// on a 9.
func (s *System) section(r *dice.Roller, n int) (Section, error) {
	res, err := s.terrain.Roll(r, 0)
	if err != nil {
		return Section{}, err
	}
	sec := Section{Number: n, Terrain: plain(res.Cell("Terrain").Text)}
	sec.Roll = rollOf(s.terrain, res, sec.Terrain)
	if ref := res.Cell("Buildings").Text; ref != "" {
		bt := s.set.Table(ref)
		bres, err := bt.Roll(r.Stream("buildings"), 0)
		if err != nil {
			return Section{}, err
		}
		sec.Buildings = bres.Cell("Buildings").Int
		sec.BRoll = rollOf(bt, bres, words.Plural(sec.Buildings, "building", "buildings"))
	}
	return sec, nil
}

// blocksSight reports whether a section's terrain can hide a PEF from the
// player's force (page 30): woods, a hill, rough ground or buildings.
func blocksSight(sec Section) (string, bool) {
	switch {
	case sec.Buildings > 0:
		return "behind a building", true
	case sec.Terrain == "Woods":
		return "in the woods, out of your force's sight", true
	case sec.Terrain == "Hill":
		return "behind the hill's crest, out of your force's sight", true
	case sec.Terrain == "Rough":
		return "in the rough ground, out of your force's sight", true
	}
	return "in the centre of the section: nothing there hides it", false
}

// place puts the three PEF markers on the table (page 30): 1d6 for the
// section, behind terrain that hides it where there is some. In a Raid:
// Attack one PEF goes inside each raided building; in a Raid: Defend the
// PEFs enter through section 7, 8 or 9.
func (s *System) place(r *dice.Roller, e *Encounter) error {
	labels := []string{"A", "B", "C"}
	i := 0
	if e.Def.ID == "raid-attack" && e.Raid != nil {
		for ; i < e.Raid.Buildings && i < PEFs; i++ {
			e.Places = append(e.Places, Place{Label: labels[i], Section: 2, How: "inside a raided building; it never moves"})
		}
	}
	for ; i < PEFs; i++ {
		t := s.placement
		if e.Def.ID == "raid-defend" {
			t = s.entry
		}
		res, err := t.Roll(r.Stream(labels[i]), 0)
		if err != nil {
			return err
		}
		n := res.Cell("Section").Int
		sec := e.Sections[n-1]
		if n == 2 && e.Raid != nil {
			sec.Buildings += e.Raid.Buildings // the raided buildings hide a PEF too
		}
		how, _ := blocksSight(sec)
		if e.Def.ID == "raid-defend" {
			how = "enters the table through this section"
		}
		e.Places = append(e.Places, Place{Label: labels[i], Section: n, Roll: rollOf(t, res, "section "+strconv.Itoa(n)), How: how})
	}
	return nil
}

// pefs pre-rolls the PEF resolutions in the order they are met: 1d6 each,
// read at the EAL of the moment, which Something's out there! raises for
// the rest of the Encounter (never above 5). Spare resolutions follow for
// PEFs that split.
func (s *System) pefs(r *dice.Roller, e *Encounter, band *Band) error {
	eal := e.EAL
	leaderPlaced := false
	party := max(len(band.Figures), 1)
	for k := 1; k <= PEFs+Spare; k++ {
		pr := r.Stream("pef", strconv.Itoa(k))
		res, err := s.resolution.Roll(pr.Stream("resolution"), 0)
		if err != nil {
			return err
		}
		letter := plain(res.Cell(ealColumn(eal)).Text)
		row := s.results.Named(letter)
		p := PEF{Number: k, Spare: k > PEFs, EAL: eal, Letter: letter,
			Outcome: s.results.Cell(row, "Outcome").Text, Name: plain(s.results.Cell(row, "Name").Text)}
		p.Roll = &doc.Roll{Label: s.resolution.Title, Dice: res.Roll, Row: res.Row.Key}
		groups := 0
		switch p.Outcome {
		case "alert":
			eal = min(MaxEAL, eal+1)
		case "contact":
			groups = 1
		case "here-they-come":
			groups = 2
			if !leaderPlaced {
				p.Leader, leaderPlaced = true, true
			}
			side := pr.Stream("side").D6()
			p.Side = &doc.Roll{Label: "Second group", Dice: side, Result: sideOf(side.Value)}
		}
		for g := 1; g <= groups; g++ {
			grp, err := s.group(pr.Stream("group", strconv.Itoa(g)))
			if err != nil {
				return err
			}
			grp.From = e.Taken + 1
			e.Taken += grp.Count(party)
			p.Groups = append(p.Groups, grp)
		}
		e.PEFs = append(e.PEFs, p)
	}
	return nil
}

func sideOf(die int) string {
	if die <= 3 {
		return "6\" to the left of the first group"
	}
	return "6\" to the right of the first group"
}

// group rolls How Many Grunts for one group.
func (s *System) group(r *dice.Roller) (Group, error) {
	res, err := s.howMany.Roll(r.Stream("how-many"), 0)
	if err != nil {
		return Group{}, err
	}
	g := Group{
		Rule:    plain(res.Cell("Enemies").Text),
		Base:    res.Cell("Base").Text,
		Plus:    res.Cell("Plus").Int,
		Min:     res.Cell("Minimum").Int,
		MinMore: res.Cell("Minimum more").Int,
	}
	g.HowMany = rollOf(s.howMany, res, g.Rule)
	return g, nil
}

// boardMap draws the table: nine sections with their terrain, the PEF
// markers where they start, and the player's edge.
func (s *System) boardMap(e *Encounter) board.Map {
	sys := s.set.System
	m := board.Sectioned(float64(sys.BoardW), float64(sys.BoardH), 3, 3)
	m.Title = "The table"
	if e.Def.BandStarts {
		m.SetEntry(board.Top, false)
	}
	// A section's buildings stand on its terrain: woods, a hill or rough
	// ground is drawn as itself with a block for each building.
	// Each piece is labelled with the Terrain Generator's word for it, as
	// the section's roll prints it ("Rough", not "Rough ground").
	kinds := map[string]string{"Woods": board.Woods, "Hill": board.Hills, "Rough": board.Rough}
	for _, sec := range e.Sections {
		if e.Raid != nil && sec.Number == 2 {
			continue
		}
		kind, ok := kinds[sec.Terrain]
		switch {
		case sec.Buildings > 0 && ok:
			m.Fill(sec.Number, kind, board.Count(sec.Buildings), board.Labelled(sec.Terrain))
		case sec.Buildings > 0:
			m.Fill(sec.Number, board.Buildings, board.Count(sec.Buildings))
		case ok:
			m.Fill(sec.Number, kind, board.Labelled(sec.Terrain))
		}
	}
	if e.Raid != nil {
		// The raided buildings stand in section 2 whatever its terrain,
		// drawn on it.
		sec := e.Sections[1]
		kind, ok := kinds[sec.Terrain]
		opts := []board.Option{board.Count(e.Raid.Buildings + sec.Buildings), board.Note("the raid's objective")}
		if ok {
			opts = append(opts, board.Labelled(sec.Terrain))
		} else {
			kind = board.Buildings
		}
		m.Fill(2, kind, opts...)
	}
	for _, p := range e.Places {
		m.PlaceInSection(p.Section, p.Label)
	}
	caption := "Terrain rolled section by section (Terrain Generator). Lettered circles: where the PEFs start."
	if e.Def.ID == "raid-defend" {
		caption = "Terrain rolled section by section (Terrain Generator). Lettered circles: where the PEFs come on."
	}
	m.Caption = caption
	return m
}

// reactionTables are the Reaction Tests (pages 15-16) of every Class on
// the table: the band's, the enemy roster's and the NP Star Leader's, each
// as its army list names it. They are rolled at the table, whenever a
// figure is shot at, sees a friend fall or is charged.
func reactionTables(e *Encounter, band *Band) []string {
	figs := append([]Figure{e.Leader}, e.Roster...)
	if band != nil {
		figs = append(figs, band.Figures...)
	}
	var ids []string
	for _, f := range figs {
		if f.Reactions != "" {
			ids = append(ids, f.Reactions)
		}
	}
	return ids
}
