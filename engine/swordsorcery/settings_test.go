package swordsorcery_test

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/swordsorcery"
)

// TestNeededSettings: the .rules format lets a system leave out board,
// star-rep and first-encounter, and an encounter its terrain; 2d6 Sword &
// Sorcery's procedures need them, so New reports each at its block's line.
func TestNeededSettings(t *testing.T) {
	const dir = "content/systems/" + swordsorcery.ID
	cases := []struct {
		file  string
		cut   []string
		block func(*rules.Set) rules.Pos
		want  []string
	}{
		{"system.rules", []string{"board     12x12", "star-rep  5", "first-encounter explore"},
			func(s *rules.Set) rules.Pos { return s.System.Pos },
			[]string{`: system 2d6-sword-and-sorcery: missing "board", which its procedures need`,
				`: system 2d6-sword-and-sorcery: missing "star-rep", which its procedures need`,
				`: system 2d6-sword-and-sorcery: missing "first-encounter", which its procedures need`}},
		{"encounters.rules", []string{"terrain    explore-terrain"},
			func(s *rules.Set) rules.Pos { return s.Encounter("explore").Pos },
			[]string{`: encounter explore: missing "terrain" (the id of its terrain table)`}},
	}
	for _, c := range cases {
		m := fstest.MapFS{}
		err := fs.WalkDir(content.FS, "systems/"+swordsorcery.ID, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := fs.ReadFile(content.FS, p)
			m[p[strings.LastIndex(p, "/")+1:]] = &fstest.MapFile{Data: b}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		s := string(m[c.file].Data)
		for _, l := range c.cut {
			if strings.Count(s, l) != 1 {
				t.Fatalf("%s: %q occurs %d times, want once", c.file, l, strings.Count(s, l))
			}
			s = strings.Replace(s, l, "# (cut)", 1) // keeps the line numbers
		}
		m[c.file].Data = []byte(s)
		set, err := rules.Load(m, dir)
		if err != nil {
			t.Fatalf("the format refuses %s without %q: %v", c.file, c.cut, err)
		}
		_, err = swordsorcery.New(set)
		if err == nil {
			t.Fatalf("New accepted %s without %q", c.file, c.cut)
		}
		for _, want := range c.want {
			if want = c.block(set).String() + want; !strings.Contains(err.Error(), want) {
				t.Errorf("New's error lacks %q:\n%v", want, err)
			}
		}
	}
}
