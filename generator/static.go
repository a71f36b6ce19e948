package generator

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/sortie-wargames/sortie/generator/output"
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

// walkFiles calls add for every regular file under dir, in path order.
// A symbolic link is followed only to a file inside the site; a link to
// a folder, a device or a pipe is an error.
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
// replace a file Sortie wrote (but the favicon); written lists those.
func (x *siteExtras) addStatic(written []string, emit func(output.File) error) error {
	ours := map[string]bool{output.Marker: true}
	for _, p := range written {
		ours[p] = true
	}
	var errs []error
	for _, f := range x.static {
		if ours[f.Path] {
			hint := ""
			if f.Path == "style.css" {
				hint = " (put your own stylesheet in layouts/style.css)"
			}
			errs = append(errs, fmt.Errorf("%s: would overwrite %s, which Sortie writes%s", x.files[f.Path], f.Path, hint))
		}
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
