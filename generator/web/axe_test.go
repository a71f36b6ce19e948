package web_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
	"github.com/sortie-wargames/sortie/generator/output"
	"github.com/sortie-wargames/sortie/generator/site"
	"github.com/sortie-wargames/sortie/generator/web"
)

// axeDir holds the Node script and its pinned packages (npm ci there).
const axeDir = "../../.ci/axe"

// needTool skips the test when a tool is missing, or fails it when
// SORTIE_REQUIRE_TOOLS=1 (as in CI).
func needTool(t *testing.T, ok bool, what string) {
	t.Helper()
	if ok {
		return
	}
	if os.Getenv("SORTIE_REQUIRE_TOOLS") == "1" {
		t.Fatalf("%s (SORTIE_REQUIRE_TOOLS=1 makes this an error)", what)
	}
	t.Skipf("%s: the accessibility test needs it (SORTIE_REQUIRE_TOOLS=1 makes this an error)", what)
}

// TestAccessibility builds the default site, serves it on 127.0.0.1 as a
// static host would (404.html for a missing address) and opens one page
// of each kind in Debian's headless Chromium at a phone's width and a
// desktop's, where axe-core checks it. A serious or critical violation
// fails the test, and so does heading-order, which the issue names; the
// others are logged.
func TestAccessibility(t *testing.T) {
	if testing.Short() {
		t.Skip("opens a browser")
	}
	node, err := exec.LookPath("node")
	needTool(t, err == nil, "node not found: install nodejs")
	chromium := "/usr/bin/chromium"
	_, err = os.Stat(chromium)
	needTool(t, err == nil, chromium+" not found: apt-get install chromium")
	for _, pkg := range []string{"playwright-core", "axe-core"} {
		_, err := os.Stat(filepath.Join(axeDir, "node_modules", pkg, "package.json"))
		needTool(t, err == nil, pkg+" not installed: run npm ci in .ci/axe")
	}

	files := defaultSite(t)
	dir := t.TempDir()
	writeFiles(t, dir, files)
	srv := httptest.NewServer(staticHost(dir))
	defer srv.Close()

	pages := pagesOfEachKind(t, files)
	args := append([]string{filepath.Join(axeDir, "axe.mjs"), "390,1280", srv.URL + "/"}, pages...)
	start := time.Now()
	cmd := exec.Command(node, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("axe.mjs: %v\n%s", err, stderr.String())
	}
	var res struct {
		Axe   string
		Pages []struct {
			Path       string
			Width      int
			Status     int
			Violations []struct {
				ID, Impact, Help, HelpURL string
				Nodes                     []struct {
					Target []any
					HTML   string
				}
			}
		}
	}
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		t.Fatalf("axe.mjs output: %v\n%s", err, stdout.String())
	}
	t.Logf("axe-core %s: %d page views in %s", res.Axe, len(res.Pages), time.Since(start).Round(time.Second))
	if len(res.Pages) != 2*len(pages) {
		t.Fatalf("axe.mjs checked %d page views, want %d", len(res.Pages), 2*len(pages))
	}
	for _, p := range res.Pages {
		want := http.StatusOK
		if p.Path == missing {
			want = http.StatusNotFound
		}
		if p.Status != want {
			t.Errorf("%s: HTTP %d, want %d", p.Path, p.Status, want)
		}
		for _, v := range p.Violations {
			fail := v.Impact == "serious" || v.Impact == "critical" || v.ID == "heading-order"
			for _, n := range v.Nodes {
				msg := p.Path + " at " + strconv.Itoa(p.Width) + "px: " + v.Impact + " " + v.ID + " (" + v.Help + ") at " + targets(n.Target) + ": " + n.HTML
				if fail {
					t.Error(msg)
				} else {
					t.Log(msg)
				}
			}
		}
	}
}

// defaultSite renders the default site as it is published, booklets and
// all, once for the tests that open it in a browser.
func defaultSite(t *testing.T) []output.File {
	t.Helper()
	defaultOnce.Do(func() {
		defaultFiles, _, defaultErr = generator.Render(generator.Options{Month: "2026-11", Systems: systems.Builtin()})
	})
	if defaultErr != nil {
		t.Fatal(defaultErr)
	}
	return defaultFiles
}

var (
	defaultOnce  sync.Once
	defaultFiles []output.File
	defaultErr   error
)

// missing is an address the site does not have: the host answers it with
// 404.html.
const missing = "packs/no-such-pack/index.html"

// staticHost serves dir as GitHub Pages or Netlify do: a missing address
// gets 404.html with status 404.
func staticHost(dir string) http.Handler {
	fsrv := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := filepath.Join(dir, filepath.FromSlash(path.Clean(r.URL.Path)))
		if _, err := os.Stat(p); errors.Is(err, os.ErrNotExist) {
			data, err := os.ReadFile(filepath.Join(dir, web.NotFound))
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusNotFound)
			w.Write(data)
			return
		}
		fsrv.ServeHTTP(w, r)
	})
}

// pagesOfEachKind picks one page of each kind from the default site: the
// home page, a page, a system's page and its QRS, a pack, the first
// encounter of a pack of each system that rolls encounters, a campaign
// and its first entry, the series and a month, the downloads page, the
// 404 page itself and a missing address.
func pagesOfEachKind(t *testing.T, files []output.File) []string {
	t.Helper()
	reg, err := generator.LoadSystems("", systems.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	s, err := site.Load(content.FS, site.ConfigFile, ".", "content/", reg)
	if err != nil {
		t.Fatal(err)
	}
	pages := []string{"index.html", path.Join("pages", s.Pages[0].Slug+".html"),
		path.Join(web.SystemDir("swordplay"), "index.html"), path.Join(web.SystemDir("swordplay"), "qrs.html"),
		path.Join(web.PackDir(s.Packs[0].Slug), "index.html")}
	bySystem := map[string]bool{}
	for _, p := range s.Packs {
		if !bySystem[p.System] {
			bySystem[p.System] = true
			pages = append(pages, path.Join(web.PackDir(p.Slug), "encounter-1.html"))
		}
	}
	if len(bySystem) != 5 {
		t.Errorf("the default site's packs use %d systems, want all five", len(bySystem))
	}
	pages = append(pages, path.Join(web.CampaignDir(s.Campaigns[0].Slug), "index.html"), web.EntryPage(s.Campaigns[0].Slug, 1),
		path.Join(web.SeriesDir(s.Series[0].Slug), "index.html"), web.MonthPage(s.Series[0].Slug, s.Series[0].Start),
		web.Downloads, web.NotFound, missing, web.SearchPage+"?q=raid",
		web.TagsPage, path.Join(web.TagDir("orcs"), "index.html"), path.Join(web.TypeDir("swordplay", "patrol"), "index.html"))
	for _, p := range pages {
		p, _, _ = strings.Cut(p, "?") // the search page, with results listed
		if p != missing && !slices.ContainsFunc(files, func(f output.File) bool { return f.Path == p }) {
			t.Errorf("the default site has no %s", p)
		}
	}
	return pages
}

func targets(ts []any) string {
	var s []string
	for _, x := range ts {
		b, _ := json.Marshal(x)
		s = append(s, strings.Trim(string(b), `"`))
	}
	return strings.Join(s, " ")
}
