package booklet_test

import (
	"fmt"
	"maps"
	"os/exec"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/generator/booklet"
)

// TestEncounterTablesPrinted checks every booklet of the default site,
// on both papers: the tables take only room the entries left (an entry
// on one spread keeps to it; one on more fills its last spread at most),
// and each entry names each of its tables on the last page of its spread
// (or the last two, for an entry on more than one), whole ("Title · QRS
// p. N") or in the line ("Title (QRS p. N)"), where N is the page of the
// Quick Reference Sheets that prints that table; each entry's tables
// include its system's turnTables; an entry whose tables do not all fit
// whole prints those that do and names the rest.
func TestEncounterTablesPrinted(t *testing.T) {
	whole, lines, parts := 0, 0, 0
	named := map[string]int{} // entries of each system that name its turnTables
	for _, paper := range []string{"a4", "letter"} {
		docs := defaultDocs(t) // fresh: each run clears its booklet's tables
		names := make([]string, 0, len(docs))
		for name := range docs {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			t.Run(name+"/"+paper, func(t *testing.T) {
				d := docs[name]
				// The layout TestSealedCards and TestLegendFits read too,
				// made before this test clears the tables.
				opt := booklet.Options{Paper: paper, Created: created}
				ed := laidEdition(t, name, d, paper, "")
				pages, text, count := ed.Pages, ed.Texts, ed.Count
				for i, enc := range entriesOf(d) {
					n := strconv.Itoa(i + 1)
					if len(enc.Tables) == 0 {
						continue
					}
					p := pages["tables/"+n]
					if p == 0 {
						p = pages["tableline/"+n]
						lines++
					} else {
						whole++
					}
					at := pages["end/"+n]
					first := p == 0
					if first {
						// No room at the end: the line is on the spread's first page.
						p, at = pages["tablefirst/"+n], pages["entry/"+n]
					}
					if p == 0 {
						t.Errorf("entry %s names none of its tables %q", n, enc.Tables)
						continue
					}
					// An entry on more than one spread that ends on the
					// left-hand page of its last has its right-hand page for
					// the tables too.
					long := at-pages["entry/"+n] >= 3
					if p != at && !(long && p == at-1) {
						t.Errorf("entry %s: its tables are on page %d, want %d", n, p, at)
					}
					printed := ""
					for k := p; k <= at; k++ {
						printed += text[k] + "\n"
					}
					if p == pages["tables/"+n] && strings.Contains(printed, "Also at the table: ") {
						parts++
					}
					if core, ok := turnTables[d.Set.System.ID]; ok {
						for _, id := range core {
							if !slices.Contains(enc.Tables, id) {
								t.Errorf("entry %s: tables %q lack %s, which every turn reads", n, enc.Tables, id)
							}
						}
						named[d.Set.System.ID]++
					}
					for _, id := range enc.Tables {
						tb := d.Set.Table(id)
						q := pages["qrs/"+id]
						wholeForm, lineForm := fmt.Sprintf("%s · QRS p. %d", tb.Title, q), fmt.Sprintf("%s (QRS p. %d)", tb.Title, q)
						// On the first page, where it takes the maps' room, the
						// line may name the tables without their pages, or
						// count them (firstLine).
						counted := fmt.Sprintf("%d tables on the Quick Reference Sheets", len(enc.Tables))
						flat := strings.Join(strings.Fields(printed), " ") // names wrap
						short := first && (strings.Contains(flat, tb.Title) || strings.Contains(flat, counted))
						if !short && !strings.Contains(printed, wholeForm) && !strings.Contains(printed, lineForm) {
							t.Errorf("entry %s: pages %d-%d print neither %q nor %q", n, p, at, wholeForm, lineForm)
						}
						if q == 0 || !strings.Contains(text[q], tb.Title) {
							t.Errorf("entry %s: table %s: QRS page %d does not print %q", n, id, q, tb.Title)
						}
					}
				}
				entries := entriesOf(d)
				for _, enc := range entries {
					enc.Tables = nil
				}
				bare, _, without, err := booklet.Rendered(d, opt)
				if err != nil {
					t.Fatal(err)
				}
				// The tables take only room the entries left: an entry on
				// one spread keeps to it; one on more fills its last spread
				// at most. The booklet grows by no more than its last
				// entry did, and the page it takes to start what follows
				// on the side it starts on.
				grew := 0
				for i := range entries {
					n := strconv.Itoa(i + 1)
					with, wo := pages["end/"+n]-pages["entry/"+n]+1, bare["end/"+n]-bare["entry/"+n]+1
					if limit := wo + wo%2; with > limit || wo <= 2 && with > wo {
						t.Errorf("entry %s: %d pages with its tables, %d without", n, with, wo)
					}
					grew = with - wo
				}
				if count > without+grew+1 {
					t.Errorf("%d pages with the tables, %d without", count, without)
				}
			})
		}
	}
	if whole == 0 || lines == 0 {
		t.Errorf("%d entries print their tables whole, %d in the line: want some of each", whole, lines)
	}
	// Where not all fit whole, those that do are whole and the rest named
	// under them (someWhole), rather than all of them only named.
	if parts == 0 {
		t.Error("no entry prints some of its tables whole and names the rest")
	}
	for sys := range turnTables {
		if named[sys] == 0 {
			t.Errorf("no entry of %s: its turn's tables are not checked", sys)
		}
	}
}

// turnTables are, for each system with them, the tables every turn of a
// battle reads whatever the forces, and the box of the turn's rules the
// book gives as prose (issue 38): every entry names them, whole ("Action
// · QRS p. 23") or in the line ("Action (QRS p. 23)"), so that a turn
// never needs a search.
var turnTables = map[string][]string{
	"2d6-sword-and-sorcery": {"action", "charge", "melee", "will-to-fight", "out-of-the-fight"},
	"swordplay":             {"in-sight", "ranged-combat", "melee-combat", "active-figure", "facing-and-sight"},
	"chain-reaction-3":      {"reaction-tests", "ranged-combat", "melee-combat", "firing-rules"},
}

// TestQRSSubset checks a booklet that names its QRS tables: it prints
// those, each with its page, and no other, the encounter's references
// to them resolve, and it is shorter than the booklet of every table.
func TestQRSSubset(t *testing.T) {
	d := packDoc(t, "marsh", engine.Options{})
	d.Pack.Entries = d.Pack.Entries[:1]
	enc := d.Pack.Entries[0].Encounter
	if len(enc.Tables) == 0 {
		t.Fatal("the entry names no tables")
	}
	opt := booklet.Options{Paper: "a4", Version: "test"}
	_, _, all, err := booklet.Rendered(d, opt)
	if err != nil {
		t.Fatal(err)
	}
	d.QRS = enc.Tables
	pages, text, some, err := booklet.Rendered(d, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range d.Set.System.QRS {
		_, printed := pages["qrs/"+id]
		if want := slices.Contains(enc.Tables, id); printed != want {
			t.Errorf("table %s: printed %v, want %v", id, printed, want)
		}
	}
	for _, id := range enc.Tables {
		ref := fmt.Sprintf("QRS p. %d", pages["qrs/"+id])
		found := false
		for _, s := range text {
			found = found || strings.Contains(s, d.Set.Table(id).Title+" ("+ref+")") || strings.Contains(s, d.Set.Table(id).Title+" · "+ref)
		}
		if !found {
			t.Errorf("no page names %s with %q", id, ref)
		}
	}
	if some >= all {
		t.Errorf("%d pages with the encounter's tables, %d with every table", some, all)
	}
	t.Logf("%d pages with the encounter's %d tables, %d with all %d", some, len(enc.Tables), all, len(d.Set.System.QRS))
}

// TestOneEncounterBooklet checks the booklet of a single encounter, as a
// month's is: no contents page (the cover lists what it holds), the
// spread on pages 2 and 3, the band and the log sharing page 4, the
// sealed cards from page 5 and the QRS straight after their backs: no
// Notes page anywhere, ten pages or fewer on A4 with the encounter's
// tables.
func TestOneEncounterBooklet(t *testing.T) {
	d := packDoc(t, "marsh", engine.Options{})
	d.Pack.Entries = d.Pack.Entries[:1]
	d.QRS = d.Pack.Entries[0].Encounter.Tables
	for _, p := range papers {
		pages, text, n, err := booklet.Rendered(d, booklet.Options{Paper: p.name, Version: "test"})
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := pages["contents"]; ok {
			t.Errorf("%s: a contents page, on page %d", p.name, pages["contents"])
		}
		want := map[string]int{"entry/1": 2, "end/1": 3, "band": 4, "log": 4, "log/end": 4, "cards": 5}
		for a, pg := range want {
			if pages[a] != pg {
				t.Errorf("%s: %s on page %d, want %d", p.name, a, pages[a], pg)
			}
		}
		backs := 0
		for a, pg := range pages {
			if strings.HasPrefix(a, "card/") {
				backs = max(backs, pg+1)
			}
		}
		if pages["qrs"] != backs+1 {
			t.Errorf("%s: the last card's back on page %d, the QRS from %d", p.name, backs, pages["qrs"])
		}
		cover := strings.Join(strings.Fields(text[1]), " ")
		for _, w := range []string{"Your band: 5 figures, page 4", "A campaign log for your band and your results, page 4", "The encounter is a spread"} {
			if !strings.Contains(cover, w) {
				t.Errorf("%s: the cover lacks %q:\n%s", p.name, w, cover)
			}
		}
		if p.name == "a4" && n > 10 {
			t.Errorf("a4: %d pages", n)
		}
		t.Logf("%s: %d pages", p.name, n)
	}
}

// TestQRSSavesALastPage checks the scale the Quick Reference Sheets
// settle on, for every built-in system's sheets on both papers: full
// size, or 0.95 or 0.9 where that ends them a page sooner than full
// size. The 2d6 Sword & Sorcery sheets on Letter, whose last page is
// less than half used at full size, are a page shorter.
func TestQRSSavesALastPage(t *testing.T) {
	reg := registry(t)
	for _, id := range reg.IDs() {
		sys, _ := reg.Get(id)
		d := booklet.Doc{Title: sys.Rules().System.Name + ": Quick Reference Sheets", Set: sys.Rules()}
		for _, paper := range []string{"a4", "letter"} {
			pages, k, full, err := booklet.QRSPages(d, booklet.Options{Paper: paper})
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case k != 1 && k != 0.95 && k != 0.9:
				t.Errorf("%s %s: scale %g", id, paper, k)
			case k < 1 && pages >= full, k == 1 && pages != full:
				t.Errorf("%s %s: %d pages at scale %g, %d at full size", id, paper, pages, k, full)
			case id == "2d6-sword-and-sorcery" && paper == "letter" && k == 1:
				t.Errorf("%s %s: %d pages at full size; want one fewer in smaller type", id, paper, pages)
			}
			t.Logf("%s %s: %d pages at scale %g, %d at full size", id, paper, pages, k, full)
		}
	}
}

// TestQRSTableRunsIntoRightColumn checks a narrow table that finds the
// left-hand column too short under a table across both columns, and the
// right-hand one no taller: it starts in the left-hand column and runs on
// into the right-hand one, where moved it left the left-hand column empty
// and ran on overleaf all the same. Made-up sheets on A4: a table of
// long text across the page, then one of 25 short rows.
func TestQRSTableRunsIntoRightColumn(t *testing.T) {
	set := madeUpSheets(4, 25, "broad", "narrow")
	d := booklet.Doc{Title: "Quick Reference Sheets", Set: set}
	opt := booklet.Options{Paper: "a4", Created: created, Version: "0.1.0"}
	pdf, pages, _ := writeLaid(t, d, opt)
	path := save(t, "qrs-runs-on-a4.pdf", pdf)
	pg := strconv.Itoa(pages["qrs/narrow"])
	if pages["qrs/broad"] != pages["qrs/narrow"] {
		t.Fatalf("the broad table on page %d, the narrow one on %s; want both on one page for this test", pages["qrs/broad"], pg)
	}
	out, err := exec.Command(tool(t, "pdftotext"), "-bbox", "-f", pg, "-l", pg, path, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	word := regexp.MustCompile(`<word xMin="([0-9.]+)"[^>]*>([^<]*)</word>`)
	at := map[string]float64{}
	for _, w := range word.FindAllStringSubmatch(string(out), -1) {
		at[w[2]], _ = strconv.ParseFloat(w[1], 64)
	}
	const mid = 105 / 25.4 * 72 // the middle of A4, in points
	first, okFirst := at["Result1"]
	last, okLast := at["Result25"]
	switch {
	case !okFirst:
		t.Errorf("page %s: the narrow table's first row is not on it", pg)
	case first >= mid:
		t.Errorf("page %s: the narrow table's first row at x %.0f pt, in the right-hand column; want the left-hand one", pg, first)
	case !okLast || last < mid:
		t.Errorf("page %s: the narrow table's last row not in the right-hand column (found %v, x %.0f pt)", pg, okLast, last)
	}
}

// TestQRSBackFillsLeftColumn checks a narrow table the right-hand column
// has no room left for, where the left-hand column ended higher and holds
// it whole: it goes under the left-hand column's tables on the same page,
// not overleaf with the page's foot left blank. The 2d6 Sword & Sorcery
// sheets on Letter, as the site prints them: Action, third in order,
// under Star Power on page 1, beside The Battle, Step by Step.
func TestQRSBackFillsLeftColumn(t *testing.T) {
	set := sorcery(t).Rules()
	d := booklet.Doc{Title: "Quick Reference Sheets", Set: set}
	pages, err := booklet.Pages(d, booklet.Options{Paper: "letter", Created: created})
	if err != nil {
		t.Fatal(err)
	}
	if a, b, s := pages["qrs/action"], pages["qrs/battle-turn"], pages["qrs/star-power"]; a != b || a != s {
		t.Errorf("Star Power on page %d, The Battle on %d, Action on %d; want Action on their page", s, b, a)
	}
}

// TestQRSFirstPassReplayed checks what the first pass takes of the Quick
// Reference Sheets from qrsSheets.decide's measure, their pages and where each
// table starts: the same pages as setting them afresh gives, for a pack
// on both papers, flat and folded, and for a one-encounter booklet.
func TestQRSFirstPassReplayed(t *testing.T) {
	one := packDoc(t, "marsh", engine.Options{})
	one.Pack.Entries = one.Pack.Entries[:1]
	one.QRS = one.Pack.Entries[0].Encounter.Tables
	for name, d := range map[string]booklet.Doc{"pack": packDoc(t, "marsh", engine.Options{}), "one encounter": one} {
		for _, paper := range []string{"a4", "letter"} {
			for _, impose := range []string{"", booklet.Saddle} {
				replayed, set, err := booklet.FirstPages(d, booklet.Options{Paper: paper, Impose: impose})
				if err != nil {
					t.Fatal(err)
				}
				if !maps.Equal(replayed, set) {
					t.Errorf("%s, %s %q: the first pass's pages from the measure differ from the sheets set afresh:\n%v\n%v", name, paper, impose, replayed, set)
				}
				if _, ok := replayed["qrs/"+d.Set.System.QRS[0]]; !ok && d.QRS == nil {
					t.Errorf("%s, %s %q: no page for the first table", name, paper, impose)
				}
			}
		}
	}
}

// TestQRSBroadTableRunsOn checks a table across both columns too tall for
// the room left under the columns above it but not for a page: with half
// the page or more left, it starts there and runs on overleaf,
// "(continued)", rather than leave the page mostly blank. Made-up sheets
// on A4: a short narrow table, then a broad one of 12 rows of long text.
func TestQRSBroadTableRunsOn(t *testing.T) {
	set := madeUpSheets(12, 5, "narrow", "broad")
	d := booklet.Doc{Title: "Quick Reference Sheets", Set: set}
	pdf, pages, _ := writeLaid(t, d, booklet.Options{Paper: "a4", Created: created, Version: "0.1.0"})
	path := save(t, "qrs-broad-runs-on-a4.pdf", pdf)
	if pages["qrs/broad"] != pages["qrs/narrow"] {
		t.Errorf("the narrow table on page %d, the broad one on %d; want it to start on the same page", pages["qrs/narrow"], pages["qrs/broad"])
	}
	if text := squash(rawText(t, path, 0, 0)); !strings.Contains(text, "Broad Table (continued)") {
		t.Errorf("the broad table is not continued overleaf:\n%s", text)
	}
}

// madeUpSheets is a system whose Quick Reference Sheets are two made-up
// tables, in the order given: "broad", rows of long text in three columns
// (printed across the page), and "narrow", short rows "Result1",
// "Result2"... in one.
func madeUpSheets(broadRows, narrowRows int, order ...string) *rules.Set {
	broad := &rules.Table{ID: "broad", Title: "Broad Table", Read: rules.ReadLookup, KeyHeader: "Key"}
	for _, c := range []string{"What it is", "Usually", "On the field"} {
		broad.Columns = append(broad.Columns, rules.Column{Name: c, Type: rules.TypeText})
	}
	for i := range broadRows {
		var cells []rules.Cell
		for range 3 {
			cells = append(cells, rules.Cell{Text: strings.Repeat("Words that fill a cell of the broad table. ", 3)})
		}
		broad.Rows = append(broad.Rows, rules.Row{Key: "Row " + strconv.Itoa(i+1), Cells: cells})
	}
	narrow := &rules.Table{ID: "narrow", Title: "Narrow Table", Read: rules.ReadLookup, KeyHeader: "Key",
		Columns: []rules.Column{{Name: "Result", Type: rules.TypeText}}}
	for i := range narrowRows {
		narrow.Rows = append(narrow.Rows, rules.Row{Key: strconv.Itoa(i + 1), Cells: []rules.Cell{{Text: "Result" + strconv.Itoa(i+1)}}})
	}
	return &rules.Set{
		System: &rules.System{ID: "test", Name: "Test System", QRS: order},
		Tables: map[string]*rules.Table{"broad": broad, "narrow": narrow},
	}
}
