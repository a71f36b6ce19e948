package generator

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/sortie-wargames/sortie/generator/web"
	"github.com/sortie-wargames/sortie/templates"
)

// ErrLayoutExists is returned by WriteLayouts for a layout the site has
// already: it is never written over.
var ErrLayoutExists = errors.New("the site has its own already")

// WriteLayouts writes the built-in layouts named into the layouts/
// folder of the site at dir, to be changed there, and returns what it
// wrote, by path under dir. A name Sortie does not have is an error, as
// is a named file the site has already: nothing is written over, and
// nothing at all is written then. With no names it writes every layout
// the site does not have yet, and returns in kept those it has. The
// names are web.LayoutNames.
func WriteLayouts(dir string, names []string) (wrote, kept []string, err error) {
	all := web.LayoutNames()
	every := len(names) == 0
	if every {
		names = all
	}
	for _, n := range names {
		if !slices.Contains(all, n) {
			return nil, nil, fmt.Errorf("failed to write layout %q: Sortie has no such layout (it has %s)", n, strings.Join(all, ", "))
		}
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("failed to write layouts: %w", err)
	}
	defer root.Close()
	var write []string
	for _, n := range slices.Compact(slices.Sorted(slices.Values(names))) {
		name := path.Join("layouts", n)
		if _, err := root.Lstat(name); err == nil {
			if !every {
				return nil, nil, fmt.Errorf("failed to write %s: %w", path.Join(dir, name), ErrLayoutExists)
			}
			kept = append(kept, name)
			continue
		}
		write = append(write, n)
	}
	if err := root.Mkdir("layouts", 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return nil, kept, fmt.Errorf("failed to write layouts: %w", err)
	}
	for _, n := range write {
		data, err := templates.FS.ReadFile(n)
		if err != nil {
			return wrote, kept, fmt.Errorf("failed to read the built-in %s: %w", n, err)
		}
		name := path.Join("layouts", n)
		f, err := root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return wrote, kept, fmt.Errorf("failed to write %s: %w", path.Join(dir, name), err)
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return wrote, kept, fmt.Errorf("failed to write %s: %w", path.Join(dir, name), err)
		}
		wrote = append(wrote, name)
	}
	return wrote, kept, nil
}
