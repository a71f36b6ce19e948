package site

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"github.com/sortie-wargames/sortie/engine"
)

// Layout is every folder and file Sortie reads under content/, in one
// place: the site loader reads these and the scan below reports anything
// else. A folder named here holds Markdown files (*.md) and no folders,
// except systems/, which holds a folder per rule system with its
// index.md and *.rules files.
var Layout = struct {
	Files   []string // files directly under content/
	Folders []string // folders of *.md files directly under content/
	Systems string   // the folder of rule systems
}{
	Files:   []string{"index.md"},
	Folders: []string{"pages", "packs", "campaigns", "series"},
	Systems: "systems",
}

// Skipped reports the files and folders a site may hold that Sortie
// passes over without a word: hidden ones (".git", ".DS_Store", an
// editor's lock file ".#x.md") and editors' backups ("x.md~", Emacs's
// "#x.md#").
func Skipped(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasSuffix(name, "~") ||
		(len(name) > 1 && strings.HasPrefix(name, "#") && strings.HasSuffix(name, "#"))
}

// scan walks the content folder dir and reports, at its path, everything
// Sortie would not read: an error for what was surely meant as content (a
// folder it does not know, a page in a sub-folder, a Markdown file not
// named *.md, a rules file not named *.rules or not directly in its
// system's folder, a folder that cannot be read) and a warning for any
// other file, which a build never copies.
func scan(fsys fs.FS, dir, prefix string, systems *engine.Registry) (errs []error, warns []string) {
	warn := func(name, msg string) { warns = append(warns, prefix+name+": "+msg) }
	fail := func(name, msg string) { errs = append(errs, &Error{prefix + name, 0, msg}) }
	entries, ok := readDir(fsys, dir, prefix, &errs)
	if !ok {
		return
	}
	if entries == nil {
		warn(dir, "no such folder: the site has no pages, packs or campaigns")
		return
	}
	folders := slices.Concat(Layout.Folders, []string{Layout.Systems})
	for _, e := range entries {
		name := path.Join(dir, e.Name())
		isDir, ok := kind(fsys, name, e, prefix, &errs)
		switch {
		case !ok || Skipped(e.Name()):
		case isDir && slices.Contains(Layout.Folders, e.Name()):
			mdFolder(fsys, name, prefix, &errs, warn, fail)
		case isDir && e.Name() == Layout.Systems:
			systemsFolder(fsys, name, prefix, systems, &errs, warn, fail)
		case isDir:
			fail(name, fmt.Sprintf("a folder Sortie does not read (content/ holds %s/ and %s/): rename it or move it out of content/", strings.Join(folders[:len(folders)-1], "/, "), folders[len(folders)-1]))
		case slices.Contains(Layout.Files, e.Name()):
		case dir == "." && e.Name() == ConfigFile:
			// The embedded default site keeps its settings beside its
			// content; Load reads them.
		case path.Ext(e.Name()) == ".md":
			fail(name, "a Markdown file Sortie does not read: content/ holds one page, index.md; move it to content/pages/")
		default:
			fileIn(name, "content/", "index.md", warn, fail)
		}
	}
	return
}

// fileIn reports a file Sortie does not read where want is read.
func fileIn(name, where, want string, warn, fail func(string, string)) {
	base := path.Base(name)
	ext := path.Ext(base)
	switch {
	case isMarkdownName(base):
		fail(name, fmt.Sprintf("a Markdown file Sortie does not read: %s reads %s; rename it %s.md", where, want, strings.TrimSuffix(base, ext)))
	case strings.EqualFold(ext, ".rules"):
		fail(name, "a rules file Sortie does not read: rule data goes in content/systems/<id>/*.rules")
	default:
		warn(name, "not read: a build copies no files from content/")
	}
}

// isMarkdownName reports the names of Markdown files other than *.md.
func isMarkdownName(base string) bool {
	ext := strings.ToLower(path.Ext(base))
	return ext != path.Ext(base) && ext == ".md" || slices.Contains([]string{".markdown", ".mdown", ".mkd", ".mkdn", ".mdwn"}, ext)
}

// mdFolder reports what a folder of pages holds besides *.md files.
func mdFolder(fsys fs.FS, dir, prefix string, errs *[]error, warn, fail func(string, string)) {
	entries, ok := readDir(fsys, dir, prefix, errs)
	if !ok {
		return
	}
	for _, e := range entries {
		name := path.Join(dir, e.Name())
		isDir, ok := kind(fsys, name, e, prefix, errs)
		switch {
		case !ok || Skipped(e.Name()):
		case isDir:
			fail(name, fmt.Sprintf("a folder inside %s/: Sortie reads only the .md files directly in it; move its pages up", path.Base(dir)))
		case path.Ext(e.Name()) == ".md":
		case path.Base(dir) == "campaigns" && isStateFile(e.Name()):
			// a campaign file, read where a campaign names it (continue:)
		default:
			fileIn(name, path.Base(dir)+"/", "*.md", warn, fail)
		}
	}
}

// systemsFolder reports what systems/ holds besides a folder per rule
// system with its index.md and *.rules files.
func systemsFolder(fsys fs.FS, dir, prefix string, systems *engine.Registry, errs *[]error, warn, fail func(string, string)) {
	entries, ok := readDir(fsys, dir, prefix, errs)
	if !ok {
		return
	}
	for _, e := range entries {
		name := path.Join(dir, e.Name())
		isDir, ok := kind(fsys, name, e, prefix, errs)
		switch {
		case !ok || Skipped(e.Name()):
			continue
		case !isDir:
			fileIn(name, "systems/", "a folder per rule system", warn, fail)
			continue
		}
		if systems != nil {
			if _, err := systems.Get(e.Name()); err != nil {
				fail(name, fmt.Sprintf("no rule system %q: a system's folder needs its .rules files, one with its system table (docs/data.md)", e.Name()))
				continue
			}
		}
		inner, ok := readDir(fsys, name, prefix, errs)
		if !ok {
			continue
		}
		for _, f := range inner {
			fname := path.Join(name, f.Name())
			isDir, ok := kind(fsys, fname, f, prefix, errs)
			switch {
			case !ok || Skipped(f.Name()):
			case isDir:
				fail(fname, "a folder inside a rule system's folder: Sortie reads only the index.md and .rules files directly in it")
			case f.Name() == "index.md" || path.Ext(f.Name()) == ".rules":
			case strings.EqualFold(path.Ext(f.Name()), ".rules"):
				fail(fname, fmt.Sprintf("a rules file Sortie does not read: rename it %s.rules", strings.TrimSuffix(f.Name(), path.Ext(f.Name()))))
			case isMarkdownName(f.Name()) || path.Ext(f.Name()) == ".md":
				fail(fname, "a Markdown file Sortie does not read: a rule system's folder has one page, index.md")
			default:
				warn(fname, "not read: a build copies no files from content/")
			}
		}
	}
}

// readDir reads a folder, sorted. A folder that does not exist gives nil
// and true; one that cannot be read is an error at its path.
func readDir(fsys fs.FS, dir, prefix string, errs *[]error) ([]fs.DirEntry, bool) {
	entries, err := fs.ReadDir(fsys, dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, true
	case err != nil:
		*errs = append(*errs, fmt.Errorf("failed to read %s%s: %w", prefix, dir, unwrapPath(err)))
		return nil, false
	}
	if entries == nil {
		entries = []fs.DirEntry{}
	}
	return entries, true
}

// kind says whether name is a folder, following a symbolic link (which
// must stay inside the site); a link that leads nowhere, or outside the
// site, is an error at its path.
func kind(fsys fs.FS, name string, e fs.DirEntry, prefix string, errs *[]error) (isDir, ok bool) {
	if e.Type()&fs.ModeSymlink == 0 {
		return e.IsDir(), true
	}
	fi, err := fs.Stat(fsys, name)
	if err != nil {
		*errs = append(*errs, &Error{prefix + name, 0, "a symbolic link Sortie cannot follow: " + unwrapPath(err).Error() + " (a link must lead to a file or folder inside the site)"})
		return false, false
	}
	return fi.IsDir(), true
}

// rawHTML reports, at its line, each piece of raw HTML in a page's
// Markdown: the site drops it (docs/site.md), so the author should know.
func rawHTML(p *Page) []string {
	src := p.Body
	doc := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough)).Parser().Parse(text.NewReader(src))
	var out []string
	last := 0
	report := func(off int) {
		line := p.BodyLine + strings.Count(string(src[:off]), "\n")
		if line != last { // once a line
			out = append(out, (&Error{p.File, line, "raw HTML is dropped from the page: write it in Markdown"}).Error())
			last = line
		}
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.HTMLBlock:
			if n.Lines().Len() > 0 {
				report(n.Lines().At(0).Start)
			}
			return ast.WalkSkipChildren, nil
		case *ast.RawHTML:
			if n.Segments.Len() > 0 {
				report(n.Segments.At(0).Start)
			}
		}
		return ast.WalkContinue, nil
	})
	return out
}

// shortcode is a Hugo shortcode's opening, "{{<" or "{{%".
var shortcode = regexp.MustCompile(`\{\{\s*[<%]`)

// shortcodes refuses, at its line, a Hugo shortcode in a page's Markdown
// outside code: Sortie has none, and one would print as it is written.
// In a code span or block it is text the author means to show.
func shortcodes(p *Page) error {
	src := p.Body
	if !shortcode.Match(src) {
		return nil
	}
	doc := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough)).Parser().Parse(text.NewReader(src))
	var code [][2]int // byte ranges of code spans and blocks
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			lines := n.Lines()
			if lines.Len() > 0 {
				code = append(code, [2]int{lines.At(0).Start, lines.At(lines.Len() - 1).Stop})
			}
			return ast.WalkSkipChildren, nil
		case *ast.CodeSpan:
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if t, ok := c.(*ast.Text); ok {
					code = append(code, [2]int{t.Segment.Start, t.Segment.Stop})
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	for _, m := range shortcode.FindAllIndex(src, -1) {
		if slices.ContainsFunc(code, func(r [2]int) bool { return m[0] >= r[0] && m[0] < r[1] }) {
			continue
		}
		line := p.BodyLine + bytes.Count(src[:m[0]], []byte("\n"))
		end := bytes.IndexByte(src[m[0]:], '\n')
		if end < 0 {
			end = len(src) - m[0]
		}
		what := strings.TrimSpace(string(src[m[0] : m[0]+min(end, 60)]))
		return &Error{p.File, line, fmt.Sprintf("%s: a Hugo shortcode, which Sortie does not have: it would print as written. Write it in Markdown (an image: ![what it shows](../img/map.png), with the file in static/img/), or put it in `backticks` to show it as code", what)}
	}
	return nil
}

// isStateFile reports the names a campaign file may have: a campaign's
// "continue:" names one beside it in campaigns/.
func isStateFile(name string) bool {
	ext := path.Ext(name)
	return ext == ".yaml" || ext == ".yml"
}
