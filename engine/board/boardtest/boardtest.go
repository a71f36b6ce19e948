// Package boardtest holds boards for the tests of the packages that draw
// them: one board with every kind of feature, so that a test of a
// renderer sees them all.
package boardtest

import (
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/board/draw"
)

// Full is a 36" x 36" table in nine sections with a hill, woods, rough
// ground, a lake, buildings with a count and a Defensive Value, a road, a
// river with a bridge and a ford, and PEF markers, two of them in one
// section; the player's force enters across sections 7-9.
func Full() board.Map {
	m := board.Sectioned(36, 36, 3, 3)
	m.Fill(4, board.Woods)
	m.Fill(3, board.Hills)
	m.Fill(5, board.Lake)
	m.Fill(6, board.Rough)
	m.Fill(7, board.Buildings, board.Count(3), board.Note("DV 2"))
	m.River(6, m.Through(2, 5, 8)...)
	m.Road(m.Through(1, 2, 3)...)
	m.Bridge(2)
	m.Ford(8)
	m.PlaceInSection(4, "1")
	m.PlaceInSection(3, "2")
	m.PlaceInSection(3, "3")
	m.Caption = "Terrain rolled per section."
	return m
}

// Measure measures text with the Go fonts the booklets print in.
var Measure = mustMeasure(1)

// SiteMeasure measures text as the site does (see generator/web): the Go
// fonts' widths and a fifth, for the wider faces a browser prints boards in.
var SiteMeasure = mustMeasure(1.2)

func mustMeasure(widen float64) draw.Measure {
	m, err := draw.FontMeasure(goregular.TTF, gobold.TTF, widen)
	if err != nil {
		panic(err)
	}
	return m
}
