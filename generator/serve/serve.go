// Package serve is the preview server behind "sortie serve": it builds a
// site in memory, serves it on the loopback interface only, watches the
// site's files and rebuilds when they change. A save is served in two
// steps when the caller can render pages alone (Options.Pages): the pages
// at once, the booklets and play sheets after, in the background; a PDF
// asked for meanwhile is answered once it is made. Every HTML page it
// serves carries a small script (live.go) that reloads the page when what
// the server would now send for it differs, over Server-Sent Events; the
// script is the server's, never in a build's files. While a build is
// broken, every page is an error page naming the mistake (file and line,
// as the build reports it); once fixed, the new build is served and the
// open pages reload themselves.
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
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/sortie-wargames/sortie/generator/output"
)

// DefaultInterval is how often the site's files are polled for changes
// when the system gives no file events (Options.Ticks, or no fsnotify).
const DefaultInterval = 500 * time.Millisecond

// DefaultSettle is how long the site's files must stay quiet after a
// change before the site is rebuilt: an editor saving several files at
// once, or one file in several writes, gives one rebuild.
const DefaultSettle = 40 * time.Millisecond

// Options say what to serve and how.
type Options struct {
	// Addr is where to listen, "127.0.0.1:8080" ("127.0.0.1:0" picks a
	// free port). Any host other than a loopback address is refused: the
	// preview is for this machine only.
	Addr string
	// Build renders the whole site into memory (generator.Render).
	Build func() ([]output.File, error)
	// Pages, when set, renders the site's pages alone, fast
	// (generator.Options.PagesOnly), and names in later the booklets and
	// play sheets it left out: a change is then served from Pages at
	// once, and Build runs after it in the background for the rest.
	// Pages may hand each file to emit as soon as it is made
	// (generator.Stream), from several goroutines: each is served at
	// once, before the rest of the site, so that the page open in the
	// browser reloads as soon as it is drawn. Nil builds everything at
	// every change.
	Pages func(emit func(output.File)) (files []output.File, later []string, err error)
	// Kept, when set, says how many of the pages the last call of Pages
	// made it took as they were from the call before (generator.Reuse)
	// rather than draw them again: the log says so after each save.
	Kept func() int
	// Watch is the site directory whose files are watched; "" watches
	// nothing (the built-in site never changes). Its public/ folder,
	// names starting with "." and editor backups ending in "~" are not
	// watched.
	Watch string
	// Ticks, when set, polls the files at each tick instead of asking
	// the system for file events (tests, and file systems without them).
	Ticks <-chan time.Time
	// Settle is how long the files must stay quiet before a rebuild; 0
	// means DefaultSettle.
	Settle time.Duration
	// Log receives what happens: builds, their errors, recoveries.
	Log io.Writer
	// Quiet logs failed builds only.
	Quiet bool
}

// Server serves the last build of a site.
type Server struct {
	opt  Options
	ln   net.Listener
	quit chan struct{} // closed when Run stops: the event streams end

	mu    sync.Mutex
	files map[string][]byte // the last good build, by path
	fresh map[string][]byte // the pages of the build under way, served before files
	err   error             // the last build's error; nil when it worked
	// later are the booklets and play sheets the served pages link and
	// the background build is still making; ready is closed when it has
	// made them (or failed).
	later map[string]bool
	ready chan struct{}
	// changed is closed, and replaced, whenever what is served changes:
	// it wakes the event streams.
	changed chan struct{}
	streams int              // event streams open (maxStreams)
	edits   int              // changes seen: a background build older than the last is dropped
	snap    map[string]stamp // the watched files when the last build started (polling, and Run's first look)
	builds  int              // builds made, full or pages only, for tests (Builds)
	kept    int              // pages the build being published took from the one before, for the log (Options.Kept)
	wg      sync.WaitGroup   // the background build
	want    chan struct{}    // asks for a background build
}

// stamp is what polling compares: a file changed when its stamp did.
type stamp struct {
	mod  time.Time
	size int64
	mode fs.FileMode
}

// Listen checks opt, listens on opt.Addr and makes the first build, the
// whole site. A build that fails does not stop the server: its error is
// served instead.
func Listen(opt Options) (*Server, error) {
	if opt.Build == nil {
		return nil, errors.New("failed to serve: no build given")
	}
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	if opt.Settle <= 0 {
		opt.Settle = DefaultSettle
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
	s := &Server{opt: opt, ln: ln, quit: make(chan struct{}), changed: make(chan struct{}), ready: closed(), want: make(chan struct{}, 1)}
	s.snap = s.scan()
	start := time.Now()
	if opt.Pages != nil {
		// The pages first here too: Run makes the rest.
		files, later, err := opt.Pages(s.emit)
		s.publish(files, later, err, first, time.Since(start))
		if err == nil && len(later) > 0 {
			s.want <- struct{}{}
		}
		return s, nil
	}
	files, err := opt.Build()
	s.publish(files, nil, err, first, time.Since(start))
	return s, nil
}

func closed() chan struct{} {
	c := make(chan struct{})
	close(c)
	return c
}

// URL is the address the site is served at.
func (s *Server) URL() string { return "http://" + s.ln.Addr().String() + "/" }

// Builds is how many builds the server has made so far, whole or pages
// only: a test's way to see that several saves made one rebuild.
func (s *Server) Builds() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.builds
}

// Run serves until ctx is done, rebuilding the site when its files
// change. It returns nil once ctx is done and the server has shut down.
func (s *Server) Run(ctx context.Context) error {
	srv := &http.Server{Handler: s, ReadHeaderTimeout: headerTimeout, ReadTimeout: time.Minute, IdleTimeout: idleTimeout, MaxHeaderBytes: 64 << 10}
	// Shutdown counts a connection that has sent nothing yet as idle
	// only after five seconds: a spare one an HTTP client dialled, or a
	// browser's preconnect, held the stop that long. Stopping closes
	// those at once; a request under way is still let finish.
	var unused connSet
	srv.ConnState = unused.track
	srv.RegisterOnShutdown(unused.close)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(&capped{Listener: s.ln, free: make(chan struct{}, maxConns)}) }()
	bgctx, stopBG := context.WithCancel(ctx)
	s.wg.Go(func() { s.background(bgctx) })
	stop := func() error {
		stopBG()
		close(s.quit)
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		err := srv.Shutdown(shut)
		// The booklets being made are not waited for long: Ctrl-C
		// stops at once. (The build takes no context to stop it yet.)
		bg := make(chan struct{})
		go func() { s.wg.Wait(); close(bg) }()
		select {
		case <-bg:
		case <-time.After(time.Second):
			fmt.Fprintln(s.opt.Log, "sortie: stopped while booklets were being made")
		}
		if err != nil {
			return fmt.Errorf("failed to stop the server: %w", err)
		}
		<-served
		return nil
	}

	changes, ticks, closeWatch := s.watch()
	defer closeWatch()
	if changes != nil {
		// The files were scanned in Listen, before the first build, and
		// the system's events start only now: a save in between (the
		// address printed, an editor quick to save) would be lost.
		if snap := s.scan(); !same(snap, s.snap) {
			s.snap = snap
			s.rebuild(1)
		}
	}
	for {
		select {
		case <-ctx.Done():
			return stop()
		case err := <-served:
			stopBG()
			close(s.quit)
			s.wg.Wait()
			return fmt.Errorf("failed to serve: %w", err)
		case n := <-changes:
			s.rebuild(n)
		case <-ticks:
			if snap := s.scan(); !same(snap, s.snap) {
				s.snap = snap
				s.rebuild(1)
			}
		}
	}
}

// connSet holds the server's connections that have sent no request yet.
type connSet struct {
	mu sync.Mutex
	m  map[net.Conn]bool
}

// track is the server's ConnState hook.
func (c *connSet) track(conn net.Conn, st http.ConnState) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if st == http.StateNew {
		if c.m == nil {
			c.m = map[net.Conn]bool{}
		}
		c.m[conn] = true
		return
	}
	delete(c.m, conn)
}

// close closes the connections that have sent nothing.
func (c *connSet) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for conn := range c.m {
		conn.Close()
	}
	clear(c.m)
}

// watch reports each settled batch of changes to the site's files, as
// how many events it held, from the system's file events (fsnotify).
// When Options.Ticks is set, or the system gives no file events, it
// gives instead the ticks at which to poll the files.
func (s *Server) watch() (<-chan int, <-chan time.Time, func()) {
	if s.opt.Watch == "" {
		return nil, nil, func() {}
	}
	if s.opt.Ticks != nil {
		return nil, s.opt.Ticks, func() {}
	}
	w, err := fsnotify.NewWatcher()
	if err == nil {
		err = s.addTree(w, s.opt.Watch)
	}
	if err != nil {
		fmt.Fprintf(s.opt.Log, "sortie: cannot watch %s for changes (%v); checking it twice a second instead\n", s.opt.Watch, err)
		if w != nil {
			w.Close()
		}
		t := time.NewTicker(DefaultInterval)
		return nil, t.C, t.Stop
	}
	done := make(chan struct{})
	events := make(chan struct{}, 1)
	go s.forward(w, events, done)
	out := make(chan int)
	// Coalesce: a batch ends when the files have been quiet for Settle.
	go func() {
		for {
			select {
			case <-done:
				return
			case <-events:
			}
			n := 1
			quiet := time.NewTimer(s.opt.Settle)
		settle:
			for {
				select {
				case <-done:
					quiet.Stop()
					return
				case <-events:
					n++
					quiet.Reset(s.opt.Settle)
				case <-quiet.C:
					break settle
				}
			}
			select {
			case out <- n:
			case <-done:
				return
			}
		}
	}()
	return out, nil, func() { close(done); w.Close() }
}

// forward turns the watcher's events into ticks on ev, leaving out the
// files the build does not read, and watches each new folder.
func (s *Server) forward(w *fsnotify.Watcher, ev chan<- struct{}, done <-chan struct{}) {
	for {
		select {
		case <-done:
			return
		case err, ok := <-w.Errors:
			if !ok {
				return
			}
			fmt.Fprintf(s.opt.Log, "sortie: watching the site: %v\n", err)
		case e, ok := <-w.Events:
			if !ok {
				return
			}
			if e.Op == fsnotify.Chmod || s.ignored(e.Name) {
				continue
			}
			if e.Has(fsnotify.Create) {
				if fi, err := os.Lstat(e.Name); err == nil && fi.IsDir() {
					s.addTree(w, e.Name)
				}
			}
			select {
			case ev <- struct{}{}:
			default: // one is already waiting
			}
		}
	}
}

// ignored reports whether a path under the site is outside what is
// watched: public/, dot files and folders, editor backups.
func (s *Server) ignored(p string) bool {
	rel, err := filepath.Rel(s.opt.Watch, p)
	if err != nil || rel == "." {
		return false
	}
	parts := strings.Split(filepath.ToSlash(rel), "/")
	if parts[0] == "public" {
		return true
	}
	for _, part := range parts {
		if strings.HasPrefix(part, ".") {
			return true
		}
	}
	return strings.HasSuffix(rel, "~")
}

// addTree watches dir and every folder under it that is not ignored.
func (s *Server) addTree(w *fsnotify.Watcher, dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == dir {
				return err
			}
			return nil
		}
		if !d.IsDir() {
			return nil
		}
		if p != s.opt.Watch && s.ignored(p) {
			return filepath.SkipDir
		}
		if err := w.Add(p); err != nil {
			return fmt.Errorf("failed to watch %s: %w", p, err)
		}
		return nil
	})
}

// rebuild builds the site again after n file events: the pages at once
// when it can, the rest after in the background.
func (s *Server) rebuild(n int) {
	s.mu.Lock()
	s.edits++
	s.mu.Unlock()
	start := time.Now()
	if s.opt.Pages == nil {
		files, err := s.opt.Build()
		s.publish(files, nil, err, edited, time.Since(start))
		return
	}
	s.mu.Lock()
	s.fresh = map[string][]byte{}
	// Every PDF is made again after the pages: until then a page drawn
	// already says so, and a PDF asked for waits.
	s.later = map[string]bool{}
	for p := range s.files {
		if path.Ext(p) == ".pdf" {
			s.later[p] = true
		}
	}
	if len(s.later) > 0 {
		select {
		case <-s.ready:
			s.ready = make(chan struct{})
		default:
		}
	}
	s.mu.Unlock()
	files, later, err := s.opt.Pages(s.emit)
	took := time.Since(start)
	if err == nil && s.opt.Kept != nil {
		if n := s.opt.Kept(); n > 0 {
			s.mu.Lock()
			s.kept = n
			s.mu.Unlock()
		}
	}
	s.publish(files, later, err, edited, took)
	if err == nil && len(later) > 0 {
		select {
		case s.want <- struct{}{}:
		default: // one is already asked for
		}
	}
}

// emit serves a page of the build under way at once, and wakes the
// pages open in browsers. While the last build failed, its error stays
// on every page until this build is done.
func (s *Server) emit(f output.File) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fresh == nil || s.err != nil {
		return
	}
	s.fresh[f.Path] = f.Data
	s.wake()
}

// wake tells the event streams that what is served changed. It is
// called with s.mu held.
func (s *Server) wake() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// file is what the server holds at p: the build under way's page, else
// the last build's file. It is called with s.mu held.
func (s *Server) file(p string) ([]byte, bool) {
	if data, ok := s.fresh[p]; ok {
		return data, true
	}
	data, ok := s.files[p]
	return data, ok
}

// background makes the booklets and play sheets of the pages last
// served: the whole build, whose pages replace those only if no change
// came in the meantime (else the build runs again).
func (s *Server) background(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.want:
		}
		s.mu.Lock()
		edits := s.edits
		s.mu.Unlock()
		start := time.Now()
		files, err := s.opt.Build()
		s.mu.Lock()
		stale := s.edits != edits
		s.mu.Unlock()
		if stale {
			continue // a newer change asked for another run
		}
		s.publish(files, nil, err, finished, time.Since(start))
	}
}

// why a build was made, for the log.
type why int

const (
	first    why = iota // the first build
	edited              // a change to the site
	finished            // the booklets and play sheets after the pages
)

// publish serves a build's files, or its error beside the last good
// files, and wakes the pages open in browsers.
func (s *Server) publish(files []output.File, later []string, err error, how why, took time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.builds++
	was := s.err
	s.err = err
	s.fresh = nil
	defer s.wake()
	if err != nil {
		// Nothing more is coming: a PDF asked for gets the error.
		s.later = nil
		select {
		case <-s.ready:
		default:
			close(s.ready)
		}
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
	if len(later) > 0 {
		s.later = make(map[string]bool, len(later))
		for _, p := range later {
			s.later[p] = true
		}
		select {
		case <-s.ready:
			s.ready = make(chan struct{})
		default:
		}
	} else {
		s.later = nil
		select {
		case <-s.ready:
		default:
			close(s.ready)
		}
	}
	ms := took.Round(time.Millisecond)
	kept := ""
	if s.kept > 0 {
		kept = fmt.Sprintf(" (%d unchanged pages kept)", s.kept)
		s.kept = 0
	}
	what := fmt.Sprintf("%d files in %v%s", len(files), ms, kept)
	if len(later) > 0 {
		what = fmt.Sprintf("%d pages in %v%s; making %d booklets and play sheets", len(files), ms, kept, len(later))
	}
	switch {
	case s.opt.Quiet:
	case was != nil && how != first:
		fmt.Fprintf(s.opt.Log, "sortie: fixed: rebuilt %s\n", what)
	case how == finished:
		fmt.Fprintf(s.opt.Log, "sortie: made the booklets and play sheets: %s\n", what)
	case how == edited:
		fmt.Fprintf(s.opt.Log, "sortie: changed: rebuilt %s\n", what)
	default:
		fmt.Fprintf(s.opt.Log, "sortie: built %s\n", what)
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
		if p != root && s.ignored(p) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(root, p)
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
// broken, and the live-reload script and its events under /__sortie/.
// Requests naming another host than a loopback one are refused, so a web
// page elsewhere cannot read the preview through DNS rebinding.
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
	switch r.URL.Path {
	case liveScriptPath:
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		io.WriteString(w, liveScript)
		return
	case eventsPath:
		s.events(w, r)
		return
	}
	p := sitePath(r.URL.Path)
	s.mu.Lock()
	berr, later, ready := s.err, s.later, s.ready
	s.mu.Unlock()
	if berr == nil && later[p] {
		// A booklet still being made: answer once it is.
		select {
		case <-ready:
		case <-r.Context().Done():
			return
		case <-s.quit:
			return
		}
	}
	s.mu.Lock()
	berr, later = s.err, s.later
	data, ok := s.file(p)
	_, dir := s.file(path.Join(p, "index.html"))
	notFound, has404 := s.file("404.html")
	var seen look // what the page shows, for its live reload
	switch {
	case ok && path.Ext(p) == ".html":
		seen = s.lookOf(p, data)
	case !ok && has404:
		seen = s.lookOf("404.html", notFound)
	}
	s.mu.Unlock()
	if berr != nil {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusInternalServerError)
		var b bytes.Buffer
		errorPage.Execute(&b, berr.Error())
		w.Write(inject(b.Bytes(), look{page: tagOf(nil, berr)}, 0))
		return
	}
	if !ok {
		if dir {
			http.Redirect(w, r, "/"+p+"/", http.StatusMovedPermanently)
			return
		}
		if has404 {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusNotFound)
			w.Write(inject(notFound, seen, 0))
			return
		}
		http.Error(w, "404: the build has no "+p, http.StatusNotFound)
		return
	}
	if ct := mime.TypeByExtension(path.Ext(p)); ct != "" {
		w.Header().Set("Content-Type", ct)
	}
	if path.Ext(p) == ".html" {
		data = inject(data, seen, pending(p, data, later))
	}
	http.ServeContent(w, r, p, time.Time{}, bytes.NewReader(data))
}

// The preview's bounds: it serves one person's browser on this machine,
// so a page, a tab or a script left running cannot hold it. Variables,
// so tests can shorten them.
var (
	// idleTimeout closes a keep-alive connection that has sent nothing
	// for that long: a browser opens a new one when it needs it.
	idleTimeout = 5 * time.Second
	// headerTimeout closes a connection whose request headers have not
	// all come in that long.
	headerTimeout = 5 * time.Second
	// maxConns is how many connections are served at once; more wait to
	// be accepted until one closes.
	maxConns = 128
	// maxStreams is how many open pages' event streams are kept at once
	// (a browser keeps six connections to a server, and each hidden tab
	// lets its stream go); more are told 503 and reload by hand.
	maxStreams = 32
)

// capped is a listener that holds at most cap(free) connections open:
// Accept waits for one to close first.
type capped struct {
	net.Listener
	free chan struct{}
}

func (l *capped) Accept() (net.Conn, error) {
	l.free <- struct{}{}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.free
		return nil, err
	}
	return &cappedConn{Conn: c, release: func() { <-l.free }}, nil
}

// cappedConn gives its place back once, when closed.
type cappedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *cappedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

// sitePath is the build's file a URL path names: a folder's index.html.
func sitePath(urlPath string) string {
	p := strings.TrimPrefix(path.Clean("/"+urlPath), "/")
	if p == "" || strings.HasSuffix(urlPath, "/") {
		p = path.Join(p, "index.html")
	}
	return p
}

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
<p>Sortie serves this page at every address until the mistake below is fixed; this page reloads itself then.</p>
<pre>{{.}}</pre>
</main>
</body>
</html>
`))
