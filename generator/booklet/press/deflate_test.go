package press_test

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"github.com/go-fonts/liberation/liberationsansregular"

	"github.com/sortie-wargames/sortie/generator/booklet/press"
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
// wrote uncompressed gives, byte for byte, what fpdf writes with its
// compression on, twice over (the writers are reused), and that a
// document already compressed is refused rather than compressed twice.
func TestDeflate(t *testing.T) {
	want := document(t, true)
	plain := document(t, false)
	if bytes.Equal(plain, want) {
		t.Fatal("fpdf wrote the same bytes with compression on and off: the test proves nothing")
	}
	for i := range 2 {
		got, err := press.Deflate(plain)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("run %d: Deflate gave %d bytes, fpdf's compression %d, and they differ", i, len(got), len(want))
		}
	}
	if _, err := press.Deflate(want); err == nil {
		t.Error("Deflate took a document whose pages are compressed already")
	}
	if _, err := press.Deflate([]byte("%PDF-1.4\nnot a pdf")); err == nil {
		t.Error("Deflate took bytes that are no PDF")
	}
}
