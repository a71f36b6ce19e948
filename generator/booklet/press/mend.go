package press

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
)

// Mend makes the PDF fpdf writes pass strict validation (pdfcpu's strict
// mode, after ISO 32000-1), in two ways fpdf itself does not:
//
//   - fpdf writes "/Count 0" on every outline item, where an item with
//     children must count its open descendants (12.3.3): each item with
//     children gets its count, all items open, and the rest lose the zero;
//   - fpdf writes a page's link annotations straight into its /Annots
//     array, where the array must hold indirect references (Table 30):
//     each annotation becomes an object of its own.
//
// Then it rewrites the cross-reference table for the moved and added
// objects. levels are the outline items' levels in the order they were
// added, which is the order fpdf writes them. The result is as
// deterministic as its input.
func Mend(pdf []byte, levels []int) ([]byte, error) {
	counts := make([]int, len(levels))
	for i, l := range levels {
		for j := i + 1; j < len(levels) && levels[j] > l; j++ {
			counts[i]++
		}
	}
	xref := bytes.LastIndex(pdf, []byte("\nxref\n"))
	if xref < 0 {
		return nil, errors.New("failed to mend the PDF: no cross-reference table")
	}
	body, tail := pdf[:xref+1], pdf[xref+1:]
	lines := bytes.SplitAfter(tail, []byte("\n"))
	var size int
	if len(lines) < 3 {
		return nil, errors.New("failed to mend the PDF: a short cross-reference table")
	}
	if _, err := fmt.Sscanf(string(lines[1]), "0 %d", &size); err != nil {
		return nil, fmt.Errorf("failed to mend the PDF: %w", err)
	}
	next := size // the number of the next object added
	var added [][]byte

	starts := objStarts(body)
	var out bytes.Buffer
	offsets := map[int]int{}
	item, last := 0, 0
	for k, s := range starts {
		end := len(body)
		if k+1 < len(starts) {
			end = starts[k+1][0]
		}
		out.Write(body[last:s[0]])
		n, _ := strconv.Atoi(string(body[s[2]:s[3]]))
		offsets[n] = out.Len()
		head, obj := body[s[0]:s[1]], body[s[1]:end]
		switch {
		case bytes.HasPrefix(obj, []byte("<</Title ")) && bytes.Contains(obj, []byte("\n/Count 0>>\n")):
			if item >= len(counts) {
				return nil, errors.New("failed to mend the PDF: more outline items than bookmarks")
			}
			with := []byte("\n>>\n")
			if counts[item] > 0 {
				with = []byte("\n/Count " + strconv.Itoa(counts[item]) + ">>\n")
			}
			obj = bytes.Replace(obj, []byte("\n/Count 0>>\n"), with, 1)
			item++
		case bytes.HasPrefix(obj, []byte("<</Type /Page\n")) && bytes.Contains(obj, []byte("\n/Annots [")):
			var err error
			obj, err = indirectAnnots(obj, &next, &added)
			if err != nil {
				return nil, fmt.Errorf("failed to mend the PDF: object %d: %w", n, err)
			}
		}
		out.Write(head)
		out.Write(obj)
		last = end
	}
	if item != len(counts) {
		return nil, fmt.Errorf("failed to mend the PDF: %d outline items for %d bookmarks", item, len(counts))
	}
	out.Write(body[last:])
	for i, a := range added {
		offsets[size+i] = out.Len()
		fmt.Fprintf(&out, "%d 0 obj\n", size+i)
		out.Write(a)
		out.WriteString("\nendobj\n")
	}
	xrefAt := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n", next)
	i := 2
	for n := range size {
		entry := lines[i]
		i++
		if off, ok := offsets[n]; ok && bytes.HasSuffix(bytes.TrimRight(entry, " \r\n"), []byte(" n")) {
			entry = []byte(fmt.Sprintf("%010d 00000 n \n", off))
		}
		out.Write(entry)
	}
	for n := size; n < next; n++ {
		fmt.Fprintf(&out, "%010d 00000 n \n", offsets[n])
	}
	rest := bytes.Join(lines[i:], nil)
	sx := bytes.LastIndex(rest, []byte("startxref\n"))
	if sx < 0 {
		return nil, errors.New("failed to mend the PDF: no startxref")
	}
	trailer := bytes.Replace(rest[:sx], []byte("/Size "+strconv.Itoa(size)+"\n"), []byte("/Size "+strconv.Itoa(next)+"\n"), 1)
	out.Write(trailer)
	out.WriteString("startxref\n" + strconv.Itoa(xrefAt) + "\n%%EOF\n")
	return out.Bytes(), nil
}

// objStarts finds where each indirect object starts in b: each match of
// the regular expression (?m)^(\d+) 0 obj\n, as FindAllSubmatchIndex
// gives it (the whole match, then the number), found by looking for
// " 0 obj\n" and the digits before it, which is several times faster
// over a document's compressed streams. A match cannot hold a newline
// but its last byte, so matches never overlap and each " 0 obj\n"
// gives at most one.
func objStarts(b []byte) [][]int {
	var out [][]int
	const tail = " 0 obj\n"
	for from := 0; ; {
		k := bytes.Index(b[from:], []byte(tail))
		if k < 0 {
			return out
		}
		at := from + k
		from = at + len(tail)
		start := at
		for start > 0 && b[start-1] >= '0' && b[start-1] <= '9' {
			start--
		}
		if start == at || start > 0 && b[start-1] != '\n' {
			continue
		}
		out = append(out, []int{start, from, start, at})
	}
}

// indirectAnnots moves the dictionaries of a page's /Annots array into
// objects of their own, numbered from *next, and puts references to them
// in the array.
func indirectAnnots(obj []byte, next *int, added *[][]byte) ([]byte, error) {
	at := bytes.Index(obj, []byte("\n/Annots [")) + len("\n/Annots [")
	var refs bytes.Buffer
	i := at
	for {
		for i < len(obj) && (obj[i] == ' ' || obj[i] == '\n') {
			i++
		}
		if i >= len(obj) {
			return nil, errors.New("an /Annots array without its end")
		}
		if obj[i] == ']' {
			break
		}
		if !bytes.HasPrefix(obj[i:], []byte("<<")) {
			return nil, fmt.Errorf("an /Annots array holding %q", obj[i:min(len(obj), i+10)])
		}
		end, err := dictEnd(obj, i)
		if err != nil {
			return nil, err
		}
		*added = append(*added, bytes.Clone(obj[i:end]))
		if refs.Len() > 0 {
			refs.WriteByte(' ')
		}
		fmt.Fprintf(&refs, "%d 0 R", *next)
		*next++
		i = end
	}
	return concat(obj[:at], refs.Bytes(), obj[i:]), nil
}

// dictEnd returns the index just past the dictionary that starts at i,
// skipping strings (with their escapes) and nested dictionaries.
func dictEnd(b []byte, i int) (int, error) {
	depth := 0
	for i < len(b) {
		switch {
		case b[i] == '(':
			// A literal string: balanced parentheses, \ escapes.
			n := 0
			for ; i < len(b); i++ {
				switch b[i] {
				case '\\':
					i++
				case '(':
					n++
				case ')':
					n--
				}
				if n == 0 {
					break
				}
			}
			i++
		case bytes.HasPrefix(b[i:], []byte("<<")):
			depth++
			i += 2
		case bytes.HasPrefix(b[i:], []byte(">>")):
			depth--
			i += 2
			if depth == 0 {
				return i, nil
			}
		default:
			i++
		}
	}
	return 0, errors.New("a dictionary without its end")
}

// concat joins byte slices into a new one.
func concat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
