package swordplay_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/swordplay"
)

// member is a figure of a hand-written campaign file.
func member(name string, star bool, kv ...string) engine.Member {
	m := engine.Member{Name: name, Star: star}
	for i := 0; i+1 < len(kv); i += 2 {
		m.Attrs = append(m.Attrs, engine.Attr{Key: kv[i], Value: kv[i+1]})
	}
	return m
}

func grunt(name, class, rep, armor, weapon, months, poisoned, skips string) engine.Member {
	return member(name, false, "class", class, "rep", rep, "armor", armor, "weapon", weapon, "months", months, "poisoned", poisoned, "skips", skips)
}

// handBand is a band as a player writes it: every Class, Reps 3 to 5, a
// Grunt long in the band, one poisoned, one that skips its next test.
func handBand() []engine.Member {
	return []engine.Member{
		member("Aldric", true, "class", "Nobles", "rep", "5", "armor", "AC 4 + Shield", "weapon", "Sword (1HW)"),
		grunt("Bera", "Soldiers", "4", "AC 4 + Shield", "Spear (1HW w/shield, 2HW without shield)", "0", "no", "no"),
		grunt("Grim", "Warriors", "3", "AC 2", "Two-hand Axe (2HW)", "5", "no", "no"),
		grunt("Hal", "Missile", "5", "AC 2", "Short Bow", "2", "no", "no"),
		grunt("Ida", "Nobles", "4", "AC 6", "Lance (2HW) and Sword (1HW)", "8", "yes", "no"),
		grunt("Jon", "Peasants", "3", "AC 2", "Unarmed", "1", "no", "yes"),
	}
}

// TestMembersRestore: the band written as members and raised again is the
// band Band recruited (each figure's name, attributes, note and Reaction
// Tests; only the recruiting roll is not in the file), and writes the same
// members again.
func TestMembersRestore(t *testing.T) {
	sys := load(t)
	for _, list := range sys.EnemySources() {
		for i := range 20 {
			opt := engine.Options{Recruits: list, StarRep: 3 + i%3}
			f, err := sys.Band(dice.New(fmt.Sprint(list, i)), opt)
			if err != nil {
				t.Fatal(err)
			}
			ms := sys.Members(f)
			names := map[string]bool{}
			for _, m := range ms {
				if names[m.Name] {
					t.Fatalf("%s %d: name %q twice", list, i, m.Name)
				}
				names[m.Name] = true
			}
			if !ms[0].Star || ms[0].Name != "Star" {
				t.Fatalf("first member %+v", ms[0])
			}
			g, err := sys.Restore(ms, opt)
			if err != nil {
				t.Fatalf("%s %d: %v", list, i, err)
			}
			if len(g.Figures) != len(f.Figures) || !slices.Equal(g.Columns, f.Columns) {
				t.Fatalf("restored %+v, want %+v", g, f)
			}
			for j := range f.Figures {
				a, b := f.Figures[j], g.Figures[j]
				a.Roll = nil
				if !reflect.DeepEqual(a, b) {
					t.Errorf("%s %d figure %d: restored %+v, want %+v", list, i, j+1, b, a)
				}
			}
			// The file keeps a figure's name, not the list's word for it
			// (Type), nor the roll that recruited it.
			fb, gb := *f.Own.(*swordplay.Band), *g.Own.(*swordplay.Band)
			fb.Figures = slices.Clone(fb.Figures)
			for j := range fb.Figures {
				fb.Figures[j].Roll, fb.Figures[j].Type = nil, fb.Figures[j].Name
			}
			if fb.StarRep != gb.StarRep || fb.List != gb.List || !reflect.DeepEqual(fb.Figures, gb.Figures) {
				t.Errorf("%s %d: own band restored %+v, want %+v", list, i, gb, fb)
			}
			if !reflect.DeepEqual(sys.Members(g), ms) {
				t.Errorf("%s %d: members again %+v, want %+v", list, i, sys.Members(g), ms)
			}
		}
	}
	g, err := sys.Restore(handBand(), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(sys.Members(g), handBand()) {
		t.Errorf("hand band written back as %+v", sys.Members(g))
	}
	own := g.Own.(*swordplay.Band)
	if own.StarRep != 5 || own.Figures[5].Reactions != "peasant-reaction" || own.Figures[3].Reactions != "missile-reaction" || !own.Figures[4].Poisoned || !own.Figures[5].Skips || own.Figures[2].Months != 5 {
		t.Errorf("hand band raised as %+v", own)
	}
}

// TestRestoreMistakes: each mistake in the file is a MemberError at the
// figure and key at fault, saying what is wanted.
func TestRestoreMistakes(t *testing.T) {
	sys := load(t)
	set := func(i int, key, value string) func([]engine.Member) []engine.Member {
		return func(ms []engine.Member) []engine.Member {
			for j, a := range ms[i].Attrs {
				if a.Key == key {
					ms[i].Attrs[j].Value = value
					return ms
				}
			}
			ms[i].Attrs = append(ms[i].Attrs, engine.Attr{Key: key, Value: value})
			return ms
		}
	}
	drop := func(i int, key string) func([]engine.Member) []engine.Member {
		return func(ms []engine.Member) []engine.Member {
			ms[i].Attrs = slices.DeleteFunc(ms[i].Attrs, func(a engine.Attr) bool { return a.Key == key })
			return ms
		}
	}
	for _, c := range []struct {
		name   string
		change func([]engine.Member) []engine.Member
		index  int
		field  string
		want   string
	}{
		{"unknown class", set(2, "class", "Wizards"), 2, "class", `unknown Class "Wizards" for Grim: want Missile, Nobles, Peasants, Soldiers, Warriors`},
		{"grunt of your choice", set(1, "class", "your choice"), 1, "class", "unknown Class"},
		{"rep too high", set(3, "rep", "6"), 3, "rep", "want 1 to 5"},
		{"rep zero", set(1, "rep", "0"), 1, "rep", "want 1 to 5"},
		{"rep not a number", set(0, "rep", "five"), 0, "rep", "want 1 to 5"},
		{"armor", set(4, "armor", "AC 3"), 4, "armor", "want AC 2, AC 4 or AC 6"},
		{"unknown weapon", set(2, "weapon", "Laser"), 2, "weapon", "name a weapon the book has"},
		{"months", set(5, "months", "-1"), 5, "months", "0 or more"},
		{"poisoned", set(4, "poisoned", "maybe"), 4, "poisoned", "want yes or no"},
		{"skips", set(4, "skips", "1"), 4, "skips", "want yes or no"},
		{"unknown key", set(1, "wounds", "2"), 1, "wounds", `unknown key "wounds" on Bera: a Grunt has class, rep, armor, weapon, months, poisoned, skips`},
		{"star with a grunt's key", set(0, "months", "2"), 0, "months", "the Star has class, rep, armor, weapon"},
		{"missing key", drop(3, "armor"), 3, "armor", "Hal has no armor"},
		{"missing mark", drop(5, "skips"), 5, "skips", "Jon has no skips"},
		{"no star", func(ms []engine.Member) []engine.Member { ms[0].Star = false; return ms }, 0, "star", "not the Star"},
		{"two stars", func(ms []engine.Member) []engine.Member { ms[3].Star = true; return ms }, 3, "star", "a second Star (Aldric"},
		{"star not first", func(ms []engine.Member) []engine.Member {
			ms[0], ms[2] = ms[2], ms[0]
			return ms
		}, 0, "star", "not the Star"},
		{"too many grunts", func(ms []engine.Member) []engine.Member {
			return append(ms, grunt("Kel", "Soldiers", "3", "AC 2", "Sword (1HW)", "0", "no", "no"))
		}, 6, "", "6 Grunts"},
	} {
		_, err := sys.Restore(c.change(handBand()), engine.Options{})
		var me *engine.MemberError
		if !errors.As(err, &me) {
			t.Errorf("%s: %v, want a MemberError", c.name, err)
			continue
		}
		if me.Index != c.index || me.Field != c.field || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: figure %d field %q: %v; want figure %d field %q saying %q", c.name, me.Index, me.Field, err, c.index, c.field, c.want)
		}
	}
}

// printed reads an entry's Afterwards: the dice printed for each place.
func printed(t *testing.T, bs []doc.Block) map[int][3][]int {
	t.Helper()
	out := map[int][3][]int{}
	for _, b := range bs {
		tb, ok := b.(*doc.Table)
		if !ok || len(tb.Rows) != 3 || tb.Rows[0][0] != "Recovery 2d6" {
			continue
		}
		for c := 1; c < len(tb.Head); c++ {
			p, _ := strconv.Atoi(tb.Head[c])
			var cols [3][]int
			for row := range 3 {
				for _, r := range strings.ReplaceAll(tb.Rows[row][c], " ", "") {
					cols[row] = append(cols[row], int(r-'0'))
				}
			}
			out[p] = cols
		}
	}
	if len(out) == 0 {
		t.Fatalf("Afterwards prints no dice by place: %v", bs)
	}
	return out
}

func rolls(bs []doc.Block) []*doc.Roll {
	var rs []*doc.Roll
	for _, b := range bs {
		switch b := b.(type) {
		case *doc.Roll:
			rs = append(rs, b)
		case *doc.Section:
			rs = append(rs, rolls(b.Blocks)...)
		}
	}
	return rs
}

func texts(bs []doc.Block) string {
	var s []string
	for _, b := range bs {
		switch b := b.(type) {
		case *doc.Roll:
			s = append(s, b.Text())
		case *doc.Para:
			s = append(s, b.Lead+" "+b.Text)
		case *doc.Section:
			s = append(s, texts(b.Blocks))
		}
	}
	return strings.Join(s, "\n")
}

// counting the dice the book's way
func passed(ds []int, rep int) (n int) {
	for _, d := range ds {
		if d <= rep {
			n++
		}
	}
	return n
}

func successes(ds []int, n int) (s int) {
	for i := 0; i < n && i < len(ds); i++ {
		if ds[i] <= 3 {
			s++
		}
	}
	return s
}

// kept is a figure as the test expects it after the steps.
type kept struct {
	name            string
	rep, months     int
	poisoned, skips bool
}

// book takes the steps after a game as the book words them (pages 5,
// 8, 23, 27), reading the dice the entry printed for each place.
func book(band []engine.Member, game engine.Game, dice map[int][3][]int) []kept {
	num := func(m engine.Member, k string) int { v, _ := m.Get(k); n, _ := strconv.Atoi(v); return n }
	yes := func(m engine.Member, k string) bool { v, _ := m.Get(k); return v == "yes" }
	star := kept{name: band[0].Name, rep: num(band[0], "rep")}
	if game.Has(star.name, "cheated") {
		star.rep--
	}
	out := []kept{star}
	youOut := game.Has(star.name, "out")
	down := false
	for _, m := range band[1:] {
		down = down || game.Has(m.Name, "out") || game.Has(m.Name, "dead")
	}
	type g struct {
		kept
		place int
	}
	var left []g
	for i, m := range band[1:] {
		f := g{kept{m.Name, num(m, "rep"), num(m, "months"), yes(m, "poisoned"), yes(m, "skips")}, i + 2}
		p := passed(dice[f.place][0], f.rep)
		switch {
		case game.Has(m.Name, "dead"), game.Has(m.Name, "dropped"):
			continue
		case game.Has(m.Name, "out") && p == 0:
			continue // Out of the Fight becomes Obviously Dead
		case game.Has(m.Name, "ran") && p == 0:
			continue // a runaway does not return
		case game.Has(m.Name, "ran") && p == 1:
			f.rep--
			if f.rep < 1 {
				continue
			}
		}
		if f.rep > star.rep {
			continue // higher Rep than the Star: leaves after the Encounter
		}
		left = append(left, f)
	}
	poison := 0
	var stay []g
	for _, f := range left {
		f.months++
		was := f.poisoned
		f.poisoned = false
		if f.skips {
			f.skips = false
			stay = append(stay, f)
			continue
		}
		n := star.rep + f.months/3
		for _, minus := range []bool{youOut, down, was} {
			if minus {
				n--
			}
		}
		you, it := successes(dice[f.place][2], n), successes(dice[f.place][1], f.rep)
		switch {
		case you == it:
			if game.Success {
				stay = append(stay, f)
			}
		case you > it:
			f.skips = you >= 2*it
			stay = append(stay, f)
		case it >= 2*you:
			poison = max(poison, f.rep)
		}
	}
	for _, f := range stay {
		// a poisoned mind counts at the next test; one who skips it is spared
		if f.rep <= poison && !f.skips {
			f.poisoned = true
		}
		out = append(out, f.kept)
	}
	return out
}

func standing(sys *swordplay.System, f *engine.Force) []kept {
	var ks []kept
	for _, m := range sys.Members(f) {
		num := func(k string) int { v, _ := m.Get(k); n, _ := strconv.Atoi(v); return n }
		yes := func(k string) bool { v, _ := m.Get(k); return v == "yes" }
		ks = append(ks, kept{m.Name, num("rep"), num("months"), yes("poisoned"), yes("skips")})
	}
	return ks
}

// TestAfterReadsPrintedDice plays many games after a hand-written band and
// after recruited ones: After's every roll is the dice the entry's
// Afterwards printed for the figure's place (the first as many as the
// test takes), and the band it returns is the one the book's steps give
// from those printed dice.
func TestAfterReadsPrintedDice(t *testing.T) {
	sys := load(t)
	seen := map[string]bool{}
	for i := range 400 {
		opt := engine.Options{}
		var ms []engine.Member
		if i%2 == 0 {
			ms = handBand()
		} else {
			f, err := sys.Band(dice.New("band/"+strconv.Itoa(i)), engine.Options{StarRep: 3 + i%3})
			if err != nil {
				t.Fatal(err)
			}
			ms = sys.Members(f)
		}
		band, err := sys.Restore(ms, opt)
		if err != nil {
			t.Fatal(err)
		}
		// what happened in the game, drawn from a stream of its own
		fr := dice.New("fates/" + strconv.Itoa(i))
		game := engine.Game{Entry: 1, Success: fr.Die(2) == 1, Fates: map[string][]string{}}
		if fr.Die(3) == 1 {
			game.Fates[ms[0].Name] = append(game.Fates[ms[0].Name], "out")
		}
		if fr.Die(4) == 1 {
			game.Fates[ms[0].Name] = append(game.Fates[ms[0].Name], "cheated")
		}
		for _, m := range ms[1:] {
			if w := []string{"", "", "", "out", "out", "ran", "ran", "dead", "dropped"}[fr.Die(9)-1]; w != "" {
				game.Fates[m.Name] = []string{w}
			}
		}
		at := engine.Step{Type: "patrol", State: "EAL 3"}
		root := dice.New("game/" + strconv.Itoa(i)).Stream("afterwards")
		pre, err := sys.Afterwards(root, 1, at, band, opt)
		if err != nil {
			t.Fatal(err)
		}
		pd := printed(t, pre)
		after, bs, err := sys.After(dice.New("game/"+strconv.Itoa(i)).Stream("afterwards"), at, band, game, opt)
		if err != nil {
			t.Fatalf("game %d %v: %v", i, game.Fates, err)
		}
		// every roll is the printed dice of its place
		rs := rolls(bs)
		for j, r := range rs {
			var place int
			switch {
			case strings.Contains(r.Label, ", Rep "):
				fmt.Sscanf(r.Label[strings.Index(r.Label, "(place "):], "(place %d", &place)
				if !slices.Equal(r.Dice.Dice, pd[place][0]) {
					t.Fatalf("game %d: %s rolled %v, printed %v", i, r.Label, r.Dice.Dice, pd[place][0])
				}
				seen["recovery "+r.Row] = true
			case strings.HasSuffix(r.Label, "its dice"):
				fmt.Sscanf(r.Label[strings.Index(r.Label, "(place "):], "(place %d", &place)
				if n := len(r.Dice.Dice); !slices.Equal(r.Dice.Dice, pd[place][1][:n]) {
					t.Fatalf("game %d: %s rolled %v, printed %v", i, r.Label, r.Dice.Dice, pd[place][1])
				}
				if j+1 < len(rs) && strings.HasPrefix(rs[j+1].Label, "Your dice") {
					y := rs[j+1]
					n := len(y.Dice.Dice)
					if n > len(pd[place][2]) || !slices.Equal(y.Dice.Dice, pd[place][2][:n]) {
						t.Fatalf("game %d: %s rolled %v, printed %v", i, y.Label, y.Dice.Dice, pd[place][2])
					}
					seen["stay or go "+y.Row] = true
				}
			}
		}
		want := book(ms, game, pd)
		if got := standing(sys, after); !reflect.DeepEqual(got, want) {
			t.Fatalf("game %d (%v, success %v): band now %+v, the book gives %+v\n%s", i, game.Fates, game.Success, got, want, texts(bs))
		}
		if strings.Contains(texts(bs), "skips this test") {
			seen["skip"] = true
		}
		if strings.Contains(texts(bs), "Minds poisoned") {
			seen["poison"] = true
		}
		if strings.Contains(texts(bs), "Higher Rep than your Star") {
			seen["higher"] = true
		}
		if strings.Contains(texts(bs), "so it is spent") {
			seen["spared"] = true
		}
	}
	for _, k := range []string{"recovery 0", "recovery 1", "recovery 2", "skip", "poison", "higher", "spared",
		"stay or go Twice as many as the other side, you", "stay or go Twice as many as the other side, the Grunt",
		"stay or go More than the other side, you", "stay or go More than the other side, the Grunt",
		"stay or go Both score zero", "stay or go Same number, one or more"} {
		if !seen[k] {
			t.Errorf("no game took the branch %q", k)
		}
	}
}

// TestAfterOutcomes: chosen games give the book's outcomes whatever the
// dice: the dead, the dropped and a higher-Rep Grunt leave, a Star who
// cheated death is 1 Rep lower, a Grunt that skips takes no test, and
// every staying Grunt has served a month more.
func TestAfterOutcomes(t *testing.T) {
	sys := load(t)
	band, err := sys.Restore(handBand(), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	game := engine.Game{Entry: 1, Success: true, Fates: map[string][]string{"Aldric": {"cheated"}, "Bera": {"dead"}, "Grim": {"dropped"}}}
	for i := range 30 {
		after, bs, err := sys.After(dice.New("outcomes/"+strconv.Itoa(i)), engine.Step{}, band, game, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		got := standing(sys, after)
		if got[0].rep != 4 {
			t.Fatalf("Star after cheating death at Rep 5: Rep %d", got[0].rep)
		}
		for _, k := range got[1:] {
			switch k.name {
			case "Bera", "Grim", "Hal":
				t.Fatalf("%s still in the band: %+v\n%s", k.name, got, texts(bs))
			case "Jon":
				if k.skips || k.months != 2 {
					t.Errorf("Jon after skipping his test: %+v", k)
				}
			case "Ida":
				if k.months != 9 {
					t.Errorf("Ida: %+v", k)
				}
			}
		}
		txt := texts(bs)
		for _, w := range []string{"Aldric cheated death: back at Rep 4", "Bera: Obviously Dead", "Grim: not kept", "Hal (Rep 5) leaves", "Jon: skips this test", "New Grunts: the book has no recruiting between months"} {
			if !strings.Contains(txt, w) {
				t.Errorf("no %q in\n%s", w, txt)
			}
		}
		if strings.Contains(txt, "Jon (place") {
			t.Errorf("Jon rolled a test he skips:\n%s", txt)
		}
	}
	for _, c := range []struct {
		fates map[string][]string
		want  string
	}{
		{map[string][]string{"Aldric": {"dead"}}, "cheat death"},
		{map[string][]string{"Aldric": {"ran"}}, "not of your Star"},
		{map[string][]string{"Bera": {"cheated"}}, "only your Star"},
		{map[string][]string{"Bera": {"out", "dead"}}, "write one of"},
	} {
		if _, _, err := sys.After(dice.New("x"), engine.Step{}, band, engine.Game{Fates: c.fates}, engine.Options{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.fates, err, c.want)
		}
	}
	low := handBand()
	low[0].Attrs[1].Value = "1"
	lb, err := sys.Restore(low, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := sys.After(dice.New("x"), engine.Step{}, lb, engine.Game{Fates: map[string][]string{"Aldric": {"cheated"}}}, engine.Options{}); err == nil || !strings.Contains(err.Error(), "Sortie's decision") {
		t.Errorf("Star cheating death at Rep 1: %v", err)
	}
}

// TestAfterwardsCoversTheChapter: every place of the band has its dice,
// with enough for the most a test can need in a year of months.
func TestAfterwardsCoversTheChapter(t *testing.T) {
	sys := load(t)
	band, err := sys.Restore(handBand(), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The entry of each step prints as many of your dice as its test can
	// need: your Star's Rep, and one die for each 3 months Ida will have
	// served by then (8 before the chapter, and the step's month).
	for _, step := range []int{1, 4, 12, 40} {
		d := printed(t, mustAfterwards(t, sys, band, step))
		if len(d) != 5 {
			t.Fatalf("places %v, want 2 to 6", d)
		}
		for p := 2; p <= 6; p++ {
			if len(d[p][0]) != 2 || len(d[p][1]) != 5 || len(d[p][2]) != min(dice.MaxDice, 5+(8+step)/3) {
				t.Errorf("step %d, place %d: %v", step, p, d[p])
			}
		}
	}
	f, err := sys.Band(dice.New("solo"), engine.Options{BandSize: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range mustAfterwards(t, sys, f, 1) {
		if _, ok := b.(*doc.Table); ok {
			t.Errorf("a Star alone gets a table of dice: %+v", b)
		}
	}
}

func mustAfterwards(t *testing.T, sys *swordplay.System, band *engine.Force, step int) []doc.Block {
	t.Helper()
	bs, err := sys.Afterwards(dice.New("after"), step, engine.Step{Type: "patrol", State: "EAL 2"}, band, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return bs
}

// TestKeepSameBytes: the same band, game and stream give the same
// Afterwards, steps and band, byte for byte.
func TestKeepSameBytes(t *testing.T) {
	sys := load(t)
	game := engine.Game{Fates: map[string][]string{"Bera": {"out"}, "Grim": {"ran"}, "Aldric": {"out"}}}
	var outs [2][]byte
	for i := range outs {
		band, err := sys.Restore(handBand(), engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		pre := mustAfterwards(t, sys, band, 1)
		after, bs, err := sys.After(dice.New("after"), engine.Step{}, band, game, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		outs[i], err = json.Marshal([]any{pre, bs, after, sys.Members(after)})
		if err != nil {
			t.Fatal(err)
		}
	}
	if string(outs[0]) != string(outs[1]) {
		t.Error("the same inputs gave different bytes")
	}
}

// TestCampaignGoesOn plays three chapters through package campaign: the
// file for chapter 1, games written in it and read back, and two
// chapters rolled from it; the band of each chapter is the one the games
// left.
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
	if st.Start.State == "" || st.Band[0].Name != "Star" || len(st.Band) != 6 {
		t.Fatalf("chapter 1 file %+v", st)
	}
	for _, n := range c.Nodes {
		if len(printedOrNil(n.Afterwards)) != 1+5 {
			t.Fatalf("entry %d prints no dice for the band's places: %v", n.Number, n.Afterwards)
		}
	}
	// Chapter 1: the first Grunt dies in the first game; the second is let
	// go in the second.
	dead, dropped := st.Band[1].Name, st.Band[2].Name
	first := c.Node(1)
	second := first.Links[0].To
	st.Games = []campaign.Played{
		{Entry: 1, Success: true, Fates: []campaign.Fate{{Word: "dead", Names: []string{dead}}, {Word: "out", Names: []string{"Star"}}}},
		{Entry: second, Success: false, Fates: []campaign.Fate{{Word: "dropped", Names: []string{dropped}}}},
	}
	st = reread(t, st)
	c2, st2, err := campaign.Continue(sys, st)
	if err != nil {
		t.Fatal(err)
	}
	if st2.Chapter != 2 || c2.Chapter != 2 || len(c2.Between) == 0 {
		t.Fatalf("chapter 2: %+v", st2)
	}
	for _, m := range st2.Band {
		if m.Name == dead || m.Name == dropped {
			t.Errorf("chapter 2's band still has %s: %+v", m.Name, st2.Band)
		}
	}
	if len(c2.Band.Figures) != len(st2.Band) {
		t.Errorf("chapter 2 rolled for %d figures, its file has %d", len(c2.Band.Figures), len(st2.Band))
	}
	for _, m := range st2.Band[1:] {
		if v, _ := m.Get("months"); v != "2" {
			t.Errorf("%s served two months in chapter 1, file says months %s", m.Name, v)
		}
	}
	if !strings.Contains(texts(c2.Between), dead+": Obviously Dead") {
		t.Errorf("between chapters:\n%s", texts(c2.Between))
	}
	// The steps after each game read the dice its entry printed.
	for g, entry := range []int{1, second} {
		pd := printed(t, c.Node(entry).Afterwards)
		n := 0
		rs := rolls(c2.Between[g].(*doc.Section).Blocks)
		for j, r := range rs {
			i := strings.Index(r.Label, "(place ")
			if i < 0 {
				continue
			}
			var place int
			fmt.Sscanf(r.Label[i:], "(place %d", &place)
			check := func(r *doc.Roll, col int) {
				if got := r.Dice.Dice; len(got) > len(pd[place][col]) || !slices.Equal(got, pd[place][col][:len(got)]) {
					t.Errorf("game %d: %s rolled %v, entry %d printed %v", g+1, r.Label, got, entry, pd[place][col])
				}
				n++
			}
			if strings.Contains(r.Label, ", Rep ") {
				check(r, 0)
				continue
			}
			check(r, 1)
			if j+1 < len(rs) && strings.HasPrefix(rs[j+1].Label, "Your dice") {
				check(rs[j+1], 2)
			}
		}
		if n == 0 {
			t.Errorf("game %d: no rolls between chapters", g+1)
		}
	}
	// Chapter 2: one game, the Star cheats death.
	st2.Games = []campaign.Played{{Entry: 1, Success: true, Fates: []campaign.Fate{{Word: "cheated", Names: []string{"Star"}}}}}
	st2 = reread(t, st2)
	c3, st3, err := campaign.Continue(sys, st2)
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := st3.Band[0].Get("rep"); st3.Chapter != 3 || v != "4" || c3.Band.Own.(*swordplay.Band).StarRep != 4 {
		t.Errorf("chapter 3: Star Rep %s, %+v", v, st3)
	}
	if len(st3.Played) != 3 {
		t.Errorf("played %+v", st3.Played)
	}
}

func printedOrNil(bs []doc.Block) []string {
	for _, b := range bs {
		if t, ok := b.(*doc.Table); ok {
			return t.Head
		}
	}
	return nil
}

// reread writes the file and reads it back, as a player's file is.
func reread(t *testing.T, st *campaign.State) *campaign.State {
	t.Helper()
	data := st.Marshal()
	back, err := campaign.Parse("campaign.yaml", data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if again := back.Marshal(); string(again) != string(data) {
		t.Fatalf("file read back writes\n%s\nwant\n%s", again, data)
	}
	return back
}

// TestStayOrGoSheet: the campaign log's Stay or Go sheet starts from what
// the file carries: each Grunt's months in the band, a poisoned mind, and
// a test it skips after the first month's Encounter.
func TestStayOrGoSheet(t *testing.T) {
	sys := load(t)
	band, err := sys.Restore(handBand(), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sheet := sys.LogSheet(band, 6)[0].(*doc.Table)
	want := [][]string{
		{"Bera", "4", "", "", ""},
		{"Grim", "3", "5", "", ""},
		{"Hal", "5", "2", "", ""},
		{"Ida", "4", "8", "yes", ""},
		{"Jon", "3", "1", "", "skips the test"},
	}
	for i, w := range want {
		if got := sheet.Rows[i][:5]; !slices.Equal(got, w) {
			t.Errorf("row %d: %q, want %q", i+1, got, w)
		}
	}
	if len(sheet.Rows) != len(want)+3 {
		t.Errorf("%d rows, want the 5 Grunts and 3 spare", len(sheet.Rows))
	}
}

// TestStayOrGoManyMonths: a Grunt that has served many years gives you
// more dice than one roll holds (dice.MaxDice); you roll that many, say
// so, and the test is taken (it panicked past 20 dice).
func TestStayOrGoManyMonths(t *testing.T) {
	sys := load(t)
	ms := handBand()
	ms[1] = grunt("Bera", "Soldiers", "4", "AC 4 + Shield", "Spear (1HW w/shield, 2HW without shield)", "90", "no", "no")
	band, err := sys.Restore(ms, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, bs, err := sys.After(dice.New("veteran").Stream("afterwards"), engine.Step{Type: "patrol", State: "EAL 3"}, band, engine.Game{Entry: 1, Success: true}, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range rolls(bs) {
		if strings.HasPrefix(r.Label, "Your dice") && strings.Contains(r.Label, "+30 for 91 months") {
			found = true
			if len(r.Dice.Dice) != dice.MaxDice || !strings.Contains(r.Label, "at most 20") {
				t.Errorf("%s: %d dice", r.Label, len(r.Dice.Dice))
			}
		}
	}
	if !found {
		t.Errorf("no Stay or Go roll for Bera's 91 months: %v", rolls(bs))
	}
}
