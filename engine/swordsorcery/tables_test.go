package swordsorcery

import (
	"slices"
	"testing"
)

// TestPlayTables checks the battle tables an encounter lists for its
// forces: Shooting and Shooting Damage for a Missile on either side,
// Casting for a Caster, NPC Spell Casting only for an enemy Caster, and
// nothing for a side whose figures are sealed (creatures).
func TestPlayTables(t *testing.T) {
	melee, missile, caster := Figure{Class: "Melee"}, Figure{Class: "Missile"}, Figure{Class: "Caster"}
	for _, tc := range []struct {
		name        string
		band, enemy []Figure
		want        []string
	}{
		{"melee only", []Figure{melee}, []Figure{melee}, nil},
		{"band shoots", []Figure{melee, missile}, []Figure{melee}, []string{"shooting", "shooting-damage"}},
		{"enemy shoots", []Figure{melee}, []Figure{missile}, []string{"shooting", "shooting-damage"}},
		{"band casts", []Figure{caster}, []Figure{melee}, []string{"casting"}},
		{"enemy casts", []Figure{melee}, []Figure{caster}, []string{"casting", "npc-spell-casting"}},
		{"creatures", []Figure{melee}, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := playTables(&Encounter{Band: &Band{Figures: tc.band}, Enemies: Enemies{Roster: tc.enemy}})
			slices.Sort(got)
			got = slices.Compact(got)
			want := slices.Clone(tc.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("tables = %q, want %q", got, want)
			}
		})
	}
}
