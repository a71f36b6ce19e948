// Package output writes a build into its output directory safely: every
// file goes into a fresh directory beside the output, which is swapped in
// only when all of it is written. A build that fails leaves the previous
// output exactly as it was, and no path from the content can reach outside
// the output directory.
package output

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// File is one file to write, its path relative to the output directory
// with forward slashes.
type File struct {
	Path string
	Data []byte
}

// Marker is the file every Sortie output holds. Sortie replaces a
// directory only if it is empty or holds this file, so a mistyped --out
// can never wipe a directory Sortie did not make.
const Marker = ".sortie-output"

const markerText = "This directory was built by Sortie. Each build replaces all of it.\n"

// ErrNotOutput is the reason Sortie refuses a non-empty directory it did
// not build.
var ErrNotOutput = errors.New("it is not empty and Sortie did not build it")

// Guard names the directories an output must never be or contain.
type Guard struct {
	Source  string // the site directory, or ""
	Home    string // the user's home directory, or ""
	WorkDir string // the current directory, or ""
}

// Check refuses an output directory that is the file system's root, the
// home directory, holds the source or the current directory, lies inside
// the source's content, or is a directory Sortie did not make.
func Check(out string, g Guard) error {
	if strings.TrimSpace(out) == "" {
		return errors.New("no output directory given")
	}
	abs, err := resolve(out)
	if err != nil {
		return fmt.Errorf("output %s: %w", out, err)
	}
	if filepath.Dir(abs) == abs {
		return fmt.Errorf("refusing to build into %s: it is the root of the file system", out)
	}
	for _, c := range []struct{ dir, what string }{{g.Home, "your home directory"}, {g.Source, "the site's source"}, {g.WorkDir, "the current directory"}} {
		if c.dir == "" {
			continue
		}
		d, err := resolve(c.dir)
		if err != nil {
			return fmt.Errorf("failed to resolve %s: %w", c.dir, err)
		}
		if within(d, abs) {
			if d == abs {
				return fmt.Errorf("refusing to build into %s: it is %s", out, c.what)
			}
			return fmt.Errorf("refusing to build into %s: it holds %s", out, c.what)
		}
	}
	if g.Source != "" {
		content, err := resolve(filepath.Join(g.Source, "content"))
		if err == nil && within(abs, content) {
			return fmt.Errorf("refusing to build into %s: it is inside the site's content", out)
		}
	}
	fi, err := os.Lstat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("output %s: %w", out, err)
	case !fi.IsDir():
		return fmt.Errorf("refusing to build into %s: it is not a directory", out)
	}
	entries, err := os.ReadDir(abs)
	if err != nil {
		return fmt.Errorf("failed to read %s: %w", out, err)
	}
	if len(entries) == 0 {
		return nil
	}
	if _, err := os.Stat(filepath.Join(abs, Marker)); err != nil {
		return fmt.Errorf("refusing to replace %s: %w (no %s file)", out, ErrNotOutput, Marker)
	}
	return nil
}

// resolve returns p as an absolute, clean path with symbolic links
// followed as far as the path exists.
func resolve(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	// Follow links in the longest existing prefix.
	rest := ""
	for cur := abs; ; {
		real, err := filepath.EvalSymlinks(cur)
		if err == nil {
			return filepath.Join(real, rest), nil
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return abs, nil
		}
		rest = filepath.Join(filepath.Base(cur), rest)
		cur = parent
	}
}

// within reports whether p is dir or inside it.
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && (rel == "." || filepath.IsLocal(rel))
}

// Write checks out against g, writes files into a new directory beside it
// and swaps that in for out.
func Write(out string, files []File, g Guard) error {
	if err := Check(out, g); err != nil {
		return err
	}
	if err := checkPaths(files); err != nil {
		return err
	}
	abs, err := resolve(out)
	if err != nil {
		return err
	}
	parent := filepath.Dir(abs)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("failed to create %s: %w", parent, err)
	}
	unlock, err := lock(parent)
	if err != nil {
		return err
	}
	defer unlock()
	// Under the lock, check again: another build may have made out
	// meanwhile, and clear what interrupted builds left beside it.
	if err := Check(out, g); err != nil {
		return err
	}
	if err := sweep(parent, filepath.Base(abs)); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(abs)+".sortie-new-")
	if err != nil {
		return fmt.Errorf("failed to create a build directory beside %s: %w", out, err)
	}
	if err := fill(tmp, files); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	if err := swap(abs, tmp); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	return nil
}

// checkPaths refuses, before anything is written, any path that is not a
// plain relative path inside the output, and two files at one path or a
// file where another needs a folder.
func checkPaths(files []File) error {
	seen := map[string]bool{Marker: true}
	for _, f := range files {
		rel := filepath.FromSlash(f.Path)
		if f.Path == "." || !filepath.IsLocal(rel) || strings.Contains(f.Path, "\\") || f.Path != filepath.ToSlash(filepath.Clean(rel)) {
			return fmt.Errorf("refusing to write %q: not a plain path inside the output", f.Path)
		}
		if seen[f.Path] {
			return fmt.Errorf("two files would be written to %s", f.Path)
		}
		seen[f.Path] = true
	}
	for _, f := range files { // in order, so the message never depends on map order
		for d := path.Dir(f.Path); d != "."; d = path.Dir(d) {
			if seen[d] {
				return fmt.Errorf("refusing to write %s: %s is a file", f.Path, d)
			}
		}
	}
	return nil
}

// sweep removes the build directories an interrupted build of base left
// in parent. It runs under the lock, so none of them is in use.
func sweep(parent, base string) error {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return fmt.Errorf("failed to read %s: %w", parent, err)
	}
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() || !(strings.HasPrefix(name, "."+base+".sortie-new-") || strings.HasPrefix(name, "."+base+".sortie-old-")) {
			continue
		}
		if err := os.RemoveAll(filepath.Join(parent, name)); err != nil {
			return fmt.Errorf("failed to remove %s left by an interrupted build: %w", name, err)
		}
	}
	return nil
}

func fill(dir string, files []File) error {
	if err := os.Chmod(dir, 0o755); err != nil {
		return fmt.Errorf("failed to set up %s: %w", dir, err)
	}
	all := append([]File{{Path: Marker, Data: []byte(markerText)}}, files...)
	for _, f := range all {
		rel := filepath.FromSlash(f.Path)
		name := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return fmt.Errorf("failed to write %s: %w", f.Path, err)
		}
		if err := os.WriteFile(name, f.Data, 0o644); err != nil {
			return fmt.Errorf("failed to write %s: %w", f.Path, err)
		}
	}
	return nil
}

// swap puts dir in place of out, keeping the old out until the new one is
// in place.
func swap(out, dir string) error {
	old, aside := "", ""
	if _, err := os.Lstat(out); err == nil {
		o, err := os.MkdirTemp(filepath.Dir(out), "."+filepath.Base(out)+".sortie-old-")
		if err != nil {
			return fmt.Errorf("failed to move the previous %s aside: %w", out, err)
		}
		old = filepath.Join(o, "previous")
		if err := os.Rename(out, old); err != nil {
			os.Remove(o)
			return fmt.Errorf("failed to move the previous %s aside: %w", out, err)
		}
		aside = o
	}
	if err := os.Rename(dir, out); err != nil {
		if old != "" {
			if rerr := os.Rename(old, out); rerr != nil {
				// Keep the previous build where it is: never lose it.
				return fmt.Errorf("failed to put the new build in place (%v), and to restore the previous one, kept at %s: %w", err, old, rerr)
			}
			os.Remove(aside)
		}
		return fmt.Errorf("failed to put the new build in place: %w", err)
	}
	if aside != "" {
		if err := os.RemoveAll(aside); err != nil {
			return fmt.Errorf("built %s, but failed to remove the previous build at %s: %w", out, aside, err)
		}
	}
	return nil
}
