package rules_test

import (
	"slices"
	"testing"

	"github.com/sortie-wargames/sortie/engine/rules"
)

// encTablesSystem is a small system whose encounters name the tables
// they need; edit replaces its lines before it is assembled.
func encTablesSystem(sys, enc []string) (*rules.Set, error) {
	s, err := rules.Parse("t/system.rules", src(append([]string{
		"system t",
		"name T",
		"qrs a b",
	}, sys...)...))
	if err != nil {
		return nil, err
	}
	e, err := rules.Parse("t/play.rules", src(append([]string{
		"table a",
		"title A",
		"read lookup",
		"columns Text:text",
		"| x | y |",
		"table b",
		"title B",
		"read lookup",
		"columns Text:text",
		"| x | y |",
		"table c",
		"title C",
		"read lookup",
		"columns Text:text",
		"| x | y |",
		"encounter fight",
		"title Fight",
		"objective Win.",
	}, enc...)...))
	if err != nil {
		return nil, err
	}
	return rules.Assemble(s, e)
}

func TestEncounterTablesParsed(t *testing.T) {
	set, err := encTablesSystem([]string{"encounter-tables b"}, []string{"tables a", "tables b"})
	if err != nil {
		t.Fatal(err)
	}
	if got := set.System.EncounterTables; !slices.Equal(got, []string{"b"}) {
		t.Errorf("encounter-tables = %q, want [b]", got)
	}
	e := set.Encounter("fight")
	if !slices.Equal(e.Tables, []string{"a", "b"}) {
		t.Errorf("tables = %q, want [a b]", e.Tables)
	}
	if len(e.TablesPos) != 2 || e.TablesPos[1].Line != 20 {
		t.Errorf("tables written at %v, want the second at line 20", e.TablesPos)
	}
}

func TestEncounterTablesErrors(t *testing.T) {
	for _, tc := range []struct {
		name     string
		sys, enc []string
		file     string
		line     int
		phrases  []string
	}{
		{"system names a missing table", []string{"encounter-tables a bb"}, nil, "t/system.rules", 4, []string{`encounter-tables: no table "bb"`, `did you mean "b"?`}},
		{"system names a table off the QRS", []string{"encounter-tables c"}, nil, "t/system.rules", 4, []string{"encounter-tables: table c is not on the Quick Reference Sheets"}},
		{"encounter names a missing table", nil, []string{"tables a", "tables zz"}, "t/play.rules", 20, []string{`encounter fight, tables: no table "zz"`}},
		{"encounter names a table off the QRS", nil, []string{"tables c"}, "t/play.rules", 19, []string{"encounter fight, tables: table c is not on the Quick Reference Sheets"}},
		{"bad id", nil, []string{"tables A"}, "t/play.rules", 19, []string{`tables "A": want table ids`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := encTablesSystem(tc.sys, tc.enc)
			wantErr(t, err, tc.file, tc.line, tc.phrases...)
		})
	}
}
