package doc_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// every returns one block of every kind, nested as systems nest them.
func every() []doc.Block {
	roll := dice.Expr{Count: 2, Faces: 6}.Read([]int{3, 6})
	return []doc.Block{
		&doc.Map{Map: board.New("Battle Board", 12, 12, "Your band enters here", true, "Enemy")},
		&doc.Roll{Label: "Terrain", Dice: roll, Row: "9", Result: "Woods"},
		&doc.Section{Title: "Objective", Blocks: []doc.Block{&doc.List{Items: []string{"Scout."}}}},
		&doc.Para{Lead: "Terrain:", Text: "Woods."},
		&doc.Checklist{Lead: "In the order you take them", Items: []string{"Orcs (6)", "Greater Orcs (10)"}, Note: "Tick each as it is placed."},
		&doc.Table{Head: []string{"#", "Figure"}, Rows: [][]string{{"1", "Star"}}, Modifiers: []doc.Modifier{{Head: [2]string{"Circumstance", "Modifier"}, Rows: [][2]string{{"In cover", "+1d6"}}}}},
		&doc.Sealed{Title: "PEFs", Items: []doc.SealedItem{{Number: 1, Title: "The first PEF you resolve", Blocks: []doc.Block{&doc.Para{Text: "Nothing."}}}}},
		&doc.Links{Links: []doc.Link{{Label: "Success", To: 4, Note: "EAL goes up by 1"}}},
	}
}

func TestJSONKinds(t *testing.T) {
	b, err := json.Marshal(every())
	if err != nil {
		t.Fatal(err)
	}
	var got []map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, g := range got {
		kinds = append(kinds, g["kind"].(string))
	}
	if s := strings.Join(kinds, ","); s != "map,roll,section,para,checklist,table,sealed,links" {
		t.Errorf("kinds %s", s)
	}
	for _, want := range []string{
		`"text":"Terrain: 2d6 = 3 + 6 = 9 → Woods"`,
		`"blocks":[{"kind":"list","items":["Scout."]}]`,
		`"modifiers":[{"head":["Circumstance","Modifier"],"rows":[["In cover","+1d6"]]}]`,
		`"items":[{"number":1,"title":"The first PEF you resolve","blocks":[{"kind":"para","text":"Nothing."}]}]`,
		`"links":[{"label":"Success","to":4,"note":"EAL goes up by 1"}]`,
		`{"kind":"checklist","lead":"In the order you take them","items":["Orcs (6)","Greater Orcs (10)"],"note":"Tick each as it is placed."}`,
	} {
		if !strings.Contains(string(b), want) {
			t.Errorf("JSON lacks %s\n%s", want, b)
		}
	}
}

func TestWalk(t *testing.T) {
	n := 0
	doc.Walk(every(), func(doc.Block) { n++ })
	if n != 8+1+1 { // the list in the section and the para in the sealed item
		t.Errorf("walked %d blocks", n)
	}
	if ms := doc.Maps(every()); len(ms) != 1 || ms[0].Title != "Battle Board" {
		t.Errorf("maps %v", ms)
	}
	if s := doc.SealedIn(every()); s == nil || s.Items[0].Number != 1 {
		t.Errorf("sealed %v", s)
	}
}

func TestRuleTable(t *testing.T) {
	f, err := rules.Parse("t.rules", []byte(`table shooting
title   Shooting
dice    2d6
read    pass
target  Rep
six-fails
note    Roll once per shooter.
source  page 9
decision The book leaves row 1 blank.
columns Result:text | Outcome:id
| 2 | Hit. | hit |
| 1 | [Miss in cover.] | maybe |
| 0 | Miss. | miss |
`))
	if err != nil {
		t.Fatal(err)
	}
	tb := doc.RuleTable(f.Tables[0])
	if tb.Corner != "2" || tb.Title != "Shooting" || tb.Source != "page 9" {
		t.Errorf("table %+v", tb)
	}
	if got := strings.Join(tb.HowToRead, " | "); got != "Taken versus Rep | A 6 is always a failure." {
		t.Errorf("how to read %q", got)
	}
	if got := strings.Join(tb.Head, ","); got != "# D6 passed,Result" {
		t.Errorf("head %q: ids are not printed", got)
	}
	if got := strings.Join(tb.Rows[1], ","); got != "1,Miss in cover.*" {
		t.Errorf("row %q", got)
	}
	if len(tb.Decisions) != 1 || len(tb.Notes) != 1 {
		t.Errorf("decisions %v notes %v", tb.Decisions, tb.Notes)
	}
}
