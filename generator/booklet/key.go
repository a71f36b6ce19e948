package booklet

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/generator/booklet/memo"
)

// A table in an encounter that wraps long text repeated down a column
// ("empty after every shot" in every musket's row of a roster) gives way
// in a narrow column by a key, as printed rosters do: each such text
// prints once, under the rows, and its cells a letter ("a"). This comes
// before smaller type or stacking (fitColumns), as it loses nothing: the
// table keeps its columns and its size, and the player reads the text
// once. A table is keyed only where it comes out clearly shorter (keyGain);
// the Quick Reference Sheets and the rule tables an encounter rolled on
// print as the book does, never keyed.

// keyMin is how often a text must be repeated down its column to be keyed.
const keyMin = 2

// keyGain is how much shorter each column keyed must make a table, its
// key included: at least keyLines lines of its cells and keyShare of its
// height. A key that saves less is not worth the look down the page.
const (
	keyLines = 2
	keyShare = 0.1
)

// keyMarks are the marks keyed cells print, in order, one table's marks
// all different: lower-case letters, which a keyed column never holds on
// their own (keyable checks).
const keyMarks = "abcdefghijklmnopqrstuvwxyz"

// tableKey is what keyed is asked: a table, its look and its width.
type tableKey struct {
	t  *doc.Table
	tl tableLook
	w  float64
}

// keyed returns the table a piece of an encounter prints at width w: t
// itself, or a copy whose repeated long cells are letters with the key
// under its rows (a footnote), when that is clearly shorter. The answer
// is kept for the booklet's build, so every pass measures and draws the
// same table; and which columns it keys is kept in the face for every
// booklet and sheet of the build (sharedKeys), by the table's whole
// value: the sheets of a pack print the same tables, its booklets too,
// each a document of its own. A choice kept leaves the font choosing it
// wanted, as choosing again would.
func (r *renderer) keyed(t *doc.Table, tl tableLook, w float64) *doc.Table {
	k := tableKey{t, tl, w}
	if kt, ok := r.keyedTables[k]; ok {
		return kt
	}
	key := memo.Key(struct {
		t  doc.Table
		tl tableLook
		w  float64
	}{*t, tl, w})
	shared := r.face.Memo(sharedKeysKey{}, func() any { return newSharedKept[string, []int](sharedMax) }).(*sharedKept[string, []int])
	c, ok := shared.get(key)
	if !ok {
		c = r.keyedAfresh(t, tl, w)
		if !r.f.Err() { // fpdf measures nothing once it has failed
			shared.put(key, c)
		}
	}
	kt := t
	if len(c) > 0 {
		kt = withKey(t, c)
	}
	if r.keyedTables == nil {
		r.keyedTables = map[tableKey]*doc.Table{}
	}
	r.keyedTables[k] = kt
	return kt
}

type sharedKeysKey struct{}

// keyedAfresh is keyed without the kept answers: the columns to key. It
// keys one column at a time, each time the one that saves the most,
// while that saves enough (keyGain): a column that wraps little keeps
// its text.
func (r *renderer) keyedAfresh(t *doc.Table, tl tableLook, w float64) []int {
	cols := keyable(t)
	if len(cols) == 0 || !r.wraps(t, tl, w) {
		return nil
	}
	best, bestH := t, r.layTable(t, tl, w).h
	var chosen []int
	for len(cols) > 0 {
		next, nextH, at := best, bestH, -1
		for i, c := range cols {
			kt := withKey(t, append(slices.Clone(chosen), c))
			if h := r.layTable(kt, tl, w).h; h < nextH-0.01 {
				next, nextH, at = kt, h, i
			}
		}
		if at < 0 || bestH-nextH < max(keyLines*lh(tl.size), keyShare*bestH) {
			break
		}
		best, bestH = next, nextH
		chosen = append(chosen, cols[at])
		cols = slices.Delete(cols, at, at+1)
	}
	return chosen // best is withKey(t, chosen)
}

// wraps reports whether any cell of t wraps at width w: a table whose
// rows are each one line has nothing a key would save.
func (r *renderer) wraps(t *doc.Table, tl tableLook, w float64) bool {
	g := r.tableGrid(t, tl, w)
	if g.stack != nil {
		return true
	}
	for _, row := range g.rows {
		lines, _ := r.cellLines(g, row, false)
		for _, l := range lines {
			if len(l) > 1 {
				return true
			}
		}
	}
	return false
}

// keyable returns the columns of t whose cells could be keyed: not the
// key column, under a header (the key names it), holding a text of
// several words at least keyMin times, and no cell a mark could be
// taken for (a single letter).
func keyable(t *doc.Table) []int {
	if len(t.Head) == 0 || len(t.Rows) < 3 {
		return nil
	}
	var out []int
	for c := 1; c < len(t.Head); c++ {
		if t.Head[c] == "" {
			continue
		}
		seen := map[string]int{}
		ok := true
		for _, row := range t.Rows {
			if c >= len(row) {
				continue
			}
			v := row[c]
			if utf8.RuneCountInString(v) == 1 && unicode.IsLetter([]rune(v)[0]) {
				ok = false
				break
			}
			seen[v]++
		}
		if !ok {
			continue
		}
		for v, n := range seen {
			if n >= keyMin && keyText(v) {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// keyText reports whether a cell's text is long enough to key: three
// words at least, a phrase rather than a name ("Flintlock musket" is
// read where it stands).
func keyText(v string) bool {
	return len(strings.Fields(v)) >= 3
}

// withKey returns a copy of t whose columns cs have their repeated long
// texts as marks, lettered column by column from the left, down each in
// the order the rows first hold them, and
// the key as a footnote under the rows, by column: "Reload — a: empty
// after every shot. Rolled — b: 1d6 = 3 (row 1-3); c: civilian: not
// rolled, uses a d6." t itself is not changed.
func withKey(t *doc.Table, cs []int) *doc.Table {
	kt := *t
	kt.Rows = make([][]string, len(t.Rows))
	for i, row := range t.Rows {
		kt.Rows[i] = slices.Clone(row)
	}
	n := 0
	var parts []string
	for _, c := range slices.Sorted(slices.Values(cs)) {
		count := map[string]int{}
		for _, row := range t.Rows {
			if c < len(row) {
				count[row[c]]++
			}
		}
		mark := map[string]string{}
		var key []string
		for i, row := range t.Rows {
			if c >= len(row) {
				continue
			}
			v := row[c]
			if count[v] < keyMin || !keyText(v) {
				continue
			}
			m, ok := mark[v]
			if !ok {
				if n == len(keyMarks) {
					continue
				}
				m = keyMarks[n : n+1]
				n++
				mark[v] = m
				key = append(key, m+": "+v)
			}
			kt.Rows[i][c] = m
		}
		if len(key) > 0 {
			// One full stop ends the column's key, never a second after
			// a phrase that ends in its own.
			parts = append(parts, strings.TrimSuffix(t.Head[c]+" — "+strings.Join(key, "; "), ".")+".")
		}
	}
	kt.Footnotes = append([]string{strings.Join(parts, " ")}, t.Footnotes...)
	return &kt
}
