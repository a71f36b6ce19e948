package site_test

import (
	"errors"
	"fmt"
	"github.com/sortie-wargames/sortie/engine/systems"
	"io/fs"
	"maps"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/generator/site"
)

const systemID = "2d6-sword-and-sorcery"

var (
	regOnce sync.Once
	regVal  *engine.Registry
	regErr  error
)

// registry builds the rule systems from the embedded data the way the
// generator does (rules.Parse + rules.Assemble via rules.Load, then the
// engine procedures), without importing package generator.
func registry(tb testing.TB) *engine.Registry {
	tb.Helper()
	regOnce.Do(func() {
		reg := engine.NewRegistry()
		dirs, err := fs.ReadDir(content.FS, "systems")
		if err != nil {
			regErr = err
			return
		}
		for _, d := range dirs {
			sub, err := fs.Sub(content.FS, "systems/"+d.Name())
			if err != nil {
				regErr = err
				return
			}
			set, err := rules.Load(sub, "content/systems/"+d.Name())
			if err != nil {
				regErr = err
				return
			}
			// A system with procedures gets them; any other is data only.
			var sys engine.System = engine.Data{Set: set}
			for _, b := range systems.Builtin() {
				if b.ID == d.Name() {
					if sys, err = b.New(set); err != nil {
						regErr = err
						return
					}
				}
			}
			if err := reg.Add(sys); err != nil {
				regErr = err
				return
			}
		}
		regVal = reg
	})
	if regErr != nil {
		tb.Fatalf("building the rule systems: %v", regErr)
	}
	return regVal
}

// testConf is the config of every inline site unless a test gives its own.
const testConf = "title: Test Site\n"

// siteFS makes a site directory: sortie.conf beside content/. Keys are
// paths inside the site; a sortie.conf key overrides the default config.
func siteFS(files map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{site.ConfigFile: {Data: []byte(testConf)}}
	for name, data := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(data)}
	}
	return fsys
}

// load loads an inline site laid out as a site directory (dir "content",
// no prefix), so files are named "content/packs/x.md" in messages.
func load(t *testing.T, files map[string]string) (*site.Site, error) {
	t.Helper()
	return site.Load(siteFS(files), site.ConfigFile, "content", "", registry(t))
}

func mustLoad(t *testing.T, files map[string]string) *site.Site {
	t.Helper()
	s, err := load(t, files)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return s
}

// front builds a Markdown file: "---" on line 1, then one front matter
// line per argument (lines 2, 3, ...), then "---" and a body.
func front(lines ...string) string {
	return "---\n" + strings.Join(lines, "\n") + "\n---\nBody text.\n"
}

// packFile is a valid pack: title on line 2, system on 3,
// seed on 4, encounters on 5. Extra lines start at line 6.
func packFile(extra ...string) string {
	return front(slices.Concat([]string{
		"title: A Pack",
		"system: " + systemID,
		"seed: seed-1",
		"encounters: explore 2",
	}, extra)...)
}

// campaignFile is a valid campaign: title 2, system 3, seed 4, steps 5.
func campaignFile(extra ...string) string {
	return front(slices.Concat([]string{
		"title: A Campaign",
		"system: " + systemID,
		"seed: seed-1",
		"steps: 3",
	}, extra)...)
}

const (
	knownPageKeys     = "title, slug, summary, weight, draft"
	knownPackKeys     = "title, slug, summary, weight, draft, system, seed, encounters, date, tags, star-rep, band, enemies, recruits"
	knownCampaignKeys = "title, slug, summary, weight, draft, system, seed, steps, continue, date, tags, star-rep, band, enemies, recruits"
)

// errLines splits a (possibly joined) error into its messages.
func errLines(err error) []string {
	if err == nil {
		return nil
	}
	return strings.Split(err.Error(), "\n")
}

func TestDefaultSite(t *testing.T) {
	reg := registry(t)
	s, err := site.Load(content.FS, site.ConfigFile, ".", "content/", reg)
	if err != nil {
		t.Fatalf("the embedded default site does not load: %v", err)
	}
	if s.Title != "Sortie" {
		t.Errorf("Title = %q, want Sortie", s.Title)
	}
	if !strings.HasPrefix(s.Tagline, "Pre-rolled encounters") {
		t.Errorf("Tagline = %q", s.Tagline)
	}
	if want := []string{"a4", "letter"}; !slices.Equal(s.Papers, want) {
		t.Errorf("Papers = %q, want %q", s.Papers, want)
	}

	if s.Home == nil {
		t.Fatal("Home is nil")
	}
	if s.Home.Title != "Sortie" || s.Home.File != "content/index.md" || s.Home.BodyLine != 4 {
		t.Errorf("Home = title %q file %q body line %d, want Sortie, content/index.md, 4", s.Home.Title, s.Home.File, s.Home.BodyLine)
	}
	if !strings.HasPrefix(string(s.Home.Body), "Solo wargames start") {
		t.Errorf("Home.Body starts %q", firstLine(s.Home.Body))
	}

	if len(s.Pages) == 0 {
		t.Fatal("no pages")
	}
	var table *site.Page
	for _, p := range s.Pages {
		if p.Title == "" || p.Slug == "" || !strings.HasPrefix(p.File, "content/pages/") {
			t.Errorf("page %+v: want a title, a slug and a file under content/pages/", p)
		}
		if p.Slug == "at-the-table" {
			table = p
		}
	}
	if table == nil {
		t.Fatal("no at-the-table page")
	}
	if table.Title != "Playing from Sortie" || table.File != "content/pages/at-the-table.md" || table.BodyLine != 5 {
		t.Errorf("at-the-table = title %q file %q body line %d", table.Title, table.File, table.BodyLine)
	}
	if table.Summary == "" {
		t.Error("at-the-table has no summary")
	}

	if len(s.Packs) != 7 {
		t.Fatalf("%d packs, want 7", len(s.Packs))
	}
	for i, want := range []engine.Options{{Recruits: "military", Enemies: "insurgents"}, {Recruits: "police", Enemies: "gang"}} {
		if cr := s.Packs[3+i]; cr.System != "chain-reaction-3" || cr.Options != want {
			t.Errorf("Chain Reaction pack %d = %+v %+v", i+1, cr.Page, cr.Options)
		}
	}
	if sp := s.Packs[2]; sp.System != "swordplay" || sp.Options != (engine.Options{Enemies: "orcs", Recruits: "northmen"}) || len(sp.Types) != 6 {
		t.Errorf("Swordplay pack = %+v %+v", sp.Page, sp.Options)
	}
	pk := s.Packs[0]
	wantTypes := []string{"explore", "explore", "explore", "raid", "raid", "raid", "defend", "defend", "defend"}
	if !slices.Equal(pk.Types, wantTypes) {
		t.Errorf("pack types = %q, want %q", pk.Types, wantTypes)
	}
	if pk.Slug != "marsh-and-ruin" || pk.Title != "Marsh and Ruin" || pk.System != systemID ||
		pk.Seed != "sortie-default-pack-1" || pk.Weight != 1 || pk.File != "content/packs/marsh-and-ruin.md" || pk.BodyLine != 12 || pk.Date.Format(time.DateOnly) != "2026-11-22" ||
		!slices.Equal(pk.Tags, []string{"creatures", "one-evening"}) {
		t.Errorf("pack = %+v", pk.Page)
	}
	if pk.Options != (engine.Options{Enemies: "creatures"}) {
		t.Errorf("pack options = %+v, want the creature lists", pk.Options)
	}
	if !strings.HasPrefix(string(pk.Body), "Nine stand-alone encounters") {
		t.Errorf("pack body starts %q", firstLine(pk.Body))
	}

	if len(s.Campaigns) != 2 {
		t.Fatalf("%d campaigns, want 2", len(s.Campaigns))
	}
	if sc := s.Campaigns[1]; sc.System != "swordplay" || sc.Steps != 6 {
		t.Errorf("Swordplay campaign = %+v steps %d", sc.Page, sc.Steps)
	}
	c := s.Campaigns[0]
	if c.Steps != 12 || c.Slug != "the-long-road" || c.Title != "The Long Road" || c.System != systemID ||
		c.Seed != "sortie-default-campaign-1" || c.File != "content/campaigns/the-long-road.md" {
		t.Errorf("campaign = %+v steps %d", c.Page, c.Steps)
	}

	if len(s.Systems) != 5 {
		t.Fatalf("%d system pages, want 5", len(s.Systems))
	}
	sp := s.Systems[0]
	if sp.Slug != systemID || sp.Title != "2d6 Sword & Sorcery" || sp.File != "content/systems/"+systemID+"/index.md" {
		t.Errorf("system page = slug %q title %q file %q", sp.Slug, sp.Title, sp.File)
	}

	// Loading is deterministic.
	again, err := site.Load(content.FS, site.ConfigFile, ".", "content/", reg)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(slugs(again.Pages)) != fmt.Sprint(slugs(s.Pages)) {
		t.Errorf("second load: pages %v, first %v", slugs(again.Pages), slugs(s.Pages))
	}
}

func firstLine(b []byte) string {
	line, _, _ := strings.Cut(string(b), "\n")
	return line
}

func slugs(ps []*site.Page) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Slug)
	}
	return out
}

func packSlugs(ps []*site.Pack) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Slug)
	}
	return out
}

func campaignSlugs(cs []*site.Campaign) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Slug)
	}
	return out
}

// TestMinimalSite: a config alone is a site; the home page falls back to
// the site's title and the system intro is optional.
func TestMinimalSite(t *testing.T) {
	s := mustLoad(t, nil)
	if s.Title != "Test Site" || s.Tagline != "" || !slices.Equal(s.Papers, []string{"a4", "letter"}) {
		t.Errorf("site = %q %q %q", s.Title, s.Tagline, s.Papers)
	}
	if s.Home == nil || s.Home.Title != "Test Site" || s.Home.File != "content/index.md" {
		t.Errorf("Home = %+v, want a page titled Test Site for content/index.md", s.Home)
	}
	if len(s.Pages)+len(s.Packs)+len(s.Campaigns)+len(s.Systems) != 0 {
		t.Errorf("empty site has content: %d pages, %d packs, %d campaigns, %d systems", len(s.Pages), len(s.Packs), len(s.Campaigns), len(s.Systems))
	}

	// A home page without a title takes the site's.
	s = mustLoad(t, map[string]string{"content/index.md": "---\nsummary: hi\n---\nWelcome\n"})
	if s.Home.Title != "Test Site" || s.Home.Summary != "hi" || string(s.Home.Body) != "Welcome\n" || s.Home.BodyLine != 4 {
		t.Errorf("Home = %+v", s.Home)
	}
}

// TestPrefix: prefix is put before every path in messages and in File.
func TestPrefix(t *testing.T) {
	fsys := siteFS(map[string]string{
		"content/pages/about.md": front("title: About"),
	})
	s, err := site.Load(fsys, site.ConfigFile, "content", "my-site/", registry(t))
	if err != nil {
		t.Fatal(err)
	}
	if s.Pages[0].File != "my-site/content/pages/about.md" {
		t.Errorf("File = %q", s.Pages[0].File)
	}
	fsys["content/pages/about.md"] = &fstest.MapFile{Data: []byte(front("colour: red"))}
	fsys[site.ConfigFile] = &fstest.MapFile{Data: []byte("title: T\npaper: legal\n")}
	_, err = site.Load(fsys, site.ConfigFile, "content", "my-site/", registry(t))
	got := errLines(err)
	want := []string{
		`my-site/sortie.conf:2: paper "legal": want a4 or letter, or none`,
		`my-site/content/pages/about.md:2: unknown key "colour" (known: ` + knownPageKeys + `)`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestErrors checks that each mistake is reported alone, as exactly
// "file:line: message" (or "file: message" where no line applies).
func TestErrors(t *testing.T) {
	long := strings.Repeat("a", 65)
	tests := []struct {
		name  string
		files map[string]string
		want  string
	}{
		// Front matter syntax.
		{"unknown key in page",
			map[string]string{"content/pages/p.md": front("title: P", "colour: red")},
			`content/pages/p.md:3: unknown key "colour" (known: ` + knownPageKeys + `)`},
		{"unknown key in pack",
			map[string]string{"content/packs/x.md": packFile("difficulty: hard")},
			`content/packs/x.md:6: unknown key "difficulty" (known: ` + knownPackKeys + `)`},
		{"unknown key in campaign",
			map[string]string{"content/campaigns/c.md": campaignFile("encounters: explore")},
			`content/campaigns/c.md:6: unknown key "encounters" (known: ` + knownCampaignKeys + `): packs (content/packs/) and series (content/series/) take encounters:; a campaign takes steps:`},
		{"keys are case sensitive",
			map[string]string{"content/pages/p.md": front("Title: P")},
			`content/pages/p.md:2: unknown key "Title" (known: ` + knownPageKeys + `)`},
		{"key given twice",
			map[string]string{"content/pages/p.md": front("title: P", "summary: s", "", "title: Q")},
			`content/pages/p.md:5: title given twice (first on line 2)`},
		{"key given twice, even empty",
			map[string]string{"content/packs/x.md": packFile("seed:")},
			`content/packs/x.md:6: seed given twice (first on line 4)`},
		{"line without colon",
			map[string]string{"content/pages/p.md": front("title: P", "just some words")},
			`content/pages/p.md:3: "just some words": want key: value`},
		{"key with a space",
			map[string]string{"content/pages/p.md": front("my title: P")},
			`content/pages/p.md:2: unknown key "my title" (known: title, slug, summary, weight, draft)`},
		{"YAML it cannot read",
			map[string]string{"content/pages/p.md": front("title: P", "summary:", "  - a", "  b: c")},
			`content/pages/p.md:5: not valid YAML: did not find expected '-' indicator (quote a value holding ": ", " #" or starting with [ { * & ! | > @ or a backtick)`},
		{"a flat line YAML refuses is read as before",
			map[string]string{"content/pages/p.md": front("title: P", "summary: [open", "weight: x")},
			`content/pages/p.md:4: weight "x": want a whole number from -1000 to 1000`},
		{"a quote never closed",
			map[string]string{"content/pages/p.md": front(`title: "Orc Border`, "summary: s")},
			`content/pages/p.md:2: title: the value opens a quote (") it never closes: close it at the end of the value, or drop it`},
		{"a single quote never closed",
			map[string]string{"content/pages/p.md": front("title: P", "summary: 'Raids in the north", "weight: 2")},
			`content/pages/p.md:3: summary: the value opens a quote (') it never closes: close it at the end of the value, or drop it`},
		{"a quoted value closed on a later line is read, and the error is where it is",
			map[string]string{"content/pages/p.md": front("title: P", `summary: "Raids`, `  in the north"`, "weight: x")},
			`content/pages/p.md:5: weight "x": want a whole number from -1000 to 1000`},
		{"a Hugo shortcode",
			map[string]string{"content/pages/p.md": front("title: P") + "Fine.\n\n```\n{{< shown >}}\n```\n\nAlso `{{% shown %}}` and\n{{< figure src=\"x.png\" >}}\n"},
			`content/pages/p.md:12: {{< figure src="x.png" >}}: a Hugo shortcode, which Sortie does not have: it would print as written. Write it in Markdown (an image: ![what it shows](../img/map.png), with the file in static/img/), or put it in ` + "`backticks`" + ` to show it as code`},
		{"a list where one value is wanted",
			map[string]string{"content/pages/p.md": front("title: [a, b]")},
			`content/pages/p.md:2: title: want one value, not a list`},
		{"a nested mapping",
			map[string]string{"content/pages/p.md": front("title: P", "summary:", "  a: b")},
			`content/pages/p.md:4: summary: want a plain value, not a nested mapping`},
		{"YAML duplicate key",
			map[string]string{"content/pages/p.md": front("title: P", "summary: a", "'summary': b")},
			`content/pages/p.md:4: summary given twice (first on line 3)`},
		{"an alias",
			map[string]string{"content/pages/p.md": front("title: &t P", "summary: *t")},
			`content/pages/p.md:3: summary: a YAML alias is not a value here`},
		{"a YAML tag of YAML's own",
			map[string]string{"content/packs/x.md": front("title: P", "system: "+systemID, "seed: !!binary aGVsbG8=", "encounters: raid")},
			`content/packs/x.md:4: seed: a YAML tag (!!binary) is not a value: write the value as plain text, or quote it`},
		{"a string tag",
			map[string]string{"content/pages/p.md": front("title: !!str P")},
			`content/pages/p.md:2: title: a YAML tag (!!str) is not a value: write the value as plain text, or quote it`},
		{"a local tag",
			map[string]string{"content/pages/p.md": front("title: !x P")},
			`content/pages/p.md:2: title: a YAML tag (!x) is not a value: write the value as plain text, or quote it`},
		{"a tag in a list",
			map[string]string{"content/packs/x.md": front("title: P", "system: "+systemID, "seed: s", "encounters:", "  - raid", "  - !!str raid")},
			`content/packs/x.md:6: encounters: a YAML tag (!!str) is not a value: write the value as plain text, or quote it`},
		{"empty key",
			map[string]string{"content/pages/p.md": front("title: P", ": value")},
			`content/pages/p.md:3: ": value": want key: value`},
		{"missing front matter",
			map[string]string{"content/pages/p.md": "# Just Markdown\n\ntitle: P\n"},
			`content/pages/p.md:1: want front matter: a "---" line, key: value lines, then "---"`},
		{"front matter not on the first line",
			map[string]string{"content/pages/p.md": "\n---\ntitle: P\n---\n"},
			`content/pages/p.md:1: want front matter: a "---" line, key: value lines, then "---"`},
		{"empty file",
			map[string]string{"content/pages/p.md": ""},
			`content/pages/p.md:1: want front matter: a "---" line, key: value lines, then "---"`},
		{"unclosed front matter",
			map[string]string{"content/pages/p.md": "---\ntitle: P\n\nBody\n"},
			`content/pages/p.md:1: front matter is not closed: want a "---" line after it`},
		{"only an opening line",
			map[string]string{"content/pages/p.md": "---"},
			`content/pages/p.md:1: front matter is not closed: want a "---" line after it`},
		{"non-UTF-8 page",
			map[string]string{"content/pages/p.md": "---\ntitle: caf\xe9\n---\n"},
			`content/pages/p.md: not UTF-8 text`},
		{"non-UTF-8 pack body",
			map[string]string{"content/packs/x.md": packFile() + "\xff\xfe"},
			`content/packs/x.md: not UTF-8 text`},
		{"bad key after CRLF lines keeps its line",
			map[string]string{"content/pages/p.md": "---\r\ntitle: P\r\n\r\n# note\r\ncolour: red\r\n---\r\n"},
			`content/pages/p.md:5: unknown key "colour" (known: ` + knownPageKeys + `)`},
		{"comments and blank lines count as lines",
			map[string]string{"content/pages/p.md": front("# a comment", "", "   ", "\t# indented comment", "title: P", "bogus")},
			`content/pages/p.md:7: "bogus": want key: value`},

		// Titles.
		{"page missing title",
			map[string]string{"content/pages/p.md": front("summary: s")},
			`content/pages/p.md:3: missing title`},
		{"page empty title",
			map[string]string{"content/pages/p.md": front("summary: s", "title:")},
			`content/pages/p.md:3: missing title`},
		{"page quoted empty title",
			map[string]string{"content/pages/p.md": front(`title: ""`)},
			`content/pages/p.md:2: missing title`},
		{"pack missing title",
			map[string]string{"content/packs/x.md": front("system: "+systemID, "seed: s", "encounters: raid")},
			`content/packs/x.md:5: missing title`},
		{"campaign missing title",
			map[string]string{"content/campaigns/c.md": front("system: "+systemID, "seed: s", "steps: 2")},
			`content/campaigns/c.md:5: missing title`},

		// Control characters.
		{"control character in title",
			map[string]string{"content/pages/p.md": front("summary: s", "title: a\x01b")},
			`content/pages/p.md:3: title holds a control character: use printable text`},
		{"tab in title",
			map[string]string{"content/pages/p.md": front("title: a\tb")},
			`content/pages/p.md:2: title holds a control character: use printable text`},
		{"NUL in title",
			map[string]string{"content/pages/p.md": front("title: a\x00b")},
			`content/pages/p.md:2: title holds a control character: use printable text`},
		{"C1 control in summary",
			map[string]string{"content/pages/p.md": front("title: P", "summary: a\u0085b")},
			`content/pages/p.md:3: summary holds a control character: use printable text`},
		{"paragraph separator in summary",
			map[string]string{"content/pages/p.md": front("title: P", "summary: a\u2029b: c")},
			`content/pages/p.md:3: a Unicode line or paragraph separator (U+2028, U+2029): end lines with a plain line break`},
		{"control character in seed",
			map[string]string{"content/packs/x.md": front("title: P", "system: "+systemID, "seed: a\x1bb", "encounters: raid")},
			`content/packs/x.md:4: seed holds a control character: use printable text`},
		{"DEL in campaign seed",
			map[string]string{"content/campaigns/c.md": front("title: C", "system: "+systemID, "seed: a\x7f", "steps: 2")},
			`content/campaigns/c.md:4: seed holds a control character: use printable text`},

		// Packs and campaigns: required keys.
		{"pack missing system",
			map[string]string{"content/packs/x.md": front("title: P", "seed: s", "encounters: raid")},
			`content/packs/x.md:5: missing system`},
		{"pack empty system",
			map[string]string{"content/packs/x.md": front("title: P", "seed: s", "system:", "encounters: raid")},
			`content/packs/x.md:4: missing system`},
		{"pack missing seed",
			map[string]string{"content/packs/x.md": front("title: P", "system: "+systemID, "encounters: raid")},
			`content/packs/x.md:5: missing seed`},
		{"pack empty seed",
			map[string]string{"content/packs/x.md": front("title: P", "system: "+systemID, "seed: ''", "encounters: raid")},
			`content/packs/x.md:4: missing seed`},
		{"pack missing encounters",
			map[string]string{"content/packs/x.md": front("title: P", "system: "+systemID, "seed: s")},
			`content/packs/x.md:5: missing encounters`},
		{"pack empty encounters",
			map[string]string{"content/packs/x.md": front("title: P", "system: "+systemID, "seed: s", "encounters:   ")},
			`content/packs/x.md:5: missing encounters`},
		{"campaign missing system",
			map[string]string{"content/campaigns/c.md": front("title: C", "seed: s", "steps: 2")},
			`content/campaigns/c.md:5: missing system`},
		{"campaign missing seed",
			map[string]string{"content/campaigns/c.md": front("title: C", "system: "+systemID, "steps: 2")},
			`content/campaigns/c.md:5: missing seed`},
		{"campaign missing steps",
			map[string]string{"content/campaigns/c.md": front("title: C", "system: "+systemID, "seed: s")},
			`content/campaigns/c.md:5: missing steps: how many encounters the campaign runs`},

		// Systems and encounter types.
		{"unknown system in pack",
			map[string]string{"content/packs/x.md": front("title: P", "seed: s", "encounters: raid", "system: chess")},
			`content/packs/x.md:5: unknown system "chess" (known: ` + systemID + `, chain-reaction-3, sword-and-spear-fantasy, swordplay, two-page-skirmish)`},
		{"unknown system in campaign",
			map[string]string{"content/campaigns/c.md": front("title: C", "system: 2D6-Sword-And-Sorcery", "seed: s", "steps: 2")},
			`content/campaigns/c.md:3: unknown system "2D6-Sword-And-Sorcery" (known: ` + systemID + `, chain-reaction-3, sword-and-spear-fantasy, swordplay, two-page-skirmish)`},
		{"unknown encounter type",
			map[string]string{"content/packs/x.md": front("title: P", "system: "+systemID, "seed: s", "encounters: explore 2, picnic 3")},
			`content/packs/x.md:5: unknown encounter type "picnic" (known: explore, raid, defend)`},
		{"encounter types are case sensitive",
			map[string]string{"content/packs/x.md": front("title: P", "system: "+systemID, "seed: s", "encounters: Explore")},
			`content/packs/x.md:5: unknown encounter type "Explore" (known: explore, raid, defend)`},

		// Encounter counts.
		{"count zero",
			map[string]string{"content/packs/x.md": front("title: P", "system: "+systemID, "seed: s", "encounters: explore 0")},
			`content/packs/x.md:5: "explore 0": want an encounter type and how many (1 to 200)`},
		{"count not a number",
			map[string]string{"content/packs/x.md": front("title: P", "system: "+systemID, "seed: s", "encounters: raid 1, explore x")},
			`content/packs/x.md:5: "explore x": want an encounter type and how many (1 to 200)`},
		{"count negative",
			map[string]string{"content/packs/x.md": front("title: P", "system: "+systemID, "seed: s", "encounters: explore -1")},
			`content/packs/x.md:5: "explore -1": want an encounter type and how many (1 to 200)`},
		{"count too big in one item",
			map[string]string{"content/packs/x.md": front("title: P", "system: "+systemID, "seed: s", "encounters: explore 201")},
			`content/packs/x.md:5: "explore 201": want an encounter type and how many (1 to 200)`},
		{"count overflowing int",
			map[string]string{"content/packs/x.md": front("title: P", "system: "+systemID, "seed: s", "encounters: explore 99999999999999999999999")},
			`content/packs/x.md:5: "explore 99999999999999999999999": want an encounter type and how many (1 to 200)`},
		{"three words in an item",
			map[string]string{"content/packs/x.md": front("title: P", "system: "+systemID, "seed: s", "encounters: explore 2 3")},
			`content/packs/x.md:5: "explore 2 3": want a list such as "explore 3, raid 2, defend"`},
		{"empty item",
			map[string]string{"content/packs/x.md": front("title: P", "system: "+systemID, "seed: s", "encounters: explore 2,, raid")},
			`content/packs/x.md:5: "": want a list such as "explore 3, raid 2, defend"`},
		{"trailing comma",
			map[string]string{"content/packs/x.md": front("title: P", "system: "+systemID, "seed: s", "encounters: explore 2,")},
			`content/packs/x.md:5: "": want a list such as "explore 3, raid 2, defend"`},
		{"too many encounters",
			map[string]string{"content/packs/x.md": front("title: P", "system: "+systemID, "seed: s", "encounters: explore 200, raid")},
			`content/packs/x.md:5: more than 200 encounters: at most 200 in a pack`},
		{"far too many encounters",
			map[string]string{"content/packs/x.md": front("title: P", "system: "+systemID, "seed: s", "encounters: explore 150, raid 150, defend 150")},
			`content/packs/x.md:5: more than 200 encounters: at most 200 in a pack`},

		// Campaign steps.
		{"steps zero",
			map[string]string{"content/campaigns/c.md": front("title: C", "system: "+systemID, "seed: s", "steps: 0")},
			`content/campaigns/c.md:5: steps "0": want a whole number from 1 to 100`},
		{"steps too many",
			map[string]string{"content/campaigns/c.md": front("title: C", "system: "+systemID, "seed: s", "steps: 101")},
			`content/campaigns/c.md:5: steps "101": want a whole number from 1 to 100`},
		{"steps not a number",
			map[string]string{"content/campaigns/c.md": front("title: C", "system: "+systemID, "seed: s", "steps: twelve")},
			`content/campaigns/c.md:5: steps "twelve": want a whole number from 1 to 100`},
		{"steps empty",
			map[string]string{"content/campaigns/c.md": front("title: C", "system: "+systemID, "seed: s", "steps:")},
			`content/campaigns/c.md:5: steps "": want a whole number from 1 to 100`},
		{"steps fraction",
			map[string]string{"content/campaigns/c.md": front("title: C", "system: "+systemID, "seed: s", "steps: 2.5")},
			`content/campaigns/c.md:5: steps "2.5": want a whole number from 1 to 100`},

		// Options.
		{"star-rep not a number",
			map[string]string{"content/packs/x.md": packFile("star-rep: high")},
			`content/packs/x.md:6: star-rep "high": want a whole number from 1 to 99`},
		{"star-rep out of range",
			map[string]string{"content/packs/x.md": packFile("star-rep: 11")},
			`content/packs/x.md:6: star Rep 11 out of range 3..10`},
		{"star-rep zero",
			map[string]string{"content/campaigns/c.md": campaignFile("star-rep: 0")},
			`content/campaigns/c.md:6: star-rep "0": want a whole number from 1 to 99`},
		{"band not a number",
			map[string]string{"content/packs/x.md": packFile("band: many")},
			`content/packs/x.md:6: band "many": want a whole number from 1 to 99`},
		{"band out of range",
			map[string]string{"content/campaigns/c.md": campaignFile("band: 51")},
			`content/campaigns/c.md:6: band of 51 figures: a Rep 5 Star leads 1 to 5 figures, the Star included`},

		// Weight.
		{"weight too big",
			map[string]string{"content/pages/p.md": front("title: P", "weight: 1001")},
			`content/pages/p.md:3: weight "1001": want a whole number from -1000 to 1000`},
		{"weight too small",
			map[string]string{"content/packs/x.md": packFile("weight: -1001")},
			`content/packs/x.md:6: weight "-1001": want a whole number from -1000 to 1000`},
		{"weight not a number",
			map[string]string{"content/campaigns/c.md": campaignFile("weight: heavy")},
			`content/campaigns/c.md:6: weight "heavy": want a whole number from -1000 to 1000`},
		{"weight on the home page",
			map[string]string{"content/index.md": front("weight: x")},
			`content/index.md:2: unknown key "weight" (known: title, summary)`},

		// Slugs.
		{"slug with dot-dot",
			map[string]string{"content/pages/p.md": front("title: P", "slug: ../evil")},
			`content/pages/p.md:3: slug "../evil": want lowercase letters, digits and single hyphens, at most 64 characters ("evil", say)`},
		{"slug in capitals",
			map[string]string{"content/packs/x.md": packFile("slug: UPPER")},
			`content/packs/x.md:6: slug "UPPER": want lowercase letters, digits and single hyphens, at most 64 characters ("upper", say)`},
		{"slug with a slash",
			map[string]string{"content/campaigns/c.md": campaignFile("slug: a/b")},
			`content/campaigns/c.md:6: slug "a/b": want lowercase letters, digits and single hyphens, at most 64 characters ("a-b", say)`},
		{"empty slug",
			map[string]string{"content/pages/p.md": front("title: P", "slug:")},
			`content/pages/p.md:3: slug "": want lowercase letters, digits and single hyphens, at most 64 characters`},
		{"quoted empty slug",
			map[string]string{"content/pages/p.md": front("title: P", `slug: ""`)},
			`content/pages/p.md:3: slug "": want lowercase letters, digits and single hyphens, at most 64 characters`},
		{"slug with a leading hyphen",
			map[string]string{"content/pages/p.md": front("title: P", "slug: -x")},
			`content/pages/p.md:3: slug "-x": want lowercase letters, digits and single hyphens, at most 64 characters ("x", say)`},
		{"slug with a trailing hyphen",
			map[string]string{"content/pages/p.md": front("title: P", "slug: x-")},
			`content/pages/p.md:3: slug "x-": want lowercase letters, digits and single hyphens, at most 64 characters ("x", say)`},
		{"slug with a double hyphen",
			map[string]string{"content/pages/p.md": front("title: P", "slug: a--b")},
			`content/pages/p.md:3: slug "a--b": want lowercase letters, digits and single hyphens, at most 64 characters ("a-b", say)`},
		{"slug with a dot",
			map[string]string{"content/pages/p.md": front("title: P", "slug: index.html")},
			`content/pages/p.md:3: slug "index.html": want lowercase letters, digits and single hyphens, at most 64 characters ("index-html", say)`},
		{"slug with a non-ASCII letter",
			map[string]string{"content/pages/p.md": front("title: P", "slug: café")},
			`content/pages/p.md:3: slug "café": want lowercase letters, digits and single hyphens, at most 64 characters ("cafe", say)`},
		{"slug too long",
			map[string]string{"content/pages/p.md": front("title: P", "slug: "+long)},
			`content/pages/p.md:3: slug "` + long + `": want lowercase letters, digits and single hyphens, at most 64 characters ("` + long[:64] + `", say)`},
		{"file name with a space",
			map[string]string{"content/pages/Bad Name.md": front("title: P")},
			`content/pages/Bad Name.md: file name "Bad Name" is not a usable slug: rename it bad-name.md, or add "slug: bad-name" (lowercase letters, digits and single hyphens)`},
		{"file name with accents",
			map[string]string{"content/packs/Ávila's Défense.md": packFile()},
			`content/packs/Ávila's Défense.md: file name "Ávila's Défense" is not a usable slug: rename it avilas-defense.md, or add "slug: avilas-defense" (lowercase letters, digits and single hyphens)`},
		{"file name in capitals",
			map[string]string{"content/packs/Marsh.md": packFile()},
			`content/packs/Marsh.md: file name "Marsh" is not a usable slug: rename it marsh.md, or add "slug: marsh" (lowercase letters, digits and single hyphens)`},
		{"file name with an underscore",
			map[string]string{"content/campaigns/long_road.md": campaignFile()},
			`content/campaigns/long_road.md: file name "long_road" is not a usable slug: rename it long-road.md, or add "slug: long-road" (lowercase letters, digits and single hyphens)`},
		{"file name too long",
			map[string]string{"content/pages/" + long + ".md": front("title: P")},
			`content/pages/` + long + `.md: file name "` + long + `" is not a usable slug: rename it ` + long[:64] + `.md, or add "slug: ` + long[:64] + `" (lowercase letters, digits and single hyphens)`},
		{"duplicate slugs across two packs",
			map[string]string{
				"content/packs/a.md": packFile("slug: same"),
				"content/packs/b.md": packFile("slug: same"),
			},
			`content/packs/b.md:6: slug "same" is taken by content/packs/a.md`},
		{"slug key taking another pack's file name",
			map[string]string{
				"content/packs/alpha.md": packFile(),
				"content/packs/beta.md":  packFile("slug: alpha"),
			},
			`content/packs/beta.md:6: slug "alpha" is taken by content/packs/alpha.md`},
		{"file name taken by another pack's slug: key",
			map[string]string{
				"content/packs/a.md": packFile("slug: b"),
				"content/packs/b.md": packFile(),
			},
			`content/packs/b.md: slug "b" is taken by content/packs/a.md`},
		{"duplicate slugs across two pages",
			map[string]string{
				"content/pages/a.md": front("title: A", "slug: about"),
				"content/pages/b.md": front("slug: about", "title: B"),
			},
			`content/pages/b.md:2: slug "about" is taken by content/pages/a.md`},
		{"duplicate slugs across two campaigns",
			map[string]string{
				"content/campaigns/a.md": campaignFile("slug: road"),
				"content/campaigns/b.md": campaignFile("slug: road"),
			},
			`content/campaigns/b.md:6: slug "road" is taken by content/campaigns/a.md`},

		// Config.
		{"config missing title",
			map[string]string{site.ConfigFile: "tagline: hi\n"},
			`sortie.conf: missing title`},
		{"config empty title",
			map[string]string{site.ConfigFile: "# settings\ntitle:\n"},
			`sortie.conf:2: missing title`},
		{"config bad paper",
			map[string]string{site.ConfigFile: "title: T\n\npaper: a4, legal\n"},
			`sortie.conf:3: paper "legal": want a4 or letter, or none`},
		{"config unknown key",
			map[string]string{site.ConfigFile: "title: T\npapers: a4\n"},
			`sortie.conf:2: unknown key "papers" (known: title, tagline, paper, impose, baseurl, keep, print, future, offline, paginate, font, font-bold, font-italic, font-bold-italic)`},
		{"config keep with a path",
			map[string]string{site.ConfigFile: "title: T\nkeep: .nojekyll, docs/old\n"},
			`sortie.conf:2: cannot keep "docs/old": want a plain name at the top of the output, such as .nojekyll`},
		{"config keep the marker",
			map[string]string{site.ConfigFile: "title: T\nkeep: .sortie-output\n"},
			`sortie.conf:2: cannot keep ".sortie-output": want a plain name at the top of the output, such as .nojekyll`},
		{"config key twice",
			map[string]string{site.ConfigFile: "title: T\r\ntagline: a\r\ntitle: U\r\n"},
			`sortie.conf:3: title given twice (first on line 1)`},
		{"config line without colon",
			map[string]string{site.ConfigFile: "title: T\nhello\n"},
			`sortie.conf:2: "hello": want key: value`},
		{"config not UTF-8",
			map[string]string{site.ConfigFile: "title: \xc0\xaf\n"},
			`sortie.conf: not UTF-8 text`},
		{"config with NUL",
			map[string]string{site.ConfigFile: "title: T\x00\n"},
			`sortie.conf: not UTF-8 text`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := load(t, tt.files)
			if err == nil {
				t.Fatalf("loaded (%d pages, %d packs, %d campaigns); want error %q", len(s.Pages), len(s.Packs), len(s.Campaigns), tt.want)
			}
			if s != nil {
				t.Error("Load returned a site with its error")
			}
			if got := err.Error(); got != tt.want {
				t.Errorf("error:\n got %q\nwant %q", got, tt.want)
			}
			// The file and line are also there for a program to read.
			var se *site.Error
			if errors.As(err, &se) {
				if !strings.HasPrefix(tt.want, se.File) {
					t.Errorf("Error.File = %q, want a prefix of %q", se.File, tt.want)
				}
				if se.Line > 0 && !strings.HasPrefix(tt.want, fmt.Sprintf("%s:%d: ", se.File, se.Line)) {
					t.Errorf("Error.Line = %d, not in %q", se.Line, tt.want)
				}
			} else {
				t.Errorf("error %q is not a *site.Error", err)
			}
		})
	}
}

func TestMissingConfig(t *testing.T) {
	fsys := fstest.MapFS{"content/pages/p.md": {Data: []byte(front("title: P"))}}
	_, err := site.Load(fsys, site.ConfigFile, "content", "", registry(t))
	want := "sortie.conf: missing: a site needs a sortie.conf with at least a title: line"
	if err == nil || err.Error() != want {
		t.Errorf("error = %v, want %q", err, want)
	}
	_, err = site.Load(fsys, site.ConfigFile, "content", "somewhere/", registry(t))
	if err == nil || err.Error() != "somewhere/"+want {
		t.Errorf("error = %v, want %q", err, "somewhere/"+want)
	}
}

func TestConfig(t *testing.T) {
	tests := []struct {
		name          string
		conf          string
		title, tagine string
		papers        []string
	}{
		{"title only", "title: T", "T", "", []string{"a4", "letter"}},
		{"all keys", "title: T\ntagline: Roll ahead\npaper: letter\n", "T", "Roll ahead", []string{"letter"}},
		{"comments, blanks, CRLF and padding", "# c\r\n\r\ntitle:   \"Big: Site\"  \r\n# paper: letter\r\npaper: A4  # or letter\r\n", "Big: Site", "", []string{"a4"}},
		{"paper as a YAML list", "title: T\npaper: [letter, a4]\n", "T", "", []string{"letter", "a4"}},
		{"paper as a YAML block list", "title: T\npaper:\n  - a4\n", "T", "", []string{"a4"}},
		{"quoted", "title: \"Quoted: yes\"\ntagline: 'single'\n", "Quoted: yes", "single", []string{"a4", "letter"}},
		{"empty paper means both", "title: T\npaper:\n", "T", "", []string{"a4", "letter"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := mustLoad(t, map[string]string{site.ConfigFile: tt.conf})
			if s.Title != tt.title || s.Tagline != tt.tagine || !slices.Equal(s.Papers, tt.papers) {
				t.Errorf("got title %q tagline %q papers %q; want %q %q %q", s.Title, s.Tagline, s.Papers, tt.title, tt.tagine, tt.papers)
			}
		})
	}
}

// TestImpose reads the impose setting: saddle, none or nothing, and a
// wrong value is an error at its line.
func TestImpose(t *testing.T) {
	for conf, want := range map[string]string{
		"title: T\n":                 "",
		"title: T\nimpose: none\n":   "",
		"title: T\nimpose: saddle\n": site.Saddle,
		"title: T\nimpose: Saddle\n": site.Saddle,
	} {
		if s := mustLoad(t, map[string]string{site.ConfigFile: conf}); s.Impose != want {
			t.Errorf("%q: impose %q, want %q", conf, s.Impose, want)
		}
	}
	_, err := load(t, map[string]string{site.ConfigFile: "title: T\n\nimpose: fold\n"})
	if want := `sortie.conf:3: impose "fold": want saddle or none`; err == nil || err.Error() != want {
		t.Errorf("error = %v, want %q", err, want)
	}
}

func TestValues(t *testing.T) {
	s := mustLoad(t, map[string]string{
		"content/pages/p.md": front(
			`title: "Quoted: with a colon"`,
			`summary: 'single quoted'`,
			"weight:   -7   ",
		),
		"content/pages/q.md": front(
			`title: '"'`,             // a quote, quoted
			`summary: "mismatched'"`, // the other quote inside
			`slug: "quoted-slug"`,
		),
		"content/pages/r.md": front(
			`title: a "quoted" word`,
			`summary:    spaced    out   `,
			`weight: +3`,
		),
		"content/packs/x.md": front(
			"title: P",
			"system: "+systemID,
			`seed: "  spaced seed  "`,
			"encounters:   raid ,defend 2,explore   1  ,   raid  # a comment",
			"star-rep: 5",
			"band: 5",
			"enemies: creatures",
		),
		"content/campaigns/c.md": front(
			"title: C",
			"system: '"+systemID+"'",
			"seed: s",
			"steps: 100",
			"star-rep: 9",
			"band: 1",
			"enemies: goblins",
		),
	})
	byFile := map[string]*site.Page{}
	for _, p := range s.Pages {
		byFile[p.File] = p
	}
	p := byFile["content/pages/p.md"]
	if p == nil || p.Title != "Quoted: with a colon" || p.Summary != "single quoted" || p.Weight != -7 || p.Slug != "p" {
		t.Errorf("p.md = %+v", p)
	}
	q := byFile["content/pages/q.md"]
	if q == nil || q.Title != `"` || q.Summary != `mismatched'` || q.Slug != "quoted-slug" {
		t.Errorf("q.md = %+v", q)
	}
	r := byFile["content/pages/r.md"]
	if r == nil || r.Title != `a "quoted" word` || r.Summary != "spaced    out" || r.Weight != 3 {
		t.Errorf("r.md = %+v", r)
	}
	pk := s.Packs[0]
	if pk.Seed != "  spaced seed  " {
		t.Errorf("seed = %q: quotes should keep the spaces", pk.Seed)
	}
	if want := []string{"raid", "defend", "defend", "explore", "raid"}; !slices.Equal(pk.Types, want) {
		t.Errorf("types = %q, want %q", pk.Types, want)
	}
	if want := (engine.Options{StarRep: 5, BandSize: 5, Enemies: "creatures"}); pk.Options != want {
		t.Errorf("pack options = %+v, want %+v", pk.Options, want)
	}
	c := s.Campaigns[0]
	if c.System != systemID || c.Steps != 100 {
		t.Errorf("campaign system %q steps %d", c.System, c.Steps)
	}
	if want := (engine.Options{StarRep: 9, BandSize: 1, Enemies: "goblins"}); c.Options != want {
		t.Errorf("campaign options = %+v, want %+v", c.Options, want)
	}
	if pk.Fields == nil || pk.Fields.Line("enemies") != 8 || !pk.Fields.Has("band") || pk.Fields.Has("slug") || pk.Fields.String("encounters") == "" {
		t.Errorf("pack Fields not kept with their lines")
	}
}

func TestEncounterLimits(t *testing.T) {
	for _, spec := range []string{"explore 200", "explore 100, raid 50, defend 50", "raid 199, defend"} {
		s := mustLoad(t, map[string]string{"content/packs/x.md": front("title: P", "system: "+systemID, "seed: s", "encounters: "+spec)})
		if n := len(s.Packs[0].Types); n != 200 {
			t.Errorf("%q: %d types, want 200", spec, n)
		}
	}
	s := mustLoad(t, map[string]string{"content/campaigns/c.md": front("title: C", "system: "+systemID, "seed: s", "steps: 1")})
	if s.Campaigns[0].Steps != 1 {
		t.Errorf("steps = %d", s.Campaigns[0].Steps)
	}
}

// TestCRLF: a file written on Windows loads as if written with "\n", with
// the same line numbers.
func TestCRLF(t *testing.T) {
	unix := packFile("weight: 2") + "Second line.\n"
	dos := strings.ReplaceAll(unix, "\n", "\r\n")
	s := mustLoad(t, map[string]string{"content/packs/x.md": dos, "content/pages/p.md": strings.ReplaceAll(front("title: P"), "\n", "\r\n")})
	pk := s.Packs[0]
	if pk.Title != "A Pack" || pk.Seed != "seed-1" || pk.Weight != 2 || !slices.Equal(pk.Types, []string{"explore", "explore"}) {
		t.Errorf("CRLF pack = %+v %q", pk.Page, pk.Types)
	}
	if pk.BodyLine != 8 {
		t.Errorf("BodyLine = %d, want 8", pk.BodyLine)
	}
	if string(pk.Body) != "Body text.\nSecond line.\n" {
		t.Errorf("Body = %q: want the CRLFs gone", pk.Body)
	}
	if pk.Fields.Line("weight") != 6 {
		t.Errorf("weight on line %d, want 6", pk.Fields.Line("weight"))
	}
	if s.Pages[0].Title != "P" {
		t.Errorf("CRLF page title %q", s.Pages[0].Title)
	}
}

// TestBOM: Windows editors often start a UTF-8 file with a byte order mark.
func TestBOM(t *testing.T) {
	s, err := load(t, map[string]string{
		site.ConfigFile:      "\ufefftitle: T\r\n",
		"content/pages/p.md": "\ufeff---\r\ntitle: P\r\n---\r\nBody\r\n",
	})
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if s.Title != "T" || s.Pages[0].Title != "P" || s.Pages[0].BodyLine != 4 {
		t.Errorf("site %q, page %q body line %d", s.Title, s.Pages[0].Title, s.Pages[0].BodyLine)
	}
}

func TestBodyLine(t *testing.T) {
	tests := []struct {
		file     string
		bodyLine int
		body     string
	}{
		{"---\ntitle: P\n---\nBody\n", 4, "Body\n"},
		{"---\ntitle: P\n---\n", 4, ""},
		{"---\ntitle: P\n---", 4, ""},
		{"---\n\n# c\ntitle: P\n\n---\n\nBody\n---\nmore\n", 7, "\nBody\n---\nmore\n"},
		{"---  \ntitle: P\n  ---\t\nBody", 4, "Body"},
	}
	for _, tt := range tests {
		s := mustLoad(t, map[string]string{"content/pages/p.md": tt.file})
		p := s.Pages[0]
		if p.BodyLine != tt.bodyLine || string(p.Body) != tt.body {
			t.Errorf("%q: body line %d body %q, want %d %q", tt.file, p.BodyLine, p.Body, tt.bodyLine, tt.body)
		}
	}
}

// TestSlugs: the file name is the slug unless slug: says otherwise.
func TestSlugs(t *testing.T) {
	s := mustLoad(t, map[string]string{
		"content/pages/about-us.md": front("title: About"),
		"content/pages/Bad Name.md": front("title: Fine", "slug: fine-name"),
		"content/pages/x1.md":       front("title: X", "slug: "+strings.Repeat("a", 64)),
		"content/packs/same.md":     packFile(),
		"content/campaigns/same.md": campaignFile(),
		"content/pages/same.md":     front("title: Same"),
		"content/pages/notes.txt":   "not a page",
	})
	if got, want := slugs(s.Pages), []string{strings.Repeat("a", 64), "about-us", "fine-name", "same"}; !slices.Equal(got, want) {
		t.Errorf("page slugs = %q, want %q", got, want)
	}
	// Pages, packs and campaigns are separate: the same slug in each is fine.
	if packSlugs(s.Packs)[0] != "same" || campaignSlugs(s.Campaigns)[0] != "same" {
		t.Errorf("pack %q campaign %q", packSlugs(s.Packs), campaignSlugs(s.Campaigns))
	}
}

// TestOrder: pages, packs and campaigns are sorted by weight, then slug,
// whatever their file names.
func TestOrder(t *testing.T) {
	files := map[string]string{
		"content/pages/a.md":     front("title: A", "weight: 5"),
		"content/pages/b.md":     front("title: B"),
		"content/pages/c.md":     front("title: C", "weight: -5"),
		"content/pages/d.md":     front("title: D", "slug: aa"),
		"content/pages/e.md":     front("title: E", "weight: 5", "slug: a0"),
		"content/packs/p1.md":    packFile("weight: 3"),
		"content/packs/p2.md":    packFile("weight: 1"),
		"content/packs/p3.md":    packFile("weight: 3", "slug: a-first"),
		"content/packs/p4.md":    packFile(),
		"content/packs/p5.md":    packFile("weight: -1000"),
		"content/campaigns/z.md": campaignFile("weight: -1"),
		"content/campaigns/y.md": campaignFile("weight: 1000"),
		"content/campaigns/x.md": campaignFile(),
	}
	wantPages := []string{"c", "aa", "b", "a", "a0"}
	wantPacks := []string{"p5", "p4", "p2", "a-first", "p1"}
	wantCampaigns := []string{"z", "x", "y"}
	for i := range 5 {
		s := mustLoad(t, files)
		if got := slugs(s.Pages); !slices.Equal(got, wantPages) {
			t.Errorf("run %d: pages %q, want %q", i, got, wantPages)
		}
		if got := packSlugs(s.Packs); !slices.Equal(got, wantPacks) {
			t.Errorf("run %d: packs %q, want %q", i, got, wantPacks)
		}
		if got := campaignSlugs(s.Campaigns); !slices.Equal(got, wantCampaigns) {
			t.Errorf("run %d: campaigns %q, want %q", i, got, wantCampaigns)
		}
	}
}

// TestHostileValues: front matter is plain text to the site package; it
// must keep it verbatim (as YAML decodes it: each is written quoted) and
// leave escaping to the HTML layer.
func TestHostileValues(t *testing.T) {
	hostile := []string{
		`</title><script>alert(1)</script>`,
		`"><img src=x onerror=alert(1)>`,
		`{{.}} {{template "x"}} ${HOME} $(rm -rf /) %s %v %!`,
		`Tom & Jerry's <b>"Big"</b> Day`,
		`javascript:alert(1)`,
		`\u0000 \x00 \n`,
		`café, naïve, 日本語, 🐉`,
		`# not a comment when a value`,
		`---`,
		`a: b: c`,
	}
	for i, v := range hostile {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			v := v
			q := strconv.Quote(v) // a YAML double-quoted string too
			s := mustLoad(t, map[string]string{
				site.ConfigFile:          "title: " + q + "\ntagline: " + q + "\n",
				"content/index.md":       front("title: "+q, "summary: "+q),
				"content/pages/p.md":     front("title: "+q, "summary: "+q),
				"content/packs/x.md":     front("title: "+q, "summary: "+q, "system: "+systemID, "seed: "+q, "encounters: raid"),
				"content/campaigns/c.md": front("title: "+q, "summary: "+q, "system: "+systemID, "seed: "+q, "steps: 2"),
			})
			check := func(what, got string) {
				if got != v {
					t.Errorf("%s = %q, want %q verbatim", what, got, v)
				}
			}
			check("site title", s.Title)
			check("tagline", s.Tagline)
			check("home title", s.Home.Title)
			check("home summary", s.Home.Summary)
			check("page title", s.Pages[0].Title)
			check("page summary", s.Pages[0].Summary)
			check("pack title", s.Packs[0].Title)
			check("pack summary", s.Packs[0].Summary)
			check("pack seed", s.Packs[0].Seed)
			check("campaign title", s.Campaigns[0].Title)
			check("campaign seed", s.Campaigns[0].Seed)
		})
	}
}

// TestEnemies: an enemies value the system does not know should be caught
// when the site loads, at its line, like an unknown encounter type.
func TestEnemies(t *testing.T) {
	for _, v := range []string{"enemy", "creatures", "goblins", "orcs"} {
		if _, err := load(t, map[string]string{"content/packs/x.md": packFile("enemies: " + v)}); err != nil {
			t.Errorf("enemies: %s: %v", v, err)
		}
	}
	_, err := load(t, map[string]string{"content/packs/x.md": packFile("enemies: dragons")})
	if err == nil {
		t.Fatal(`"enemies: dragons" loaded`)
	}
	if !strings.HasPrefix(err.Error(), "content/packs/x.md:6: ") || !strings.Contains(err.Error(), `"dragons"`) {
		t.Errorf("error %q: want content/packs/x.md:6: ... \"dragons\"", err)
	}
}

// TestManyEncounterItems: the 200-encounter limit should bound the work,
// not just the result.
func TestManyEncounterItems(t *testing.T) {
	spec := strings.TrimSuffix(strings.Repeat("explore 200, ", 5000), ", ")
	file := front("title: P", "system: "+systemID, "seed: s", "encounters: "+spec)
	files := map[string]string{"content/packs/x.md": file}
	registry(t)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := load(t, files)
	runtime.ReadMemStats(&after)
	if want := "content/packs/x.md:5: more than 200 encounters: at most 200 in a pack"; err == nil || err.Error() != want {
		t.Errorf("error = %v, want %q", err, want)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4<<20 {
		t.Errorf("loading a %d-byte pack allocated %d bytes", len(file), alloc)
	}
}

// TestSystemPages: content/systems/<id>/index.md introduces a known
// system; a folder of an unknown system is an error (TestNothingSkipped).
func TestSystemPages(t *testing.T) {
	s := mustLoad(t, map[string]string{
		"content/systems/" + systemID + "/index.md": front("title: Intro", "summary: S"),
	})
	if len(s.Systems) != 1 || s.Systems[0].Slug != systemID || s.Systems[0].Title != "Intro" || s.Systems[0].Summary != "S" {
		t.Fatalf("Systems = %+v", s.Systems)
	}
	_, err := load(t, map[string]string{"content/systems/" + systemID + "/index.md": front("title: Intro", "steps: 3")})
	want := `content/systems/` + systemID + `/index.md:3: unknown key "steps" (known: title, summary): campaigns (content/campaigns/) take steps:; a pack or series takes encounters:`
	if err == nil || err.Error() != want {
		t.Errorf("error = %v, want %q", err, want)
	}
	// Without a registry, nothing is known about systems: no system pages,
	// and any system and encounter type name passes.
	s, err = site.Load(siteFS(map[string]string{
		"content/systems/" + systemID + "/index.md": front("title: Intro"),
		"content/packs/x.md":                        front("title: P", "system: whatever", "seed: s", "encounters: picnic 2"),
	}), site.ConfigFile, "content", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Systems) != 0 || !slices.Equal(s.Packs[0].Types, []string{"picnic", "picnic"}) {
		t.Errorf("without a registry: systems %d, types %q", len(s.Systems), s.Packs[0].Types)
	}
}

func TestSeveralMistakes(t *testing.T) {
	_, err := load(t, map[string]string{
		site.ConfigFile:          "title: T\npaper: legal\n",
		"content/index.md":       front("title: Home", "colour: red"),
		"content/pages/a.md":     front("summary: no title"),
		"content/pages/b.md":     front("title: B", "weight: heavy"),
		"content/pages/c.md":     front("title: fine"),
		"content/packs/x.md":     packFile("band: 99"),
		"content/packs/y.md":     front("title: Y", "system: "+systemID, "seed: s", "encounters: picnic"),
		"content/campaigns/c.md": campaignFile("steps: 4"),
	})
	want := []string{
		`sortie.conf:2: paper "legal": want a4 or letter, or none`,
		`content/index.md:3: unknown key "colour" (known: title, summary)`,
		`content/pages/a.md:3: missing title`,
		`content/pages/b.md:3: weight "heavy": want a whole number from -1000 to 1000`,
		`content/packs/x.md:6: band of 99 figures: a Rep 5 Star leads 1 to 5 figures, the Star included`,
		`content/packs/y.md:5: unknown encounter type "picnic" (known: explore, raid, defend)`,
		`content/campaigns/c.md:6: steps given twice (first on line 5)`,
	}
	if got := errLines(err); !slices.Equal(got, want) {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Each is a *site.Error reachable through the join.
	var n int
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range j.Unwrap() {
			var se *site.Error
			if errors.As(e, &se) {
				n++
			}
		}
	}
	if n != len(want) {
		t.Errorf("%d *site.Error in the joined error, want %d", n, len(want))
	}
}

func TestTooManyMistakes(t *testing.T) {
	tests := []struct {
		bad       int
		wantLines int
		tooMany   bool
	}{
		{19, 19, false},
		{20, 20, false},
		{21, 21, true},
		{25, 21, true},
		{200, 21, true},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.bad), func(t *testing.T) {
			files := map[string]string{}
			for i := range tt.bad {
				files[fmt.Sprintf("content/pages/p%03d.md", i)] = front("title: P", "bogus")
			}
			_, err := load(t, files)
			lines := errLines(err)
			if len(lines) != tt.wantLines {
				t.Fatalf("%d lines of errors, want %d:\n%s", len(lines), tt.wantLines, err)
			}
			for i, l := range lines[:min(tt.bad, 20)] {
				if want := fmt.Sprintf(`content/pages/p%03d.md:3: "bogus": want key: value`, i); l != want {
					t.Errorf("line %d = %q, want %q", i, l, want)
				}
			}
			last := lines[len(lines)-1]
			if got := strings.Contains(last, "too many mistakes"); got != tt.tooMany {
				t.Errorf("last line %q: too many mistakes = %v, want %v", last, got, tt.tooMany)
			}
			if tt.tooMany && last != "too many mistakes; fix these first" {
				t.Errorf("last line = %q", last)
			}
		})
	}
}

func TestParsePapers(t *testing.T) {
	tests := []struct {
		in      string
		want    []string
		wantErr string
	}{
		{"", []string{"a4", "letter"}, ""},
		{"   ", []string{"a4", "letter"}, ""},
		{"a4", []string{"a4"}, ""},
		{"letter", []string{"letter"}, ""},
		{"a4, letter", []string{"a4", "letter"}, ""},
		{"letter, a4", []string{"letter", "a4"}, ""},
		{"A4 letter", []string{"a4", "letter"}, ""},
		{"LETTER", []string{"letter"}, ""},
		{"a4 a4", []string{"a4"}, ""},
		{"a4,,letter,", []string{"a4", "letter"}, ""},
		{"\ta4\n", []string{"a4"}, ""},
		{"letter, A4, a4, letter", []string{"letter", "a4"}, ""},
		{"none", []string{}, ""},
		{" None ", []string{}, ""},
		{"a4, none", nil, `paper "a4, none": none means no booklets and stands alone`},
		{"legal", nil, `paper "legal": want a4 or letter, or none`},
		{"a4, legal", nil, `paper "legal": want a4 or letter, or none`},
		{"a4;letter", nil, `paper "a4;letter": want a4 or letter, or none`},
		{"a5", nil, `paper "a5": want a4 or letter, or none`},
	}
	for _, tt := range tests {
		got, err := site.ParsePapers(tt.in)
		if tt.wantErr != "" {
			if err == nil || err.Error() != tt.wantErr {
				t.Errorf("ParsePapers(%q) = %q, %v; want error %q", tt.in, got, err, tt.wantErr)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tt.want) || got == nil {
			t.Errorf("ParsePapers(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	// The default is a copy: changing it does not change Papers.
	got, _ := site.ParsePapers("")
	got[0] = "changed"
	if site.Papers[0] != "a4" {
		t.Errorf("ParsePapers(\"\") returned site.Papers itself")
	}
}

func TestErrorString(t *testing.T) {
	if got := (&site.Error{File: "f.md", Line: 3, Msg: "m"}).Error(); got != "f.md:3: m" {
		t.Errorf("got %q", got)
	}
	if got := (&site.Error{File: "f.md", Msg: "m"}).Error(); got != "f.md: m" {
		t.Errorf("got %q", got)
	}
}

var slugRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// FuzzFrontMatter feeds arbitrary bytes as a pack file: Load must not
// panic, must name the file in every message, and what it accepts must
// be sound.
func FuzzFrontMatter(f *testing.F) {
	for _, seed := range []string{
		packFile(),
		packFile("star-rep: 4", "band: 6", "enemies: creatures", "weight: -3", "slug: my-pack", "summary: s"),
		strings.ReplaceAll(packFile(), "\n", "\r\n"),
		"",
		"---",
		"---\n---\n",
		"---\ntitle\n---\n",
		"---\n: x\n---\n",
		"---\ntitle: a\ntitle: b\n---\n",
		"---\ntitle: \"\n---\n",
		"---\ntitle: ''\n---\n",
		"---\nslug: ../../etc\n---\n",
		"---\ntitle: P\nsystem: " + systemID + "\nseed: s\nencounters: explore 200, raid 200\n---\n",
		"---\ntitle: P\nsystem: " + systemID + "\nseed: s\nencounters: ,,, ,\n---\n",
		"---\ntitle: P\nsystem: " + systemID + "\nseed: s\nencounters: explore -0\n---\n",
		"---\ntitle: P\nsystem: " + systemID + "\nseed: s\nencounters: explore 1e3\n---\n",
		"---\ntitle: \x00\n---\n",
		"---\ntitle: \xff\n---\n",
		"\ufeff---\ntitle: P\n---\n",
		"---\r\ntitle: P\r---\r\n",
		"---\ntitle: </title><script>alert(1)</script>\nsystem: " + systemID + "\nseed: s\nencounters: raid\n---\n",
		"---\ntitle: P\nsystem: " + systemID + "\nseed: 'it''s' # c\nencounters: [explore 2, raid]\n---\n",
		"---\ntitle: P\nsystem: " + systemID + "\nseed: s\nencounters:\n  - explore\n  - raid 2\n---\n",
		"---\ntitle: &a P\nsummary: *a\n---\n",
		"---\ntitle: !!binary aGk=\n---\n",
		"---\ntitle: |\n  block\n  text\n---\n",
		"---\ntitle: {a: b}\n---\n",
		"---\n? title\n: P\n---\n",
		"---\ntitle: Big: site\n---\n",
	} {
		f.Add([]byte(seed))
	}
	reg := registry(f)
	const name = "content/packs/x.md"
	f.Fuzz(func(t *testing.T, data []byte) {
		fsys := fstest.MapFS{
			site.ConfigFile: {Data: []byte(testConf)},
			name:            {Data: data},
		}
		s, err := site.Load(fsys, site.ConfigFile, "content", "", reg)
		if err != nil {
			if s != nil {
				t.Errorf("Load returned a site with its error")
			}
			for _, line := range errLines(err) {
				if !strings.HasPrefix(line, name+":") {
					t.Errorf("error line %q does not start with %s", line, name)
				}
			}
			// Every mistake is at a line of the file (YAML's own
			// messages included), or at none.
			var se *site.Error
			if errors.As(err, &se) && se.Line > strings.Count(string(data), "\n")+strings.Count(string(data), "\r")+1 {
				t.Errorf("error at line %d of a %d-line file: %v", se.Line, strings.Count(string(data), "\n")+1, err)
			}
			return
		}
		if len(s.Packs) != 1 {
			t.Fatalf("%d packs", len(s.Packs))
		}
		pk := s.Packs[0]
		if pk.File != name {
			t.Errorf("File = %q", pk.File)
		}
		if !slugRE.MatchString(pk.Slug) || len(pk.Slug) > 64 {
			t.Errorf("accepted slug %q", pk.Slug)
		}
		if pk.Title == "" || strings.ContainsFunc(pk.Title, unicode.IsControl) || !utf8.ValidString(pk.Title) {
			t.Errorf("accepted title %q", pk.Title)
		}
		if pk.Seed == "" || strings.ContainsFunc(pk.Seed, unicode.IsControl) {
			t.Errorf("accepted seed %q", pk.Seed)
		}
		if pk.System != systemID {
			t.Errorf("accepted system %q", pk.System)
		}
		if n := len(pk.Types); n < 1 || n > 200 {
			t.Errorf("accepted %d encounters", n)
		}
		for _, typ := range pk.Types {
			if typ != "explore" && typ != "raid" && typ != "defend" {
				t.Errorf("accepted encounter type %q", typ)
			}
		}
		if pk.Weight < -1000 || pk.Weight > 1000 {
			t.Errorf("accepted weight %d", pk.Weight)
		}
		if o := pk.Options; o.StarRep < 0 || o.StarRep > 9 || o.BandSize < 0 || o.BandSize > 50 {
			t.Errorf("accepted options %+v", o)
		}
		if pk.BodyLine < 3 {
			t.Errorf("BodyLine = %d", pk.BodyLine)
		}
	})
}

// TestHiddenFilesSkipped: editors' lock and backup files beside pages are
// not pages.
func TestHiddenFilesSkipped(t *testing.T) {
	s := mustLoad(t, map[string]string{
		"content/pages/.md":          front("title: P"),
		"content/pages/.#notes.md":   "not even front matter",
		"content/pages/#notes.md#":   "emacs autosave",
		"content/packs/.draft.md":    "---\nbroken",
		"content/pages/real-page.md": front("title: Real"),
	})
	if len(s.Pages) != 1 || s.Pages[0].Slug != "real-page" || len(s.Packs) != 0 {
		t.Errorf("pages %d, packs %d", len(s.Pages), len(s.Packs))
	}
}

// TestTextChecks: seeds that reorder as they print, over-long values and
// control characters in bodies are refused at their line.
func TestTextChecks(t *testing.T) {
	long := strings.Repeat("x", 201)
	for _, c := range []struct {
		files map[string]string
		want  string
	}{
		{map[string]string{"content/packs/x.md": front("title: P", "system: "+systemID, "seed: abc\u202edef", "encounters: raid")},
			"content/packs/x.md:4: seed holds a right-to-left control character"},
		{map[string]string{"content/packs/x.md": front("title: P", "system: "+systemID, "seed: "+long, "encounters: raid")},
			"content/packs/x.md:4: seed of 201 characters: at most 200"},
		{map[string]string{"content/pages/p.md": front("title: " + long)},
			"content/pages/p.md:2: title of 201 characters: at most 200"},
		{map[string]string{"content/pages/p.md": front("title: P") + "ok\nbell \a here\n"},
			"content/pages/p.md:6: a control character"},
		{map[string]string{"content/pages/p.md": front("title: P", "summary: x\uFFFEy")},
			"content/pages/p.md:3: summary holds a control character: use printable text"},
		{map[string]string{site.ConfigFile: "title: T\ntagline: a\x1bb\n"},
			"sortie.conf:2: tagline holds a control character: use printable text"},
		// Goldmark's work grows with the square of the nesting: 300 KB of
		// ">" took 51 times a whole build.
		{map[string]string{"content/pages/p.md": front("title: P") + "> quoted\n> > twice\n" + strings.Repeat(">", 300000) + "\n"},
			"content/pages/p.md:7: blockquotes and lists nested 300000 deep: at most 10"},
		{map[string]string{"content/pages/p.md": front("title: P") + strings.Repeat("> ", 11) + "deep\n"},
			"content/pages/p.md:5: blockquotes and lists nested 11 deep: at most 10"},
	} {
		_, err := load(t, c.files)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
	// List markers between quotes nest too, and are counted with them.
	for _, line := range []string{strings.Repeat("> - ", 6), strings.Repeat("- > ", 6) + "x", strings.Repeat("1. ", 11) + "x", strings.Repeat("- ", 11) + "x"} {
		if _, err := load(t, map[string]string{"content/pages/p.md": front("title: P") + "fine\n\n" + line + "\n"}); err == nil || !strings.Contains(err.Error(), "content/pages/p.md:7: blockquotes and lists nested") {
			t.Errorf("%q: error %v, want one at line 7", line, err)
		}
	}
	// A thematic break of many markers is one rule, not lists.
	for _, line := range []string{strings.Repeat("- ", 40), strings.Repeat("* ", 40) + "*", "> " + strings.Repeat("_ ", 40), "- " + strings.Repeat("*", 50)} {
		if _, err := load(t, map[string]string{"content/pages/p.md": front("title: P") + line + "\n"}); err != nil {
			t.Errorf("%q: %v", line, err)
		}
	}
	// Ten levels of quotes are fine.
	if _, err := load(t, map[string]string{"content/pages/p.md": front("title: P") + strings.Repeat("> ", 10) + "deep\n"}); err != nil {
		t.Error(err)
	}
	// Right-to-left text itself is fine in a title.
	if _, err := load(t, map[string]string{"content/pages/p.md": front("title: \u05e9\u05dc\u05d5\u05dd")}); err != nil {
		t.Error(err)
	}
}

// TestNothingSkipped: whatever a site holds under content/ is read, or
// reported at its path: an error for what was surely meant as content, a
// warning for other files. Hidden files and editors' lock and backup
// files alone pass without a word.
func TestNothingSkipped(t *testing.T) {
	ok := map[string]string{
		"content/pages/p.md": front("title: P"),
	}
	for _, c := range []struct {
		file, want string
		warning    bool
	}{
		{"content/other/page.md", "content/other: a folder Sortie does not read (content/ holds pages/, packs/, campaigns/, series/ and systems/): rename it or move it out of content/", false},
		{"content/pages/sub/nested.md", "content/pages/sub: a folder inside pages/: Sortie reads only the .md files directly in it; move its pages up", false},
		{"content/pages/q.markdown", "content/pages/q.markdown: a Markdown file Sortie does not read: pages/ reads *.md; rename it q.md", false},
		{"content/packs/Q.MD", "content/packs/Q.MD: a Markdown file Sortie does not read: packs/ reads *.md; rename it Q.md", false},
		{"content/about.md", "content/about.md: a Markdown file Sortie does not read: content/ holds one page, index.md; move it to content/pages/", false},
		{"content/systems/" + systemID + "/extra/more.rules", "content/systems/" + systemID + "/extra: a folder inside a rule system's folder: Sortie reads only the index.md and .rules files directly in it", false},
		{"content/systems/" + systemID + "/more.RULES", "content/systems/" + systemID + "/more.RULES: a rules file Sortie does not read: rename it more.rules", false},
		{"content/systems/" + systemID + "/notes.md", "content/systems/" + systemID + "/notes.md: a Markdown file Sortie does not read: a rule system's folder has one page, index.md", false},
		{"content/systems/other/index.md", `content/systems/other: no rule system "other": a system's folder needs its .rules files, one with its system table (docs/data.md)`, false},
		{"content/pages/loose.rules", "content/pages/loose.rules: a rules file Sortie does not read: rule data goes in content/systems/<id>/*.rules", false},
		{"content/pages/notes.txt", "content/pages/notes.txt: not read: a build copies no files from content/", true},
		{"content/systems/" + systemID + "/README", "content/systems/" + systemID + "/README: not read: a build copies no files from content/", true},
		{"content/logo.png", "content/logo.png: not read: a build copies no files from content/", true},
	} {
		files := maps.Clone(ok)
		files[c.file] = "x"
		s, err := load(t, files)
		switch {
		case c.warning && err != nil:
			t.Errorf("%s: %v, want a warning", c.file, err)
		case c.warning && !slices.Equal(s.Warnings, []string{c.want}):
			t.Errorf("%s: warnings %q, want %q", c.file, s.Warnings, c.want)
		case !c.warning && (err == nil || err.Error() != c.want):
			t.Errorf("%s: error %v, want %q", c.file, err, c.want)
		}
	}
	quiet := maps.Clone(ok)
	for _, f := range []string{"content/pages/.#p.md", "content/pages/p.md~", "content/pages/#p.md#", "content/.DS_Store", "content/.git/config", "content/systems/" + systemID + "/.#x.rules", "content/packs/x.md~"} {
		quiet[f] = "\x00 not read"
	}
	s := mustLoad(t, quiet)
	if len(s.Warnings) != 0 || len(s.Pages) != 1 {
		t.Errorf("warnings %q, %d pages; want none and 1", s.Warnings, len(s.Pages))
	}
	// series/ is a known folder: its pages are read by the monthly series.
	if _, err := load(t, map[string]string{"content/series/monthly.md": seriesFile()}); err != nil {
		t.Errorf("content/series/: %v", err)
	}
}

// TestRawHTMLWarned: raw HTML, which the site drops, is a warning at its
// file and line.
func TestRawHTMLWarned(t *testing.T) {
	s := mustLoad(t, map[string]string{
		"content/pages/p.md": front("title: P") + "Some <b>bold</b> text.\n\n<div>\nblock\n</div>\n\n<https://example.com> is a link.\n",
	})
	want := []string{
		"content/pages/p.md:5: raw HTML is dropped from the page: write it in Markdown",
		"content/pages/p.md:7: raw HTML is dropped from the page: write it in Markdown",
	}
	if !slices.Equal(s.Warnings, want) {
		t.Errorf("warnings %q, want %q", s.Warnings, want)
	}
}

// TestCommentWarned: text after " #" is a YAML comment; as the flat
// format read it as part of the value, a comment after a value warns.
func TestCommentWarned(t *testing.T) {
	s := mustLoad(t, map[string]string{
		"content/packs/x.md": front("title: P", "system: "+systemID, "seed: orcs #2", "encounters: raid"),
	})
	want := []string{`content/packs/x.md:4: seed: the text after " #" is a YAML comment, not part of the value "orcs": quote the value if it belongs to it`}
	if !slices.Equal(s.Warnings, want) {
		t.Errorf("warnings %q, want %q", s.Warnings, want)
	}
}
