// Package words spells counts and places in English the same way on every
// kind of output Sortie makes: "3 PEFs", "the second PEF you resolve".
package words

import (
	"strconv"
	"strings"
)

// Plural returns "1 PEF" or "3 PEFs".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// Ordinal returns "first", "second", ... up to "tenth", then "11th",
// "21st", "22nd".
func Ordinal(n int) string {
	names := []string{"", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}
	if n > 0 && n < len(names) {
		return names[n]
	}
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}

// Places returns the places n items take from place from on, in a list of
// size places that starts again at the top after the last, with runs
// joined by an en dash: "5–9", or "14, 15, 1, 2".
func Places(from, n, size int) string {
	var runs []string
	for n > 0 && size > 0 {
		end := min(size, from+n-1)
		switch {
		case end == from:
			runs = append(runs, strconv.Itoa(from))
		case end == from+1:
			runs = append(runs, strconv.Itoa(from), strconv.Itoa(end))
		default:
			runs = append(runs, strconv.Itoa(from)+"–"+strconv.Itoa(end))
		}
		n -= end - from + 1
		from = 1
	}
	return strings.Join(runs, ", ")
}
