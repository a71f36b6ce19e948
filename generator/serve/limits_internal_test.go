package serve

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/generator/output"
)

// TestServeLimits: what a browser tab could be made to send is held to
// what a static site needs: many byte ranges get the whole page once (a
// single range still works), a request with a body (Content-Length and
// chunked Transfer-Encoding both, as smuggling has it) is refused, and a
// keep-alive connection left idle is closed.
func TestServeLimits(t *testing.T) {
	idleTimeout = 200 * time.Millisecond
	page := strings.Repeat("<p>sortie</p>\n", 400) // some 5 KB
	srv, err := Listen(Options{Addr: "127.0.0.1:0", Build: func() ([]output.File, error) {
		return []output.File{{Path: "index.html", Data: []byte(page)}}, nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx) }()
	defer func() { cancel(); <-done }()

	get := func(rng string) (int, int) {
		req, _ := http.NewRequest("GET", srv.URL(), nil)
		req.Header.Set("Range", rng)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, len(body)
	}
	// The page as served whole (serve adds its reload script to it).
	whole := func() int {
		resp, err := http.Get(srv.URL())
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return len(body)
	}()
	many := "bytes=" + strings.Repeat("0-1,", 1999) + "0-1"
	if code, n := get(many); code != http.StatusOK || n != whole {
		t.Errorf("2,000 ranges: %d, %d bytes; want the whole page once (200, %d bytes)", code, n, whole)
	}
	if code, n := get("bytes=0-9"); code != http.StatusPartialContent || n != 10 {
		t.Errorf("one range: %d, %d bytes; want 206, 10", code, n)
	}

	conn, err := net.Dial("tcp", strings.TrimSuffix(strings.TrimPrefix(srv.URL(), "http://"), "/"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	io.WriteString(conn, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
	r := bufio.NewReader(conn)
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("Content-Length and chunked Transfer-Encoding: %d, want 400", resp.StatusCode)
	}

	// An idle keep-alive connection is closed by the server.
	idle, err := net.Dial("tcp", strings.TrimSuffix(strings.TrimPrefix(srv.URL(), "http://"), "/"))
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	idle.SetDeadline(time.Now().Add(10 * time.Second))
	io.WriteString(idle, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	ir := bufio.NewReader(idle)
	if resp, err = http.ReadResponse(ir, nil); err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if _, err := ir.ReadByte(); !errors.Is(err, io.EOF) {
		t.Errorf("an idle keep-alive connection: %v, want it closed (EOF)", err)
	}
}
