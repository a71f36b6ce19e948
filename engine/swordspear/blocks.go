package swordspear

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// Card size in millimetres: a playing card's, nine to an A4 or Letter page.
const (
	CardW = 63
	CardH = 84
)

// Own is the line every battle prints: what in it is Sortie's, not the
// book's.
const Own = "The battlefield, the army themes and this battle are Sortie's own procedure, not the book's: the book has no solo procedure. Every unit's strength, discipline, protection, weapon ranges and spell costs are the book's."

// blocks turns a rolled battle into what every renderer draws.
func (s *System) blocks(b *Battle) []doc.Block {
	m := s.Map(b)
	bs := []doc.Block{
		&doc.Para{Lead: "Sortie's own procedure.", Text: Own},
		&doc.Map{Map: m},
	}
	terr := &doc.Table{Head: []string{"Section", b.Terrain.Title, "Terrain"}}
	for _, sec := range b.Sections {
		terr.Rows = append(terr.Rows, []string{strconv.Itoa(sec.Number), sec.Roll.Dice.String(), sec.Terrain})
	}
	bs = append(bs,
		&doc.Section{Title: "Terrain", Blocks: []doc.Block{
			&doc.Para{Text: fmt.Sprintf("%s for each section, numbered left to right from the enemy's edge (1-%d) to yours (%d-%d).", b.Terrain.Dice.Notation(), Cols, Cols*(Rows-1)+1, Cols*Rows)},
			terr,
		}},
		&doc.Section{Title: "Objective", Blocks: []doc.Block{&doc.List{Items: b.Def.Objective}}},
		&doc.Section{Title: "Forces", Blocks: []doc.Block{&doc.List{Items: b.Def.Forces}}},
		&doc.Section{Title: "Deployment", Blocks: []doc.Block{&doc.List{Items: b.Def.Deployment}}},
		&doc.Section{Title: "Special instructions", Blocks: []doc.Block{&doc.List{Items: b.Def.Special}}},
		s.sideSection("Your army", b.Player),
		s.sideSection("The enemy", b.Enemy),
	)
	if p := s.powerSection(b); p != nil {
		bs = append(bs, p)
	}
	bs = append(bs,
		s.Cards(b.Player, "your army", false),
		s.Cards(b.Enemy, "the enemy", true),
	)
	return bs
}

// sideSection is one army: how it was picked, and its units as a table.
func (s *System) sideSection(title string, sd Side) *doc.Section {
	sec := &doc.Section{Title: title + ": " + sd.Army.Title}
	if sd.Given != "" {
		sec.Blocks = append(sec.Blocks, &doc.Para{Text: fmt.Sprintf("Chosen (%s: %s).", sd.Given, sd.Army.ID)})
	}
	for _, ro := range sd.Rolls {
		sec.Blocks = append(sec.Blocks, ro)
	}
	if sd.Rerolled {
		sec.Blocks = append(sec.Blocks, &doc.Para{Note: true, Text: "A roll that gave the other side's army was rolled again, so the two armies differ."})
	}
	sec.Blocks = append(sec.Blocks, &doc.Para{Note: true, Text: sd.Army.Table.Source + "."})
	sec.Blocks = append(sec.Blocks, s.UnitsTable(sd))
	return sec
}

// Commanders heads the row each army's units table leaves blank for its
// commanders: the book's section 6 says how many an army has and what
// they do, and the excerpt Sortie read lacks it, so Sortie rolls none and
// the player writes them in (the battle's Forces say so, battle.rules).
const Commanders = "Commanders (write in)"

// powerSection is the magical power dice rolled ahead (Battle.Power): a
// row for each magic-user, a column for each turn giving its die and the
// MP it reads at the magic-user's level; nil when no magic-user takes the
// field.
func (s *System) powerSection(b *Battle) *doc.Section {
	if len(b.Power) == 0 {
		return nil
	}
	t := &doc.Table{Head: []string{"Die → MP, turn:"}}
	for n := range b.Power {
		t.Head = append(t.Head, strconv.Itoa(n+1))
	}
	players := 0
	for k, p := range b.Power[0] {
		whose := "the enemy's"
		if p.Player {
			whose = "yours"
			players++
		}
		row := []string{fmt.Sprintf("%s (%s, level %d)", p.Unit, whose, p.Level)}
		for _, turn := range b.Power {
			row = append(row, fmt.Sprintf("%d→%d", turn[k].Roll.Dice.Value, turn[k].MP))
		}
		t.Rows = append(t.Rows, row)
	}
	text := fmt.Sprintf("Rolled %d turns ahead, each die read on %s at the magic-user's level: use it in place of the die rolled at the start of the turn. Past turn %d, roll yourself. ", PowerTurns, s.power.Title, PowerTurns) + cellKey(b.Power)
	if players > 1 || len(b.Power[0])-players > 1 {
		text += " A side may hand its dice out among its magic-users as it likes (the book's rule): swap them and read " + s.power.Title + " again."
	}
	return &doc.Section{Title: s.power.Title, Blocks: []doc.Block{&doc.Para{Text: text}, t}}
}

// cellKey says how a cell of the power track reads, with one of its own
// cells for the example: the first whose MP is more than its die, where
// there is one, since that is the cell a reader stops at ("5→6").
func cellKey(power [][]Power) string {
	ex := power[0][0]
	for _, turn := range power {
		for _, p := range turn {
			if p.MP != p.Roll.Dice.Value && ex.MP == ex.Roll.Dice.Value {
				ex = p
			}
		}
	}
	return fmt.Sprintf("A cell is the die, then the MP it gives (the die plus the level's extra MP, at most 6): %d→%d is a %d, worth %d MP.", ex.Roll.Dice.Value, ex.MP, ex.Roll.Dice.Value, ex.MP)
}

// UnitsTable returns a side's units with every stat the book's play
// needs, a row per army entry (its units share their stats), named as
// their cards are: "Men-at-arms 1, 2". It is printed in full wherever the
// army is, the play sheet included, so a battle is played from it alone.
func (s *System) UnitsTable(sd Side) *doc.Table {
	t := &doc.Table{Head: []string{"Unit", "Type", "Strength", "Hits", "Discipline", "Protection", "Weapons", "Characteristics", "Rolled"}}
	for k := 0; k < len(sd.Units); {
		u := sd.Units[k]
		e := u.Entry
		name := u.Name
		n := 1
		for k+n < len(sd.Units) && sd.Units[k+n].Entry == e {
			n++
		}
		if n > 1 {
			var nums []string
			for i := 1; i <= n; i++ {
				nums = append(nums, strconv.Itoa(i))
			}
			name = e.Name + " " + strings.Join(nums, ", ")
		}
		row := []string{name}
		if e.Type == MagicUser {
			row = append(row, fmt.Sprintf("%s, level %d", MagicUser, e.Level), "-", "-", "-", "-", "-", "-")
		} else {
			row = append(row, typeText(e), strconv.Itoa(u.Strength), strconv.Itoa(u.Hits), strconv.Itoa(e.Discipline), e.Protection, weapons(e), characteristics(e))
		}
		rolled := ""
		if u.Count != nil {
			rolled = u.Count.Dice.String() + " (row " + u.Count.Row + "): " + u.Count.Result
		}
		t.Rows = append(t.Rows, append(row, rolled))
		k += n
	}
	t.Rows = append(t.Rows, append([]string{Commanders}, make([]string, len(t.Head)-1)...))
	// Long text wraps first; short values keep their width.
	for c := range t.Head {
		long := c == len(t.Head)-1
		for _, r := range t.Rows {
			long = long || utf8.RuneCountInString(r[c]) > 24
		}
		if long {
			t.Wide = append(t.Wide, c)
		}
	}
	return t
}

func typeText(e *Entry) string {
	if e.Large {
		return e.Type + ", large"
	}
	return e.Type
}

func weapons(e *Entry) string {
	var ws []string
	for _, w := range e.Weapons {
		ws = append(ws, w.Text())
	}
	return strings.Join(ws, ", ")
}

func characteristics(e *Entry) string {
	if len(e.Characteristics) == 0 {
		return "none"
	}
	return strings.Join(e.Characteristics, ", ")
}

// Cards returns a side's unit cards, one per unit: on the front its
// stats, its hits as a track, and what the unit does in play (unitLines);
// on the back what it is when the card is turned over (unitBack). Every
// face marks the side (doc.Side), the enemy's apart from the player's.
func (s *System) Cards(sd Side, whose string, enemy bool) *doc.Cards {
	cs := &doc.Cards{
		Title: "Unit cards: " + sd.Army.Title + " (" + whose + ")",
		Intro: "Cut them out and keep each by its unit: tick a box for every hit, and rub out one for every hit rallied away. " +
			"Sortie's decision (the book has no cards): turn a unit's card over once the unit has been activated, and face up again in the end phase. " +
			"The band across the top says whose the unit is: solid black for your army, hatched for the enemy.",
		W: CardW, H: CardH,
		Side: doc.Side{Name: sd.Army.Title, Whose: whose, Enemy: enemy},
	}
	for _, u := range sd.Units {
		var c doc.Card
		if u.Entry.Type == MagicUser {
			c = s.mageCard(u)
			c.Back = s.mageBack(u)
		} else {
			e := u.Entry
			c = doc.Card{
				Title: u.Name,
				Tag:   typeText(e),
				Fields: []doc.Field{
					{Label: "Strength", Value: strconv.Itoa(u.Strength) + " dice in combat, hits or not"},
					{Label: "Discipline", Value: discipline(e.Discipline)},
					{Label: "Protection", Value: e.Protection},
					{Label: "Weapons", Value: weapons(e)},
					{Label: "Characteristics", Value: characteristics(e)},
				},
				Track: &doc.Track{Label: "Hits", Boxes: u.Hits, Note: "Routed at the last box; a failed discipline test is a hit"},
				Lines: s.unitLines(u),
			}
			c.Back = s.unitBack(u)
		}
		cs.Items = append(cs.Items, c)
	}
	return cs
}

// firstInt is the first whole number in a table's text: "2, if it
// moves" is 2, "+1 die" 1.
var firstInt = regexp.MustCompile(`[0-9]+`)

func cellInt(t *rules.Table, row, col string) (int, bool) {
	m := firstInt.FindString(cellText(t, row, col))
	if m == "" {
		return 0, false
	}
	n, _ := strconv.Atoi(m)
	return n, true
}

// cellText is a table's text at a row and column, or "" when it has none.
func cellText(t *rules.Table, row, col string) string {
	if t == nil || t.Col(col) < 0 {
		return ""
	}
	r := t.Named(row)
	if r == nil {
		return ""
	}
	return strings.TrimSpace(t.Cell(r, col).Text)
}

// discipline is what a unit's discipline means in play.
func discipline(d int) string {
	n := strconv.Itoa(d)
	return n + ": activates on an action die of " + n + "+, passes a test on " + n + "+; -1 by a commander, +1 out of command"
}

// unitLines is what a unit does in play, in short, every number the
// book's: its shooting (range, dice, the weapon's notes), its dice when
// shot at, and its protection against a longbow where that differs.
func (s *System) unitLines(u Unit) []string {
	e := u.Entry
	var lines []string
	shooting := s.set.Table("combat-dice")
	for _, w := range e.Weapons {
		if !w.Missile {
			continue
		}
		line := fmt.Sprintf("Shoots %s %d DU straight ahead: %d dice", w.Name, w.Range, u.Strength)
		moving, ok1 := cellInt(shooting, "Shooter moving", "Dice")
		rough, ok2 := cellInt(shooting, "Shooter in difficult terrain", "Dice")
		if ok1 && ok2 && moving == rough && moving < u.Strength {
			line += fmt.Sprintf(", %d if it moves or is in difficult terrain", moving)
		}
		line += "."
		if r := s.shootingRow(w.Name); r != nil {
			if n := strings.TrimSpace(s.shooting.Cell(r, "Notes").Text); n != "" && !strings.HasPrefix(n, "[") {
				line += " " + n
			}
		}
		lines = append(lines, line)
	}
	if cover, ok := cellInt(s.set.Table("cover"), "In cover", "Dice against the shooting"); ok {
		lines = append(lines, fmt.Sprintf("Shot at: %d dice, %d in cover.", u.Strength, u.Strength+cover))
	}
	if lb := cellText(s.protection, e.Protection, "Shot by a longbow"); lb != "" && lb != "No change" {
		lines = append(lines, "Shot by a longbow: "+strings.ToLower(lb[:1])+lb[1:]+".")
	}
	return lines
}

// typeLines is what a unit's type and characteristics mean on the
// battlefield, as the excerpt gives them: the special unit types' and
// the characteristics' own rows.
func (s *System) typeLines(e *Entry) []string {
	var lines []string
	if t := s.set.Table("special-units"); t != nil {
		for i := range t.Rows {
			if strings.EqualFold(strings.TrimSuffix(t.Rows[i].Key, "s"), strings.TrimSuffix(e.Type, "s")) {
				if v := cellText(t, t.Rows[i].Key, "On the battlefield"); v != "" {
					lines = append(lines, e.Type+": "+v)
				}
			}
		}
	}
	for _, ch := range e.Characteristics {
		if v := cellText(s.characteristics, ch, "What the excerpt says"); v != "" {
			lines = append(lines, ch+": "+v)
		}
	}
	return lines
}

// unitBack is a unit card's back, seen when the card is turned over once
// the unit has been activated (the intro says so): the unit, that it has
// been activated, its strength and discipline, which it still needs when
// shot at or fought, and what its type and characteristics mean
// (typeLines), which the front has no room for. The hits stay on the
// front.
func (s *System) unitBack(u Unit) *doc.Card {
	e := u.Entry
	return &doc.Card{
		Title: u.Name,
		Tag:   typeText(e),
		Fields: []doc.Field{
			{Label: "Activated", Value: "this turn; face up again in the end phase"},
			{Label: "Strength", Value: strconv.Itoa(u.Strength) + " dice in combat"},
			{Label: "Discipline", Value: strconv.Itoa(e.Discipline)},
		},
		Lines: append(s.typeLines(e), "Hits: tick them on the front."),
	}
}

// mageBack is a magic-user's card's back: the magic-user, its level and
// magical power.
func (s *System) mageBack(u Unit) *doc.Card {
	f := s.mageCard(u)
	return &doc.Card{Title: f.Title, Tag: f.Tag, Fields: f.Fields, Lines: []string{"Spell costs: on the front."}}
}

var lastNumber = regexp.MustCompile(`([0-9]+)\s*DU\s*$`)

// mageCard is a magic-user's card: its level, its magical power each
// turn, and what each spell it may cast costs at each range band.
func (s *System) mageCard(u Unit) doc.Card {
	e := u.Entry
	lvKey := "Level " + strconv.Itoa(e.Level)
	extra := s.magicUsers.Cell(s.magicUsers.Named(lvKey), "Extra MP").Int
	highest := s.magicUsers.Cell(s.magicUsers.Named(lvKey), "Highest spell level").Int
	most := 0
	for i := range s.power.Rows {
		if c, ok := s.power.Across(&s.power.Rows[i], e.Level); ok {
			most = max(most, c.Int)
		}
	}
	mp := "one die"
	if extra > 0 {
		mp += " +" + strconv.Itoa(extra)
	}
	mp += fmt.Sprintf(" a turn, at most %d", most)
	var bands []string
	for _, col := range s.spellCost.Columns {
		if m := lastNumber.FindStringSubmatch(col.Name); m != nil {
			bands = append(bands, "≤"+m[1])
		}
	}
	lines := []string{"MP at " + strings.Join(bands, " / ") + " DU:"}
	for lv := 1; lv <= highest; lv++ {
		row := s.spellCost.Named("Level " + strconv.Itoa(lv))
		var costs []string
		for _, c := range row.Cells {
			costs = append(costs, strconv.Itoa(c.Int))
		}
		lines = append(lines, fmt.Sprintf("Level %d spell: %s MP", lv, strings.Join(costs, " / ")))
	}
	var types []string
	for _, r := range s.spells.Rows {
		types = append(types, r.Key)
	}
	lines = append(lines, "One spell a phase: "+strings.Join(types, ", "))
	return doc.Card{
		Title: u.Name,
		Tag:   MagicUser,
		Fields: []doc.Field{
			{Label: "Level", Value: strconv.Itoa(e.Level) + ": spells up to level " + strconv.Itoa(highest)},
			{Label: "Magical power", Value: mp},
		},
		Lines: lines,
	}
}
