// Package skeleton writes new sites for "sortie new site": a small
// working site (the files under site/, embedded in the binary) or the
// embedded default site laid out as a site of your own, so it can be
// copied and changed. It writes only into a directory that is empty or
// does not exist yet, and never over a file. For "sortie new pack",
// "campaign" and "series" it writes one commented starter file (kinds/)
// into a site, as Hugo's archetypes do, again never over a file.
package skeleton

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/sortie-wargames/sortie/generator/site"
)

// files is the new site: sortie.conf, content/index.md, a page, a pack, a
// campaign and a commented army list of the site's own.
//
//go:embed all:site
var files embed.FS

// ErrNotEmpty is why a new site is refused: its directory holds files.
var ErrNotEmpty = errors.New("it is not empty")

// File is one file of a new site, its path relative to the site with
// forward slashes.
type File struct {
	Path string
	Data []byte
}

// Starter returns the files of the small starter site, sorted by path,
// with a monthly series that starts in the month start ("2026-11"): the
// month the site is made in, so its first build rolls one encounter.
func Starter(start string) ([]File, error) {
	sub, err := fs.Sub(files, "site")
	if err != nil {
		return nil, err
	}
	out, err := collect(sub, func(p string) (string, bool) { return p, true })
	if err != nil {
		return nil, err
	}
	// The series' first month is the month the site is made: its file
	// says START.
	for i, f := range out {
		if strings.HasPrefix(f.Path, "content/series/") {
			out[i].Data = bytes.ReplaceAll(f.Data, []byte("START"), []byte(start))
		}
	}
	return out, nil
}

// FromDefault returns the embedded default site (fsys, laid out as the
// content package holds it: sortie.conf beside index.md, pages/, packs/
// ...) in a site's layout: sortie.conf at the top and everything else
// under content/. The built-in rule data (systems/<id>/*.rules) is left
// out: a site reads it from the binary anyway, and a copy would replace
// it, freezing this version's tables in the site.
func FromDefault(fsys fs.FS) ([]File, error) {
	return collect(fsys, func(p string) (string, bool) {
		switch {
		case p == site.ConfigFile:
			return p, true
		case strings.HasPrefix(p, "systems/") && path.Ext(p) == ".rules":
			return "", false
		case path.Ext(p) == ".go":
			return "", false
		}
		return "content/" + p, true
	})
}

// collect reads every regular file of fsys, in lexical order, and names it
// by where (the new path, or false to leave it out).
func collect(fsys fs.FS, where func(string) (string, bool)) ([]File, error) {
	var out []File
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		to, ok := where(p)
		if !ok {
			return nil
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		out = append(out, File{to, data})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("failed to read the site to write: %w", err)
	}
	return out, nil
}

// Write writes files into dir, creating it if needed. It refuses a dir
// that exists and is not empty (ErrNotEmpty) or is not a directory, so it
// never writes over anything.
func Write(dir string, files []File) error {
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return fmt.Errorf("failed to read %s: %w", dir, err)
	case !fi.IsDir():
		return fmt.Errorf("refusing to write a site into %s: it is not a directory", dir)
	default:
		entries, err := os.ReadDir(dir)
		if err != nil {
			return fmt.Errorf("failed to read %s: %w", dir, err)
		}
		if len(entries) > 0 {
			return fmt.Errorf("refusing to write a site into %s: %w", dir, ErrNotEmpty)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("failed to create %s: %w", dir, err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return fmt.Errorf("failed to open %s: %w", dir, err)
	}
	defer root.Close()
	for _, f := range files {
		if err := create(root, dir, f); err != nil {
			return err
		}
	}
	return nil
}

// create writes f into root (the folder dir), making its folder if need
// be; a file already there is never written over: its error wraps
// fs.ErrExist.
func create(root *os.Root, dir string, f File) error {
	name := filepath.FromSlash(f.Path)
	if d := filepath.Dir(name); d != "." {
		if err := root.MkdirAll(d, 0o755); err != nil {
			return fmt.Errorf("failed to create %s: %w", filepath.Join(dir, d), err)
		}
	}
	w, err := root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("failed to write %s: %w", filepath.Join(dir, name), err)
	}
	_, err = w.Write(f.Data)
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("failed to write %s: %w", filepath.Join(dir, name), err)
	}
	return nil
}
