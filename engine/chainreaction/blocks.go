package chainreaction

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/words"
)

// blocks turns a rolled Patrol into what every renderer draws: the
// table, the terrain rolls section by section, the book's sections, the
// PEFs with their Rep, the enemy roster and the sealed PEF resolutions in
// the order they are met.
func (s *System) blocks(e *Encounter, band *Band) []doc.Block {
	bs := []doc.Block{&doc.Map{Map: s.boardMap(e)}}
	var types []string
	for i, t := range e.Types {
		types = append(types, fmt.Sprintf("%d: %s %s", i+1, t.Dice.String(), t.Result))
	}
	terr := &doc.Table{Head: []string{"Section", "Type", "Terrain Generator", "Terrain", "Features"}}
	for _, sec := range e.Sections {
		var feats []string
		for _, ro := range []*doc.Roll{sec.BRoll, sec.RoadRoll, sec.Dir, sec.WidthRoll, sec.CrossRoll} {
			if ro != nil {
				feats = append(feats, ro.Dice.String()+" → "+ro.Result)
			}
		}
		if sec.Buildings > 0 {
			feats = append(feats, "DV by material (QRS)")
		}
		if sec.Lake {
			feats = append(feats, "a lake instead of the river (section 5)")
		}
		typ := columns[sec.Type]
		if sec.From != sec.Number {
			typ += fmt.Sprintf(" (rolled for %d)", sec.From)
		}
		terr.Rows = append(terr.Rows, []string{strconv.Itoa(sec.Number), typ, sec.Roll.Dice.String(), sec.Roll.Result[strings.Index(sec.Roll.Result, ": ")+2:], strings.Join(feats, "; ")})
	}
	terr.Wide = []int{4}
	layout := strings.Join(types, " · ") + ". Like types are then moved next to each other (Sortie lays them out in the order first rolled: 1 2 3, 6 5 4, 7 8 9)."
	if slices.ContainsFunc(e.Sections, func(sec Section) bool { return sec.Dir != nil }) {
		layout += " " + RiverNote
	}
	bs = append(bs,
		&doc.Section{Title: "Terrain", Blocks: []doc.Block{
			&doc.Para{Lead: "Overall Terrain Type, 1d6 for each section:", Text: layout},
			terr,
		}},
		&doc.Section{Title: "Objective", Blocks: []doc.Block{&doc.List{Items: e.Def.Objective}}},
		&doc.Section{Title: "Forces", Blocks: []doc.Block{&doc.List{Items: e.Def.Forces}}},
		&doc.Section{Title: "Deployment", Blocks: []doc.Block{&doc.List{Items: e.Def.Deployment}}},
		&doc.Section{Title: "Special instructions", Blocks: []doc.Block{&doc.List{Items: e.Def.Special}}},
	)
	places := &doc.Table{Head: []string{"PEF", "Section", "Where", "PEF Rep"}, Wide: []int{2}}
	for _, p := range e.Places {
		places.Rows = append(places.Rows, []string{p.Label, p.Roll.Dice.String() + " → " + strconv.Itoa(p.Section), p.How, p.RepRoll.Dice.String()})
	}
	bs = append(bs, &doc.Section{Title: "PEFs on the table", Blocks: []doc.Block{
		places,
		&doc.Para{Text: "Each PEF activates by its Rep and moves on PEF Movement (2d6 versus its Rep, QRS). Resolve a PEF as soon as one of your groups can see it; read the sealed PEFs in that order, whichever marker it is. A PEF placed by Scouting, or one that splits, is resolved the same way: the next sealed PEF."},
	}})
	ht := e.HowMany.Title + " against your force"
	switch e.Own {
	case "police":
		ht += " (the book has none for Police: Sortie's pairing)"
	case "gang":
		ht += " (the book has none for a Gang: Sortie's pairing)"
	}
	bs = append(bs, &doc.Section{Title: "The enemy: " + e.Enemy.Title, Blocks: []doc.Block{
		&doc.Para{Text: fmt.Sprintf("Counted on %s. Each figure rolled on the list; groups take the next ones in order, none twice; past the last, roll.", ht)},
	}})
	enemy := bs[len(bs)-1].(*doc.Section)
	enemy.Blocks = append(enemy.Blocks, s.rosterBlocks(e.Enemy, e.Roster)...)
	sealed := &doc.Sealed{Title: "PEFs", Intro: "Read each only when you resolve a PEF, in order. Past the last card, roll PEF Force Composition yourself."}
	for _, p := range e.PEFs {
		sealed.Items = append(sealed.Items, s.pefItem(e, p, len(band.Figures)))
	}
	return append(bs, sealed)
}

// RiverNote says, beside the terrain, how Sortie rolls a river's
// direction, which the book does not give.
const RiverNote = "A river's direction: rolled as a road's (Sortie)."

// RosterLead heads the enemy's figures in the order a player takes them.
const RosterLead = "In the order you take them (figure, its 2d6)"

// rosterBlocks print the enemy roster compactly, however long: the list's
// rows that were rolled, each with its Rep and weapon, then every figure
// in the order taken, with its 2d6 and any weapon it rolled, as a
// numbered list to tick off as each is placed.
func (s *System) rosterBlocks(list *rules.Table, fs []Figure) []doc.Block {
	key := &doc.Table{Head: []string{"Figure", "Rep", "Weapon", "2d6"}, Wide: []int{2}}
	rolls := false
	for _, row := range list.Rows {
		for _, f := range fs {
			if f.Row != row.Key {
				continue
			}
			weapon := plain(list.Cell(&row, "Weapon").Text)
			if ref := list.Cell(&row, "Weapon roll").Text; ref != "" {
				rolls = true
				if weapon == "" {
					weapon = "rolled on " + s.set.Table(ref).Title + " (below)"
				} else {
					weapon += ", and one rolled on " + s.set.Table(ref).Title + " (below)"
				}
			}
			key.Rows = append(key.Rows, []string{f.Type, strconv.Itoa(f.Rep), weapon, row.Key})
			break
		}
	}
	order := &doc.Checklist{Lead: RosterLead, Items: make([]string, len(fs))}
	for i, f := range fs {
		it := &order.Items[i]
		switch {
		case f.Roll == nil:
			*it = f.Type + " (no roll)"
		case len(f.Rerolled) > 0:
			*it = fmt.Sprintf("%s (%d, after %s)", f.Type, f.Roll.Dice.Value, rerolledText(f))
		default:
			*it = fmt.Sprintf("%s (%d)", f.Type, f.Roll.Dice.Value)
		}
		if f.WRoll != nil {
			*it += fmt.Sprintf(": %s (%d)", f.Rolled, f.WRoll.Dice.Value)
		}
	}
	if rolls {
		order.Note = "After a colon, the weapon it rolled (1d6)."
	}
	out := []doc.Block{key, order}
	if list.Col(SquadColumn) >= 0 {
		out = append(out, &doc.Para{Note: true, Text: SquadNote})
	}
	return out
}

// pefItem is one PEF resolution as a sealed item.
func (s *System) pefItem(e *Encounter, p PEF, force int) doc.SealedItem {
	it := doc.SealedItem{Number: p.Number, Title: "The " + words.Ordinal(p.Number) + " PEF you resolve"}
	if p.Extra {
		it.Tag = "a split or Scouting PEF"
	}
	before := strconv.Itoa(p.Resolved)
	if p.Resolved == MaxResolved {
		before += " or more"
	}
	lead := p.Letter + ": " + p.Name
	text := "(" + before + " resolved before)."
	if p.Enemy {
		// D is the Main Body if none has been found yet, else Stragglers:
		// the PEFs before this one in the sealed order decide it.
		if p.Outcome == "stragglers" {
			text += " D: a Main Body was found before, so these are Stragglers."
		} else {
			text += " D: no Main Body found before, so this is the Main Body."
		}
	}
	if p.Again {
		text += " A Main Body was found before: this A is read as printed, another sizeable group (Sortie's reading: only D turns to Stragglers)."
	}
	it.Blocks = append(it.Blocks, p.Roll, &doc.Para{Lead: lead, Text: text})
	if p.Outcome == "false-alarm" {
		it.Blocks = append(it.Blocks, &doc.Para{Text: "Nothing there: take the PEF off the table."})
		return it
	}
	it.Blocks = append(it.Blocks, p.HowMany)
	if note := s.howManyNote(e, p); note != "" {
		it.Blocks = append(it.Blocks, &doc.Para{Note: true, Text: note})
	}
	t := &doc.Table{Head: []string{"Your force"}}
	row := []string{"Enemies"}
	var halved, floored, spread []string
	for n := 1; n <= max(force, 1); n++ {
		t.Head = append(t.Head, strconv.Itoa(n))
		if Halves(p.Size, n) {
			halved = append(halved, strconv.Itoa(n))
		}
		switch raw := Raw(p.Size, n); {
		case raw < 1:
			floored = append(floored, strconv.Itoa(n))
		case raw < p.Groups:
			spread = append(spread, strconv.Itoa(n))
		}
		c := Count(p.Size, p.Groups, n)
		cell := strconv.Itoa(c)
		if p.Groups > 1 {
			var parts []string
			for _, g := range split(c, p.Groups) {
				parts = append(parts, strconv.Itoa(g))
			}
			cell = strings.Join(parts, "+")
		}
		row = append(row, cell)
	}
	t.Rows = [][]string{row}
	t.Notes = countNotes(halved, floored, spread, p.Groups)
	n := Count(p.Size, p.Groups, force)
	it.Blocks = append(it.Blocks, t,
		&doc.Para{Text: fmt.Sprintf("Take the next ones from the enemy roster: %d against your whole force (places %s). Set the one nearest you on the PEF's spot and the rest around it; the PEF's Rep is no longer used.", n, words.Places(p.From, n, len(e.Roster)))},
		&doc.Para{Note: true, Text: "Every group has a Leader: the figure of highest Rep among those you take (Sortie's reading; the book gives each group one)."})
	if p.Groups > 1 {
		it.Blocks = append(it.Blocks, &doc.Para{Text: fmt.Sprintf("In %d groups, split as the table shows.", p.Groups)})
	}
	it.Blocks = append(it.Blocks, weaponParas(e, p)...)
	if p.Commander != nil {
		it.Blocks = append(it.Blocks, p.Commander)
	} else {
		it.Blocks = append(it.Blocks, &doc.Para{Note: true, Text: "The enemy commander was found earlier: Sortie rolls for one commander only."})
	}
	return it
}

// howManyNote is the word beside a How Many of Them roll where Sortie
// reads the row: a total past the book's rows, or "2X / 3X as many more".
func (s *System) howManyNote(e *Encounter, p PEF) string {
	var notes []string
	switch total := p.HowMany.Dice.Value; {
	case total < 2:
		notes = append(notes, fmt.Sprintf("A total of %d is below the book's rows, which start at 2: read on the lowest (Sortie's reading).", total))
	case total > 12 && e.HowMany == s.howManyInsurgents:
		notes = append(notes, fmt.Sprintf("A total of %d is past the book's rows, which end at 12: read on the top one (Sortie's reading).", total))
	}
	switch p.Size {
	case "double":
		notes = append(notes, "The book's \"2X as many more\" read as twice your number in all, two groups each as large as your force (Sortie's reading).")
	case "triple":
		notes = append(notes, "The book's \"3X as many more\" read as three times your number in all, three groups each as large as your force (Sortie's reading).")
	}
	return strings.Join(notes, " ")
}

// weaponParas say who in the groups found carries the list's special
// weapons: an enemy Military team's grenade launcher or SAW (rolled, one
// for each three figures), an Insurgent group's SAW and, every second
// group, its one-shot rocket launcher.
func weaponParas(e *Encounter, p PEF) []doc.Block {
	switch e.Enemy.ID {
	case "military":
		var rolls []string
		for _, r := range p.Teams {
			rolls = append(rolls, fmt.Sprintf("%d %s", r.Dice.Value, r.Result))
		}
		return []doc.Block{&doc.Para{Lead: "Team weapons", Text: "(1d6 a team, in order): " + strings.Join(rolls, " · ") + ". Count the figures you take for each group in threes (a last one or two too): the last of each three carries the next weapon besides his assault rifle. Sortie's reading of \"one member of each team\"; no rocket launcher team, which the book gives three squads."}}
	case "insurgents":
		text := "the last figure you take for each group carries one (the list allows one a group: Sortie gives it)."
		var rl []string
		for g := range p.Groups {
			if k := p.FirstGroup + g; k%2 == 0 {
				rl = append(rl, fmt.Sprintf("group %d here (the %s group found)", g+1, words.Ordinal(k)))
			}
		}
		if len(rl) > 0 {
			text += " Rocket launcher, one shot, never reloaded: the first figure of " + strings.Join(rl, " and ") + " carries one (one for every two groups: Sortie gives it to the second of each pair)."
		}
		return []doc.Block{&doc.Para{Lead: "SAW:", Text: text}}
	}
	return nil
}

// countNotes are the words under a count table for the forces whose
// count Sortie decided: halved, floored to one, or spread one to each of
// the groups the row names, though it gives fewer figures.
func countNotes(halved, floored, spread []string, groups int) []string {
	var notes []string
	if len(halved) > 0 {
		notes = append(notes, fmt.Sprintf("Force of %s: half rounded down (Sortie's reading; the book does not say).", orList(halved)))
	}
	if len(floored) > 0 {
		notes = append(notes, fmt.Sprintf("Force of %s: 1, though the row gives none (Sortie's floor: a group found has someone).", orList(floored)))
	}
	if len(spread) > 0 {
		notes = append(notes, fmt.Sprintf("Force of %s: one in each of the %d groups, though the row gives fewer figures (Sortie's floor: a group found has someone).", orList(spread), groups))
	}
	return notes
}

// orList joins items as "1, 3 or 5".
func orList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}
