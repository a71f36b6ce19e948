package generator

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/generator/site"
)

// dataSource is one place rule data is read from: a folder of a file
// system whose systems/<id>/ folders hold .rules files, and how to name its
// files in messages. The folder is a path in fsys rather than an fs.Sub:
// a sub file system has no Stat, so fs.Stat would open each file to learn
// what it is, and opening a named pipe waits for a writer forever.
type dataSource struct {
	fsys   fs.FS
	dir    string // the folder holding systems/, in fsys
	prefix string // prepended to paths under dir in error messages
}

// LoadSystems loads every rule system: the embedded data, overlaid by the
// site directory's content/systems/ when site is not empty. A site file
// with the same name as an embedded one replaces it; other site files add
// to the system (a new army list, say); a new folder adds a system. A
// system whose id has a builder gets its procedures; any other loads as
// data only, whose tables print but which rolls no encounter.
func LoadSystems(site string, builders []engine.Builder) (*engine.Registry, error) {
	if site == "" {
		return loadSystems(builders, dataSource{content.FS, ".", "content/"})
	}
	root, err := openSite(site)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	return siteSystems(root.FS(), sitePrefix(site), builders)
}

// openSite opens a site directory as an os.Root: every file read through
// it stays inside the site, whatever a symbolic link in it points at.
func openSite(site string) (*os.Root, error) {
	fi, err := os.Stat(site)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("site directory %s: not found", site)
	case err != nil:
		return nil, fmt.Errorf("site directory %s: %w", site, unwrapPath(err))
	case !fi.IsDir():
		return nil, fmt.Errorf("site directory %s: not a directory", site)
	}
	root, err := os.OpenRoot(site)
	if err != nil {
		return nil, fmt.Errorf("failed to open site directory %s: %w", site, unwrapPath(err))
	}
	return root, nil
}

// sitePrefix is how files of a site directory are named in messages.
func sitePrefix(site string) string { return filepath.ToSlash(filepath.Clean(site)) + "/" }

// siteSystems loads the embedded data overlaid by a site's
// content/systems/, read from the site's file system.
func siteSystems(fsys fs.FS, prefix string, builders []engine.Builder) (*engine.Registry, error) {
	sources := []dataSource{{content.FS, ".", "content/"}}
	if _, err := fs.Stat(fsys, "content/systems"); err == nil {
		sources = append(sources, dataSource{fsys, "content", prefix + "content/"})
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("failed to read %scontent/systems: %w", prefix, unwrapPath(err))
	}
	return loadSystems(builders, sources...)
}

// unwrapPath drops the path from a *fs.PathError: messages name the file
// in full already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// ruleFile is one .rules file as read: its path for messages and its
// bytes.
type ruleFile struct {
	name string
	data []byte
}

// ruleFiles are the .rules files of every system, by system folder and
// base name ("my-system" -> "armies.rules").
type ruleFiles map[string]map[string]ruleFile

// add puts a file in, replacing one of the same folder and name (a
// site's file replaces the embedded one).
func (r ruleFiles) add(dir, base string, f ruleFile) {
	if r[dir] == nil {
		r[dir] = map[string]ruleFile{}
	}
	r[dir][base] = f
}

func loadSystems(builders []engine.Builder, sources ...dataSource) (*engine.Registry, error) {
	systems, err := readSources(sources...)
	if err != nil {
		return nil, err
	}
	return assemble(builders, systems)
}

// readSources reads the .rules files of each source in turn, a later
// source's file replacing an earlier one of the same name.
func readSources(sources ...dataSource) (ruleFiles, error) {
	systems := ruleFiles{}
	for _, src := range sources {
		dirs, err := fs.ReadDir(src.fsys, path.Join(src.dir, "systems"))
		if err != nil {
			return nil, fmt.Errorf("failed to read %ssystems: %w", src.prefix, unwrapPath(err))
		}
		for _, d := range dirs {
			// The site's scan reports anything else systems/ holds.
			if !d.IsDir() || site.Skipped(d.Name()) {
				continue
			}
			dir := path.Join("systems", d.Name())
			entries, err := fs.ReadDir(src.fsys, path.Join(src.dir, dir))
			if err != nil {
				return nil, fmt.Errorf("failed to read %s%s: %w", src.prefix, dir, unwrapPath(err))
			}
			for _, e := range entries {
				// Hidden files, editors' lock files (".#x.rules", often a
				// link that leads nowhere) and backups are passed over, as
				// they are beside pages.
				if e.IsDir() || path.Ext(e.Name()) != ".rules" || site.Skipped(e.Name()) {
					continue
				}
				data, err := readRules(src.fsys, e, path.Join(src.dir, dir, e.Name()), src.prefix+dir+"/"+e.Name())
				if err != nil {
					return nil, err
				}
				systems.add(d.Name(), e.Name(), ruleFile{src.prefix + dir + "/" + e.Name(), data})
			}
		}
	}
	return systems, nil
}

// assemble parses every system's files and builds the registry: a
// system whose id has a builder gets its procedures.
func assemble(builders []engine.Builder, systems ruleFiles) (*engine.Registry, error) {
	reg := engine.NewRegistry()
	ids := make([]string, 0, len(systems))
	for id := range systems {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var errs []error
	for _, dir := range ids {
		names := make([]string, 0, len(systems[dir]))
		for n := range systems[dir] {
			names = append(names, n)
		}
		slices.Sort(names)
		var files []*rules.File
		var perr []error
		for _, n := range names {
			f, err := rules.Parse(systems[dir][n].name, systems[dir][n].data)
			if err != nil {
				perr = append(perr, err)
				continue
			}
			files = append(files, f)
		}
		if len(perr) > 0 {
			errs = append(errs, perr...)
			continue
		}
		set, err := rules.Assemble(files...)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if set.System.ID != dir {
			errs = append(errs, fmt.Errorf("%s: system id %q does not match its folder %q", set.System.Pos, set.System.ID, dir))
			continue
		}
		var sys engine.System = engine.Data{Set: set}
		if i := slices.IndexFunc(builders, func(b engine.Builder) bool { return b.ID == set.System.ID }); i >= 0 {
			sys, err = builders[i].New(set)
			if err != nil {
				errs = append(errs, err)
				continue
			}
		}
		if err := reg.Add(sys); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return reg, nil
}

// readRules reads a .rules file: a regular file of at most
// site.MaxFileSize bytes, never a device or a pipe. What the folder listing
// says a file is decides first, so that nothing but a regular file or a
// symbolic link is ever opened; a link is followed with Stat.
func readRules(fsys fs.FS, e fs.DirEntry, name, file string) ([]byte, error) {
	if t := e.Type(); t&fs.ModeSymlink == 0 && !t.IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", file)
	}
	fi, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("failed to read %s: %w", file, unwrapPath(err))
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", file)
	}
	if fi.Size() > site.MaxFileSize {
		return nil, fmt.Errorf("%s: %d bytes: at most %d", file, fi.Size(), site.MaxFileSize)
	}
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("failed to read %s: %w", file, unwrapPath(err))
	}
	return data, nil
}

// SiteRules are a site's own .rules files, by their path under content/
// ("systems/my-system/my-army.rules"): what the Roll page's engine loads
// over its built-in data (LoadSystemsOver), so it rolls the site's own
// systems and lists as the site's pages do.
func SiteRules(site string) (map[string]string, error) {
	root, err := openSite(site)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	if _, err := fs.Stat(root.FS(), "content/systems"); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	files, err := readSources(dataSource{root.FS(), "content", sitePrefix(site) + "content/"})
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for dir, byName := range files {
		for base, f := range byName {
			out[path.Join("systems", dir, base)] = string(f.data)
		}
	}
	return out, nil
}

// LoadSystemsOver loads the built-in rule data overlaid by over, a site's
// own files as SiteRules gives them: the same systems LoadSystems loads
// from the site's folder, for an engine that has no folder to read (the
// Roll page's, in the browser).
func LoadSystemsOver(over map[string]string, builders []engine.Builder) (*engine.Registry, error) {
	systems, err := readSources(dataSource{content.FS, ".", "content/"})
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(over))
	for n := range over {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		parts := strings.Split(n, "/")
		if len(parts) != 3 || parts[0] != "systems" || path.Ext(parts[2]) != ".rules" || site.Skipped(parts[1]) || site.Skipped(parts[2]) {
			return nil, fmt.Errorf("site rules %q: want systems/<id>/<name>.rules", n)
		}
		systems.add(parts[1], parts[2], ruleFile{"content/" + n, []byte(over[n])})
	}
	return assemble(builders, systems)
}
