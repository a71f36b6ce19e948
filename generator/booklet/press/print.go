package press

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
)

// PrintMultiple is the multiple a print-ready booklet's page count is
// padded to, with Notes pages. Saddle-stitched books need a multiple of
// four (each folded sheet is four pages) and every binding needs an even
// count; four satisfies Lulu, KDP print and DriveThruRPG print, saddle
// stitch and perfect binding alike.
const PrintMultiple = 4

// bleedOf returns the bleed a print-on-demand service asks for on each
// side of a page of the paper, in thousandths of a point: 3 mm on A4,
// 0.125 in on US Letter.
func bleedOf(paper string) (int, bool) {
	switch paper {
	case "a4":
		return int(math.Round(3 / ptMM * 1000)), true
	case "letter":
		return 9000, true // 0.125 in is 9 pt
	}
	return 0, false
}

// PrintReady turns a booklet as Write makes it into the interior file a
// print-on-demand service takes as it is: every page's MediaBox grows by
// the bleed on each side, its TrimBox is the paper's size in the middle
// of it and its BleedBox the whole MediaBox; the page's drawing, its link
// rectangles and every destination (links and bookmarks) move by the
// bleed, so everything lands where it was on the trimmed page.
//
// Nothing in a booklet runs to the paper's edge (nothing is printed
// within 12 mm of it), so there is nothing to extend into the bleed: it
// stays blank, which is what a service asks of a page with no bleeding
// artwork. Fonts are embedded already. Like Mend, it edits the
// objects fpdf writes and rewrites the cross-reference table; its result
// is as deterministic as its input.
func PrintReady(pdf []byte, paper string) ([]byte, error) {
	b, ok := bleedOf(paper)
	if !ok {
		return nil, fmt.Errorf("failed to make the booklet print-ready: paper %q: want a4 or letter", paper)
	}
	doc, err := splitObjects(pdf)
	if err != nil {
		return nil, fmt.Errorf("failed to make the booklet print-ready: %w", err)
	}
	// The page's drawing goes between a move by the bleed and its undoing.
	before, after := doc.size, doc.size+1
	added := [][]byte{
		stream("q 1 0 0 1 " + milli(b) + " " + milli(b) + " cm\n"),
		stream("\nQ\n"),
	}
	var w, h int
	pages := 0
	for i, o := range doc.objs {
		body := o.body
		switch {
		case bytes.HasPrefix(body, []byte("<</Type /Pages\n")):
			m := mediaBox.FindSubmatchIndex(body)
			if m == nil {
				return nil, errors.New("failed to make the booklet print-ready: the page tree has no MediaBox")
			}
			if w, err = parseMilli(body[m[2]:m[3]]); err == nil {
				h, err = parseMilli(body[m[4]:m[5]])
			}
			if err != nil {
				return nil, fmt.Errorf("failed to make the booklet print-ready: the MediaBox: %w", err)
			}
			box := "/MediaBox [0 0 " + milli(w+2*b) + " " + milli(h+2*b) + "]"
			body = concat(body[:m[0]], []byte(box), body[m[1]:])
		case bytes.HasPrefix(body, []byte("<</Type /Page\n")):
			pages++
			c := contents.FindSubmatchIndex(body)
			if c == nil {
				return nil, fmt.Errorf("failed to make the booklet print-ready: page object %d has no contents", o.num)
			}
			ref := fmt.Sprintf("/Contents [%d 0 R %s 0 R %d 0 R]", before, body[c[2]:c[3]], after)
			body = concat(body[:c[0]], []byte(ref), body[c[1]:])
			// Its boxes are put in below, once the page tree has given
			// the paper's size.
		case bytes.HasPrefix(body, []byte("<</Type /Annot ")), bytes.HasPrefix(body, []byte("<</Title ")):
			if body, err = shiftCoords(body, b); err != nil {
				return nil, fmt.Errorf("failed to make the booklet print-ready: object %d: %w", o.num, err)
			}
		}
		doc.objs[i].body = body
	}
	if w == 0 || h == 0 || pages == 0 {
		return nil, errors.New("failed to make the booklet print-ready: no pages")
	}
	boxes := []byte("<</Type /Page\n/TrimBox [" + milli(b) + " " + milli(b) + " " + milli(w+b) + " " + milli(h+b) + "]\n" +
		"/BleedBox [0 0 " + milli(w+2*b) + " " + milli(h+2*b) + "]\n")
	for i, o := range doc.objs {
		if bytes.HasPrefix(o.body, []byte("<</Type /Page\n")) {
			doc.objs[i].body = concat(boxes, o.body[len("<</Type /Page\n"):])
		}
	}
	return doc.write(added), nil
}

var (
	mediaBox = regexp.MustCompile(`/MediaBox \[0 0 ([0-9.]+) ([0-9.]+)\]`)
	contents = regexp.MustCompile(`/Contents (\d+) 0 R`)
	// rect and xyz are a link's rectangle and a destination's place on
	// its page, the only page coordinates outside the page's drawing.
	rect = regexp.MustCompile(`/Rect \[(-?[0-9.]+) (-?[0-9.]+) (-?[0-9.]+) (-?[0-9.]+)\]`)
	xyz  = regexp.MustCompile(`/XYZ (-?[0-9.]+) (-?[0-9.]+) `)
)

// shiftCoords moves the rectangle and the destination an annotation or
// bookmark holds by b thousandths of a point, up and to the right.
func shiftCoords(body []byte, b int) ([]byte, error) {
	var err error
	shift := func(re *regexp.Regexp, body []byte) []byte {
		return re.ReplaceAllFunc(body, func(m []byte) []byte {
			sub := re.FindSubmatchIndex(m)
			var out []byte
			last := 0
			for k := 2; k < len(sub); k += 2 {
				v, perr := parseMilli(m[sub[k]:sub[k+1]])
				if perr != nil {
					err = perr
					return m
				}
				out = append(out, m[last:sub[k]]...)
				out = append(out, milli(v+b)...)
				last = sub[k+1]
			}
			return append(out, m[last:]...)
		})
	}
	body = shift(xyz, shift(rect, body))
	return body, err
}

// parseMilli reads a PDF number as thousandths.
func parseMilli(s []byte) (int, error) {
	v, err := strconv.ParseFloat(string(s), 64)
	if err != nil {
		return 0, err
	}
	return int(math.Round(v * 1000)), nil
}

// milli prints thousandths as a PDF number, without trailing zeros.
func milli(v int) string {
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	s := sign + strconv.Itoa(v/1000)
	if f := v % 1000; f != 0 {
		s += "." + string(bytes.TrimRight([]byte(fmt.Sprintf("%03d", f)), "0"))
	}
	return s
}

// stream is an uncompressed content stream object's body.
func stream(s string) []byte {
	return []byte("<</Length " + strconv.Itoa(len(s)) + ">>\nstream\n" + s + "\nendstream")
}

// pdfObjects is a PDF as fpdf and mend write it: a header, numbered
// objects (each "N 0 obj\n" body "\nendobj\n"), a cross-reference table
// and a trailer.
type pdfObjects struct {
	head    []byte
	objs    []pdfObject // in file order
	size    int         // the cross-reference table's size
	entries [][]byte    // its lines, by object number, for the objects not in use
	trailer []byte      // from "trailer" to before "startxref"
}

type pdfObject struct {
	num  int
	body []byte // between "N 0 obj\n" and "\nendobj\n"
}

// splitObjects splits pdf into its objects, found through its
// cross-reference table (never by searching the bytes, which the
// compressed streams could match).
func splitObjects(pdf []byte) (*pdfObjects, error) {
	sx := bytes.LastIndex(pdf, []byte("\nstartxref\n"))
	if sx < 0 {
		return nil, errors.New("no startxref")
	}
	xrefAt, err := strconv.Atoi(string(bytes.TrimSpace(bytes.TrimSuffix(bytes.TrimSpace(pdf[sx+len("\nstartxref\n"):]), []byte("%%EOF")))))
	if err != nil || xrefAt <= 0 || xrefAt >= len(pdf) || !bytes.HasPrefix(pdf[xrefAt:], []byte("xref\n0 ")) {
		return nil, errors.New("no cross-reference table where startxref says")
	}
	lines := bytes.SplitAfter(pdf[xrefAt:sx+1], []byte("\n"))
	var size int
	if _, err := fmt.Sscanf(string(lines[1]), "0 %d", &size); err != nil || size < 1 || len(lines) < size+3 {
		return nil, errors.New("a short cross-reference table")
	}
	type at struct{ num, off int }
	var offs []at
	for n := 1; n < size; n++ {
		e := bytes.TrimRight(lines[2+n], " \r\n")
		if !bytes.HasSuffix(e, []byte(" n")) {
			continue
		}
		off, err := strconv.Atoi(string(e[:10]))
		if err != nil {
			return nil, fmt.Errorf("cross-reference entry %d: %w", n, err)
		}
		offs = append(offs, at{n, off})
	}
	slices.SortFunc(offs, func(a, b at) int { return a.off - b.off })
	if len(offs) == 0 {
		return nil, errors.New("no objects")
	}
	d := &pdfObjects{head: pdf[:offs[0].off], size: size, entries: lines[2 : 2+size], trailer: bytes.Join(lines[2+size:], nil)}
	for i, o := range offs {
		end := xrefAt
		if i+1 < len(offs) {
			end = offs[i+1].off
		}
		obj := pdf[o.off:end]
		head := []byte(strconv.Itoa(o.num) + " 0 obj\n")
		if !bytes.HasPrefix(obj, head) || !bytes.HasSuffix(obj, []byte("\nendobj\n")) {
			return nil, fmt.Errorf("object %d is not where the cross-reference table says", o.num)
		}
		d.objs = append(d.objs, pdfObject{o.num, obj[len(head) : len(obj)-len("\nendobj\n")]})
	}
	return d, nil
}

// write prints the objects in their order, then the added ones numbered
// from the old size on, and a new cross-reference table.
func (d *pdfObjects) write(added [][]byte) []byte {
	var out bytes.Buffer
	out.Write(d.head)
	offsets := make([]int, d.size+len(added))
	obj := func(n int, body []byte) {
		offsets[n] = out.Len()
		fmt.Fprintf(&out, "%d 0 obj\n", n)
		out.Write(body)
		out.WriteString("\nendobj\n")
	}
	for _, o := range d.objs {
		obj(o.num, o.body)
	}
	for i, a := range added {
		obj(d.size+i, a)
	}
	xrefAt := out.Len()
	next := d.size + len(added)
	fmt.Fprintf(&out, "xref\n0 %d\n", next)
	for n := range next {
		if offsets[n] == 0 {
			out.Write(d.entries[n]) // object 0 and any free entry, as they were
			continue
		}
		fmt.Fprintf(&out, "%010d 00000 n \n", offsets[n])
	}
	out.Write(sizeKey.ReplaceAll(d.trailer, []byte("/Size "+strconv.Itoa(next)+"\n")))
	out.WriteString("startxref\n" + strconv.Itoa(xrefAt) + "\n%%EOF\n")
	return out.Bytes()
}

var sizeKey = regexp.MustCompile(`/Size \d+\n`)
