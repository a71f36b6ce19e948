package web

import (
	"sync"

	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// kept holds what a build would otherwise work out again for every page
// that shows it: a rule system's tables as the QRS page and every
// encounter page that needs them print them (their odds, worked out from
// the dice, were a sixth of an encounter page's cost), and their cells.
// Each is worked out from what it is kept under alone, so a page drawn
// with it is the same bytes as one drawn without; views of tables are
// read, never changed, by the pages that share them. A nil *kept keeps
// nothing. Its methods may be called from several goroutines at once.
type kept struct {
	mu     sync.Mutex
	tables map[*rules.Table]*doc.Table
	views  map[*doc.Table]*tableCells // the cells of the tables above
}

// ruleTable returns doc.RuleTable(t), worked out once.
func (k *kept) ruleTable(t *rules.Table) *doc.Table {
	if k == nil {
		return doc.RuleTable(t)
	}
	k.mu.Lock()
	dt, ok := k.tables[t]
	k.mu.Unlock()
	if ok {
		return dt
	}
	dt = doc.RuleTable(t)
	cells := newTableCells(dt)
	k.mu.Lock()
	defer k.mu.Unlock()
	if had, ok := k.tables[t]; ok { // another page worked it out meanwhile
		return had
	}
	if k.tables == nil {
		k.tables, k.views = map[*rules.Table]*doc.Table{}, map[*doc.Table]*tableCells{}
	}
	k.tables[t], k.views[dt] = dt, cells
	return dt
}

// cells returns a table's cells: worked out once for a table ruleTable
// returned, which many pages print, and afresh for any other (a table an
// encounter rolled prints once).
func (k *kept) cells(t *doc.Table) *tableCells {
	if k == nil {
		return newTableCells(t)
	}
	k.mu.Lock()
	c, ok := k.views[t]
	k.mu.Unlock()
	if ok {
		return c
	}
	return newTableCells(t)
}

// newDrawer is newDrawer with the build's kept views.
func (r *Renderer) newDrawer(entry func(int) string, taken ...string) *drawer {
	d := newDrawer(entry, taken...)
	d.kept = &r.kept
	return d
}
