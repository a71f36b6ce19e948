package serve

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"path"
	"regexp"
	"strings"
	"time"
)

// The server's own addresses. Sortie writes nothing under __sortie/; a
// site's own static/__sortie/ would be hidden in the preview, only.
const (
	liveScriptPath = "/__sortie/live.js"
	eventsPath     = "/__sortie/events"
)

// liveScript is what every served page loads (inject): it opens an event
// stream naming the page and what it was served (data-v), and reloads
// the page when the server says what it would serve now differs; "ready"
// takes away the note that the page's booklets are still being made.
// EventSource reconnects by itself when the server restarts, and the
// stream then says at once whether the page changed meanwhile; a hidden
// tab closes its stream and opens it again when shown.
const liveScript = `// Sortie's preview: reload this page when its build changes.
(function () {
  var me = document.currentScript;
  if (!me || !window.EventSource) return;
  var css = me.getAttribute("data-c");
  function url() {
    return "/__sortie/events?path=" + encodeURIComponent(location.pathname) +
      "&v=" + encodeURIComponent(me.getAttribute("data-v")) + "&c=" + encodeURIComponent(css);
  }
  var es = null;
  function listen() {
    es = new EventSource(url());
    es.addEventListener("reload", function () { es.close(); location.reload(); });
    // A stylesheet changed, the page did not: swap the sheets in place,
    // keeping the scroll and what is typed or ticked.
    es.addEventListener("css", function (ev) {
      css = ev.data;
      Array.prototype.forEach.call(document.querySelectorAll('link[rel~="stylesheet"][href]'), function (l) {
        var u = new URL(l.getAttribute("href"), location.href);
        if (u.origin !== location.origin) return;
        u.searchParams.set("sortie-css", css);
        var next = l.cloneNode();
        next.href = u.href;
        next.addEventListener("load", function () { l.remove(); });
        next.addEventListener("error", function () { l.remove(); });
        l.after(next);
      });
    });
    es.addEventListener("ready", function () {
      var n = document.getElementById("sortie-later");
      if (n) n.remove();
    });
  }
  // A tab out of sight lets go of its stream (a browser keeps only six
  // connections to one server), and asks again when shown.
  document.addEventListener("visibilitychange", function () {
    if (document.hidden && es) { es.close(); es = null; }
    else if (!document.hidden && !es) listen();
  });
  if (!document.hidden) listen();
})();
`

// tagOf names what the server serves for a page: its bytes, or the
// build's error. A page reloads when its tag changes.
func tagOf(data []byte, err error) string {
	if err != nil {
		sum := sha256.Sum256([]byte(err.Error()))
		return "e" + hex.EncodeToString(sum[:8])
	}
	sum := sha256.Sum256(data)
	return "p" + hex.EncodeToString(sum[:8])
}

// look is what an open page shows, as tags: the page with every file it
// shows but its stylesheets (its images, scripts, icons), which reloads
// it when it changes, and its stylesheets, which are swapped in place.
type look struct{ page, css string }

// assetTag finds the files a page loads: <link>, <script> and <img>
// tags, with the address they load.
var (
	assetTag  = regexp.MustCompile(`<(?:link|script|img)\b[^>]*>`)
	assetAddr = regexp.MustCompile(`\b(?:href|src)="([^"#?]+)`)
)

// lookOf is the look of page p, whose bytes are data. It is called with
// s.mu held.
func (s *Server) lookOf(p string, data []byte) look {
	page, css := sha256.New(), sha256.New()
	page.Write(data)
	for _, tag := range assetTag.FindAll(data, -1) {
		m := assetAddr.FindSubmatch(tag)
		if m == nil {
			continue
		}
		file := sitePathOf(p, string(m[1]))
		if file == "" {
			continue
		}
		to := page
		if bytes.HasPrefix(tag, []byte("<link")) && bytes.Contains(tag, []byte(`rel="stylesheet"`)) {
			to = css
		}
		b, ok := s.file(file)
		fmt.Fprintf(to, "%s %t %d\n", file, ok, len(b))
		to.Write(b)
	}
	return look{"p" + hex.EncodeToString(page.Sum(nil)[:8]), "c" + hex.EncodeToString(css.Sum(nil)[:8])}
}

// sitePathOf is the build's file an address on page p names, or "" for
// one on another site.
func sitePathOf(p, href string) string {
	switch {
	case strings.Contains(href, "://"), strings.HasPrefix(href, "//"), strings.HasPrefix(href, "data:"):
		return ""
	case strings.HasPrefix(href, "/"):
		return strings.TrimPrefix(path.Clean(href), "/")
	}
	return path.Join(path.Dir(p), href)
}

// current is the look of what a request for p gets now, and how many of
// the booklets and play sheets it links are still being made. It is
// called with s.mu held.
func (s *Server) current(p string) (look, int) {
	if s.err != nil {
		return look{page: tagOf(nil, s.err)}, 0
	}
	data, ok := s.file(p)
	if !ok {
		if nf, ok := s.file("404.html"); ok {
			return s.lookOf("404.html", nf), 0
		}
		return look{page: "none"}, 0
	}
	return s.lookOf(p, data), pending(p, data, s.later)
}

// pdfHref finds the links to PDFs in a page.
var pdfHref = regexp.MustCompile(`href="([^"#?]+\.pdf)"`)

// pending counts the different files, among later, that page p links.
func pending(p string, data []byte, later map[string]bool) int {
	if len(later) == 0 {
		return 0
	}
	seen := map[string]bool{}
	for _, m := range pdfHref.FindAllSubmatch(data, -1) {
		href := string(m[1])
		var file string
		if strings.HasPrefix(href, "/") {
			file = strings.TrimPrefix(path.Clean(href), "/")
		} else if !strings.Contains(href, "://") {
			file = path.Join(path.Dir(p), href)
		}
		if later[file] {
			seen[file] = true
		}
	}
	return len(seen)
}

// inject adds the live-reload script to a page, in its head, and when n
// of the files it links are still being made, a note saying so at the
// top of its body. Only the server does this: a build's files never
// hold either.
func inject(page []byte, l look, n int) []byte {
	script := fmt.Appendf(nil, `<script src="%s" data-v="%s" data-c="%s" defer></script>`, liveScriptPath, l.page, l.css)
	out := insert(page, []byte("</head>"), script, false)
	if n > 0 {
		what := fmt.Sprintf("%d of the PDFs this page links: each opens once made", n)
		if n == 1 {
			what = "a PDF this page links: it opens once made"
		}
		note := fmt.Appendf(nil, `<p id="sortie-later" role="status" style="margin:0;padding:.5em 1em;background:#fff3c4;color:#000;border-bottom:1px solid #c9a800">Sortie is still making %s, and this note goes away by itself.</p>`, what)
		out = insert(out, []byte("<body"), note, true)
	}
	return out
}

// insert puts what into page before the first mark (after the tag that
// mark opens, when after is set), or at the end when there is none.
func insert(page, mark, what []byte, after bool) []byte {
	i := bytes.Index(page, mark)
	if i < 0 {
		return append(bytes.Clone(page), what...)
	}
	if after {
		j := bytes.IndexByte(page[i:], '>')
		if j < 0 {
			return append(bytes.Clone(page), what...)
		}
		i += j + 1
	}
	out := make([]byte, 0, len(page)+len(what))
	out = append(out, page[:i]...)
	out = append(out, what...)
	return append(out, page[i:]...)
}

// events streams to one open page (Server-Sent Events) "reload" when
// what the server would send for it changes (the page, or an image or
// script it shows), "css" when only its stylesheets do, and "ready" once none of
// the booklets it links are still being made. The stream ends with the
// server.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "no event stream here", http.StatusInternalServerError)
		return
	}
	s.mu.Lock()
	full := s.streams >= maxStreams
	if !full {
		s.streams++
	}
	s.mu.Unlock()
	if full {
		http.Error(w, fmt.Sprintf("sortie serve keeps %d open pages live at once: reload this one by hand once others are closed", maxStreams), http.StatusServiceUnavailable)
		return
	}
	defer func() {
		s.mu.Lock()
		s.streams--
		s.mu.Unlock()
	}()
	q := r.URL.Query()
	p, v, css := sitePath(q.Get("path")), q.Get("v"), q.Get("c")
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "retry: 500\n\n")
	fl.Flush()
	ping := time.NewTicker(20 * time.Second)
	defer ping.Stop()
	ready := false
	for {
		s.mu.Lock()
		now, n := s.current(p)
		changed := s.changed
		s.mu.Unlock()
		if now.page != v {
			fmt.Fprintf(w, "event: reload\ndata: %s\n\n", now.page)
			fl.Flush()
			return
		}
		if now.css != css {
			fmt.Fprintf(w, "event: css\ndata: %s\n\n", now.css)
			fl.Flush()
			css = now.css
		}
		if n == 0 && !ready {
			fmt.Fprint(w, "event: ready\ndata: \n\n")
			fl.Flush()
			ready = true
		}
		select {
		case <-changed:
		case <-ping.C:
			fmt.Fprint(w, ": still here\n\n")
			fl.Flush()
		case <-r.Context().Done():
			return
		case <-s.quit:
			return
		}
	}
}
