package rules_test

import (
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/rules"
)

// head is the start of a valid 2d6 table; rows follow on line 6.
var head = []string{
	"table enemy",                 // 1
	"title Enemy",                 // 2
	"dice 2d6",                    // 3
	"read sum",                    // 4
	"columns Type:text | Rep:int", // 5
}

func with(lines ...string) []string { return append(append([]string{}, head...), lines...) }

// tab is a table t titled T with the given directives and rows, from line 3.
func tab(lines ...string) []string { return append([]string{"table t", "title T"}, lines...) }

// full is a complete valid body for head: one row per total.
var full = []string{
	"| 2-6  | Raw     | 3 |", // 6
	"| 7    | Exp     | 4 |", // 7
	"| 8-12 | Veteran | 5 |", // 8
}

// TestParseErrors gives Parse small files with one known mistake each and
// checks the error says where (bad.rules:LINE:) and what.
func TestParseErrors(t *testing.T) {
	cases := []struct {
		name    string
		text    []string // line N is text[N-1]
		line    int
		phrases []string
		only    bool // the mistake must be the only error reported
	}{
		{
			name:    "gap: 2d6 table missing row 7",
			text:    with("| 2-6 | Raw | 3 |", "| 8-12 | Veteran | 5 |"),
			line:    1,
			phrases: []string{"table enemy: no row for a roll of 7", "2d6 reads 2 to 12"},
			only:    true,
		},
		{
			name:    "gap: pass table missing row 0",
			text:    []string{"table t", "title T", "dice 2d6", "read pass", "target Rep", "columns R:text", "| 2 | a |", "| 1 | b |"},
			line:    1,
			phrases: []string{"no row for a roll of 0"},
			only:    true,
		},
		{
			name:    "overlap: rows 3-5 and 5-6",
			text:    with("| 2 | a | 1 |", "| 3-5 | b | 1 |", "| 5-6 | c | 1 |", "| 7-12 | d | 1 |"),
			line:    8,
			phrases: []string{"a roll of 5 is covered twice", `row "3-5" (line 7)`, `row "5-6"`},
			only:    true,
		},
		{
			name:    "key out of range: row 13 on 2d6",
			text:    with("| 2-12 | a | 1 |", "| 13 | b | 1 |"),
			line:    7,
			phrases: []string{`row key "13"`, "2d6 reads 2 to 12"},
			only:    true,
		},
		{
			name:    "key out of range: row 1 on 2d6",
			text:    with("| 1 | a | 1 |", "| 2-12 | b | 1 |"),
			line:    6,
			phrases: []string{`row key "1"`, "2d6 reads 2 to 12"},
		},
		{
			name:    "key out of range: 3 dice passed on 2d6",
			text:    []string{"table t", "title T", "dice 2d6", "read pass", "target 4", "columns R:text", "| 3 | a |", "| 0-2 | b |"},
			line:    7,
			phrases: []string{`row key "3"`, "passes 0 to 2 dice"},
		},
		{
			name:    "key not a number",
			text:    with("| seven | a | 1 |", "| 2-12 | b | 1 |"),
			line:    6,
			phrases: []string{`row key "seven"`, "want a roll such as 7, a range such as 3-4 or 3 to 6, or an open end such as 10+ or 7 or less"},
		},
		{
			name:    "key range backwards",
			text:    with("| 12-2 | a | 1 |"),
			line:    6,
			phrases: []string{`row key "12-2"`, "want a range low-high"},
		},
		{
			name:    "wrong cell type: int column with four",
			text:    with("| 2-6 | Raw | 3 |", "| 7 | Exp | four |", "| 8-12 | Vet | 5 |"),
			line:    7,
			phrases: []string{`column Rep: "four": want a whole number`},
		},
		{
			name:    "wrong cell type: flag column with no",
			text:    []string{"table t", "title T", "read lookup", "columns Only one:flag", "| Bear | no |", "| Wolf | yes |"},
			line:    5,
			phrases: []string{`column Only one: "no": want yes or nothing`},
			only:    true,
		},
		{
			name:    "wrong cell type: id column with capitals",
			text:    []string{"table t", "title T", "read lookup", "columns Outcome:id", "| A | Contact |", "| B | contact |"},
			line:    5,
			phrases: []string{`column Outcome: "Contact": want a lowercase id`},
			only:    true,
		},
		{
			name:    "wrong cell type: ref column with a title, not an id",
			text:    []string{"table t", "title T", "read lookup", "columns List:ref", "| A | Creature List 1 |", "| B | creature-list-1 |"},
			line:    5,
			phrases: []string{`column List: "Creature List 1": want the id of a table`},
			only:    true,
		},
		{
			name:    "wrong cell count: too few",
			text:    with("| 2-6 | Raw | 3 |", "| 7 | Exp |", "| 8-12 | Vet | 5 |"),
			line:    7,
			phrases: []string{"row has 2 cells, want 3: the key and Type, Rep"},
		},
		{
			name:    "wrong cell count: too many",
			text:    with("| 2-12 | Raw | 3 | extra |"),
			line:    6,
			phrases: []string{"row has 4 cells, want 3"},
		},
		{
			name:    "unknown table directive",
			text:    append(with("colour red"), full...),
			line:    6,
			phrases: []string{`unknown table directive "colour"`, "want one of across, caption, columns, decision, dice, footnote"},
			only:    true,
		},
		{
			name:    "unknown encounter directive",
			text:    []string{"encounter raid", "title Raid", "objective Win.", "terrain terrain", "terrian terrain"},
			line:    5,
			phrases: []string{`unknown encounter directive "terrian"`, "terrain"},
			only:    true,
		},
		{
			name:    "duplicate directive",
			text:    append(with("title Enemies"), full...),
			line:    6,
			phrases: []string{`"title" given twice (first at line 2)`},
			only:    true,
		},
		{
			name:    "duplicate dice",
			text:    append(with("dice 3d6"), full...),
			line:    6,
			phrases: []string{`"dice" given twice (first at line 3)`},
			only:    true,
		},
		{
			name:    "directive after rows",
			text:    append(with(full...), "note Roll once per figure."),
			line:    9,
			phrases: []string{`directive "note" after the rows of table enemy`, "directives come before rows"},
			only:    true,
		},
		{
			name:    "row before any table",
			text:    []string{"# a comment", "| 2 | Raw | 3 |"},
			line:    2,
			phrases: []string{"row before any table", `start a table with "table ID"`},
			only:    true,
		},
		{
			name:    "directive before any block",
			text:    []string{"", "title Enemy"},
			line:    2,
			phrases: []string{`"title" before any block`},
			only:    true,
		},
		{
			name:    "row in an encounter block",
			text:    []string{"encounter raid", "title Raid", "objective Win.", "terrain terrain", "| 1 | a |"},
			line:    5,
			phrases: []string{"encounter block: only tables have rows"},
			only:    true,
		},
		{
			name:    "rows before columns (reported once, not per row)",
			text:    []string{"table enemy", "title Enemy", "dice 2d6", "read sum", "| 2-6 | a |", "| 7-12 | b |"},
			line:    5,
			phrases: []string{`table enemy: rows before "columns"`},
			only:    true,
		},
		{
			name:    "rows before read",
			text:    []string{"table enemy", "title Enemy", "dice 2d6", "columns A:text", "| 2-12 | a |"},
			line:    5,
			phrases: []string{`table enemy: rows before "read"`},
			only:    true,
		},
		{
			name:    "rows before dice",
			text:    []string{"table enemy", "title Enemy", "read sum", "columns A:text", "| 2-12 | a |"},
			line:    5,
			phrases: []string{`table enemy: rows before "dice"`},
			only:    true,
		},
		{
			name:    "bad dice notation: no d",
			text:    []string{"table t", "title T", "dice 2x6"},
			line:    3,
			phrases: []string{`dice "2x6": want NdF, such as 2d6`},
		},
		{
			name:    "bad dice notation: bad keep",
			text:    []string{"table t", "title T", "dice 3d6kz2"},
			line:    3,
			phrases: []string{`dice "3d6kz2": unexpected "kz2"`},
		},
		{
			name:    "bad dice notation: no faces",
			text:    []string{"table t", "title T", "dice 2d"},
			line:    3,
			phrases: []string{`dice "2d": missing number of faces`},
		},
		{
			name:    "bad dice notation: zero dice",
			text:    []string{"table t", "title T", "dice 0d6"},
			line:    3,
			phrases: []string{`dice "0d6": dice count 0 out of range`},
		},
		{
			name:    "bad read",
			text:    []string{"table t", "title T", "dice 2d6", "read total"},
			line:    4,
			phrases: []string{`read "total": want one of sum, as-rolled, pass, opposed, compare, lookup, successes, opposed-successes`},
		},
		{
			name:    "missing title",
			text:    []string{"table enemy", "dice 2d6", "read sum", "columns A:text", "| 2-12 | a |"},
			line:    1,
			phrases: []string{`table enemy: missing "title"`},
			only:    true,
		},
		{
			name:    "missing read",
			text:    []string{"", "table enemy", "title Enemy"},
			line:    2,
			phrases: []string{`table enemy: missing "read"`},
			only:    true,
		},
		{
			name:    "no rows",
			text:    []string{"table enemy", "title Enemy", "dice 2d6", "read sum", "columns A:text"},
			line:    1,
			phrases: []string{"table enemy: no rows"},
			only:    true,
		},
		{
			name:    "pass table without target",
			text:    []string{"table t", "title T", "dice 2d6", "read pass", "columns A:text", "| 0-2 | a |"},
			line:    1,
			phrases: []string{`table t: read pass needs "target"`},
			only:    true,
		},
		{
			name:    "compare table without target",
			text:    []string{"table t", "title T", "dice 2d6", "read compare", "columns A:text", "| More | a |"},
			line:    1,
			phrases: []string{`read compare needs "target"`},
			only:    true,
		},
		{
			name:    "six-fails on a sum table",
			text:    append(with("six-fails"), full...),
			line:    6,
			phrases: []string{"table enemy: six-fails applies only to dice taken versus a target"},
			only:    true,
		},
		{
			name:    "six-fails with a bad value",
			text:    []string{"table t", "title T", "dice 2d6", "read pass", "target 4", "six-fails maybe", "columns A:text", "| 0-2 | a |"},
			line:    6,
			phrases: []string{`six-fails "maybe": want yes or no`},
			only:    true,
		},
		{
			name:    "[decided] cell without a decision line",
			text:    with("| 2-6 | Raw | 3 |", "| 7 | Lizard Men | [4] |", "| 8-12 | Vet | 5 |"),
			line:    7,
			phrases: []string{"column Rep: [4] marks a value Sortie decided", "needs a decision line"},
		},
		{
			name:    "as-rolled with two dice",
			text:    []string{"table t", "title T", "dice 2d6", "read as-rolled", "columns A:text", "| 2-12 | a |"},
			line:    1,
			phrases: []string{"read as-rolled needs a single die, not 2d6"},
			only:    true,
		},
		{
			name:    "lookup table with dice",
			text:    []string{"table t", "title T", "dice 2d6", "read lookup", "columns A:text", "| Clear | a |"},
			line:    1,
			phrases: []string{"a lookup table has no dice"},
			only:    true,
		},
		{
			name:    "lookup row given twice",
			text:    []string{"table pef-count", "title PEFs", "read lookup", "columns PEFs:int", "| Clear | 2 |", "| Cover | 3 |", "| clear | 4 |"},
			line:    7,
			phrases: []string{`row "clear" given twice (first at line 5)`},
			only:    true,
		},
		{
			name:    "bad column type",
			text:    []string{"table t", "title T", "columns Type:string"},
			line:    3,
			phrases: []string{`column "Type:string": want Name:type with type one of text, int, ref, id, flag`},
		},
		{
			name:    "column given twice",
			text:    []string{"table t", "title T", "columns Rep:int | rep:text"},
			line:    3,
			phrases: []string{`column "rep" given twice`},
		},
		{
			name:    "bad id: uppercase",
			text:    append([]string{"table Enemy"}, append(head[1:], full...)...),
			line:    1,
			phrases: []string{`table id "Enemy": want lowercase letters, digits and single hyphens`},
			only:    true,
		},
		{
			name:    "bad id: double hyphen",
			text:    append([]string{"table pef--resolution"}, append(head[1:], full...)...),
			line:    1,
			phrases: []string{`table id "pef--resolution"`},
			only:    true,
		},
		{
			name:    "bad id: trailing hyphen on an encounter",
			text:    []string{"encounter raid-", "title Raid", "objective Win.", "terrain terrain"},
			line:    1,
			phrases: []string{`encounter id "raid-"`},
			only:    true,
		},
		{
			name:    "bad id: missing",
			text:    append([]string{"table"}, append(head[1:], full...)...),
			line:    1,
			phrases: []string{`table id ""`},
		},
		{
			name:    "bad id: group with capitals",
			text:    append(with("group Army"), full...),
			line:    6,
			phrases: []string{`group "Army": want lowercase words`},
		},
		{
			name:    "bad system board",
			text:    []string{"system s", "name S", "board 12 by 12", "star-rep 5", "first-encounter explore"},
			line:    3,
			phrases: []string{`board "12 by 12": want width x height in inches, each 6..72, such as 12x12`},
		},
		{
			name:    "system star-rep out of range",
			text:    []string{"system s", "name S", "board 12x12", "star-rep 11", "first-encounter explore"},
			line:    4,
			phrases: []string{`star-rep "11": want a whole number 1..10`},
		},
		{
			name:    "system missing name",
			text:    []string{"system s", "board 12x12", "star-rep 5"},
			line:    1,
			phrases: []string{`system s: missing "name"`},
			only:    true,
		},
		{
			name:    "bad sections",
			text:    []string{"system s", "name S", "sections 3 by 3"},
			line:    3,
			phrases: []string{`sections "3 by 3": want columns x rows of numbered sections, such as 3x3`},
			only:    true,
		},
		{
			name:    "qrs with a bad id",
			text:    []string{"system s", "name S", "board 12x12", "star-rep 5", "first-encounter explore", "qrs enemy Terrain"},
			line:    6,
			phrases: []string{`qrs "Terrain": want table ids`},
			only:    true,
		},
		{
			name:    "encounter missing objective",
			text:    []string{"encounter raid", "title Raid"},
			line:    1,
			phrases: []string{`encounter raid: missing "objective"`},
			only:    true,
		},
		{
			name:    "encounter camp with a bad value",
			text:    []string{"encounter raid", "title Raid", "objective Win.", "terrain terrain", "camp maybe"},
			line:    5,
			phrases: []string{`camp "maybe": want yes or no`},
			only:    true,
		},
		{
			name:    "directive without a value",
			text:    append(with("source"), full...),
			line:    6,
			phrases: []string{`"source" needs a value`},
			only:    true,
		},
		// Open and readable keys, modifiers and named counts.
		{
			name:    "named modifier without an open-below row",
			text:    tab("dice 1d6+Rep", "read sum", "columns A:text", "| 2-6 | a |", "| 7+ | b |"),
			line:    1,
			phrases: []string{`table t: 1d6+Rep reads any total, so its lowest row must be open below, such as "2 or less"`},
			only:    true,
		},
		{
			name:    "named modifier without an open-above row",
			text:    tab("dice 1d6+Rep", "read sum", "columns A:text", "| 6 or less | a |", "| 7-9 | b |"),
			line:    1,
			phrases: []string{`table t: 1d6+Rep reads any total, so its highest row must be open above, such as "9+"`},
			only:    true,
		},
		{
			name:    "gap between open rows",
			text:    tab("dice 1d6+Rep", "read sum", "columns A:text", "| 7 or less | a |", "| 10+ | b |"),
			line:    1,
			phrases: []string{"table t: no row for rolls of 8 to 9 (1d6+Rep reads any total, and every value needs exactly one row)"},
			only:    true,
		},
		{
			name:    "open-above key in the middle",
			text:    tab("dice 2d6", "read sum", "columns A:text", "| 2-6 | a |", "| 7+ | b |", "| 8-12 | c |"),
			line:    7,
			phrases: []string{`table t: row "7+" covers every roll from 7 up, so it must be the highest row, but row "8-12" (line 8) is not below it`},
			only:    true,
		},
		{
			name:    "open-below key in the middle",
			text:    tab("dice 2d6", "read sum", "columns A:text", "| 2-4 | a |", "| 6 or less | b |", "| 7-12 | c |"),
			line:    7,
			phrases: []string{`table t: row "6 or less" covers every roll up to 6, so it must be the lowest row, but row "2-4" (line 6) is not above it`},
			only:    true,
		},
		{
			name:    "overlap between readable keys",
			text:    tab("dice 2d6", "read sum", "columns A:text", "| 2 to 6 | a |", "| 6 or 7 | b |", "| 8 or more | c |"),
			line:    7,
			phrases: []string{`table t: a roll of 6 is covered twice, by row "2 to 6" (line 6) and row "6 or 7"`},
			only:    true,
		},
		{
			name:    "or-key with rolls apart",
			text:    tab("dice 2d6", "read sum", "columns A:text", "| 2-6 | a |", "| 7 or 9 | b |", "| 8 | c |", "| 10+ | d |"),
			line:    7,
			phrases: []string{`row key "7 or 9": want two rolls next to each other, such as 7 or 8`},
		},
		{
			name:    "open key beyond a modified roll",
			text:    tab("dice 2d6+3", "read sum", "columns A:text", "| 4 or less | a |", "| 5+ | b |"),
			line:    6,
			phrases: []string{`row key "4 or less": 2d6+3 reads 5 to 15`},
			only:    true,
		},
		{
			name:    "named count taken versus a target without an open-above row",
			text:    tab("dice Rep d6", "read pass", "target 4", "columns A:text", "| 0 | a |", "| 1 | b |", "| 2 | c |"),
			line:    1,
			phrases: []string{`table t: Rep d6 taken versus a target passes 0 or more dice, so its highest row must be open above, such as "2+"`},
			only:    true,
		},
		{
			name:    "named count of successes without an open-above row",
			text:    tab("dice Rep d6", "read successes", "columns A:text", "| 0 | a |", "| 1-2 | b |"),
			line:    1,
			phrases: []string{`table t: Rep d6 counts 0 or more successes, so its highest row must be open above, such as "2+"`},
			only:    true,
		},
		{
			name:    "roll-again on a table not read opposed-successes",
			text:    tab("dice Rep d6", "read successes", "roll-again yes", "columns A:text", "| 0 | a |", "| 1+ | b |"),
			line:    5,
			phrases: []string{"table t: roll-again applies only to read opposed-successes with a named count of dice (Rep d6)"},
			only:    true,
		},
		{
			name:    "modifier on dice taken versus a target",
			text:    tab("dice 2d6+1", "read pass", "target 4", "columns A:text", "| 0-2 | a |"),
			line:    3,
			phrases: []string{"table t: 2d6+1 has a modifier, which applies only to tables read sum or as-rolled, not pass"},
			only:    true,
		},
		{
			name:    "modifier on a compared total",
			text:    tab("dice 2d6+Rep", "read compare", "target DV", "columns A:text", "| More | a |"),
			line:    3,
			phrases: []string{"table t: 2d6+Rep has a modifier, which applies only to tables read sum or as-rolled, not compare"},
			only:    true,
		},
		{
			name:    "bad dice modifier",
			text:    []string{"table t", "title T", "dice 2d6+x"},
			line:    3,
			phrases: []string{`dice "2d6+x": modifier "+x": want +N, -N or +Name, such as +3 or +Rep`},
		},
		{
			name:    "named count read as rolled",
			text:    tab("dice Rep d6", "read as-rolled", "columns A:text", "| 1-6 | a |"),
			line:    1,
			phrases: []string{"table t: read as-rolled needs a single die, not Rep d6"},
			only:    true,
		},
		// Two-way tables.
		{
			name:    "across with too few values",
			text:    tab("dice 1d6", "read as-rolled", "across EAL 1 | 2", "columns A:text | B:text | C:text", "| 1-6 | a | b | c |"),
			line:    5,
			phrases: []string{"table t: across gives 2 values for 3 columns: want one for each column (- for a column not read by EAL)"},
			only:    true,
		},
		{
			name:    "across passed missing a value",
			text:    tab("dice 2d6", "read pass", "target Rep", "across passed 2 | 1 | 3", "columns A:text | B:text | C:text", "| Test | a | b | c |"),
			line:    6,
			phrases: []string{"table t: across passed: want the values 0 to 2, once each (2d6 passes 0 to 2 dice)"},
			only:    true,
		},
		{
			name:    "across passed on a sum",
			text:    tab("dice 2d6", "read sum", "across passed 2 | 1 | 0", "columns A:text | B:text | C:text", "| Test | a | b | c |"),
			line:    5,
			phrases: []string{"table t: across passed reads columns by the dice passed, so want read pass, not sum"},
			only:    true,
		},
		{
			name:    "across passed with a named count",
			text:    tab("dice Rep d6", "read pass", "target 4", "across passed 2 | 1 | 0", "columns A:text | B:text | C:text", "| Test | a | b | c |"),
			line:    6,
			phrases: []string{"table t: across passed needs a fixed number of dice, not Rep d6"},
			only:    true,
		},
		{
			name:    "across value not a number",
			text:    []string{"table t", "title T", "across EAL 1 | two"},
			line:    3,
			phrases: []string{`across value "two": want a whole number, or - for a column not read by EAL`},
		},
		{
			name:    "across value given twice",
			text:    []string{"table t", "title T", "across EAL 1 | 1"},
			line:    3,
			phrases: []string{"across value 1 given twice"},
		},
		{
			name:    "across name not capitalised",
			text:    []string{"table t", "title T", "across eal 1 | 2"},
			line:    3,
			phrases: []string{`across "eal 1 | 2": want passed or a capitalised word such as EAL, then a value for each column`},
		},
		{
			name:    "test named twice",
			text:    tab("dice 2d6", "read pass", "target Rep", "across passed 2 | 1 | 0", "columns A:text | B:text | C:text", "| Test | a | b | c |", "| test | a | b | c |"),
			line:    9,
			phrases: []string{`table t: row "test" given twice (first at line 8)`},
			only:    true,
		},
		// Circumstance modifiers.
		{
			name:    "modifier value neither a number nor d6",
			text:    tab("dice 2d6", "read sum", "modifier Cavalry | +1d8", "columns A:text", "| 2-12 | a |"),
			line:    5,
			phrases: []string{`modifier value "+1d8": want +N or +Nd6 (-N or -Nd6), such as +1 or +2d6, or words`},
			only:    true,
		},
		{
			name:    "modifier without a value",
			text:    tab("dice 2d6", "read sum", "modifier Cavalry", "columns A:text", "| 2-12 | a |"),
			line:    5,
			phrases: []string{`modifier "Cavalry": want its text and its value, such as modifier Charging onto the rear | +2d6`},
			only:    true,
		},
		{
			name:    "modifiers with one header",
			text:    tab("dice 2d6", "read sum", "modifiers Charger is:", "columns A:text", "| 2-12 | a |"),
			line:    5,
			phrases: []string{`modifiers "Charger is:": want the group's two headers, such as Charger is: | Modifier`},
			only:    true,
		},
		{
			name:    "modifiers group with no modifier lines",
			text:    tab("dice 2d6", "read sum", "modifiers Charger is: | Modifier", "modifiers Target is: | Modifier", "modifier In cover | +1d6", "columns A:text", "| 2-12 | a |"),
			line:    5,
			phrases: []string{"table t: modifiers Charger is: | Modifier: no modifier lines follow it"},
			only:    true,
		},
		// Footnotes.
		{
			name:    "footnote marker without its footnote",
			text:    tab("dice 2d6", "read sum", "footnote 1 One.", "columns A:text", "| 2-6 | a [^1] |", "| 7-12 | b [^2] |"),
			line:    8,
			phrases: []string{`table t: [^2] marks a footnote the table does not have: add a line "footnote 2 TEXT"`},
			only:    true,
		},
		{
			name:    "footnote not used",
			text:    tab("dice 2d6", "read sum", "footnote 1 One.", "columns A:text", "| 2-12 | a |"),
			line:    5,
			phrases: []string{"table t: footnote 1 is not used: mark a cell, a modifier or a note with [^1]"},
			only:    true,
		},
		{
			name:    "footnote given twice",
			text:    tab("dice 2d6", "read sum", "footnote 1 One.", "footnote 1 Again.", "columns A:text", "| 2-12 | a [^1] |"),
			line:    6,
			phrases: []string{"footnote 1 given twice (first at line 5)"},
			only:    true,
		},
		{
			name:    "footnote without a number",
			text:    tab("dice 2d6", "read sum", "footnote one One.", "columns A:text", "| 2-12 | a |"),
			line:    5,
			phrases: []string{`footnote "one One.": want its number and its text, such as footnote 1 One building on 1-3`},
			only:    true,
		},
		{
			name:    "footnote marker without a number",
			text:    tab("dice 2d6", "read sum", "columns A:text", "| 2-12 | Clear [^a] |"),
			line:    6,
			phrases: []string{`column A: "Clear [^a]": a footnote marker goes at the end, as [^N] with N a number, such as Clear [^1]`},
		},
		{
			name:    "footnote marker before the end",
			text:    tab("dice 2d6", "read sum", "footnote 1 One.", "columns A:text", "| 2-12 | Clear [^1] and more |"),
			line:    7,
			phrases: []string{`column A: "Clear [^1] and more": a footnote marker goes at the end`},
		},
		{
			name:    "footnote marker on a note",
			text:    tab("dice 2d6", "read sum", "note Roll once [^x]", "columns A:text", "| 2-12 | a |"),
			line:    5,
			phrases: []string{`note "Roll once [^x]": a footnote marker goes at the end`},
		},
		{
			name:    "footnote marker on a column that is not printed",
			text:    tab("dice 2d6", "read sum", "footnote 1 One.", "columns A:id", "| 2-12 | contact [^1] |"),
			line:    7,
			phrases: []string{`column A: "contact [^1]": a footnote marker needs a printed column, and id columns are not printed`},
		},
		{
			name:    "non-UTF-8 file",
			text:    []string{"table t\xff", "title T"},
			line:    1,
			phrases: []string{"not UTF-8 text"},
			only:    true,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data := src(c.text...)
			f, err := rules.Parse("bad.rules", data)
			if err == nil {
				t.Fatalf("Parse accepted:\n%s", data)
			}
			if f != nil {
				t.Errorf("Parse returned a file with its error")
			}
			wantErr(t, err, "bad.rules", c.line, c.phrases...)
			checkErrorShape(t, err, "bad.rules", lineCount(data))
			if n := len(errLines(err)); c.only && n != 1 {
				t.Errorf("got %d errors, want just the one:\n%v", n, err)
			}
		})
	}
}

// TestParseValid checks small valid files parse to what they say.
func TestParseValid(t *testing.T) {
	data := src(
		"# comment",
		"table enemy",
		"title   Enemy",
		"dice    2d6",
		"read    sum",
		"note    one",
		"note    two",
		"group   army foes",
		"columns Type:text | Rep:int | Only one:flag | List:ref | Outcome:id",
		"  | 2–6  | Raw \\| Green | 3  | yes |         | contact |", // en dash, escaped bar, indented
		"| 7    | Lizard Men   | x  |     | goblins | none |",
		"| 8-12 | Veteran      | -2 |     |         | none", // no closing bar
		"",
		"table pef-count",
		"title PEFs",
		"read lookup",
		"key Terrain",
		"columns PEFs:int",
		"| Clear | 2 |",
	)
	f, err := rules.Parse("ok.rules", data)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Tables) != 2 || f.Name != "ok.rules" {
		t.Fatalf("got %d tables in %q, want 2 in ok.rules", len(f.Tables), f.Name)
	}
	e := f.Tables[0]
	if e.ID != "enemy" || e.Title != "Enemy" || e.Read != rules.ReadSum || !e.HasDice || e.Dice.Notation() != "2d6" {
		t.Errorf("enemy header: %+v", e)
	}
	if e.Caption != "Adding the results together" || e.KeyHeader != "#" {
		t.Errorf("default caption/key header: %q, %q", e.Caption, e.KeyHeader)
	}
	if !e.InGroup("army") || !e.InGroup("foes") || e.InGroup("creatures") || len(e.Notes) != 2 {
		t.Errorf("groups %q notes %q", e.Groups, e.Notes)
	}
	if e.Pos.Line != 2 || e.Rows[0].Pos.Line != 10 || e.Rows[2].Pos.Line != 12 {
		t.Errorf("positions: table %v rows %v %v", e.Pos, e.Rows[0].Pos, e.Rows[2].Pos)
	}
	r := e.RowFor(4)
	if r == nil || r.Lo != 2 || r.Hi != 6 || r.Key != "2–6" {
		t.Fatalf("RowFor(4) = %+v, want the en-dash row 2-6", r)
	}
	if got := e.Cell(r, "type").Text; got != "Raw | Green" {
		t.Errorf("escaped bar: got %q", got)
	}
	if c := e.Cell(r, "Only one"); c.Text != "yes" {
		t.Errorf("flag: %+v", c)
	}
	if c := e.Cell(e.RowFor(7), "Rep"); !c.NA || c.Text != "x" {
		t.Errorf("x cell: %+v", c)
	}
	if c := e.Cell(e.RowFor(12), "Rep"); c.Int != -2 || c.NA {
		t.Errorf("negative int: %+v", c)
	}
	if c := e.Cell(e.RowFor(12), "Outcome"); c.Text != "none" {
		t.Errorf("row without closing bar: last cell %+v", c)
	}
	if e.RowFor(1) != nil || e.RowFor(13) != nil {
		t.Errorf("RowFor outside 2..12 found a row")
	}
	p := f.Tables[1]
	if p.Read.Rolled() || p.KeyHeader != "Terrain" || p.Named("CLEAR") == nil || p.Named("Cover") != nil {
		t.Errorf("lookup table: %+v", p)
	}
}

// TestParseCRLF checks that CRLF line endings parse exactly as LF ones, and
// that errors in a CRLF file still count lines right.
func TestParseCRLF(t *testing.T) {
	for _, name := range []string{"enemies.rules", "band.rules", "creatures.rules", "encounters.rules", "system.rules"} {
		lf := realFile(t, name)
		crlf := strings.ReplaceAll(lf, "\n", "\r\n")
		a, err := rules.Parse(name, []byte(lf))
		if err != nil {
			t.Fatal(err)
		}
		b, err := rules.Parse(name, []byte(crlf))
		if err != nil {
			t.Fatalf("%s with CRLF: %v", name, err)
		}
		if len(a.Tables) != len(b.Tables) || len(a.Encounters) != len(b.Encounters) || len(a.Systems) != len(b.Systems) {
			t.Fatalf("%s: CRLF gives a different file", name)
		}
		for i, ta := range a.Tables {
			tb := b.Tables[i]
			if ta.ID != tb.ID || ta.Title != tb.Title || ta.Target != tb.Target || ta.Pos != tb.Pos || len(ta.Rows) != len(tb.Rows) {
				t.Fatalf("%s: table %s differs with CRLF", name, ta.ID)
			}
			for j, ra := range ta.Rows {
				rb := tb.Rows[j]
				if ra.Key != rb.Key || ra.Pos != rb.Pos {
					t.Errorf("%s: %s row %d differs with CRLF", name, ta.ID, j)
				}
				for k := range ra.Cells {
					if ra.Cells[k] != rb.Cells[k] || strings.Contains(rb.Cells[k].Text, "\r") {
						t.Errorf("%s: %s row %s cell %d: %+v vs %+v", name, ta.ID, ra.Key, k, ra.Cells[k], rb.Cells[k])
					}
				}
			}
		}
		for i, ea := range a.Encounters {
			eb := b.Encounters[i]
			if ea.Terrain != eb.Terrain || ea.Camp != eb.Camp || strings.Join(ea.Special, "|") != strings.Join(eb.Special, "|") {
				t.Errorf("%s: encounter %s differs with CRLF", name, ea.ID)
			}
		}
	}
	bad := strings.ReplaceAll(string(src(with("| 2-6 | Raw | 3 |", "| 7 | Exp | four |", "| 8-12 | Vet | 5 |")...)), "\n", "\r\n")
	_, err := rules.Parse("crlf.rules", []byte(bad))
	wantErr(t, err, "crlf.rules", 7, `column Rep: "four"`)
}

// TestParseStopsAtMaxErrors checks that a file full of mistakes gives a
// bounded report, not one line per mistake.
func TestParseStopsAtMaxErrors(t *testing.T) {
	var lines []string
	for range 100 {
		lines = append(lines, "bogus directive")
	}
	data := src(lines...)
	_, err := rules.Parse("many.rules", data)
	if err == nil {
		t.Fatal("no error")
	}
	if n := len(errLines(err)); n != 21 || !strings.Contains(err.Error(), "too many mistakes: stopped checking here") {
		t.Errorf("got %d errors for 100 mistakes, want the limit of 20 and a line saying checking stopped", n)
	}
	checkErrorShape(t, err, "many.rules", lineCount(data))
}

func TestGroupTitle(t *testing.T) {
	f, err := rules.Parse("s.rules", []byte("system x\nname X\ngroup-title army Army lists\n"))
	if err != nil {
		t.Fatal(err)
	}
	sys := f.Systems[0]
	if sys.GroupTitle("army") != "Army lists" || sys.GroupTitle("beasts") != "Beasts" {
		t.Errorf("titles %q, %q", sys.GroupTitle("army"), sys.GroupTitle("beasts"))
	}
	for src, want := range map[string]string{
		"system x\nname X\ngroup-title army\n":                       `s.rules:3: group-title "army": want a group id and its printed title`,
		"system x\nname X\ngroup-title army A\ngroup-title army B\n": "s.rules:4: group-title army given twice",
		"system x\nname X\ngroup-title Army Lists Of Old\n":          `s.rules:3: group-title "Army Lists Of Old"`,
	} {
		if _, err := rules.Parse("s.rules", []byte(src)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", src, err, want)
		}
	}
}
