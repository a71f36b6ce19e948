package generator

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestFindSite(t *testing.T) {
	tmp := t.TempDir()
	write := func(name, data string) {
		t.Helper()
		p := filepath.Join(tmp, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("site/sortie.conf", "title: x\n")
	write("site/content/packs/a.md", "")
	write("plain/notes.txt", "")
	write("embedded/sortie.conf", "title: x\n")
	write("embedded/packs/a.md", "")
	write("bare/sortie.conf", "title: x\n")
	if err := os.MkdirAll(filepath.Join(tmp, "bare", "sortie.conf.d"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ from, want string }{
		{"site", "site"},
		{"site/content/packs", "site"},
		{"plain", ""},
		{"bare/sortie.conf.d", "bare"},
	} {
		got, err := FindSite(filepath.Join(tmp, c.from))
		want := ""
		if c.want != "" {
			want = filepath.Join(tmp, c.want)
		}
		if err != nil || got != want {
			t.Errorf("FindSite(%s) = %q, %v; want %q", c.from, got, err, want)
		}
	}
	if _, err := FindSite(filepath.Join(tmp, "embedded", "packs")); !errors.Is(err, ErrEmbeddedLayout) {
		t.Errorf("the embedded layout: %v", err)
	}
}

// TestFindSiteLookalike: a folder with a config file by another name, or
// a content/ folder, and no sortie.conf is a *NotSiteError; Sortie's own
// source tree (content/ holding content.go) is not.
func TestFindSiteLookalike(t *testing.T) {
	tmp := t.TempDir()
	write := func(name string) {
		t.Helper()
		p := filepath.Join(tmp, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("title: x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("hugo/hugo.toml")
	write("home/config.yaml")
	write("upper/Sortie.conf")
	write("lone/content/pages/p.md")
	write("tree/content/content.go")
	write("tree/content/sortie.conf")
	for _, c := range []struct{ from, dir, config string }{
		{"hugo", "hugo", "hugo.toml"},
		{"upper", "upper", "Sortie.conf"},
		{"lone/content/pages", "lone", ""},
	} {
		_, err := FindSite(filepath.Join(tmp, c.from))
		var ns *NotSiteError
		if !errors.As(err, &ns) || ns.Dir != filepath.Join(tmp, c.dir) || ns.Config != c.config || ns.Hint() == "" {
			t.Errorf("FindSite(%s): %v", c.from, err)
		}
	}
	if got, err := FindSite(filepath.Join(tmp, "home")); got != "" || err != nil {
		t.Errorf("config.yaml alone: %q, %v", got, err)
	}
	if got, err := FindSite(filepath.Join(tmp, "tree")); got != "" || err != nil {
		t.Errorf("the source tree: %q, %v", got, err)
	}
}
