// Package generator is Sortie's build: it loads rule-system data (the
// embedded defaults, overlaid by a user's site), asks the engine for
// encounters and campaigns, and renders them. The CLI is one client of it.
package generator

import (
	"fmt"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/dice"
)

// Version is Sortie's version, printed by "sortie version" and in output
// footers so any page can be regenerated.
const Version = "0.2.0"

// OneEncounter is a single encounter and the band it was rolled for, as
// "sortie encounter" prints it.
type OneEncounter struct {
	Version   int               `json:"version"` // engine.Version, the JSON form's version (docs/json.md)
	Band      *engine.Force     `json:"band,omitempty"`
	Encounter *engine.Encounter `json:"encounter"`
}

// Encounter rolls one encounter of type typ (the system's first when
// empty) from seed: the band from the stream "band", the encounter from
// "encounter/TYPE", so each type has its own dice.
func Encounter(sys engine.System, seed, typ string, opt engine.Options) (*OneEncounter, error) {
	enc, ok := sys.(engine.Encounterer)
	if !ok {
		return nil, fmt.Errorf("system %s has data only: it rolls no encounters", sys.Rules().System.ID)
	}
	if typ == "" {
		typ = sys.Rules().System.First
	}
	root := dice.New(seed)
	one := &OneEncounter{Version: engine.Version}
	if rec, ok := sys.(engine.Recruiter); ok {
		band, err := rec.Band(root.Stream("band"), opt)
		if err != nil {
			return nil, fmt.Errorf("failed to recruit the band: %w", err)
		}
		one.Band = band
	}
	e, err := enc.Encounter(root.Stream("encounter", typ), engine.Request{Type: typ, Band: one.Band, Options: opt})
	if err != nil {
		return nil, fmt.Errorf("failed to roll the encounter: %w", err)
	}
	one.Encounter = e
	return one, nil
}
