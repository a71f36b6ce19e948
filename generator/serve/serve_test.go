package serve_test

import (
	"context"
	"html"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
	"github.com/sortie-wargames/sortie/generator/output"
	"github.com/sortie-wargames/sortie/generator/serve"
	"github.com/sortie-wargames/sortie/generator/skeleton"
)

// syncBuffer is a log the server and the test share.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(body)
}

// runUntilEnd runs srv until the test ends; Run's error fails it.
func runUntilEnd(t *testing.T, srv *serve.Server) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
}

// TestServe runs the server on 127.0.0.1 against a real site and a real
// HTTP client: a page is served, an edit is picked up, a mistake shows on
// every page with its file and line, fixing it recovers, and cancelling
// the context stops the server.
func TestServe(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mysite")
	files, err := skeleton.Starter("2026-11")
	if err != nil {
		t.Fatal(err)
	}
	if err := skeleton.Write(dir, files); err != nil {
		t.Fatal(err)
	}
	ticks := make(chan time.Time)
	var log syncBuffer
	srv, err := serve.Listen(serve.Options{
		Addr:  "127.0.0.1:0",
		Watch: dir,
		Ticks: ticks,
		Log:   &log,
		Build: func() ([]output.File, error) {
			files, _, err := generator.Render(generator.Options{Source: dir, Systems: systems.Builtin(), Papers: []string{"a4"}, Month: "2026-11"})
			return files, err
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(srv.URL(), "http://127.0.0.1:") {
		t.Fatalf("URL %s", srv.URL())
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx) }()
	// poll makes the server check the files; when the second tick is
	// taken, the first one's rebuild is over.
	poll := func() { ticks <- time.Time{}; ticks <- time.Time{} }

	code, body := get(t, srv.URL())
	if code != 200 || !strings.Contains(body, "My Sortie site") {
		t.Fatalf("home page: %d\n%s", code, body)
	}
	code, body = get(t, srv.URL()+"packs/brigands-in-the-hills/")
	if code != 200 || !strings.Contains(body, "Brigands in the Hills") {
		t.Fatalf("pack page: %d", code)
	}
	if code, _ := get(t, srv.URL()+"packs/brigands-in-the-hills"); code != 200 {
		t.Errorf("a folder without its slash: %d", code)
	}
	resp, err := http.Get(srv.URL() + "packs/brigands-in-the-hills/brigands-in-the-hills-a4.pdf")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/pdf" {
		t.Errorf("booklet: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if code, _ := get(t, srv.URL()+"no-such-page.html"); code != 404 {
		t.Errorf("a missing page: %d", code)
	}

	// An edit to a page is picked up.
	page := filepath.Join(dir, "content", "pages", "house-rules.md")
	edit := func(from, to string) {
		t.Helper()
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), from) {
			t.Fatalf("%s lacks %q", page, from)
		}
		if err := os.WriteFile(page, []byte(strings.Replace(string(data), from, to, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edit("Write your own notes here", "We roll in the open here")
	poll()
	if _, body := get(t, srv.URL()+"pages/house-rules.html"); !strings.Contains(body, "We roll in the open here") {
		t.Errorf("the edit was not picked up:\n%s", body)
	}

	// A mistake shows on every page, with its file and line.
	edit("summary:", "colour:  red\nsummary:")
	poll()
	for _, p := range []string{"", "pages/house-rules.html", "packs/brigands-in-the-hills/"} {
		code, body := get(t, srv.URL()+p)
		if code != 500 || !strings.Contains(html.UnescapeString(body), "content/pages/house-rules.md:3") || !strings.Contains(body, "colour") {
			t.Errorf("/%s while broken: %d\n%s", p, code, body)
		}
	}
	if !strings.Contains(log.String(), "house-rules.md:3") {
		t.Errorf("the log does not name the mistake:\n%s", log.String())
	}

	// Fixing it recovers.
	edit("colour:  red\n", "")
	poll()
	if code, body := get(t, srv.URL()+"pages/house-rules.html"); code != 200 || !strings.Contains(body, "We roll in the open here") {
		t.Errorf("after the fix: %d\n%s", code, body)
	}
	if !strings.Contains(log.String(), "sortie: fixed: rebuilt") {
		t.Errorf("the log does not say the build works again:\n%s", log.String())
	}

	cancel()
	if err := <-done; err != nil {
		t.Errorf("Run: %v", err)
	}
	if _, err := http.Get(srv.URL()); err == nil {
		t.Error("still serving after the context was cancelled")
	}
}

func TestServeRefuses(t *testing.T) {
	build := func() ([]output.File, error) { return []output.File{{Path: "index.html", Data: []byte("hi")}}, nil }
	for _, addr := range []string{"0.0.0.0:0", ":0", "192.0.2.1:0", "example.com:0", "nonsense"} {
		if _, err := serve.Listen(serve.Options{Addr: addr, Build: build}); err == nil {
			t.Errorf("%s: served", addr)
		}
	}
	srv, err := serve.Listen(serve.Options{Addr: "127.0.0.1:0", Build: build})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx) }()
	defer func() { cancel(); <-done }()
	req, _ := http.NewRequest("GET", srv.URL(), nil)
	req.Host = "attacker.example"
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("a foreign Host header: %d", resp.StatusCode)
	}
	if code, body := get(t, srv.URL()); code != 200 || !strings.HasPrefix(body, "hi<script src=\"/__sortie/live.js\"") {
		t.Errorf("%d %q", code, body)
	}
}

// TestServeStopsWithUnusedConnection: a connection opened and never used
// (an HTTP client dials a spare one when two requests race for a
// connection; a browser preconnects) does not hold the server's stop.
// net/http's Shutdown waits five seconds for such a connection before
// it counts it idle, which under load ran past the stop's deadline.
func TestServeStopsWithUnusedConnection(t *testing.T) {
	srv, err := serve.Listen(serve.Options{Addr: "127.0.0.1:0", Build: func() ([]output.File, error) {
		return []output.File{{Path: "index.html", Data: []byte("<p>sortie</p>")}}, nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx) }()
	if code, _ := get(t, srv.URL()); code != 200 {
		t.Fatalf("the page: %d", code)
	}
	conn, err := net.Dial("tcp", strings.TrimSuffix(strings.TrimPrefix(srv.URL(), "http://"), "/"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	time.Sleep(50 * time.Millisecond) // the server has accepted it
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("the server still waits on a connection that sent nothing, 3 s after it was told to stop")
	}
}

// TestSaveBeforeRun saves a file after Listen's first build and before
// Run watches the files, as "sortie serve" prints its address between
// the two and a quick editor (or a test) may save at once: Run's first
// look finds the save and rebuilds, where the system's file events,
// asked for only then, never tell of it. CI lost such a save under load.
func TestSaveBeforeRun(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "page.txt")
	if err := os.WriteFile(page, []byte("first"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv, err := serve.Listen(serve.Options{Addr: "127.0.0.1:0", Watch: dir, Build: func() ([]output.File, error) {
		data, err := os.ReadFile(page)
		return []output.File{{Path: "index.html", Data: []byte("<p>" + string(data) + "</p>")}}, err
	}})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, []byte("second, saved"), 0o644); err != nil {
		t.Fatal(err)
	}
	runUntilEnd(t, srv)
	deadline := time.Now().Add(20 * time.Second)
	for {
		if _, body := get(t, srv.URL()); strings.Contains(body, "second, saved") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the save before Run is never served (%d builds)", srv.Builds())
		}
		time.Sleep(10 * time.Millisecond)
	}
}
