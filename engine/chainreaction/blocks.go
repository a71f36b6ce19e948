package chainreaction

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine/doc"
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
	bs = append(bs,
		&doc.Section{Title: "Terrain", Blocks: []doc.Block{
			&doc.Para{Lead: "Overall Terrain Type, 1d6 for each section:", Text: strings.Join(types, " · ") + ". Like types are then moved next to each other (Sortie lays them out in the order first rolled: 1 2 3, 6 5 4, 7 8 9)."},
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
	ht := e.HowMany.Title
	bs = append(bs, &doc.Section{Title: "The enemy: " + e.Enemy.Title, Blocks: []doc.Block{
		&doc.Para{Text: fmt.Sprintf("Counted on %s against your force. Each figure rolled on the list; each group found takes the next ones from this roster, carrying on where the last stopped, so none is taken twice. Past the last (more PEFs than the sealed cards), roll each new figure on the list.", ht)},
		roster(e.Roster).Table(),
	}})
	sealed := &doc.Sealed{Title: "PEFs", Intro: "Read each only when you resolve a PEF, in order. Past the last card, roll PEF Force Composition yourself."}
	for _, p := range e.PEFs {
		sealed.Items = append(sealed.Items, s.pefItem(e, p, len(band.Figures)))
	}
	return append(bs, sealed)
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
		text += " D: the Main Body if none has been found yet, otherwise Stragglers; the sealed order says which."
	}
	it.Blocks = append(it.Blocks, p.Roll, &doc.Para{Lead: lead, Text: text})
	if p.Outcome == "false-alarm" {
		it.Blocks = append(it.Blocks, &doc.Para{Text: "Nothing there: take the PEF off the table."})
		return it
	}
	it.Blocks = append(it.Blocks, p.HowMany)
	t := &doc.Table{Head: []string{"Your force"}}
	row := []string{"Enemies"}
	for n := 1; n <= max(force, 1); n++ {
		t.Head = append(t.Head, strconv.Itoa(n))
		c := Count(p.Size, n)
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
	n := Count(p.Size, force)
	it.Blocks = append(it.Blocks, t,
		&doc.Para{Text: fmt.Sprintf("Take the next ones from the enemy roster (your whole force: %d, places %s). Set the one nearest you on the PEF's spot and the rest around it; the PEF's Rep is no longer used.", n, words.Places(p.From, n, len(e.Roster)))},
		&doc.Para{Note: true, Text: "Every group has a Leader: the figure of highest Rep among those you take (Sortie's reading; the book gives each group one)."})
	if p.Groups > 1 {
		it.Blocks = append(it.Blocks, &doc.Para{Text: fmt.Sprintf("In %d groups, split as the table shows.", p.Groups)})
	}
	if p.Commander != nil {
		it.Blocks = append(it.Blocks, p.Commander)
	} else {
		it.Blocks = append(it.Blocks, &doc.Para{Note: true, Text: "The enemy commander was found earlier."})
	}
	return it
}
