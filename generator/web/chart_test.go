package web

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/swordplay"
	"github.com/sortie-wargames/sortie/engine/swordsorcery"
	"github.com/sortie-wargames/sortie/generator/chart"
)

// svgParts reads a chart's SVG as XML and returns its title, its desc,
// each link's href with the text inside it, and how many rects, lines
// and dashed lines it holds.
type svgParts struct {
	title, desc          string
	links                map[string]string // href -> the box's text
	names                map[string]string // href -> the link's <title>
	rects, lines, dashed int
	ends                 int
}

func readChart(t *testing.T, svg []byte) svgParts {
	t.Helper()
	p := svgParts{links: map[string]string{}, names: map[string]string{}}
	dec := xml.NewDecoder(bytes.NewReader(svg))
	var in []string // open elements
	href := ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the chart is not well-formed XML: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			in = append(in, e.Name.Local)
			attr := func(name string) string {
				for _, a := range e.Attr {
					if a.Name.Local == name {
						return a.Value
					}
				}
				return ""
			}
			switch e.Name.Local {
			case "a":
				href = attr("href")
				if _, dup := p.links[href]; dup {
					t.Errorf("two boxes link to %s", href)
				}
				p.links[href] = ""
			case "rect":
				p.rects++
			case "polyline":
				p.lines++
				if attr("stroke-dasharray") != "" {
					p.dashed++
				}
			}
		case xml.EndElement:
			in = in[:len(in)-1]
			if e.Name.Local == "a" {
				href = ""
			}
		case xml.CharData:
			s := strings.TrimSpace(string(e))
			switch {
			case len(in) > 0 && in[len(in)-1] == "title" && href != "":
				p.names[href] = s
			case len(in) > 0 && in[len(in)-1] == "title":
				p.title = s
			case len(in) > 0 && in[len(in)-1] == "desc":
				p.desc = s
			case href != "":
				p.links[href] = strings.TrimSpace(p.links[href] + " " + s)
			case s == "End":
				p.ends++
			}
		}
	}
	return p
}

// checkChart asserts that a campaign page's chart draws c: one box per
// entry, each linking to entry-N.html and printing N, one line per link (the
// failures dashed), a title and a description.
func checkChart(t *testing.T, page []byte, c *campaign.Campaign) svgParts {
	t.Helper()
	svg := between(page, `<div class="scroll" tabindex="0" role="region" aria-label="Campaign chart, scrolls across">`, `</div>`)
	if svg == nil {
		t.Fatal("the campaign page has no chart")
	}
	p := readChart(t, svg)
	if p.title != "Campaign chart" || !strings.Contains(p.desc, fmt.Sprintf("%d entries", len(c.Nodes))) {
		t.Errorf("the chart's title %q and desc %q", p.title, p.desc)
	}
	if p.rects != len(c.Nodes) || len(p.links) != len(c.Nodes) {
		t.Errorf("%d boxes and %d links, want %d of each", p.rects, len(p.links), len(c.Nodes))
	}
	links, failures := 0, 0
	for _, n := range c.Nodes {
		text, ok := p.links[entryFile(n.Number)]
		if !ok {
			t.Errorf("no box links to entry %d", n.Number)
			continue
		}
		if !strings.HasPrefix(text, fmt.Sprint(n.Number)+" ") || !strings.Contains(squashSpace(text), n.Encounter.Title) {
			t.Errorf("the box of entry %d says %q", n.Number, text)
		}
		if name := p.names[entryFile(n.Number)]; !strings.HasPrefix(name, fmt.Sprintf("Entry %d: ", n.Number)) {
			t.Errorf("the link to entry %d is named %q, want its <title> to say \"Entry %d: ...\"", n.Number, name, n.Number)
		}
		if !bytes.Contains(page, []byte(`id="entry-`+fmt.Sprint(n.Number)+`"`)) {
			t.Errorf("entry %d has no anchor on the campaign page, for the old addresses index.html#entry-N", n.Number)
		}
		links += len(n.Links)
		for _, l := range n.Links {
			if l.Label == "Failure" {
				failures++
			}
		}
	}
	if p.lines != links || p.dashed != failures {
		t.Errorf("%d arrows (%d dashed), want %d (%d dashed)", p.lines, p.dashed, links, failures)
	}
	return p
}

// squashSpace joins the lines a title was broken into.
func squashSpace(s string) string { return regexp.MustCompile(`\s+`).ReplaceAllString(s, " ") }

func TestCampaignChart(t *testing.T) {
	in := testInput(t)
	files := render(t, in)
	p := checkChart(t, files["campaigns/tc/index.html"], in.Campaigns[0].Rolled)
	if p.ends != 1 {
		t.Errorf("%d end marks, want 1 (entry 1's failure ends the campaign)", p.ends)
	}
	contains(t, "campaigns/tc/index.html", files["campaigns/tc/index.html"], `<h2 id="chart">Campaign chart</h2>`,
		`<title>Entry 1: Skirmish, EAL 3, encounter 1. Success: go to 2. Failure: the campaign ends.</title>`)
}

// TestCampaignChartWide draws a Swordplay campaign of 12 encounters, the
// widest rows a built-in system gives.
func TestCampaignChartWide(t *testing.T) {
	sub, err := fs.Sub(content.FS, "systems/"+swordplay.ID)
	if err != nil {
		t.Fatal(err)
	}
	set, err := rules.Load(sub, "content/systems/"+swordplay.ID)
	if err != nil {
		t.Fatal(err)
	}
	sys, err := swordplay.New(set)
	if err != nil {
		t.Fatal(err)
	}
	c, err := campaign.Build(sys, "wide", 12, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	svg, err := chartSVG(c, entryFile)
	if err != nil {
		t.Fatal(err)
	}
	page := []byte(`<div class="scroll" tabindex="0" role="region" aria-label="Campaign chart, scrolls across">` + string(svg) + `</div>`)
	for _, n := range c.Nodes {
		page = fmt.Appendf(page, `<section id="entry-%d">`, n.Number)
	}
	checkChart(t, page, c)
	again, err := chartSVG(c, entryFile)
	if err != nil || again != svg {
		t.Error("two drawings of one campaign differ")
	}
}

// TestChartOnAPhone: a campaign of three entries a row, as the default
// site's The Long Road, is drawn to shrink into a phone's column (380 px
// within a 412 px screen) whole, where it was cut at the right before;
// shrunk as far as it may be, a box is still a finger's target, 44 px.
func TestChartOnAPhone(t *testing.T) {
	const column, finger = 380.0, 44.0
	if h := chart.DefaultBoxH * chartPx * chartShrink; h < finger {
		t.Errorf("a box shrunk to %v is %.1f px tall, want at least %v", chartShrink, h, finger)
	}
	sub, err := fs.Sub(content.FS, "systems/"+swordsorcery.ID)
	if err != nil {
		t.Fatal(err)
	}
	set, err := rules.Load(sub, "content/systems/"+swordsorcery.ID)
	if err != nil {
		t.Fatal(err)
	}
	sys, err := swordsorcery.New(set)
	if err != nil {
		t.Fatal(err)
	}
	c, err := campaign.Build(sys, "three-a-row", 12, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	row := map[int]int{}
	most := 0
	for _, n := range c.Nodes {
		row[n.Step]++
		most = max(most, row[n.Step])
	}
	if most != 3 {
		t.Fatalf("the campaign's widest row has %d entries, want 3", most)
	}
	svg, err := chartSVG(c, entryFile)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`style="--chart-min: ([0-9.]+)px"`).FindStringSubmatch(string(svg))
	if m == nil {
		t.Fatal("the chart says nothing of how far it may shrink")
	}
	if least, _ := strconv.ParseFloat(m[1], 64); least > column {
		t.Errorf("a chart of three entries a row shrinks to %v px at least, wider than a phone's column of %v: its right-hand boxes are cut", least, column)
	}
}
