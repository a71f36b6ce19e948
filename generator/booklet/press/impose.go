package press

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"

	"github.com/sortie-wargames/sortie/generator/booklet/plan"
)

// A folded booklet is rendered page by page at half the sheet, then
// imposed: each page becomes a Form XObject, drawn
// twice a sheet side, on sheets in the order a saddle-stitched booklet
// needs. Sortie imposes itself rather than with pdfcpu's booklet: pdfcpu
// stamps the clock into the document it writes, pads with blank pages,
// scales pages to fit, and turns every back side upside down for a
// long-edge flip.

// Marks on every sheet side, in millimetres.
const (
	markLen  = 7.0 // how far a mark reaches in from the sheet's edge
	trimFore = 3.0 // the fore-edge trim line, in from each short edge of the sheet
)

// pdfObj is one indirect object of the document fpdf wrote.
type pdfObj struct {
	body   []byte // between "N 0 obj\n" and "endobj"
	dict   []byte // the dictionary at its start, or the whole body when it is no stream
	stream []byte // from "stream" on, or nil
}

var (
	refRe      = regexp.MustCompile(`(\d+) 0 R`)
	kidsRe     = regexp.MustCompile(`/Kids \[([^\]]*)\]`)
	mediaBoxRe = regexp.MustCompile(`/MediaBox \[0 0 ([0-9.]+) ([0-9.]+)\]`)
	contentsRe = regexp.MustCompile(`/Contents (\d+) 0 R`)
	resRe      = regexp.MustCompile(`/Resources (\d+) 0 R`)
	rootRe     = regexp.MustCompile(`/Root (\d+) 0 R`)
	infoRe     = regexp.MustCompile(`/Info (\d+) 0 R`)
	langRe     = regexp.MustCompile(`/Lang (\([^)]*\))`)
)

// readObjects splits a PDF fpdf wrote into its objects, found through
// the cross-reference table, and returns them with the trailer.
func readObjects(pdf []byte) (map[int]pdfObj, []byte, error) {
	sx := bytes.LastIndex(pdf, []byte("startxref\n"))
	if sx < 0 {
		return nil, nil, errors.New("no startxref")
	}
	at, err := strconv.Atoi(string(bytes.TrimSpace(bytes.TrimSuffix(bytes.TrimSpace(pdf[sx+len("startxref\n"):]), []byte("%%EOF")))))
	if err != nil || at <= 0 || at >= len(pdf) || !bytes.HasPrefix(pdf[at:], []byte("xref\n")) {
		return nil, nil, errors.New("no cross-reference table at startxref")
	}
	lines := bytes.Split(pdf[at:], []byte("\n"))
	var first, size int
	if _, err := fmt.Sscanf(string(lines[1]), "%d %d", &first, &size); err != nil || first != 0 || len(lines) < size+3 {
		return nil, nil, errors.New("a cross-reference table of more than one section")
	}
	offsets := map[int]int{}
	var starts []int
	for n := 1; n < size; n++ {
		e := bytes.TrimSpace(lines[2+n])
		if !bytes.HasSuffix(e, []byte(" n")) {
			continue
		}
		off, err := strconv.Atoi(string(e[:10]))
		if err != nil {
			return nil, nil, fmt.Errorf("cross-reference entry %d: %w", n, err)
		}
		offsets[n] = off
		starts = append(starts, off)
	}
	starts = append(starts, at)
	slices.Sort(starts)
	objs := map[int]pdfObj{}
	for n, off := range offsets {
		i, _ := slices.BinarySearch(starts, off)
		raw := pdf[off:starts[i+1]]
		head := []byte(strconv.Itoa(n) + " 0 obj\n")
		end := bytes.LastIndex(raw, []byte("endobj"))
		if !bytes.HasPrefix(raw, head) || end < 0 {
			return nil, nil, fmt.Errorf("object %d is not where the cross-reference table says", n)
		}
		o := pdfObj{body: raw[len(head):end]}
		o.dict = o.body
		if bytes.HasPrefix(o.body, []byte("<<")) {
			e, err := dictEnd(o.body, 0)
			if err != nil {
				return nil, nil, fmt.Errorf("object %d: %w", n, err)
			}
			if rest := o.body[e:]; bytes.HasPrefix(bytes.TrimLeft(rest, " \r\n"), []byte("stream")) {
				o.dict, o.stream = o.body[:e], rest
			}
		}
		objs[n] = o
	}
	tr := bytes.Index(pdf[at:], []byte("trailer"))
	if tr < 0 {
		return nil, nil, errors.New("no trailer")
	}
	return objs, pdf[at+tr : sx], nil
}

// ref reads the object number of the first reference re matches in b.
func ref(re *regexp.Regexp, b []byte) (int, bool) {
	m := re.FindSubmatch(b)
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(string(m[1]))
	return n, err == nil
}

// Source is a PDF fpdf wrote, read into its objects, to lay some of its
// pages out anew: on sheets (Imposed) or as they are (Flat).
type Source struct {
	pdf        []byte
	objs       map[int]pdfObj
	root, info int
	tree       int
	kids       []int    // the page objects, in page order
	box        [][]byte // the page tree's /MediaBox width and height
}

// ReadSource reads a PDF fpdf wrote.
func ReadSource(pdf []byte) (*Source, error) {
	objs, trailer, err := readObjects(pdf)
	if err != nil {
		return nil, err
	}
	s := &Source{pdf: pdf, objs: objs}
	var ok1, ok2 bool
	s.root, ok1 = ref(rootRe, trailer)
	s.info, ok2 = ref(infoRe, trailer)
	if !ok1 || !ok2 {
		return nil, errors.New("a trailer without /Root or /Info")
	}
	var ok bool
	s.tree, ok = ref(regexp.MustCompile(`/Pages (\d+) 0 R`), objs[s.root].dict)
	if !ok {
		return nil, errors.New("a catalog without /Pages")
	}
	for _, k := range refRe.FindAllSubmatch(kidsRe.FindSubmatch(objs[s.tree].dict)[1], -1) {
		n, _ := strconv.Atoi(string(k[1]))
		s.kids = append(s.kids, n)
	}
	box := mediaBoxRe.FindSubmatch(objs[s.tree].dict)
	if box == nil {
		return nil, errors.New("a page tree without /MediaBox")
	}
	s.box = box[1:]
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) || bytes.IndexByte(pdf, '\n') < 0 {
		return nil, errors.New("no PDF header")
	}
	return s, nil
}

// Pages is the source's page count.
func (s *Source) Pages() int { return len(s.kids) }

// page returns page i's content stream and resources objects (from 1),
// and its size in points as written.
func (s *Source) page(i int) (contents, res int, w, h []byte, err error) {
	if i < 1 || i > len(s.kids) {
		return 0, 0, nil, nil, fmt.Errorf("no page %d in %d", i, len(s.kids))
	}
	d := s.objs[s.kids[i-1]].dict
	c, ok1 := ref(contentsRe, d)
	res, ok2 := ref(resRe, d)
	o, ok3 := s.objs[c]
	if !ok1 || !ok2 || !ok3 || o.stream == nil {
		return 0, 0, nil, nil, fmt.Errorf("page %d has no content stream or resources", i)
	}
	w, h = s.box[0], s.box[1]
	if m := mediaBoxRe.FindSubmatch(d); m != nil {
		w, h = m[1], m[2]
	}
	return c, res, w, h, nil
}

// Imposed lays pages first to last (half the sheet, a multiple of four
// of them) on sheets sheetW × sheetH mm, two a side in saddle order, with
// fold and trim marks: one saddle-stitched signature. Each page's content
// stream becomes a Form XObject drawn with the page's resources. Links
// and bookmarks, which point at pages the folded booklet no longer has,
// are left out: it is for printing. The objects it keeps are renumbered
// from 1, and the result is as deterministic as its input.
func (s *Source) Imposed(first, last int, sheetW, sheetH float64) ([]byte, error) {
	n := last - first + 1
	if n <= 0 || n%4 != 0 {
		return nil, fmt.Errorf("failed to impose the booklet: %d pages, want a multiple of four", n)
	}
	forms := make([]int, n) // by page, from 0
	rewritten := map[int][]byte{}
	for i := range n {
		c, res, w, h, err := s.page(first + i)
		if err != nil {
			return nil, fmt.Errorf("failed to impose the booklet: %w", err)
		}
		o := s.objs[c]
		forms[i] = c
		rewritten[c] = concat([]byte(fmt.Sprintf("<</Type /XObject /Subtype /Form /BBox [0 0 %s %s] /Resources %d 0 R ", w, h, res)),
			o.dict[2:], o.stream)
	}
	k := 72 / 25.4
	w, h := sn(sheetW*k), sn(sheetH*k)
	var sides []outPage
	for _, sideOf := range plan.SaddleOrder(n) {
		content := sheetContent(w, h)
		sides = append(sides, outPage{
			res: func(num func(int) int) string {
				return fmt.Sprintf("<</ProcSet [/PDF] /XObject <</L %d 0 R /R %d 0 R>>>>", num(forms[sideOf[0]-1]), num(forms[sideOf[1]-1]))
			},
			content: []byte(content),
		})
	}
	out, err := s.assemble(forms, rewritten, sides, w, h)
	if err != nil {
		return nil, fmt.Errorf("failed to impose the booklet: %w", err)
	}
	return out, nil
}

// Flat writes pages first to last as they are, each at its own size,
// without links or bookmarks: a folded booklet's card sheets.
func (s *Source) Flat(first, last int) ([]byte, error) {
	var keep []int
	var sides []outPage
	var w, h float64
	for i := first; i <= last; i++ {
		c, res, pw, ph, err := s.page(i)
		if err != nil {
			return nil, fmt.Errorf("failed to write the card sheets: %w", err)
		}
		keep = append(keep, c, res)
		fw, _ := strconv.ParseFloat(string(pw), 64)
		fh, _ := strconv.ParseFloat(string(ph), 64)
		if i == first {
			w, h = fw, fh
		}
		sides = append(sides, outPage{
			res:       func(num func(int) int) string { return strconv.Itoa(num(res)) + " 0 R" },
			contentOf: c,
			w:         fw, h: fh,
		})
	}
	out, err := s.assemble(keep, nil, sides, w, h)
	if err != nil {
		return nil, fmt.Errorf("failed to write the card sheets: %w", err)
	}
	return out, nil
}

// outPage is a page assemble writes: its resources (given the new
// object numbers), and either a content stream of its own or an object
// of the source's as its contents, at its size (0 for the tree's).
type outPage struct {
	res       func(num func(int) int) string
	content   []byte
	contentOf int
	w, h      float64
}

// assemble writes a document of the source's catalog, document
// information and the objects from reach (with rewritten bodies where
// given), and the pages sides, w × h pt unless a side says otherwise.
func (s *Source) assemble(from []int, rewritten map[int][]byte, sides []outPage, w, h float64) ([]byte, error) {
	objs := s.objs
	lang := []byte("")
	if m := langRe.FindSubmatch(objs[s.root].dict); m != nil {
		lang = concat([]byte("\n/Lang "), m[1])
	}

	// Keep what the pages, the catalog and the document information
	// reach; number it from 1 in the order fpdf wrote it.
	keep := map[int]bool{}
	var reach func(n int)
	reach = func(n int) {
		if keep[n] {
			return
		}
		o, ok := objs[n]
		if !ok {
			return
		}
		keep[n] = true
		dict := o.dict
		if b, ok := rewritten[n]; ok {
			dict = b[:len(b)-len(o.stream)]
		}
		for _, m := range refRe.FindAllSubmatch(dict, -1) {
			k, _ := strconv.Atoi(string(m[1]))
			reach(k)
		}
	}
	keep[s.root], keep[s.tree] = true, true
	reach(s.info)
	for _, c := range from {
		reach(c)
	}
	old := slices.Sorted(func(yield func(int) bool) {
		for n := range keep {
			if !yield(n) {
				return
			}
		}
	})
	num := map[int]int{}
	for i, n := range old {
		num[n] = i + 1
	}
	numOf := func(n int) int { return num[n] }
	renum := func(b []byte) []byte {
		return refRe.ReplaceAllFunc(b, func(m []byte) []byte {
			k, _ := strconv.Atoi(string(refRe.FindSubmatch(m)[1]))
			if to, ok := num[k]; ok {
				return []byte(strconv.Itoa(to) + " 0 R")
			}
			return m
		})
	}

	// The pages: a page object each, and a content stream for those
	// that have their own.
	next := len(old) + 1
	var extra [][]byte
	var pageRefs [][]byte
	for _, sd := range sides {
		box := ""
		if sd.w > 0 && (sd.w != w || sd.h != h) {
			box = fmt.Sprintf("\n/MediaBox [0 0 %.2f %.2f]", sd.w, sd.h)
		}
		contents := next + 1
		if sd.content == nil {
			contents = num[sd.contentOf]
		}
		page := fmt.Sprintf("<</Type /Page\n/Parent %d 0 R%s\n/Resources %s\n/Contents %d 0 R>>",
			num[s.tree], box, sd.res(numOf), contents)
		pageRefs = append(pageRefs, []byte(strconv.Itoa(next)+" 0 R"))
		extra = append(extra, []byte(page))
		next++
		if sd.content != nil {
			extra = append(extra, []byte(fmt.Sprintf("<</Length %d>>\nstream\n%s\nendstream\n", len(sd.content), sd.content)))
			next++
		}
	}

	var out bytes.Buffer
	hdr := bytes.IndexByte(s.pdf, '\n') + 1
	out.Write(s.pdf[:hdr])
	out.WriteString("%\xe2\xe3\xcf\xd3\n")
	offsets := make([]int, 0, next)
	for _, n := range old {
		offsets = append(offsets, out.Len())
		fmt.Fprintf(&out, "%d 0 obj\n", num[n])
		switch n {
		case s.root:
			fmt.Fprintf(&out, "<<\n/Type /Catalog\n/Pages %d 0 R%s\n>>\n", num[s.tree], lang)
		case s.tree:
			fmt.Fprintf(&out, "<</Type /Pages\n/Kids [%s]\n/Count %d\n/MediaBox [0 0 %.2f %.2f]\n>>\n",
				bytes.Join(pageRefs, []byte(" ")), len(pageRefs), w, h)
		default:
			body := objs[n].body
			if b, ok := rewritten[n]; ok {
				body = b
			}
			dict := body[:len(body)-len(objs[n].stream)]
			out.Write(renum(dict))
			out.Write(objs[n].stream)
		}
		out.WriteString("endobj\n")
	}
	for _, e := range extra {
		offsets = append(offsets, out.Len())
		fmt.Fprintf(&out, "%d 0 obj\n", len(offsets))
		out.Write(e)
		if !bytes.HasSuffix(e, []byte("\n")) {
			out.WriteByte('\n')
		}
		out.WriteString("endobj\n")
	}
	xref := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f \n", len(offsets)+1)
	for _, off := range offsets {
		fmt.Fprintf(&out, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&out, "trailer\n<<\n/Size %d\n/Root %d 0 R\n/Info %d 0 R\n>>\nstartxref\n%d\n%%%%EOF\n",
		len(offsets)+1, num[s.root], num[s.info], xref)
	return out.Bytes(), nil
}

// sheetContent draws one sheet side w × h pt: the form named L on the
// left half, R on the right, a dashed fold mark at the centre of each
// long edge, and a trim mark for the fore-edge near each corner.
func sheetContent(w, h float64) string {
	var b bytes.Buffer
	k := 72 / 25.4
	fmt.Fprintf(&b, "q /L Do Q\nq 1 0 0 1 %.2f 0 cm /R Do Q\n", sn(w/2))
	m, t := sn(markLen*k), sn(trimFore*k)
	b.WriteString("q 0 G 0.4 w [3 2] 0 d\n")
	fmt.Fprintf(&b, "%.2f 0 m %.2f %.2f l S %.2f %.2f m %.2f %.2f l S\n", sn(w/2), sn(w/2), m, sn(w/2), h, sn(w/2), sn(h-m))
	b.WriteString("[] 0 d\n")
	for _, x := range []float64{t, sn(w - t)} {
		fmt.Fprintf(&b, "%.2f 0 m %.2f %.2f l S %.2f %.2f m %.2f %.2f l S\n", x, x, m, x, h, x, sn(h-m))
	}
	b.WriteString("Q")
	return b.String()
}
