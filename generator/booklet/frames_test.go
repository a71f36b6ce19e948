package booklet

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestGoldenFrames lays out tables of the books, their title bands and
// their rows, as the booklet sets them
// (a QRS column on A4, an encounter spread's column, a folded page) and
// compares the frames, written out as text, with testdata/frames: a
// change to how a table is laid out shows there line by line, with no
// PDF. go test -run GoldenFrames -update rewrites them; a second run
// must then pass as it is (the files are what the layout gives, and
// laying out again gives the same).
func TestGoldenFrames(t *testing.T) {
	for _, c := range []struct {
		name, sys, table string
		look             tableLook
		w                float64
	}{
		{"qrs-swordplay-melee", "swordplay", "melee-combat", qrsLook, (210 - 2*side - qrsGutter) / 2},
		{"spread-2d6-melee", "2d6-sword-and-sorcery", "melee", spreadLook.table, 86.5},
		{"folded-cr3-reaction-tests", "chain-reaction-3", "reaction-tests", qrsLook, 148 - 2*side},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := testRenderer("a4")
			lay := func() []byte {
				tb := doc.RuleTable(bookTable(t, c.sys, c.table))
				top := r.topOf(tb, c.look, false, c.w)
				if top.band == nil {
					t.Fatal("no title band")
				}
				return []byte(top.band.String() + r.tableFrame(r.tableGrid(tb, c.look, c.w)).String())
			}
			got, again := lay(), lay()
			if !bytes.Equal(got, again) {
				t.Fatal("the same table laid out twice differs")
			}
			golden(t, c.name+".txt", got)
		})
	}
}

// bookTable loads one table of a built-in system's rule data.
func bookTable(t *testing.T, sys, id string) *rules.Table {
	t.Helper()
	tb := systemSet(t, sys).Table(id)
	if tb == nil {
		t.Fatalf("%s has no table %s", sys, id)
	}
	return tb
}

// TestFrameIsWhatIsPainted paints a laid-out table and reads back, from
// the page's text record, what the frame says it holds: every row in
// order, nothing more; and its height is the sum of its rows'.
func TestFrameIsWhatIsPainted(t *testing.T) {
	r := testRenderer("a4")
	g := r.tableGrid(doc.RuleTable(bookTable(t, "swordplay", "melee-combat")), qrsLook, 80)
	f := r.tableFrame(g)
	var says bytes.Buffer
	h := 0.0
	for _, m := range f.Marks {
		if s, ok := m.(frame.Sub); ok {
			says.WriteString(s.F.Say + "\n")
			if s.Y != h {
				t.Errorf("a row at %.2f mm, want %.2f (under the one before)", s.Y, h)
			}
			h += s.F.H
		}
	}
	if h != f.H {
		t.Errorf("frame %.2f mm tall, its rows %.2f", f.H, h)
	}
	if len(g.rows)+1 != bytes.Count(says.Bytes(), []byte("\n")) {
		t.Errorf("%d rows and a header, the frame holds %d", len(g.rows), bytes.Count(says.Bytes(), []byte("\n")))
	}
	r.f.AddPage()
	page := r.f.PageNo()
	r.lay.text[page] = ""
	r.drawFrame(f, side, bodyTop)
	if r.lay.text[page] != says.String() {
		t.Errorf("painted:\n%s\nthe frame says:\n%s", r.lay.text[page], says.String())
	}
}

// TestGoldenFaces lays out play card faces as a sheet prints them (at
// the scale faceScale gives the sheet side, with the foot naming the
// entry) and compares the frames, written out as text, with
// testdata/frames, as TestGoldenFrames does tables: a unit card of
// sheets_test.go's playDoc (a tag, fields, a track with a note, a line
// of small print) on the player's side (a solid band) and an action
// card's back (edge texts, turned, and a tag) on the enemy's (a hatched
// band and corners). Painted, a face records on its page what its frame
// says.
func TestGoldenFaces(t *testing.T) {
	for _, c := range []struct {
		name string
		card doc.Card
		side doc.Side
		w, h float64
		foot string
	}{
		{"face-unit-card", doc.Card{
			Title: "Spearmen 1", Tag: "Heavy foot",
			Fields: []doc.Field{{Label: "Discipline", Value: "4 (3 with a commander in contact)"}, {Label: "Weapons", Value: "Spears; Bow 4 DU"}},
			Track:  &doc.Track{Label: "Hits", Boxes: 4, Note: "Routed at the last box"},
			Lines:  []string{"Level 1 spell: 1 / 2 / 3 MP up to 4 / 8 / 12 DU"},
		}, doc.Side{Name: "The Red Host", Whose: "your army"}, 63, 84, "Entry 1 · your army"},
		{"face-action-back", doc.Card{
			Title: "Back 1", Tag: "Unloaded", Edges: [4]string{"Move 9\"", "Move 6\": empty", "Fight hand-to-hand", "Load"},
		}, doc.Side{Name: "The Watch", Whose: "the enemy", Enemy: true}, 63, 63, "Entry 1 · the enemy"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := testRenderer("a4")
			cs := newCardSheets(r, r.page())
			k := cs.faceScale([]sided{{c.card, c.side}}, sheetGrid{w: c.w, h: c.h}, true)
			f, fits, whole, err := cs.faceFrame(c.card, c.side, c.w, c.h, c.foot, k)
			if !fits || !whole || err != nil {
				t.Fatalf("at scale %g: fits %v, whole %v, error %v", k, fits, whole, err)
			}
			got := []byte(fmt.Sprintf("scale %g\n%s", k, f))
			again, _, _, _ := cs.faceFrame(c.card, c.side, c.w, c.h, c.foot, k)
			if !bytes.Equal(got, []byte(fmt.Sprintf("scale %g\n%s", k, again))) {
				t.Fatal("the same face laid out twice differs")
			}
			golden(t, c.name+".txt", got)
			r.f.AddPage()
			page := r.f.PageNo()
			r.lay.text[page] = ""
			cs.playFace(c.card, c.side, 10, 20, c.w, c.h, c.foot, k)
			paintPlaced(t, r)
			if r.lay.text[page] != f.Say+"\n" {
				t.Errorf("painted:\n%s\nthe frame says:\n%s", r.lay.text[page], f.Say)
			}
		})
	}
}

// TestGoldenBoard lays out a Battle Board as an encounter's left-hand
// page sets it (a track of markers over the board, a road on it, an
// entry edge, its caption) and its legend across the text block,
// and compares the frames, written out as text, with testdata/frames, as
// TestGoldenFrames does tables. The maps' frame and the cells in it are
// as tall as the layout measured the maps to be (mapsPlan), and a
// printed page's board holds the marks draw laid out (a dry one's none).
func TestGoldenBoard(t *testing.T) {
	m := board.Map{Title: "The ford", WidthIn: 24, HeightIn: 18, Terrain: "Clear", Caption: "The road is open ground.", Cols: 3, Rows: 2,
		Entry:      &board.Entry{Edge: board.Bottom, Sections: []int{2}},
		Pieces:     []board.Piece{{Kind: board.Woods, Label: "Old wood", Outline: []board.Point{{X: 2, Y: 2}, {X: 8, Y: 2}, {X: 8, Y: 7}, {X: 2, Y: 7}}, Section: 1}},
		Lines:      []board.Line{{Kind: board.Road, Label: "Road", Path: []board.Point{{X: 0, Y: 12}, {X: 24, Y: 12}}, WidthIn: 1}},
		TrackLabel: "PEFs are resolved in this order", Unit: "DU"}
	m.PlaceTrack("1", "2", "3")
	ms := []board.Map{m}
	_, pw, ph, _ := paperSize("a4")
	r := newRenderer(&book{doc: Doc{Title: "Maps", Set: &rules.Set{System: &rules.System{Name: "Test"}}}, pw: pw, ph: ph}, newLayout())
	r.newPage("Maps")
	w, h := r.contentW(), 180.0
	lay := func() []byte {
		return []byte(r.mapsFrame(ms, w, h, 0).String() + r.legendAcross(ms, 0).String())
	}
	got, again := lay(), lay()
	if !bytes.Equal(got, again) {
		t.Fatal("the same board laid out twice differs")
	}
	// The plan measures each cell from its overhead without drawing a
	// board; the cells placed, drawn, reach as far down.
	f, mh := r.mapsFrame(ms, w, h, 0), r.mapsPlan(ms, w, h, 0).h
	reach := 0.0
	for _, mk := range f.Marks {
		sub := mk.(frame.Sub)
		reach = max(reach, sub.Y+sub.F.H)
	}
	if f.H != mh || reach != mh {
		t.Errorf("the maps' frame is %.2f mm tall and its cells reach %.2f, measured %.2f", f.H, reach, mh)
	}
	golden(t, "board-ford.txt", got)
}

// TestGoldenOdds lays out the odds strips under two tables of the books
// (doc.Odds) as a table's foot sets them, and compares the frames,
// written out as text, with testdata/frames: the charge table's in an
// encounter spread's column, its caption above the grid, and the melee
// table's across a QRS page, its caption beside the grids. The strip's
// height is the span's, and painted, it records on its page what its
// frames say, in the order they are painted.
func TestGoldenOdds(t *testing.T) {
	for _, c := range []struct {
		name, sys, table string
		look             tableLook
		w                float64
	}{
		{"odds-2d6-charge-column", "2d6-sword-and-sorcery", "charge", spreadLook.table, 86.5},
		{"odds-2d6-charge-half", "2d6-sword-and-sorcery", "charge", qrsLook, 60},
		{"odds-cr3-pef-movement-across", "chain-reaction-3", "pef-movement", qrsLook, 210 - 2*side},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := testRenderer("a4")
			o := doc.RuleTable(bookTable(t, c.sys, c.table)).Odds
			spans := r.oddsSpans(o, c.look)
			if len(spans) != 1 || spans[0].lay == nil {
				t.Fatalf("%d spans for the odds strip, want one laid out as a frame", len(spans))
			}
			f := spans[0].lay(c.w)
			got := []byte(f.String())
			if again := spans[0].lay(c.w).String(); again != string(got) {
				t.Fatal("the same odds strip laid out twice differs")
			}
			if h := r.laySpan(spans[0], c.w).h; h != spans[0].before+f.H {
				t.Errorf("the span measures %.2f mm, its frame %.2f and %.2f above", h, f.H, spans[0].before)
			}
			golden(t, c.name+".txt", got)
			r.f.AddPage()
			page := r.f.PageNo()
			r.lay.text[page] = ""
			r.fr = cursor{x: side, w: c.w, top: bodyTop, y: bodyTop, bottom: r.ph - bodyTop, brk: func() { t.Fatal("the strip broke the page") }}
			r.flow(spans...)
			paintPlaced(t, r)
			if says := paintedSays(f); r.lay.text[page] != says {
				t.Errorf("painted:\n%s\nthe frame says:\n%s", r.lay.text[page], says)
			}
		})
	}
}

// paintedSays is what painting f records on its page: what each frame
// in it says, a line each, in the order they are painted (a frame's
// own after those inside it).
func paintedSays(f *frame.Frame) string {
	var b bytes.Buffer
	for _, m := range f.Marks {
		if s, ok := m.(frame.Sub); ok {
			b.WriteString(paintedSays(s.F))
		}
	}
	if f.Say != "" {
		b.WriteString(f.Say + "\n")
	}
	return b.String()
}

// TestGoldenCard lays out a sealed card's head and foot as frames (its
// number with a short tag beside it, one with a tag too long for that on
// lines of its own under it, and the foot naming its entry and page) and
// the text on a card's back, and compares them, written out as text,
// with testdata/frames/card-parts.txt. Each is laid out twice the same,
// and a head's height is its number's line with each of its tag's lines.
func TestGoldenCard(t *testing.T) {
	_, pw, ph, _ := paperSize("a4")
	r := newRenderer(&book{doc: Doc{Title: "Cards", Set: &rules.Set{System: &rules.System{Name: "Test"}}}, pw: pw, ph: ph}, newLayout())
	cs := newCardSheets(r, r.page()) // lays the card out, as the booklet's card sheets do
	e := &entry{number: 4, enc: &engine.Encounter{Title: "The ford"}}
	short := &card{number: 12, e: e, item: &doc.SealedItem{Number: 1, Title: "The first PEF", Tag: "camp"}, of: 3}
	long := &card{number: 7, e: e, item: &doc.SealedItem{Number: 2, Title: "The second PEF", Tag: "the ruined watchtower on the far bank of the river and its garden"}, of: 3}
	const w = 90.0
	lay := func() []byte {
		var b strings.Builder
		for _, c := range []*card{short, long} {
			b.WriteString(cs.cardHead(c, w).String())
		}
		b.WriteString(cs.cardFootFrame(short, w, "31").String())
		b.WriteString(cs.textFrame(backNote, "", 8, w-2*cardPad, "C", backGrey).String())
		return []byte(b.String())
	}
	got, again := lay(), lay()
	if !bytes.Equal(got, again) {
		t.Fatal("the same card laid out twice differs")
	}
	if lines, beside := cs.cardTag(long, w); beside || len(lines) < 2 {
		t.Fatalf("the long tag sits beside the number or takes one line: %q", lines)
	} else if h := cs.cardHead(long, w).H; h != cardHeadH+float64(len(lines))*(tagH+0.5) {
		t.Errorf("a head with %d lines of tag is %.2f mm tall", len(lines), h)
	}
	if h := cs.cardHead(short, w).H; h != cardHeadH {
		t.Errorf("a head with its tag beside the number is %.2f mm tall, want %.2f", h, cardHeadH)
	}
	golden(t, "card-parts.txt", got)
}

// TestGoldenCardFrames lays out a whole sealed card as frames, its face
// (at the least height that sizes the cards, then in a taller cell, its
// foot at the cell's foot) and its back, and the same item as a play
// sheet's slip (what page 2 prints of it), and compares them, written
// out as text, with testdata/frames/card-frames.txt. Each is laid out
// twice the same. The text of a card or slip is one frame (piecesFrame),
// as tall as its pieces placed down a cursor at its top end; the least
// face is as tall as its parts with the pad and the space above its
// text (lead); painted, a face and a back record on their page what
// their frames say.
func TestGoldenCardFrames(t *testing.T) {
	_, pw, ph, _ := paperSize("a4")
	r := newRenderer(&book{doc: Doc{Title: "Cards", Set: &rules.Set{System: &rules.System{Name: "Test"}}}, pw: pw, ph: ph}, newLayout())
	cs := newCardSheets(r, r.page()) // lays the card out, as the booklet's card sheets do
	sheet := &playSheet{renderer: r} // lays the slip out, as a play sheet's page 2 does, on the same renderer
	e := &entry{number: 4, enc: &engine.Encounter{Title: "The ford"}}
	roll := &doc.Roll{Label: "Clue", Dice: dice.Roll{Expr: dice.Expr{Count: 2, Faces: 6}, Dice: []int{6, 5}, Value: 11}, Row: "11", Result: "A hidden cache"}
	item := doc.SealedItem{Number: 1, Title: "The first clue you find", Tag: "camp", Blocks: []doc.Block{
		roll,
		&doc.Para{Lead: "The cache.", Text: "Three muskets under the straw, wrapped in sacking against the damp."},
		&doc.Section{Title: "If you take them", Blocks: []doc.Block{
			&doc.List{Items: []string{"Take one musket per figure.", "Leave the rest."}},
			&doc.Table{Head: []string{"Your figures", "1", "2", "3"}, Rows: [][]string{{"Muskets", "1", "2", "3"}, {"Powder", "1", "1", "2"}}},
		}},
		&doc.Para{Note: true, Text: "The straw hides no more."},
	}}
	c := &card{number: 12, e: e, item: &item, of: 3}
	const w, h = 90.0, 100.0
	const slipW = 85.0
	lay := func() []byte {
		var b strings.Builder
		least, _ := cs.cardFace(c, w, 0, "000")
		face, _ := cs.cardFace(c, w, h, "31")
		b.WriteString(least.String())
		b.WriteString(face.String())
		b.WriteString(cs.cardBack(c, w, h).String())
		b.WriteString(r.piecesFrame(sheet.slipPieces(sheetItem{n: 2, item: item}, sheetLook(8.5), slipW), slipW).String())
		return []byte(b.String())
	}
	got, again := lay(), lay()
	if !bytes.Equal(got, again) {
		t.Fatal("the same card laid out twice differs")
	}
	for _, pc := range []struct {
		name string
		ps   []piece
		w    float64
	}{
		{"card", cs.cardPieces(c, w-2*cardPad), w - 2*cardPad},
		{"slip", sheet.slipPieces(sheetItem{n: 2, item: item}, sheetLook(8.5), slipW), slipW},
	} {
		cur := cursor{w: pc.w, bottom: 1000, brk: func() { t.Fatalf("the %s's text broke", pc.name) }}
		r.flowPiecesOn(&cur, noPaint{}, pc.ps)
		if f := r.piecesFrame(pc.ps, pc.w); f.H != cur.y {
			t.Errorf("the %s's text is a frame %.2f mm tall, placed it ends at %.2f", pc.name, f.H, cur.y)
		}
	}
	least, over := cs.cardFace(c, w, 0, "000")
	head, foot, body := cs.cardHead(c, w), cs.cardFootFrame(c, w, "000"), r.piecesFrame(cs.cardPieces(c, w-2*cardPad), w-2*cardPad)
	// The roll opens the card: its space above is the lead.
	if want := head.H + 2*cardPad + foot.H + (rollBefore + body.H); least.H != want {
		t.Errorf("the least face is %.2f mm tall, its parts %.2f", least.H, want)
	}
	if over > 0 {
		t.Errorf("the least face's text runs %.2f mm past its foot", over)
	}
	if _, over := cs.cardFace(c, w, least.H-rollBefore-0.5, "000"); math.Abs(over-0.5) > 0.001 {
		t.Errorf("in a cell 0.5 mm too short for its text, the text runs %.2f mm past the foot", over)
	}
	golden(t, "card-frames.txt", got)
	for _, f := range []*frame.Frame{func() *frame.Frame { f, _ := cs.cardFace(c, w, h, "31"); return f }(), cs.cardBack(c, w, h)} {
		r.f.AddPage()
		page := r.f.PageNo()
		r.lay.text[page] = ""
		r.drawFrame(f, side, bodyTop)
		if says := paintedSays(f); r.lay.text[page] != says {
			t.Errorf("painted:\n%s\nthe frame says:\n%s", r.lay.text[page], says)
		}
	}
}

// golden compares a layout written out as text with its golden file,
// testdata/frames/name; -update writes it first.
// paintPlaced paints what r placed, as the pass printed is painted
// (paintPages), for a test that reads what was painted.
func paintPlaced(t *testing.T, r *renderer) {
	t.Helper()
	r.endPages()
	if err := r.paintPages("TwoPageRight"); err != nil {
		t.Fatal(err)
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "frames", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./generator/booklet -run Golden -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the layout:\n%s", path, got)
	}
}
