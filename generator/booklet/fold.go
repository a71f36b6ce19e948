package booklet

import (
	"bytes"
	"fmt"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"
	"github.com/sortie-wargames/sortie/generator/booklet/plan"
	"github.com/sortie-wargames/sortie/generator/booklet/press"
	"slices"
	"strconv"
	"strings"
)

// A folded booklet is printed as one or more volumes, each a single
// saddle-stitched signature, and its cards to cut out as flat sheets of
// their own. Each pass lays it out as a foldedBooklet, following the
// volume plan worked out from the pass before (planVolumes); Fold
// imposes the last pass's pages.

// SaddleLimit is the most pages one folded volume holds: 64 pages, 16
// sheets folded together. That is about what a long-arm stapler closes
// through on 80 g/m² paper, and about where the creep of a thicker
// signature (its inner pages jutting out past the outer ones at the fore
// edge, the margins moving page to page) starts to show. A longer
// booklet is printed as several volumes, each within the limit.
const SaddleLimit = 64

// Folded is a folded booklet as printed.
type Folded struct {
	// Volumes are its saddle-stitched signatures, in order, with page
	// numbers running on from one volume to the next.
	Volumes []Volume
	// Cards are its sheets of cards to cut out (the play cards and the
	// sealed cards), flat on the whole sheet, one page a side, as a flat
	// booklet prints them: a card cut out of a stapled signature would
	// cut through the pages behind it, and on the whole sheet the cards
	// are packed as densely as in the flat booklet (the same cards on
	// the same sheets, the same card numbers). Their pages are numbered
	// on from the last volume's, so that "card 12, page 250" in a volume
	// is page 250 of the card sheets. Nil when the booklet has no cards.
	Cards []byte
	// CardPages are the card sheets' first and last page numbers.
	CardPages [2]int
}

// Volume is one saddle-stitched signature of a folded booklet.
type Volume struct {
	PDF         []byte
	First, Last int // its page numbers
}

// Pages is how many pages the volume has: a multiple of four.
func (v Volume) Pages() int { return v.Last - v.First + 1 }

// Sheets is how many sheets the volume is printed on, both sides.
func (v Volume) Sheets() int { return v.Pages() / 4 }

// Pages is how many pages the folded booklet's volumes have together.
func (f *Folded) Pages() int {
	n := 0
	for _, v := range f.Volumes {
		n += v.Pages()
	}
	return n
}

// Sheets is how many sheets its volumes are printed on.
func (f *Folded) Sheets() int { return f.Pages() / 4 }

// Fold renders d as a folded booklet (opt.Impose is "saddle"): pages of
// half the sheet, split into volumes of at most SaddleLimit pages at the
// start of a part (the front matter, the campaign chart, an entry's
// spread, the log, the Quick Reference Sheets), never inside one, the
// volumes as even as their count allows; each volume padded with Notes
// pages to a multiple of four and imposed for a short-edge flip. A
// volume after the first starts with a page that says which volume it
// is and what it holds; the first says so on its cover, above the
// system's band. The card sheets follow the last volume's pages, flat.
func Fold(d Doc, opt Options) (*Folded, error) {
	if opt.Impose != Saddle {
		return nil, fmt.Errorf("failed to fold booklet: imposition %q, want %q", opt.Impose, Saddle)
	}
	f, lay, err := render(d, opt)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		return nil, fmt.Errorf("failed to fold booklet: %w", err)
	}
	pdf, err := press.Deflate(b.Bytes())
	if err != nil {
		return nil, err
	}
	src, err := press.ReadSource(pdf)
	if err != nil {
		return nil, fmt.Errorf("failed to fold booklet: %w", err)
	}
	_, sw, sh, _ := paperSize(opt.Paper)
	out := &Folded{}
	end := lay.pages["signature"]
	first := 1
	for k := 2; ; k++ {
		next, ok := lay.pages["volume/"+strconv.Itoa(k)]
		last := next - 1
		if !ok {
			last = end
		}
		v := Volume{First: first, Last: last}
		if v.Pages()%4 != 0 || v.Pages() > SaddleLimit {
			return nil, fmt.Errorf("failed to fold booklet: volume %d is %d pages, want a multiple of four up to %d", k-1, v.Pages(), SaddleLimit)
		}
		if v.PDF, err = src.Imposed(v.First, v.Last, sh, sw); err != nil {
			return nil, err
		}
		out.Volumes = append(out.Volumes, v)
		if !ok {
			break
		}
		first = next
	}
	if total := src.Pages(); total > end {
		out.CardPages = [2]int{end + 1, total}
		if out.Cards, err = src.Flat(end+1, total); err != nil {
			return nil, err
		}
	}
	opt.report(lay.faults)
	return out, nil
}

// volumePlan is where a folded booklet's volumes start, worked out from
// the parts' lengths in the previous pass, and the pages each volume and
// the card sheets will have.
type volumePlan struct {
	breaks []string // the parts a new volume starts before, in order
	vols   []plan.Volume
	cards  [2]int // the card sheets' first and last pages; zero for none
}

// same reports whether two plans break the volumes at the same parts.
func (p *volumePlan) same(q *volumePlan) bool {
	var a, b []string
	if p != nil {
		a = p.breaks
	}
	if q != nil {
		b = q.breaks
	}
	return slices.Equal(a, b)
}

// breaksAt reports whether a volume starts before the part.
func (p *volumePlan) breaksAt(name string) bool {
	return p != nil && slices.Contains(p.breaks, name)
}

// planVolumes plans the volumes from the parts a pass laid out and their
// lengths (layout.units; plan.Volumes, up to SaddleLimit pages each).
// The first pass, knowing no lengths, plans one volume.
func planVolumes(units []plan.Part) (*volumePlan, error) {
	if len(units) == 0 {
		return &volumePlan{}, nil
	}
	breaks, vols, end, big := plan.Volumes(units, SaddleLimit)
	if big != nil {
		return nil, fmt.Errorf("%s is %d pages, more than a saddle-stitched volume holds (%d pages, with its first page): it cannot be folded", big.Label, big.Pages, SaddleLimit)
	}
	vp := &volumePlan{breaks: breaks, vols: vols}
	for _, u := range units {
		if u.Flat && u.Pages > 0 {
			vp.cards = [2]int{end + 1, end + u.Pages}
		}
	}
	return vp, nil
}

// foldedBooklet is one pass of a folded booklet, a document of its own:
// the parts of the flat booklet but the cards to cut out, in order, each
// recorded with its length (layout.units) for the next pass to plan the
// volumes from; a volume starting where the plan it follows says, its
// first page saying so; then the card sheets, flat on whole sheets. The
// renderer is the pass's: the parts themselves (the front matter, an
// entry's spread, the log, the sheets), which the flat booklet prints
// too, are laid out on it; what orders them into volumes and prints the
// volumes' own lines and pages are the folded booklet's methods, which
// no flat booklet calls. The plan is worked out by render from the previous pass
// (planVolumes) and given; nothing else reads it.
type foldedBooklet struct {
	*renderer
	volumes *volumePlan // where its volumes start, and their pages and the card sheets'
}

// newFoldedBooklet starts a pass of a folded booklet on the pass's
// renderer, following a volume plan. The cover has no running head: the
// line saying which volume it starts goes in its place, as the page
// starts (volumeLine).
func newFoldedBooklet(r *renderer, volumes *volumePlan) *foldedBooklet {
	fb := &foldedBooklet{renderer: r, volumes: volumes}
	fb.onHeader(func() {
		fb.header(fb.page())
		fb.volumeLine()
	})
	return fb
}

// build lays out the folded booklet: its parts, a new volume starting
// where the plan says; Notes pages to a multiple of four; then the card
// sheets on whole sheets.
func (fb *foldedBooklet) build() {
	r := fb.renderer
	front := newFrontMatter(r)
	fb.part(plan.Part{Name: "front", Label: "The cover and contents"}, func() {
		front.cover()
		if len(r.entries) > 0 && !r.single() {
			front.contents()
		} else {
			newQRSSheets(r).print() // a booklet of QRS alone starts them on its cover
		}
	})
	if len(r.entries) > 0 {
		fb.part(plan.Part{Name: "intro", Label: front.introTitle()}, front.introSection)
		fb.part(plan.Part{Name: "band", Label: r.bandTitle()}, front.bandSection)
		fb.part(plan.Part{Name: "front log", Label: "Campaign log"}, front.logSection)
		fb.part(plan.Part{Name: "chart", Label: "Campaign chart"}, r.chartSection)
		for i, e := range r.entries {
			fb.part(plan.Part{Name: e.anchor(), Label: e.label(), Entry: e.number, Even: true}, func() { r.encounter(i) })
		}
		fb.part(plan.Part{Name: "band after", Label: r.bandTitle()}, front.bandAfter)
		fb.part(plan.Part{Name: "log", Label: "Campaign log"}, newCampaignLog(r).printBack)
		fb.part(plan.Part{Name: "qrs", Label: "Quick Reference Sheets"}, newQRSSheets(r).print)
	}
	r.padPages(4)
	end := r.f.PageNo()
	r.lay.pages["signature"] = end
	if r.playCount() == 0 && len(r.cards) == 0 {
		return
	}

	// The card sheets: whole sheets after the last volume, laid out on
	// the sheet they are given. A card sheet's running head is given
	// the sheet's size as its page starts (no volume's page starts
	// after the first card sheet); fpdf lays out a page's footer as the
	// next page starts, and the last one's as the pass ends, so the
	// footer is given its page's size: half the sheet for a volume's
	// page, the whole sheet for a card sheet.
	half, sheet := r.page(), r.sheet()
	r.onHeader(func() { r.header(sheet) })
	r.onFooter(func() {
		if r.f.PageNo() <= end {
			r.footer(half.w, half.h)
		} else {
			r.footer(sheet.w, sheet.h)
		}
	})
	newCardSheets(r, sheet).sections()
	r.lay.units = append(r.lay.units, plan.Part{Name: "cards", Label: "Card sheets", Pages: r.f.PageNo() - end, Flat: true})
	r.lay.pages["part/cards"] = r.f.PageNo() - end
}

// part lays out one part of the folded booklet with lay, after starting
// a volume if the plan says so, and records how many pages it took.
func (fb *foldedBooklet) part(u plan.Part, lay func()) {
	if fb.volumes.breaksAt(u.Name) {
		fb.padPages(4)
		k := 2
		for ; ; k++ {
			if _, ok := fb.lay.pages["volume/"+strconv.Itoa(k)]; !ok {
				break
			}
		}
		fb.volumePage(k)
	}
	s := plan.StartOf(fb.f.PageNo(), u)
	lay()
	u.Pages = max(0, fb.f.PageNo()-s+1)
	fb.lay.units = append(fb.lay.units, u)
	fb.lay.pages["part/"+u.Name] = u.Pages
}

// volumeText says which volume k is and its pages, and where the card
// sheets are, as planned; "" when the booklet is one volume without card
// sheets.
func (fb *foldedBooklet) volumeText(k int) (vol, cards string) {
	vp := fb.volumes
	if vp == nil {
		return "", ""
	}
	if vp.cards[0] > 0 {
		cards = fmt.Sprintf("Card sheets: pages %d–%d, printed flat, not folded", vp.cards[0], vp.cards[1])
	}
	if len(vp.vols) > 1 && k <= len(vp.vols) {
		v := vp.vols[k-1]
		vol = fmt.Sprintf("Volume %d of %d · pages %d–%d", k, len(vp.vols), v.First, v.Last)
	}
	return vol, cards
}

// volumeLine prints, on the cover, which volume it starts and where the
// card sheets are: one line in the head margin, which the cover leaves
// empty (it has no running head). What does not fit the line's width is
// left out, the card sheets first; the volume's first page says it all.
func (fb *foldedBooklet) volumeLine() {
	if fb.f.PageNo() != 1 {
		return
	}
	vol, cards := fb.volumeText(1)
	var parts []string
	for _, s := range []string{vol, cards} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	fb.font("B", 7.5)
	for len(parts) > 0 && fb.f.GetStringWidth(strings.Join(parts, " · ")) > fb.contentW() {
		parts = parts[:len(parts)-1]
	}
	if len(parts) == 0 {
		return
	}
	line := frame.Text{X: side, Y: headY, W: fb.contentW(), H: lh(7.5), Font: sansFont("B", 7.5), Grey: 60, Align: "L", S: strings.Join(parts, " · ")}
	fb.paint(&frame.Frame{W: fb.pw, H: fb.ph, Marks: []frame.Mark{line}}, 0, 0)
}

// volumePage is the first page of volume k (after the first): the
// booklet's title, which volume it is and its pages, what it holds, and
// ruled lines for notes below. It is one page, as the plan counts it:
// what would run past its foot is left out (a dozen short lines at most
// in practice, on a page that holds forty).
func (fb *foldedBooklet) volumePage(k int) {
	vol, cards := fb.volumeText(k)
	if vol == "" {
		vol = "Volume " + strconv.Itoa(k)
	}
	fb.newPage("Volume " + strconv.Itoa(k))
	fb.mark("volume/"+strconv.Itoa(k), bodyTop)
	fb.fr.y = bodyTop + 6
	fb.fr.brk = func() {}
	spans := []span{{text: fb.title(), style: "B", size: 22}, {text: vol, size: 12, before: 2}}
	if vp := fb.volumes; vp != nil && k <= len(vp.vols) {
		parts := vp.vols[k-1].Parts
		if len(parts) > 0 {
			spans = append(spans, span{text: "In this volume", style: "B", size: 11, before: 7})
		}
		for i := 0; i < len(parts); i++ {
			p := parts[i]
			text := fmt.Sprintf("%s, page %d", p.Label, p.At)
			if p.Entry > 0 {
				j := i
				for j+1 < len(parts) && parts[j+1].Entry > 0 {
					j++
				}
				if j > i {
					text = fmt.Sprintf("Entries %d to %d, pages %d–%d", p.Entry, parts[j].Entry, p.At, parts[j].At+parts[j].Pages-1)
				}
				i = j
			}
			spans = append(spans, span{text: text, size: 10, indent: 5, bullet: "•", before: 0.8})
		}
	}
	if cards != "" {
		spans = append(spans, span{text: cards + ".", size: 9.5, grey: true, before: 5})
	}
	spans = append(spans, span{text: "Notes", style: "B", size: 11, before: 7})
	for _, s := range spans {
		if fb.fr.y+fb.laySpan(s, fb.fr.w).h > fb.fr.bottom {
			break
		}
		fb.flow(s)
	}
	fb.rules(fb.fr.y, fb.bottom(), 8)
}

// halfSheet returns the page of a folded booklet printed on paper: half
// the sheet, so that the fold is the pages' common edge. On A4 that is
// 148.5 × 210 mm, half a millimetre wider than ISO A5.
func halfSheet(paper string) (name string, w, h float64) {
	_, sw, sh, _ := paperSize(paper)
	switch paper {
	case "letter":
		name = "half-Letter"
	default:
		name = "A5"
	}
	return name, sh / 2, sw
}

// narrow reports whether the booklet's page is a folded booklet's, too
// narrow for two columns of tables or of sealed cards (pageBox.narrow).
// The parts every booklet prints on its pages ask it (maps, the QRS), so
// it stays the book's; the card sheets ask their sheet's (cardSheets).
func (b *book) narrow() bool { return b.page().narrow() }

// padPages fills the booklet with Notes pages to a multiple of n pages:
// four for a folded booklet (foldedBooklet.build, and the flat build of a
// saddle booklet), press.PrintMultiple for a print-ready one. It stays
// the renderer's: both builds call it.
func (r *renderer) padPages(n int) {
	for r.f.PageNo()%n != 0 {
		r.notesPage()
	}
}
