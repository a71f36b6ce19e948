package skeleton

import (
	"errors"
	"os"
	"path/filepath"
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
		{"Ørsted's Raid", "orsteds-raid", "Ørsted's Raid"},
		{"Ávila's Défense", "avilas-defense", "Ávila's Défense"},
		{"Straße nach Łódź", "strasse-nach-lodz", "Straße nach Łódź"},
		{"Æthelred’s Hoard", "aethelreds-hoard", "Æthelred’s Hoard"},
		{"Œuvre Þórr Ðuro Ħal", "oeuvre-thorr-duro-hal", "Œuvre Þórr Ðuro Ħal"},
		{"Sạn Tuyết Ñandú", "san-tuyet-nandu", "Sạn Tuyết Ñandú"},
		{"Битва у реки", "bitva-u-reki", "Битва у реки"},
		{"Бій під Києвом", "biy-pid-kiyevom", "Бій під Києвом"},
		{"Μάχη στις Θερμοπύλες", "machi-stis-thermopyles", "Μάχη στις Θερμοπύλες"},
		// No Latin form: each letter its code point, the same every run.
		{"三国 Raid", "u4e09-u56fd-raid", "三国 Raid"},
		{strings.Repeat("ab-", 40), strings.TrimRight(strings.Repeat("ab-", 22)[:64], "-"), strings.Repeat("ab-", 40)},
	} {
		slug, title, err := names(c.name)
		if err != nil || slug != c.slug || title != c.title {
			t.Errorf("names(%q) = %q, %q, %v: want %q, %q", c.name, slug, title, err, c.slug, c.title)
		}
	}
	// Two titles that spell alike give one slug: the second file is
	// refused (TestAddRefuses), never written over the first.
	a, _, _ := names("Ávila")
	b, _, _ := names("Avila")
	if a != b {
		t.Errorf("Ávila and Avila: slugs %q and %q", a, b)
	}
	for _, bad := range []string{"!!", "", "con", "NUL", "Çon"} {
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

// TestAddRefuses: two titles whose slugs are the same ("Ávila",
// "Avila") give one file; the second is refused, the first kept.
func TestAddRefuses(t *testing.T) {
	dir := t.TempDir()
	var first File
	for i, name := range []string{"Ávila", "Avila"} {
		f, err := NewEntry(Entry{Kind: "pack", Name: name, System: "s", SystemName: "S", Types: []string{"raid"}})
		if err != nil {
			t.Fatal(err)
		}
		if f.Path != "content/packs/avila.md" {
			t.Errorf("%s: written to %s", name, f.Path)
		}
		err = Add(dir, f)
		if i == 0 {
			first = f
			if err != nil {
				t.Fatal(err)
			}
		} else if !errors.Is(err, ErrExists) {
			t.Errorf("%s after Ávila: %v, want ErrExists", name, err)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "content/packs/avila.md"))
	if err != nil || string(data) != string(first.Data) {
		t.Errorf("the first file was not kept: %v", err)
	}
}
