package swordplay

import (
	"fmt"
	"strconv"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// columns are the attributes Swordplay gives every figure (page 5).
var columns = []string{"Class", "Rep", "Armor", "Weapon"}

// Figure is one figure as an army list gives it.
type Figure struct {
	Type   string
	Class  string
	Rep    int
	AC     int
	Shield bool
	Weapon string
	Star   bool
	Note   string
	Roll   *doc.Roll
	// Reactions is the id of the Reaction Tests its Class takes, as the
	// army list names it; empty for the Star, whose Class is the player's.
	Reactions string
}

// armor prints "AC 4 + Shield" as the lists do.
func (f Figure) armor() string {
	s := "AC " + strconv.Itoa(f.AC)
	if f.Shield {
		s += " + Shield"
	}
	return s
}

func (f Figure) row() engine.Figure {
	return engine.Figure{Name: f.Type, Attrs: []string{f.Class, strconv.Itoa(f.Rep), f.armor(), f.Weapon}, Star: f.Star, Roll: f.Roll, Note: f.Note}
}

// force returns figures as a Force.
func force(title string, fs []Figure) *engine.Force {
	f := &engine.Force{Title: title, Columns: columns}
	for _, fig := range fs {
		f.Figures = append(f.Figures, fig.row())
	}
	return f
}

// rollFigure rolls one figure on an army list.
func rollFigure(r *dice.Roller, list *rules.Table) (Figure, error) {
	res, err := list.Roll(r, 0)
	if err != nil {
		return Figure{}, err
	}
	return Figure{
		Type:      res.Cell("Type").Text,
		Class:     res.Cell("Class").Text,
		Rep:       res.Cell("Rep").Int,
		AC:        res.Cell("Armor").Int,
		Shield:    res.Cell("Shield").Text == "yes",
		Weapon:    res.Cell("Weapon").Text,
		Reactions: res.Cell("Reactions").Text,
		Roll:      &doc.Roll{Label: list.Title, Dice: res.Roll, Row: res.Row.Key},
	}, nil
}

// Band is the player's band as recruited: the Star first.
type Band struct {
	StarRep int
	List    *rules.Table
	Figures []Figure
}

// Band recruits the Star and up to Rep Grunts from the chosen army list
// (page 8): 2d6 on the list for each Grunt. A Grunt of higher Rep than
// the Star may join, but leaves after the Encounter; its note says so.
func (s *System) Band(r *dice.Roller, opt engine.Options) (*engine.Force, error) {
	if err := s.CheckOptions(opt); err != nil {
		return nil, err
	}
	rep := s.starRep(opt)
	size := opt.BandSize
	if size == 0 {
		size = rep + 1
	}
	list := s.recruits(opt)
	b := &Band{StarRep: rep, List: list}
	b.Figures = append(b.Figures, Figure{Type: "Star", Class: "your choice", Rep: rep, AC: 4, Weapon: "your choice", Star: true,
		Note: "You choose your Star's Class, armor, shield and weapon; AC 4 is shown."})
	for i := 1; i < size; i++ {
		f, err := rollFigure(r.Stream("grunt", strconv.Itoa(i)), list)
		if err != nil {
			return nil, err
		}
		if f.Rep > rep {
			f.Note = fmt.Sprintf("Rep %d is higher than your Star's %d: this Grunt leaves the band after the Encounter.", f.Rep, rep)
		}
		b.Figures = append(b.Figures, f)
	}
	out := force("Your band", b.Figures)
	out.Own = b
	out.Notes = append(out.Notes, &doc.Para{Note: true, Text: fmt.Sprintf("Recruited on the %s list: 2d6 for each Grunt, up to one per point of your Star's Rep (%d).", list.Title, rep)})
	return out, nil
}

func (s *System) band(f *engine.Force) (*Band, error) { return engine.OwnOf[*Band](f, ID) }
