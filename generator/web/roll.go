package web

import (
	"bytes"
	"fmt"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/generator/site"
)

// Rolled draws encounters rolled one at a time, outside a site (the
// Roll page, where the engine runs in the browser): each as the site's
// encounter pages draw it, with the same templates.
type Rolled struct {
	r *Renderer
}

// NewRolled parses the embedded templates once.
func NewRolled() (*Rolled, error) {
	r, err := New(Input{Site: &site.Site{Title: "Sortie"}})
	if err != nil {
		return nil, err
	}
	return &Rolled{r: r}, nil
}

// Encounter draws one encounter: its blocks (board, facts and the rest),
// the tables it rolled on, linked to the system's Quick Reference Sheets
// from root (the site's root as seen from the page showing it), and the
// band when the system recruits one. Element ids start with "e1", as an
// encounter page's with "e" and its number.
func (ro *Rolled) Encounter(set *rules.Set, band *engine.Force, e *engine.Encounter, root string) ([]byte, error) {
	t := ro.r.pages["encounter"]
	d := newDrawer(nil, "band")
	var b bytes.Buffer
	parts := []struct {
		name string
		data any
	}{
		{"encounter", newEncounterView(d, "e1", 2, e)},
		{"enctables", newEncTablesView(d, "e1", 2, set, e.Tables).At(root)},
		{"band", newBandView(d, band)},
	}
	for _, p := range parts {
		if err := t.ExecuteTemplate(&b, p.name, p.data); err != nil {
			return nil, fmt.Errorf("failed to draw the encounter: %w", ro.r.templateError(err))
		}
	}
	return b.Bytes(), nil
}
