package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
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
