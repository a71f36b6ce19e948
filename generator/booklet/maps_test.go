package booklet_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/board/boardtest"
	"github.com/sortie-wargames/sortie/engine/board/draw"
	"github.com/sortie-wargames/sortie/generator/booklet"
)

// TestFullBoard draws a 36" board with every kind of feature on one page:
// the legend holds exactly the kinds it shows, the page validates, and
// its text carries the labels.
func TestFullBoard(t *testing.T) {
	m := boardtest.Full()
	pdf, labels, err := booklet.MapPage([]board.Map{m}, "a4")
	if err != nil {
		t.Fatal(err)
	}
	path := save(t, "full-board.pdf", pdf)
	want := []string{"PEF markers 1, 2, 3", board.StyleOf(board.EntryArrow).Legend, "1 square = 6 inches"}
	for _, k := range []string{board.Woods, board.Hills, board.Lake, board.Rough, board.Buildings, board.River, board.Road, board.Bridge, board.Ford, board.Wall} {
		want = append(want, board.StyleOf(k).Legend)
	}
	slices.Sort(want)
	got := slices.Clone(labels)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("legend %q\nwant %q", got, want)
	}
	ctx, err := api.ReadContext(bytes.NewReader(pdf), model.NewDefaultConfiguration())
	if err != nil {
		t.Fatalf("pdfcpu cannot read the page: %v", err)
	}
	if err := api.ValidateContext(ctx); err != nil {
		t.Fatalf("pdfcpu finds the page invalid: %v", err)
	}
	text := squash(pdftotext(t, path, 0, 0))
	for _, s := range append(want, "Buildings: 3", "DV 2", `River 6"`, "Your edge", "Woods", "Hill", "Lake", "Rough ground", "Bridge", "Ford") {
		if !strings.Contains(text, s) {
			t.Errorf("the page lacks %q:\n%s", s, text)
		}
	}
	for _, s := range []string{"Enemy zone", "Enemy edge", "Your zone", "Rocks", "Ruins"} {
		if strings.Contains(text, s) {
			t.Errorf("the page shows %q, which the board does not have", s)
		}
	}
	for n := 1; n <= 9; n++ {
		if !strings.Contains(" "+text+" ", " "+string(rune('0'+n))+" ") {
			t.Errorf("no section %d", n)
		}
	}
}

// TestPrintedLabelsClear draws boards with the booklets' own measure of
// text, at the scales pages print them (an A4 page's width to a folded
// A5 page's), and checks that no label, marker, section number or
// building block covers another or leaves the board.
func TestPrintedLabelsClear(t *testing.T) {
	measure, err := booklet.Measure("a4")
	if err != nil {
		t.Fatal(err)
	}
	crowded := board.Sectioned(24, 24, 3, 3)
	for n := 1; n <= 9; n++ {
		crowded.Fill(n, []string{board.Buildings, board.WoodedHill, board.Rough}[n%3], board.Count(n%4), board.Note("DV 2"))
		crowded.PlaceInSection(n, string(rune('A'+n-1)))
	}
	crowded.Road(crowded.Through(7, 5, 3)...)
	crowded.River(2, crowded.Through(1, 5, 9)...)
	crowded.Bridge(5)
	crowded.Zones = []board.Zone{{Side: board.Enemy, Label: "The enemy sets up here", X: 0, Y: 0, W: 24, H: 4}}
	for _, m := range []board.Map{boardtest.Full(), crowded} {
		for _, w := range []float64{180, 150, 128, 100} {
			d := draw.Board(m, min(14, w/m.WidthIn), measure)
			over, out := boardtest.Defects(d, measure)
			for _, e := range append(over, out...) {
				t.Errorf("%.0f\" board %.0f mm wide: %s", m.WidthIn, w, e)
			}
		}
	}
}
