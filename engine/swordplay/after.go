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
)

// The words a game's line may say of a figure (engine.Keeper.Fates).
const (
	FateOut     = "out"
	FateRan     = "ran"
	FateDead    = "dead"
	FateDropped = "dropped"
	FateCheated = "cheated"
)

// Fates are what the steps after an Encounter need to know of a figure:
// who went Out of the Fight or ran away (After the Battle Recovery, page
// 23), who died, whether the Star cheated death (page 5), and whom the
// player lets go rather than keep.
func (s *System) Fates() []engine.Fate {
	return []engine.Fate{
		{Word: FateOut, Meaning: "went Out of the Fight: a Grunt rolls After the Battle Recovery; for your Star, -1d6 at every Stay or Go"},
		{Word: FateRan, Meaning: "a Grunt ran away from the table: it rolls After the Battle Recovery"},
		{Word: FateDead, Meaning: "a Grunt was Obviously Dead: it is gone"},
		{Word: FateDropped, Meaning: "a Grunt you do not keep after the battle (the book lets you choose): it leaves without a roll"},
		{Word: FateCheated, Meaning: "your Star cheated death: it comes back 1 Rep lower"},
	}
}

// The rows of Stay or Go, as the data keys them.
const (
	rowTwice = "Twice as many as the other side"
	rowMore  = "More than the other side"
	rowZero  = "Both score zero"
	rowSame  = "Same number, one or more"
)

// peasantReactions is the Reaction Tests of Peasants, the one Class no
// army list recruits.
const peasantReactions = "peasant-reaction"

// The dice of a figure at a place in the band as the game began (1 the
// Star), pre-rolled in the entry's Afterwards and read by After: its
// After the Battle Recovery, and Stay or Go's dice, its own and yours.
func placeStream(r *dice.Roller, place int) *dice.Roller {
	return r.Stream("figure", strconv.Itoa(place))
}
func recoveryStream(r *dice.Roller, place int) *dice.Roller {
	return placeStream(r, place).Stream("recovery")
}
func gruntStream(r *dice.Roller, place int) *dice.Roller {
	return placeStream(r, place).Stream("stay-or-go", "grunt")
}
func yourStream(r *dice.Roller, place int) *dice.Roller {
	return placeStream(r, place).Stream("stay-or-go", "you")
}

// Afterwards is the rest of the campaign turn (pages 23 and 27-28) with
// every die pre-rolled, by place in the band as the game began: each
// Grunt's After the Battle Recovery and both sides of its Stay or Go. The
// player reads the dice that apply; After reads the very same ones from
// what the player writes in the campaign file.
func (s *System) Afterwards(r *dice.Roller, step int, _ engine.Step, force *engine.Force, _ engine.Options) ([]doc.Block, error) {
	b, err := s.band(force)
	if err != nil {
		return nil, err
	}
	if len(b.Figures) < 2 {
		return []doc.Block{&doc.Para{Text: "Your Star alone: no Grunt takes After the Battle Recovery or Stay or Go. " + Recruiting}}, nil
	}
	grunt, you := s.diceCounts(b, step)
	t := &doc.Table{
		Head:  []string{"Place"},
		Rows:  [][]string{{"Recovery 2d6"}, {"Its first Rep"}, {"Your first N"}},
		Notes: []string{"Dice for the steps after the game, by place in the band as it began (your Star is 1): how to read them, and N, on the Stay or Go sheet."},
	}
	for place := 2; place <= len(b.Figures); place++ {
		t.Head = append(t.Head, strconv.Itoa(place))
		t.Rows[0] = append(t.Rows[0], dieList(recoveryStream(r, place).Sum(s.recovery.Dice.Count)))
		t.Rows[1] = append(t.Rows[1], dieList(gruntStream(r, place).Successes(grunt)))
		t.Rows[2] = append(t.Rows[2], dieList(yourStream(r, place).Successes(you)))
	}
	return []doc.Block{t}, nil
}

// Recruiting is what the book leaves to the player between months.
const Recruiting = "The book has no recruiting between months: to take on a new Grunt, add it to the band in your campaign file (Sortie checks it)."

// diceCounts are the most dice a Stay or Go test after the chapter's
// step-th game can need, for the chapter that begins with band b: the
// Grunt's side (its Rep; no Rep goes up) and yours (your Star's Rep, plus
// 1 for each 3 months in a row the longest-serving Grunt can have served
// by then, this month counted), never more than dice.MaxDice (After
// rolls no more). Your Star's Rep only falls.
func (s *System) diceCounts(b *Band, step int) (grunt, you int) {
	months := 0
	for _, f := range b.Figures[1:] {
		grunt = max(grunt, f.Rep)
		months = max(months, f.Months)
	}
	return grunt, min(dice.MaxDice, b.StarRep+(months+step)/3)
}

// dieList prints the dice as they fell, for a player to read the first
// of: two as "3 5", more in threes, "351 246 2", to count off the first
// N at a glance.
func dieList(r dice.Roll) string {
	var b strings.Builder
	for i, d := range r.Dice {
		if i > 0 && (len(r.Dice) <= 2 || i%3 == 0) {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(d))
	}
	return b.String()
}

// placed is a figure of the band with its place as the game began.
type placed struct {
	Figure
	place int
	gone  string // why it left the band this month; "" while it stays
}

// After takes the steps after one game, in the book's order, on the dice
// its entry printed: After the Battle Recovery for each Grunt Out of the
// Fight or run away (page 23), the Star's Rep if it cheated death (page
// 5), Grunts of higher Rep than the Star leave (page 8), then Stay or Go
// for every Grunt (page 27). The book has no recruiting between months,
// so none is rolled. It returns the band as it now stands.
func (s *System) After(r *dice.Roller, _ engine.Step, force *engine.Force, game engine.Game, _ engine.Options) (*engine.Force, []doc.Block, error) {
	b, err := s.band(force)
	if err != nil {
		return nil, nil, err
	}
	if len(b.Figures) == 0 || !b.Figures[0].Star {
		return nil, nil, fmt.Errorf("the band has no Star at place 1")
	}
	if err := s.checkFates(b, game); err != nil {
		return nil, nil, err
	}
	band := make([]*placed, len(b.Figures))
	for i, f := range b.Figures {
		band[i] = &placed{Figure: f, place: i + 1}
	}
	star := band[0]
	grunts := band[1:]

	// After the Battle Recovery.
	var rec []doc.Block
	if game.Has(star.Name, FateCheated) {
		if star.Rep <= MinRep {
			return nil, nil, fmt.Errorf("%s cheated death at Rep %d: a Rep below %d is none (Sortie's decision), so your Star's death ends the campaign", star.Name, star.Rep, MinRep)
		}
		star.Rep--
		rec = append(rec, &doc.Para{Lead: star.Name + " cheated death:", Text: fmt.Sprintf("back at Rep %d, one lower.", star.Rep)})
	}
	if game.Has(star.Name, FateOut) {
		rec = append(rec, &doc.Para{Lead: star.Name + " went Out of the Fight:", Text: "back at its Rep. Sortie's decision: a Star takes no recovery roll; Larger Than Life makes Out of the Fight the worst it suffers."})
	}
	for _, g := range grunts {
		switch {
		case game.Has(g.Name, FateDead):
			g.gone = "Obviously Dead"
			rec = append(rec, &doc.Para{Lead: g.Name + ":", Text: "Obviously Dead, gone from the band."})
		case game.Has(g.Name, FateDropped):
			g.gone = "not kept"
			rec = append(rec, &doc.Para{Lead: g.Name + ":", Text: "not kept, gone from the band."})
		case game.Has(g.Name, FateOut), game.Has(g.Name, FateRan):
			roll, err := s.recover(r, g, game.Has(g.Name, FateRan))
			if err != nil {
				return nil, nil, err
			}
			rec = append(rec, roll)
		}
	}
	var bs []doc.Block
	if len(rec) > 0 {
		bs = append(bs, &doc.Section{Title: "After the Battle Recovery", Blocks: rec})
	}

	// Grunts of higher Rep than the Star leave after the Encounter.
	var high []string
	for _, g := range grunts {
		if g.gone == "" && g.Rep > star.Rep {
			g.gone = "higher Rep than the Star"
			high = append(high, fmt.Sprintf("%s (Rep %d)", g.Name, g.Rep))
		}
	}
	if len(high) > 0 {
		bs = append(bs, &doc.Para{Lead: "Higher Rep than your Star's " + strconv.Itoa(star.Rep) + ":", Text: andList(high) + " " + leaveVerb(len(high)) + " the band."})
	}

	// Stay or Go.
	youOut := game.Has(star.Name, FateOut)
	gruntsDown := slices.ContainsFunc(grunts, func(g *placed) bool { return game.Has(g.Name, FateOut) || game.Has(g.Name, FateDead) })
	var sog []doc.Block
	var poisoners []*placed
	tie := false
	for _, g := range grunts {
		if g.gone != "" {
			continue
		}
		g.Months++
		wasPoisoned := g.Poisoned
		g.Poisoned = false
		if g.Skips {
			g.Skips = false
			sog = append(sog, &doc.Para{Lead: g.Name + ":", Text: "skips this test (you scored twice as many last time); stays."})
			continue
		}
		test, err := s.stayOrGoTest(r, g, star.Rep, youOut, gruntsDown, wasPoisoned, game.Success)
		if err != nil {
			return nil, nil, err
		}
		sog = append(sog, test.blocks...)
		tie = tie || test.tie
		switch {
		case test.poisons:
			poisoners = append(poisoners, g)
			g.gone = "left"
		case !test.stays:
			g.gone = "left"
		case test.skips:
			g.Skips = true
		}
	}
	if len(poisoners) > 0 {
		var by, minds []string
		low := 0 // the highest Rep poisoned: equal or lower than a poisoner's
		for _, p := range poisoners {
			by = append(by, p.Name)
			low = max(low, p.Rep)
		}
		var spared []string
		for _, g := range grunts {
			switch {
			case g.gone != "" || g.Rep > low:
			case g.Skips:
				spared = append(spared, g.Name)
			default:
				g.Poisoned = true
				minds = append(minds, g.Name)
			}
		}
		text := "no one of equal or lower Rep is left to test next month."
		if len(minds) > 0 {
			text = andList(minds) + ": -1d6 for you at the next Stay or Go (Sortie's reading: the book's modifier is for a mind poisoned after the last Encounter, so it counts next month, not this one)."
		}
		if len(spared) > 0 {
			text += " " + andList(spared) + " " + skipVerb(len(spared)) + " next month's test, when the poison counts, so it is spent."
		}
		sog = append(sog, &doc.Para{Lead: "Minds poisoned by " + andList(by) + ":", Text: text})
	}
	if tie {
		sog = append(sog, &doc.Para{Note: true, Text: "Sortie's decision: the book gives no row for a tie above zero; it reads as Both score zero (the last Encounter decides)."})
	}
	if len(sog) > 0 {
		bs = append(bs, &doc.Section{Title: "Stay or Go", Blocks: sog})
	}
	bs = append(bs, &doc.Para{Lead: "New Grunts:", Text: "the book has no recruiting between months, so Sortie rolls none. To take one on, add it to the band in your campaign file (class, rep, armor, weapon; months: 0, poisoned: no, skips: no); Sortie checks it."})

	nb := &Band{StarRep: star.Rep, List: b.List}
	for _, f := range band {
		if f.gone == "" {
			nb.Figures = append(nb.Figures, f.Figure)
		}
	}
	return nb.force(), bs, nil
}

func skipVerb(n int) string {
	if n == 1 {
		return "skips"
	}
	return "skip"
}

func leaveVerb(n int) string {
	if n == 1 {
		return "leaves"
	}
	return "leave"
}

// checkFates checks that each word the game says of a figure is one the
// book's steps can take for it.
func (s *System) checkFates(b *Band, game engine.Game) error {
	for _, f := range b.Figures {
		ws := game.Fates[f.Name]
		if f.Star {
			for _, w := range ws {
				switch w {
				case FateOut, FateCheated:
				case FateDead:
					return fmt.Errorf("%s: dead: a Star killed by an equal or higher Rep may cheat death (write cheated); if it did not, the campaign ends with it", f.Name)
				default:
					return fmt.Errorf("%s: %s is said of a Grunt, not of your Star (a Star may be out or cheated)", f.Name, w)
				}
			}
			continue
		}
		var said []string
		for _, w := range ws {
			if w == FateCheated {
				return fmt.Errorf("%s: cheated: only your Star can cheat death", f.Name)
			}
			if !slices.Contains(said, w) {
				said = append(said, w)
			}
		}
		if len(said) > 1 {
			return fmt.Errorf("%s is said to be %s: write one of out, ran, dead or dropped", f.Name, andList(said))
		}
	}
	return nil
}

// recover takes After the Battle Recovery for a Grunt Out of the Fight
// or run away: 2d6 versus its Rep, on its place's dice.
func (s *System) recover(r *dice.Roller, g *placed, ran bool) (*doc.Roll, error) {
	res, err := s.recovery.Roll(recoveryStream(r, g.place), g.Rep)
	if err != nil {
		return nil, err
	}
	what := "Out of the Fight"
	if ran {
		what = "ran away"
	}
	var result string
	switch passed := res.Roll.Value; {
	case passed == 2 || (passed == 1 && !ran):
		result = fmt.Sprintf("back at Rep %d", g.Rep)
	case passed == 1 && g.Rep > MinRep:
		g.Rep--
		result = fmt.Sprintf("back at Rep %d, one lower", g.Rep)
	case passed == 1:
		g.gone = "does not return"
		result = fmt.Sprintf("does not return (Sortie's decision: one lower than Rep %d is none)", MinRep)
	case ran:
		g.gone = "does not return"
		result = "does not return"
	default:
		g.gone = "Obviously Dead"
		result = "now Obviously Dead: gone"
	}
	return &doc.Roll{Label: fmt.Sprintf("%s (place %d, Rep %d) %s", g.Name, g.place, res.Roll.Expr.Target, what), Dice: res.Roll, Row: res.Row.Key, Result: result}, nil
}

// test is one Grunt's Stay or Go: what it did and the lines that show it.
type test struct {
	stays, skips, poisons bool
	tie                   bool // read as Both score zero with successes on each side
	blocks                []doc.Block
}

// stayOrGoTest takes Stay or Go (page 27) for Grunt g against a Star of Rep
// starRep: the Grunt rolls 1d6 per point of its Rep, you 1d6 per point of
// yours with the modifiers that apply to it, each side on the place's
// dice, and the successes are compared on the table.
func (s *System) stayOrGoTest(r *dice.Roller, g *placed, starRep int, youOut, gruntsDown, poisoned, success bool) (test, error) {
	n := starRep
	mods := []string{fmt.Sprintf("Rep %d", starRep)}
	for _, m := range []struct {
		on   bool
		text string
	}{{youOut, "-1 you went Out of the Fight"}, {gruntsDown, "-1 Grunts OOF or OD"}, {poisoned, "-1 mind poisoned"}} {
		if m.on {
			n--
			mods = append(mods, m.text)
		}
	}
	if bonus := g.Months / 3; bonus > 0 {
		n += bonus
		mods = append(mods, fmt.Sprintf("+%d for %d months", bonus, g.Months))
	}
	if n > dice.MaxDice {
		n = dice.MaxDice
		mods = append(mods, fmt.Sprintf("at most %d: Sortie's decision, the book sets no limit", dice.MaxDice))
	}
	var t test
	grunt := gruntStream(r, g.place).Successes(g.Rep)
	t.blocks = append(t.blocks, &doc.Roll{Label: fmt.Sprintf("%s (place %d), its dice", g.Name, g.place), Dice: grunt})
	yours := 0
	var yourRoll *doc.Roll
	if n > 0 {
		y := yourStream(r, g.place).Successes(n)
		yours = y.Value
		yourRoll = &doc.Roll{Label: "Your dice (" + strings.Join(mods, ", ") + ")", Dice: y}
		t.blocks = append(t.blocks, yourRoll)
	}
	row, col := s.readStayOrGo(yours, grunt.Value)
	switch row.Key {
	case rowZero, rowSame:
		t.stays = success
		t.tie = row.Key == rowSame
	case rowTwice:
		t.stays, t.skips, t.poisons = col == "Star", col == "Star", col == "Grunt"
	default:
		t.stays = col == "Star"
	}
	result := "it leaves"
	switch {
	case t.skips:
		result = "it stays, and skips this test next month"
	case t.stays:
		result = "it stays"
	case t.poisons:
		result = "it leaves, and poisons the minds of the rest of equal or lower Rep"
	}
	key := row.Key
	if col == "Grunt" && (row.Key == rowTwice || row.Key == rowMore) {
		key += ", the Grunt"
	} else if row.Key == rowTwice || row.Key == rowMore {
		key += ", you"
	}
	if yourRoll == nil {
		t.blocks = append(t.blocks, &doc.Para{Lead: "Your dice (" + strings.Join(mods, ", ") + "):", Text: "none, so no successes (Sortie's decision: fewer than none is none)."})
		t.blocks = append(t.blocks, &doc.Para{Text: key + ": " + result + "."})
	} else {
		yourRoll.Row, yourRoll.Result = key, result
	}
	return t, nil
}

// readStayOrGo reads the row and column of Stay or Go for your successes
// against the Grunt's, as the data's decisions say: twice as many is at
// least double (against none, one or more).
func (s *System) readStayOrGo(you, grunt int) (*rules.Row, string) {
	switch {
	case you == grunt && you == 0:
		return s.stayOrGo.Named(rowZero), "Star"
	case you == grunt:
		return s.stayOrGo.Named(rowSame), "Star"
	case you > grunt && you >= 2*grunt:
		return s.stayOrGo.Named(rowTwice), "Star"
	case you > grunt:
		return s.stayOrGo.Named(rowMore), "Star"
	case grunt >= 2*you:
		return s.stayOrGo.Named(rowTwice), "Grunt"
	}
	return s.stayOrGo.Named(rowMore), "Grunt"
}

// andList joins items as "A, B and C".
func andList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
