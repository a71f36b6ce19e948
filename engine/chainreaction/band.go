package chainreaction

import (
	"fmt"
	"strconv"

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
	Roll      *doc.Roll
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
// gives; a row that names a weapon table (a gang member's Gang Weapons,
// a SWAT figure's SWAT Weapons, page 7) rolls on it too, and the roll
// prints with the weapon.
func (s *System) rollFigure(r *dice.Roller, list *rules.Table) (Figure, error) {
	res, err := list.Roll(r, 0)
	if err != nil {
		return Figure{}, err
	}
	f := Figure{Type: plain(res.Cell("Type").Text), Rep: res.Cell("Rep").Int, Weapon: plain(res.Cell("Weapon").Text),
		Roll: &doc.Roll{Label: list.Title, Dice: res.Roll, Row: res.Row.Key}}
	if ref := res.Cell("Weapon roll").Text; ref != "" {
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
	for i := 1; i < size; i++ {
		gr := r.Stream("grunt", strconv.Itoa(i))
		var f Figure
		ok := false
		for range maxRerolls {
			var err error
			if f, err = s.rollFigure(gr, list); err != nil {
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
	for _, rr := range rerolled {
		out.Notes = append(out.Notes, &doc.Para{Note: true, Text: "Re-rolled, Rep above the Star's (the book allows no such Grunt; re-rolling is Sortie's way to keep to it): " + rr})
	}
	return out, nil
}

func (s *System) band(f *engine.Force) (*Band, error) { return engine.OwnOf[*Band](f, ID) }
