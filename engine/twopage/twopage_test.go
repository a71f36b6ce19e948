package twopage_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/dice/dicetest"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/twopage"
)

// files parses the embedded data, plus extra files as a site would add
// them (docs/data.md, "Overriding and adding").
func files(t testing.TB, extra map[string]string) ([]*rules.File, error) {
	t.Helper()
	sub, err := fs.Sub(content.FS, "systems/"+twopage.ID)
	if err != nil {
		t.Fatal(err)
	}
	ents, err := fs.ReadDir(sub, ".")
	if err != nil {
		t.Fatal(err)
	}
	var fs_ []*rules.File
	for _, e := range ents {
		if path.Ext(e.Name()) != ".rules" {
			continue
		}
		data, err := fs.ReadFile(sub, e.Name())
		if err != nil {
			t.Fatal(err)
		}
		f, err := rules.Parse("content/systems/"+twopage.ID+"/"+e.Name(), data)
		if err != nil {
			t.Fatal(err)
		}
		fs_ = append(fs_, f)
	}
	for name, text := range extra {
		f, err := rules.Parse(name, []byte(text))
		if err != nil {
			return nil, err
		}
		fs_ = append(fs_, f)
	}
	return fs_, nil
}

func build(t testing.TB, extra map[string]string) (*twopage.System, error) {
	t.Helper()
	fs_, err := files(t, extra)
	if err != nil {
		return nil, err
	}
	set, err := rules.Assemble(fs_...)
	if err != nil {
		return nil, err
	}
	return twopage.New(set)
}

func load(t testing.TB) *twopage.System {
	t.Helper()
	sys, err := build(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	return sys
}

func roll(t testing.TB, sys *twopage.System, seed string, opt engine.Options) *twopage.Encounter {
	t.Helper()
	e, err := sys.RollEncounter(dice.New(seed).Stream("encounter", "skirmish"), "skirmish", opt)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestData: every side is a lookup roster whose weapons are rows of the
// Missile Weapons Table, the Sides table covers 1d6 with a side on every
// face, and everything Sortie adds says it is Sortie's own.
func TestData(t *testing.T) {
	sys := load(t)
	set := sys.Rules()
	mw := set.Table("missile-weapons")
	sides := set.Group("army")
	if len(sides) < 5 || len(sides) > 6 {
		t.Errorf("%d sides, want 5 or 6", len(sides))
	}
	for _, s := range sides {
		if !strings.Contains(s.Source, "Sortie's own") {
			t.Errorf("side %s source %q: want it labelled Sortie's own", s.ID, s.Source)
		}
		n := 0
		for _, r := range s.Rows {
			n += s.Cell(&r, "Count").Int
			if w := s.Cell(&r, "Weapon").Text; w != "none" && mw.Named(w) == nil {
				t.Errorf("side %s, %s: weapon %q not on the Missile Weapons Table", s.ID, r.Key, w)
			}
		}
		if n < 5 || n > 10 {
			t.Errorf("side %s has %d figures, want 5 to 10", s.ID, n)
		}
	}
	for _, id := range []string{"sides", "battlefield-terrain", "battlefield-stream"} {
		if tb := set.Table(id); !strings.Contains(tb.Source, "Sortie's own") {
			t.Errorf("table %s source %q: want it labelled Sortie's own", id, tb.Source)
		}
	}
	st := set.Table("sides")
	for v := 1; v <= 6; v++ {
		r := st.RowFor(v)
		if r == nil || set.Table(st.Cell(r, "List").Text) == nil || !set.Table(st.Cell(r, "List").Text).InGroup("army") {
			t.Errorf("sides: a roll of %d reads no side", v)
		}
	}
	if got, want := sys.EnemySources(), []string{"rolled", "musketeers", "highlanders", "militia", "pirates", "zulu-impi", "redcoats"}; !slices.Equal(got, want) {
		t.Errorf("EnemySources = %v, want %v", got, want)
	}
}

// TestDeterminism: the same seed gives the same encounter, byte for byte;
// another seed gives another.
func TestDeterminism(t *testing.T) {
	sys := load(t)
	enc := func(seed string) string {
		e, err := sys.Encounter(dice.New(seed).Stream("encounter", "skirmish"), engine.Request{Type: "skirmish"})
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	a, b := enc("ford"), enc("ford")
	if a != b {
		t.Error("the same seed gave two encounters")
	}
	if a == enc("bridge") {
		t.Error("two seeds gave the same encounter")
	}
}

// TestAbilityDice: every figure not a civilian has the die and rating of
// the Ability row its own 1d6 reads, and over many figures the faces and
// the dice come up as often as the table says (chi-square); civilians are
// never rolled and use a d6.
func TestAbilityDice(t *testing.T) {
	sys := load(t)
	ab := sys.Rules().Table("ability")
	faces := map[string]int{}
	dies := map[string]int{}
	n, civ := 0, 0
	for i := range 600 {
		e := roll(t, sys, fmt.Sprint("ability", i), engine.Options{})
		for _, f := range append(slices.Clone(e.Player.Figures), e.Enemy.Figures...) {
			if f.Civilian {
				civ++
				if f.Roll != nil || f.Die != "d6" {
					t.Fatalf("civilian %s rolled %v, die %s", f.Name, f.Roll, f.Die)
				}
				continue
			}
			v := f.Roll.Dice.Value
			if f.Roll.Dice.Expr.Count != 1 || f.Roll.Dice.Expr.Faces != 6 || v < 1 || v > 6 {
				t.Fatalf("%s: ability roll %s, want 1d6", f.Name, f.Roll.Dice)
			}
			row := ab.RowFor(v)
			if f.Die != ab.Cell(row, "Die").Text || f.Rating != ab.Cell(row, "Rating").Text || f.Roll.Row != row.Key {
				t.Fatalf("%s rolled %d: %s %s (row %s), want %s %s", f.Name, v, f.Die, f.Rating, f.Roll.Row, ab.Cell(row, "Die").Text, ab.Cell(row, "Rating").Text)
			}
			faces[strconv.Itoa(v)]++
			dies[f.Die]++
			n++
		}
	}
	if civ == 0 {
		t.Error("no civilian came up in 600 skirmishes")
	}
	pf := map[string]float64{}
	for v := 1; v <= 6; v++ {
		pf[strconv.Itoa(v)] = 1.0 / 6
	}
	// 5 degrees of freedom: 20.52 is the 0.1% point.
	if x := dicetest.Chi2(faces, pf, n); x > 20.52 {
		t.Errorf("ability faces %v: chi-square %.1f over %d figures", faces, x, n)
	}
	pd := map[string]float64{}
	for _, r := range ab.Rows {
		pd[ab.Cell(&r, "Die").Text] += float64(r.Hi-r.Lo+1) / 6
	}
	// 2 degrees of freedom: 13.82 is the 0.1% point.
	if x := dicetest.Chi2(dies, pd, n); x > 13.82 {
		t.Errorf("ability dice %v: chi-square %.1f against %v", dies, x, pd)
	}
}

// traitsOf reads a roster row's Traits cell as the test's own list.
func traitsOf(t *rules.Table, r *rules.Row) []string {
	c := strings.TrimSpace(t.Cell(r, "Traits").Text)
	if c == "-" || c == "" {
		return nil
	}
	var out []string
	for _, p := range strings.Split(c, ",") {
		out = append(out, strings.TrimSpace(p))
	}
	return out
}

// TestFigures: each side has a figure for every Count of every roster row,
// numbered when more than one; its weapon's range, rate and reload are
// the Missile Weapons Table's; its hand-to-hand total is +1 for swordsman
// or native, +1 for officer or leader, +1 for mounted; the Force prints
// the same.
func TestFigures(t *testing.T) {
	sys := load(t)
	mw := sys.Rules().Table("missile-weapons")
	for _, list := range sys.EnemySources()[1:] { // after "rolled"
		e := roll(t, sys, "figures-"+list, engine.Options{Recruits: list})
		sd := e.Player
		if sd.List.ID != list || sd.Roll != nil {
			t.Fatalf("chose %s, got %s (roll %v)", list, sd.List.ID, sd.Roll)
		}
		i := 0
		for ri := range sd.List.Rows {
			r := &sd.List.Rows[ri]
			cnt := sd.List.Cell(r, "Count").Int
			ts := traitsOf(sd.List, r)
			want := 0
			for _, pair := range [][]string{{"swordsman", "native"}, {"officer", "leader"}, {"mounted"}} {
				if slices.ContainsFunc(pair, func(p string) bool { return slices.Contains(ts, p) }) {
					want++
				}
			}
			for k := 1; k <= cnt; k++ {
				f := sd.Figures[i]
				i++
				name := r.Key
				if cnt > 1 {
					name += " " + strconv.Itoa(k)
				}
				if f.Name != name || f.Row != r {
					t.Fatalf("%s: figure %q from row %s, want %q", list, f.Name, f.Row.Key, name)
				}
				if f.H2H != want {
					t.Errorf("%s: %s hand-to-hand %+d, want %+d from %v", list, f.Name, f.H2H, want, ts)
				}
				w := sd.List.Cell(r, "Weapon").Text
				if w == "none" {
					if f.Weapon != nil {
						t.Errorf("%s: %s has %s, want none", list, f.Name, f.Weapon.Key)
					}
					continue
				}
				wr := mw.Named(w)
				reload := strings.TrimSpace(strings.Split(mw.Cell(wr, "Reload").Text, "[^")[0])
				if f.Weapon != wr || f.Range != mw.Cell(wr, "Range").Int || f.Rate != mw.Cell(wr, "Rate").Int || f.Reload != reload {
					t.Errorf("%s: %s weapon %v %d\" rate %d reload %q, want %s %d\" rate %d reload %q", list, f.Name, f.WeaponName(), f.Range, f.Rate, f.Reload,
						wr.Key, mw.Cell(wr, "Range").Int, mw.Cell(wr, "Rate").Int, reload)
				}
			}
		}
		if i != len(sd.Figures) {
			t.Fatalf("%s: %d figures, rows give %d", list, len(sd.Figures), i)
		}
		force := sd.Force()
		if !slices.Equal(force.Columns, []string{"Die", "Rating", "Weapon", "Range", "Rate", "Reload", "Hand-to-hand"}) {
			t.Fatalf("force columns %v", force.Columns)
		}
		for k, ef := range force.Figures {
			f := sd.Figures[k]
			rng := "-"
			if f.Weapon != nil {
				rng = strconv.Itoa(f.Range) + `"`
			}
			if ef.Name != f.Name || ef.Attrs[0] != f.Die || ef.Attrs[2] != f.WeaponName() || ef.Attrs[3] != rng || !strings.HasPrefix(ef.Attrs[6], fmt.Sprintf("+%d", f.H2H)) || ef.Roll != f.Roll {
				t.Errorf("%s: force row %v for %+v", list, ef, f)
			}
		}
	}
}

// edgesOf returns the card's edges as a test reads them.
func edgesOf(c doc.Card) (top, right, bottom, left string) {
	return c.Edges[doc.Top], c.Edges[doc.Right], c.Edges[doc.Bottom], c.Edges[doc.Left]
}

// TestActionCards: one 63 mm square card a figure, in a Cards block per
// side, naming the figure, its die, weapon, hand-to-hand and move; the
// four actions along the front in the book's order clockwise; and behind
// each, on the unloaded back seen after turning the card over side to
// side, what that action allows with an empty weapon: the back's top is
// behind the front's top, its left behind the front's right, its right
// behind the front's left. Weapons that never empty and figures without a
// missile weapon are never turned over: their back is the front again,
// each action behind itself, so either side up plays the same. A Gatling
// crewman has no Move & Fire. Every back gives the figure's hand-to-hand
// and move, and each side's block marks its side, the enemy's apart.
func TestActionCards(t *testing.T) {
	sys := load(t)
	kinds := map[string]int{}
	for _, list := range sys.EnemySources()[1:] { // after "rolled"
		e, err := sys.Encounter(dice.New("cards-"+list).Stream("encounter", "skirmish"), engine.Request{Type: "skirmish", Options: engine.Options{Recruits: list}})
		if err != nil {
			t.Fatal(err)
		}
		rolled := roll(t, sys, "cards-"+list, engine.Options{Recruits: list})
		var blocks []*doc.Cards
		doc.Walk(e.Blocks, func(b doc.Block) {
			if c, ok := b.(*doc.Cards); ok {
				blocks = append(blocks, c)
			}
		})
		if len(blocks) != 2 {
			t.Fatalf("%d Cards blocks, want one a side", len(blocks))
		}
		for si, sd := range []twopage.Side{rolled.Player, rolled.Enemy} {
			cs := blocks[si]
			if cs.Side.Name != sd.List.Title || cs.Side.Enemy != (si == 1) || cs.Side.Whose == "" {
				t.Errorf("cards %q: side %+v", cs.Title, cs.Side)
			}
			if cs.W != 63 || cs.H != 63 || cs.Intro == "" || len(cs.Items) != len(sd.Figures) {
				t.Fatalf("cards %q: %vx%v mm, %d cards for %d figures", cs.Title, cs.W, cs.H, len(cs.Items), len(sd.Figures))
			}
			for k, c := range cs.Items {
				f := sd.Figures[k]
				if c.Title != f.Name || c.Tag != f.Die {
					t.Errorf("card %q %q for %s %s", c.Title, c.Tag, f.Name, f.Die)
				}
				fields := map[string]string{}
				for _, fl := range c.Fields {
					fields[fl.Label] = fl.Value
				}
				if !strings.HasPrefix(fields["Weapon"], strings.Split(f.WeaponName(), " ")[0]) || fields["Hand-to-hand"] != f.H2HText() ||
					!strings.HasPrefix(fields["Move"], strconv.Itoa(f.Move())+`"`) {
					t.Errorf("card %s fields %v for %+v", f.Name, fields, f)
				}
				if f.Weapon != nil && !strings.Contains(fields["Weapon"], fmt.Sprintf(`%d", %d a phase`, f.Range, f.Rate)) {
					t.Errorf("card %s weapon %q, want %d\" and %d a phase", f.Name, fields["Weapon"], f.Range, f.Rate)
				}
				move := `Move ` + strconv.Itoa(f.Move()) + `"`
				if f.Mounted && f.Move() != 12 || !f.Mounted && !f.Gatling && f.Move() != 9 {
					t.Errorf("%s moves %d", f.Name, f.Move())
				}
				for _, face := range []*doc.Card{&c, c.Back} {
					if face == nil {
						continue
					}
					for _, ed := range face.Edges {
						if ed == "" || utf8.RuneCountInString(ed) > twopage.MaxEdge {
							t.Errorf("card %s edge %q: want 1 to %d characters", f.Name, ed, twopage.MaxEdge)
						}
					}
				}
				top, right, bottom, left := edgesOf(c)
				if bottom != "Fight hand-to-hand" {
					t.Errorf("%s front bottom %q", f.Name, bottom)
				}
				if c.Back == nil {
					t.Fatalf("%s: no back", f.Name)
				}
				backFields := map[string]string{}
				for _, fl := range c.Back.Fields {
					backFields[fl.Label] = fl.Value
				}
				if backFields["Hand-to-hand"] != fields["Hand-to-hand"] || backFields["Move"] != fields["Move"] {
					t.Errorf("%s: back fields %v, front %v", f.Name, backFields, fields)
				}
				same := [4]string{top, left, bottom, right} // each action behind itself
				switch {
				case f.Weapon == nil:
					kinds["none"]++
					if c.Back.Edges != same || c.Back.Tag != c.Tag || top != move || !strings.HasPrefix(left, "Move & Fire: move 6") || strings.Contains(right, "Fire") {
						t.Errorf("%s without a missile weapon: edges %q, back %v", f.Name, c.Edges, c.Back)
					}
					continue
				case f.Reload == twopage.ReloadNever:
					kinds["never"]++
					if c.Back.Edges != same || c.Back.Tag != c.Tag || top != move || !strings.HasPrefix(right, "Fire") || strings.Contains(right, "Load") || left != `Move & Fire 6"` {
						t.Errorf("%s never empties: edges %q, back %v", f.Name, c.Edges, c.Back)
					}
					continue
				case f.Gatling:
					kinds["gatling"]++
					if top != `Move 6", then empty` || right != "Fire / Load" || left != "No Move & Fire" {
						t.Errorf("Gatling crewman %s: edges %q", f.Name, c.Edges)
					}
				default:
					kinds["empties"]++
					if top != move || right != "Fire / Load" || left != `Move & Fire 6"` {
						t.Errorf("%s: front edges %q", f.Name, c.Edges)
					}
				}
				if c.Back == nil {
					t.Fatalf("%s: a weapon that empties needs its unloaded back", f.Name)
				}
				b := c.Back
				btop, bright, bbottom, bleft := edgesOf(*b)
				if b.Title != f.Name || b.Tag != f.Die+", unloaded" {
					t.Errorf("%s back %q %q", f.Name, b.Title, b.Tag)
				}
				// Behind the front's top: the same move, without a shot.
				if btop != `Move `+strconv.Itoa(f.Move())+`"` {
					t.Errorf("%s: back top %q behind front top %q", f.Name, btop, top)
				}
				// Behind Fire / Load (the front's right): Load only.
				if bleft != "Load" {
					t.Errorf("%s: back left %q behind front right %q", f.Name, bleft, right)
				}
				// Behind Move & Fire (the front's left): a move, no reload.
				if left == `Move & Fire 6"` && bright != `Move 6": empty` || left == "No Move & Fire" && bright != left {
					t.Errorf("%s: back right %q behind front left %q", f.Name, bright, left)
				}
				if bbottom != bottom {
					t.Errorf("%s: back bottom %q behind front bottom %q", f.Name, bbottom, bottom)
				}
			}
		}
	}
	for _, k := range []string{"none", "never", "gatling", "empties"} {
		if kinds[k] == 0 {
			t.Errorf("no card of kind %s among the built-in sides", k)
		}
	}
}

// TestTurnTrack: twelve turns, each the Phase Die row its own 1d6 reads,
// printed as Turn | 1d6 | Phases | the phases to strike off; over many
// seeds the phases come up as often as the table says.
func TestTurnTrack(t *testing.T) {
	sys := load(t)
	pd := sys.Rules().Table("phase-die")
	counts := map[string]int{}
	n := 0
	for i := range 500 {
		e := roll(t, sys, fmt.Sprint("turns", i), engine.Options{})
		if len(e.Turns) != twopage.Turns || twopage.Turns != 12 {
			t.Fatalf("%d turns", len(e.Turns))
		}
		for k, tu := range e.Turns {
			row := pd.RowFor(tu.Roll.Dice.Value)
			if tu.Number != k+1 || tu.Phases != pd.Cell(row, "Phases").Int || tu.Roll.Row != row.Key {
				t.Fatalf("turn %d: die %d, %d phases, want %d", tu.Number, tu.Roll.Dice.Value, tu.Phases, pd.Cell(row, "Phases").Int)
			}
			counts[strconv.Itoa(tu.Phases)]++
			n++
		}
	}
	p := map[string]float64{}
	for _, r := range pd.Rows {
		p[strconv.Itoa(pd.Cell(&r, "Phases").Int)] += float64(r.Hi-r.Lo+1) / 6
	}
	// 3 degrees of freedom: 16.27 is the 0.1% point.
	if x := dicetest.Chi2(counts, p, n); x > 16.27 {
		t.Errorf("phases %v: chi-square %.1f against %v", counts, x, p)
	}
	enc, err := sys.Encounter(dice.New("track").Stream("encounter", "skirmish"), engine.Request{Type: "skirmish"})
	if err != nil {
		t.Fatal(err)
	}
	e := roll(t, sys, "track", engine.Options{})
	var track *doc.Table
	doc.Walk(enc.Blocks, func(b doc.Block) {
		if tb, ok := b.(*doc.Table); ok && len(tb.Head) == 4 && tb.Head[2] == "Phases" {
			track = tb
		}
	})
	if track == nil || !slices.Equal(track.Head, []string{"Turn", "1d6", "Phases", "Strike\u00a0off"}) || len(track.Rows) != twopage.Turns {
		t.Fatalf("turn track %+v", track)
	}
	for k, row := range track.Rows {
		tu := e.Turns[k]
		var boxes []string
		for p := 1; p <= tu.Phases; p++ {
			boxes = append(boxes, strconv.Itoa(p))
		}
		if row[0] != strconv.Itoa(k+1) || row[1] != tu.Roll.Dice.String() || row[2] != strconv.Itoa(tu.Phases) || row[3] != strings.Join(boxes, " ") {
			t.Errorf("track row %v for turn %+v", row, tu)
		}
	}
}

// TestBattlefield: nine sections, each the Battlefield Terrain row its
// 1d6 reads, drawn with the board kind its Kind names (walls as runs of
// wall in the section and none elsewhere, labelled with the table's
// word, clear of the stream and of every piece, named in the caption and
// in the legend when and only when drawn); the stream through the
// sections its roll names; both sides' zones; and a line saying it is
// Sortie's own.
func TestBattlefield(t *testing.T) {
	sys := load(t)
	bt := sys.Rules().Table("battlefield-terrain")
	st := sys.Rules().Table("battlefield-stream")
	draws := map[string]string{"rough": board.Rough, "hills": board.Hills, "woods": board.Woods, "buildings": board.Buildings}
	streams, walls := 0, 0
	for i := range 200 {
		seed := fmt.Sprint("field", i)
		e := roll(t, sys, seed, engine.Options{})
		enc, err := sys.Encounter(dice.New(seed).Stream("encounter", "skirmish"), engine.Request{Type: "skirmish"})
		if err != nil {
			t.Fatal(err)
		}
		maps := doc.Maps(enc.Blocks)
		if len(maps) != 1 {
			t.Fatalf("%d maps", len(maps))
		}
		m := maps[0]
		if m.WidthIn != 36 || m.HeightIn != 36 || m.Cols != 3 || m.Rows != 3 || len(m.Zones) != 2 {
			t.Fatalf("map %vx%v, %dx%d sections, %d zones", m.WidthIn, m.HeightIn, m.Cols, m.Rows, len(m.Zones))
		}
		if !strings.Contains(m.Caption, "Sortie's own") {
			t.Errorf("caption %q does not say the lay-out is Sortie's own", m.Caption)
		}
		if len(e.Sections) != 9 {
			t.Fatalf("%d sections", len(e.Sections))
		}
		for _, sec := range e.Sections {
			row := bt.RowFor(sec.Roll.Dice.Value)
			if sec.Kind != bt.Cell(row, "Kind").Text || sec.Terrain != bt.Cell(row, "Terrain").Text || sec.Buildings != bt.Cell(row, "Count").Int {
				t.Fatalf("section %d rolled %d: %+v", sec.Number, sec.Roll.Dice.Value, sec)
			}
			var pieces []board.Piece
			for _, p := range m.Pieces {
				if p.Section == sec.Number {
					pieces = append(pieces, p)
				}
			}
			if k, ok := draws[sec.Kind]; ok {
				if len(pieces) != 1 || pieces[0].Kind != k || pieces[0].Count != sec.Buildings {
					t.Errorf("section %d (%s): pieces %+v", sec.Number, sec.Kind, pieces)
				}
			} else if len(pieces) != 0 {
				t.Errorf("section %d (%s) drawn as %+v", sec.Number, sec.Kind, pieces)
			}
			if sec.Kind == "walls" && (!strings.Contains(m.Caption, "Walls") || strings.Contains(m.Caption, "no mark")) {
				t.Errorf("section %d has walls, caption %q", sec.Number, m.Caption)
			}
			var runs []board.Line
			for _, l := range m.Lines {
				if l.Kind == board.Wall && l.Section == sec.Number {
					runs = append(runs, l)
				}
			}
			if (len(runs) > 0) != (sec.Kind == "walls") {
				t.Errorf("%s: section %d (%s) drawn with %d runs of wall", seed, sec.Number, sec.Kind, len(runs))
			}
			walls += len(runs)
			s := m.Section(sec.Number)
			for _, r := range runs {
				if r.Label != sec.Terrain {
					t.Errorf("%s: walls in section %d labelled %q, want %q", seed, sec.Number, r.Label, sec.Terrain)
				}
				for _, q := range r.Path {
					if !s.Contains(q) {
						t.Errorf("%s: walls of section %d reach %v", seed, sec.Number, q)
					}
				}
				for _, l := range m.Lines {
					if l.Kind != board.Wall && bandsMeet(r, l) {
						t.Errorf("%s: walls of section %d lie on the %s", seed, sec.Number, l.Label)
					}
				}
				for _, p := range m.Pieces {
					if bandsMeet(r, board.Line{Path: append(slices.Clone(p.Outline), p.Outline[0])}) {
						t.Errorf("%s: walls of section %d meet %s", seed, sec.Number, p.Label)
					}
				}
			}
		}
		// Walls drawn are said once, in the caption, which sends the
		// player to the runs drawn; no note tells him to set them out
		// unseen.
		if slices.ContainsFunc(m.Lines, func(l board.Line) bool { return l.Kind == board.Wall }) && !strings.Contains(m.Caption, "set them out as drawn") {
			t.Errorf("%s: caption %q", seed, m.Caption)
		}
		doc.Walk(enc.Blocks, func(b doc.Block) {
			if p, ok := b.(*doc.Para); ok && strings.Contains(p.Text, "Walls, fences or hedges") {
				t.Errorf("%s: the walls drawn said again: %q", seed, p.Text)
			}
		})
		legend := false
		for _, le := range board.Legend(m) {
			legend = legend || le.Kind == board.Wall
		}
		if legend != slices.ContainsFunc(e.Sections, func(s twopage.Section) bool { return s.Kind == "walls" }) {
			t.Errorf("%s: walls in the legend: %v, sections %+v", seed, legend, e.Sections)
		}
		row := st.RowFor(e.Stream.Dice.Value)
		want := strings.TrimSpace(st.Cell(row, "Through").Text)
		var got []string
		for _, n := range e.Through {
			got = append(got, strconv.Itoa(n))
		}
		if want == "-" && len(got) != 0 || want != "-" && strings.Join(got, " ") != want {
			t.Errorf("stream rolled %d through %v, want %s", e.Stream.Dice.Value, got, want)
		}
		rivers := 0
		for _, l := range m.Lines {
			if l.Kind == board.River {
				rivers++
			}
		}
		if (rivers == 1) != (len(e.Through) > 0) || rivers > 1 {
			t.Errorf("stream through %v drawn as %d rivers", e.Through, rivers)
		}
		streams += rivers
		own := false
		for _, b := range enc.Blocks {
			if p, ok := b.(*doc.Para); ok && strings.Contains(p.Lead, twopage.Own) {
				own = true
			}
		}
		if !own {
			t.Fatal("no line says the skirmish is Sortie's own procedure")
		}
	}
	if streams == 0 {
		t.Error("no stream in 200 tables")
	}
	if walls == 0 {
		t.Error("no walls in 200 tables")
	}
}

// bandsMeet reports whether the bands of lines a and b, each as wide as
// it is, meet: a point of either's path, every tenth of an inch, lies
// within half their widths and board.ClearGap of the other's.
func bandsMeet(a, b board.Line) bool {
	room := a.WidthIn/2 + b.WidthIn/2 + board.ClearGap - 1e-9
	near := func(q board.Point, path []board.Point) bool {
		for i := 1; i < len(path); i++ {
			p, r := path[i-1], path[i]
			dx, dy := r.X-p.X, r.Y-p.Y
			if dx == 0 && dy == 0 {
				continue
			}
			t := max(0, min(1, ((q.X-p.X)*dx+(q.Y-p.Y)*dy)/(dx*dx+dy*dy)))
			if math.Hypot(p.X+t*dx-q.X, p.Y+t*dy-q.Y) < room {
				return true
			}
		}
		return false
	}
	for _, pair := range [][2]board.Line{{a, b}, {b, a}} {
		path := pair[0].Path
		for i := 1; i < len(path); i++ {
			p, r := path[i-1], path[i]
			n := int(math.Hypot(r.X-p.X, r.Y-p.Y)*10) + 1
			for k := 0; k <= n; k++ {
				f := float64(k) / float64(n)
				if near(board.Point{X: p.X + (r.X-p.X)*f, Y: p.Y + (r.Y-p.Y)*f}, pair[1].Path) {
					return true
				}
			}
		}
	}
	return false
}

// TestSides: chosen sides are kept; a rolled side is the Sides row its die
// reads; the enemy never rolls the player's side, and every roll it threw
// away was the player's side; over many seeds the player's side comes up
// as the table says.
func TestSides(t *testing.T) {
	sys := load(t)
	st := sys.Rules().Table("sides")
	counts := map[string]int{}
	rerolled := 0
	const n = 1200
	for i := range n {
		e := roll(t, sys, fmt.Sprint("sides", i), engine.Options{})
		for _, sd := range []twopage.Side{e.Player, e.Enemy} {
			if sd.Roll == nil || st.Cell(st.RowFor(sd.Roll.Dice.Value), "List").Text != sd.List.ID {
				t.Fatalf("side %s from roll %v", sd.List.ID, sd.Roll)
			}
		}
		if e.Enemy.List == e.Player.List {
			t.Fatalf("both sides %s", e.Player.List.ID)
		}
		for _, r := range e.Enemy.Rerolls {
			rerolled++
			if st.Cell(st.RowFor(r.Dice.Value), "List").Text != e.Player.List.ID {
				t.Fatalf("re-rolled %v, not the player's side", r)
			}
		}
		counts[e.Player.List.ID]++
	}
	if rerolled == 0 {
		t.Error("no duplicate side was ever re-rolled")
	}
	p := map[string]float64{}
	for _, r := range st.Rows {
		p[st.Cell(&r, "List").Text] += float64(r.Hi-r.Lo+1) / 6
	}
	// 5 degrees of freedom: 20.52 is the 0.1% point.
	if x := dicetest.Chi2(counts, p, n); x > 20.52 {
		t.Errorf("player's sides %v: chi-square %.1f", counts, x)
	}
	e := roll(t, sys, "chosen", engine.Options{Recruits: "pirates", Enemies: "redcoats"})
	if e.Player.List.ID != "pirates" || e.Enemy.List.ID != "redcoats" || e.Player.Roll != nil || e.Enemy.Roll != nil {
		t.Errorf("chose pirates against redcoats, got %s against %s", e.Player.List.ID, e.Enemy.List.ID)
	}
	for i := range 100 {
		e := roll(t, sys, fmt.Sprint("enemy-chosen", i), engine.Options{Enemies: "militia"})
		if e.Enemy.List.ID != "militia" || e.Player.List.ID == "militia" {
			t.Fatalf("enemy militia chosen: %s against %s", e.Player.List.ID, e.Enemy.List.ID)
		}
	}
}

// TestOptions: a Star's Rep, a band size and unknown sides are refused
// with an *engine.OptionError naming the option.
func TestOptions(t *testing.T) {
	sys := load(t)
	for _, c := range []struct {
		opt    engine.Options
		option string
		text   string
	}{
		{engine.Options{StarRep: 5}, "star-rep", "no Star"},
		{engine.Options{BandSize: 6}, "band", "roster"},
		{engine.Options{Recruits: "orcs"}, "recruits", `unknown side "orcs" (want rolled, musketeers, highlanders, militia, pirates, zulu-impi, redcoats)`},
		{engine.Options{Enemies: "vikings"}, "enemies", `unknown side "vikings"`},
	} {
		err := sys.CheckOptions(c.opt)
		var oe *engine.OptionError
		if !errors.As(err, &oe) || oe.Option != c.option || !strings.Contains(err.Error(), c.text) {
			t.Errorf("%+v: %v, want an option error on %s saying %q", c.opt, err, c.option, c.text)
		}
		if _, err := sys.RollEncounter(dice.New("x"), "skirmish", c.opt); !errors.As(err, &oe) {
			t.Errorf("%+v: RollEncounter gave %v", c.opt, err)
		}
	}
	if err := sys.CheckOptions(engine.Options{Recruits: "zulu-impi", Enemies: "redcoats"}); err != nil {
		t.Error(err)
	}
	// "rolled" asks for a roll, as leaving the option out does.
	rolled, err := sys.RollEncounter(dice.New("x"), "skirmish", engine.Options{Recruits: "rolled", Enemies: "rolled"})
	if err != nil {
		t.Fatal(err)
	}
	plain, err := sys.RollEncounter(dice.New("x"), "skirmish", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rolled.Player.List.ID != plain.Player.List.ID || rolled.Enemy.List.ID != plain.Enemy.List.ID || rolled.Player.Roll == nil {
		t.Errorf("rolled sides %s v %s, left out %s v %s", rolled.Player.List.ID, rolled.Enemy.List.ID, plain.Player.List.ID, plain.Enemy.List.ID)
	}
	if _, err := sys.RollEncounter(dice.New("x"), "raid", engine.Options{}); err == nil || !strings.Contains(err.Error(), `unknown encounter type "raid"`) {
		t.Errorf("unknown type: %v", err)
	}
}

// TestAddedSide: a site adds a side with a .rules file of its own; it can
// be chosen, and mistakes in it are reported at their file and line.
func TestAddedSide(t *testing.T) {
	const bandits = `table bandits
title   Bandits
read    lookup
key     Figure
group   army
source  my own
columns Count:int | Weapon:text | Traits:text
| Bandit chief | 1 | Revolver    | leader, mounted |
| Bandit       | 4 | Bow         | - |
| Hostage      | 1 | none        | civilian |
`
	sys, err := build(t, map[string]string{"site/content/systems/two-page-skirmish/bandits.rules": bandits})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(sys.EnemySources(), "bandits") {
		t.Fatalf("sources %v lack bandits", sys.EnemySources())
	}
	e := roll(t, sys, "bandits", engine.Options{Enemies: "bandits"})
	if e.Enemy.List.ID != "bandits" || len(e.Enemy.Figures) != 6 || e.Enemy.Figures[0].H2H != 2 || !e.Enemy.Figures[0].Mounted || !e.Enemy.Figures[5].Civilian {
		t.Fatalf("bandits: %+v", e.Enemy.Figures)
	}
	const file = "site/content/systems/two-page-skirmish/bad.rules"
	for _, c := range []struct{ row, want string }{
		{"| Archer | 2 | Longbow | - |", file + `:8: side bad, Archer: weapon "Longbow" is no row of the Missile Weapons Table`},
		{"| Knight | 1 | none | knight |", file + `:8: side bad, Knight: trait "knight", want any of swordsman, native, officer, leader, mounted, civilian`},
		{"| Gunner | 3 | Gatling gun | - |", file + `:8: side bad, Gunner: a Gatling gun has a crew of two, so count 3 should be even`},
		{"| Horde | 40 | none | - |", file + `:8: side bad, Horde: count "40", want 1 to 20`},
	} {
		text := strings.Replace(bandits, "table bandits", "table bad", 1)
		text = strings.Replace(text, "| Bandit chief | 1 | Revolver    | leader, mounted |", c.row, 1)
		_, err := build(t, map[string]string{file: text})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.row, err, c.want)
		}
	}
}

// TestRosterAgreesWithCards: the roster names each figure's weapon as its
// action card does: a figure without a missile weapon the same words on
// both, a weapon by the name its card opens with.
func TestRosterAgreesWithCards(t *testing.T) {
	sys := load(t)
	none := 0
	for _, list := range sys.EnemySources()[1:] { // after "rolled"
		e := roll(t, sys, "agree-"+list, engine.Options{Recruits: list})
		for _, sd := range []twopage.Side{e.Player, e.Enemy} {
			roster := sd.Force()
			for k, f := range sd.Figures {
				cell := roster.Figures[k].Attrs[2]
				var card string
				for _, fl := range twopage.Card(f).Fields {
					if fl.Label == "Weapon" {
						card = fl.Value
					}
				}
				if f.Weapon == nil {
					none++
					if cell != card {
						t.Errorf("%s %s: roster weapon %q, card %q", list, f.Name, cell, card)
					}
				} else if !strings.HasPrefix(card, cell+":") {
					t.Errorf("%s %s: roster weapon %q, card %q", list, f.Name, cell, card)
				}
			}
		}
	}
	if none == 0 {
		t.Error("no figure without a missile weapon to check")
	}
}
