package swordplay

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

// columns are the attributes Swordplay gives every figure (page 5).
var columns = []string{"Class", "Rep", "Armor", "Weapon"}

// Figure is one figure as an army list gives it.
type Figure struct {
	// Name is the figure's own name in the player's band: unique in it,
	// the Type at first ("Infantry", "Infantry 2"), then what the
	// player's campaign file calls it. Empty for enemies, which go by
	// their Type.
	Name string
	// Type is what the army list calls the figure; a figure raised from
	// the player's file goes by its Name.
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
	// What Stay or Go (page 27) needs to know of a Grunt from month to
	// month: the months in a row it has served, whether a Grunt who left
	// poisoned its mind after the last Encounter, and whether it skips
	// the test after the next one.
	Months   int
	Poisoned bool
	Skips    bool
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
	name := f.Name
	if name == "" {
		name = f.Type
	}
	return engine.Figure{Name: name, Attrs: []string{f.Class, strconv.Itoa(f.Rep), f.armor(), f.Weapon}, Star: f.Star, Roll: f.Roll, Note: f.Note}
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
	b.Figures = append(b.Figures, Figure{Name: StarName, Type: StarName, Class: YourChoice, Rep: rep, AC: 4, Weapon: YourChoice, Star: true})
	taken := map[string]bool{StarName: true}
	for i := 1; i < size; i++ {
		f, err := rollFigure(r.Stream("grunt", strconv.Itoa(i)), list)
		if err != nil {
			return nil, err
		}
		f.Name = unique(taken, f.Type)
		b.Figures = append(b.Figures, f)
	}
	out := b.force()
	out.Notes = append(out.Notes, &doc.Para{Note: true, Text: fmt.Sprintf("Recruited on the %s list: 2d6 for each Grunt, up to one per point of your Star's Rep (%d).", list.Title, rep)})
	return out, nil
}

// StarName is the Star's name in a band Sortie recruits.
const StarName = "Star"

// YourChoice is the Star's Class and weapon until the player names them.
const YourChoice = "your choice"

// unique returns name, or name with the first free number after it
// ("Infantry 2"), and takes it.
func unique(taken map[string]bool, name string) string {
	n := name
	for i := 2; taken[n]; i++ {
		n = name + " " + strconv.Itoa(i)
	}
	taken[n] = true
	return n
}

// force returns the band as a Force, each figure noted as the book's
// procedures see it: the Star's choices, a Grunt of higher Rep than the
// Star, what Stay or Go carries over.
func (b *Band) force() *engine.Force {
	fs := make([]Figure, len(b.Figures))
	for i, f := range b.Figures {
		f.Note = b.note(f)
		fs[i] = f
	}
	out := force("Your band", fs)
	out.Own = b
	return out
}

// note is what a band's figure carries beside its roll.
func (b *Band) note(f Figure) string {
	var parts []string
	if f.Star && (f.Class == YourChoice || f.Weapon == YourChoice) {
		parts = append(parts, "You choose your Star's Class, armor, shield and weapon; AC 4 is shown.")
	}
	if !f.Star && f.Rep > b.StarRep {
		parts = append(parts, fmt.Sprintf("Rep %d is higher than your Star's %d: this Grunt leaves the band after the Encounter.", f.Rep, b.StarRep))
	}
	if !f.Star && f.Months > 0 {
		parts = append(parts, words.Plural(f.Months, "month", "months")+" in the band.")
	}
	if f.Poisoned {
		parts = append(parts, "Mind poisoned: -1d6 for you at its next Stay or Go.")
	}
	if f.Skips {
		parts = append(parts, "Skips its next Stay or Go.")
	}
	return strings.Join(parts, " ")
}

func (s *System) band(f *engine.Force) (*Band, error) { return engine.OwnOf[*Band](f, ID) }
