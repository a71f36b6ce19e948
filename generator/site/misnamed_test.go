package site_test

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/generator/site"
)

// unreadableFS is a site in which one folder cannot be read, as a folder
// without read permission is for any user but root: the test holds even
// when it runs as root.
type unreadableFS struct {
	fs.FS
	dir string
}

func (u unreadableFS) Open(name string) (fs.File, error) {
	if name == u.dir {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	return u.FS.Open(name)
}

func (u unreadableFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if name == u.dir {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrPermission}
	}
	return fs.ReadDir(u.FS, name)
}

// TestMisnamedThings is issue 13's item 1, thing by thing: each misnamed
// or unreadable thing under content/ that a build used to skip silently
// is an error naming its path (and line, for a key).
func TestMisnamedThings(t *testing.T) {
	sysIndex := "content/systems/" + systemID + "/index.md"
	for _, c := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"content/page/ for pages/", map[string]string{"content/page/p.md": front("title: P")},
			"content/page: a folder Sortie does not read (content/ holds pages/, packs/, campaigns/, series/ and systems/): rename it or move it out of content/"},
		{"*.MD in pages/", map[string]string{"content/pages/p.MD": front("title: P")},
			"content/pages/p.MD: a Markdown file Sortie does not read: pages/ reads *.md; rename it p.md"},
		{"*.markdown in packs/", map[string]string{"content/packs/x.markdown": packFile()},
			"content/packs/x.markdown: a Markdown file Sortie does not read: packs/ reads *.md; rename it x.md"},
		{"pages/sub/*.md", map[string]string{"content/pages/sub/p.md": front("title: P")},
			"content/pages/sub: a folder inside pages/: Sortie reads only the .md files directly in it; move its pages up"},
		{"campaigns/sub/*.md", map[string]string{"content/campaigns/old/c.md": campaignFile()},
			"content/campaigns/old: a folder inside campaigns/: Sortie reads only the .md files directly in it; move its pages up"},
		{"slug: in a system's index.md", map[string]string{sysIndex: front("title: Intro", "slug: intro")},
			sysIndex + `:3: unknown key "slug"`},
		{"weight: in a system's index.md", map[string]string{sysIndex: front("title: Intro", "weight: 2")},
			sysIndex + `:3: unknown key "weight"`},
	} {
		_, err := load(t, c.files)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
	for _, dir := range []string{"content", "content/pages", "content/packs", "content/campaigns", "content/series", "content/systems", "content/systems/" + systemID} {
		files := siteFS(map[string]string{
			"content/pages/p.md":     front("title: P"),
			"content/packs/x.md":     packFile(),
			"content/campaigns/c.md": campaignFile(),
			"content/series/s.md":    seriesFile(),
			sysIndex:                 front("title: Intro"),
		})
		_, err := site.Load(unreadableFS{files, dir}, site.ConfigFile, "content", "", registry(t))
		want := "failed to read " + dir + ": permission denied"
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s unreadable: error %v, want %q", dir, err, want)
		}
	}
}
