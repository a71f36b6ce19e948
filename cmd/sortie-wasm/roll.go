// Command sortie-wasm is Sortie's engine built for the browser
// (GOOS=js GOARCH=wasm), for the site's Roll page: it puts three
// functions on the page's global object: sortieRoll, which rolls one
// encounter as "sortie encounter" does (or one month of a site's monthly
// series, as its month page does) and draws it with the templates the
// site's encounter pages use; sortieSheet, which prints that encounter's
// play sheet with the code "sortie build" prints play sheets with; and
// sortieCampaign, which rolls a campaign's next chapter from the
// player's campaign file with the call "sortie campaign --continue"
// makes (campaign.go). Built for any other system it only says so.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/series"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
	"github.com/sortie-wargames/sortie/generator/web"
)

// request is what the Roll page asks for: the flags of "sortie
// encounter", by the names a site's front matter gives the options, or
// a month of a monthly series.
type request struct {
	System   string `json:"system"`
	Type     string `json:"type"` // "" is the system's first encounter type
	Seed     string `json:"seed"`
	StarRep  int    `json:"star-rep"`
	Band     int    `json:"band"`
	Enemies  string `json:"enemies"`
	Recruits string `json:"recruits"`
	// Series, when set, rolls Month of a site's monthly series instead:
	// System and Seed are the series', and Type, StarRep, Band, Enemies
	// and Recruits unused.
	Series *generator.RollSeries `json:"series,omitempty"`
	Month  string                `json:"month,omitempty"`
	// Root is the site's root as seen from the page, for the links to
	// the Quick Reference Sheets ("../" from a page one folder down).
	Root string `json:"root"`
	// For sortieSheet: the paper ("a4" or "letter") and the date the PDF
	// carries, in seconds since 1970 (the site's build's date, never the
	// clock).
	Paper   string `json:"paper,omitempty"`
	Created int64  `json:"created,omitempty"`
}

// answer is what the page gets back.
type answer struct {
	Title   string `json:"title,omitempty"`
	Summary string `json:"summary,omitempty"`
	Stream  string `json:"stream,omitempty"`
	HTML    string `json:"html,omitempty"`
	// Sheet is the play sheet's file name, for sortieSheet's answer,
	// and PDF its bytes (base64 in JSON).
	Sheet string `json:"sheet,omitempty"`
	PDF   []byte `json:"pdf,omitempty"`
	Error string `json:"error,omitempty"`
}

// roller holds the built-in systems and the templates, loaded once.
type roller struct {
	reg     *engine.Registry
	ro      *web.Rolled
	version string // printed in the play sheet's footer
}

// newRoller loads the built-in systems overlaid by a site's own rule
// files (over, as generator.SiteRules gives them; nil for none), as the
// site's build loads them.
func newRoller(version string, over map[string]string) (*roller, error) {
	reg, err := generator.LoadSystemsOver(over, systems.Builtin())
	if err != nil {
		return nil, err
	}
	ro, err := web.NewRolled()
	if err != nil {
		return nil, err
	}
	return &roller{reg: reg, ro: ro, version: version}, nil
}

// rolled is one request's encounter.
func (r *roller) rolled(req request) (*generator.Rolled, error) {
	if req.Series != nil {
		m, err := series.ParseMonth(req.Month)
		if err != nil {
			return nil, fmt.Errorf("month %q: %w", req.Month, err)
		}
		return generator.RollMonth(r.reg, *req.Series, m)
	}
	opt := engine.Options{StarRep: req.StarRep, BandSize: req.Band, Enemies: req.Enemies, Recruits: req.Recruits}
	one, err := generator.RollOne(r.reg, req.System, req.Seed, req.Type, opt)
	if errors.Is(err, generator.ErrEmptySeed) {
		return nil, fmt.Errorf("%w: type one, or press New seed for a random one (the CLI refuses an empty --seed too)", err)
	}
	return one, err
}

// decode reads a request given as JSON.
func decode(q []byte) (request, error) {
	var req request
	if err := json.Unmarshal(q, &req); err != nil {
		return req, fmt.Errorf("failed to read the request: %w", err)
	}
	return req, nil
}

// roll answers one request, given as JSON: the encounter, drawn.
func (r *roller) roll(q []byte) answer {
	req, err := decode(q)
	if err != nil {
		return answer{Error: err.Error()}
	}
	one, err := r.rolled(req)
	if err != nil {
		return answer{Error: err.Error()}
	}
	html, err := r.ro.Encounter(one.System.Rules(), one.Band, one.Encounter, req.Root)
	if err != nil {
		return answer{Error: err.Error()}
	}
	e := one.Encounter
	return answer{Title: e.Title, Summary: e.Summary, Stream: e.Stream, HTML: string(html), Sheet: one.SheetName(req.Paper)}
}

// sheet answers one request, given as JSON: the encounter's play sheet.
func (r *roller) sheet(q []byte) answer {
	req, err := decode(q)
	if err != nil {
		return answer{Error: err.Error()}
	}
	if req.Paper == "" {
		return answer{Error: "no paper: want a4 or letter"}
	}
	one, err := r.rolled(req)
	if err != nil {
		return answer{Error: err.Error()}
	}
	pdf, err := one.PlaySheet(req.Paper, time.Unix(req.Created, 0).UTC(), r.version)
	if err != nil {
		return answer{Error: err.Error()}
	}
	return answer{Title: one.Encounter.Title, Sheet: one.SheetName(req.Paper), PDF: pdf}
}
