package generator

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"github.com/sortie-wargames/sortie/engine/systems"
	"io"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/sortie-wargames/sortie/generator/output"
	"github.com/sortie-wargames/sortie/generator/web"
)

// Build tests in the Hugo style: sites written inline as txtar archives,
// built for real, and checked by substring and by structure.

// writeSite writes a txtar archive ("-- name --" lines, then the file) to
// a fresh directory and returns it.
func writeSite(t *testing.T, archive string) string {
	t.Helper()
	dir := t.TempDir()
	var name string
	var body strings.Builder
	flush := func() {
		if name == "" {
			return
		}
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, line := range strings.SplitAfter(archive, "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "-- ") && strings.HasSuffix(trimmed, " --") {
			flush()
			name = strings.TrimSuffix(strings.TrimPrefix(trimmed, "-- "), " --")
			body.Reset()
			continue
		}
		if name != "" {
			body.WriteString(line)
		}
	}
	flush()
	return dir
}

// minimal is a small but complete site: one page, one pack, one campaign.
const minimal = `
-- sortie.conf --
title: Test Site
paper: a4
-- content/index.md --
---
title: Welcome
---
Hello **table**.
-- content/pages/notes.md --
---
title: Notes
---
Some notes.
-- content/packs/small.md --
---
title: Small Pack
system: 2d6-sword-and-sorcery
seed: small-1
encounters: explore, raid, defend
---
A pack.
-- content/campaigns/short.md --
---
title: Short Road
system: 2d6-sword-and-sorcery
seed: short-1
steps: 3
---
A campaign.
`

// testMonth is the month the default site's series is built up to in
// tests.
const testMonth = "2026-11"

func render(t *testing.T, opt Options) map[string][]byte {
	t.Helper()
	files, _, err := Render(opt)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string][]byte{}
	for _, f := range files {
		m[f.Path] = f.Data
	}
	return m
}

// TestDefaultSite checks what a player gets of the embedded site, as
// defaultPrint builds it once for every test that reads it.
func TestDefaultSite(t *testing.T) {
	files := defaultPrint(t).files
	for _, want := range []string{
		"index.html", "style.css", "pages/at-the-table.html",
		"systems/2d6-sword-and-sorcery/index.html", "systems/2d6-sword-and-sorcery/qrs.html",
		"systems/2d6-sword-and-sorcery/2d6-sword-and-sorcery-qrs-a4.pdf",
		"systems/2d6-sword-and-sorcery/2d6-sword-and-sorcery-qrs-letter.pdf",
		"packs/marsh-and-ruin/index.html", "packs/marsh-and-ruin/encounter-1.html", "packs/marsh-and-ruin/encounter-9.html",
		"packs/marsh-and-ruin/marsh-and-ruin-a4.pdf", "packs/marsh-and-ruin/marsh-and-ruin-letter.pdf",
		"campaigns/the-long-road/index.html",
		"campaigns/the-long-road/the-long-road-a4.pdf", "campaigns/the-long-road/the-long-road-letter.pdf",
	} {
		if _, ok := files[want]; !ok {
			t.Errorf("missing %s", want)
		}
	}
	checkPages(t, files)

	enc := string(files["packs/marsh-and-ruin/encounter-4.html"])
	for _, want := range []string{
		`<svg viewBox=`, `class="marker"`, "Enemy edge", "Your edge", `class="scale"`,
		`<details class="pef"`, "The first PEF you resolve", "Objective", "Deployment", "Special instructions",
		"The enemy:", "Your band", "seed <code>sortie-default-pack-",
	} {
		if !strings.Contains(enc, want) {
			t.Errorf("encounter page lacks %q", want)
		}
	}
	// PEF results sit inside closed <details>, never open by default.
	if strings.Contains(enc, "<details open") || strings.Contains(enc, `open=""`) {
		t.Error("a PEF is open by default")
	}

	camp := string(files["campaigns/the-long-road/index.html"])
	for _, want := range []string{`<a href="entry-1.html">Start at entry 1</a>`, `<a id="entry-33" href="entry-33.html"`} {
		if !strings.Contains(camp, want) {
			t.Errorf("campaign page lacks %q", want)
		}
	}
	var entries strings.Builder
	for n := 1; files[fmt.Sprintf("campaigns/the-long-road/entry-%d.html", n)] != nil; n++ {
		entries.Write(files[fmt.Sprintf("campaigns/the-long-road/entry-%d.html", n)])
	}
	for _, want := range []string{`>Success: go to`, `>Failure: go to`, "The campaign ends here.", `go to 33</a>`} {
		if !strings.Contains(entries.String(), want) {
			t.Errorf("no entry page of the campaign has %q", want)
		}
	}
	qrs := string(files["systems/2d6-sword-and-sorcery/qrs.html"])
	for _, title := range []string{"Action", "Casting", "NPC Spell Casting", "Shooting", "Shooting Damage", "Charge", "Melee",
		"Will to Fight", "After the Battle Recovery", "PEF Resolution", "Enemy", "Recruiting", "New Recruits", "Next Encounter",
		"Creature List", "A 6 is always a failure."} {
		if !strings.Contains(qrs, title) {
			t.Errorf("QRS page lacks %q", title)
		}
	}
	for p, data := range files {
		if path.Ext(p) == ".pdf" && !isSheet(p) {
			checkPDF(t, p, data)
		}
	}
	checkSheets(t, files)
	// Every folded booklet is bindable: volumes of at most
	// booklet.SaddleLimit pages, page numbers running on, cards apart;
	// its text as the print check reads it back, once (TestProof reads
	// the same).
	var folded []string
	for p := range files {
		if strings.Contains(p, "-folded") && path.Ext(p) == ".pdf" {
			folded = append(folded, p)
		}
	}
	slices.Sort(folded)
	texts := map[string][]string{}
	for i, r := range defaultReadBack(t, folded) {
		texts[folded[i]] = r.text
	}
	vols := checkFolded(t, files, func(p string) []string {
		text, ok := texts[p]
		if !ok {
			t.Fatalf("%s was not read back", p)
		}
		return text
	})
	if n := vols["campaigns/half-a-year-of-swords/half-a-year-of-swords-a4-folded"]; n < 2 {
		t.Errorf("Half a Year of Swords folds into %d volumes, want several", n)
	}
}

// checkPages checks every HTML page: well-formed, unique ids, no script,
// a link to a PDF or the downloads page, and every internal link and
// fragment resolving.
func checkPages(t *testing.T, files map[string][]byte) {
	t.Helper()
	checkHTML(t, files, true)
}

// checkHTML is checkPages, with the link to a PDF asked for only when
// pdfs is true (a site with "paper: none" has none).
func checkHTML(t *testing.T, files map[string][]byte, pdfs bool) {
	t.Helper()
	ids := map[string]map[string]bool{}
	links := map[string][]string{}
	for p, data := range files {
		if path.Ext(p) != ".html" {
			continue
		}
		pageIDs, pageLinks, err := scan(data)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		ids[p], links[p] = pageIDs, pageLinks
		low := strings.ToLower(string(data))
		own := withoutOwnScript(data)
		if p == web.SearchPage {
			own = searchScripts.ReplaceAll(own, nil)
		}
		if strings.Contains(strings.ToLower(string(own)), "<script") {
			t.Errorf("%s holds a script element besides the layout's own (offline.js)", p)
		}
		// Every page links a booklet, or the downloads page, which
		// links every booklet.
		if pdfs && !strings.Contains(low, ".pdf\"") && !strings.Contains(low, "downloads.html\"") {
			t.Errorf("%s links no PDF and not the downloads page", p)
		}
	}
	names := slices.Sorted(func(yield func(string) bool) {
		for p := range links {
			if !yield(p) {
				return
			}
		}
	})
	for _, p := range names {
		// 404.html is served at any missing address, so its links start
		// at the site's root (the baseurl's path, else "/"), as its
		// stylesheet's does.
		root := ""
		if p == "404.html" {
			for _, href := range links[p] {
				if strings.HasSuffix(href, "/style.css") {
					root = strings.TrimSuffix(href, "style.css")
				}
			}
			if root == "" {
				t.Errorf("%s: no stylesheet link from the site's root", p)
			}
		}
		for _, href := range links[p] {
			u, err := url.Parse(href)
			if err != nil {
				t.Errorf("%s: bad link %q", p, href)
				continue
			}
			if u.Scheme != "" || u.Host != "" {
				t.Errorf("%s: link %q leaves the site", p, href)
				continue
			}
			target := p
			if root != "" && u.Path != "" {
				var ok bool
				if target, ok = strings.CutPrefix(u.Path, root); !ok {
					t.Errorf("%s: link %q does not start at the site's root %s", p, href, root)
					continue
				}
			} else if u.Path != "" {
				target = path.Join(path.Dir(p), u.Path)
				if strings.HasPrefix(target, "../") {
					t.Errorf("%s: link %q climbs out of the site", p, href)
					continue
				}
			}
			if _, ok := files[target]; !ok {
				t.Errorf("%s: link %q: no file %s", p, href, target)
				continue
			}
			if u.Fragment != "" && !ids[target][u.Fragment] {
				t.Errorf("%s: link %q: %s has no id %q", p, href, target, u.Fragment)
			}
		}
	}
}

// scan parses a page as XML (Sortie writes HTML that is also well-formed
// XML, so a strict parser catches unclosed or misnested tags) and returns
// its ids and its links.
func scan(data []byte) (map[string]bool, []string, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	d.Entity = xml.HTMLEntity
	ids := map[string]bool{}
	var links []string
	var stack []string
	sawTitle := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, err
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			stack = append(stack, tok.Name.Local)
			if tok.Name.Local == "title" && len(stack) > 1 && stack[len(stack)-2] == "head" {
				sawTitle = true
			}
			for _, a := range tok.Attr {
				switch {
				case a.Name.Local == "id":
					if ids[a.Value] {
						return nil, nil, fmt.Errorf("id %q used twice", a.Value)
					}
					ids[a.Value] = true
				case a.Name.Local == "href" || a.Name.Local == "src":
					if !strings.HasPrefix(a.Value, "url(") {
						links = append(links, a.Value)
					}
				case strings.HasPrefix(strings.ToLower(a.Name.Local), "on"):
					return nil, nil, fmt.Errorf("event handler attribute %s on <%s>", a.Name.Local, tok.Name.Local)
				}
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
	if !sawTitle {
		return nil, nil, errors.New("no <title> in <head>")
	}
	return ids, links, nil
}

// checkPDF parses a PDF with pdfcpu, validates it strictly and checks it
// has pages. It reads and validates (api.ReadAndValidate) without
// pdfcpu's optimizing pass, which merges duplicate fonts and images for
// a file pdfcpu would write, is no part of the check, and took four
// fifths of pdfcpu's time on a site's booklets.
func checkPDF(t *testing.T, name string, data []byte) {
	t.Helper()
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationStrict
	ctx, err := api.ReadAndValidate(bytes.NewReader(data), conf)
	if err != nil {
		t.Errorf("%s: pdfcpu: %v", name, err)
		return
	}
	if ctx.PageCount < 2 {
		t.Errorf("%s: %d pages", name, ctx.PageCount)
	}
}

// TestBuildIsReproducible renders the default site a second time, with
// the PDF date given in another time zone, and compares every byte with
// the first (defaultPrint's). That one leaves the date unset, which
// booklet takes as the Unix epoch in UTC; this one gives the same instant
// an hour west of UTC, where it is still 1969: a zone that leaked into a
// PDF would change its year, month, day and hour. (TestBuildCommandDatesPDFs
// in cmd/sortie checks that a date other than the epoch reaches the PDFs.)
func TestBuildIsReproducible(t *testing.T) {
	t.Parallel() // reads defaultPrint's build, made by TestDefaultSite before; see parallel in generator_test.go
	b := render(t, Options{Systems: systems.Builtin(), Created: time.Unix(0, 0).In(time.FixedZone("UTC-1", -3600)), Month: testMonth, Version: defaultVersion})
	a := defaultPrint(t).files
	if len(a) != len(b) {
		t.Fatalf("%d files, then %d", len(a), len(b))
	}
	for p := range a {
		if !bytes.Equal(a[p], b[p]) {
			t.Errorf("%s differs between two builds", p)
		}
	}
}

// TestHostileContent builds a site whose pages and front matter try to put
// script on a page; none of it may arrive as markup.
func TestHostileContent(t *testing.T) {
	dir := writeSite(t, `
-- sortie.conf --
title: </title><script>alert("conf")</script>
tagline: a"><img src=x onerror=alert(1)>
-- content/index.md --
---
title: </title><script>alert("title")</script>
summary: " onmouseover="alert(2)
---
<script>alert("body")</script>

<img src="x" onerror="alert(3)">

[click](javascript:alert(4)) [data](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:msgbox)

<a href="#" onclick="alert(5)">raw link</a>
-- content/packs/evil.md --
---
title: <script>alert("pack")</script>
summary: <b onclick=alert(6)>bold</b>
system: 2d6-sword-and-sorcery
seed: </code><script>alert("seed")</script>
encounters: raid
---
[x](JaVaScRiPt:alert(7))
`)
	files := render(t, Options{Systems: systems.Builtin(), Source: dir})
	checkPages(t, files)
	for p, data := range files {
		if path.Ext(p) != ".html" {
			continue
		}
		own := withoutOwnScript(data)
		if p == web.SearchPage {
			own = searchScripts.ReplaceAll(own, nil) // its index (JSON, escaped) and its script
		}
		low := strings.ToLower(string(own))
		// Escaped text may say "onerror=": what matters is that no
		// element or attribute came through, which checkPages and these
		// raw tags check.
		for _, bad := range []string{"<script", "<img", "<b ", `href="javascript`, `href="data:`, `href="vbscript`} {
			if strings.Contains(low, bad) {
				t.Errorf("%s holds %q", p, bad)
			}
		}
	}
	home := string(files["index.html"])
	if !strings.Contains(home, "&lt;/title&gt;&lt;script&gt;") {
		t.Errorf("the hostile title is not shown as text:\n%s", home)
	}
}

// TestBadSites checks that mistakes in a site name the file and line.
func TestBadSites(t *testing.T) {
	for _, c := range []struct{ name, archive, want string }{
		{"unknown key", "-- sortie.conf --\ntitle: T\n-- content/packs/p.md --\n---\ntitle: P\nsytem: x\n---\n", "content/packs/p.md:3: unknown key \"sytem\""},
		{"bad system", "-- sortie.conf --\ntitle: T\n-- content/packs/p.md --\n---\ntitle: P\nsystem: chess\nseed: s\nencounters: raid\n---\n", "content/packs/p.md:3: unknown system \"chess\""},
		{"bad type", "-- sortie.conf --\ntitle: T\n-- content/packs/p.md --\n---\ntitle: P\nsystem: 2d6-sword-and-sorcery\nseed: s\nencounters: raid 2, siege\n---\n", "content/packs/p.md:5: unknown encounter type \"siege\""},
		{"slug escape", "-- sortie.conf --\ntitle: T\n-- content/packs/p.md --\n---\ntitle: P\nslug: ../../etc\nsystem: 2d6-sword-and-sorcery\nseed: s\nencounters: raid\n---\n", "content/packs/p.md:3: slug \"../../etc\""},
		{"no config", "-- content/index.md --\n---\ntitle: x\n---\n", "sortie.conf: missing"},
		{"front matter unclosed", "-- sortie.conf --\ntitle: T\n-- content/pages/a.md --\n---\ntitle: A\n", "content/pages/a.md:1: front matter is not closed"},
		{"bad paper", "-- sortie.conf --\ntitle: T\npaper: legal\n", "sortie.conf:2: paper \"legal\""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := writeSite(t, c.archive)
			_, _, err := Render(Options{Systems: systems.Builtin(), Source: dir})
			if err == nil {
				t.Fatal("no error")
			}
			want := filepath.ToSlash(dir) + "/" + c.want
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error %q\nwant it to contain %q", err, want)
			}
		})
	}
}

// TestFailedBuildKeepsOutput builds a good site, then a broken one into the
// same place: the first build must survive whole.
func TestFailedBuildKeepsOutput(t *testing.T) {
	good := writeSite(t, minimal)
	out := filepath.Join(t.TempDir(), "public")
	if _, err := Build(Options{Systems: systems.Builtin(), Source: good, Out: out}); err != nil {
		t.Fatal(err)
	}
	before := tree(t, out)
	if len(before) < 10 {
		t.Fatalf("first build wrote %d files", len(before))
	}
	bad := writeSite(t, strings.Replace(minimal, "seed: small-1\n", "seed: small-1\nseed: again\n", 1))
	_, err := Build(Options{Systems: systems.Builtin(), Source: bad, Out: out})
	if err == nil || !strings.Contains(err.Error(), "seed given twice") {
		t.Fatalf("error %v, want seed given twice", err)
	}
	after := tree(t, out)
	if !maps2Equal(before, after) {
		t.Error("a failed build changed the previous output")
	}
	entries, _ := os.ReadDir(filepath.Dir(out))
	if len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
	// A second good build gives the same bytes.
	if _, err := Build(Options{Systems: systems.Builtin(), Source: good, Out: out}); err != nil {
		t.Fatal(err)
	}
	if !maps2Equal(before, tree(t, out)) {
		t.Error("two builds of the same site differ")
	}
}

// TestBuildRefusesDangerousOutputs checks the guard is applied by Build
// before any work is done.
func TestBuildRefusesDangerousOutputs(t *testing.T) {
	site := writeSite(t, minimal)
	home := t.TempDir()
	for _, c := range []struct{ out, want string }{
		{"/", "root of the file system"},
		{home, "home directory"},
		{site, "site's source"},
		{filepath.Dir(site), "refusing to build into " + filepath.Dir(site) + ": it holds"},
		{filepath.Join(site, "content", "out"), "inside the site's content"},
		{filepath.Join(site, "static", "out"), "inside the site's static/ folder"},
		{filepath.Join(site, "static"), "inside the site's static/ folder"},
		{filepath.Join(site, "layouts", "out"), "inside the site's layouts/ folder"},
	} {
		_, err := Build(Options{Systems: systems.Builtin(), Source: site, Out: c.out, Guard: output.Guard{Home: home}})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("out %s: error %v, want %q", c.out, err, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(site, "content", "out")); !errors.Is(err, fs.ErrNotExist) {
		t.Error("a refused build wrote into the content")
	}
}

func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		m[p] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func maps2Equal(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestPagesPassTidy runs HTML Tidy, an HTML5 checker, over every page of
// the default site. Tidy predates aria-current, so that warning is allowed.
func TestPagesPassTidy(t *testing.T) {
	tidy, err := exec.LookPath("tidy")
	if err != nil {
		if os.Getenv("SORTIE_REQUIRE_TOOLS") == "1" {
			t.Fatal("tidy not found and SORTIE_REQUIRE_TOOLS=1: install tidy")
		}
		t.Skip("tidy not found: install tidy to run this test (SORTIE_REQUIRE_TOOLS=1 makes this an error)")
	}
	dir := t.TempDir()
	files := defaultPrint(t).files
	var pages []string
	for p, data := range files {
		if path.Ext(p) != ".html" {
			continue
		}
		pages = append(pages, p)
		if err := os.WriteFile(filepath.Join(dir, strings.ReplaceAll(p, "/", "_")), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	slices.Sort(pages)
	// One tidy per page, a process each: run as many at once as there
	// are CPUs, then report in page order.
	said := make([][]byte, len(pages))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				said[i], _ = exec.Command(tidy, "-q", "-e", "--gnu-emacs", "yes", filepath.Join(dir, strings.ReplaceAll(pages[i], "/", "_"))).CombinedOutput()
			}
		}()
	}
	for i := range pages {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, p := range pages {
		lines := strings.Split(string(files[p]), "\n")
		for _, line := range strings.Split(strings.TrimSpace(string(said[i])), "\n") {
			if line == "" || strings.Contains(line, `proprietary attribute "aria-current"`) || svgLink(line, lines) {
				continue
			}
			t.Errorf("%s: %s", p, line)
		}
	}
}

// svgLink reports whether a Tidy warning is about a link of a campaign
// chart: Tidy 5.6 knows SVG links only as xlink:href and calls SVG 2's href
// and aria-label on them proprietary, although HTML5 allows both (the Nu
// checker, which knows SVG 2, checks them).
func svgLink(warning string, page []string) bool {
	if !strings.Contains(warning, `<a> proprietary attribute "href"`) && !strings.Contains(warning, `<a> proprietary attribute "aria-label"`) {
		return false
	}
	parts := strings.SplitN(warning, ":", 3)
	if len(parts) < 3 {
		return false
	}
	n, err := strconv.Atoi(parts[1])
	if err != nil || n < 1 || n > len(page) {
		return false
	}
	if !strings.HasPrefix(page[n-1], `<a href="entry-`) {
		return false
	}
	for i := n - 1; i >= 0; i-- {
		if strings.Contains(page[i], "</svg>") {
			return false
		}
		if strings.Contains(page[i], `<svg class="chart"`) {
			return true
		}
	}
	return false
}

// TestMarkdownLinks checks links written in pages: those that resolve pass,
// the rest are errors at their line, and links that could run script turn
// into their text.
func TestMarkdownLinks(t *testing.T) {
	good := writeSite(t, minimal+`-- content/pages/links.md --
---
title: Links
---
[home](../index.html) [pack](../packs/small/) [entry](../campaigns/short/index.html#entry-2)
[web](https://example.com/x) [mail](mailto:a@example.com) [self](#main)
[booklet](../packs/small/small-a4.pdf) [qrs](../systems/2d6-sword-and-sorcery/2d6-sword-and-sorcery-qrs-a4.pdf)

[run](javascript:alert(1)) and ![pic](javascript:alert(2)) and <vbscript:msgbox(1)>
`)
	files := render(t, Options{Systems: systems.Builtin(), Source: good})
	page := string(files["pages/links.html"])
	for _, want := range []string{`href="../index.html"`, `href="../packs/small/index.html"`, `href="#main"`, `href="../packs/small/small-a4.pdf"`, "run and pic and"} {
		if !strings.Contains(page, want) {
			t.Errorf("links page lacks %q", want)
		}
	}
	if strings.Contains(page, `href=""`) || strings.Contains(page, `src=""`) {
		t.Error("a dropped link left an empty href or src")
	}

	bad := writeSite(t, minimal+`-- content/pages/links.md --
---
title: Links
---
Fine line.

[gone](../packs/nope/index.html)

[abs](/index.html) and ![img](map.png)

[frag](../campaigns/short/index.html#entry-99)

[letter](../packs/small/small-letter.pdf)
`)
	_, _, err := Render(Options{Systems: systems.Builtin(), Source: bad})
	if err == nil {
		t.Fatal("no error")
	}
	prefix := filepath.ToSlash(bad) + "/content/pages/links.md:"
	for _, want := range []string{
		prefix + `6: link "../packs/nope/index.html": no page packs/nope/index.html in the site`,
		prefix + `8: link "/index.html": write it relative to this page`,
		prefix + `8: image "map.png": no file pages/map.png in the site: put the image in static/pages/map.png`,
		prefix + `10: link "../campaigns/short/index.html#entry-99": campaigns/short/index.html has no #entry-99`,
		prefix + `12: link "../packs/small/small-letter.pdf": no page packs/small/small-letter.pdf in the site`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
}

// TestSymlinksStayInsideTheSite: a link in the content that points outside
// the site is refused, so no file of the machine can be published, and a
// device is refused rather than read.
func TestSymlinksStayInsideTheSite(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "secret.md")
	if err := os.WriteFile(secret, []byte("---\ntitle: Secret\n---\nTOP SECRET\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{secret, "/dev/zero"} {
		dir := writeSite(t, minimal)
		if err := os.Symlink(target, filepath.Join(dir, "content", "pages", "leak.md")); err != nil {
			t.Fatal(err)
		}
		files, _, err := Render(Options{Systems: systems.Builtin(), Source: dir})
		if err == nil {
			t.Errorf("%s: built %d files through a link out of the site", target, len(files))
			continue
		}
		if !strings.Contains(err.Error(), "content/pages/leak.md") {
			t.Errorf("%s: error %v does not name the link", target, err)
		}
	}
	// A link inside the site is fine.
	dir := writeSite(t, minimal)
	if err := os.Symlink("notes.md", filepath.Join(dir, "content", "pages", "again.md")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Render(Options{Systems: systems.Builtin(), Source: dir}); err != nil {
		t.Error(err)
	}
}

// TestGoldenHTML pins three rendered pages of a small site, so a change to
// the templates shows up as a reviewable diff (go test -update rewrites).
func TestGoldenHTML(t *testing.T) {
	dir := writeSite(t, minimal)
	files := render(t, Options{Systems: systems.Builtin(), Source: dir, Created: time.Unix(0, 0)})
	golden(t, "golden-encounter.html", files["packs/small/encounter-2.html"])
	golden(t, "golden-campaign.html", files["campaigns/short/index.html"])
	golden(t, "golden-entry.html", files["campaigns/short/entry-2.html"])
}

// TestBuildWarnings: what a site holds that the build does not use is a
// warning in the build's summary, and a symbolic link out of the site or
// a folder that cannot be read is an error at its path.
func TestBuildWarnings(t *testing.T) {
	dir := writeSite(t, `
-- sortie.conf --
title: T
-- content/pages/p.md --
---
title: P
---
Some <b>bold</b>.
-- content/pages/notes.txt --
notes
`)
	_, sum, err := Render(Options{Systems: systems.Builtin(), Source: dir})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		dir + "/content/pages/notes.txt: not read: a build copies no files from content/",
		dir + "/content/pages/p.md:4: raw HTML is dropped from the page: write it in Markdown",
	}
	if !slices.Equal(sum.Warnings, want) {
		t.Errorf("warnings %q, want %q", sum.Warnings, want)
	}

	outside := t.TempDir()
	if err := os.Symlink(outside, filepath.Join(dir, "content", "packs")); err != nil {
		t.Skip(err)
	}
	_, _, err = Render(Options{Systems: systems.Builtin(), Source: dir})
	if err == nil || !strings.Contains(err.Error(), dir+"/content/packs: a symbolic link Sortie cannot follow") {
		t.Errorf("error %v, want the link named", err)
	}
	if err := os.Remove(filepath.Join(dir, "content", "packs")); err != nil {
		t.Fatal(err)
	}
	if os.Getuid() == 0 {
		return // root reads any folder
	}
	locked := filepath.Join(dir, "content", "campaigns")
	if err := os.Mkdir(locked, 0o000); err != nil {
		t.Fatal(err)
	}
	_, _, err = Render(Options{Systems: systems.Builtin(), Source: dir})
	if err == nil || !strings.Contains(err.Error(), "failed to read "+dir+"/content/campaigns") {
		t.Errorf("error %v, want the folder named", err)
	}
}

// TestRebuildKeepsDeployCheckout: building into a Pages-style deploy
// checkout keeps its .git and CNAME, and what sortie.conf's keep: lists;
// everything else the build did not make goes.
func TestRebuildKeepsDeployCheckout(t *testing.T) {
	site := writeSite(t, strings.Replace(minimal, "paper: a4\n", "paper: a4\nkeep: .nojekyll\n", 1))
	out := filepath.Join(t.TempDir(), "public")
	if _, err := Build(Options{Systems: systems.Builtin(), Source: site, Out: out}); err != nil {
		t.Fatal(err)
	}
	deploy := map[string]string{".git/HEAD": "ref: refs/heads/gh-pages\n", ".git/config": "[core]\n", "CNAME": "club.example.org\n", ".nojekyll": ""}
	for name, data := range deploy {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(out, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, filepath.FromSlash(name)), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(out, "old-page.html"), []byte("stale"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Build(Options{Systems: systems.Builtin(), Source: site, Out: out}); err != nil {
		t.Fatal(err)
	}
	got := tree(t, out)
	for name, data := range deploy {
		if v, ok := got[filepath.Join(out, filepath.FromSlash(name))]; !ok || v != data {
			t.Errorf("%s = %q after the rebuild, want %q kept", name, v, data)
		}
	}
	if _, ok := got[filepath.Join(out, "old-page.html")]; ok {
		t.Error("old-page.html, which the build did not make and keep: does not list, is still there")
	}
}

// TestSerialEqualsParallel builds one site with every kind of PDF job
// (booklets, folded and print-ready booklets, play sheets) rendered one at
// a time and eight at a time: the files must be the same bytes, since a
// job's output never depends on which finishes first.
func TestSerialEqualsParallel(t *testing.T) {
	t.Parallel() // builds a site of its own; see parallel in generator_test.go
	dir := writeSite(t, strings.Replace(minimal, "paper: a4\n", "paper: a4, letter\nimpose: saddle\nprint: on-demand\n", 1))
	serial := render(t, Options{Source: dir, Systems: systems.Builtin(), Workers: 1})
	parallel := render(t, Options{Source: dir, Systems: systems.Builtin(), Workers: 8})
	if len(serial) != len(parallel) {
		t.Fatalf("%d files serially, %d in parallel", len(serial), len(parallel))
	}
	kinds := map[string]int{}
	for p, data := range serial {
		if !bytes.Equal(data, parallel[p]) {
			t.Errorf("%s differs between a serial and a parallel build", p)
		}
		switch {
		case strings.HasSuffix(p, "-folded.pdf"):
			kinds["folded"]++
		case strings.HasSuffix(p, "-print.pdf"):
			kinds["print"]++
		case strings.Contains(p, "/sheets/"):
			kinds["sheet"]++
		case strings.HasSuffix(p, ".pdf"):
			kinds["booklet"]++
		}
	}
	for _, k := range []string{"booklet", "folded", "print", "sheet"} {
		if kinds[k] == 0 {
			t.Errorf("no %s in the build: the test would not compare its kind of job", k)
		}
	}
}

// TestLinksToLeftOut: a link to a draft or to a pack dated ahead says the
// page exists but is left out of this build, and names the flag that
// builds it; a link to a Markdown file names the page Sortie makes of it.
// Each builds once the flag is given or the link is to the page.
func TestLinksToLeftOut(t *testing.T) {
	src := minimal + `-- content/packs/draft.md --
---
title: Draft Pack
draft: true
system: 2d6-sword-and-sorcery
seed: d-1
encounters: explore
---
-- content/campaigns/later.md --
---
title: Later Road
date: 2030-01-01
system: 2d6-sword-and-sorcery
seed: l-1
steps: 2
---
-- content/pages/links.md --
---
title: Links
---
[draft](../packs/draft/index.html)

[its first](../packs/draft/encounter-1.html)

[later](../campaigns/later/index.html)

[notes](notes.md) [small](../packs/small.md) [none](nothing.md)
`
	dir := writeSite(t, src)
	today := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	_, _, err := Render(Options{Systems: systems.Builtin(), Source: dir, Today: today, PagesOnly: true})
	if err == nil {
		t.Fatal("no error")
	}
	prefix := filepath.ToSlash(dir) + "/content/pages/links.md:"
	for _, want := range []string{
		prefix + `4: link "../packs/draft/index.html": no page packs/draft/index.html in this build: packs/draft is a draft (draft: true, `,
		"left out of this build: --drafts builds it",
		prefix + `6: link "../packs/draft/encounter-1.html": no page packs/draft/encounter-1.html in this build: packs/draft is a draft`,
		prefix + `8: link "../campaigns/later/index.html": no page campaigns/later/index.html in this build: campaigns/later is dated 2030-01-01 (`,
		"after the build's day, 2026-12-01, so left out of this build: --future builds it now",
		prefix + `10: link "notes.md": a Markdown file is linked by the page Sortie makes of it: ../pages/notes.html`,
		prefix + `10: link "../packs/small.md": a Markdown file is linked by the page Sortie makes of it: ../packs/small/index.html`,
		prefix + `10: link "nothing.md": no page pages/nothing.md in the site: a Markdown file is linked by the page Sortie makes of it (content/pages/nothing.md would be pages/nothing.html), and there is no content/pages/nothing.md`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
	// With both flags and the links to pages, it builds.
	fixed := strings.Replace(src, "[notes](notes.md) [small](../packs/small.md) [none](nothing.md)", "[notes](notes.html) [small](../packs/small/index.html)", 1)
	if _, _, err := Render(Options{Systems: systems.Builtin(), Source: writeSite(t, fixed), Today: today, Drafts: true, Future: true, PagesOnly: true}); err != nil {
		t.Errorf("with --drafts, --future and the links to pages: %v", err)
	}
}
