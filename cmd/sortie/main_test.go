package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func sortie(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, &out, &errb, testHost())
	return out.String(), errb.String(), code
}

const sys = "--system=2d6-sword-and-sorcery"

func TestEncounterMarkdown(t *testing.T) {
	out, errs, code := sortie(t, "encounter", sys, "--type", "raid", "--seed", "goblin-hill")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{
		"# 2d6 Sword & Sorcery: Raid",
		"Seed `goblin-hill`",
		"## Your band",
		"| **1** | Star | Melee | 5 | 4 |",
		"## The enemy: Enemy table",
		"The second PEF you resolve (the camp)",
		"No roll: the camp is always contact.",
		"PEF Resolution: 2d6 vs 4 = ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	again, _, _ := sortie(t, "encounter", sys, "--type", "raid", "--seed", "goblin-hill")
	if again != out {
		t.Error("same seed, different output")
	}
}

func TestEncounterJSON(t *testing.T) {
	out, _, code := sortie(t, "encounter", sys, "--type", "defend", "--seed", "s", "--format", "json", "--band", "3", "--enemies", "elves-silver")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var e struct {
		Version   int
		Band      struct{ Figures []any }
		Encounter struct {
			System, Type, Seed, Stream string
			Blocks                     []struct {
				Kind, Title string
				Items       []struct{ Number int }
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &e); err != nil {
		t.Fatal(err)
	}
	enc := e.Encounter
	var enemy string
	var pefs int
	for _, b := range enc.Blocks {
		switch b.Kind {
		case "section":
			if strings.HasPrefix(b.Title, "The enemy") {
				enemy = b.Title
			}
		case "sealed":
			pefs = len(b.Items)
		}
	}
	if e.Version != 2 || enc.System != "2d6-sword-and-sorcery" || enc.Type != "defend" || enc.Seed != "s" || enc.Stream != "encounter/defend" ||
		len(e.Band.Figures) != 3 || enemy != "The enemy: Elves – Silver list" || pefs < 2 {
		t.Errorf("%+v (enemy %q, %d PEFs)", e, enemy, pefs)
	}
}

func TestMissingSeedIsPrinted(t *testing.T) {
	out, errs, code := sortie(t, "encounter", sys)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "sortie: no --seed given, so rolled seed cafe0123 (pass --seed cafe0123") {
		t.Errorf("stderr %q", errs)
	}
	if !strings.Contains(out, "Seed `cafe0123`") || !strings.Contains(out, ": Explore") {
		t.Errorf("output does not carry the seed or default to Explore:\n%s", out[:200])
	}
	same, _, _ := sortie(t, "encounter", sys, "--seed", "cafe0123")
	if same != out {
		t.Error("the printed seed does not roll the same encounter again")
	}
}

func TestCampaign(t *testing.T) {
	out, _, code := sortie(t, "campaign", sys, "--encounters", "12", "--seed", "summer")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"## 1. Explore (encounter 1 of 12)", "**Success: go to 2. Failure: go to 3.**", "## 33. Defend (encounter 12 of 12)", "The campaign ends here.", "New Recruits: 2d6 vs 5 = "} {
		if !strings.Contains(out, want) {
			t.Errorf("campaign lacks %q", want)
		}
	}
	js, _, code := sortie(t, "campaign", sys, "--encounters", "3", "--seed", "summer", "--format", "json")
	var c struct {
		Version int
		Nodes   []struct {
			Number int
			Links  []struct{ Label string }
		}
	}
	if code != 0 || json.Unmarshal([]byte(js), &c) != nil || len(c.Nodes) != 6 || c.Version != 2 || len(c.Nodes[0].Links) != 2 {
		t.Errorf("json campaign: exit %d, %+v", code, c)
	}
}

func TestTables(t *testing.T) {
	out, _, code := sortie(t, "tables", "2d6-sword-and-sorcery")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"## [2] Enemy · `enemy`", "## [2] PEF Resolution · `pef-resolution`", "| **11** | Veteran | Melee | 5 | 6 |", "## [2] PEF Resolution", "*Taken versus PEF Rep of 4*", "A 6 is always a failure.", "| **12** | Lizard Men | Melee | 4* | 4 |", "Sortie's decision: Lizard Men"} {
		if !strings.Contains(out, want) {
			t.Errorf("tables lack %q", want)
		}
	}
	js, _, code := sortie(t, "tables", "2d6-sword-and-sorcery", "--format", "json")
	var s struct {
		ID     string
		Tables []struct{ ID string }
	}
	if code != 0 || json.Unmarshal([]byte(js), &s) != nil || s.ID != "2d6-sword-and-sorcery" || len(s.Tables) != 34 {
		t.Errorf("json tables: exit %d, %+v", code, s)
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"encounter"}, []string{"sortie: no --system given", "sortie: hint: systems: 2d6-sword-and-sorcery"}},
		{[]string{"encounter", "--system", "sword-play"}, []string{`sortie: unknown system "sword-play"`, "sortie: hint:"}},
		{[]string{"encounter", sys, "--type", "ambush"}, []string{`unknown encounter type "ambush" (want explore, raid, defend)`}},
		{[]string{"encounter", sys, "--format", "pdf"}, []string{`unknown format "pdf"`}},
		{[]string{"encounter", sys, "--band", "9", "--seed", "x"}, []string{"band of 9 figures"}},
		{[]string{"campaign", sys, "--encounters", "0", "--seed", "x"}, []string{"campaign of 0 encounters"}},
		{[]string{"tables"}, []string{"accepts 1 arg"}},
		{[]string{"encounter", sys, "--source", "../../testdata/sites/broken"}, []string{"sortie: failed to load rule data", "my-armies.rules:2: table bandits: no row for a roll of 4"}},
		{[]string{"bogus"}, []string{`unknown command "bogus"`}},
		{[]string{"encounter", sys, "--band", "0"}, []string{"--band 0: want 1 or more figures"}},
		{[]string{"campaign", sys, "--star-rep", "0"}, []string{"--star-rep 0: want a Rep of 1 or more"}},
		{[]string{"encounter", sys, "--seed", ""}, []string{"--seed is empty", "hint: leave --seed out for a random seed"}},
		{[]string{"encounter", sys, "--seed", "a\nb"}, []string{"holds a control character"}},
		{[]string{"encounter", sys, "--seed", "\xff"}, []string{"--seed is not UTF-8 text"}},
		{[]string{"encounter", sys, "--source", "no/such/site"}, []string{"site directory no/such/site: not found"}},
	} {
		out, errs, code := sortie(t, c.args...)
		if code == 0 || out != "" {
			t.Errorf("%v: exit %d, stdout %q", c.args, code, out)
		}
		for _, w := range c.want {
			if !strings.Contains(errs, w) {
				t.Errorf("%v: stderr %q lacks %q", c.args, errs, w)
			}
		}
		for _, line := range strings.Split(strings.TrimSpace(errs), "\n") {
			if !strings.HasPrefix(line, "sortie: ") {
				t.Errorf("%v: stderr line without prefix: %q", c.args, line)
			}
		}
	}
}

// TestSkirmishSideOverlay: a site's .rules file in group army adds a
// Two-Page Skirmish side that --enemies can name.
func TestSkirmishSideOverlay(t *testing.T) {
	out, errs, code := sortie(t, "encounter", "--system", "two-page-skirmish", "--source", "../../testdata/sites/skirmish", "--enemies", "bandits", "--seed", "x")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "## The enemy: Bandits") || !strings.Contains(out, "| Bandit chief |") {
		t.Errorf("the site's side not used:\n%s", out)
	}
}

func TestSiteOverlay(t *testing.T) {
	out, errs, code := sortie(t, "encounter", sys, "--source", "../../testdata/sites/extra-army", "--enemies", "bandits", "--seed", "x")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "## The enemy: Bandits list") || !strings.Contains(out, "1d6 = ") {
		t.Errorf("user army list not used:\n%s", out)
	}
	// A Sword & Spear Fantasy army dropped into the same site is fielded.
	out, errs, code = sortie(t, "encounter", "--system", "sword-and-spear-fantasy", "--source", "../../testdata/sites/extra-army", "--enemies", "ogre-kingdom", "--seed", "x")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "## The enemy: The Ogre Kingdom") || !strings.Contains(out, "Ogre bulls 1") {
		t.Errorf("user Sword & Spear Fantasy army not used:\n%s", out)
	}
	// The override site replaces encounters.rules: Explore is Clear on 1-5.
	for i := range 40 {
		js, _, code := sortie(t, "encounter", sys, "--source", "../../testdata/sites/override", "--seed", string(rune('a'+i%26))+strings.Repeat("x", i/26), "--format", "json")
		var e struct {
			Encounter struct {
				Blocks []struct {
					Kind, Label, Result string
					Dice                struct{ Value int }
				}
			}
		}
		if code != 0 || json.Unmarshal([]byte(js), &e) != nil {
			t.Fatalf("exit %d", code)
		}
		found := false
		for _, b := range e.Encounter.Blocks {
			if b.Kind == "roll" && b.Label == "Explore Terrain" {
				found = true
				if (b.Dice.Value <= 5) != (b.Result == "Clear") {
					t.Fatalf("override not applied: %d gave %s", b.Dice.Value, b.Result)
				}
			}
		}
		if !found {
			t.Fatal("no terrain roll")
		}
	}
}

func TestHelpHasExamples(t *testing.T) {
	for _, cmd := range []string{"encounter", "campaign", "tables", "systems", "version", "build", "serve", "new site", "layouts", "layouts copy"} {
		out, _, code := sortie(t, append(strings.Fields(cmd), "--help")...)
		if code != 0 || !strings.Contains(out, "Examples:") || !strings.Contains(out, "sortie "+cmd) {
			t.Errorf("%s --help: exit %d, no examples:\n%s", cmd, code, out)
		}
	}
	out, _, _ := sortie(t, "version")
	if !strings.HasPrefix(out, "sortie ") {
		t.Errorf("version: %q", out)
	}
}

// testHost is the outside world as tests see it: a fixed seed and no
// environment.
func testHost() host {
	return host{
		newSeed: func() string { return "cafe0123" },
		getenv:  func(string) string { return "" },
		now:     func() time.Time { return time.Date(2026, 11, 15, 12, 0, 0, 0, time.UTC) },
	}
}

// TestBuildCommand: --out builds the built-in default site where it
// says. The pages alone (--paper none) show it; TestBuildWithoutSite
// builds the booklets, on Letter, once for both tests.
func TestBuildCommand(t *testing.T) {
	out := t.TempDir() + "/public"
	stdout, stderr, code := sortie(t, "build", "--out", out, "--paper", "none")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.HasPrefix(stdout, "sortie: built the built-in default site into "+out+": ") || !strings.Contains(stdout, " pages, 0 booklets") {
		t.Errorf("stdout %q", stdout)
	}
	for _, f := range []string{"index.html", "packs/marsh-and-ruin/index.html", "campaigns/the-long-road/index.html"} {
		if _, err := os.Stat(out + "/" + f); err != nil {
			t.Error(err)
		}
	}
	if pdfs, _ := filepath.Glob(out + "/packs/marsh-and-ruin/*.pdf"); len(pdfs) > 0 {
		t.Errorf("--paper none wrote booklets: %v", pdfs)
	}
}

func TestBuildCommandErrors(t *testing.T) {
	home := t.TempDir()
	for _, c := range []struct {
		args []string
		env  map[string]string
		want string
	}{
		{[]string{"build", "--out", t.TempDir(), "--paper", "legal"}, nil, `sortie: --paper "legal": want a4, letter, both or none`},
		{[]string{"build", "--out", t.TempDir(), "--paper", ""}, nil, `sortie: --paper "": want a4, letter, both or none`},
		{[]string{"build", "--out", t.TempDir(), "--impose", "fold"}, nil, `sortie: --impose "fold": want saddle or none`},
		{[]string{"build", "--out", t.TempDir()}, map[string]string{"SOURCE_DATE_EPOCH": "yesterday"}, `sortie: SOURCE_DATE_EPOCH "yesterday": want whole seconds`},
		{[]string{"build", "--out", t.TempDir()}, map[string]string{"SOURCE_DATE_EPOCH": "253402300800"}, `sortie: SOURCE_DATE_EPOCH "253402300800": want whole seconds`},
		{[]string{"build", "--out", home}, nil, "sortie: refusing to build into " + home + ": it is your home directory"},
		{[]string{"build", "--out", "/"}, nil, "sortie: refusing to build into /: it is the root of the file system"},
		{[]string{"build", "--source", t.TempDir(), "--out", t.TempDir()}, nil, "sortie.conf: missing"},
		{[]string{"build", "extra"}, nil, `sortie build takes no arguments, got "extra"`},
	} {
		h := testHost()
		h.home = home
		h.getenv = func(k string) string { return c.env[k] }
		var out, errb bytes.Buffer
		code := run(c.args, &out, &errb, h)
		if code != 1 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, errb.String(), c.want)
		}
	}
}

// TestBuildCommandDatesPDFs: SOURCE_DATE_EPOCH dates the PDFs. A small
// site of one pack shows it as well as the default site would.
func TestBuildCommandDatesPDFs(t *testing.T) {
	site := t.TempDir()
	for name, text := range map[string]string{
		"sortie.conf":           "title: Dated\npaper: a4\n",
		"content/packs/ford.md": "---\ntitle: Ford\nsystem: two-page-skirmish\nseed: dated\nencounters: skirmish\n---\n",
	} {
		p := filepath.Join(site, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := testHost()
	h.getenv = func(k string) string {
		if k == "SOURCE_DATE_EPOCH" {
			return "1700000000"
		}
		return ""
	}
	out := t.TempDir() + "/public"
	var o, e bytes.Buffer
	if code := run([]string{"build", "--source", site, "--out", out}, &o, &e, h); code != 0 {
		t.Fatalf("exit %d: %s", code, e.String())
	}
	data, err := os.ReadFile(out + "/packs/ford/ford-a4.pdf")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte("D:20231114221320")) {
		t.Error("the PDF is not dated from SOURCE_DATE_EPOCH (2023-11-14 22:13:20 UTC)")
	}
}

func TestSystems(t *testing.T) {
	out, _, code := sortie(t, "systems")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{
		"2d6-sword-and-sorcery\t2d6 Sword & Sorcery (encounters: explore, raid, defend)",
		"swordplay\tSwordplay (encounters: patrol, raid-attack, raid-defend)",
		"two-page-skirmish\tTwo-Page Skirmish Rules (encounters: skirmish)",
		"sword-and-spear-fantasy\tSword & Spear Fantasy (encounters: battle)",
		// The ids --enemies and --recruits take, with their titles,
		// under each system: no guessing.
		"2d6-sword-and-sorcery\t2d6 Sword & Sorcery (encounters: explore, raid, defend)\n  --enemies:\n    enemy               Enemy\n    creatures           a creature list, rolled for each contact\n",
		"    orcs                Orcs\n",
		"swordplay\tSwordplay (encounters: patrol, raid-attack, raid-defend)\n  --enemies and --recruits:\n    feudal    Feudal\n",
		"  --enemies and --recruits:\n    military    Military List\n",
		"    zulu-impi    Zulu Impi\n",
		"    restless-dead  The Restless Dead\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("systems lacks %q:\n%s", want, out)
		}
	}
}
