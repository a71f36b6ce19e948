package chart_test

import (
	"io/fs"
	"reflect"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/swordplay"
	"github.com/sortie-wargames/sortie/engine/swordsorcery"
	"github.com/sortie-wargames/sortie/generator/chart"
)

// Frames as the booklet gives them (generator/booklet/chart.go): the
// text block less the heading and the key, on A4 and on Letter.
var frames = []struct {
	name string
	opt  chart.Options
}{
	{"a4", chart.Options{Width: 180, Height: 243}},
	{"letter", chart.Options{Width: 185.9, Height: 225}},
}

func load(t *testing.T, id string) *rules.Set {
	t.Helper()
	sub, err := fs.Sub(content.FS, "systems/"+id)
	if err != nil {
		t.Fatal(err)
	}
	set, err := rules.Load(sub, "content/systems/"+id)
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// real rolls the campaigns of the default site's two systems.
func real(t *testing.T, steps int) map[string]*campaign.Campaign {
	t.Helper()
	sp, err := swordplay.New(load(t, swordplay.ID))
	if err != nil {
		t.Fatal(err)
	}
	ss, err := swordsorcery.New(load(t, swordsorcery.ID))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*campaign.Campaign{}
	for name, sys := range map[string]engine.System{"swordplay": sp, "sorcery": ss} {
		c, err := campaign.Build(sys, "chart", steps, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		out[name] = c
	}
	return out
}

// lattice is a graph only, no encounters: width entries a step, each
// sending success and failure to entries of the next step picked by a
// fixed formula, so the links cross a good deal before ordering.
func lattice(steps, width int) *campaign.Campaign {
	c := &campaign.Campaign{Steps: steps, Start: 1}
	num := func(step, i int) int { return (step-1)*width + i + 1 }
	for s := 1; s <= steps; s++ {
		for i := range width {
			n := &campaign.Node{Number: num(s, i), Step: s}
			if s < steps {
				n.Links = []doc.Link{
					{Label: "Success", To: num(s+1, (i*7+3)%width)},
					{Label: "Failure", To: num(s+1, (i*5+s)%width)},
				}
			}
			c.Nodes = append(c.Nodes, n)
		}
	}
	return c
}

// check asserts that a chart is a faithful drawing of c: every entry has
// exactly one box (two when its row is carried to the next page), no two
// boxes of a page overlap, every box fits the frame, every link has an
// arrow from its box's bottom to its target's top (or to an end mark
// under it) that crosses no box.
func check(t *testing.T, c *campaign.Campaign, ch *chart.Chart, opt chart.Options) {
	t.Helper()
	seen := map[int]int{}
	arrowsOf := map[[3]int]int{} // from, to, kind
	for pi, pg := range ch.Pages {
		at := map[int]chart.Box{}
		for i, b := range pg.Boxes {
			seen[b.Number]++
			at[b.Number] = b
			if n := c.Node(b.Number); n == nil || n.Step != b.Step {
				t.Fatalf("page %d: box %d at step %d is no entry of that step", pi+1, b.Number, b.Step)
			}
			if b.X < chart.LabelW-1e-9 || b.X+b.W > opt.Width+1e-9 || b.Y < 0 || (opt.Height > 0 && b.Y+b.H > opt.Height+1e-9) {
				t.Errorf("page %d: box %d at (%.1f, %.1f) lies outside the %.1f x %.1f frame", pi+1, b.Number, b.X, b.Y, opt.Width, opt.Height)
			}
			for _, o := range pg.Boxes[i+1:] {
				if b.X < o.X+o.W && o.X < b.X+b.W && b.Y < o.Y+o.H && o.Y < b.Y+b.H {
					t.Errorf("page %d: boxes %d and %d overlap", pi+1, b.Number, o.Number)
				}
			}
		}
		if opt.Height > 0 && pg.H > opt.Height+1e-9 {
			t.Errorf("page %d is %.1f mm tall, more than the frame's %.1f", pi+1, pg.H, opt.Height)
		}
		for _, a := range pg.Arrows {
			arrowsOf[[3]int{a.From, a.To, a.Kind}]++
			from, ok := at[a.From]
			if !ok {
				t.Fatalf("page %d: an arrow leaves entry %d, which has no box on the page", pi+1, a.From)
			}
			tail, head := a.Pts[0], a.Head()
			if tail.Y != from.Y+from.H || tail.X <= from.X || tail.X >= from.X+from.W {
				t.Errorf("page %d: the arrow %d→%d does not leave the bottom of box %d", pi+1, a.From, a.To, a.From)
			}
			if a.To == 0 {
				if head.Y <= tail.Y {
					t.Errorf("page %d: the end arrow of %d does not point down", pi+1, a.From)
				}
			} else {
				to, ok := at[a.To]
				if !ok {
					t.Fatalf("page %d: the arrow %d→%d has no target box on the page", pi+1, a.From, a.To)
				}
				if head.Y != to.Y || head.X <= to.X || head.X >= to.X+to.W {
					t.Errorf("page %d: the arrow %d→%d does not end on top of box %d", pi+1, a.From, a.To, a.To)
				}
			}
			for i := 1; i < len(a.Pts); i++ {
				for _, b := range pg.Boxes {
					if crosses(a.Pts[i-1], a.Pts[i], b) {
						t.Errorf("page %d: the arrow %d→%d crosses box %d", pi+1, a.From, a.To, b.Number)
					}
				}
			}
		}
	}
	for _, n := range c.Nodes {
		want := 1
		for _, pg := range ch.Pages[:len(ch.Pages)-1] {
			if n.Step == pg.Last {
				want = 2
			}
		}
		if seen[n.Number] != want {
			t.Errorf("entry %d has %d boxes, want %d", n.Number, seen[n.Number], want)
		}
		for k, l := range n.Links {
			if got := arrowsOf[[3]int{n.Number, l.To, k}]; got != 1 {
				t.Errorf("the %s link of entry %d to %d has %d arrows, want 1", l.Label, n.Number, l.To, got)
			}
		}
	}
}

// crosses reports whether the segment p-q passes through the inside of
// b (touching its edge is how an arrow leaves and enters a box).
func crosses(p, q chart.P, b chart.Box) bool {
	const e = 1e-6
	x0, y0, x1, y1 := b.X+e, b.Y+e, b.X+b.W-e, b.Y+b.H-e
	// Clip the segment to the box (Liang-Barsky).
	t0, t1 := 0.0, 1.0
	dx, dy := q.X-p.X, q.Y-p.Y
	for _, c := range [][2]float64{{-dx, p.X - x0}, {dx, x1 - p.X}, {-dy, p.Y - y0}, {dy, y1 - p.Y}} {
		if c[0] == 0 {
			if c[1] < 0 {
				return false
			}
			continue
		}
		r := c[1] / c[0]
		if c[0] < 0 {
			t0 = max(t0, r)
		} else {
			t1 = min(t1, r)
		}
	}
	return t0 < t1
}

func TestLayoutIsValid(t *testing.T) {
	for name, c := range real(t, 12) {
		for _, f := range frames {
			ch, err := chart.Layout(c, f.opt)
			if err != nil {
				t.Fatal(err)
			}
			check(t, c, ch, f.opt)
			if len(ch.Pages) != 1 {
				t.Errorf("%s on %s: a 12-step campaign takes %d pages, want 1", name, f.name, len(ch.Pages))
			}
		}
		// The site draws it whole.
		web := chart.Options{Width: 180}
		ch, err := chart.Layout(c, web)
		if err != nil {
			t.Fatal(err)
		}
		check(t, c, ch, web)
	}
	for _, c := range []*campaign.Campaign{lattice(12, 18), lattice(100, 13), lattice(13, 3), lattice(1, 1), lattice(2, 1)} {
		for _, f := range frames {
			ch, err := chart.Layout(c, f.opt)
			if err != nil {
				t.Fatal(err)
			}
			check(t, c, ch, f.opt)
			if c.Steps <= 12 && len(ch.Pages) != 1 {
				t.Errorf("%d steps of %d on %s: %d pages, want 1", c.Steps, len(c.Nodes)/c.Steps, f.name, len(ch.Pages))
			}
			if c.Steps == 100 && len(ch.Pages) > 10 {
				t.Errorf("100 steps on %s: %d pages, want no more than 10", f.name, len(ch.Pages))
			}
		}
	}
}

// TestEndArrows checks a link that ends the campaign: an arrow to an end
// mark, in the gap under its box.
func TestEndArrows(t *testing.T) {
	c := lattice(2, 2)
	c.Nodes[0].Links[1].To = 0
	ch, err := chart.Layout(c, chart.Options{Width: 120})
	if err != nil {
		t.Fatal(err)
	}
	check(t, c, ch, chart.Options{Width: 120})
	ends := 0
	for _, a := range ch.Pages[0].Arrows {
		if a.To == 0 {
			ends++
			if a.From != 1 || a.Label != "Failure" || a.Kind != 1 {
				t.Errorf("end arrow %+v, want entry 1's failure", a)
			}
		}
	}
	if ends != 1 {
		t.Errorf("%d end arrows, want 1", ends)
	}
}

func TestDeterministic(t *testing.T) {
	for _, c := range []*campaign.Campaign{lattice(30, 13), real(t, 12)["swordplay"]} {
		opt := frames[0].opt
		a, err := chart.Layout(c, opt)
		if err != nil {
			t.Fatal(err)
		}
		for range 5 {
			b, err := chart.Layout(c, opt)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(a, b) {
				t.Fatal("two layouts of one graph differ")
			}
		}
	}
}

// TestOrderingHelps checks that the ordering leaves fewer crossings than
// the entries in number order.
func TestOrderingHelps(t *testing.T) {
	c := lattice(8, 9)
	byNumber := make([][]int, c.Steps+1)
	for _, n := range c.Nodes {
		byNumber[n.Step] = append(byNumber[n.Step], n.Number)
	}
	ch, err := chart.Layout(c, chart.Options{Width: 400})
	if err != nil {
		t.Fatal(err)
	}
	laid := make([][]int, c.Steps+1)
	for _, b := range ch.Pages[0].Boxes { // boxes run left to right in each row
		laid[b.Step] = append(laid[b.Step], b.Number)
	}
	before, after := chart.Crossings(c, byNumber), chart.Crossings(c, laid)
	if after >= before {
		t.Errorf("%d crossings after ordering, %d in number order", after, before)
	}
	t.Logf("crossings: %d in number order, %d laid out", before, after)
}

func TestErrors(t *testing.T) {
	skip := lattice(3, 2)
	skip.Nodes[0].Links[0].To = 5
	missing := lattice(2, 2)
	missing.Nodes[0].Links[0].To = 9
	for _, tc := range []struct {
		c    *campaign.Campaign
		opt  chart.Options
		want string
	}{
		{&campaign.Campaign{}, chart.Options{Width: 100}, "no entries"},
		{skip, chart.Options{Width: 100}, "entry 1 (step 1) links to entry 5 (step 3), not the next step"},
		{missing, chart.Options{Width: 100}, "entry 1 links to entry 9, which does not exist"},
		{lattice(2, 30), chart.Options{Width: 100}, "30 entries in one step do not fit 100 mm"},
		{lattice(4, 2), chart.Options{Width: 100, Height: 20}, "too short for two rows"},
	} {
		_, err := chart.Layout(tc.c, tc.opt)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want one saying %q", err, tc.want)
		}
	}
}

func TestBoxTexts(t *testing.T) {
	// A face where every character is 0.6 em wide.
	m := func(s string, pt float64, bold bool) float64 { return float64(len([]rune(s))) * 0.6 * pt * 25.4 / 72 }
	items := []chart.Item{{14, "Raid: Attack", "EAL 2"}, {132, "Patrol", "EAL 1"}}
	wide := chart.BoxTexts(items, 26, 12, m)
	if got := texts(wide[0]); got != "14|Raid: Attack|EAL 2" {
		t.Errorf("a wide box says %q", got)
	}
	narrow := chart.BoxTexts(items, 11, 12, m)
	if got := texts(narrow[0]); got != "14|Raid:|Attack|EAL 2" {
		t.Errorf("a narrow box says %q", got)
	}
	for si, set := range [][][]chart.Line{wide, narrow} {
		if set[0][0].Pt != set[1][0].Pt || set[0][1].Pt != set[1][1].Pt {
			t.Errorf("two boxes of one chart set in different sizes: %+v", set)
		}
		for _, lines := range set {
			if !lines[0].Bold || lines[0].Pt <= lines[1].Pt {
				t.Errorf("the number is not the largest bold line: %+v", lines)
			}
			for i, l := range lines {
				if l.Y-l.H/2 < 0 || l.Y+l.H/2 > 12 {
					t.Errorf("line %q runs out of the box: %+v", l.Text, l)
				}
				if si == 1 && m(l.Text, l.Pt, l.Bold) > 11-1.6 {
					t.Errorf("line %q is wider than a narrow box", l.Text)
				}
				if i > 0 && l.Y <= lines[i-1].Y {
					t.Errorf("line %q is not below the one before", l.Text)
				}
			}
		}
	}
}

func texts(lines []chart.Line) string {
	var s []string
	for _, l := range lines {
		s = append(s, l.Text)
	}
	return strings.Join(s, "|")
}
