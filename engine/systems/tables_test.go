package systems_test

import (
	"io/fs"
	"slices"
	"testing"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/swordspear"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/engine/twopage"
)

// builtin loads a built-in system with its procedures.
func builtin(t *testing.T, id string) engine.System {
	t.Helper()
	sub, err := fs.Sub(content.FS, "systems/"+id)
	if err != nil {
		t.Fatal(err)
	}
	set, err := rules.Load(sub, "systems/"+id)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range systems.Builtin() {
		if b.ID == id {
			sys, err := b.New(set)
			if err != nil {
				t.Fatal(err)
			}
			return sys
		}
	}
	t.Fatalf("no builder for %s", id)
	return nil
}

// roll rolls one encounter of typ, with the system's band if it has one.
func roll(t *testing.T, sys engine.System, typ string, opt engine.Options) *engine.Encounter {
	t.Helper()
	var band *engine.Force
	if rc, ok := sys.(engine.Recruiter); ok {
		var err error
		if band, err = rc.Band(dice.New("tables").Stream("band"), opt); err != nil {
			t.Fatal(err)
		}
	}
	e, err := sys.(engine.Encounterer).Encounter(dice.New("tables").Stream("encounter"), engine.Request{Type: typ, Band: band, Options: opt})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// onQRS fails unless every id is on the system's QRS, in QRS order.
func onQRS(t *testing.T, set *rules.Set, ids []string) {
	t.Helper()
	last := -1
	for _, id := range ids {
		i := slices.Index(set.System.QRS, id)
		if i < 0 {
			t.Errorf("table %s is not on the QRS", id)
			continue
		}
		if i <= last {
			t.Errorf("tables %q are not in QRS order", ids)
		}
		last = i
	}
}

// TestEncounterTables checks, for an encounter of every type of every
// built-in system, the tables it lists: the data's encounter-tables and
// the type's tables, and what the system's procedure adds for what it
// rolled, each on the QRS, in its order.
func TestEncounterTables(t *testing.T) {
	for _, tc := range []struct {
		system, typ string
		opt         engine.Options
		want        []string
	}{
		{"2d6-sword-and-sorcery", "explore", engine.Options{}, []string{"pef-resolution", "contact-size"}},
		{"2d6-sword-and-sorcery", "raid", engine.Options{Enemies: "orcs"}, []string{"pef-resolution", "contact-size"}},
		// The Creature List, never the lists the sealed contacts rolled.
		{"2d6-sword-and-sorcery", "defend", engine.Options{Enemies: "creatures"}, []string{"pef-resolution", "contact-size", "creature-list"}},
		{"swordplay", "patrol", engine.Options{}, []string{"pef-movement", "pef-resolution", "pef-results", "np-force-movement"}},
		{"swordplay", "raid-attack", engine.Options{}, []string{"pef-movement", "pef-resolution", "pef-results", "np-force-movement", "building-defensive-values"}},
		{"swordplay", "raid-defend", engine.Options{}, []string{"pef-movement", "pef-resolution", "pef-results", "np-force-movement", "building-defensive-values", "pef-entry-raid-defend"}},
		{"chain-reaction-3", "patrol", engine.Options{}, []string{"pef-movement", "pef-force-composition", "pef-results", "enemy-commander", "np-force-movement"}},
	} {
		t.Run(tc.system+"/"+tc.typ, func(t *testing.T) {
			sys := builtin(t, tc.system)
			e := roll(t, sys, tc.typ, tc.opt)
			if !slices.Equal(e.Tables, tc.want) {
				t.Errorf("tables = %q, want %q", e.Tables, tc.want)
			}
			onQRS(t, sys.Rules(), e.Tables)
		})
	}
}

// TestBattleTables checks Sword & Spear Fantasy's tables against the
// armies rolled: the shooting tables exactly when a unit shoots, the
// spells exactly when a magic-user takes the field, Flying Units exactly
// when a unit flies.
func TestBattleTables(t *testing.T) {
	sys := builtin(t, swordspear.ID).(*swordspear.System)
	seen := map[string]bool{}
	for _, seed := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
		b, err := sys.RollBattle(dice.New(seed), "battle", engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		e, err := sys.Encounter(dice.New(seed), engine.Request{Type: "battle"})
		if err != nil {
			t.Fatal(err)
		}
		shoots, magic, flies := false, false, false
		for _, sd := range []swordspear.Side{b.Player, b.Enemy} {
			for _, u := range sd.Units {
				magic = magic || u.Entry.Level > 0
				flies = flies || slices.Contains(u.Entry.Characteristics, "Flight")
				for _, w := range u.Entry.Weapons {
					shoots = shoots || w.Missile
				}
			}
		}
		var want []string
		if flies {
			want = append(want, "flying-units")
		}
		if shoots {
			want = append(want, "combat-dice", "bonus-dice", "cover")
		}
		if magic {
			want = append(want, "spells")
		}
		if !slices.Equal(e.Tables, want) {
			t.Errorf("seed %s: tables = %q, want %q", seed, e.Tables, want)
		}
		onQRS(t, sys.Rules(), e.Tables)
		for _, id := range e.Tables {
			seen[id] = true
		}
	}
	if !seen["cover"] || !seen["spells"] {
		t.Errorf("eight battles never listed both the shooting tables and the spells: %v", seen)
	}
}

// TestSkirmishTables checks the Two-Page Skirmish tables against the
// battlefield rolled: the data's firing, hand-to-hand and wounds always,
// Terrain Costs, Stream Crossing and Buildings exactly when it has them.
func TestSkirmishTables(t *testing.T) {
	sys := builtin(t, twopage.ID).(*twopage.System)
	for _, seed := range []string{"a", "b", "c", "d", "e", "f"} {
		s, err := sys.RollEncounter(dice.New(seed), "skirmish", engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		e, err := sys.Encounter(dice.New(seed), engine.Request{Type: "skirmish"})
		if err != nil {
			t.Fatal(err)
		}
		rough, buildings := false, false
		for _, sec := range s.Sections {
			rough = rough || sec.Kind != "open"
			buildings = buildings || sec.Buildings > 0 || sec.Kind == "buildings"
		}
		want := []string{}
		if rough {
			want = append(want, "terrain-costs")
		}
		if len(s.Through) > 0 {
			want = append(want, "stream-crossing")
		}
		want = append(want, "firing", "hand-to-hand", "wounds")
		if buildings {
			want = append(want, "buildings")
		}
		if !slices.Equal(e.Tables, want) {
			t.Errorf("seed %s: tables = %q, want %q", seed, e.Tables, want)
		}
		onQRS(t, sys.Rules(), e.Tables)
	}
}
