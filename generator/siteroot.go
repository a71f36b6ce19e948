package generator

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/sortie-wargames/sortie/generator/site"
)

// FindSite returns the site directory that dir lies in, as hugo finds its
// root: dir itself or the nearest parent holding a sortie.conf. It
// returns "" when there is none, and an error when the nearest sortie.conf
// sits in a folder laid out like the embedded default site (sortie.conf
// beside index.md, pages/, packs/ ...), where a site keeps those under
// content/: building it would find none of its pages. A folder met on the
// way up that looks like a site but has no sortie.conf (a content/
// folder, or a config file by another name, such as hugo.toml) is a
// *NotSiteError: building the built-in site in its place would be the
// wrong site, silently.
func FindSite(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("failed to find the site: %w", err)
	}
	for cur := abs; ; {
		fi, err := os.Stat(filepath.Join(cur, site.ConfigFile))
		switch {
		case err == nil && !fi.IsDir():
			return cur, checkLayout(cur)
		case err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, fs.ErrPermission):
			return "", fmt.Errorf("failed to find the site: %w", err)
		}
		if err := lookalike(cur); err != nil {
			return "", err
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return "", nil
		}
		cur = parent
	}
}

// NotSiteError is a folder that looks like a site but has no sortie.conf:
// it has a config file by another name (Config), or a content/ folder.
type NotSiteError struct {
	Dir    string
	Config string // the misnamed config file's name, or "" for a content/ folder alone
}

func (e *NotSiteError) Error() string {
	if e.Config != "" {
		return fmt.Sprintf("%s: not a Sortie config file: a site's config is %s, so %s is not a site and nothing would build from it",
			filepath.Join(e.Dir, e.Config), site.ConfigFile, e.Dir)
	}
	return fmt.Sprintf("%s: has a content/ folder but no %s, so it is not a site and nothing would build from it", e.Dir, site.ConfigFile)
}

// Hint says how to make the folder a site.
func (e *NotSiteError) Hint() string {
	if e.Config != "" {
		return fmt.Sprintf("rename %s to %s (YAML: title:, paper:, baseurl: ... as docs/site.md lists them), or pass --source", e.Config, site.ConfigFile)
	}
	return fmt.Sprintf("add a %s with a title: line beside content/ (\"sortie new site DIR\" writes a starter site), or pass --source", site.ConfigFile)
}

// lookalike returns a *NotSiteError when dir, which has no sortie.conf,
// looks like a site. Sortie's own source tree, whose content/ folder is
// the embedded default site (with its sortie.conf and content.go inside),
// is not one.
func lookalike(dir string) error {
	if name := site.MisnamedConfig(os.DirFS(dir)); name != "" {
		return &NotSiteError{Dir: dir, Config: name}
	}
	fi, err := os.Stat(filepath.Join(dir, "content"))
	if err != nil || !fi.IsDir() {
		return nil
	}
	if _, err := os.Stat(filepath.Join(dir, "content", "content.go")); err == nil {
		return nil // the source tree: its content/ is embedded, not a site
	}
	return &NotSiteError{Dir: dir}
}

// ErrEmbeddedLayout says a sortie.conf was found in a folder laid out as
// the embedded default site is, not as a site is.
var ErrEmbeddedLayout = errors.New("laid out as the embedded default site (pages beside sortie.conf), not as a site (pages under content/)")

// checkLayout refuses a site folder with no content/ whose pages sit
// beside its sortie.conf.
func checkLayout(dir string) error {
	if fi, err := os.Stat(filepath.Join(dir, "content")); err == nil && fi.IsDir() {
		return nil
	}
	for _, name := range []string{"index.md", "pages", "packs", "campaigns", "systems"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return fmt.Errorf("%s: %w", dir, ErrEmbeddedLayout)
		}
	}
	return nil
}
