package chainreaction

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/words"
)

// forceColumns are what Sortie prints of every figure.
var forceColumns = []string{"Rep", "Weapon", "Attribute"}

// Figure is one figure as a force list gives it.
type Figure struct {
	Type      string
	Rep       int
	Weapon    string
	Rolled    string    // the weapon it rolled on its row's weapon table, if any
	WRoll     *doc.Roll // that roll
	Attribute string
	Star      bool
	Note      string
	Roll      *doc.Roll // its roll on the list; nil for a figure its squad gives (Squad)
	Row       string    // the key of its row on the list
	Squad     string    // its row's squad, on a list with a Squad column (Police: swat or regular)
	// Rerolled are its rolls on the list that came up a row of another
	// squad than its force's, re-rolled (SWAT never serve beside officers).
	Rerolled []*doc.Roll
	// Team is the Team Weapons roll of the last of a Military team of
	// your force (armForce); nil for every other figure.
	Team *doc.Roll
}

func (f Figure) row() engine.Figure {
	return engine.Figure{Name: f.Type, Attrs: []string{strconv.Itoa(f.Rep), f.Weapon, f.Attribute}, Star: f.Star, Roll: f.Roll, Note: f.Note}
}

func force(title string, fs []Figure) *engine.Force {
	f := &engine.Force{Title: title, Columns: forceColumns}
	for _, fig := range fs {
		f.Figures = append(f.Figures, fig.row())
	}
	return f
}

// rollFigure rolls one figure on a force list, with the weapon its row
// gives (fromRow).
func (s *System) rollFigure(r *dice.Roller, list *rules.Table) (Figure, error) {
	res, err := list.Roll(r, 0)
	if err != nil {
		return Figure{}, err
	}
	return s.fromRow(r, list, res.Row, &doc.Roll{Label: list.Title, Dice: res.Roll, Row: res.Row.Key})
}

// fromRow is the figure of a list's row, made by roll (nil for one its
// squad gives): the weapon its row gives and, where the row names a weapon
// table (a gang member's Gang Weapons, a SWAT figure's SWAT Weapons, page
// 7), the weapon it rolls there, printed with its roll.
func (s *System) fromRow(r *dice.Roller, list *rules.Table, row *rules.Row, roll *doc.Roll) (Figure, error) {
	f := Figure{Type: plain(list.Cell(row, "Type").Text), Rep: list.Cell(row, "Rep").Int, Weapon: plain(list.Cell(row, "Weapon").Text),
		Roll: roll, Row: row.Key}
	if list.Col(SquadColumn) >= 0 {
		f.Squad = list.Cell(row, SquadColumn).Text
	}
	if ref := list.Cell(row, "Weapon roll").Text; ref != "" {
		wt := s.set.Table(ref)
		w, err := wt.Roll(r, 0)
		if err != nil {
			return Figure{}, err
		}
		f.Rolled = plain(w.Cell("Weapon").Text)
		f.WRoll = &doc.Roll{Label: wt.Title, Dice: w.Roll, Row: w.Row.Key, Result: f.Rolled}
		rolled := f.Rolled + " (" + w.Roll.String() + ")"
		if f.Weapon == "" {
			f.Weapon = rolled
		} else {
			f.Weapon += ", " + rolled
		}
	}
	return f, nil
}

// SquadColumn is the optional column of a force list that sorts its rows
// into squads that never serve together: the Police List's SWAT, who
// "do not work with regular uniformed officers but replace them" (page
// 7, line 258), against its Detectives, Veterans, Officers and Rookies.
const SquadColumn = "Squad"

// SquadNote says, under a force raised from a list with squads, how Sortie
// keeps them apart; the book says only that they never serve together.
const SquadNote = "SWAT never serve beside uniformed officers (rulebook page 7), so a police force is all one or all the other: its first figure's roll decides. After a SWAT first figure every figure is SWAT, without a roll; after any other, a roll of SWAT is rolled again (Sortie's reading: the book gives SWAT a row of the list and no other way to call them)."

// inSquad makes one figure of squad sq on list (a list with squads, once a
// force's first figure has set its squad): a squad of one row gives that
// row without a roll; otherwise the list is rolled until a row of the squad
// comes up, each roll of another squad kept in Rerolled. With sq empty it
// is one roll (rollFigure).
func (s *System) inSquad(r *dice.Roller, list *rules.Table, sq string) (Figure, error) {
	if sq == "" || list.Col(SquadColumn) < 0 {
		return s.rollFigure(r, list)
	}
	var rows []*rules.Row
	for i := range list.Rows {
		if list.Cell(&list.Rows[i], SquadColumn).Text == sq {
			rows = append(rows, &list.Rows[i])
		}
	}
	if len(rows) == 1 {
		return s.fromRow(r, list, rows[0], nil)
	}
	var again []*doc.Roll
	for range maxRerolls {
		f, err := s.rollFigure(r, list)
		if err != nil {
			return Figure{}, err
		}
		if f.Squad == sq {
			f.Rerolled = again
			return f, nil
		}
		f.Roll.Result = f.Type
		again = append(again, f.Roll)
	}
	return Figure{}, fmt.Errorf("no %s figure in %d rolls on %s", sq, maxRerolls, list.ID)
}

// rerolledText says which rolls of a figure were rolled again, and why.
func rerolledText(f Figure) string {
	var rs []string
	for _, r := range f.Rerolled {
		rs = append(rs, fmt.Sprintf("%d %s", r.Dice.Value, r.Result))
	}
	return strings.Join(rs, ", ")
}

// Band is the player's force as raised.
type Band struct {
	StarRep int
	List    *rules.Table
	Figures []Figure
}

// maxRerolls bounds re-rolling a Grunt above the Star's Rep.
const maxRerolls = 1000

// Band raises the player's force (page 4): the Star and one Grunt per
// point of his Rep, 2d6 each on the chosen list, re-rolling any Grunt of
// higher Rep than the Star; each Grunt rolls one Attribute (page 6). What
// was rolled again, and why, is said on the figure's row; the weapons the
// list leaves to the player are given out on the rows too (armForce).
func (s *System) Band(r *dice.Roller, opt engine.Options) (*engine.Force, error) {
	if err := s.CheckOptions(opt); err != nil {
		return nil, err
	}
	rep := s.starRep(opt)
	size := opt.BandSize
	if size == 0 {
		size = rep + 1
	}
	own, _ := s.sides(opt)
	list := s.lists[own]
	b := &Band{StarRep: rep, List: list}
	b.Figures = append(b.Figures, Figure{Type: "Star", Rep: rep, Weapon: "your choice", Attribute: "your choice (two in a campaign)", Star: true,
		Note: s.starNote(rep)})
	squad := ""
	for i := 1; i < size; i++ {
		gr := r.Stream("grunt", strconv.Itoa(i))
		var f Figure
		var swat, high []string
		ok := false
		for range maxRerolls {
			var err error
			if f, err = s.inSquad(gr, list, squad); err != nil {
				return nil, err
			}
			if len(f.Rerolled) > 0 {
				swat = append(swat, rerolledText(f))
			}
			if f.Rep <= rep {
				ok = true
				break
			}
			high = append(high, fmt.Sprintf("%d %s", f.Roll.Dice.Value, f.Type))
		}
		if !ok {
			return nil, fmt.Errorf("no Grunt of Rep %d or less in %d rolls on %s", rep, maxRerolls, list.ID)
		}
		squad = f.Squad
		switch {
		case f.Roll == nil:
			f.Note = "As the squad's first Grunt: not rolled."
		case len(swat)+len(high) > 0:
			var why []string
			if len(swat) > 0 {
				why = append(why, "after "+strings.Join(swat, ", ")+": a police force is one kind (Sortie's reading)")
			}
			if len(high) > 0 {
				why = append(why, "after "+strings.Join(high, ", ")+": Rep above the Star's (the book allows none)")
			}
			f.Note = "Rolled again " + strings.Join(why, "; ") + "."
		}
		ares, err := s.attributes.Roll(gr.Stream("attribute"), 0)
		if err != nil {
			return nil, err
		}
		f.Attribute = plain(ares.Cell("Attribute").Text) + " (" + ares.Roll.String() + ")"
		b.Figures = append(b.Figures, f)
	}
	arms, err := s.armForce(r, list, b.Figures)
	if err != nil {
		return nil, err
	}
	out := force("Your force", b.Figures)
	out.Own = b
	raised := fmt.Sprintf("Raised on the %s: 2d6 for each Grunt, one per point of your Star's Rep (%d), none above it; each Grunt rolls one Attribute (2d6).", list.Title, rep)
	if n := s.sizeNote(list, size, opt.BandSize != 0); n != "" {
		raised += " " + n
	}
	out.Notes = append(out.Notes, &doc.Para{Note: true, Text: raised})
	if arms != "" {
		out.Notes = append(out.Notes, &doc.Para{Note: true, Text: arms})
	}
	if list.Col(SquadColumn) >= 0 && size > 1 {
		out.Notes = append(out.Notes, &doc.Para{Note: true, Text: SquadNote})
	}
	return out, nil
}

// starNote is the word on the Star's row: the lists print the Star as a
// Special row of Rep 5 (the book's suggestion, page 4), which a Star of
// another Rep does not match.
func (s *System) starNote(rep int) string {
	if rep == s.set.System.StarRep {
		return "You: the list's Special row."
	}
	return fmt.Sprintf("You: the list's Special row, at Rep %d as chosen (the list prints the book's suggested Rep %d).", rep, s.set.System.StarRep)
}

// sizeNote says, when the force is not of a size the list gives its units
// (Recruiting's Fewest to Most: a Military squad is 9 to 12), that Sortie
// raises it as page 4 says (the sentence before it), or as chosen, and
// does not fill it out: a Patrol fields a force of any size. "" when the
// size is in the list's range.
func (s *System) sizeNote(list *rules.Table, size int, chosen bool) string {
	for i := range s.recruiting.Rows {
		row := &s.recruiting.Rows[i]
		if s.recruiting.Cell(row, "List").Text != list.ID {
			continue
		}
		lo, hi := s.recruiting.Cell(row, "Fewest").Int, s.recruiting.Cell(row, "Most").Int
		if size >= lo && size <= hi {
			return ""
		}
		how := ""
		if chosen {
			how = ", as asked for"
		}
		return fmt.Sprintf("Sortie's decision: your force is %s%s, not filled out to the %s's %d to %d: a Patrol takes any size.",
			words.Plural(size, "figure", "figures"), how, list.Title, lo, hi)
	}
	return ""
}

// armForce gives out, on the figures' rows, the weapons the list allows
// some of a force and leaves to the player (page 7), as Sortie gives them
// to the enemy: on the Military List the force is cut into three-man teams
// in the order listed (a last one or two is a team too) and the last of
// each rolls Team Weapons for a grenade launcher or a SAW; on the
// Insurgents List the force is one group and its last figure carries the
// group's SAW. The Star, who chooses his own weapon, is passed over. It
// returns the note that says so, or "".
func (s *System) armForce(r *dice.Roller, list *rules.Table, fs []Figure) (string, error) {
	switch list.ID {
	case "military":
		var teams []string
		given := false
		for k, first := 0, 0; first < len(fs); k, first = k+1, first+3 {
			last := min(first+2, len(fs)-1)
			if last == first {
				teams = append(teams, strconv.Itoa(first+1))
			} else {
				teams = append(teams, fmt.Sprintf("%d–%d", first+1, last+1))
			}
			if fs[last].Star {
				continue
			}
			res, err := s.teamArms.Roll(r.Stream("team-weapon", strconv.Itoa(k+1)), 0)
			if err != nil {
				return "", err
			}
			w := plain(res.Cell("Weapon").Text)
			fs[last].Team = rollOf(s.teamArms, res, w)
			fs[last].Weapon += ", " + w + " (" + res.Roll.String() + ")"
			given = true
		}
		if !given {
			return "", nil
		}
		return fmt.Sprintf("Teams of three as listed (%s): the last of each carries a grenade launcher or a SAW, rolled on %s (Sortie's decision: the book does not say who). No rocket launcher team: the book gives one for every three squads.",
			andList(teams), s.teamArms.Title), nil
	case "insurgents":
		last := len(fs) - 1
		if fs[last].Star {
			return "", nil
		}
		fs[last].Weapon += ", SAW"
		return "Your force is one group: its last figure carries the SAW (Sortie's decision: the book allows one a group, not who). No rocket launcher: the book gives one for every two groups.", nil
	}
	return "", nil
}

// andList joins items as "1–3, 4–6 and 7".
func andList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

func (s *System) band(f *engine.Force) (*Band, error) { return engine.OwnOf[*Band](f, ID) }
