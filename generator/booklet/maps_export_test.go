package booklet

import (
	"bytes"

	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/board/draw"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// MapPage draws maps and their legend on one page, as an encounter's
// left-hand page does, and returns the PDF and the legend's labels.
func MapPage(maps []board.Map, paper string) ([]byte, []string, error) {
	_, pw, ph, _ := paperSize(paper)
	b := &book{doc: Doc{Title: "Maps", Set: &rules.Set{System: &rules.System{Name: "Test"}}}, pw: pw, ph: ph}
	r := newRenderer(b, newLayout())
	r.newPage("Maps")
	top := bodyTop + 10
	legendH := r.legendAcross(maps, 0).H + 4
	r.mapsBlock(maps, side, top, r.contentW(), r.bottom()-top-legendH, 0)
	r.legend(maps, r.bottom()-legendH+4)
	r.endPages()
	if err := r.paintPages("TwoPageRight"); err != nil {
		return nil, nil, err
	}
	var out bytes.Buffer
	if err := r.f.Output(&out); err != nil {
		return nil, nil, err
	}
	var labels []string
	for _, it := range r.lay.legend {
		labels = append(labels, it.label)
	}
	return out.Bytes(), labels, nil
}

// Measure is the booklets' own measure of text, the one draw.Board places
// a printed board's labels by.
func Measure(paper string) (draw.Measure, error) {
	_, pw, ph, _ := paperSize(paper)
	b := &book{doc: Doc{Title: "Maps", Set: &rules.Set{System: &rules.System{Name: "Test"}}}, pw: pw, ph: ph}
	r := newRenderer(b, newLayout())
	r.newPage("Maps")
	return r.measure, nil
}
