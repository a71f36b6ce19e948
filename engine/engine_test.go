package engine_test

import (
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
)

type fakeSystem struct {
	engine.System
	set *rules.Set
}

func (f fakeSystem) Rules() *rules.Set { return f.set }

func TestRegistry(t *testing.T) {
	reg := engine.NewRegistry()
	for _, id := range []string{"swordplay", "2d6-sword-and-sorcery"} {
		if err := reg.Add(fakeSystem{set: &rules.Set{System: &rules.System{ID: id}}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := reg.Add(fakeSystem{set: &rules.Set{System: &rules.System{ID: "swordplay"}}}); err == nil {
		t.Error("a system registered twice")
	}
	if got := strings.Join(reg.IDs(), ","); got != "2d6-sword-and-sorcery,swordplay" {
		t.Errorf("IDs %s", got)
	}
	if _, err := reg.Get("chain-reaction"); err == nil || !strings.Contains(err.Error(), `unknown system "chain-reaction" (known: 2d6-sword-and-sorcery, swordplay)`) {
		t.Errorf("Get unknown: %v", err)
	}
	if s, err := reg.Get("swordplay"); err != nil || s.Rules().System.ID != "swordplay" {
		t.Errorf("Get: %v %v", s, err)
	}
}

func TestForceTable(t *testing.T) {
	f := &engine.Force{Title: "Your band", Columns: []string{"Class", "Rep", "AC"}, Figures: []engine.Figure{
		{Name: "Star", Attrs: []string{"Melee", "5", "4"}, Star: true, Note: "You choose."},
		{Name: "Veteran", Attrs: []string{"Missile", "4", "2"}, Roll: &doc.Roll{Label: "Recruiting", Dice: dice.Expr{Count: 2, Faces: 6}.Read([]int{3, 6}), Row: "9"}},
	}}
	tb := f.Table()
	if got := strings.Join(tb.Head, ","); got != "#,Figure,Class,Rep,AC,Rolled" {
		t.Errorf("head %s", got)
	}
	if got := strings.Join(tb.Rows[0], ","); got != "1,Star,Melee,5,4,You choose." {
		t.Errorf("row 1 %s", got)
	}
	if got := strings.Join(tb.Rows[1], ","); got != "2,Veteran,Missile,4,2,2d6 = 3 + 6 = 9 (row 9)" {
		t.Errorf("row 2 %s", got)
	}
	if f.Size() != 2 || len(f.Blocks()) != 1 {
		t.Errorf("size %d, blocks %d", f.Size(), len(f.Blocks()))
	}
}

func TestDataSystem(t *testing.T) {
	var s engine.System = engine.Data{Set: &rules.Set{System: &rules.System{ID: "x"}}}
	if _, ok := s.(engine.Encounterer); ok {
		t.Error("data-only system rolls encounters")
	}
	if s.Rules().System.ID != "x" {
		t.Error("Rules")
	}
}
