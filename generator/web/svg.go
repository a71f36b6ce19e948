package web

import (
	"fmt"
	"strings"

	"github.com/sortie-wargames/sortie/engine/board"
)

// mapView is a board.Map laid out for the SVG template: the same model the
// booklets draw, in the same inches.
type mapView struct {
	board.Map
	ViewBox string
	Label   string // what a screen reader hears
	Grid    []line
	Zones   []zoneView
	Pieces  []pieceView
	Arrows  []string // entry arrows, as polygon points
	Links   []string // arrows between the markers of a track, as polygon points
	TrackY  float64  // where the track's caption sits
	Section []line   // section boundaries, when the rules number nine sections
	Numbers []label  // the section numbers
	Scale   line     // a one-inch scale bar under the board
}

type line struct{ X1, Y1, X2, Y2 float64 }

type label struct {
	X, Y float64
	Text string
}

type zoneView struct {
	board.Zone
	Pattern string
	LX, LY  float64
}

type pieceView struct {
	board.Piece
	Points string
	LX, LY float64
}

const margin = 1.2 // inches around the board for edge labels

// entryArrows are where the band's entry arrows stand along its edge, as
// fractions of the edge: the booklets draw them at the same places.
var entryArrows = []float64{0.25, 0.75}

func newMapView(m board.Map) mapView {
	v := mapView{Map: m}
	top := margin
	if m.Track && len(m.Markers) > 0 {
		top = -board.TrackY + 1.4
		v.TrackY = board.TrackY - 0.75
		for i := 1; i < len(m.Markers); i++ {
			a, b := m.Markers[i-1], m.Markers[i]
			x0, x1, y := a.X+0.6, b.X-0.6, a.Y
			v.Links = append(v.Links, points([]board.Point{
				{X: x0, Y: y - 0.04}, {X: x1 - 0.2, Y: y - 0.04}, {X: x1 - 0.2, Y: y - 0.16},
				{X: x1, Y: y}, {X: x1 - 0.2, Y: y + 0.16}, {X: x1 - 0.2, Y: y + 0.04}, {X: x0, Y: y + 0.04},
			}))
		}
	}
	v.ViewBox = fmt.Sprintf("%s %s %s %s", num(-0.6), num(-top), num(m.WidthIn+1.2), num(m.HeightIn+top+2.4))
	var desc []string
	desc = append(desc, fmt.Sprintf("%s, %s by %s inches, %s", m.Title, num(m.WidthIn), num(m.HeightIn), m.Terrain))
	for x := 1.0; x < m.WidthIn; x++ {
		v.Grid = append(v.Grid, line{x, 0, x, m.HeightIn})
	}
	for y := 1.0; y < m.HeightIn; y++ {
		v.Grid = append(v.Grid, line{0, y, m.WidthIn, y})
	}
	if m.Sections {
		sw, sh := m.WidthIn/3, m.HeightIn/3
		for i := 1.0; i < 3; i++ {
			v.Section = append(v.Section, line{i * sw, 0, i * sw, m.HeightIn}, line{0, i * sh, m.WidthIn, i * sh})
		}
		for i := range 9 {
			v.Numbers = append(v.Numbers, label{(float64(i%3) + 0.5) * sw, (float64(i/3)+0.5)*sh + sh/6, fmt.Sprint(i + 1)})
		}
	}
	for _, z := range m.Zones {
		zv := zoneView{Zone: z, Pattern: "sortie-zone-" + z.Side, LX: z.X + z.W/2, LY: z.Y + z.H/2 + 0.2}
		if z.Side == board.Enemy && len(m.Markers) > 0 && !m.Track {
			zv.LY = z.Y + z.H - 0.35 // keep clear of the markers
		}
		v.Zones = append(v.Zones, zv)
		desc = append(desc, z.Label)
		if z.Enters {
			for _, f := range entryArrows {
				x := z.X + z.W*f
				y := z.Y + z.H + 0.15
				v.Arrows = append(v.Arrows, points([]board.Point{
					{X: x, Y: y}, {X: x + 0.35, Y: y + 0.55}, {X: x + 0.12, Y: y + 0.55},
					{X: x + 0.12, Y: y + 0.95}, {X: x - 0.12, Y: y + 0.95}, {X: x - 0.12, Y: y + 0.55},
					{X: x - 0.35, Y: y + 0.55},
				}))
			}
		}
	}
	for _, p := range m.Pieces {
		cx, cy := centre(p.Outline)
		pv := pieceView{Piece: p, Points: points(p.Outline), LX: cx, LY: cy + 0.15}
		if p.Kind == board.Ruins { // a thin wall: label it underneath
			for _, pt := range p.Outline {
				pv.LY = max(pv.LY, pt.Y+0.5)
			}
		}
		v.Pieces = append(v.Pieces, pv)
		desc = append(desc, p.Label)
	}
	for _, mk := range m.Markers {
		desc = append(desc, mk.Title)
	}
	v.Label = strings.Join(desc, "; ")
	v.Scale = line{0, m.HeightIn + 2, 1, m.HeightIn + 2} // a row of its own, under "Your edge"
	return v
}

func centre(pts []board.Point) (float64, float64) {
	var x, y float64
	for _, p := range pts {
		x += p.X
		y += p.Y
	}
	n := float64(max(len(pts), 1))
	return x / n, y / n
}

func points(pts []board.Point) string {
	var b strings.Builder
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(num(p.X) + "," + num(p.Y))
	}
	return b.String()
}

// num prints a length with at most two decimals and no trailing zeros, so
// the SVG is the same bytes on every machine.
func num(f float64) string {
	s := fmt.Sprintf("%.2f", f)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		s = "0"
	}
	return s
}
