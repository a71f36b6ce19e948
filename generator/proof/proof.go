// Package proof reads a printed PDF back and finds layout defects a
// player would see.
//
// Check runs poppler's pdftotext -bbox-layout on a PDF, which gives every
// word the box its font puts around it (from its ascent to its descent,
// in points from the page's top left corner), and reports four kinds of
// defect:
//
//   - overlap: text printed over text. Two words on one page whose boxes
//     share a rectangle more than OverlapMin tall and wide and more than
//     OverlapShare of the smaller box's area. Lines set at Sortie's
//     leading (1.28 × the size; Liberation Sans's boxes are 1.117 × it,
//     Go Mono's 1.276) do not meet, and lines of different sizes, such as a campaign
//     chart's number over its encounter type, share a hairline under
//     1 pt tall; two labels set side by side touch by under 1 pt. Words
//     of one line are compared too: they never meet unless printed over
//     each other. Calibrated on the default site, where every pair past
//     both tolerances is text over text or a label's box hiding part of
//     another label (rendered and looked at), and every pair below them
//     is a hairline or two boxes touching.
//   - offpage: a line of text with words whose boxes enter the band
//     Margin wide along the paper's edge, where a home printer clips (the
//     booklets keep 12 mm): one defect a line, naming its words in the
//     band. On a folded booklet (a file named *-folded.pdf) each sheet
//     side holds two pages of half the sheet side by side, neither
//     turned, and the fold between them is an edge of both: words across
//     the fold, or within Margin of it, are counted too.
//   - ellipsis: a word holding "…", text cut short to fit (a long seed
//     in the footer is cut so on purpose, and still counted: the issue
//     wants none).
//   - empty: a page, or half a folded sheet, with nothing printed but
//     its running head and its footer: no word at all, or every word on
//     its top line or its bottom line (a word is on a line when its box's
//     middle lies within the line's topmost or bottommost word's box). A
//     card sheet of empty cards is one. A Notes page is not empty: its
//     "Notes" heading prints between the head and the footer, above
//     ruled lines (booklet's notesPage), and it is the page a reader
//     expects where a booklet is padded.
//
// poppler drops characters wholly outside the page, so a word printed
// entirely off the paper is not seen; one partly off it is.
package proof

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"html"
	"math"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// The kinds of defect, in the order a report lists them.
const (
	Overlap  = "overlap"
	Offpage  = "offpage"
	Ellipsis = "ellipsis"
	Empty    = "empty"
)

// Kinds lists every kind of defect in report order.
var Kinds = []string{Overlap, Offpage, Ellipsis, Empty}

// Tolerances, in points (1/72 inch) where they are lengths.
const (
	// OverlapShare is how much of the smaller of two words' boxes the
	// two must share to count as text over text, and OverlapMin how tall
	// and how wide the shared rectangle must be.
	OverlapShare = 0.05
	OverlapMin   = 1.0
	// Margin is the band along the paper's edge (and a folded sheet's
	// fold) no word may enter: 5 mm, as home printers clip 4 to 5 mm.
	Margin = 5 * mm
)

const mm = 72 / 25.4

// ErrNoTool is wrapped by the error Check returns when pdftotext is not
// installed.
var ErrNoTool = errors.New("pdftotext not found (install poppler-utils)")

// Box is a rectangle on a page, in points from its top left corner.
type Box struct {
	XMin, YMin, XMax, YMax float64
}

func (b Box) area() float64 { return (b.XMax - b.XMin) * (b.YMax - b.YMin) }

// intersect returns the width and height of the rectangle two boxes
// share, each zero or less when they do not meet.
func (b Box) intersect(o Box) (w, h float64) {
	return math.Min(b.XMax, o.XMax) - math.Max(b.XMin, o.XMin), math.Min(b.YMax, o.YMax) - math.Max(b.YMin, o.YMin)
}

// Word is one word as pdftotext reads it back.
type Word struct {
	Text string
	Box
	line int // pdftotext's line on the page, from 0
}

func (w Word) String() string {
	return fmt.Sprintf("%q [%.1f,%.1f–%.1f,%.1f]", w.Text, w.XMin, w.YMin, w.XMax, w.YMax)
}

// Defect is one thing wrong on a printed page.
type Defect struct {
	Kind  string
	File  string
	Page  int    // from 1, as a PDF viewer numbers them (a sheet side when folded)
	Half  string // "left" or "right" for a half of a folded sheet, else ""
	Note  string // what is wrong, in a few words
	Words []Word
}

func (d Defect) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s p%d", d.Kind, d.File, d.Page)
	if d.Half != "" {
		fmt.Fprintf(&b, " (%s)", d.Half)
	}
	if d.Note != "" {
		fmt.Fprintf(&b, ": %s", d.Note)
	}
	for i, w := range d.Words {
		if i == 0 {
			b.WriteString(":")
		}
		b.WriteString(" " + w.String())
	}
	return b.String()
}

// Report is what Check found in one PDF.
type Report struct {
	File    string
	Pages   int
	Folded  bool
	Defects []Defect
}

// Counts returns how many defects of each kind the report holds; every
// kind is present, zero or not.
func (r Report) Counts() map[string]int {
	c := make(map[string]int, len(Kinds))
	for _, k := range Kinds {
		c[k] = 0
	}
	for _, d := range r.Defects {
		c[d.Kind]++
	}
	return c
}

// Check reads the PDF at path back with pdftotext and returns its
// defects, each naming the file as path. A file named *-folded.pdf or
// *-folded-N.pdf (a volume) is read as a folded booklet; its card sheets,
// *-folded-cards.pdf, are flat.
func Check(ctx context.Context, path string) (Report, error) {
	r, _, err := read(ctx, path, false)
	return r, err
}

// CheckText is Check that also returns the text of each page, in page
// order: its words as pdftotext reads them back, in its reading order
// (flow, block, line), joined by single spaces. A caller that wants the
// text as well reads the PDF once.
func CheckText(ctx context.Context, path string) (Report, []string, error) {
	return read(ctx, path, true)
}

// read runs pdftotext -bbox-layout on the PDF at path and examines its
// pages, keeping their text when asked.
func read(ctx context.Context, path string, text bool) (Report, []string, error) {
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		return Report{}, nil, fmt.Errorf("failed to check %s: %w", path, ErrNoTool)
	}
	cmd := exec.CommandContext(ctx, bin, "-q", "-bbox-layout", "-enc", "UTF-8", path, "-")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return Report{}, nil, fmt.Errorf("failed to read %s back with pdftotext: %w: %s", path, err, strings.TrimSpace(stderr.String()))
	}
	pages, err := parse(out)
	if err != nil {
		return Report{}, nil, fmt.Errorf("failed to read %s back: %w", path, err)
	}
	var texts []string
	if text {
		texts = make([]string, len(pages))
		for i, p := range pages {
			var b strings.Builder
			for j, w := range p.words {
				if j > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(w.Text)
			}
			texts[i] = b.String()
		}
	}
	return examine(path, Folded(path), pages), texts, nil
}

// Folded reports whether a file name is a folded booklet's: NAME-folded.pdf,
// or a volume of one, NAME-folded-2.pdf.
func Folded(path string) bool {
	base := strings.TrimSuffix(filepath.Base(path), ".pdf")
	if strings.HasSuffix(base, "-folded") {
		return true
	}
	i := strings.LastIndex(base, "-folded-")
	if i < 0 {
		return false
	}
	n := base[i+len("-folded-"):]
	return n != "" && strings.Trim(n, "0123456789") == ""
}

// page is one page as pdftotext reads it back.
type page struct {
	w, h  float64
	words []Word
}

// parse reads the XHTML pdftotext -bbox-layout writes: <page width
// height> holding <flow>, <block>, <line> and <word xMin yMin xMax yMax>
// elements. It reads the tags it needs by hand, as encoding/xml takes a
// quarter as long as pdftotext itself on a large booklet.
func parse(data []byte) ([]page, error) {
	if !bytes.Contains(data, []byte("<doc>")) {
		return nil, errors.New("failed to parse the bounding boxes: no <doc>")
	}
	var pages []page
	line := -1
	for {
		i := bytes.IndexByte(data, '<')
		if i < 0 {
			break
		}
		data = data[i+1:]
		end := bytes.IndexByte(data, '>')
		if end < 0 {
			return nil, errors.New("failed to parse the bounding boxes: a tag left open")
		}
		tag := data[:end]
		name := tag
		if sp := bytes.IndexByte(tag, ' '); sp >= 0 {
			name = tag[:sp]
		}
		switch string(name) {
		case "page":
			w, err1 := attr(tag, "width")
			h, err2 := attr(tag, "height")
			if err := errors.Join(err1, err2); err != nil {
				return nil, fmt.Errorf("failed to parse page %d's size: %w", len(pages)+1, err)
			}
			pages = append(pages, page{w: w, h: h})
			line = -1
		case "line":
			line++
		case "word":
			if len(pages) == 0 || line < 0 {
				return nil, errors.New("failed to parse the bounding boxes: a word outside a page's line")
			}
			var b [4]float64
			for k, a := range []string{"xMin", "yMin", "xMax", "yMax"} {
				v, err := attr(tag, a)
				if err != nil {
					return nil, fmt.Errorf("failed to parse a word on page %d: %w", len(pages), err)
				}
				b[k] = v
			}
			data = data[end+1:]
			stop := bytes.Index(data, []byte("</word>"))
			if stop < 0 {
				return nil, fmt.Errorf("failed to parse a word on page %d: no </word>", len(pages))
			}
			p := &pages[len(pages)-1]
			p.words = append(p.words, Word{html.UnescapeString(string(data[:stop])), Box{b[0], b[1], b[2], b[3]}, line})
			data = data[stop:]
			continue
		}
		data = data[end+1:]
	}
	return pages, nil
}

// attr reads the number an attribute name="…" of a tag holds.
func attr(tag []byte, name string) (float64, error) {
	i := bytes.Index(tag, []byte(" "+name+`="`))
	if i < 0 {
		return 0, fmt.Errorf("no %s", name)
	}
	v := tag[i+len(name)+3:]
	j := bytes.IndexByte(v, '"')
	if j < 0 {
		return 0, fmt.Errorf("%s not closed", name)
	}
	f, err := strconv.ParseFloat(string(v[:j]), 64)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", name, err)
	}
	return f, nil
}

// examine finds the defects of a file's pages.
func examine(file string, folded bool, pages []page) Report {
	r := Report{File: file, Pages: len(pages), Folded: folded}
	add := func(kind string, n int, half, note string, ws ...Word) {
		r.Defects = append(r.Defects, Defect{Kind: kind, File: file, Page: n, Half: half, Note: note, Words: ws})
	}
	for i, p := range pages {
		n := i + 1
		// The pages a sheet side holds: the whole of it, or its two halves.
		type part struct {
			name string
			box  Box
		}
		parts := []part{{"", Box{0, 0, p.w, p.h}}}
		if folded {
			parts = []part{{"left", Box{0, 0, p.w / 2, p.h}}, {"right", Box{p.w / 2, 0, p.w, p.h}}}
		}
		for _, a := range overlaps(p.words) {
			add(Overlap, n, "", fmt.Sprintf("%.0f%% of the smaller word", 100*a.share), a.a, a.b)
		}
		on := make([][]Word, len(parts)) // the words on each part
		last := -1                       // the defect the previous word went to
		var lastBox Box                  // the box around its words
		for _, w := range p.words {
			k := 0
			if folded && (w.XMin+w.XMax)/2 >= p.w/2 {
				k = 1
			}
			on[k] = append(on[k], w)
			pb := parts[k].box
			half, fold := parts[k].name, folded && w.XMin < p.w/2 && w.XMax > p.w/2
			if fold {
				half = ""
			}
			if !fold && w.XMin >= pb.XMin+Margin && w.XMax <= pb.XMax-Margin && w.YMin >= pb.YMin+Margin && w.YMax <= pb.YMax-Margin {
				last = -1
			} else if d := len(r.Defects) - 1; last >= 0 && last == d && r.Defects[d].Half == half && r.Defects[d].Words[0].line == w.line {
				// The words of one line in the band are one defect.
				r.Defects[d].Words = append(r.Defects[d].Words, w)
				lastBox = Box{min(lastBox.XMin, w.XMin), min(lastBox.YMin, w.YMin), max(lastBox.XMax, w.XMax), max(lastBox.YMax, w.YMax)}
				if !fold {
					r.Defects[d].Note = edge(lastBox, pb, folded, k)
				}
			} else {
				note := "across the fold"
				if !fold {
					note = edge(w.Box, pb, folded, k)
				}
				add(Offpage, n, half, note, w)
				last, lastBox = len(r.Defects)-1, w.Box
			}
			if strings.Contains(w.Text, "…") {
				add(Ellipsis, n, parts[k].name, "cut short", w)
				last = -1
			}
		}
		for k, ws := range on {
			if headFootOnly(ws) {
				add(Empty, n, parts[k].name, "nothing but a running head and a footer")
			}
		}
	}
	return r
}

// headFootOnly reports whether every word of a page lies on its top line
// or its bottom line: the running head and the footer.
func headFootOnly(ws []Word) bool {
	if len(ws) == 0 {
		return true
	}
	top, bot := ws[0], ws[0]
	for _, w := range ws {
		if w.YMin < top.YMin {
			top = w
		}
		if w.YMax > bot.YMax {
			bot = w
		}
	}
	for _, w := range ws {
		mid := (w.YMin + w.YMax) / 2
		if (mid < top.YMin || mid > top.YMax) && (mid < bot.YMin || mid > bot.YMax) {
			return false
		}
	}
	return true
}

// edge says which edges of page box pb the box w passes or comes within
// Margin of: "past the right edge", "within 5 mm of the fold".
func edge(w, pb Box, folded bool, half int) string {
	var past, near []string
	side := func(name string, out, in float64) {
		switch {
		case out > 0:
			past = append(past, name)
		case in > 0:
			near = append(near, name)
		}
	}
	left, right := "the left edge", "the right edge"
	if folded && half == 1 {
		left = "the fold"
	}
	if folded && half == 0 {
		right = "the fold"
	}
	side(left, pb.XMin-w.XMin, pb.XMin+Margin-w.XMin)
	side(right, w.XMax-pb.XMax, w.XMax-(pb.XMax-Margin))
	side("the top edge", pb.YMin-w.YMin, pb.YMin+Margin-w.YMin)
	side("the bottom edge", w.YMax-pb.YMax, w.YMax-(pb.YMax-Margin))
	var say []string
	if past != nil {
		say = append(say, "past "+strings.Join(past, " and "))
	}
	if near != nil {
		say = append(say, fmt.Sprintf("within %.0f mm of %s", Margin/mm, strings.Join(near, " and ")))
	}
	return strings.Join(say, ", ")
}

// pair is two words printed over each other.
type pair struct {
	a, b  Word
	share float64 // of the smaller word's box
}

// overlaps returns the pairs of words printed over each other (see
// OverlapShare), from the top of the page down.
func overlaps(ws []Word) []pair {
	idx := make([]int, len(ws))
	for i := range idx {
		idx[i] = i
	}
	// Sweep from left to right: a word can only meet those that start
	// before it ends.
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(ws[a].XMin, ws[b].XMin) })
	var out []pair
	for i, a := range idx {
		for _, b := range idx[i+1:] {
			if ws[b].XMin >= ws[a].XMax {
				break
			}
			w, h := ws[a].intersect(ws[b].Box)
			small := math.Min(ws[a].area(), ws[b].area())
			if w <= OverlapMin || h <= OverlapMin || small <= 0 {
				continue
			}
			if s := w * h / small; s > OverlapShare {
				x, y := min(a, b), max(a, b)
				out = append(out, pair{ws[x], ws[y], s})
			}
		}
	}
	slices.SortStableFunc(out, func(p, q pair) int {
		return cmp.Or(cmp.Compare(p.a.YMin, q.a.YMin), cmp.Compare(p.a.XMin, q.a.XMin),
			cmp.Compare(p.b.YMin, q.b.YMin), cmp.Compare(p.b.XMin, q.b.XMin))
	})
	return out
}
