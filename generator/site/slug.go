package site

import (
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// latin spells in ASCII the letters (lower case) that decomposing does
// not: those that are not a base letter and an accent.
var latin = map[rune]string{
	'ß': "ss", 'æ': "ae", 'œ': "oe", 'ø': "o", 'ł': "l", 'đ': "d", 'ð': "d",
	'þ': "th", 'ı': "i", 'ħ': "h", 'ŧ': "t", 'ŋ': "ng", 'ĸ': "k", 'ſ': "s",
	'ƒ': "f", 'ɐ': "a", 'ə': "e", 'ɛ': "e", 'ɔ': "o", 'ʃ': "sh", 'ʒ': "zh",
}

// greek and cyrillic spell the letters (lower case) of the two other
// alphabets of Europe as the usual romanisations do (ELOT 743, and
// Russian and Ukrainian passport spelling).
var greek = map[rune]string{
	'α': "a", 'β': "v", 'γ': "g", 'δ': "d", 'ε': "e", 'ζ': "z", 'η': "i", 'θ': "th",
	'ι': "i", 'κ': "k", 'λ': "l", 'μ': "m", 'ν': "n", 'ξ': "x", 'ο': "o", 'π': "p",
	'ρ': "r", 'σ': "s", 'ς': "s", 'τ': "t", 'υ': "y", 'φ': "f", 'χ': "ch", 'ψ': "ps", 'ω': "o",
}

var cyrillic = map[rune]string{
	'а': "a", 'б': "b", 'в': "v", 'г': "g", 'ґ': "g", 'д': "d", 'е': "e", 'ё': "e", 'є': "ye",
	'ж': "zh", 'з': "z", 'и': "i", 'і': "i", 'ї': "yi", 'й': "y", 'к': "k", 'л': "l", 'м': "m",
	'н': "n", 'о': "o", 'п': "p", 'р': "r", 'с': "s", 'т': "t", 'у': "u", 'ф': "f", 'х': "kh",
	'ц': "ts", 'ч': "ch", 'ш': "sh", 'щ': "shch", 'ъ': "", 'ы': "y", 'ь': "", 'э': "e",
	'ю': "yu", 'я': "ya", 'ў': "u", 'ђ': "dj", 'ј': "j", 'љ': "lj", 'њ': "nj", 'ћ': "c", 'џ': "dz",
}

// Slug is the slug a title gives: its letters and digits in ASCII (see
// ascii), lower case, each run of anything else one hyphen, at most 64
// characters: "Ávila's Défense" is "avilas-defense". It is "" when the
// title has no letter or digit.
func Slug(title string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range ascii(title) {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			b.WriteRune(r)
		default:
			hyphen = true
		}
	}
	slug := b.String()
	if len(slug) > 64 {
		slug = strings.TrimRight(slug[:64], "-")
	}
	return slug
}

// ascii spells a name's letters and digits in ASCII, lower case, for its
// slug; an apostrophe is dropped, anything else is a space. A Latin letter loses its accents
// ("Ávila" is "avila"; the decomposition is golang.org/x/text's) or is
// spelled out ("Straße" is "strasse"); Greek and Cyrillic are romanised;
// a letter of any other script is its code point, "u" and hex digits
// ("三" is "u4e09"), the same on every run and readable back.
func ascii(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(norm.NFC.String(name)) {
		spell(&b, r, true)
	}
	return b.String()
}

// spell writes one letter of ascii: whole first, so that the tables
// spell "й" as "y", not as "и" with an accent; else decomposed.
func spell(b *strings.Builder, r rune, whole bool) {
	if s, ok := table(r); ok {
		b.WriteString(s)
		return
	}
	switch {
	case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
		b.WriteRune(r)
	case unicode.Is(unicode.Mn, r):
		// an accent, decomposed from its letter: dropped
	case whole && norm.NFD.String(string(r)) != string(r):
		for _, p := range norm.NFD.String(string(r)) {
			spell(b, p, false)
		}
	case r == '\'' || r == '’':
		// an apostrophe joins its word: "Ávila's" is "avilas"
	case unicode.IsLetter(r) || unicode.IsDigit(r):
		b.WriteString(" u" + strconv.FormatInt(int64(r), 16) + " ")
	default:
		b.WriteByte(' ')
	}
}

// table is a letter's spelling in latin, greek or cyrillic.
func table(r rune) (string, bool) {
	for _, t := range []map[rune]string{latin, greek, cyrillic} {
		if s, ok := t[r]; ok {
			return s, true
		}
	}
	return "", false
}
