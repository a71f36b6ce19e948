package chainreaction_test

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/chainreaction"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/dice/dicetest"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
)

func load(t testing.TB) *chainreaction.System {
	t.Helper()
	sub, err := fs.Sub(content.FS, "systems/"+chainreaction.ID)
	if err != nil {
		t.Fatal(err)
	}
	set, err := rules.Load(sub, "content/systems/"+chainreaction.ID)
	if err != nil {
		t.Fatal(err)
	}
	sys, err := chainreaction.New(set)
	if err != nil {
		t.Fatal(err)
	}
	return sys
}

func roll(t testing.TB, sys *chainreaction.System, seed string, opt engine.Options) *chainreaction.Encounter {
	t.Helper()
	root := dice.New(seed)
	f, err := sys.Band(root.Stream("band"), opt)
	if err != nil {
		t.Fatal(err)
	}
	e, err := sys.RollEncounter(root.Stream("encounter"), "patrol", f.Own.(*chainreaction.Band), opt)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestTerrainProcedure checks every rolled table against the book's
// procedure (pages 20-21): nine overall types from their dice, like types
// moved into connected blocks, each section read on its type's column,
// buildings where footnoted, a road with its direction, a river with its
// width and crossing, and a lake only in section 5.
func TestTerrainProcedure(t *testing.T) {
	sys := load(t)
	set := sys.Rules()
	gen := set.Table("terrain-generator")
	col := map[string]string{"clear-hilly": "Clear/Hilly", "mountainous": "Mountainous", "woods": "Woods"}
	for i := range 400 {
		e := roll(t, sys, fmt.Sprint("terrain", i), engine.Options{})
		var rolled, laid []string
		for _, r := range e.Types {
			rolled = append(rolled, map[int]string{1: "clear-hilly", 2: "clear-hilly", 3: "clear-hilly", 4: "woods", 5: "woods", 6: "mountainous"}[r.Dice.Value])
		}
		for _, sec := range e.Sections {
			laid = append(laid, sec.Type)
			if rolled[sec.From-1] != sec.Type {
				t.Fatalf("section %d carries section %d's roll %s but is %s", sec.Number, sec.From, rolled[sec.From-1], sec.Type)
			}
			want := gen.Cell(gen.RowFor(sec.Roll.Dice.Value), col[sec.Type]).Text
			want = strings.TrimSpace(strings.Split(want, "[^")[0])
			got := sec.Terrain
			if sec.Road {
				got += " w/Road"
			}
			if sec.River || sec.Lake {
				got += " w/River"
			}
			if got != want {
				t.Fatalf("section %d (%s) rolled %d: %q, want %q", sec.Number, sec.Type, sec.Roll.Dice.Value, got, want)
			}
			if (sec.Buildings > 0) != (gen.Cell(gen.RowFor(sec.Roll.Dice.Value), col[sec.Type]).Footnote != 0) {
				t.Fatalf("section %d buildings %d on %q", sec.Number, sec.Buildings, want)
			}
			if sec.Lake && sec.Number != 5 || sec.River && sec.Number == 5 {
				t.Fatalf("section %d: river %v lake %v", sec.Number, sec.River, sec.Lake)
			}
			if sec.River && (sec.Width < 4 || sec.Width > 9 || sec.Width != sec.WidthRoll.Dice.Value || sec.Crossing == "") {
				t.Fatalf("river %d\" (%d), crossing %q", sec.Width, sec.WidthRoll.Dice.Value, sec.Crossing)
			}
			if sec.Road && sec.RoadRoll == nil {
				t.Fatal("road without its direction")
			}
		}
		a, b := slices.Clone(rolled), slices.Clone(laid)
		slices.Sort(a)
		slices.Sort(b)
		if !slices.Equal(a, b) {
			t.Fatalf("laid %v from rolled %v", laid, rolled)
		}
		// Like types are connected: along the snake 1 2 3 6 5 4 7 8 9 each
		// type is one run.
		seen := map[string]bool{}
		prev := ""
		for _, n := range []int{1, 2, 3, 6, 5, 4, 7, 8, 9} {
			ty := e.Sections[n-1].Type
			if ty != prev && seen[ty] {
				t.Fatalf("type %s split: %v", ty, laid)
			}
			seen[ty], prev = true, ty
		}
	}
}

// TestPEFProcedure: three PEFs placed in sections 1-6 with the lower of
// 2d6 as their Rep; PEF Force Composition read in the column of the PEFs
// resolved before; D the Main Body until one is found; troops counted
// with 2d6+3 or 2d6-3; the commander looked for until found.
func TestPEFProcedure(t *testing.T) {
	sys := load(t)
	comp := sys.Rules().Table("pef-force-composition")
	for i := range 400 {
		e := roll(t, sys, fmt.Sprint("pef", i), engine.Options{})
		for _, p := range e.Places {
			d := p.RepRoll.Dice
			if p.Section < 1 || p.Section > 6 || p.Rep != min(d.Dice[0], d.Dice[1]) {
				t.Fatalf("PEF in %d with Rep %d from %v", p.Section, p.Rep, d.Dice)
			}
		}
		mainFound, cinc := false, false
		for _, p := range e.PEFs {
			if want := min(p.Number-1, 3); p.Resolved != want {
				t.Fatalf("PEF %d read with %d resolved before", p.Number, p.Resolved)
			}
			cell, _ := comp.Across(comp.RowFor(p.Roll.Dice.Value), p.Resolved)
			if cell.Text != p.Letter {
				t.Fatalf("die %d, %d before: %s, want %s", p.Roll.Dice.Value, p.Resolved, p.Letter, cell.Text)
			}
			want := map[string]string{"A": "main-body", "B": "stragglers", "C": "false-alarm"}[p.Letter]
			if p.Letter == "D" {
				want = "main-body"
				if mainFound {
					want = "stragglers"
				}
			}
			if p.Outcome != want {
				t.Fatalf("%s read as %s, want %s", p.Letter, p.Outcome, want)
			}
			if p.Outcome == "false-alarm" {
				continue
			}
			mod := map[string]int{"main-body": 3, "stragglers": -3}[p.Outcome]
			d := p.HowMany.Dice
			if d.Value != d.Dice[0]+d.Dice[1]+mod {
				t.Fatalf("%s counted with %v = %d", p.Outcome, d.Dice, d.Value)
			}
			if p.Outcome == "main-body" {
				mainFound = true
			}
			if (p.Commander == nil) != cinc {
				t.Fatalf("commander rolled %v after found %v", p.Commander != nil, cinc)
			}
			cinc = cinc || p.CinC
		}
	}
}

func TestDistributions(t *testing.T) {
	sys := load(t)
	types, reps := map[int]int{}, map[int]int{}
	const n = 500
	for i := range n {
		e := roll(t, sys, fmt.Sprint("dist", i), engine.Options{})
		for _, r := range e.Types {
			types[map[int]int{1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 2}[r.Dice.Value]]++
		}
		for _, p := range e.Places {
			reps[p.Rep]++
		}
	}
	if x := dicetest.Chi2(types, map[int]float64{0: 0.5, 1: 1.0 / 3, 2: 1.0 / 6}, 9*n); x > 13.82 { // 2 df, p = 0.001
		t.Errorf("overall types %v: chi-square %.1f", types, x)
	}
	lower := map[int]float64{1: 11.0 / 36, 2: 9.0 / 36, 3: 7.0 / 36, 4: 5.0 / 36, 5: 3.0 / 36, 6: 1.0 / 36}
	if x := dicetest.Chi2(reps, lower, 3*n); x > 20.52 { // 5 df
		t.Errorf("PEF Reps %v: chi-square %.1f", reps, x)
	}
}

// TestCount: How Many of Them for forces of 1 to 6, in as many groups as
// the rows give. Insurgents' "yours and half as many again" comes in two
// groups: against a force of one it brings one in each, not 1 and 0.
func TestCount(t *testing.T) {
	for _, c := range []struct {
		size   string
		groups int
		want   []int // forces of 1..6
	}{
		{"half", 1, []int{1, 1, 1, 2, 2, 3}},
		{"one-fewer", 1, []int{1, 1, 2, 3, 4, 5}},
		{"same", 1, []int{1, 2, 3, 4, 5, 6}},
		{"one-more", 1, []int{2, 3, 4, 5, 6, 7}},
		{"half-more", 1, []int{1, 3, 4, 6, 7, 9}},
		{"half-more", 2, []int{2, 3, 4, 6, 7, 9}},
		{"double", 2, []int{2, 4, 6, 8, 10, 12}},
		{"triple", 3, []int{3, 6, 9, 12, 15, 18}},
	} {
		var got []int
		for n := 1; n <= 6; n++ {
			got = append(got, chainreaction.Count(c.size, c.groups, n))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s in %d groups: %v, want %v", c.size, c.groups, got, c.want)
		}
	}
}

func TestForce(t *testing.T) {
	sys := load(t)
	for i := range 100 {
		f, err := sys.Band(dice.New(fmt.Sprint("force", i)), engine.Options{Recruits: "gang", StarRep: 4})
		if err != nil {
			t.Fatal(err)
		}
		if f.Size() != 5 || !f.Figures[0].Star {
			t.Fatalf("force %+v", f)
		}
		for _, g := range f.Figures[1:] {
			var rep int
			fmt.Sscan(g.Attrs[0], &rep)
			if rep > 4 || !strings.Contains(g.Attrs[1], "1d6 = ") || !strings.Contains(g.Attrs[2], "2d6 = ") {
				t.Fatalf("gang member %+v", g)
			}
		}
	}
	if _, err := sys.Band(dice.New("x"), engine.Options{Recruits: "marines"}); err == nil || !strings.Contains(err.Error(), `unknown force list "marines"`) {
		t.Errorf("unknown list: %v", err)
	}
}

// TestSealed: what a PEF turns out to be is printed only in the sealed
// block.
func TestSealed(t *testing.T) {
	sys := load(t)
	root := dice.New("sealed")
	band, err := sys.Band(root.Stream("band"), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	e, err := sys.Encounter(root.Stream("encounter"), engine.Request{Type: "patrol", Band: band})
	if err != nil {
		t.Fatal(err)
	}
	s := doc.SealedIn(e.Blocks)
	if s == nil || len(s.Items) != chainreaction.PEFs+chainreaction.Extra {
		t.Fatalf("sealed %+v", s)
	}
	var open []doc.Block
	for _, b := range e.Blocks {
		if _, ok := b.(*doc.Sealed); !ok {
			open = append(open, b)
		}
	}
	out, _ := json.Marshal(open)
	for _, secret := range []string{"Main Body", "Stragglers", "False alarm", "How Many of Them?:"} {
		if strings.Contains(string(out), secret) {
			t.Errorf("%q outside the sealed block", secret)
		}
	}
	if len(doc.Maps(e.Blocks)) != 1 {
		t.Error("no map")
	}
}

// TestRoster: every enemy figure is rolled on the enemy's list, and the
// roster holds every figure the sealed PEFs' groups take, for every force
// the Star can field and one that shrinks as figures fall, so no rolled
// figure is taken twice (the book recruits each figure once it knows how
// many, page 27). Over 1,056 Patrols: the four lists, Stars of Rep 3 to
// 6 (no Military Grunt is below Rep 3) and every force size.
func TestRoster(t *testing.T) {
	sys := load(t)
	n := 0
	for _, own := range []string{"military", "police", "insurgents", "gang"} {
		for rep := 3; rep <= 6; rep++ {
			for size := 1; size <= rep+1; size++ {
				for i := range 12 {
					opt := engine.Options{Recruits: own, StarRep: rep, BandSize: size}
					e := roll(t, sys, fmt.Sprint("roster", own, rep, size, i), opt)
					n++
					if len(e.Roster) != max(chainreaction.RosterSize, e.Taken) {
						t.Fatalf("roster of %d for %d taken", len(e.Roster), e.Taken)
					}
					for _, f := range e.Roster {
						if f.Roll == nil && f.Squad == "swat" {
							continue // a SWAT squad's figure, not rolled (TestPoliceSquads)
						}
						if f.Roll.Label != e.Enemy.Title {
							t.Fatalf("figure rolled on %s, want %s", f.Roll.Label, e.Enemy.Title)
						}
					}
					taken := 0
					for _, p := range e.PEFs {
						if p.HowMany == nil {
							continue
						}
						if p.From != taken+1 {
							t.Fatalf("group starts at %d after %d taken", p.From, taken)
						}
						taken += chainreaction.Count(p.Size, p.Groups, size)
					}
					if taken != e.Taken || taken > len(e.Roster) {
						t.Fatalf("groups take %d (recorded %d) of a roster of %d", taken, e.Taken, len(e.Roster))
					}
					for force := 1; force <= size; force++ {
						for _, shrink := range []bool{false, true} {
							at, k := 0, force
							for _, p := range e.PEFs {
								if p.HowMany == nil {
									continue
								}
								at += chainreaction.Count(p.Size, p.Groups, k)
								if at > len(e.Roster) {
									t.Fatalf("%s seed %d: a force of %d runs past a roster of %d", own, i, force, len(e.Roster))
								}
								if shrink && k > 1 {
									k--
								}
							}
						}
					}
				}
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d Patrols", n)
	}
}

// TestRosterPrinted reads the printed page: the places each sealed PEF
// names for the whole force are rows of the printed roster, and no row is
// named twice.
func TestRosterPrinted(t *testing.T) {
	sys := load(t)
	lists := sys.EnemySources()
	for i := range 1000 {
		root := dice.New(fmt.Sprint("printed", i))
		opt := engine.Options{Recruits: lists[i%4], StarRep: 3 + i%4}
		opt.BandSize = 1 + i%(opt.StarRep+1)
		band, err := sys.Band(root.Stream("band"), opt)
		if err != nil {
			t.Fatal(err)
		}
		e, err := sys.Encounter(root.Stream("encounter"), engine.Request{Type: "patrol", Band: band, Options: opt})
		if err != nil {
			t.Fatal(err)
		}
		if err := rosterPlaces(e.Blocks, "The enemy"); err != nil {
			t.Fatalf("seed %d: %v", i, err)
		}
	}
}

// rosterPlaces checks the printed page: the roster places each sealed item
// names (", places 3–5)") are places of the roster printed under the
// section whose title starts with enemy, numbered 1 up in order, and no
// place is named twice.
func rosterPlaces(bs []doc.Block, enemy string) error {
	rows := -1
	for _, b := range bs {
		if sec, ok := b.(*doc.Section); ok && strings.HasPrefix(sec.Title, enemy) {
			for _, sb := range sec.Blocks {
				if c, ok := sb.(*doc.Checklist); ok && c.Lead == chainreaction.RosterLead {
					for k, item := range c.Items {
						if item == "" {
							return fmt.Errorf("roster place %d is empty", k+1)
						}
					}
					rows = len(c.Items)
				}
			}
		}
	}
	if rows < 0 {
		return fmt.Errorf("no roster under %q", enemy)
	}
	s := doc.SealedIn(bs)
	if s == nil {
		return fmt.Errorf("no sealed block")
	}
	used := map[int]bool{}
	var walk func([]doc.Block) error
	walk = func(bs []doc.Block) error {
		for _, b := range bs {
			switch b := b.(type) {
			case *doc.Section:
				if err := walk(b.Blocks); err != nil {
					return err
				}
			case *doc.Para:
				_, after, ok := strings.Cut(b.Text, "places ")
				if !ok {
					continue
				}
				list, _, _ := strings.Cut(after, ")")
				for _, run := range strings.Split(list, ", ") {
					from, to, isRun := strings.Cut(run, "–")
					if !isRun {
						to = from
					}
					a, err1 := strconv.Atoi(from)
					z, err2 := strconv.Atoi(to)
					if err1 != nil || err2 != nil || a > z {
						return fmt.Errorf("places %q", list)
					}
					for k := a; k <= z; k++ {
						if k < 1 || k > rows {
							return fmt.Errorf("place %d of a roster of %d", k, rows)
						}
						if used[k] {
							return fmt.Errorf("place %d named twice", k)
						}
						used[k] = true
					}
				}
			}
		}
		return nil
	}
	for _, it := range s.Items {
		if err := walk(it.Blocks); err != nil {
			return fmt.Errorf("%s: %w", it.Title, err)
		}
	}
	return nil
}

// TestDecisionNotes: every value Sortie decides prints with its word, at
// the value, over 1,200 Patrols of every list and force size: an A after
// the Main Body, a How Many total past the book's rows, "2X / 3X as many
// more", an odd force halved or a group floored at one, the How Many
// table a Police or Gang patrol uses, and the special weapons of an
// enemy Military team or Insurgent group, with their rolls.
func TestDecisionNotes(t *testing.T) {
	sys := load(t)
	lists := sys.EnemySources()
	seen := map[string]int{}
	for i := range 1200 {
		own := lists[i%4]
		opt := engine.Options{Recruits: own, StarRep: 3 + i%4}
		opt.BandSize = 1 + (i/4)%(opt.StarRep+1)
		root := dice.New(fmt.Sprint("notes", i))
		band, err := sys.Band(root.Stream("band"), opt)
		if err != nil {
			t.Fatal(err)
		}
		e, err := sys.RollEncounter(root.Stream("encounter"), "patrol", band.Own.(*chainreaction.Band), opt)
		if err != nil {
			t.Fatal(err)
		}
		out, err := sys.Encounter(root.Stream("encounter"), engine.Request{Type: "patrol", Band: band, Options: opt})
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := json.Marshal(out.Blocks)
		printed := string(raw)
		if m := emptyGroup.FindString(printed); m != "" {
			t.Fatalf("seed %d: a count cell has an empty group: %s", i, m)
		}
		want := func(kind, note string) {
			t.Helper()
			seen[kind]++
			if !strings.Contains(printed, note) {
				t.Fatalf("seed %d: %s: %q is not printed", i, kind, note)
			}
		}
		switch own {
		case "police":
			want("police table", "How Many of Them? Military Patrol against your force (the book has none for Police: Sortie's pairing)")
		case "gang":
			want("gang table", "How Many of Them? Insurgents Patrol against your force (the book has none for a Gang: Sortie's pairing)")
		}
		for _, sec := range e.Sections {
			if sec.Dir != nil {
				want("river direction", sec.Dir.Result)
				want("river direction", chainreaction.RiverNote)
			}
		}
		groups := 0
		for _, p := range e.PEFs {
			if p.HowMany == nil {
				continue
			}
			if p.Again {
				want("A again", "this A is read as printed, another sizeable group (Sortie's reading")
			}
			if total := p.HowMany.Dice.Value; total < 2 {
				want("below the rows", fmt.Sprintf("A total of %d is below the book's rows", total))
			} else if total > 12 && e.HowMany.ID == "how-many-insurgents" {
				want("past the rows", fmt.Sprintf("A total of %d is past the book's rows", total))
			}
			switch p.Size {
			case "double":
				want("2X", `The book's \"2X as many more\" read as twice your number in all`)
			case "triple":
				want("3X", `The book's \"3X as many more\" read as three times your number in all`)
			}
			for n := 1; n <= opt.BandSize; n++ {
				if chainreaction.Halves(p.Size, n) {
					want("halved", "half rounded down (Sortie's reading")
				}
				if raw := chainreaction.Raw(p.Size, n); raw < 1 {
					want("floored", "though the row gives none (Sortie's floor")
				} else if raw < p.Groups {
					want("spread", fmt.Sprintf("one in each of the %d groups, though the row gives fewer figures (Sortie's floor", p.Groups))
				}
			}
			switch e.Enemy.ID {
			case "military":
				teams := 0
				for _, g := range chainreactionSplit(chainreaction.Count(p.Size, p.Groups, opt.BandSize), p.Groups) {
					teams += (g + 2) / 3
				}
				if len(p.Teams) != teams {
					t.Fatalf("%d team weapons for %d teams", len(p.Teams), teams)
				}
				var rolls []string
				for _, r := range p.Teams {
					if want := map[bool]string{true: "Grenade Launcher", false: "SAW"}[r.Dice.Value <= 3]; r.Result != want {
						t.Fatalf("team weapon %d read %q, want %q", r.Dice.Value, r.Result, want)
					}
					rolls = append(rolls, fmt.Sprintf("%d %s", r.Dice.Value, r.Result))
				}
				want("team weapon", "(1d6 a team, in order): "+strings.Join(rolls, " · ")+".")
			case "insurgents":
				want("SAW", "the last figure you take for each group carries one")
				for g := range p.Groups {
					if (groups+g+1)%2 == 0 {
						want("rocket launcher", fmt.Sprintf("group %d here (the ", g+1))
					}
				}
			}
			if p.FirstGroup != groups+1 {
				t.Fatalf("first group %d after %d found", p.FirstGroup, groups)
			}
			groups += p.Groups
		}
		for _, f := range e.Roster {
			if f.Weapon == "" || strings.Contains(f.Weapon, "as the list") {
				t.Fatalf("%s %s has no weapon", e.Enemy.ID, f.Type)
			}
			var item string // a checklist item opens a JSON string
			switch {
			case f.Roll == nil:
				item = `"` + f.Type + " (no roll)"
			case len(f.Rerolled) > 0:
				item = fmt.Sprintf(`"%s (%d, after `, f.Type, f.Roll.Dice.Value)
			default:
				item = fmt.Sprintf(`"%s (%d)`, f.Type, f.Roll.Dice.Value)
			}
			if f.Type == "SWAT" || e.Enemy.ID == "gang" {
				if f.WRoll == nil || !strings.Contains(f.Weapon, "(1d6 = ") {
					t.Fatalf("%s: weapon %q shows no roll", f.Type, f.Weapon)
				}
				item += fmt.Sprintf(": %s (%d)", f.Rolled, f.WRoll.Dice.Value)
			} else {
				want("weapon", `"`+f.Weapon+`"`) // in the list's key
			}
			want("weapon", item)
		}
	}
	t.Logf("notes found printed: %v", seen)
	for _, kind := range []string{"river direction", "police table", "gang table", "A again", "below the rows", "past the rows", "2X", "3X", "halved", "floored", "spread", "team weapon", "SAW", "rocket launcher"} {
		if seen[kind] == 0 {
			t.Errorf("no %s note came up", kind)
		}
	}
}

// emptyGroup finds a count cell of groups with one of them empty, "1+0".
var emptyGroup = regexp.MustCompile(`"[0-9+]*\+0[+"]`)

// chainreactionSplit is the engine's even split, largest first.
func chainreactionSplit(total, groups int) []int {
	out := make([]int, max(groups, 1))
	for i := range out {
		out[i] = total / len(out)
		if i < total%len(out) {
			out[i]++
		}
	}
	return out
}

// TestPoliceSquads: SWAT never serve beside uniformed officers (page 7,
// line 258). Over 1,200 Patrols against a Police enemy and 1,200 Police
// forces of every Star Rep and size, every force is one kind: a first
// figure that rolled SWAT makes all the others SWAT, unrolled, each with
// its SWAT Weapons roll; any other first figure keeps SWAT out, each roll
// of it rolled again and printed at the figure; the page says how.
func TestPoliceSquads(t *testing.T) {
	sys := load(t)
	police := sys.Rules().Table("police")
	swatForces, rerolls, regular, n := 0, 0, 0, 0
	check := func(where string, fs []chainreaction.Figure) {
		t.Helper()
		if len(fs) == 0 {
			return
		}
		first := fs[0]
		if first.Roll == nil || first.Rerolled != nil {
			t.Fatalf("%s: the first figure was not rolled once: %+v", where, first)
		}
		row := police.RowFor(first.Roll.Dice.Value)
		if first.Row != row.Key || first.Squad != police.Cell(row, "Squad").Text {
			t.Fatalf("%s: first figure %s (row %s, squad %s) for a roll of %d", where, first.Type, first.Row, first.Squad, first.Roll.Dice.Value)
		}
		if first.Type == "SWAT" {
			swatForces++
		} else {
			regular++
		}
		for k, f := range fs[1:] {
			if (f.Type == "SWAT") != (first.Type == "SWAT") || f.Squad != first.Squad {
				t.Fatalf("%s: figure %d is %s (%s) in a force whose first is %s (%s)", where, k+2, f.Type, f.Squad, first.Type, first.Squad)
			}
			if first.Type == "SWAT" {
				if f.Roll != nil || f.Rerolled != nil || f.Rep != 5 || f.WRoll == nil || f.WRoll.Label != "SWAT Weapons" {
					t.Fatalf("%s: SWAT figure %d: roll %v, Rep %d, weapon roll %v", where, k+2, f.Roll, f.Rep, f.WRoll)
				}
				continue
			}
			if f.Roll == nil || police.RowFor(f.Roll.Dice.Value).Key != f.Row {
				t.Fatalf("%s: figure %d %s: roll %v for row %s", where, k+2, f.Type, f.Roll, f.Row)
			}
			for _, r := range f.Rerolled {
				if r.Dice.Value != 2 || r.Result != "SWAT" {
					t.Fatalf("%s: figure %d rolled again after %d %s", where, k+2, r.Dice.Value, r.Result)
				}
				rerolls++
			}
		}
	}
	for i := range 1200 {
		rep := 3 + i%4
		opt := engine.Options{Recruits: "gang", StarRep: rep, BandSize: 1 + i%(rep+1)}
		root := dice.New(fmt.Sprint("squads", i))
		band, err := sys.Band(root.Stream("band"), opt)
		if err != nil {
			t.Fatal(err)
		}
		e, err := sys.RollEncounter(root.Stream("encounter"), "patrol", band.Own.(*chainreaction.Band), opt)
		if err != nil {
			t.Fatal(err)
		}
		n++
		check(fmt.Sprintf("seed %d enemy", i), e.Roster)
		page, err := sys.Encounter(root.Stream("encounter"), engine.Request{Type: "patrol", Band: band, Options: opt})
		if err != nil {
			t.Fatal(err)
		}
		text := blockText(page.Blocks)
		if !strings.Contains(text, chainreaction.SquadNote) {
			t.Fatalf("seed %d: the page does not say how a police force is kept one kind", i)
		}
		for k, f := range e.Roster {
			if f.Roll == nil && !strings.Contains(text, fmt.Sprintf("%d\u00a0SWAT (no roll)", k+1)) {
				t.Fatalf("seed %d: roster place %d does not say it was not rolled", i, k+1)
			}
			if len(f.Rerolled) > 0 && !strings.Contains(text, fmt.Sprintf("%d\u00a0%s (%d, after 2 SWAT", k+1, f.Type, f.Roll.Dice.Value)) {
				t.Fatalf("seed %d: roster place %d does not show its roll of SWAT rolled again", i, k+1)
			}
		}

		own := engine.Options{Recruits: "police", StarRep: rep, BandSize: 2 + i%rep}
		f, err := sys.Band(root.Stream("police"), own)
		if err != nil {
			t.Fatal(err)
		}
		b := f.Own.(*chainreaction.Band)
		n++
		check(fmt.Sprintf("seed %d force", i), b.Figures[1:])
		for k, fig := range b.Figures[1:] {
			note := f.Figures[k+1].Note
			if fig.Roll == nil && note != "As the squad's first Grunt: not rolled." {
				t.Fatalf("seed %d: Grunt %d not rolled, note %q", i, k+1, note)
			}
			if len(fig.Rerolled) > 0 && !strings.Contains(note, "Rolled again after 2 SWAT") {
				t.Fatalf("seed %d: Grunt %d rolled again, note %q", i, k+1, note)
			}
		}
		if len(b.Figures) > 1 && !slices.ContainsFunc(f.Notes, func(b doc.Block) bool { p, ok := b.(*doc.Para); return ok && p.Text == chainreaction.SquadNote }) {
			t.Fatalf("seed %d: the force's notes do not say how it is kept one kind", i)
		}
	}
	t.Logf("%d police forces: %d SWAT, %d regular; %d SWAT rolls rolled again", n, swatForces, regular, rerolls)
	if swatForces == 0 || rerolls == 0 {
		t.Errorf("too few SWAT forces (%d) or re-rolls (%d) to check", swatForces, rerolls)
	}
}

// blockText is every text of bs, open and sealed, joined by new lines.
func blockText(bs []doc.Block) string {
	var b strings.Builder
	doc.Walk(bs, func(x doc.Block) {
		switch x := x.(type) {
		case *doc.Para:
			b.WriteString(x.Lead + " " + x.Text + "\n")
		case *doc.Checklist: // numbered as every renderer numbers it
			for i, it := range x.Items {
				fmt.Fprintf(&b, "%d\u00a0%s\n", i+1, it)
			}
		}
	})
	return b.String()
}

// TestForceRows: what Sortie decided about each figure of your force is
// on its row. Over forces of every list, Star Rep and size: a Grunt rolled
// again for a Rep above the Star's names each roll on its row, in order,
// and no note under the table speaks of it; the Star's row gives his Rep
// where it is not the Rep 5 the lists print, and no note says another; no
// note gives a unit size the force is not, unless it says what Sortie did;
// and the weapons the list leaves to the player are given on the rows: the
// last of each Military team of three a Team Weapons roll, shown with its
// dice, an Insurgent force's last figure the group's SAW.
func TestForceRows(t *testing.T) {
	sys := load(t)
	teamArms := sys.Rules().Table("team-weapons")
	rangeRe := regexp.MustCompile(`(\d+) to (\d+)`)
	starRe := regexp.MustCompile(`Star, Rep (\d+)`)
	again, teams := 0, 0
	for i := range 400 {
		own := sys.EnemySources()[i%4]
		rep := 3 + (i/4)%4
		size := 1 + (i/20)%(rep+1)
		opt := engine.Options{Recruits: own, StarRep: rep, BandSize: size}
		seed := fmt.Sprint("rows", i)
		f, err := sys.Band(dice.New(seed), opt)
		if err != nil {
			t.Fatal(err)
		}
		b := f.Own.(*chainreaction.Band)
		var notes []string
		for _, n := range f.Notes {
			notes = append(notes, n.(*doc.Para).Text)
		}
		all := strings.Join(notes, "\n")
		if strings.Contains(all, "Re-rolled") || strings.Contains(all, "Rolled again") {
			t.Fatalf("seed %d: a re-roll is noted under the table:\n%s", i, all)
		}
		for _, m := range starRe.FindAllStringSubmatch(all, -1) {
			if m[1] != fmt.Sprint(rep) {
				t.Fatalf("seed %d: a Star of Rep %d, and a note says %q", i, rep, m[0])
			}
		}
		if star := f.Figures[0].Note; rep != 5 && !strings.Contains(star, fmt.Sprintf("at Rep %d", rep)) {
			t.Fatalf("seed %d: a Star of Rep %d, and his row says %q", i, rep, star)
		}
		for _, n := range notes {
			for _, m := range rangeRe.FindAllStringSubmatch(n, -1) {
				lo, hi := 0, 0
				fmt.Sscan(m[1], &lo)
				fmt.Sscan(m[2], &hi)
				if (size < lo || size > hi) && !strings.Contains(n, fmt.Sprintf("Sortie's decision: your force is %d figure", size)) {
					t.Fatalf("seed %d: a force of %d beside %q", i, size, n)
				}
			}
		}
		// Military and Insurgent figures roll nothing but the list on a
		// Grunt's stream before the Attribute: roll it again here.
		if own == "military" || own == "insurgents" {
			for k := 1; k < size; k++ {
				gr := dice.New(seed).Stream("grunt", fmt.Sprint(k))
				var high []string
				for {
					res, err := b.List.Roll(gr, 0)
					if err != nil {
						t.Fatal(err)
					}
					if res.Cell("Rep").Int <= rep {
						break
					}
					high = append(high, fmt.Sprintf("%d %s", res.Roll.Value, res.Cell("Type").Text))
				}
				note := f.Figures[k].Note
				if len(high) == 0 {
					if note != "" {
						t.Fatalf("seed %d: Grunt %d rolled once, note %q", i, k, note)
					}
					continue
				}
				again++
				if want := "Rolled again after " + strings.Join(high, ", ") + ": Rep above the Star's"; !strings.HasPrefix(note, want) {
					t.Fatalf("seed %d: Grunt %d: row says %q, want %q", i, k, note, want)
				}
			}
		}
		for k, fig := range b.Figures {
			last := k%3 == 2 || k == len(b.Figures)-1
			switch {
			case own == "military" && last && !fig.Star:
				teams++
				w := map[bool]string{true: "Grenade Launcher", false: "SAW"}[fig.Team != nil && fig.Team.Dice.Value <= 3]
				if fig.Team == nil || fig.Team.Label != teamArms.Title || fig.Team.Result != w ||
					!strings.HasSuffix(f.Figures[k].Attrs[1], ", "+w+" ("+fig.Team.Dice.String()+")") {
					t.Fatalf("seed %d: the last of team %d, figure %d: team roll %v, weapon %q", i, k/3+1, k+1, fig.Team, f.Figures[k].Attrs[1])
				}
				if !strings.Contains(all, "rolled on Team Weapons (Sortie's decision: the book does not say who)") {
					t.Fatalf("seed %d: team weapons given and not said:\n%s", i, all)
				}
			case own == "insurgents" && k == len(b.Figures)-1 && !fig.Star:
				if !strings.HasSuffix(f.Figures[k].Attrs[1], ", SAW") || !strings.Contains(all, "its last figure carries the SAW (Sortie's decision") {
					t.Fatalf("seed %d: the Insurgent force's last figure %q, notes:\n%s", i, f.Figures[k].Attrs[1], all)
				}
			default:
				if fig.Team != nil || strings.Contains(f.Figures[k].Attrs[1], "SAW") || strings.Contains(f.Figures[k].Attrs[1], "Launcher") {
					t.Fatalf("seed %d: figure %d of %d carries %q", i, k+1, len(b.Figures), f.Figures[k].Attrs[1])
				}
			}
		}
	}
	t.Logf("%d Grunts rolled again, %d team weapons", again, teams)
	if again == 0 || teams == 0 {
		t.Errorf("too few Grunts rolled again (%d) or team weapons (%d) to check", again, teams)
	}
}
