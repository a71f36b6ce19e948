package generator

import (
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/systems"
)

// TestEncounterTablesMarkdown checks that an encounter of every built-in
// system, as Markdown, ends with the tables it needs, each under a
// heading with its QRS title, in the encounter's order.
func TestEncounterTablesMarkdown(t *testing.T) {
	reg, err := LoadSystems("", systems.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range reg.IDs() {
		sys, _ := reg.Get(id)
		if _, ok := sys.(engine.Encounterer); !ok {
			continue
		}
		one, err := Encounter(sys, "tables", "", engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(one.Encounter.Tables) == 0 {
			t.Errorf("%s: the encounter lists no tables", id)
			continue
		}
		var b strings.Builder
		if err := EncounterMarkdown(&b, sys, one); err != nil {
			t.Fatal(err)
		}
		md := b.String()
		at := strings.Index(md, "\n## Tables for this encounter\n")
		if at < 0 {
			t.Errorf("%s: no section of tables", id)
			continue
		}
		rest := md[at:]
		for _, tid := range one.Encounter.Tables {
			title := sys.Rules().Table(tid).Title
			i := strings.Index(rest, "\n### ")
			if i < 0 {
				t.Errorf("%s: no heading for %q", id, title)
				break
			}
			if line, _, _ := strings.Cut(rest[i+1:], "\n"); !strings.Contains(line, title) {
				t.Errorf("%s: the next table is %q, want %q", id, line, title)
				break
			}
			rest = rest[i+4:]
		}
	}
}
