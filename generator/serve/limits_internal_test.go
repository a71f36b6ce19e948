package serve

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"regexp"
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

// bounded sets the preview's bounds for one test, and back after it.
func bounded(t *testing.T, idle, header time.Duration, conns, streams int) {
	oi, oh, oc, os := idleTimeout, headerTimeout, maxConns, maxStreams
	idleTimeout, headerTimeout, maxConns, maxStreams = idle, header, conns, streams
	t.Cleanup(func() { idleTimeout, headerTimeout, maxConns, maxStreams = oi, oh, oc, os })
}

// serveOne serves a one-page site until the test ends; its address.
func serveOne(t *testing.T) string {
	t.Helper()
	srv, err := Listen(Options{Addr: "127.0.0.1:0", Build: func() ([]output.File, error) {
		return []output.File{{Path: "index.html", Data: []byte("<html><head></head><body>hi</body></html>")}}, nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	return strings.TrimSuffix(strings.TrimPrefix(srv.URL(), "http://"), "/")
}

// closedBy says whether the server closes conn within d.
func closedBy(conn net.Conn, r *bufio.Reader, d time.Duration) bool {
	conn.SetReadDeadline(time.Now().Add(d))
	for {
		if _, err := r.ReadByte(); err != nil {
			return errors.Is(err, io.EOF) || errors.Is(err, net.ErrClosed) || strings.Contains(err.Error(), "reset")
		}
	}
}

// TestServeBounds, over real sockets on 127.0.0.1: 100 keep-alive
// connections left idle after one request each are all closed after the
// idle time; a request whose headers never finish is cut off; no more
// than the cap of connections is served at once, the next one waiting
// until one closes; and the open pages' event streams are bounded on
// their own (503 past the bound).
func TestServeBounds(t *testing.T) {
	t.Run("idle", func(t *testing.T) {
		bounded(t, 300*time.Millisecond, 5*time.Second, 128, 32)
		addr := serveOne(t)
		type kept struct {
			c net.Conn
			r *bufio.Reader
		}
		var all []kept
		for range 100 {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			io.WriteString(c, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
			r := bufio.NewReader(c)
			resp, err := http.ReadResponse(r, nil)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			all = append(all, kept{c, r})
		}
		open := 0
		for _, k := range all {
			if !closedBy(k.c, k.r, 3*time.Second) {
				open++
			}
		}
		if open > 0 {
			t.Errorf("%d of 100 idle keep-alive connections still open after the idle time", open)
		}
	})
	t.Run("slow headers", func(t *testing.T) {
		bounded(t, 5*time.Second, 300*time.Millisecond, 128, 32)
		c, err := net.Dial("tcp", serveOne(t))
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		io.WriteString(c, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n") // and never the blank line
		if !closedBy(c, bufio.NewReader(c), 3*time.Second) {
			t.Error("a request whose headers never end is still open")
		}
	})
	t.Run("connections", func(t *testing.T) {
		bounded(t, 5*time.Second, 10*time.Second, 4, 32)
		addr := serveOne(t)
		var held []net.Conn
		for range 4 {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			held = append(held, c)
		}
		time.Sleep(100 * time.Millisecond) // the four accepted
		client := &http.Client{Timeout: 500 * time.Millisecond, Transport: &http.Transport{DisableKeepAlives: true}}
		if resp, err := client.Get("http://" + addr + "/"); err == nil {
			resp.Body.Close()
			t.Fatal("a fifth connection was served while four were open")
		}
		held[0].Close()
		client.Timeout = 5 * time.Second
		resp, err := client.Get("http://" + addr + "/")
		if err != nil {
			t.Fatalf("once one of the four closed: %v", err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("once one of the four closed: %d", resp.StatusCode)
		}
	})
	t.Run("event streams", func(t *testing.T) {
		bounded(t, 5*time.Second, 10*time.Second, 128, 2)
		addr := serveOne(t)
		home, err := http.Get("http://" + addr + "/")
		if err != nil {
			t.Fatal(err)
		}
		page, _ := io.ReadAll(home.Body)
		home.Body.Close()
		m := regexp.MustCompile(`data-v="([^"]+)" data-c="([^"]*)"`).FindSubmatch(page)
		if m == nil {
			t.Fatalf("no live-reload script: %s", page)
		}
		stream := func() (*http.Response, context.CancelFunc) {
			ctx, cancel := context.WithCancel(context.Background())
			req, _ := http.NewRequestWithContext(ctx, "GET", "http://"+addr+eventsPath+"?path=/&v="+string(m[1])+"&c="+string(m[2]), nil)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			return resp, cancel
		}
		a, stopA := stream()
		defer stopA()
		b, stopB := stream()
		defer stopB()
		if a.StatusCode != 200 || b.StatusCode != 200 {
			t.Fatalf("two streams: %d, %d", a.StatusCode, b.StatusCode)
		}
		c, stopC := stream()
		c.Body.Close()
		stopC()
		if c.StatusCode != http.StatusServiceUnavailable {
			t.Errorf("a third stream past the bound of two: %d, want 503", c.StatusCode)
		}
		stopA()
		a.Body.Close()
		deadline := time.Now().Add(5 * time.Second)
		for {
			d, stopD := stream()
			code := d.StatusCode
			d.Body.Close()
			stopD()
			if code == 200 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("once one stream closed, another: %d", code)
			}
			time.Sleep(50 * time.Millisecond)
		}
	})
}
