package skeleton

import (
	"strings"
	"testing"
)

// TestNames: a slug keeps its name and is titled word by word; a title
// keeps its words and is slugged; a name with no letters, or a Windows
// device name, is refused.
func TestNames(t *testing.T) {
	for _, c := range []struct{ name, slug, title string }{
		{"goblin-hill", "goblin-hill", "Goblin Hill"},
		{"Goblin Hill", "goblin-hill", "Goblin Hill"},
		{"  Goblin Hill: Part #2! ", "goblin-hill-part-2", "Goblin Hill: Part #2!"},
		{"Ørsted's Raid", "rsted-s-raid", "Ørsted's Raid"},
		{strings.Repeat("ab-", 40), strings.TrimRight(strings.Repeat("ab-", 22)[:64], "-"), strings.Repeat("ab-", 40)},
	} {
		slug, title, err := names(c.name)
		if err != nil || slug != c.slug || title != c.title {
			t.Errorf("names(%q) = %q, %q, %v: want %q, %q", c.name, slug, title, err, c.slug, c.title)
		}
	}
	for _, bad := range []string{"!!", "", "con", "NUL"} {
		if _, _, err := names(bad); err == nil {
			t.Errorf("names(%q): no error", bad)
		}
	}
}

// TestYAMLText: a value that YAML would read otherwise is quoted, so it
// reads back as written.
func TestYAMLText(t *testing.T) {
	for in, want := range map[string]string{
		"Goblin Hill":          "Goblin Hill",
		"Goblin Hill: Part 2":  `"Goblin Hill: Part 2"`,
		"Orcs #2":              `"Orcs #2"`,
		"- a list?":            `"- a list?"`,
		`"quoted"`:             `"\"quoted\""`,
		"[brackets]":           `"[brackets]"`,
		"3 encounters for 2d6": "3 encounters for 2d6",
	} {
		if got := yamlText(in); got != want {
			t.Errorf("yamlText(%q) = %s, want %s", in, got, want)
		}
	}
}
