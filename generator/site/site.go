// Package site reads a Sortie site: its config file and, under content/,
// the Markdown pages, scenario packs and campaigns with their front
// matter. It checks everything it reads, naming the file and line of each
// mistake, but rolls nothing: the generator asks the engine for that.
package site

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/engine/series"
	"github.com/sortie-wargames/sortie/generator/output"
)

// ConfigFile is the name of a site's config file, beside its content/.
const ConfigFile = "sortie.conf"

// Papers are the paper sizes booklets can be printed on.
var Papers = []string{"a4", "letter"}

// Site is a whole site as written by its author.
type Site struct {
	Title     string
	Tagline   string
	Papers    []string // booklet paper sizes, in order
	Home      *Page    // content/index.md; never nil
	Pages     []*Page  // content/pages/*.md
	Packs     []*Pack  // content/packs/*.md
	Campaigns []*Campaign
	Series    []*Series // content/series/*.md
	Systems   []*Page   // content/systems/<id>/index.md, Slug = system id
	// BaseURL is where the site is published ("https://example.org/x/"),
	// or "": feeds then link relatively and there is no sitemap.
	BaseURL string
	// PrintOnDemand ("print: on-demand") has the build also write a
	// print-ready booklet of each pack and campaign, for a print-on-demand
	// service.
	PrintOnDemand bool
	// Keep names what a rebuild keeps at the top of the output when the
	// build does not make it, besides .git and CNAME ("keep: .nojekyll").
	Keep []string
	// LeftOut are the pages, packs, campaigns and series Select left out
	// of this build (drafts, and what is dated ahead), each with why: a
	// link to one is told why it leads nowhere, not only that it does.
	LeftOut []LeftOut
	// Warnings are what Sortie read but will not use as written, each
	// "file:line: message" (or "file: message"), in a stable order: files
	// under content/ it does not read, raw HTML it drops, a comment after
	// a value. A build carries them to its summary for the CLI to print.
	Warnings []string
	// Impose is "saddle" when the build writes a folded booklet beside
	// each flat one of a pack or campaign (sortie.conf impose:), else "".
	Impose string
	// Fonts are the font files the site names for its booklets' reading
	// text (sortie.conf font:, and font-bold:, font-italic:,
	// font-bold-italic:), by key in that order, nil for a style not
	// named; all nil when the site prints in the built-in face.
	Fonts [4]*FontFile
	// Future ("future: true") builds the packs and campaigns dated after
	// the build's day too, rather than leave them out until then.
	Future bool
	// Offline ("offline: true", the default) has the build write a web
	// app manifest and a service worker (package pwa), so the site can
	// be added to a phone's home screen and works offline after one
	// visit; "offline: false" leaves them out.
	Offline bool
	// Paginate is how many packs and campaigns a page of the home page
	// (and of every list of them) holds before the older ones go on to
	// page/2/index.html ("paginate: 20", the default, as Hugo's).
	Paginate int
	// month is the month the build rolls series up to (Select), or zero.
	month series.Month
}

// FontKeys are the config keys naming a site's own font files: its
// regular, bold, italic and bold italic styles (Site.Fonts).
var FontKeys = [4]string{"font", "font-bold", "font-italic", "font-bold-italic"}

// FontFile is a font file a site's config names.
type FontFile struct {
	Path string // inside the site, as the config wrote it
	File string // the config file, for messages
	Line int    // the config line naming it
	Data []byte
}

// MaxFontSize bounds a font file: a whole CJK font is a few megabytes.
const MaxFontSize = 32 << 20

// Page is a Markdown page.
type Page struct {
	File     string // path for messages
	Slug     string
	Title    string
	Summary  string
	Weight   int
	Body     []byte    // Markdown
	BodyLine int       // line of the file where Body starts
	Date     time.Time // when a pack or campaign was added ("date: 2026-11-23"), for the feeds; zero when not given
	Draft    bool      // "draft: true": left out of a build unless it asks for drafts (Select)
	Tags     []string  // a pack's or campaign's "tags:", each a slug, in the order written
	Fields   *Fields
}

// Pack is a scenario pack: a run of encounters from one seed.
type Pack struct {
	Page
	System  string
	Seed    string
	Types   []string // encounter types, one per encounter, in order
	Options engine.Options
}

// Campaign is a campaign of Steps encounters from one seed.
type Campaign struct {
	Page
	System  string
	Seed    string
	Steps   int
	Options engine.Options
	// From is the campaign file the campaign goes on from (front
	// matter "continue:"): the campaign is its next chapter, and seed,
	// steps and options are the file's. Nil for a campaign rolled whole.
	From *campaign.State
}

// Keys allowed in each kind of file.
var (
	configKeys   = slices.Concat([]string{"title", "tagline", "paper", "impose", "baseurl", "keep", "print", "future", "offline", "paginate"}, FontKeys[:])
	pageKeys     = []string{"title", "slug", "summary", "weight", "draft"}
	homeKeys     = []string{"title", "summary"}
	systemKeys   = []string{"title", "summary"} // the page's slug is the system's id, and system pages keep the systems' order
	optionKeys   = engine.OptionKeys()
	packKeys     = slices.Concat(pageKeys, []string{"system", "seed", "encounters", "date", "tags"}, optionKeys)
	campaignKeys = slices.Concat(pageKeys, []string{"system", "seed", "steps", "continue", "date", "tags"}, optionKeys)
)

// maxErrors bounds the mistakes reported at once.
const maxErrors = 20

// Load reads the site in fsys: the config file at conf and the content
// folder dir. prefix is put before paths in messages. Systems says which
// rule systems exist, so a pack naming an unknown one is caught here with
// its line.
func Load(fsys fs.FS, conf, dir, prefix string, systems *engine.Registry) (*Site, error) {
	s := &Site{}
	var errs []error
	add := func(err error) {
		if err != nil && len(errs) <= maxErrors {
			errs = append(errs, err)
		}
	}
	add(s.config(fsys, conf, prefix))
	scanErrs, scanWarns := scan(fsys, dir, prefix, systems)
	for _, err := range scanErrs {
		add(err)
	}
	s.Warnings = append(s.Warnings, scanWarns...)
	read := func(name string, keys []string) (*Page, error) {
		p, err := readPage(fsys, name, prefix, keys)
		if err == nil {
			s.Warnings = append(s.Warnings, p.Fields.Warnings...)
			s.Warnings = append(s.Warnings, rawHTML(p)...)
			err = shortcodes(p)
		}
		return p, err
	}

	home, err := read(path.Join(dir, "index.md"), homeKeys)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		home = &Page{File: prefix + path.Join(dir, "index.md"), Title: s.Title}
	case err != nil:
		add(err)
		home = &Page{}
	}
	if home.Title == "" {
		home.Title = s.Title
	}
	s.Home = home

	each := func(sub string, keys []string, fn func(*Page) error) {
		names, err := fs.Glob(fsys, path.Join(dir, sub, "*.md"))
		if err != nil {
			add(err)
			return
		}
		for _, name := range names { // Glob sorts
			if Skipped(path.Base(name)) {
				continue // hidden files and editors' lock files
			}
			p, err := read(name, keys)
			if err != nil {
				add(err)
				continue
			}
			add(fn(p))
		}
	}
	each("pages", pageKeys, func(p *Page) error {
		if err := needTitle(p); err != nil {
			return err
		}
		s.Pages = append(s.Pages, p)
		return nil
	})
	each("packs", packKeys, func(p *Page) error {
		pk, err := newPack(p, systems)
		if err == nil {
			s.Packs = append(s.Packs, pk)
		}
		return err
	})
	each("campaigns", campaignKeys, func(p *Page) error {
		c, err := newCampaign(p, systems, func(name string) (string, []byte, error) {
			full := path.Join(dir, "campaigns", name)
			b, err := fs.ReadFile(fsys, full)
			return prefix + full, b, err
		})
		if err == nil {
			s.Campaigns = append(s.Campaigns, c)
		}
		return err
	})
	each("series", seriesKeys, func(p *Page) error {
		sr, err := newSeries(p, systems)
		if err == nil {
			s.Series = append(s.Series, sr)
		}
		return err
	})
	if systems != nil {
		for _, id := range systems.IDs() {
			name := path.Join(dir, "systems", id, "index.md")
			p, err := read(name, systemKeys)
			switch {
			case errors.Is(err, fs.ErrNotExist):
				continue
			case err != nil:
				add(err)
				continue
			}
			p.Slug = id
			s.Systems = append(s.Systems, p)
		}
	}
	add(uniqueSlugs(s.Pages))
	add(uniqueSlugs(pagesOf(s.Packs)))
	add(uniqueSlugs(pagesOf(s.Campaigns)))
	s.Warnings = append(s.Warnings, unnamedFiles(fsys, path.Join(dir, "campaigns"), prefix, s.Campaigns)...)
	add(uniqueSlugs(pagesOf(s.Series)))
	sortPages(s.Pages)
	slices.SortStableFunc(s.Packs, func(a, b *Pack) int { return byWeight(&a.Page, &b.Page) })
	slices.SortStableFunc(s.Campaigns, func(a, b *Campaign) int { return byWeight(&a.Page, &b.Page) })
	slices.SortStableFunc(s.Series, func(a, b *Series) int { return byWeight(&a.Page, &b.Page) })
	if len(errs) > maxErrors {
		errs = append(errs[:maxErrors], errors.New("too many mistakes; fix these first"))
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return s, nil
}

// MaxFileSize bounds every file a site holds.
const MaxFileSize = 1 << 20

// Length limits, in characters: enough for any real title or seed, and
// short enough that a page header or footer can hold them.
const (
	maxTitle   = 200
	maxSummary = 500
	maxSeed    = 200
)

// readFile reads a regular file of at most MaxFileSize bytes: never a
// device, a pipe or a folder, whatever a name points at.
func readFile(fsys fs.FS, name, file string) ([]byte, error) {
	return readFileMax(fsys, name, file, MaxFileSize)
}

func readFileMax(fsys fs.FS, name, file string, limit int64) ([]byte, error) {
	fi, err := fs.Stat(fsys, name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		return nil, fmt.Errorf("failed to read %s: %w", file, unwrapPath(err))
	}
	if !fi.Mode().IsRegular() {
		return nil, &Error{file, 0, "not a regular file"}
	}
	if fi.Size() > limit {
		return nil, &Error{file, 0, fmt.Sprintf("%d bytes: at most %d", fi.Size(), limit)}
	}
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("failed to read %s: %w", file, unwrapPath(err))
	}
	return data, nil
}

// unwrapPath drops the path from a *fs.PathError, which names the file
// relative to the site; the message names it in full already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func (s *Site) config(fsys fs.FS, name, prefix string) error {
	file := prefix + name
	data, err := readFile(fsys, name, file)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			if m := misnamedIn(fsys, path.Dir(name)); m != "" {
				return &Error{file, 0, fmt.Sprintf("missing: the site has %s, which Sortie does not read: rename it %s (YAML, with at least a title: line)", prefix+path.Join(path.Dir(name), m), ConfigFile)}
			}
			return &Error{file, 0, "missing: a site needs a " + ConfigFile + " with at least a title: line"}
		}
		return err
	}
	data = bytes.TrimPrefix(data, bom)
	if !isText(data) {
		return &Error{file, 0, "not UTF-8 text"}
	}
	f, err := parseFields(file, strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n"), 1, configKeys)
	if err != nil {
		return err
	}
	if s.Title, err = f.Required("title"); err != nil {
		return err
	}
	s.Tagline = f.String("tagline")
	for _, k := range []string{"title", "tagline"} {
		if err := plainText(f, k, maxTitle); err != nil {
			return err
		}
	}
	s.Warnings = append(s.Warnings, f.Warnings...)
	s.Papers, err = ParsePapers(f.String("paper"))
	if err != nil {
		return f.Errorf("paper", "%v", err)
	}
	if s.Impose, err = ParseImpose(f.String("impose")); err != nil {
		return f.Errorf("impose", "%v", err)
	}
	if s.BaseURL, err = parseBaseURL(f.String("baseurl")); err != nil {
		return f.Errorf("baseurl", "%v", err)
	}
	if s.Future, err = f.Bool("future"); err != nil {
		return err
	}
	if s.Paginate, err = f.Int("paginate", DefaultPaginate, 1, 1000); err != nil {
		return err
	}
	s.Offline = true
	if f.Has("offline") {
		if s.Offline, err = f.Bool("offline"); err != nil {
			return err
		}
	}
	switch v := f.String("print"); v {
	case "", "home":
	case "on-demand":
		s.PrintOnDemand = true
	default:
		return f.Errorf("print", "print %q: want on-demand (also print-ready booklets for a print-on-demand service) or home (the default: booklets to print at home only)", v)
	}
	for _, k := range strings.FieldsFunc(f.String("keep"), func(r rune) bool { return r == ',' || unicode.IsSpace(r) }) {
		if err := output.CheckKeep(k); err != nil {
			return f.Errorf("keep", "%v", err)
		}
		s.Keep = append(s.Keep, k)
	}
	for i, k := range FontKeys {
		if !f.Has(k) {
			continue
		}
		if i > 0 && !f.Has(FontKeys[0]) {
			return f.Errorf(k, "%s without font: name the regular style's file with font: first", k)
		}
		if s.Fonts[i], err = readFont(fsys, path.Dir(name), f, k); err != nil {
			return err
		}
	}
	return nil
}

// readFont reads the font file the config's key names, a path relative
// to the folder dir the config is in, and never outside it.
func readFont(fsys fs.FS, dir string, f *Fields, key string) (*FontFile, error) {
	v := strings.TrimSpace(f.String(key))
	if v == "" {
		return nil, f.Errorf(key, "%s is empty: name a TrueType font file in the site, such as fonts/NotoSansJP-Regular.ttf", key)
	}
	slash := strings.ReplaceAll(v, `\`, "/")
	clean := path.Clean(slash)
	if path.IsAbs(slash) || (len(slash) > 1 && slash[1] == ':') || clean == ".." || strings.HasPrefix(clean, "../") {
		return nil, f.Errorf(key, "%s %q is outside the site: put the font file in the site's folder and name it from there, such as fonts/%s", key, v, path.Base(slash))
	}
	name := path.Join(dir, clean)
	data, err := readFileMax(fsys, name, v, MaxFontSize)
	var se *Error
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, f.Errorf(key, "%s %q: no such file in the site", key, v)
	case errors.As(err, &se):
		return nil, f.Errorf(key, "%s %q: %s", key, v, se.Msg)
	case err != nil:
		return nil, f.Errorf(key, "%v", err)
	}
	return &FontFile{Path: v, File: f.File, Line: f.Line(key), Data: data}, nil
}

// ParsePapers reads a paper list such as "a4, letter"; empty means both,
// and "none" means no booklets (a site for the screen only): an empty,
// non-nil list.
func ParsePapers(v string) ([]string, error) {
	if strings.TrimSpace(v) == "" {
		return slices.Clone(Papers), nil
	}
	if strings.EqualFold(strings.TrimSpace(v), "none") {
		return []string{}, nil
	}
	var out []string
	for _, p := range strings.FieldsFunc(strings.ToLower(v), func(r rune) bool { return r == ',' || unicode.IsSpace(r) }) {
		if p == "none" {
			return nil, fmt.Errorf("paper %q: none means no booklets and stands alone", v)
		}
		if !slices.Contains(Papers, p) {
			return nil, fmt.Errorf("paper %q: want %s, or none", p, strings.Join(Papers, " or "))
		}
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		// Only commas: no paper at all would build no booklet.
		return nil, fmt.Errorf("paper %q: want %s", v, strings.Join(Papers, " or "))
	}
	return out, nil
}

// Saddle is the imposition of a folded, saddle-stitched booklet.
const Saddle = "saddle"

// ParseImpose reads an imposition: "saddle" for folded booklets beside
// the flat ones, "none" or empty for flat booklets only ("" returned).
func ParseImpose(v string) (string, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "none":
		return "", nil
	case Saddle:
		return Saddle, nil
	}
	return "", fmt.Errorf("impose %q: want saddle or none", v)
}

func isText(data []byte) bool {
	return !strings.ContainsRune(string(data), 0) && strings.ToValidUTF8(string(data), "\uFFFD") == string(data)
}

var slugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// readPage reads a Markdown file with front matter.
func readPage(fsys fs.FS, name, prefix string, keys []string) (*Page, error) {
	file := prefix + name
	data, err := readFile(fsys, name, file)
	if err != nil {
		return nil, err
	}
	front, body, bodyLine, err := splitFront(file, data)
	if err != nil {
		return nil, err
	}
	f, err := parseFields(file, front, 2, keys)
	if err != nil {
		return nil, err
	}
	f.End = len(front) + 2
	p := &Page{File: file, Title: f.String("title"), Summary: f.String("summary"), Body: body, BodyLine: bodyLine, Fields: f}
	if err := plainText(f, "title", maxTitle); err != nil {
		return nil, err
	}
	if err := plainText(f, "summary", maxSummary); err != nil {
		return nil, err
	}
	if err := checkBody(file, body, bodyLine); err != nil {
		return nil, err
	}
	p.Slug = strings.TrimSuffix(path.Base(name), ".md")
	if f.Has("slug") {
		p.Slug = f.String("slug")
	}
	if !slugPattern.MatchString(p.Slug) || len(p.Slug) > 64 {
		key := "slug"
		if !f.Has("slug") {
			msg := fmt.Sprintf("file name %q is not a usable slug: rename it, or add slug: with lowercase letters, digits and single hyphens", p.Slug)
			if s := Slug(p.Slug); s != "" && !IsDeviceName(s) {
				msg = fmt.Sprintf("file name %q is not a usable slug: rename it %s.md, or add \"slug: %s\" (lowercase letters, digits and single hyphens)", p.Slug, s, s)
			}
			return nil, &Error{file, 0, msg}
		}
		if s := Slug(p.Slug); s != "" && s != p.Slug && !IsDeviceName(s) {
			return nil, f.Errorf(key, "slug %q: want lowercase letters, digits and single hyphens, at most 64 characters (%q, say)", p.Slug, s)
		}
		return nil, f.Errorf(key, "slug %q: want lowercase letters, digits and single hyphens, at most 64 characters", p.Slug)
	}
	if IsDeviceName(p.Slug) {
		if !f.Has("slug") {
			return nil, &Error{file, 0, fmt.Sprintf("the slug %q, from the file's name, is a device name on Windows, where the site could not be copied: rename the file, or add slug: with another name", p.Slug)}
		}
		return nil, f.Errorf("slug", "slug %q is a device name on Windows, where the site could not be copied: pick another", p.Slug)
	}
	if p.Weight, err = f.Int("weight", 0, -1000, 1000); err != nil {
		return nil, err
	}
	if p.Draft, err = f.Bool("draft"); err != nil {
		return nil, err
	}
	return p, nil
}

// IsDeviceName reports a file name Windows keeps for a device, with or
// without an extension: con, prn, aux, nul, com1 to com9, lpt1 to lpt9,
// in any case.
func IsDeviceName(name string) bool {
	base, _, _ := strings.Cut(strings.ToLower(name), ".")
	base = strings.TrimRight(base, " ")
	switch base {
	case "con", "prn", "aux", "nul", "conin$", "conout$":
		return true
	}
	if len(base) == 4 && (strings.HasPrefix(base, "com") || strings.HasPrefix(base, "lpt")) {
		c := base[3]
		return c >= '1' && c <= '9'
	}
	return false
}

// plainText checks a one-line value: no control characters and at most
// max characters.
func plainText(f *Fields, key string, max int) error {
	v := f.String(key)
	if strings.ContainsFunc(v, unicode.IsControl) || strings.ContainsFunc(v, isNonCharacter) {
		return f.Errorf(key, "%s holds a control character: use printable text", key)
	}
	if n := utf8.RuneCountInString(v); n > max {
		return f.Errorf(key, "%s of %d characters: at most %d", key, n, max)
	}
	return nil
}

// maxNesting bounds how deep blockquotes and lists open on one line. At
// every level goldmark tries the rest of the line again (as a thematic
// break, as a list item), so its work grows with the line's length times
// the depth: "- " repeated to 128 KB took 34 s, "> - " to 1 MiB more than
// 14 minutes. No page needs more than a few.
const maxNesting = 10

// nesting counts the containers that open a line: ">" and list markers
// ("-", "+", "*", "1." or "1)" followed by a blank or the line's end),
// blanks between them allowed. A thematic break such as "- - - -" ends
// the count: goldmark reads it as one rule, not as lists.
func nesting(line string) int {
	// The rule, if the line ends in one, may start anywhere from hrFrom
	// to hrLast (where at least three of its characters remain).
	hrFrom, hrLast := len(line), -1
	if t := strings.TrimRight(line, " \t\r"); t != "" && strings.ContainsRune("-*_", rune(t[len(t)-1])) {
		c, n := t[len(t)-1], 0
		for i := len(t) - 1; i >= 0 && (t[i] == c || t[i] == ' ' || t[i] == '\t'); i-- {
			if t[i] == c {
				if n++; n == 3 {
					hrLast = i
				}
			}
			hrFrom = i
		}
	}
	n := 0
	for i := 0; i < len(line); {
		switch c := line[i]; {
		case c == ' ' || c == '\t':
			i++
		case i >= hrFrom && i <= hrLast:
			return n
		case c == '>':
			n++
			i++
		case c == '-' || c == '+' || c == '*':
			if i+1 < len(line) && line[i+1] != ' ' && line[i+1] != '\t' && line[i+1] != '\r' {
				return n
			}
			n++
			i++
		case c >= '0' && c <= '9':
			j := i
			for j < len(line) && j-i < 9 && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			if j == len(line) || (line[j] != '.' && line[j] != ')') || (j+1 < len(line) && line[j+1] != ' ' && line[j+1] != '\t' && line[j+1] != '\r') {
				return n
			}
			n++
			i = j + 1
		default:
			return n
		}
	}
	return n
}

// linkScanBudget bounds the bytes goldmark reads past the "](" of the
// links on one line, per byte of the line. Goldmark reads a link's
// destination to its closing ")" or ">" (or the line's end): a line of
// "[a](" repeated, none closed, reads the rest of the line at every one,
// the square of its length.
const linkScanBudget = 32

// linkScan reports whether the link destinations on one line stay within
// linkScanBudget: it follows goldmark's reading of each "](" and stops as
// soon as the budget is spent, so it costs no more than the budget.
func linkScan(line string) bool {
	budget := linkScanBudget*len(line) + 4096
	for p := 0; ; {
		k := strings.Index(line[p:], "](")
		if k < 0 {
			return true
		}
		i := p + k + 2
		p = i
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if i < len(line) && line[i] == '<' {
			for i++; i < len(line) && line[i] != '>'; i++ {
				if line[i] == '\\' {
					i++
				}
				if budget--; budget < 0 {
					return false
				}
			}
			continue
		}
		for open := 0; i < len(line) && line[i] != ' ' && line[i] != '\t'; i++ {
			if budget--; budget < 0 {
				return false
			}
			if line[i] == '\\' {
				i++
			} else if line[i] == '(' {
				open++
			} else if line[i] == ')' {
				if open--; open < 0 {
					break
				}
			}
		}
	}
}

// maxParagraph bounds the bytes of a run of lines with no blank line
// between them, which holds every block goldmark reads inline (a
// paragraph, a list item, a table cell). Some of goldmark's inline work
// grows faster than the block (emphasis and link openers that never
// close: "*a " repeated to 256 KB took five times as long as to 128 KB),
// so a bound on the block keeps the whole page's time linear. A page of
// house rules has paragraphs of a few hundred bytes.
const maxParagraph = 64 << 10

// checkBody refuses characters that make a page invalid HTML: controls
// other than tab and line breaks, and the noncharacters U+FFFE and U+FFFF;
// and what would make goldmark's work grow faster than the page: a line
// opening blockquotes and lists deeper than maxNesting, or links on one
// line whose destinations never close, or more than maxParagraph bytes
// with no blank line. What it lets through, goldmark reads in time that
// grows with the page's length.
func checkBody(file string, body []byte, first int) error {
	run, runLine := 0, 0
	for i, line := range strings.Split(string(body), "\n") {
		if strings.TrimSpace(line) == "" {
			run = 0
		} else if run == 0 {
			runLine = i
		}
		if d := nesting(line); d > maxNesting {
			return &Error{file, first + i, fmt.Sprintf("blockquotes and lists nested %d deep: at most %d", d, maxNesting)}
		}
		if !linkScan(line) {
			return &Error{file, first + i, "links whose ( or < never closes on the line: close each, or put one link per line"}
		}
		if run += len(line) + 1; run > maxParagraph {
			return &Error{file, first + runLine, fmt.Sprintf("more than %d KB with no blank line from here: break it into paragraphs", maxParagraph>>10)}
		}
		if strings.ContainsFunc(line, func(r rune) bool {
			return (unicode.IsControl(r) && r != '\t' && r != '\r') || isNonCharacter(r)
		}) {
			return &Error{file, first + i, "a control character: use printable text"}
		}
	}
	return nil
}

func isNonCharacter(r rune) bool { return r == 0xFFFE || r == 0xFFFF }

// isBidiControl reports the characters that reorder text as it shows.
func isBidiControl(r rune) bool {
	return (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069) || r == 0x200E || r == 0x200F || r == 0x061C
}

func needTitle(p *Page) error {
	if p.Title == "" {
		line := p.Fields.Line("title")
		if !p.Fields.Has("title") {
			line = p.Fields.End
		}
		return &Error{p.File, line, "missing title"}
	}
	return nil
}

// common reads what packs and campaigns share: title, system, seed and
// the player's options.
func common(p *Page, systems *engine.Registry) (sys engine.System, seed string, opt engine.Options, err error) {
	f := p.Fields
	if err = needTitle(p); err != nil {
		return
	}
	id, err := f.Required("system")
	if err != nil {
		return
	}
	if systems != nil {
		if sys, err = systems.Get(id); err != nil {
			err = f.Errorf("system", "%v", err)
			return
		}
	}
	if seed, err = f.Required("seed"); err != nil {
		return
	}
	if strings.ContainsFunc(seed, unicode.IsControl) {
		err = f.Errorf("seed", "seed holds a control character: use printable text")
		return
	}
	if strings.ContainsFunc(seed, isBidiControl) {
		err = f.Errorf("seed", "seed holds a right-to-left control character: it would print in a different order from how it is typed")
		return
	}
	if n := utf8.RuneCountInString(seed); n > maxSeed {
		err = f.Errorf("seed", "seed of %d characters: at most %d", n, maxSeed)
		return
	}
	// The engine reads the player's options and the system says which
	// values it can use; the site only says where each was written.
	values := map[string]string{}
	for _, k := range engine.OptionKeys() {
		if f.Has(k) {
			values[k] = f.String(k)
		}
	}
	var oe *engine.OptionError
	if opt, err = engine.ParseOptions(values); errors.As(err, &oe) {
		err = f.Errorf(oe.Option, "%v", oe.Err)
		return
	}
	if oc, ok := sys.(engine.OptionChecker); ok {
		if cerr := oc.CheckOptions(opt); errors.As(cerr, &oe) && f.Has(oe.Option) {
			err = f.Errorf(oe.Option, "%v", oe.Err)
		} else if cerr != nil {
			err = &Error{f.File, f.End, cerr.Error()}
		}
	}
	return
}

func newPack(p *Page, systems *engine.Registry) (*Pack, error) {
	sys, seed, opt, err := common(p, systems)
	if err != nil {
		return nil, err
	}
	if p.Date, err = dateOf(p.Fields); err != nil {
		return nil, err
	}
	if p.Tags, err = tagsOf(p.Fields); err != nil {
		return nil, err
	}
	if _, ok := sys.(engine.Encounterer); sys != nil && !ok {
		return nil, p.Fields.Errorf("system", "system %s has data only: Sortie has no procedures to roll its encounters, so it has no packs (its tables still print as Quick Reference Sheets)", sys.Rules().System.ID)
	}
	f := p.Fields
	spec, err := f.Required("encounters")
	if err != nil {
		return nil, err
	}
	pk := &Pack{Page: *p, System: f.String("system"), Seed: seed, Options: opt}
	type item struct {
		typ string
		n   int
	}
	var items []item
	total := 0
	for _, it := range strings.Split(spec, ",") {
		words := strings.Fields(it)
		if len(words) == 0 || len(words) > 2 {
			return nil, f.Errorf("encounters", "%q: want a list such as \"explore 3, raid 2, defend\"", strings.TrimSpace(it))
		}
		typ, n := words[0], 1
		if len(words) == 2 {
			if n, err = strconv.Atoi(words[1]); err != nil || n < 1 || n > pack.MaxEncounters {
				return nil, f.Errorf("encounters", "%q: want an encounter type and how many (1 to %d)", strings.TrimSpace(it), pack.MaxEncounters)
			}
		}
		if sys != nil && sys.Rules().Encounter(typ) == nil {
			return nil, f.Errorf("encounters", "unknown encounter type %q (known: %s)", typ, strings.Join(sys.Rules().EncounterIDs(), ", "))
		}
		// Count before expanding, so a huge list costs nothing.
		if total += n; total > pack.MaxEncounters {
			return nil, f.Errorf("encounters", "more than %d encounters: at most %d in a pack", pack.MaxEncounters, pack.MaxEncounters)
		}
		items = append(items, item{typ, n})
	}
	for _, it := range items {
		for range it.n {
			pk.Types = append(pk.Types, it.typ)
		}
	}
	return pk, nil
}

// newCampaign reads a campaign page. read opens a file beside it in
// campaigns/ by name, for "continue:".
func newCampaign(p *Page, systems *engine.Registry, read func(name string) (string, []byte, error)) (*Campaign, error) {
	f := p.Fields
	if f.Has("continue") {
		return goesOn(p, systems, read)
	}
	sys, seed, opt, err := common(p, systems)
	if err != nil {
		return nil, err
	}
	if err := campaignPage(p, sys); err != nil {
		return nil, err
	}
	if !f.Has("steps") {
		return nil, &Error{p.File, f.End, "missing steps: how many encounters the campaign runs"}
	}
	steps, err := f.Int("steps", 0, 1, campaign.MaxSteps)
	if err != nil {
		return nil, err
	}
	return &Campaign{Page: *p, System: f.String("system"), Seed: seed, Steps: steps, Options: opt}, nil
}

// unnamedFiles warns of each campaign file in dir that no campaign
// names in its continue: a build reads none of them on its own.
func unnamedFiles(fsys fs.FS, dir, prefix string, camps []*Campaign) []string {
	named := map[string]bool{}
	for _, c := range camps {
		if c.From != nil {
			named[path.Base(c.From.File())] = true
		}
	}
	entries, _ := fs.ReadDir(fsys, dir)
	var warns []string
	for _, e := range entries {
		if !e.IsDir() && isStateFile(e.Name()) && !Skipped(e.Name()) && !named[e.Name()] {
			warns = append(warns, prefix+path.Join(dir, e.Name())+": not read: no campaign names it (continue: "+e.Name()+")")
		}
	}
	return warns
}

// campaignPage reads what every campaign page has: its date, its tags,
// and a system that has campaigns.
func campaignPage(p *Page, sys engine.System) error {
	var err error
	if p.Date, err = dateOf(p.Fields); err != nil {
		return err
	}
	if p.Tags, err = tagsOf(p.Fields); err != nil {
		return err
	}
	if _, ok := sys.(engine.Campaigner); sys != nil && !ok {
		return p.Fields.Errorf("system", "system %s has no campaign procedures in Sortie, so it has no campaigns", sys.Rules().System.ID)
	}
	return nil
}

// goesOn reads a campaign that goes on from a campaign file
// ("continue: summer.yaml", beside the page in campaigns/): its system
// is the file's, and its seed, length and options too, so the page may
// not give them again.
func goesOn(p *Page, systems *engine.Registry, read func(name string) (string, []byte, error)) (*Campaign, error) {
	f := p.Fields
	if err := needTitle(p); err != nil {
		return nil, err
	}
	for _, k := range slices.Concat([]string{"seed", "steps"}, engine.OptionKeys()) {
		if f.Has(k) {
			return nil, f.Errorf(k, "%s with continue: the campaign file gives it; change it there", k)
		}
	}
	name := f.String("continue")
	if name != path.Base(name) || !isStateFile(name) {
		return nil, f.Errorf("continue", "continue %q: want the name of a campaign file beside this page in campaigns/, ending .yaml", name)
	}
	file, data, err := read(name)
	if err != nil {
		return nil, f.Errorf("continue", "failed to read the campaign file: %v", err)
	}
	st, err := campaign.Parse(file, data)
	if err != nil {
		return nil, err
	}
	id, err := f.Required("system")
	if err != nil {
		return nil, err
	}
	if id != st.System {
		return nil, f.Errorf("system", "system %s, but the campaign file %s is a campaign of %s", id, name, st.System)
	}
	var sys engine.System
	if systems != nil {
		if sys, err = systems.Get(id); err != nil {
			return nil, f.Errorf("system", "%v", err)
		}
	}
	if err := campaignPage(p, sys); err != nil {
		return nil, err
	}
	opt, err := engine.ParseOptions(st.Options)
	if err != nil {
		return nil, &Error{file, 0, err.Error()}
	}
	return &Campaign{Page: *p, System: id, Seed: st.Seed, Steps: st.Encounters, Options: opt, From: st}, nil
}

func pagesOf[T interface{ page() *Page }](items []T) []*Page {
	out := make([]*Page, len(items))
	for i, it := range items {
		out[i] = it.page()
	}
	return out
}

func (p *Pack) page() *Page     { return &p.Page }
func (c *Campaign) page() *Page { return &c.Page }

func uniqueSlugs(pages []*Page) error {
	seen := map[string]*Page{}
	for _, p := range pages {
		if q, dup := seen[p.Slug]; dup {
			return &Error{p.File, p.Fields.Line("slug"), fmt.Sprintf("slug %q is taken by %s", p.Slug, q.File)}
		}
		seen[p.Slug] = p
	}
	return nil
}

func byWeight(a, b *Page) int {
	if a.Weight != b.Weight {
		return a.Weight - b.Weight
	}
	return strings.Compare(a.Slug, b.Slug)
}

func sortPages(ps []*Page) { slices.SortStableFunc(ps, byWeight) }
