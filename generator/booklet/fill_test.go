package booklet_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/generator/booklet"
	"github.com/sortie-wargames/sortie/generator/site"
)

// placedWord is a word pdftotext read on a page, its box in mm.
type placedWord struct {
	text       string
	top, under float64
}

// pageWords reads the words of pages first to last of the PDF at path
// with pdftotext -bbox, by page, their boxes in mm.
func pageWords(t *testing.T, path string, first, last int) map[int][]placedWord {
	t.Helper()
	out, err := exec.Command(tool(t, "pdftotext"), "-bbox", "-f", strconv.Itoa(first), "-l", strconv.Itoa(last), path, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	word := regexp.MustCompile(`<word xMin="[0-9.]+" yMin="([0-9.]+)" xMax="[0-9.]+" yMax="([0-9.]+)">([^<]*)</word>`)
	pages := map[int][]placedWord{}
	for i, pg := range strings.Split(string(out), "<page ")[1:] {
		for _, w := range word.FindAllStringSubmatch(pg, -1) {
			y0, _ := strconv.ParseFloat(w[1], 64)
			y1, _ := strconv.ParseFloat(w[2], 64)
			pages[first+i] = append(pages[first+i], placedWord{w[3], y0 * 25.4 / 72, y1 * 25.4 / 72})
		}
	}
	return pages
}

// bodyWords keeps the words of a page's text block: not its running head
// or foot.
func bodyWords(ws []placedWord, top, bottom float64) []placedWord {
	var out []placedWord
	for _, w := range ws {
		if w.top >= top-1 && w.under <= bottom+0.5 {
			out = append(out, w)
		}
	}
	return out
}

// introDocs are the default site's packs and campaigns that have text of
// their own and a band, as their booklets print them (siteDocs).
func introDocs(t *testing.T) map[string]booklet.Doc {
	t.Helper()
	docs := map[string]booklet.Doc{}
	for name, d := range siteDocs(t) {
		if len(d.Intro) > 0 && (d.Campaign != nil || d.Pack.Band != nil) {
			docs[name] = d
		}
	}
	return docs
}

// siteDocs are the default site's packs and campaigns, as their
// booklets print them: the text's paragraphs as the booklet's own text
// (the site sets them from the page's Markdown: plain paragraphs here).
func siteDocs(t *testing.T) map[string]booklet.Doc {
	t.Helper()
	reg := registry(t)
	s, err := site.Load(content.FS, site.ConfigFile, ".", "content/", reg)
	if err != nil {
		t.Fatal(err)
	}
	intro := func(body []byte) []doc.Block {
		var bs []doc.Block
		for _, p := range strings.Split(strings.TrimSpace(string(body)), "\n\n") {
			if p = strings.TrimSpace(strings.ReplaceAll(p, "\n", " ")); p != "" {
				bs = append(bs, &doc.Para{Text: p})
			}
		}
		return bs
	}
	docs := map[string]booklet.Doc{}
	for _, def := range s.Packs {
		sys, err := reg.Get(def.System)
		if err != nil {
			t.Fatal(err)
		}
		p, err := pack.Build(sys, def.Seed, def.Types, def.Options)
		if err != nil {
			t.Fatal(err)
		}
		docs["pack/"+def.Slug] = booklet.Doc{Title: def.Title, Summary: def.Summary, Set: sys.Rules(), Seed: def.Seed, Pack: p, Intro: intro(def.Body)}
	}
	for _, def := range s.Campaigns {
		sys, err := reg.Get(def.System)
		if err != nil {
			t.Fatal(err)
		}
		c, err := campaign.Build(sys, def.Seed, def.Steps, def.Options)
		if err != nil {
			t.Fatal(err)
		}
		docs["campaign/"+def.Slug] = booklet.Doc{Title: def.Title, Summary: def.Summary, Set: sys.Rules(), Seed: def.Seed, Campaign: c, Intro: intro(def.Body)}
	}
	return docs
}

// TestFrontPagesFilled checks the front matter's pages, between the
// cover and the first entry, of every pack and campaign of the default
// site, on A4 and Letter, flat and folded (the folded booklet's half
// sheets before imposition), measured as printed (pdftotext): no page
// holds less than a fifth of its text block (the layout's sparse, less
// 2% for the printed words' boxes, which end a little above the frames
// the layout measures), a Notes page none; and the layout reported none
// (booklet.FaultSparse). The Long Road's "About this campaign" stood as
// two lines on page 3 (7% full), Half a Year of Swords' on its own page
// (9%), and Border Battles' and Skirmishes at the Ford's "About this
// pack" alone on page 3 (10%): the text now shares a page, and the
// campaign log fills the page the first entry needed. Raids on the
// Fjord folded on Letter left its text alone on half-Letter page 4
// (18%), as no way with the contents on page 3 kept the first entry on
// a left-hand page: its contents now follow the cover's box on page 2,
// the text and the band share page 3. And where the
// booklet's own text shares the contents' page and the band has a page
// of its own, setting the text over the band instead (it fits there)
// would leave the emptier of the two pages no fuller than it is: the
// Orc Border's band stood on a page three quarters blank, under its
// contents and text on two thirds of the page before; the text over the
// band fills about half of each.
func TestFrontPagesFilled(t *testing.T) {
	const gap = 8.0 // frontGap: the space over a section that shares its page
	const floor = 0.2 - 0.02
	dir := t.TempDir()
	withText := introDocs(t)
	tried, moved, under := 0, 0, 0
	for name, d := range siteDocs(t) {
		for _, p := range papers {
			for _, impose := range []string{"", booklet.Saddle} {
				what := name + " on " + p.name
				if impose != "" {
					what += ", folded"
				}
				opt := booklet.Options{Paper: p.name, Created: created, Version: "0.1.0", Impose: impose}
				data, pages, faults, err := booklet.Unimposed(d, opt)
				if err != nil {
					t.Fatal(err)
				}
				for _, f := range faults {
					if f.Kind == booklet.FaultSparse {
						t.Errorf("%s: page %d is a sparse front page: %s", what, f.Page, f.Text)
					}
				}
				path := filepath.Join(dir, strings.ReplaceAll(what, "/", "-")+".pdf")
				if err := os.WriteFile(path, data, 0o644); err != nil {
					t.Fatal(err)
				}
				first := pages["entry/1"]
				if pages["log"] < first {
					moved++
				}
				if impose != "" && pages["contents"] == 2 {
					under++
				}
				words, heights := pageWordsSized(t, path, 2, first-1)
				for pg := 2; pg < first; pg++ {
					top, bottom := 21.0, heights[pg]-20 // bodyTop, and footGap above the foot
					on := bodyWords(words[pg], top, bottom)
					end := top
					for _, w := range on {
						end = max(end, w.under)
					}
					tried++
					if fill := (end - top) / (bottom - top); fill < floor {
						var says []string
						for _, w := range on {
							says = append(says, w.text)
						}
						t.Errorf("%s: front page %d of 2–%d is %.0f%% full: %q", what, pg, first-1, 100*fill, strings.Join(says, " "))
					}
				}
				if _, ok := withText[name]; ok && impose == "" {
					textOverBand(t, what, p.name, data, pages, words, gap)
				}
			}
		}
	}
	if tried == 0 {
		t.Error("no front page measured")
	}
	if moved == 0 {
		t.Error("no booklet prints its log in the front: the test tries no front without a sparse page that needed it")
	}
	if under == 0 {
		t.Error("no folded booklet sets its contents under the cover's box on page 2: the test tries no front that needed it")
	}
}

// pageWordsSized is pageWords with each page's height in mm.
func pageWordsSized(t *testing.T, path string, first, last int) (map[int][]placedWord, map[int]float64) {
	t.Helper()
	words := map[int][]placedWord{}
	heights := map[int]float64{}
	if last < first {
		return words, heights
	}
	out, err := exec.Command(tool(t, "pdftotext"), "-bbox", "-f", strconv.Itoa(first), "-l", strconv.Itoa(last), path, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	size := regexp.MustCompile(`^width="[0-9.]+" height="([0-9.]+)"`)
	word := regexp.MustCompile(`<word xMin="[0-9.]+" yMin="([0-9.]+)" xMax="[0-9.]+" yMax="([0-9.]+)">([^<]*)</word>`)
	for i, pg := range strings.Split(string(out), "<page ")[1:] {
		if m := size.FindStringSubmatch(pg); m != nil {
			h, _ := strconv.ParseFloat(m[1], 64)
			heights[first+i] = h * 25.4 / 72
		}
		for _, w := range word.FindAllStringSubmatch(pg, -1) {
			y0, _ := strconv.ParseFloat(w[1], 64)
			y1, _ := strconv.ParseFloat(w[2], 64)
			words[first+i] = append(words[first+i], placedWord{w[3], y0 * 25.4 / 72, y1 * 25.4 / 72})
		}
	}
	return words, heights
}

// textOverBand checks a flat booklet whose own text shares the contents'
// page while the band has the page after: the text over the band would
// leave the emptier of the two pages no fuller (TestFrontPagesFilled).
func textOverBand(t *testing.T, what, paper string, data []byte, pages map[string]int, words map[int][]placedWord, gap float64) {
	t.Helper()
	top, bottom := booklet.TextBlock(paper)
	room := bottom - top
	ip, bp := pages["intro"], pages["band"]
	end := func(ws []placedWord) float64 {
		e := top
		for _, w := range ws {
			e = max(e, w.under)
		}
		return e - top
	}
	if ip != bp-1 || !bytes.Contains(data, []byte("Contents")) {
		return
	}
	on := bodyWords(words[ip], top, bottom)
	heading := -1.0
	for i, w := range on {
		if w.text == "About" && i+1 < len(on) && on[i+1].text == "this" {
			heading = w.top
		}
	}
	if heading < 0 || heading < top+5 {
		return
	}
	text := end(on) - (heading - top)
	band := end(bodyWords(words[bp], top, bottom))
	now := min(end(on), band)
	alone, over := heading-gap-top, text+gap+band
	// The layout weighs the two ways by their frames, this test by the
	// printed words' boxes: the two differ by a line's leading and the
	// gaps over headings, so a way counts as fuller here only by 3% of
	// the text block (the Orc Border's went from 22% to about half).
	if over <= room && min(alone, over) > now+0.03*room {
		t.Errorf("%s: the band stands on page %d, %.0f%% full, under the contents and the text on a page %.0f%% full; the text over the band would leave the pages %.0f%% and %.0f%% full",
			what, bp, 100*band/room, 100*end(on)/room, 100*alone/room, 100*over/room)
	}
}

// TestFrontNoNotesPage checks the default site's packs and campaigns
// with text of their own and a band, folded, on A4 and Letter: no Notes
// page stands between the contents and the first entry, where the text
// on a page of its own keeps the first entry on a left-hand page. The
// Orc Border, Marsh and Ruin, Northmen Raids, Half a Year of Swords and
// the Chain Reaction packs set their text under the contents and the
// band on the page after, and skipped a Notes page to their first entry.
func TestFrontNoNotesPage(t *testing.T) {
	for name, d := range introDocs(t) {
		for _, p := range papers {
			what := name + " on " + p.name + ", folded"
			opt := booklet.Options{Paper: p.name, Created: created, Version: "0.1.0", Impose: booklet.Saddle}
			ed, err := booklet.EditionOf(d, opt)
			if err != nil {
				t.Fatal(err)
			}
			pages, texts := ed.Pages, ed.Texts
			for pg := pages["contents"] + 1; pg < pages["entry/1"]; pg++ {
				if strings.TrimSpace(texts[pg]) == "Notes" || texts[pg] == "" {
					t.Errorf("%s: page %d, before the first entry on page %d, is a Notes page:\n%q", what, pg, pages["entry/1"], texts[pg])
				}
			}
		}
	}
}
