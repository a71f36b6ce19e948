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
// content/: building it would find none of its pages.
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
		parent := filepath.Dir(cur)
		if parent == cur {
			return "", nil
		}
		cur = parent
	}
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
