package swordspear_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/dice/dicetest"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/swordspear"
)

const dir = "content/systems/" + swordspear.ID

// files returns the embedded data files, with extra ones added.
func files(t testing.TB, extra map[string]string) fstest.MapFS {
	t.Helper()
	sub, err := fs.Sub(content.FS, "systems/"+swordspear.ID)
	if err != nil {
		t.Fatal(err)
	}
	m := fstest.MapFS{}
	err = fs.WalkDir(sub, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(sub, p)
		m[p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range extra {
		m[name] = &fstest.MapFile{Data: []byte(data)}
	}
	return m
}

func build(t testing.TB, extra map[string]string) (*swordspear.System, error) {
	t.Helper()
	set, err := rules.Load(files(t, extra), dir)
	if err != nil {
		return nil, err
	}
	return swordspear.New(set)
}

func load(t testing.TB) *swordspear.System {
	t.Helper()
	sys, err := build(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	return sys
}

func battle(t testing.TB, sys *swordspear.System, seed string, opt engine.Options) *swordspear.Battle {
	t.Helper()
	b, err := sys.RollBattle(dice.New(seed).Stream("encounter", "battle"), "battle", opt)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

const armyHead = `table my-army
title   My Army
read    lookup
group   army
source  mine
columns Count:text | Type:text | Large:text | Discipline:text | Protection:text | Weapons:text | Characteristics:text | Level:text
`

// TestBadArmy: every cell of an army is checked against the book's
// tables, and a mistake names the file, the line and what was wanted.
func TestBadArmy(t *testing.T) {
	for _, tc := range []struct{ row, want string }{
		{"| Ogres | 1 | Giant foot | | 4 | | Spears | | |", `my.rules:7: army my-army, unit "Ogres", column Type: "Giant foot": want a troop type`},
		{"| Ogres | 1 | Heavy foot | | four | | Spears | | |", `my.rules:7: army my-army, unit "Ogres", column Discipline: "four": want one of 3, 4, 5`},
		{"| Ogres | 1 | Heavy foot | | 6 | | Spears | | |", `column Discipline: "6": want one of 3, 4, 5`},
		{"| Ogres | 1 | Cavalry | yes | 4 | | Spears | | |", `column Large: a Cavalry unit cannot be large`},
		{"| Ogres | 1 | Heavy foot | | 4 | Chainmail | Spears | | |", `column Protection: "Chainmail"`},
		{"| Ogres | 1 | Heavy foot | | 4 | | Clubs | | |", `column Weapons: "Clubs"`},
		{"| Ogres | 1 | Heavy foot | | 4 | | Spears | Flight | |", `column Characteristics: Flight: a Heavy foot unit cannot fly`},
		{"| Ogres | 1 | Heavy foot | | 4 | | Spears | Tough | |", `column Characteristics: "Tough"`},
		{"| Ogres | 1-4 | Heavy foot | | 4 | | Spears | | |", `column Count: "1-4"`},
		{"| Ogres | 1 | Heavy foot | | 4 | | Spears | | 2 |", `column Level: "2": only a Magic-user has a level`},
		{"| Sage | 1 | Magic-user | | | | | | 4 |", `column Level: "4": want a magic-user's level`},
		{"| Sage | 1 | Magic-user | | 3 | | | | 1 |", `unit "Sage", column Discipline: "3": a magic-user is a character`},
		{"| Ogres | 1 | Heavy foot | | 4 | | Spears (R) | | |", `column Weapons: "Spears (R)": only a missile capability`},
	} {
		_, err := build(t, map[string]string{"my.rules": armyHead + tc.row + "\n"})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error containing %q", tc.row, err, tc.want)
		}
		if err != nil && !strings.Contains(err.Error(), dir+"/my.rules:7:") {
			t.Errorf("%s: %v does not name the file and line", tc.row, err)
		}
	}
	// The theme table may only name armies.
	bad := strings.Replace(string(files(t, nil)["armies.rules"].Data), "| 6 | The Beast-master Tribe   | beast-tribe |", "| 6 | Spells | spells |", 1)
	if _, err := build(t, map[string]string{"armies.rules": bad}); err == nil || !strings.Contains(err.Error(), `army-theme 6: "spells" is no army`) {
		t.Errorf("theme naming a non-army: %v", err)
	}
}

// TestExtraArmy: a site's own army, dropped beside the built-in data,
// loads, is offered as a source, and can be fielded.
func TestExtraArmy(t *testing.T) {
	sys, err := build(t, map[string]string{"my.rules": armyHead +
		"| Ogre bulls | 2 | Heavy foot | yes | 4 | Armoured | Powerful attack | Brave | |\n" +
		"| Ogre hunters | 1-2 | Light foot | | 4 | | Bow | | |\n" +
		"| Butcher | 1 | Magic-user | | | | | | 2 |\n"})
	if err != nil {
		t.Fatal(err)
	}
	if sys.Army("my-army") == nil || !strings.Contains(strings.Join(sys.EnemySources(), " "), "my-army") {
		t.Fatalf("my-army not offered: %v", sys.EnemySources())
	}
	b := battle(t, sys, "ogres", engine.Options{Enemies: "my-army"})
	if b.Enemy.Army.ID != "my-army" || b.Enemy.Given != "enemies" || len(b.Enemy.Rolls) != 0 {
		t.Fatalf("enemy %s given %q rolls %d", b.Enemy.Army.ID, b.Enemy.Given, len(b.Enemy.Rolls))
	}
	if u := b.Enemy.Units[0]; u.Name != "Ogre bulls 1" || u.Hits != 6 || u.Strength != 4 {
		t.Errorf("first unit %+v", u)
	}
}

// TestDeterminism: the same seed gives the same battle, every block.
func TestDeterminism(t *testing.T) {
	sys := load(t)
	for i := range 20 {
		enc := func() []byte {
			e, err := sys.Encounter(dice.New(fmt.Sprint("det", i)).Stream("encounter", "battle"), engine.Request{Type: "battle"})
			if err != nil {
				t.Fatal(err)
			}
			b, err := json.Marshal(e)
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		if a, b := enc(), enc(); string(a) != string(b) {
			t.Fatalf("seed det%d: two rolls differ", i)
		}
	}
}

// TestHitsAndCards: for every unit of every army, its strength is its
// type's, its hit boxes are that strength (+2 when large), and it has
// exactly one card whose fields, ranges and track match it; the block
// marks the side. Each card's front says what the unit does in play with
// the book's numbers: what its discipline means, its dice shot at (one
// more in cover), each missile weapon's range and dice (2 when moving,
// for a unit stronger than that); its back, named as the unit, says it
// has been activated and what its type and characteristics mean.
func TestHitsAndCards(t *testing.T) {
	sys := load(t)
	set := sys.Rules()
	troops, shooting := set.Table("troop-types"), set.Table("shooting-weapons")
	rangeOf := map[string]int{}
	for _, r := range shooting.Rows {
		rangeOf[r.Key] = shooting.Cell(&r, "Range in DU").Int
	}
	// The capabilities as shooting-weapons names them.
	alias := map[string]string{"Javelins": "Javelin", "Magical attack": "Magic Attack"}
	ranged := regexp.MustCompile(`^(.+) ([0-9]+) DU$`)
	for _, id := range sys.Armies() {
		for i := range 30 {
			b := battle(t, sys, fmt.Sprint("cards", i), engine.Options{Recruits: id})
			cards := sys.Cards(b.Player, "your army", false)
			if cards.W != 63 || cards.H != 84 {
				t.Fatalf("cards %vx%v mm", cards.W, cards.H)
			}
			if cards.Side != (doc.Side{Name: b.Player.Army.Title, Whose: "your army"}) {
				t.Fatalf("side %+v", cards.Side)
			}
			if enemy := sys.Cards(b.Enemy, "the enemy", true).Side; enemy != (doc.Side{Name: b.Enemy.Army.Title, Whose: "the enemy", Enemy: true}) {
				t.Fatalf("enemy side %+v", enemy)
			}
			if len(cards.Items) != len(b.Player.Units) {
				t.Fatalf("%s: %d cards for %d units", id, len(cards.Items), len(b.Player.Units))
			}
			names := map[string]bool{}
			for k, u := range b.Player.Units {
				c := cards.Items[k]
				if c.Title != u.Name || names[u.Name] {
					t.Fatalf("%s: card %q for unit %q (or a name twice)", id, c.Title, u.Name)
				}
				names[u.Name] = true
				if c.Back == nil || c.Back.Title != u.Name || len(c.Back.Lines) == 0 {
					t.Fatalf("%s: back of %q is %+v", id, u.Name, c.Back)
				}
				e := u.Entry
				if e.Type == swordspear.MagicUser {
					if c.Track != nil || u.Strength != 0 {
						t.Errorf("%s: magic-user %s has strength %d or a track", id, u.Name, u.Strength)
					}
					continue
				}
				want := troops.Cell(troops.Named(e.Type), "Strength").Int
				hits := want
				if e.Large {
					hits += 2
				}
				if u.Strength != want || u.Hits != hits || c.Track == nil || c.Track.Boxes != hits || c.Track.Label != "Hits" {
					t.Errorf("%s: %s (%s, large %v): strength %d hits %d track %+v, want %d and %d", id, u.Name, e.Type, e.Large, u.Strength, u.Hits, c.Track, want, hits)
				}
				field := map[string]string{}
				for _, f := range c.Fields {
					field[f.Label] = f.Value
				}
				d := strconv.Itoa(e.Discipline)
				if !strings.HasPrefix(field["Discipline"], d+": activates on an action die of "+d+"+, passes a test on "+d+"+;") || field["Protection"] != e.Protection {
					t.Errorf("%s: %s fields %v", id, u.Name, field)
				}
				lines := strings.Join(c.Lines, "\n")
				if want := fmt.Sprintf("Shot at: %d dice, %d in cover.", u.Strength, u.Strength+1); !strings.Contains(lines, want) {
					t.Errorf("%s: %s lines %q, want %q", id, u.Name, lines, want)
				}
				back := strings.Join(c.Back.Lines, "\n")
				for _, ch := range e.Characteristics {
					if !strings.Contains(back, ch+": ") {
						t.Errorf("%s: %s back %q says nothing of %s", id, u.Name, back, ch)
					}
				}
				if c.Back.Fields[0].Label != "Activated" {
					t.Errorf("%s: %s back fields %v", id, u.Name, c.Back.Fields)
				}
				for _, w := range strings.Split(field["Weapons"], ", ") {
					m := ranged.FindStringSubmatch(w)
					if m == nil {
						if caps := set.Table("weapon-capabilities"); caps.Cell(caps.Named(w), "Kind").Text != "Melee" {
							t.Errorf("%s: %s: %q printed without a range", id, u.Name, w)
						}
						continue
					}
					key := m[1]
					if a, ok := alias[key]; ok {
						key = a
					}
					if r, ok := rangeOf[key]; !ok || strconv.Itoa(r) != m[2] {
						t.Errorf("%s: %s: %q, shooting-weapons gives %s %d DU", id, u.Name, w, key, r)
					}
					shoots := fmt.Sprintf("Shoots %s %s DU straight ahead: %d dice", m[1], m[2], u.Strength)
					if u.Strength > 2 {
						shoots += ", 2 if it moves or is in difficult terrain."
					}
					if !strings.Contains(lines, shoots) {
						t.Errorf("%s: %s lines %q, want %q", id, u.Name, lines, shoots)
					}
				}
			}
		}
	}
}

// TestUnitCounts: every unit entry gives as many units as its Count says
// (a range read off its die), and every theme fields 8 to 12 units
// besides its magic-users.
func TestUnitCounts(t *testing.T) {
	sys := load(t)
	for _, id := range sys.Armies() {
		for i := range 60 {
			b := battle(t, sys, fmt.Sprint("count", i), engine.Options{Recruits: id})
			per := map[string]int{}
			units := 0
			for _, u := range b.Player.Units {
				per[u.Entry.Name]++
				if u.Entry.Type != swordspear.MagicUser {
					units++
				}
				if e := u.Entry; e.Hi > e.Lo {
					if u.Count == nil {
						t.Fatalf("%s %s: a range with no roll", id, e.Name)
					}
					n := e.Hi - e.Lo + 1
					want := e.Lo + (u.Count.Dice.Value-1)/(6/n)
					if u.Count.Dice.Expr.Faces != 6 || per[e.Name] > want {
						t.Fatalf("%s %s: roll %v gives more than %d", id, e.Name, u.Count, want)
					}
				}
			}
			for _, e := range b.Player.Army.Entries {
				if per[e.Name] < e.Lo || per[e.Name] > e.Hi {
					t.Errorf("%s %s: %d units, count %d-%d", id, e.Name, per[e.Name], e.Lo, e.Hi)
				}
			}
			if units < 8 || units > 12 {
				t.Errorf("%s: %d units", id, units)
			}
		}
	}
}

var costLine = regexp.MustCompile(`^Level ([0-9]) spell: ([0-9]+) / ([0-9]+) / ([0-9]+) MP$`)

// TestMagicUserCards: a magic-user's card lists the spell costs of every
// level up to its own, as spell-cost gives them, never beyond, and its
// magical power as magic-users and magical-power give it.
func TestMagicUserCards(t *testing.T) {
	sys := load(t)
	set := sys.Rules()
	cost, users := set.Table("spell-cost"), set.Table("magic-users")
	seen := map[int]bool{}
	for _, id := range sys.Armies() {
		b := battle(t, sys, "magic", engine.Options{Recruits: id})
		for k, u := range b.Player.Units {
			if u.Entry.Type != swordspear.MagicUser {
				continue
			}
			lv := u.Entry.Level
			seen[lv] = true
			c := sys.Cards(b.Player, "your army", false).Items[k]
			if c.Tag != swordspear.MagicUser || c.Fields[0].Value[:1] != strconv.Itoa(lv) {
				t.Errorf("%s: %s card %+v", id, u.Name, c)
			}
			extra := users.Cell(users.Named("Level "+strconv.Itoa(lv)), "Extra MP").Int
			wantMP := "one die a turn, at most 6"
			if extra > 0 {
				wantMP = fmt.Sprintf("one die +%d a turn, at most 6", extra)
			}
			if c.Fields[1].Value != wantMP {
				t.Errorf("%s: MP %q, want %q", id, c.Fields[1].Value, wantMP)
			}
			if c.Lines[0] != "MP at ≤4 / ≤8 / ≤12 DU:" {
				t.Errorf("%s: bands %q", id, c.Lines[0])
			}
			levels := 0
			for _, l := range c.Lines {
				m := costLine.FindStringSubmatch(l)
				if m == nil {
					continue
				}
				levels++
				row := cost.Named("Level " + m[1])
				for j := range 3 {
					if strconv.Itoa(row.Cells[j].Int) != m[j+2] {
						t.Errorf("%s: %q, spell-cost %s gives %d in column %d", id, l, row.Key, row.Cells[j].Int, j)
					}
				}
				if n, _ := strconv.Atoi(m[1]); n > lv {
					t.Errorf("%s: level %d magic-user lists %q", id, lv, l)
				}
			}
			if levels != lv {
				t.Errorf("%s: level %d magic-user lists %d spell levels", id, lv, levels)
			}
		}
	}
	for lv := 1; lv <= 3; lv++ {
		if !seen[lv] {
			t.Errorf("no theme has a level %d magic-user to check", lv)
		}
	}
}

// TestThemeDistribution: the enemy's army, rolled with the player's army
// given, follows Army Theme's 1d6 with the player's row re-rolled: each
// of the other five themes comes up 1 time in 5. The player's rolled army
// follows the die itself: 1 in 6 each.
func TestThemeDistribution(t *testing.T) {
	sys := load(t)
	theme := sys.Rules().Table("army-theme")
	const n = 3000
	player, enemy := map[string]int{}, map[string]int{}
	for i := range n {
		b := battle(t, sys, fmt.Sprint("theme", i), engine.Options{})
		player[b.Player.Army.ID]++
		e := battle(t, sys, fmt.Sprint("theme", i), engine.Options{Recruits: "dwarf-hold"})
		enemy[e.Enemy.Army.ID]++
	}
	pp, pe := map[string]float64{}, map[string]float64{}
	for _, r := range theme.Rows {
		id := theme.Cell(&r, "Army").Text
		pp[id] = 1.0 / 6
		if id != "dwarf-hold" {
			pe[id] = 1.0 / 5
		}
	}
	if enemy["dwarf-hold"] != 0 {
		t.Fatalf("the enemy fielded the player's army %d times", enemy["dwarf-hold"])
	}
	// 5 and 4 degrees of freedom, p = 0.001: 20.52 and 18.47.
	if x := dicetest.Chi2(player, pp, n); x > 20.52 {
		t.Errorf("player's theme: chi-square %.1f over %v", x, player)
	}
	if x := dicetest.Chi2(enemy, pe, n); x > 18.47 {
		t.Errorf("enemy's theme: chi-square %.1f over %v", x, enemy)
	}
}

// TestTerrainDistribution: each section reads its 2d6 on Battlefield
// Terrain, and the kinds come up as the table's rows say.
func TestTerrainDistribution(t *testing.T) {
	sys := load(t)
	tt := sys.Rules().Table("battlefield-terrain")
	p := map[string]float64{}
	for v := 2; v <= 12; v++ {
		ways := 6 - max(v-7, 7-v)
		p[tt.Cell(tt.RowFor(v), "Kind").Text] += float64(ways) / 36
	}
	counts := map[string]int{}
	n := 0
	for i := range 300 {
		b := battle(t, sys, fmt.Sprint("terrain", i), engine.Options{})
		if len(b.Sections) != swordspear.Cols*swordspear.Rows {
			t.Fatalf("%d sections", len(b.Sections))
		}
		for _, s := range b.Sections {
			row := tt.RowFor(s.Roll.Dice.Value)
			if tt.Cell(row, "Kind").Text != s.Kind || row.Key != s.Roll.Row {
				t.Fatalf("section %d: %s read %s", s.Number, s.Roll.Dice, s.Kind)
			}
			counts[s.Kind]++
			n++
		}
	}
	// 6 degrees of freedom (seven kinds), p = 0.001: 22.46.
	if x := dicetest.Chi2(counts, p, n); x > 22.46 {
		t.Errorf("terrain: chi-square %.1f over %v", x, counts)
	}
	m := sys.Map(battle(t, sys, "map", engine.Options{}))
	if m.Unit != "DU" || m.WidthIn != swordspear.W || m.HeightIn != swordspear.H || len(m.Zones) != 2 {
		t.Errorf("map %v x %v %s, %d zones", m.WidthIn, m.HeightIn, m.Unit, len(m.Zones))
	}
}

// TestArmiesDiffer: rolled, the two armies are never the same; the
// re-roll is shown.
func TestArmiesDiffer(t *testing.T) {
	sys := load(t)
	rerolls := 0
	for i := range 500 {
		b := battle(t, sys, fmt.Sprint("differ", i), engine.Options{})
		if b.Player.Army == b.Enemy.Army {
			t.Fatalf("seed differ%d: both sides field %s", i, b.Player.Army.ID)
		}
		if b.Enemy.Rerolled {
			rerolls++
			if len(b.Enemy.Rolls) < 2 || !strings.Contains(b.Enemy.Rolls[0].Result, "rolled again") {
				t.Errorf("seed differ%d: re-roll not shown: %+v", i, b.Enemy.Rolls)
			}
		}
	}
	if rerolls == 0 {
		t.Error("500 battles and no re-roll")
	}
}

// TestOptions: bad options are *engine.OptionErrors naming the option.
func TestOptions(t *testing.T) {
	sys := load(t)
	for _, tc := range []struct {
		opt    engine.Options
		option string
	}{
		{engine.Options{Recruits: "goblins"}, "recruits"},
		{engine.Options{Enemies: "Orc-Horde"}, "enemies"},
		{engine.Options{StarRep: 5}, "star-rep"},
		{engine.Options{BandSize: 6}, "band"},
	} {
		err := sys.CheckOptions(tc.opt)
		var oe *engine.OptionError
		if !errors.As(err, &oe) || oe.Option != tc.option {
			t.Errorf("%+v: got %v, want an OptionError on %s", tc.opt, err, tc.option)
		}
		if _, err := sys.RollBattle(dice.New("x"), "battle", tc.opt); err == nil {
			t.Errorf("%+v rolled", tc.opt)
		}
	}
	for _, ok := range []engine.Options{{}, {Recruits: "rolled", Enemies: "restless-dead"}, {Recruits: "elf-host"}} {
		if err := sys.CheckOptions(ok); err != nil {
			t.Errorf("%+v: %v", ok, err)
		}
	}
	if _, err := sys.RollBattle(dice.New("x"), "skirmish", engine.Options{}); err == nil || !strings.Contains(err.Error(), `unknown encounter type "skirmish"`) {
		t.Errorf("unknown type: %v", err)
	}
}

// TestBlocks: the battle prints the map, the terrain rolls, both armies
// with their rolls, the line saying what is Sortie's own, and one block
// of cards per army.
func TestBlocks(t *testing.T) {
	sys := load(t)
	e, err := sys.Encounter(dice.New("blocks"), engine.Request{Type: "battle"})
	if err != nil {
		t.Fatal(err)
	}
	var maps, cards, rolls int
	own := false
	doc.Walk(e.Blocks, func(b doc.Block) {
		switch b := b.(type) {
		case *doc.Map:
			maps++
		case *doc.Cards:
			cards++
		case *doc.Roll:
			rolls++
		case *doc.Para:
			own = own || strings.Contains(b.Text, "Sortie's own procedure, not the book's")
		}
	})
	if maps != 1 || cards != 2 || rolls < 2 || !own {
		t.Errorf("%d maps, %d card blocks, %d rolls, own line %v", maps, cards, rolls, own)
	}
	for _, id := range []string{"army-theme", "battlefield-terrain"} {
		if src := sys.Rules().Table(id).Source; !strings.Contains(src, "Sortie's own") {
			t.Errorf("%s: source %q does not say it is Sortie's own", id, src)
		}
	}
	for _, id := range sys.Armies() {
		if src := sys.Army(id).Table.Source; !strings.Contains(src, "Sortie's own") {
			t.Errorf("%s: source %q does not say it is Sortie's own", id, src)
		}
	}
}

// TestPowerAhead: every magic-user of both armies has a magical power die
// for each of PowerTurns turns, read as section 17 says (the die plus its
// level's extra MP, at most 6, worked out here from Magic-users, not from
// Magical Power); the faces come up evenly; an army with no magic-user
// rolls none.
func TestPowerAhead(t *testing.T) {
	sys := load(t)
	users := sys.Rules().Table("magic-users")
	faces := map[string]int{}
	const n = 500
	for i := range n {
		b := battle(t, sys, fmt.Sprint("power", i), engine.Options{})
		var mages []swordspear.Unit
		for _, sd := range []swordspear.Side{b.Player, b.Enemy} {
			for _, u := range sd.Units {
				if u.Entry.Type == swordspear.MagicUser {
					mages = append(mages, u)
				}
			}
		}
		if len(mages) == 0 {
			if b.Power != nil {
				t.Fatalf("seed %d: power rolled with no magic-user", i)
			}
			continue
		}
		if len(b.Power) != swordspear.PowerTurns {
			t.Fatalf("seed %d: %d turns of power, want %d", i, len(b.Power), swordspear.PowerTurns)
		}
		for turn, ps := range b.Power {
			if len(ps) != len(mages) {
				t.Fatalf("seed %d turn %d: %d dice for %d magic-users", i, turn+1, len(ps), len(mages))
			}
			for k, p := range ps {
				m := mages[k]
				extra := users.Cell(users.Named("Level "+strconv.Itoa(m.Entry.Level)), "Extra MP").Int
				if p.Unit != m.Name || p.Level != m.Entry.Level || p.MP != min(p.Roll.Dice.Value+extra, 6) || p.Roll.Result != strconv.Itoa(p.MP)+" MP" {
					t.Fatalf("seed %d turn %d: %+v (die %d) for %s, level %d, extra %d", i, turn+1, p, p.Roll.Dice.Value, m.Name, m.Entry.Level, extra)
				}
				faces[strconv.Itoa(p.Roll.Dice.Value)]++
			}
		}
	}
	want := map[string]float64{}
	total := 0
	for f := 1; f <= 6; f++ {
		want[strconv.Itoa(f)] = 1.0 / 6
		total += faces[strconv.Itoa(f)]
	}
	// 5 degrees of freedom, p = 0.001: 20.52.
	if x := dicetest.Chi2(faces, want, total); x > 20.52 {
		t.Errorf("power dice: chi-square %.1f over %v", x, faces)
	}
}

// TestUnitsTableAndCommanders: each army prints every unit's stats, a row
// per army entry naming its units as the cards do, and ends with a blank
// row for its commanders, which the battle's Forces explain (the excerpt
// lacks the book's section 6).
func TestUnitsTableAndCommanders(t *testing.T) {
	sys := load(t)
	for i := range 100 {
		e, err := sys.Encounter(dice.New(fmt.Sprint("units", i)), engine.Request{Type: "battle"})
		if err != nil {
			t.Fatal(err)
		}
		var names, cards []string
		var armies int
		var forces, power bool
		doc.Walk(e.Blocks, func(b doc.Block) {
			switch b := b.(type) {
			case *doc.Table:
				if len(b.Head) == 0 || b.Head[0] != "Unit" {
					return
				}
				armies++
				last := b.Rows[len(b.Rows)-1]
				if last[0] != swordspear.Commanders || strings.Join(last[1:], "") != "" {
					t.Errorf("seed %d: last row %q, want a blank %q row", i, last, swordspear.Commanders)
				}
				for _, r := range b.Rows[:len(b.Rows)-1] {
					if len(r) != len(b.Head) || r[2] == "" || r[4] == "" {
						t.Fatalf("seed %d: unit row %q lacks stats (head %q)", i, r, b.Head)
					}
					names = append(names, r[0])
				}
			case *doc.Cards:
				for _, c := range b.Items {
					cards = append(cards, c.Title)
				}
			case *doc.Section:
				switch b.Title {
				case "Forces":
					l, ok := b.Blocks[0].(*doc.List)
					forces = ok && slices.ContainsFunc(l.Items, func(s string) bool {
						return strings.Contains(s, "section 6") && strings.Contains(s, "last row")
					})
				case "Magical Power":
					power = true
				}
			}
		})
		if armies != 2 {
			t.Errorf("seed %d: %d units tables, want 2", i, armies)
		}
		// Every card's unit is in a row: "Orc warriors 2" in "Orc warriors 1, 2, 3".
		for _, c := range cards {
			found := slices.Contains(names, c)
			if i := strings.LastIndex(c, " "); i > 0 {
				base, num := c[:i], c[i+1:]
				for _, n := range names {
					if rest, ok := strings.CutPrefix(n, base+" "); ok && slices.Contains(strings.Split(rest, ", "), num) {
						found = true
					}
				}
			}
			if !found {
				t.Errorf("seed %d: card %q has no row among %q", i, c, names)
			}
		}
		if !forces {
			t.Errorf("seed %d: the Forces do not say why the commanders are left blank", i)
		}
		if !power {
			t.Errorf("seed %d: no Magical Power section though every built-in army has a magic-user", i)
		}
	}
}

// TestPowerCellKey: the power track says how its "5→6" cells read, with a
// cell of its own table as the example, one whose MP is more than its die
// wherever the track has one.
func TestPowerCellKey(t *testing.T) {
	sys := load(t)
	seen := 0
	for i := range 200 {
		e, err := sys.Encounter(dice.New(fmt.Sprint("cellkey", i)), engine.Request{Type: "battle"})
		if err != nil {
			t.Fatal(err)
		}
		doc.Walk(e.Blocks, func(b doc.Block) {
			sec, ok := b.(*doc.Section)
			if !ok || sec.Title != "Magical Power" {
				return
			}
			seen++
			text := sec.Blocks[0].(*doc.Para).Text
			tb := sec.Blocks[1].(*doc.Table)
			m := regexp.MustCompile(`A cell is the die, then the MP it gives \(the die plus the level's extra MP, at most 6\): (\d)→(\d) is a (\d), worth (\d) MP\.`).FindStringSubmatch(text)
			if m == nil || m[1] != m[3] || m[2] != m[4] {
				t.Fatalf("seed %d: no key to the cells in %q", i, text)
			}
			raised := false
			found := false
			for _, row := range tb.Rows {
				for _, c := range row[1:] {
					d, mp, _ := strings.Cut(c, "→")
					raised = raised || d != mp
					found = found || c == m[1]+"→"+m[2]
				}
			}
			if !found {
				t.Errorf("seed %d: the example %s→%s is not a cell of the track", i, m[1], m[2])
			}
			if raised && m[1] == m[2] {
				t.Errorf("seed %d: the example %s→%s shows no extra MP, though the track has a cell that does", i, m[1], m[2])
			}
		})
	}
	if seen == 0 {
		t.Fatal("no battle had a magic-user")
	}
}
