package rules_test

import (
	"io/fs"
	"math"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/rules"
)

// checkParse is what Parse promises for any input: no panic; on failure,
// every message starts with the file name and a line within the file; on
// success, every rolled table covers each value its dice can read exactly
// once.
func checkParse(t *testing.T, data []byte) {
	t.Helper()
	const name = "fuzz.rules"
	f, err := rules.Parse(name, data)
	if err != nil {
		if f != nil {
			t.Fatalf("Parse returned a file and an error")
		}
		checkErrorShape(t, err, name, lineCount(data))
		return
	}
	if f == nil || f.Name != name {
		t.Fatalf("Parse returned no error and file %+v", f)
	}
	for _, tb := range f.Tables {
		if len(tb.Rows) == 0 {
			t.Fatalf("table %s parsed with no rows", tb.ID)
		}
		for _, r := range tb.Rows {
			if len(r.Cells) != len(tb.Columns) {
				t.Fatalf("table %s row %q: %d cells for %d columns", tb.ID, r.Key, len(r.Cells), len(tb.Columns))
			}
		}
		if !tb.Rolled() {
			continue
		}
		lo, hi, below, above := tb.Dice.Range()
		from, to := lo, hi
		for _, r := range tb.Rows {
			if r.Lo > r.Hi {
				t.Fatalf("table %s row %q covers %d..%d", tb.ID, r.Key, r.Lo, r.Hi)
			}
			for _, x := range []int{r.Lo, r.Hi} {
				if x == math.MinInt || x == math.MaxInt {
					continue
				}
				if !below && x < lo || !above && x > hi {
					t.Fatalf("table %s row %q names %d, outside %d..%d", tb.ID, r.Key, x, lo, hi)
				}
				from, to = min(from, x), max(to, x)
			}
		}
		// Every value the dice can read, and past an open end a value
		// beyond every row, is in exactly one row.
		if below {
			from--
		}
		if above {
			to++
		}
		for v := from; v <= to; v++ {
			n := 0
			for _, r := range tb.Rows {
				if v >= r.Lo && v <= r.Hi {
					n++
				}
			}
			row := tb.RowFor(v)
			if n != 1 || row == nil || v < row.Lo || v > row.Hi {
				t.Fatalf("table %s: value %d is in %d rows (RowFor gives %+v)", tb.ID, v, n, row)
			}
		}
	}
}

// brokenSeeds are small broken or odd files for the fuzz corpus.
var brokenSeeds = []string{
	"",
	"\n\n\n",
	"table",
	"table t\n| 1 | a |\n",
	"| 2 | Raw |\n",
	"table t\ntitle T\ndice 2d6\nread sum\ncolumns A:text\n| 2-6 | a |\n| 8-12 | b |\n",
	"table t\ntitle T\ndice 2d6\nread sum\ncolumns A:text\n| 2-5 | a |\n| 5-12 | b |\n",
	"table t\ntitle T\ndice 2d6\nread pass\ntarget Rep\nsix-fails\ncolumns A:text|B:int\n| 0 | a | 1 |\n| 1 | b | x |\n| 2 | c | [3] |\n",
	"table t\ntitle T\ndice 1/2d6\nread as-rolled\ncolumns A:text\n| 1 | a |\n| 2-3 | b |\n",
	"table t\ntitle T\ndice 3d6kb2\nread sum\ncolumns A:text\n| 2-11 | a |\n| 12 | b |\n",
	"table t\ntitle T\ndice 2d60\nread sum\ncolumns A:text\n| 2-12 | a |\n",
	"table t\ntitle T\ndice 100d100\nread sum\ncolumns A:text\n| 100 | a |\n",
	"table t\ntitle T\nread lookup\ncolumns A:ref|B:flag|C:id\n| x | enemy | yes | contact |\n| X | | | none |\n",
	"system s\nname S\nboard 12x12\nstar-rep 5\nfirst-encounter e\nqrs a b--c\n",
	"encounter e\ntitle E\nobjective O\nterrain t\ncamp\n",
	"table t\r\ntitle T\r\ndice 1d6\r\nread as-rolled\r\ncolumns A:text\r\n| 1-6 | a |\r\n",
	"table t\rtitle T\n",
	"table t\xff\n",
	"table t\ntitle T\ndice 2d6\nread sum\ncolumns A:text\n| 2-12 | a \\|\n",
	"table t\ntitle T\ndice 2d6\nread sum\ncolumns A:text\n| -1 | a |\n| 2–12 | b |\n",
	"table t\ntitle T\ndice 1d6+Rep\nread sum\ncolumns A:text\n| 7 or less | a |\n| 8 to 9 | b |\n| 10+ | c |\n",
	"table t\ntitle T\ndice 2d6+3\nread sum\ncolumns A:text\n| 5 or 6 | a |\n| 7-9 | b |\n| 10 or more | c |\n",
	"table t\ntitle T\ndice 1d6-1\nread as-rolled\ncolumns A:text\n| 0 or less | a |\n| 1+ | b |\n",
	"table t\ntitle T\ndice Rep d6\nread successes\ncolumns A:text\n| 0 | a |\n| 1 | b |\n| 2+ | c |\n",
	"table t\ntitle T\ndice Rep d6\nread pass\ntarget 4\ncolumns A:text\n| 2+ | a |\n| 1 | b |\n| 0 | c |\n",
	"table t\ntitle T\ndice Rep d6\nread opposed-successes\ncolumns A:text\n| More | a |\n",
	"table t\ntitle T\ndice 2d6\nread pass\ntarget Rep\nacross passed 2 | 1 | 0 | -\ncolumns A:text|B:text|C:text|D:text\n| Fire | a | b | c | d |\n",
	"table t\ntitle T\ndice 1d6\nread as-rolled\nacross EAL 1 | 2\ncolumns A:text|B:text\n| 1-6 | a | b |\n",
	"table t\ntitle T\ndice 2d6\nread sum\nmodifier A | +1\nmodifiers B is: | Mod\nmodifier C [^1] | +1d6 [^2]\nfootnote 1 x\nfootnote 2 y\nnote z [^3]\nfootnote 3 w\ncolumns A:text|B:int\n| 2-12 | Clear [^1] | [1] [^2] |\ndecision d\n",
	"table t\ntitle T\ndice 2d6\nread sum\ncolumns A:text\n| 2-6 | a |\n| 7+ | b |\n| 8-12 | c |\n",
	"table t\ntitle T\ndice 2d6\nread sum\ncolumns A:text\n| 2-12 | a [^1 |\n",
	"system s\nname S\nsections 3x3\nencounter e\ntitle E\nobjective O\n",
}

// realSeeds are the real files, plus each cut in half and with its first
// row line dropped.
func realSeeds(t testing.TB) []string {
	t.Helper()
	entries, err := fs.ReadDir(realFS(t), ".")
	if err != nil {
		t.Fatal(err)
	}
	var seeds []string
	for _, e := range entries {
		s := realFile(t, e.Name())
		seeds = append(seeds, s, s[:len(s)/2], strings.ReplaceAll(s, "\n", "\r\n"))
		if i := strings.Index(s, "\n|"); i >= 0 {
			j := strings.Index(s[i+1:], "\n")
			seeds = append(seeds, s[:i]+s[i+1+j:])
		}
	}
	if len(seeds) < 7 {
		t.Fatalf("only %d seeds from the real data", len(seeds))
	}
	return seeds
}

func FuzzParse(f *testing.F) {
	for _, s := range realSeeds(f) {
		f.Add([]byte(s))
	}
	for _, s := range brokenSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkParse(t, data)
	})
}

// TestParseProperties runs the fuzz property over the seeds and over every
// single-line deletion of the real files, so the normal test run checks it
// on many broken inputs.
func TestParseProperties(t *testing.T) {
	for _, s := range append(realSeeds(t), brokenSeeds...) {
		checkParse(t, []byte(s))
	}
	n := 0
	entries, _ := fs.ReadDir(realFS(t), ".")
	for _, e := range entries {
		lines := strings.Split(realFile(t, e.Name()), "\n")
		for i := range lines {
			cut := append(append([]string{}, lines[:i]...), lines[i+1:]...)
			checkParse(t, []byte(strings.Join(cut, "\n")))
			n++
		}
	}
	if n < 400 {
		t.Errorf("checked only %d deletions", n)
	}
}
