package engine

import (
	"slices"

	"github.com/sortie-wargames/sortie/engine/rules"
)

// TablesFor returns the Quick Reference Sheet tables an encounter of type
// typ needs at the table, in QRS order, each once: the system's
// encounter-tables, the encounter type's tables (both checked against
// the QRS when the data is loaded), and extra, the tables a system's
// procedure adds for what it rolled (an army list, the Creature List). An
// extra table that is not on the QRS is left out: a list a site added
// has no QRS page to point to.
func TablesFor(set *rules.Set, typ string, extra ...string) []string {
	want := map[string]bool{}
	for _, id := range set.System.EncounterTables {
		want[id] = true
	}
	if e := set.Encounter(typ); e != nil {
		for _, id := range e.Tables {
			want[id] = true
		}
	}
	for _, id := range extra {
		want[id] = true
	}
	var ids []string
	for _, id := range set.System.QRS {
		if want[id] && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids
}
