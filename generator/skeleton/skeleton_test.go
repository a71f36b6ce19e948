package skeleton_test

import (
	"bytes"
	"errors"
	"os"
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

// TestFromDefault: the default site written out in a site's layout builds
// to the same bytes as the embedded one, so copying it works.
func TestFromDefault(t *testing.T) {
	files, err := skeleton.FromDefault(content.FS)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f.Path, ".rules") {
			t.Errorf("built-in rule data copied: %s", f.Path)
		}
		if f.Path != "sortie.conf" && !strings.HasPrefix(f.Path, "content/") {
			t.Errorf("%s: not in a site's layout", f.Path)
		}
	}
	dir := filepath.Join(t.TempDir(), "copy")
	if err := skeleton.Write(dir, files); err != nil {
		t.Fatal(err)
	}
	want, got := render(t, ""), render(t, dir)
	if len(want) != len(got) {
		t.Errorf("%d files from the copy, %d from the embedded site", len(got), len(want))
	}
	for p, w := range want {
		if !bytes.Equal(got[p], w) {
			t.Errorf("%s differs between the embedded site and its copy", p)
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
