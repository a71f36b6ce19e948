// Package systems lists the rule systems whose books have procedures in
// Sortie: one Builder per system package. The loader is handed this list
// explicitly; a system folder of data with no entry here still loads, as
// data only (its tables print as Quick Reference Sheets). Adding a system
// with procedures is its data, its package, and one line here.
package systems

import (
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/chainreaction"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/swordplay"
	"github.com/sortie-wargames/sortie/engine/swordsorcery"
	"github.com/sortie-wargames/sortie/engine/swordspear"
	"github.com/sortie-wargames/sortie/engine/twopage"
)

// Builtin returns the builders of every system Sortie has procedures for.
func Builtin() []engine.Builder {
	return []engine.Builder{
		{ID: swordsorcery.ID, New: func(s *rules.Set) (engine.System, error) { return swordsorcery.New(s) }},
		{ID: swordplay.ID, New: func(s *rules.Set) (engine.System, error) { return swordplay.New(s) }},
		{ID: chainreaction.ID, New: func(s *rules.Set) (engine.System, error) { return chainreaction.New(s) }},
		{ID: swordspear.ID, New: func(s *rules.Set) (engine.System, error) { return swordspear.New(s) }},
		{ID: twopage.ID, New: func(s *rules.Set) (engine.System, error) { return twopage.New(s) }},
	}
}
