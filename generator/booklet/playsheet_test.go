package booklet_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/generator/booklet"
)

// sheetPacks rolls, for every built-in system, a pack of each of its
// encounter types from the built-in data, as the default site's packs
// do (the same player's options).
func sheetPacks(t testing.TB) map[string]*pack.Pack {
	t.Helper()
	reg := registry(t)
	opts := map[string]engine.Options{
		"2d6-sword-and-sorcery":   {Enemies: "creatures"},
		"swordplay":               {Recruits: "northmen", Enemies: "orcs"},
		"chain-reaction-3":        {Recruits: "military", Enemies: "insurgents"},
		"sword-and-spear-fantasy": {Recruits: "human-kingdom"},
	}
	out := map[string]*pack.Pack{}
	for _, id := range reg.IDs() {
		sys, _ := reg.Get(id)
		p, err := pack.Build(sys, "play-sheet", sys.Rules().EncounterIDs(), opts[id])
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		out[id] = p
	}
	return out
}

// sheetOf is entry e of a pack as a play sheet.
func sheetOf(t testing.TB, id string, p *pack.Pack, e *pack.Entry) booklet.Sheet {
	t.Helper()
	sys, err := registry(t).Get(id)
	if err != nil {
		t.Fatal(err)
	}
	return booklet.Sheet{Title: "Test pack", Label: "Encounter " + strconv.Itoa(e.Number), Set: sys.Rules(), Encounter: e.Encounter, Band: p.Band}
}

func writeSheet(t *testing.T, s booklet.Sheet, paper string) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := booklet.WriteSheet(&b, s, booklet.Options{Paper: paper, Created: created, Version: "0.1.0"}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestSheet renders every encounter type of every system as a play
// sheet on both papers and checks it: pdfcpu reads and validates it; it
// has two pages when the encounter has sealed items and one when not;
// page 1 holds the facts (title, system, seed, stream), every map's
// legend, the band and every table of the forces, and no sealed item's
// text; page 2 holds every sealed item, numbered as page 1 lists it.
func TestSheet(t *testing.T) {
	for id, p := range sheetPacks(t) {
		for _, e := range p.Entries {
			for _, paper := range []string{"a4", "letter"} {
				t.Run(id+"/"+e.Type+"/"+paper, func(t *testing.T) {
					s := sheetOf(t, id, p, e)
					pdf := writeSheet(t, s, paper)
					path := save(t, "sheet-"+id+"-"+e.Type+"-"+paper+".pdf", pdf)
					ctx, err := api.ReadContext(bytes.NewReader(pdf), model.NewDefaultConfiguration())
					if err != nil {
						t.Fatalf("pdfcpu cannot read the sheet: %v", err)
					}
					if err := api.ValidateContext(ctx); err != nil {
						t.Fatalf("pdfcpu finds the sheet invalid: %v", err)
					}
					sealed := doc.SealedIn(e.Encounter.Blocks)
					want := 1
					if sealed != nil && len(sealed.Items) > 0 {
						want = 2
					}
					if ctx.PageCount != want || booklet.SheetPages(e.Encounter) != want {
						t.Fatalf("%d pages (SheetPages says %d), want %d", ctx.PageCount, booklet.SheetPages(e.Encounter), want)
					}
					front := squash(pageText(t, path, 1))
					facts := []string{
						"Encounter " + strconv.Itoa(e.Number) + ": " + e.Encounter.Title,
						s.Set.System.Name, "seed " + e.Encounter.Seed,
					}
					for _, f := range facts {
						if !strings.Contains(front, f) {
							t.Errorf("page 1 lacks the fact %q", f)
						}
					}
					if e.Encounter.Stream != "" && strings.Contains(front, e.Encounter.Stream) {
						t.Errorf("page 1 prints the engine's stream name %q, which no command takes", e.Encounter.Stream)
					}
					for _, l := range board.Legend(doc.Maps(e.Encounter.Blocks)...) {
						if !strings.Contains(front, l.Label) {
							t.Errorf("page 1 lacks the legend's %q", l.Label)
						}
					}
					var forces []*doc.Table
					if p.Band != nil {
						forces = append(forces, p.Band.Table())
					}
					for _, b := range outsideSealed(e.Encounter.Blocks) {
						if tb, ok := b.(*doc.Table); ok && len(tb.Head) > 1 && (tb.Head[1] == "Figure" || tb.Head[0] == "Unit") {
							forces = append(forces, tb)
						}
					}
					// A force of units (Sword & Spear Fantasy) prints every
					// unit's stats on page 1, not only its name: the
					// sheet is played from alone.
					for _, tb := range forces {
						if tb.Head[0] != "Unit" {
							continue
						}
						for _, row := range tb.Rows {
							for c := 0; c < len(row) && c < len(tb.Head); c++ {
								if tb.Head[c] != "Rolled" && !strings.Contains(front, squash(row[c])) {
									t.Errorf("page 1 lacks %s %q of unit %q", tb.Head[c], row[c], row[0])
								}
							}
						}
					}
					if len(forces) == 0 {
						t.Fatal("no forces to look for")
					}
					for _, tb := range forces {
						for _, row := range tb.Rows {
							if len(row) > 1 && tb.Head[0] != "Unit" && !strings.Contains(front, squash(row[1])) {
								t.Errorf("page 1 lacks the figure %q of a force", row[1])
							}
						}
					}
					// A terrain table prints as one line, "n: Terrain", each section in it.
					for _, b := range outsideSealed(e.Encounter.Blocks) {
						tb, ok := b.(*doc.Table)
						if !ok || len(tb.Head) < 2 || tb.Head[0] != "Section" || !slices.Contains(tb.Head, "Terrain") {
							continue
						}
						ti := slices.Index(tb.Head, "Terrain")
						for _, row := range tb.Rows {
							if line := row[0] + ": " + row[ti]; !strings.Contains(front, line) {
								t.Errorf("page 1 lacks section %s's terrain, %q", row[0], line)
							}
						}
					}
					// The cards to cut out print in a line of their own,
					// after the rosters: not as the last side's lines.
					for _, b := range e.Encounter.Blocks {
						c, ok := b.(*doc.Cards)
						if !ok {
							continue
						}
						head := strings.Index(front, "Cards to cut out, printed in the booklet:")
						_, whose, _ := strings.Cut(c.Title, ": ")
						if at := strings.Index(front, whose+", "+strconv.Itoa(len(c.Items))+" "); head < 0 || at < head {
							t.Errorf("page 1 prints %q at %d, not in the line \"Cards to cut out\" (at %d)", c.Title, at, head)
						}
					}
					if want == 1 {
						return
					}
					back := squash(pageText(t, path, 2))
					for i, it := range sealed.Items {
						if !strings.Contains(back, it.Title) {
							t.Errorf("page 2 lacks sealed item %d, %q", i+1, it.Title)
						}
						if !strings.Contains(front, itemLine(i+1, it)) {
							t.Errorf("page 1 does not list sealed item %d as %q", i+1, itemLine(i+1, it))
						}
						for _, secret := range sealedText(it.Blocks) {
							if !strings.Contains(back, squash(secret)) {
								t.Errorf("page 2 lacks %q of sealed item %d", secret, i+1)
							}
							if strings.Contains(front, squash(secret)) {
								t.Errorf("page 1 prints %q of sealed item %d", secret, i+1)
							}
						}
					}
				})
			}
		}
	}
}

// TestSheetOverflow checks that an encounter too long for page 1 even
// at the smallest type is an error naming the encounter, not a sheet
// cut short or run onto a second page: a roster of 200 figures fits no
// page, whatever the system.
func TestSheetOverflow(t *testing.T) {
	packs := sheetPacks(t)
	p := packs["2d6-sword-and-sorcery"]
	e := *p.Entries[0].Encounter
	long := &doc.Table{Head: []string{"#", "Figure", "Rep"}}
	for i := range 200 {
		long.Rows = append(long.Rows, []string{strconv.Itoa(i + 1), "Figure " + strconv.Itoa(i+1), "4"})
	}
	e.Blocks = append(slices.Clone(e.Blocks), &doc.Section{Title: "A long roster", Blocks: []doc.Block{long}})
	s := sheetOf(t, "2d6-sword-and-sorcery", p, p.Entries[0])
	s.Encounter = &e
	err := booklet.WriteSheet(&bytes.Buffer{}, s, booklet.Options{Paper: "a4", Created: created})
	want := "Test pack, Encounter 1: " + e.Title + ": page 1 is too long for one side of paper even at 7 pt"
	if err == nil || !strings.Contains(err.Error(), want) || !errors.Is(err, booklet.ErrSheetFull) {
		t.Errorf("a 200-figure roster: error %v, want it to say %q", err, want)
	}
}

// pageText is the text of one page in reading order, column by column
// (pdftotext without -layout), so that a line wrapped in a column joins
// up again.
func pageText(t *testing.T, path string, page int) string {
	t.Helper()
	n := strconv.Itoa(page)
	out, err := exec.Command(tool(t, "pdftotext"), "-enc", "UTF-8", "-f", n, "-l", n, path, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	return string(out)
}

// itemLine is how page 1 lists a sealed item.
func itemLine(n int, it doc.SealedItem) string {
	s := strconv.Itoa(n) + ": " + it.Title
	if it.Tag != "" {
		s += " (" + it.Tag + ")"
	}
	return s
}

// outsideSealed returns every block of bs outside sealed items.
func outsideSealed(bs []doc.Block) []doc.Block {
	var out []doc.Block
	for _, b := range bs {
		out = append(out, b)
		if s, ok := b.(*doc.Section); ok {
			out = append(out, outsideSealed(s.Blocks)...)
		}
	}
	return out
}

// sealedText returns what only a sealed item says: its results in bold
// (the roll's result) and its paragraphs.
func sealedText(bs []doc.Block) []string {
	var out []string
	doc.Walk(bs, func(b doc.Block) {
		switch b := b.(type) {
		case *doc.Roll:
			if b.Result != "" {
				out = append(out, b.Result)
			}
		case *doc.Para:
			if b.Lead != "" && len(b.Lead) > 12 {
				out = append(out, b.Lead)
			}
		}
	})
	return out
}

// TestSheetSameBytes renders one sheet twice and compares them.
func TestSheetSameBytes(t *testing.T) {
	for id, p := range sheetPacks(t) {
		s := sheetOf(t, id, p, p.Entries[0])
		if a, b := writeSheet(t, s, "a4"), writeSheet(t, s, "a4"); !bytes.Equal(a, b) {
			t.Errorf("%s: two renders of one sheet differ", id)
		}
	}
}

// TestPlayCell: a play sheet prints a rolled cell's result without its
// dice and row, whichever way the system words it; a Sword & Spear count
// ("1d6 = 5 (row 4-6): 2 units") printed "Knights 1, 2 Cavalry: : 2
// units" under its army's table, the colon kept and the count's dice
// gone.
func TestPlayCell(t *testing.T) {
	for cell, want := range map[string]string{
		"1d6 = 5 (row 4-6): 2 units":              "2 units",
		"2d6 = 3 + 5 = 8 → Woods (row 8)":         "Woods",
		"1d6 = 3 (row 1-3)":                       "",
		"1d6 = 5 (row 4-5) (mounted: moves 12\")": "(mounted: moves 12\")",
	} {
		got, ok := booklet.PlayCell(cell)
		if !ok || got != want {
			t.Errorf("%q: %q, %v; want %q", cell, got, ok, want)
		}
	}
}

// TestSheetLaidOut lays out, without a PDF, the play sheets of the
// first, a middle and the last encounter of every system's pack on both
// papers, and compares the setting each page takes and where what it
// places ends with testdata/frames/sheet-settings.txt (go test -run
// SheetLaidOut -update rewrites it): a change to how a sheet is fitted
// shows there line by line. Laying out paints nothing, no page ends
// past the text block's bottom, and page 1's run, painted, records the
// title (booklet.SheetLaidOut); laying a sheet out twice says the same.
func TestSheetLaidOut(t *testing.T) {
	packs := sheetPacks(t)
	ids := slices.Sorted(maps.Keys(packs))
	var got strings.Builder
	for _, id := range ids {
		p := packs[id]
		for _, i := range slices.Compact([]int{0, len(p.Entries) / 2, len(p.Entries) - 1}) {
			s := sheetOf(t, id, p, p.Entries[i])
			for _, paper := range []string{"a4", "letter"} {
				opt := booklet.Options{Paper: paper, Created: created, Version: "0.1.0"}
				laid, err := booklet.SheetLaidOut(s, opt)
				if err != nil {
					t.Fatalf("%s entry %d on %s: %v", id, i+1, paper, err)
				}
				if again, _ := booklet.SheetLaidOut(s, opt); again != laid {
					t.Errorf("%s entry %d on %s: laid out twice, %q then %q", id, i+1, paper, laid, again)
				}
				fmt.Fprintf(&got, "%s, encounter %d (%s), %s: %s\n", id, i+1, s.Encounter.Title, paper, laid)
			}
		}
	}
	path := filepath.Join("testdata", "frames", "sheet-settings.txt")
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		if err := os.WriteFile(path, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -run SheetLaidOut -update writes it)", err)
	}
	if got.String() != string(want) {
		t.Errorf("%s differs from the layout:\n%s", path, got.String())
	}
}
