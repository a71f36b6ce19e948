package rules_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"

	"github.com/sortie-wargames/sortie/engine/rules"
)

// baseFS is a small valid system in three files. Line numbers matter to
// the tests below.
func baseFS() fstest.MapFS {
	return fstest.MapFS{
		"system.rules": {Data: src(
			"system mini",               // 1
			"name Mini",                 // 2
			"board 12x12",               // 3
			"star-rep 5",                // 4
			"first-encounter explore",   // 5
			"qrs enemy",                 // 6
			"qrs terrain creature-list", // 7
		)},
		"enemy.rules": {Data: src(
			"table enemy",                 // 1
			"title Enemy",                 // 2
			"dice 2d6",                    // 3
			"read sum",                    // 4
			"columns Type:text | Rep:int", // 5
			"| 2-6  | Raw     | 3 |",      // 6
			"| 7-12 | Veteran | 5 |",      // 7
			"",                            // 8
			"table terrain",               // 9
			"title Terrain",               // 10
			"dice 1d6",                    // 11
			"read as-rolled",              // 12
			"columns Terrain:text",        // 13
			"| 1-4 | Clear |",             // 14
			"| 5-6 | Cover |",             // 15
			"",                            // 16
			"table pef-count",             // 17
			"title PEFs",                  // 18
			"read lookup",                 // 19
			"columns PEFs:int",            // 20
			"| Clear | 2 |",               // 21
		)},
		"list.rules": {Data: src(
			"table creature-list",          // 1
			"title Creature List",          // 2
			"dice 1d6",                     // 3
			"read as-rolled",               // 4
			"columns Name:text | List:ref", // 5
			"| 1-3 | Enemies | enemy |",    // 6
			"| 4-6 | None    |       |",    // 7
		)},
		"enc.rules": {Data: src(
			"encounter explore",       // 1
			"title Explore",           // 2
			"objective Resolve PEFs.", // 3
			"terrain terrain",         // 4
		)},
	}
}

func TestLoadBase(t *testing.T) {
	s, err := rules.Load(baseFS(), "sys")
	if err != nil {
		t.Fatal(err)
	}
	if s.System.ID != "mini" || len(s.Tables) != 4 || len(s.Encounters) != 1 {
		t.Fatalf("got system %q, %d tables, %d encounters", s.System.ID, len(s.Tables), len(s.Encounters))
	}
	// Files load in name order: enc, enemy, list, system.
	if got := strings.Join(s.Order, " "); got != "enemy terrain pef-count creature-list" {
		t.Errorf("Order = %q", got)
	}
	if got := s.Table("creature-list").Pos.String(); got != "sys/list.rules:1" {
		t.Errorf("Pos = %q, want sys/list.rules:1", got)
	}
	// A ref across files resolves to a real table.
	cl := s.Table("creature-list")
	if ref := cl.Cell(cl.RowFor(2), "List").Text; s.Table(ref) != s.Table("enemy") || s.Table(ref) == nil {
		t.Errorf("ref %q does not resolve to enemy", ref)
	}
	var qrs []string
	for _, q := range s.QRSTables() {
		qrs = append(qrs, q.ID)
	}
	if got := strings.Join(qrs, " "); got != "enemy terrain creature-list" {
		t.Errorf("QRS = %q", got)
	}
	if s.Encounter("explore") == nil || s.Encounter("raid") != nil || s.Table("nope") != nil {
		t.Errorf("lookups by id wrong")
	}
}

// TestLoadErrors checks mistakes that only show across files.
func TestLoadErrors(t *testing.T) {
	cases := []struct {
		name    string
		edit    func(m fstest.MapFS)
		file    string // "" for an error without a line
		line    int
		phrases []string
		not     string // must not appear in the error
	}{
		{
			name: "unknown ref, near miss",
			edit: func(m fstest.MapFS) {
				m["list.rules"].Data = []byte(strings.Replace(string(m["list.rules"].Data), "| enemy |", "| enemie |", 1))
			},
			file: "sys/list.rules", line: 6,
			phrases: []string{`table creature-list, column List: no table "enemie"`, `(did you mean "enemy"?)`},
		},
		{
			name: "unknown ref, nothing close",
			edit: func(m fstest.MapFS) {
				m["list.rules"].Data = []byte(strings.Replace(string(m["list.rules"].Data), "| enemy |", "| dragons-lair |", 1))
			},
			file: "sys/list.rules", line: 6,
			phrases: []string{`no table "dragons-lair"`},
			not:     "did you mean",
		},
		{
			name: "duplicate table id across two files",
			edit: func(m fstest.MapFS) {
				m["extra.rules"] = &fstest.MapFile{Data: src("# more enemies", "table enemy", "title Enemy again", "read lookup", "columns A:text", "| x | y |")}
			},
			file: "sys/extra.rules", line: 2,
			phrases: []string{"table enemy defined twice (first at sys/enemy.rules:1)"},
		},
		{
			name: "duplicate encounter across two files",
			edit: func(m fstest.MapFS) {
				m["more.rules"] = &fstest.MapFile{Data: src("encounter explore", "title Explore", "objective Again.", "terrain terrain")}
			},
			file: "sys/more.rules", line: 1,
			phrases: []string{"encounter explore defined twice (first at sys/enc.rules:1)"},
		},
		{
			name: "two system blocks",
			edit: func(m fstest.MapFS) {
				m["zz.rules"] = &fstest.MapFile{Data: src("", "system other", "name Other", "board 6x6", "star-rep 4", "first-encounter explore")}
			},
			file: "sys/zz.rules", line: 2,
			phrases: []string{"second system block other", "the first is mini at sys/system.rules:1"},
		},
		{
			name: "missing system block",
			edit: func(m fstest.MapFS) {
				delete(m, "system.rules")
			},
			phrases: []string{"no system block in sys/enc.rules, sys/enemy.rules", `one file must hold "system ID"`},
		},
		{
			name: "encounter terrain table not found",
			edit: func(m fstest.MapFS) {
				m["enc.rules"].Data = src("encounter explore", "title Explore", "objective Resolve PEFs.", "terrain terain")
			},
			file: "sys/enc.rules", line: 4,
			phrases: []string{`encounter explore: terrain table "terain" not found`, `(did you mean "terrain"?)`},
		},
		{
			name: "encounter terrain table cannot be rolled",
			edit: func(m fstest.MapFS) {
				m["enc.rules"].Data = src("encounter explore", "title Explore", "objective Resolve PEFs.", "terrain pef-count")
			},
			file: "sys/enc.rules", line: 4,
			phrases: []string{"terrain table pef-count is read lookup, want a table the engine can roll"},
		},
		{
			name: "qrs names a missing table",
			edit: func(m fstest.MapFS) {
				m["system.rules"].Data = []byte(strings.Replace(string(m["system.rules"].Data), "qrs terrain creature-list", "qrs terrain creature-lists", 1))
			},
			file: "sys/system.rules", line: 7,
			phrases: []string{`qrs: no table "creature-lists"`, `(did you mean "creature-list"?)`},
		},
		{
			name: "first-encounter names a missing encounter",
			edit: func(m fstest.MapFS) {
				m["system.rules"].Data = []byte(strings.Replace(string(m["system.rules"].Data), "first-encounter explore", "first-encounter raid", 1))
			},
			file: "sys/system.rules", line: 5,
			phrases: []string{`first-encounter "raid": no such encounter`},
		},
		{
			name: "parse errors in two files are both reported",
			edit: func(m fstest.MapFS) {
				m["enc.rules"].Data = src("encounter explore", "title Explore", "objective Resolve PEFs.", "terrain terrain", "weather rain")
				m["list.rules"].Data = []byte(strings.Replace(string(m["list.rules"].Data), "dice 1d6", "dice 1d", 1))
			},
			file: "sys/enc.rules", line: 5,
			phrases: []string{`unknown encounter directive "weather"`},
		},
		{
			name: "bad UTF-8 in one file",
			edit: func(m fstest.MapFS) {
				m["enemy.rules"].Data = append([]byte("# caf\xe9\n"), m["enemy.rules"].Data...)
			},
			file: "sys/enemy.rules", line: 1,
			phrases: []string{"not UTF-8 text"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := baseFS()
			c.edit(m)
			s, err := rules.Load(m, "sys")
			if err == nil {
				t.Fatalf("Load accepted it: %+v", s)
			}
			if c.file != "" {
				wantErr(t, err, c.file, c.line, c.phrases...)
			} else {
				for _, p := range c.phrases {
					if !strings.Contains(err.Error(), p) {
						t.Errorf("error %q does not contain %q", err, p)
					}
				}
			}
			if c.not != "" && strings.Contains(err.Error(), c.not) {
				t.Errorf("error %q contains %q", err, c.not)
			}
		})
	}
	// The two-file case reports the second file's mistake too.
	m := baseFS()
	m["enc.rules"].Data = src("encounter explore", "title Explore", "objective Resolve PEFs.", "terrain terrain", "weather rain")
	m["list.rules"].Data = []byte(strings.Replace(string(m["list.rules"].Data), "dice 1d6", "dice 1d", 1))
	_, err := rules.Load(m, "sys")
	wantErr(t, err, "sys/list.rules", 3, `dice "1d": missing number of faces`)
}

func TestLoadFiles(t *testing.T) {
	// Only .rules files in the root are read.
	m := baseFS()
	m["README.md"] = &fstest.MapFile{Data: []byte("table nonsense\n")}
	m["old/enemy.rules"] = &fstest.MapFile{Data: []byte("this is not read\n")}
	if _, err := rules.Load(m, "sys"); err != nil {
		t.Errorf("non-.rules files were read: %v", err)
	}
	_, err := rules.Load(fstest.MapFS{"notes.txt": {Data: []byte("x")}}, "empty")
	if err == nil || err.Error() != "empty: no .rules files" {
		t.Errorf("empty dir: got %v", err)
	}
	if _, err := rules.Assemble(); err == nil || !strings.Contains(err.Error(), "no system block") {
		t.Errorf("Assemble(): got %v", err)
	}

	// Assemble on its own: the same table id in two parsed files.
	var files []*rules.File
	for _, name := range []string{"system.rules", "enemy.rules", "list.rules", "enc.rules"} {
		f, err := rules.Parse(name, baseFS()[name].Data)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	if _, err := rules.Assemble(files...); err != nil {
		t.Fatalf("Assemble of the base files: %v", err)
	}
	dup, err := rules.Parse("dup.rules", src("", "", "table terrain", "title T", "dice 1d6", "read as-rolled", "columns A:text", "| 1-6 | a |"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = rules.Assemble(append(files, dup)...)
	wantErr(t, err, "dup.rules", 3, "table terrain defined twice (first at enemy.rules:9)")
}

// TestLoadReal loads the real 2d6 Sword & Sorcery data and spot-checks it
// against the book.
func TestLoadReal(t *testing.T) {
	s := loadReal(t)
	sys := s.System
	if sys.ID != "2d6-sword-and-sorcery" || sys.Name != "2d6 Sword & Sorcery" || sys.BoardW != 12 || sys.BoardH != 12 || sys.StarRep != 5 || sys.First != "explore" {
		t.Errorf("system: %+v", sys)
	}
	if len(s.Tables) != 34 || len(s.Order) != 34 {
		t.Errorf("got %d tables (%d in order), want 34", len(s.Tables), len(s.Order))
	}
	// Every table the engine rolls on is printed, so a player can check
	// any roll against the sheet.
	if len(sys.QRS) != len(s.Tables) {
		t.Errorf("QRS lists %d tables, want all %d", len(sys.QRS), len(s.Tables))
	}
	for _, q := range s.QRSTables() {
		if q == nil {
			t.Errorf("QRSTables has a nil table")
		}
	}

	cell := func(table string, roll int, col string) rules.Cell {
		t.Helper()
		tb := s.Table(table)
		if tb == nil {
			t.Fatalf("no table %s", table)
		}
		r := tb.RowFor(roll)
		if r == nil {
			t.Fatalf("%s has no row for %d", table, roll)
		}
		return tb.Cell(r, col)
	}
	// Enemy (page 14): 11 is a Veteran Melee, Rep 5, AC 6.
	if c := cell("enemy", 11, "Type"); c.Text != "Veteran" {
		t.Errorf("enemy 11 Type = %q", c.Text)
	}
	if c := cell("enemy", 11, "Class"); c.Text != "Melee" {
		t.Errorf("enemy 11 Class = %q", c.Text)
	}
	if c := cell("enemy", 11, "Rep"); c.Int != 5 || c.NA || c.Decided {
		t.Errorf("enemy 11 Rep = %+v", c)
	}
	if c := cell("enemy", 11, "AC"); c.Int != 6 {
		t.Errorf("enemy 11 AC = %+v", c)
	}
	if c := cell("enemy", 2, "Class"); c.Text != "Missile" {
		t.Errorf("enemy 2 Class = %q", c.Text)
	}
	if c := cell("enemy", 12, "Class"); c.Text != "Caster" {
		t.Errorf("enemy 12 Class = %q", c.Text)
	}
	// Creature List 4-5, 12: Dragon, Mature, Rep 10, AC 6, only one.
	if c := cell("creature-list-4-5", 12, "Type"); c.Text != "Dragon, Mature" {
		t.Errorf("creature-list-4-5 12 Type = %q", c.Text)
	}
	if c := cell("creature-list-4-5", 12, "Rep"); c.Int != 10 {
		t.Errorf("dragon Rep = %+v", c)
	}
	if c := cell("creature-list-4-5", 12, "AC"); c.Int != 6 {
		t.Errorf("dragon AC = %+v", c)
	}
	if c := cell("creature-list-4-5", 12, "Only one"); c.Text != "yes" {
		t.Errorf("dragon Only one = %+v", c)
	}
	if c := cell("creature-list-4-5", 3, "Only one"); c.Text != "" {
		t.Errorf("troll Only one = %+v", c)
	}
	// Lizard Men: the book leaves Rep blank; Sortie decided 4 and says why.
	for _, id := range []string{"creature-list-1", "creature-list-2-3"} {
		if c := cell(id, 12, "Type"); c.Text != "Lizard Men" {
			t.Errorf("%s 12 = %q", id, c.Text)
		}
		if c := cell(id, 12, "Rep"); !c.Decided || c.Int != 4 || c.Text != "4" {
			t.Errorf("%s Lizard Men Rep = %+v, want decided 4", id, c)
		}
		if c := cell(id, 12, "AC"); c.Decided {
			t.Errorf("%s Lizard Men AC marked decided", id)
		}
		if len(s.Table(id).Decisions) == 0 {
			t.Errorf("%s has no decision line", id)
		}
	}
	// "See List" rows: Rep and AC are x, and the list is an army table.
	if c := cell("creature-list-1", 11, "Rep"); !c.NA {
		t.Errorf("wererats Rep = %+v, want x", c)
	}
	if ref := cell("creature-list-1", 11, "List").Text; ref != "wererats" || !s.Table(ref).InGroup("army") {
		t.Errorf("wererats List = %q", ref)
	}
	// PEF Resolution: 2d6 passed versus a fixed 4.
	pef := s.Table("pef-resolution")
	if pef.Read != rules.ReadPass || pef.Target != "4" || pef.Dice.Target != 4 || pef.SixFails || pef.Dice.Notation() != "2d6" {
		t.Errorf("pef-resolution: read %s target %q (%d) six-fails %v dice %s", pef.Read, pef.Target, pef.Dice.Target, pef.SixFails, pef.Dice.Notation())
	}
	if got := pef.Cell(pef.RowFor(2), "Outcome").Text; got != "contact" {
		t.Errorf("pef-resolution 2 = %q", got)
	}
	if got := pef.Cell(pef.RowFor(0), "Outcome").Text; got != "none" {
		t.Errorf("pef-resolution 0 = %q", got)
	}
	// Tables taken versus Rep have no fixed target.
	for _, id := range []string{"shooting", "casting", "new-recruits", "charge", "after-the-battle-recovery"} {
		tb := s.Table(id)
		if tb.Read != rules.ReadPass || tb.Dice.Target != 0 || tb.Target != "Rep" {
			t.Errorf("%s: read %s target %q (%d)", id, tb.Read, tb.Target, tb.Dice.Target)
		}
	}
	if !s.Table("shooting").SixFails || !s.Table("shooting").Dice.SixFails || s.Table("charge").SixFails {
		t.Errorf("six-fails: shooting %v, charge %v", s.Table("shooting").SixFails, s.Table("charge").SixFails)
	}
	if c := cell("contact-size", 1, "Modifier"); c.Int != -2 {
		t.Errorf("contact-size 1 = %+v", c)
	}
	if r := s.Table("pef-count").Named("cover"); r == nil || s.Table("pef-count").Cell(r, "PEFs").Int != 3 {
		t.Errorf("pef-count Cover = %+v", r)
	}
	// Terrain: 1-4 Clear, 5-6 Cover; Explore uses 1-3 / 4-6.
	if cell("terrain", 4, "Terrain").Text != "Clear" || cell("terrain", 5, "Terrain").Text != "Cover" {
		t.Errorf("terrain boundary wrong")
	}
	if cell("explore-terrain", 3, "Terrain").Text != "Clear" || cell("explore-terrain", 4, "Terrain").Text != "Cover" {
		t.Errorf("explore-terrain boundary wrong")
	}

	var armies []string
	for _, a := range s.Group("army") {
		armies = append(armies, a.ID)
	}
	if got := strings.Join(armies, " "); got != "dwarves-black-moon dwarves-red-sun elves-black-moon elves-silver goblins orcs wererats" {
		t.Errorf("army group = %q", got)
	}
	if n := len(s.Group("creatures")); n != 5 {
		t.Errorf("creatures group has %d tables", n)
	}
	var encs []string
	for _, e := range s.Encounters {
		encs = append(encs, e.ID+"/"+e.Terrain)
	}
	if got := strings.Join(encs, " "); got != "explore/explore-terrain raid/terrain defend/terrain" {
		t.Errorf("encounters = %q", got)
	}
	if !s.Encounter("raid").Camp || s.Encounter("explore").Camp || s.Encounter("defend").Camp {
		t.Errorf("only raid has a camp")
	}
	// Every ref cell names a table; every table has a source.
	for _, id := range s.Order {
		tb := s.Table(id)
		if tb.Source == "" {
			t.Errorf("%s has no source", id)
		}
		for _, r := range tb.Rows {
			for i, c := range tb.Columns {
				if c.Type == rules.TypeRef && r.Cells[i].Text != "" && s.Table(r.Cells[i].Text) == nil {
					t.Errorf("%s row %s: ref %q resolves to nothing", id, r.Key, r.Cells[i].Text)
				}
			}
		}
	}
}

// TestLoadRealCRLF loads the real data with every file's line endings
// turned into CRLF: same tables, same rows.
func TestLoadRealCRLF(t *testing.T) {
	m := fstest.MapFS{}
	entries, err := fs.ReadDir(realFS(t), ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		m[e.Name()] = &fstest.MapFile{Data: []byte(strings.ReplaceAll(realFile(t, e.Name()), "\n", "\r\n"))}
	}
	s, err := rules.Load(m, realDir)
	if err != nil {
		t.Fatal(err)
	}
	want := loadReal(t)
	if strings.Join(s.Order, " ") != strings.Join(want.Order, " ") {
		t.Fatalf("CRLF order differs")
	}
	for _, id := range s.Order {
		a, b := want.Table(id), s.Table(id)
		if len(a.Rows) != len(b.Rows) || a.Caption != b.Caption {
			t.Errorf("%s differs with CRLF", id)
			continue
		}
		for i := range a.Rows {
			for j := range a.Rows[i].Cells {
				if a.Rows[i].Cells[j] != b.Rows[i].Cells[j] {
					t.Errorf("%s row %s cell %d differs with CRLF", id, a.Rows[i].Key, j)
				}
			}
		}
	}
}

// TestLoadSkipsHidden: hidden files, editors' lock files and backups are
// passed over, as beside a site's pages; a byte order mark is dropped.
func TestLoadSkipsHidden(t *testing.T) {
	m := baseFS()
	for _, n := range []string{".hidden.rules", ".#enemy.rules", "#enemy.rules#", "enemy.rules~"} {
		m[n] = &fstest.MapFile{Data: []byte("not rules at all\n")}
	}
	m["enemy.rules"].Data = append([]byte("\ufeff"), m["enemy.rules"].Data...)
	if _, err := rules.Load(m, "sys"); err != nil {
		t.Fatal(err)
	}
}

// TestLoadRefusesPipe: a named pipe is refused without being opened.
func TestLoadRefusesPipe(t *testing.T) {
	dir := t.TempDir()
	for n, f := range baseFS() {
		if err := os.WriteFile(filepath.Join(dir, n), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.rules"), 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	_, err := rules.Load(os.DirFS(dir), "sys")
	if err == nil || !strings.Contains(err.Error(), "sys/pipe.rules: not a regular file") {
		t.Fatalf("got %v, want sys/pipe.rules: not a regular file", err)
	}
}
