package site

import (
	"io/fs"
	"slices"
	"strings"
)

// misnamedConfigs are the names a config file is given by someone used to
// another generator, or to another format: Hugo's hugo.toml and
// config.yaml, or sortie.conf with the extension of its format.
var misnamedConfigs = []string{
	"sortie.yaml", "sortie.yml", "sortie.toml", "sortie.json", "sortie.config", "sortie.cfg", "sortie.ini", "sortie.conf.yaml", "sortie.conf.txt",
	"hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json",
	"config.toml", "config.yaml", "config.yml", "config.json",
	"_config.yml", "_config.yaml",
}

// MisnamedConfig returns the name of a file in the top folder of fsys
// that looks meant as the site's config but is not named sortie.conf
// (hugo.toml, sortie.yaml, Sortie.conf ...), or "" when there is none.
// A folder that holds one and no sortie.conf builds as no site.
func MisnamedConfig(fsys fs.FS) string {
	return misnamedIn(fsys, ".")
}

func misnamedIn(fsys fs.FS, dir string) string {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return ""
	}
	for _, e := range entries { // sorted by name
		if e.IsDir() {
			continue
		}
		n := e.Name()
		if n == ConfigFile {
			return ""
		}
		if slices.Contains(misnamedConfigs, strings.ToLower(n)) || strings.EqualFold(n, ConfigFile) {
			return n
		}
	}
	return ""
}
