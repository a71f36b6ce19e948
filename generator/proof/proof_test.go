package proof_test

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-fonts/liberation/liberationsansregular"
	"github.com/sortie-wargames/sortie/generator/booklet/fpdf"

	"github.com/sortie-wargames/sortie/generator/proof"
)

// needPdftotext skips the test without pdftotext, unless
// SORTIE_REQUIRE_TOOLS=1 (as in CI).
func needPdftotext(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		if os.Getenv("SORTIE_REQUIRE_TOOLS") == "1" {
			t.Fatal("pdftotext not found and SORTIE_REQUIRE_TOOLS=1: install poppler-utils")
		}
		t.Skip("pdftotext not found: install poppler-utils to run this test (SORTIE_REQUIRE_TOOLS=1 makes this an error)")
	}
}

// page draws one page of a test PDF.
type page func(f *fpdf.Fpdf)

// write makes a PDF of pages in Liberation Sans, as the booklets print, on
// paper w × h mm, and returns its path.
func write(t *testing.T, name string, w, h float64, pages ...page) string {
	t.Helper()
	f := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: w, Ht: h}, OrientationStr: "P"})
	f.SetCompression(false)
	f.SetAutoPageBreak(false, 0)
	f.AddUTF8FontFromBytes("sans", "", liberationsansregular.TTF)
	for _, p := range pages {
		f.AddPage()
		f.SetFont("sans", "", 9.5)
		p(f)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := f.OutputFileAndClose(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// text prints s at (x, y) mm, the top of a line size pt high at the
// booklets' leading (1.28).
func text(f *fpdf.Fpdf, x, y, size float64, s string) {
	f.SetFontSize(size)
	f.SetXY(x, y)
	f.CellFormat(0, size*25.4/72*1.28, s, "", 0, "L", false, 0, "")
}

// headFoot prints a running head and a footer as the booklets do.
func headFoot(f *fpdf.Fpdf) {
	_, h := f.GetPageSize()
	text(f, 15, 12.5, 7.5, "A Booklet · Entry 3")
	text(f, 15, h-16.5, 7.5, "2d6 Sword & Sorcery · Seed: x · Sortie 1.0   Page 2")
}

// body prints lines of text size pt from y mm down, at the booklets'
// leading, and returns where the next line goes.
func body(f *fpdf.Fpdf, y, size float64, lines ...string) float64 {
	for _, l := range lines {
		text(f, 15, y, size, l)
		y += size * 25.4 / 72 * 1.28
	}
	return y
}

// clean is a page a player would be happy with: a heading, tightly leaded
// body text and table rows, a head and a footer.
func clean(f *fpdf.Fpdf) {
	headFoot(f)
	y := body(f, 21, 14, "Entry 3: Raid on the Tower")
	y = body(f, y, 9.5,
		"Thirty paces of marsh lie between your band and the tower; the reeds",
		"hide a second path that the enemy does not watch, and the water is low.",
		"Deploy within 6\" of your edge; the enemy sets up around the tower.")
	y = body(f, y+2, 8,
		"Roll  Result          Roll  Result",
		"2     Ambush          8     Nothing",
		"3     Two guards      9     A patrol")
	body(f, y, 9.5, "After the battle, roll for recovery.")
}

func check(t *testing.T, path string) proof.Report {
	t.Helper()
	r, err := proof.Check(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// kinds returns the report's defects as "kind page[half]: words" lines.
func kinds(r proof.Report) []string {
	var out []string
	for _, d := range r.Defects {
		var ws []string
		for _, w := range d.Words {
			ws = append(ws, w.Text)
		}
		out = append(out, fmt.Sprintf("%s p%d%s: %s", d.Kind, d.Page, d.Half, strings.Join(ws, " ")))
	}
	return out
}

// TestCleanPage: tightly leaded body text, table rows, a heading over
// body text, a head and a footer have no defect.
func TestCleanPage(t *testing.T) {
	needPdftotext(t)
	r := check(t, write(t, "clean.pdf", 210, 297, clean))
	if r.Pages != 1 || len(r.Defects) != 0 {
		t.Errorf("a clean page: %d pages, defects %q", r.Pages, kinds(r))
	}
	for _, k := range proof.Kinds {
		if n, ok := r.Counts()[k]; !ok || n != 0 {
			t.Errorf("Counts()[%s] = %d, %v; want 0, true", k, n, ok)
		}
	}
}

// TestCheckText: CheckText gives each page's words in reading order,
// one string a page (an empty one for a blank page), and the same report
// as Check.
func TestCheckText(t *testing.T) {
	needPdftotext(t)
	path := write(t, "text.pdf", 210, 297,
		func(f *fpdf.Fpdf) { body(f, 30, 9.5, "Card 3 read this first", "then Card 12") },
		func(f *fpdf.Fpdf) {},
		func(f *fpdf.Fpdf) { text(f, 20, 40, 9.5, "last page") })
	r, pages, err := proof.CheckText(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Card 3 read this first then Card 12", "", "last page"}
	if !slices.Equal(pages, want) {
		t.Errorf("CheckText's pages = %q, want %q", pages, want)
	}
	if c := check(t, path); r.Pages != 3 || c.Pages != r.Pages || !slices.Equal(kinds(c), kinds(r)) {
		t.Errorf("CheckText's report (%d pages, %q) is not Check's (%d pages, %q)", r.Pages, kinds(r), c.Pages, kinds(c))
	}
}

// TestDefects: each kind is found on the page that has it, and only
// there.
func TestDefects(t *testing.T) {
	needPdftotext(t)
	path := write(t, "defects.pdf", 210, 297,
		clean,
		func(f *fpdf.Fpdf) { // 2: a legend printed over a caption
			clean(f)
			body(f, 120, 9.5, "The board is 24\" square.")
			body(f, 121.5, 9.5, "Rocks Ruins")
		},
		func(f *fpdf.Fpdf) { // 3: a heading run off the right edge, a line near the foot
			headFoot(f)
			body(f, 21, 14, "Quick Reference Sheets: Sword & Spear Fantasy")
			text(f, 194, 21+lh(14), 14, "Spear Fantasy")
			text(f, 15, 290, 7.5, "Below the trim")
		},
		func(f *fpdf.Fpdf) { // 4: an instruction cut short
			headFoot(f)
			body(f, 21, 9.5, "PEFs, in the order you resolve them (befor…")
		},
		func(f *fpdf.Fpdf) { // 5: a head and a footer, nothing else
			headFoot(f)
		},
		func(f *fpdf.Fpdf) { // 6: a Notes page
			headFoot(f)
			body(f, 21, 14, "Notes")
		},
		func(f *fpdf.Fpdf) {}, // 7: blank
	)
	r := check(t, path)
	got := kinds(r)
	want := []string{
		"overlap p2: The Rocks",
		"overlap p2: board Rocks",
		"overlap p2: board Ruins",
		"overlap p2: is Ruins",
		"offpage p3: Spear F", // one line; poppler drops the letters wholly past the paper's edge
		"offpage p3: Below the trim",
		"ellipsis p4: (befor…",
		"empty p5: ",
		"empty p7: ",
	}
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("no %q in %q", w, got)
		}
	}
	for _, g := range got {
		if !slices.Contains(want, g) {
			t.Errorf("unexpected %q", g)
		}
	}
	notes := map[string]string{}
	for _, d := range r.Defects {
		if d.Kind == proof.Offpage {
			notes[d.Words[0].Text] = d.Note
		}
	}
	if want := map[string]string{"Spear": "past the right edge", "Below": "within 5 mm of the bottom edge"}; !maps.Equal(notes, want) {
		t.Errorf("offpage notes %q, want %q", notes, want)
	}
	c := r.Counts()
	if c[proof.Overlap] != 4 || c[proof.Offpage] != 2 || c[proof.Ellipsis] != 1 || c[proof.Empty] != 2 {
		t.Errorf("Counts() = %v", c)
	}
	for _, d := range r.Defects {
		if d.File != path || d.Note == "" || (d.Kind != proof.Empty && len(d.Words) == 0) {
			t.Errorf("defect %+v: want the file's name, a note and its words", d)
		}
		if !strings.HasPrefix(d.String(), d.Kind+" "+path+" p") {
			t.Errorf("defect prints as %q", d.String())
		}
	}
}

func lh(size float64) float64 { return size * 25.4 / 72 * 1.28 }

// TestFolded: a sheet side of a folded booklet is two pages; a word
// across the fold or near it is off its page, and each half may be empty.
func TestFolded(t *testing.T) {
	needPdftotext(t)
	half := func(f *fpdf.Fpdf, x0 float64) {
		text(f, x0+15, 12.5, 7.5, "A Booklet · Entry 3")
		text(f, x0+15, 21, 9.5, "The raid begins at dusk.")
		text(f, x0+15, 210-16.5, 7.5, "Sortie 1.0   Page 2")
	}
	path := write(t, "pack-a4-folded.pdf", 297, 210,
		func(f *fpdf.Fpdf) { half(f, 0); half(f, 148.5) },
		func(f *fpdf.Fpdf) {
			half(f, 0)
			text(f, 140, 60, 9.5, "Across the fold")
			text(f, 150, 80, 9.5, "Beside")
		},
	)
	r := check(t, path)
	if !r.Folded || r.Pages != 2 {
		t.Errorf("Folded %v, Pages %d; want true, 2", r.Folded, r.Pages)
	}
	got := kinds(r)
	want := []string{"offpage p2: Across", "offpage p2right: the", "offpage p2right: Beside", "empty p2right: "}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	var notes []string
	for _, d := range r.Defects {
		notes = append(notes, d.Note)
	}
	if want := []string{"across the fold", "within 5 mm of the fold", "within 5 mm of the fold", "nothing but a running head and a footer"}; !slices.Equal(notes, want) {
		t.Errorf("notes %q, want %q", notes, want)
	}
	// The same sheet, not named as folded, is one page: nothing there.
	flat := filepath.Join(filepath.Dir(path), "pack-a4.pdf")
	if err := os.Rename(path, flat); err != nil {
		t.Fatal(err)
	}
	if r := check(t, flat); len(r.Defects) != 0 {
		t.Errorf("read flat: %q", kinds(r))
	}
}

// TestNoTool: without pdftotext, Check says so with ErrNoTool.
func TestNoTool(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := proof.Check(context.Background(), "any.pdf")
	if !errors.Is(err, proof.ErrNoTool) {
		t.Errorf("Check without pdftotext: %v, want ErrNoTool", err)
	}
}

// TestNotAPDF: a file pdftotext cannot read is an error naming it.
func TestNotAPDF(t *testing.T) {
	needPdftotext(t)
	path := filepath.Join(t.TempDir(), "broken.pdf")
	if err := os.WriteFile(path, []byte("not a pdf"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := proof.Check(context.Background(), path); err == nil || !strings.Contains(err.Error(), "broken.pdf") {
		t.Errorf("Check of a broken PDF: %v", err)
	}
}

// Check a booklet and print what a player would see wrong with it.
func ExampleCheck() {
	r, err := proof.Check(context.Background(), "public/packs/marsh-and-ruin/marsh-and-ruin-a4-folded.pdf")
	if errors.Is(err, proof.ErrNoTool) {
		fmt.Println("install poppler-utils")
		return
	} else if err != nil {
		fmt.Println(err)
		return
	}
	counts := r.Counts()
	for _, k := range proof.Kinds {
		fmt.Printf("%s: %d\n", k, counts[k])
	}
	for _, d := range r.Defects {
		fmt.Println(d)
	}
}

// TestFoldedNames: the names of folded booklets and their volumes read as
// folded; their flat card sheets and the flat booklets do not.
func TestFoldedNames(t *testing.T) {
	for name, want := range map[string]bool{
		"packs/a/a-a4-folded.pdf":       true,
		"packs/a/a-letter-folded-2.pdf": true,
		"packs/a/a-a4-folded-12.pdf":    true,
		"packs/a/a-a4-folded-cards.pdf": false,
		"packs/a/a-a4.pdf":              false,
		"packs/folded-fights/x-a4.pdf":  false,
		"packs/a/a-folded-tales-a4.pdf": false,
		"packs/a/a-a4-folded-.pdf":      false,
	} {
		if got := proof.Folded(name); got != want {
			t.Errorf("Folded(%q) = %v, want %v", name, got, want)
		}
	}
}
