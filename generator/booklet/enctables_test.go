package booklet_test

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/generator/booklet"
)

// TestEncounterTablesPrinted checks every booklet of the default site,
// on both papers: it has exactly as many pages as it has with no tables
// listed (the tables take only room the spread left), and each entry
// names each of its tables on the last page of its spread, whole
// ("Title · QRS p. N") or in the line ("Title (QRS p. N)"), where N is
// the page of the Quick Reference Sheets that prints that table.
func TestEncounterTablesPrinted(t *testing.T) {
	whole, lines := 0, 0
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
				opt := booklet.Options{Paper: paper, Version: "test"}
				pages, text, count, err := booklet.Rendered(d, opt)
				if err != nil {
					t.Fatal(err)
				}
				for i, enc := range entriesOf(d) {
					n := strconv.Itoa(i + 1)
					if len(enc.Tables) == 0 {
						continue
					}
					p, form := pages["tables/"+n], "%s · QRS p. %d"
					if p == 0 {
						p, form = pages["tableline/"+n], "%s (QRS p. %d)"
						lines++
					} else {
						whole++
					}
					at := pages["end/"+n]
					if p == 0 {
						// No room at the end: the line is on the spread's first page.
						p, at = pages["tablefirst/"+n], pages["entry/"+n]
					}
					if p == 0 {
						t.Errorf("entry %s names none of its tables %q", n, enc.Tables)
						continue
					}
					if p != at {
						t.Errorf("entry %s: its tables are on page %d, want %d", n, p, at)
					}
					for _, id := range enc.Tables {
						tb := d.Set.Table(id)
						q := pages["qrs/"+id]
						if want := fmt.Sprintf(form, tb.Title, q); !strings.Contains(text[p], want) {
							t.Errorf("entry %s: page %d does not print %q", n, p, want)
						}
						if q == 0 || !strings.Contains(text[q], tb.Title) {
							t.Errorf("entry %s: table %s: QRS page %d does not print %q", n, id, q, tb.Title)
						}
					}
				}
				for _, enc := range entriesOf(d) {
					enc.Tables = nil
				}
				_, _, without, err := booklet.Rendered(d, opt)
				if err != nil {
					t.Fatal(err)
				}
				if count != without {
					t.Errorf("%d pages with the tables, %d without", count, without)
				}
			})
		}
	}
	if whole == 0 || lines == 0 {
		t.Errorf("%d entries print their tables whole, %d in the line: want some of each", whole, lines)
	}
}
