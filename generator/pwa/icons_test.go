package pwa

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// drawIconByPoint is drawIcon sampling every point of every pixel, as
// it did before it learned to skip the pixels whose points all fall the
// same way.
func drawIconByPoint(size int, bleed bool, rgb [3]uint8) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	k := 2 * samples * int64(size)
	for py := range int64(size) {
		for px := range int64(size) {
			nPip, nTile := samplePixel(px, py, bleed, k)
			n := nPip + nTile
			if n == 0 {
				continue
			}
			mix := func(c uint8) uint8 { return uint8((nPip*255 + nTile*int64(c)) / n) }
			img.SetNRGBA(int(px), int(py), color.NRGBA{mix(rgb[0]), mix(rgb[1]), mix(rgb[2]), uint8(n * 255 / (samples * samples))})
		}
	}
	return img
}

// TestDrawIconSamePixels: the icons drawn with whole pixels decided from
// their corners are the pixels sampled point by point.
func TestDrawIconSamePixels(t *testing.T) {
	for _, size := range []int{16, 33, 48, 180, 192, 512} {
		for _, bleed := range []bool{false, true} {
			for _, rgb := range [][3]uint8{{0x8b, 0x1e, 0x1e}, {0, 0, 0}, {255, 255, 255}} {
				got, want := drawIcon(size, bleed, rgb), drawIconByPoint(size, bleed, rgb)
				if !bytes.Equal(got.Pix, want.Pix) {
					t.Errorf("size %d, bleed %v, colour %v: the pixels differ", size, bleed, rgb)
				}
			}
		}
	}
}

// BenchmarkIconFiles draws and compresses the app's icons, as every
// build of a site with the app on does.
func BenchmarkIconFiles(b *testing.B) {
	for b.Loop() {
		if _, err := iconFiles("#8b1e1e"); err != nil {
			b.Fatal(err)
		}
	}
}

// TestIconFilesSamePixels: each PNG icon, read back, is the pixels
// drawIcon drew (written with a palette of them).
func TestIconFilesSamePixels(t *testing.T) {
	const accent = "#8b1e1e"
	files, err := iconFiles(accent)
	if err != nil {
		t.Fatal(err)
	}
	rgb, _ := parseHex(accent)
	for i, ic := range iconSet {
		if ic.size == 0 {
			continue
		}
		img, err := png.Decode(bytes.NewReader(files[i].Data))
		if err != nil {
			t.Fatalf("%s: %v", ic.path, err)
		}
		want := drawIcon(ic.size, ic.bleed, rgb)
		for y := range ic.size {
			for x := range ic.size {
				if got := color.NRGBAModel.Convert(img.At(x, y)); got != want.NRGBAAt(x, y) {
					t.Fatalf("%s: pixel (%d, %d) is %v, drawn %v", ic.path, x, y, got, want.NRGBAAt(x, y))
				}
			}
		}
	}
}
