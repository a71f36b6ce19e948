package chainreaction

import (
	"cmp"
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

// Encounter is one Patrol as the procedures roll it, before it is turned
// into blocks. Tests read it to check the procedures.
type Encounter struct {
	Def      *rules.Encounter
	Types    []*doc.Roll // the overall type rolled for sections 1 to 9, in that order
	Sections []Section   // sections 1 to 9, after like types are moved together
	Places   []Place
	PEFs     []PEF
	Own      string // the player's list
	Enemy    *rules.Table
	HowMany  *rules.Table
	Roster   []Figure
	Taken    int
}

// Section is one section's terrain.
type Section struct {
	Number    int
	Type      string    // clear-hilly, woods or mountainous
	From      int       // the section whose overall roll it carries
	Roll      *doc.Roll // Terrain Generator
	Terrain   string    // Clear, Hill, Woods, Wooded Hill, Rough, Impassable
	Road      bool
	RoadRoll  *doc.Roll
	Across    bool // the road (or river) runs left to right
	River     bool
	Lake      bool
	Width     int
	WidthRoll *doc.Roll
	Crossing  string // ford or bridge
	CrossRoll *doc.Roll
	Buildings int
	BRoll     *doc.Roll
	Dir       *doc.Roll // the river's direction, rolled as a road's
}

// Place is where a PEF marker starts, and its Rep.
type Place struct {
	Label   string
	Section int
	Roll    *doc.Roll
	Rep     int
	RepRoll *doc.Roll
	How     string
}

// PEF is one PEF resolution, in the order PEFs are resolved.
type PEF struct {
	Number    int
	Extra     bool // only for a PEF that split or one placed by Scouting
	Resolved  int  // PEFs resolved before, as the table reads it (3: three or more)
	Roll      *doc.Roll
	Letter    string
	Name      string
	Outcome   string // main-body, stragglers, false-alarm (enemy is read as one of the first two)
	Enemy     bool   // a D read as Main Body or Stragglers
	HowMany   *doc.Roll
	Rule      string
	Groups    int
	Size      string
	From      int       // the roster place its figures start at, for your whole force
	Commander *doc.Roll // whether the CinC is with it; nil once he has been found
	CinC      bool
	Again     bool // an A after the Main Body was found, read as printed
	// FirstGroup is the number of its first group among all the groups
	// found, in the sealed order (1 first).
	FirstGroup int
	// Teams are an enemy Military group's team weapons (Team Weapons),
	// one for each three figures the whole force meets, group by group.
	Teams []*doc.Roll
}

// Raw returns how many enemy figures a result of size brings against a
// force of n as the book's row reads, before Sortie's floor of one.
func Raw(size string, n int) int {
	c := n
	switch size {
	case "half":
		c = n / 2
	case "one-fewer":
		c = n - 1
	case "one-more":
		c = n + 1
	case "half-more":
		c = n + n/2
	case "double":
		c = 2 * n
	case "triple":
		c = 3 * n
	}
	return c
}

// Halves reports whether a result of size halves a force of n that is
// odd, which Sortie rounds down.
func Halves(size string, n int) bool { return (size == "half" || size == "half-more") && n%2 == 1 }

// Count returns how many enemy figures a result of size, in groups,
// brings against a force of n (page 27): halves round down and a group
// found always has at least one figure (the data's decisions), so a row of
// two groups that gives one figure brings one in each.
func Count(size string, groups, n int) int { return max(1, groups, Raw(size, n)) }

// split returns total figures in groups as even as they go, largest first.
func split(total, groups int) []int {
	out := make([]int, max(groups, 1))
	for i := range out {
		out[i] = total / len(out)
		if i < total%len(out) {
			out[i]++
		}
	}
	return out
}

func rollOf(t *rules.Table, res rules.Result, result string) *doc.Roll {
	return &doc.Roll{Label: t.Title, Dice: res.Roll, Row: res.Row.Key, Result: result}
}

// Encounter rolls a Patrol (RollEncounter) and returns it as blocks.
func (s *System) Encounter(r *dice.Roller, req engine.Request) (*engine.Encounter, error) {
	band, err := s.band(req.Band)
	if err != nil {
		return nil, err
	}
	e, err := s.RollEncounter(r, req.Type, band, req.Options)
	if err != nil {
		return nil, err
	}
	return &engine.Encounter{
		System: ID, Type: e.Def.ID, Title: e.Def.Title, Seed: r.Seed(), Stream: r.Path(), Summary: e.Def.Summary,
		Blocks: s.blocks(e, band), Tables: engine.TablesFor(s.set, e.Def.ID),
	}, nil
}

// RollEncounter rolls an encounter of type typ for band.
func (s *System) RollEncounter(r *dice.Roller, typ string, band *Band, opt engine.Options) (*Encounter, error) {
	def, err := s.set.FindEncounter(typ)
	if err != nil {
		return nil, err
	}
	if err := s.CheckOptions(opt); err != nil {
		return nil, err
	}
	own, enemy := s.sides(opt)
	e := &Encounter{Def: def, Own: own, Enemy: s.lists[enemy], HowMany: s.howMany(own)}
	if err := s.terrain(r.Stream("terrain"), e); err != nil {
		return nil, err
	}
	if err := s.place(r.Stream("placement"), e); err != nil {
		return nil, err
	}
	if err := s.pefs(r, e, len(band.Figures)); err != nil {
		return nil, err
	}
	rr := r.Stream("roster")
	squad := ""
	for range max(RosterSize, e.Taken) {
		f, err := s.inSquad(rr, e.Enemy, squad)
		if err != nil {
			return nil, err
		}
		squad = f.Squad
		e.Roster = append(e.Roster, f)
	}
	return e, nil
}

// terrain lays out the nine sections (pages 20-21): 1d6 for each
// section's overall type, like types then moved next to each other, and
// 2d6 on the Terrain Generator column of the section's type, with its
// buildings, road, river or lake.
func (s *System) terrain(r *dice.Roller, e *Encounter) error {
	type rolled struct {
		from int
		typ  string
	}
	var rs []rolled
	for n := 1; n <= 9; n++ {
		res, err := s.overall.Roll(r.Stream("type", strconv.Itoa(n)), 0)
		if err != nil {
			return err
		}
		typ := res.Cell("Column").Text
		e.Types = append(e.Types, rollOf(s.overall, res, plain(res.Cell("Type").Text)))
		rs = append(rs, rolled{n, typ})
	}
	// Like types sit together: the rolls, grouped by type in the order the
	// types were first rolled, are laid along the sections in a snake
	// (1 2 3, 6 5 4, 7 8 9), so each run of one type is a connected block.
	first := map[string]int{}
	for i, x := range rs {
		if _, ok := first[x.typ]; !ok {
			first[x.typ] = i
		}
	}
	slices.SortStableFunc(rs, func(a, b rolled) int { return cmp.Compare(first[a.typ], first[b.typ]) })
	snake := []int{1, 2, 3, 6, 5, 4, 7, 8, 9}
	e.Sections = make([]Section, 9)
	for i, x := range rs {
		n := snake[i]
		e.Sections[n-1] = Section{Number: n, Type: x.typ, From: x.from}
	}
	for i := range e.Sections {
		sec := &e.Sections[i]
		sr := r.Stream("section", strconv.Itoa(sec.Number))
		res, err := s.generator.Roll(sr, 0)
		if err != nil {
			return err
		}
		col := columns[sec.Type]
		text := plain(res.Cell(col).Text)
		sec.Roll = rollOf(s.generator, res, col+": "+text)
		base := text
		if b, ok := strings.CutSuffix(base, " w/Road"); ok {
			base, sec.Road = b, true
		}
		if b, ok := strings.CutSuffix(base, " w/River"); ok {
			base, sec.River = b, true
		}
		sec.Terrain = base
		if ref := res.Cell(col + " buildings").Text; ref != "" {
			bt := s.set.Table(ref)
			bres, err := bt.Roll(sr.Stream("buildings"), 0)
			if err != nil {
				return err
			}
			sec.Buildings = bres.Cell("Buildings").Int
			sec.BRoll = rollOf(bt, bres, words.Plural(sec.Buildings, "building", "buildings"))
		}
		if sec.Road {
			res, err := s.roadDir.Roll(sr.Stream("road"), 0)
			if err != nil {
				return err
			}
			sec.Across = res.Cell("Direction").Text == "across"
			sec.RoadRoll = rollOf(s.roadDir, res, "road "+strings.ToLower(plain(res.Cell("Road runs").Text)))
		}
		if sec.River && sec.Number == 5 {
			sec.River, sec.Lake = false, true
		}
		if sec.River {
			// The book lays a river edge to edge and gives no direction:
			// Sortie rolls it as a road's (Road Direction).
			res, err := s.roadDir.Roll(sr.Stream("river-direction"), 0)
			if err != nil {
				return err
			}
			sec.Across = res.Cell("Direction").Text == "across"
			sec.Dir = rollOf(s.roadDir, res, "river "+strings.ToLower(plain(res.Cell("Road runs").Text)))
			wres, err := s.riverWidth.Roll(sr.Stream("river-width"), 0)
			if err != nil {
				return err
			}
			sec.Width = wres.Cell("Width in inches").Int
			sec.WidthRoll = rollOf(s.riverWidth, wres, strconv.Itoa(sec.Width)+"\" wide")
			cres, err := s.riverCrossing.Roll(sr.Stream("river-crossing"), 0)
			if err != nil {
				return err
			}
			sec.Crossing = cres.Cell("Crossing").Text
			sec.CrossRoll = rollOf(s.riverCrossing, cres, plain(cres.Cell("Result").Text))
		}
	}
	return nil
}

// hides says where a PEF goes in a section: behind terrain that could hide
// it from your force, or in the centre (page 26).
func hides(sec Section) string {
	switch {
	case sec.Buildings > 0:
		return "behind a building"
	case sec.Terrain == "Woods" || sec.Terrain == "Wooded Hill":
		return "in the woods, out of your force's sight"
	case sec.Terrain == "Hill":
		return "behind the hill, out of your force's sight"
	case sec.Terrain == "Rough":
		return "in the rough ground, out of your force's sight"
	case sec.Terrain == "Impassable":
		return "behind the impassable ground"
	}
	return "in the centre of the section: nothing there hides it"
}

// place puts the three PEFs on the table with their Rep (pages 25-26).
func (s *System) place(r *dice.Roller, e *Encounter) error {
	for _, label := range []string{"A", "B", "C"}[:PEFs] {
		pr := r.Stream(label)
		res, err := s.placement.Roll(pr.Stream("section"), 0)
		if err != nil {
			return err
		}
		n := res.Cell("Section").Int
		rres, err := s.pefRep.Roll(pr.Stream("rep"), 0)
		if err != nil {
			return err
		}
		rep := rres.Cell("PEF Rep").Int
		e.Places = append(e.Places, Place{Label: label, Section: n, Roll: rollOf(s.placement, res, "section "+strconv.Itoa(n)),
			Rep: rep, RepRoll: rollOf(s.pefRep, rres, "Rep "+strconv.Itoa(rep)), How: hides(e.Sections[n-1])})
	}
	return nil
}

// pefs pre-rolls PEF Force Composition in the order PEFs are resolved:
// the column is how many were resolved before; D is the Main Body until
// one has been found, Stragglers after; troops are counted on How Many of
// Them (2d6+3 for a Main Body, 2d6-3 for Stragglers), and the enemy
// commander is looked for until he is found.
func (s *System) pefs(r *dice.Roller, e *Encounter, force int) error {
	mainFound, cinc, found := false, false, 0
	for k := 1; k <= PEFs+Extra; k++ {
		pr := r.Stream("pef", strconv.Itoa(k))
		res, err := s.composition.Roll(pr.Stream("composition"), 0)
		if err != nil {
			return err
		}
		before := min(k-1, MaxResolved)
		cell, ok := s.composition.Across(res.Row, before)
		if !ok {
			return fmt.Errorf("pef-force-composition: no column for %d resolved", before)
		}
		letter := plain(cell.Text)
		row := s.results.Named(letter)
		if row == nil {
			return fmt.Errorf("pef-force-composition %s: %q is no row of pef-results", res.Row.Key, letter)
		}
		p := PEF{Number: k, Extra: k > PEFs, Resolved: before, Letter: letter, Name: plain(s.results.Cell(row, "Name").Text),
			Outcome: s.results.Cell(row, "Outcome").Text, Roll: &doc.Roll{Label: s.composition.Title, Dice: res.Roll, Row: res.Row.Key}}
		if p.Outcome == "enemy" {
			p.Enemy = true
			p.Outcome = "main-body"
			if mainFound {
				p.Outcome = "stragglers"
			}
		}
		if p.Outcome == "false-alarm" {
			e.PEFs = append(e.PEFs, p)
			continue
		}
		mod := 3
		if p.Outcome == "stragglers" {
			mod = -3
		} else {
			p.Again = mainFound && !p.Enemy
			mainFound = true
		}
		hres, err := e.HowMany.RollVars(pr.Stream("how-many"), map[string]int{"Mod": mod})
		if err != nil {
			return err
		}
		p.Rule = plain(hres.Cell("Enemy figures").Text)
		p.Groups = hres.Cell("Groups").Int
		p.Size = plain(hres.Cell("Size").Text)
		p.HowMany = rollOf(e.HowMany, hres, p.Rule)
		p.From = e.Taken + 1
		e.Taken += Count(p.Size, p.Groups, force)
		p.FirstGroup = found + 1
		found += p.Groups
		if e.Enemy.ID == "military" {
			tr := pr.Stream("team-weapons")
			for _, g := range split(Count(p.Size, p.Groups, force), p.Groups) {
				for range (g + 2) / 3 {
					res, err := s.teamArms.Roll(tr, 0)
					if err != nil {
						return err
					}
					p.Teams = append(p.Teams, rollOf(s.teamArms, res, plain(res.Cell("Weapon").Text)))
				}
			}
		}
		if !cinc {
			cres, err := s.commander.Roll(pr.Stream("commander"), 0)
			if err != nil {
				return err
			}
			col := "Main Body"
			if p.Outcome == "stragglers" {
				col = "Stragglers"
			}
			text := plain(cres.Cell(col).Text)
			p.CinC = !strings.HasPrefix(text, "Not")
			cinc = p.CinC
			p.Commander = rollOf(s.commander, cres, text)
		}
		e.PEFs = append(e.PEFs, p)
	}
	return nil
}

// boardMap draws the table: nine sections with their terrain, roads,
// rivers and the lake, the PEF markers where they start, and your edge.
func (s *System) boardMap(e *Encounter) board.Map {
	sys := s.set.System
	m := board.Sectioned(float64(sys.BoardW), float64(sys.BoardH), 3, 3)
	m.Title = "The table"
	for _, sec := range e.Sections {
		var opts []board.Option
		if sec.Buildings > 0 {
			opts = append(opts, board.Count(sec.Buildings))
		}
		// A piece is labelled with the Terrain Generator's word for it,
		// as the section's roll prints it ("Rough", not "Rough ground").
		named := append(opts, board.Labelled(sec.Terrain))
		switch sec.Terrain {
		case "Hill":
			m.Fill(sec.Number, board.Hills, named...)
		case "Wooded Hill":
			m.Fill(sec.Number, board.WoodedHill, append(named, board.Note("woods on a hill"))...)
		case "Woods":
			// Buildings rolled in woods stand among the trees: the
			// woods drawn as woods, with a block for each building.
			m.Fill(sec.Number, board.Woods, named...)
		case "Rough":
			m.Fill(sec.Number, board.Rough, named...)
		case "Impassable":
			m.Fill(sec.Number, board.Impassable, board.Labelled(sec.Terrain))
		default: // Clear
			if sec.Buildings > 0 {
				m.Fill(sec.Number, board.Buildings, opts...)
			}
		}
		if sec.Lake {
			m.Fill(sec.Number, board.Lake)
		}
	}
	for _, sec := range e.Sections {
		b := m.Section(sec.Number)
		c := b.Centre
		from, to := board.Point{X: c.X, Y: b.Y}, board.Point{X: c.X, Y: b.Y + b.H}
		if sec.Across {
			from, to = board.Point{X: b.X, Y: c.Y}, board.Point{X: b.X + b.W, Y: c.Y}
		}
		switch {
		case sec.River:
			m.River(float64(sec.Width), from, to)
			if sec.Crossing == "bridge" {
				m.Bridge(sec.Number)
			} else {
				m.Ford(sec.Number)
			}
		case sec.Road:
			m.Road(from, to)
			// The road runs edge to edge of its section alone: its label
			// says so, or the piece of road reads as the start of one
			// running the table's length.
			m.Lines[len(m.Lines)-1].Label = "Road across section " + strconv.Itoa(sec.Number)
		}
	}
	for _, p := range e.Places {
		m.PlaceInSection(p.Section, p.Label)
	}
	m.Caption = "Terrain rolled section by section (Overall Terrain Type, then the Terrain Generator). Lettered circles: where the PEFs start."
	return m
}
