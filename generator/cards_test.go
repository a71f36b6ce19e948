package generator

import (
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// cardIntro is what every page of sealed cards says at its head.
const cardIntro = "read a card only when its encounter sends you to it"

// cardHead matches a card's number as printed: "Card 12".
var cardHead = regexp.MustCompile(`\bCard (\d+)\b`)

// sealedCards returns how many sealed cards each page of cards holds
// (the pages under the cards' instruction, not their backs), in page
// order, given each page's text as proof.CheckText reads it back: the
// distinct card numbers printed on the page.
func sealedCards(pages []string) []int {
	var counts []int
	for _, page := range pages {
		text := strings.Join(strings.Fields(page), " ")
		if !strings.Contains(text, cardIntro) {
			continue
		}
		seen := map[string]bool{}
		for _, m := range cardHead.FindAllStringSubmatch(text, -1) {
			seen[m[1]] = true
		}
		counts = append(counts, len(seen))
	}
	return counts
}

// flatA4 names the flat A4 booklet a PDF of sealed cards is an edition
// of: "x-letter.pdf", "x-a4-folded-cards.pdf" and
// "x-letter-folded-cards.pdf" are editions of "x-a4.pdf".
func flatA4(p string) string {
	base := strings.TrimSuffix(strings.TrimSuffix(p, ".pdf"), "-folded-cards")
	if s, ok := strings.CutSuffix(base, "-letter"); ok {
		base = s + "-a4"
	}
	return base + ".pdf"
}

// holdsCards reports whether a PDF of the default site may hold sealed
// cards: the flat booklets and the folded booklets' card sheets, not the
// folded volumes, the play sheets or the QRS, which hold none.
func holdsCards(p string) bool {
	c := strings.Fields(printClass(p))[0]
	return c != "sheets" && c != "qrs" && c != "folded"
}

// checkCardDensity takes the sealed cards on each page of cards of every
// PDF that holds any (holdsCards, sealedCards), by path, as TestProof
// reads them back, and checks that none holds fewer cards on a page of
// cards than the flat A4 booklet's page of cards in the same place, nor
// has more pages of cards or a different number of cards: Letter, flat
// or folded, is as dense as A4 (issue 20).
func checkCardDensity(t *testing.T, byFile map[string][]int) {
	t.Helper()
	if len(byFile) == 0 {
		t.Fatal("no PDF of the default site has a page of sealed cards")
	}
	sum := func(ns []int) int {
		n := 0
		for _, k := range ns {
			n += k
		}
		return n
	}
	folded := 0
	for _, p := range slices.Sorted(maps.Keys(byFile)) {
		got := byFile[p]
		if strings.HasSuffix(p, "-folded-cards.pdf") {
			folded++
		}
		a4, ok := byFile[flatA4(p)]
		if !ok {
			t.Errorf("%s has pages of sealed cards but %s none", p, flatA4(p))
			continue
		}
		t.Logf("%s: %d pages of cards holding %v", path.Base(p), len(got), got)
		if sum(got) != sum(a4) || len(got) > len(a4) {
			t.Errorf("%s: %d cards on %d pages %v, %s %d on %d %v", p, sum(got), len(got), got, flatA4(p), sum(a4), len(a4), a4)
			continue
		}
		for i, n := range got {
			if n < a4[i] {
				t.Errorf("%s: page %d of cards holds %d cards, %s's %d (%v against %v)", p, i+1, n, flatA4(p), a4[i], got, a4)
				break
			}
		}
	}
	if folded == 0 {
		t.Error("no folded card sheets among the default site's PDFs of sealed cards")
	}
}

// TestFlatA4 names the flat A4 booklet of each edition.
func TestFlatA4(t *testing.T) {
	for in, want := range map[string]string{
		"packs/x/x-a4.pdf":                                   "packs/x/x-a4.pdf",
		"packs/x/x-letter.pdf":                               "packs/x/x-a4.pdf",
		"packs/x/x-a4-folded-cards.pdf":                      "packs/x/x-a4.pdf",
		"packs/x/x-letter-folded-cards.pdf":                  "packs/x/x-a4.pdf",
		"series/m/encounter-of-the-month-2026-09-letter.pdf": "series/m/encounter-of-the-month-2026-09-a4.pdf",
	} {
		if got := flatA4(in); got != want {
			t.Errorf("flatA4(%q) = %q, want %q", in, got, want)
		}
	}
}
