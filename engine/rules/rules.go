// Package rules holds a rule system's data as the engine reads it: the
// system's settings, its tables (dice, rows and what each row yields) and
// its encounter types. The data lives in plain-text .rules files (format in
// docs/data.md); Parse and Load read them and report every mistake with the
// file, the line and what was expected.
package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sortie-wargames/sortie/engine/dice"
)

// Pos is where something was written: a file and a 1-based line.
type Pos struct {
	File string
	Line int
}

func (p Pos) String() string { return fmt.Sprintf("%s:%d", p.File, p.Line) }

// Error is a mistake in a data file.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

func errorf(p Pos, format string, args ...any) *Error {
	return &Error{Pos: p, Msg: fmt.Sprintf(format, args...)}
}

// Read says how a table's dice are read, which decides what its row keys
// mean.
type Read string

const (
	ReadSum      Read = "sum"       // dice added; rows keyed by totals
	ReadAsRolled Read = "as-rolled" // one die read as rolled; rows keyed by its score
	ReadPass     Read = "pass"      // dice versus a target; rows keyed by dice passed
	ReadOpposed  Read = "opposed"   // both sides pass dice and compare; rows named
	ReadCompare  Read = "compare"   // a total compared with a value; rows named
	ReadLookup   Read = "lookup"    // no dice: rows named, looked up by name
)

// Rolled reports whether the engine can roll on a table read this way:
// its rows are keyed by the values its dice can give.
func (r Read) Rolled() bool { return r == ReadSum || r == ReadAsRolled || r == ReadPass }

// ColumnType is the type of a table column's cells.
type ColumnType string

const (
	TypeText ColumnType = "text" // any text
	TypeInt  ColumnType = "int"  // a whole number, or x where the book prints x
	TypeRef  ColumnType = "ref"  // the id of another table, or empty
	TypeID   ColumnType = "id"   // a lowercase token the engine acts on; not printed
	TypeFlag ColumnType = "flag" // yes, or empty
)

// Column is one column of a table after its key column.
type Column struct {
	Name string
	Type ColumnType
}

// Cell is one value in a row.
type Cell struct {
	Text    string // as written, without decision brackets
	Int     int    // TypeInt only
	NA      bool   // TypeInt written as x: not applicable
	Decided bool   // written [like this]: the book leaves it blank and Sortie decided
}

// Row is one row of a table: its key (a range of roll values, or a name)
// and its cells, one per column.
type Row struct {
	Lo, Hi int    // rolled tables: the values this row covers
	Key    string // the key as written ("2", "3-4", "More d6")
	Cells  []Cell
	Pos    Pos
}

// Table is a rule table.
type Table struct {
	ID        string
	Title     string
	Dice      dice.Expr // Mode and Target already set from read/target
	HasDice   bool
	Read      Read
	Target    string // what dice are taken versus ("Rep", "4", "DV")
	SixFails  bool
	Caption   string   // how to read the dice; derived from Read when not written
	KeyHeader string   // the left-hand column's header
	Notes     []string // short lines under the caption
	Columns   []Column
	Rows      []Row
	Groups    []string
	Source    string   // where the book prints it
	Decisions []string // what Sortie decided where the book is blank
	Pos       Pos
}

// Col returns the index of the named column (case-insensitive), or -1.
func (t *Table) Col(name string) int {
	return slices.IndexFunc(t.Columns, func(c Column) bool { return strings.EqualFold(c.Name, name) })
}

// InGroup reports whether the table is tagged with group g.
func (t *Table) InGroup(g string) bool { return slices.Contains(t.Groups, g) }

// Row returns the row covering roll value v, or nil.
func (t *Table) RowFor(v int) *Row {
	for i := range t.Rows {
		if r := &t.Rows[i]; v >= r.Lo && v <= r.Hi {
			return r
		}
	}
	return nil
}

// Named returns the row whose key is name (case-insensitive), or nil.
func (t *Table) Named(name string) *Row {
	for i := range t.Rows {
		if strings.EqualFold(t.Rows[i].Key, name) {
			return &t.Rows[i]
		}
	}
	return nil
}

// Cell returns the row's cell in the named column of t; it panics if t has
// no such column; a system checks the columns it reads when it is built
// (see swordsorcery.New).
func (t *Table) Cell(r *Row, col string) Cell {
	i := t.Col(col)
	if i < 0 {
		panic(fmt.Sprintf("rules: table %s has no column %q", t.ID, col))
	}
	return r.Cells[i]
}

// Encounter is one encounter type of a system: what the player is told,
// and the settings the engine acts on.
type Encounter struct {
	ID         string
	Title      string
	Summary    string
	Objective  []string
	Forces     []string
	Deployment []string
	Special    []string
	Terrain    string // id of the table rolled for the encounter's terrain
	Camp       bool   // the last PEF is the enemy camp: always contact, its board always Cover
	BandStarts bool   // the band is set up on the board and the enemy enters; otherwise the band enters
	Pos        Pos
	TerrainPos Pos // where "terrain" was written
}

// System is a rule system's own settings.
type System struct {
	ID        string
	Name      string
	Publisher string
	Book      string
	Summary   string
	BoardW    int // Battle Board width in inches
	BoardH    int
	StarRep   int      // the Star's default Rep
	First     string   // the encounter a campaign starts with
	QRS       []string // table ids printed on the Quick Reference Sheets, in order
	Pos       Pos
	FirstPos  Pos   // where "first-encounter" was written
	QRSPos    []Pos // where each QRS id was written
}
