// Package press holds the print shop's steps after layout: passes over
// the finished bytes of a PDF fpdf wrote, which never draw and never need
// the booklet's renderer. Deflate compresses the pages fpdf wrote
// uncompressed (with writers kept for reuse, which fpdf cannot do), Mend
// makes a booklet pass strict validation,
// PrintReady grows its pages by the bleed for a print-on-demand service,
// and a Source lays its pages out anew: imposed two to a sheet side in
// saddle order for a folded booklet (Imposed), or as they are (Flat). Each
// reads the objects through the cross-reference table, edits them and
// writes a new table; each result is as deterministic as its input.
package press

import "github.com/sortie-wargames/sortie/engine/board/draw"

// ptMM is a point in millimetres.
const ptMM = 25.4 / 72

// sn snaps a length in the PDF's units as the booklet's drawing does, so
// that the marks the passes add print at the same values.
func sn(v float64) float64 { return draw.Snap(v) }
