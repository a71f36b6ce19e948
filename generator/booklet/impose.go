package booklet

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
)

// A folded booklet (Options.Impose "saddle") is rendered page by page at
// half the sheet, then imposed: each page becomes a Form XObject, drawn
// twice a sheet side, on sheets in the order a saddle-stitched booklet
// needs. Sortie imposes itself rather than with pdfcpu's booklet: pdfcpu
// stamps the clock into the document it writes, pads with blank pages,
// scales pages to fit, and turns every back side upside down for a
// long-edge flip.

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

// narrow reports whether the page is a folded booklet's, too narrow for
// two columns of tables or of sealed cards.
func (b *book) narrow() bool { return b.pw-2*side < 2*cardMinW }

// Marks on every sheet side, in millimetres.
const (
	markLen  = 7.0 // how far a mark reaches in from the sheet's edge
	trimFore = 3.0 // the fore-edge trim line, in from each short edge of the sheet
)

// saddleOrder returns, for a booklet of n pages (a multiple of four),
// the pages on each sheet side in print order: sheet 1's front (left,
// right), its back (left, right), sheet 2's front, and so on. The backs
// are for a flip on the short edge: the back's left page is behind the
// front's right page.
func saddleOrder(n int) [][2]int {
	out := make([][2]int, 0, n/2)
	for i := range n / 4 {
		out = append(out,
			[2]int{n - 2*i, 2*i + 1},
			[2]int{2*i + 2, n - 2*i - 1})
	}
	return out
}

// padPages fills the booklet with Notes pages to a multiple of n pages:
// four for a folded booklet, PrintMultiple for a print-ready one.
func (r *renderer) padPages(n int) {
	for r.f.PageNo()%n != 0 {
		r.notesPage()
	}
}

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

// impose lays the pages of the PDF fpdf wrote (pages of half the sheet,
// a multiple of four of them) on sheets sheetW × sheetH mm, two a side in
// saddle order, with fold and trim marks. Links and bookmarks, which
// point at pages the folded booklet no longer has, are left out: it is
// for printing. The objects it keeps are renumbered from 1, and the
// result is as deterministic as its input.
func impose(pdf []byte, sheetW, sheetH float64) ([]byte, error) {
	objs, trailer, err := readObjects(pdf)
	if err != nil {
		return nil, fmt.Errorf("failed to impose the booklet: %w", err)
	}
	root, ok1 := ref(rootRe, trailer)
	info, ok2 := ref(infoRe, trailer)
	if !ok1 || !ok2 {
		return nil, errors.New("failed to impose the booklet: a trailer without /Root or /Info")
	}
	tree, ok := ref(regexp.MustCompile(`/Pages (\d+) 0 R`), objs[root].dict)
	if !ok {
		return nil, errors.New("failed to impose the booklet: a catalog without /Pages")
	}
	kids := refRe.FindAllSubmatch(kidsRe.FindSubmatch(objs[tree].dict)[1], -1)
	box := mediaBoxRe.FindSubmatch(objs[tree].dict)
	if box == nil {
		return nil, errors.New("failed to impose the booklet: a page tree without /MediaBox")
	}
	if len(kids) == 0 || len(kids)%4 != 0 {
		return nil, fmt.Errorf("failed to impose the booklet: %d pages, want a multiple of four", len(kids))
	}

	// Each page's content stream becomes a form drawn with the page's
	// resources.
	forms := make([]int, len(kids)) // by page, from 0
	rewritten := map[int][]byte{}
	for i, k := range kids {
		n, _ := strconv.Atoi(string(k[1]))
		c, ok1 := ref(contentsRe, objs[n].dict)
		res, ok2 := ref(resRe, objs[n].dict)
		o, ok3 := objs[c]
		if !ok1 || !ok2 || !ok3 || o.stream == nil {
			return nil, fmt.Errorf("failed to impose the booklet: page %d has no content stream or resources", i+1)
		}
		forms[i] = c
		rewritten[c] = concat([]byte(fmt.Sprintf("<</Type /XObject /Subtype /Form /BBox [0 0 %s %s] /Resources %d 0 R ", box[1], box[2], res)),
			o.dict[2:], o.stream)
	}
	lang := []byte("")
	if m := langRe.FindSubmatch(objs[root].dict); m != nil {
		lang = concat([]byte("\n/Lang "), m[1])
	}

	// Keep what the forms, the catalog and the document information
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
	keep[root], keep[tree] = true, true
	reach(info)
	for _, c := range forms {
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
	renum := func(b []byte) []byte {
		return refRe.ReplaceAllFunc(b, func(m []byte) []byte {
			k, _ := strconv.Atoi(string(refRe.FindSubmatch(m)[1]))
			if to, ok := num[k]; ok {
				return []byte(strconv.Itoa(to) + " 0 R")
			}
			return m
		})
	}

	// The sheets: a page object and a content stream per side.
	k := 72 / 25.4
	w, h := sn(sheetW*k), sn(sheetH*k)
	order := saddleOrder(len(kids))
	next := len(old) + 1
	var extra [][]byte
	var sheetRefs []string
	for _, sideOf := range order {
		content := sheetContent(w, h)
		page := fmt.Sprintf("<</Type /Page\n/Parent %d 0 R\n/Resources <</ProcSet [/PDF] /XObject <</L %d 0 R /R %d 0 R>>>>\n/Contents %d 0 R>>",
			num[tree], num[forms[sideOf[0]-1]], num[forms[sideOf[1]-1]], next+1)
		sheetRefs = append(sheetRefs, strconv.Itoa(next)+" 0 R")
		extra = append(extra, []byte(page), []byte(fmt.Sprintf("<</Length %d>>\nstream\n%s\nendstream\n", len(content), content)))
		next += 2
	}

	var out bytes.Buffer
	hdr := bytes.Index(pdf, []byte("\n")) + 1
	if hdr < 1 || !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		return nil, errors.New("failed to impose the booklet: no PDF header")
	}
	out.Write(pdf[:hdr])
	out.WriteString("%\xe2\xe3\xcf\xd3\n")
	offsets := make([]int, 0, next)
	for _, n := range old {
		offsets = append(offsets, out.Len())
		fmt.Fprintf(&out, "%d 0 obj\n", num[n])
		switch n {
		case root:
			fmt.Fprintf(&out, "<<\n/Type /Catalog\n/Pages %d 0 R%s\n>>\n", num[tree], lang)
		case tree:
			fmt.Fprintf(&out, "<</Type /Pages\n/Kids [%s]\n/Count %d\n/MediaBox [0 0 %.2f %.2f]\n>>\n",
				bytes.Join(func() [][]byte {
					bs := make([][]byte, len(sheetRefs))
					for i, s := range sheetRefs {
						bs[i] = []byte(s)
					}
					return bs
				}(), []byte(" ")), len(sheetRefs), w, h)
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
		len(offsets)+1, num[root], num[info], xref)
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
