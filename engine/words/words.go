// Package words spells counts and places in English the same way on every
// kind of output Sortie makes: "3 PEFs", "the second PEF you resolve".
package words

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
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

// Capital returns s with its first letter upper-case, the letter read
// whole however many bytes it takes: "a hill" becomes "A hill", "éboulis"
// "Éboulis".
func Capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// LowerFirst lowers the first letter of s when it begins a word
// ("Brush or broken ground" becomes "brush or broken ground", "Encounter
// 5 of 12" "encounter 5 of 12"), and leaves an abbreviation in capitals
// ("EAL 3") as it is.
func LowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if next, _ := utf8.DecodeRuneInString(s[n:]); n == 0 || !unicode.IsLower(next) {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}
