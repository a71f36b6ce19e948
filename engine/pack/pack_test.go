package pack_test

import (
	"encoding/json"
	"io/fs"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/swordsorcery"
)

func system(t testing.TB) engine.System {
	t.Helper()
	sub, _ := fs.Sub(content.FS, "systems/"+swordsorcery.ID)
	set, err := rules.Load(sub, "content/systems/"+swordsorcery.ID)
	if err != nil {
		t.Fatal(err)
	}
	sys, err := swordsorcery.New(set)
	if err != nil {
		t.Fatal(err)
	}
	return sys
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestBuild(t *testing.T) {
	sys := system(t)
	types := []string{"explore", "raid", "defend", "raid"}
	p, err := pack.Build(sys, "pack-seed", types, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Entries) != 4 || p.Seed != "pack-seed" || p.System != swordsorcery.ID || p.Band == nil {
		t.Fatalf("pack %+v", p)
	}
	for i, e := range p.Entries {
		if e.Number != i+1 || e.Type != types[i] || e.Encounter.Type != types[i] {
			t.Errorf("entry %d: number %d, type %s/%s", i, e.Number, e.Type, e.Encounter.Type)
		}
		if want := "pack/" + string(rune('1'+i)) + "/" + types[i]; e.Encounter.Stream != want {
			t.Errorf("entry %d rolled from %q, want %q", i+1, e.Encounter.Stream, want)
		}
	}
	// The band is the one a lone encounter with the same seed recruits.
	band, err := sys.(engine.Recruiter).Band(dice.New("pack-seed").Stream("band"), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if jsonOf(t, band) != jsonOf(t, p.Band) {
		t.Error("the pack's band is not rolled from the stream \"band\"")
	}
	again, _ := pack.Build(sys, "pack-seed", types, engine.Options{})
	if jsonOf(t, again) != jsonOf(t, p) {
		t.Error("the same seed built two different packs")
	}
}

// TestEntriesAreIndependent changes one entry's type: the other entries
// keep every roll.
func TestEntriesAreIndependent(t *testing.T) {
	sys := system(t)
	a, err := pack.Build(sys, "s", []string{"explore", "raid", "defend"}, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := pack.Build(sys, "s", []string{"explore", "defend", "defend"}, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{0, 2} {
		if jsonOf(t, a.Entries[i]) != jsonOf(t, b.Entries[i]) {
			t.Errorf("entry %d changed when entry 2 changed type", i+1)
		}
	}
}

func TestBuildErrors(t *testing.T) {
	sys := system(t)
	for _, c := range []struct {
		types []string
		opt   engine.Options
		want  string
	}{
		{nil, engine.Options{}, "pack of 0 encounters: want 1 to 200"},
		{make([]string, 201), engine.Options{}, "pack of 201 encounters"},
		{[]string{"explore", "siege"}, engine.Options{}, "failed to roll encounter 2 (siege)"},
		{[]string{"explore"}, engine.Options{Enemies: "dragons"}, "unknown enemy source"},
	} {
		_, err := pack.Build(sys, "s", c.types, c.opt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v %+v: error %v, want %q", c.types, c.opt, err, c.want)
		}
	}
}
