package swordsorcery_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/swordsorcery"
)

var update = flag.Bool("update", false, "rewrite golden files")

func load(t testing.TB) *swordsorcery.System {
	t.Helper()
	sub, err := fs.Sub(content.FS, "systems/"+swordsorcery.ID)
	if err != nil {
		t.Fatal(err)
	}
	set, err := rules.Load(sub, "content/systems/"+swordsorcery.ID)
	if err != nil {
		t.Fatal(err)
	}
	sys, err := swordsorcery.New(set)
	if err != nil {
		t.Fatal(err)
	}
	return sys
}

func roll(t testing.TB, sys *swordsorcery.System, seed, typ string, opt engine.Options) *swordsorcery.Encounter {
	t.Helper()
	root := dice.New(seed)
	band, err := sys.RollBand(root.Stream("band"), opt)
	if err != nil {
		t.Fatal(err)
	}
	e, err := sys.RollEncounter(root.Stream("encounter"), typ, band, opt)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func marshal(t testing.TB, v any) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestGolden pins the JSON of a handful of encounters per type. Run with
// -update after a deliberate change and review the diff.
func TestGolden(t *testing.T) {
	sys := load(t)
	cases := []struct {
		typ, seed string
		opt       engine.Options
	}{
		{"explore", "golden-1", engine.Options{}},
		{"explore", "golden-2", engine.Options{Enemies: "creatures"}},
		{"raid", "golden-1", engine.Options{}},
		{"raid", "golden-2", engine.Options{Enemies: "orcs", BandSize: 3}},
		{"defend", "golden-1", engine.Options{}},
		{"defend", "golden-2", engine.Options{StarRep: 4}},
	}
	for _, c := range cases {
		name := fmt.Sprintf("%s-%s", c.typ, c.seed)
		t.Run(name, func(t *testing.T) {
			got := marshal(t, roll(t, sys, c.seed, c.typ, c.opt))
			again := marshal(t, roll(t, sys, c.seed, c.typ, c.opt))
			if !bytes.Equal(got, again) {
				t.Fatal("the same seed gave different JSON")
			}
			golden(t, filepath.Join("testdata", name+".json"), got)
		})
	}
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file; run go test -update and review the diff\n--- got ---\n%s", path, got)
	}
}

// TestRules checks the book's procedures over many seeds.
func TestRules(t *testing.T) {
	sys := load(t)
	for i := range 600 {
		for _, typ := range []string{"explore", "raid", "defend"} {
			seed := fmt.Sprintf("rules-%d", i)
			e := roll(t, sys, seed, typ, engine.Options{})
			check := func(ok bool, format string, args ...any) {
				t.Helper()
				if !ok {
					t.Fatalf("%s %s: %s", typ, seed, fmt.Sprintf(format, args...))
				}
			}
			// Terrain: Clear has two PEFs, Cover three.
			want := map[string]int{"Clear": 2, "Cover": 3}[e.Terrain.Name]
			check(len(e.PEFs) == want, "%s terrain with %d PEFs", e.Terrain.Name, len(e.PEFs))
			die := e.Terrain.Roll.Dice.Value
			clearMax := 4
			if typ == "explore" {
				clearMax = 3
			}
			check((die <= clearMax) == (e.Terrain.Name == "Clear"), "terrain die %d gave %s", die, e.Terrain.Name)
			// The special instructions give the PEF count for the terrain
			// rolled, and not the other's.
			says := 0
			for _, line := range e.Special {
				other := map[string]string{"Clear": "Cover", "Cover": "Clear"}[e.Terrain.Name]
				check(!strings.Contains(line, "Resolve") || !strings.Contains(line, other), "on %s: %q", e.Terrain.Name, line)
				if strings.HasPrefix(line, fmt.Sprintf("Resolve %d PEFs, the number for %s terrain", len(e.PEFs), e.Terrain.Name)) {
					says++
				}
			}
			check(says == 1, "on %s, %d PEFs: special instructions %q", e.Terrain.Name, len(e.PEFs), e.Special)

			alert, contacts := false, 0
			for j, p := range e.PEFs {
				last := j == len(e.PEFs)-1
				check(p.Number == j+1, "PEF numbered %d at %d", p.Number, j+1)
				check(p.Objective == last, "objective on PEF %d", p.Number)
				if typ == "raid" && last {
					check(p.Camp && p.Roll == nil && p.Outcome == "contact", "raid camp not an unrolled contact")
					check(p.Contact.Board == "Cover", "camp board %s", p.Contact.Board)
				} else {
					d := p.Roll.Dice
					if alert {
						check(len(d.Dice) == 3 && len(d.Kept) == 2, "after an alert PEF %d rolled %s", p.Number, d)
					} else {
						check(len(d.Dice) == 2 && d.Kept == nil, "before any alert PEF %d rolled %s", p.Number, d)
					}
					rolled := map[int]string{2: "contact", 1: "alert", 0: "none"}[d.Value]
					if last && contacts == 0 {
						check(p.Outcome == "contact", "last PEF with no contact before is %s", p.Outcome)
					} else {
						check(p.Outcome == rolled, "PEF %d passed %d but is %s", p.Number, d.Value, p.Outcome)
					}
					if p.Outcome == "alert" {
						alert = true
					}
				}
				if p.Outcome == "contact" {
					contacts++
					c := p.Contact
					mod := map[int]int{1: -2, 2: -1, 3: 0, 4: 0, 5: 1, 6: 2}[c.Size.Dice.Value]
					check(c.Modifier == mod, "contact die %d gave modifier %d", c.Size.Dice.Value, c.Modifier)
					check(c.Count == max(1, e.Band.Size()+mod), "contact of %d against band %d%+d", c.Count, e.Band.Size(), mod)
					check(len(c.Takes) == c.Count, "contact takes %v for %d enemies", c.Takes, c.Count)
				} else {
					check(p.Contact == nil, "%s PEF has a contact", p.Outcome)
				}
			}
			check(contacts > 0, "an encounter without contact")
			checkRoster(t, sys, e.Enemies.Roster)
			checkBand(t, e.Band, 5)
		}
	}
}

func checkRoster(t *testing.T, sys *swordsorcery.System, roster []swordsorcery.Figure) {
	t.Helper()
	if len(roster) < swordsorcery.RosterMin {
		t.Fatalf("roster of %d", len(roster))
	}
	count := func(class string) int {
		n := 0
		for _, f := range roster {
			if f.Class == class {
				n++
			}
		}
		return n
	}
	// Rolled Missiles go to places 2 and 5, a rolled Caster to 6; a place
	// keeps the next figure as rolled only when no such figure was rolled.
	if roster[1].Class != "Missile" && count("Missile") > 0 ||
		roster[4].Class != "Missile" && count("Missile") > 1 ||
		roster[5].Class != "Caster" && count("Caster") > 0 {
		t.Fatalf("roster classes %s %s %s at 2, 5, 6 with %d Missile and %d Caster", roster[1].Class, roster[4].Class, roster[5].Class, count("Missile"), count("Caster"))
	}
	// Every figure is a row of its table, as rolled.
	for i, f := range roster {
		tab := sys.Rules().Table(f.Roll.Table)
		row := tab.Named(f.Roll.Row)
		if row == nil {
			t.Fatalf("place %d: no row %q in %s", i+1, f.Roll.Row, tab.ID)
		}
		got := fmt.Sprint(f.Type, f.Class, f.Rep, f.AC)
		want := fmt.Sprint(tab.Cell(row, "Type").Text, tab.Cell(row, "Class").Text, tab.Cell(row, "Rep").Int, tab.Cell(row, "AC").Int)
		if got != want {
			t.Fatalf("place %d is %s, but row %s of %s is %s", i+1, got, f.Roll.Row, tab.ID, want)
		}
	}
	// The other places run best to worst.
	var rest []swordsorcery.Figure
	for i, f := range roster {
		if i != 1 && i != 4 && i != 5 {
			rest = append(rest, f)
		}
	}
	for i := 1; i < len(rest); i++ {
		a, b := rest[i-1], rest[i]
		if a.Rep < b.Rep || a.Rep == b.Rep && a.AC < b.AC {
			t.Fatalf("roster out of order: %v before %v", a, b)
		}
	}
}

func checkBand(t *testing.T, b *swordsorcery.Band, rep int) {
	t.Helper()
	if b.Size() != rep || !b.Figures[0].Star || b.Figures[0].Rep != rep {
		t.Fatalf("band %+v", b)
	}
	for _, g := range b.Figures[1:] {
		if g.Rep >= rep {
			t.Fatalf("grunt %v not below the Star's Rep %d", g, rep)
		}
	}
	for _, g := range b.Figures[1:] {
		for _, r := range g.Rerolled {
			if r.Row != "10" && r.Row != "11" {
				t.Fatalf("re-rolled recruit row %s is below Rep %d", r.Row, rep)
			}
		}
	}
}

// TestRerolledOnRow: a recruit rolled again for a Rep not below the
// Star's says so on its own row, naming each roll made again, and no note
// under the band or the recruits speaks of it. The Recruiting rolls are
// made again here from the same streams, so a recruit that says nothing
// was rolled once.
func TestRerolledOnRow(t *testing.T) {
	sys := load(t)
	recruiting := sys.Rules().Table("recruiting")
	// expect rolls a Grunt's stream as the book says and returns the row
	// note it should print: "" when the first roll stood.
	expect := func(r *dice.Roller, rep int) string {
		var named []string
		for {
			res, err := recruiting.Roll(r, 0)
			if err != nil {
				t.Fatal(err)
			}
			if res.Cell("Rep").Int < rep {
				if len(named) == 0 {
					return ""
				}
				return "Rolled again after " + strings.Join(named, ", ") + fmt.Sprintf(": a Grunt's Rep must be below the Star's %d.", rep)
			}
			named = append(named, fmt.Sprintf("%d (%s %s, Rep %d)", res.Roll.Value, res.Cell("Type").Text, res.Cell("Class").Text, res.Cell("Rep").Int))
		}
	}
	rows := func(t *doc.Table) []string {
		var out []string
		for _, r := range t.Rows {
			out = append(out, r[len(r)-1])
		}
		return out
	}
	again := 0
	for i := range 300 {
		rep := 4 + i%3
		seed := fmt.Sprint("rerolled-", i)
		opt := engine.Options{StarRep: rep}
		f, err := sys.Band(dice.New(seed), opt)
		if err != nil {
			t.Fatal(err)
		}
		printed := rows(f.Table())
		for k := 1; k < len(printed); k++ {
			want := expect(dice.New(seed).Stream("grunt", fmt.Sprint(k)), rep)
			if want != "" {
				again++
			}
			if !strings.Contains(printed[k], want) || want == "" && strings.Contains(printed[k], "Rolled again") {
				t.Fatalf("seed %s, Grunt %d: row says %q, want %q", seed, k, printed[k], want)
			}
		}
		for _, n := range f.Notes {
			if p := n.(*doc.Para); strings.Contains(p.Text, "Re-rolled") || strings.Contains(p.Text, "Rolled again") {
				t.Fatalf("seed %s: a re-roll noted under the band: %q", seed, p.Text)
			}
		}
		// Every Grunt killed: New Recruits after the game, and the
		// recruits' rows say what was rolled again, as the band's do.
		game := engine.Game{Fates: map[string][]string{}}
		for _, fig := range f.Figures[1:] {
			game.Fates[fig.Name] = []string{"dead"}
		}
		_, bs, err := sys.After(dice.New(seed).Stream("after"), engine.Step{}, f, game, opt)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range flatten(bs) {
			switch b := b.(type) {
			case *doc.Para:
				if strings.Contains(b.Text, "Re-rolled") || strings.Contains(b.Text, "Rolled again") {
					t.Fatalf("seed %s: a re-roll noted under the recruits: %q", seed, b.Text)
				}
			case *doc.Table:
				printed := rows(b)
				for k := range printed {
					want := expect(dice.New(seed).Stream("after").Stream("recruit", fmt.Sprint(k+1)), rep)
					if want != "" {
						again++
					}
					if !strings.Contains(printed[k], want) || want == "" && strings.Contains(printed[k], "Rolled again") {
						t.Fatalf("seed %s, recruit %d: row says %q, want %q", seed, k+1, printed[k], want)
					}
				}
			}
		}
	}
	t.Logf("%d recruits rolled again", again)
	if again == 0 {
		t.Error("no recruit was rolled again")
	}
}

// TestFirstPEFFrequency: over many seeds the first PEF's dice passed follow
// 2d6 versus 4: P(2) = 4/9, P(1) = 4/9, P(0) = 1/9.
func TestFirstPEFFrequency(t *testing.T) {
	sys := load(t)
	const n = 6000
	counts := [3]int{}
	for i := range n {
		e := roll(t, sys, fmt.Sprintf("freq-%d", i), "explore", engine.Options{})
		counts[e.PEFs[0].Roll.Dice.Value]++
	}
	want := [3]float64{1.0 / 9, 4.0 / 9, 4.0 / 9}
	chi := 0.0
	for k, c := range counts {
		exp := want[k] * n
		chi += (float64(c) - exp) * (float64(c) - exp) / exp
	}
	if chi > 13.82 { // chi-square, 2 degrees of freedom, p = 0.001
		t.Errorf("first PEF passes %v over %d encounters: chi-square %.1f", counts, n, chi)
	}
}

func TestCreatures(t *testing.T) {
	sys := load(t)
	seen := map[string]bool{}
	for i := range 400 {
		e := roll(t, sys, fmt.Sprintf("creatures-%d", i), "explore", engine.Options{Enemies: "creatures"})
		if len(e.Enemies.Roster) != 0 {
			t.Fatal("creature encounter with a loaded-up roster")
		}
		for _, p := range e.PEFs {
			if p.Contact == nil {
				continue
			}
			g := p.Contact.Creatures
			switch {
			case g.ArmyList != "":
				seen["army"] = true
				if len(g.Figures) != max(1, e.Band.Size()+p.Contact.Modifier) {
					t.Fatalf("%s: %d figures", g.Name, len(g.Figures))
				}
			case g.OnlyOne:
				seen["one"] = true
				if len(g.Figures) != 1 {
					t.Fatalf("only-one %s came %d strong", g.Name, len(g.Figures))
				}
			default:
				seen["group"] = true
				first := g.Figures[0].Rep
				for _, f := range g.Figures[1:] {
					if f.Rep != max(3, first-1) {
						t.Fatalf("%s: leader Rep %d, follower Rep %d", g.Name, first, f.Rep)
					}
					// The row says why its Rep is not the list's.
					why := fmt.Sprintf("the rest are one below the list's %d", first)
					if f.Rep == first {
						why = "as listed: the rest are never below 3"
					} else {
						seen["lower"] = true
					}
					if !strings.Contains(f.Note, why) {
						t.Fatalf("%s: follower of Rep %d (list %d) says %q", g.Name, f.Rep, first, f.Note)
					}
				}
			}
			if p.Contact.Count != len(g.Figures) {
				t.Fatalf("contact count %d, %d figures", p.Contact.Count, len(g.Figures))
			}
		}
	}
	if len(seen) != 4 {
		t.Errorf("in 400 encounters saw only %v", seen)
	}
}

// TestStreamsIndependent: changing the band (more recruiting dice, a
// different size) leaves terrain and PEF dice alone.
func TestStreamsIndependent(t *testing.T) {
	sys := load(t)
	for i := range 50 {
		seed := fmt.Sprintf("indep-%d", i)
		a := roll(t, sys, seed, "raid", engine.Options{})
		b := roll(t, sys, seed, "raid", engine.Options{BandSize: 2, Enemies: "goblins"})
		if a.Terrain.Roll.Dice.String() != b.Terrain.Roll.Dice.String() {
			t.Fatalf("%s: terrain changed with the band", seed)
		}
		for j := range a.PEFs {
			if (a.PEFs[j].Roll == nil) != (b.PEFs[j].Roll == nil) ||
				a.PEFs[j].Roll != nil && a.PEFs[j].Roll.Dice.String() != b.PEFs[j].Roll.Dice.String() {
				t.Fatalf("%s: PEF %d dice changed with the band", seed, j+1)
			}
			if a.PEFs[j].Contact != nil && a.PEFs[j].Contact.Size.Dice.String() != b.PEFs[j].Contact.Size.Dice.String() {
				t.Fatalf("%s: contact size dice changed with the band", seed)
			}
		}
	}
}

func TestBandOptions(t *testing.T) {
	sys := load(t)
	r := dice.New("band")
	for _, c := range []struct {
		opt  engine.Options
		size int
		err  string
	}{
		{engine.Options{}, 5, ""},
		{engine.Options{BandSize: 1}, 1, ""},
		{engine.Options{StarRep: 4}, 4, ""},
		{engine.Options{StarRep: 6}, 6, ""},
		{engine.Options{StarRep: 3}, 1, ""},
		{engine.Options{StarRep: 3, BandSize: 2}, 0, "cannot recruit"},
		{engine.Options{BandSize: 6}, 0, "1 to 5 figures"},
		{engine.Options{StarRep: 11}, 0, "out of range"},
	} {
		b, err := sys.RollBand(r.Stream(fmt.Sprint(c.opt)), c.opt)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%+v: error %v, want %q", c.opt, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%+v: %v", c.opt, err)
		}
		if b.Size() != c.size {
			t.Errorf("%+v: band of %d, want %d", c.opt, b.Size(), c.size)
		}
		for _, g := range b.Figures[1:] {
			if g.Rep >= b.StarRep {
				t.Errorf("%+v: grunt %v", c.opt, g)
			}
		}
	}
}

func TestEnemySources(t *testing.T) {
	sys := load(t)
	for _, src := range []string{"dwarves-black-moon", "dwarves-red-sun", "elves-black-moon", "elves-silver", "goblins", "orcs", "wererats"} {
		e := roll(t, sys, "src", "explore", engine.Options{Enemies: src})
		for _, f := range e.Enemies.Roster {
			if f.Roll.Table != src {
				t.Fatalf("%s roster figure rolled on %s", src, f.Roll.Table)
			}
		}
	}
	root := dice.New("x")
	band, _ := sys.RollBand(root, engine.Options{})
	if _, err := sys.RollEncounter(root, "explore", band, engine.Options{Enemies: "trolls"}); err == nil || !strings.Contains(err.Error(), "goblins") {
		t.Errorf("unknown enemy source: %v", err)
	}
	if _, err := sys.RollEncounter(root, "ambush", band, engine.Options{}); err == nil || !strings.Contains(err.Error(), "explore, raid, defend") {
		t.Errorf("unknown encounter type: %v", err)
	}
}

func TestNext(t *testing.T) {
	sys := load(t)
	want := map[string][2]string{"explore": {"raid", "defend"}, "raid": {"raid", "explore"}, "defend": {"explore", "defend"}}
	for typ, w := range want {
		s, _ := sys.NextType(typ, true)
		f, _ := sys.NextType(typ, false)
		if s != w[0] || f != w[1] {
			t.Errorf("after %s: %s/%s, want %s/%s", typ, s, f, w[0], w[1])
		}
	}
}

// TestLoadingUpDecisions: no army list has a Caster, so the sixth place
// keeps the next figure as rolled, and its Note says so.
func TestLoadingUpDecisions(t *testing.T) {
	sys := load(t)
	e := roll(t, sys, "orcs", "explore", engine.Options{Enemies: "orcs"})
	if c := e.Enemies.Roster[5]; c.Class == "Caster" || !strings.Contains(c.Note, "none was rolled") {
		t.Errorf("sixth orc: %+v", c)
	}
	checkRoster(t, sys, e.Enemies.Roster)
}

func flatten(bs []doc.Block) []doc.Block {
	var out []doc.Block
	doc.Walk(bs, func(b doc.Block) { out = append(out, b) })
	return out
}

// TestAfterwards: the dice rolled before the game are for every place of
// a band whose Star has risen twice, and each recruit's Recruiting rolls
// run up to the first Rep 3 (the lowest the table gives, which any Star
// who can recruit takes) and no further; New Recruits is taken versus the
// Star's Rep, a 6 failing.
func TestAfterwards(t *testing.T) {
	sys := load(t)
	counts := map[string]int{}
	for i := range 300 {
		r := dice.New(fmt.Sprint(i))
		band, _ := sys.RollBand(r.Stream("band"), engine.Options{})
		a, err := sys.RollAfterwards(r.Stream("after"), band, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		counts[a.Outcome]++
		if len(a.Places) != 7 || len(a.Recruits) != 6 {
			t.Fatalf("%d places and %d recruits for a Rep 5 Star, want 7 and 6", len(a.Places), len(a.Recruits))
		}
		for k, p := range a.Places {
			if p.Place != k+1 || len(p.Recovery.Dice) != 2 || len(p.Rep.Dice) != 1 {
				t.Fatalf("place %d: %+v", k+1, p)
			}
		}
		recruiting := sys.Rules().Table("recruiting")
		for k, chain := range a.Recruits {
			for n, c := range chain {
				rep := recruiting.Cell(recruiting.RowFor(c.Dice.Value), "Rep").Int
				if last := n == len(chain)-1; (rep == 3) != last {
					t.Fatalf("recruit %d, roll %d of %d: Rep %d", k+1, n+1, len(chain), rep)
				}
			}
		}
		d := a.NewRecruits.Dice
		if d.Expr.Target != 5 || !d.Expr.SixFails {
			t.Fatalf("new recruits rolled %s", d)
		}
	}
	// 2d6 versus 5, a 6 failing: P(pass one die) = 5/6.
	p2 := 25.0 / 36
	if math.Abs(float64(counts["full"])/300-p2) > 0.1 {
		t.Errorf("full strength %d of 300, want about %.0f", counts["full"], p2*300)
	}
}

func BenchmarkEncounter(b *testing.B) {
	sys := load(b)
	for i := 0; b.Loop(); i++ {
		roll(b, sys, fmt.Sprint(i), "raid", engine.Options{})
	}
}

func TestFigureString(t *testing.T) {
	for _, c := range []struct {
		f    swordsorcery.Figure
		want string
	}{
		{swordsorcery.Figure{Type: "Veteran", Class: "Melee", Rep: 5, AC: 4}, "Veteran Melee, Rep 5, AC 4"},
		{swordsorcery.Figure{Name: "Wraith", Type: "Wraith", Class: "Melee", Rep: 6, AC: 6}, "Wraith Melee, Rep 6, AC 6"},
		{swordsorcery.Figure{Name: "Star", Type: "Star", Class: "Caster", Rep: 5, AC: 2}, "Star Caster, Rep 5, AC 2"},
		{swordsorcery.Figure{Name: "Grukk", Type: "Veteran", Class: "Melee", Rep: 5, AC: 6}, "Grukk (Veteran) Melee, Rep 5, AC 6"},
	} {
		if got, want := c.f.String(), c.want; got != want {
			t.Errorf("%q, want %q", got, want)
		}
	}
}

func TestContactPlaces(t *testing.T) {
	for _, c := range []struct {
		in   []int
		want string
	}{
		{[]int{1, 2, 3}, "1–3"}, {[]int{4, 5, 6, 7, 1}, "4–7, 1"}, {[]int{2, 3}, "2, 3"},
		{[]int{5}, "5"}, {[]int{1, 3, 4, 5, 7}, "1, 3–5, 7"}, {nil, ""},
	} {
		got := (&swordsorcery.Contact{Takes: c.in}).Places()
		if got != c.want {
			t.Errorf("Places(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestBookAdvice: the Stop box's advice (a Missile and a Caster in the
// band) is a note when the rolled Grunts lack one; the Skeletons'
// undefined Special Class carries Sortie's reading.
func TestBookAdvice(t *testing.T) {
	sys := load(t)
	notes := 0
	for i := range 200 {
		b, err := sys.RollBand(dice.New(fmt.Sprint("advice", i)), engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		missile, caster := false, false
		for _, f := range b.Figures[1:] {
			missile = missile || f.Class == "Missile"
			caster = caster || f.Class == "Caster"
		}
		advised := slices.ContainsFunc(b.Notes, func(n string) bool { return strings.Contains(n, "Stop box") })
		if advised != (!missile || !caster) {
			t.Fatalf("band %d: Missile %v, Caster %v, advice note %v", i, missile, caster, advised)
		}
		if advised {
			notes++
		}
	}
	if notes == 0 || notes == 200 {
		t.Errorf("%d of 200 bands advised", notes)
	}
	list := sys.Rules().Table("creature-list-6")
	res := rules.Result{Table: list, Row: list.RowFor(2)}
	if c := res.Cell("Class"); c.Text != "Special" || c.Footnote != 1 {
		t.Fatalf("Skeletons' Class %+v", c)
	}
}

// TestAfterwardsOrder checks the campaign's Afterwards runs in the book's
// order (lines 944-964): After the Battle Recovery, then Rep Adjustment,
// then New Recruits with its roll, each named by its QRS table's title.
func TestAfterwardsOrder(t *testing.T) {
	sys := load(t)
	for i := range 50 {
		r := dice.New(fmt.Sprint(i))
		band, err := sys.Band(r.Stream("band"), engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		bs, err := sys.Afterwards(r.Stream("after"), 1, engine.Step{Type: "explore"}, band, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var leads []string
		for _, b := range bs {
			if p, ok := b.(*doc.Para); ok && p.Lead != "" {
				leads = append(leads, p.Lead+" "+p.Text)
			}
		}
		want := []string{"After the Battle Recovery", "Rep Adjustment", "New Recruits"}
		if len(leads) != len(want) {
			t.Fatalf("seed %d: steps %q, want %d", i, leads, len(want))
		}
		for k, w := range want {
			if !strings.HasPrefix(leads[k], fmt.Sprintf("%d. ", k+1)) || !strings.Contains(leads[k], w) {
				t.Errorf("seed %d: step %d is %q, want %q", i, k+1, leads[k], w)
			}
		}
		at := slices.IndexFunc(bs, func(b doc.Block) bool { p, ok := b.(*doc.Para); return ok && strings.HasPrefix(p.Lead, "3. ") })
		if _, ok := bs[at+1].(*doc.Roll); !ok {
			t.Errorf("seed %d: New Recruits is not followed by its roll: %T", i, bs[at+1])
		}
	}
}
