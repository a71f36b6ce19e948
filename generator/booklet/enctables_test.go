package booklet_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/generator/booklet"
)

// TestEncounterTablesPrinted checks, for a booklet of every built-in
// system, that each encounter's spread prints each table its encounter
// names, titled with "QRS p. N", where N is a page of the Quick Reference
// Sheets that prints that table's title; and that no page of the
// booklet is blank.
func TestEncounterTablesPrinted(t *testing.T) {
	tool(t, "pdftotext")
	docs := defaultDocs(t)
	for _, name := range []string{"pack/marsh-and-ruin", "pack/northmen-raids", "pack/patrol-military", "pack/border-battles", "pack/skirmishes-at-the-ford", "test-campaign"} {
		t.Run(name, func(t *testing.T) {
			d, ok := docs[name]
			if !ok {
				t.Fatalf("no booklet %s", name)
			}
			opt := booklet.Options{Paper: "a4", Version: "test"}
			pages, err := booklet.Pages(d, opt)
			if err != nil {
				t.Fatal(err)
			}
			path := save(t, strings.ReplaceAll(name, "/", "-")+"-tables.pdf", write(t, d, opt))
			text := map[int]string{}
			page := func(n int) string {
				if _, ok := text[n]; !ok {
					text[n] = squash(pdftotext(t, path, n, n))
				}
				return text[n]
			}
			tables := 0
			for i, enc := range entriesOf(d) {
				n := i + 1
				if len(enc.Tables) == 0 {
					t.Errorf("entry %d (%s) lists no tables", n, enc.Type)
				}
				first, last := pages["entry/"+strconv.Itoa(n)], pages["end/"+strconv.Itoa(n)]
				for _, id := range enc.Tables {
					tb := d.Set.Table(id)
					q := pages["qrs/"+id]
					if q == 0 {
						t.Errorf("entry %d: table %s has no page on the QRS", n, id)
						continue
					}
					want := fmt.Sprintf("%s · QRS p. %d", tb.Title, q)
					found := false
					for p := first; p <= last && !found; p++ {
						found = strings.Contains(page(p), want)
					}
					if !found {
						t.Errorf("entry %d: %q not on its pages %d-%d", n, want, first, last)
					}
					if !strings.Contains(page(q), tb.Title) || !strings.Contains(page(q), "Quick Reference Sheets") {
						t.Errorf("entry %d: QRS page %d does not print %q", n, q, tb.Title)
					}
					tables++
				}
			}
			if tables == 0 {
				t.Fatal("no tables checked")
			}
			for p := 1; p <= pages["qrs"]; p++ {
				if body := strings.TrimSpace(strings.ReplaceAll(page(p), d.Title, "")); len(body) < 40 {
					t.Errorf("page %d is all but blank: %q", p, body)
				}
			}
		})
	}
}
