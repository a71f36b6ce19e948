package pwa

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strconv"
	"strings"
)

// The icon is Sortie's favicon, a die's five face on a rounded tile, in
// the site's accent colour, drawn by integer arithmetic alone (so every
// CPU gives the same bytes) on a 32-unit square, as favicon.svg is.
const (
	iconUnits = 32
	tileLo    = 2 // the tile spans 2 to 30, corners of radius 6
	tileHi    = 30
	tileR     = 6
	pipR      = 3
	samples   = 4 // per pixel, across and down: 16 in all
)

// pips are the die's five pips, their centres in half units (9.5 is 19).
var pips = [][2]int64{{19, 19}, {45, 19}, {32, 32}, {19, 45}, {45, 45}}

// icon is one icon file: a PNG of a size, or the SVG.
type icon struct {
	path     string
	size     int  // pixels; 0 for the SVG
	bleed    bool // the tile fills the square, for a launcher or iOS to cut to its own shape
	purpose  string
	manifest bool // listed in the manifest (the apple-touch icon is linked from the pages)
}

func (ic icon) sizes() string {
	if ic.size == 0 {
		return "any"
	}
	return fmt.Sprintf("%dx%d", ic.size, ic.size)
}

func (ic icon) typ() string {
	if ic.size == 0 {
		return "image/svg+xml"
	}
	return "image/png"
}

// iconSet are the icons browsers ask for: an SVG for any size; 192 and
// 512 pixel PNGs, which Chromium needs to offer the install; a maskable
// 512 whose pips lie inside the safe circle (40% of the size from the
// centre: the far edge of a corner pip is 12.2 units of 32 out, within
// 12.8), for Android's launcher shapes; and iOS's 180 pixel home screen
// icon, full bleed, as iOS rounds its corners itself.
var iconSet = []icon{
	{path: "icons/icon.svg", manifest: true},
	{path: "icons/icon-192.png", size: 192, manifest: true},
	{path: "icons/icon-512.png", size: 512, manifest: true},
	{path: "icons/maskable-512.png", size: 512, bleed: true, purpose: "maskable", manifest: true},
	{path: AppleIcon, size: 180, bleed: true},
}

// iconFiles draws every icon in the accent colour.
func iconFiles(accent string) ([]File, error) {
	rgb, err := parseHex(accent)
	if err != nil {
		return nil, err
	}
	var files []File
	for _, ic := range iconSet {
		if ic.size == 0 {
			files = append(files, File{ic.path, iconSVG(accent)})
			continue
		}
		var b bytes.Buffer
		enc := png.Encoder{CompressionLevel: png.DefaultCompression}
		if err := enc.Encode(&b, paletted(drawIcon(ic.size, ic.bleed, rgb))); err != nil {
			return nil, fmt.Errorf("failed to write %s: %w", ic.path, err)
		}
		files = append(files, File{ic.path, b.Bytes()})
	}
	return files, nil
}

// paletted returns img with a palette of its own colours, in the order
// they first appear row by row. The same pixels, written as PNG, are
// half the bytes of the RGBA image at png's best compression and take a
// seventh of its time at the default one (which on RGBA took longer than
// drawing every page's frame of a thousand-page site). An icon has at
// most 154 colours, one per count of its 16 points on a pip and on the
// tile (a+b <= 16) and the clear one, within PNG's 256.
func paletted(img *image.NRGBA) *image.Paletted {
	p := image.NewPaletted(img.Rect, nil)
	index := map[color.NRGBA]uint8{}
	var last color.NRGBA
	var li uint8
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			c := img.NRGBAAt(x, y)
			if c != last || len(p.Palette) == 0 { // most pixels are their left neighbour's colour
				i, ok := index[c]
				if !ok {
					i = uint8(len(p.Palette))
					index[c] = i
					p.Palette = append(p.Palette, c)
				}
				last, li = c, i
			}
			p.SetColorIndex(x, y, li)
		}
	}
	return p
}

func iconSVG(accent string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="2" width="28" height="28" rx="6" fill="%s"/><g fill="#fff">`, accent)
	for _, p := range pips {
		fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="3"/>`, half(p[0]), half(p[1]))
	}
	b.WriteString("</g></svg>\n")
	return []byte(b.String())
}

// half writes a length in half units as units: 19 is "9.5".
func half(v int64) string {
	if v%2 == 0 {
		return strconv.FormatInt(v/2, 10)
	}
	return strconv.FormatInt(v/2, 10) + ".5"
}

// drawIcon draws the icon at size pixels: each pixel takes samples²
// points, each white on a pip, the accent on the tile, clear elsewhere.
// Every length is an integer in units of 1/(2·samples·size) of the
// square's side over 32, so nothing is rounded. A pixel whose points all
// fall the same way (inside the tile and off every pip, or on one pip, or
// off the tile) is known from its corner points alone, the tile and the
// pips being convex: only the pixels along an edge are sampled point by
// point, so the icons cost next to nothing to draw at every build.
func drawIcon(size int, bleed bool, rgb [3]uint8) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	s := int64(size)
	k := 2 * samples * s // points per unit, doubled
	const all = samples * samples
	for py := range s {
		y0 := (2*(py*samples) + 1) * iconUnits
		y1 := (2*(py*samples+samples-1) + 1) * iconUnits
		// A row no pip reaches needs no pip tested in it.
		rowPips := !pipsNone(0, y0, k*iconUnits, y1, k/2)
		for px := range s {
			x0 := (2*(px*samples) + 1) * iconUnits
			x1 := (2*(px*samples+samples-1) + 1) * iconUnits
			var nPip, nTile int64
			switch {
			case !bleed && tileNone(x0, y0, x1, y1, k):
				continue
			case (bleed || inTile(x0, y0, k) && inTile(x1, y0, k) && inTile(x0, y1, k) && inTile(x1, y1, k)) && (!rowPips || pipsNone(x0, y0, x1, y1, k/2)):
				nTile = all
			case (bleed || inTile(x0, y0, k) && inTile(x1, y0, k) && inTile(x0, y1, k) && inTile(x1, y1, k)) && onOnePip(x0, y0, x1, y1, k/2):
				nPip = all
			default:
				nPip, nTile = samplePixel(px, py, bleed, k)
			}
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

// samplePixel counts the pixel's points on a pip and on the rest of the
// tile, point by point.
func samplePixel(px, py int64, bleed bool, k int64) (nPip, nTile int64) {
	for j := range int64(samples) {
		y := (2*(py*samples+j) + 1) * iconUnits
		for i := range int64(samples) {
			x := (2*(px*samples+i) + 1) * iconUnits
			if !bleed && !inTile(x, y, k) {
				continue
			}
			if onPip(x, y, k/2) {
				nPip++
			} else {
				nTile++
			}
		}
	}
	return nPip, nTile
}

// tileNone reports whether no point of the box from (x0, y0) to (x1, y1)
// is on the tile: the box lies farther than the corner radius from the
// tile's inner rectangle.
func tileNone(x0, y0, x1, y1, k int64) bool {
	lo, hi, r := (tileLo+tileR)*k, (tileHi-tileR)*k, tileR*k
	dx := max(lo-x1, 0, x0-hi)
	dy := max(lo-y1, 0, y0-hi)
	return dx*dx+dy*dy > r*r
}

// pipsNone reports whether no point of the box is on a pip; k is the
// points' units per half unit.
func pipsNone(x0, y0, x1, y1, k int64) bool {
	r := 2 * pipR * k
	for _, p := range pips {
		cx, cy := p[0]*k, p[1]*k
		dx := max(x0-cx, 0, cx-x1)
		dy := max(y0-cy, 0, cy-y1)
		if dx*dx+dy*dy <= r*r {
			return false
		}
	}
	return true
}

// onOnePip reports whether the box's four corners, and so all of it, lie
// on one pip.
func onOnePip(x0, y0, x1, y1, k int64) bool {
	r := 2 * pipR * k
	for _, p := range pips {
		cx, cy := p[0]*k, p[1]*k
		in := func(x, y int64) bool { return (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r }
		if in(x0, y0) && in(x1, y0) && in(x0, y1) && in(x1, y1) {
			return true
		}
	}
	return false
}

// inTile reports whether the point (x, y) is on the rounded tile; k is
// the point's units per viewBox unit.
func inTile(x, y, k int64) bool {
	lo, hi, r := (tileLo+tileR)*k, (tileHi-tileR)*k, tileR*k
	dx := max(lo-x, 0, x-hi)
	dy := max(lo-y, 0, y-hi)
	return dx*dx+dy*dy <= r*r
}

// onPip reports whether the point is on a pip; k is the point's units
// per half unit.
func onPip(x, y, k int64) bool {
	r := 2 * pipR * k
	for _, p := range pips {
		dx, dy := x-p[0]*k, y-p[1]*k
		if dx*dx+dy*dy <= r*r {
			return true
		}
	}
	return false
}

// parseHex reads "#rrggbb" or "#rgb".
func parseHex(s string) ([3]uint8, error) {
	h := strings.TrimPrefix(s, "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if len(h) != 6 || err != nil {
		return [3]uint8{}, fmt.Errorf("failed to read the colour %q: want #rrggbb or #rgb", s)
	}
	return [3]uint8{uint8(v >> 16), uint8(v >> 8), uint8(v)}, nil
}
