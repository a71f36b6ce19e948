// Command sortie-wasm is Sortie's engine built for the browser
// (GOOS=js GOARCH=wasm), for the site's Roll page: it puts one function,
// sortieRoll, on the page's global object, which rolls one encounter as
// "sortie encounter" does and draws it with the templates the site's
// encounter pages use. Built for any other system it only says so.
package main

import (
	"encoding/json"
	"fmt"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
	"github.com/sortie-wargames/sortie/generator/web"
)

// request is what the Roll page asks for: the flags of "sortie
// encounter", by the names a site's front matter gives the options.
type request struct {
	System   string `json:"system"`
	Type     string `json:"type"` // "" is the system's first encounter type
	Seed     string `json:"seed"`
	StarRep  int    `json:"star-rep"`
	Band     int    `json:"band"`
	Enemies  string `json:"enemies"`
	Recruits string `json:"recruits"`
	// Root is the site's root as seen from the page, for the links to
	// the Quick Reference Sheets ("../" from a page one folder down).
	Root string `json:"root"`
}

// answer is what the page gets back.
type answer struct {
	Title   string `json:"title,omitempty"`
	Summary string `json:"summary,omitempty"`
	Stream  string `json:"stream,omitempty"`
	HTML    string `json:"html,omitempty"`
	Error   string `json:"error,omitempty"`
}

// roller holds the built-in systems and the templates, loaded once.
type roller struct {
	reg *engine.Registry
	ro  *web.Rolled
}

func newRoller() (*roller, error) {
	reg, err := generator.LoadSystems("", systems.Builtin())
	if err != nil {
		return nil, err
	}
	ro, err := web.NewRolled()
	if err != nil {
		return nil, err
	}
	return &roller{reg: reg, ro: ro}, nil
}

// roll answers one request, given as JSON.
func (r *roller) roll(q []byte) answer {
	var req request
	if err := json.Unmarshal(q, &req); err != nil {
		return answer{Error: fmt.Sprintf("failed to read the request: %v", err)}
	}
	sys, err := r.reg.Get(req.System)
	if err != nil {
		return answer{Error: err.Error()}
	}
	opt := engine.Options{StarRep: req.StarRep, BandSize: req.Band, Enemies: req.Enemies, Recruits: req.Recruits}
	one, err := generator.Encounter(sys, req.Seed, req.Type, opt)
	if err != nil {
		return answer{Error: err.Error()}
	}
	html, err := r.ro.Encounter(sys.Rules(), one.Band, one.Encounter, req.Root)
	if err != nil {
		return answer{Error: err.Error()}
	}
	e := one.Encounter
	return answer{Title: e.Title, Summary: e.Summary, Stream: e.Stream, HTML: string(html)}
}
