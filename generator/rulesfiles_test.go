package generator

import (
	"fmt"
	"io/fs"

	"github.com/sortie-wargames/sortie/content"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/engine/systems"
)

// extraArmy is a valid .rules file a site may add to 2d6 Sword & Sorcery.
const extraArmy = `table bandits
title   Bandits
dice    1d6
read    as-rolled
group   army
columns Type:text | Class:text | Rep:int | AC:int
| 1-3 | Experienced | Melee | 4 | 2 |
| 4-6 | Veteran     | Melee | 5 | 4 |
`

// siteWithRules writes a site whose 2d6 Sword & Sorcery folder holds the
// given files, and returns the site and that folder.
func siteWithRules(t *testing.T, files map[string]string) (site, dir string) {
	t.Helper()
	site = writeSite(t, "-- sortie.conf --\ntitle: T\n-- content/index.md --\n---\ntitle: Home\n---\nHi.\n")
	dir = filepath.Join(site, "content", "systems", "2d6-sword-and-sorcery")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return site, dir
}

// TestRulesPipeRefused: a named pipe ending in .rules is refused at its
// path without being opened (opening it waits for a writer forever).
func TestRulesPipeRefused(t *testing.T) {
	site, dir := siteWithRules(t, nil)
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.rules"), 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := LoadSystems(site, systems.Builtin())
		done <- err
	}()
	select {
	case err := <-done:
		want := "content/systems/2d6-sword-and-sorcery/pipe.rules: not a regular file"
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("got %v, want an error containing %q", err, want)
		}
	case <-time.After(time.Minute):
		// Not a timing assertion: a loader that opens the pipe never
		// returns at all. Release it so the test binary can end.
		if f, err := os.OpenFile(filepath.Join(dir, "pipe.rules"), os.O_WRONLY, 0); err == nil {
			f.Close()
		}
		t.Fatal("LoadSystems opened the named pipe and waited on it")
	}
}

// TestRulesSkippedLikePages: editors' lock files, hidden files and
// backups beside .rules files are passed over as they are beside pages.
func TestRulesSkippedLikePages(t *testing.T) {
	site, dir := siteWithRules(t, map[string]string{
		".hidden.rules":  "not rules at all",
		".#armies.rules": "not rules at all",
		"#armies.rules#": "not rules at all",
		"bandits.rules~": "not rules at all",
		"bandits.rules":  extraArmy,
	})
	// Emacs's lock file is a symbolic link that leads nowhere.
	if err := os.Symlink("user@host.1234:1", filepath.Join(dir, ".#bandits.rules")); err != nil {
		t.Fatal(err)
	}
	reg, err := LoadSystems(site, systems.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	sys, err := reg.Get("2d6-sword-and-sorcery")
	if err != nil {
		t.Fatal(err)
	}
	if sys.Rules().Table("bandits") == nil {
		t.Fatal("bandits.rules not loaded")
	}
}

// TestRulesBOM: a byte order mark at the start of a .rules file is
// dropped, as it is from pages and sortie.conf.
func TestRulesBOM(t *testing.T) {
	site, _ := siteWithRules(t, map[string]string{"bandits.rules": "\ufeff# Bandits\r\n" + strings.ReplaceAll(extraArmy, "\n", "\r\n")})
	if _, err := LoadSystems(site, systems.Builtin()); err != nil {
		t.Fatal(err)
	}
}

// army is a site's army list whose second row is row; its line is 8.
func army(title, cols, row string) string {
	return "table bandits\ntitle   " + title + "\ndice    1d6\nread    as-rolled\ngroup   army\ncolumns " + cols + "\n| 1-3 | Experienced | Melee | 4 | 2 |\n" + row + "\n"
}

// builtinWith is an embedded 2d6 Sword & Sorcery file with old replaced
// by new.
func builtinWith(t *testing.T, name, old, new string) string {
	t.Helper()
	data, err := fs.ReadFile(content.FS, "systems/2d6-sword-and-sorcery/"+name)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s holds no %q", name, old)
	}
	return strings.Replace(string(data), old, new, 1)
}

// TestRuleDataStrict: rule data a site overrides is checked as strictly
// as its pages: whatever would print wrong, run off the page, or cost the
// build more than the books ever need is an error at its file and line.
func TestRuleDataStrict(t *testing.T) {
	const cols = "Type:text | Class:text | Rep:int | AC:int"
	manyRows := func(n int) string {
		var b strings.Builder
		b.WriteString("table big\ntitle Big\nread lookup\ncolumns Value:text\n")
		for i := range n {
			fmt.Fprintf(&b, "| r%d | v |\n", i)
		}
		return b.String()
	}
	manyTables := func(tables, rows int) string {
		var b strings.Builder
		for k := range tables {
			fmt.Fprintf(&b, "table big-%d\ntitle Big\nread lookup\ncolumns Value:text\n", k)
			for i := range rows {
				fmt.Fprintf(&b, "| r%d | v |\n", i)
			}
		}
		return b.String()
	}
	cases := []struct {
		name, file, body, want string
	}{
		{"Rep x", "bandits.rules", army("Bandits", cols, "| 4-6 | Veteran | Melee | x | 4 |"),
			`bandits.rules:8: table bandits row 4-6: Rep "x": want a whole number 1..10`},
		{"AC x", "bandits.rules", army("Bandits", cols, "| 4-6 | Veteran | Melee | 5 | x |"),
			`bandits.rules:8: table bandits row 4-6: AC "x": want a whole number 1..10`},
		{"Rep 0", "bandits.rules", army("Bandits", cols, "| 4-6 | Veteran | Melee | 0 | 4 |"),
			`bandits.rules:8: table bandits row 4-6: Rep "0": want a whole number 1..10`},
		{"Rep -5", "bandits.rules", army("Bandits", cols, "| 4-6 | Veteran | Melee | -5 | 4 |"),
			`bandits.rules:8: table bandits row 4-6: Rep "-5": want a whole number 1..10`},
		{"Rep as text", "bandits.rules", army("Bandits", "Type:text | Class:text | Rep:text | AC:int", "| 4-6 | Veteran | Melee | five | 4 |"),
			`bandits.rules:1: table bandits: column Rep is text: want Rep:int`},
		{"terrain renamed", "encounters.rules", builtinWith(t, "encounters.rules", "| 5-6 | Cover |", "| 5-6 | Woods |"),
			`encounters.rules:12: terrain "Woods": want Clear or Cover`},
		{"escape in a title", "bandits.rules", army("Band\x1b[31mits", cols, "| 4-6 | Veteran | Melee | 5 | 4 |"),
			`bandits.rules:2: a control character: use printable text`},
		{"noncharacter in a cell", "bandits.rules", army("Bandits", cols, "| 4-6 | Vet\ufffeeran | Melee | 5 | 4 |"),
			`bandits.rules:8: a control character: use printable text`},
		{"right-to-left override", "bandits.rules", army("Bandits", cols, "| 4-6 | \u202eVeteran | Melee | 5 | 4 |"),
			`bandits.rules:8: a right-to-left control character`},
		{"120-character army name", "bandits.rules", army(strings.Repeat("Bandit", 20), cols, "| 4-6 | Veteran | Melee | 5 | 4 |"),
			`bandits.rules:2: title of 120 characters: at most 60`},
		{"1x1 board", "system.rules", builtinWith(t, "system.rules", "board     12x12", "board     1x1"),
			`system.rules:10: board "1x1": want width x height in inches, each 6..72`},
		{"200x200 board", "system.rules", builtinWith(t, "system.rules", "board     12x12", "board     200x200"),
			`system.rules:10: board "200x200": want width x height in inches, each 6..72`},
		{"100d100", "bandits.rules", strings.Replace(army("Bandits", cols, "| 4-6 | Veteran | Melee | 5 | 4 |"), "1d6", "100d100", 1),
			`bandits.rules:3: dice "100d100": dice count 100 out of range 1..20`},
		{"too many rows in a table", "big.rules", manyRows(201),
			`big.rules:205: table big has more than 200 rows`},
		{"too many rows in a file", "big.rules", manyTables(11, 190),
			`big.rules:2045: more than 2000 rows in one file`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			site, _ := siteWithRules(t, map[string]string{c.file: c.body})
			_, err := LoadSystems(site, systems.Builtin())
			want := "content/systems/2d6-sword-and-sorcery/" + c.want
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("got %v\nwant an error containing %q", err, want)
			}
		})
	}
}
