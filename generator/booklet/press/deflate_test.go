package press

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"testing"
	"time"

	"github.com/go-fonts/liberation/liberationsansregular"
	"github.com/klauspost/compress/zlib"
	"github.com/sortie-wargames/sortie/generator/booklet/fpdf"
)

// document writes the same pages with fpdf's compression on or off: an
// embedded font (compressed by fpdf either way), text, lines and a link
// on each of several pages, of several lengths.
func document(t *testing.T, compress bool) []byte {
	t.Helper()
	f := fpdf.New("P", "mm", "A4", "")
	f.SetCompression(compress)
	at := time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC)
	f.SetCreationDate(at)
	f.SetModificationDate(at)
	f.AddUTF8FontFromBytes("sans", "", liberationsansregular.TTF)
	f.SetFont("sans", "", 10)
	link := f.AddLink()
	for p := range 5 {
		f.AddPage()
		for i := range 10 * p {
			f.SetXY(20, 20+float64(i)*5)
			f.CellFormat(150, 5, fmt.Sprintf("Page %d, line %d: Dwarves – Red Sun, 2d6 → 7 ×½", p+1, i), "", 0, "L", false, link, "")
			f.Line(20, 25+float64(i)*5, 170, 25+float64(i)*5)
		}
	}
	f.SetLink(link, 0, 1)
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestDeflate checks that compressing the pages of a document fpdf
// wrote uncompressed gives the document fpdf writes with its compression
// on: the same objects, in the same order, each byte for byte the same
// but the page contents, which inflate to the same bytes (Deflate's
// compressor is not fpdf's); that two runs give the same bytes (the
// writers are reused); and that a document already compressed is
// refused rather than compressed twice.
func TestDeflate(t *testing.T) {
	want := document(t, true)
	plain := document(t, false)
	if bytes.Equal(plain, want) {
		t.Fatal("fpdf wrote the same bytes with compression on and off: the test proves nothing")
	}
	got, err := Deflate(plain)
	if err != nil {
		t.Fatal(err)
	}
	if again, err := Deflate(plain); err != nil || !bytes.Equal(again, got) {
		t.Fatalf("a second run gave other bytes (%v)", err)
	}
	g, err := splitObjects(got)
	if err != nil {
		t.Fatal(err)
	}
	w, err := splitObjects(want)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.objs) != len(w.objs) {
		t.Fatalf("%d objects, fpdf's compression %d", len(g.objs), len(w.objs))
	}
	pages := 0
	for i, o := range g.objs {
		wo := w.objs[i]
		if o.num != wo.num {
			t.Fatalf("object %d is number %d, fpdf's %d", i, o.num, wo.num)
		}
		if !bytes.HasPrefix(wo.body, []byte("<</Filter /FlateDecode /Length ")) {
			if !bytes.Equal(o.body, wo.body) {
				t.Errorf("object %d differs from fpdf's:\n%.200q\n%.200q", o.num, o.body, wo.body)
			}
			continue
		}
		pages++
		if gs, ws := inflated(t, o.body), inflated(t, wo.body); !bytes.Equal(gs, ws) {
			t.Errorf("object %d, a page's contents, inflates to %d bytes unlike fpdf's %d", o.num, len(gs), len(ws))
		}
	}
	if pages != 5 {
		t.Errorf("%d page contents compared, want 5", pages)
	}
	if len(got) >= len(plain) {
		t.Errorf("%d bytes compressed, %d plain", len(got), len(plain))
	}
	if _, err := Deflate(want); err == nil {
		t.Error("Deflate took a document whose pages are compressed already")
	}
	if _, err := Deflate([]byte("%PDF-1.4\nnot a pdf")); err == nil {
		t.Error("Deflate took bytes that are no PDF")
	}
}

// inflated is the data of a compressed stream object's body,
// "<</Filter /FlateDecode /Length N>>\nstream\n" N bytes "\nendstream",
// inflated.
func inflated(t *testing.T, body []byte) []byte {
	t.Helper()
	const head, start = "<</Filter /FlateDecode /Length ", ">>\nstream\n"
	k := bytes.Index(body, []byte(start))
	n, err := strconv.Atoi(string(body[len(head):k]))
	if k < 0 || err != nil || k+len(start)+n > len(body) {
		t.Fatalf("not a compressed stream: %.80q", body)
	}
	zr, err := zlib.NewReader(bytes.NewReader(body[k+len(start) : k+len(start)+n]))
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
