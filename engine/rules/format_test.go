package rules_test

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// books holds tables shaped like the other rulebooks' ones, each using one
// of the constructs docs/data.md describes.
var books = src(
	"table ranged-combat", // 1
	"title   Ranged Combat",
	"dice    1d6+Rep",
	"read    sum",
	"columns Result:text",
	"| 7 or less | Miss |", // 6
	"| 8         | Duck back |",
	"| 9         | Knocked down |",
	"| 10+       | Out of the fight |",
	"",
	"table np-movement", // 11
	"title   NP Force Movement",
	"dice    2d6+3",
	"read    sum",
	"modifier  Leader in group | +1",
	"modifiers Charger is: | Modifier",
	"modifier  Cavalry [^1] | +1d6",
	"modifier  Charging onto the rear | +2d6 [^1]",
	"modifiers Target is: | Modifier",
	"modifier  In cover | Impact one lower",
	"footnote 1 Not in woods.",
	"columns Move:text",
	"| 5 to 7  | Stay |", // 23
	"| 8 or 9  | Move |",
	"| 10 or more | Rush |",
	"",
	"table melee", // 27
	"title   Melee",
	"dice    Rep d6",
	"read    successes",
	"columns Result:text",
	"| 0  | Miss |",
	"| 1  | Hit |",
	"| 2  | Hit twice |",
	"| 3+ | Out of the fight |",
	"",
	"table melee-score", // 37
	"title   Melee Score",
	"dice    Rep d6",
	"read    opposed-successes",
	"note    Count each side's successes.",
	"columns Result:text",
	"| More | Win |",
	"| Same | Draw |",
	"",
	"table warrior-reaction", // 46
	"title   Warriors Reaction Tests",
	"dice    2d6",
	"read    pass",
	"target  Rep",
	"across  passed 2 | 1 | 0 | -",
	"columns Pass 2d6:text | Pass 1d6:text | Pass 0d6:text | Notes:text",
	"| Received Fire (LDR) | Carry on | Duck back | Run | Leader tests |",
	"| Man Down            | Carry on | Duck back | Run |  |",
	"",
	"table pef-resolution", // 56
	"title   PEF Resolution",
	"dice    1d6",
	"read    as-rolled",
	"across  EAL 1 | 2 | 3",
	"columns EAL 1:text | EAL 2:text | EAL 3:text",
	"| 1-2 | X | X | Contact |",
	"| 3-6 | Nothing | Contact | Contact |",
	"",
	"table terrain", // 65
	"title   Terrain Generator",
	"dice    2d6",
	"read    sum",
	"note    Roll for each section. [^2]",
	"footnote 2 Sections are numbered 1 to 9.",
	"footnote 1 One building on 1-3, two on 4-5, three on 6.",
	"decision the book leaves it blank",
	"columns Terrain:text | Pieces:int",
	"| 2-8  | Woods | 2 |",
	"| 9    | Clear [^1] | [1] [^1] |",
	"| 10+  | Hills | 1 |",
	"",
	"system swordplay", // 78
	"name Swordplay",
	"sections 3x3",
	"",
	"encounter skirmish", // 82
	"title Skirmish",
	"objective Drive them off.",
)

func parseBooks(t *testing.T) *rules.File {
	t.Helper()
	f, err := rules.Parse("books.rules", books)
	if err != nil {
		t.Fatalf("the book tables do not parse: %v", err)
	}
	return f
}

func tableOf(t *testing.T, f *rules.File, id string) *rules.Table {
	t.Helper()
	for _, tb := range f.Tables {
		if tb.ID == id {
			return tb
		}
	}
	t.Fatalf("no table %s", id)
	return nil
}

func TestOpenAndReadableKeys(t *testing.T) {
	f := parseBooks(t)
	rc := tableOf(t, f, "ranged-combat")
	if rc.Corner() != "1" || rc.Caption != "Adding the results together" || rc.KeyHeader != "#" {
		t.Errorf("ranged-combat corner %q caption %q key %q", rc.Corner(), rc.Caption, rc.KeyHeader)
	}
	// An open key covers every value beyond its end.
	for v, want := range map[int]string{-20: "7 or less", 7: "7 or less", 8: "8", 9: "9", 10: "10+", 1000: "10+"} {
		if r := rc.RowFor(v); r == nil || r.Key != want {
			t.Errorf("ranged-combat RowFor(%d) = %+v, want %q", v, r, want)
		}
	}
	if r := rc.Rows[0]; !r.OpenBelow() || r.OpenAbove() || r.Hi != 7 || r.Lo != math.MinInt {
		t.Errorf("7 or less: %+v", r)
	}
	if r := rc.Rows[3]; !r.OpenAbove() || r.OpenBelow() || r.Lo != 10 {
		t.Errorf("10+: %+v", r)
	}
	mv := tableOf(t, f, "np-movement")
	want := [][2]int{{5, 7}, {8, 9}, {10, math.MaxInt}}
	for i, r := range mv.Rows {
		if [2]int{r.Lo, r.Hi} != want[i] {
			t.Errorf("np-movement row %q covers %d..%d, want %v", r.Key, r.Lo, r.Hi, want[i])
		}
	}
	if mv.Rows[1].Key != "8 or 9" {
		t.Errorf("keys print as written: got %q", mv.Rows[1].Key)
	}
}

func TestSuccessesTables(t *testing.T) {
	f := parseBooks(t)
	m := tableOf(t, f, "melee")
	if m.Dice.Mode != dice.ModeSuccess || !m.Rolled() || m.Corner() != "Rep" {
		t.Errorf("melee: mode %v rolled %v corner %q", m.Dice.Mode, m.Rolled(), m.Corner())
	}
	if m.Caption != "Counting successes" || m.HowToRead() != "Counting successes" || m.KeyHeader != "# Successes" {
		t.Errorf("melee caption %q key %q", m.Caption, m.KeyHeader)
	}
	if !slices.Equal(m.Notes, []string{"A score of 1, 2 or 3 is a success."}) {
		t.Errorf("melee default note %q", m.Notes)
	}
	o := tableOf(t, f, "melee-score")
	if o.Rolled() || o.Read.Rolled() || o.KeyHeader != "Score" || o.Caption != "Counting successes" || o.Corner() != "Rep" {
		t.Errorf("melee-score: rolled %v key %q caption %q corner %q", o.Rolled(), o.KeyHeader, o.Caption, o.Corner())
	}
	if !slices.Equal(o.Notes, []string{"Count each side's successes."}) || o.Named("same") == nil {
		t.Errorf("a table's own note replaces the default: %q", o.Notes)
	}
}

func TestAcross(t *testing.T) {
	f := parseBooks(t)
	rt := tableOf(t, f, "warrior-reaction")
	if rt.Rolled() || !rt.Read.Rolled() || rt.KeyHeader != "Test" || rt.Corner() != "2" || rt.Caption != "Taken versus Rep" {
		t.Errorf("reaction test: rolled %v key %q corner %q caption %q", rt.Rolled(), rt.KeyHeader, rt.Corner(), rt.Caption)
	}
	row := rt.Named("man down")
	for v, want := range map[int]string{2: "Carry on", 1: "Duck back", 0: "Run"} {
		if c, ok := rt.Across(row, v); !ok || c.Text != want {
			t.Errorf("Across(Man Down, %d) = %+v, %v; want %q", v, c, ok, want)
		}
	}
	if _, ok := rt.Across(row, 3); ok {
		t.Errorf("Across(Man Down, 3) found a column")
	}
	if _, ok := rt.Across(row, -1); ok {
		t.Errorf("Across(Man Down, -1) found the notes column")
	}
	if v, ok := rt.AcrossValue(0); !ok || v != 2 {
		t.Errorf("AcrossValue(0) = %d, %v", v, ok)
	}
	if _, ok := rt.AcrossValue(3); ok {
		t.Errorf("the notes column has an across value")
	}
	pef := tableOf(t, f, "pef-resolution")
	if !pef.Rolled() || pef.KeyHeader != "#" {
		t.Errorf("pef-resolution keeps its reading: rolled %v key %q", pef.Rolled(), pef.KeyHeader)
	}
	if c, ok := pef.Across(pef.RowFor(4), 2); !ok || c.Text != "Contact" {
		t.Errorf("pef-resolution at 4, EAL 2 = %+v, %v", c, ok)
	}
	if c, ok := pef.Across(pef.RowFor(1), 2); !ok || c.Text != "X" {
		t.Errorf("pef-resolution at 1, EAL 2 = %+v, %v", c, ok)
	}
	if _, ok := tableOf(t, f, "melee").Across(&tableOf(t, f, "melee").Rows[0], 0); ok {
		t.Errorf("a one-way table read across")
	}
}

func TestModifiersAndFootnotes(t *testing.T) {
	f := parseBooks(t)
	mv := tableOf(t, f, "np-movement")
	if len(mv.Modifiers) != 3 {
		t.Fatalf("np-movement has %d modifier groups, want 3", len(mv.Modifiers))
	}
	type line struct{ text, value string }
	want := []struct {
		head  [2]string
		lines []line
	}{
		{[2]string{"Circumstance", "Modifier"}, []line{{"Leader in group", "+1"}}},
		{[2]string{"Charger is:", "Modifier"}, []line{{"Cavalry (1)", "+1d6"}, {"Charging onto the rear", "+2d6 (1)"}}},
		{[2]string{"Target is:", "Modifier"}, []line{{"In cover", "Impact one lower"}}},
	}
	for i, g := range mv.Modifiers {
		if g.Headers != want[i].head || len(g.Rows) != len(want[i].lines) {
			t.Errorf("group %d: %+v", i, g)
			continue
		}
		for j, m := range g.Rows {
			if text, value := m.Printed(); (line{text, value}) != want[i].lines[j] {
				t.Errorf("group %d line %d prints %q | %q, want %v", i, j, text, value, want[i].lines[j])
			}
		}
	}
	if m := mv.Modifiers[1].Rows[0]; m.Text != "Cavalry" || m.TextNote != 1 || m.Pos.Line != 17 {
		t.Errorf("Cavalry modifier %+v", m)
	}
	tr := tableOf(t, f, "terrain")
	if !slices.Equal(tr.FootnoteLines(), []string{"(1) One building on 1-3, two on 4-5, three on 6.", "(2) Sections are numbered 1 to 9."}) {
		t.Errorf("footnotes %q", tr.FootnoteLines())
	}
	if !slices.Equal(tr.Notes, []string{"Roll for each section. (2)"}) {
		t.Errorf("notes %q", tr.Notes)
	}
	clear := tr.RowFor(9)
	if c := tr.Cell(clear, "Terrain"); c.Text != "Clear" || c.Footnote != 1 || tr.CellText(0, c) != "Clear (1)" {
		t.Errorf("Clear [^1] cell %+v prints %q", c, tr.CellText(0, c))
	}
	if c := tr.Cell(clear, "Pieces"); c.Int != 1 || !c.Decided || c.Footnote != 1 || tr.CellText(1, c) != "1* (1)" {
		t.Errorf("[1] [^1] cell %+v prints %q", c, tr.CellText(1, c))
	}
}

func TestOptionalSettings(t *testing.T) {
	f := parseBooks(t)
	s, err := rules.Assemble(f)
	if err != nil {
		t.Fatalf("a system without board, star-rep, first-encounter or terrain: %v", err)
	}
	sys := s.System
	if sys.BoardW != 0 || sys.StarRep != 0 || sys.First != "" || sys.SectionCols != 3 || sys.SectionRows != 3 {
		t.Errorf("system %+v", sys)
	}
	if e := s.Encounter("skirmish"); e == nil || e.Terrain != "" {
		t.Errorf("encounter without terrain: %+v", e)
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, absent := range []string{`"boardInches"`, `"starRep"`, `"firstEncounter"`, `"terrainTable"`} {
		if strings.Contains(string(b), absent) {
			t.Errorf("JSON has %s for a setting not given", absent)
		}
	}
	if !strings.Contains(string(b), `"sections":[3,3]`) {
		t.Errorf("JSON lacks the sections: %.200s", b)
	}
}

func TestFormatJSON(t *testing.T) {
	f := parseBooks(t)
	cases := []struct {
		id   string
		want []string // fragments of the table's JSON
	}{
		{"ranged-combat", []string{`"dice":"1d6+Rep"`, `{"key":"7 or less","hi":7,`, `{"key":"10+","lo":10,`}},
		{"np-movement", []string{`"modifiers":[{"headers":["Circumstance","Modifier"],"rows":[{"text":"Leader in group","value":"+1"}]}`,
			`{"text":"Cavalry","value":"+1d6","textFootnote":1}`, `{"text":"Charging onto the rear","value":"+2d6","valueFootnote":1}`,
			`"footnotes":[{"number":1,"text":"Not in woods."}]`}},
		{"melee", []string{`"dice":"Rep d6"`, `"read":"successes"`, `"keyHeader":"# Successes"`, `"notes":["A score of 1, 2 or 3 is a success."]`}},
		{"warrior-reaction", []string{`"across":{"name":"passed","values":[2,1,0,null]}`, `{"key":"Man Down","cells":`}},
		{"pef-resolution", []string{`"across":{"name":"EAL","values":[1,2,3]}`}},
		{"terrain", []string{`{"text":"Clear","footnote":1}`, `{"text":"1","int":1,"decided":true,"footnote":1}`, `"notes":["Roll for each section. (2)"]`}},
	}
	for _, c := range cases {
		b, err := json.Marshal(tableOf(t, f, c.id))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s JSON lacks %s:\n%s", c.id, w, b)
			}
		}
	}
}

func TestRollVars(t *testing.T) {
	f := parseBooks(t)
	rc := tableOf(t, f, "ranged-combat")
	r := dice.New("sortie/rules/roll-vars")
	for rep, only := range map[int]string{-10: "7 or less", 10: "10+"} {
		for range 20 {
			res, err := rc.RollVars(r, map[string]int{"Rep": rep})
			if err != nil {
				t.Fatal(err)
			}
			if res.Row.Key != only {
				t.Errorf("1d6+%d read row %q, want %q: a total past the table's end reads its open row", rep, res.Row.Key, only)
			}
		}
	}
	res, err := rc.RollVars(r, map[string]int{"Rep": 4, "EAL": 9})
	if err != nil {
		t.Fatal(err)
	}
	d := res.Roll.Dice[0]
	if res.Roll.Value != d+4 || res.Roll.Expr.Mod != 4 || res.Roll.String() != "1d6+Rep = "+strconv.Itoa(d)+" + 4 = "+strconv.Itoa(d+4) {
		t.Errorf("1d6+Rep with Rep 4: %s value %d", res.Roll, res.Roll.Value)
	}
	if _, err := rc.RollVars(r, nil); err == nil || err.Error() != "table ranged-combat: 1d6+Rep: give a value for Rep" {
		t.Errorf("RollVars without Rep = %v", err)
	}
	if _, err := rc.Roll(r, 4); err == nil || !strings.Contains(err.Error(), "give a value for Rep") {
		t.Errorf("Roll on a named modifier = %v, want it to ask for Rep", err)
	}
	// A numeric modifier needs no values.
	mv := tableOf(t, f, "np-movement")
	res, err = mv.Roll(r, 0)
	if err != nil {
		t.Fatal(err)
	}
	if v := res.Roll.Dice[0] + res.Roll.Dice[1] + 3; res.Roll.Value != v || res.Row != mv.RowFor(v) {
		t.Errorf("2d6+3: %s → %s", res.Roll, res.Row.Key)
	}
	// A named count rolls that many dice.
	m := tableOf(t, f, "melee")
	res, err = m.RollVars(r, map[string]int{"Rep": 5})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range res.Roll.Dice {
		if d <= 3 {
			n++
		}
	}
	if len(res.Roll.Dice) != 5 || res.Roll.Value != n || res.Row != m.RowFor(n) || !strings.HasPrefix(res.Roll.String(), "5d6 (Rep 5) for 1-3 = ") {
		t.Errorf("Rep d6 with Rep 5: %s → %s", res.Roll, res.Row.Key)
	}
	if _, err := m.RollVars(r, map[string]int{"Rep": 0}); err == nil || err.Error() != "table melee: Rep d6 with Rep 0: want 1..20 dice" {
		t.Errorf("Rep d6 with Rep 0 = %v", err)
	}
	if _, err := m.RollWith(r, m.Dice); err == nil || !strings.Contains(err.Error(), "bind its count before rolling") {
		t.Errorf("RollWith an unbound count = %v", err)
	}
}

func TestRollTest(t *testing.T) {
	f := parseBooks(t)
	rt := tableOf(t, f, "warrior-reaction")
	r := dice.New("sortie/rules/roll-test")
	counts := map[string]int{}
	for range samples {
		res, err := rt.RollTest(r, "received fire (ldr)", map[string]int{"Rep": 4})
		if err != nil {
			t.Fatal(err)
		}
		passed := 0
		for _, d := range res.Roll.Dice {
			if d <= 4 {
				passed++
			}
		}
		v, _ := rt.AcrossValue(res.Col)
		if res.Row.Key != "Received Fire (LDR)" || v != passed || res.Cell != res.Row.Cells[res.Col] || res.Roll.Expr.Target != 4 {
			t.Fatalf("%s: %d passed read column %d (%+v)", res, passed, res.Col, res.Cell)
		}
		counts[res.Cell.Text]++
	}
	// 2d6 versus 4: both pass 4/9, one 4/9, none 1/9.
	if ok, how := fits(t, counts, map[string]float64{"Carry on": 4.0 / 9, "Duck back": 4.0 / 9, "Run": 1.0 / 9}); !ok {
		t.Errorf("reaction test columns %v: %s", counts, how)
	}
	res, _ := rt.RollTest(r, "Man Down", map[string]int{"Rep": 4})
	if s := res.String(); !strings.HasPrefix(s, "Warriors Reaction Tests, Man Down: 2d6 vs 4 = ") || !strings.HasSuffix(s, " → "+rt.Columns[res.Col].Name) {
		t.Errorf("String() = %q", s)
	}
	for _, c := range []struct {
		tb   *rules.Table
		row  string
		vars map[string]int
		want string
	}{
		{rt, "Charge", map[string]int{"Rep": 4}, `table warrior-reaction has no test "Charge"`},
		{rt, "Man Down", nil, "table warrior-reaction is taken versus Rep: give a target of 1 or more"},
		{tableOf(t, f, "melee"), "0", map[string]int{"Rep": 4}, "table melee is not read across the dice passed, so it has no tests"},
	} {
		if _, err := c.tb.RollTest(r, c.row, c.vars); err == nil || err.Error() != c.want {
			t.Errorf("RollTest(%s, %q) = %v, want %q", c.tb.ID, c.row, err, c.want)
		}
	}
	if _, err := rt.Roll(r, 4); err == nil || err.Error() != "table warrior-reaction is read across the dice passed: take a test with RollTest" {
		t.Errorf("Roll on a test table = %v", err)
	}
}
