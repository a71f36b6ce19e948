// Package pwa makes a built site a Progressive Web App: a web app
// manifest and icons, so a phone can add the site to its home screen,
// and a service worker that keeps the site on the device, so it works
// with the network off after one visit. Every file it writes is a pure
// function of the site: the same site gives the same bytes.
//
// The worker keeps each file under a key holding a hash of its bytes:
// a new build's worker fetches only the files that changed and drops
// every file the build no longer has, or has with other bytes. Pages,
// the style sheet, icons and other small files are kept at the first
// visit (precached), up to PrecacheBudget in all; PDFs, which a site
// may have hundreds of, any file over PrecacheLimit, and the pages past
// the budget are kept once the player opens them.
package pwa

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// The files the package writes, from the site's root.
const (
	Manifest  = "manifest.webmanifest"
	Worker    = "sw.js"
	Register  = "offline.js" // the few lines every page loads to register Worker
	State     = "state.js"   // play state kept on the device, loaded by the pages played from
	AppleIcon = "icons/apple-touch-icon.png"
)

// PrecacheLimit is the size above which a file is kept only once opened.
const PrecacheLimit = 1 << 20

// PrecacheBudget is the most the worker fetches at the first visit: a
// club's site of hundreds of packs would otherwise send a phone a
// hundred megabytes of pages it may never open. The site's own files
// (style, scripts, icons) come first, then its pages from the top down
// (the home page and its lists, then each pack's and campaign's page,
// then their encounters), until the budget is spent; the rest are kept
// once opened, as PDFs are.
const PrecacheBudget = 16 << 20

//go:embed sw.js
var workerJS string

//go:embed offline.js
var registerJS []byte

//go:embed state.js
var stateJS []byte

// File is one file of the app, its path from the site's root.
type File struct {
	Path string
	Data []byte
}

// Colors are the site's colours as its style sheet sets them, in
// "#rrggbb" or "#rgb" form.
type Colors struct {
	Theme      string // the browser's bar around an installed app: the site's header band (--band)
	Background string // the splash screen while it starts: the page's paper (--paper)
	Accent     string // the icon's tile (--accent)
}

// DefaultColors are Sortie's own style sheet's: a site's style sheet
// that does not set one of the properties gets it from here.
var DefaultColors = Colors{Theme: "#1b1b1b", Background: "#fdfcf8", Accent: "#7a1f12"}

var customProp = regexp.MustCompile(`--(band|paper|accent)\s*:\s*(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3})\s*[;}]`)

// ColorsOf reads the colours from a style sheet's custom properties
// --band, --paper and --accent (the first setting of each, as Sortie's
// style.css sets them in :root); one not set, or not a hex colour, is
// DefaultColors'.
func ColorsOf(css []byte) Colors {
	c := DefaultColors
	seen := map[string]bool{}
	for _, m := range customProp.FindAllSubmatch(css, -1) {
		name, v := string(m[1]), strings.ToLower(string(m[2]))
		if seen[name] {
			continue
		}
		seen[name] = true
		switch name {
		case "band":
			c.Theme = v
		case "paper":
			c.Background = v
		case "accent":
			c.Accent = v
		}
	}
	return c
}

// App is what the manifest says of the site.
type App struct {
	Title   string // the site's title: the app's name
	Tagline string
	Colors  Colors
}

// ShortName is the name under the icon on a home screen, where some 12
// characters fit: the title when it is that short, else its first word
// when that is, else the title's first 12 characters.
func ShortName(title string) string {
	const fits = 12
	if utf8.RuneCountInString(title) <= fits {
		return title
	}
	if w := strings.Fields(title); len(w) > 0 && utf8.RuneCountInString(w[0]) <= fits {
		return w[0]
	}
	return string([]rune(title)[:fits])
}

type manifestIcon struct {
	Src     string `json:"src"`
	Sizes   string `json:"sizes"`
	Type    string `json:"type"`
	Purpose string `json:"purpose,omitempty"`
}

type manifest struct {
	Name        string         `json:"name"`
	ShortName   string         `json:"short_name"`
	Description string         `json:"description,omitempty"`
	Lang        string         `json:"lang"`
	StartURL    string         `json:"start_url"`
	Scope       string         `json:"scope"`
	Display     string         `json:"display"`
	Background  string         `json:"background_color"`
	Theme       string         `json:"theme_color"`
	Icons       []manifestIcon `json:"icons"`
}

// Files returns the app's files that do not depend on the rest of the
// build: the manifest, the script that registers the worker, the script
// that keeps play state on the device (ticked boxes, sealed items
// opened, a campaign's place and log: see state.js), and the icons. Every address in the manifest is relative to it, so the site
// works under any folder of any host.
func Files(app App) ([]File, error) {
	icons, err := iconFiles(app.Colors.Accent)
	if err != nil {
		return nil, err
	}
	m := manifest{
		Name: app.Title, ShortName: ShortName(app.Title), Description: app.Tagline, Lang: "en",
		StartURL: "index.html", Scope: "./", Display: "standalone",
		Background: app.Colors.Background, Theme: app.Colors.Theme,
	}
	for _, ic := range iconSet {
		if ic.manifest {
			m.Icons = append(m.Icons, manifestIcon{Src: ic.path, Sizes: ic.sizes(), Type: ic.typ(), Purpose: ic.purpose})
		}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return nil, fmt.Errorf("failed to write %s: %w", Manifest, err)
	}
	files := []File{{Manifest, b.Bytes()}, {Register, registerJS}, {State, stateJS}}
	return append(files, icons...), nil
}

// Entry is one file of the build as the worker sees it.
type Entry struct {
	Path string
	Sum  [32]byte // SHA-256 of its bytes
	Size int
}

// Kept says what the worker keeps on the device.
type Kept struct {
	Version        string // a hash over every file of the build
	Precached      int    // files kept at the first visit
	PrecachedBytes int64
	Opened         int // files kept once opened
	OpenedBytes    int64
}

// Ignored are the files a build writes that the worker leaves alone: the
// worker itself, and the output folder's marker.
var Ignored = map[string]bool{Worker: true, ".sortie-output": true}

// feeds are kept once opened, not at the first visit: a feed reader
// fetches them, not a player at the table. A list's feeds in its folder
// (tags/orcs/feed.xml) too.
var feeds = map[string]bool{"feed.xml": true, "feed.json": true, "sitemap.xml": true}

// Precached reports whether the worker keeps the file at the first visit
// (a page, the style sheet, an icon, a small file of the site's own),
// rather than once opened (a PDF, a feed, a file over PrecacheLimit).
func Precached(p string, size int) bool {
	return path.Ext(p) != ".pdf" && !feeds[path.Base(p)] && size <= PrecacheLimit
}

// hashLen is how many hex digits of a file's SHA-256 name its bytes in
// the worker: 48 bits, enough to tell two builds of one file apart.
const hashLen = 12

// WorkerFile writes the service worker for the build's files (every file
// but those Ignored, in any order): its version is a hash over them all,
// so any change to any file gives a new worker, which the browser
// installs in place of the old.
func WorkerFile(files []Entry) (File, Kept, error) {
	es := slices.Clone(files)
	slices.SortFunc(es, func(a, b Entry) int { return strings.Compare(a.Path, b.Path) })
	var k Kept
	pre, opened := map[string]string{}, map[string]string{}
	var all bytes.Buffer
	first := firstVisit(es)
	for i, e := range es {
		if i > 0 && es[i-1].Path == e.Path {
			return File{}, Kept{}, fmt.Errorf("failed to write %s: %s is given twice", Worker, e.Path)
		}
		if Ignored[e.Path] {
			continue
		}
		h := fmt.Sprintf("%x", e.Sum)
		fmt.Fprintf(&all, "%s\x00%s\n", e.Path, h)
		if first[e.Path] {
			pre[e.Path] = h[:hashLen]
			k.Precached++
			k.PrecachedBytes += int64(e.Size)
		} else {
			opened[e.Path] = h[:hashLen]
			k.Opened++
			k.OpenedBytes += int64(e.Size)
		}
	}
	k.Version = fmt.Sprintf("%x", sha256.Sum256(all.Bytes()))[:16]
	var data bytes.Buffer
	fmt.Fprintf(&data, "const VERSION = %q;\n", k.Version)
	for _, v := range []struct {
		name  string
		files map[string]string
	}{{"PRECACHE", pre}, {"OPENED", opened}} {
		b, err := marshal(v.files)
		if err != nil {
			return File{}, Kept{}, fmt.Errorf("failed to write %s: %w", Worker, err)
		}
		fmt.Fprintf(&data, "const %s = %s;\n", v.name, b)
	}
	js := strings.Replace(workerJS, "/*DATA*/\n", data.String(), 1)
	return File{Worker, []byte(js)}, k, nil
}

// firstVisit returns the files the worker keeps at the first visit:
// those Precached, in the order of PrecacheBudget (files that are not
// pages, then pages by depth, a folder's index.html first, then by
// path), while they fit in it.
func firstVisit(es []Entry) map[string]bool {
	var cand []Entry
	for _, e := range es {
		if !Ignored[e.Path] && Precached(e.Path, e.Size) {
			cand = append(cand, e)
		}
	}
	// Not a page 0, then by the page's depth, a folder's index.html (a
	// list, a pack's or a campaign's page) before the pages beside it.
	rank := func(e Entry) int {
		if path.Ext(e.Path) != ".html" {
			return 0
		}
		r := 1 + 2*strings.Count(e.Path, "/")
		if path.Base(e.Path) != "index.html" {
			r++
		}
		return r
	}
	slices.SortStableFunc(cand, func(a, b Entry) int {
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra - rb
		}
		return strings.Compare(a.Path, b.Path)
	})
	keep := map[string]bool{}
	spent := 0
	for _, e := range cand {
		if spent+e.Size > PrecacheBudget {
			break
		}
		spent += e.Size
		keep[e.Path] = true
	}
	return keep
}

// marshal writes a map as a JavaScript object, one key a line, in key
// order (encoding/json sorts a map's keys).
func marshal(m map[string]string) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "")
	if err := enc.Encode(m); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// String says what the worker keeps, for the build's output: "kept on
// the device after one visit: 141 files, 8.6 MB; 286 more, 44.1 MB,
// once each is opened (worker version 0123456789abcdef)".
func (k Kept) String() string {
	return fmt.Sprintf("kept on the device after one visit: %d files, %s; %d more, %s, once each is opened (worker version %s)",
		k.Precached, megabytes(k.PrecachedBytes), k.Opened, megabytes(k.OpenedBytes), k.Version)
}

// megabytes writes a size in MB of 10⁶ bytes, to one decimal place.
func megabytes(n int64) string {
	tenths := (n + 50_000) / 100_000
	return fmt.Sprintf("%d.%d MB", tenths/10, tenths%10)
}
