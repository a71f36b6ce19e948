// Package rules holds a rule system's data as the engine reads it: the
// system's settings, its tables (dice, rows and what each row yields, the
// circumstance modifiers and footnotes printed with them) and its
// encounter types. The data lives in plain-text .rules files (format in
// docs/data.md); Parse and Load read them and report every mistake with the
// file, the line and what was expected.
package rules

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sortie-wargames/sortie/engine/dice"
)

// Pos is where something was written: a file and a 1-based line, 0
// for the file as a whole.
type Pos struct {
	File string
	Line int
}

func (p Pos) String() string {
	if p.Line == 0 {
		return p.File
	}
	return fmt.Sprintf("%s:%d", p.File, p.Line)
}

// Error is a mistake in a data file (a rule file, a campaign file).
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
	// ReadSuccesses counts the dice scoring 1, 2 or 3; rows keyed by
	// successes.
	ReadSuccesses Read = "successes"
	// ReadOpposedSuccesses: both sides count successes and compare; rows
	// named.
	ReadOpposedSuccesses Read = "opposed-successes"
)

// Rolled reports whether the engine can roll on a table read this way.
// Its rows are keyed by the values its dice can give, except on a table
// read across the dice passed (see Table.Rolled).
func (r Read) Rolled() bool {
	return r == ReadSum || r == ReadAsRolled || r == ReadPass || r == ReadSuccesses
}

// Passed is the across name of a table whose columns are read by the dice
// passed: a reaction test.
const Passed = "passed"

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
	// Footnote is the number of the footnote the cell is marked with
	// ("Clear [^1]"), or 0. Text leaves the marker out.
	Footnote int
}

// Row is one row of a table: its key (a range of roll values, or a name)
// and its cells, one per column.
type Row struct {
	// Lo and Hi are, on rolled tables, the values this row covers; an open
	// key ("7 or less", "10+") has Lo math.MinInt or Hi math.MaxInt.
	Lo, Hi int
	Key    string // the key as written ("2", "3-4", "10+", "More d6")
	Cells  []Cell
	Pos    Pos
}

// OpenBelow reports whether the row covers every value up to Hi.
func (r *Row) OpenBelow() bool { return r.Lo == math.MinInt }

// OpenAbove reports whether the row covers every value from Lo up.
func (r *Row) OpenAbove() bool { return r.Hi == math.MaxInt }

// ModifierGroup is a small two-column table of circumstance modifiers
// printed under a table's caption ("Charger is: | Modifier").
type ModifierGroup struct {
	Headers [2]string
	Rows    []Modifier
	Pos     Pos
}

// Modifier is one line of a modifier group.
type Modifier struct {
	Text      string // without its footnote marker
	Value     string // as printed: "+1d6", "-1", "Impact one lower"
	TextNote  int    // footnote marking the text, or 0
	ValueNote int    // footnote marking the value, or 0
	Pos       Pos
}

// Footnote is a table's footnote, printed "(N) text" under it.
type Footnote struct {
	Number int
	Text   string
	Pos    Pos
}

// Table is a rule table.
type Table struct {
	ID       string
	Title    string
	Dice     dice.Expr // Mode and Target already set from read/target
	HasDice  bool
	Read     Read
	Target   string // what dice are taken versus ("Rep", "4", "DV")
	SixFails bool
	// RollAgain: opposed successes rolled again, each side its
	// successes, until a side has none; the last roll is read.
	RollAgain bool
	Caption   string   // how to read the dice; derived from Read when not written
	KeyHeader string   // the left-hand column's header
	Notes     []string // short lines under the caption, as printed (a footnote marker as "(1)")
	Columns   []Column
	Rows      []Row
	Groups    []string
	Source    string   // where the book prints it
	Decisions []string // what Sortie decided where the book is blank
	Pos       Pos

	// AcrossName, for a two-way table, is what its columns are read by:
	// Passed (the dice passed) or a value the player holds, such as EAL.
	// AcrossValues gives each column's value, -1 for a column not read
	// that way.
	AcrossName   string
	AcrossValues []int
	Modifiers    []ModifierGroup // circumstance modifiers, printed under the caption
	Footnotes    []Footnote      // in number order

	// Held is the value a figure or the game holds that t's dice are read
	// by, and the values it takes in this system: see Set.held. Assemble
	// sets it; it is empty for a table read against a fixed number.
	Held Held
}

// Rolled reports whether the engine rolls on t and reads the row its dice
// give. A table read across the dice passed is rolled too, but its rows
// are named tests: see RollTest.
func (t *Table) Rolled() bool { return t.Read.Rolled() && t.AcrossName != Passed }

// AcrossValue returns the value column col is read at on a two-way table,
// and false for a column not read that way or a one-way table.
func (t *Table) AcrossValue(col int) (int, bool) {
	if col < 0 || col >= len(t.AcrossValues) || t.AcrossValues[col] < 0 {
		return 0, false
	}
	return t.AcrossValues[col], true
}

// Across returns row's cell in the column read at value v (the dice passed,
// or a value such as the EAL), and false if no column is.
func (t *Table) Across(row *Row, v int) (Cell, bool) {
	if v < 0 {
		return Cell{}, false
	}
	i := slices.Index(t.AcrossValues, v)
	if i < 0 {
		return Cell{}, false
	}
	return row.Cells[i], true
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
	Terrain    string // id of the table rolled for the encounter's terrain, or "" for none
	Camp       bool   // the last PEF is the enemy camp: always contact, its board always Cover
	BandStarts bool   // the band is set up on the board and the enemy enters; otherwise the band enters
	Pos        Pos
	TerrainPos Pos // where "terrain" was written

	// Tables are the QRS tables an encounter of this type needs at the
	// table, besides the system's EncounterTables; TablesPos is where
	// each was written.
	Tables    []string
	TablesPos []Pos
}

// System is a rule system's own settings.
type System struct {
	ID        string
	Name      string
	Publisher string
	Book      string
	Summary   string
	BoardW    int // Battle Board width in inches; 0 when not given
	BoardH    int
	StarRep   int    // the Star's default Rep; 0 when not given
	First     string // the encounter a campaign starts with; "" when not given
	// SectionCols and SectionRows divide the board into numbered sections
	// ("sections 3x3": 1 2 3 / 4 5 6 / 7 8 9); 0 when it has none.
	SectionCols, SectionRows int
	QRS                      []string // table ids printed on the Quick Reference Sheets, in order
	Pos                      Pos
	FirstPos                 Pos               // where "first-encounter" was written
	QRSPos                   []Pos             // where each QRS id was written
	GroupTitles              map[string]string // group id -> the heading over its tables on the QRS ("Army lists")

	// EncounterTables are the QRS tables every encounter of the system
	// needs at the table, printed with it; EncounterTablesPos is where
	// each was written.
	EncounterTables    []string
	EncounterTablesPos []Pos
}

// GroupTitle returns the heading printed over a group's tables: the
// system's group-title for it, else the id with a capital letter.
func (s *System) GroupTitle(g string) string {
	if t, ok := s.GroupTitles[g]; ok {
		return t
	}
	if g == "" {
		return ""
	}
	return strings.ToUpper(g[:1]) + g[1:]
}
