package pwa_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"html"
	"net"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
	"github.com/sortie-wargames/sortie/generator/browsertest"
	"github.com/sortie-wargames/sortie/generator/output"
	"github.com/sortie-wargames/sortie/generator/pwa"
)

// smallSite is a site of a few pages and booklets: one page, one pack of
// two encounters; booklets on A4 only. title is the page's title, which
// the test changes between two builds.
func smallSite(t *testing.T, title string) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"sortie.conf":            "title: Offline Test\npaper: a4\n",
		"content/index.md":       "---\ntitle: Welcome\n---\nHello.\n",
		"content/pages/notes.md": "---\ntitle: " + title + "\n---\nSome notes.\n",
		"content/packs/small.md": "---\ntitle: Small Pack\nsystem: 2d6-sword-and-sorcery\nseed: small-1\nencounters: explore, raid\n---\nA pack.\n",
	}
	writeTree(t, dir, files)
	return dir
}

// writeTree writes files, named by slash path, under dir.
func writeTree[D ~string | ~[]byte](t *testing.T, dir string, files map[string]D) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// buildInto renders the site and writes it to out, replacing what was
// there, and returns the files by path.
func buildInto(t *testing.T, source, out string) map[string][]byte {
	t.Helper()
	files, sum, err := generator.Render(generator.Options{Source: source, Systems: systems.Builtin()})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Offline == nil {
		t.Fatal("the build wrote no service worker")
	}
	if err := os.RemoveAll(out); err != nil {
		t.Fatal(err)
	}
	m := map[string][]byte{}
	for _, f := range files {
		m[f.Path] = f.Data
	}
	writeTree(t, out, m)
	return m
}

// host serves dir on addr ("127.0.0.1:0" for any port) as a static host,
// telling the browser to keep nothing itself: whatever loads once the
// host is stopped came from the service worker.
type host struct {
	ln  net.Listener
	srv *http.Server
}

func serveDir(t *testing.T, dir, addr string) *host {
	t.Helper()
	var ln net.Listener
	var err error
	for range 50 { // the same port again, once the last host let it go
		if ln, err = net.Listen("tcp", addr); err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	fsrv := http.FileServer(http.Dir(dir))
	h := &host{ln: ln, srv: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		fsrv.ServeHTTP(w, r)
	})}}
	go h.srv.Serve(ln)
	return h
}

func (h *host) base() string { return "http://" + h.ln.Addr().String() + "/" }

// stop closes the host and checks that nothing answers there any more.
func (h *host) stop(t *testing.T) {
	t.Helper()
	if err := h.srv.Close(); err != nil {
		t.Fatal(err)
	}
	c := &http.Client{Timeout: 5 * time.Second}
	if res, err := c.Get(h.base() + "index.html"); err == nil {
		res.Body.Close()
		t.Fatalf("the stopped host still answers: HTTP %d", res.StatusCode)
	}
}

// browser is the Chromium that testdata/offline.mjs drives.
type browser struct {
	t *testing.T
	s *browsertest.Script
}

func startBrowser(t *testing.T) *browser {
	t.Helper()
	return &browser{t: t, s: browsertest.Start(t, "testdata/offline.mjs", "../../.ci/axe", "playwright-core")}
}

// do sends one command and decodes its answer into v.
func (b *browser) do(v any, cmd ...string) {
	b.t.Helper()
	line := b.s.Ask(cmd[0], strings.Join(cmd, " "), 120*time.Second)
	if err := json.Unmarshal([]byte(line), v); err != nil {
		b.t.Fatalf("%s: %v: %s", cmd[0], err, line)
	}
}

type visited struct {
	Status     int
	H1         string
	Controlled bool
	Error      string
}

func (b *browser) visit(u string) visited {
	b.t.Helper()
	var v visited
	b.do(&v, "visit", u)
	return v
}

type fetched struct {
	OK     bool
	Status int
	SHA256 string
	Error  string
}

func (b *browser) fetch(u string) fetched {
	b.t.Helper()
	var f fetched
	b.do(&f, "fetch", u)
	return f
}

var h1 = regexp.MustCompile(`(?s)<h1[^>]*>(.*?)</h1>`)

// heading is the text of a page's h1.
func heading(t *testing.T, page []byte) string {
	t.Helper()
	m := h1.FindSubmatch(page)
	if m == nil {
		t.Fatal("a page without an h1")
	}
	return strings.TrimSpace(html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(string(m[1]), "")))
}

func sum(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

// TestOfflineInBrowser builds a small site, serves it on 127.0.0.1 and
// opens its home page in headless Chromium, which finds it installable,
// then a booklet, as a player would; then stops the server and opens the site's other pages, never
// opened before, and the booklet again: each loads from the service
// worker. A booklet never opened says it was not kept. A second build,
// one page changed, is served at the same address: the browser installs
// its worker, which shows the new page, offline too, and keeps only the
// second build's files, the booklet opened before among them.
func TestOfflineInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("opens a browser")
	}
	b := startBrowser(t)
	source, out := smallSite(t, "Notes"), filepath.Join(t.TempDir(), "public")
	v1 := buildInto(t, source, out)
	var pdfs, pages []string
	for p := range v1 {
		switch path.Ext(p) {
		case ".pdf":
			pdfs = append(pdfs, p)
		case ".html":
			if p != "index.html" {
				pages = append(pages, p)
			}
		}
	}
	booklet := "packs/small/small-a4.pdf"
	if v1[booklet] == nil || len(pdfs) < 2 || len(pages) < 4 {
		t.Fatalf("the small site has %d PDFs and %d pages but the home page, want %s among 2 or more and 4 or more", len(pdfs), len(pages), booklet)
	}

	srv := serveDir(t, out, "127.0.0.1:0")
	base := srv.base()
	if v := b.visit(base + "index.html"); v.Status != 200 || !v.Controlled {
		t.Fatalf("the first visit: %+v, want HTTP 200 and a service worker in control", v)
	}
	if f := b.fetch(base + booklet); !f.OK || f.SHA256 != sum(v1[booklet]) {
		t.Fatalf("opening %s online: %+v", booklet, f)
	}
	var inst struct {
		Errors, Manifest []string
		URL              string
	}
	b.do(&inst, "installable")
	if len(inst.Errors) > 0 || len(inst.Manifest) > 0 || inst.URL != base+pwa.Manifest {
		t.Errorf("Chromium would not install the site: %+v", inst)
	}
	srv.stop(t)

	for _, p := range pages {
		v := b.visit(base + p)
		if v.Status != 200 || v.H1 != heading(t, v1[p]) {
			t.Errorf("offline, %s: %+v, want HTTP 200 and the heading %q", p, v, heading(t, v1[p]))
		}
	}
	if f := b.fetch(base + booklet); !f.OK || f.SHA256 != sum(v1[booklet]) {
		t.Errorf("offline, %s opened before: %+v, want its bytes", booklet, f)
	}
	if f := b.fetch(base + "style.css"); !f.OK || f.SHA256 != sum(v1["style.css"]) {
		t.Errorf("offline, style.css: %+v, want its bytes", f)
	}
	for _, p := range pdfs {
		if p == booklet {
			continue
		}
		if f := b.fetch(base + p); f.OK {
			t.Errorf("offline, %s, never opened: loaded, want it not kept", p)
		}
		if v := b.visit(base + p); v.Status != http.StatusServiceUnavailable || v.H1 != "Offline" {
			t.Errorf("offline, opening %s, never opened: %+v, want the worker's Offline page", p, v)
		}
		break
	}

	// The second build, at the same address.
	source2 := smallSite(t, "Notes, revised")
	v2 := buildInto(t, source2, out)
	srv = serveDir(t, out, strings.TrimSuffix(strings.TrimPrefix(base, "http://"), "/"))
	if v := b.visit(base + "index.html"); v.Status != 200 {
		t.Fatalf("the second build's home page: %+v", v)
	}
	var up struct {
		Updated bool
		Error   string
	}
	b.do(&up, "update")
	if !up.Updated {
		t.Fatalf("the second build's worker did not take over: %+v", up)
	}
	var ks struct{ Caches map[string][]string }
	b.do(&ks, "keys")
	keys := ks.Caches["sortie /"]
	if len(ks.Caches) != 1 || len(keys) == 0 {
		t.Fatalf("caches after the second build: %v, want one, \"sortie /\"", ks.Caches)
	}
	kept := map[string]bool{}
	for _, k := range keys {
		u, err := url.Parse(k)
		if err != nil {
			t.Fatal(err)
		}
		p := strings.TrimPrefix(u.Path, "/")
		data, ok := v2[p]
		if !ok || !strings.HasPrefix(sum(data), u.Query().Get("sortie")) {
			t.Errorf("kept after the second build: %s, which is not one of its files as it wrote them", k)
		}
		kept[p] = true
	}
	for p, data := range v2 {
		if pwa.Ignored[p] || p == output.Marker {
			continue
		}
		if pwa.Precached(p, len(data)) != kept[p] && p != booklet {
			t.Errorf("%s: kept %v after the second build, want %v", p, kept[p], pwa.Precached(p, len(data)))
		}
	}
	if same := sum(v1[booklet]) == sum(v2[booklet]); kept[booklet] != same {
		t.Errorf("%s, opened with the first build: kept %v, want %v (its bytes are the same in both builds: %v)", booklet, kept[booklet], same, same)
	}
	srv.stop(t)
	notes := "pages/notes.html"
	if v := b.visit(base + notes); v.Status != 200 || v.H1 != "Notes, revised" {
		t.Errorf("offline after the second build, %s: %+v, want the new page", notes, v)
	}

	// Opened from the disk, a page registers nothing and still reads.
	if v := b.visit("file://" + filepath.ToSlash(filepath.Join(out, "index.html"))); v.H1 != heading(t, v2["index.html"]) || v.Controlled {
		t.Errorf("from the disk: %+v, want the page, with no service worker", v)
	}
}
