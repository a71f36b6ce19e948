package pwa_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
	"github.com/sortie-wargames/sortie/generator/browsertest"
	"github.com/sortie-wargames/sortie/generator/pwa"
)

// playSite is a small site with every page play state is kept on: a pack
// of Sword & Spear battles (unit cards with hit boxes), a pack of 2d6
// Sword & Sorcery encounters (PEFs, sealed in order), a short campaign
// and a monthly series; no booklets, so it builds in a moment.
func playSite(t *testing.T, offline bool) string {
	t.Helper()
	dir := t.TempDir()
	conf := "title: Play Test\npaper: none\n"
	if !offline {
		conf += "offline: false\n"
	}
	files := map[string]string{
		"sortie.conf":                 conf,
		"content/index.md":            "---\ntitle: Welcome\n---\nHello.\n",
		"content/packs/battles.md":    "---\ntitle: Battles\nsystem: sword-and-spear-fantasy\nseed: play-2\nencounters: battle 1\nrecruits: human-kingdom\n---\nCards.\n",
		"content/packs/raids.md":      "---\ntitle: Raids\nsystem: 2d6-sword-and-sorcery\nseed: play-1\nencounters: explore, raid\n---\nPEFs.\n",
		"content/campaigns/road.md":   "---\ntitle: Short Road\nsystem: 2d6-sword-and-sorcery\nseed: play-3\nsteps: 2\n---\nA short campaign.\n",
		"content/series/monthly.md":   "---\ntitle: Monthly\nsystem: swordplay\nseed: play-4\nencounters: patrol\nstart: 2026-10\nrecruits: feudal\nenemies: orcs\n---\nMonthly.\n",
		"content/pages/nothing-to.md": "---\ntitle: Notes\n---\nNothing to play here.\n",
	}
	writeTree(t, dir, files)
	return dir
}

// render builds a site in memory, its pages by path.
func render(t *testing.T, source string) map[string][]byte {
	t.Helper()
	files, _, err := generator.Render(generator.Options{Source: source, Month: "2026-11", Systems: systems.Builtin()})
	if err != nil {
		t.Fatal(err)
	}
	m := map[string][]byte{}
	for _, f := range files {
		m[f.Path] = f.Data
	}
	return m
}

var (
	idAttr   = regexp.MustCompile(`\sid="([^"]+)"`)
	boxID    = regexp.MustCompile(`<input type="checkbox" class="box" id="([^"]+)"`)
	pefID    = regexp.MustCompile(`<details class="pef" id="([^"]+)"`)
	playDiv  = regexp.MustCompile(`<div class="play"([^>]*)></div>`)
	dataAttr = regexp.MustCompile(`data-([a-z-]+)="([^"]*)"`)
)

func ids(re *regexp.Regexp, page []byte) []string {
	var out []string
	for _, m := range re.FindAllSubmatch(page, -1) {
		out = append(out, string(m[1]))
	}
	return out
}

// TestPlayHooks: the build gives every hit box and sealed item of a page
// an id of its own, the same in two builds; each page played from loads
// state.js and carries an empty .play element (the script fills it, so
// without JavaScript the page shows nothing new), whose data the script
// reads: a campaign's page and entries name the campaign's page, and an
// entry's address made from data-entry-href is a page of the build; the
// series page names the month it shows, whose page has the same ids. A
// site with offline: false has no script and no .play element.
func TestPlayHooks(t *testing.T) {
	source := playSite(t, true)
	site, again := render(t, source), render(t, source)
	if site[pwa.State] == nil || !bytes.Contains(site[pwa.State], []byte(`const FORMAT = "sortie-play-state";`)) {
		t.Fatalf("the build wrote no %s, or not Sortie's", pwa.State)
	}
	played := map[string]bool{}
	var boxes, pefs int
	for p, data := range site {
		if path.Ext(p) != ".html" {
			continue
		}
		if !bytes.Equal(data, again[p]) {
			t.Errorf("%s: two builds differ", p)
		}
		seen := map[string]bool{}
		for _, id := range ids(idAttr, data) {
			if seen[id] {
				t.Errorf("%s: the id %s is used twice", p, id)
			}
			seen[id] = true
		}
		b, s := ids(boxID, data), ids(pefID, data)
		boxes += len(b)
		pefs += len(s)
		div := playDiv.FindSubmatch(data)
		script := bytes.Contains(data, []byte(`src="`+strings.Repeat("../", strings.Count(p, "/"))+pwa.State+`"`))
		if (len(b) > 0 || len(s) > 0) && (div == nil || !script) {
			t.Errorf("%s: %d boxes and %d sealed items, but no .play element (%v) or no script (%v)", p, len(b), len(s), div != nil, script)
		}
		if div == nil {
			if script {
				t.Errorf("%s: loads %s with no .play element", p, pwa.State)
			}
			continue
		}
		played[p] = true
		attrs := map[string]string{}
		for _, m := range dataAttr.FindAllSubmatch(div[1], -1) {
			attrs[string(m[1])] = string(m[2])
		}
		if c, ok := attrs["campaign"]; ok {
			if site[c] == nil || path.Dir(c) != path.Dir(p) {
				t.Errorf("%s: data-campaign %q is not its campaign's page", p, c)
			}
			for n := 1; n <= 3; n++ {
				e := path.Join(path.Dir(p), strings.Replace(attrs["entry-href"], "#", fmt.Sprint(n), 1))
				if site[e] == nil {
					t.Errorf("%s: data-entry-href %q gives %s for entry %d, which the build does not have", p, attrs["entry-href"], e, n)
				}
			}
			if attrs["entries"] != "3" || attrs["notes"] != "Notes (losses, recruits, changes)" {
				t.Errorf("%s: data-entries %q, data-notes %q: want 3 and the booklet's log's column", p, attrs["entries"], attrs["notes"])
			}
			if n, ok := attrs["entry"]; ok && p != path.Join(path.Dir(p), "entry-"+n+".html") {
				t.Errorf("%s: data-entry %q", p, n)
			}
		}
		if m, ok := attrs["page"]; ok {
			if site[m] == nil || !slices.Equal(ids(pefID, site[m]), s) || len(s) == 0 {
				t.Errorf("%s shows %s (data-page), whose sealed items %q are not its own %q", p, m, ids(pefID, site[m]), s)
			}
		}
	}
	for _, p := range []string{"packs/battles/encounter-1.html", "packs/raids/encounter-1.html", "campaigns/road/index.html",
		"campaigns/road/entry-1.html", "series/monthly/index.html", "series/monthly/2026-11.html"} {
		if !played[p] {
			t.Errorf("%s has no .play element", p)
		}
	}
	if played["index.html"] || played["pages/nothing-to.html"] || played["packs/raids/index.html"] {
		t.Error("a page with nothing to play loads the play state")
	}
	if boxes < 10 || pefs < 6 {
		t.Errorf("the site has %d hit boxes and %d sealed items: too few to test", boxes, pefs)
	}
	if !bytes.Contains(site["campaigns/road/index.html"], []byte(`<a id="entry-1" href="entry-1.html" data-entry="1">`)) {
		t.Error("the campaign's list of entries does not number its links for the script")
	}

	off := render(t, playSite(t, false))
	if off[pwa.State] != nil {
		t.Errorf("offline: false wrote %s", pwa.State)
	}
	for p, data := range off {
		if path.Ext(p) == ".html" && (bytes.Contains(data, []byte(pwa.State)) || playDiv.Match(data)) {
			t.Errorf("offline: false: %s loads the play state", p)
		}
	}
}

// player is the Chromium that testdata/play.mjs drives.
type player struct {
	t *testing.T
	s *browsertest.Script
}

func startPlayer(t *testing.T) *player {
	t.Helper()
	return &player{t: t, s: browsertest.Start(t, "testdata/play.mjs", "../../.ci/axe", "playwright-core", "axe-core")}
}

// do sends one command and decodes its answer into v (nil: none wanted);
// an answer with an error fails the test.
func (p *player) do(v any, cmd map[string]string) {
	p.t.Helper()
	line, err := json.Marshal(cmd)
	if err != nil {
		p.t.Fatal(err)
	}
	ans := p.s.Ask(string(line), string(line), 120*time.Second)
	var e struct{ Error string }
	if err := json.Unmarshal([]byte(ans), &e); err != nil {
		p.t.Fatalf("%s: %v: %s", line, err, ans)
	}
	if e.Error != "" {
		p.t.Fatalf("%s: %s", line, e.Error)
	}
	if v != nil {
		if err := json.Unmarshal([]byte(ans), v); err != nil {
			p.t.Fatalf("%s: %v: %s", line, err, ans)
		}
	}
}

// visit opens a page and fails the test if it does not load or a script
// on it throws.
func (p *player) visit(u string) {
	p.t.Helper()
	p.loaded(u, map[string]string{"do": "visit", "url": u})
}

func (p *player) reload() {
	p.t.Helper()
	p.loaded("reload", map[string]string{"do": "reload"})
}

func (p *player) loaded(what string, cmd map[string]string) {
	p.t.Helper()
	var v struct {
		Status int
		H1     string
		Errors []string
	}
	p.do(&v, cmd)
	if (v.Status != 200 && v.Status != 0) || v.H1 == "" || len(v.Errors) > 0 {
		p.t.Fatalf("%s: HTTP %d, h1 %q, script errors %q", what, v.Status, v.H1, v.Errors)
	}
}

// eval returns the value of a JavaScript expression in the page, as JSON.
func (p *player) eval(js string) string {
	p.t.Helper()
	var v struct{ Value json.RawMessage }
	p.do(&v, map[string]string{"do": "eval", "js": js})
	return string(v.Value)
}

func (p *player) click(sel string) {
	p.t.Helper()
	p.do(nil, map[string]string{"do": "click", "selector": sel})
}

// status is what the play panel last said.
func (p *player) status() string {
	p.t.Helper()
	var s string
	json.Unmarshal([]byte(p.eval(`document.querySelector(".play-status").textContent`)), &s)
	return s
}

// stored is the play state as this browser keeps it.
func (p *player) stored() string {
	p.t.Helper()
	var s *string
	json.Unmarshal([]byte(p.eval(`localStorage.getItem("sortie play /")`)), &s)
	if s == nil {
		return ""
	}
	return *s
}

// axe runs axe-core on the page as it is, and fails the test on what
// TestAccessibility (generator/web) fails on: a serious or critical
// violation, or heading-order.
func (p *player) axe(what string) {
	p.t.Helper()
	var r struct {
		Violations []struct {
			ID, Impact string
			Nodes      []string
		}
	}
	p.do(&r, map[string]string{"do": "axe"})
	for _, v := range r.Violations {
		if v.Impact == "serious" || v.Impact == "critical" || v.ID == "heading-order" {
			p.t.Errorf("axe, %s: %s %s at %q", what, v.Impact, v.ID, v.Nodes)
		}
	}
}

// the page's state as the player sees it
const (
	ticked   = `JSON.stringify([...document.querySelectorAll("input.box")].filter(b => b.checked).map(b => b.id))`
	openNow  = `JSON.stringify([...document.querySelectorAll("details.pef")].filter(d => d.open).map(d => d.id))`
	logRows  = `JSON.stringify([...document.querySelectorAll(".play-log tbody tr")].map(r => [...r.cells].slice(0, 4).map(c => c.textContent)))`
	place    = `document.querySelector(".play-place").textContent`
	current  = `JSON.stringify([...document.querySelectorAll("a[aria-current=step]")].map(a => a.dataset.entry))`
	warning  = `(document.querySelector(".play-ask") || {}).textContent || ""`
	exported = `.play-panel button:has-text("Export play state")`
)

func (p *player) want(what, js, want string) {
	p.t.Helper()
	if got := p.eval(js); got != want {
		p.t.Errorf("%s: %s, want %s", what, got, want)
	}
}

// keepOf is the first figure and the first word a campaign's page offers
// its log (data-figures, data-words).
func keepOf(t *testing.T, page []byte) (figure, word string) {
	t.Helper()
	m := playDiv.FindSubmatch(page)
	if m == nil {
		t.Fatal("the campaign's page has no play panel")
	}
	var figures []string
	var words []struct{ Word, Meaning string }
	for _, a := range dataAttr.FindAllSubmatch(m[1], -1) {
		switch v := html.UnescapeString(string(a[2])); string(a[1]) {
		case "figures":
			json.Unmarshal([]byte(v), &figures)
		case "words":
			json.Unmarshal([]byte(v), &words)
		}
	}
	if len(figures) == 0 || len(words) == 0 || words[0].Meaning == "" {
		t.Fatalf("the campaign's page offers its log figures %q and words %v", figures, words)
	}
	return figures[0], words[0].Word
}

// TestPlayStateInBrowser plays the small site in headless Chromium at a
// phone's size, served on 127.0.0.1: ticks hit boxes (one by the
// keyboard), opens sealed items in order and one out of order (a warning
// asks first; "keep it closed" leaves it, "open anyway" opens it), marks
// a campaign's entry and writes a log line; after a reload all of it is
// still there, and the campaign's page shows the place and the log. The
// state exported as a file, the storage cleared and the file imported
// gives the same state. A bad file (not JSON, a wrong field, a newer
// version) is refused with a message naming what is wrong, and what was
// kept stays.
func TestPlayStateInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("opens a browser")
	}
	pl := startPlayer(t)
	out := filepath.Join(t.TempDir(), "public")
	files := render(t, playSite(t, true))
	writeTree(t, out, files)
	srv := serveDir(t, out, "127.0.0.1:0")
	defer srv.stop(t)
	base := srv.base()

	// Hit boxes: two ticked by a tap, one by the keyboard, one ticked
	// and unticked.
	battle := "packs/battles/encounter-1.html"
	boxes := ids(boxID, files[battle])
	if len(boxes) < 4 {
		t.Fatalf("%s has %d hit boxes", battle, len(boxes))
	}
	pl.visit(base + battle)
	pl.want("a new page's boxes", ticked, `"[]"`)
	pl.click("#" + boxes[0])
	pl.click("#" + boxes[3])
	pl.click("#" + boxes[1])
	pl.click("#" + boxes[1])
	var k struct{ Focused string }
	pl.do(&k, map[string]string{"do": "key", "selector": "#" + boxes[2], "key": " "})
	if k.Focused != boxes[2] {
		t.Errorf("the space bar on %s left the focus on %q", boxes[2], k.Focused)
	}
	boxesJSON, _ := json.Marshal([]string{boxes[0], boxes[2], boxes[3]}) // in the page's order
	wantBoxes := []string{boxes[0], boxes[2], boxes[3]}
	slices.Sort(wantBoxes) // as kept
	pl.want("boxes ticked", ticked, jsonString(t, string(boxesJSON)))

	// Sealed items in order.
	raid := "packs/raids/encounter-1.html"
	pefs := ids(pefID, files[raid])
	if len(pefs) < 3 {
		t.Fatalf("%s has %d sealed items", raid, len(pefs))
	}
	pl.visit(base + raid)
	pl.want("a new page's sealed items", openNow, `"[]"`)
	pl.click("#" + pefs[0] + " > summary")
	pl.want("item 1 opened", openNow, jsonString(t, `["`+pefs[0]+`"]`))
	pl.click("#" + pefs[2] + " > summary")
	if w := pl.eval(warning); !strings.Contains(w, "Item 2 comes before this one and is still closed") {
		t.Errorf("opening item 3 before 2: the warning %s", w)
	}
	pl.want("item 3 asked for", openNow, jsonString(t, `["`+pefs[0]+`"]`))
	pl.want("the warning's focus", `document.activeElement.textContent`, `"Keep 3 closed"`)
	pl.axe("the warning shown")
	pl.click(`.play-ask button:has-text("Keep 3 closed")`)
	pl.want("item 3 kept closed", openNow, jsonString(t, `["`+pefs[0]+`"]`))
	pl.want("the warning, answered", warning, `""`)
	pl.click("#" + pefs[2] + " > summary")
	pl.click(`.play-ask button:has-text("Open 3 anyway")`)
	pl.want("item 3 opened anyway", openNow, jsonString(t, `["`+pefs[0]+`","`+pefs[2]+`"]`))

	// The series page shows this month's encounter: an item opened there
	// is opened on the month's own page.
	series, month := "series/monthly/index.html", "series/monthly/2026-11.html"
	mpefs := ids(pefID, files[month])
	pl.visit(base + series)
	pl.click("#" + mpefs[0] + " > summary")
	pl.visit(base + month)
	pl.want("the month's page, item 1 opened on the series page", openNow, jsonString(t, `["`+mpefs[0]+`"]`))

	// A campaign: the entry marked, a line written.
	entry, camp := "campaigns/road/entry-2.html", "campaigns/road/index.html"
	pl.visit(base + entry)
	pl.want("a new campaign's place", place, `"No entry is marked as where you are."`)
	pl.click("#sortie-play-here")
	pl.want("the entry marked", `document.querySelector("#sortie-play-here").getAttribute("aria-pressed")`, `"true"`)
	pl.do(nil, map[string]string{"do": "select", "selector": "#sortie-play-result", "value": "success"})
	pl.do(nil, map[string]string{"do": "fill", "selector": "#sortie-play-notes", "text": "Lost one grunt; the Star is Rep 5 now."})
	pl.click(`.play-add button[type=submit]`)
	encounter := string(regexp.MustCompile(`data-encounter="([^"]*)"`).FindSubmatch(files[entry])[1])
	line := jsonString(t, `[["2",`+jsonQuote(encounter)+`,"Success","Lost one grunt; the Star is Rep 5 now."]]`)
	pl.want("the log", logRows, line)
	if s := pl.status(); s != "Line 1 is added to the log." {
		t.Errorf("after adding a line: %q", s)
	}
	pl.axe("an entry with its campaign's log")

	// Reloaded, every page shows what was done.
	pl.reload()
	pl.want("the entry, reloaded: the place", place, `"You are on this entry."`)
	pl.want("the entry, reloaded: the log", logRows, line)
	pl.visit(base + camp)
	pl.want("the campaign's page: the place", place, jsonString(t, "You are on entry 2: "+encounter+"."))
	pl.want("the campaign's page: the list marks the entry", current, `"[\"2\"]"`)
	pl.want("the campaign's page: the log", logRows, line)
	// There the form also says what happened to whom: the band's first
	// figure met the system's first word, kept with the line and shown
	// in its notes.
	figure, word := keepOf(t, files[camp])
	pl.want("the campaign's page: the first figure's select", `document.querySelector("label[for=sortie-play-fate-1]").textContent`, jsonQuote(figure))
	pl.do(nil, map[string]string{"do": "select", "selector": "#sortie-play-result", "value": "failure"})
	pl.do(nil, map[string]string{"do": "select", "selector": "#sortie-play-fate-1", "value": word})
	pl.click(`.play-add button[type=submit]`)
	line = jsonString(t, `[["2",`+jsonQuote(encounter)+`,"Success","Lost one grunt; the Star is Rep 5 now."],["2",`+jsonQuote(encounter)+`,"Failure",`+jsonQuote(word+": "+figure)+`]]`)
	pl.want("the campaign's page: the log with what happened to whom", logRows, line)
	pl.want("the form, added: every figure came through again", `document.querySelector("#sortie-play-fate-1").value`, `""`)
	pl.axe("the campaign's page, an entry marked")
	pl.visit(base + battle)
	pl.want("the battle, reloaded", ticked, jsonString(t, string(boxesJSON)))
	pl.visit(base + raid)
	pl.want("the raid, reloaded", openNow, jsonString(t, `["`+pefs[0]+`","`+pefs[2]+`"]`))

	// Export, clear, import: the same state.
	var file struct{ Name, Text string }
	pl.do(&file, map[string]string{"do": "download", "selector": exported})
	before := pl.stored()
	if file.Name != "sortie-play-state.json" || !sameJSON(t, file.Text, before) {
		t.Fatalf("exported %s:\n%s\nwant what is kept:\n%s", file.Name, file.Text, before)
	}
	var st struct {
		Format    string
		Version   int
		Pages     map[string]struct{ Boxes, Opened []string }
		Campaigns map[string]struct {
			Current int
			Log     []map[string]any
		}
	}
	if err := json.Unmarshal([]byte(file.Text), &st); err != nil {
		t.Fatal(err)
	}
	if st.Format != "sortie-play-state" || st.Version != 1 || len(st.Pages) != 3 || !slices.Equal(st.Pages[battle].Boxes, wantBoxes) ||
		!slices.Equal(st.Pages[raid].Opened, []string{pefs[0], pefs[2]}) || !slices.Equal(st.Pages[month].Opened, mpefs[:1]) ||
		st.Campaigns[camp].Current != 2 || len(st.Campaigns[camp].Log) != 2 || st.Campaigns[camp].Log[0]["result"] != "success" ||
		st.Campaigns[camp].Log[0]["fates"] != nil || fmt.Sprint(st.Campaigns[camp].Log[1]["fates"]) != fmt.Sprintf("map[%s:[%s]]", word, figure) {
		t.Errorf("the exported state: %s", file.Text)
	}
	saved := filepath.Join(t.TempDir(), file.Name)
	if err := os.WriteFile(saved, []byte(file.Text), 0o644); err != nil {
		t.Fatal(err)
	}
	pl.eval(`localStorage.clear()`)
	pl.reload()
	pl.want("cleared", openNow, `"[]"`)
	pl.do(nil, map[string]string{"do": "upload", "selector": "#sortie-play-file", "file": saved})
	if s := pl.status(); !strings.HasPrefix(s, "Imported sortie-play-state.json: 3 pages and 1 campaign") {
		t.Errorf("after the import: %q", s)
	}
	if after := pl.stored(); !sameJSON(t, after, before) {
		t.Errorf("imported:\n%s\nwant as exported:\n%s", after, before)
	}
	pl.want("the raid, imported, at once", openNow, jsonString(t, `["`+pefs[0]+`","`+pefs[2]+`"]`))
	pl.visit(base + battle)
	pl.want("the battle, imported", ticked, jsonString(t, string(boxesJSON)))

	// Bad files: a clear message, and nothing lost.
	bad := []struct{ name, data, says string }{
		{"notes.json", "my notes, not JSON", "Not imported: notes.json is not JSON ("},
		{"wrong.json", `{"format": "sortie-play-state", "version": 1, "pages": {"` + raid + `": {"boxes": "e1"}}}`,
			`Not imported: wrong.json is not a play state: pages["` + raid + `"].boxes is not a list. Nothing kept here was changed.`},
		{"other.json", `{"name": "a character sheet"}`, `Not imported: other.json is not a play state: the file does not say "format": "sortie-play-state"`},
		{"newer.json", `{"format": "sortie-play-state", "version": 2}`, `"version" 2 is newer than this site reads (1)`},
		{"line.json", `{"format": "sortie-play-state", "version": 1, "campaigns": {"` + camp + `": {"log": [{"entry": 1, "result": "won"}]}}}`,
			`campaigns["` + camp + `"].log[0].result is not "success", "failure" or ""`},
		{"fates.json", `{"format": "sortie-play-state", "version": 1, "campaigns": {"` + camp + `": {"log": [{"entry": 1, "result": "success", "fates": {"out": "Bera"}}]}}}`,
			`campaigns["` + camp + `"].log[0].fates["out"] is not a list of names`},
		{"word.json", `{"format": "sortie-play-state", "version": 1, "campaigns": {"` + camp + `": {"log": [{"entry": 1, "fates": {"Out of it": ["Bera"]}}]}}}`,
			`campaigns["` + camp + `"].log[0].fates["Out of it"] is not a word of what happened`},
		{"name.json", `{"format": "sortie-play-state", "version": 1, "campaigns": {"` + camp + `": {"log": [{"entry": 1, "fates": {"out": ["Bera", 3]}}]}}}`,
			`campaigns["` + camp + `"].log[0].fates["out"][1] is not a figure's name`},
		{"kept.json", `{"format": "sortie-play-state", "version": 1, "campaigns": {"` + camp + `": {"file": ["system: swordplay"]}}}`,
			`campaigns["` + camp + `"].file is not a campaign file's text`},
	}
	for _, b := range bad {
		f := filepath.Join(t.TempDir(), b.name)
		if err := os.WriteFile(f, []byte(b.data), 0o644); err != nil {
			t.Fatal(err)
		}
		pl.do(nil, map[string]string{"do": "upload", "selector": "#sortie-play-file", "file": f})
		if s := pl.status(); !strings.Contains(s, b.says) || !strings.HasSuffix(s, "Nothing kept here was changed.") {
			t.Errorf("importing %s: %q, want it to say %q", b.name, s, b.says)
		}
		if after := pl.stored(); !sameJSON(t, after, before) {
			t.Errorf("importing %s changed what was kept:\n%s", b.name, after)
		}
		pl.want("the battle, after importing "+b.name, ticked, jsonString(t, string(boxesJSON)))
	}
	pl.axe("hit boxes ticked, a file refused")

	// Clearing a page asks first, and forgets that page alone.
	pl.click(`.play-panel button:has-text("Clear this page")`)
	pl.click(`.play-ask button:has-text("Keep them")`)
	pl.want("the battle, clearing it declined", ticked, jsonString(t, string(boxesJSON)))
	pl.click(`.play-panel button:has-text("Clear this page")`)
	pl.click(`.play-ask button:has-text("Yes, clear it")`)
	pl.want("the battle, cleared", ticked, `"[]"`)
	var left struct{ Pages map[string]any }
	if err := json.Unmarshal([]byte(pl.stored()), &left); err != nil || left.Pages[battle] != nil || left.Pages[raid] == nil {
		t.Errorf("kept after clearing %s: %s (%v)", battle, pl.stored(), err)
	}

	// A host that serves pages without ".html" (Cloudflare Pages): the
	// raid's address without it is still the raid's state.
	pretty := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := filepath.Join(out, filepath.FromSlash(path.Clean(r.URL.Path)))
		if path.Ext(r.URL.Path) == "" {
			p += ".html"
		}
		http.ServeFile(w, r, p)
	}))
	defer pretty.Close()
	pl.visit(pretty.URL + "/" + strings.TrimSuffix(raid, ".html")) // another port: another origin, its storage empty
	pl.eval(`localStorage.setItem("sortie play /", ` + jsonQuote(before) + `)`)
	pl.reload()
	pl.want("the raid without .html", openNow, jsonString(t, `["`+pefs[0]+`","`+pefs[2]+`"]`))

	// Opened from the disk, the page plays too, and says nothing leaves.
	// (The disk is another origin: its storage starts empty.)
	pl.visit("file://" + filepath.ToSlash(filepath.Join(out, raid)))
	pl.click("#" + pefs[1] + " > summary")
	pl.want("from the disk, item 2 asked for first", openNow, `"[]"`)
	if w := pl.eval(warning); !strings.Contains(w, "Item 1 comes before this one") {
		t.Errorf("from the disk, opening item 2 first: the warning %s", w)
	}
	// By the keyboard: Enter on the first item's summary, then on the
	// second's, opens both, in order, with no warning.
	pl.do(nil, map[string]string{"do": "key", "selector": "#" + pefs[0] + " > summary", "key": "Enter"})
	pl.do(nil, map[string]string{"do": "key", "selector": "#" + pefs[1] + " > summary", "key": "Enter"})
	pl.want("from the disk, items 1 and 2 opened by the keyboard", openNow, jsonString(t, `["`+pefs[0]+`","`+pefs[1]+`"]`))
	pl.want("from the disk, in order: no warning", warning, `""`)
	if n := pl.eval(`document.querySelector(".play-panel .note").textContent`); !strings.Contains(n, "nothing leaves the device") {
		t.Errorf("the panel's note: %s", n)
	}
}

// jsonString is s as a JSON string: what eval gives for a string value.
func jsonString(t *testing.T, s string) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func jsonQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// sameJSON reports whether two JSON texts hold the same value.
func sameJSON(t *testing.T, a, b string) bool {
	t.Helper()
	var x, y any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return false
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return bytes.Equal(xa, ya)
}
