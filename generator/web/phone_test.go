package web_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
	"github.com/sortie-wargames/sortie/generator/output"
	"github.com/sortie-wargames/sortie/generator/skeleton"
	"github.com/sortie-wargames/sortie/generator/web"
)

// phoneWidth is the viewport a phone gives a page, in CSS pixels (a
// common Android phone's).
const phoneWidth = 412

// footerMax is the tallest a page's footer may be on a phone, in CSS
// pixels: a few lines for the page's own booklets, the link to the
// downloads page and the line about the build. Listing every booklet of
// the default site made it 1073.
const footerMax = 320

// printMax is the tallest the "Print it:" block at the top of a page may
// be on a phone, in CSS pixels: the links in short, a few to a line, each
// a tap target of tapMin (249 on the default site's packs and campaigns:
// five rows; 155 for the campaign of three volumes when a link was 26 px
// tall). With every label in full it was 370 on an encounter of the
// default site, 600 on that campaign's page.
const printMax = 260

// tapMin is the least width and height of a tap target on a phone, in
// CSS pixels: a finger's, the common guideline (Apple's 44 points,
// WCAG 2.5.5). A link inside a line of text is exempt, as WCAG has it.
const tapMin = 44

// a4Width is the width A4 leaves for a page within the stylesheet's
// 14 mm print margins (182 mm), in CSS pixels.
const a4Width = 688

// longWord is a title of 55 letters with no place to break it.
const longWord = "Unbreakablewordsthatnophonecanfitonalineofitsownwidth55"

// TestPhoneWidth opens one page of each kind of the default site, from the
// disk as a player who downloaded it would, in Debian's headless Chromium
// at a phone's width and a desktop's: no page may be wider than the
// screen (document.scrollingElement.scrollWidth; a wide table scrolls in
// its own box), and a page's footer stays a few lines tall on the phone.
// With every sealed item open, no text runs out of sight past the
// screen's sides or out of a box that clips or scrolls it, but a table or
// chart scrolling across whole in a box of its own, its title band and
// prose outside it (phone.mjs, "cut"); on the phone every tap target but
// a link in a line of text is at least tapMin each way, and a table of
// three columns or more (table.stack) stands row by row, no wider than
// its box.
// The same holds for a copy of the default site whose pack, campaign and
// page are titled with one 55-letter word. Laid out for print on A4, a
// page with play cards fits the paper and every card keeps the size the
// booklets print it at. SORTIE_PHONE_SHOTS=DIR keeps a full-page PNG of
// each page at each width there, to look at.
func TestPhoneWidth(t *testing.T) {
	if testing.Short() {
		t.Skip("opens a browser")
	}
	if len(longWord) != 55 {
		t.Fatalf("the long title has %d letters, want 55", len(longWord))
	}
	node, err := exec.LookPath("node")
	needTool(t, err == nil, "node not found: install nodejs")
	chromium := "/usr/bin/chromium"
	_, err = os.Stat(chromium)
	needTool(t, err == nil, chromium+" not found: apt-get install chromium")
	_, err = os.Stat(filepath.Join(axeDir, "node_modules", "playwright-core", "package.json"))
	needTool(t, err == nil, "playwright-core not installed: run npm ci in .ci/axe")

	dir := t.TempDir()
	// The default site as it is published, booklets and all.
	files := defaultSite(t)
	writeFiles(t, filepath.Join(dir, "default"), files)
	var pages []string
	for _, p := range phonePages(t, files) {
		pages = append(pages, "default/"+p)
	}

	// The same site with titles that cannot break; its pages only.
	src := filepath.Join(dir, "src")
	site, err := skeleton.FromDefault(content.FS)
	if err != nil {
		t.Fatal(err)
	}
	title := regexp.MustCompile(`(?m)^title:.*$`)
	retitled := 0
	for i, f := range site {
		switch f.Path {
		case "content/packs/border-battles.md", "content/campaigns/the-long-road.md", "content/pages/at-the-table.md":
			site[i].Data = title.ReplaceAll(f.Data, []byte("title: "+longWord))
			retitled++
		case "sortie.conf":
			// Three to a page: the home page has older pages, and the
			// long title is on the second (page/2/index.html).
			site[i].Data = append(bytes.Clone(f.Data), "\npaginate: 3\n"...)
		}
	}
	if retitled != 3 {
		t.Fatalf("retitled %d files of the default site, want 3", retitled)
	}
	if err := skeleton.Write(src, site); err != nil {
		t.Fatal(err)
	}
	// With the Roll page, whose form is what a phone opens first (its
	// engine is not loaded here: TestRollPageInBrowser rolls with it).
	roll := &generator.RollEngine{Wasm: []byte("\x00asm not loaded"), Loader: []byte("// wasm_exec.js")}
	long, _, err := generator.Render(generator.Options{Source: src, Month: "2026-11", Systems: systems.Builtin(), PagesOnly: true, Roll: roll})
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, filepath.Join(dir, "long"), long)
	if i := slices.IndexFunc(long, func(f output.File) bool { return f.Path == "page/2/index.html" }); i < 0 ||
		!bytes.Contains(long[i].Data, []byte(`rel="prev"`)) || !bytes.Contains(long[i].Data, []byte(`rel="next"`)) {
		t.Error("the home page's second page of three has no newer and older links")
	}
	for _, p := range []string{"index.html", "packs/border-battles/index.html", "packs/border-battles/encounter-1.html",
		"campaigns/the-long-road/index.html", "campaigns/the-long-road/entry-1.html", "pages/at-the-table.html", web.Downloads, web.RollPage,
		"page/2/index.html", path.Join(web.TagDir("battles"), "index.html"), path.Join(web.TypeDir("sword-and-spear-fantasy", "battle"), "index.html")} {
		if !slices.ContainsFunc(long, func(f output.File) bool {
			return f.Path == p && (bytes.Contains(f.Data, []byte(longWord)) || p == web.RollPage)
		}) {
			t.Errorf("the retitled site's %s does not show the long title", p)
		}
		pages = append(pages, "long/"+p)
	}

	shots := os.Getenv("SORTIE_PHONE_SHOTS")
	if shots == "" {
		shots = "-"
	} else if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	base := (&url.URL{Scheme: "file", Path: filepath.ToSlash(dir) + "/"}).String()
	cmd := exec.Command(node, append([]string{"testdata/phone.mjs", "412,1280", base, shots}, pages...)...)
	cmd.Env = append(os.Environ(), "SORTIE_CHROMIUM="+chromium)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("phone.mjs: %v\n%s", err, stderr.String())
	}
	var res struct {
		Printed []struct {
			Path        string
			Cards       []string
			ScrollWidth int
		}
		Pages []struct {
			Path        string
			Width       int
			Status      int
			ScrollWidth int
			Footer      int
			Print       int
			Wide        []struct {
				What  string
				Right int
			}
			Cut []struct {
				What, Text, Edge string
			}
			Small []struct {
				What string
				W, H int
			}
			Across []struct {
				What   string
				W, Box int
			}
		}
	}
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		t.Fatalf("phone.mjs output: %v\n%s", err, stdout.String())
	}
	if len(res.Pages) != 2*len(pages) {
		t.Fatalf("phone.mjs measured %d page views, want %d", len(res.Pages), 2*len(pages))
	}
	widest, tallest, printed := 0, 0, 0
	for _, p := range res.Pages {
		if p.Status != 200 {
			t.Errorf("%s at %d px: status %d, want 200", p.Path, p.Width, p.Status)
		}
		if p.ScrollWidth > p.Width {
			var what []string
			for _, w := range p.Wide {
				what = append(what, w.What+" to "+strconv.Itoa(w.Right)+" px")
			}
			t.Errorf("%s at %d px is %d px wide: %s", p.Path, p.Width, p.ScrollWidth, strings.Join(what, ", "))
		}
		for _, c := range p.Cut {
			t.Errorf("%s at %d px: %s %q runs out of %s, its words cut", p.Path, p.Width, c.What, c.Text, c.Edge)
		}
		if p.Width == phoneWidth {
			for _, c := range p.Small {
				t.Errorf("%s at %d px: the tap target %s is %d × %d px, want at least %d each way", p.Path, p.Width, c.What, c.W, c.H, tapMin)
			}
			for _, a := range p.Across {
				t.Errorf("%s at %d px: the table %q is %d px wide in a box of %d: its rows should stand as blocks", p.Path, p.Width, a.What, a.W, a.Box)
			}
		}
		if p.Footer <= 0 {
			t.Errorf("%s at %d px has no footer", p.Path, p.Width)
		}
		if p.Width == phoneWidth {
			if p.Footer > footerMax {
				t.Errorf("%s at %d px: the footer is %d px tall, want at most %d", p.Path, p.Width, p.Footer, footerMax)
			}
			if p.Print > printMax {
				t.Errorf("%s at %d px: the print links are %d px tall, want at most %d", p.Path, p.Width, p.Print, printMax)
			}
			widest, tallest, printed = max(widest, p.ScrollWidth), max(tallest, p.Footer), max(printed, p.Print)
		}
	}
	// Printed, every play card is its true size, as its page says it.
	sites := map[string][]output.File{"default/": files, "long/": long}
	want := map[string][]string{}
	for _, p := range pages {
		prefix, rel, _ := strings.Cut(p, "/")
		rel, _, _ = strings.Cut(rel, "?") // the search page, with results listed
		i := slices.IndexFunc(sites[prefix+"/"], func(f output.File) bool { return f.Path == rel })
		if i < 0 {
			t.Fatalf("no page %s", p)
		}
		for _, m := range cardSize.FindAllSubmatch(sites[prefix+"/"][i].Data, -1) {
			w, _ := strconv.ParseFloat(string(m[1]), 64)
			rw, _ := strconv.ParseFloat(string(m[2]), 64)
			rh, _ := strconv.ParseFloat(string(m[3]), 64)
			if s := fmt.Sprintf("%.1f x %.1f", w, w*rh/rw); !slices.Contains(want[p], s) {
				want[p] = append(want[p], s)
			}
		}
		slices.Sort(want[p])
	}
	got := map[string][]string{}
	for _, p := range res.Printed {
		got[p.Path] = p.Cards
		if p.ScrollWidth > a4Width {
			t.Errorf("%s printed is %d px wide, more than A4's %d within its margins: the browser shrinks the page, cards and all", p.Path, p.ScrollWidth, a4Width)
		}
	}
	cardPages := 0
	for _, p := range pages {
		if len(want[p]) > 0 {
			cardPages++
		}
		if !slices.Equal(got[p], want[p]) {
			t.Errorf("%s printed: play cards of %v mm, want %v", p, got[p], want[p])
		}
	}
	if cardPages < 2 {
		t.Errorf("%d pages measured have play cards, want the Sword & Spear and Two-Page Skirmish encounters", cardPages)
	}
	if printed == 0 {
		t.Errorf("no page measured has print links")
	}
	t.Logf("%d pages at %d px: the widest %d px, the tallest footer %d px, the tallest print links %d px", len(pages), phoneWidth, widest, tallest, printed)
}

// phonePages are the pages TestPhoneWidth opens: one of each kind
// (pagesOfEachKind, but those whose links start at the host's root), and
// more of the kinds whose tables and charts differ most: every system's
// Quick Reference Sheets, every pack's page with its band, every
// campaign's page (its chart) and second entry. (The Roll page is opened
// from the retitled site, built with it.)
func phonePages(t *testing.T, files []output.File) []string {
	t.Helper()
	var pages []string
	for _, p := range pagesOfEachKind(t, files) {
		if p != missing && p != web.NotFound { // their links start at the host's root, not on disk
			pages = append(pages, p)
		}
	}
	more := regexp.MustCompile(`^(systems/[^/]+/qrs\.html|packs/[^/]+/index\.html|campaigns/[^/]+/(index|entry-2)\.html)$`)
	for _, f := range files {
		if more.MatchString(f.Path) && !slices.Contains(pages, f.Path) {
			pages = append(pages, f.Path)
		}
	}
	if len(pages) < 28 {
		t.Errorf("%d pages to open, want every kind and every system's QRS, pack and campaign: %v", len(pages), pages)
	}
	return pages
}

// cardSize finds a play card's size in its style: its width in mm and
// its aspect ratio.
var cardSize = regexp.MustCompile(`class="play-card [^"]*" style="width: ([0-9.]+)mm; aspect-ratio: ([0-9.]+) / ([0-9.]+)"`)

// writeFiles writes a built site's files under dir.
func writeFiles(t *testing.T, dir string, files []output.File) {
	t.Helper()
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(path.Clean(f.Path)))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
