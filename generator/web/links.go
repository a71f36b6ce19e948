package web

import (
	"bytes"
	"fmt"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/sortie-wargames/sortie/generator/site"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
)

// mdLink is a link or image written in a page's Markdown.
type mdLink struct {
	file  string // the Markdown file, for messages
	line  int
	page  string // the page it is rendered on, relative to the site root
	dest  string
	image bool
}

// linkGuard is a goldmark transformer. It turns links and images whose
// URL could run script (javascript:, vbscript:, data: other than images)
// into their plain text, rather than goldmark's empty href, and records
// every other link so the build can check it resolves.
type linkGuard struct {
	found *[]mdLink
	file  string
	page  string
	first int // the file's line where the Markdown body starts
	// breaks are the offsets of the body's line breaks, so a link's line
	// is found by a binary search: counting from the start for each
	// link took the square of the page's length (1 MiB of links, 5 s).
	breaks []int
}

func (g *linkGuard) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	g.breaks = g.breaks[:0]
	for i, c := range src {
		if c == '\n' {
			g.breaks = append(g.breaks, i)
		}
	}
	var bad []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		var dest []byte
		image := false
		switch n := n.(type) {
		case *ast.Link:
			dest = n.Destination
		case *ast.Image:
			dest, image = n.Destination, true
		case *ast.AutoLink:
			dest = n.URL(src)
		default:
			return ast.WalkContinue, nil
		}
		if html.IsDangerousURL(dest) || isDangerous(dest) {
			bad = append(bad, n)
			return ast.WalkSkipChildren, nil
		}
		*g.found = append(*g.found, mdLink{file: g.file, line: g.line(n, src), page: g.page, dest: string(dest), image: image})
		if l, ok := n.(*ast.Link); ok {
			l.Destination = folderIndex(l.Destination)
		}
		return ast.WalkContinue, nil
	})
	for _, n := range bad {
		parent := n.Parent()
		if parent == nil {
			continue
		}
		var txt []byte
		if a, ok := n.(*ast.AutoLink); ok {
			txt = a.Label(src)
		} else {
			txt = plainText(n, src)
		}
		parent.ReplaceChild(parent, n, ast.NewString(txt))
	}
}

// isDangerous catches what goldmark's check lets through in odd case or
// with leading blanks.
func isDangerous(dest []byte) bool {
	d := strings.ToLower(strings.TrimSpace(string(dest)))
	for _, p := range []string{"javascript:", "vbscript:", "file:", "data:"} {
		if strings.HasPrefix(d, p) {
			return !strings.HasPrefix(d, "data:image/png") && !strings.HasPrefix(d, "data:image/gif") &&
				!strings.HasPrefix(d, "data:image/jpeg") && !strings.HasPrefix(d, "data:image/webp")
		}
	}
	return false
}

// plainText returns the text inside an inline node.
func plainText(n ast.Node, src []byte) []byte {
	var b bytes.Buffer
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
		case *ast.String:
			b.Write(c.Value)
		}
		return ast.WalkContinue, nil
	})
	return b.Bytes()
}

// line returns the file line of the block holding n.
func (g *linkGuard) line(n ast.Node, src []byte) int {
	for b := n; b != nil; b = b.Parent() {
		if b.Type() == ast.TypeBlock && b.Lines().Len() > 0 {
			n, _ := slices.BinarySearch(g.breaks, b.Lines().At(0).Start)
			return g.first + n
		}
	}
	return g.first
}

var idAttr = regexp.MustCompile(` id="([^"]*)"`)

// target is the page a link leads to, relative to the site root, and
// its #fragment; ok is false for a link that is not to a page of the
// site (another site, or one checkLinks refuses).
func (l mdLink) target() (target, fragment string, ok bool) {
	u, err := url.Parse(l.dest)
	if err != nil || u.Scheme != "" || u.Host != "" || strings.HasPrefix(u.Path, "/") {
		return "", "", false
	}
	target = l.page
	if u.Path != "" {
		target = path.Join(path.Dir(l.page), u.Path)
		if strings.HasSuffix(u.Path, "/") {
			target = path.Join(target, "index.html")
		}
	}
	return target, u.Fragment, true
}

// checkLinks checks every link written in Markdown: a path must lead to a
// file of the site (and its #fragment to an id there), relative to the
// page, because the site is also read straight from disk; a link to a
// folder ("../packs/x/") leads to its index.html (folderIndex writes it
// so). Images are full https: URLs, or files of the site, such as those
// static/ holds, by the same relative paths.
//
// gone names why a page is not in this build (a draft, or dated ahead),
// keyed by the page's path: a link to it, or to a file beside it, says
// so rather than only that the page is missing.
func checkLinks(links []mdLink, exists map[string]bool, gone map[string]string, hasID func(page, id string) bool) error {
	goneWhy := func(target string) (string, string) {
		for p := target; p != "." && p != "/" && p != ""; p = path.Dir(p) {
			if why, ok := gone[p]; ok {
				return p, why
			}
		}
		return "", ""
	}
	var errs []error
	fail := func(l mdLink, format string, args ...any) {
		errs = append(errs, &site.Error{File: l.file, Line: l.line, Msg: fmt.Sprintf("%s %q: ", kind(l), l.dest) + fmt.Sprintf(format, args...)})
	}
	for _, l := range links {
		u, err := url.Parse(l.dest)
		switch {
		case err != nil:
			fail(l, "not a URL")
			continue
		case l.image && (u.Scheme != "" || u.Host != "") && (!strings.EqualFold(u.Scheme, "https") || u.Host == ""):
			fail(l, "an image must be a full https: URL or a file of the site, such as static/img/map.svg shown as ../img/map.svg (docs/site.md): a page served over https shows no other")
			continue
		case u.Scheme != "" || u.Host != "":
			continue // the wider web: not ours to check
		case strings.HasPrefix(u.Path, "/"):
			fail(l, "write it relative to this page (such as ../packs/x/index.html): the site must also work opened from disk")
			continue
		}
		target, frag, _ := l.target()
		switch {
		case l.image && (u.Path == "" || strings.HasSuffix(u.Path, "/")):
			fail(l, "name the image's file, such as ../img/map.svg for static/img/map.svg")
			continue
		case l.image && (!exists[target] || strings.HasPrefix(target, "../")):
			fail(l, "no file %s in the site: put the image in static/%s (static/ is copied into the site as it is), or give its full https: URL", target, strings.TrimPrefix(target, "../"))
			continue
		case !exists[target] && !strings.HasPrefix(target, "../") && exists[path.Join(target, "index.html")]:
			fail(l, "%s is a folder, which a browser opening the site from disk shows as a list of files: link its page, %s/index.html", target, strings.TrimSuffix(u.Path, "/"))
			continue
		case !exists[target] && strings.HasSuffix(target, ".md") && madeOf(target) != "":
			made := madeOf(target)
			switch at, why := goneWhy(made); {
			case why != "":
				fail(l, "a Markdown file is linked by the page Sortie makes of it, %s, and that page is %s", at, why)
			case exists[made]:
				fail(l, "a Markdown file is linked by the page Sortie makes of it: %s%s", strings.Repeat("../", strings.Count(l.page, "/")), made)
			default:
				fail(l, "no page %s in the site: a Markdown file is linked by the page Sortie makes of it (content/%s would be %s), and there is no content/%s", target, target, made, target)
			}
			continue
		case !exists[target] || strings.HasPrefix(target, "../"):
			if at, why := goneWhy(target); why != "" {
				fail(l, "no page %s in this build: %s is %s", target, at, why)
				continue
			}
			fail(l, "no page %s in the site", target)
			continue
		}
		if frag != "" && !hasID(target, frag) {
			fail(l, "%s has no #%s", target, frag)
		}
	}
	if len(errs) > 0 {
		return joinErrors(errs)
	}
	return nil
}

func kind(l mdLink) string {
	if l.image {
		return "image"
	}
	return "link"
}

// folderIndex returns a relative link to a folder ("../packs/x/", "./",
// "../") as a link to its index.html, keeping any ?query and #fragment:
// a web server shows a folder's index.html, but a browser opening the
// site from disk shows a list of its files. Other links come back as
// they are.
func folderIndex(dest []byte) []byte {
	u, err := url.Parse(string(dest))
	if err != nil || u.Scheme != "" || u.Host != "" || u.Opaque != "" || strings.HasPrefix(u.Path, "/") || !strings.HasSuffix(u.Path, "/") {
		return dest
	}
	p, rest, _ := strings.Cut(string(dest), "?")
	if rest != "" {
		rest = "?" + rest
	} else if i := strings.IndexByte(p, '#'); i >= 0 {
		p, rest = p[:i], p[i:]
	}
	return []byte(p + "index.html" + rest)
}

// madeOf is the page Sortie makes of a content file, both relative to
// their roots ("packs/x.md" is made into "packs/x/index.html"), or "" for
// a path that is not a page's Markdown.
func madeOf(md string) string {
	dir, file := path.Split(md)
	dir, slug := strings.TrimSuffix(dir, "/"), strings.TrimSuffix(file, ".md")
	switch {
	case slug == "":
		return ""
	case dir == "" && slug == "index":
		return "index.html"
	case dir == site.KindPage, dir == site.KindPack, dir == site.KindCampaign, dir == site.KindSeries:
		return ContentPage(dir, slug)
	}
	return ""
}
