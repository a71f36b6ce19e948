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
	"github.com/sortie-wargames/sortie/engine/swordsorcery"
)

// builders are the rule systems with engine procedures, by system id.
var builders = map[string]func(*rules.Set) (engine.System, error){
	swordsorcery.ID: func(s *rules.Set) (engine.System, error) { return swordsorcery.New(s) },
}

// dataSource is one place rule data is read from: a file system whose
// systems/<id>/ folders hold .rules files, and how to name its files in
// messages.
type dataSource struct {
	fsys   fs.FS
	prefix string // prepended to paths in error messages
}

// LoadSystems loads every rule system: the embedded data, overlaid by the
// site directory's content/systems/ when site is not empty. A site file
// with the same name as an embedded one replaces it; other site files add
// to the system (a new army list, say); a new folder adds a system, which
// needs engine procedures to be usable.
func LoadSystems(site string) (*engine.Registry, error) {
	sources := []dataSource{{content.FS, "content/"}}
	if site != "" {
		if fi, err := os.Stat(site); err != nil || !fi.IsDir() {
			return nil, fmt.Errorf("site directory %s: not found", site)
		}
		dir := filepath.Join(site, "content")
		if _, err := os.Stat(filepath.Join(dir, "systems")); err == nil {
			sources = append(sources, dataSource{os.DirFS(dir), filepath.ToSlash(dir) + "/"})
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("failed to read %s: %w", dir, err)
		}
	}
	return loadSystems(sources...)
}

func loadSystems(sources ...dataSource) (*engine.Registry, error) {
	type file struct {
		name string // path for messages
		data []byte
	}
	systems := map[string]map[string]file{} // id -> base name -> file
	for _, src := range sources {
		dirs, err := fs.ReadDir(src.fsys, "systems")
		if err != nil {
			return nil, fmt.Errorf("failed to read %ssystems: %w", src.prefix, err)
		}
		for _, d := range dirs {
			if !d.IsDir() {
				continue
			}
			dir := path.Join("systems", d.Name())
			entries, err := fs.ReadDir(src.fsys, dir)
			if err != nil {
				return nil, fmt.Errorf("failed to read %s%s: %w", src.prefix, dir, err)
			}
			for _, e := range entries {
				if e.IsDir() || path.Ext(e.Name()) != ".rules" {
					continue
				}
				data, err := fs.ReadFile(src.fsys, path.Join(dir, e.Name()))
				if err != nil {
					return nil, fmt.Errorf("failed to read %s%s/%s: %w", src.prefix, dir, e.Name(), err)
				}
				if systems[d.Name()] == nil {
					systems[d.Name()] = map[string]file{}
				}
				systems[d.Name()][e.Name()] = file{src.prefix + dir + "/" + e.Name(), data}
			}
		}
	}
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
		build, ok := builders[set.System.ID]
		if !ok {
			known := make([]string, 0, len(builders))
			for id := range builders {
				known = append(known, id)
			}
			slices.Sort(known)
			errs = append(errs, fmt.Errorf("%s: system %s has data but no engine procedures (systems with procedures: %s)", set.System.Pos, set.System.ID, strings.Join(known, ", ")))
			continue
		}
		sys, err := build(set)
		if err != nil {
			errs = append(errs, err)
			continue
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
