package rules

import "encoding/json"

// The JSON form of a system's tables (docs/json.md). Field names are
// stable; new fields may be added.

type tableJSON struct {
	ID        string       `json:"id"`
	Title     string       `json:"title"`
	Dice      string       `json:"dice,omitempty"`
	Read      Read         `json:"read"`
	Target    string       `json:"target,omitempty"`
	SixFails  bool         `json:"sixFails,omitempty"`
	RollAgain bool         `json:"rollAgain,omitempty"`
	Caption   string       `json:"caption"`
	KeyHeader string       `json:"keyHeader"`
	Notes     []string     `json:"notes,omitempty"`
	Columns   []columnJSON `json:"columns"`
	Rows      []rowJSON    `json:"rows"`
	Groups    []string     `json:"groups,omitempty"`
	Source    string       `json:"source,omitempty"`
	Decisions []string     `json:"decisions,omitempty"`
	Across    *acrossJSON  `json:"across,omitempty"`
	Modifiers []groupJSON  `json:"modifiers,omitempty"`
	Footnotes []noteJSON   `json:"footnotes,omitempty"`
}

type acrossJSON struct {
	Name   string `json:"name"`
	Values []*int `json:"values"` // null for a column not read by Name
}

type groupJSON struct {
	Headers [2]string      `json:"headers"`
	Rows    []modifierJSON `json:"rows"`
}

type modifierJSON struct {
	Text          string `json:"text"`
	Value         string `json:"value"`
	TextFootnote  int    `json:"textFootnote,omitempty"`
	ValueFootnote int    `json:"valueFootnote,omitempty"`
}

type noteJSON struct {
	Number int    `json:"number"`
	Text   string `json:"text"`
}

type columnJSON struct {
	Name string     `json:"name"`
	Type ColumnType `json:"type"`
}

type rowJSON struct {
	Key   string     `json:"key"`
	Lo    *int       `json:"lo,omitempty"`
	Hi    *int       `json:"hi,omitempty"`
	Cells []cellJSON `json:"cells"`
}

type cellJSON struct {
	Text     string `json:"text"`
	Int      *int   `json:"int,omitempty"`
	Decided  bool   `json:"decided,omitempty"`
	Footnote int    `json:"footnote,omitempty"`
}

// MarshalJSON writes the table in the form docs/json.md documents.
func (t *Table) MarshalJSON() ([]byte, error) {
	j := tableJSON{
		ID: t.ID, Title: t.Title, Read: t.Read, Target: t.Target, SixFails: t.SixFails, RollAgain: t.RollAgain,
		Caption: t.Caption, KeyHeader: t.KeyHeader, Notes: t.Notes, Groups: t.Groups,
		Source: t.Source, Decisions: t.Decisions,
	}
	if t.HasDice {
		j.Dice = t.Dice.Notation()
	}
	for _, c := range t.Columns {
		j.Columns = append(j.Columns, columnJSON(c))
	}
	if t.AcrossName != "" {
		a := &acrossJSON{Name: t.AcrossName}
		for i := range t.AcrossValues {
			if v, ok := t.AcrossValue(i); ok {
				a.Values = append(a.Values, &v)
			} else {
				a.Values = append(a.Values, nil)
			}
		}
		j.Across = a
	}
	for _, g := range t.Modifiers {
		gj := groupJSON{Headers: g.Headers}
		for _, m := range g.Rows {
			gj.Rows = append(gj.Rows, modifierJSON{Text: m.Text, Value: m.Value, TextFootnote: m.TextNote, ValueFootnote: m.ValueNote})
		}
		j.Modifiers = append(j.Modifiers, gj)
	}
	for _, f := range t.Footnotes {
		j.Footnotes = append(j.Footnotes, noteJSON{Number: f.Number, Text: f.Text})
	}
	for _, r := range t.Rows {
		rj := rowJSON{Key: r.Key}
		if t.Rolled() {
			lo, hi := r.Lo, r.Hi
			if !r.OpenBelow() {
				rj.Lo = &lo // an open key leaves out its open end
			}
			if !r.OpenAbove() {
				rj.Hi = &hi
			}
		}
		for i, c := range r.Cells {
			cj := cellJSON{Text: c.Text, Decided: c.Decided, Footnote: c.Footnote}
			if t.Columns[i].Type == TypeInt && !c.NA {
				n := c.Int
				cj.Int = &n
			}
			rj.Cells = append(rj.Cells, cj)
		}
		j.Rows = append(j.Rows, rj)
	}
	return json.Marshal(j)
}

type systemJSON struct {
	ID         string           `json:"id"`
	Name       string           `json:"name"`
	Publisher  string           `json:"publisher,omitempty"`
	Book       string           `json:"book,omitempty"`
	Summary    string           `json:"summary,omitempty"`
	Board      *[2]int          `json:"boardInches,omitempty"`
	Sections   *[2]int          `json:"sections,omitempty"`
	StarRep    int              `json:"starRep,omitempty"`
	First      string           `json:"firstEncounter,omitempty"`
	QRS        []string         `json:"qrs"`
	Encounters []*encounterJSON `json:"encounters"`
	Tables     []*Table         `json:"tables"`
}

type encounterJSON struct {
	ID         string   `json:"id"`
	Title      string   `json:"title"`
	Summary    string   `json:"summary,omitempty"`
	Objective  []string `json:"objective"`
	Forces     []string `json:"forces,omitempty"`
	Deployment []string `json:"deployment,omitempty"`
	Special    []string `json:"special,omitempty"`
	Terrain    string   `json:"terrainTable,omitempty"`
	Camp       bool     `json:"camp,omitempty"`
	BandStarts bool     `json:"bandStarts,omitempty"`
	Tables     []string `json:"tables,omitempty"`
}

// MarshalJSON writes the whole system, its encounter types and its tables
// in file order, in the form docs/json.md documents.
func (s *Set) MarshalJSON() ([]byte, error) {
	sys := s.System
	j := systemJSON{
		ID: sys.ID, Name: sys.Name, Publisher: sys.Publisher, Book: sys.Book, Summary: sys.Summary,
		StarRep: sys.StarRep, First: sys.First, QRS: sys.QRS,
	}
	if sys.BoardW > 0 {
		j.Board = &[2]int{sys.BoardW, sys.BoardH}
	}
	if sys.SectionCols > 0 {
		j.Sections = &[2]int{sys.SectionCols, sys.SectionRows}
	}
	for _, e := range s.Encounters {
		j.Encounters = append(j.Encounters, &encounterJSON{
			ID: e.ID, Title: e.Title, Summary: e.Summary, Objective: e.Objective, Forces: e.Forces,
			Deployment: e.Deployment, Special: e.Special, Terrain: e.Terrain, Camp: e.Camp, BandStarts: e.BandStarts,
			Tables: e.Tables,
		})
	}
	for _, id := range s.Order {
		j.Tables = append(j.Tables, s.Tables[id])
	}
	return json.Marshal(j)
}
