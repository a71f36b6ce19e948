package engine_test

import (
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
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

func TestFigureString(t *testing.T) {
	for f, want := range map[engine.Figure]string{
		{Type: "Veteran", Class: "Melee", Rep: 5, AC: 4}:                "Veteran Melee, Rep 5, AC 4",
		{Name: "Wraith", Type: "Wraith", Class: "Melee", Rep: 6, AC: 6}: "Wraith Melee, Rep 6, AC 6",
		{Name: "Star", Type: "Star", Class: "Caster", Rep: 5, AC: 2}:    "Star Caster, Rep 5, AC 2",
		{Name: "Grukk", Type: "Veteran", Class: "Melee", Rep: 5, AC: 6}: "Grukk (Veteran) Melee, Rep 5, AC 6",
	} {
		if got := f.String(); got != want {
			t.Errorf("%q, want %q", got, want)
		}
	}
}

func TestContactPlaces(t *testing.T) {
	for _, c := range []struct {
		in   []int
		want string
	}{
		{[]int{1, 2, 3}, "1–3"}, {[]int{4, 5, 6, 7, 1}, "4–7, 1"}, {[]int{2, 3}, "2, 3"},
		{[]int{5}, "5"}, {[]int{1, 3, 4, 5, 7}, "1, 3–5, 7"}, {nil, ""},
	} {
		got := (&engine.Contact{Takes: c.in}).Places()
		if got != c.want {
			t.Errorf("Places(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}
