package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMisnamedSiteRefused is issue 22's misnamed config: a folder with a
// config file by another name, or a content/ folder, and no sortie.conf
// is an error naming the file, with a hint, rather than a build of the
// built-in site into its public/.
func TestMisnamedSiteRefused(t *testing.T) {
	for _, c := range []struct {
		files    []string
		from     string // where the build is run, inside the folder
		want     string
		wantHint string
	}{
		{[]string{"sortie.yaml", "content/index.md"}, ".", "sortie.yaml: not a Sortie config file: a site's config is sortie.conf", "rename sortie.yaml to sortie.conf"},
		{[]string{"hugo.toml", "content/packs/x.md"}, "content/packs", "hugo.toml: not a Sortie config file", "rename hugo.toml to sortie.conf"},
		{[]string{"config.yaml", "content/index.md"}, "content", "config.yaml: not a Sortie config file", "rename config.yaml to sortie.conf"},
		{[]string{"config.toml", "static/img/map.svg"}, ".", "config.toml: not a Sortie config file", "rename config.toml"},
		{[]string{"hugo.yaml"}, ".", "hugo.yaml: not a Sortie config file", "rename hugo.yaml"},
		{[]string{"content/pages/p.md"}, "content", "has a content/ folder but no sortie.conf, so it is not a site", "add a sortie.conf with a title: line"},
	} {
		dir := t.TempDir()
		for _, f := range c.files {
			p := filepath.Join(dir, filepath.FromSlash(f))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte("title: x\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		out, errs, code := runIn(t, filepath.Join(dir, filepath.FromSlash(c.from)), "build", "--paper", "none")
		if code != 1 || !strings.Contains(errs, c.want) || !strings.Contains(errs, "sortie: hint: "+c.wantHint) {
			t.Errorf("%v from %s: exit %d\n%s%s", c.files, c.from, code, out, errs)
		}
		if _, err := os.Stat(filepath.Join(dir, "public")); err == nil {
			t.Errorf("%v: built the built-in site anyway", c.files)
		}
	}
	// A config.yaml alone, as a home folder may hold for another program,
	// is not taken for a site's.
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, "config.yaml"), []byte("x: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, errs, code := runIn(t, home, "build", "--paper", "none"); code != 0 || !strings.Contains(out, "built the built-in default site") {
		t.Errorf("a home folder with config.yaml: exit %d\n%s%s", code, out, errs)
	}

	// With --source, the missing sortie.conf names the misnamed file.
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "hugo.toml"), []byte("title = 'x'\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errs, code := runIn(t, t.TempDir(), "build", "--source", dir, "--paper", "none")
	if code != 1 || !strings.Contains(errs, "sortie.conf: missing: the site has "+filepath.Join(dir, "hugo.toml")+", which Sortie does not read: rename it sortie.conf") {
		t.Errorf("--source: exit %d\n%s", code, errs)
	}
}
