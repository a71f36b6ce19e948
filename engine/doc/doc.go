// Package doc is the shape of everything Sortie prints for a rule system:
// an encounter, a band, what follows a campaign entry, a Quick Reference
// Sheet table. A rule system builds its results out of a closed set of
// block kinds (headed sections, paragraphs, lists, checklists, roll lines, tables,
// maps, sealed items read in order, gamebook links); the Markdown, HTML and
// PDF renderers each draw every kind once and never read a system's own
// fields. Adding a rule system therefore never touches a renderer.
//
// The set is closed on purpose, as goldmark's node kinds are: a renderer
// that draws every Block in this package draws every system.
package doc

import (
	"encoding/json"
	"fmt"

	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/dice"
)

// Block is one of the kinds below; no other type implements it.
type Block interface{ block() }

// Section is a headed group of blocks: "Objective", "Your band", "PEFs".
type Section struct {
	Title  string
	Blocks []Block
}

// Para is a paragraph. Lead, when set, is printed bold before the text:
// "Terrain: Woods in section 4.".
type Para struct {
	Lead string
	Text string
	Note bool // a side remark, printed smaller
}

// List is a bulleted list.
type List struct {
	Items []string
}

// Checklist is a numbered list with a box to tick beside each item, read
// in order: the enemy's figures in the order a player takes them, so that
// "take the next four" is a count along boxes, not along a sentence.
// Renderers number the items from 1 and may set them in columns, read
// across each row.
type Checklist struct {
	Lead  string   // what the items are: "In the order you take them (figure, its 2d6)"
	Items []string // one box each, in order
	Note  string   // how to read an item, printed after them; may be empty
}

// Roll is one roll a player can check against the book: "Terrain Generator:
// 2d6 = 3 + 6 = 9 → Woods".
type Roll struct {
	Label  string    // the table or what was rolled for
	Dice   dice.Roll // the dice as they fell
	Row    string    // the row read, as the book keys it ("9", "3-4"); may be empty
	Result string    // what it means; may be empty
}

// Text returns the roll as one line: "Label: 2d6 = 3 + 6 = 9 → Result".
func (r *Roll) Text() string {
	s := r.Dice.String()
	if r.Label != "" {
		s = r.Label + ": " + s
	}
	if r.Result != "" {
		s += " → " + r.Result
	}
	return s
}

// Table is a table whose columns the system names: a roster (figures as
// rows with the system's attributes), a count lookup, or a rule table as
// the Quick Reference Sheets print it. The first column is the key: read
// first, printed narrow and bold.
type Table struct {
	ID        string     // stable id, for links (QRS tables); may be empty
	Corner    string     // dice to roll, shown in the title band's corner ("2", "Rep"); may be empty
	Title     string     // may be empty for a table under a heading
	HowToRead []string   // lines under the title: "Taken versus Rep", "A 6 is always a failure."
	Notes     []string   // short lines before the rows
	Modifiers []Modifier // circumstance modifiers, printed before the rows
	Head      []string   // column headers, the key's first; may be empty for a table without a header row
	Rows      [][]string // one cell per header
	Wide      []int      // columns holding long text (wrap them first)
	Footnotes []string   // printed under the rows, each as written: "(1) ..."
	Decisions []string   // what Sortie decided where the book is silent, printed as "* Sortie's decision: ..."
	Source    string     // where the book prints it: "page 25"
	Odds      *Odds      // the chance of each result, printed as a strip under the table; nil for none
}

// Odds is the exact chance of each result of a rule table read by passing
// dice, worked out from its dice (engine/odds), for each value of what the
// dice are taken versus: a small table of its own, printed under the rule
// table. Each row is one Rep (or EAL, or the fixed target) and each cell a
// result's chance; for an opposed test each cell is the chance that the
// row's side beats the column's.
type Odds struct {
	Caption string    // what the cells are: "Odds before modifiers (exact · nearest per cent)"
	Corner  string    // the header over the row labels: "Rep"
	Head    []string  // what each cell is the chance of: "Pass 2d6", or "vs Rep 3"
	Rows    []OddsRow // one per value, or run of values with the same odds
}

// OddsRow is the odds at one value: "Rep 4" and a chance per result.
type OddsRow struct {
	Label string // "Rep 4", "Rep 6+", "vs 4"
	Cells []Chance
}

// Chance is an exact chance and its rounding.
type Chance struct {
	Fraction string // in lowest terms: "4/9"; "0" never, "1" always
	Percent  string // to the nearest whole per cent: "44%", "<1%", ">99%"
}

// Text is a chance as printed: "4/9 · 44%", or "never" and "always"; a
// fraction longer than LongFraction, which no one reads at the table
// ("3911/9765"), prints as its per cent alone.
func (c Chance) Text() string {
	switch c.Fraction {
	case "0":
		return "never"
	case "1":
		return "always"
	}
	if len(c.Fraction) > LongFraction {
		return c.Percent
	}
	return c.Fraction + " · " + c.Percent
}

// LongFraction is the most characters of a fraction printed beside its
// per cent: "1/46656" is, "3911/9765" is not.
const LongFraction = 8

// Modifier is one group of circumstance modifiers: its two headers
// ("Circumstance", "Modifier") and its rows.
type Modifier struct {
	Head [2]string
	Rows [][2]string
}

// Map is a playing area drawn to scale.
type Map struct {
	Map board.Map
}

// Sealed holds what the rules reveal only during play, in the order it is
// read: each item stays hidden (a closed box on the site, a card in the
// booklet's sealed section) until the player reaches it.
type Sealed struct {
	Title string // "PEFs"
	Intro string // how to read them: "Read each only when you resolve it."
	Items []SealedItem
}

// SealedItem is one sealed item.
type SealedItem struct {
	Number int    // 1 is read first
	Title  string // "The first PEF you resolve"
	Tag    string // a short mark shown outside: "objective", "the camp"; may be empty
	Blocks []Block
}

// Cards are play aids to cut out and keep at the table: a card for each
// unit of an army, an action card for each figure. Every card of a block
// is W × H millimetres and prints at exactly that size: the booklet puts
// them on sheets of their own with cut marks, each card's back (when it
// has one) behind it on the next page, so that a sheet printed on both
// sides, flipped on the long edge, gives cards with their backs aligned.
type Cards struct {
	Title string  // "Unit cards: the Orc Horde"
	Intro string  // how to use them; may be empty
	W, H  float64 // card size in millimetres
	// Side is whose cards they are, marked on every face of every card
	// so that two sides' cards cut out and mixed on the table part again
	// at a glance; the zero Side marks none.
	Side  Side
	Items []Card
}

// Side is one side of a battle, as its cards are marked: the player's
// in solid black, the enemy's hatched, each with its name in the mark.
type Side struct {
	Name  string // "The Human Kingdom", printed large in the mark
	Whose string // "your army", "the enemy"
	Enemy bool   // the enemy's side, not the player's
}

// Card is one face of a card.
type Card struct {
	Title  string   // "Orc warriors"
	Tag    string   // a short mark in the top corner: "d10", "Heavy foot"; may be empty
	Fields []Field  // labelled values, one to a line: "Discipline: 4"
	Track  *Track   // boxes to tick, such as hits; nil for none
	Lines  []string // small print after the fields: spells and their costs
	// Edges are short texts along the top, right, bottom and left edges,
	// each printed upright when its edge is turned uppermost: a card
	// turned so that the action chosen is on top. All empty for a card
	// without them.
	Edges [4]string
	// Back is the other face, as it is seen when the card is turned over
	// side to side, like a page: what is along the front's top edge is
	// then along the back's top edge, and the front's left edge is the
	// back's right edge. Nil for a card with a blank back.
	Back *Card
}

// Edge indexes of Card.Edges.
const (
	Top = iota
	Right
	Bottom
	Left
)

// Field is one labelled value on a card.
type Field struct {
	Label string // "Discipline"
	Value string // "4"
}

// Track is a row of boxes to tick off during play: a unit's hits.
type Track struct {
	Label string // "Hits"
	Boxes int
	Note  string // what the last box means: "Routed when every box is ticked"; may be empty
}

// Links are a gamebook entry's ways on: "Success: turn to 14".
type Links struct {
	Links []Link
}

// Link is one way on. To is an entry number of the same gamebook; 0 ends
// the book ("The campaign ends here").
type Link struct {
	Label string // "Success", "Failure"
	To    int
	Note  string // what changes on the way: "EAL goes up by 1"; may be empty
}

func (*Section) block()   {}
func (*Para) block()      {}
func (*List) block()      {}
func (*Checklist) block() {}
func (*Roll) block()      {}
func (*Table) block()     {}
func (*Map) block()       {}
func (*Sealed) block()    {}
func (*Links) block()     {}
func (*Cards) block()     {}

// Walk calls fn for every block in bs, depth first, sections and sealed
// items included.
func Walk(bs []Block, fn func(Block)) {
	for _, b := range bs {
		fn(b)
		switch b := b.(type) {
		case *Section:
			Walk(b.Blocks, fn)
		case *Sealed:
			for _, it := range b.Items {
				Walk(it.Blocks, fn)
			}
		}
	}
}

// Maps returns every map in bs, in order.
func Maps(bs []Block) []board.Map {
	var ms []board.Map
	Walk(bs, func(b Block) {
		if m, ok := b.(*Map); ok {
			ms = append(ms, m.Map)
		}
	})
	return ms
}

// SealedIn returns the first Sealed block in bs, or nil.
func SealedIn(bs []Block) *Sealed {
	var s *Sealed
	Walk(bs, func(b Block) {
		if v, ok := b.(*Sealed); ok && s == nil {
			s = v
		}
	})
	return s
}

// Blocks marshal with a "kind" field naming their kind (docs/json.md).

func marshal(kind string, v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	if len(b) < 2 || b[0] != '{' {
		return nil, fmt.Errorf("doc: %s did not marshal as an object", kind)
	}
	out := []byte(`{"kind":"` + kind + `"`)
	if len(b) > 2 {
		out = append(out, ',')
	}
	return append(out, b[1:]...), nil
}

// MarshalJSON writes {"kind":"section",...}.
func (s *Section) MarshalJSON() ([]byte, error) {
	type t struct {
		Title  string  `json:"title"`
		Blocks []Block `json:"blocks"`
	}
	return marshal("section", t{s.Title, s.Blocks})
}

// MarshalJSON writes {"kind":"para",...}.
func (p *Para) MarshalJSON() ([]byte, error) {
	type t struct {
		Lead string `json:"lead,omitempty"`
		Text string `json:"text"`
		Note bool   `json:"note,omitempty"`
	}
	return marshal("para", t(*p))
}

// MarshalJSON writes {"kind":"list",...}.
func (l *List) MarshalJSON() ([]byte, error) {
	type t struct {
		Items []string `json:"items"`
	}
	return marshal("list", t(*l))
}

// MarshalJSON writes {"kind":"checklist",...}.
func (c *Checklist) MarshalJSON() ([]byte, error) {
	type t struct {
		Lead  string   `json:"lead,omitempty"`
		Items []string `json:"items"`
		Note  string   `json:"note,omitempty"`
	}
	return marshal("checklist", t(*c))
}

// MarshalJSON writes {"kind":"roll",...}.
func (r *Roll) MarshalJSON() ([]byte, error) {
	type t struct {
		Label  string    `json:"label,omitempty"`
		Dice   dice.Roll `json:"dice"`
		Row    string    `json:"row,omitempty"`
		Result string    `json:"result,omitempty"`
		Text   string    `json:"text"`
	}
	return marshal("roll", t{r.Label, r.Dice, r.Row, r.Result, r.Text()})
}

// MarshalJSON writes {"kind":"table",...}.
func (tb *Table) MarshalJSON() ([]byte, error) {
	type mod struct {
		Head [2]string   `json:"head"`
		Rows [][2]string `json:"rows"`
	}
	type t struct {
		ID        string     `json:"id,omitempty"`
		Corner    string     `json:"corner,omitempty"`
		Title     string     `json:"title,omitempty"`
		HowToRead []string   `json:"howToRead,omitempty"`
		Notes     []string   `json:"notes,omitempty"`
		Modifiers []mod      `json:"modifiers,omitempty"`
		Head      []string   `json:"head,omitempty"`
		Rows      [][]string `json:"rows"`
		Footnotes []string   `json:"footnotes,omitempty"`
		Decisions []string   `json:"decisions,omitempty"`
		Source    string     `json:"source,omitempty"`
		Odds      *Odds      `json:"odds,omitempty"`
	}
	v := t{ID: tb.ID, Corner: tb.Corner, Title: tb.Title, HowToRead: tb.HowToRead, Notes: tb.Notes,
		Head: tb.Head, Rows: tb.Rows, Footnotes: tb.Footnotes, Decisions: tb.Decisions, Source: tb.Source, Odds: tb.Odds}
	for _, m := range tb.Modifiers {
		v.Modifiers = append(v.Modifiers, mod(m))
	}
	return marshal("table", v)
}

// MarshalJSON writes a table's odds: {"caption", "corner", "head",
// "rows": [{"label", "cells": [{"fraction", "percent", "text"}]}]}.
func (o *Odds) MarshalJSON() ([]byte, error) {
	type chance struct {
		Fraction string `json:"fraction"`
		Percent  string `json:"percent"`
		Text     string `json:"text"`
	}
	type row struct {
		Label string   `json:"label"`
		Cells []chance `json:"cells"`
	}
	type t struct {
		Caption string   `json:"caption"`
		Corner  string   `json:"corner"`
		Head    []string `json:"head"`
		Rows    []row    `json:"rows"`
	}
	v := t{Caption: o.Caption, Corner: o.Corner, Head: o.Head}
	for _, r := range o.Rows {
		w := row{Label: r.Label, Cells: []chance{}}
		for _, c := range r.Cells {
			w.Cells = append(w.Cells, chance{c.Fraction, c.Percent, c.Text()})
		}
		v.Rows = append(v.Rows, w)
	}
	return json.Marshal(v)
}

// MarshalJSON writes {"kind":"map","map":{...}}.
func (m *Map) MarshalJSON() ([]byte, error) {
	type t struct {
		Map board.Map `json:"map"`
	}
	return marshal("map", t{m.Map})
}

// MarshalJSON writes {"kind":"sealed",...}.
func (s *Sealed) MarshalJSON() ([]byte, error) {
	type item struct {
		Number int     `json:"number"`
		Title  string  `json:"title"`
		Tag    string  `json:"tag,omitempty"`
		Blocks []Block `json:"blocks"`
	}
	type t struct {
		Title string `json:"title"`
		Intro string `json:"intro,omitempty"`
		Items []item `json:"items"`
	}
	v := t{Title: s.Title, Intro: s.Intro}
	for _, it := range s.Items {
		v.Items = append(v.Items, item(it))
	}
	return marshal("sealed", v)
}

// side is a Side's JSON form.
type side struct {
	Name  string `json:"name"`
	Whose string `json:"whose"`
	Enemy bool   `json:"enemy"`
}

// MarshalJSON writes {"kind":"cards",...}; its side only when it has one.
func (c *Cards) MarshalJSON() ([]byte, error) {
	type t struct {
		Title string  `json:"title"`
		Intro string  `json:"intro,omitempty"`
		W     float64 `json:"widthMM"`
		H     float64 `json:"heightMM"`
		Side  *side   `json:"side,omitempty"`
		Items []Card  `json:"items"`
	}
	v := t{Title: c.Title, Intro: c.Intro, W: c.W, H: c.H, Items: c.Items}
	if c.Side != (Side{}) {
		v.Side = &side{Name: c.Side.Name, Whose: c.Side.Whose, Enemy: c.Side.Enemy}
	}
	return marshal("cards", v)
}

// MarshalJSON writes a card face; its edges only when it has them.
func (c Card) MarshalJSON() ([]byte, error) {
	type field struct {
		Label string `json:"label"`
		Value string `json:"value"`
	}
	type track struct {
		Label string `json:"label"`
		Boxes int    `json:"boxes"`
		Note  string `json:"note,omitempty"`
	}
	type t struct {
		Title  string     `json:"title"`
		Tag    string     `json:"tag,omitempty"`
		Fields []field    `json:"fields,omitempty"`
		Track  *track     `json:"track,omitempty"`
		Lines  []string   `json:"lines,omitempty"`
		Edges  *[4]string `json:"edges,omitempty"`
		Back   *Card      `json:"back,omitempty"`
	}
	v := t{Title: c.Title, Tag: c.Tag, Lines: c.Lines, Back: c.Back}
	for _, f := range c.Fields {
		v.Fields = append(v.Fields, field(f))
	}
	if c.Track != nil {
		v.Track = &track{c.Track.Label, c.Track.Boxes, c.Track.Note}
	}
	if c.Edges != [4]string{} {
		e := c.Edges
		v.Edges = &e
	}
	return json.Marshal(v)
}

// MarshalJSON writes {"kind":"links",...}.
func (l *Links) MarshalJSON() ([]byte, error) {
	type link struct {
		Label string `json:"label"`
		To    int    `json:"to"`
		Note  string `json:"note,omitempty"`
	}
	type t struct {
		Links []link `json:"links"`
	}
	var v t
	for _, k := range l.Links {
		v.Links = append(v.Links, link(k))
	}
	return marshal("links", v)
}
