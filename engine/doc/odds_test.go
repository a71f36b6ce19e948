package doc_test

import (
	"encoding/json"
	"io/fs"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
)

func loadSystem(t *testing.T, id string) *rules.Set {
	t.Helper()
	sub, err := fs.Sub(content.FS, "systems/"+id)
	if err != nil {
		t.Fatal(err)
	}
	s, err := rules.Load(sub, "systems/"+id)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestRuleTableOdds checks the strip RuleTable puts under a table read by
// passing dice, and that tables read otherwise get none.
func TestRuleTableOdds(t *testing.T) {
	s := loadSystem(t, "2d6-sword-and-sorcery")
	tb := doc.RuleTable(s.Table("charge"))
	o := tb.Odds
	if o == nil {
		t.Fatal("charge: no odds")
	}
	if o.Corner != "Rep" || strings.Join(o.Head, "|") != "Pass 2d6|Pass 1d6|Pass 0d6" {
		t.Errorf("charge odds: corner %q, head %q", o.Corner, o.Head)
	}
	var lines []string
	for _, r := range o.Rows {
		var cells []string
		for _, c := range r.Cells {
			cells = append(cells, c.Text())
		}
		lines = append(lines, r.Label+": "+strings.Join(cells, ", "))
	}
	want := []string{
		"Rep 3: 1/4 · 25%, 1/2 · 50%, 1/4 · 25%",
		"Rep 4: 4/9 · 44%, 4/9 · 44%, 1/9 · 11%",
		"Rep 5: 25/36 · 69%, 5/18 · 28%, 1/36 · 3%",
		"Rep 6+: always, never, never",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("charge odds:\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	melee := doc.RuleTable(s.Table("melee")).Odds
	if melee == nil || melee.Head[0] != "vs Rep 3" || melee.Rows[1].Label != "Rep 4" || melee.Rows[1].Cells[0].Text() != "4/9 · 44%" {
		t.Errorf("melee odds: %+v", melee)
	}
	for _, id := range []string{"enemy", "terrain", "shooting-damage", "recruiting"} {
		if o := doc.RuleTable(s.Table(id)).Odds; o != nil {
			t.Errorf("%s is not read by passing dice, yet has odds %+v", id, o)
		}
	}

	b, err := json.Marshal(tb)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Odds struct {
			Corner string   `json:"corner"`
			Head   []string `json:"head"`
			Rows   []struct {
				Label string `json:"label"`
				Cells []struct {
					Fraction, Percent, Text string
				} `json:"cells"`
			} `json:"rows"`
		} `json:"odds"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if r := got.Odds.Rows; len(r) != 4 || r[1].Label != "Rep 4" || r[1].Cells[2].Fraction != "1/9" || r[1].Cells[2].Percent != "11%" || r[3].Cells[0].Text != "always" || r[3].Cells[0].Fraction != "1" {
		t.Errorf("odds JSON: %s", b)
	}
	if b, _ := json.Marshal(doc.RuleTable(s.Table("enemy"))); strings.Contains(string(b), `"odds"`) {
		t.Errorf("a table without odds writes them: %s", b)
	}
}

// TestLongFraction prints a chance whose fraction no one reads at the
// table as its per cent alone, and says so in the strip's caption.
func TestLongFraction(t *testing.T) {
	for _, c := range []struct {
		c    doc.Chance
		want string
	}{
		{doc.Chance{Fraction: "4/9", Percent: "44%"}, "4/9 · 44%"},
		{doc.Chance{Fraction: "1/46656", Percent: "<1%"}, "1/46656 · <1%"},
		{doc.Chance{Fraction: "3911/9765", Percent: "40%"}, "40%"},
		{doc.Chance{Fraction: "0", Percent: "0%"}, "never"},
	} {
		if got := c.c.Text(); got != c.want {
			t.Errorf("%s: %q, want %q", c.c.Fraction, got, c.want)
		}
	}
	o := doc.RuleOdds(loadSystem(t, "chain-reaction-3").Table("melee-combat"))
	if o == nil || !strings.Contains(o.Caption, "ends with more successes") || !strings.Contains(o.Caption, "a long fraction as its per cent alone") {
		t.Errorf("the melee's odds caption reads %+v", o)
	}
}
