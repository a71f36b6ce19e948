// Package serve is the preview server behind "sortie serve": it builds a
// site in memory, serves it on the loopback interface only, polls the
// site's files and rebuilds when one changes. While a build is broken,
// every page is an error page naming the mistake (file and line, as the
// build reports it); once fixed, the new build is served. The clock is
// injected (Options.Ticks), so tests drive the polling themselves.
package serve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/sortie-wargames/sortie/generator/output"
)

// DefaultInterval is how often the site's files are polled for changes.
const DefaultInterval = 500 * time.Millisecond

// Options say what to serve and how.
type Options struct {
	// Addr is where to listen, "127.0.0.1:8080" ("127.0.0.1:0" picks a
	// free port). Any host other than a loopback address is refused: the
	// preview is for this machine only.
	Addr string
	// Build renders the whole site into memory (generator.Render).
	Build func() ([]output.File, error)
	// Watch is the site directory whose files are polled; "" watches
	// nothing (the built-in site never changes). Its public/ folder and
	// names starting with "." are not watched.
	Watch string
	// Ticks says when to poll; nil polls every DefaultInterval.
	Ticks <-chan time.Time
	// Log receives what happens: builds, their errors, recoveries.
	Log io.Writer
}

// Server serves the last build of a site.
type Server struct {
	opt Options
	ln  net.Listener

	mu    sync.RWMutex
	files map[string][]byte // the last good build, by path
	err   error             // the last build's error; nil when it worked
	snap  map[string]stamp  // the watched files when the last build started
}

// stamp is what polling compares: a file changed when its stamp did.
type stamp struct {
	mod  time.Time
	size int64
	mode fs.FileMode
}

// Listen checks opt, listens on opt.Addr and makes the first build. A
// build that fails does not stop the server: its error is served instead.
func Listen(opt Options) (*Server, error) {
	if opt.Build == nil {
		return nil, errors.New("failed to serve: no build given")
	}
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	host, _, err := net.SplitHostPort(opt.Addr)
	if err != nil {
		return nil, fmt.Errorf("failed to serve on %q: %w", opt.Addr, err)
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return nil, fmt.Errorf("refusing to serve on %s: the preview serves this machine only (127.0.0.1)", opt.Addr)
	}
	ln, err := net.Listen("tcp", opt.Addr)
	if err != nil {
		return nil, fmt.Errorf("failed to serve on %s: %w", opt.Addr, err)
	}
	s := &Server{opt: opt, ln: ln}
	s.snap = s.scan()
	s.build(false)
	return s, nil
}

// URL is the address the site is served at.
func (s *Server) URL() string { return "http://" + s.ln.Addr().String() + "/" }

// Run serves until ctx is done, polling the site at every tick and
// rebuilding it when a file changed. It returns nil once ctx is done and
// the server has shut down.
func (s *Server) Run(ctx context.Context) error {
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute, IdleTimeout: idleTimeout, MaxHeaderBytes: 64 << 10}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(s.ln) }()
	ticks := s.opt.Ticks
	if ticks == nil {
		t := time.NewTicker(DefaultInterval)
		defer t.Stop()
		ticks = t.C
	}
	for {
		select {
		case <-ctx.Done():
			shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if err := srv.Shutdown(shut); err != nil {
				return fmt.Errorf("failed to stop the server: %w", err)
			}
			<-served
			return nil
		case err := <-served:
			return fmt.Errorf("failed to serve: %w", err)
		case <-ticks:
			if s.opt.Watch == "" {
				continue
			}
			if snap := s.scan(); !same(snap, s.snap) {
				s.snap = snap
				s.build(true)
			}
		}
	}
}

// build renders the site and keeps the result, or its error beside the
// last good result.
func (s *Server) build(again bool) {
	files, err := s.opt.Build()
	s.mu.Lock()
	defer s.mu.Unlock()
	was := s.err
	s.err = err
	if err != nil {
		fmt.Fprintln(s.opt.Log, "sortie: the build failed; every page shows this until it is fixed:")
		for _, line := range strings.Split(err.Error(), "\n") {
			fmt.Fprintf(s.opt.Log, "sortie: %s\n", line)
		}
		return
	}
	s.files = make(map[string][]byte, len(files))
	for _, f := range files {
		s.files[f.Path] = f.Data
	}
	switch {
	case was != nil && again:
		fmt.Fprintf(s.opt.Log, "sortie: fixed: rebuilt %d files\n", len(files))
	case again:
		fmt.Fprintf(s.opt.Log, "sortie: changed: rebuilt %d files\n", len(files))
	default:
		fmt.Fprintf(s.opt.Log, "sortie: built %d files\n", len(files))
	}
}

// scan stamps every watched file. Files it cannot read are left out: the
// build reports them.
func (s *Server) scan() map[string]stamp {
	snap := map[string]stamp{}
	if s.opt.Watch == "" {
		return snap
	}
	root := s.opt.Watch
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		if rel != "." && (strings.HasPrefix(d.Name(), ".") || rel == "public") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if fi, err := d.Info(); err == nil {
			snap[rel] = stamp{fi.ModTime(), fi.Size(), fi.Mode()}
		}
		return nil
	})
	return snap
}

func same(a, b map[string]stamp) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || !w.mod.Equal(v.mod) || w.size != v.size || w.mode != v.mode {
			return false
		}
	}
	return true
}

// ServeHTTP serves the last good build, or the build's error while it is
// broken. Requests naming another host than a loopback one are refused,
// so a web page elsewhere cannot read the preview through DNS rebinding.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !localHost(r.Host) {
		http.Error(w, "sortie serve answers only to 127.0.0.1 and localhost", http.StatusMisdirectedRequest)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if len(r.TransferEncoding) > 0 || r.ContentLength > 0 {
		// A GET has no body: one sent with both Content-Length and
		// chunked Transfer-Encoding is how requests are smuggled.
		http.Error(w, "a GET or HEAD request takes no body", http.StatusBadRequest)
		return
	}
	if strings.Contains(r.Header.Get("Range"), ",") {
		r.Header.Del("Range") // one range at most: 2,000 made a 5 KB page a 290 KB answer
	}
	w.Header().Set("Cache-Control", "no-store")
	s.mu.RLock()
	files, berr := s.files, s.err
	s.mu.RUnlock()
	if berr != nil {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusInternalServerError)
		errorPage.Execute(w, berr.Error())
		return
	}
	p := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if p == "" || strings.HasSuffix(r.URL.Path, "/") {
		p = path.Join(p, "index.html")
	}
	data, ok := files[p]
	if !ok {
		if _, dir := files[path.Join(p, "index.html")]; dir {
			http.Redirect(w, r, "/"+p+"/", http.StatusMovedPermanently)
			return
		}
		if nf, ok := files["404.html"]; ok {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusNotFound)
			w.Write(nf)
			return
		}
		http.Error(w, "404: the build has no "+p, http.StatusNotFound)
		return
	}
	if ct := mime.TypeByExtension(path.Ext(p)); ct != "" {
		w.Header().Set("Content-Type", ct)
	}
	http.ServeContent(w, r, p, time.Time{}, bytes.NewReader(data))
}

// idleTimeout closes a keep-alive connection that has sent nothing for
// that long.
var idleTimeout = time.Minute

// localHost reports whether a request's Host names this machine.
func localHost(hostport string) bool {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		host = hostport
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

var errorPage = template.Must(template.New("error").Parse(`<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"/><title>Sortie: the build failed</title></head>
<body>
<main>
<h1>The build failed</h1>
<p>Sortie serves this page at every address until the mistake below is fixed; then reload.</p>
<pre>{{.}}</pre>
</main>
</body>
</html>
`))
