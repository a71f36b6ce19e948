package web

import (
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
)

// The site draws what a rule system rolled as blocks of package doc. Each
// block kind has one view here and one template in partials.html that
// draws it ("section", "para", "list", "checklist", "roll", "table", "map", "sealed",
// "links"); "blocks" draws a run of blocks through "block", which picks the
// kind's template. Sections and sealed items draw their blocks through
// "blocks" again, so nesting needs nothing more. Nothing here reads a rule
// system's own fields or names a system.

// blockView is one block ready to draw: Kind names the template, and the
// field of that name holds what it draws.
type blockView struct {
	Kind    string
	Section *sectionView
	Para    *doc.Para
	List    *doc.List
	Check   *checklistView
	Roll    *rollView
	Table   *tableView
	Map     *mapView
	Sealed  *sealedView
	Links   *linksView
	Cards   *cardsView
}

type sectionView struct {
	Title  string
	Level  int // heading level, 3 to 6
	Blocks []blockView
}

// checklistView is a checklist: each item numbered, with its box.
type checklistView struct {
	Lead  string
	Items []checkItem
	Note  string
}

// checkItem is one item of a checklist: its number from 1, its box's
// element id ("" where ids are not drawn) and its text.
type checkItem struct {
	N    int
	ID   string
	Text string
}

type rollView struct {
	*doc.Roll
	ShowRow bool // the row read differs from what the dice show

	// The Roll's fields again, for the templates: a field a template
	// reads through an embedded struct is looked up by reflection over
	// every field, embedded ones and all, each time it is read (the same
	// below for tables and cards).
	Label  string
	Dice   dice.Roll
	Row    string
	Result string
}

type tableView struct {
	*doc.Table
	ID      string // "" for none
	Label   string // names the scrolling region around the table; "" draws no region (the print-only copy)
	Caption bool   // the title band: corner, title, how to read, notes
	Compact bool   // no long text and no title band: as narrow as its cells
	Broad   bool   // several columns of long text: the whole width, not a column
	Head    []cellView
	Rows    [][]cellView
	Mods    []doc.Modifier
	// The Table's fields the templates read, again (see rollView).
	Title     string
	Corner    string
	HowToRead []string
	Notes     []string
	Footnotes []string
	Decisions []string
	Source    string
	Odds      *doc.Odds
	// Grid is what partials.html's "grid" draws: the table element, its
	// head and rows ("caption" its title band), from the table alone (not its id or label),
	// so a rule table's grid is drawn once for every page that prints it
	// (the "kept" function, kept.go).
	Grid *gridView
}

// gridView is a table's grid: its title band (drawn above the box that
// scrolls it), head and rows.
type gridView struct {
	Caption   bool
	Compact   bool
	Stack     bool // on a phone each row stands as a block, each cell under its column's head (style.css, table.stack)
	Corner    string
	Title     string
	HowToRead []string
	Notes     []string
	Head      []cellView
	Rows      [][]cellView
}

type cellView struct {
	Text string
	Key  bool   // the first column: read first
	Wide bool   // long text
	Head string // a body cell of a stacked table: its column's head, printed beside it on a phone
}

type sealedView struct {
	Title string
	Intro string
	Level int
	Items []itemView
}

type itemView struct {
	ID     string // "" where ids are not drawn
	Number int
	Title  string
	Tag    string
	Blocks []blockView
}

type linksView struct {
	Links []linkView
}

type linkView struct {
	Label string
	To    int    // 0: the gamebook ends
	Href  string // "" where the entry is not on the page
	Note  string
}

type cardsView struct {
	ID    string // "" where ids are not drawn
	Title string
	Level int
	Intro string
	W, H  float64 // millimetres
	Items []cardPair
}

// cardPair is a card's two faces, drawn side by side.
type cardPair struct {
	Front playCardView
	Back  *playCardView
}

type playCardView struct {
	doc.Card
	// The Card's fields the templates read, again (see rollView).
	Title  string
	Tag    string
	Fields []doc.Field
	Track  *doc.Track
	Lines  []string
	Boxes  []string // one per box of the track: its element id, "" where ids are not drawn
	Edges  []string // the edges' texts in the order top, right, bottom, left; nil when none
	W, H   float64  // millimetres
	Side   string   // "front" or "back"
	Whose  doc.Side // whose card it is: its name in a band across the top, hatched for the enemy's; zero for none
}

// newCardView returns a card face's view; id names the face, and its
// boxes are id-box-1, id-box-2, ... (play state keeps a ticked box by its
// id, so the same build gives the same ids).
func (d *drawer) newCardView(c doc.Card, w, h float64, side, id string) playCardView {
	v := playCardView{Card: c, W: w, H: h, Side: side, Title: c.Title, Tag: c.Tag, Fields: c.Fields, Track: c.Track, Lines: c.Lines}
	if c.Track != nil {
		v.Boxes = make([]string, c.Track.Boxes)
		if id != "" {
			for i := range v.Boxes {
				v.Boxes[i] = d.id(id + "-box-" + strconv.Itoa(i+1))
			}
		}
	}
	if c.Edges != [4]string{} {
		v.Edges = c.Edges[:]
	}
	return v
}

// drawer turns blocks into views for one page. It hands out element ids,
// so that each is used once on the page.
type drawer struct {
	kept    *kept           // what a build draws once for all its pages; nil: nothing kept
	ids     map[string]bool // ids taken on the page; nil: draw no ids
	entry   func(n int) string
	labels  map[string]int // region labels used on the page, and how often
	section string         // the title of the section being drawn, to name its tables
	scope   string         // where on the page, added to table names: "entry 4" on a campaign page
}

// frameIDs are the ids layout.html and partials.html put on every page.
var frameIDs = []string{"main", "sortie-zone-enemy", "sortie-zone-band", "sortie-woods", "sortie-rocks", "sortie-ruins"}

// newDrawer returns a drawer for a page whose frame already uses the ids
// taken. entry, when not nil, gives the href of gamebook entry n on the
// page; without it gamebook links are drawn as text.
func newDrawer(entry func(int) string, taken ...string) *drawer {
	d := &drawer{ids: map[string]bool{}, entry: entry, labels: map[string]int{}}
	for _, id := range frameIDs {
		d.ids[id] = true
	}
	for _, id := range taken {
		d.ids[id] = true
	}
	return d
}

// noIDs returns a drawer that draws the same blocks again without ids:
// for the print-only copy of sealed items.
func (d *drawer) noIDs() *drawer { return &drawer{entry: d.entry, kept: d.kept} }

// id returns base, or base-2, base-3, ... if base is taken, and takes it.
func (d *drawer) id(base string) string {
	if d.ids == nil || base == "" {
		return ""
	}
	id := base
	for n := 2; d.ids[id]; n++ {
		id = base + "-" + strconv.Itoa(n)
	}
	d.ids[id] = true
	return id
}

// blocks returns the views of bs. prefix starts the ids of the elements
// drawn (the encounter's or the entry's id); level is the heading level of
// a section at this depth.
func (d *drawer) blocks(prefix string, level int, bs []doc.Block) []blockView {
	out := make([]blockView, 0, len(bs))
	for _, b := range bs {
		if v, ok := d.block(prefix, level, b); ok {
			out = append(out, v)
		}
	}
	return out
}

func (d *drawer) block(prefix string, level int, b doc.Block) (blockView, bool) {
	switch b := b.(type) {
	case *doc.Section:
		outer := d.section
		if b.Title != "" {
			d.section = b.Title
		}
		v := &sectionView{Title: b.Title, Level: heading(level), Blocks: d.blocks(prefix, level+1, b.Blocks)}
		d.section = outer
		return blockView{Kind: "section", Section: v}, true
	case *doc.Para:
		return blockView{Kind: "para", Para: b}, true
	case *doc.List:
		return blockView{Kind: "list", List: b}, true
	case *doc.Checklist:
		// The boxes' ids, "e1-order-1", ... (the second checklist on the
		// page "e1-order-2-1"): play state keeps a ticked box by its id.
		id := d.id(join(prefix, "order"))
		v := &checklistView{Lead: b.Lead, Note: b.Note, Items: make([]checkItem, len(b.Items))}
		for i, it := range b.Items {
			v.Items[i] = checkItem{N: i + 1, Text: it}
			if id != "" {
				v.Items[i].ID = id + "-" + strconv.Itoa(i+1)
			}
		}
		return blockView{Kind: "checklist", Check: v}, true
	case *doc.Roll:
		return blockView{Kind: "roll", Roll: &rollView{Roll: b, ShowRow: b.Row != "" && b.Row != strconv.Itoa(b.Dice.Value),
			Label: b.Label, Dice: b.Dice, Row: b.Row, Result: b.Result}}, true
	case *doc.Table:
		id := ""
		if b.ID != "" {
			id = join(prefix, b.ID)
		}
		return blockView{Kind: "table", Table: d.table(b, id)}, true
	case *doc.Map:
		v := d.kept.mapView(b.Map)
		return blockView{Kind: "map", Map: &v}, true
	case *doc.Sealed:
		return blockView{Kind: "sealed", Sealed: d.sealed(prefix, level, b)}, true
	case *doc.Links:
		return blockView{Kind: "links", Links: d.links(b.Links)}, true
	case *doc.Cards:
		// The block's id, "e1-cards" (the second on the page
		// "e1-cards-2"), then each card's: "e1-cards-card-3".
		id := d.id(join(prefix, "cards"))
		v := &cardsView{ID: id, Title: b.Title, Level: heading(level), Intro: b.Intro, W: b.W, H: b.H}
		for i, c := range b.Items {
			card := ""
			if id != "" {
				card = id + "-card-" + strconv.Itoa(i+1)
			}
			p := cardPair{Front: d.newCardView(c, b.W, b.H, "front", card)}
			p.Front.Whose = b.Side
			if c.Back != nil {
				if card != "" {
					card += "-back"
				}
				back := d.newCardView(*c.Back, b.W, b.H, "back", card)
				back.Whose = b.Side
				p.Back = &back
			}
			v.Items = append(v.Items, p)
		}
		return blockView{Kind: "cards", Cards: v}, true
	}
	return blockView{}, false // the set of kinds is closed: nothing else is a Block
}

// heading clamps a heading level to what HTML has.
func heading(level int) int { return min(max(level, 2), 6) }

func join(prefix, id string) string {
	if prefix == "" {
		return id
	}
	return prefix + "-" + id
}

// table returns a table's view; id is the element id wanted, or "".
func (d *drawer) table(t *doc.Table, id string) *tableView {
	c := d.kept.cells(t)
	g := c.grid
	return &tableView{Table: t, ID: d.id(id), Label: d.label(t), Mods: t.Modifiers,
		Caption: g.Caption, Compact: g.Compact, Broad: c.broad, Head: g.Head, Rows: g.Rows, Grid: g,
		Title: t.Title, Corner: t.Corner, HowToRead: t.HowToRead, Notes: t.Notes, Footnotes: t.Footnotes,
		Decisions: t.Decisions, Source: t.Source, Odds: t.Odds}
}

// tableCells is what a table's view holds that depends on the table
// alone: its grid, and how wide it is drawn.
type tableCells struct {
	broad bool
	grid  *gridView
}

func newTableCells(t *doc.Table) *tableCells {
	g := &gridView{Caption: t.Corner != "" || t.Title != "" || len(t.HowToRead) > 0,
		Corner: t.Corner, Title: t.Title, HowToRead: t.HowToRead, Notes: t.Notes}
	wide := map[int]bool{}
	for _, i := range t.Wide {
		wide[i] = true
	}
	g.Compact = !g.Caption && len(wide) == 0
	g.Stack = !g.Compact && len(t.Head) >= 3
	cell := func(i int, s string) cellView { return cellView{Text: s, Key: i == 0, Wide: i > 0 && wide[i]} }
	for i, h := range t.Head {
		g.Head = append(g.Head, cell(i, h))
	}
	for _, r := range t.Rows {
		row := make([]cellView, 0, max(len(r), len(t.Head)))
		for i, c := range r {
			row = append(row, cell(i, c))
		}
		for i := len(r); i < len(t.Head); i++ {
			row = append(row, cell(i, ""))
		}
		if g.Stack {
			for i := 1; i < len(row) && i < len(t.Head); i++ {
				row[i].Head = t.Head[i]
			}
		}
		g.Rows = append(g.Rows, row)
	}
	return &tableCells{broad: len(wide) >= 2 && len(t.Head) >= 4, grid: g}
}

// label names a table's scrolling region for assistive technology: its
// title, else the title of the section it is in, else its column headers,
// with the drawer's scope ("Enemy table, entry 4"); a name used before on
// the page gets a number, "Terrain (2)", so each region is told apart. The
// print-only copy (no ids) draws no region.
func (d *drawer) label(t *doc.Table) string {
	if d.ids == nil {
		return ""
	}
	l := t.Title
	if l == "" {
		l = d.section
	}
	if l == "" {
		var head []string
		for _, h := range t.Head {
			if h != "" {
				head = append(head, h)
			}
		}
		l = "Table"
		if len(head) > 0 {
			l += ": " + strings.Join(head, ", ")
		}
	}
	if d.scope != "" {
		l += ", " + d.scope
	}
	d.labels[l]++
	if n := d.labels[l]; n > 1 {
		l += " (" + strconv.Itoa(n) + ")"
	}
	return l
}

func (d *drawer) sealed(prefix string, level int, s *doc.Sealed) *sealedView {
	v := &sealedView{Title: s.Title, Intro: s.Intro, Level: heading(level)}
	for _, it := range s.Items {
		v.Items = append(v.Items, d.item(prefix, level, it))
	}
	return v
}

// item returns a sealed item's view; its id is the encounter's prefix,
// "sealed" and its number: "e2-sealed-1", "entry-4-sealed-3".
func (d *drawer) item(prefix string, level int, it doc.SealedItem) itemView {
	id := d.id(join(prefix, "sealed-"+strconv.Itoa(it.Number)))
	inner := prefix
	if id != "" {
		inner = id
	}
	return itemView{ID: id, Number: it.Number, Title: it.Title, Tag: it.Tag, Blocks: d.blocks(inner, level+1, it.Blocks)}
}

func (d *drawer) links(ls []doc.Link) *linksView {
	v := &linksView{}
	for _, l := range ls {
		lv := linkView{Label: l.Label, To: l.To, Note: l.Note}
		if l.To > 0 && d.entry != nil {
			lv.Href = d.entry(l.To)
		}
		v.Links = append(v.Links, lv)
	}
	return v
}

// layoutView splits an encounter's blocks for the page: the maps it opens
// with beside the short blocks that follow them (on a wide screen and on
// paper), then the rest at full width. An encounter that does not open
// with a map is all Rest.
type layoutView struct {
	Boards []blockView
	Facts  []blockView
	Rest   []blockView
}

func split(bs []blockView) layoutView {
	i := 0
	for i < len(bs) && bs[i].Kind == "map" {
		i++
	}
	if i == 0 {
		return layoutView{Rest: bs}
	}
	j := i
	for j < len(bs) && !wide(bs[j]) {
		j++
	}
	return layoutView{Boards: bs[:i], Facts: bs[i:j], Rest: bs[j:]}
}

// wide reports whether a block needs the page's full width: a table, a
// map, sealed items, or a section holding one.
func wide(b blockView) bool {
	switch b.Kind {
	case "table", "map", "sealed":
		return true
	case "section":
		for _, c := range b.Section.Blocks {
			if wide(c) {
				return true
			}
		}
	}
	return false
}

// sealedItems returns the sealed items of an encounter's blocks, in order,
// without those nested in sealed items (they are drawn inside their item).
func sealedItems(bs []doc.Block) (title string, items []doc.SealedItem) {
	var walk func([]doc.Block)
	walk = func(bs []doc.Block) {
		for _, b := range bs {
			switch b := b.(type) {
			case *doc.Section:
				walk(b.Blocks)
			case *doc.Sealed:
				if title == "" {
					title = b.Title
				}
				items = append(items, b.Items...)
			}
		}
	}
	walk(bs)
	return title, items
}

// printView is the print-only section of sealed items: printed upside down
// on the last pages, so a player reads one only when the game reaches it.
type printView struct {
	Title string // "Sealed " and the Sealed block's title
	Cards []cardView
}

type cardView struct {
	Entry int // gamebook entry, or 0 on a single encounter's page
	Of    int // sealed items in the encounter
	Item  itemView
}

// printSealed lays out the sealed items of several encounters for print:
// every encounter's first item, then every second, and so on, so that an
// item's neighbours on paper belong to other encounters. entries gives
// each encounter's gamebook entry number (0 for none), and level the
// heading level inside a card.
func (d *drawer) printSealed(entries []int, encounters [][]doc.Block) printView {
	pd := d.noIDs()
	v := printView{Title: "Sealed"}
	var lists [][]doc.SealedItem
	titles := map[string]bool{}
	for _, bs := range encounters {
		t, items := sealedItems(bs)
		if len(items) > 0 {
			titles[t] = true
		}
		lists = append(lists, items)
	}
	if len(titles) == 1 {
		for t := range titles {
			if t != "" {
				v.Title = "Sealed " + t
			}
		}
	}
	for k := 0; ; k++ {
		added := false
		for i, items := range lists {
			if k < len(items) {
				v.Cards = append(v.Cards, cardView{Entry: entries[i], Of: len(items), Item: pd.item("", 2, items[k])})
				added = true
			}
		}
		if !added {
			return v
		}
	}
}
