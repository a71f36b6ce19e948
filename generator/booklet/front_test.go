package booklet

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"
)

// frontIntro is a pack's own text of n paragraphs, with a titled table
// of results after every fourth: headings kept with what follows, a
// table's title band, and rows that break over a page.
func frontIntro(n int) []doc.Block {
	var bs []doc.Block
	for i := range n {
		bs = append(bs, &doc.Para{Text: strings.Repeat(fmt.Sprintf("Paragraph %d of the pack's own text, long enough to wrap over several lines. ", i+1), 3)})
		if i%4 == 3 {
			t := &doc.Table{Title: fmt.Sprintf("Results %d", i+1), Corner: "2", Head: []string{"Roll", "Result"}}
			for k := range 8 {
				t.Rows = append(t.Rows, []string{fmt.Sprint(k + 2), "A result to read, long enough to take a line of its own in the cell."})
			}
			bs = append(bs, &doc.Section{Title: fmt.Sprintf("Part %d", i/4+1), Blocks: []doc.Block{t}})
		}
	}
	return bs
}

// testFrontMatter is the front matter, on a printing renderer, of a
// pack with a band and n paragraphs of its own text, or of a campaign
// (its band's page says where to start, in a box), on a page pw × ph.
func testFrontMatter(pw, ph float64, n int, camp bool) *frontMatter {
	d := Doc{Title: "Front", Set: &rules.Set{System: &rules.System{Name: "Test"}}, Intro: frontIntro(n)}
	if camp {
		d.Campaign = &campaign.Campaign{Steps: 12, Start: 3, Band: swordplayBand(), Begin: &doc.Roll{Label: "Season", Row: "7", Result: "Spring"}}
	} else {
		d.Pack = &pack.Pack{Band: swordplayBand()}
	}
	b := &book{doc: d, pw: pw, ph: ph, entries: make([]*entry, 2)}
	return newFrontMatter(newRenderer(b, newLayout()))
}

// TestFrontLaidOut checks a front-matter section laid out without
// painting (frontRun) against the section printed on a page of its own,
// as frontSection prints one that does not share the page before it:
// for a pack's own text of 1 to 40 paragraphs and tables, the band's
// page of a pack and of a campaign (its "Start at entry" box), on A4,
// Letter and a folded booklet's A5 page, the layout goes over a page
// exactly when the print does, on as many pages, and ends where the
// print ends; and laying it out paints nothing and leaves the font
// wanted and the renderer's frame as they were. Whether a section shares
// the page before it is read from that layout.
func TestFrontLaidOut(t *testing.T) {
	papers := []struct {
		name   string
		pw, ph float64
	}{{"A4", 210, 297}, {"Letter", 215.9, 279.4}, {"A5", 148.5, 210}}
	intro := func(fm *frontMatter, c *cursor, p painter) {
		fm.flowPiecesOn(c, p, fm.pieces(fm.doc.Intro, bandLook, 0, blockCtx{}, c.w))
	}
	shared, over := 0, 0
	for _, paper := range papers {
		for _, c := range []struct {
			name string
			n    int
			camp bool
			body func(*frontMatter, *cursor, painter)
		}{
			{"intro 1", 1, false, intro}, {"intro 3", 3, false, intro}, {"intro 8", 8, false, intro},
			{"intro 12", 12, false, intro}, {"intro 16", 16, false, intro}, {"intro 40", 40, false, intro},
			{"pack band", 1, false, (*frontMatter).bandBody}, {"campaign band", 1, true, (*frontMatter).bandBody},
		} {
			what := paper.name + ", " + c.name
			fm := testFrontMatter(paper.pw, paper.ph, c.n, c.camp)
			r := fm.renderer
			r.newPage("Before")
			r.fr.y = r.fr.bottom - 60
			want, fr, ops := r.f.font.want, r.fr, placedOps(r)
			run := fm.frontRun("Section", c.body)
			if r.f.PageNo() != 1 || placedOps(r) != ops || r.f.font.want != want || r.fr.y != fr.y || r.fr.w != fr.w {
				t.Fatalf("%s: laying the section out painted or moved something", what)
			}
			if run.page > 0 {
				over++
			}
			if run.page == 0 && fr.y+8+(run.c.y-bodyTop) <= fr.bottom {
				shared++
			}
			r.newPage("Section")
			r.heading("Section", 16, 20)
			c.body(fm, &r.fr, paintNow{r})
			if got := r.f.PageNo() - 2; got != run.page {
				t.Errorf("%s: the layout took %d pages more than the first, the print %d", what, run.page, got)
			}
			if r.fr.y != run.c.y {
				t.Errorf("%s: the layout ended at %.2f mm, the print at %.2f mm", what, run.c.y, r.fr.y)
			}
		}
	}
	if over == 0 {
		t.Errorf("no section went over a page: the test tries no break")
	}
	if shared == 0 {
		t.Errorf("no section fitted under the 60 mm left on the page before it: the test tries no share")
	}
}

// TestGoldenFront lays out the cover's and the contents' frames of a
// pack of two entries on A4 (the cover's band, the seed in its box, the
// box of how to use the booklet, a line of the contents and an entry's
// line cut short beside its page number) and compares them, written out
// as text, with testdata/frames/front.txt, as TestGoldenFrames does
// tables. Each is laid out twice the same; the box is as tall as its
// spans measure with 3 mm above and under them; and painted, the frames
// record on their page what they say.
func TestGoldenFront(t *testing.T) {
	r := testRenderer("a4")
	r.doc.Seed = "month-2026-12 / a seed long enough to take a second line in its box on the cover, as a long one does"
	r.doc.Pack = &pack.Pack{Band: swordplayBand()}
	r.entries = []*entry{{number: 1, enc: &engine.Encounter{Title: "The ford"}}, {number: 2, enc: &engine.Encounter{Title: "The tower"}}}
	fm := newFrontMatter(r)
	w := r.contentW()
	long := "Entry 2: " + strings.Repeat("The tower on the far bank of the river, ", 4)
	lay := func() []*frame.Frame {
		return []*frame.Frame{
			fm.coverBand(w - qrSize - qrGap),
			fm.seedFrame(w),
			fm.boxFrame(w, fm.howToSpans()),
			fm.contentsLine("Encounters", "5", "entries", "B", 10.5, 0, lh(10.5)+1.2),
			fm.contentsLine(long, "123", "entry/12", "", 9.5, 6, lh(9.5)+1.2),
		}
	}
	text := func(fs []*frame.Frame) []byte {
		var b strings.Builder
		for _, f := range fs {
			b.WriteString(f.String())
		}
		return []byte(b.String())
	}
	fs := lay()
	got := text(fs)
	if again := text(lay()); !bytes.Equal(got, again) {
		t.Fatal("the same front frames laid out twice differ")
	}
	if lines := strings.Count(fs[1].Say, "\n") + 1; lines < 2 {
		t.Errorf("the seed takes %d line in its box: the test tries no wrapping", lines)
	}
	h := 6.0
	for _, s := range fm.howToSpans() {
		h += r.laySpan(s, w-8).h
	}
	if math.Abs(fs[2].H-h) > 1e-9 {
		t.Errorf("the box is %.4f mm tall, its spans and margins %.4f", fs[2].H, h)
	}
	if cut := fs[4].Say; !strings.HasSuffix(cut, "…") {
		t.Errorf("the long entry's line reads %q, not cut short", cut)
	}
	golden(t, "front.txt", got)
	r.f.AddPage()
	page := r.f.PageNo()
	r.lay.text[page] = ""
	var says strings.Builder
	for _, f := range fs {
		r.drawMarks(f, side, bodyTop)
		says.WriteString(paintedSays(f))
	}
	if r.lay.text[page] != says.String() {
		t.Errorf("painted:\n%s\nthe frames say:\n%s", r.lay.text[page], says.String())
	}
}

// TestCoverTitleLastLine checks the title's lines on the cover: a title
// that wraps leaves no word alone on its last line ("Encounter of the
// Month: December 2026" on A4 and Letter and on a folded booklet's A5
// page ends "December 2026", not "2026" under "December"), a title on
// one line or whose last line already holds two words is set as it is
// given, and two last words too long for a line together are left to
// break between them.
func TestCoverTitleLastLine(t *testing.T) {
	lastLine := func(fm *frontMatter, s span, w float64) (string, int) {
		ls := fm.laySpan(s, w)
		var b strings.Builder
		for _, m := range ls.lines[len(ls.lines)-1].Marks {
			if tx, ok := m.(frame.Text); ok {
				b.WriteString(tx.S)
			}
		}
		return strings.TrimSpace(b.String()), len(ls.lines)
	}
	lone := 0 // titles whose last word is alone set plainly
	for _, paper := range []string{"a4", "letter", "a5"} {
		r := testRenderer(paper)
		if paper == "a5" {
			r.pw, r.ph = 148.5, 210
		}
		fm := newFrontMatter(r)
		w := r.contentW()
		for _, c := range []struct {
			title string
			same  bool // set as given
		}{
			{"Encounter of the Month: December 2026", false},
			{"Encounter of the Month: September 2026", false},
			{"The Long Road", true},
			{"Skirmishes at the Ford of the Long River and the Marsh Beyond It", true},
			{"Encounter of the Month " + strings.Repeat("W", 40) + " " + strings.Repeat("M", 30), true},
		} {
			r.doc.Title = c.title
			plain := span{text: c.title, style: "B", size: 30}
			before, n := lastLine(fm, plain, w)
			s := fm.coverTitle(w)
			after, m := lastLine(fm, s, w)
			if c.same && s.text != c.title {
				t.Errorf("%s: %q set as %q", paper, c.title, s.text)
			}
			if n > 1 && !strings.Contains(before, " ") {
				lone++
			}
			if n > 1 && !strings.ContainsAny(after, " \u00a0") && !c.same {
				t.Errorf("%s: %q ends on a line of one word, %q (set plainly: %q)", paper, c.title, after, before)
			}
			if m != n {
				t.Errorf("%s: %q takes %d lines, %d set plainly", paper, c.title, m, n)
			}
			if strings.ReplaceAll(s.text, "\u00a0", " ") != c.title {
				t.Errorf("%s: %q set as %q: not the title", paper, c.title, s.text)
			}
		}
	}
	if lone < 3 {
		t.Errorf("%d titles end on a word alone set plainly: the test tries too few", lone)
	}
}
