package site

import (
	"io/fs"
	"slices"
	"strings"
)

// misnamedConfigs are the names a config file is given by someone used to
// another generator, or to another format: Hugo's hugo.toml, or
// sortie.conf with the extension of its format. They are a site's config
// wherever they are.
var misnamedConfigs = []string{
	"sortie.yaml", "sortie.yml", "sortie.toml", "sortie.json", "sortie.config", "sortie.cfg", "sortie.ini", "sortie.conf.yaml", "sortie.conf.txt",
	"hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json",
}

// genericConfigs are names many programs give their config (Hugo's older
// config.toml, Jekyll's _config.yml): a site's config only beside a
// site's folders (siteFolders), so a config.yaml in a home folder is not
// taken for one.
var genericConfigs = []string{"config.toml", "config.yaml", "config.yml", "config.json", "_config.yml", "_config.yaml"}

// siteFolders are the folders a site has beside its config.
var siteFolders = []string{"content", "layouts", "static"}

// MisnamedConfig returns the name of a file in the top folder of fsys
// that looks meant as the site's config but is not named sortie.conf
// (hugo.toml, sortie.yaml, Sortie.conf, or config.yaml beside content/
// ...), or "" when there is none. A folder that holds one and no
// sortie.conf builds as no site.
func MisnamedConfig(fsys fs.FS) string {
	return misnamedIn(fsys, ".")
}

func misnamedIn(fsys fs.FS, dir string) string {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return ""
	}
	folders := slices.ContainsFunc(entries, func(e fs.DirEntry) bool { return e.IsDir() && slices.Contains(siteFolders, e.Name()) })
	for _, e := range entries { // sorted by name
		if e.IsDir() {
			continue
		}
		n, lower := e.Name(), strings.ToLower(e.Name())
		if n == ConfigFile {
			return ""
		}
		if slices.Contains(misnamedConfigs, lower) || strings.EqualFold(n, ConfigFile) || folders && slices.Contains(genericConfigs, lower) {
			return n
		}
	}
	return ""
}
