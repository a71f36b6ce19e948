// Package words spells counts and places in English the same way on every
// kind of output Sortie makes: "3 PEFs", "the second PEF you resolve".
package words

import "strconv"

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
