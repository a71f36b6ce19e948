package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is stderr shared by the server and the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestServeFlags runs "sortie serve --paper none -q" on a new site: the
// pages come without booklets (no PDF linked, none being made), and
// nothing but the address is printed. Bad --paper and --impose values
// are refused, naming what they take.
func TestServeFlags(t *testing.T) {
	tmp := t.TempDir()
	site := filepath.Join(tmp, "s")
	if _, errs, code := runIn(t, tmp, "new", "site", site); code != 0 {
		t.Fatal(errs)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	h := testHost()
	h.ctx = ctx
	h.workDir = site
	r, w := io.Pipe()
	var errb lockedBuffer
	exit := make(chan int, 1)
	go func() {
		exit <- run([]string{"serve", "--port", "0", "--paper", "none", "-q"}, w, &errb, h)
		w.Close()
	}()
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil {
		t.Fatalf("%v: %s", err, errb.String())
	}
	const at = " at http://127.0.0.1:"
	i := strings.Index(line, at)
	if i < 0 {
		t.Fatalf("stdout %q", line)
	}
	url := strings.Fields(line[i+len(" at "):])[0]
	resp, err := http.Get(url + "packs/brigands-in-the-hills/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "Brigands in the Hills") {
		t.Fatalf("%d\n%s", resp.StatusCode, body)
	}
	if strings.Contains(string(body), ".pdf") || strings.Contains(string(body), "sortie-later") {
		t.Errorf("--paper none: the page links or awaits booklets:\n%s", body)
	}
	cancel()
	go io.Copy(io.Discard, r)
	if code := <-exit; code != 0 {
		t.Errorf("serve exit %d after cancel", code)
	}
	if errb.String() != "" {
		t.Errorf("-q: stderr %q", errb.String())
	}

	for _, c := range []struct{ args, want string }{
		{"--paper legal", `--paper "legal": want a4, letter, both or none`},
		{"--impose folded", `--impose "folded": want saddle or none`},
	} {
		_, errs, code := runIn(t, site, append([]string{"serve", "--port", "0"}, strings.Fields(c.args)...)...)
		if code != 1 || !strings.Contains(errs, c.want) {
			t.Errorf("serve %s: exit %d %s", c.args, code, errs)
		}
	}
}

// TestServeDrawsWhatChanged runs "sortie serve --paper none" on a new
// site given a second pack, saves a new title into the first pack and
// GETs its page until it shows it: the log says that every page of the
// second pack and of the campaign was kept from the build before, not
// drawn again, and what is served is what "sortie build" makes of the
// edited site.
func TestServeDrawsWhatChanged(t *testing.T) {
	tmp := t.TempDir()
	site := filepath.Join(tmp, "s")
	if _, errs, code := runIn(t, tmp, "new", "site", site); code != 0 {
		t.Fatal(errs)
	}
	packs := filepath.Join(site, "content", "packs")
	first, err := os.ReadFile(filepath.Join(packs, "brigands-in-the-hills.md"))
	if err != nil {
		t.Fatal(err)
	}
	second := strings.Replace(strings.Replace(string(first), "Brigands in the Hills", "A Second Pack", 1), "my-first-pack", "my-second-pack", 1)
	if err := os.WriteFile(filepath.Join(packs, "second.md"), []byte(second), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	h := testHost()
	h.ctx = ctx
	h.workDir = site
	r, w := io.Pipe()
	var errb lockedBuffer
	exit := make(chan int, 1)
	go func() {
		exit <- run([]string{"serve", "--port", "0", "--paper", "none"}, w, &errb, h)
		w.Close()
	}()
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil {
		t.Fatalf("%v: %s", err, errb.String())
	}
	go io.Copy(io.Discard, r)
	const at = " at http://127.0.0.1:"
	i := strings.Index(line, at)
	if i < 0 {
		t.Fatalf("stdout %q", line)
	}
	url := strings.Fields(line[i+len(" at "):])[0]
	get := func(p string) string {
		t.Helper()
		resp, err := http.Get(url + p)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return string(body)
	}
	if !strings.Contains(get("packs/second/"), "A Second Pack") {
		t.Fatal("the second pack is not served")
	}

	edited := strings.Replace(string(first), "Brigands in the Hills", "Bandits in the Hills", 1)
	if err := os.WriteFile(filepath.Join(packs, "brigands-in-the-hills.md"), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for !strings.Contains(get("packs/brigands-in-the-hills/"), "Bandits in the Hills") || !strings.Contains(errb.String(), "changed: rebuilt") {
		if time.Now().After(deadline) {
			t.Fatalf("the edit was never served:\n%s", errb.String())
		}
		time.Sleep(20 * time.Millisecond)
	}

	// The edited site built whole: the pages of the other pack and the
	// campaign are those serve kept, and every page is served as built.
	// serve never links the offline app (a player's cache must not keep
	// what is being edited): the build compared with is the same site
	// with offline: false, copied out of the folder serve watches.
	same := filepath.Join(tmp, "same")
	if err := os.CopyFS(same, os.DirFS(site)); err != nil {
		t.Fatal(err)
	}
	conf, err := os.OpenFile(filepath.Join(same, "sortie.conf"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conf.WriteString("\noffline: false\n"); err != nil {
		t.Fatal(err)
	}
	if err := conf.Close(); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(tmp, "out")
	if _, errs, code := runIn(t, same, "build", "--out", out, "--paper", "none", "-q"); code != 0 {
		t.Fatal(errs)
	}
	others := 0
	err = filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".html" {
			return err
		}
		rel, _ := filepath.Rel(out, p)
		rel = filepath.ToSlash(rel)
		if strings.HasPrefix(rel, "packs/second/") || strings.HasPrefix(rel, "campaigns/") {
			others++
		}
		want, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		// serve adds its live-reload script, and nothing else.
		if got := liveScript.ReplaceAllString(get(rel), ""); got != string(want) {
			t.Errorf("%s: serve differs from the build", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("(%d unchanged pages kept)", others); others == 0 || !strings.Contains(errb.String(), want) {
		t.Errorf("the log does not say %q:\n%s", want, errb.String())
	}
	cancel()
	if code := <-exit; code != 0 {
		t.Errorf("serve exit %d after cancel", code)
	}
}

// liveScript is the script tag serve adds to every page.
var liveScript = regexp.MustCompile(`<script src="/__sortie/[^"]*" data-v="[^"]*" data-c="[^"]*" defer></script>`)
