package skeleton_test

import (
	"bytes"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
	"github.com/sortie-wargames/sortie/generator/skeleton"
)

func render(t *testing.T, source string) map[string][]byte {
	t.Helper()
	files, _, err := generator.Render(generator.Options{Source: source, Created: time.Unix(0, 0), Systems: systems.Builtin(), Papers: []string{"a4"}, Month: "2026-11"})
	if err != nil {
		t.Fatalf("render %q: %v", source, err)
	}
	m := map[string][]byte{}
	for _, f := range files {
		m[f.Path] = f.Data
	}
	return m
}

// TestStarterBuilds: the starter site builds at once, with its pack
// (against its own army list), campaign, page and booklets.
func TestStarterBuilds(t *testing.T) {
	files, err := skeleton.Starter("2026-11")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Path)
	}
	for _, want := range []string{"sortie.conf", "content/index.md", "content/pages/house-rules.md", "content/packs/brigands-in-the-hills.md", "content/campaigns/the-first-road.md", "content/systems/2d6-sword-and-sorcery/my-army.rules"} {
		if !slices.Contains(names, want) {
			t.Errorf("starter lacks %s: %v", want, names)
		}
	}
	dir := filepath.Join(t.TempDir(), "mysite")
	if err := skeleton.Write(dir, files); err != nil {
		t.Fatal(err)
	}
	got := render(t, dir)
	for _, want := range []string{"index.html", "pages/house-rules.html", "packs/brigands-in-the-hills/index.html", "packs/brigands-in-the-hills/encounter-3.html",
		"packs/brigands-in-the-hills/brigands-in-the-hills-a4.pdf", "campaigns/the-first-road/index.html", "campaigns/the-first-road/the-first-road-a4.pdf"} {
		if got[want] == nil {
			t.Errorf("the starter site's build lacks %s", want)
		}
	}
	if !bytes.Contains(got["packs/brigands-in-the-hills/encounter-1.html"], []byte("Brigands")) {
		t.Error("the pack does not field the site's own army list")
	}
}

// TestFromDefault: the default site written out in a site's layout holds
// every file of the embedded one, byte for byte, at its place in a site
// (sortie.conf at the top, the rest under content/), and no built-in
// rule data. That the copy builds to the same bytes as the embedded site
// is checked once, where "sortie new site --from-default" writes it with
// FromDefault and Write: cmd/sortie's TestSameBytesInEveryEnvironment
// builds the copy (its "default site whole") and the built-in site from
// an empty folder, and compares every file. This test built the same two
// A4 sites for the same comparison, some 25 s of CPU time.
func TestFromDefault(t *testing.T) {
	files, err := skeleton.FromDefault(content.FS)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "copy")
	if err := skeleton.Write(dir, files); err != nil {
		t.Fatal(err)
	}
	embedded := map[string]bool{} // the embedded site's files, by their path in content.FS
	err = fs.WalkDir(content.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && path.Ext(p) != ".go" {
			embedded[p] = true
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f.Path, ".rules") {
			t.Errorf("built-in rule data copied: %s", f.Path)
		}
		from := strings.TrimPrefix(f.Path, "content/")
		if f.Path != "sortie.conf" && from == f.Path {
			t.Errorf("%s: not in a site's layout", f.Path)
			continue
		}
		want, err := fs.ReadFile(content.FS, from)
		if err != nil {
			t.Errorf("%s: not a file of the embedded site: %v", f.Path, err)
			continue
		}
		delete(embedded, from)
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.Path)))
		if err != nil {
			t.Error(err)
			continue
		}
		if !bytes.Equal(got, want) || !bytes.Equal(f.Data, want) {
			t.Errorf("%s differs from the embedded site's %s", f.Path, from)
		}
	}
	for _, p := range slices.Sorted(maps.Keys(embedded)) {
		if !strings.HasPrefix(p, "systems/") || path.Ext(p) != ".rules" {
			t.Errorf("the embedded site's %s is not in the copy", p)
		}
	}
	for _, want := range []string{"sortie.conf", "content/index.md", "content/packs/border-battles.md", "content/systems/swordplay/index.md"} {
		if !slices.ContainsFunc(files, func(f skeleton.File) bool { return f.Path == want }) {
			t.Errorf("the copy lacks %s", want)
		}
	}
}

func TestWriteRefuses(t *testing.T) {
	files, _ := skeleton.Starter("2026-11")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := skeleton.Write(dir, files); !errors.Is(err, skeleton.ErrNotEmpty) {
		t.Errorf("a non-empty directory: %v", err)
	}
	if err := skeleton.Write(filepath.Join(dir, "notes.txt"), files); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("a file: %v", err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "notes.txt")); string(data) != "mine" {
		t.Error("the user's file was changed")
	}
	// An empty directory is fine.
	if err := skeleton.Write(t.TempDir(), files); err != nil {
		t.Error(err)
	}
}
