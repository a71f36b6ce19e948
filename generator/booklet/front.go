package booklet

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/words"
	"github.com/sortie-wargames/sortie/generator/booklet/face"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"
)

// entry is one encounter of the booklet: a pack's entry or a campaign's
// node.
type entry struct {
	number int
	typ    string
	step   int // a campaign's step; 0 in a pack
	steps  int
	state  string // the campaign's state at this entry, as the system prints it; may be empty
	enc    *engine.Encounter
	// A campaign's: what follows the encounter and the gamebook links
	// (none at the last step, where the campaign ends).
	campaign bool
	after    []doc.Block
	links    []doc.Link
}

// anchor names the entry's first page.
func (e *entry) anchor() string { return "entry/" + strconv.Itoa(e.number) }

// name is "Entry 14".
func (e *entry) name() string { return "Entry " + strconv.Itoa(e.number) }

// label is "Entry 14: Raid".
func (e *entry) label() string { return e.name() + ": " + e.enc.Title }

// stepText is "Encounter 5 of 12" in a campaign and "" in a pack.
func (e *entry) stepText() string {
	if e.step == 0 {
		return ""
	}
	return fmt.Sprintf("Encounter %d of %d", e.step, e.steps)
}

// tagline is the step and the state: "Encounter 5 of 12 · " and the state.
func (e *entry) tagline() string {
	var parts []string
	if s := e.stepText(); s != "" {
		parts = append(parts, s)
	}
	if e.state != "" {
		parts = append(parts, e.state)
	}
	return strings.Join(parts, " · ")
}

func entriesOf(d Doc) ([]*entry, error) {
	var es []*entry
	switch {
	case d.Pack != nil:
		for _, pe := range d.Pack.Entries {
			if pe == nil || pe.Encounter == nil {
				return nil, errors.New("pack entry without an encounter")
			}
			es = append(es, &entry{number: pe.Number, typ: pe.Type, state: pe.Encounter.State, enc: pe.Encounter})
		}
	case d.Campaign != nil:
		c := d.Campaign
		for _, n := range c.Nodes {
			if n == nil || n.Encounter == nil {
				return nil, errors.New("campaign node without an encounter")
			}
			state := n.Encounter.State
			if state == "" {
				state = n.State
			}
			es = append(es, &entry{
				number: n.Number, typ: n.Type, step: n.Step, steps: c.Steps, state: state, enc: n.Encounter,
				campaign: true, after: n.Afterwards, links: n.Links,
			})
		}
	}
	return es, nil
}

// What other parts of the booklet ask of the band and of the front
// matter's shape stays the renderer's, so that they ask it without a
// frontMatter: the band itself (band: an entry's spread and the log's
// roster read it), its section's title (bandTitle: an entry's line
// pointing to the band's page prints it, the log names the band by it,
// a folded booklet's volume pages list the band's part by it), whether
// the booklet has a page for the band (hasBandPage: the log prints a
// roster only then) and whether it is a month's single encounter
// (single: both builds leave out the contents then, and the log shares
// the band's page after the spread).

// band returns the booklet's band: the pack's or the campaign's.
func (r *renderer) band() *engine.Force {
	switch {
	case r.doc.Pack != nil:
		return r.doc.Pack.Band
	case r.doc.Campaign != nil:
		return r.doc.Campaign.Band
	}
	return nil
}

// bandTitle names the band section: the force's own title.
func (r *renderer) bandTitle() string {
	if b := r.band(); b != nil && b.Title != "" {
		return b.Title
	}
	return "Your band"
}

// hasBandPage says whether the booklet has a page for the band: a pack of
// a system that recruits none (each encounter brings its own forces) has
// none.
func (r *renderer) hasBandPage() bool { return r.band() != nil || r.doc.Campaign != nil }

// single says whether the booklet holds one encounter of a pack and no
// text of its own, as a month's booklet does. Its cover lists what it
// holds, with no contents page, and the band follows the spread
// (frontMatter.bandAfter), so that the spread opens on the first
// left-hand page, page 2: the cover has no room for a band's table
// under what it says (some 70 mm short on A4).
func (r *renderer) single() bool {
	return r.doc.Pack != nil && len(r.entries) == 1 && len(r.doc.Intro) == 0
}

// frontMatter is the booklet's front matter as a type of its own: the
// cover (its band, the seed in its box, what the booklet holds and the
// box of how to use it), the contents, the booklet's own text (the
// intro) and the band's page, which a booklet of one encounter prints
// after its spread (bandAfter). It is laid out on the pass's renderer,
// which brings what every part uses (flowing text and pieces, headings,
// marks, the pages of the previous pass); what lays the front matter out
// and decides where its sections go (plan, frontSection, frontRun) are
// its methods, which nothing else in a booklet calls. It keeps two things
// of its own: what the cover leaves of the page it runs on to, and the
// plan it decides for its sections from the contents on, once the cover
// is laid out; what it decides by is the booklet's, and what it records
// (its anchors) is the pass's layout. Both builds print it
// (renderer.build, foldedBooklet.build), the log too where the plan
// moves it to the front (logSection).
type frontMatter struct {
	*renderer
	way  *frontPlan // the plan of the sections from the contents on, once decided (plan)
	rest coverRest  // what the cover leaves of the page it runs on to, once printed
}

// newFrontMatter starts the front matter on the renderer of a booklet's
// pass.
func newFrontMatter(r *renderer) *frontMatter { return &frontMatter{renderer: r} }

// kind describes the booklet for the cover.
func (fm *frontMatter) kind() string {
	switch {
	case fm.doc.Campaign != nil:
		c := fm.doc.Campaign
		return fmt.Sprintf("A campaign of %d encounters, in %d entries", c.Steps, len(c.Nodes))
	case fm.doc.Pack != nil && len(fm.doc.Pack.Entries) == 1:
		return "A single encounter" // a month of a series
	case fm.doc.Pack != nil:
		return "A scenario pack of " + words.Plural(len(fm.doc.Pack.Entries), "encounter", "encounters")
	}
	return "Quick Reference Sheets"
}

// cover is page 1, a right-hand page.
func (fm *frontMatter) cover() {
	fm.newPage("")
	fm.mark("cover", bodyTop)
	fm.bookmark("Cover", 0, bodyTop)
	sys := fm.doc.Set.System
	w := fm.contentW()

	// A dark band with the system's name, beside the booklet's QR code
	// when it has one.
	fm.paint(fm.coverBand(w-fm.coverCode()), side, bodyTop)
	fm.fr.y = bodyTop + 24

	fm.flow(fm.coverTitle(w))
	if fm.kind() != fm.title() {
		fm.flow(span{text: fm.kind(), size: 14, before: 2})
	}
	fm.fr.y += 8

	var facts []span
	if sys.Book != "" {
		book := sys.Book
		if sys.Publisher != "" && !strings.Contains(book, sys.Publisher) {
			book += " (" + sys.Publisher + ")"
		}
		facts = append(facts, span{text: "For " + book + ". You need the rulebook to play.", size: 10.5})
	}
	fm.flow(facts...)
	fm.fr.y += 4
	if fm.doc.Seed != "" {
		fm.seedBox()
	}
	if fm.doc.Summary != "" {
		fm.flow(span{text: fm.doc.Summary, size: 11, before: 6})
	}
	same := "The same seed, system data and Sortie version always print this same booklet."
	if fm.doc.Seed == "" {
		same = "The same system data and Sortie version always print this same booklet."
	}
	made := span{text: "Made with Sortie " + fm.version() + ". " + same, size: 8.5, grey: true}
	if len(fm.entries) == 0 {
		// Quick Reference Sheets alone: they print every table from the
		// data Sortie rolls on, and start on this page (qrsSheets.print).
		fm.flow(span{text: "Every table is printed from the same data Sortie rolls on.", size: 10.5}, made)
		return
	}
	fm.inside()
	box := fm.boxFrame(fm.contentW(), fm.howToSpans())
	h := fm.laySpan(made, fm.fr.w).h
	if fm.fr.y+8+box.H <= fm.fr.bottom || fm.fr.y+4+h > fm.fr.bottom {
		fm.howToUse(box)
		fm.fr.y = max(fm.fr.y+4, fm.fr.bottom-h)
		fm.flow(made)
		return
	}
	// The box goes over to page 2 (a folded booklet's half page): the
	// cover's last line stays at the foot of page 1, and the rest of
	// page 2 is left for what follows (coverRest).
	fm.fr.y = fm.fr.bottom - h
	fm.flow(made)
	fm.howToUse(box)
	fm.rest = coverRest{page: fm.f.PageNo(), y: fm.fr.y}
}

// coverTitle is the booklet's title as the cover sets it, w wide: a
// title that wraps keeps its last two words together ("December 2026",
// not "2026" alone under "December"), joined by a no-break space, so
// that its last line is never one word alone when two fit the line.
func (fm *frontMatter) coverTitle(w float64) span {
	s := span{text: fm.title(), style: "B", size: 30}
	lines := fm.spanLines(s, w)
	if len(lines) < 2 {
		return s
	}
	var last strings.Builder
	for _, sg := range lines[len(lines)-1] {
		last.WriteString(sg.Text)
	}
	i := strings.LastIndex(s.text, " ")
	if strings.Contains(strings.TrimSpace(last.String()), " ") || i < 0 {
		return s
	}
	kept := s
	kept.text = s.text[:i] + "\u00a0" + s.text[i+1:]
	kl := fm.spanLines(kept, w)
	if len(kl) > len(lines) {
		return s // the two words do not fit a line together
	}
	for _, l := range kl {
		if l[len(l)-1].Broken != "" {
			return s
		}
	}
	return kept
}

// coverBand lays out the cover's dark band, bw wide and 11 mm tall: the
// system's name on it in white, cut short to fit.
func (fm *frontMatter) coverBand(bw float64) *frame.Frame {
	fm.font("B", 12)
	name := fm.fit(fm.cov.printable(fm.doc.Set.System.Name), bw-8)
	return &frame.Frame{W: bw, H: 11, Say: name, Marks: []frame.Mark{
		frame.Box{W: bw, H: 11, Fill: 40, Stroke: -1},
		frame.Text{X: 4, W: bw - 8, H: 11, Font: sansFont("B", 12), Grey: 255, Align: "L", S: name},
	}}
}

// bandAfter prints the band of a booklet of one encounter after its
// spread.
func (fm *frontMatter) bandAfter() {
	if fm.single() && fm.hasBandPage() {
		fm.frontSection(fm.bandTitle(), "band", false, (*frontMatter).bandBody)
	}
}

// spreadPromise is what the contents promise of the entries' pages, as
// the last pass laid them out: "6 encounter entries, each on a spread of
// two facing pages", naming the entries that take more spreads, by how
// many ("; entries 2 and 5 take two spreads (four pages)").
func (fm *frontMatter) spreadPromise() string {
	n := words.Plural(len(fm.entries), "encounter entry", "encounter entries")
	groups := fm.entrySpreads()
	most := groups[0]
	for _, g := range groups[1:] {
		if len(g.numbers) > len(most.numbers) {
			most = g
		}
	}
	if len(fm.entries)-len(most.numbers) > manyLong {
		// Too many to name: how many take each, and where each says so.
		var parts []string
		for _, g := range groups {
			parts = append(parts, fmt.Sprintf("%d on %s", len(g.numbers), spreadsText(g.spreads)))
		}
		return n + ": " + strings.Join(parts, ", ") + "; an entry on more than one says how many pages beside its name"
	}
	if len(fm.entries) == 1 {
		return n + ", on " + spreadsText(most.spreads)
	}
	text := n + ", each on " + spreadsText(most.spreads)
	for _, g := range groups {
		if g.spreads != most.spreads {
			verb := " take "
			if len(g.numbers) == 1 {
				verb = " takes "
			}
			text += "; " + numberList("entry", "entries", g.numbers) + verb + spreadsText(g.spreads)
		}
	}
	return text
}

// manyLong is the most entries the contents and the cover name as taking
// more spreads than the rest; past it they say how many, and the entries'
// own pages say which.
const manyLong = 6

// spreadsText names a number of spreads: "a spread of two facing pages",
// "two spreads (four pages)".
func spreadsText(n int) string {
	if n == 1 {
		return "a spread of two facing pages"
	}
	return spelled(n) + " spreads (" + spelled(2*n) + " pages)"
}

// spelled writes a count up to twelve in words, a larger one in figures.
func spelled(n int) string {
	names := []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"}
	if n >= 0 && n < len(names) {
		return names[n]
	}
	return strconv.Itoa(n)
}

// spreadStep is the cover's instruction on reading an entry's pages.
func (fm *frontMatter) spreadStep() string {
	const first = "set up the table from the maps on the left-hand page; the pages after give the rest of the encounter"
	var long []int
	for _, g := range fm.entrySpreads() {
		if g.spreads > 1 {
			long = append(long, g.numbers...)
		}
	}
	slices.Sort(long)
	switch {
	case len(long) == 0 && len(fm.entries) == 1:
		return "The encounter is a spread: set up the table from the maps on the left-hand page; the right-hand page gives the rest of it."
	case len(long) == 0:
		return "Each encounter is a spread: set up the table from the maps on the left-hand page; the right-hand page gives the rest of the encounter."
	case len(long) == len(fm.entries):
		return "Each encounter takes more than one spread: " + first + ", and the foot of the first spread says \"Continued overleaf\"; the later spreads end with the tables you roll on while playing it."
	case len(long) > manyLong:
		return "Each encounter starts on a left-hand page: " + first + "; one that says \"4 pages\" (or more) beside its name goes on over the page, and the foot of its first spread says \"Continued overleaf\"."
	default:
		verb := " take more"
		if len(long) == 1 {
			verb = " takes more"
		}
		return "Each encounter is a spread (" + numberList("entry", "entries", long) + verb + "; the foot of the first says \"Continued overleaf\"): " + first + "."
	}
}

// spreadGroup is the entries laid out on the same number of spreads.
type spreadGroup struct {
	spreads int
	numbers []int
}

// entrySpreads groups the entries' numbers by the spreads they took in
// the previous pass, fewest first; an entry not yet laid out counts as
// one spread.
func (fm *frontMatter) entrySpreads() []spreadGroup {
	var gs []spreadGroup
	for _, e := range fm.entries {
		n := max(1, fm.spreadsOf(e))
		i := slices.IndexFunc(gs, func(g spreadGroup) bool { return g.spreads == n })
		if i < 0 {
			gs = append(gs, spreadGroup{spreads: n})
			i = len(gs) - 1
		}
		gs[i].numbers = append(gs[i].numbers, e.number)
	}
	slices.SortFunc(gs, func(a, b spreadGroup) int { return a.spreads - b.spreads })
	return gs
}

// numberList names numbered things: "entry 3", "entries 3 and 7",
// "entries 1, 2 and 5".
func numberList(one, many string, ns []int) string {
	names := make([]string, len(ns))
	for i, n := range ns {
		names[i] = strconv.Itoa(n)
	}
	if len(names) == 1 {
		return one + " " + names[0]
	}
	k := len(names)
	return many + " " + strings.Join(names[:k-1], ", ") + " and " + names[k-1]
}

// inside lists what the booklet holds, with pages.
func (fm *frontMatter) inside() {
	type item struct{ text, anchor string }
	var items []item
	if len(fm.entries) > 0 {
		items = append(items,
			item{fm.spreadPromise(), fm.entries[0].anchor()})
		if n := fm.playCount(); n > 0 {
			items = append(items, item{words.Plural(n, "card", "cards") + " to cut out and keep at the table", "aids"})
		}
		if len(fm.cards) > 0 {
			items = append(items, item{words.Plural(len(fm.cards), "sealed card", "sealed cards") + ": " + fm.sealedName, "cards"})
		}
		if fm.single() && fm.hasBandPage() {
			// No contents page: the cover names the band's.
			items = append(items, item{fm.bandTitle() + ": " + words.Plural(fm.band().Size(), "figure", "figures"), "band"})
		}
		if fm.hasBandPage() {
			items = append(items, item{"A campaign log for your band and your results", "log"})
		} else {
			items = append(items, item{"A log of your results", "log"})
		}
	}
	qrs := "Quick Reference Sheets: " + words.Plural(len(fm.qrsTables()), "table", "tables")
	if fm.doc.QRS != nil {
		qrs = "Quick Reference Sheets: the " + words.Plural(len(fm.qrsTables()), "table", "tables") + " this encounter sends you to"
	}
	items = append(items, item{qrs, "qrs"})
	if fm.opt.Impose == Saddle {
		// The cards of a folded booklet are sheets of their own, printed
		// flat beside its volumes: the page is theirs.
		for i := range items {
			if items[i].anchor == "aids" || items[i].anchor == "cards" {
				items[i].text += " (on the card sheets, printed flat beside the booklet)"
			}
		}
	}
	// In the order of the pages, once the pass before has placed them.
	if !slices.ContainsFunc(items, func(it item) bool { return fm.prev.pages[it.anchor] == 0 }) {
		slices.SortStableFunc(items, func(a, b item) int { return fm.prev.pages[a.anchor] - fm.prev.pages[b.anchor] })
	}
	spans := []span{{text: "In this booklet", style: "B", size: 11, before: 7}}
	for _, it := range items {
		spans = append(spans, span{text: it.text + ", page " + fm.pageOf(it.anchor), size: 10, indent: 5, bullet: "•", before: 0.8, link: it.anchor})
	}
	fm.flow(spans...)
}

// seedBox prints the seed exactly, in a box that shows where it starts
// and ends (seedFrame), under its label; the box goes over a page only
// whole.
func (fm *frontMatter) seedBox() {
	w := fm.contentW()
	label := &frame.Frame{W: w, H: lh(8), Say: "SEED", Marks: []frame.Mark{
		frame.Text{W: w, H: lh(8), Font: sansFont("B", 8), Align: "L", S: "SEED"},
	}}
	fm.paintMarks(label, side, fm.fr.y)
	fm.fr.y += label.H + 0.5
	box := fm.seedFrame(w)
	fm.need(box.H)
	fm.paintMarks(box, side, fm.fr.y)
	fm.fr.y += box.H
	if fm.cov.printable(fm.doc.Seed) != fm.doc.Seed {
		fm.flow(span{text: "Characters the booklet's font cannot show are written as <U+code point>.", size: 8, grey: true, before: 1})
	}
}

// seedFrame lays out the seed, w wide: its lines in 13 pt (Go Mono when
// the seed prints in it) on a light grey box outlined in black, the ink
// set back after the box.
func (fm *frontMatter) seedFrame(w float64) *frame.Frame {
	font := sansFont("", 13)
	if fm.monoSeed {
		font = frame.Font{Family: face.Mono, Size: 13}
	}
	fm.f.SetFont(font.Family, font.Style, font.Size)
	lines := fm.split(fm.doc.Seed, w-6)
	if fm.doc.Seed == "" {
		lines = []string{"(empty)"}
	}
	h := float64(len(lines))*lh(13) + 4
	box := &frame.Frame{W: w, H: h, Marks: []frame.Mark{frame.Box{W: w, H: h, Fill: 238, Stroke: 0, Width: 0.3}}}
	f := &frame.Frame{W: w, H: h, Say: strings.Join(lines, "\n"), Marks: []frame.Mark{frame.Sub{F: box}}}
	for i, l := range lines {
		f.Marks = append(f.Marks, frame.Text{X: 3, Y: 2 + float64(i)*lh(13), W: w - 6, H: lh(13), Font: font, Align: "L", S: l})
	}
	return f
}

// howToUse prints the cover's box telling the player how to read the
// booklet (howToSpans, in a boxFrame), 8 mm under what is above it and
// kept whole.
func (fm *frontMatter) howToUse(box *frame.Frame) {
	fm.fr.y += 8
	fm.need(box.H)
	fm.paintMarks(box, side, fm.fr.y)
	fm.fr.y += box.H
}

// howToSpans is what the cover's box says: its title and numbered steps.
func (fm *frontMatter) howToSpans() []span {
	var steps []string
	if c := fm.doc.Campaign; c != nil {
		steps = append(steps, fmt.Sprintf("Start at entry %d (page %s). At the end of each encounter, turn to the entry for your success or failure.", c.Start, fm.pageOf("entry/"+strconv.Itoa(c.Start))))
	} else if fm.doc.Pack != nil && len(fm.entries) > 1 {
		steps = append(steps, "Pick an entry and turn to it; the entries do not lead into each other.")
	}
	if len(fm.entries) > 0 {
		steps = append(steps, fm.spreadStep())
		if fm.playCount() > 0 {
			steps = append(steps, "Cut out the cards to keep at the table before you play; each card's foot names its entry.")
		}
		if len(fm.cards) > 0 {
			steps = append(steps, "What the rules keep hidden until play is on sealed cards. When you reach it, read only the card the encounter names (the first, then the second, ...); never read ahead or read the cards around it. Cut the cards out, or cover the page.")
		}
		keep := "your results on the log"
		if fm.hasBandPage() {
			keep = "your band and your results on the campaign log"
		}
		steps = append(steps,
			"Every roll made for you is printed with its dice, so you can check it against the rulebook.",
			fmt.Sprintf("Keep %s (page %s). The Quick Reference Sheets are at the back (page %s).", keep, fm.pageOf("log"), fm.pageOf("qrs")),
		)
	} else {
		steps = append(steps, "The Quick Reference Sheets print every table from the same data Sortie rolls on.")
	}
	spans := []span{{text: "How to use this booklet", style: "B", size: 11}}
	for i, s := range steps {
		spans = append(spans, span{text: s, size: 10, indent: 6, bullet: strconv.Itoa(i+1) + ".", before: 1.5})
	}
	return spans
}

// boxFrame lays out spans in a box w wide, outlined in black: the spans
// flowed 4 mm inside its sides and 3 mm under its top, the box 3 mm
// taller than they are, the ink set back after its outline.
func (fm *frontMatter) boxFrame(w float64, spans []span) *frame.Frame {
	in := &framer{r: fm.renderer, f: &frame.Frame{W: w}}
	c := cursor{x: 4, w: w - 8, top: 3, y: 3, bottom: math.Inf(1), brk: func() {}}
	fm.flowOn(&c, in, spans...)
	h := c.y + 3
	box := &frame.Frame{W: w, H: h, Marks: []frame.Mark{frame.Box{W: w, H: h, Fill: -1, Stroke: 0, Width: 0.5}}}
	in.f.H = h
	in.f.Marks = append([]frame.Mark{frame.Sub{F: box}}, in.f.Marks...)
	return in.f
}

// contents lists the sections and every entry with their pages, as
// links: on a page of their own, or under the cover's box on the page
// the cover runs on to, where the front's plan puts them there
// (frontPlan.contentsUnder), going over the page if need be.
func (fm *frontMatter) contents() {
	if !fm.plan().contentsUnder {
		fm.newPage("Contents")
		fm.mark("contents", bodyTop)
		fm.bookmark("Contents", 0, bodyTop)
		fm.contentsOn(&fm.fr, paintNow{fm.renderer})
		return
	}
	fm.fr.y += frontGap
	fm.fr.brk = func() { fm.newPage("Contents") }
	fm.section = "Contents"
	fm.mark("contents", fm.fr.y)
	fm.bookmark("Contents", 0, fm.fr.y)
	fm.contentsOn(&fm.fr, paintNow{fm.renderer})
}

// coverRest is what the cover leaves of the page it runs on to, when
// its box goes over to page 2 and its last line stays on page 1: the
// page, and where the box ends on it (y). Its page is 0 on a cover of
// one page, or one whose last line went over with the box.
type coverRest struct {
	page int
	y    float64
}

// contentsOn places the contents, their heading and lines, down the
// cursor, telling p what to paint.
func (fm *frontMatter) contentsOn(c *cursor, p painter) {
	fm.headingOn(c, p, "Contents", 16, 10)
	type line struct {
		text, anchor string
		level        int
	}
	var lines []line
	if len(fm.entries) > 0 {
		band := fm.bandTitle()
		if fm.doc.Campaign != nil {
			band += " and where to start"
		}
		if len(fm.doc.Intro) > 0 {
			lines = append(lines, line{fm.introTitle(), "intro", 0})
		}
		if fm.hasBandPage() {
			lines = append(lines, line{band, "band", 0})
		}
		if fm.chart != nil {
			lines = append(lines, line{"Campaign chart", "chart", 0})
		}
		lines = append(lines, line{"Encounters", fm.entries[0].anchor(), 0})
		for _, e := range fm.entries {
			t := e.label()
			if s := e.tagline(); s != "" {
				t += " (" + words.LowerFirst(s) + ")"
			}
			lines = append(lines, line{t, e.anchor(), 1})
		}
		if len(fm.aids) > 0 {
			lines = append(lines, line{"Cards to cut out", "aids", 0})
		}
		if len(fm.cards) > 0 {
			lines = append(lines, line{fm.cardsTitle(), "cards", 0})
		}
		lines = append(lines, line{"Campaign log", "log", 0})
	}
	lines = append(lines, line{"Quick Reference Sheets", "qrs", 0})
	// In the order of the pages, once the pass before has placed them: a
	// folded booklet prints its cards to cut out last, on sheets of their
	// own after the Quick Reference Sheets.
	type part struct {
		page  int
		lines []line
	}
	var parts []part
	placed := true
	for _, l := range lines {
		if l.level == 0 {
			p, ok := fm.prev.pages[l.anchor]
			placed = placed && ok
			parts = append(parts, part{page: p})
		}
		parts[len(parts)-1].lines = append(parts[len(parts)-1].lines, l)
	}
	if placed {
		slices.SortStableFunc(parts, func(a, b part) int { return cmp.Compare(a.page, b.page) })
		lines = lines[:0]
		for _, p := range parts {
			lines = append(lines, p.lines...)
		}
	}
	// The contents close up, in steps, when that keeps them on one page:
	// a last line alone on a page of its own helps nobody.
	type spacing struct{ lead, gap, sub float64 }
	steps := []spacing{{1.2, 1.5, 9.5}, {0.7, 1.0, 9.5}, {0.35, 0.6, 9}}
	sp := steps[0]
	for _, s := range steps {
		total := 0.0
		for _, l := range lines {
			if l.level > 0 {
				total += lh(s.sub) + s.lead
			} else {
				total += lh(10.5) + s.lead + s.gap
			}
		}
		if total <= c.bottom-c.y {
			sp = s
			break
		}
	}
	for _, l := range lines {
		size, style := 10.5, "B"
		if l.level > 0 {
			size, style = sp.sub, ""
		}
		h := lh(size) + sp.lead
		if l.level == 0 {
			c.gap(sp.gap)
		}
		c.need(h)
		p.marks(fm.contentsLine(l.text, fm.pageOf(l.anchor), l.anchor, style, size, 6*float64(l.level), h), c.x, c.y)
		c.y += h
	}
}

// contentsLine lays out a line of the contents, "text ...... page",
// across the text block, h tall: the text indented, cut short to leave
// room for the page number, set flush right; the whole line links to
// anchor, not its text alone.
func (fm *frontMatter) contentsLine(text, page, anchor, style string, size, indent, h float64) *frame.Frame {
	w := fm.contentW()
	fm.font(style, size)
	pw := fm.f.GetStringWidth(page)
	t := fm.fit(fm.cov.printable(text), w-indent-pw-8)
	tw := fm.f.GetStringWidth(t)
	f := &frame.Frame{W: w, H: h, Say: t, Marks: []frame.Mark{
		frame.Text{X: indent, W: tw, H: h, Font: sansFont(style, size), Align: "L", S: t},
		frame.Text{W: w, H: h, Font: sansFont(style, size), Align: "R", S: page},
	}}
	// Dot leaders, all in one size and ending at one place, so the dots
	// of every line stand in the same columns.
	fm.font("", 9)
	dot := fm.f.GetStringWidth(". ")
	const pageCol = 11 // mm kept for the page numbers
	x0, x1 := indent+tw+2, w-pageCol
	if n := int((x1 - x0) / dot); n > 0 {
		f.Marks = append(f.Marks, frame.Text{X: x1 - float64(n)*dot, W: float64(n) * dot, H: h, Font: sansFont("", 9), Grey: 140, Align: "L", S: strings.Repeat(". ", n)})
	}
	f.Marks = append(f.Marks, frame.Link{W: w, H: h, Anchor: anchor})
	return f
}

// introTitle names the page of the booklet's own text.
func (fm *frontMatter) introTitle() string {
	if fm.doc.Campaign != nil {
		return "About this campaign"
	}
	return "About this pack"
}

// introSection prints the pack's or campaign's own text, the Markdown
// body of its page, where the front's plan puts it (frontPlan).
func (fm *frontMatter) introSection() {
	if len(fm.doc.Intro) == 0 {
		return
	}
	fm.frontSection(fm.introTitle(), "intro", fm.plan().introAlone, (*frontMatter).introBody)
}

// introBody places the booklet's own text down the cursor, laid out for
// its width, telling p what to paint.
func (fm *frontMatter) introBody(c *cursor, p painter) {
	fm.flowPiecesOn(c, p, fm.pieces(fm.doc.Intro, bandLook, 0, blockCtx{}, c.w))
}

// frontGap is the space above a front-matter section that shares the
// page before it.
const frontGap = 8.0

// sparse is the least share of its text block a front page may hold: a
// page of the front matter under a fifth full (two lines of the
// booklet's own text on a page of their own, "About this pack" alone)
// is nearly empty, and the front is laid out another way when one
// leaves none (frontPlan); the layout reports one it could not avoid
// (FaultSparse).
const sparse = 0.2

// sparsePages are the pages of the front matter, between the cover and
// the first entry, that hold less than sparse of their text block
// (placedPages.fill), as the pass placed them: none in a booklet of one
// encounter, whose spread follows its cover, or of the Quick Reference
// Sheets alone.
func (r *renderer) sparsePages() []int {
	if len(r.entries) == 0 {
		return nil
	}
	var pages []int
	for pg := 2; pg < r.lay.pages[r.entries[0].anchor()]; pg++ {
		if r.placed.fill(pg, r.ph, r.bottom()) < sparse {
			pages = append(pages, pg)
		}
	}
	return pages
}

// frontPlan is how the front matter's sections lie after the cover:
// whether the contents start a page of their own or follow the cover's
// box on the page it runs on to, whether the booklet's own text and the
// band each start a page of their own or go under what is before them
// (they do only when they fit there whole), and whether the log moves
// into the front, after the band and before the campaign chart. The
// rule (frontMatter.decide): the first entry opens on a left-hand page
// with no Notes page before it; the ways are tried in tiers, the log at
// the back, then in the front on a page of its own, then in the front
// under the band's table (a log of two pages, as on a folded booklet's
// half page, changes no parity on pages of its own), and of the first
// tier whose fullest way leaves no page under sparse, that way; when no
// tier does, the way whose emptiest page is fullest. The contents start
// a page of their own in every tier; only when none of them leaves
// every page a fifth full, and the cover ran on to page 2 (a folded
// booklet's half page, its box too tall for page 1), are the tiers
// tried again with the contents following the box there, going over the
// page if need be: that takes a page out of the front, and so changes
// its parity, which nothing after the contents may (a log of two pages,
// or three under the band, adds two). A log of more than maxFrontLog
// pages stays at the back. A flat booklet whose log moves to the front
// may print a Notes page before its cards (backMatter), which start on
// a right-hand page: the same count of pages, the ruled one at the back.
type frontPlan struct {
	// contentsUnder sets the contents under the cover's box, on the
	// page the cover runs on to (coverRest), rather than on a page of
	// their own.
	contentsUnder              bool
	introAlone, bandAlone, log bool
	// logUnder sets the log in the front under the band's table, running
	// on over the page, rather than on a page of its own: where the log
	// takes two pages, as on a folded booklet's, the parity of a page
	// of its own would not help.
	logUnder bool
	// least is how full the emptiest page of the front is, from the
	// contents' last page to the first entry, as a share of its text
	// block; even says whether the first entry then opens on a
	// left-hand page with no Notes page before it.
	least float64
	even  bool
}

// plan is the front's plan, decided once for the pass as the first
// section after the contents asks for it (decide), and kept.
func (fm *frontMatter) plan() frontPlan {
	if fm.way == nil {
		w := fm.decide()
		fm.way = &w
	}
	return *fm.way
}

// decide lays out every way the front's sections may lie (frontPlan)
// from where the cover ends, and picks one by frontPlan's rule.
func (fm *frontMatter) decide() frontPlan {
	if fm.single() {
		return frontPlan{even: true, least: 1}
	}
	var intro, band *logRun
	if len(fm.doc.Intro) > 0 {
		intro = fm.frontRun(fm.introTitle(), (*frontMatter).introBody)
	}
	if fm.hasBandPage() {
		band = fm.frontRun(fm.bandTitle(), (*frontMatter).bandBody)
	}
	logPages := newCampaignLog(fm.renderer).pages()
	// Where the contents leave the front: on a page of their own, then,
	// where the cover ran on to page 2, under its box there, going over
	// the page if need be.
	type start struct {
		under bool
		page  int     // the page the contents end on
		used  float64 // how much of its text block they and what is above them take
	}
	alone := fm.contentsRun(cursor{x: side, w: fm.contentW(), top: bodyTop, y: bodyTop, bottom: fm.bottom()})
	starts := []start{{page: fm.f.PageNo() + 1 + alone.page, used: alone.c.y - bodyTop}}
	if fm.rest.page > 0 {
		under := fm.contentsRun(cursor{x: side, w: fm.contentW(), top: bodyTop, y: fm.rest.y + frontGap, bottom: fm.bottom()})
		starts = append(starts, start{under: true, page: fm.rest.page + under.page, used: under.c.y - bodyTop})
	}
	// The ways in tiers, in the order the rule tries them: for each
	// place of the contents, the log at the back, on a page of its own
	// in the front, under the band.
	var tiers [][]frontPlan
	for _, st := range starts {
		for _, lw := range []frontPlan{{}, {log: true}, {log: true, logUnder: true}} {
			if lw.log && logPages > maxFrontLog {
				break
			}
			var tier []frontPlan
			for _, sw := range []frontPlan{{}, {introAlone: true}, {bandAlone: true}, {introAlone: true, bandAlone: true}} {
				if intro == nil && sw.introAlone || band == nil && (sw.bandAlone || lw.logUnder) {
					continue
				}
				sw.contentsUnder, sw.log, sw.logUnder = st.under, lw.log, lw.logUnder
				sw.least, sw.even = fm.frontWay(sw, st.page, st.used, intro, band, logPages)
				tier = append(tier, sw)
			}
			tiers = append(tiers, tier)
		}
	}
	// best is the way whose emptiest page is fullest, the first of
	// equals; of those that keep the first entry from a Notes page
	// (even) when any does.
	best := func(ws []frontPlan, even bool) (frontPlan, bool) {
		var b frontPlan
		ok := false
		for _, w := range ws {
			if (w.even || !even) && (!ok || w.least > b.least+0.001) {
				b, ok = w, true
			}
		}
		return b, ok
	}
	var all []frontPlan
	for _, ws := range tiers {
		if b, ok := best(ws, true); ok && b.least >= sparse {
			return b
		}
		all = append(all, ws...)
	}
	if b, ok := best(all, true); ok {
		return b
	}
	// No way keeps the first entry from a Notes page: the fullest with
	// the contents on a page of their own and the log at the back.
	b, _ := best(tiers[0], false)
	return b
}

// contentsRun lays out the contents from the cursor c, as contentsOn
// places them, without painting: a run whose page says how many pages
// they went over and whose cursor where they end. It leaves the font
// wanted as it was, and the renderer's frame untouched.
func (fm *frontMatter) contentsRun(c cursor) *logRun {
	defer func(want fontSel) { fm.f.font.want = want }(fm.f.font.want)
	run := newLogRun(c, fm.bottom())
	fm.contentsOn(&run.c, noPaint{})
	return run
}

// maxFrontLog is the most pages a log moved to the front may take: a
// pack of many encounters, whose log takes several, keeps it at the
// back, after its cards.
const maxFrontLog = 2

// frontWay lays out the front's sections as w says, from the contents'
// last page, page, of whose text block they and what is above them
// take used mm: a section goes under what is before it unless w starts
// it on a page of its own, and only when it fits there whole; the log
// and the chart take pages of their own, which they fill. It returns
// how full the emptiest page is, as a share of the text block (pages a
// run fills whole count as full), and whether the first entry then
// opens on a left-hand page.
func (fm *frontMatter) frontWay(w frontPlan, page int, used float64, intro, band *logRun, logPages int) (least float64, even bool) {
	room := fm.bottom() - bodyTop
	var fills []float64
	next := func(pages int, h float64) {
		fills = append(fills, used)
		page += pages
		used = h
	}
	place := func(run *logRun, alone bool) {
		if run == nil {
			return
		}
		h := run.c.y - bodyTop
		if !alone && run.page == 0 && used+frontGap+h <= room {
			used += frontGap + h
			return
		}
		next(1+run.page, h)
	}
	place(intro, w.introAlone)
	place(band, w.bandAlone)
	switch {
	case w.logUnder:
		more, ok := newCampaignLog(fm.renderer).laidFrom(bodyTop + used)
		if !ok {
			return 0, false
		}
		if more+1 > maxFrontLog {
			return 0, false
		}
		page += more
		used = room
	case w.log:
		next(logPages, room)
	}
	if fm.chart != nil && len(fm.chart.Pages) > 0 {
		next(len(fm.chart.Pages), room)
	}
	fills = append(fills, used)
	return slices.Min(fills) / room, page%2 == 1
}

// frontSection prints a section of the front matter (the booklet's own
// text, the band): its heading, anchor and bookmark, then body, placed
// down the frame and painted there. It goes under what the page before
// it holds when it fits there whole, laid out first on a page of its
// own (frontRun), unless the front's plan starts it on a page of its
// own (alone).
func (fm *frontMatter) frontSection(title, anchor string, alone bool, body func(fm *frontMatter, c *cursor, p painter)) {
	const gap = frontGap
	// Only after the contents: a booklet of one encounter has none, and
	// its band follows the spread (bandAfter).
	share := !fm.single() && !alone
	if share {
		run := fm.frontRun(title, body)
		share = run.page == 0 && fm.fr.y+gap+(run.c.y-bodyTop) <= fm.fr.bottom
	}
	if share {
		fm.fr.y += gap
		fm.section = title
	} else {
		fm.newPage(title)
	}
	fm.mark(anchor, fm.fr.y)
	fm.bookmark(title, 0, fm.fr.y)
	fm.heading(title, 16, 20)
	body(fm, &fm.fr, paintNow{fm.renderer})
}

// logSection prints the log in the front, after the band, on a page of
// its own or under the band's table, where the front's plan puts it
// there (frontPlan.log, logUnder); the back matter then leaves it out
// (campaignLog.inFront).
func (fm *frontMatter) logSection() {
	if fm.single() || !fm.plan().log {
		return
	}
	newCampaignLog(fm.renderer).printOn(fm.plan().logUnder)
}

// frontRun lays out a front-matter section, its heading and body, on a
// page of its own, as frontSection prints it on a new page, and places
// it without painting: a run whose page says whether it went over a
// page and whose cursor where it ends. Laying it out leaves the font
// wanted as it was, and the renderer's frame untouched: the run has a
// new page's frame of its own, whose width body lays its blocks out for.
func (fm *frontMatter) frontRun(title string, body func(fm *frontMatter, c *cursor, p painter)) *logRun {
	defer func(want fontSel) { fm.f.font.want = want }(fm.f.font.want)
	run := newLogRun(cursor{x: side, w: fm.contentW(), top: bodyTop, y: bodyTop, bottom: fm.bottom(), brk: func() {}}, fm.bottom())
	fm.headingOn(&run.c, noPaint{}, title, 16, 20)
	body(fm, &run.c, noPaint{})
	return run
}

// bandSection prints the band once, and for a campaign where to start,
// on the page after the contents' or under what they leave room for
// (frontSection); a booklet of one encounter prints it after its spread
// (bandAfter).
func (fm *frontMatter) bandSection() {
	if !fm.hasBandPage() || fm.single() {
		return
	}
	fm.frontSection(fm.bandTitle(), "band", fm.plan().bandAlone, (*frontMatter).bandBody)
}

// bandBody places the band's figures and, for a campaign, where to
// start, down the cursor, laid out for its width, telling p what to
// paint.
func (fm *frontMatter) bandBody(c *cursor, p painter) {
	b := fm.band()
	if b == nil {
		fm.flowOn(c, p, span{text: "No band was rolled for this booklet.", size: bodySize})
	} else {
		every := "Every encounter in this booklet is"
		if len(fm.entries) == 1 {
			every = "The encounter in this booklet is"
		}
		what := "Pre-rolled: "
		if camp := fm.doc.Campaign; camp != nil && camp.Chapter > 1 {
			what = fmt.Sprintf("As chapter %d left it (Between chapters, below): ", camp.Chapter-1)
		}
		fm.flowOn(c, p, span{text: what + words.Plural(b.Size(), "figure", "figures") + ". " + every + " rolled for this band.", size: bodySize})
		c.gap(2)
		fm.flowPiecesOn(c, p, fm.pieces(b.Blocks(), bandLook, 0, blockCtx{}, c.w))
	}
	camp := fm.doc.Campaign
	if camp == nil {
		return
	}
	if len(camp.Between) > 0 {
		c.gap(8)
		fm.headingOn(c, p, "Between chapters", 13, 16)
		fm.flowPiecesOn(c, p, fm.pieces(camp.Between, bandLook, 0, blockCtx{}, c.w))
	}
	c.gap(8)
	if camp.Begin != nil {
		fm.flowPiecesOn(c, p, fm.blockPieces(camp.Begin, bandLook, 0, blockCtx{}, c.w))
		c.gap(3)
	}
	fm.flowOn(c, p, fm.startSpan(camp.Start),
		span{text: fmt.Sprintf("The campaign runs %s. Each entry ends with the entry to turn to on a success and on a failure.", words.Plural(camp.Steps, "encounter", "encounters")), size: bodySize})
}

// startSpan is a campaign's "Start at entry 3 (page 12)" in a box across
// the frame, linking to the entry: a 16 mm box and 2 mm under it, kept
// with 2 mm more.
func (fm *frontMatter) startSpan(entry int) span {
	start := "entry/" + strconv.Itoa(entry)
	return span{keep: 2, lay: func(w float64) *frame.Frame {
		text := fmt.Sprintf("Start at entry %d (page %s)", entry, fm.pageOf(start))
		// The box first, the ink set back after it, then the text.
		box := &frame.Frame{W: w, H: 16, Marks: []frame.Mark{frame.Box{W: w, H: 16, Fill: -1, Stroke: 0, Width: 0.6}}}
		return &frame.Frame{W: w, H: 18, Say: text, Marks: []frame.Mark{
			frame.Sub{F: box},
			frame.Text{Y: 2, W: w, H: 12, Font: frame.Font{Family: face.Sans, Style: "B", Size: 18}, Align: "C", S: text, Link: start},
		}}
	}}
}
