package systems_test

import (
	"io/fs"
	"slices"
	"strings"
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

// sealedTables are the tables Sortie rolls for the sealed PEF cards: an
// encounter never lists them, for it would print what the cards hold.
var sealedTables = []string{"pef-resolution", "contact-size", "creature-list", "creature-list-1", "creature-list-2-3",
	"creature-list-4-5", "creature-list-6", "pef-results", "how-many-grunts", "pef-entry-raid-defend",
	"pef-force-composition", "enemy-commander", "how-many-military", "how-many-insurgents"}

// TestEncounterTables checks, for an encounter of every type of the
// systems with PEFs, the tables it lists: the data's encounter-tables and
// the type's tables, what the procedure adds for the forces (Swordplay:
// Reaction Tests; 2d6 Sword & Sorcery: shooting and casting), each on the
// QRS in its order, and never a table Sortie rolled for the sealed cards.
func TestEncounterTables(t *testing.T) {
	for _, tc := range []struct {
		system, typ string
		opt         engine.Options
		want        []string // the data's, all listed
		extra       func(id string) bool
	}{
		{"2d6-sword-and-sorcery", "explore", engine.Options{}, turn2d6, battle2d6},
		{"2d6-sword-and-sorcery", "raid", engine.Options{Enemies: "orcs"}, turn2d6, battle2d6},
		{"2d6-sword-and-sorcery", "defend", engine.Options{Enemies: "creatures"}, turn2d6, battle2d6},
		{"swordplay", "patrol", engine.Options{}, append([]string{"turn-sequence", "leader-die", "movement", "star-power", "grunt-break-off", "pef-movement", "np-force-movement"}, turnSwordplay...), reaction},
		{"swordplay", "raid-attack", engine.Options{}, append([]string{"turn-sequence", "leader-die", "movement", "star-power", "grunt-break-off", "pef-movement", "np-force-movement", "building-defensive-values"}, turnSwordplay...), reaction},
		{"swordplay", "raid-defend", engine.Options{}, append([]string{"turn-sequence", "leader-die", "movement", "star-power", "grunt-break-off", "pef-movement", "np-force-movement", "building-defensive-values"}, turnSwordplay...), reaction},
		{"chain-reaction-3", "patrol", engine.Options{}, append([]string{"star-power", "building-collapse", "pef-movement", "np-force-movement"}, turnChainReaction...), nil},
	} {
		t.Run(tc.system+"/"+tc.typ, func(t *testing.T) {
			sys := builtin(t, tc.system)
			e := roll(t, sys, tc.typ, tc.opt)
			for _, id := range tc.want {
				if !slices.Contains(e.Tables, id) {
					t.Errorf("tables %q lack %s", e.Tables, id)
				}
			}
			extra := 0
			for _, id := range e.Tables {
				if slices.Contains(sealedTables, id) {
					t.Errorf("tables %q list %s, which Sortie rolled for the sealed cards", e.Tables, id)
				}
				if !slices.Contains(tc.want, id) {
					extra++
					if tc.extra == nil || !tc.extra(id) {
						t.Errorf("tables %q list %s, which neither the data nor the procedure names", e.Tables, id)
					}
				}
			}
			if tc.system == "swordplay" && extra == 0 {
				// Every figure has a Class, and so Reaction Tests.
				t.Errorf("tables %q: the procedure added no Reaction Tests", e.Tables)
			}
			onQRS(t, sys.Rules(), e.Tables)
		})
	}
}

// The tables every turn of a battle reads, whatever the forces, and the
// box of the turn's rules the book gives as prose (issue 38): every
// encounter lists them, so that its box of tables names them with their
// QRS pages.
var (
	turn2d6           = []string{"action", "charge", "melee", "will-to-fight", "out-of-the-fight"}
	turnSwordplay     = []string{"in-sight", "ranged-combat", "melee-combat", "active-figure", "facing-and-sight"}
	turnChainReaction = []string{"reaction-tests", "ranged-combat", "melee-combat", "firing-rules"}
)

// reaction reports a Swordplay Reaction Tests table.
func reaction(id string) bool { return strings.HasSuffix(id, "-reaction") }

// battle2d6 reports a 2d6 Sword & Sorcery battle table that depends on
// the forces.
func battle2d6(id string) bool {
	return slices.Contains([]string{"casting", "npc-spell-casting", "shooting", "shooting-damage"}, id)
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
// battlefield and sides rolled: Terrain Costs, Stream Crossing and
// Buildings exactly when the battlefield has them, Firing exactly when a
// figure carries a missile weapon.
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
		rough, buildings, fires := false, false, false
		for _, sd := range []twopage.Side{s.Player, s.Enemy} {
			for _, f := range sd.Figures {
				fires = fires || f.Weapon != nil
			}
		}
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
		if fires {
			want = append(want, "firing")
		}
		if buildings {
			want = append(want, "buildings")
		}
		if !slices.Equal(e.Tables, want) {
			t.Errorf("seed %s: tables = %q, want %q", seed, e.Tables, want)
		}
		onQRS(t, sys.Rules(), e.Tables)
	}
}
