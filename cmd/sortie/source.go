package main

import (
	"errors"
	"path/filepath"

	"github.com/sortie-wargames/sortie/generator"
)

// siteSource is the site a command works on: --source when given, else
// the site the working directory lies in (found as hugo finds its root),
// else none, meaning the built-in default site.
type siteSource struct {
	flag    string // --source
	workDir string // where to look for a site when --source is not given
}

// dir returns the site directory, "" for the built-in site, and whether
// it was found from the working directory rather than given.
func (s *siteSource) dir() (dir string, found bool, err error) {
	if s.flag != "" || s.workDir == "" {
		return s.flag, false, nil
	}
	dir, err = generator.FindSite(s.workDir)
	if err != nil {
		var ns *generator.NotSiteError
		if errors.As(err, &ns) {
			return "", false, &hintError{err, ns.Hint()}
		}
		if errors.Is(err, generator.ErrEmbeddedLayout) {
			return "", false, &hintError{err, "run \"sortie new site DIR --from-default\" for a copy in a site's layout, or pass --source"}
		}
		return "", false, err
	}
	return dir, dir != "", nil
}

// path is dir without the flag saying how it was found.
func (s *siteSource) path() (string, error) {
	dir, _, err := s.dir()
	return dir, err
}

// outFor is where a build of dir goes when --out is not given: the site's
// own public/, or ./public for the built-in site.
func (s *siteSource) outFor(dir string) string {
	if dir == "" {
		if s.workDir == "" {
			return "public"
		}
		return filepath.Join(s.workDir, "public")
	}
	return filepath.Join(dir, "public")
}
