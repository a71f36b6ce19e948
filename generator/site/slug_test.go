package site

import (
	"strings"
	"testing"
)

// TestSlug: a title's letters in ASCII, accents off, the letters that do
// not decompose spelled out, Greek and Cyrillic romanised, other scripts
// as code points; "" when nothing is left.
func TestSlug(t *testing.T) {
	for title, want := range map[string]string{
		"Ávila's Défense":   "avilas-defense",
		"Straße":            "strasse",
		"Ærø Ølfest Łódź":   "aero-olfest-lodz",
		"Ðuro Þór ı":        "duro-thor-i",
		"Битва":             "bitva",
		"Θερμοπύλες":        "thermopyles",
		"三国":                "u4e09-u56fd",
		"  -- Goblin Hill!": "goblin-hill",
		"!!":                "",
		"ß":                 "ss",
	} {
		if got := Slug(title); got != want {
			t.Errorf("Slug(%q) = %q, want %q", title, got, want)
		}
	}
	if got := Slug("é" + strings.Repeat("a", 70)); len(got) != 64 {
		t.Errorf("a long title: slug of %d characters, want 64", len(got))
	}
}
