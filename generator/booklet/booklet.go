// Package booklet writes Sortie's printable PDF booklets: a scenario pack
// or a campaign as a book to take to the table, with a cover, contents, one
// two-page spread per encounter (the Battle Boards drawn to scale on the
// left, the rest of the encounter on the right), a sealed section of
// numbered cards for what the rules reveal only in play, a campaign log sheet and the
// system's Quick Reference Sheets at the back.
//
// A booklet prints what the engine rolled and never rolls a die itself,
// apart from shuffling the card numbers, which it does from the seed so
// that the same input always gives the same, byte-identical PDF.
//
// The code is in layers, each package using only those below it:
//
//   - plan (generator/booklet/plan): sizes, counts and orders, with no
//     fonts and no PDF: a table's column widths, where its rows break
//     under the keep rules, the order of a folded booklet's pages on its
//     sheets and its volumes, the deal of the sealed cards and how many
//     share a page. A fix to how tables share their width is made there
//     once, and every document gets it.
//   - face (generator/booklet/face): the type faces and measuring text in
//     them: width tables, wrapping exactly as fpdf wraps, and what a face
//     cannot print.
//   - flow (generator/booklet/flow): paragraphs set into lines before
//     they are drawn: runs of text in several styles wrapped to a width,
//     every piece measured with face, so what is drawn is what was
//     measured, and kept for the build.
//   - frame (generator/booklet/frame): what layout returns, a measured,
//     immutable frame of marks (lines of text, boxes, rules, turned
//     text, polygons and circles drawn with a pen, a card's cutting
//     outline, link areas, frames inside it, clipped or not) placed from
//     its corner; written out as text for the layout tests
//     (testdata/frames). Everything a document prints is laid out into
//     frames: grids and tables (gridFrame, rowFrame; a table with its
//     top, rows or folded parts and foot, measured, layTable), play
//     cards' faces (faceFrame), the Battle Boards (mapsFrame, mapFrame,
//     trackFrame, opsFrame, legendFrame), a paragraph's lines and the
//     blocks set among paragraphs (laySpan, span.lay), a block's pieces
//     (layPieces: their sizes read as measured), sealed cards and slips
//     (cardFace, piecesFrame), the cover and contents, the campaign
//     chart, headings, running heads and feet.
//   - memo (generator/booklet/memo): layout calls kept by their inputs,
//     the key derived from the input value, never written by hand.
//   - press (generator/booklet/press): passes over a finished PDF's bytes,
//     the print shop's steps after layout: mending it for strict
//     validation, growing it by the bleed for print on demand, imposing a
//     folded booklet's pages on sheets and writing its card sheets flat.
//   - fpdf (generator/booklet/fpdf): fpdf v0.12.0 with three patches
//     (its PATCH.md), an ordinary package of the module; only pdf.go
//     and face use it.
//   - booklet, this package: the documents and their layout. Content is
//     laid out into frames (above), then placed down a cursor (render.go's
//     cursor: a column or a page, breaking under keep rules) by one
//     function each (flowOn, headingOn, flowPiecesOn, placeDrawn,
//     placeTop, placeFoot, placeFolded, placeTable), which tell a painter
//     (painter.go) what to paint: paintNow puts it on the pass's page,
//     runPainter keeps it for a run's page (the campaign log, a play
//     sheet's setting), a tape keeps it to paint on any renderer of the
//     paper (tape.go: the Quick Reference Sheets, placed once per build
//     and paper), framer keeps it inside one frame, noPaint measures. So
//     whether something fits is learned by placing it, never by drawing
//     it (TestStructure). A pass lays the document out on a document it
//     never draws on, keeping what each page paints (pages.go); passes
//     go on until the page numbers printed settle (render), and the last
//     one's pages are painted once (paintPages).
//     Each document and each part of a booklet is a type of its own,
//     in the file named for it, embedding the pass's renderer for the
//     primitives they share (text, tables, maps, placement, the running
//     head and foot): the documents are Write (a pack or campaign
//     booklet, render.go's build), Fold (foldedBooklet, fold.go) and
//     WriteSheet (playSheet, playsheet.go); a booklet's parts are
//     frontMatter (front.go: cover, contents, intro, band's page),
//     entrySpread (spread.go: an encounter's two pages), cardSheets
//     (cards.go, sheets.go: sealed and play cards), campaignLog (log.go)
//     and qrsSheets (qrs.go: the Quick Reference Sheets); maps.go,
//     chart.go, enctables.go and qr.go lay out what they name. A placed
//     frame is painted by paint.go, which decides nothing, through
//     pdf.go, the one wrapper of fpdf; nothing else draws
//     (TestDrawnDirectly), and the finished bytes go to press.
package booklet

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/sortie-wargames/sortie/generator/booklet/face"
	"github.com/sortie-wargames/sortie/generator/booklet/flow"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"
	"github.com/sortie-wargames/sortie/generator/booklet/memo"
	"github.com/sortie-wargames/sortie/generator/booklet/plan"
	"github.com/sortie-wargames/sortie/generator/booklet/press"
	"io"
	"maps"
	"strconv"
	"time"

	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/generator/chart"
)

// Options are how a booklet is printed.
type Options struct {
	Paper   string    // "a4" or "letter": the sheet printed on
	Created time.Time // the PDF's creation and modification date; a fixed time, never the clock (the zero time prints as 1970-01-01)
	Version string    // Sortie's version, printed in every footer
	// PrintReady makes the booklet a print-on-demand service's interior
	// file: every page on the trim size plus a bleed on each side, with
	// its TrimBox and BleedBox (see press.PrintReady).
	PrintReady bool
	// Impose is how pages are laid on the sheet: "" for one page a
	// sheet, or "saddle" for a folded booklet: pages of half the sheet
	// (A5 on A4, half-Letter on Letter), padded to a multiple of four with
	// Notes pages, two a side in the order that reads right when the
	// sheets are printed double-sided (flip on the short edge), folded in
	// half as a stack and stapled: in volumes of at most SaddleLimit
	// pages, the cards to cut out on flat sheets of their own (Fold).
	Impose string
	// Face is the type face the reading text prints in: nil for the
	// built-in one (Liberation Sans), or a site's own font (face.New).
	Face *face.Face
	// Faults, when set, is told each layout defect the printed document
	// holds (a word broken across lines, text cut short), in the order
	// drawn, once the document is written; the print check counts them.
	Faults func(Fault)
}

// Saddle is the Impose value of a folded, saddle-stitched booklet.
const Saddle = "saddle"

// Doc is one booklet: exactly one of Pack or Campaign is set (neither is
// a booklet of Quick Reference Sheets only).
type Doc struct {
	Title    string     // booklet title, such as "Into the Marshes"
	Summary  string     // one plain-text paragraph for the cover; may be empty
	Set      *rules.Set // the rule system's data: QRS tables, system name
	Seed     string
	Pack     *pack.Pack
	Campaign *campaign.Campaign
	// Intro is the pack's or campaign's own text (its page's Markdown
	// body), printed on pages of its own after the contents; may be empty.
	Intro []doc.Block
	// URL is the web page of the booklet's content (the pack's or
	// campaign's page), printed on the cover as a QR code; EntryURLs is
	// each entry's page (or place on a page), by entry number, printed on
	// its spread. Both are absolute addresses, or empty for no code.
	URL       string
	EntryURLs map[int]string
	// File is the campaign file this chapter is played with (a campaign
	// of a system that keeps one, docs/campaigns.md), named in the
	// campaign log; "" for none.
	File string
	// QRS, when not nil, is the tables the Quick Reference Sheets print
	// (by id, printed in the system's order): a one-encounter booklet
	// prints only those its encounter sends the player to, and says that
	// the system's whole sheets are a booklet of their own.
	QRS []string
}

// Write renders d as a PDF to w. A folded booklet (Impose "saddle") is
// several files, written by Fold instead.
func Write(w io.Writer, d Doc, opt Options) error {
	if opt.Impose == Saddle {
		return errors.New("failed to write booklet: a folded booklet is written by Fold, as its volumes and card sheets")
	}
	f, lay, err := render(d, opt)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		return fmt.Errorf("failed to write booklet: %w", err)
	}
	pdf, err := press.Deflate(b.Bytes())
	if err != nil {
		return err
	}
	if pdf, err = press.Mend(pdf, lay.outline); err != nil {
		return err
	}
	if opt.PrintReady {
		if pdf, err = press.PrintReady(pdf, opt.Paper); err != nil {
			return err
		}
	}
	if _, err := w.Write(pdf); err != nil {
		return fmt.Errorf("failed to write booklet: %w", err)
	}
	opt.report(lay.faults)
	return nil
}

// report hands faults to Options.Faults, when set.
func (o Options) report(faults []Fault) {
	if o.Faults == nil {
		return
	}
	for _, f := range faults {
		o.Faults(f)
	}
}

// maxPasses bounds the layout passes: the first learns the page numbers,
// the second sets them and normally confirms them, and is painted. A
// folded booklet long enough for volumes takes one more: the first
// learns how long each part is, the second where the volumes break.
const maxPasses = 5

// render lays the booklet out until the page numbers it prints are the
// page numbers it gets, and returns the finished document.
func render(d Doc, opt Options) (pdf, *layout, error) {
	g, err := setup(d, opt)
	if err != nil {
		return pdf{}, nil, fmt.Errorf("failed to write booklet: %w", err)
	}
	prev := newLayout()
	var prevVolumes *volumePlan // the volume plan the previous pass followed, for a folded booklet
	// The first pass sizes the sealed cards before it lays anything out
	// (cardSheets.size: how they lie is kept for every pass), then
	// decides the Quick Reference Sheets' scale (qrsSheets.before), on
	// its own renderer, into its layout (layout.qrs); each pass after is
	// handed the last one's decision.
	first := newRenderer(g, prev)
	if err := newCardSheets(first, first.sheet()).size(); err != nil {
		return pdf{}, nil, fmt.Errorf("failed to write booklet: %w", err)
	}
	newQRSSheets(first).before()
	for pass := range maxPasses {
		// The first pass only learns the page numbers. A folded
		// booklet's pass that breaks volumes where the last did not
		// moves every page after the break: it cannot be the last
		// either. A pass that can, whose pages are where the last pass
		// put them, is painted; no other is.
		last := pass > 0
		var volumes *volumePlan
		if g.opt.Impose == Saddle {
			if volumes, err = planVolumes(prev.units); err != nil {
				return pdf{}, nil, fmt.Errorf("failed to write booklet: %w", err)
			}
			if !volumes.same(prevVolumes) {
				last = false
			}
		}
		r := first
		if pass > 0 {
			r = newRenderer(g, prev)
			r.lay.qrs = prev.qrs
		}
		if g.opt.Impose == Saddle {
			newFoldedBooklet(r, volumes).build()
		} else {
			r.build()
		}
		r.endPages()
		if err := r.f.Error(); err != nil {
			return pdf{}, nil, fmt.Errorf("failed to write booklet: %w", err)
		}
		if last && maps.Equal(r.lay.pages, prev.pages) {
			if err := r.paintPages("TwoPageRight"); err != nil {
				return pdf{}, nil, fmt.Errorf("failed to write booklet: %w", err)
			}
			if err := r.finish(); err != nil {
				return pdf{}, nil, fmt.Errorf("failed to write booklet: %w", err)
			}
			pages, says := r.placed.headsAtFoot()
			for i, pg := range pages {
				r.f.faults.add(Fault{Kind: FaultHeadFoot, Page: pg, Text: says[i]})
			}
			for _, pg := range r.sparsePages() {
				r.f.faults.add(Fault{Kind: FaultSparse, Page: pg, Text: fmt.Sprintf("%.0f%% of the text block", 100*r.placed.fill(pg, r.ph, r.bottom()))})
			}
			r.lay.faults = r.f.faults.faults
			r.lay.passes = pass + 1
			return r.f, r.lay, nil
		}
		prev, prevVolumes = r.lay, volumes
	}
	return pdf{}, nil, errors.New("failed to write booklet: page numbers did not settle")
}

// guessDigits guesses how many digits a booklet's page numbers have
// before its first pass, from its entries (a spread each, at the least)
// and its Quick Reference Sheets' pages.
func guessDigits(entries, qrsPages int) int {
	return len(strconv.Itoa(2*entries + qrsPages + 8))
}

// layout records the page each anchor (an entry, a card, a section) lands
// on in one pass.
type layout struct {
	pages  map[string]int
	cards  []cardBox      // where each card was printed
	backs  []cardBox      // where each sealed card's back was printed
	plays  []playBox      // where each play card's front was printed
	legend []legendItem   // where each map legend item was printed
	text   map[int]string // the text the block drawers drew, by page, for tests
	// outline holds the level of each bookmark, in order.
	outline []int
	// faults are the layout defects the pass drew (Options.Faults).
	faults []Fault
	// A folded booklet's parts, in order, with how many pages each
	// took (foldedBooklet.part): the next pass plans its volumes from
	// them (planVolumes).
	units []plan.Part
	// qrs is the booklet's Quick Reference Sheets as decided
	// (qrsSheets.decide), which this pass prints: decided before the
	// first pass (qrsSheets.before), or, in a booklet of them alone, as
	// the first pass reaches them (qrsSheets.print); render hands it on
	// from each pass to the next. Nil until decided.
	qrs *qrsRun
	// passes is how many passes the booklet took, the one painted too.
	passes int
}

func newLayout() *layout { return &layout{pages: map[string]int{}, text: map[int]string{}} }

// paperSize returns a paper's name and size in millimetres.
func paperSize(paper string) (name string, w, h float64, ok bool) {
	switch paper {
	case "a4":
		return "A4", 210, 297, true
	case "letter":
		return "Letter", 215.9, 279.4, true
	}
	return "", 0, 0, false
}

// book is everything a pass needs that does not change between passes.
type book struct {
	doc       Doc
	opt       Options
	created   time.Time
	paperName string
	pw, ph    float64
	face      *face.Face // nil for the built-in face
	cov       coverage
	monoSeed  bool // the seed prints in Go Mono
	entries   []*entry
	// cards are the sealed cards, dealt, in number order, and cardOf
	// each by its entry and index: the entries, the contents and the
	// card sheets read them. sealed is how they lie on their pages,
	// which the card sheets alone read (cardSheets).
	cards  []*card
	cardOf map[pefKey]*card
	sealed sealedFit
	// digits is how many digits the first pass guesses the page numbers
	// have (guessDigits, from the Quick Reference Sheets' pages as
	// qrsSheets.before decides them): it prints none, but measures them
	// (pageOf, for every page reference). Zero in a booklet of the sheets
	// alone, which refers to no page.
	digits int
	// boards keeps the Battle Boards' measures and layouts for every
	// pass of the booklet (maps.go).
	boards boardMemo
	// colMeasures keeps tables' column measures for the whole build of the
	// booklet (renderer.measured).
	colMeasures map[string]*colMeasure
	// grids keeps small grids and tables laid out whole, for every pass
	// of the booklet (renderer.gridFrame), by everything they are laid
	// out from.
	grids memo.Table[*frame.Frame]
	// laidTables keeps tables laid out at a look and width
	// (renderer.layTable).
	laidTables memo.Table[*laidTable]
	// spans keeps spans of text laid out at a width (renderer.laySpan).
	spans  memo.Table[laidSpan]
	shared *sharedMeasures // the face's, for every booklet (sharedMeasure)
	// setter sets paragraphs into lines, and keeps them for the whole
	// build of the booklet.
	setter *flow.Setter
	// keyedTables keeps keyed's answers for the whole build: each
	// encounter table at each look and width, keyed or not.
	keyedTables map[tableKey]*doc.Table
	aids        []*aid // the play cards, printed on sheets after the encounters
	// cardBlocks gives each Cards block printed on sheets its entry and
	// its index among the entry's Cards blocks.
	cardBlocks map[*doc.Cards][2]int
	// saidIntro holds the Cards blocks whose intro a later Cards block of
	// the same entry prints (both sides' action cards): it is printed
	// once, under the last, so that it reads as both sides'.
	saidIntro map[*doc.Cards]bool
	// sealedName is what the cards hold, from the Sealed blocks' titles.
	sealedName string
	// own maps each entry's own tables to all of its own (ownTables):
	// an entry's rosters print at one size (ownLook).
	own   map[*doc.Table][]*doc.Table
	chart *chart.Chart // a campaign's chart, laid out for the paper
	// chartTurned is set when the chart is laid out along its pages,
	// turned (layChart).
	chartTurned bool
	// fullW and fullH are the whole sheet a folded booklet's pages are
	// half of, pw and ph otherwise: the card sheets print on it, flat,
	// and are given it as a value (book.sheet, newCardSheets).
	fullW, fullH float64
}

// fixedDate is the date a PDF records: the time given, in UTC, or
// 1970-01-01 for the zero time, for which fpdf would read the clock.
func fixedDate(t time.Time) time.Time {
	if t.IsZero() {
		return time.Unix(0, 0).UTC()
	}
	return t.UTC()
}

func setup(d Doc, opt Options) (*book, error) {
	name, pw, ph, ok := paperSize(opt.Paper)
	if !ok {
		return nil, fmt.Errorf("paper %q: want a4 or letter", opt.Paper)
	}
	sheetName, sw, sh := name, pw, ph
	switch opt.Impose {
	case "":
	case Saddle:
		name, pw, ph = halfSheet(opt.Paper)
	default:
		return nil, fmt.Errorf("imposition %q: want %q or none", opt.Impose, Saddle)
	}
	if d.Set == nil || d.Set.System == nil {
		return nil, errors.New("no rule system data")
	}
	if d.Pack != nil && d.Campaign != nil {
		return nil, errors.New("both a pack and a campaign: want one")
	}
	cov := coverage{opt.Face}
	created := fixedDate(opt.Created)
	b := &book{doc: d, opt: opt, created: created, paperName: name, pw: pw, ph: ph, fullW: sw, fullH: sh, face: opt.Face, cov: cov, monoSeed: cov.monoHas(d.Seed), setter: flow.New(opt.Face)}
	var err error
	b.entries, err = entriesOf(d)
	if err != nil {
		return nil, err
	}
	for _, id := range d.Set.System.QRS {
		if d.Set.Table(id) == nil {
			return nil, fmt.Errorf("quick reference table %q not found", id)
		}
	}
	if err := b.checkEncounterTables(); err != nil {
		return nil, err
	}
	// The cards to cut out are sized for the page they print on: a
	// folded booklet's print on whole sheets, as a flat booklet's do.
	if b.aids, err = aidsOf(b.entries, sw, sh, sheetName); err != nil {
		return nil, err
	}
	b.own = map[*doc.Table][]*doc.Table{}
	for _, e := range b.entries {
		maps.Copy(b.own, ownTables(e.enc.Blocks))
	}
	b.cardBlocks = map[*doc.Cards][2]int{}
	b.saidIntro = map[*doc.Cards]bool{}
	for _, e := range b.entries {
		i := 0
		last := map[string]*doc.Cards{} // the Cards block so far with each intro
		doc.Walk(e.enc.Blocks, func(bl doc.Block) {
			if c, ok := bl.(*doc.Cards); ok {
				if len(c.Items) > 0 {
					b.cardBlocks[c] = [2]int{e.number, i}
				}
				if c.Intro != "" {
					if l := last[c.Intro]; l != nil {
						b.saidIntro[l] = true
					}
					last[c.Intro] = c
				}
				i++
			}
		})
	}
	if d.Campaign != nil {
		if b.chart, b.chartTurned, err = layChart(d.Campaign, b.entries, b.face, pw, ph); err != nil {
			return nil, err
		}
	}
	b.cards = pefCards(b.entries)
	b.sealedName = sealedName(b.entries)
	if len(b.cards) > 0 {
		// Dealt here; sized for their pages by the first pass, before
		// it lays anything out (cardSheets.size).
		b.cards, b.sealed.limit, b.cardOf = deal(d.Seed, b.cards)
	}
	return b, nil
}
