package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/series"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
	"github.com/sortie-wargames/sortie/generator/browsertest"
	"github.com/sortie-wargames/sortie/generator/site"
	"github.com/sortie-wargames/sortie/generator/web"
)

// axeDir holds playwright-core and axe-core (npm ci there).
const axeDir = "../../.ci/axe"

// page is testdata/page.mjs: Chromium on the Roll page.
type page struct {
	t *testing.T
	s *browsertest.Script
}

func startPage(t *testing.T) *page {
	t.Helper()
	return &page{t: t, s: browsertest.Start(t, "testdata/page.mjs", axeDir, "playwright-core", "axe-core")}
}

// do sends one command and decodes its answer into v.
func (p *page) do(v any, cmd map[string]any) {
	p.t.Helper()
	line, _ := json.Marshal(cmd)
	what := fmt.Sprint(cmd["cmd"])
	ans := p.s.Ask(what, string(line), 10*time.Minute)
	var e struct{ Error string }
	json.Unmarshal([]byte(ans), &e)
	if e.Error != "" {
		p.t.Fatalf("%s: %s", what, e.Error)
	}
	if err := json.Unmarshal([]byte(ans), v); err != nil {
		p.t.Fatalf("%s: %v: %.300s", what, err, ans)
	}
}

type opened struct {
	Status     int
	H1, Said   string
	Text       string
	Controlled bool
	Version    string
}

// tags matches an element's tag, for text: the tags html/template writes
// hold no ">" in their attributes (it writes "&gt;").
var tags = regexp.MustCompile(`<[^>]*>`)

// text is an HTML fragment's text, as the DOM's textContent reads it.
func text(h string) string { return html.UnescapeString(tags.ReplaceAllString(h, "")) }

// ask is one roll, by the address's query and the request it stands for.
type ask struct {
	search string
	req    request
}

// asks are the rolls the test makes: 22 for each built-in system, every
// encounter type in turn, with each of the system's enemy and recruit
// sources and, every fourth, a band size and a Star's Rep; then months of
// each series.
func asks(t *testing.T, r *roller, form *web.RollForm) []ask {
	var out []ask
	for _, s := range form.Systems {
		for i := range 22 {
			q := url.Values{"system": {s.ID}, "type": {s.Types[i%len(s.Types)].ID}, "seed": {fmt.Sprintf("page-%d", i)}}
			req := request{System: s.ID, Type: q.Get("type"), Seed: q.Get("seed"), Root: "../"}
			if n := len(s.Enemies); n > 0 && i%3 == 1 {
				req.Enemies = s.Enemies[i%n].ID
				q.Set("enemies", req.Enemies)
			}
			if n := len(s.Recruits); n > 0 && i%3 == 2 {
				req.Recruits = s.Recruits[i%n].ID
				q.Set("recruits", req.Recruits)
			}
			if i%4 == 3 && s.Band {
				req.Band = 2 + i%3
				q.Set("band", strconv.Itoa(req.Band))
			}
			if i%4 == 3 && s.Rep {
				req.StarRep = 4 + i%2
				q.Set("star-rep", strconv.Itoa(req.StarRep))
			}
			out = append(out, ask{"?" + q.Encode(), req})
		}
	}
	for _, s := range form.Series {
		var rs generator.RollSeries
		if err := json.Unmarshal([]byte(s.Data), &rs); err != nil {
			t.Fatal(err)
		}
		start, err := series.ParseMonth(s.Start)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []string{s.Start, (start + 1).String(), s.Latest} {
			q := url.Values{"series": {s.Slug}, "month": {m}}
			out = append(out, ask{"?" + q.Encode(), request{Series: &rs, Month: m, Root: "../"}})
		}
	}
	return out
}

// TestRollPageInBrowser builds the default site with its Roll page (no
// booklets), serves it on 127.0.0.1 and opens the Roll page in headless
// Chromium at a phone's size: a link with choices rolls at once; 110
// rolls across the five systems and months of the site's series, each
// asked as a link asks it, give the blocks this machine draws from the
// same code, byte for byte, and the page shows their text; the play
// sheets it prints for two seeds of every system, on both papers, are the
// bytes "sortie encounter --sheet" writes; the form, filled in and
// pressed, puts its choices in the address; the A4 button downloads the
// sheet; axe finds nothing; without JavaScript, and opened from the
// disk, it says what it needs and points to sortie encounter; and with
// the host stopped, the page opened again rolls from what the service
// worker kept.
func TestRollPageInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("opens a browser")
	}
	p := startPage(t)
	cli := buildCLI(t)
	base, out, srv := serveBuilt(t, generator.Options{Month: "2026-11", Systems: systems.Builtin(), Papers: []string{}})

	r, err := newRoller(generator.Version+"+devel", nil)
	if err != nil {
		t.Fatal(err)
	}
	form := rollForm(t, r)

	// A shared link rolls at once.
	first := url.Values{"system": {"2d6-sword-and-sorcery"}, "type": {"raid"}, "seed": {"goblin-hill"}}
	var o opened
	p.do(&o, map[string]any{"cmd": "open", "url": base + "?" + first.Encode()})
	want := r.roll(mustJSON(request{System: "2d6-sword-and-sorcery", Type: "raid", Seed: "goblin-hill", Root: "../"}))
	if o.Status != 200 || o.H1 != "Roll an encounter" || o.Said != "Rolled: "+want.Title+"." || o.Text != text(want.HTML) {
		t.Fatalf("the link rolled: %+v, want the encounter %q", o, want.Title)
	}
	if o.Version != generator.Version+"+devel" {
		t.Errorf("the engine's version %q, want %q (the sortie built beside it)", o.Version, generator.Version+"+devel")
	}

	// Every roll as a link asks it.
	all := asks(t, r, form)
	if len(all) < 100 {
		t.Fatalf("%d rolls, want 100 or more", len(all))
	}
	var searches []string
	for _, a := range all {
		searches = append(searches, a.search)
	}
	start := time.Now()
	var got struct {
		Rolls []struct{ HTML, Text, Error string }
	}
	p.do(&got, map[string]any{"cmd": "rolls", "searches": searches})
	t.Logf("%d rolls in the page in %s", len(all), time.Since(start).Round(time.Millisecond))
	if len(got.Rolls) != len(all) {
		t.Fatalf("%d answers for %d rolls", len(got.Rolls), len(all))
	}
	for i, a := range all {
		want := r.roll(mustJSON(a.req))
		g := got.Rolls[i]
		switch {
		case len(want.HTML) < 500:
			t.Errorf("%s: this machine drew %d bytes: %s", a.search, len(want.HTML), want.Error)
		case want.Error != "" || g.Error != "":
			t.Errorf("%s: the page said %q, this machine %q", a.search, g.Error, want.Error)
		case g.HTML != want.HTML:
			t.Errorf("%s: the page's blocks (%d bytes) are not this machine's (%d bytes)", a.search, len(g.HTML), len(want.HTML))
		case g.Text != text(want.HTML):
			t.Errorf("%s: the page shows other text than this machine's blocks hold", a.search)
		}
	}

	// The play sheets, against "sortie encounter --sheet".
	var sheetAsks []map[string]string
	var cliFiles []string
	for _, s := range form.Systems {
		for i, seed := range []string{"sheet-1", "sheet-2"} {
			typ := s.Types[i%len(s.Types)].ID
			for _, paper := range []string{"a4", "letter"} {
				q := url.Values{"system": {s.ID}, "type": {typ}, "seed": {seed}}
				sheetAsks = append(sheetAsks, map[string]string{"search": "?" + q.Encode(), "paper": paper})
				f := filepath.Join(t.TempDir(), "sheet.pdf")
				cmd := exec.Command(cli, "encounter", "--system", s.ID, "--type", typ, "--seed", seed, "--sheet", f, "--paper", paper)
				cmd.Env = append(os.Environ(), "SOURCE_DATE_EPOCH=")
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("sortie encounter --sheet: %v\n%s", err, out)
				}
				cliFiles = append(cliFiles, f)
			}
		}
	}
	start = time.Now()
	var sh struct {
		Sheets []struct {
			PDF          []byte
			Sheet, Error string
		}
	}
	p.do(&sh, map[string]any{"cmd": "sheets", "asks": sheetAsks})
	t.Logf("%d play sheets in the page in %s", len(sheetAsks), time.Since(start).Round(time.Millisecond))
	if len(sh.Sheets) != len(sheetAsks) {
		t.Fatalf("%d play sheets for %d asked", len(sh.Sheets), len(sheetAsks))
	}
	for i, a := range sheetAsks {
		cliPDF, err := os.ReadFile(cliFiles[i])
		if err != nil {
			t.Fatal(err)
		}
		g := sh.Sheets[i]
		if g.Error != "" || len(g.PDF) < 1000 || string(g.PDF) != string(cliPDF) {
			t.Errorf("%s on %s: the page's play sheet (%d bytes, %q) is not sortie encounter --sheet's (%d bytes)", a["search"], a["paper"], len(g.PDF), g.Error, len(cliPDF))
		}
	}

	// The form as a player fills it.
	var f struct{ Search, Said, Text string }
	p.do(&f, map[string]any{"cmd": "form", "what": "swordplay", "fields": map[string]string{"type": "raid-attack", "recruits": "feudal", "band": "5"}, "seed": "by hand"})
	wantQ := url.Values{"system": {"swordplay"}, "seed": {"by hand"}, "type": {"raid-attack"}, "band": {"5"}, "recruits": {"feudal"}}
	gotQ, _ := url.ParseQuery(strings.TrimPrefix(f.Search, "?"))
	byHand := r.roll(mustJSON(request{System: "swordplay", Type: "raid-attack", Seed: "by hand", Band: 5, Recruits: "feudal", Root: "../"}))
	if gotQ.Encode() != wantQ.Encode() || f.Text != text(byHand.HTML) {
		t.Errorf("the form pressed: address %q (want %q), said %q", f.Search, "?"+wantQ.Encode(), f.Said)
	}
	var dl struct{ Name, SHA256 string }
	p.do(&dl, map[string]any{"cmd": "download", "paper": "a4"})
	one, err := generator.RollOne(r.reg, "swordplay", "by hand", "raid-attack", engine.Options{BandSize: 5, Recruits: "feudal"})
	if err != nil {
		t.Fatal(err)
	}
	pdf, err := one.PlaySheet("a4", time.Unix(0, 0), generator.Version+"+devel")
	if err != nil {
		t.Fatal(err)
	}
	if s := sha256.Sum256(pdf); dl.Name != "swordplay-raid-attack-by-hand-a4.pdf" || dl.SHA256 != hex.EncodeToString(s[:]) {
		t.Errorf("the A4 button downloaded %s (sha256 %s), want swordplay-raid-attack-by-hand-a4.pdf, this machine's sheet", dl.Name, dl.SHA256)
	}

	// axe-core on the page, rolled.
	var ax struct {
		Violations []struct {
			ID, Impact, Help string
			Nodes            []struct{ HTML string }
		}
	}
	p.do(&ax, map[string]any{"cmd": "axe"})
	for _, v := range ax.Violations {
		for _, n := range v.Nodes {
			t.Errorf("axe: %s %s (%s) at %s", v.Impact, v.ID, v.Help, n.HTML)
		}
	}

	// Without JavaScript, and opened from the disk, the page says what it
	// needs and where else to roll.
	var pl struct {
		Says     []string
		Disabled bool
	}
	p.do(&pl, map[string]any{"cmd": "plain", "url": base, "js": false})
	if len(pl.Says) != 1 || !strings.HasPrefix(pl.Says[0], "This page needs JavaScript") || !strings.Contains(pl.Says[0], "sortie encounter") || !pl.Disabled {
		t.Errorf("without JavaScript: %+v, want one note naming sortie encounter, and the form disabled", pl)
	}
	p.do(&pl, map[string]any{"cmd": "plain", "url": "file://" + filepath.ToSlash(filepath.Join(out, filepath.FromSlash(web.RollPage))), "js": true})
	if len(pl.Says) != 1 || !strings.HasPrefix(pl.Says[0], "Opened from the disk") || !strings.Contains(pl.Says[0], "sortie encounter") || !pl.Disabled {
		t.Errorf("from the disk: %+v, want one note naming sortie encounter, and the form disabled", pl)
	}

	// Offline: the worker kept the engine; with the host stopped, a link
	// rolls.
	var k struct{ Kept bool }
	p.do(&k, map[string]any{"cmd": "kept"})
	if !k.Kept {
		t.Fatal("the service worker did not keep sortie.wasm")
	}
	srv.Close()
	if res, err := (&http.Client{Timeout: 5 * time.Second}).Get(base); err == nil {
		res.Body.Close()
		t.Fatal("the stopped host still answers")
	}
	second := url.Values{"system": {"two-page-skirmish"}, "seed": {"offline"}}
	p.do(&o, map[string]any{"cmd": "open", "url": base + "?" + second.Encode()})
	want = r.roll(mustJSON(request{System: "two-page-skirmish", Seed: "offline", Root: "../"}))
	if o.Status != 200 || o.Said != "Rolled: "+want.Title+"." || o.Text != text(want.HTML) {
		t.Errorf("offline, a link: %+v, want the encounter %q", o, want.Title)
	}
}

// rollForm is the default site's Roll page's form.
func rollForm(t *testing.T, r *roller) *web.RollForm {
	t.Helper()
	s, err := site.Load(content.FS, site.ConfigFile, ".", "content/", r.reg)
	if err != nil {
		t.Fatal(err)
	}
	f, err := generator.RollForm(r.reg, s.Series, "2026-11")
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Systems) != 5 || len(f.Series) != 1 {
		t.Fatalf("the default site's Roll page offers %d systems and %d series: want all five built-in systems and its series", len(f.Systems), len(f.Series))
	}
	return f
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
