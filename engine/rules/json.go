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
	Caption   string       `json:"caption"`
	KeyHeader string       `json:"keyHeader"`
	Notes     []string     `json:"notes,omitempty"`
	Columns   []columnJSON `json:"columns"`
	Rows      []rowJSON    `json:"rows"`
	Groups    []string     `json:"groups,omitempty"`
	Source    string       `json:"source,omitempty"`
	Decisions []string     `json:"decisions,omitempty"`
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
	Text    string `json:"text"`
	Int     *int   `json:"int,omitempty"`
	Decided bool   `json:"decided,omitempty"`
}

// MarshalJSON writes the table in the form docs/json.md documents.
func (t *Table) MarshalJSON() ([]byte, error) {
	j := tableJSON{
		ID: t.ID, Title: t.Title, Read: t.Read, Target: t.Target, SixFails: t.SixFails,
		Caption: t.Caption, KeyHeader: t.KeyHeader, Notes: t.Notes, Groups: t.Groups,
		Source: t.Source, Decisions: t.Decisions,
	}
	if t.HasDice {
		j.Dice = t.Dice.Notation()
	}
	for _, c := range t.Columns {
		j.Columns = append(j.Columns, columnJSON(c))
	}
	for _, r := range t.Rows {
		rj := rowJSON{Key: r.Key}
		if t.Read.Rolled() {
			lo, hi := r.Lo, r.Hi
			rj.Lo, rj.Hi = &lo, &hi
		}
		for i, c := range r.Cells {
			cj := cellJSON{Text: c.Text, Decided: c.Decided}
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
	Board      [2]int           `json:"boardInches"`
	StarRep    int              `json:"starRep"`
	First      string           `json:"firstEncounter"`
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
	Terrain    string   `json:"terrainTable"`
	Camp       bool     `json:"camp,omitempty"`
	BandStarts bool     `json:"bandStarts,omitempty"`
}

// MarshalJSON writes the whole system, its encounter types and its tables
// in file order, in the form docs/json.md documents.
func (s *Set) MarshalJSON() ([]byte, error) {
	sys := s.System
	j := systemJSON{
		ID: sys.ID, Name: sys.Name, Publisher: sys.Publisher, Book: sys.Book, Summary: sys.Summary,
		Board: [2]int{sys.BoardW, sys.BoardH}, StarRep: sys.StarRep, First: sys.First, QRS: sys.QRS,
	}
	for _, e := range s.Encounters {
		j.Encounters = append(j.Encounters, &encounterJSON{
			ID: e.ID, Title: e.Title, Summary: e.Summary, Objective: e.Objective, Forces: e.Forces,
			Deployment: e.Deployment, Special: e.Special, Terrain: e.Terrain, Camp: e.Camp, BandStarts: e.BandStarts,
		})
	}
	for _, id := range s.Order {
		j.Tables = append(j.Tables, s.Tables[id])
	}
	return json.Marshal(j)
}
