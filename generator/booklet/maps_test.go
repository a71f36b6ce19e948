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
	want := []string{"PEF marker", "1 square = 6 inches"}
	for _, k := range []string{board.Woods, board.Hills, board.Lake, board.Rough, board.Buildings, board.River, board.Road, board.Bridge, board.Ford} {
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
