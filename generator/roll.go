package generator

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/series"
	"github.com/sortie-wargames/sortie/generator/booklet"
	"github.com/sortie-wargames/sortie/generator/output"
	"github.com/sortie-wargames/sortie/generator/pwa"
	"github.com/sortie-wargames/sortie/generator/site"
	"github.com/sortie-wargames/sortie/generator/web"
)

// The Roll page (roll/index.html): a form that rolls any seed of any
// built-in system, or any month of the site's monthly series, in the
// player's browser, with the engine built for WebAssembly
// (cmd/sortie-wasm). The build does not compile it: the caller hands it
// over (Options.Roll), and a build without it has no Roll page. What the
// page rolls and prints is what RollOne, RollMonth and Rolled.PlaySheet
// give here, the same code compiled for the browser.

// RollEngine is the Roll page's engine: cmd/sortie-wasm built for
// GOOS=js GOARCH=wasm, and the wasm_exec.js of the Go that built it,
// which loads it.
type RollEngine struct {
	Wasm   []byte
	Loader []byte
}

// RollSeries is a monthly series as the Roll page hands it to the
// engine: what its months are rolled from.
type RollSeries struct {
	Slug    string         `json:"slug"`
	Title   string         `json:"title"`
	System  string         `json:"system"`
	Seed    string         `json:"seed"`
	Types   []string       `json:"types"`
	Start   string         `json:"start"`
	Options engine.Options `json:"options"`
	// Latest is the month the site was built up to: a later month is not
	// out yet, on the Roll page as on the series' pages. "" rolls any.
	Latest string `json:"latest,omitempty"`
}

func (s RollSeries) options() engine.Options { return s.Options }

// rollSeriesOf is a series of the site as the Roll page carries it.
func rollSeriesOf(def *site.Series, latest series.Month) RollSeries {
	s := RollSeries{Slug: def.Slug, Title: def.Title, System: def.System, Seed: def.Seed, Types: def.Types, Start: def.Start.String(), Options: def.Options}
	if latest != 0 {
		s.Latest = latest.String()
	}
	return s
}

// Rolled is one encounter rolled for the Roll page or "sortie encounter":
// the system, the band and the encounter, and, for a series' month, what
// its play sheet says it is.
type Rolled struct {
	System engine.System
	OneEncounter
	sheet  booklet.Sheet // Title, Label and Tagline
	series string        // the series' slug, "" for one encounter
	month  series.Month
}

// RollOne rolls one encounter as "sortie encounter" does.
func RollOne(reg *engine.Registry, system, seed, typ string, opt engine.Options) (*Rolled, error) {
	if err := CheckSeed(seed); err != nil {
		return nil, err
	}
	sys, err := reg.Get(system)
	if err != nil {
		return nil, err
	}
	one, err := Encounter(sys, seed, typ, opt)
	if err != nil {
		return nil, err
	}
	return &Rolled{System: sys, OneEncounter: *one}, nil
}

// RollMonth rolls month m of a monthly series as the series' month page
// does.
func RollMonth(reg *engine.Registry, s RollSeries, m series.Month) (*Rolled, error) {
	sys, err := reg.Get(s.System)
	if err != nil {
		return nil, err
	}
	start, err := series.ParseMonth(s.Start)
	if err != nil {
		return nil, fmt.Errorf("series %s: start: %w", s.Slug, err)
	}
	if len(s.Types) == 0 {
		return nil, fmt.Errorf("series %s: no encounter types", s.Slug)
	}
	if s.Latest != "" {
		latest, err := series.ParseMonth(s.Latest)
		if err != nil {
			return nil, fmt.Errorf("series %s: latest: %w", s.Slug, err)
		}
		if m > latest {
			return nil, fmt.Errorf("%s is not out yet: this site's %s runs to %s, the month it was built for; each month's encounter comes with the site built for that month", m.Title(), s.Title, latest.Title())
		}
	}
	band, err := series.Band(sys, s.Seed, s.options())
	if err != nil {
		return nil, err
	}
	e, err := series.One(sys, s.Seed, s.Types, start, m, band, s.options())
	if err != nil {
		return nil, err
	}
	return &Rolled{
		System: sys, OneEncounter: OneEncounter{Version: engine.Version, Band: band, Encounter: e.Encounter},
		sheet: monthSheetOf(s.Title, e), series: s.Slug, month: m,
	}, nil
}

// monthSheetOf is what a month's play sheet says it is, as the site's
// own sheet of that month says (monthSheet).
func monthSheetOf(title string, e *series.Entry) booklet.Sheet {
	return booklet.Sheet{Title: title, Label: e.Month.Title(), Tagline: "Month " + strconv.Itoa(e.Number)}
}

// PlaySheet prints the encounter's play sheet on paper ("a4" or
// "letter"), dated created and signed version, in Sortie's own type:
// the same bytes wherever it runs.
func (r *Rolled) PlaySheet(paper string, created time.Time, version string) ([]byte, error) {
	s := r.sheet
	s.Set, s.Encounter, s.Band = r.System.Rules(), r.Encounter, r.Band
	var b bytes.Buffer
	if err := booklet.WriteSheet(&b, s, booklet.Options{Paper: paper, Created: created.UTC(), Version: version}); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// SheetName is the play sheet's file name on paper: the series and
// month ("encounter-of-the-month-2026-11-a4.pdf"), else the system,
// encounter type and seed ("mysystem-patrol-goblin-hill-a4.pdf").
func (r *Rolled) SheetName(paper string) string {
	name := r.series + "-" + r.month.String()
	if r.series == "" {
		name = r.System.Rules().System.ID + "-" + r.Encounter.Type + "-" + site.Slug(r.Encounter.Seed)
	}
	if paper != "" {
		name += "-" + paper
	}
	return strings.TrimSuffix(name, "-") + ".pdf"
}

// rollForm is the Roll page's form for the build (RollForm); nil when
// it would offer nothing (every system's data the site's own).
func (b *builder) rollForm() (*web.RollForm, error) {
	f, err := RollForm(b.reg, b.site.Series, b.opt.Month)
	if err != nil || len(f.Systems)+len(f.Series) == 0 {
		return nil, err
	}
	f.Created, f.Version = b.bopt.Created.Unix(), b.version
	return f, nil
}

// RollForm is what the Roll page offers, for a site's systems (reg) and
// monthly series built up to month (YYYY-MM; "" for their start): every
// system that rolls encounters, with the site's own rule data (the page's
// engine loads it too, from roll/rules.json), each with its encounter
// types and the options it takes, and the series.
func RollForm(reg *engine.Registry, all []*site.Series, month string) (*web.RollForm, error) {
	f := &web.RollForm{}
	usable := map[string]bool{}
	for _, id := range reg.IDs() {
		sys, _ := reg.Get(id)
		if _, ok := sys.(engine.Encounterer); !ok {
			continue
		}
		usable[id] = true
		f.Systems = append(f.Systems, rollSystem(sys))
	}
	for _, def := range all {
		if !usable[def.System] {
			continue
		}
		sys, _ := reg.Get(def.System)
		latest := def.Start
		built, err := series.ParseMonth(month)
		if err == nil && built > latest {
			latest = built
		}
		data, err := json.Marshal(rollSeriesOf(def, latest))
		if err != nil {
			return nil, fmt.Errorf("failed to write the Roll page: %w", err)
		}
		f.Series = append(f.Series, web.RollSeries{Slug: def.Slug, Title: def.Title, SystemName: sys.Rules().System.Name,
			Start: def.Start.String(), Latest: latest.String(), Data: string(data)})
	}
	return f, nil
}

// rollSystem is one system's part of the Roll page's form.
func rollSystem(sys engine.System) web.RollSystem {
	set := sys.Rules()
	rs := web.RollSystem{ID: set.System.ID, Name: set.System.Name}
	for _, e := range set.Encounters {
		rs.Types = append(rs.Types, web.Choice{ID: e.ID, Label: e.Title})
	}
	rs.Rep, rs.Band = engine.TakesOptions(sys)
	enemies, recruits := Sources(sys)
	for _, id := range enemies {
		rs.Enemies = append(rs.Enemies, choice(sys, id))
	}
	for _, id := range recruits {
		rs.Recruits = append(rs.Recruits, choice(sys, id))
	}
	return rs
}

// Sources returns the ids a system's --enemies and --recruits take, in
// the system's order.
func Sources(sys engine.System) (enemies, recruits []string) {
	es, ok := sys.(engine.EnemySourcer)
	if !ok {
		return nil, nil
	}
	oc, _ := sys.(engine.OptionChecker)
	for _, id := range es.EnemySources() {
		if oc == nil || oc.CheckOptions(engine.Options{Enemies: id}) == nil {
			enemies = append(enemies, id)
		}
		if oc != nil && oc.CheckOptions(engine.Options{Recruits: id}) == nil {
			recruits = append(recruits, id)
		}
	}
	return enemies, recruits
}

// sourceWhat says what the enemy sources that are not a table of the
// system's data stand for.
var sourceWhat = map[string]string{
	"creatures": "a creature list, rolled for each contact",
	"rolled":    "rolled on the book's table, as when the option is left out",
}

// SourceTitle names one of the ids --enemies and --recruits take: its
// table's title, or what it stands for; "" when neither is known.
func SourceTitle(sys engine.System, id string) string {
	if t := sys.Rules().Table(id); t != nil {
		return t.Title
	}
	return sourceWhat[id]
}

// choice is a source as the form offers it: its title, else its id.
func choice(sys engine.System, id string) web.Choice {
	return web.Choice{ID: id, Label: cmp.Or(SourceTitle(sys, id), id)}
}

// rollFiles are the Roll page's files besides the page: the engine, its
// loader, the page's script and style, and the site's own rule files
// (rules, as SiteRules gives them) for the engine to load.
func rollFiles(e *RollEngine, rules map[string]string) ([]output.File, error) {
	if rules == nil {
		rules = map[string]string{}
	}
	js, err := json.Marshal(rules) // keys sorted: the same bytes every build
	if err != nil {
		return nil, fmt.Errorf("failed to write the Roll page's rules: %w", err)
	}
	var out []output.File
	for _, f := range pwa.RollFiles(e.Wasm, e.Loader, js) {
		out = append(out, output.File{Path: f.Path, Data: f.Data})
	}
	slices.SortFunc(out, func(a, b output.File) int { return strings.Compare(a.Path, b.Path) })
	return out, nil
}

// ErrEmptySeed is CheckSeed's error for an empty seed: each client says
// its own way to get a random one.
var ErrEmptySeed = errors.New("seed is empty")

// CheckSeed refuses a seed that could not be printed and typed back in:
// an empty one, one that is not UTF-8 text, one holding a control
// character. The CLI and the Roll page refuse the same seeds.
func CheckSeed(s string) error {
	if s == "" {
		return ErrEmptySeed
	}
	if !utf8.ValidString(s) {
		return errors.New("seed is not UTF-8 text")
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return fmt.Errorf("seed %q holds a control character: use printable text", s)
		}
	}
	return nil
}
