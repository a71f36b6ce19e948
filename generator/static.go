package generator

import (
	"errors"
	"fmt"
	"golang.org/x/text/unicode/norm"
	"io/fs"
	"path"
	"strings"

	"github.com/sortie-wargames/sortie/generator/output"
	"github.com/sortie-wargames/sortie/generator/site"
	"github.com/sortie-wargames/sortie/generator/web"
)

// A site's own files beside content/, as Hugo has them:
//
//   - static/ is copied into the output as is, every file under the same
//     path ("static/img/map.png" becomes "img/map.png"). A file there that
//     would replace one Sortie writes is an error; static/favicon.* is the
//     exception, which replaces Sortie's favicon.
//   - layouts/ holds the site's own versions of the embedded templates and
//     of style.css (web.LayoutNames), which replace them.
//
// Both are read through the site's os.Root, so no symbolic link leads
// outside the site.

// siteExtras are a site's static files and layouts.
type siteExtras struct {
	static  []output.File
	files   map[string]string // output path -> the static file, for messages
	layouts map[string]web.Layout
	favicon string // the site's own favicon in static/, or ""
}

// readExtras reads the static/ and layouts/ folders of the site at source;
// either may be missing.
func readExtras(source string) (*siteExtras, error) {
	x := &siteExtras{files: map[string]string{}, layouts: map[string]web.Layout{}}
	if source == "" {
		return x, nil
	}
	root, err := openSite(source)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	fsys, prefix := root.FS(), sitePrefix(source)
	var errs []error
	err = walkFiles(fsys, "static", prefix, func(name string, data []byte) {
		out := strings.TrimPrefix(name, "static/")
		x.static = append(x.static, output.File{Path: out, Data: data})
		x.files[out] = prefix + name
		if !strings.Contains(out, "/") && strings.HasPrefix(out, "favicon.") && (x.favicon == "" || out == web.Favicon) {
			x.favicon = out
		}
	}, &errs)
	if err != nil {
		return nil, err
	}
	err = walkFiles(fsys, "layouts", prefix, func(name string, data []byte) {
		base := strings.TrimPrefix(name, "layouts/")
		x.layouts[base] = web.Layout{File: prefix + name, Data: data}
	}, &errs)
	if err != nil {
		return nil, err
	}
	return x, errors.Join(errs...)
}

// versionControl names the folders version control keeps its history in
// (and the file a Git submodule or worktree has in place of .git): never
// a site's files, and copying one would put its history in place of a
// deploy checkout's own.
var versionControl = map[string]bool{".git": true, ".hg": true, ".svn": true, ".bzr": true, "_darcs": true, "CVS": true, ".fossil": true}

// walkFiles calls add for every regular file under dir, in path order,
// passing over version control's folders. A symbolic link is followed
// only to a file inside the site; a link to a folder, a device or a pipe
// is an error.
func walkFiles(fsys fs.FS, dir, prefix string, add func(name string, data []byte), errs *[]error) error {
	if _, err := fs.Stat(fsys, dir); errors.Is(err, fs.ErrNotExist) {
		return nil
	} else if err != nil {
		return fmt.Errorf("failed to read %s%s: %w", prefix, dir, unwrapPath(err))
	}
	return fs.WalkDir(fsys, dir, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("failed to read %s%s: %w", prefix, name, unwrapPath(err))
		}
		if name != dir && versionControl[d.Name()] {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		fi, err := fs.Stat(fsys, name) // follows a link, inside the root only
		if err != nil {
			*errs = append(*errs, fmt.Errorf("%s%s: %w", prefix, name, unwrapPath(err)))
			return nil
		}
		if !fi.Mode().IsRegular() {
			*errs = append(*errs, fmt.Errorf("%s%s: not a regular file", prefix, name))
			return nil
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			*errs = append(*errs, fmt.Errorf("failed to read %s%s: %w", prefix, name, unwrapPath(err)))
			return nil
		}
		add(name, data)
		return nil
	})
}

// addStatic writes the site's static files, refusing any that would
// replace a file Sortie wrote (but the favicon), or a folder, or that
// differs from one of them, or from another static file, only in case
// (one file on macOS's and Windows's disks); and any name Windows cannot
// hold. Each error names the file under static/. written lists Sortie's
// files.
func (x *siteExtras) addStatic(written []string, emit func(output.File) error) error {
	ours := map[string]bool{output.Marker: true}
	folded := map[string]string{} // folded (foldName) -> the path as Sortie writes it
	for _, p := range written {
		ours[p] = true
		for q := p; q != "."; q = path.Dir(q) {
			if _, ok := folded[foldName(q)]; !ok {
				folded[foldName(q)] = q
			}
		}
	}
	dirs := map[string]bool{}
	for _, p := range written {
		for d := path.Dir(p); d != "."; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	var errs []error
	statics := map[string]string{} // folded (foldName) -> the static file's path in the site
	for _, f := range x.static {
		file := x.files[f.Path]
		switch {
		case ours[f.Path]:
			hint := ""
			if f.Path == "style.css" {
				hint = " (put your own stylesheet in layouts/style.css)"
			}
			errs = append(errs, fmt.Errorf("%s: would overwrite %s, which Sortie writes%s", file, f.Path, hint))
			continue
		case dirs[f.Path]:
			errs = append(errs, fmt.Errorf("%s: would stand where Sortie writes the folder %s/: rename it", file, f.Path))
			continue
		}
		if err := portableName(f.Path); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", file, err))
			continue
		}
		low := foldName(f.Path)
		if q, ok := folded[low]; ok {
			errs = append(errs, fmt.Errorf("%s: differs from %s, which Sortie writes, only %s; rename it", file, q, howAlike(f.Path, q)))
		} else if other, ok := statics[low]; ok {
			errs = append(errs, fmt.Errorf("%s: differs from %s only %s; rename one", file, x.files[other], howAlike(f.Path, other)))
		}
		statics[low] = f.Path
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	for _, f := range x.static {
		if err := emit(f); err != nil {
			return err
		}
	}
	return nil
}

// portableName refuses a path under static/ that could not be copied to
// every system a site is put on: a backslash (Windows reads it as a
// folder: "..\\..\\evil.txt" would climb out of the site), a character
// Windows forbids, or a name Windows keeps for a device (con, aux, nul,
// com1 ..., with or without an extension).
func portableName(p string) error {
	for _, part := range strings.Split(p, "/") {
		if i := strings.IndexAny(part, `\:*?"<>|`); i >= 0 {
			return fmt.Errorf("the name %q holds %q, which Windows does not allow in a file name (a backslash separates folders there): rename it", part, part[i:i+1])
		}
		if strings.HasSuffix(part, ".") || strings.HasSuffix(part, " ") {
			return fmt.Errorf("the name %q ends in a dot or a space, which Windows drops: rename it", part)
		}
		if site.IsDeviceName(part) {
			return fmt.Errorf("the name %q is a device on Windows, where no file may have it: rename it", part)
		}
	}
	return nil
}

// foldName is a name as the disks that hold a site on other machines
// compare it: macOS's and Windows's ignore case, and macOS's also how an
// accent is encoded ("é" as one code point, or "e" and a combining
// accent, as macOS itself writes names), so two names that fold alike
// are one file there.
func foldName(p string) string { return strings.ToLower(norm.NFC.String(p)) }

// howAlike says how two names that fold alike differ.
func howAlike(a, b string) string {
	if strings.EqualFold(a, b) {
		return "in case: they are one file on macOS's and Windows's disks"
	}
	return "in how an accent is encoded (one code point, or a letter and a combining accent): they are one file on macOS's disks"
}
