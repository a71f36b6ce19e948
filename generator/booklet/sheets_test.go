package booklet_test

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/generator/booklet"
)

// playDoc is a one-entry pack of a made-up system with ten unit cards
// (63 × 84 mm, nine to a sheet) and twelve square action cards with
// edges and backs (63 × 63 mm, twelve to a sheet).
func playDoc() booklet.Doc {
	units := &doc.Cards{Title: "Unit cards: the Red Host", Intro: "One card for each unit.", W: 63, H: 84}
	for i := range 10 {
		units.Items = append(units.Items, doc.Card{
			Title: fmt.Sprintf("Spearmen %d", i+1), Tag: "Heavy foot",
			Fields: []doc.Field{{Label: "Discipline", Value: "4 (3 with a commander in contact)"}, {Label: "Weapons", Value: "Spears; Bow 4 DU"}},
			Track:  &doc.Track{Label: "Hits", Boxes: 4 + i%3, Note: "Routed at the last box"},
			Lines:  []string{"Level 1 spell: 1 / 2 / 3 MP up to 4 / 8 / 12 DU"},
			Back:   &doc.Card{Title: fmt.Sprintf("Spearmen %d", i+1), Tag: "The Red Host"},
		})
	}
	actions := &doc.Cards{Title: "Action cards: the Watch", W: 63, H: 63}
	for i := range 12 {
		front := [4]string{"Move 9\"", "Fire / Load", "Fight hand-to-hand", "Move & fire 6\""}
		back := [4]string{"Move 9\"", "Move 6\": empty", "Fight hand-to-hand", "Load"}
		actions.Items = append(actions.Items, doc.Card{
			Title: fmt.Sprintf("Watchman %d", i+1), Tag: "d10", Edges: front,
			Fields: []doc.Field{{Label: "Weapon", Value: "Crossbow 12\", 1 shot, load after each"}},
			Back:   &doc.Card{Title: fmt.Sprintf("Back %d", i+1), Tag: "Unloaded", Edges: back},
		})
	}
	enc := &engine.Encounter{System: "made-up", Type: "battle", Title: "Battle", Seed: "s", Blocks: []doc.Block{
		&doc.Para{Text: "Two hosts meet."},
		&doc.Section{Title: "Cards", Blocks: []doc.Block{units, actions}},
	}}
	set := &rules.Set{System: &rules.System{ID: "made-up", Name: "Made-Up Battles"}, Tables: map[string]*rules.Table{}}
	return booklet.Doc{Title: "Play Cards", Set: set, Seed: "s", Pack: &pack.Pack{System: "made-up", Seed: "s", Entries: []*pack.Entry{{Number: 1, Type: "battle", Encounter: enc}}}}
}

// TestPlayCardSheets checks the layout: every card the size its block
// gives, nine unit cards or twelve action cards to a sheet on a
// right-hand page, the backs on the page behind, and the encounter
// pointing to the pages.
func TestPlayCardSheets(t *testing.T) {
	d := playDoc()
	for _, paper := range []string{"a4", "letter"} {
		opt := booklet.Options{Paper: paper, Created: created}
		boxes, err := booklet.PlayBoxes(d, opt)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range boxes {
			if b.Page%2 == 0 {
				t.Errorf("%s: a sheet of cards on page %d, a left-hand page: its back would not be behind it", paper, b.Page)
			}
			if !(b.W == 63 && (b.H == 84 || b.H == 63)) {
				t.Errorf("%s: a card of %g × %g mm", paper, b.W, b.H)
			}
		}
		if len(boxes) != 22 {
			t.Fatalf("%s: %d cards printed, want 22", paper, len(boxes))
		}
		if _, counts := sheetCounts(boxes); fmt.Sprint(counts) != "[9 1 12]" {
			t.Errorf("%s: cards per sheet %v, want [9 1 12]", paper, counts)
		}
		pages, texts, _, err := booklet.Rendered(d, opt)
		if err != nil {
			t.Fatal(err)
		}
		spread := squash(texts[pages["entry/1"]] + " " + texts[pages["end/1"]])
		for _, w := range []string{
			fmt.Sprintf("Unit cards: the Red Host: 10 cards of 63 × 84 mm, to cut out from pages %d–%d.", pages["aids/1/0"], pages["aids-end/1/0"]),
			fmt.Sprintf("Action cards: the Watch: 12 cards of 63 × 63 mm, to cut out from pages %d–%d.", pages["aids/1/1"], pages["aids/1/1"]+1),
			"One card for each unit.",
		} {
			if !strings.Contains(spread, w) {
				t.Errorf("%s: the spread lacks %q:\n%s", paper, w, spread)
			}
		}
		back := squash(texts[pages["aids/1/1"]+1])
		for _, w := range []string{"Back 12", "Unloaded", "LOAD", "MOVE 6\": EMPTY"} {
			if !strings.Contains(back, w) {
				t.Errorf("%s: the backs lack %q:\n%s", paper, w, back)
			}
		}
	}
}

// TestPlayCardsTrueSize measures printed cards as a player would: the
// page size from pdfinfo, and the distance between crop marks on the page
// rendered at 254 dpi (ten pixels to the millimetre). It also finds each
// action card's back behind its front, from where pdftotext puts the
// words.
func TestPlayCardsTrueSize(t *testing.T) {
	d := playDoc()
	for _, c := range []struct {
		paper  string
		pw, ph float64 // mm
	}{{"a4", 210, 297}, {"letter", 215.9, 279.4}} {
		opt := booklet.Options{Paper: c.paper, Created: created}
		path := save(t, "play-cards-"+c.paper+".pdf", write(t, d, opt))
		info, err := exec.Command(tool(t, "pdfinfo"), path).CombinedOutput()
		if err != nil {
			t.Fatalf("pdfinfo: %v\n%s", err, info)
		}
		m := regexp.MustCompile(`Page size:\s+([0-9.]+) x ([0-9.]+) pts`).FindStringSubmatch(string(info))
		if m == nil {
			t.Fatalf("%s: no page size from pdfinfo:\n%s", c.paper, info)
		}
		w, _ := strconv.ParseFloat(m[1], 64)
		h, _ := strconv.ParseFloat(m[2], 64)
		if math.Abs(w*25.4/72-c.pw) > 0.1 || math.Abs(h*25.4/72-c.ph) > 0.1 {
			t.Errorf("%s: pdfinfo page size %.2f x %.2f pt, want %g x %g mm", c.paper, w, h, c.pw, c.ph)
		}
		pages, err := booklet.Pages(d, opt)
		if err != nil {
			t.Fatal(err)
		}
		boxes, err := booklet.PlayBoxes(d, opt)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []struct {
			page       int
			w, h       float64
			cols, rows int
		}{{pages["aids/1/0"], 63, 84, 3, 3}, {pages["aids/1/1"], 63, 63, 3, 4}} {
			// Where to look: just under the grid and just left of it.
			left, bottom := 1000.0, 0.0
			for _, b := range boxes {
				if b.Page == s.page {
					left, bottom = min(left, b.X), max(bottom, b.Y+b.H)
				}
			}
			img := raster(t, path, s.page)
			cols := runs(img, false, int(math.Round((bottom+2.3)*10)))
			rows := runs(img, true, int(math.Round((left-2.3)*10)))
			check := func(what string, got []float64, want float64, n int) {
				if len(got) != n {
					t.Errorf("%s page %d: %d %s crop marks %v, want %d", c.paper, s.page, len(got), what, got, n)
					return
				}
				for i := 1; i < len(got); i++ {
					if mm := (got[i] - got[i-1]) / 10; math.Abs(mm-want) > 0.25 {
						t.Errorf("%s page %d: %s crop marks %.2f mm apart, want %g mm", c.paper, s.page, what, mm, want)
					}
				}
			}
			check("column", cols, s.w, s.cols+1)
			check("row", rows, s.h, s.rows+1)
		}
		// Each back is behind its front. Printed double-sided and flipped
		// on the long edge, the point x of the front is behind the point
		// pw - x of the back, so a card's title, drawn the same distance k
		// from its card's left edge on both faces, starts at x on the
		// front and at pw - x - W + 2k on the back: x_front + x_back is
		// the same for every card.
		front, back := words(t, path, pages["aids/1/1"]), words(t, path, pages["aids/1/1"]+1)
		const k = 8.5 // the edge band and the padding, mm
		want := (c.pw - 63 + 2*k) * 72 / 25.4
		for i := 1; i <= 12; i++ {
			f, okF := front["Watchman "+strconv.Itoa(i)]
			b, okB := back["Back "+strconv.Itoa(i)]
			if !okF || !okB {
				t.Errorf("%s: card %d: front found %v, back found %v", c.paper, i, okF, okB)
				continue
			}
			if got := f[0] + b[0]; math.Abs(got-want) > 0.6 {
				t.Errorf("%s: card %d: front title at %.1f pt, back title at %.1f pt: not behind each other (sum %.1f, want %.1f)", c.paper, i, f[0], b[0], got, want)
			}
			if math.Abs(f[1]-b[1]) > 0.6 {
				t.Errorf("%s: card %d's back is %.1f pt down, its front %.1f pt", c.paper, i, b[1], f[1])
			}
		}
	}
}

// raster renders one page of a PDF at 254 dpi in grey.
func raster(t *testing.T, path string, page int) image.Image {
	t.Helper()
	out := filepath.Join(t.TempDir(), "page")
	p := strconv.Itoa(page)
	if b, err := exec.Command(tool(t, "pdftoppm"), "-png", "-gray", "-r", "254", "-f", p, "-l", p, "-singlefile", path, out).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, b)
	}
	f, err := os.ReadFile(out + ".png")
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(f))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// runs returns the centres, in pixels, of the runs of dark pixels along
// row at (or, when vertical, along column at).
func runs(img image.Image, vertical bool, at int) []float64 {
	b := img.Bounds()
	n := b.Dx()
	if vertical {
		n = b.Dy()
	}
	dark := func(i int) bool {
		x, y := i, at
		if vertical {
			x, y = at, i
		}
		g, _, _, _ := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
		return g < 0x8000
	}
	var out []float64
	start := -1
	for i := 0; i <= n; i++ {
		if i < n && dark(i) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, float64(start+i-1)/2)
			start = -1
		}
	}
	return out
}

// words returns where pdftotext puts each two-word title on a page, as
// the first word's left edge and top in points: "Watchman 3" → (x, y).
func words(t *testing.T, path string, page int) map[string][2]float64 {
	t.Helper()
	p := strconv.Itoa(page)
	out, err := exec.Command(tool(t, "pdftotext"), "-bbox", "-f", p, "-l", p, path, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	re := regexp.MustCompile(`<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="[0-9.]+" yMax="[0-9.]+">([^<]*)</word>`)
	ms := re.FindAllStringSubmatch(string(out), -1)
	got := map[string][2]float64{}
	for i := 0; i+1 < len(ms); i++ {
		x, _ := strconv.ParseFloat(ms[i][1], 64)
		y, _ := strconv.ParseFloat(ms[i][2], 64)
		got[ms[i][3]+" "+ms[i+1][3]] = [2]float64{x, y}
	}
	return got
}

// TestPlayCardsWrap checks that a play card's long title, tag, label and
// foot wrap onto lines of their own rather than being cut with "…": every
// word is drawn, no text on the sheets is cut, and every card fits its box.
func TestPlayCardsWrap(t *testing.T) {
	d := playDoc()
	enc := d.Pack.Entries[0].Encounter
	long := &doc.Cards{Title: "Unit cards: the Host of the Long-Named Marches and their Many Allies", W: 63, H: 88}
	for i := range 3 {
		long.Items = append(long.Items, doc.Card{
			Title: fmt.Sprintf("Heavy Spearmen of the Northern Marches, company %d", i+1), Tag: "Veteran heavy foot with long spears",
			Fields: []doc.Field{{Label: "Discipline when shaken", Value: "4"}, {Label: "Weapons", Value: "Spears"}},
		})
	}
	enc.Blocks = append(enc.Blocks, long)
	for _, paper := range []string{"a4", "letter"} {
		opt := booklet.Options{Paper: paper, Created: created}
		boxes, err := booklet.PlayBoxes(d, opt)
		if err != nil {
			t.Fatal(err)
		}
		texts, err := booklet.PageTexts(d, opt)
		if err != nil {
			t.Fatal(err)
		}
		sheets := map[int]bool{}
		for _, b := range boxes {
			sheets[b.Page], sheets[b.Page+1] = true, true
		}
		all := ""
		for p := range sheets {
			if strings.Contains(texts[p], "…") {
				t.Errorf("%s: page %d cuts text short:\n%s", paper, p, texts[p])
			}
			all += texts[p]
		}
		all = squash(all)
		for _, w := range []string{"Heavy Spearmen of the Northern Marches, company 3", "Veteran heavy foot with long spears", "Discipline when shaken 4", "Entry 1 · Unit cards: the Host of the Long-Named Marches and their Many Allies"} {
			if !strings.Contains(all, w) {
				t.Errorf("%s: the sheets lack %q", paper, w)
			}
		}
	}
}

// TestPlayCardsShareSheets: three entries of four unit cards each (nine
// to a sheet) print on two sheets, nine and three, not three sheets of
// four; a shared sheet's running head names its entries and each card's
// foot its own (a sheet of one entry's, which of that entry's sheets it
// is), and each entry's cards are where its spread says.
func TestPlayCardsShareSheets(t *testing.T) {
	var entries []*pack.Entry
	for e := 1; e <= 3; e++ {
		units := &doc.Cards{Title: "Unit cards", W: 63, H: 84}
		for i := range 4 {
			units.Items = append(units.Items, doc.Card{
				Title: fmt.Sprintf("Host %d unit %d", e, i+1), Tag: "Heavy foot",
				Back: &doc.Card{Title: fmt.Sprintf("Host %d unit %d", e, i+1), Tag: "Back"},
			})
		}
		enc := &engine.Encounter{System: "made-up", Type: "battle", Title: "Battle", Seed: "s", Blocks: []doc.Block{
			&doc.Para{Text: "Two hosts meet."}, units,
		}}
		entries = append(entries, &pack.Entry{Number: e, Type: "battle", Encounter: enc})
	}
	set := &rules.Set{System: &rules.System{ID: "made-up", Name: "Made-Up Battles"}, Tables: map[string]*rules.Table{}}
	d := booklet.Doc{Title: "Shared Sheets", Set: set, Seed: "s", Pack: &pack.Pack{System: "made-up", Seed: "s", Entries: entries}}
	for _, paper := range []string{"a4", "letter"} {
		opt := booklet.Options{Paper: paper, Created: created}
		boxes, err := booklet.PlayBoxes(d, opt)
		if err != nil {
			t.Fatal(err)
		}
		order, counts := sheetCounts(boxes)
		if fmt.Sprint(counts) != "[9 3]" {
			t.Fatalf("%s: cards per sheet %v, want [9 3]", paper, counts)
		}
		pages, texts, _, err := booklet.Rendered(d, opt)
		if err != nil {
			t.Fatal(err)
		}
		first := squash(texts[order[0]])
		for _, w := range []string{"Entry 1 · Unit cards Heavy foot Host 1 unit 1", "Entry 3 · Unit cards Heavy foot Host 3 unit 1"} {
			if !strings.Contains(first, w) {
				t.Errorf("%s: the first sheet lacks %q:\n%s", paper, w, first)
			}
		}
		// The running heads, as pdftotext reads them.
		path := save(t, "shared-sheets-"+paper+".pdf", write(t, d, opt))
		for i, want := range []string{"Entries 1–3: cards", "Entries 1–3: backs", "Entry 3: cards 2 of 2", "Entry 3: backs 2 of 2"} {
			p := order[i/2] + i%2
			if got := squash(rawText(t, path, p, p)); !strings.Contains(got, want) {
				t.Errorf("%s: page %d's head does not say %q:\n%s", paper, p, want, got)
			}
		}
		for e, want := range map[int][2]int{1: {order[0], order[0] + 1}, 3: {order[0], order[1] + 1}} {
			if a, z := pages[fmt.Sprintf("aids/%d/0", e)], pages[fmt.Sprintf("aids-end/%d/0", e)]; a != want[0] || z != want[1] {
				t.Errorf("%s: entry %d's cards on pages %d–%d, want %d–%d", paper, e, a, z, want[0], want[1])
			}
		}
	}
}

// sheetCounts lists the pages play cards were printed on, in order, and
// how many cards each holds.
func sheetCounts(boxes []booklet.PlayBox) (pages, counts []int) {
	for _, b := range boxes {
		if k := len(pages); k > 0 && pages[k-1] == b.Page {
			counts[k-1]++
			continue
		}
		pages, counts = append(pages, b.Page), append(counts, 1)
	}
	return pages, counts
}
