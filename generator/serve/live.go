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
  var url = "/__sortie/events?path=" + encodeURIComponent(location.pathname) +
    "&v=" + encodeURIComponent(me.getAttribute("data-v"));
  var es = null;
  function listen() {
    es = new EventSource(url);
    es.addEventListener("reload", function () { es.close(); location.reload(); });
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

// current is the tag of what a request for p gets now, and how many of
// the booklets and play sheets it links are still being made. It is
// called with s.mu held.
func (s *Server) current(p string) (string, int) {
	if s.err != nil {
		return tagOf(nil, s.err), 0
	}
	data, ok := s.file(p)
	if !ok {
		if nf, ok := s.file("404.html"); ok {
			return tagOf(nf, nil), 0
		}
		return "none", 0
	}
	return tagOf(data, nil), pending(p, data, s.later)
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
func inject(page []byte, tag string, n int) []byte {
	script := fmt.Appendf(nil, `<script src="%s" data-v="%s" defer></script>`, liveScriptPath, tag)
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
// what the server would send for it changes, and "ready" once none of
// the booklets it links are still being made. The stream ends with the
// server.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "no event stream here", http.StatusInternalServerError)
		return
	}
	q := r.URL.Query()
	p, v := sitePath(q.Get("path")), q.Get("v")
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "retry: 500\n\n")
	fl.Flush()
	ping := time.NewTicker(20 * time.Second)
	defer ping.Stop()
	ready := false
	for {
		s.mu.Lock()
		tag, n := s.current(p)
		changed := s.changed
		s.mu.Unlock()
		if tag != v {
			fmt.Fprintf(w, "event: reload\ndata: %s\n\n", tag)
			fl.Flush()
			return
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
