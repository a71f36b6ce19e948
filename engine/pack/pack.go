// Package pack builds a scenario pack: a numbered run of pre-rolled
// encounters for one band, all from one seed. Unlike a campaign, a pack's
// encounters do not lead into each other; the player picks any of them.
package pack

import (
	"fmt"
	"strconv"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/dice"
)

// MaxEncounters bounds a pack's size.
const MaxEncounters = 200

// Pack is a pre-rolled scenario pack.
type Pack struct {
	System  string        `json:"system"`
	Seed    string        `json:"seed"`
	Band    *engine.Force `json:"band,omitempty"` // nil for a system that does not recruit
	Entries []*Entry      `json:"entries"`        // by number
}

// Entry is one encounter of the pack.
type Entry struct {
	Number    int               `json:"number"` // 1 first
	Type      string            `json:"type"`
	Encounter *engine.Encounter `json:"encounter"`
}

// Build rolls a pack for sys from seed: one encounter per element of
// types, in that order. The band is rolled from the stream "band" and
// entry N of type T from "pack/N/T", so changing one entry's type leaves
// the others' rolls alone.
func Build(sys engine.System, seed string, types []string, opt engine.Options) (*Pack, error) {
	if len(types) < 1 || len(types) > MaxEncounters {
		return nil, fmt.Errorf("pack of %d encounters: want 1 to %d", len(types), MaxEncounters)
	}
	enc, ok := sys.(engine.Encounterer)
	if !ok {
		return nil, fmt.Errorf("system %s has no encounter procedures", sys.Rules().System.ID)
	}
	root := dice.New(seed)
	p := &Pack{System: sys.Rules().System.ID, Seed: seed}
	if rec, ok := sys.(engine.Recruiter); ok {
		band, err := rec.Band(root.Stream("band"), opt)
		if err != nil {
			return nil, fmt.Errorf("failed to recruit the band: %w", err)
		}
		p.Band = band
	}
	for i, typ := range types {
		n := i + 1
		e, err := enc.Encounter(root.Stream("pack", strconv.Itoa(n), typ), engine.Request{Type: typ, Band: p.Band, Options: opt})
		if err != nil {
			return nil, fmt.Errorf("failed to roll encounter %d (%s): %w", n, typ, err)
		}
		p.Entries = append(p.Entries, &Entry{Number: n, Type: typ, Encounter: e})
	}
	return p, nil
}
