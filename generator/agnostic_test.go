package generator

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/content"
)

// TestNoSystemInGenerator: the build and its renderers draw blocks and
// read no rule system's own fields, so a new system never touches them.
// No file under generator/ or templates/ (tests and their data aside)
// names a system, imports a system's package, or uses a system's words.
func TestNoSystemInGenerator(t *testing.T) {
	dirs, err := fs.ReadDir(content.FS, "systems")
	if err != nil {
		t.Fatal(err)
	}
	var words []string
	for _, d := range dirs {
		words = append(words, regexp.QuoteMeta(d.Name()))
	}
	words = append(words,
		`engine/swordsorcery`, `engine/swordplay`, `engine/systems"`, // system packages and their list
		`swordsorcery\.`, `\bPEFs?\b`, `\bContact\b`, `Creature`, `Roster`, `StarRep`, `\bEAL\b`, // a system's own words
	)
	deny := regexp.MustCompile(strings.Join(words, "|"))
	n := 0
	for _, root := range []string{".", "../templates"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if d.IsDir() || strings.HasSuffix(path, "_test.go") || !(strings.HasSuffix(path, ".go") || strings.HasSuffix(path, ".html") || strings.HasSuffix(path, ".css")) {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			n++
			for i, line := range strings.Split(string(data), "\n") {
				if m := deny.FindString(line); m != "" {
					t.Errorf("%s:%d names %q: renderers and the build must stay system-agnostic", path, i+1, m)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n < 10 {
		t.Fatalf("checked only %d files", n)
	}
}
