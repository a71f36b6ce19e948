// Package engine is Sortie's pure core: it turns a rule system's data and a
// seed into pre-rolled encounters and campaigns. It does no I/O, reads no
// clock, environment or global state; the same seed and data always give
// the same result. Data flows one way: rules data in, model out. Rendering
// (HTML, PDF, Markdown) is the generator's business.
//
// The model here is shared by every rule system and names no system's
// fields: a system (package swordsorcery, swordplay, ...) implements
// System and whichever capabilities its book has procedures for, and
// returns its results as blocks of package doc, which every renderer
// draws.
package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// System is one rule system. Every system has its data; what else it can
// do it offers through the optional interfaces below (Recruiter,
// Encounterer, Campaigner, OptionChecker, EnemySourcer), as database/sql
// drivers offer optional capabilities. A system with data only (Data)
// still prints its tables as Quick Reference Sheets and booklets.
type System interface {
	// Rules returns the system's data.
	Rules() *rules.Set
}

// Data is a rule system with data and no procedures.
type Data struct{ Set *rules.Set }

// Rules returns the system's data.
func (d Data) Rules() *rules.Set { return d.Set }

// Builder makes one rule system's procedures over its data. The list of
// builders is handed to the loader explicitly (see engine/systems); a
// folder of data with no builder loads as Data.
type Builder struct {
	ID  string
	New func(*rules.Set) (System, error)
}

// Recruiter is a System that recruits the player's force.
type Recruiter interface {
	Band(r *dice.Roller, opt Options) (*Force, error)
}

// Encounterer is a System that rolls encounters.
type Encounterer interface {
	// Encounter rolls one encounter. req.Band is the player's force
	// (nil for systems without a Recruiter).
	Encounter(r *dice.Roller, req Request) (*Encounter, error)
}

// Request is what an encounter is rolled for.
type Request struct {
	Type    string // an encounter id of the system's data
	State   string // the campaign state at this encounter ("EAL 3"); "" outside a campaign
	Band    *Force
	Options Options
}

// Campaigner is a System whose campaigns are gamebooks: each entry is an
// encounter at a step in a state, and success or failure lead on.
type Campaigner interface {
	// Start returns where a campaign begins.
	Start(r *dice.Roller, opt Options) (Step, error)
	// Next returns where success or failure at a step leads.
	Next(at Step, success bool) (Edge, error)
	// Afterwards rolls what follows an entry before the next (new
	// recruits, who stays and who goes), as blocks to print; step is the
	// entry's place in its chapter, 1 first.
	Afterwards(r *dice.Roller, step int, at Step, band *Force, opt Options) ([]doc.Block, error)
}

// LogKeeper is a Campaigner whose campaigns keep a sheet beside the
// campaign log: what the player fills in between encounters (Swordplay's
// Stay or Go for every Grunt). Renderers print it with the log.
type LogKeeper interface {
	LogSheet(band *Force, steps int) []doc.Block
}

// Step is a campaign entry's encounter type and state. States repeat, so
// a campaign's graph stays small.
type Step struct {
	Type  string
	State string    // the system's own, printable: "EAL 3"; "" when the system has none
	Roll  *doc.Roll `json:"-"` // the roll that set the state, if any (the first entry's)
}

// Edge is where success or failure leads.
type Edge struct {
	To   Step
	Note string // what changes on the way: "EAL goes up by 1"; may be empty
}

// OptionError is a player's option a system cannot use. Option names it
// as a site or the CLI spells it: "star-rep", "band" or "enemies".
type OptionError struct {
	Option string
	Err    error
}

func (e *OptionError) Error() string { return e.Err.Error() }
func (e *OptionError) Unwrap() error { return e.Err }

// OptionChecker is a System that can check the player's options before
// anything is rolled, so a site can report a bad one at its line.
type OptionChecker interface {
	CheckOptions(opt Options) error // nil or an *OptionError
}

// TakesOptions reports whether a system takes the Star's Rep and the
// band's size from the player: what its OptionChecker accepts; a system
// without one takes both.
func TakesOptions(sys System) (rep, band bool) {
	oc, ok := sys.(OptionChecker)
	if !ok {
		return true, true
	}
	return oc.CheckOptions(Options{StarRep: 5}) == nil, oc.CheckOptions(Options{BandSize: 4}) == nil
}

// EnemySourcer is a System whose Options.Enemies names one of a known
// set, so a site can check it where it is written.
type EnemySourcer interface {
	EnemySources() []string
}

// OptionKeys returns the player's options as a site's front matter and
// the command line spell them. Each system says, through CheckOptions,
// which it can use.
func OptionKeys() []string { return []string{"star-rep", "band", "enemies", "recruits"} }

// ParseOptions reads the player's options from their spelled form (keys
// of OptionKeys). A value that is not a number where one is wanted is an
// *OptionError naming its key.
func ParseOptions(values map[string]string) (Options, error) {
	var o Options
	for _, k := range []struct {
		key string
		to  *int
	}{{"star-rep", &o.StarRep}, {"band", &o.BandSize}} {
		v, ok := values[k.key]
		if !ok {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 99 {
			return Options{}, &OptionError{Option: k.key, Err: fmt.Errorf("%s %q: want a whole number from 1 to 99", k.key, v)}
		}
		*k.to = n
	}
	o.Enemies, o.Recruits = values["enemies"], values["recruits"]
	return o, nil
}

// Values spells the options that are set as a site's front matter and a
// campaign file do: ParseOptions reads them back.
func (o Options) Values() map[string]string {
	v := map[string]string{}
	if o.StarRep != 0 {
		v["star-rep"] = strconv.Itoa(o.StarRep)
	}
	if o.BandSize != 0 {
		v["band"] = strconv.Itoa(o.BandSize)
	}
	if o.Enemies != "" {
		v["enemies"] = o.Enemies
	}
	if o.Recruits != "" {
		v["recruits"] = o.Recruits
	}
	return v
}

// Options are the player's choices that shape what is rolled.
type Options struct {
	StarRep  int    `json:"star-rep,omitempty"` // the Star's Rep; 0 means the system's default
	BandSize int    `json:"band,omitempty"`     // figures in the band, Star included; 0 means as many as the rules allow
	Enemies  string `json:"enemies,omitempty"`  // where enemies come from: a source the system names (EnemySourcer)
	Recruits string `json:"recruits,omitempty"` // the list the band is recruited from, where the player picks one (Swordplay's army lists)
}

// Key writes the options that are set, in a fixed order and with the
// names a site's front matter gives them ("/star-rep=5/enemies=\"orcs\""):
// two rolls that differ only in their options have different keys. It
// is empty when none is set.
func (o Options) Key() string {
	var b strings.Builder
	if o.StarRep != 0 {
		fmt.Fprintf(&b, "/star-rep=%d", o.StarRep)
	}
	if o.BandSize != 0 {
		fmt.Fprintf(&b, "/band=%d", o.BandSize)
	}
	if o.Enemies != "" {
		fmt.Fprintf(&b, "/enemies=%q", o.Enemies)
	}
	if o.Recruits != "" {
		fmt.Fprintf(&b, "/recruits=%q", o.Recruits)
	}
	return b.String()
}

// Force is a side's figures as a table: the player's band, or a roster of
// enemies. Columns are the system's own attributes (Class, Rep, AC; or
// Rep, Armor, Weapon), so a renderer prints any system's figures alike.
type Force struct {
	Title   string      `json:"title"`
	Columns []string    `json:"columns"`
	Figures []Figure    `json:"figures"`
	Notes   []doc.Block `json:"notes,omitempty"` // re-rolls, choices left to the player
	// Own is the system's own record of the force, for its procedures;
	// renderers never read it.
	Own any `json:"-"`
}

// Size returns the number of figures.
func (f *Force) Size() int { return len(f.Figures) }

// OwnOf returns the system's own record of a force it raised (Force.Own),
// or an error naming the system when the force is missing or was raised
// by another system.
func OwnOf[T any](f *Force, system string) (T, error) {
	var zero T
	if f == nil {
		return zero, fmt.Errorf("system %s needs the force it raised", system)
	}
	own, ok := f.Own.(T)
	if !ok {
		return zero, fmt.Errorf("system %s: the force was not raised by this system", system)
	}
	return own, nil
}

// Figure is one figure: its name and its attributes, one per column of
// its Force.
type Figure struct {
	Name  string    `json:"name"`
	Attrs []string  `json:"attrs"`
	Star  bool      `json:"star,omitempty"`
	Roll  *doc.Roll `json:"roll,omitempty"` // the roll that made it
	Note  string    `json:"note,omitempty"` // why it differs from its roll, or what the player chooses
}

// Table returns the force as a table: place, figure, the attributes and
// the roll that made each figure.
func (f *Force) Table() *doc.Table {
	t := &doc.Table{Head: append(append([]string{"#", "Figure"}, f.Columns...), "Rolled")}
	for i, fig := range f.Figures {
		row := append([]string{strconv.Itoa(i + 1), fig.Name}, fig.Attrs...)
		rolled := ""
		if fig.Roll != nil {
			rolled = fig.Roll.Dice.String()
			if fig.Roll.Row != "" {
				rolled += " (row " + fig.Roll.Row + ")"
			}
		}
		if fig.Note != "" {
			rolled = strings.TrimSpace(rolled + " " + fig.Note)
		}
		t.Rows = append(t.Rows, append(row, rolled))
	}
	// Columns of long text wrap first, the rolls among them; short values
	// keep their width.
	for c := 1; c < len(t.Head); c++ {
		long := c == len(t.Head)-1
		for _, r := range t.Rows {
			long = long || utf8.RuneCountInString(r[c]) > 24
		}
		if long {
			t.Wide = append(t.Wide, c)
		}
	}
	return t
}

// Blocks returns the force's table followed by its notes.
func (f *Force) Blocks() []doc.Block {
	return append([]doc.Block{f.Table()}, f.Notes...)
}

// Encounter is one pre-rolled encounter, ready to print: what it is and
// the blocks a player reads, the sealed ones included.
type Encounter struct {
	System  string      `json:"system"`
	Type    string      `json:"type"`
	Title   string      `json:"title"`
	State   string      `json:"state,omitempty"`
	Seed    string      `json:"seed"`
	Stream  string      `json:"stream"` // the sub-stream it was rolled from
	Summary string      `json:"summary"`
	Blocks  []doc.Block `json:"blocks"`
	// Tables are the ids of the Quick Reference Sheet tables the
	// encounter needs at the table, in QRS order (see TablesFor);
	// renderers print them with the encounter.
	Tables []string `json:"tables,omitempty"`
}

// Version is the version of the documented JSON form (docs/json.md).
const Version = 2

// Registry holds the rule systems Sortie knows, by id.
type Registry struct {
	systems map[string]System
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{systems: map[string]System{}} }

// Add registers sys under its data's system id.
func (r *Registry) Add(sys System) error {
	id := sys.Rules().System.ID
	if _, dup := r.systems[id]; dup {
		return fmt.Errorf("system %s registered twice", id)
	}
	r.systems[id] = sys
	return nil
}

// IDs returns the known system ids, sorted.
func (r *Registry) IDs() []string {
	ids := make([]string, 0, len(r.systems))
	for id := range r.systems {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// Get returns the system with the given id.
func (r *Registry) Get(id string) (System, error) {
	if s, ok := r.systems[id]; ok {
		return s, nil
	}
	return nil, fmt.Errorf("unknown system %q (known: %s)", id, strings.Join(r.IDs(), ", "))
}
