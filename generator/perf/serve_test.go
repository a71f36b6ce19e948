//go:build linux

package perf_test

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// liveServer is a preview server running as its own process: sortie
// serve or hugo server.
type liveServer struct {
	cmd  *exec.Cmd
	url  string
	mu   sync.Mutex
	logs strings.Builder // what it printed, both streams
	seen chan struct{}   // a line was printed
}

// startServer runs a preview server and waits until GET url answers.
func startServer(t *testing.T, url string, name string, args ...string) *liveServer {
	t.Helper()
	s := &liveServer{url: url, seen: make(chan struct{}, 1)}
	s.cmd = exec.Command(name, args...)
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	r, w := io.Pipe()
	s.cmd.Stdout, s.cmd.Stderr = w, w
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			s.mu.Lock()
			s.logs.WriteString(sc.Text() + "\n")
			s.mu.Unlock()
			select {
			case s.seen <- struct{}{}:
			default:
			}
		}
	}()
	t.Cleanup(func() {
		syscall.Kill(-s.cmd.Process.Pid, syscall.SIGINT)
		s.cmd.Wait()
		w.Close()
	})
	deadline := time.Now().Add(3 * time.Minute)
	for {
		if resp, err := http.Get(url); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return s
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not answer at %s:\n%s", name, url, s.log())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (s *liveServer) log() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.logs.String()
}

// waitLog waits until the server has printed want n times.
func (s *liveServer) waitLog(t *testing.T, want string, n int) {
	t.Helper()
	deadline := time.After(5 * time.Minute)
	for strings.Count(s.log(), want) < n {
		select {
		case <-s.seen:
		case <-time.After(50 * time.Millisecond):
		case <-deadline:
			t.Fatalf("no %d× %q in 5 minutes:\n%s", n, want, s.log())
		}
	}
}

// saveToPage saves a new title into file (its line starting "title:")
// and returns how long it took until a GET of each page showed it.
func saveToPage(t *testing.T, file, title string, pages ...string) []time.Duration {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`(?m)^title:.*$`)
	if !re.Match(data) {
		t.Fatalf("%s: no title line", file)
	}
	data = re.ReplaceAll(data, []byte("title: "+title))
	start := time.Now()
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	deadline := start.Add(2 * time.Minute)
	took := make([]time.Duration, len(pages))
	for left := len(pages); left > 0; {
		for i, page := range pages {
			if took[i] != 0 {
				continue
			}
			resp, err := http.Get(page)
			if err == nil {
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if strings.Contains(string(body), title) {
					took[i] = time.Since(start)
					left--
				}
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%v never all showed %q", pages, title)
		}
		time.Sleep(2 * time.Millisecond)
	}
	return took
}

func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
}

// servePeers measures the edit loop: the time from saving a new title
// into a pack's file to a GET of the pack's page showing it, with sortie
// serve on the starter site and on the default site, and with hugo
// server on a Hugo site of as many pages (hugoSite), editing one page's
// title, in the same run, the sides alternating. Sortie's booklets are
// made after each save in the background: the next save waits for them,
// as a writer pausing between saves would.
func servePeers(t *testing.T, rep *reporter, bin string) {
	rep.printf("\n(f) Edit loop: save a pack's new title, until a GET of its page shows it (sortie serve, hugo server)\n")
	hugo, herr := exec.LookPath("hugo")
	if herr == nil {
		rep.printf("    hugo: %s\n", firstLine(output(t, hugo, "version")))
	} else {
		rep.printf("    hugo: not found, Hugo's side skipped (apt-get install hugo)\n")
	}
	shapes := packShapes(t)
	rep.printf("    %-30s %6s %12s %12s %12s\n", "", "pages", "median ms", "fastest ms", "slowest ms")
	for _, c := range []struct {
		name string
		args []string
		pack string
	}{
		{"starter site", nil, "brigands-in-the-hills"},
		{"default site", []string{"--from-default"}, "border-battles"},
	} {
		dir := t.TempDir()
		site := filepath.Join(dir, "site")
		output(t, bin, append([]string{"new", "site", site}, c.args...)...)
		file := filepath.Join(site, "content", "packs", c.pack+".md")
		if _, err := os.Stat(file); err != nil {
			rep.printf("    %s: skipped: %v\n", c.name, err)
			continue
		}
		out := filepath.Join(dir, "out")
		output(t, bin, "build", "--source", site, "--out", out, "--paper", "none", "-q")
		pages := len(count(t, out, ".html"))

		port := freePort(t)
		ss := startServer(t, "http://127.0.0.1:"+port+"/", bin, "serve", "--source", site, "--port", port)
		ss.waitLog(t, "made the booklets", 1)
		var hs *liveServer
		var hfile, hpage string
		if herr == nil {
			hsrc := filepath.Join(dir, "hugo-site")
			hugoSite(t, hsrc, pages, shapes)
			hport := freePort(t)
			hs = startServer(t, "http://127.0.0.1:"+hport+"/", hugo, "server", "--source", hsrc, "--bind", "127.0.0.1", "--port", hport, "--baseURL", "http://127.0.0.1/")
			hfile = filepath.Join(hsrc, "content", "encounters", "e-00001.md")
			hpage = hs.url + "encounters/e-00001/"
		}
		// The pack's page, and the home page listing it.
		var st, sh, ht, hh []time.Duration
		for i := range *runs {
			time.Sleep(300 * time.Millisecond)
			d := saveToPage(t, file, fmt.Sprintf("Bench title %d", i+1), ss.url+"packs/"+c.pack+"/", ss.url)
			st, sh = append(st, d[0]), append(sh, d[1])
			ss.waitLog(t, "made the booklets", i+2)
			if hs != nil {
				time.Sleep(300 * time.Millisecond)
				d := saveToPage(t, hfile, fmt.Sprintf("Bench title %d", i+1), hpage, hs.url)
				ht, hh = append(ht, d[0]), append(hh, d[1])
			}
		}
		line := func(who string, d []time.Duration) float64 {
			slices.Sort(d)
			med := ms(d[len(d)/2])
			rep.printf("    %-30s %6d %12.0f %12.0f %12.0f\n", who, pages, med, ms(d[0]), ms(d[len(d)-1]))
			return med
		}
		s := line("Sortie, "+c.name+", the page", st)
		line("Sortie, "+c.name+", home", sh)
		if hs != nil {
			h := line("Hugo, as many pages, the page", ht)
			line("Hugo, as many pages, home", hh)
			rep.printf("    Sortie/Hugo, the page: %.1f (target: at most 3)", s/h)
		}
		if c.name == "starter site" {
			rep.printf("; target on the starter site: at most 300 ms")
		}
		rep.printf(" (%d alternating saves each)\n", *runs)
	}
}
