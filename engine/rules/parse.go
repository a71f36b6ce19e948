package rules

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
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

// Parse reads one .rules file. name is used in error positions. It checks
// everything that can be checked within the file; Load checks references
// between files.
func Parse(name string, data []byte) (*File, error) {
	p := &parser{file: &File{Name: name}}
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	for i, line := range lines {
		if !utf8.ValidString(line) {
			return nil, errorf(Pos{name, i + 1}, "not UTF-8 text: save the file as UTF-8")
		}
	}
	for i, line := range lines {
		p.pos = Pos{name, i + 1}
		p.line(line)
		if len(p.errs) >= maxErrors {
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

type parser struct {
	file *File
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
		"board": false, "star-rep": false, "first-encounter": false, "qrs": true},
	"table": {"title": false, "dice": false, "read": false, "target": false, "six-fails": false,
		"caption": false, "key": false, "note": true, "columns": false, "group": true,
		"source": false, "decision": true},
	"encounter": {"title": false, "summary": false, "objective": true, "forces": true,
		"deployment": true, "special": true, "terrain": false, "camp": false, "band-starts": false},
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
	if value == "" && key != "six-fails" && key != "camp" && key != "band-starts" {
		p.errorf("%q needs a value", key)
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
		w, h, ok := strings.Cut(value, "x")
		wi, err1 := strconv.Atoi(strings.TrimSpace(w))
		hi, err2 := strconv.Atoi(strings.TrimSpace(h))
		if !ok || err1 != nil || err2 != nil || wi < 1 || hi < 1 || wi > 200 || hi > 200 {
			p.errorf("board %q: want width x height in inches, such as 12x12", value)
			return
		}
		s.BoardW, s.BoardH = wi, hi
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
	}
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

var reads = []Read{ReadSum, ReadAsRolled, ReadPass, ReadOpposed, ReadCompare, ReadLookup}

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
			p.errorf("read %q: want one of sum, as-rolled, pass, opposed, compare, lookup", value)
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
	case "caption":
		t.Caption = value
	case "key":
		t.KeyHeader = value
	case "note":
		t.Notes = append(t.Notes, value)
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
			if t.Col(name) >= 0 {
				p.errorf("column %q given twice", name)
				p.kind = "broken"
				return
			}
			t.Columns = append(t.Columns, Column{Name: name, Type: ColumnType(typ)})
		}
	}
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
	cells := splitCells(line)
	if len(cells) != len(t.Columns)+1 {
		p.errorf("row has %d cells, want %d: the key and %s", len(cells), len(t.Columns)+1, columnList(t.Columns))
		return
	}
	row := Row{Key: cells[0], Pos: p.pos}
	if t.Read.Rolled() {
		lo, hi, err := parseKey(cells[0])
		if err != nil {
			p.errorf("row key %q: %v", cells[0], err)
			return
		}
		min, max := t.Dice.Outcomes()
		if lo < min || hi > max {
			if t.Dice.Mode == dice.ModePass {
				p.errorf("row key %q: %s taken versus a target passes %d to %d dice", cells[0], t.Dice.Describe(), min, max)
			} else {
				p.errorf("row key %q: %s reads %d to %d", cells[0], t.Dice.Describe(), min, max)
			}
			return
		}
		row.Lo, row.Hi = lo, hi
	} else if cells[0] == "" {
		p.errorf("row key is empty: name the row")
		return
	}
	for i, c := range t.Columns {
		cell, err := parseCell(c.Type, cells[i+1])
		if err != nil {
			p.errorf("column %s: %v", c.Name, err)
			return
		}
		if cell.Decided && len(t.Decisions) == 0 {
			p.errorf("column %s: [%s] marks a value Sortie decided, so the table needs a decision line saying why", c.Name, cell.Text)
			return
		}
		row.Cells = append(row.Cells, cell)
	}
	t.Rows = append(t.Rows, row)
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
	if ok && (t.Read == ReadPass || t.Read == ReadOpposed) {
		t.Dice.Mode = dice.ModePass
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

func parseKey(k string) (lo, hi int, err error) {
	k = strings.ReplaceAll(k, "–", "-")
	a, b, isRange := strings.Cut(k, "-")
	if a == "" && isRange { // a negative number, not a range
		return 0, 0, errors.New("want a roll such as 7 or a range such as 3-4")
	}
	lo, err = strconv.Atoi(strings.TrimSpace(a))
	if err != nil {
		return 0, 0, errors.New("want a roll such as 7 or a range such as 3-4")
	}
	hi = lo
	if isRange {
		hi, err = strconv.Atoi(strings.TrimSpace(b))
		if err != nil || hi < lo {
			return 0, 0, errors.New("want a range low-high, such as 3-4")
		}
	}
	return lo, hi, nil
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
	if s.BoardW == 0 {
		p.blockError(s.Pos, "system %s: missing \"board\" (width x height in inches)", s.ID)
	}
	if s.StarRep == 0 {
		p.blockError(s.Pos, "system %s: missing \"star-rep\"", s.ID)
	}
	if s.First == "" {
		p.blockError(s.Pos, "system %s: missing \"first-encounter\"", s.ID)
	}
}

func (p *parser) finishEncounter(e *Encounter) {
	if e.Title == "" {
		p.blockError(e.Pos, "encounter %s: missing \"title\"", e.ID)
	}
	if len(e.Objective) == 0 {
		p.blockError(e.Pos, "encounter %s: missing \"objective\"", e.ID)
	}
	if e.Terrain == "" {
		p.blockError(e.Pos, "encounter %s: missing \"terrain\" (the id of its terrain table)", e.ID)
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
		t.Dice.Mode = dice.ModePass
		if n, err := strconv.Atoi(t.Target); err == nil {
			t.Dice.Target = n
		}
		t.Dice.SixFails = t.SixFails
	case ReadAsRolled:
		if !(t.Dice.Count == 1 || t.Dice.Keep == 1) {
			p.blockError(t.Pos, "table %s: read as-rolled needs a single die, not %s", t.ID, t.Dice.Notation())
		}
	case ReadCompare:
		if t.Target == "" {
			p.blockError(t.Pos, "table %s: read compare needs \"target\": what the total is compared with", t.ID)
		}
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
	if t.Caption == "" {
		t.Caption = defaultCaption(t)
	}
	if t.KeyHeader == "" {
		t.KeyHeader = "#"
		if t.Read == ReadPass || t.Read == ReadOpposed {
			t.KeyHeader = "# D6 passed"
		}
	}
	if t.Read.Rolled() {
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
	}
	return ""
}

// checkCoverage reports gaps and overlaps: every value the table's dice can
// read must fall in exactly one row. Runs of missing values are reported
// once ("no row for rolls of 7 to 9").
func (p *parser) checkCoverage(t *Table) {
	min, max := t.Dice.Outcomes()
	gapFrom := -1
	gap := func(to int) {
		if gapFrom < 0 {
			return
		}
		what := fmt.Sprintf("a roll of %d", gapFrom)
		if to > gapFrom {
			what = fmt.Sprintf("rolls of %d to %d", gapFrom, to)
		}
		p.blockError(t.Pos, "table %s: no row for %s (%s reads %d to %d, and every value needs exactly one row)", t.ID, what, t.Dice.Describe(), min, max)
		gapFrom = -1
	}
	reported := map[[2]int]bool{}
	for v := min; v <= max; v++ {
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
	gap(max)
}
