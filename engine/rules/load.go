package rules

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
)

// Set is a whole rule system's data: one system block, its tables and its
// encounter types, checked against each other.
type Set struct {
	System     *System
	Tables     map[string]*Table
	Order      []string // table ids in file and line order
	Encounters []*Encounter
}

// Table returns the table with the given id, or nil.
func (s *Set) Table(id string) *Table { return s.Tables[id] }

// Group returns the tables tagged with group g, in file order.
func (s *Set) Group(g string) []*Table {
	var ts []*Table
	for _, id := range s.Order {
		if t := s.Tables[id]; t.InGroup(g) {
			ts = append(ts, t)
		}
	}
	return ts
}

// Encounter returns the encounter type with the given id, or nil.
func (s *Set) Encounter(id string) *Encounter {
	for _, e := range s.Encounters {
		if e.ID == id {
			return e
		}
	}
	return nil
}

// EncounterIDs returns the ids of the system's encounters, in order.
func (s *Set) EncounterIDs() []string {
	ids := make([]string, len(s.Encounters))
	for i, e := range s.Encounters {
		ids[i] = e.ID
	}
	return ids
}

// FindEncounter returns the encounter with the given id, or an error
// naming the ones there are.
func (s *Set) FindEncounter(id string) (*Encounter, error) {
	if e := s.Encounter(id); e != nil {
		return e, nil
	}
	return nil, fmt.Errorf("unknown encounter type %q (want %s)", id, strings.Join(s.EncounterIDs(), ", "))
}

// Load reads every .rules file in the root of fsys, in name order, and
// checks them as one system. Errors name the file (as dir/name, with dir
// given by the caller for messages) and line. Hidden files, editors' lock
// files (".#x.rules") and backups are passed over, as a site's pages are;
// anything but a regular file (a pipe, a device) is refused unopened.
func Load(fsys fs.FS, dir string) (*Set, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("failed to read %s: %w", dir, err)
	}
	var files []*File
	var errs []error
	for _, e := range entries {
		if e.IsDir() || path.Ext(e.Name()) != ".rules" || skipped(e.Name()) {
			continue
		}
		if t := e.Type(); t&fs.ModeSymlink == 0 && !t.IsRegular() {
			errs = append(errs, fmt.Errorf("%s: not a regular file", path.Join(dir, e.Name())))
			continue
		}
		data, err := fs.ReadFile(fsys, e.Name())
		if err != nil {
			errs = append(errs, fmt.Errorf("failed to read %s: %w", path.Join(dir, e.Name()), err))
			continue
		}
		f, err := Parse(path.Join(dir, e.Name()), data)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		files = append(files, f)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no .rules files", dir)
	}
	return Assemble(files...)
}

// skipped reports the names Load passes over: hidden files (".x.rules",
// an editor's lock file ".#x.rules") and backups ("x.rules~",
// "#x.rules#"): the same rule as generator/site.Skipped, which the
// engine cannot import (engine/rules TestLoadSkipsHidden and generator
// TestRulesSkippedLikePages hold both to the same names).
func skipped(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasSuffix(name, "~") ||
		(len(name) > 1 && strings.HasPrefix(name, "#") && strings.HasSuffix(name, "#"))
}

// Assemble checks parsed files as one system: exactly one system block,
// unique ids, and every reference resolved.
func Assemble(files ...*File) (*Set, error) {
	s := &Set{Tables: map[string]*Table{}}
	var errs []error
	add := func(e *Error) {
		if len(errs) < maxErrors {
			errs = append(errs, e)
		}
	}
	encs := map[string]*Encounter{}
	for _, f := range files {
		for _, sys := range f.Systems {
			if s.System != nil {
				add(errorf(sys.Pos, "second system block %s (the first is %s at %s): a system's files hold one", sys.ID, s.System.ID, s.System.Pos))
				continue
			}
			s.System = sys
		}
		for _, t := range f.Tables {
			if prev, dup := s.Tables[t.ID]; dup {
				add(errorf(t.Pos, "table %s defined twice (first at %s)", t.ID, prev.Pos))
				continue
			}
			s.Tables[t.ID] = t
			s.Order = append(s.Order, t.ID)
		}
		for _, e := range f.Encounters {
			if prev, dup := encs[e.ID]; dup {
				add(errorf(e.Pos, "encounter %s defined twice (first at %s)", e.ID, prev.Pos))
				continue
			}
			encs[e.ID] = e
			s.Encounters = append(s.Encounters, e)
		}
	}
	if s.System == nil {
		names := make([]string, len(files))
		for i, f := range files {
			names[i] = f.Name
		}
		return nil, fmt.Errorf("no system block in %s: one file must hold \"system ID\" and its settings", strings.Join(names, ", "))
	}
	for _, id := range s.Order {
		t := s.Tables[id]
		for _, r := range t.Rows {
			for i, c := range t.Columns {
				if c.Type != TypeRef || r.Cells[i].Text == "" {
					continue
				}
				if _, ok := s.Tables[r.Cells[i].Text]; !ok {
					add(errorf(r.Pos, "table %s, column %s: no table %q%s", t.ID, c.Name, r.Cells[i].Text, suggest(r.Cells[i].Text, s.Order)))
				}
			}
		}
	}
	for _, e := range s.Encounters {
		if e.Terrain == "" {
			continue
		}
		t, ok := s.Tables[e.Terrain]
		switch {
		case !ok:
			add(errorf(e.TerrainPos, "encounter %s: terrain table %q not found%s", e.ID, e.Terrain, suggest(e.Terrain, s.Order)))
		case !t.Rolled():
			add(errorf(e.TerrainPos, "encounter %s: terrain table %s is read %s, want a table the engine can roll", e.ID, t.ID, t.Read))
		}
	}
	if s.System.First != "" && encs[s.System.First] == nil {
		ids := make([]string, len(s.Encounters))
		for i, e := range s.Encounters {
			ids[i] = e.ID
		}
		add(errorf(s.System.FirstPos, "first-encounter %q: no such encounter%s", s.System.First, suggest(s.System.First, ids)))
	}
	for i, id := range s.System.QRS {
		if _, ok := s.Tables[id]; !ok {
			add(errorf(s.System.QRSPos[i], "qrs: no table %q%s", id, suggest(id, s.Order)))
		}
	}
	// A table an encounter needs must be on the QRS, to print its page;
	// a system with no QRS at all (a site's stand-in system.rules) prints
	// none, and TablesFor lists none.
	onQRS := func(id string, at Pos, what string) {
		switch {
		case s.Tables[id] == nil:
			add(errorf(at, "%s: no table %q%s", what, id, suggest(id, s.Order)))
		case len(s.System.QRS) > 0 && !slices.Contains(s.System.QRS, id):
			add(errorf(at, "%s: table %s is not on the Quick Reference Sheets: add it to a qrs line", what, id))
		}
	}
	for i, id := range s.System.EncounterTables {
		onQRS(id, s.System.EncounterTablesPos[i], "encounter-tables")
	}
	for _, e := range s.Encounters {
		for i, id := range e.Tables {
			onQRS(id, e.TablesPos[i], "encounter "+e.ID+", tables")
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	s.setHeld()
	return s, nil
}

// suggest returns ` (did you mean "x"?)` for the known id closest to id,
// or "".
func suggest(id string, known []string) string {
	best, bestD := "", 4
	for _, k := range known {
		if d := distance(id, k); d < bestD {
			best, bestD = k, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// distance is the Levenshtein distance between a and b.
func distance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 1 << 20
	}
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// QRSTables returns the system's QRS tables in order.
func (s *Set) QRSTables() []*Table {
	ts := make([]*Table, 0, len(s.System.QRS))
	for _, id := range s.System.QRS {
		ts = append(ts, s.Tables[id])
	}
	return ts
}
