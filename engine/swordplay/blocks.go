package swordplay

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/words"
)

// blocks turns a rolled Encounter into what every renderer draws: the
// table, the EAL, the raid's facts, what is on the table (the terrain
// rolls, where the PEFs start and how they move: what sets it up, read
// with the map), the book's sections, the enemy, and the sealed PEF
// resolutions in the order they are met.
func (s *System) blocks(e *Encounter, band *Band) []doc.Block {
	bs := []doc.Block{&doc.Map{Map: s.boardMap(e)}}
	// One line on a flat page: the left-hand page's height is the map's.
	eal := &doc.Para{Lead: fmt.Sprintf("Enemy Activity Level %d:", e.EAL), Text: "PEF Movement's target, PEF Resolution's column."}
	if e.EALRoll != nil {
		bs = append(bs, e.EALRoll)
	} else {
		eal.Lead = fmt.Sprintf("Enemy Activity Level %d,", e.EAL)
		eal.Text = "set by the campaign: " + eal.Text
	}
	bs = append(bs, eal)
	if e.Raid != nil {
		bs = append(bs, e.Raid.BuildingsRoll, e.Raid.TimeRoll)
	} else {
		bs = append(bs, &doc.Para{Lead: "By day."})
	}
	terr := &doc.Table{Title: "Terrain, section by section", Head: []string{"Section", "Terrain Generator", "Terrain", "Buildings"}}
	for _, sec := range e.Sections {
		b := ""
		if sec.BRoll != nil {
			b = sec.BRoll.Dice.String() + " → " + strconv.Itoa(sec.Buildings)
		}
		if e.Raid != nil && sec.Number == 2 {
			b = strings.TrimPrefix(b+"; ", "; ") + fmt.Sprintf("+ %d raided", e.Raid.Buildings)
		}
		terr.Rows = append(terr.Rows, []string{strconv.Itoa(sec.Number), sec.Roll.Dice.String(), sec.Terrain, b})
	}
	terr.Notes = []string{"Each section's terrain should cover at least three quarters of it."}
	places := &doc.Table{Head: []string{"PEF", "Roll", "Section", "Where"}, Wide: []int{3}}
	entering := e.Def.ID == "raid-defend" // every PEF comes on through its section: said once, in the header
	if entering {
		places = &doc.Table{Head: []string{"PEF", "Roll", "Comes on through section"}}
	}
	for _, p := range e.Places {
		roll := "none: the Encounter puts it"
		if p.Roll != nil {
			roll = p.Roll.Dice.String()
		}
		row := []string{p.Label, roll, strconv.Itoa(p.Section)}
		if !entering {
			row = append(row, p.How)
		}
		places.Rows = append(places.Rows, row)
	}
	if e.Def.ID == "raid-defend" {
		places.Notes = []string{"The book has the PEFs come on at random through section 7, 8 or 9: Sortie rolls 1d6 for each (1-2: 7, 3-4: 8, 5-6: 9)."}
	}
	pefs := &doc.Section{Title: "PEFs on the table", Blocks: []doc.Block{
		places,
		&doc.Para{Text: fmt.Sprintf("On the enemy's turn, move each PEF, nearest your force first: PEF Movement (QRS), 2d6 versus the EAL (%d, or higher once a sealed PEF raises it). Resolve a PEF when it and your force see each other: read the next sealed PEF, whichever marker it is.", e.EAL)},
	}}
	bs = append(bs,
		&doc.Section{Title: "Terrain", Blocks: []doc.Block{terr}},
		pefs,
		&doc.Section{Title: "Objective", Blocks: []doc.Block{&doc.List{Items: e.Def.Objective}}},
		&doc.Section{Title: "Forces", Blocks: []doc.Block{&doc.List{Items: e.Def.Forces}}},
		&doc.Section{Title: "Deployment", Blocks: []doc.Block{&doc.List{Items: e.Def.Deployment}}},
		&doc.Section{Title: "Special instructions", Blocks: []doc.Block{&doc.List{Items: special(e)}}},
	)
	enemy := &doc.Section{Title: "The enemy: " + e.List.Title, Blocks: append(append([]doc.Block{
		&doc.Para{Text: "Each figure rolled on the list. Each contact says how many to take: take the next ones in order, so none twice; past the last, roll on the list."}},
		rosterBlocks(e.List, e.Roster)...),
		&doc.Para{Lead: "NP Star Leader:", Text: "with the first group of the first C; if no C comes, with the last PEF you resolve. " + leaderText(e.Leader)},
	)}
	bs = append(bs, enemy)
	sealed := &doc.Sealed{Title: "PEFs", Intro: "Read each only when you resolve a PEF, in order. If PEFs split more than once, roll the extra ones yourself."}
	for _, p := range e.PEFs {
		sealed.Items = append(sealed.Items, s.pefItem(e, p, len(band.Figures)))
	}
	return append(bs, sealed)
}

// special is the Encounter's special instructions, with the looting
// time pre-rolled for each raided building beside the instruction that
// asks for 1/2d6 (or as one more, if the data has none).
func special(e *Encounter) []string {
	items := slices.Clone(e.Def.Special)
	if e.Raid == nil || len(e.Raid.Loot) == 0 {
		return items
	}
	var loot []string
	for _, l := range e.Raid.Loot {
		unit := " turns"
		if l.Dice.Value == 1 {
			unit = " turn"
		}
		loot = append(loot, strings.ToLower(strings.TrimPrefix(l.Label, "Looting "))+": "+l.Dice.String()+unit)
	}
	text := "Rolled for you: " + strings.Join(loot, "; ") + "."
	for i, it := range items {
		if strings.Contains(it, "1/2d6") {
			items[i] = it + " " + text
			return items
		}
	}
	return append(items, "Looting an empty building, in turns of activation: "+text)
}

// RosterLead heads the enemy's figures in the order a player takes them.
const RosterLead = "In the order you take them (figure, its 2d6)"

// rosterBlocks print the enemy roster compactly, however long: the list's
// rows that were rolled, each with its Class, Rep, armor and weapon, then
// every figure in the order taken, with its 2d6, as a numbered list to
// tick off as each is placed.
func rosterBlocks(list *rules.Table, fs []Figure) []doc.Block {
	key := &doc.Table{Head: []string{"Figure", "Class", "Rep", "Armor", "Weapon", "2d6"}, Wide: []int{4}}
	for _, row := range list.Rows {
		for _, f := range fs {
			if f.Roll != nil && f.Roll.Row == row.Key {
				key.Rows = append(key.Rows, []string{f.Type, f.Class, strconv.Itoa(f.Rep), f.armor(), f.Weapon, row.Key})
				break
			}
		}
	}
	order := &doc.Checklist{Lead: RosterLead, Items: make([]string, len(fs))}
	for i, f := range fs {
		order.Items[i] = fmt.Sprintf("%s (%d)", f.Type, f.Roll.Dice.Value)
	}
	return []doc.Block{key, order}
}

func leaderText(f Figure) string {
	rep := fmt.Sprintf("Rep %d", f.Rep)
	if f.Note != "" {
		rep += " (" + f.Note + ")"
	}
	return fmt.Sprintf("%s (%s), %s, %s, %s.", f.Type, f.Class, rep, f.armor(), f.Weapon)
}

// pefItem is one PEF resolution as a sealed item.
func (s *System) pefItem(e *Encounter, p PEF, band int) doc.SealedItem {
	it := doc.SealedItem{Number: p.Number, Title: "The " + words.Ordinal(p.Number) + " PEF you resolve"}
	if p.Spare {
		it.Tag = "only if a PEF split"
	}
	row := s.resolution.Named(p.Roll.Row)
	var grid []string
	for eal := MinEAL; eal <= MaxEAL; eal++ {
		grid = append(grid, fmt.Sprintf("%d %s", eal, plain(s.resolution.Cell(row, ealColumn(eal)).Text)))
	}
	raised := ""
	if p.EAL > e.EAL {
		raised = fmt.Sprintf(" (the Encounter's %d, raised by Something's out there!)", e.EAL)
	}
	it.Blocks = append(it.Blocks,
		p.Roll,
		&doc.Para{Lead: fmt.Sprintf("%s: %s", p.Letter, p.Name), Text: fmt.Sprintf("Read at EAL %d%s.", p.EAL, raised)},
		&doc.Para{Note: true, Text: "At another EAL, read the same die: " + strings.Join(grid, " · ") + "."},
	)
	switch p.Outcome {
	case "alert":
		text := fmt.Sprintf("Raise the EAL to %d for the rest of the Encounter: the next PEFs are read there.", p.EAL+1)
		if p.EAL >= MaxEAL {
			text = fmt.Sprintf("The EAL stays %d, the most the book allows: the next PEFs are read there.", MaxEAL)
		}
		it.Blocks = append(it.Blocks, &doc.Para{Text: text})
	case "none":
		it.Blocks = append(it.Blocks, &doc.Para{Text: "Nothing there: remove the PEF."})
	}
	for g, grp := range p.Groups {
		title := "The enemy"
		if len(p.Groups) > 1 {
			title = fmt.Sprintf("Group %d", g+1)
		}
		var gb []doc.Block
		if g == 1 && p.Side != nil {
			gb = append(gb, p.Side)
		}
		n := grp.Count(band)
		take := fmt.Sprintf("Take the next ones from the enemy roster: %d against your whole band (places %s).", n, words.Places(grp.From, n, len(e.Roster)))
		gb = append(gb, grp.HowMany, countTable(grp, band), &doc.Para{Text: take})
		if g == 0 && p.Leader {
			gb = append(gb, &doc.Para{Lead: "The enemy's NP Star Leader is with this group", Text: "(see The enemy)."})
		}
		it.Blocks = append(it.Blocks, &doc.Section{Title: title, Blocks: gb})
	}
	if len(p.Groups) > 0 {
		it.Blocks = append(it.Blocks, &doc.Para{Text: "Set them in cover if any, else in the open. Both sides take In Sight."})
	}
	if !p.Leader && !leaderBefore(e, p.Number) {
		it.Blocks = append(it.Blocks, &doc.Para{Note: true, Text: "No C yet: if this is your last PEF, the NP Star Leader is here (see The enemy), alone if no group came."})
	}
	return it
}

// leaderBefore reports whether the NP Star Leader came with a PEF before
// number n.
func leaderBefore(e *Encounter, n int) bool {
	for _, p := range e.PEFs {
		if p.Number < n && p.Leader {
			return true
		}
	}
	return false
}

// countTable gives a group's size for every party size up to the band's,
// with a word under it where Sortie decided a count the book's row leaves
// open: an odd party halved, or a contact the row would leave empty.
func countTable(g Group, band int) *doc.Table {
	t := &doc.Table{Head: []string{"Your party"}}
	row := []string{"Enemies"}
	var halved, floored []string
	for n := 1; n <= max(band, 1); n++ {
		t.Head = append(t.Head, strconv.Itoa(n))
		row = append(row, strconv.Itoa(g.Count(n)))
		if g.Halved(n) {
			halved = append(halved, strconv.Itoa(n))
		}
		if g.Floored(n) {
			floored = append(floored, strconv.Itoa(n))
		}
	}
	t.Rows = [][]string{row}
	t.Notes = countNotes(halved, floored)
	return t
}

// countNotes are the words under a count table for the parties whose
// count Sortie decided.
func countNotes(halved, floored []string) []string {
	var notes []string
	if len(halved) > 0 {
		notes = append(notes, fmt.Sprintf("Party of %s: half rounded down (Sortie's reading; the book does not say).", orList(halved)))
	}
	if len(floored) > 0 {
		notes = append(notes, fmt.Sprintf("Party of %s: 1, though the row gives none (Sortie's floor: a contact brings someone).", orList(floored)))
	}
	return notes
}

// Start begins a campaign with a Patrol (page 28) at an EAL rolled on
// Enemy Activity Level.
func (s *System) Start(r *dice.Roller, _ engine.Options) (engine.Step, error) {
	res, err := s.eal.Roll(r, 0)
	if err != nil {
		return engine.Step{}, err
	}
	eal := res.Cell("EAL").Int
	return engine.Step{Type: s.set.System.First, State: ealState(eal), Roll: rollOf(s.eal, res, "the first Encounter's EAL is "+strconv.Itoa(eal))}, nil
}

// Next reads the Next Encounter table: the next Encounter and the change
// to the EAL, kept between 1 and 5.
func (s *System) Next(at engine.Step, success bool) (engine.Edge, error) {
	def := s.set.Encounter(at.Type)
	if def == nil {
		return engine.Edge{}, s.unknownType(at.Type)
	}
	eal, err := parseState(at.State)
	if err != nil {
		return engine.Edge{}, err
	}
	row := s.next.Named(def.Title)
	col, change := "Failure", "EAL on failure"
	if success {
		col, change = "Success", "EAL on success"
	}
	next := s.byTitle(s.next.Cell(row, col).Text)
	d := s.next.Cell(row, change).Int
	to := min(MaxEAL, max(MinEAL, eal+d))
	note := fmt.Sprintf("EAL stays %d", to)
	switch {
	case to > eal:
		note = fmt.Sprintf("EAL goes up to %d", to)
	case to < eal:
		note = fmt.Sprintf("EAL goes down to %d", to)
	case eal+d > MaxEAL:
		note = fmt.Sprintf("EAL stays %d, the most the book allows", to)
	case eal+d < MinEAL:
		note = fmt.Sprintf("EAL stays %d (Sortie's floor: the book gives none, and PEF Resolution has no column below 1)", to)
	}
	return engine.Edge{To: engine.Step{Type: next.ID, State: ealState(to)}, Note: note}, nil
}

// LogSheet is the Stay or Go sheet (page 27): a row for every Grunt, and
// spare rows for recruits, to fill in after each month's Encounter.
func (s *System) LogSheet(band *engine.Force, steps int) []doc.Block {
	t := &doc.Table{Title: "Stay or Go", Head: []string{"Grunt", "Rep", "Months in the band", "Mind poisoned?"}}
	for m := 1; m <= steps; m++ {
		t.Head = append(t.Head, "Month "+strconv.Itoa(m))
	}
	t.Notes = []string{
		"After every Encounter, in this order: After the Battle Recovery (QRS) for each Grunt Out of the Fight or run away, 2d6 vs its Rep; a Star who cheated death comes back 1 Rep lower; a Grunt of higher Rep than your Star leaves; then Stay or Go for each Grunt left.",
		"Stay or Go: it rolls 1d6 per point of its Rep; you roll N, 1d6 per point of your Star's Rep, less 1d6 if you went Out of the Fight, less 1d6 if any Grunt went Out of the Fight or Obviously Dead, less 1d6 if this Grunt's mind was poisoned, plus 1d6 for every 3 months in a row it has served, this one counted. Count successes (1-3) and read Stay or Go on the QRS.",
		"Each entry prints these dice by place in the band as the game began (your Star is 1, the rest in the order they joined; one that left is taken out and those after it move up): each Grunt's 2d6 for recovery, its dice (use the first as many as its Rep) and yours (use the first N).",
		"Write each month's result: stays, stays and skips the next test, leaves, or leaves and poisons the minds of those of equal or lower Rep.",
		Recruiting,
	}
	if b, err := s.band(band); err == nil {
		for _, f := range b.Figures {
			if f.Star {
				continue
			}
			row := make([]string, len(t.Head))
			row[0], row[1] = f.Name, strconv.Itoa(f.Rep)
			if f.Months > 0 {
				row[2] = strconv.Itoa(f.Months)
			}
			if f.Poisoned {
				row[3] = "yes"
			}
			if f.Skips && len(row) > 4 {
				row[4] = "skips the test"
			}
			t.Rows = append(t.Rows, row)
		}
	}
	for range 3 {
		t.Rows = append(t.Rows, make([]string, len(t.Head)))
	}
	return []doc.Block{t}
}

// orList joins items as "1, 3 or 5".
func orList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}
