package board

import (
	"cmp"
	"slices"
	"strings"
)

// This file is the one style table: how every kind of feature looks and
// what it is called, read by the site's SVG and the booklets' PDF through
// engine/board/draw, so the two cannot differ. Everything reads without
// colour: each kind has its own pattern and its own label, and greys only
// support them.

// Pattern kinds: what is drawn inside an area, clipped to it.
const (
	Plain    = ""         // the fill alone
	Hatch    = "hatch"    // parallel lines at Angle, Spacing apart
	Cross    = "cross"    // two hatches at Angle and Angle+90
	Dots     = "dots"     // filled dots of radius Size on a staggered grid, Spacing apart
	Stipple  = "stipple"  // filled dots of radius Size, scattered (the same way every time)
	Trees    = "trees"    // open circles of radius Size with a trunk, staggered, Spacing apart
	Waves    = "waves"    // wavy lines at Angle, Spacing apart, Size high
	Contours = "contours" // the outline again, shrunk towards its middle, every Spacing
	Dashes   = "dashes"   // a dashed line along a line feature's middle, Size long
	// A solid line Weight wide along a line feature's middle, with a
	// filled block Size long every Spacing along it: a wall, fence or
	// hedge, as printed maps draw one.
	Posts = "posts"
)

// Pattern describes a pattern abstractly, in millimetres as printed. For
// line features, Angle is measured from the line's own direction.
type Pattern struct {
	Kind    string  `json:"kind"`
	Angle   float64 `json:"angle,omitempty"`   // degrees, anticlockwise from the page's horizontal
	Spacing float64 `json:"spacing,omitempty"` // mm between lines, dots or rings
	Size    float64 `json:"size,omitempty"`    // mm: dot or tree radius, wave height, dash length
	Weight  float64 `json:"weight,omitempty"`  // mm: the pattern's line weight
	Grey    float64 `json:"grey"`              // the pattern's ink: 0 black to 1 white
}

// Style is how one kind of feature is drawn and named.
type Style struct {
	Label   string  // the feature's label on the board, such as "Woods"
	Legend  string  // its entry in a legend
	Fill    float64 // the ground's grey: 0 black to 1 white
	Pattern Pattern
	Also    Pattern // a second pattern over the first, such as a wooded hill's trees; Plain for none
	Outline float64 // the outline's weight in mm; 0 for none
	Dashed  bool    // the outline is dashed
	Blocks  bool    // a footprint is drawn for each of a piece's Count buildings
}

// Legend kinds that are not terrain: zones, markers and the squares.
const (
	ZoneEnemy  = "zone-enemy"
	ZoneBand   = "zone-band"
	PEF        = "pef"
	EntryArrow = "arrow" // where the player's force enters, at the board's edge
	Squares    = "squares"
)

// Styles is the style table. Every kind in Kinds has an entry; zones and
// markers have theirs for the legend and the zones' patterns.
var Styles = map[string]Style{
	Woods: {Label: "Woods", Legend: "Woods", Fill: 0.93, Outline: 0.45,
		Pattern: Pattern{Kind: Trees, Spacing: 3, Size: 0.8, Weight: 0.2, Grey: 0}},
	Rocks: {Label: "Rocks", Legend: "Rocks", Fill: 0.88, Outline: 0.45,
		Pattern: Pattern{Kind: Cross, Angle: 45, Spacing: 1.4, Weight: 0.18, Grey: 0}},
	Impassable: {Label: "Impassable", Legend: "Impassable ground", Fill: 0.55, Outline: 0.8,
		Pattern: Pattern{Kind: Hatch, Angle: 135, Spacing: 0.9, Weight: 0.3, Grey: 0}},
	Ruins: {Label: "Ruins", Legend: "Ruins", Fill: 0.3, Outline: 0.45,
		Pattern: Pattern{Kind: Hatch, Angle: 0, Spacing: 1.2, Weight: 0.15, Grey: 0.6}},
	Hills: {Label: "Hill", Legend: "Hill (contours)", Fill: 0.9, Outline: 0.6,
		Pattern: Pattern{Kind: Contours, Spacing: 2.2, Weight: 0.3, Grey: 0.25}},
	WoodedHill: {Label: "Wooded hill", Legend: "Wooded hill (contours, trees)", Fill: 0.9, Outline: 0.6,
		Pattern: Pattern{Kind: Trees, Spacing: 3, Size: 0.8, Weight: 0.2, Grey: 0},
		Also:    Pattern{Kind: Contours, Spacing: 2.2, Weight: 0.3, Grey: 0.25}},
	Rough: {Label: "Rough ground", Legend: "Rough ground", Fill: 0.97, Outline: 0.35, Dashed: true,
		Pattern: Pattern{Kind: Stipple, Spacing: 1.8, Size: 0.28, Grey: 0.1}},
	Buildings: {Label: "Buildings", Legend: "Buildings (one block each)", Fill: 1, Outline: 0.3, Dashed: true, Blocks: true,
		Pattern: Pattern{Kind: Plain}},
	Lake: {Label: "Lake", Legend: "Lake", Fill: 0.82, Outline: 0.6,
		Pattern: Pattern{Kind: Waves, Angle: 0, Spacing: 2, Size: 0.6, Weight: 0.2, Grey: 0.15}},
	Road: {Label: "Road", Legend: "Road", Fill: 1, Outline: 0.35,
		Pattern: Pattern{Kind: Dashes, Size: 1.5, Weight: 0.25, Grey: 0.35}},
	River: {Label: "River", Legend: "River (width in inches)", Fill: 0.82, Outline: 0.5,
		Pattern: Pattern{Kind: Waves, Angle: 0, Spacing: 2, Size: 0.6, Weight: 0.2, Grey: 0.15}},
	Ford: {Label: "Ford", Legend: "Ford", Fill: 0.9, Outline: 0.3, Dashed: true,
		Pattern: Pattern{Kind: Dots, Spacing: 1.6, Size: 0.45, Grey: 0}},
	Bridge: {Label: "Bridge", Legend: "Bridge", Fill: 1, Outline: 0.6,
		Pattern: Pattern{Kind: Hatch, Angle: 90, Spacing: 1, Weight: 0.15, Grey: 0.4}},
	// A wall's band is white ground round its mark, with no outline: a
	// black line with blocks along it, read apart from a road's dashes
	// between kerbs and a river's waves.
	Wall: {Label: "Walls, fences or hedges", Legend: "Walls, fences or hedges", Fill: 1,
		Pattern: Pattern{Kind: Posts, Spacing: 2.2, Size: 1.1, Weight: 0.45, Grey: 0}},
	// Zones are drawn over the terrain with no ground of their own (Fill
	// is unused): a hatch slanting one way for the enemy's, the other way
	// for the player's, and a solid outline.
	ZoneEnemy: {Label: "Enemy zone", Legend: "Enemy zone", Fill: 1, Outline: 0.45,
		Pattern: Pattern{Kind: Hatch, Angle: 45, Spacing: 1.6, Weight: 0.2, Grey: 0.4}},
	ZoneBand: {Label: "Your zone", Legend: "Your zone", Fill: 1, Outline: 0.45,
		Pattern: Pattern{Kind: Hatch, Angle: 135, Spacing: 2.2, Weight: 0.2, Grey: 0.45}},
	PEF:        {Label: "PEF", Legend: "PEF marker", Fill: 1, Outline: 0.6},
	EntryArrow: {Label: "Your edge", Legend: "Your force enters here, across your edge"},
}

// legendOrder is the order of a legend: zones, markers, entry arrows,
// terrain.
var legendOrder = append([]string{ZoneEnemy, ZoneBand, PEF, EntryArrow}, Kinds...)

// StyleOf returns a kind's style; a kind the table does not hold (a
// mistake) is drawn plain grey with its kind as its label.
func StyleOf(kind string) Style {
	if s, ok := Styles[kind]; ok {
		return s
	}
	return Style{Label: kind, Legend: kind, Fill: 0.75, Outline: 0.45}
}

// Label is a kind's label on the board.
func Label(kind string) string { return StyleOf(kind).Label }

// LegendEntry is one entry of a legend: a kind (a feature kind, a zone
// kind, PEF or Squares) and its text.
type LegendEntry struct {
	Kind   string
	Label  string
	Grid   float64 // for Squares: the side of a square in inches
	Sample string  // for PEF: the label of the maps' first marker, which the swatch shows
	// Width is, for a line whose labels do not give its width, the width
	// every line of its kind is drawn and the legend gives ("Stream, 2"
	// wide"), in its maps' unit; 0 for none.
	Width float64
}

// Legend lists what the maps show, each kind once, in a fixed order: the
// zones they have, PEF markers if any stand on a board or a track (named
// as the maps name them: "PEF markers A, B, C"), the arrows where the
// player's force enters, their terrain, and the size of their squares.
func Legend(maps ...Map) []LegendEntry {
	seen := map[string]bool{}
	var grids []Map    // one of each square size and unit
	var marks []string // the markers' labels, each once, in the maps' order
	uncounted := false // an area of buildings is drawn with blocks standing for them
	// labels holds the one label every piece or line of a kind carries,
	// "" once two differ: the legend says what the map says ("Brush or
	// broken ground", "Stream"), not the kind's own name for it.
	labels := map[string]string{}
	// A line's width: each line's, as its map prints a length, and
	// whether every label of a kind gives its line's width.
	widths := map[string][]float64{}
	units := map[string][]string{}
	unsaid := map[string]bool{}
	named := func(kind, label string) {
		if l, ok := labels[kind]; !ok {
			labels[kind] = label
		} else if l != label {
			labels[kind] = ""
		}
	}
	for _, m := range maps {
		for _, mk := range m.Markers {
			if !slices.Contains(marks, mk.Label) {
				marks = append(marks, mk.Label)
			}
		}
		if len(m.Arrows()) > 0 {
			seen[EntryArrow] = true
		}
		for _, p := range m.Pieces {
			if StyleOf(p.Kind).Blocks && p.Count <= 0 {
				uncounted = true
			}
		}
		for _, z := range m.Zones {
			if z.Side == Enemy {
				seen[ZoneEnemy] = true
			} else {
				seen[ZoneBand] = true
			}
		}
		if len(m.Markers) > 0 {
			seen[PEF] = true
		}
		for _, p := range m.Pieces {
			seen[p.Kind] = true
			named(p.Kind, p.Label)
			if p.Count > 0 {
				seen[Buildings] = true // its blocks, on whatever terrain
			}
		}
		for _, l := range m.Lines {
			seen[l.Kind] = true
			named(l.Kind, l.Label)
			if !slices.Contains(widths[l.Kind], l.WidthIn) {
				widths[l.Kind] = append(widths[l.Kind], l.WidthIn)
			}
			if !slices.Contains(units[l.Kind], m.Unit) {
				units[l.Kind] = append(units[l.Kind], m.Unit)
			}
			if !strings.Contains(l.Label, m.Length(l.WidthIn)) {
				unsaid[l.Kind] = true
			}
		}
		if g := m.GridIn(); !slices.ContainsFunc(grids, func(o Map) bool { return o.GridIn() == g && o.Unit == m.Unit }) {
			grids = append(grids, m)
		}
	}
	var out []LegendEntry
	for _, k := range legendOrder {
		if !seen[k] {
			continue
		}
		e := LegendEntry{Kind: k, Label: legendLabel(k, labels[k])}
		switch {
		case k == PEF && len(marks) > 0:
			e.Sample = marks[0]
			e.Label += " " + marks[0]
			if len(marks) > 1 {
				e.Label = StyleOf(k).Legend + "s " + strings.Join(marks, ", ")
			}
		case StyleOf(k).Blocks && uncounted:
			// As the maps name it ("Village (drawn as blocks)").
			name := labels[k]
			if name == "" || strings.ContainsAny(name, "0123456789") {
				name = StyleOf(k).Label
			}
			e.Label = name + " (drawn as blocks)"
		case k == River:
			e = riverEntry(e, labels[k], widths[k], units[k], unsaid[k])
		}
		out = append(out, e)
		delete(seen, k)
	}
	var rest []string // kinds the table does not know, by name
	for k := range seen {
		rest = append(rest, k)
	}
	slices.Sort(rest)
	for _, k := range rest {
		out = append(out, LegendEntry{Kind: k, Label: legendLabel(k, labels[k])})
	}
	slices.SortStableFunc(grids, func(a, b Map) int { return cmp.Compare(a.GridIn(), b.GridIn()) })
	for _, m := range grids {
		out = append(out, LegendEntry{Kind: Squares, Label: "1 square = " + m.Square(), Grid: m.GridIn()})
	}
	return out
}

// riverEntry is a river's legend entry: where every river's label gives
// its width, the legend says so, in the maps' unit ("River (width in
// inches)"); where none does and all are drawn one width, it gives that
// width (a Two-Page map's "Stream, 2" wide", drawn so); else it names
// the kind alone.
func riverEntry(e LegendEntry, label string, widths []float64, units []string, unsaid bool) LegendEntry {
	st := StyleOf(River)
	name := label
	if name == "" || strings.ContainsAny(name, "0123456789") {
		name = st.Label
	}
	switch {
	case !unsaid && len(units) == 1 && units[0] != "":
		e.Label = name + " (width in " + units[0] + ")"
	case !unsaid:
		e.Label = name + strings.TrimPrefix(st.Legend, st.Label)
	case len(widths) == 1 && len(units) == 1 && widths[0] > 0:
		e.Label = name + ", " + (Map{Unit: units[0]}).Length(widths[0]) + " wide"
		e.Width = widths[0]
	default:
		e.Label = name
	}
	return e
}

// legendLabel is what the legend says for kind when every piece of it
// on the maps is labelled label: that label, with what the kind's
// legend adds to its name ("Stream (width in inches)" for a River
// labelled "Stream"); else the kind's legend. A label with a figure in
// it ("Buildings: 2") counts what stands there rather than naming the
// kind: the legend keeps the kind's name.
func legendLabel(kind, label string) string {
	st := StyleOf(kind)
	if label == "" || label == st.Label || strings.ContainsAny(label, "0123456789") || !strings.HasPrefix(st.Legend, st.Label) {
		return st.Legend
	}
	return label + strings.TrimPrefix(st.Legend, st.Label)
}
