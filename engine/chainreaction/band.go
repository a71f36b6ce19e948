package chainreaction

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
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
// higher Rep than the Star; each Grunt rolls one Attribute (page 6).
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
		Note: "You: the list's Special row."})
	var rerolled []string
	squad := ""
	for i := 1; i < size; i++ {
		gr := r.Stream("grunt", strconv.Itoa(i))
		var f Figure
		ok := false
		for range maxRerolls {
			var err error
			if f, err = s.inSquad(gr, list, squad); err != nil {
				return nil, err
			}
			if f.Rep <= rep {
				ok = true
				break
			}
			rerolled = append(rerolled, fmt.Sprintf("%s %s (Rep %d)", f.Roll.Dice.String(), f.Type, f.Rep))
		}
		if !ok {
			return nil, fmt.Errorf("no Grunt of Rep %d or less in %d rolls on %s", rep, maxRerolls, list.ID)
		}
		squad = f.Squad
		switch {
		case f.Roll == nil:
			f.Note = "As the squad's first Grunt: not rolled."
		case len(f.Rerolled) > 0:
			f.Note = "Rolled again after " + rerolledText(f) + ": a police force is one kind (Sortie's reading)."
		}
		ares, err := s.attributes.Roll(gr.Stream("attribute"), 0)
		if err != nil {
			return nil, err
		}
		f.Attribute = plain(ares.Cell("Attribute").Text) + " (" + ares.Roll.String() + ")"
		b.Figures = append(b.Figures, f)
	}
	out := force("Your force", b.Figures)
	out.Own = b
	out.Notes = append(out.Notes, &doc.Para{Note: true, Text: fmt.Sprintf("Raised on the %s: 2d6 for each Grunt, one per point of your Star's Rep (%d), none above it; each Grunt rolls one Attribute (2d6).", list.Title, rep)})
	for _, n := range list.Notes {
		out.Notes = append(out.Notes, &doc.Para{Note: true, Text: n})
	}
	if list.Col(SquadColumn) >= 0 && size > 1 {
		out.Notes = append(out.Notes, &doc.Para{Note: true, Text: SquadNote})
	}
	for _, rr := range rerolled {
		out.Notes = append(out.Notes, &doc.Para{Note: true, Text: "Re-rolled, Rep above the Star's (the book allows no such Grunt; re-rolling is Sortie's way to keep to it): " + rr})
	}
	return out, nil
}

func (s *System) band(f *engine.Force) (*Band, error) { return engine.OwnOf[*Band](f, ID) }
