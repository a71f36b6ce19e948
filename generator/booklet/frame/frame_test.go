package frame

import "testing"

func TestString(t *testing.T) {
	f := &Frame{W: 40, H: 6.5, Say: "Clear 1-4", Marks: []Mark{
		Box{W: 40, H: 6.5, Fill: 242, Stroke: -1},
		Text{X: 1.3, Y: 0.75, W: 17.4, H: 3.4, Font: Font{Family: "sans", Style: "B", Size: 8}, Align: "L", S: "Clear"},
		Text{X: 21.3, Y: 0.75, W: 17.4, H: 3.4, Font: Font{Family: "sans", Size: 8}, Grey: 110, Align: "C", S: "1-4"},
		Rule{X1: 20, X2: 20, Y2: 6.5, Grey: 120, Width: 0.15},
	}}
	want := `frame 40.00 x 6.50 say "Clear 1-4"
  box 0.00,0.00 40.00x6.50 fill 242 stroke -1 width 0.00
  text 1.30,0.75 17.40x3.40 sans B 8.00pt grey 0 L "Clear"
  text 21.30,0.75 17.40x3.40 sans 8.00pt grey 110 C "1-4"
  rule 20.00,0.00 20.00,6.50 grey 120 width 0.15
`
	if got := f.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestStringSub(t *testing.T) {
	row := &Frame{W: 10, H: 4, Say: "a", Marks: []Mark{Rule{Y1: 4, X2: 10, Y2: 4, Width: 0.15}}}
	f := &Frame{W: 10, H: 8, Marks: []Mark{Sub{F: row}, Sub{Y: 4, F: row, KeepInk: true}, Box{W: 10, H: 8, Fill: -1, Width: 0.3}}}
	want := `frame 10.00 x 8.00
  at 0.00,0.00 frame 10.00 x 4.00 say "a"
    rule 0.00,4.00 10.00,4.00 grey 0 width 0.15
  at 0.00,4.00 keep ink frame 10.00 x 4.00 say "a"
    rule 0.00,4.00 10.00,4.00 grey 0 width 0.15
  box 0.00,0.00 10.00x8.00 fill -1 stroke 0 width 0.30
`
	if got := f.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestStringTextFilledTurned writes a text on a fill (a card's tag) and
// turned texts (a card's edges): the fill only for a filled text.
func TestStringTextFilledTurned(t *testing.T) {
	b := Font{Family: "sans", Style: "B", Size: 7.5}
	f := &Frame{W: 63, H: 63, Say: "d10\nMOVE\nLOAD", Marks: []Mark{
		Text{X: 50.2, Y: 8.8, W: 7.3, H: 3.8, Font: b, Grey: 255, Filled: true, Fill: 0, Align: "C", S: "d10"},
		Turned{X: 31.5, Y: 3, DX: -4.25, DY: 0.93, Font: b, S: "MOVE"},
		Turned{X: 60, Y: 31.5, Angle: -90, DX: -3.5, DY: 0.93, Font: b, Grey: 90, S: "LOAD"},
	}}
	want := `frame 63.00 x 63.00 say "d10\nMOVE\nLOAD"
  text 50.20,8.80 7.30x3.80 sans B 7.50pt grey 255 fill 0 C "d10"
  turned 31.50,3.00 by 0.00 from -4.25,0.93 sans B 7.50pt grey 0 "MOVE"
  turned 60.00,31.50 by -90.00 from -3.50,0.93 sans B 7.50pt grey 90 "LOAD"
`
	if got := f.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestStringBaseline writes a line set from its baseline's start (the
// address under a QR code).
func TestStringBaseline(t *testing.T) {
	f := &Frame{W: 210, H: 297, Marks: []Mark{
		Baseline{X: 151.25, Y: 40.5, Font: Font{Family: "sans", Size: 6.5}, Grey: 90, S: "https://example.org/packs/ford"},
	}}
	want := `frame 210.00 x 297.00
  baseline 151.25,40.50 sans 6.50pt grey 90 "https://example.org/packs/ford"
`
	if got := f.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestStringCutClip writes a card's face clipped to its cell and the
// dashed outline to cut it out along.
func TestStringCutClip(t *testing.T) {
	face := &Frame{W: 63, H: 88, Marks: []Mark{Rule{X1: 3, Y1: 10, X2: 60, Y2: 10, Width: 0.2}}}
	f := &Frame{W: 63, H: 88, Marks: []Mark{Sub{F: face, KeepInk: true, Clip: true}, Cut{W: 63, H: 88}}}
	want := `frame 63.00 x 88.00
  at 0.00,0.00 keep ink clipped frame 63.00 x 88.00
    rule 3.00,10.00 60.00,10.00 grey 0 width 0.20
  cut 0.00,0.00 63.00x88.00
`
	if got := f.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestStringShapes writes a board's shapes: a polygon, a dashed line, a
// circle, a pen that only sets a fill, and a frame placed on draw's grid.
func TestStringShapes(t *testing.T) {
	marker := &Frame{Marks: []Mark{Circle{R: 2.6, Pen: Pen{Fill: 255, Stroke: 0, Width: 0.6}}}}
	f := &Frame{W: 30, H: 20, Marks: []Mark{
		Poly{Closed: true, Pts: []Pt{{0, 0}, {30, 0}, {30, 20}}, Pen: Pen{Fill: 200, Stroke: -1}},
		Poly{Pts: []Pt{{0, 10}, {30, 10}}, Pen: Pen{Fill: -1, Stroke: 51, Width: 0.35, Dash: 1.5}},
		Poly{Closed: true, Pen: Pen{Fill: 0, Stroke: -1}},
		Sub{X: 12.3456, Y: 4, Grid: true, F: marker},
	}}
	want := `frame 30.00 x 20.00
  polygon fill 200 stroke -1 width 0.00 0.00,0.00 30.00,0.00 30.00,20.00
  line fill -1 stroke 51 width 0.35 dash 1.50 0.00,10.00 30.00,10.00
  polygon fill 0 stroke -1 width 0.00
  at 12.35,4.00 on grid frame 0.00 x 0.00
    circle 0.00,0.00 r 2.60 fill 255 stroke 0 width 0.60
`
	if got := f.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestStringDashGapLink writes a campaign chart's marks: a line dashed
// with gaps shorter than its dashes, a dashed line whose gaps are as
// long (no gap written), and an area linking to an entry.
func TestStringDashGapLink(t *testing.T) {
	f := &Frame{W: 20, H: 10, Marks: []Mark{
		Poly{Pts: []Pt{{0, 5}, {20, 5}}, Pen: Pen{Fill: -1, Stroke: 0, Width: 0.35, Dash: 1.3, Gap: 0.9}},
		Poly{Pts: []Pt{{0, 6}, {20, 6}}, Pen: Pen{Fill: -1, Stroke: 0, Width: 0.35, Dash: 1.5}},
		Link{X: 2, Y: 1, W: 16, H: 8, Anchor: "entry/3"},
	}}
	want := `frame 20.00 x 10.00
  line fill -1 stroke 0 width 0.35 dash 1.30 gap 0.90 0.00,5.00 20.00,5.00
  line fill -1 stroke 0 width 0.35 dash 1.50 0.00,6.00 20.00,6.00
  link 2.00,1.00 16.00x8.00 to "entry/3"
`
	if got := f.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
