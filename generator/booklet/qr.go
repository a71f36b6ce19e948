package booklet

import (
	"fmt"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"
	"image/color"
	"strconv"

	"github.com/boombuler/barcode/qr"
)

// QR codes: when the site has a base URL, the cover and each encounter's
// right-hand page carry a code to the web page of the same content, drawn
// as vector squares, with the address in small type beside it.
const (
	qrSize    = 16.0 // the symbol's side in mm, quiet zone aside
	qrGap     = 2.0  // the least blank paper around the symbol, mm: with qrSize and the versions a page address needs, at least the four modules the standard asks
	qrURLSize = 5.5  // the address beside the code, in points
)

// qrModules encodes url as a QR code (error correction level M, which
// survives a smudge or a fold and still fits a page's address in a
// version-4 or -5 symbol) and returns its modules, dark true, by row.
func qrModules(url string) ([][]bool, error) {
	code, err := qr.Encode(url, qr.M, qr.Auto)
	if err != nil {
		return nil, fmt.Errorf("failed to encode %s as a QR code: %w", url, err)
	}
	n := code.Bounds().Dx()
	rows := make([][]bool, n)
	for y := range n {
		rows[y] = make([]bool, n)
		for x := range n {
			g := color.GrayModel.Convert(code.At(x, y)).(color.Gray)
			rows[y][x] = g.Y < 128
		}
	}
	return rows, nil
}

// qrDraw draws the QR code of url with its top-left corner at (x, y),
// size mm square: each row's runs of dark modules as one filled
// rectangle, so no hairline shows between neighbouring modules.
func (r *renderer) qrDraw(url string, x, y, size float64) {
	rows, err := qrModules(url)
	if err != nil {
		r.f.SetError(err)
		return
	}
	m := size / float64(len(rows))
	f := &frame.Frame{W: r.pw, H: r.ph}
	for j, row := range rows {
		for i := 0; i < len(row); {
			if !row[i] {
				i++
				continue
			}
			k := i
			for k < len(row) && row[k] {
				k++
			}
			// A hair taller than a module, so rows overlap rather than
			// leave a seam when rendered; the quiet zone is untouched.
			h := m
			if j < len(rows)-1 {
				h += m / 8
			}
			f.Marks = append(f.Marks, frame.Box{X: x + float64(i)*m, Y: y + float64(j)*m, W: float64(k-i) * m, H: h, Fill: 0, Stroke: -1})
			i = k
		}
	}
	r.paint(f, 0, 0)
}

// qrNote prints the address the code holds, right-aligned to end at x,
// with its caption above it, the last line's baseline at y.
func (r *renderer) qrNote(caption, url string, x, y float64) {
	r.font("", qrURLSize)
	lines := []string{caption, url}
	f := &frame.Frame{W: r.pw, H: r.ph}
	for i, l := range lines {
		w := r.f.GetStringWidth(l)
		f.Marks = append(f.Marks, frame.Baseline{X: x - w, Y: y - float64(len(lines)-1-i)*lh(qrURLSize), Font: sansFont("", qrURLSize), Grey: 90, S: l})
	}
	r.paint(f, 0, 0)
}

// coverCode draws the booklet's code in the cover's top-right corner and
// returns the width it takes from the band beside it (0 without a code).
func (r *renderer) coverCode() float64 {
	if r.doc.URL == "" {
		return 0
	}
	x := r.pw - side - qrSize
	r.qrDraw(r.doc.URL, x, bodyTop, qrSize)
	what := "This booklet on the web:"
	switch {
	case r.doc.Pack != nil:
		what = "This pack on the web:"
	case r.doc.Campaign != nil:
		what = "This campaign on the web:"
	}
	r.qrNote(what, r.doc.URL, x-qrGap, bodyTop+qrSize-0.6)
	return qrSize + qrGap
}

// entryCode draws an entry's code at the foot of the page being
// written and keeps the text above it, once per entry: rightPage calls it
// on the entry's right-hand page and, for an entry that ends on its
// left-hand page, before that page's notes. Entries without an address,
// or a page with no room left at its foot, get none.
func (r *renderer) entryCode(e *entry) {
	url := r.doc.EntryURLs[e.number]
	key := "qr/" + strconv.Itoa(e.number)
	if _, done := r.lay.pages[key]; url == "" || done || r.fr.bottom-r.fr.y < qrSize+qrGap+1 {
		return
	}
	r.lay.pages[key] = r.f.PageNo()
	x, y := r.pw-side-qrSize, r.fr.bottom-qrSize
	r.qrDraw(url, x, y, qrSize)
	r.qrNote("This encounter on the web:", url, x-qrGap, r.fr.bottom-0.6)
	r.fr.bottom = y - qrGap - 1
}
