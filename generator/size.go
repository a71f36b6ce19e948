package generator

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/sortie-wargames/sortie/engine/words"
	"github.com/sortie-wargames/sortie/generator/output"
	"github.com/sortie-wargames/sortie/generator/site"
	"github.com/sortie-wargames/sortie/generator/web"
)

// Booklet is one flat booklet a build wrote and its length.
type Booklet struct {
	Path  string
	Pages int
}

// Sheets is how many sheets the booklet takes printed on both sides.
func (b Booklet) Sheets() int { return (b.Pages + 1) / 2 }

// String says what the booklet is, for the build's output:
// "campaigns/the-long-road/the-long-road-a4.pdf: 120 pages, 60 sheets
// printed on both sides".
func (b Booklet) String() string {
	return fmt.Sprintf("%s: %s, %s printed on both sides", b.Path, words.Plural(b.Pages, "page", "pages"), words.Plural(b.Sheets(), "sheet", "sheets"))
}

// HomePrintPages is the longest flat booklet a build takes without a
// warning: 100 sheets printed on both sides. A home printer's paper
// tray holds some 60 to 150 sheets, and its ink or toner runs to a few
// hundred pages, so a longer booklet is more than one sitting's printing,
// and more than a clip or a ring binder of the usual size holds
// (docs/site.md, "How long a booklet grows").
const HomePrintPages = 200

// pageObject is the start of a page object of a PDF as fpdf writes it
// (never "/Type /Pages", the page tree).
var pageObject = regexp.MustCompile(`/Type /Page[^s]`)

// pdfPages counts the pages of a PDF the booklet package wrote: its page
// objects, which fpdf writes uncompressed, one per page.
func pdfPages(data []byte) int {
	return len(pageObject.FindAllIndex(data, -1))
}

// bookletOf is the size of the flat booklet a job wrote, or false for a
// play sheet or a folded booklet (which Folded reports).
func bookletOf(j job, files []output.File) (Booklet, bool) {
	if j.sheet != nil || j.fold != nil || len(files) != 1 || !bytes.HasPrefix(files[0].Data, []byte("%PDF")) {
		return Booklet{}, false
	}
	return Booklet{Path: j.path, Pages: pdfPages(files[0].Data)}, true
}

// sizeWarnings warns, at the line that sets the size, of each pack's and
// campaign's flat booklet longer than HomePrintPages: a campaign's steps,
// a pack's encounters.
func sizeWarnings(s *site.Site, books []Booklet) []string {
	var out []string
	warned := map[string]bool{}
	for _, b := range books {
		if b.Pages <= HomePrintPages {
			continue
		}
		where, what := "", ""
		for _, c := range s.Campaigns {
			if strings.HasPrefix(b.Path, web.CampaignDir(c.Slug)+"/") {
				where = fmt.Sprintf("%s:%d", c.File, c.Fields.Line("steps"))
				what = fmt.Sprintf("steps: %d", c.Steps)
			}
		}
		for _, p := range s.Packs {
			if strings.HasPrefix(b.Path, web.PackDir(p.Slug)+"/") {
				where = fmt.Sprintf("%s:%d", p.File, p.Fields.Line("encounters"))
				what = fmt.Sprintf("%d encounters", len(p.Types))
			}
		}
		if where == "" || warned[where] {
			continue // a system's sheets or a month's encounter, not the author's to shorten; or warned for another paper
		}
		warned[where] = true
		out = append(out, fmt.Sprintf("%s: %s: %s is %s (%s printed on both sides), more than the %d pages a home printer takes at one sitting: fewer make a shorter booklet (docs/site.md, \"How long a booklet grows\")",
			where, what, b.Path, words.Plural(b.Pages, "page", "pages"), words.Plural(b.Sheets(), "sheet", "sheets"), HomePrintPages))
	}
	return out
}
