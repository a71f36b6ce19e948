package rules

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sortie-wargames/sortie/engine/dice"
)

// File is what one .rules file holds.
type File struct {
	Name       string
	Systems    []*System
	Tables     []*Table
	Encounters []*Encounter
}

// maxErrors bounds how many mistakes one load reports.
const maxErrors = 20

// Bounds on what one file may ask of the build, each reported at its line.
// A name (a system's name, a table's or encounter's title, a group's
// title, a column's name or a key header) prints on one line of a heading,
// a roster, a card or a QRS title band, which hold 60 characters at the
// size they print; the books' longest is 35. Any other value or cell
// wraps, and is bounded only so that one line cannot fill pages (the
// books' longest is 279). A table has at most MaxRows rows (the books' most
// is 14; a d100 read as rolled needs 100) and a file at most MaxFileRows,
// so a file cannot fill a QRS booklet with thousands of pages.
const (
	MaxName     = 60
	MaxText     = 1000
	MaxRows     = 200
	MaxFileRows = 2000
)

// Board bounds, in inches (or the book's own unit): the books play on 12"
// to 36" boards and 24 x 18 DU; a Battle Board is drawn to scale on one
// page, which holds 6 to 72 units a side legibly.
const (
	MinBoard = 6
	MaxBoard = 72
)

// Parse reads one .rules file. name is used in error positions. It checks
// everything that can be checked within the file; Load checks references
// between files. A byte order mark at the start, which some editors write,
// is dropped, as it is from pages and sortie.conf.
func Parse(name string, data []byte) (*File, error) {
	p := &parser{file: &File{Name: name}}
	text := strings.TrimPrefix(string(data), "\ufeff")
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for i, line := range lines {
		if !utf8.ValidString(line) {
			return nil, errorf(Pos{name, i + 1}, "not UTF-8 text: save the file as UTF-8")
		}
		if strings.ContainsFunc(line, isControl) {
			return nil, errorf(Pos{name, i + 1}, "a control character: use printable text")
		}
		if strings.ContainsFunc(line, isBidiControl) {
			return nil, errorf(Pos{name, i + 1}, "a right-to-left control character: text would print in a different order from how it is typed")
		}
	}
	for i, line := range lines {
		p.pos = Pos{name, i + 1}
		p.line(line)
		if len(p.errs) >= maxErrors || p.rows > MaxFileRows {
			break
		}
	}
	if len(p.errs) < maxErrors {
		p.endBlock()
	}
	if len(p.errs) >= maxErrors {
		p.errs = append(p.errs[:maxErrors], errorf(p.pos, "too many mistakes: stopped checking here"))
	}
	if len(p.errs) > 0 {
		return nil, errors.Join(p.errs...)
	}
	return p.file, nil
}

// isControl reports the characters a page or booklet cannot show: control
// characters other than tab, and the noncharacters U+FFFE and U+FFFF (as
// in a site's pages and front matter).
func isControl(r rune) bool {
	return (unicode.IsControl(r) && r != '\t') || r == 0xFFFE || r == 0xFFFF
}

// isBidiControl reports the characters that reorder text as it shows.
func isBidiControl(r rune) bool {
	return (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069) || r == 0x200E || r == 0x200F || r == 0x061C
}

// longName reports a name longer than MaxName characters at the line.
func (p *parser) longName(what, v string) bool {
	if n := utf8.RuneCountInString(v); n > MaxName {
		p.errorf("%s of %d characters: at most %d, which a heading or card holds on one line", what, n, MaxName)
		return true
	}
	return false
}

// longText reports a value longer than MaxText characters at the line.
func (p *parser) longText(what, v string) bool {
	if n := utf8.RuneCountInString(v); n > MaxText {
		p.errorf("%s of %d characters: at most %d", what, n, MaxText)
		return true
	}
	return false
}

type parser struct {
	file *File
	rows int // rows in the file so far
	pos  Pos
	errs []error

	kind string // "system", "table", "encounter" or ""
	seen map[string]Pos
	sys  *System
	tab  *Table
	enc  *Encounter
	// rowErrs is set when a row of the current table was rejected, so the
	// coverage check does not report the missing row a second time.
	rowErrs bool
	// marks holds where each footnote marker of the current table was
	// first used.
	marks map[int]Pos
}

func (p *parser) errorf(format string, args ...any) {
	if p.kind == "table" && p.tab != nil {
		p.rowErrs = true
	}
	p.errs = append(p.errs, errorf(p.pos, format, args...))
}

var blockKinds = []string{"system", "table", "encounter"}

func (p *parser) line(line string) {
	line = strings.TrimRight(line, " \t")
	trimmed := strings.TrimLeft(line, " \t")
	if trimmed == "" || trimmed[0] == '#' {
		return
	}
	if p.kind == "broken" && !slices.Contains(blockKinds, firstWord(trimmed)) {
		return // the rest of a table whose header was reported broken
	}
	if trimmed[0] == '|' {
		p.row(trimmed)
		return
	}
	key, value := trimmed, ""
	if i := strings.IndexAny(trimmed, " \t"); i >= 0 {
		key, value = trimmed[:i], strings.TrimSpace(trimmed[i:])
	}
	if slices.Contains(blockKinds, key) {
		p.endBlock()
		p.startBlock(key, value)
		return
	}
	if p.kind == "" {
		p.errorf("%q before any block: start a block with %s", key, strings.Join(quoteAll(blockKinds), ", "))
		return
	}
	if p.kind == "table" && len(p.tab.Rows) > 0 {
		p.errorf("directive %q after the rows of table %s: directives come before rows", key, p.tab.ID)
		return
	}
	p.directive(key, value)
}

func firstWord(s string) string {
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		return s[:i]
	}
	return s
}

func quoteAll(s []string) []string {
	q := make([]string, len(s))
	for i, v := range s {
		q[i] = strconv.Quote(v)
	}
	return q
}

// validID reports whether s is a stable id: lowercase ASCII letters and
// digits, words joined by single hyphens.
func validID(s string) bool {
	if s == "" || len(s) > 64 || s[0] == '-' || s[len(s)-1] == '-' || strings.Contains(s, "--") {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

func (p *parser) startBlock(kind, id string) {
	if !validID(id) {
		p.errorf("%s id %q: want lowercase letters, digits and single hyphens, such as pef-resolution", kind, id)
	}
	p.kind = kind
	p.seen = map[string]Pos{}
	p.marks = map[int]Pos{}
	p.rowErrs = false
	switch kind {
	case "system":
		p.sys = &System{ID: id, Pos: p.pos}
	case "table":
		p.tab = &Table{ID: id, Pos: p.pos}
	case "encounter":
		p.enc = &Encounter{ID: id, Pos: p.pos}
	}
}

// directives each block kind takes, and whether they may repeat.
var directives = map[string]map[string]bool{
	"system": {"name": false, "publisher": false, "book": false, "summary": false,
		"board": false, "star-rep": false, "first-encounter": false, "qrs": true, "sections": false, "group-title": true,
		"encounter-tables": true},
	"table": {"title": false, "dice": false, "read": false, "target": false, "six-fails": false, "roll-again": false,
		"caption": false, "key": false, "note": true, "columns": false, "group": true,
		"source": false, "decision": true, "across": false, "modifiers": true, "modifier": true,
		"footnote": true},
	"encounter": {"title": false, "summary": false, "objective": true, "forces": true,
		"deployment": true, "special": true, "terrain": false, "camp": false, "band-starts": false,
		"tables": true},
}

func (p *parser) directive(key, value string) {
	repeats, ok := directives[p.kind][key]
	if !ok {
		keys := make([]string, 0, len(directives[p.kind]))
		for k := range directives[p.kind] {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		p.errorf("unknown %s directive %q: want one of %s", p.kind, key, strings.Join(keys, ", "))
		return
	}
	if prev, dup := p.seen[key]; dup && !repeats {
		p.errorf("%q given twice (first at line %d)", key, prev.Line)
		return
	}
	p.seen[key] = p.pos
	if value == "" && key != "six-fails" && key != "roll-again" && key != "camp" && key != "band-starts" {
		p.errorf("%q needs a value", key)
		return
	}
	if p.longText(key, value) {
		return
	}
	if (key == "name" || key == "title" || key == "key") && p.longName(key, value) {
		return
	}
	switch p.kind {
	case "system":
		p.systemDirective(key, value)
	case "table":
		p.tableDirective(key, value)
	case "encounter":
		p.encounterDirective(key, value)
	}
}

func (p *parser) systemDirective(key, value string) {
	s := p.sys
	switch key {
	case "name":
		s.Name = value
	case "publisher":
		s.Publisher = value
	case "book":
		s.Book = value
	case "summary":
		s.Summary = value
	case "board":
		wi, hi, ok := parseSize(value, MinBoard, MaxBoard)
		if !ok {
			p.errorf("board %q: want width x height in inches, each %d..%d, such as 12x12", value, MinBoard, MaxBoard)
			return
		}
		s.BoardW, s.BoardH = wi, hi
	case "sections":
		c, r, ok := parseSize(value, 1, 10)
		if !ok {
			p.errorf("sections %q: want columns x rows of numbered sections, such as 3x3", value)
			return
		}
		s.SectionCols, s.SectionRows = c, r
	case "star-rep":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > 10 {
			p.errorf("star-rep %q: want a whole number 1..10", value)
			return
		}
		s.StarRep = n
	case "first-encounter":
		if !validID(value) {
			p.errorf("first-encounter %q: want an encounter id", value)
		}
		s.First, s.FirstPos = value, p.pos
	case "qrs":
		for _, id := range strings.Fields(value) {
			if !validID(id) {
				p.errorf("qrs %q: want table ids separated by spaces", id)
				continue
			}
			s.QRS = append(s.QRS, id)
			s.QRSPos = append(s.QRSPos, p.pos)
		}
	case "encounter-tables":
		s.EncounterTables, s.EncounterTablesPos = p.tableIDs(key, value, s.EncounterTables, s.EncounterTablesPos)
	case "group-title":
		g, title, _ := strings.Cut(value, " ")
		title = strings.TrimSpace(title)
		if p.longName("group title", title) {
			return
		}
		if !validID(g) || title == "" {
			p.errorf("group-title %q: want a group id and its printed title, such as: group-title army Army lists", value)
			return
		}
		if _, dup := s.GroupTitles[g]; dup {
			p.errorf("group-title %s given twice", g)
			return
		}
		if s.GroupTitles == nil {
			s.GroupTitles = map[string]string{}
		}
		s.GroupTitles[g] = title
	}
}

// tableIDs appends the table ids of a directive's value to ids, and
// where each was written to pos.
func (p *parser) tableIDs(key, value string, ids []string, pos []Pos) ([]string, []Pos) {
	for _, id := range strings.Fields(value) {
		if !validID(id) {
			p.errorf("%s %q: want table ids separated by spaces", key, id)
			continue
		}
		ids = append(ids, id)
		pos = append(pos, p.pos)
	}
	return ids, pos
}

// parseSize reads "WxH" with each of W and H in min..limit.
func parseSize(v string, min, limit int) (w, h int, ok bool) {
	a, b, ok := strings.Cut(v, "x")
	w, err1 := strconv.Atoi(strings.TrimSpace(a))
	h, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || w < min || h < min || w > limit || h > limit {
		return 0, 0, false
	}
	return w, h, true
}

func (p *parser) encounterDirective(key, value string) {
	e := p.enc
	switch key {
	case "title":
		e.Title = value
	case "summary":
		e.Summary = value
	case "objective":
		e.Objective = append(e.Objective, value)
	case "forces":
		e.Forces = append(e.Forces, value)
	case "deployment":
		e.Deployment = append(e.Deployment, value)
	case "special":
		e.Special = append(e.Special, value)
	case "terrain":
		if !validID(value) {
			p.errorf("terrain %q: want the id of a table", value)
		}
		e.Terrain, e.TerrainPos = value, p.pos
	case "tables":
		e.Tables, e.TablesPos = p.tableIDs(key, value, e.Tables, e.TablesPos)
	case "camp":
		b, ok := parseYes(value)
		if !ok {
			p.errorf("camp %q: want yes or no", value)
		}
		e.Camp = b
	case "band-starts":
		b, ok := parseYes(value)
		if !ok {
			p.errorf("band-starts %q: want yes or no", value)
		}
		e.BandStarts = b
	}
}

func parseYes(v string) (bool, bool) {
	switch v {
	case "", "yes":
		return true, true
	case "no":
		return false, true
	}
	return false, false
}

var reads = []Read{ReadSum, ReadAsRolled, ReadPass, ReadOpposed, ReadCompare, ReadLookup, ReadSuccesses, ReadOpposedSuccesses}

var columnTypes = []ColumnType{TypeText, TypeInt, TypeRef, TypeID, TypeFlag}

func (p *parser) tableDirective(key, value string) {
	t := p.tab
	switch key {
	case "title":
		t.Title = value
	case "dice":
		e, err := dice.Parse(value)
		if err != nil {
			p.errorf("%v", err)
			return
		}
		t.Dice, t.HasDice = e, true
	case "read":
		r := Read(value)
		if !slices.Contains(reads, r) {
			p.errorf("read %q: want one of sum, as-rolled, pass, opposed, compare, lookup, successes, opposed-successes", value)
			return
		}
		t.Read = r
	case "target":
		if n, err := strconv.Atoi(value); err == nil && n < 1 {
			p.errorf("target %d: dice pass on the target or lower, so want 1 or more", n)
			return
		}
		t.Target = value
	case "six-fails":
		b, ok := parseYes(value)
		if !ok {
			p.errorf("six-fails %q: want yes or no", value)
		}
		t.SixFails = b
	case "roll-again":
		b, ok := parseYes(value)
		if !ok {
			p.errorf("roll-again %q: want yes or no", value)
		}
		t.RollAgain = b
	case "caption":
		t.Caption = value
	case "key":
		t.KeyHeader = value
	case "note":
		text, n, ok := p.cutMarker("note", value)
		if ok {
			t.Notes = append(t.Notes, marked(text, n))
		}
	case "footnote":
		num, text, _ := strings.Cut(value, " ")
		n, ok := keyNum(num)
		text = strings.TrimSpace(text)
		if !ok || n < 1 || n > 99 || text == "" {
			p.errorf("footnote %q: want its number and its text, such as footnote 1 One building on 1-3", value)
			return
		}
		for _, f := range t.Footnotes {
			if f.Number == n {
				p.errorf("footnote %d given twice (first at line %d)", n, f.Pos.Line)
				return
			}
		}
		t.Footnotes = append(t.Footnotes, Footnote{Number: n, Text: text, Pos: p.pos})
	case "modifiers":
		h := splitCells(value)
		if len(h) != 2 || h[0] == "" || h[1] == "" {
			p.errorf("modifiers %q: want the group's two headers, such as Charger is: | Modifier", value)
			return
		}
		t.Modifiers = append(t.Modifiers, ModifierGroup{Headers: [2]string{h[0], h[1]}, Pos: p.pos})
	case "modifier":
		p.modifier(value)
	case "across":
		p.across(value)
	case "group":
		for _, g := range strings.Fields(value) {
			if !validID(g) {
				p.errorf("group %q: want lowercase words such as army", g)
				continue
			}
			t.Groups = append(t.Groups, g)
		}
	case "source":
		t.Source = value
	case "decision":
		t.Decisions = append(t.Decisions, value)
	case "columns":
		for _, c := range splitCells(value) {
			name, typ, ok := strings.Cut(c, ":")
			name, typ = strings.TrimSpace(name), strings.TrimSpace(typ)
			if !ok || name == "" || !slices.Contains(columnTypes, ColumnType(typ)) {
				p.errorf("column %q: want Name:type with type one of text, int, ref, id, flag", c)
				p.kind = "broken" // its rows cannot be read: say nothing more of this table
				return
			}
			if p.longName("column name", name) {
				p.kind = "broken"
				return
			}
			if t.Col(name) >= 0 {
				p.errorf("column %q given twice", name)
				p.kind = "broken"
				return
			}
			t.Columns = append(t.Columns, Column{Name: name, Type: ColumnType(typ)})
		}
	}
}

// modifier reads "modifier TEXT | VALUE" into the table's last modifier
// group, starting the default group if there is none.
func (p *parser) modifier(value string) {
	t := p.tab
	c := splitCells(value)
	if len(c) != 2 || c[0] == "" || c[1] == "" {
		p.errorf("modifier %q: want its text and its value, such as modifier Charging onto the rear | +2d6", value)
		return
	}
	text, tn, ok1 := p.cutMarker("modifier", c[0])
	val, vn, ok2 := p.cutMarker("modifier value", c[1])
	if !ok1 || !ok2 {
		return
	}
	if len(val) > 1 && (val[0] == '+' || val[0] == '-') && val[1] >= '0' && val[1] <= '9' && !signedValue(val) {
		p.errorf("modifier value %q: want +N or +Nd6 (-N or -Nd6), such as +1 or +2d6, or words", val)
		return
	}
	if len(t.Modifiers) == 0 {
		t.Modifiers = append(t.Modifiers, ModifierGroup{Headers: [2]string{"Circumstance", "Modifier"}, Pos: p.pos})
	}
	g := &t.Modifiers[len(t.Modifiers)-1]
	g.Rows = append(g.Rows, Modifier{Text: text, Value: val, TextNote: tn, ValueNote: vn, Pos: p.pos})
}

// signedValue reports whether v is +N, -N, +Nd6 or -Nd6.
func signedValue(v string) bool {
	v = strings.TrimSuffix(v[1:], "d6")
	_, ok := keyNum(v)
	return ok
}

// across reads "across NAME v | v | ...": what a two-way table's columns
// are read by, and each column's value (- for none).
func (p *parser) across(value string) {
	t := p.tab
	name, rest, _ := strings.Cut(value, " ")
	if name != Passed && !dice.IsName(name) || strings.TrimSpace(rest) == "" {
		p.errorf("across %q: want passed or a capitalised word such as EAL, then a value for each column, such as across passed 2 | 1 | 0", value)
		return
	}
	var vals []int
	for _, v := range splitCells(rest) {
		n, ok := keyNum(v)
		switch {
		case v == "-":
			n = -1
		case !ok:
			p.errorf("across value %q: want a whole number, or - for a column not read by %s", v, name)
			return
		case slices.Contains(vals, n):
			p.errorf("across value %d given twice", n)
			return
		}
		vals = append(vals, n)
	}
	t.AcrossName, t.AcrossValues = name, vals
}

// cutMarker splits a trailing footnote marker off s ("Clear [^1]" is
// "Clear" and 1) and records its use. It reports false, after an error,
// for a marker that is malformed or not at the end.
func (p *parser) cutMarker(what, s string) (string, int, bool) {
	i := strings.LastIndex(s, "[^")
	if i < 0 {
		return s, 0, true
	}
	n, ok := keyNum(strings.TrimSuffix(s[i+2:], "]"))
	if !strings.HasSuffix(s, "]") || !ok || n < 1 || n > 99 || strings.Contains(s[:i], "[^") {
		p.errorf("%s %q: a footnote marker goes at the end, as [^N] with N a number, such as Clear [^1]", what, s)
		return "", 0, false
	}
	if _, used := p.marks[n]; !used {
		p.marks[n] = p.pos
	}
	return strings.TrimSpace(s[:i]), n, true
}

// marked returns s as printed with footnote n: "Clear (1)".
func marked(s string, n int) string {
	switch {
	case n == 0:
		return s
	case s == "":
		return fmt.Sprintf("(%d)", n)
	}
	return fmt.Sprintf("%s (%d)", s, n)
}

// splitCells splits a|b|c on unescaped bars; \| is a literal bar.
func splitCells(s string) []string {
	var cells []string
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == '|':
			b.WriteByte('|')
			i++
		case s[i] == '|':
			cells = append(cells, strings.TrimSpace(b.String()))
			b.Reset()
		default:
			b.WriteByte(s[i])
		}
	}
	return append(cells, strings.TrimSpace(b.String()))
}

func (p *parser) row(line string) {
	if p.kind != "table" {
		if p.kind == "" {
			p.errorf("row before any table: start a table with \"table ID\"")
		} else {
			p.errorf("row in an %s block: only tables have rows", p.kind)
		}
		return
	}
	t := p.tab
	if len(t.Rows) == 0 && !p.headerDone() {
		return
	}
	line = strings.TrimPrefix(line, "|")
	if strings.HasSuffix(line, "|") && !strings.HasSuffix(line, `\|`) {
		line = line[:len(line)-1]
	}
	if p.rows++; p.rows > MaxFileRows {
		p.errorf("more than %d rows in one file: split it into several files", MaxFileRows)
		p.kind = "broken"
		return
	}
	if len(t.Rows) >= MaxRows {
		p.errorf("table %s has more than %d rows", t.ID, MaxRows)
		p.kind = "broken"
		return
	}
	cells := splitCells(line)
	for _, c := range cells {
		if p.longText("cell", c) {
			return
		}
	}
	if len(cells) != len(t.Columns)+1 {
		p.errorf("row has %d cells, want %d: the key and %s", len(cells), len(t.Columns)+1, columnList(t.Columns))
		return
	}
	row := Row{Key: cells[0], Pos: p.pos}
	if t.Rolled() {
		lo, hi, err := parseKey(cells[0])
		if err != nil {
			p.errorf("row key %q: %v", cells[0], err)
			return
		}
		min, max, below, above := t.Dice.Range()
		for _, x := range []int{lo, hi} {
			if x != math.MinInt && x != math.MaxInt && (!below && x < min || !above && x > max) {
				p.errorf("row key %q: %s", cells[0], readsText(t))
				return
			}
		}
		row.Lo, row.Hi = lo, hi
	} else if cells[0] == "" {
		p.errorf("row key is empty: name the row")
		return
	}
	for i, c := range t.Columns {
		text, n, ok := p.cutMarker("column "+c.Name+":", cells[i+1])
		if !ok {
			return
		}
		if n > 0 && (c.Type == TypeID || c.Type == TypeRef) {
			p.errorf("column %s: %q: a footnote marker needs a printed column, and %s columns are not printed", c.Name, cells[i+1], c.Type)
			return
		}
		cell, err := parseCell(c.Type, text)
		if err != nil {
			p.errorf("column %s: %v", c.Name, err)
			return
		}
		if cell.Decided && len(t.Decisions) == 0 {
			p.errorf("column %s: [%s] marks a value Sortie decided, so the table needs a decision line saying why", c.Name, cell.Text)
			return
		}
		cell.Footnote = n
		row.Cells = append(row.Cells, cell)
	}
	t.Rows = append(t.Rows, row)
}

// readsText says what t's dice can read, for messages: "2d6 reads 2 to
// 12", "2d6 taken versus a target passes 0 to 2 dice", "1d6+Rep reads any
// total".
func readsText(t *Table) string {
	lo, hi, below, above := t.Dice.Range()
	span := fmt.Sprintf("%d to %d", lo, hi)
	switch {
	case below && above:
		span = "any total"
	case above:
		span = fmt.Sprintf("%d or more", lo)
	case below:
		span = fmt.Sprintf("%d or less", hi)
	}
	switch t.Dice.Mode {
	case dice.ModePass:
		return fmt.Sprintf("%s taken versus a target passes %s dice", t.Dice.Describe(), span)
	case dice.ModeSuccess:
		return fmt.Sprintf("%s counts %s successes", t.Dice.Describe(), span)
	}
	return fmt.Sprintf("%s reads %s", t.Dice.Describe(), span)
}

func columnList(cols []Column) string {
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = c.Name
	}
	return strings.Join(names, ", ")
}

// headerDone checks, before a table's first row, that the directives rows
// depend on are there. It reports false (and an error) if not.
func (p *parser) headerDone() bool {
	t := p.tab
	ok := true
	if t.Read == "" {
		p.errorf("table %s: rows before \"read\": say how its dice are read", t.ID)
		ok = false
	}
	if t.Read.Rolled() && !t.HasDice {
		p.errorf("table %s: rows before \"dice\": say which dice are rolled", t.ID)
		ok = false
	}
	if len(t.Columns) == 0 {
		p.errorf("table %s: rows before \"columns\": name its columns", t.ID)
		ok = false
	}
	if ok {
		t.Dice.Mode = readMode(t.Read)
	}
	if ok && t.HasDice && (t.Dice.Mod != 0 || t.Dice.ModName != "") && t.Read != ReadSum && t.Read != ReadAsRolled {
		p.blockError(p.seen["dice"], "table %s: %s has a modifier, which applies only to tables read sum or as-rolled, not %s", t.ID, t.Dice.Notation(), t.Read)
		p.rowErrs = true
		ok = false
	}
	if ok && t.HasDice {
		if err := t.Dice.Validate(); err != nil {
			p.blockError(p.seen["dice"], "table %s: %s cannot be read %s: %v", t.ID, t.Dice.Notation(), t.Read, err)
			p.rowErrs = true
			ok = false
		}
	}
	if !ok {
		// Stop reporting every row of a table whose header is broken.
		t.Rows = append(t.Rows, Row{Pos: p.pos})
		p.kind = "broken"
	}
	return ok
}

// readMode is how the dice of a table read r are read.
func readMode(r Read) dice.Mode {
	switch r {
	case ReadPass, ReadOpposed:
		return dice.ModePass
	case ReadSuccesses, ReadOpposedSuccesses:
		return dice.ModeSuccess
	}
	return dice.ModeSum
}

var errKey = errors.New("want a roll such as 7, a range such as 3-4 or 3 to 6, or an open end such as 10+ or 7 or less")

// parseKey reads a rolled table's row key: a roll ("7"), a range ("3-4",
// "3 to 6", "7 or 8") or an open end ("7 or less", "10+", "10 or more"),
// whose open side is math.MinInt or math.MaxInt.
func parseKey(k string) (lo, hi int, err error) {
	k = strings.ReplaceAll(k, "–", "-")
	if n, ok := strings.CutSuffix(k, "+"); ok {
		k = n + " or more"
	}
	if n, ok := strings.CutSuffix(k, " or more"); ok {
		lo, ok := keyNum(n)
		if !ok {
			return 0, 0, errKey
		}
		return lo, math.MaxInt, nil
	}
	if n, ok := strings.CutSuffix(k, " or less"); ok {
		hi, ok := keyNum(n)
		if !ok {
			return 0, 0, errKey
		}
		return math.MinInt, hi, nil
	}
	if a, b, ok := strings.Cut(k, " or "); ok {
		lo, ok1 := keyNum(a)
		hi, ok2 := keyNum(b)
		if !ok1 || !ok2 || hi != lo+1 {
			return 0, 0, errors.New("want two rolls next to each other, such as 7 or 8")
		}
		return lo, hi, nil
	}
	a, b, isRange := strings.Cut(k, " to ")
	if !isRange {
		a, b, isRange = strings.Cut(k, "-")
	}
	lo, ok := keyNum(a)
	if !ok {
		return 0, 0, errKey
	}
	hi = lo
	if isRange {
		hi, ok = keyNum(b)
		if !ok || hi < lo {
			return 0, 0, errors.New("want a range low-high, such as 3-4 or 3 to 6")
		}
	}
	return lo, hi, nil
}

// keyNum reads a whole number of at most six digits, with no sign.
func keyNum(s string) (int, bool) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 6 || strings.Trim(s, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

func parseCell(typ ColumnType, s string) (Cell, error) {
	var c Cell
	if len(s) >= 2 && s[0] == '[' && s[len(s)-1] == ']' {
		c.Decided = true
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	c.Text = s
	switch typ {
	case TypeInt:
		if s == "x" || s == "X" {
			c.NA = true
			return c, nil
		}
		n, err := strconv.Atoi(s)
		if err != nil || len(s) > 6 {
			return c, fmt.Errorf("%q: want a whole number, x where the book prints x, or [n] for a value Sortie decided", s)
		}
		c.Int = n
	case TypeRef:
		if s != "" && !validID(s) {
			return c, fmt.Errorf("%q: want the id of a table, or nothing", s)
		}
	case TypeID:
		if !validID(s) {
			return c, fmt.Errorf("%q: want a lowercase id such as contact", s)
		}
	case TypeFlag:
		if s != "" && s != "yes" {
			return c, fmt.Errorf("%q: want yes or nothing", s)
		}
	}
	return c, nil
}

func (p *parser) endBlock() {
	switch p.kind {
	case "system":
		p.finishSystem(p.sys)
		p.file.Systems = append(p.file.Systems, p.sys)
	case "table":
		p.finishTable(p.tab)
		p.file.Tables = append(p.file.Tables, p.tab)
	case "encounter":
		p.finishEncounter(p.enc)
		p.file.Encounters = append(p.file.Encounters, p.enc)
	}
	p.kind, p.sys, p.tab, p.enc = "", nil, nil, nil
}

func (p *parser) blockError(at Pos, format string, args ...any) {
	if len(p.errs) >= maxErrors {
		return
	}
	p.errs = append(p.errs, errorf(at, format, args...))
}

func (p *parser) finishSystem(s *System) {
	if s.Name == "" {
		p.blockError(s.Pos, "system %s: missing \"name\"", s.ID)
	}
}

func (p *parser) finishEncounter(e *Encounter) {
	if e.Title == "" {
		p.blockError(e.Pos, "encounter %s: missing \"title\"", e.ID)
	}
	if len(e.Objective) == 0 {
		p.blockError(e.Pos, "encounter %s: missing \"objective\"", e.ID)
	}
}

func (p *parser) finishTable(t *Table) {
	if t.Title == "" {
		p.blockError(t.Pos, "table %s: missing \"title\"", t.ID)
	}
	if t.Read == "" {
		p.blockError(t.Pos, "table %s: missing \"read\"", t.ID)
		return
	}
	if len(t.Columns) == 0 {
		p.blockError(t.Pos, "table %s: missing \"columns\"", t.ID)
	}
	if len(t.Rows) == 0 {
		p.blockError(t.Pos, "table %s: no rows (rows start with |)", t.ID)
		return
	}
	if t.Read != ReadLookup && !t.HasDice {
		p.blockError(t.Pos, "table %s: missing \"dice\"", t.ID)
		return
	}
	if t.Read == ReadLookup && t.HasDice {
		p.blockError(t.Pos, "table %s: a lookup table has no dice", t.ID)
	}
	switch t.Read {
	case ReadPass, ReadOpposed:
		if t.Target == "" {
			p.blockError(t.Pos, "table %s: read %s needs \"target\" (a number, or what the dice are taken versus, such as Rep)", t.ID, t.Read)
		}
		if n, err := strconv.Atoi(t.Target); err == nil {
			t.Dice.Target = n
		}
		t.Dice.SixFails = t.SixFails
	case ReadAsRolled:
		if !(t.Dice.Count == 1 || t.Dice.Keep == 1) {
			p.blockError(t.Pos, "table %s: read as-rolled needs a single die, not %s", t.ID, t.Dice.Notation())
			return
		}
	case ReadCompare:
		if t.Target == "" {
			p.blockError(t.Pos, "table %s: read compare needs \"target\": what the total is compared with", t.ID)
		}
	}
	t.Dice.Mode = readMode(t.Read)
	if t.RollAgain && (t.Read != ReadOpposedSuccesses || t.Dice.CountName == "") {
		p.blockError(p.seen["roll-again"], "table %s: roll-again applies only to read opposed-successes with a named count of dice (Rep d6)", t.ID)
	}
	if t.SixFails && t.Read != ReadPass && t.Read != ReadOpposed {
		p.blockError(p.seen["six-fails"], "table %s: six-fails applies only to dice taken versus a target", t.ID)
	}
	if t.HasDice {
		if err := t.Dice.Validate(); err != nil {
			p.blockError(p.seen["dice"], "table %s: %s cannot be read %s: %v", t.ID, t.Dice.Notation(), t.Read, err)
			return
		}
	}
	if t.AcrossName != "" {
		p.checkAcross(t)
	}
	if t.Caption == "" {
		t.Caption = defaultCaption(t)
	}
	if len(t.Notes) == 0 && (t.Read == ReadSuccesses || t.Read == ReadOpposedSuccesses) {
		t.Notes = []string{"A score of 1, 2 or 3 is a success."}
	}
	if t.KeyHeader == "" {
		switch {
		case t.AcrossName == Passed:
			t.KeyHeader = "Test"
		case t.Read == ReadPass || t.Read == ReadOpposed:
			t.KeyHeader = "# D6 passed"
		case t.Read == ReadSuccesses:
			t.KeyHeader = "# Successes"
		case t.Read == ReadOpposedSuccesses:
			t.KeyHeader = "Score"
		default:
			t.KeyHeader = "#"
		}
	}
	for _, g := range t.Modifiers {
		if len(g.Rows) == 0 {
			p.blockError(g.Pos, "table %s: modifiers %s | %s: no modifier lines follow it", t.ID, g.Headers[0], g.Headers[1])
		}
	}
	p.checkFootnotes(t)
	if t.Rolled() {
		if !p.rowErrs {
			p.checkCoverage(t)
		}
	} else {
		seen := map[string]int{}
		for _, r := range t.Rows {
			k := strings.ToLower(r.Key)
			if prev, dup := seen[k]; dup {
				p.blockError(r.Pos, "table %s: row %q given twice (first at line %d)", t.ID, r.Key, prev)
				continue
			}
			seen[k] = r.Pos.Line
		}
	}
}

// checkAcross checks a two-way table's across line against its columns
// and reading.
func (p *parser) checkAcross(t *Table) {
	at := p.seen["across"]
	if len(t.AcrossValues) != len(t.Columns) {
		p.blockError(at, "table %s: across gives %d values for %d columns: want one for each column (- for a column not read by %s)", t.ID, len(t.AcrossValues), len(t.Columns), t.AcrossName)
		return
	}
	if t.AcrossName != Passed {
		return
	}
	if t.Read != ReadPass {
		p.blockError(at, "table %s: across passed reads columns by the dice passed, so want read pass, not %s", t.ID, t.Read)
		return
	}
	if t.Dice.CountName != "" {
		p.blockError(at, "table %s: across passed needs a fixed number of dice, not %s", t.ID, t.Dice.Notation())
		return
	}
	lo, hi := t.Dice.Outcomes()
	var got []int
	for _, v := range t.AcrossValues {
		if v >= 0 {
			got = append(got, v)
		}
	}
	slices.Sort(got)
	for i, v := range got {
		if v != lo+i || len(got) != hi-lo+1 {
			p.blockError(at, "table %s: across passed: want the values %d to %d, once each (%s passes %d to %d dice)", t.ID, lo, hi, t.Dice.Describe(), lo, hi)
			return
		}
	}
}

// checkFootnotes checks that every footnote marker has its footnote and
// every footnote is used, and puts the footnotes in number order.
func (p *parser) checkFootnotes(t *Table) {
	for n, at := range p.marks {
		if !slices.ContainsFunc(t.Footnotes, func(f Footnote) bool { return f.Number == n }) {
			p.blockError(at, "table %s: [^%d] marks a footnote the table does not have: add a line \"footnote %d TEXT\"", t.ID, n, n)
		}
	}
	for _, f := range t.Footnotes {
		if _, used := p.marks[f.Number]; !used && !p.rowErrs {
			p.blockError(f.Pos, "table %s: footnote %d is not used: mark a cell, a modifier or a note with [^%d]", t.ID, f.Number, f.Number)
		}
	}
	slices.SortFunc(t.Footnotes, func(a, b Footnote) int { return a.Number - b.Number })
}

func defaultCaption(t *Table) string {
	switch t.Read {
	case ReadSum:
		return "Adding the results together"
	case ReadAsRolled:
		return "Result read as rolled"
	case ReadPass, ReadOpposed:
		return "Taken versus " + t.Target
	case ReadCompare:
		return "Adding the results together, compared with " + t.Target
	case ReadSuccesses, ReadOpposedSuccesses:
		return "Counting successes"
	}
	return ""
}

// checkCoverage reports gaps and overlaps: every value the table's dice can
// read must fall in exactly one row. Runs of missing values are reported
// once ("no row for rolls of 7 to 9"). An open key must be the lowest row
// (open below) or the highest (open above), and dice whose range has an
// open end (a named modifier or count) need a row open at that end.
func (p *parser) checkCoverage(t *Table) {
	for i := range t.Rows {
		r := &t.Rows[i]
		for j := range t.Rows {
			o := &t.Rows[j]
			switch {
			case i == j:
			case r.OpenBelow() && o.Lo <= r.Hi:
				p.blockError(r.Pos, "table %s: row %q covers every roll up to %d, so it must be the lowest row, but row %q (line %d) is not above it", t.ID, r.Key, r.Hi, o.Key, o.Pos.Line)
				return
			case r.OpenAbove() && o.Hi >= r.Lo:
				p.blockError(r.Pos, "table %s: row %q covers every roll from %d up, so it must be the highest row, but row %q (line %d) is not below it", t.ID, r.Key, r.Lo, o.Key, o.Pos.Line)
				return
			}
		}
	}
	// The values checked: the dice's range, reaching out at an open end
	// to the furthest value a row names.
	from, to, below, above := t.Dice.Range()
	lowest, highest := math.MaxInt, math.MinInt // the furthest values rows name
	for _, r := range t.Rows {
		for _, x := range []int{r.Lo, r.Hi} {
			if x != math.MinInt && x != math.MaxInt {
				lowest, highest = min(lowest, x), max(highest, x)
			}
		}
	}
	if below {
		if !slices.ContainsFunc(t.Rows, func(r Row) bool { return r.OpenBelow() }) {
			p.blockError(t.Pos, "table %s: %s, so its lowest row must be open below, such as \"%d or less\"", t.ID, readsText(t), lowest)
			return
		}
		from = min(from, lowest)
	}
	if above {
		if !slices.ContainsFunc(t.Rows, func(r Row) bool { return r.OpenAbove() }) {
			p.blockError(t.Pos, "table %s: %s, so its highest row must be open above, such as \"%d+\"", t.ID, readsText(t), highest)
			return
		}
		to = max(to, highest)
	}
	gapFrom := -1
	gap := func(to int) {
		if gapFrom < 0 {
			return
		}
		what := fmt.Sprintf("a roll of %d", gapFrom)
		if to > gapFrom {
			what = fmt.Sprintf("rolls of %d to %d", gapFrom, to)
		}
		p.blockError(t.Pos, "table %s: no row for %s (%s, and every value needs exactly one row)", t.ID, what, readsText(t))
		gapFrom = -1
	}
	reported := map[[2]int]bool{}
	for v := from; v <= to; v++ {
		var at []*Row
		for i := range t.Rows {
			if r := &t.Rows[i]; v >= r.Lo && v <= r.Hi {
				at = append(at, r)
			}
		}
		if len(at) == 0 {
			if gapFrom < 0 {
				gapFrom = v
			}
			continue
		}
		gap(v - 1)
		if len(at) > 1 && !reported[[2]int{at[0].Pos.Line, at[1].Pos.Line}] {
			reported[[2]int{at[0].Pos.Line, at[1].Pos.Line}] = true
			p.blockError(at[1].Pos, "table %s: a roll of %d is covered twice, by row %q (line %d) and row %q", t.ID, v, at[0].Key, at[0].Pos.Line, at[1].Key)
		}
	}
	gap(to)
}
