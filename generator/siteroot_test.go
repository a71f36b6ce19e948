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
