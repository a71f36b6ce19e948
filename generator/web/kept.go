package web

import (
	"bytes"
	"fmt"
	"html/template"
	"sync"

	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// kept holds what a build would otherwise work out again for every page
// that shows it: a rule system's tables as the QRS page and every
// encounter page that needs them print them (their odds, worked out from
// the dice, were a sixth of an encounter page's cost), their cells, the
// HTML of their grids and odds (keptHTML), and the swatches of the
// boards' legends (svg.go). Each is worked out from
// what it is kept under alone, so a page drawn with it is the same bytes
// as one drawn without; what is kept is read, never changed, by the pages
// that share it. A nil *kept keeps nothing. Its methods may be called
// from several goroutines at once.
type kept struct {
	mu     sync.Mutex
	tables map[*rules.Table]*doc.Table
	views  map[*doc.Table]*tableCells // the cells of the tables above
	// shared are the views of the tables above that keptHTML may draw
	// once: each table's grid and its odds.
	shared map[any]bool
	html   map[keptKey]template.HTML
	// swatches are the legends' entries, drawn (svg.go).
	swatches map[board.LegendEntry]string
	// tmpl draws what keptHTML draws: the build's templates, partials.html
	// the site's own or the embedded one.
	tmpl *template.Template
}

type keptKey struct {
	name string
	data any
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
		k.tables, k.views, k.shared = map[*rules.Table]*doc.Table{}, map[*doc.Table]*tableCells{}, map[any]bool{}
	}
	k.tables[t], k.views[dt] = dt, cells
	k.shared[cells.grid] = true
	if dt.Odds != nil {
		k.shared[dt.Odds] = true
	}
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

// keptHTML is the templates' "kept" function: the template name drawn
// with data, as {{template name data}} would draw it. For data that is
// a kept rule table's grid or odds, what it draws is kept and given again
// to every page that asks: such data is the same pointer on every page,
// never changed, and the template is given that data alone, so it draws
// the same bytes each time (a site's own partials.html included: it can
// read nothing of the page). Any other data is drawn each time.
func (r *Renderer) keptHTML(name string, data any) (template.HTML, error) {
	k := &r.kept
	key := keptKey{name, data}
	var shared bool
	switch data.(type) {
	case *gridView, *doc.Odds: // only these are kept, and only these are looked up: other data may not be a map key
		k.mu.Lock()
		shared = k.shared[data]
		h, ok := k.html[key]
		k.mu.Unlock()
		if ok {
			return h, nil
		}
	}
	var b bytes.Buffer
	if err := k.tmpl.ExecuteTemplate(&b, name, data); err != nil {
		return "", fmt.Errorf("failed to draw %q: %w", name, err)
	}
	h := template.HTML(b.String()) //nolint: drawn by html/template
	if shared {
		k.mu.Lock()
		if k.html == nil {
			k.html = map[keptKey]template.HTML{}
		}
		k.html[key] = h
		k.mu.Unlock()
	}
	return h, nil
}

// newDrawer is newDrawer with the build's kept views.
func (r *Renderer) newDrawer(entry func(int) string, taken ...string) *drawer {
	d := newDrawer(entry, taken...)
	d.kept = &r.kept
	return d
}
