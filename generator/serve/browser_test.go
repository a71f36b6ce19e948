package serve_test

import (
	"bufio"
	"context"
	"errors"
	"html"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
	"github.com/sortie-wargames/sortie/generator/output"
	"github.com/sortie-wargames/sortie/generator/serve"
	"github.com/sortie-wargames/sortie/generator/skeleton"
)

// TestBrowserReload opens a served page in Debian's headless Chromium
// (testdata/live.mjs) and edits the site under it: the page reloads
// itself after each save, into the error while the build is broken and
// out of it once fixed, and its note that PDFs are being made goes away
// by itself, without a reload, once they are; a saved stylesheet is
// swapped into the open page in place. The site is a stand-in
// with one page and one PDF, so the test is about the browser's side.
func TestBrowserReload(t *testing.T) {
	browserTools(t)

	dir := t.TempDir()
	titleFile := filepath.Join(dir, "title.txt")
	if err := os.WriteFile(titleFile, []byte("Alpha"), 0o644); err != nil {
		t.Fatal(err)
	}
	page := func() ([]byte, error) {
		title, err := os.ReadFile(titleFile)
		if err != nil {
			return nil, err
		}
		if strings.Contains(string(title), "BROKEN") {
			return nil, errors.New("title.txt:1: a broken title")
		}
		return []byte("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>t</title><link rel=\"stylesheet\" href=\"style.css\"></head><body><h1>" +
			strings.TrimSpace(string(title)) + "</h1><p><a href=\"b.pdf\">the booklet</a></p></body></html>"), nil
	}
	styleFile := filepath.Join(dir, "style.css")
	if err := os.WriteFile(styleFile, []byte("h1 { color: rgb(0, 0, 255) }"), 0o644); err != nil {
		t.Fatal(err)
	}
	style := func() []output.File {
		css, _ := os.ReadFile(styleFile)
		return []output.File{{Path: "style.css", Data: css}}
	}
	release, stopped := make(chan struct{}, 8), make(chan struct{})
	srv, err := serve.Listen(serve.Options{
		Addr:  "127.0.0.1:0",
		Watch: dir,
		Build: func() ([]output.File, error) {
			select {
			case <-release:
			case <-stopped:
				return nil, errors.New("stopped")
			}
			p, err := page()
			if err != nil {
				return nil, err
			}
			return append(style(), output.File{Path: "b.pdf", Data: []byte("%PDF-1.7")}, output.File{Path: "index.html", Data: p}), nil
		},
		Pages: func(func(output.File)) ([]output.File, []string, error) {
			p, err := page()
			if err != nil {
				return nil, nil, err
			}
			return append(style(), output.File{Path: "index.html", Data: p}), []string{"b.pdf"}, nil
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
		<-done
	}()

	expect := liveBrowser(t, srv.URL())
	write := func(title string) {
		t.Helper()
		if err := os.WriteFile(titleFile, []byte(title), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	expect("load Alpha +note")
	release <- struct{}{}
	expect("note gone")
	write("Beta")
	expect("load Beta +note")
	release <- struct{}{}
	expect("note gone")
	write("BROKEN")
	expect("load The build failed")
	write("Gamma")
	expect("load Gamma +note")
	release <- struct{}{}
	expect("note gone")
	// A stylesheet saved: swapped in place, the page not reloaded.
	if err := os.WriteFile(styleFile, []byte("h1 { color: rgb(255, 0, 0) }"), 0o644); err != nil {
		t.Fatal(err)
	}
	expect("style rgb(255, 0, 0)")
	release <- struct{}{}
}

// browserTools skips the test (or fails it, under SORTIE_REQUIRE_TOOLS=1)
// when node, playwright-core or Chromium is missing.
func browserTools(t *testing.T) (node, chromium string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		skipTool(t, "node not found: install nodejs")
	}
	if _, err := os.Stat("../../.ci/axe/node_modules/playwright-core/package.json"); err != nil {
		skipTool(t, "playwright-core not installed: run npm ci in .ci/axe")
	}
	chromium = os.Getenv("SORTIE_CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	if _, err := os.Stat(chromium); err != nil {
		skipTool(t, "chromium not found: install chromium")
	}
	return node, chromium
}

// liveBrowser opens url in Chromium (testdata/live.mjs) until the test
// ends, and returns expect, which waits for the page's next line (a
// load, a note gone, a stylesheet swapped) and fails unless it is want.
func liveBrowser(t *testing.T, url string) (expect func(want string)) {
	t.Helper()
	node, chromium := browserTools(t)
	cmd := exec.Command(node, "testdata/live.mjs", url)
	cmd.Env = append(os.Environ(), "SORTIE_CHROMIUM="+chromium)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stdin.Close()
		cmd.Wait()
	})
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	return func(want string) {
		t.Helper()
		select {
		case got, ok := <-lines:
			if !ok {
				t.Fatalf("the browser stopped before %q:\n%s", want, stderr.String())
			}
			if got != want {
				t.Fatalf("the browser: %q, want %q", got, want)
			}
		case <-time.After(60 * time.Second):
			t.Fatalf("the browser did not %q in 60 s:\n%s", want, stderr.String())
		}
	}
}

// skipTool skips the test for a missing tool, or fails it when
// SORTIE_REQUIRE_TOOLS=1 (as in CI).
func skipTool(t *testing.T, what string) {
	t.Helper()
	if os.Getenv("SORTIE_REQUIRE_TOOLS") == "1" {
		t.Fatalf("%s (SORTIE_REQUIRE_TOOLS=1 makes this an error)", what)
	}
	t.Skipf("%s: the browser test needs it (SORTIE_REQUIRE_TOOLS=1 makes this an error)", what)
}

// TestBrowserSiteStylesheet serves the starter site with the real build
// and opens its home page in Chromium: saving the site's own
// layouts/style.css swaps the stylesheet into the open page, which does
// not reload, and its heading takes the new colour.
func TestBrowserSiteStylesheet(t *testing.T) {
	browserTools(t)
	dir := filepath.Join(t.TempDir(), "mysite")
	files, err := skeleton.Starter("2026-11")
	if err != nil {
		t.Fatal(err)
	}
	if err := skeleton.Write(dir, files); err != nil {
		t.Fatal(err)
	}
	// As sortie serve builds: no service worker, which would keep the
	// files being edited.
	opt := generator.Options{Source: dir, Systems: systems.Builtin(), Papers: []string{}, Month: "2026-11", NoOffline: true}
	srv, err := serve.Listen(serve.Options{Addr: "127.0.0.1:0", Watch: dir, Build: func() ([]output.File, error) {
		files, _, err := generator.Render(opt)
		return files, err
	}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx) }()
	defer func() {
		cancel()
		<-done
	}()
	home, err := http.Get(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(home.Body)
	home.Body.Close()
	h1 := regexp.MustCompile(`<h1[^>]*>([^<]*)</h1>`).FindSubmatch(page)
	if h1 == nil {
		t.Fatalf("the starter home page has no plain h1:\n%s", page)
	}

	expect := liveBrowser(t, srv.URL())
	expect("load " + html.UnescapeString(strings.TrimSpace(string(h1[1]))))
	if err := os.MkdirAll(filepath.Join(dir, "layouts"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "layouts", "style.css"), []byte("h1 { color: rgb(200, 0, 0) }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	expect("style rgb(200, 0, 0)")
}
