// Package board is Sortie's map model: a playing area drawn to scale, with
// its terrain (area pieces, roads, rivers and their crossings), deployment
// zones where the rules have them, the numbered sections where the rules
// number them, and PEF markers. The site draws it as SVG and the booklets
// draw it as PDF vectors, both from this one model and the one style table
// in engine/board/draw, so the two can never disagree.
//
// Positions are in inches from the top-left corner. The player's edge is
// the bottom edge unless a sectioned board's Entry says otherwise. All
// geometry (section rectangles and centres, entry arrows, where markers
// stand) is computed here; renderers only draw it. Everything is a pure
// function of its arguments: randomness comes in as an explicit
// *dice.Roller, as in Scatter.
package board

import (
	"math"

	"github.com/sortie-wargames/sortie/engine/dice"
)

// Map is one playing area.
type Map struct {
	Title    string   `json:"title"`   // "Battle Board", "Camp Battle Board"
	WidthIn  float64  `json:"widthIn"` // inches
	HeightIn float64  `json:"heightIn"`
	Terrain  string   `json:"terrain"`        // "Clear", "Cover"
	Caption  string   `json:"caption"`        // what the terrain means in play
	Cols     int      `json:"cols,omitempty"` // the rules divide the board into Cols x Rows numbered sections (see Sections); 0 when they do not
	Rows     int      `json:"rows,omitempty"`
	Entry    *Entry   `json:"entry,omitempty"` // the player's edge of a sectioned board
	Zones    []Zone   `json:"zones"`
	Pieces   []Piece  `json:"pieces,omitempty"` // area terrain: woods, hills, rough, buildings, lakes, ...
	Lines    []Line   `json:"lines,omitempty"`  // roads, rivers, and the fords and bridges across them, drawn in this order
	Markers  []Marker `json:"markers,omitempty"`
	Track    bool     `json:"track,omitempty"` // the markers are a track above the board, in the order PEFs are resolved, not places on it
	// TrackLabel is printed over the track: what its markers are and when
	// they are read.
	TrackLabel string `json:"trackLabel,omitempty"`
	// Unit is the measure the board is drawn in when it is not inches:
	// "DU" for a book that measures in base widths. Every length of the
	// map (WidthIn, positions, widths) is then in that unit.
	Unit string `json:"unit,omitempty"`
}

// Length prints v in the map's unit: 12" or 12 DU.
func (m Map) Length(v float64) string {
	if m.Unit != "" {
		return inches(v) + " " + m.Unit
	}
	return inches(v) + `"`
}

// Square says how long a side of the map's squares is: "1 inch", "6
// inches", "1 DU".
func (m Map) Square() string {
	g := m.GridIn()
	switch {
	case m.Unit != "":
		return inches(g) + " " + m.Unit
	case g == 1:
		return "1 inch"
	}
	return inches(g) + " inches"
}

// Sides of a zone.
const (
	Band  = "band"
	Enemy = "enemy"
)

// Zone is a deployment strip along an edge.
type Zone struct {
	Side   string  `json:"side"`  // Band or Enemy
	Label  string  `json:"label"` // "Your band enters here"
	Enters bool    `json:"enters,omitempty"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	W      float64 `json:"w"`
	H      float64 `json:"h"`
}

// Kinds of area terrain (a Piece). Each is drawn with its own pattern
// (engine/board/draw holds the table) so a map reads in black and white.
const (
	Woods = "woods"
	Rocks = "rocks"
	// Impassable ground no figure may enter (Chain Reaction's mountains).
	Impassable = "impassable"
	Ruins      = "ruins"
	Hills      = "hills"
	// A hill with woods on it: both hinder, and it is drawn with both.
	WoodedHill = "wooded-hill"
	Rough      = "rough"
	Buildings  = "buildings" // clear ground with Count buildings on it
	Lake       = "lake"
)

// Kinds of line terrain (a Line).
const (
	Road   = "road"
	River  = "river"
	Ford   = "ford"   // a crossing of a river, drawn across it
	Bridge = "bridge" // likewise
	// Low walls, fences or hedges: short runs standing in a section
	// (Walls), drawn as a line with blocks along it.
	Wall = "wall"
)

// Kinds lists every feature kind the model defines, areas then lines.
var Kinds = []string{Woods, Rocks, Impassable, Ruins, Hills, WoodedHill, Rough, Buildings, Lake, Road, River, Ford, Bridge, Wall}

// Piece is one area of terrain: a closed outline.
type Piece struct {
	Kind    string  `json:"kind"`
	Label   string  `json:"label"`
	Outline []Point `json:"outline"`
	Section int     `json:"section,omitempty"` // the section it fills, on a sectioned board
	Count   int     `json:"count,omitempty"`   // how many buildings stand on it
	Note    string  `json:"note,omitempty"`    // printed under the label, such as "DV 2"
}

// Line is a road, a river, a ford or bridge across a river, or a run of
// wall: a band WidthIn wide along Path.
type Line struct {
	Kind    string  `json:"kind"`
	Label   string  `json:"label"`
	Path    []Point `json:"path"`
	WidthIn float64 `json:"widthIn"`
	// Section is the section a line stands in, on a sectioned board: the
	// runs of wall Walls lays there. The lines of one section that carry
	// one label are labelled once, in the section, as an area filling it
	// is. 0 for a line that runs where it will (a road, a river).
	Section int `json:"section,omitempty"`
}

// Point is a position in inches.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Marker is a numbered PEF marker.
type Marker struct {
	Label   string  `json:"label"` // "1"
	Title   string  `json:"title"` // "PEF 1"
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	Section int     `json:"section,omitempty"` // the section it was placed in, on a sectioned board
}

// ZoneDepth is how far from its edge a side sets up, in inches.
const ZoneDepth = 3

// New returns an empty w x h board with the band's zone along the bottom
// edge and the enemy's along the top.
func New(title string, w, h float64, bandLabel string, bandEnters bool, enemyLabel string) Map {
	return Map{
		Title: title, WidthIn: w, HeightIn: h,
		Zones: []Zone{
			{Side: Enemy, Label: enemyLabel, X: 0, Y: 0, W: w, H: ZoneDepth},
			{Side: Band, Label: bandLabel, Enters: bandEnters, X: 0, Y: h - ZoneDepth, W: w, H: ZoneDepth},
		},
	}
}

// PlaceMarkers spreads markers with the given labels evenly along the
// middle of the enemy zone: PEFs that sit on the board.
func (m *Map) PlaceMarkers(labels ...string) {
	y := float64(ZoneDepth) / 2
	for i, l := range labels {
		x := m.WidthIn * float64(i+1) / float64(len(labels)+1)
		m.Markers = append(m.Markers, Marker{Label: l, Title: "PEF " + l, X: x, Y: y})
	}
}

// TrackY is how far above the board's top edge a track of markers runs.
const TrackY = -1.7

// PlaceTrack lines markers up above the board, left to right in the order
// they are resolved, for rules where PEFs are resolved before anything is
// set up rather than placed on the board.
func (m *Map) PlaceTrack(labels ...string) {
	m.Track = true
	for i, l := range labels {
		x := m.WidthIn/2 + (float64(i)-float64(len(labels)-1)/2)*1.6
		m.Markers = append(m.Markers, Marker{Label: l, Title: "PEF " + l, X: x, Y: TrackY})
	}
}

// Scatter places n terrain pieces between the two zones, rolled from r,
// so that no two pieces overlap. Pieces are decoration where the rules
// say terrain is for looks; the caption carries what it means in play.
func (m *Map) Scatter(r *dice.Roller, n int) {
	kinds := []string{Woods, Rocks, Ruins}
	top, bottom := float64(ZoneDepth)+0.5, m.HeightIn-ZoneDepth-0.5
	type disc struct{ x, y, r float64 }
	var placed []disc
	for i := 0; i < n; i++ {
		kind := kinds[r.Die(len(kinds))-1]
		radius := 1.0 + float64(r.Die(4)-1)*0.25 // 1" to 1.75"
		var at disc
		ok := false
		// Bounded tries keep the result a pure function of the stream.
		for try := 0; try < 40 && !ok; try++ {
			at = disc{
				x: radius + 0.25 + frac(r)*(m.WidthIn-2*radius-0.5),
				y: top + radius + frac(r)*math.Max(0, bottom-top-2*radius),
				r: radius,
			}
			ok = true
			for _, p := range placed {
				if math.Hypot(p.x-at.x, p.y-at.y) < p.r+at.r+0.5 {
					ok = false
					break
				}
			}
		}
		if !ok {
			continue
		}
		placed = append(placed, at)
		m.Pieces = append(m.Pieces, Piece{
			Kind:    kind,
			Label:   Label(kind),
			Outline: outline(r, kind, at.x, at.y, at.r),
		})
	}
}

// frac returns a fraction in [0, 1) in steps of 1/36, from two d6.
func frac(r *dice.Roller) float64 {
	return float64((r.Die(6)-1)*6+r.Die(6)-1) / 36
}

// outline returns a piece's closed outline around (x, y) within radius.
func outline(r *dice.Roller, kind string, x, y, radius float64) []Point {
	round := func(v float64) float64 { return math.Round(v*100) / 100 }
	switch kind {
	case Ruins:
		// An L of broken wall inside the circle.
		s := radius * 1.4
		t := 0.45
		pts := []Point{
			{-s / 2, -s / 2}, {s / 2, -s / 2}, {s / 2, -s/2 + t},
			{-s/2 + t, -s/2 + t}, {-s/2 + t, s / 2}, {-s / 2, s / 2},
		}
		turn := r.Die(4) - 1
		out := make([]Point, len(pts))
		for i, p := range pts {
			for k := 0; k < turn; k++ {
				p = Point{-p.Y, p.X}
			}
			out[i] = Point{round(x + p.X), round(y + p.Y)}
		}
		return out
	default:
		n := 9
		if kind == Rocks {
			n = 6
			radius *= 0.7
		}
		out := make([]Point, n)
		for i := range out {
			a := 2 * math.Pi * float64(i) / float64(n)
			rr := radius * (0.75 + 0.05*float64(r.Die(6)-1))
			out[i] = Point{round(x + rr*math.Cos(a)), round(y + rr*math.Sin(a))}
		}
		return out
	}
}
