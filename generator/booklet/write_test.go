package booklet_test

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/generator/booklet"
)

// papers are the sizes in points each paper must have.
var papers = []struct {
	name string
	w, h float64
}{
	{"a4", 595.28, 841.89},
	{"letter", 612, 792},
}

// TestWrite renders a pack and a campaign on each paper and checks that
// pdfcpu reads and validates them, with pages of the right size and
// enough of them.
func TestWrite(t *testing.T) {
	docs := []struct {
		name     string
		doc      booklet.Doc
		minPages int
	}{
		{"pack", packDoc(t, "marsh", engine.Options{Enemies: "creatures"}), 20}, // sharedLaid's keys
		{"campaign", campaignDoc(t, "summer"), 80},
	}
	for _, p := range papers {
		for _, d := range docs {
			t.Run(p.name+"/"+d.name, func(t *testing.T) {
				pdf, _, _ := sharedLaid(t, d.name, d.doc, booklet.Options{Paper: p.name, Created: created, Version: "0.1.0"})
				save(t, d.name+"-"+p.name+".pdf", pdf)
				conf := model.NewDefaultConfiguration()
				ctx, err := api.ReadContext(bytes.NewReader(pdf), conf)
				if err != nil {
					t.Fatalf("pdfcpu cannot read the booklet: %v", err)
				}
				if err := api.ValidateContext(ctx); err != nil {
					t.Fatalf("pdfcpu finds the booklet invalid: %v", err)
				}
				if ctx.PageCount < d.minPages {
					t.Errorf("%d pages, want at least %d", ctx.PageCount, d.minPages)
				}
				dims, err := ctx.PageDims()
				if err != nil {
					t.Fatal(err)
				}
				for i, dim := range dims {
					if math.Abs(dim.Width-p.w) > 0.5 || math.Abs(dim.Height-p.h) > 0.5 {
						t.Fatalf("page %d is %.2f x %.2f pt, want %.2f x %.2f", i+1, dim.Width, dim.Height, p.w, p.h)
					}
				}
			})
		}
	}
}

// TestText checks the text a player reads: the QRS titles from the data,
// every entry, the cards, the seed, the footer and the gamebook links.
func TestText(t *testing.T) {
	d := campaignDoc(t, "summer")
	path := save(t, "text.pdf", write(t, d, booklet.Options{Paper: "a4", Created: created, Version: "9.8.7"}))
	text := squash(pdftotext(t, path, 0, 0))
	want := []string{
		"Summer of Blades", "summer", "2d6 Sword & Sorcery · Seed: summer · Sortie 9.8.7",
		"Card 1", "Success: turn to entry", "Failure: turn to entry", "The campaign ends here.",
		"Start at entry 1", "Quick Reference Sheets", "Campaign log", "Sealed PEFs",
	}
	for _, id := range d.Set.System.QRS {
		want = append(want, d.Set.Table(id).Title)
	}
	for _, n := range d.Campaign.Nodes {
		want = append(want, fmt.Sprintf("Entry %d: %s", n.Number, n.Encounter.Title))
	}
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("the booklet does not say %q", w)
		}
	}
	for _, must := range []string{"Action", "Casting", "NPC Spell Casting", "Shooting", "Shooting Damage", "Charge", "Melee",
		"Will to Fight", "After the Battle Recovery", "PEF Resolution", "Enemy", "Recruiting", "New Recruits", "Next Encounter",
		"Army lists", "Creature lists", "Orcs", "Goblins", "Creature List 4 – 5"} {
		if !strings.Contains(text, must) {
			t.Errorf("the QRS lack %q", must)
		}
	}
	pages, err := booklet.Pages(d, booklet.Options{Paper: "a4", Created: created})
	if err != nil {
		t.Fatal(err)
	}
	byPage := textPages(t, path, false)
	nPages := len(byPage)
	for p := 1; p <= nPages; p++ {
		if page := byPage[p]; !strings.Contains(page, "Page "+strconv.Itoa(p)) || !strings.Contains(page, "Seed: summer") {
			t.Errorf("page %d lacks the footer", p)
		}
		if p > 3 {
			break // the rest is checked by the sample below
		}
	}
	for _, a := range []string{"log", "qrs", "cards", "entry/33"} {
		p := pages[a]
		if page := byPage[p]; !strings.Contains(page, "Page "+strconv.Itoa(p)) {
			t.Errorf("page %d (%s) lacks its footer", p, a)
		}
	}
}

// TestFogOfWar checks that what a PEF turns out to be is printed on its
// card and nowhere on the encounter's spread.
func TestFogOfWar(t *testing.T) {
	d := packDoc(t, "marsh", engine.Options{Enemies: "creatures"})
	opt := booklet.Options{Paper: "a4", Created: created, Version: "0.1.0"}
	pdf, pages, _ := writeLaid(t, d, opt)
	path := save(t, "fog.pdf", pdf)
	raw := textPages(t, path, true)
	cards := booklet.CardNumbers(d, opt)
	sealed := 0
	for _, e := range d.Pack.Entries {
		first, last := pages[fmt.Sprintf("entry/%d", e.Number)], pages[fmt.Sprintf("end/%d", e.Number)]
		if first == 0 || last < first+1 {
			t.Fatalf("entry %d: spread on pages %d to %d", e.Number, first, last)
		}
		var b strings.Builder
		for p := first; p <= last; p++ {
			b.WriteString(raw[p])
		}
		spread := squash(b.String())
		if !strings.Contains(spread, e.Encounter.Title) {
			t.Fatalf("entry %d's spread (pages %d-%d) does not name its encounter", e.Number, first, last)
		}
		items := sealedItems(e.Encounter)
		for i, it := range items {
			sealed++
			secrets := itemTexts(it)
			for _, s := range secrets {
				if strings.Contains(spread, s) {
					t.Errorf("entry %d's spread shows what %q says: %q", e.Number, it.Title, s)
				}
			}
			card := cards[[2]int{e.Number, i}]
			cp := pages[fmt.Sprintf("pef/%d/%d", e.Number, i)]
			if cp != pages["card/"+strconv.Itoa(card)] || cp <= last {
				t.Fatalf("entry %d, %s: card %d on page %d", e.Number, it.Title, card, cp)
			}
			cardText := squash(raw[cp])
			want := append(itemTextsOn(it, cardText), fmt.Sprintf("Card %d", card), fmt.Sprintf("Entry %d · %s (%d of %d)", e.Number, it.Title, it.Number, len(items)))
			for _, s := range want {
				if !strings.Contains(cardText, s) {
					t.Errorf("card %d (page %d) does not show %q", card, cp, s)
				}
			}
			ref := fmt.Sprintf("%s: card %d, page %d", it.Title, card, cp)
			if !strings.Contains(spread, ref) {
				t.Errorf("entry %d's spread lacks %q", e.Number, ref)
			}
		}
	}
	if sealed == 0 {
		t.Fatal("no sealed items in the pack: pick another seed")
	}
}

// rawText extracts pages in the order they were drawn, so that cards side
// by side do not interleave.
// textPages reads the whole PDF at path with pdftotext once, -raw when
// raw is set and -layout when not, and returns each page's text by page
// number (from 1), as a run of pdftotext on that page alone gives it:
// pdftotext lays each page out on its own and ends it with a form feed.
// A test that reads many pages of one PDF reads them from one run.
func textPages(t *testing.T, path string, raw bool) map[int]string {
	t.Helper()
	var all string
	if raw {
		all = rawText(t, path, 0, 0)
	} else {
		all = pdftotext(t, path, 0, 0)
	}
	return splitPages(all)
}

// splitPages splits pdftotext's text of a whole PDF into its pages, by
// page number (from 1), each with its form feed.
func splitPages(all string) map[int]string {
	pages := map[int]string{}
	for i, text := range strings.Split(all, "\f") {
		pages[i+1] = text + "\f"
	}
	delete(pages, len(pages)) // after the last form feed: nothing
	return pages
}

func rawText(t *testing.T, path string, first, last int) string {
	t.Helper()
	args := []string{"-raw", "-enc", "UTF-8"}
	if first > 0 {
		args = append(args, "-f", strconv.Itoa(first), "-l", strconv.Itoa(last))
	}
	out, err := exec.Command(tool(t, "pdftotext"), append(args, path, "-")...).CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	return string(out)
}

// TestLayout checks the book's structure: every spread starts on a
// left-hand (even) page, cards come in card-number order, the sections in
// the order of the contents, and no Notes page stands between the last
// entry and the QRS.
func TestLayout(t *testing.T) {
	for _, d := range []booklet.Doc{packDoc(t, "marsh", engine.Options{}), campaignDoc(t, "summer")} {
		for _, p := range papers {
			pages, err := booklet.Pages(d, booklet.Options{Paper: p.name, Created: created})
			if err != nil {
				t.Fatal(err)
			}
			var entries []int
			for a, n := range pages {
				if strings.HasPrefix(a, "entry/") {
					entries = append(entries, n)
					if n%2 != 0 {
						t.Errorf("%s: %s starts on page %d, a right-hand page", p.name, a, n)
					}
				}
			}
			slices.Sort(entries)
			var long []string
			for a, n := range pages {
				if num, ok := strings.CutPrefix(a, "entry/"); ok && pages["end/"+num] != n+1 {
					long = append(long, a)
				}
			}
			if len(long) > 0 {
				slices.Sort(long)
				t.Errorf("%s: %d of %d spreads run past two pages: %v", p.name, len(long), len(entries), long)
			}
			if pages["cover"] != 1 || pages["contents"] != 2 || pages["band"] >= entries[0] {
				t.Errorf("%s: front matter out of order: %v", p.name, pages)
			}
			prev := 0
			for n := 1; ; n++ {
				cp, ok := pages["card/"+strconv.Itoa(n)]
				if !ok {
					break
				}
				if cp < prev || cp <= entries[len(entries)-1] || cp%2 == 0 {
					t.Errorf("%s: card %d on page %d", p.name, n, cp)
				}
				prev = cp
			}
			// The log, one page, goes before the cards where the page
			// after the last entry is a left-hand one (the cards open on a
			// right-hand page), in the place of a Notes page; after them
			// otherwise. Either way no page between the entries and the
			// QRS is left to Notes, unless the front matter took the log
			// (frontPlan: it stands after the band, before the first
			// entry), and the cards open on the first right-hand page
			// after the entries.
			last, log, first := 0, pages["log"], pages["card/1"]
			for a, n := range pages {
				if strings.HasPrefix(a, "end/") {
					last = max(last, n)
				}
			}
			if pages["log/end"] != log {
				t.Errorf("%s: the log runs from page %d to %d", p.name, log, pages["log/end"])
			}
			inFront := log < entries[0]
			before := (last+1)%2 == 0
			switch {
			case inFront && (log <= pages["band"] || first != last+1+last%2):
				t.Errorf("%s: log on %d in the front (band on %d), entries end on %d, cards from %d", p.name, log, pages["band"], last, first)
			case !inFront && (before && !(log == last+1 && first == log+1) || !before && !(first == last+1 && prev < log)):
				t.Errorf("%s: entries end on %d, cards run from %d to %d, log on %d", p.name, last, first, prev, log)
			}
			if back := prev + 1; !inFront && pages["qrs"] != max(back, log)+1 || inFront && pages["qrs"] != back+1 {
				t.Errorf("%s: cards end on %d (backs overleaf), log on %d, QRS on %d", p.name, prev, log, pages["qrs"])
			}
		}
	}
}

// TestDeterministic renders the same booklet several times, in this
// process and in another, and with the creation time in another zone:
// the bytes must not change.
func TestDeterministic(t *testing.T) {
	d := campaignDoc(t, "summer")
	opt := booklet.Options{Paper: "letter", Created: created, Version: "0.1.0"}
	first := write(t, d, opt)
	for range 2 {
		if again := write(t, d, opt); !bytes.Equal(first, again) {
			save(t, "det-a.pdf", first)
			save(t, "det-b.pdf", again)
			t.Fatal("two renders of one booklet differ")
		}
	}
	zoned := opt
	zoned.Created = created.In(time.FixedZone("UTC+9", 9*3600))
	if !bytes.Equal(first, write(t, d, zoned)) {
		t.Fatal("the same instant in another time zone gives another booklet")
	}
	later := opt
	later.Created = created.Add(time.Hour)
	if bytes.Equal(first, write(t, d, later)) {
		t.Fatal("the creation date is not printed")
	}

	// Another process: map order and font subsetting must not leak.
	out := filepath.Join(t.TempDir(), "other.pdf")
	cmd := exec.Command(os.Args[0], "-test.run=^TestRenderInAnotherProcess$")
	cmd.Env = append(os.Environ(), "SORTIE_BOOKLET_RENDER="+out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	other, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, other) {
		save(t, "det-a.pdf", first)
		save(t, "det-b.pdf", other)
		t.Fatal("another process renders another booklet")
	}
}

// TestRenderInAnotherProcess is TestDeterministic's helper.
func TestRenderInAnotherProcess(t *testing.T) {
	out := os.Getenv("SORTIE_BOOKLET_RENDER")
	if out == "" {
		t.Skip("helper for TestDeterministic")
	}
	pdf := write(t, campaignDoc(t, "summer"), booklet.Options{Paper: "letter", Created: created, Version: "0.1.0"})
	if err := os.WriteFile(out, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestErrors(t *testing.T) {
	d := packDoc(t, "marsh", engine.Options{})
	for _, c := range []struct {
		name string
		doc  booklet.Doc
		opt  booklet.Options
		want string
	}{
		{"bad paper", d, booklet.Options{Paper: "a5"}, `failed to write booklet: paper "a5": want a4 or letter`},
		{"no paper", d, booklet.Options{}, `paper ""`},
		{"no rules", booklet.Doc{Pack: d.Pack}, booklet.Options{Paper: "a4"}, "no rule system data"},
		{"pack and campaign", booklet.Doc{Set: d.Set, Pack: d.Pack, Campaign: campaignDoc(t, "x").Campaign}, booklet.Options{Paper: "a4"}, "both a pack and a campaign"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			err := booklet.Write(&b, c.doc, c.opt)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want %q", err, c.want)
			}
			if b.Len() != 0 {
				t.Errorf("%d bytes written on error", b.Len())
			}
		})
	}
}

// TestSeeds prints seeds the fonts cannot wholly show: the characters
// they can show print as themselves, the others as <U+XXXX>.
func TestSeeds(t *testing.T) {
	sys := sorcery(t)
	seed := "Été – ×½ “night” 日本\t😀 " + strings.Repeat("long-", 40)
	d := booklet.Doc{Title: "Seeds", Set: sys.Rules(), Seed: seed, Pack: packDoc(t, seed, engine.Options{}).Pack}
	path := save(t, "seeds.pdf", write(t, d, booklet.Options{Paper: "a4", Created: created, Version: "0.1.0"}))
	cover := squash(rawText(t, path, 1, 1))
	for _, w := range []string{"Été – ×½ “night” <U+65E5><U+672C><U+0009><U+1F600> long-long-"} {
		if !strings.Contains(cover, w) {
			t.Errorf("cover lacks %q:\n%s", w, cover)
		}
	}
	if page := squash(rawText(t, path, 3, 3)); !strings.Contains(page, "(whole seed on page 1)") {
		t.Errorf("a long seed does not point to the cover in the footer:\n%s", page)
	}
}

// TestQRSContinued checks that a table too long for a column is continued
// with its title band and column headers repeated.
func TestQRSContinued(t *testing.T) {
	long := &rules.Table{
		ID: "long", Title: "Long Table", Read: rules.ReadLookup, KeyHeader: "Key",
		Columns: []rules.Column{{Name: "Outcome", Type: rules.TypeText}},
	}
	for i := range 60 {
		long.Rows = append(long.Rows, rules.Row{Key: strconv.Itoa(i + 1), Cells: []rules.Cell{{Text: strings.Repeat("A result that wraps inside its cell. ", 3)}}})
	}
	set := &rules.Set{
		System: &rules.System{ID: "test", Name: "Test System", QRS: []string{"long"}},
		Tables: map[string]*rules.Table{"long": long},
	}
	path := save(t, "qrs.pdf", write(t, booklet.Doc{Title: "QRS", Set: set, Seed: "s"}, booklet.Options{Paper: "a4", Created: created}))
	text := squash(rawText(t, path, 0, 0))
	if n := strings.Count(text, "Long Table (continued)"); n < 2 {
		t.Fatalf("the long table is continued %d times, want 2 or more:\n%s", n, text)
	}
	if n := strings.Count(text, "Key Outcome"); n != strings.Count(text, "Long Table") {
		t.Errorf("column headers printed %d times for %d title bands", n, strings.Count(text, "Long Table"))
	}
	for i := 1; i <= 60; i++ {
		if !strings.Contains(text, fmt.Sprintf(" %d A result", i)) {
			t.Errorf("row %d is missing", i)
		}
	}
}

// TestQPDF checks the booklets with qpdf --check.
func TestQPDF(t *testing.T) {
	qpdf := tool(t, "qpdf")
	for _, p := range papers {
		pdf, _, _ := sharedLaid(t, "campaign", campaignDoc(t, "summer"), booklet.Options{Paper: p.name, Created: created, Version: "0.1.0"})
		path := save(t, "qpdf-"+p.name+".pdf", pdf)
		out, err := exec.Command(qpdf, "--check", path).CombinedOutput()
		if err != nil || strings.Contains(strings.ToLower(string(out)), "warning") || strings.Contains(strings.ToLower(string(out)), "error:") {
			t.Errorf("qpdf --check %s: %v\n%s", p.name, err, out)
		}
	}
}
