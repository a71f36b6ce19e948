package serve_test

import (
	"bufio"
	"context"
	"fmt"
	"html"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
	"github.com/sortie-wargames/sortie/generator/output"
	"github.com/sortie-wargames/sortie/generator/serve"
	"github.com/sortie-wargames/sortie/generator/skeleton"
)

// stream is one open page's event stream, as the browser's EventSource
// reads it: the names of the events, in order.
type stream struct {
	events chan string
	close  func()
}

func listen(t *testing.T, base, page, v string) *stream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"__sortie/events?path="+page+"&"+v, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); resp.StatusCode != 200 || ct != "text/event-stream" {
		t.Fatalf("event stream: %d %s", resp.StatusCode, ct)
	}
	s := &stream{events: make(chan string, 16), close: func() { cancel(); resp.Body.Close() }}
	go func() {
		defer close(s.events)
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if name, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
				s.events <- name
			}
		}
	}()
	t.Cleanup(s.close)
	return s
}

// next waits for the stream's next event.
func (s *stream) next(t *testing.T) string {
	t.Helper()
	select {
	case e, ok := <-s.events:
		if !ok {
			t.Fatal("the event stream ended")
		}
		return e
	case <-time.After(60 * time.Second):
		t.Fatal("no event in 60 s")
	}
	return ""
}

var dataV = regexp.MustCompile(`<script src="/__sortie/live.js" data-v="([^"]+)" data-c="([^"]*)" defer></script>`)

// page gets a page and what its live-reload script says it shows, as
// the event stream's query ("v=...&c=...").
func page(t *testing.T, url string) (int, string, string) {
	t.Helper()
	code, body := get(t, url)
	m := dataV.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("%s: no live-reload script:\n%s", url, body)
	}
	return code, body, "v=" + m[1] + "&c=" + m[2]
}

// TestLiveReload serves the starter site with its pages first and its
// booklets after, with a real HTTP client and real file changes: a page
// open in a browser (its event stream) is told to reload when a save
// changes it, the new page says its booklets are still being made, a
// booklet asked for then comes once made, a mistake makes the open page
// reload into the error, and the fix makes it reload again. The files
// of a build never hold the script.
func TestLiveReload(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mysite")
	files, err := skeleton.Starter("2026-11")
	if err != nil {
		t.Fatal(err)
	}
	if err := skeleton.Write(dir, files); err != nil {
		t.Fatal(err)
	}
	opt := generator.Options{Source: dir, Systems: systems.Builtin(), Papers: []string{"a4"}, Month: "2026-11"}
	pagesOpt := opt
	pagesOpt.PagesOnly = true
	// The booklets are made when the test says, so it can look at a page
	// while they are still being made.
	release, stopped := make(chan struct{}, 8), make(chan struct{})
	var fulls atomic.Int32
	var log syncBuffer
	srv, err := serve.Listen(serve.Options{
		Addr:  "127.0.0.1:0",
		Watch: dir,
		Log:   &log,
		Build: func() ([]output.File, error) {
			select {
			case <-release:
			case <-stopped:
				return nil, fmt.Errorf("stopped")
			}
			files, _, err := generator.Render(opt)
			if err == nil {
				for _, f := range files {
					if strings.Contains(string(f.Data), "__sortie") || strings.Contains(string(f.Data), "sortie-later") {
						t.Errorf("the build's %s holds the server's script or note", f.Path)
					}
				}
			}
			fulls.Add(1)
			return files, err
		},
		Pages: func(emit func(output.File)) ([]output.File, []string, error) {
			var mu sync.Mutex
			var files []output.File
			sum, err := generator.Stream(pagesOpt, func(f output.File) error {
				mu.Lock()
				files = append(files, f)
				mu.Unlock()
				emit(f)
				return nil
			})
			if err != nil {
				return nil, nil, err
			}
			return files, sum.Later, nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx) }()
	defer func() {
		close(stopped)
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	}()
	base := srv.URL()
	const packURL = "packs/brigands-in-the-hills/"
	const pdf = packURL + "brigands-in-the-hills-a4.pdf"

	// The first build: the pages at once, a booklet once made.
	code, body, _ := page(t, base+packURL)
	if code != 200 || !strings.Contains(body, "Brigands in the Hills") || !strings.Contains(body, `id="sortie-later"`) {
		t.Fatalf("the pack page before its booklets: %d\n%s", code, body)
	}
	got := make(chan string, 1)
	fetchPDF := func() {
		resp, err := http.Get(base + pdf)
		if err != nil {
			got <- err.Error()
			return
		}
		resp.Body.Close()
		got <- fmt.Sprint(resp.StatusCode, " ", resp.Header.Get("Content-Type"))
	}
	go fetchPDF()
	select {
	case g := <-got:
		t.Fatalf("the booklet was answered before it was made: %s", g)
	case <-time.After(300 * time.Millisecond):
	}
	release <- struct{}{}
	if g := <-got; g != "200 application/pdf" {
		t.Fatalf("the booklet once made: %s", g)
	}
	code, body, v := page(t, base+packURL)
	if code != 200 || strings.Contains(body, `id="sortie-later"`) {
		t.Fatalf("the pack page once its booklets are made: %d\n%s", code, body)
	}

	// An open page is told to reload when a save changes it, and the
	// new page says its booklets are being made.
	open := listen(t, base, "/"+packURL, v)
	if e := open.next(t); e != "ready" {
		t.Fatalf("first event %q", e)
	}
	packFile := filepath.Join(dir, "content", "packs", "brigands-in-the-hills.md")
	edit := func(file, from, to string) {
		t.Helper()
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), from) {
			t.Fatalf("%s lacks %q", file, from)
		}
		if err := os.WriteFile(file, []byte(strings.Replace(string(data), from, to, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edit(packFile, "Brigands in the Hills", "Bandits in the Hills")
	if e := open.next(t); e != "reload" {
		t.Fatalf("after the edit: event %q", e)
	}
	code, body, v = page(t, base+packURL)
	if code != 200 || !strings.Contains(body, "Bandits in the Hills") {
		t.Fatalf("after the edit: %d\n%s", code, body)
	}
	if !strings.Contains(body, `id="sortie-later"`) || !strings.Contains(body, "still making") {
		t.Errorf("the page does not say its booklets are being made:\n%s", body)
	}
	open = listen(t, base, "/"+packURL, v)
	release <- struct{}{}
	// Once the booklets are made, the note goes: the page reloads if
	// the whole build's page differs, else it is told the booklets are
	// ready.
	if e := open.next(t); e != "ready" && e != "reload" {
		t.Fatalf("once the booklets are made: event %q", e)
	}
	if _, body, _ := page(t, base+packURL); strings.Contains(body, `id="sortie-later"`) || !strings.Contains(body, "Bandits in the Hills") {
		t.Errorf("once the booklets are made:\n%s", body)
	}
	if fulls.Load() != 2 {
		t.Errorf("%d whole builds, want 2", fulls.Load())
	}

	// A mistake: the open page reloads into the error, which reloads
	// once the mistake is fixed.
	_, _, v = page(t, base+packURL)
	open = listen(t, base, "/"+packURL, v)
	if e := open.next(t); e != "ready" {
		t.Fatalf("first event %q", e)
	}
	edit(packFile, "summary:", "colour:  red\nsummary:")
	if e := open.next(t); e != "reload" {
		t.Fatalf("after the mistake: event %q", e)
	}
	code, body, v = page(t, base+packURL)
	if code != 500 || !strings.Contains(html.UnescapeString(body), "content/packs/brigands-in-the-hills.md:") || !strings.Contains(body, "colour") {
		t.Fatalf("while broken: %d\n%s", code, body)
	}
	open = listen(t, base, "/"+packURL, v)
	if e := open.next(t); e != "ready" {
		t.Fatalf("first event on the error page %q", e)
	}
	edit(packFile, "colour:  red\n", "")
	if e := open.next(t); e != "reload" {
		t.Fatalf("after the fix: event %q", e)
	}
	if code, body, _ := page(t, base+packURL); code != 200 || !strings.Contains(body, "Bandits in the Hills") {
		t.Errorf("after the fix: %d\n%s", code, body)
	}
	release <- struct{}{}

	// A stylesheet saved (the site's own layouts/style.css): the open
	// page is told to swap its stylesheets, not to reload, and the new
	// sheet is served.
	_, _, v = page(t, base+packURL)
	open = listen(t, base, "/"+packURL, v)
	if e := open.next(t); e != "ready" {
		t.Fatalf("first event %q", e)
	}
	if err := os.MkdirAll(filepath.Join(dir, "layouts"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "layouts", "style.css"), []byte("h1 { color: rgb(200, 0, 0) }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if e := open.next(t); e != "css" {
		t.Fatalf("after a stylesheet is saved: event %q, want css", e)
	}
	if code, css := get(t, base+"style.css"); code != 200 || !strings.Contains(css, "rgb(200, 0, 0)") {
		t.Errorf("the stylesheet once saved: %d %q", code, css)
	}
	release <- struct{}{}
	if !strings.Contains(log.String(), "sortie: fixed: rebuilt") {
		t.Errorf("the log:\n%s", log.String())
	}
}

// TestCoalesce watches a folder with the system's file events: several
// files written at once make one rebuild, a new folder is watched, and
// writes under public/ or a dot folder make none.
func TestCoalesce(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"content/packs", "public", ".git"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	const settle = 150 * time.Millisecond
	srv, err := serve.Listen(serve.Options{
		Addr:   "127.0.0.1:0",
		Watch:  dir,
		Settle: settle,
		Build: func() ([]output.File, error) {
			return []output.File{{Path: "index.html", Data: []byte("<!DOCTYPE html><html><head></head><body>hi</body></html>")}}, nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	runUntilEnd(t, srv)
	// Let Run set up its watch first: a save before it is seen by Run's
	// first look (TestSaveBeforeRun), and counted builds would vary.
	if code, _ := get(t, srv.URL()); code != 200 {
		t.Fatalf("home page: %d", code)
	}
	time.Sleep(100 * time.Millisecond)
	waitFor := func(n int) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for srv.Builds() < n {
			if time.Now().After(deadline) {
				t.Fatalf("%d builds, want %d", srv.Builds(), n)
			}
			time.Sleep(10 * time.Millisecond)
		}
		time.Sleep(3 * settle) // any build more would have started
		if got := srv.Builds(); got != n {
			t.Fatalf("%d builds, want %d", got, n)
		}
	}
	waitFor(1)
	write := func(rel, text string) {
		t.Helper()
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// An editor saving several files at once: one rebuild.
	write("sortie.conf", "title: x\n")
	for i := range 5 {
		write(fmt.Sprintf("content/packs/p%d.md", i), "title: p\n")
	}
	write("layouts/page.html", "{{.}}")
	waitFor(2)
	// The new folder layouts/ is watched.
	write("layouts/page.html", "{{ . }}")
	waitFor(3)
	// public/, dot folders and editor backups are not.
	write("public/index.html", "x")
	write(".git/index", "x")
	write("content/packs/p0.md~", "x")
	waitFor(3)
}
