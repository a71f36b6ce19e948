package swordsorcery_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/swordsorcery"
)

// TestMembersRestore: the band Sortie recruits, written as the player's
// file holds it and raised again, is the same band: the same figures,
// names and attributes, the same own record but for the rolls that made
// it, and an encounter rolled for it is byte for byte the one rolled for
// the band as recruited.
func TestMembersRestore(t *testing.T) {
	sys := load(t)
	for i := range 60 {
		opt := engine.Options{StarRep: 4 + i%4, BandSize: []int{0, 0, 3, 1}[i%4]}
		f, err := sys.Band(dice.New(fmt.Sprint("keep-", i)), opt)
		if err != nil {
			t.Fatal(err)
		}
		ms := sys.Members(f)
		names := map[string]bool{}
		for _, m := range ms {
			if names[m.Name] || m.Name == "" {
				t.Fatalf("band %d: name %q twice or empty: %+v", i, m.Name, ms)
			}
			names[m.Name] = true
		}
		if !ms[0].Star || ms[0].Name != "Star" {
			t.Fatalf("band %d: first member %+v, want the Star", i, ms[0])
		}
		g, err := sys.Restore(ms, opt)
		if err != nil {
			t.Fatalf("band %d: %v", i, err)
		}
		if again := sys.Members(g); !slices.EqualFunc(again, ms, memberEqual) {
			t.Fatalf("band %d: members\n%+v\nafter a round trip\n%+v", i, ms, again)
		}
		if len(g.Figures) != len(f.Figures) || g.Title != f.Title || !slices.Equal(g.Columns, f.Columns) {
			t.Fatalf("band %d: force %+v, want %+v", i, g, f)
		}
		for k := range f.Figures {
			a, b := f.Figures[k], g.Figures[k]
			if a.Name != b.Name || a.Star != b.Star || !slices.Equal(a.Attrs, b.Attrs) {
				t.Fatalf("band %d, figure %d: %+v, want %+v", i, k+1, b, a)
			}
		}
		was, now := f.Own.(*swordsorcery.Band), g.Own.(*swordsorcery.Band)
		if was.StarRep != now.StarRep {
			t.Fatalf("band %d: Star's Rep %d, want %d", i, now.StarRep, was.StarRep)
		}
		for k, fig := range was.Figures {
			fig.Roll, fig.Rerolled, fig.Note = nil, nil, ""
			if now.Figures[k].Type != fig.Type || fmt.Sprint(now.Figures[k]) != fmt.Sprint(fig) {
				t.Fatalf("band %d, figure %d: %+v, want %+v", i, k+1, now.Figures[k], fig)
			}
		}
		for _, typ := range []string{"explore", "raid", "defend"} {
			r := dice.New(fmt.Sprint("keep-encounter-", i))
			e1, err := sys.Encounter(r, engine.Request{Type: typ, Band: f, Options: opt})
			if err != nil {
				t.Fatal(err)
			}
			e2, err := sys.Encounter(r, engine.Request{Type: typ, Band: g, Options: opt})
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(marshal(t, e1), marshal(t, e2)) {
				t.Fatalf("band %d: %s rolled for the restored band differs", i, typ)
			}
		}
	}
}

func memberEqual(a, b engine.Member) bool {
	return a.Name == b.Name && a.Star == b.Star && slices.Equal(a.Attrs, b.Attrs)
}

// member is a hand-written member of the player's file.
func member(name string, star bool, kv ...string) engine.Member {
	m := engine.Member{Name: name, Star: star}
	for i := 0; i+1 < len(kv); i += 2 {
		m.Attrs = append(m.Attrs, engine.Attr{Key: kv[i], Value: kv[i+1]})
	}
	return m
}

// handBand is a band as a player writes it: a Rep 5 Star and three
// Grunts.
func handBand() []engine.Member {
	return []engine.Member{
		member("Star", true, "class", "Melee", "rep", "5", "ac", "4"),
		member("Bera", false, "class", "Missile", "rep", "4", "ac", "2"),
		member("Grim", false, "class", "Melee", "rep", "3", "ac", "4"),
		member("Odo", false, "class", "Caster", "rep", "3", "ac", "2"),
	}
}

// TestRestoreMistakes: every mistake in the band of the player's file
// is a MemberError at the member and the key at fault, saying what is
// wanted.
func TestRestoreMistakes(t *testing.T) {
	sys := load(t)
	for _, c := range []struct {
		name  string
		edit  func(ms []engine.Member) []engine.Member
		index int
		field string
		says  string
	}{
		{"unknown class", func(ms []engine.Member) []engine.Member { ms[1].Attrs[0].Value = "Archer"; return ms }, 1, "class", "want Caster, Melee, Missile"},
		{"Rep below 3", func(ms []engine.Member) []engine.Member { ms[2].Attrs[1].Value = "2"; return ms }, 2, "rep", "from 3 to 10"},
		{"Rep above 10", func(ms []engine.Member) []engine.Member { ms[0].Attrs[1].Value = "11"; return ms }, 0, "rep", "Sortie's decision"},
		{"Rep not a number", func(ms []engine.Member) []engine.Member { ms[3].Attrs[1].Value = "three"; return ms }, 3, "rep", "want a number"},
		{"AC not the book's", func(ms []engine.Member) []engine.Member { ms[1].Attrs[2].Value = "3"; return ms }, 1, "ac", "want 2, 4 or 6"},
		{"no Star", func(ms []engine.Member) []engine.Member { ms[0].Star = false; return ms }, 0, "star", "no Star"},
		{"two Stars", func(ms []engine.Member) []engine.Member { ms[2].Star = true; return ms }, 2, "star", "two Stars"},
		{"unknown key", func(ms []engine.Member) []engine.Member {
			ms[3].Attrs = append(ms[3].Attrs, engine.Attr{Key: "wounds", Value: "1"})
			return ms
		}, 3, "wounds", "a figure has class, rep, ac"},
		{"missing key", func(ms []engine.Member) []engine.Member { ms[1].Attrs = ms[1].Attrs[:2]; return ms }, 1, "ac", "no ac"},
		{"Grunt as good as the Star", func(ms []engine.Member) []engine.Member { ms[1].Attrs[1].Value = "5"; return ms }, 1, "rep", "below the Star's 5"},
		{"too many figures", func(ms []engine.Member) []engine.Member {
			return append(ms, member("Ulf", false, "class", "Melee", "rep", "3", "ac", "2"), member("Ygg", false, "class", "Melee", "rep", "3", "ac", "2"))
		}, 5, "", "at most 5 figures"},
		{"no name", func(ms []engine.Member) []engine.Member { ms[2].Name = " "; return ms }, 2, "name", "no name"},
		{"a name twice", func(ms []engine.Member) []engine.Member { ms[3].Name = "Bera"; return ms }, 3, "name", "twice"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := sys.Restore(handBand(), engine.Options{}); err != nil {
				t.Fatalf("the band before the mistake: %v", err)
			}
			_, err := sys.Restore(c.edit(handBand()), engine.Options{})
			var me *engine.MemberError
			if !errors.As(err, &me) {
				t.Fatalf("error %v (%T), want a MemberError", err, err)
			}
			if me.Index != c.index || me.Field != c.field || !strings.Contains(err.Error(), c.says) {
				t.Errorf("figure %d, field %q: %v; want figure %d, field %q, saying %q", me.Index, me.Field, err, c.index, c.field, c.says)
			}
		})
	}
	// The Star may stand anywhere in the file; it is place 1.
	ms := handBand()
	ms[0], ms[2] = ms[2], ms[0]
	f, err := sys.Restore(ms, engine.Options{})
	if err != nil || f.Figures[0].Name != "Star" || f.Figures[1].Name != "Grim" || f.Figures[2].Name != "Bera" {
		t.Fatalf("%v %+v", err, f)
	}
}

// placeDice reads the dice an entry printed for each place, from the
// Afterwards table headed Place: its Recovery and Rep rows.
func placeDice(t *testing.T, bs []doc.Block) (recovery, rep map[int]string) {
	t.Helper()
	recovery, rep = map[int]string{}, map[int]string{}
	for _, b := range bs {
		tb, ok := b.(*doc.Table)
		if !ok || len(tb.Head) == 0 || tb.Head[0] != "Place" {
			continue
		}
		for c := 1; c < len(tb.Head); c++ {
			p, _ := strconv.Atoi(tb.Head[c])
			// The dice are held together by a no-break space.
			recovery[p] = strings.ReplaceAll(tb.Rows[0][c], "\u00a0", ", ")
			rep[p] = tb.Rows[1][c]
		}
		return recovery, rep
	}
	t.Fatal("no table of dice by place")
	return nil, nil
}

func diceOf(d dice.Roll) string {
	s := make([]string, len(d.Dice))
	for i, v := range d.Dice {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, ", ")
}

var placeRe = regexp.MustCompile(`\(place (\d+)`)

// rolls returns After's rolls of a step by the place they were for.
func rolls(bs []doc.Block, step string) map[int]*doc.Roll {
	out := map[int]*doc.Roll{}
	for _, b := range flatten(bs) {
		r, ok := b.(*doc.Roll)
		if !ok || !strings.Contains(r.Label, step) {
			continue
		}
		if m := placeRe.FindStringSubmatch(r.Label); m != nil {
			p, _ := strconv.Atoi(m[1])
			out[p] = r
		}
	}
	return out
}

// TestAfterReadsPrintedDice: the dice After rolls for each figure are
// the ones the entry printed for its place, for Recovery and Rep alike;
// its New Recruits roll is the printed one; and each recruit is the
// first of its printed Recruiting rolls below the Star's Rep.
func TestAfterReadsPrintedDice(t *testing.T) {
	sys := load(t)
	recruiting := sys.Rules().Table("recruiting")
	checked := map[string]int{}
	for i := range 200 {
		seed := fmt.Sprint("printed-", i)
		f, err := sys.Band(dice.New(seed).Stream("band"), engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		r := dice.New(seed).Stream("afterwards")
		printed, err := sys.Afterwards(r, 1, engine.Step{Type: "explore"}, f, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		recovery, rep := placeDice(t, printed)
		// The Star fought; the Grunts in turn were recovered, killed,
		// left with the Star, fought.
		game := engine.Game{Fates: map[string][]string{"Star": {"hit"}}}
		for k, fig := range f.Figures[1:] {
			game.Fates[fig.Name] = [][]string{{"recovered"}, {"dead"}, {"left"}, {"hit"}}[(k+i)%4]
		}
		after, bs, err := sys.After(r, engine.Step{Type: "explore"}, f, game, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for p, roll := range rolls(bs, "After the Battle Recovery") {
			if got := diceOf(roll.Dice); got != recovery[p] {
				t.Fatalf("seed %s, place %d: After rolled %s for recovery, the entry printed %s", seed, p, got, recovery[p])
			}
			checked["recovery"]++
		}
		for p, roll := range rolls(bs, "Rep Adjustment") {
			if got := diceOf(roll.Dice); got != rep[p] {
				t.Fatalf("seed %s, place %d: After rolled %s for Rep, the entry printed %s", seed, p, got, rep[p])
			}
			checked["rep"]++
		}
		var printedNR *doc.Roll
		for _, b := range printed {
			if r, ok := b.(*doc.Roll); ok && r.Label == "New Recruits" {
				printedNR = r
			}
		}
		var chains []string
		for _, b := range printed {
			if tb, ok := b.(*doc.Table); ok && tb.Head[0] == "Recruit" {
				chains = tb.Rows[0][1:]
			}
		}
		for _, b := range flatten(bs) {
			switch b := b.(type) {
			case *doc.Roll:
				if b.Label == "New Recruits" {
					if diceOf(b.Dice) != diceOf(printedNR.Dice) {
						t.Fatalf("seed %s: New Recruits %s, printed %s", seed, b.Dice, printedNR.Dice)
					}
					checked["new recruits"]++
				}
			case *doc.Table:
				for k, row := range b.Rows {
					// The recruit's Rolled cell starts with its roll:
					// "2d6 = 4 + 5 = 9 (row 9)"; the first printed sum
					// whose Rep is below the Star's.
					var want string
					for _, sum := range strings.Split(chains[k], ", ") {
						v, _ := strconv.Atoi(sum)
						if recruiting.Cell(recruiting.RowFor(v), "Rep").Int < after.Own.(*swordsorcery.Band).StarRep {
							want = "= " + sum + " (row " + sum + ")"
							break
						}
					}
					if !strings.Contains(row[len(row)-1], want) || want == "" {
						t.Fatalf("seed %s, recruit %d: %q, printed rolls %s", seed, k+1, row[len(row)-1], chains[k])
					}
					checked["recruits"]++
				}
			}
		}
	}
	for _, k := range []string{"recovery", "rep", "new recruits", "recruits"} {
		if checked[k] < 20 {
			t.Errorf("only %d %s rolls compared", checked[k], k)
		}
	}
}

// passed counts the dice of a printed "3, 5" at or below rep.
func passed(s string, rep int) int {
	n := 0
	for _, d := range strings.Split(s, ", ") {
		if v, _ := strconv.Atoi(d); v <= rep {
			n++
		}
	}
	return n
}

// TestAfterOutcomes: After gives the book's outcomes for the dice it
// reads. For each case a seed is found whose printed dice for the
// figure's place give the wanted result, read here as the book says, and
// After must agree.
func TestAfterOutcomes(t *testing.T) {
	sys := load(t)
	band := func() *engine.Force {
		f, err := sys.Restore(handBand(), engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	type outcome struct {
		back bool
		rep  int // the Rep after the game, if back
	}
	for _, c := range []struct {
		name  string
		who   string // Bera (place 2, Rep 4), Grim (place 3, Rep 3) or Star (place 1, Rep 5)
		words []string
		// found reports whether the printed dice are the case's.
		found func(recovery, rep string) bool
		want  outcome
	}{
		{"out, pass 2: returns", "Bera", []string{"out"}, func(rc, rp string) bool { return passed(rc, 4) == 2 && rp != "1" }, outcome{true, 4}},
		{"out, pass 1: left lying, does not return", "Bera", []string{"out"}, func(rc, rp string) bool { return passed(rc, 4) == 1 }, outcome{false, 0}},
		{"recovered, pass 1: returns", "Bera", []string{"recovered"}, func(rc, rp string) bool { return passed(rc, 4) == 1 && rp != "1" }, outcome{true, 4}},
		{"recovered, pass 0: does not return", "Bera", []string{"recovered"}, func(rc, rp string) bool { return passed(rc, 4) == 0 }, outcome{false, 0}},
		{"left with the Star, pass 1: returns", "Grim", []string{"left"}, func(rc, rp string) bool { return passed(rc, 3) == 1 && rp != "1" }, outcome{true, 3}},
		{"fled, pass 1: does not return", "Grim", []string{"fled"}, func(rc, rp string) bool { return passed(rc, 3) == 1 }, outcome{false, 0}},
		{"fled, pass 2: returns", "Grim", []string{"fled"}, func(rc, rp string) bool { return passed(rc, 3) == 2 && rp != "1" }, outcome{true, 3}},
		{"dead: gone whatever the dice", "Bera", []string{"dead", "hit"}, func(rc, rp string) bool { return passed(rc, 4) == 2 }, outcome{false, 0}},
		{"recovered and back, a 1: Rep down", "Bera", []string{"recovered", "hit"}, func(rc, rp string) bool { return passed(rc, 4) == 2 && rp == "1" }, outcome{true, 3}},
		{"back at Rep 3, a 1: never below 3", "Grim", []string{"left"}, func(rc, rp string) bool { return passed(rc, 3) == 2 && rp == "1" }, outcome{true, 3}},
		{"hit, die above Rep: up", "Grim", []string{"hit"}, func(rc, rp string) bool { return rp == "4" }, outcome{true, 4}},
		{"hit, die at Rep: no change", "Grim", []string{"hit"}, func(rc, rp string) bool { return rp == "3" }, outcome{true, 3}},
		{"hit, 6 at Rep 5: up", "Star", []string{"hit"}, func(rc, rp string) bool { return rp == "6" }, outcome{true, 6}},
		{"hit, 5 at Rep 5: no change", "Star", []string{"hit"}, func(rc, rp string) bool { return rp == "5" }, outcome{true, 5}},
		{"hit with Star Power: no test", "Star", []string{"hit", "power"}, func(rc, rp string) bool { return rp == "6" }, outcome{true, 5}},
		{"came through without a hit: no test", "Grim", nil, func(rc, rp string) bool { return rp == "6" }, outcome{true, 3}},
		{"rises to the Star's Rep: leaves", "Bera", []string{"hit"}, func(rc, rp string) bool { return rp == "5" }, outcome{false, 0}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := band()
			place := slices.IndexFunc(f.Figures, func(x engine.Figure) bool { return x.Name == c.who }) + 1
			for i := range 2000 {
				r := dice.New(fmt.Sprint("outcome-", i))
				printed, err := sys.Afterwards(r, 1, engine.Step{}, f, engine.Options{})
				if err != nil {
					t.Fatal(err)
				}
				rc, rp := placeDice(t, printed)
				if !c.found(rc[place], rp[place]) {
					continue
				}
				game := engine.Game{Fates: map[string][]string{}}
				if c.words != nil {
					game.Fates[c.who] = c.words
				}
				g, bs, err := sys.After(r, engine.Step{}, f, game, engine.Options{})
				if err != nil {
					t.Fatal(err)
				}
				i := slices.IndexFunc(g.Figures, func(x engine.Figure) bool { return x.Name == c.who })
				got := outcome{back: i >= 0}
				if got.back {
					got.rep, _ = strconv.Atoi(g.Figures[i].Attrs[1])
				}
				if got != c.want {
					t.Fatalf("dice %s and %s: %+v, want %+v\n%s", rc[place], rp[place], got, c.want, marshal(t, bs))
				}
				return
			}
			t.Fatal("no seed gave the case's dice")
		})
	}
}

// TestAfterRecruits: a band that lost figures takes New Recruits versus
// the Star's Rep as it stands; "full" brings it back to the Star's Rep in
// figures, "one" adds one, and each recruit has a name of its own.
func TestAfterRecruits(t *testing.T) {
	sys := load(t)
	seen := map[string]int{}
	for i := range 200 {
		f, err := sys.Restore(handBand(), engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		r := dice.New(fmt.Sprint("recruits-", i))
		g, bs, err := sys.After(r, engine.Step{}, f, engine.Game{Fates: map[string][]string{"Bera": {"dead"}, "Odo": {"dead"}}}, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var nr *doc.Roll
		for _, b := range flatten(bs) {
			if r, ok := b.(*doc.Roll); ok && r.Label == "New Recruits" {
				nr = r
			}
		}
		if nr == nil || nr.Dice.Expr.Target != 5 || !nr.Dice.Expr.SixFails {
			t.Fatalf("seed %d: New Recruits %+v, want 2d6 versus the Star's 5, a 6 failing", i, nr)
		}
		want := map[int]int{2: 5, 1: 3, 0: 2}[nr.Dice.Value]
		if len(g.Figures) != want {
			t.Fatalf("seed %d: passed %d, band of %d, want %d", i, nr.Dice.Value, len(g.Figures), want)
		}
		ms := sys.Members(g)
		for k, m := range ms {
			for _, o := range ms[:k] {
				if o.Name == m.Name {
					t.Fatalf("seed %d: %q twice", i, m.Name)
				}
			}
		}
		if _, err := sys.Restore(ms, engine.Options{}); err != nil {
			t.Fatalf("seed %d: the band after the game does not restore: %v", i, err)
		}
		seen[strconv.Itoa(nr.Dice.Value)]++
	}
	if len(seen) != 3 {
		t.Errorf("New Recruits results %v, want each of 0, 1 and 2", seen)
	}
	// No losses, no New Recruits.
	f, _ := sys.Restore(handBand(), engine.Options{})
	_, bs, err := sys.After(dice.New("none"), engine.Step{}, f, engine.Game{Fates: map[string][]string{"Bera": {"hit"}}}, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range flatten(bs) {
		if r, ok := b.(*doc.Roll); ok && r.Label == "New Recruits" {
			t.Fatal("New Recruits rolled for a band that lost no one")
		}
	}
}

// TestAfterStarLost: the book does not say what a band does without its
// Star; Sortie ends the campaign, says so, and gives no band.
func TestAfterStarLost(t *testing.T) {
	sys := load(t)
	f, _ := sys.Restore(handBand(), engine.Options{})
	g, bs, err := sys.After(dice.New("x"), engine.Step{}, f, engine.Game{Fates: map[string][]string{"Star": {"dead"}}}, engine.Options{})
	if err == nil || g != nil || bs != nil || !strings.Contains(err.Error(), "your Star was killed") || !strings.Contains(err.Error(), "the campaign ends here. Sortie's decision: a Star that does not return ends the campaign") {
		t.Fatalf("%v %v %v", g, bs, err)
	}
	for i := range 500 {
		r := dice.New(fmt.Sprint("star-", i))
		printed, _ := sys.Afterwards(r, 1, engine.Step{}, f, engine.Options{})
		rc, _ := placeDice(t, printed)
		if passed(rc[1], 5) != 0 {
			continue
		}
		_, _, err := sys.After(r, engine.Step{}, f, engine.Game{Fates: map[string][]string{"Star": {"recovered"}}}, engine.Options{})
		if err == nil || !strings.Contains(err.Error(), "your Star did not return") {
			t.Fatalf("Star recovered, pass 0: %v", err)
		}
		return
	}
	t.Fatal("no seed failed the Star's recovery")
}

// TestAfterWords: a game's line that says what cannot be is told.
func TestAfterWords(t *testing.T) {
	sys := load(t)
	f, _ := sys.Restore(handBand(), engine.Options{})
	for _, c := range []struct {
		fates map[string][]string
		says  string
	}{
		{map[string][]string{"Bera": {"out", "dead"}}, "Bera is both out and dead"},
		{map[string][]string{"Bera": {"power"}}, "only the Star has Star Power"},
		{map[string][]string{"Star": {"fled"}}, "say left"},
		{map[string][]string{"Bera": {"wounded"}}, `"wounded" is not a word`},
		{map[string][]string{"Hild": {"dead"}}, `no figure "Hild"`},
	} {
		_, _, err := sys.After(dice.New("w"), engine.Step{}, f, engine.Game{Fates: c.fates}, engine.Options{})
		if err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%v: %v, want %q", c.fates, err, c.says)
		}
	}
	// Every word is explained.
	for _, w := range sys.Fates() {
		if w.Word == "" || w.Meaning == "" || strings.ContainsAny(w.Word, " :,") {
			t.Errorf("fate %+v", w)
		}
	}
}

// TestAfterSameBytes: the same band, game and stream give the same band
// and blocks, byte for byte, as does the entry's Afterwards.
func TestAfterSameBytes(t *testing.T) {
	sys := load(t)
	game := engine.Game{Fates: map[string][]string{"Bera": {"recovered", "hit"}, "Grim": {"dead"}, "Star": {"hit"}, "Odo": {"fled"}}}
	run := func() []byte {
		f, _ := sys.Restore(handBand(), engine.Options{})
		printed, err := sys.Afterwards(dice.New("same").Stream("a"), 1, engine.Step{}, f, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		g, bs, err := sys.After(dice.New("same").Stream("a"), engine.Step{}, f, game, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal([]any{printed, sys.Members(g), bs})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	if a, b := run(), run(); !bytes.Equal(a, b) {
		t.Fatal("the same game gave different bytes")
	}
}

// TestCampaignGoesOn plays a 2d6 Sword & Sorcery campaign of three
// chapters through package campaign: the file for chapter 1, games
// written in it, read back from its bytes, and two chapters rolled from
// it, each for the band as the games left it.
func TestCampaignGoesOn(t *testing.T) {
	sys := load(t)
	c, err := campaign.Build(sys, "goes-on", 3, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := campaign.NewState(sys, c, nil)
	if err != nil {
		t.Fatal(err)
	}
	band := st.Band
	dead := band[len(band)-1].Name
	// Chapter 1: entry 1 a success, the last Grunt killed; then the
	// success links to the next two games.
	st.Games = []campaign.Played{
		{Entry: 1, Success: true, Fates: []campaign.Fate{{Word: "dead", Names: []string{dead}}, {Word: "hit", Names: []string{"Star"}}}},
	}
	at := c.Node(1)
	for range 2 {
		next := at.Links[0].To
		st.Games = append(st.Games, campaign.Played{Entry: next, Success: true})
		at = c.Node(next)
	}
	st, err = campaign.Parse("goes-on.yaml", st.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	c2, st2, err := campaign.Continue(sys, st)
	if err != nil {
		t.Fatal(err)
	}
	if c2.Chapter != 2 || st2.Chapter != 2 || len(st2.Games) != 0 || len(st2.Played) != 3 {
		t.Fatalf("chapter %d, file for chapter %d, %d games, %d played", c2.Chapter, st2.Chapter, len(st2.Games), len(st2.Played))
	}
	if slices.ContainsFunc(st2.Band, func(m engine.Member) bool { return m.Name == dead }) {
		t.Fatalf("%s was killed in chapter 1 but stands in chapter 2's band: %+v", dead, st2.Band)
	}
	if got := sys.Members(c2.Band); !slices.EqualFunc(got, st2.Band, memberEqual) {
		t.Fatalf("chapter 2 was rolled for\n%+v\nbut its file holds\n%+v", got, st2.Band)
	}
	if c2.Between == nil {
		t.Fatal("chapter 2 has no Between chapters")
	}
	// Chapter 2: its first game a failure, the Star recovered.
	st2.Games = []campaign.Played{{Entry: 1, Success: false, Fates: []campaign.Fate{{Word: "hit", Names: []string{st2.Band[1].Name}}}}}
	st2, err = campaign.Parse("goes-on.yaml", st2.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	c3, st3, err := campaign.Continue(sys, st2)
	if err != nil {
		t.Fatal(err)
	}
	if c3.Chapter != 3 || st3.Chapter != 3 || len(st3.Played) != 4 {
		t.Fatalf("chapter %d, file for chapter %d, %d played", c3.Chapter, st3.Chapter, len(st3.Played))
	}
	// The same file, the same chapter.
	_, again, err := campaign.Continue(sys, st2)
	if err != nil || !bytes.Equal(again.Marshal(), st3.Marshal()) {
		t.Fatalf("the same file gave a different chapter 3: %v", err)
	}
}

// TestAfterStarRepFalls: when the Star's Rep falls, a Grunt whose Rep is
// not below it leaves (page 5), and a band now larger than the Star's
// Rep loses those who joined last (Sortie's decision, said where it
// applies).
func TestAfterStarRepFalls(t *testing.T) {
	sys := load(t)
	ms := []engine.Member{
		member("Star", true, "class", "Melee", "rep", "5", "ac", "4"),
		member("Bera", false, "class", "Missile", "rep", "4", "ac", "2"),
		member("Grim", false, "class", "Melee", "rep", "3", "ac", "4"),
		member("Odo", false, "class", "Caster", "rep", "3", "ac", "2"),
		member("Ulf", false, "class", "Melee", "rep", "3", "ac", "2"),
	}
	for _, c := range []struct {
		name string
		band []engine.Member
		want []string
		says string
	}{
		{"a Grunt as good as the Star leaves", ms[:4], []string{"Star", "Grim", "Odo"}, "Bera leaves: a Grunt's Rep 4 is not below the Star's 4"},
		{"the last to join leave", append(append(slices.Clone(ms[:1]), ms[2:]...), member("Ygg", false, "class", "Missile", "rep", "3", "ac", "2")),
			[]string{"Star", "Grim", "Odo", "Ulf"}, "Ygg leaves: a Rep 4 Star leads at most 4 figures. Sortie's decision"},
	} {
		t.Run(c.name, func(t *testing.T) {
			// The Star was recovered and passed Recovery; its Rep die is a 1.
			f, err := sys.Restore(c.band, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for i := range 2000 {
				r := dice.New(fmt.Sprint("falls-", i))
				printed, _ := sys.Afterwards(r, 1, engine.Step{}, f, engine.Options{})
				rc, rp := placeDice(t, printed)
				if passed(rc[1], 5) == 0 || rp[1] != "1" {
					continue
				}
				g, bs, err := sys.After(r, engine.Step{}, f, engine.Game{Fates: map[string][]string{"Star": {"recovered"}}}, engine.Options{})
				if err != nil {
					t.Fatal(err)
				}
				var names []string
				for _, fig := range g.Figures {
					names = append(names, fig.Name)
				}
				text := string(marshal(t, bs))
				if !slices.Equal(names, c.want) || !strings.Contains(text, c.says) || g.Figures[0].Attrs[1] != "4" {
					t.Fatalf("band %v, want %v, saying %q:\n%s", names, c.want, c.says, text)
				}
				return
			}
			t.Fatal("no seed gave the Star a fall")
		})
	}
}
