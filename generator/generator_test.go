package generator

import (
	"bytes"
	"flag"
	"github.com/sortie-wargames/sortie/engine/systems"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
)

var update = flag.Bool("update", false, "rewrite golden files")

// parallel: the slow tests call t.Parallel, so that two of them run at
// once (go test's -parallel, GOMAXPROCS) after the others: a build or a
// read-back leaves a core idle in its single-threaded stretches, and this
// package is the longest of make test. Those that build a site of their
// own from nothing but their own temporary folders (TestCorpus,
// TestSameBytesOnEveryCPU, TestReuse, TestReusePages,
// TestDecisionNotesPrinted, TestFoldedBooklets, TestFoldedVolumes,
// TestMonthlySeries, TestPrintOnDemand, TestQRCodesLeadToPages,
// TestSerialEqualsParallel), and three that read defaultPrint's build
// (TestProof, TestNuHTMLChecker, TestBuildIsReproducible): TestDefaultSite,
// sequential and early, makes that build first, on both cores, so none of
// them waits on it holding a slot. They read the package's flags and
// write only their own ratchet or golden file under -update.

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs; run go test -update and review the diff", path)
	}
}

func sorcery(t *testing.T) engine.System {
	t.Helper()
	reg, err := LoadSystems("", systems.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	sys, err := reg.Get("2d6-sword-and-sorcery")
	if err != nil {
		t.Fatal(err)
	}
	return sys
}

// TestGoldenMarkdown pins the Markdown of an encounter, a short campaign
// and the tables: what a player reads in the terminal.
func TestGoldenMarkdown(t *testing.T) {
	sys := sorcery(t)
	enc, err := Encounter(sys, "markdown", "raid", engine.Options{Enemies: "creatures"})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := EncounterMarkdown(&b, sys, enc); err != nil {
		t.Fatal(err)
	}
	golden(t, "encounter-raid.md", b.Bytes())

	c, err := campaign.Build(sys, "markdown", 3, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b.Reset()
	if err := CampaignMarkdown(&b, sys, c); err != nil {
		t.Fatal(err)
	}
	golden(t, "campaign-3.md", b.Bytes())

	b.Reset()
	if err := TablesMarkdown(&b, sys.Rules()); err != nil {
		t.Fatal(err)
	}
	golden(t, "tables.md", b.Bytes())
}

func TestLoadSystemsErrors(t *testing.T) {
	embedded := dataSource{content.FS, ".", "content/"}
	sys := func(id string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte("system " + id + "\nname X\nboard 12x12\nstar-rep 5\nfirst-encounter explore\n")}
	}
	for _, c := range []struct {
		name string
		fs   fstest.MapFS
		want string
	}{
		{"id differs from folder", fstest.MapFS{
			"systems/swordplay/system.rules": sys("sword-play"),
			"systems/swordplay/enc.rules":    {Data: []byte("table terrain\ntitle T\ndice 1d6\nread as-rolled\ncolumns Terrain:text\n| 1-6 | Clear |\nencounter explore\ntitle Explore\nobjective Win.\nterrain terrain\n")},
		}, `site/systems/swordplay/system.rules:1: system id "sword-play" does not match its folder "swordplay"`},
		{"duplicate table across embedded and site files", fstest.MapFS{
			"systems/2d6-sword-and-sorcery/mine.rules": {Data: []byte("table orcs\ntitle Orcs\ndice 1d6\nread as-rolled\ngroup army\ncolumns Type:text | Class:text | Rep:int | AC:int\n| 1-6 | Raw | Melee | 3 | 2 |\n")},
		}, "site/systems/2d6-sword-and-sorcery/mine.rules:1: table orcs defined twice (first at content/systems/2d6-sword-and-sorcery/armies.rules:"},
		{"a replaced file breaks a procedure's table", fstest.MapFS{
			"systems/2d6-sword-and-sorcery/enemies.rules": {Data: []byte("table enemy\ntitle Enemy\ndice 2d6\nread sum\ncolumns Type:text | Rep:int\n| 2-12 | Raw | 3 |\n")},
		}, `site/systems/2d6-sword-and-sorcery/enemies.rules:1: table enemy needs a column "Class"`},
		{"a creature row sends you to a table without figures", fstest.MapFS{
			"systems/2d6-sword-and-sorcery/more-creatures.rules": {Data: []byte("table creature-list-7\ntitle Seven\ndice 1d6\nread as-rolled\ncolumns Type:text | Class:text | Rep:int | AC:int | Only one:flag | List:ref\n| 1-6 | Odd | See List | x | x | | terrain |\n")},
			"systems/2d6-sword-and-sorcery/creatures.rules":      {Data: []byte("table creature-list\ntitle Creature List\ndice 1d6\nread as-rolled\ncolumns List:text | Table:ref\n| 1-6 | Seven | creature-list-7 |\n")},
			"systems/2d6-sword-and-sorcery/system.rules":         {Data: []byte("system 2d6-sword-and-sorcery\nname X\nboard 12x12\nstar-rep 5\nfirst-encounter explore\n")},
		}, `site/systems/2d6-sword-and-sorcery/more-creatures.rules:6: creature-list-7 row 1-6: "Odd" sends you to table terrain, which gives no figures`},
		{"an army list read versus a target", fstest.MapFS{
			"systems/2d6-sword-and-sorcery/mine.rules": {Data: []byte("table bandits\ntitle Bandits\ndice 2d6\nread pass\ntarget Rep\ngroup army\ncolumns Type:text | Class:text | Rep:int | AC:int\n| 0-2 | Raw | Melee | 3 | 2 |\n")},
		}, "site/systems/2d6-sword-and-sorcery/mine.rules:1: table bandits gives figures, so it must be read sum or as-rolled, not pass"},
		{"no PEFs on a terrain", fstest.MapFS{
			"systems/2d6-sword-and-sorcery/encounters.rules": {Data: []byte(strings.Replace(string(mustRead(t, "systems/2d6-sword-and-sorcery/encounters.rules")), "| Clear | 2 |", "| Clear | 0 |", 1))},
		}, "site/systems/2d6-sword-and-sorcery/encounters.rules:29: pef-count Clear: want 1 or more PEFs"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := loadSystems(systems.Builtin(), embedded, dataSource{c.fs, ".", "site/"})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v\nwant %q", err, c.want)
			}
		})
	}
}

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	b, err := content.FS.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDataOnlySystem: a system folder with tables and no procedures loads
// as data only, rolls nothing, and is no error.
func TestDataOnlySystem(t *testing.T) {
	site := fstest.MapFS{
		"systems/skirmish/system.rules": {Data: []byte("system skirmish\nname Skirmish\nqrs morale\n")},
		"systems/skirmish/play.rules":   {Data: []byte("table morale\ntitle Morale\ndice 2d6\nread pass\ntarget Rep\ncolumns Result:text\n| 2 | Carry on. |\n| 1 | Fall back. |\n| 0 | Rout. |\n")},
	}
	reg, err := loadSystems(systems.Builtin(), dataSource{content.FS, ".", "content/"}, dataSource{site, ".", "site/"})
	if err != nil {
		t.Fatal(err)
	}
	sys, err := reg.Get("skirmish")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := sys.(engine.Encounterer); ok {
		t.Error("a data-only system rolls encounters")
	}
	if _, err := Encounter(sys, "s", "", engine.Options{}); err == nil || !strings.Contains(err.Error(), "data only") {
		t.Errorf("encounter of a data-only system: %v", err)
	}
	var b bytes.Buffer
	if err := TablesMarkdown(&b, sys.Rules()); err != nil || !strings.Contains(b.String(), "## [2] Morale") {
		t.Errorf("tables: %v\n%s", err, b.String())
	}
}

func TestLoadSystemsMissingSite(t *testing.T) {
	// A site without content/systems adds nothing and is no error.
	reg, err := LoadSystems(t.TempDir(), systems.Builtin())
	if err != nil || len(reg.IDs()) != 5 {
		t.Fatalf("%v, %v", reg, err)
	}
}
