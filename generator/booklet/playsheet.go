package booklet

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/board/draw"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/words"
	"github.com/sortie-wargames/sortie/generator/booklet/face"
	"github.com/sortie-wargames/sortie/generator/booklet/flow"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"
	"github.com/sortie-wargames/sortie/generator/booklet/memo"
	"github.com/sortie-wargames/sortie/generator/booklet/press"
)

// This file prints a play sheet: one encounter on one side of paper, to
// set up and play from without the booklet. Page 1 holds the title and
// the facts to check it by (system, seed), the maps with their
// legend and the encounter's short sections beside them, then its tables
// and the band. Page 2, when the encounter has any, holds the sealed
// items, numbered as page 1 lists them, each in a box to cut out; the
// page can be folded under or cut off. Nothing sealed is printed on page
// 1. The type is set as large as lets page 1 (and page 2) fit, down to
// sheetFloor; an encounter that does not fit even then is an error.
//
// The sheet is a document of its own, playSheet: sheetPDF sorts the
// encounter for it (sheetPlan), then fits page 1 (fitFront, layFront)
// and page 2 (fitBack, layBack), each laid out at the sizes tried and
// placed, not painted (sheetRun), and paints the pages chosen once.

// Sheet is one encounter as a play sheet.
type Sheet struct {
	Title     string // what the encounter belongs to: a pack's, a campaign's or a series' title
	Label     string // which encounter of it: "Encounter 3", "Entry 14", "November 2026"
	Tagline   string // the step and state, printed beside the title ("Encounter 5 of 12", and a campaign entry's state); may be empty
	Set       *rules.Set
	Encounter *engine.Encounter
	Band      *engine.Force // the player's force, printed with the forces; nil when the encounter brings its own
	Links     []doc.Link    // in a campaign, where success and failure lead; nil elsewhere
}

// SheetPages returns how many pages an encounter's play sheet has: 2
// when it has sealed items, else 1.
func SheetPages(e *engine.Encounter) int {
	if e != nil {
		for _, s := range sealedBlocks(e.Blocks) {
			if len(s.Items) > 0 {
				return 2
			}
		}
	}
	return 1
}

// ErrSheetFull is the error WriteSheet returns (wrapped, naming the
// page) for an encounter too long for its play sheet: one side of paper
// for page 1, one for the sealed items, even in the smallest type.
var ErrSheetFull = errors.New("too long for one side of paper")

// sheetFloor is the smallest body size a sheet is set in, in points.
const sheetFloor = face.MinSize

// sheetSizes are the body sizes tried, largest first.
var sheetSizes = func() []float64 {
	var out []float64
	for s := 9.5; s >= sheetFloor-0.001; s -= 0.25 {
		out = append(out, s)
	}
	return out
}()

// sheetLook is the look of a sheet set at a body size s.
func sheetLook(s float64) look {
	return look{size: s, note: max(s-0.75, face.MinSize), head: s + 1.5, table: tableLook{
		size: max(s-0.75, face.MinSize), head: max(s-1, face.MinSize), key: max(s-0.75, face.MinSize),
		zebra: true, band: 6, title: s + 0.5, pad: 0.3, fold: true, floor: face.MinSize,
	}}
}

// Map column widths tried at each size, as a share of the text block.
var sheetMapShares = []float64{0.5, 0.44, 0.4, 0.36, 0.32, 0.28}

// WriteSheet renders an encounter's play sheet as a PDF to w.
func WriteSheet(w io.Writer, s Sheet, opt Options) error {
	pdf, faults, err := sheetPDF(s, opt)
	if err != nil {
		return fmt.Errorf("failed to write the play sheet of %s: %w", s.name(), err)
	}
	if _, err := w.Write(pdf); err != nil {
		return fmt.Errorf("failed to write the play sheet of %s: %w", s.name(), err)
	}
	opt.report(faults)
	return nil
}

// name names the sheet's encounter in messages: "Marsh and Ruin,
// Encounter 3: Raid".
func (s Sheet) name() string {
	var parts []string
	if s.Title != "" {
		parts = append(parts, s.Title)
	}
	label := s.Label
	if s.Encounter != nil && s.Encounter.Title != "" {
		if label != "" {
			label += ": "
		}
		label += s.Encounter.Title
	}
	if label != "" {
		parts = append(parts, label)
	}
	if len(parts) == 0 {
		return "an encounter"
	}
	return strings.Join(parts, ", ")
}

// sheetBook is what a sheet's passes share.
func sheetBook(s Sheet, opt Options) (*book, error) {
	name, pw, ph, ok := paperSize(opt.Paper)
	if !ok {
		return nil, fmt.Errorf("paper %q: want a4 or letter", opt.Paper)
	}
	if s.Set == nil || s.Set.System == nil {
		return nil, errors.New("no rule system data")
	}
	if s.Encounter == nil {
		return nil, errors.New("no encounter")
	}
	face := opt.Face
	cov := coverage{face}
	created := fixedDate(opt.Created)
	title := s.Label + ": " + s.Encounter.Title
	if s.Label == "" {
		title = s.Encounter.Title
	}
	if s.Title != "" {
		title = s.Title + ", " + title
	}
	return &book{doc: Doc{Title: title, Set: s.Set, Seed: s.Encounter.Seed}, opt: opt, created: created,
		paperName: name, pw: pw, ph: ph, face: face, cov: cov, monoSeed: cov.monoHas(s.Encounter.Seed), setter: flow.New(face),
		own: ownTables(s.Encounter.Blocks)}, nil
}

// sheetPDF lays out and writes a play sheet, with the layout defects its
// printed pass drew.
func sheetPDF(s Sheet, opt Options) ([]byte, []Fault, error) {
	b, err := sheetBook(s, opt)
	if err != nil {
		return nil, nil, err
	}
	ps := newPlaySheet(b, newSheetPlan(s))

	// Each page laid out at the largest type that fits it, then painted
	// as laid out.
	ps.f.AddPage()
	_, front, ok := ps.fitFront()
	if !ok {
		return nil, nil, fmt.Errorf("page 1 is %w even at %g pt", ErrSheetFull, sheetFloor)
	}
	var back *sheetRun
	if len(ps.plan.items) > 0 {
		if _, back, ok = ps.fitBack(); !ok {
			return nil, nil, fmt.Errorf("page 2 (the sealed items) is %w even at %g pt", ErrSheetFull, sheetFloor)
		}
	}
	if err := ps.f.Error(); err != nil {
		return nil, nil, err
	}
	front.paint()
	if back != nil {
		ps.section = ps.plan.sealedTitle + ": sealed"
		ps.f.AddPage()
		back.paint()
	}
	ps.endPages()
	if err := ps.f.Error(); err != nil {
		return nil, nil, err
	}
	if err := ps.paintPages("SinglePage"); err != nil {
		return nil, nil, err
	}
	if err := ps.finish(); err != nil {
		return nil, nil, err
	}
	var out bytes.Buffer
	if err := ps.f.Output(&out); err != nil {
		return nil, nil, err
	}
	pdf, err := press.Deflate(out.Bytes())
	if err != nil {
		return nil, nil, err
	}
	pdf, err = press.Mend(pdf, nil)
	return pdf, ps.f.faults.faults, err
}

// playSheet is a play sheet as a document of its own: an encounter
// sorted for its sheet (plan), laid out one page at a time on a renderer
// of its own. The renderer brings what every document uses (flowing
// text and pieces, tables, maps, placing and painting frames); the
// sheet's geometry, its head and foot, and what lays out and fits each
// page are the sheet's methods, which no booklet calls. A sheet is laid
// out without painting and painted once: it takes one pass. It shares
// no state with another document but the caches the face keeps for
// every document of a build (sharedKept, sharedMeasures), whose values
// their keys decide.
type playSheet struct {
	*renderer
	plan *sheetPlan
}

// newPlaySheet starts the play sheet of a plan: a renderer of its own,
// no running head, the sheet's foot on every page (sheetFooter).
func newPlaySheet(b *book, p *sheetPlan) *playSheet {
	ps := &playSheet{renderer: newRenderer(b, newLayout()), plan: p}
	ps.onHeader(func() {})
	ps.onFooter(ps.sheetFooter)
	return ps
}

// sheetPlan is an encounter sorted for its sheet.
type sheetPlan struct {
	s           Sheet
	maps        []board.Map
	facts       []doc.Block // short blocks, beside the maps
	rest        []doc.Block // tables and what holds them, across the page
	items       []sheetItem // the sealed items, numbered from 1
	sealedTitle string
	cards       bool // every figure has a play card: the forces print as lists of names
}

// sheetItem is one sealed item and the number the sheet gives it.
type sheetItem struct {
	n    int
	item doc.SealedItem
}

func newSheetPlan(s Sheet) *sheetPlan {
	p := &sheetPlan{s: s, maps: topMaps(s.Encounter.Blocks), sealedTitle: "Sealed"}
	for _, sb := range sealedBlocks(s.Encounter.Blocks) {
		if sb.Title != "" && len(p.items) == 0 {
			p.sealedTitle = sb.Title
		}
		for _, it := range sb.Items {
			p.items = append(p.items, sheetItem{n: len(p.items) + 1, item: it})
		}
	}
	doc.Walk(s.Encounter.Blocks, func(b doc.Block) {
		if c, ok := b.(*doc.Cards); ok && len(c.Items) > 0 {
			p.cards = true
		}
	})
	n := 0
	for _, b := range p.frontBlocks(cardsLine(s.Encounter.Blocks), &n) {
		if wideBlock(b) {
			p.rest = append(p.rest, b)
		} else {
			p.facts = append(p.facts, b)
		}
	}
	if s.Band != nil {
		title := s.Band.Title
		if title == "" {
			title = "Your band"
		}
		p.rest = append([]doc.Block{&doc.Section{Title: title, Blocks: p.frontBlocks(s.Band.Blocks(), &n)}}, p.rest...)
	}
	if len(s.Links) > 0 {
		p.facts = append(p.facts, linksPara(s.Links))
	}
	return p
}

// cardsLine says each run of an encounter's top-level cards in one
// paragraph of its own, "Cards to cut out: ...": said one to a line after
// the last side's roster, both sides' cards read as the last side's. One
// line for the run, not a heading and a line each: a crowded sheet has no
// more room for them than before.
func cardsLine(bs []doc.Block) []doc.Block {
	var out []doc.Block
	for i := 0; i < len(bs); i++ {
		if _, ok := bs[i].(*doc.Cards); !ok {
			out = append(out, bs[i])
			continue
		}
		var parts []string
		for ; i < len(bs); i++ {
			c, ok := bs[i].(*doc.Cards)
			if !ok {
				break
			}
			parts = append(parts, cardsPart(c))
		}
		i--
		out = append(out, &doc.Para{Lead: "Cards to cut out, printed in the booklet:", Text: strings.Join(parts, "; ") + "."})
	}
	return out
}

// cardsPart names one side's cards in the line of cards to cut out:
// "Town Militia (your side), 9 action cards of 63 × 63 mm" for cards
// titled "Action cards: Town Militia (your side)", so that the line does
// not stack colons; a title of another form is said as it is.
func cardsPart(c *doc.Cards) string {
	n := len(c.Items)
	kind, whose, ok := strings.Cut(c.Title, ": ")
	if !ok || !strings.HasSuffix(strings.ToLower(kind), "cards") {
		return fmt.Sprintf("%s, %d %s of %s × %s mm", c.Title, n, plural(n, "card", "cards"), mmText(c.W), mmText(c.H))
	}
	kind = strings.ToLower(strings.TrimSuffix(strings.TrimSuffix(kind, "cards"), "Cards"))
	return fmt.Sprintf("%s, %d %s%s of %s × %s mm", whose, n, kind, plural(n, "card", "cards"), mmText(c.W), mmText(c.H))
}

// frontBlocks returns the blocks page 1 prints: maps left out (they are
// drawn apart), each Sealed block as the list of its items' numbers,
// cards as what they are and where they are printed. n counts the
// sealed items listed so far.
func (p *sheetPlan) frontBlocks(bs []doc.Block, n *int) []doc.Block {
	var out []doc.Block
	for _, b := range bs {
		switch b := b.(type) {
		case *doc.Map:
		case *doc.Section:
			out = append(out, &doc.Section{Title: b.Title, Blocks: p.frontBlocks(terrainBlocks(b.Blocks), n)})
		case *doc.Sealed:
			if len(b.Items) == 0 {
				continue
			}
			title := b.Title
			if title == "" {
				title = "Sealed"
			}
			var items []string
			for _, it := range b.Items {
				*n++
				t := strconv.Itoa(*n) + ": " + it.Title
				if it.Tag != "" {
					t += " (" + it.Tag + ")"
				}
				items = append(items, t)
			}
			out = append(out, &doc.Section{Title: title + ": sealed, on page 2", Blocks: []doc.Block{&doc.List{Items: items}}})
		case *doc.Cards:
			text := fmt.Sprintf("%d %s of %s × %s mm, printed to cut out in the booklet.", len(b.Items), plural(len(b.Items), "card", "cards"), mmText(b.W), mmText(b.H))
			out = append(out, &doc.Para{Lead: b.Title + ":", Text: text})
		case *doc.Links:
			out = append(out, linksPara(b.Links))
		case *doc.Roll:
			out = append(out, playRoll(b))
		case *doc.Table:
			if p.cards && isForce(b) {
				out = append(out, forceList(b))
				continue
			}
			out = append(out, playTable(b))
		default:
			out = append(out, b)
		}
	}
	return out
}

// Page 1 is for playing: what each roll gave, not its dice, which the
// seed printed at the top and the entry's number let anyone roll again
// from the same site (and the booklet and the site print). A roll line becomes its label and result;
// in a table, a cell that is a roll becomes its result and any note
// after it, and a column left with nothing is not printed.

// playRoll is a roll line as page 1 prints it: "Terrain: Clear".
func playRoll(ro *doc.Roll) doc.Block {
	if ro.Result == "" || ro.Label == "" {
		return ro
	}
	return &doc.Para{Lead: ro.Label + ":", Text: ro.Result}
}

// diceRe matches a roll as dice.Roll prints it, from the start of a cell:
// "2d6 = 3 + 5 = 8", "lower of 2d6 = 4, 5", "1d6+3 = 2 + 3 = 5".
var diceRe = regexp.MustCompile(`^(?:(?:lower|higher|better) of )?\d+d\d+\S*(?: [^=→;]*)? = -?\d+(?:(?:, | \+ | - )-?\d+)*(?: = -?\d+)?`)

// rowRe matches the row read, printed after a roll: " (row 6 to 9)".
var rowRe = regexp.MustCompile(`^ \(row [^)]*\)`)

// playCell returns a table cell as page 1 prints it: each roll in it
// (parts split by "; ") replaced by its result, the row read left out,
// any note after them kept. ok is false for a cell holding no roll.
func playCell(cell string) (out string, ok bool) {
	parts := strings.Split(cell, "; ")
	for i, part := range parts {
		m := diceRe.FindString(part)
		if m == "" {
			continue
		}
		ok = true
		rest := part[len(m):]
		result := ""
		if r, found := strings.CutPrefix(rest, " → "); found {
			result, rest = r, ""
			if k := strings.Index(r, " (row "); k >= 0 {
				result, rest = r[:k], r[k:]
			}
		}
		// "1d6 = 5 (row 4-6): 2 units" reads its result after a colon.
		rest = strings.TrimPrefix(strings.TrimSpace(rowRe.ReplaceAllString(rest, "")), ": ")
		parts[i] = strings.TrimSpace(result + " " + rest)
	}
	var kept []string
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, "; "), ok
}

// playTable returns a table as page 1 prints it, rolls replaced by their
// results and empty columns left out; the table given is not changed.
func playTable(t *doc.Table) *doc.Table {
	c := *t
	rows := make([][]string, len(t.Rows))
	rolled := map[int]bool{}
	for i, row := range t.Rows {
		rows[i] = slices.Clone(row)
		for j, cell := range row {
			if v, ok := playCell(cell); ok {
				rows[i][j], rolled[j] = v, true
			}
		}
	}
	// A rolled column left with a note in few rows: the notes go under
	// the table, each naming its row, and the column goes.
	var notes []string
	for j := range rolled {
		var at []int
		for i, row := range rows {
			if j < len(row) && row[j] != "" {
				at = append(at, i)
			}
		}
		if len(at) == 0 || 2*len(at) >= len(rows) {
			continue
		}
		for _, i := range at {
			name := rows[i][0] // the key, and the next column unless it is the note's own
			if j != 1 && len(rows[i]) > 1 {
				name += " " + rows[i][1]
			}
			notes = append(notes, name+": "+rows[i][j])
			rows[i][j] = ""
		}
	}
	slices.Sort(notes)
	c.Footnotes = append(notes, t.Footnotes...)
	var keep []int
	n := len(t.Head)
	for _, row := range rows {
		n = max(n, len(row))
	}
	for j := range n {
		empty := true
		for _, row := range rows {
			if j < len(row) && row[j] != "" {
				empty = false
			}
		}
		if j == 0 || !rolled[j] || !empty {
			keep = append(keep, j)
		}
	}
	pick := func(row []string) []string {
		out := make([]string, 0, len(keep))
		for _, j := range keep {
			v := ""
			if j < len(row) {
				v = row[j]
			}
			out = append(out, v)
		}
		return out
	}
	if len(t.Head) > 0 {
		c.Head = pick(t.Head)
	}
	c.Rows = nil
	for _, row := range rows {
		c.Rows = append(c.Rows, pick(row))
	}
	c.Wide = nil
	for k, j := range keep {
		if slices.Contains(t.Wide, j) {
			c.Wide = append(c.Wide, k)
		}
	}
	if len(c.Wide) == 0 && len(t.Wide) > 0 {
		// The long column left out was what kept the table whole: its
		// long text columns wrap instead, so it is never folded in two.
		for k := 1; k < len(keep); k++ {
			for _, row := range c.Rows {
				if k < len(row) && utf8.RuneCountInString(row[k]) > 12 && !slices.Contains(c.Wide, k) {
					c.Wide = append(c.Wide, k)
				}
			}
		}
		if len(c.Wide) == 0 {
			c.Wide = []int{len(keep) - 1}
		}
	}
	return &c
}

// A table of terrain section by section (keyed by "Section", with a
// "Terrain" column) prints on page 1 as one paragraph, "1: Woods · 2:
// Clear (Buildings: 1) · ...": the same facts in a few lines instead of a
// row each, as the map beside it draws them too. A paragraph beside it
// that only records the dice the terrain was rolled with is left out, as
// page 1 leaves out every roll's dice.

// rolledRe finds a roll's record in running text: "1d6 = 3".
var rolledRe = regexp.MustCompile(`\d+d\d+\S* = -?\d`)

// terrainBlocks returns the blocks of a section with any terrain table
// in it as one paragraph, and the paragraphs recording its dice left
// out; a section without one is returned as it is.
func terrainBlocks(bs []doc.Block) []doc.Block {
	var line *doc.Para
	at := -1
	for i, b := range bs {
		if t, ok := b.(*doc.Table); ok {
			if line = terrainLine(t); line != nil {
				at = i
				break
			}
		}
	}
	if line == nil {
		return bs
	}
	var out []doc.Block
	for i, b := range bs {
		if i == at {
			out = append(out, line)
			continue
		}
		if pa, ok := b.(*doc.Para); ok && rolledRe.MatchString(pa.Text) {
			continue
		}
		out = append(out, b)
	}
	return out
}

// terrainLine returns a terrain table as one paragraph, or nil for a
// table that is not one: each section's number and terrain, the other
// columns' results after it in brackets, named by their header, and the
// table's notes after the sections.
func terrainLine(t *doc.Table) *doc.Para {
	if len(t.Head) < 2 || t.Head[0] != "Section" {
		return nil
	}
	ti := slices.Index(t.Head, "Terrain")
	if ti < 1 {
		return nil
	}
	var parts []string
	for _, row := range t.Rows {
		if len(row) <= ti {
			return nil
		}
		var extra []string
		for j, cell := range row {
			if j == 0 || j == ti || j >= len(t.Head) {
				continue
			}
			if v, ok := playCell(cell); ok {
				cell = v
			}
			if cell != "" {
				extra = append(extra, t.Head[j]+": "+cell)
			}
		}
		part := row[0] + ": " + row[ti]
		if len(extra) > 0 {
			part += " (" + strings.Join(extra, "; ") + ")"
		}
		parts = append(parts, part)
	}
	text := strings.Join(parts, " · ") + "."
	for _, n := range slices.Concat(t.Notes, t.Footnotes) {
		text += " " + n
	}
	for _, d := range t.Decisions {
		text += " Sortie's decision: " + d
	}
	lead := t.Title
	if lead == "" {
		lead = "Section by section"
	}
	return &doc.Para{Lead: lead + ":", Text: text}
}

// isForce reports whether a table is a force's figures, as
// engine.Force.Table prints them: place, figure, attributes.
func isForce(t *doc.Table) bool {
	return len(t.Head) > 2 && t.Head[0] == "#" && t.Head[1] == "Figure"
}

// forceList is a force whose figures each have a play card, as page 1
// prints it: the figures in order, each with the value of its first
// attribute; the card holds the rest.
func forceList(t *doc.Table) doc.Block {
	var names []string
	for _, row := range t.Rows {
		if len(row) < 2 {
			continue
		}
		name := row[1]
		if len(row) > 2 && row[2] != "" {
			name += " (" + row[2] + ")"
		}
		names = append(names, name)
	}
	return &doc.Para{Lead: words.Plural(len(names), "figure", "figures") + ", each on its play card:", Text: strings.Join(names, ", ") + "."}
}

// linksPara is a campaign entry's ways on as one line: "Success: turn to
// entry 14. Failure: turn to entry 9."
func linksPara(links []doc.Link) *doc.Para {
	var parts []string
	for _, l := range links {
		t := "the campaign ends here"
		if l.To != 0 {
			t = "turn to entry " + strconv.Itoa(l.To)
		}
		if l.Label != "" {
			t = l.Label + ": " + t
		}
		if l.Note != "" {
			t += " (" + l.Note + ")"
		}
		parts = append(parts, t+".")
	}
	return &doc.Para{Lead: "After the encounter:", Text: strings.Join(parts, " ")}
}

// wideBlock reports whether a block needs the page's width: a table or
// a section holding one.
func wideBlock(b doc.Block) bool {
	switch b := b.(type) {
	case *doc.Table:
		return true
	case *doc.Section:
		for _, c := range b.Blocks {
			if wideBlock(c) {
				return true
			}
		}
	}
	return false
}

// sheetFit is how page 1 is set: a body size and the map column's share
// of the text block.
type sheetFit struct {
	size, share float64
}

// sheetRun is a page of a sheet laid out and placed, not painted: what
// to paint, in order, each where it goes. Painting it draws the page.
type sheetRun struct {
	parts []func()
	end   float64 // where what is placed ends, mm from the page's top
}

// at keeps paint, to paint after what is kept already.
func (run *sheetRun) at(paint func()) { run.parts = append(run.parts, paint) }

// painter tells what is placed on the page to keep its paint in the run
// (runPainter, as a campaign log's run keeps it).
func (run *sheetRun) painter(ps *playSheet) painter { return runPainter{run.at, ps.renderer} }

// paint paints the page on the sheet's current page.
func (run *sheetRun) paint() {
	for _, p := range run.parts {
		p()
	}
}

// fitFront returns the first setting, largest type first, at which page
// 1 fits, and page 1 laid out at it (layFront): each setting tried is
// laid out, and none painted.
func (ps *playSheet) fitFront() (sheetFit, *sheetRun, bool) {
	var tries []sheetFit
	for _, s := range sheetSizes {
		for _, sh := range sheetMapShares {
			tries = append(tries, sheetFit{s, sh})
		}
	}
	runs := map[int]*sheetRun{}
	fits := func(i int) bool {
		run, ok := ps.layFront(tries[i])
		runs[i] = run
		return ok
	}
	i, ok := firstFit(len(tries), fits)
	if !ok {
		return sheetFit{}, nil, false
	}
	return tries[i], runs[i], true
}

// firstFit returns the first of n settings, largest first, at which
// fits says the page fits, and false when none does. Most pages fit at
// the largest; the rest find the first that fits by halving: larger
// settings overflow and smaller ones fit, the way type and maps shrink
// together. The smallest is tried only when every larger one
// overflows: the halving takes the same steps whether it fits or not,
// until it reaches it.
func firstFit(n int, fits func(i int) bool) (int, bool) {
	if fits(0) {
		return 0, true
	}
	last := n - 1
	lo, hi := 0, last // lo overflows; hi fits, or is the last
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if fits(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	if hi == last && !fits(last) {
		return 0, false
	}
	return hi, true
}

// fitBack returns the largest body size at which the sealed items fit
// page 2, and page 2 laid out at it (layBack).
func (ps *playSheet) fitBack() (float64, *sheetRun, bool) {
	runs := map[int]*sheetRun{}
	fits := func(i int) bool {
		run, ok := ps.layBack(sheetSizes[i])
		runs[i] = run
		return ok
	}
	i, ok := firstFit(len(sheetSizes), fits)
	if !ok {
		return 0, nil, false
	}
	return sheetSizes[i], runs[i], true
}

// Sheet geometry in millimetres: narrower margins than a booklet's, as
// a sheet is one side of paper and never bound; still clear of what home
// printers leave unprinted.
const (
	sheetGutter = 6.0  // between columns
	sheetX      = 10.0 // left and right margins
	sheetTop    = 10.0 // the title's top
	sheetFoot   = 9.0  // the footer's top, up from the paper's bottom edge
	sheetEnd    = 12.0 // the text block ends this far above the bottom edge
)

// sheetW is the width of a sheet's text block, and sheetBottom where it
// ends.
func (ps *playSheet) sheetW() float64      { return ps.pw - 2*sheetX }
func (ps *playSheet) sheetBottom() float64 { return ps.ph - sheetEnd }

// sheetFooter prints what is needed to print the sheet again: the
// system, the seed, Sortie's version, and the page (sheetFooterFrame).
// The text is painted alone, the ink left as it sets it.
func (ps *playSheet) sheetFooter() { ps.paintMarks(ps.sheetFooterFrame(), 0, 0) }

// sheetFooterFrame lays out the current page's foot, a frame of the
// page placed at its corner: a grey hairline (a frame of its own,
// painted with the ink set back after it), then the page number on the
// right and the system, the seed and Sortie's version on the left, cut
// to what the number leaves. The foot is not in the page's text record.
func (ps *playSheet) sheetFooterFrame() *frame.Frame {
	y := ps.ph - sheetFoot
	w := ps.sheetW()
	line := &frame.Frame{W: ps.pw, H: ps.ph, Marks: []frame.Mark{frame.Rule{X1: sheetX, Y1: y - 0.8, X2: sheetX + w, Y2: y - 0.8, Grey: 150, Width: 0.2}}}
	page := "Page " + strconv.Itoa(ps.f.PageNo())
	ps.font("B", 7)
	pw := ps.f.GetStringWidth(page)
	left := ps.doc.Set.System.Name + " · Seed: " + ps.cov.printable(ps.doc.Seed) + " · Sortie " + ps.version()
	ps.font("", 7)
	left = ps.fit(left, w-pw-6)
	return &frame.Frame{W: ps.pw, H: ps.ph, Marks: []frame.Mark{
		frame.Sub{F: line},
		frame.Text{X: sheetX, Y: y, W: w, H: lh(7), Font: sansFont("B", 7), Align: "R", S: page},
		frame.Text{X: sheetX, Y: y, W: w - pw - 6, H: lh(7), Font: sansFont("", 7), Align: "L", S: left},
	}}
}

// layFront lays page 1 out and places it, set as t says, and reports
// whether it fits. The maps and their legend take the left-hand
// column, the short blocks the right; a narrow table (one no taller in a
// column than across the page) joins the shorter column when that costs
// less height than printing it across the page; the rest follows across
// the page, in order.
func (ps *playSheet) layFront(t sheetFit) (*sheetRun, bool) {
	run := &sheetRun{}
	lk := sheetLook(t.size)
	w := ps.sheetW()
	over := false
	ps.fr = cursor{x: sheetX, w: w, top: sheetTop, y: sheetTop, bottom: ps.sheetBottom(), brk: func() { over = true }}
	ps.sheetHead(run, t.size)
	ctx := blockCtx{skipMaps: true, checklist: ps.checklistFlowed}
	if len(ps.plan.maps) == 0 {
		ps.flowPiecesOn(&ps.fr, run.painter(ps), ps.pieces(ps.plan.facts, lk, 0, ctx, w))
		ps.flowPiecesOn(&ps.fr, run.painter(ps), ps.pieces(ps.plan.rest, lk, 0, ctx, w))
		run.end = ps.fr.y
		return run, !over && ps.fr.y <= ps.fr.bottom+0.01
	}
	outer := ps.fr
	mw := w * t.share
	cw := w - mw - sheetGutter
	y := ps.fr.y + 1
	mapsH := ps.sheetMaps(run, ps.plan.maps, sheetX, y, mw, lk) - y
	ps.fr = outer
	// The blocks' heights set in lk in a column w wide, as sheetColumns
	// adds them up. They are kept in the face for every sheet of the
	// build (sharedKept): the sheets of a pack print the same band,
	// and the same blocks at the sizes tried. The key leaves out ctx,
	// which is the same on every sheet (and holds a func, which no key
	// can write out).
	shared := ps.face.Memo(sharedHeightsKey{}, func() any { return newSharedKept[string, float64](sharedMax) }).(*sharedKept[string, float64])
	height := func(bs []doc.Block, w float64) float64 {
		key := memo.Key(struct {
			bs []doc.Block
			lk look
			w  float64
		}{bs, lk, w})
		m, ok := shared.get(key)
		if !ok {
			m = ps.layPieces(ps.pieces(bs, lk, 0, ctx, w), w).h
			if !ps.f.Err() { // fpdf measures nothing once it has failed
				shared.put(key, m)
			}
		}
		return m
	}
	under, beside, across := ps.sheetColumns(mapsH, mw, cw, w, outer.bottom-y, height)
	end := y
	for _, col := range []struct {
		x, w float64
		y    float64
		bs   []doc.Block
	}{{sheetX, mw, y + mapsH, under}, {sheetX + mw + sheetGutter, cw, y, beside}} {
		ps.fr = cursor{x: col.x, w: col.w, top: col.y, y: col.y, bottom: outer.bottom, brk: outer.brk}
		if len(col.bs) > 0 && col.x == sheetX {
			ps.fr.y += 2.5
			ps.fr.top = ps.fr.y - 1 // not at the top: keeps the space above the first block
		}
		ps.flowPiecesOn(&ps.fr, run.painter(ps), ps.pieces(col.bs, lk, 0, ctx, col.w))
		end = max(end, ps.fr.y)
	}
	outer.y = max(end, y+mapsH) + 1.5
	ps.fr = outer
	ps.flowPiecesOn(&ps.fr, run.painter(ps), ps.pieces(across, lk, 0, ctx, outer.w))
	run.end = ps.fr.y
	return run, !over && ps.fr.y <= ps.fr.bottom+0.01
}

// sharedHeightsKey finds, in the face, the heights layFront measured
// (sharedKept).
type sharedHeightsKey struct{}

// sheetColumns sorts page 1's blocks into its two columns and the
// width of the page below them. The short blocks run down the right-hand
// column, and the last of them carry on under the maps when that evens
// the columns out; each of the rest (tables, and what holds them) goes
// across the page below the columns, or at the foot of either column
// when it fits there without being squeezed (no more than a little
// taller than across the page), whichever leaves page 1 shortest; a
// table may be squeezed into a column (its long cells wrapping more)
// only when page 1 does not fit in room mm otherwise. The
// blocks' heights are measured once in each width and added up; the
// choices are tried in a fixed order, so the same blocks always sort the
// same way.
func (ps *playSheet) sheetColumns(mapsH, mw, cw, w, room float64, height func([]doc.Block, float64) float64) (under, beside, across []doc.Block) {
	const leftGap, acrossGap = 2.5, 1.5
	facts, rest := ps.plan.facts, ps.plan.rest
	fR := make([]float64, len(facts))
	fL := make([]float64, len(facts))
	for i, b := range facts {
		fR[i], fL[i] = height([]doc.Block{b}, cw), height([]doc.Block{b}, mw)
	}
	n := len(rest)
	hR, hL, rW := make([]float64, n), make([]float64, n), make([]float64, n)
	for i, b := range rest {
		one := []doc.Block{b}
		rW[i] = height(one, w) + acrossGap
		hR[i], hL[i] = height(one, cw), height(one, mw)
	}
	rR, rL := make([]float64, n), make([]float64, n)
	squeeze := func(most float64) {
		for i := range n {
			rR[i], rL[i] = hR[i], hL[i]
			if rR[i] > rW[i]*most+2 {
				rR[i] = -1 // squeezed: not in this column
			}
			if rL[i] > rW[i]*most+2 {
				rL[i] = -1
			}
		}
	}
	const (
		inAcross = iota
		inRight
		inLeft
	)
	place := make([]int, n)
	best, bestK, bestPlace := -1.0, len(facts), make([]int, n)
	var try func(i int)
	try = func(i int) {
		if i < n {
			for _, at := range []int{inAcross, inRight, inLeft} {
				if (at == inRight && rR[i] < 0) || (at == inLeft && rL[i] < 0) {
					continue
				}
				place[i] = at
				try(i + 1)
			}
			return
		}
		for k := len(facts); k >= min(1, len(facts)); k-- {
			right, left, below := 0.0, 0.0, 0.0
			for j := range k {
				right += fR[j]
			}
			for j := k; j < len(facts); j++ {
				left += fL[j]
			}
			for j, at := range place {
				switch at {
				case inAcross:
					below += rW[j]
				case inRight:
					right += rR[j]
				case inLeft:
					left += rL[j]
				}
			}
			if left > 0 {
				left += leftGap
			}
			total := max(right, mapsH+left) + below
			if best < 0 || total < best-0.5 {
				best, bestK = total, k
				copy(bestPlace, place)
			}
		}
	}
	for _, most := range []float64{1.15, 1.8} {
		squeeze(most)
		best = -1
		try(0)
		if best <= room-4 { // a little under: the sum of heights is an estimate
			break
		}
	}
	under, beside = slices.Clone(facts[bestK:]), slices.Clone(facts[:bestK])
	for j, at := range bestPlace {
		switch at {
		case inAcross:
			across = append(across, rest[j])
		case inRight:
			beside = append(beside, rest[j])
		case inLeft:
			under = append(under, rest[j])
		}
	}
	return under, beside, across
}

// sheetHead places the sheet's title, what it belongs to, and the facts
// to check it by (system, seed, Sortie's version) down the frame.
func (ps *playSheet) sheetHead(run *sheetRun, size float64) {
	s, e := ps.plan.s, ps.plan.s.Encounter
	w := ps.sheetW()
	y := ps.fr.y
	title := e.Title
	if s.Label != "" {
		title = s.Label + ": " + title
	}
	room := w
	if s.Tagline != "" {
		ps.font("B", 10)
		tag := ps.cov.printable(s.Tagline)
		room -= ps.f.GetStringWidth(tag) + 6
		run.painter(ps).marks(&frame.Frame{W: ps.pw, H: ps.ph, Say: tag, Marks: []frame.Mark{
			frame.Text{X: sheetX, Y: y + lh(16) - lh(10) - 0.5, W: w, H: lh(10), Font: sansFont("B", 10), Align: "R", S: tag},
		}}, 0, 0)
	}
	ps.font("B", 16)
	title = ps.fit(ps.cov.printable(title), room)
	run.painter(ps).marks(&frame.Frame{W: ps.pw, H: ps.ph, Say: title, Marks: []frame.Mark{
		frame.Text{X: sheetX, Y: y, W: room, H: lh(16), Font: sansFont("B", 16), Align: "L", S: title},
	}}, 0, 0)
	y += lh(16) + 0.3
	var facts []string
	if s.Title != "" {
		facts = append(facts, s.Title)
	}
	// The stream an entry was rolled from is the engine's name for it
	// ("pack/1/explore"): no command takes it, so it does not print; the
	// title, the label and the seed say which entry this is.
	facts = append(facts, s.Set.System.Name, "seed "+e.Seed)
	facts = append(facts, "Sortie "+ps.version())
	ps.fr.y = y
	ps.flowOn(&ps.fr, run.painter(ps), span{text: strings.Join(facts, " · "), size: 8, grey: true})
	ly := ps.fr.y + 0.6
	run.painter(ps).frame(ps.sheetRuleFrame(ly), 0, 0)
	ps.fr.y += 2
	if e.Summary != "" {
		ps.flowOn(&ps.fr, run.painter(ps), span{text: e.Summary, style: "I", size: size + 0.5})
	}
}

// Legend sizes on a sheet, in millimetres: smaller than a spread's, the
// items set in rows across the maps' column.
const (
	sheetSwW = 6.5
	sheetSwH = 3.8
)

// sheetMaps places the maps one under another in a column w wide at (x,
// y), each as wide as the column allows, their legend under them, and
// returns where the column ends. Captions and legend are set in lk.
func (ps *playSheet) sheetMaps(run *sheetRun, ms []board.Map, x, y float64, w float64, lk look) float64 {
	cols := min(len(ms), 2)
	mw := (w - float64(cols-1)*3) / float64(cols)
	top := y
	titles := make([][]string, len(ms))
	for i, m := range ms {
		titles[i] = ps.sheetMapTitle(m, mw, lk)
	}
	for i, m := range ms {
		if m.WidthIn <= 0 || m.HeightIn <= 0 {
			continue
		}
		if i > 0 && i%cols == 0 {
			top = y + 3
		}
		th := 0.0 // the row's titles take as many lines as its longest
		for _, t := range titles[i-i%cols : min(len(ms), i-i%cols+cols)] {
			th = max(th, float64(len(t))*lh(lk.size+1))
		}
		y = max(y, ps.sheetMap(run, m, titles[i], x+float64(i%cols)*(mw+3), top, mw, th, lk))
	}
	y += 1.2
	size := lk.note
	ps.font("", size)
	lx, ly := x, y
	rowH := max(sheetSwH, lh(size)) + 1
	for _, it := range board.Legend(ms...) {
		label := ps.cov.printable(it.Label)
		lw := ps.f.GetStringWidth(label)
		iw := sheetSwW + 1.2 + lw
		if lx > x && lx+iw > x+w {
			lx, ly = x, ly+rowH
		}
		// The swatch is painted with the ink set back after it; the
		// label beside it leaves the ink as it sets it.
		ix, iy := lx, ly
		run.at(func() {
			ps.paintMarks(&frame.Frame{W: ps.pw, H: ps.ph, Say: label, Marks: []frame.Mark{
				frame.Sub{F: ps.opsFrame(draw.Swatch(it, ix, iy, sheetSwW, sheetSwH))},
				frame.Text{X: ix + sheetSwW + 1.2, Y: iy + (sheetSwH-lh(size))/2, W: lw, H: lh(size), Font: sansFont("", size), Align: "L", S: label},
			}}, 0, 0)
		})
		lx += iw + 3
	}
	return ly + rowH
}

// sheetMapTitle is a map's title wrapped over a map w wide, in lk's
// size and a point more: nil for a map of no width.
func (ps *playSheet) sheetMapTitle(m board.Map, w float64, lk look) []string {
	if m.WidthIn <= 0 {
		return nil
	}
	bw := m.WidthIn * min(maxScale, w/m.WidthIn)
	ps.font("B", lk.size+1)
	return ps.split(ps.cov.printable(mapTitle(m)), bw)
}

// sheetMap places one map w wide at (x, y): its title (its lines, in th
// mm, which may be more than they need so boards side by side line up), its track,
// the board to scale and its caption, and returns where it ends. The
// board is measured (sized) to be placed, and drawn when painted.
func (ps *playSheet) sheetMap(run *sheetRun, m board.Map, lines []string, x, y, w, th float64, lk look) float64 {
	s := min(maxScale, w/m.WidthIn)
	bw := m.WidthIn * s
	// The title wraps rather than being cut: two boards side by side
	// leave each a narrow column.
	size := lk.size + 1
	title := &frame.Frame{W: ps.pw, H: ps.ph, Say: sayLines(lines)}
	for i, t := range lines {
		title.Marks = append(title.Marks, frame.Text{X: x, Y: y + float64(i)*lh(size), W: bw, H: lh(size), Font: sansFont("B", size), Align: "L", S: t})
	}
	run.painter(ps).marks(title, 0, 0)
	y += th + 0.5
	if onTrack(m) {
		track := ps.trackFrame(m, s, 0, 0, bw)
		ky := y
		run.at(func() { ps.paint(track, x, ky) })
		y += track.H
	}
	d := ps.sized(m, ps.mapKey(m), s)
	by := y
	run.at(func() {
		d := draw.Board(m, s, ps.measure)
		ps.paint(ps.opsFrame(d.Ops), x, by+d.Top)
	})
	y += d.Top + m.HeightIn*s + d.Bottom + 0.5
	c := cursor{x: x, w: bw, top: y, y: y, bottom: ps.sheetBottom() + 1000, brk: func() {}}
	ps.flowOn(&c, run.painter(ps), span{text: ps.mapCaption(m, d.Keys, false), size: lk.note, grey: true})
	return c.y
}

// sheetBackHead lays out page 2's head, its lines w wide down from the
// sheet's top: a frame of the page, placed at its corner.
func (ps *playSheet) sheetBackHead(lines []string, w float64) *frame.Frame {
	f := &frame.Frame{W: ps.pw, H: ps.ph, Say: sayLines(lines)}
	y := sheetTop
	for _, l := range lines {
		f.Marks = append(f.Marks, frame.Text{X: sheetX, Y: y, W: w, H: lh(14), Font: sansFont("B", 14), Align: "L", S: l})
		y += lh(14)
	}
	return f
}

// sheetRuleFrame lays out the rule under a sheet's head, at y across the
// text block: a frame of the page, placed at its corner.
func (ps *playSheet) sheetRuleFrame(y float64) *frame.Frame {
	return &frame.Frame{W: ps.pw, H: ps.ph, Marks: []frame.Mark{frame.Rule{X1: sheetX, Y1: y, X2: sheetX + ps.sheetW(), Y2: y, Width: 0.5}}}
}

// sayLines is what lines of text say, for a page's text record: each
// line that says anything, one to a line.
func sayLines(lines []string) string {
	var say []string
	for _, l := range lines {
		if l != "" {
			say = append(say, l)
		}
	}
	return strings.Join(say, "\n")
}

// layBack lays page 2, the sealed items, out and places it at body size
// s, and reports whether they fit.
func (ps *playSheet) layBack(s float64) (*sheetRun, bool) {
	run := &sheetRun{}
	lk := sheetLook(s)
	w := ps.sheetW()
	y := sheetTop
	ps.font("B", 14)
	head := ps.plan.sealedTitle + ": sealed. Do not read on until the game sends you here."
	lines := ps.split(head, w)
	run.painter(ps).marks(ps.sheetBackHead(lines, w), 0, 0)
	for range lines {
		y += lh(14)
	}
	ps.fr = cursor{x: sheetX, w: w, top: y, y: y + 0.5, bottom: ps.sheetBottom(), brk: func() {}}
	ps.flowOn(&ps.fr, run.painter(ps), span{text: "Fold this page under page 1, or cut the slips apart and keep them face down. Read a slip only when page 1's list sends you to its number, and no further.", size: 8.5, grey: true})
	run.painter(ps).frame(ps.sheetRuleFrame(ps.fr.y+0.8), 0, 0)
	top := ps.fr.y + 3
	colW := (w - sheetGutter) / 2
	const pad = 2.5
	slips := make([]*frame.Frame, len(ps.plan.items))
	heights := make([]float64, len(ps.plan.items))
	for i, it := range ps.plan.items {
		slips[i] = ps.piecesFrame(ps.slipPieces(it, lk, colW-2*pad), colW-2*pad)
		heights[i] = slips[i].H + 2*pad
	}
	// The slips go down the left column and then the right, split where
	// the two come out most even: four short slips stand two and two,
	// not four down the left with the right blank.
	const slipGap = 2.0
	colH := func(a, b int) float64 {
		h := 0.0
		for _, sh := range heights[a:b] {
			h += sh + slipGap
		}
		return max(h-slipGap, 0)
	}
	avail := ps.sheetBottom() - top + 0.01
	split, best := -1, 0.0
	for k := len(ps.plan.items); k >= 0; k-- {
		left, right := colH(0, k), colH(k, len(ps.plan.items))
		if left <= avail && right <= avail && (split < 0 || max(left, right) < best-0.01) {
			split, best = k, max(left, right)
		}
	}
	if split < 0 {
		return run, false
	}
	run.end = top + best
	for i := range ps.plan.items {
		x, y := sheetX, top+colH(0, i)+slipGap
		if i == 0 {
			y = top
		}
		if i >= split {
			x = sheetX + colW + sheetGutter
			y = top
			if i > split {
				y += colH(split, i) + slipGap
			}
		}
		h, slip := heights[i], slips[i]
		run.at(func() {
			ps.cutLines(x, y, colW, h)
			ps.paintMarks(slip, x+pad, y+pad)
		})
	}
	return run, true
}

// slipPieces is a sealed item as page 2 prints it, on a slip whose text
// is w wide: its number large, its title, then its blocks.
func (ps *playSheet) slipPieces(it sheetItem, lk look, w float64) []piece {
	t := it.item.Title
	if it.item.Tag != "" {
		t += " (" + it.item.Tag + ")"
	}
	head := span{runs: []flow.Run{{Text: strconv.Itoa(it.n) + "  ", Style: "B"}, {Text: t, Style: "BI"}}, size: lk.size + 1.5, rule: true}
	return append([]piece{{sp: &head}}, ps.pieces(it.item.Blocks, lk, 1, blockCtx{}, w)...)
}
