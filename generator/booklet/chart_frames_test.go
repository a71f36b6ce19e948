package booklet

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"
	"github.com/sortie-wargames/sortie/generator/chart"
)

// shortRoad is a small campaign of four steps: one entry, then two, two
// and one, each leading on by success and failure, two failures ending
// the campaign.
func shortRoad() *campaign.Campaign {
	titles := []string{"Raid on the Mill", "Explore the Barrows", "Defend the Ford", "Patrol the Marsh Road", "Raid the Tower", "Defend the Hall"}
	steps := []int{1, 2, 2, 3, 3, 4}
	links := [][2]int{{2, 3}, {4, 5}, {5, 0}, {6, 6}, {6, 0}, {}}
	c := &campaign.Campaign{Steps: 4, Start: 1}
	for i, title := range titles {
		n := &campaign.Node{Number: i + 1, Step: steps[i], State: fmt.Sprintf("EAL %d", steps[i]+1), Encounter: &engine.Encounter{Title: title}}
		if l := links[i]; l != [2]int{} {
			n.Links = []doc.Link{{Label: "Success", To: l[0]}, {Label: "Failure", To: l[1]}}
		}
		c.Nodes = append(c.Nodes, n)
	}
	return c
}

// TestGoldenChart lays out a small campaign's chart as its pages print
// it, on A4, in a frame short enough that it goes on over two pages
// (the last row of the first carried, shaded, to the top of the second),
// with the key across an A4 page and across a folded booklet's A5 page
// (the shorter note), and compares the frames, written out as text, with
// testdata/frames/chart-short-road.txt, as TestGoldenFrames does tables.
// Laid out twice, the frames are the same. Painted, each page records
// what its frames say (every box's lines, each "End") and links every
// box to its entry.
func TestGoldenChart(t *testing.T) {
	c := shortRoad()
	d := Doc{Title: "A Short Road", Set: &rules.Set{System: &rules.System{Name: "Test"}}, Campaign: c}
	_, pw, ph, _ := paperSize("a4")
	b := &book{doc: d, pw: pw, ph: ph}
	var err error
	if b.entries, err = entriesOf(d); err != nil {
		t.Fatal(err)
	}
	if b.chart, err = chart.Layout(c, chart.Options{Width: pw - 2*side, Height: 60}); err != nil {
		t.Fatal(err)
	}
	r := newRenderer(b, newLayout())
	if len(r.chart.Pages) != 2 {
		t.Fatalf("the chart takes %d pages, want 2 (the test's frame is too tall or too short)", len(r.chart.Pages))
	}
	lay := func() ([]byte, []*frame.Frame) {
		var s strings.Builder
		s.WriteString(r.chartKey(r.contentW()).String())
		s.WriteString(r.chartKey(148.5 - 2*side).String())
		var pages []*frame.Frame
		for _, pg := range r.chart.Pages {
			f := r.chartPage(pg)
			pages = append(pages, f)
			s.WriteString(f.String())
		}
		return []byte(s.String()), pages
	}
	got, pages := lay()
	if again, _ := lay(); !bytes.Equal(got, again) {
		t.Fatal("the same chart laid out twice differs")
	}
	for _, want := range []string{`"End"`, `"Shaded: the last row`, `"Where this row leads`, "gap 0.90", `link 0.00,0.00 26.00x12.00 to "entry/1"`, "Boxes: entries."} {
		if !bytes.Contains(got, []byte(want)) {
			t.Errorf("the chart's frames hold no %s", want)
		}
	}
	golden(t, "chart-short-road.txt", got)
	for i, f := range pages {
		r.f.AddPage()
		page := r.f.PageNo()
		r.lay.text[page] = ""
		r.drawFrame(f, side, chartTop())
		if says := paintedSays(f); r.lay.text[page] != says {
			t.Errorf("page %d painted:\n%s\nthe frames say:\n%s", i+1, r.lay.text[page], says)
		}
	}
	for _, n := range c.Nodes {
		if _, ok := r.links[fmt.Sprintf("entry/%d", n.Number)]; !ok {
			t.Errorf("no box links to entry %d", n.Number)
		}
	}
}
