package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/generator"
)

// TestProgressLine plays a build's events against a clock the test sets:
// nothing is drawn in the first half second, a new stage draws at once,
// jobs redraw at most every 100ms, and finish clears the line; the
// --verbose report adds up the times.
func TestProgressLine(t *testing.T) {
	t0 := time.Date(2026, 11, 15, 12, 0, 0, 0, time.UTC)
	cur := t0
	at := func(ms int) { cur = t0.Add(time.Duration(ms) * time.Millisecond) }
	var live bytes.Buffer
	p := newBuildProgress(&live, func() time.Time { return cur })
	ev := func(ms int, e generator.Event) { at(ms); p.event(e) }
	begin := func(ms int, s generator.Stage) { ev(ms, generator.Event{Kind: generator.StageBegin, Stage: s}) }
	end := func(ms int, s generator.Stage) { ev(ms, generator.Event{Kind: generator.StageEnd, Stage: s}) }
	job := func(ms int, k generator.EventKind, path string, sheet bool) {
		ev(ms, generator.Event{Kind: k, Stage: generator.StageRender, Path: path, Sheet: sheet})
	}

	begin(100, generator.StageLoad)
	end(200, generator.StageLoad)
	ev(200, generator.Event{Kind: generator.StageBegin, Stage: generator.StageRender, Parts: 2})
	if live.Len() != 0 {
		t.Fatalf("drew %q in the first half second", live.String())
	}
	at(600)
	p.tick() // draws: half a second has gone
	at(650)
	p.tick() // the same line: nothing
	job(900, generator.JobBegin, "packs/a/a-a4.pdf", false)
	job(900, generator.JobBegin, "packs/a/sheets/s-a4.pdf", true)
	job(950, generator.JobEnd, "packs/a/sheets/s-a4.pdf", true)
	job(950, generator.JobBegin, "packs/b/b-a4.pdf", false)
	job(1000, generator.JobEnd, "packs/a/a-a4.pdf", false)                                            // under 100ms since the last line: not drawn
	ev(1010, generator.Event{Kind: generator.PartEnd, Stage: generator.StageRender, Path: "packs/a"}) // nor this
	job(1700, generator.JobEnd, "packs/b/b-a4.pdf", false)
	ev(1700, generator.Event{Kind: generator.PartEnd, Stage: generator.StageRender, Path: "packs/b"})
	end(1700, generator.StageRender)
	begin(1700, generator.StageSite)
	end(1710, generator.StageSite)
	begin(1710, generator.StageWrite)
	end(2000, generator.StageWrite)
	at(2000)
	p.finish()
	p.tick() // after the end: nothing

	want := "\rsortie: rendering parts 0/2\x1b[K" +
		"\rsortie: rendering parts 0/2, play sheets 1\x1b[K" +
		"\rsortie: rendering parts 1/2, booklets 2, play sheets 1\x1b[K" +
		"\rsortie: rendering the home page, lists and feeds\x1b[K" +
		"\rsortie: writing the output\x1b[K" +
		"\r\x1b[K"
	if live.String() != want {
		t.Errorf("progress line\n got %q\nwant %q", live.String(), want)
	}

	var report bytes.Buffer
	p.report(&report)
	wantReport := `sortie: load: 100ms
sortie: render: 1.5s for 2 parts, pages, booklets and play sheets side by side
sortie: booklets: 2, 850ms of rendering; slowest packs/b/b-a4.pdf 750ms, packs/a/a-a4.pdf 100ms
sortie: play sheets: 1, 50ms of rendering
sortie: site: 10ms
sortie: write: 290ms
sortie: total: 2s
`
	if report.String() != wantReport {
		t.Errorf("report\n got %q\nwant %q", report.String(), wantReport)
	}
}

// TestBuildProgressFlags runs "sortie build" on a small site with a clock
// that moves 200ms a reading: on a terminal it draws and clears the
// progress line on stderr, and -v adds the timings to stdout; with -q,
// or when stderr is no terminal, stderr stays empty; -q drops the
// summary too.
func TestBuildProgressFlags(t *testing.T) {
	site := t.TempDir()
	for name, text := range map[string]string{
		"sortie.conf":            "title: Test Site\npaper: a4\n",
		"content/index.md":       "---\ntitle: Welcome\n---\nHello.\n",
		"content/packs/small.md": "---\ntitle: Small Pack\nsystem: 2d6-sword-and-sorcery\nseed: small-1\nencounters: raid\n---\nA pack.\n",
	} {
		p := filepath.Join(site, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	build := func(tty bool, args ...string) (string, string) {
		t.Helper()
		h := testHost()
		h.workDir = site
		h.stderrTTY = tty
		cur := time.Date(2026, 11, 15, 12, 0, 0, 0, time.UTC)
		h.now = func() time.Time { cur = cur.Add(200 * time.Millisecond); return cur }
		var out, errb bytes.Buffer
		args = append([]string{"build", "--out", filepath.Join(t.TempDir(), "public")}, args...)
		if code := run(args, &out, &errb, h); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errb.String())
		}
		return out.String(), errb.String()
	}

	out, errs := build(true, "--verbose")
	if !strings.HasPrefix(errs, "\rsortie: ") || !strings.Contains(errs, "\rsortie: rendering parts ") || !strings.HasSuffix(errs, "\r\x1b[K") || strings.Contains(errs, "\n") {
		t.Errorf("terminal stderr %q: want progress lines, cleared at the end", errs)
	}
	var labels, sizes, offline []string
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n")[1:] {
		if strings.HasPrefix(line, "sortie: booklet ") || strings.Contains(line, " flat booklets of ") {
			sizes = append(sizes, line)
			continue
		}
		if strings.HasPrefix(line, "sortie: offline: ") {
			offline = append(offline, line)
			continue
		}
		label, _, _ := strings.Cut(strings.TrimPrefix(line, "sortie: "), ":")
		labels = append(labels, label)
	}
	// Each flat booklet with its pages, after a line on the longest.
	if len(sizes) != 7 || !strings.HasPrefix(sizes[0], "sortie: 6 flat booklets of ") || !strings.HasSuffix(sizes[0], "sheets printed on both sides") ||
		!strings.HasPrefix(sizes[1], "sortie: booklet packs/") || !strings.Contains(sizes[1], " pages, ") {
		t.Errorf("verbose stdout lists the booklets' sizes as\n%s", strings.Join(sizes, "\n"))
	}
	// What the service worker keeps on a player's device: the seven PDFs
	// once opened (five QRS, the pack, its play sheet).
	if len(offline) != 1 || !strings.HasPrefix(offline[0], "sortie: offline: kept on the device after one visit: ") || !strings.Contains(offline[0], " 7 more, ") {
		t.Errorf("stdout says what is kept offline as %q", offline)
	}
	if got := strings.Join(labels, ","); !strings.HasPrefix(out, "sortie: built ") || got != "load,render,booklets,play sheets,site,write,total" {
		t.Errorf("verbose stdout has %s\n%s", got, out)
	}
	// Five Quick Reference Sheets and the pack; the three slowest named;
	// seventeen pages, the downloads and search pages and the pack's
	// encounter type's page among them.
	if _, line, _ := strings.Cut(out, "sortie: booklets: 6, "); !strings.Contains(out, ": 17 pages, 6 booklets, 1 play sheets") || strings.Count(strings.SplitN(line, "\n", 2)[0], ".pdf ") != 3 {
		t.Errorf("verbose stdout does not count the booklets or name the slowest three:\n%s", out)
	}

	if out, errs := build(true, "-q"); out != "" || errs != "" {
		t.Errorf("-q on a terminal printed %q, %q", out, errs)
	}
	if out, errs := build(false); errs != "" || !strings.HasPrefix(out, "sortie: built "+site) || strings.Count(out, "\n") != 3 || !strings.Contains(out, " (--verbose lists each)\nsortie: offline: ") {
		t.Errorf("without a terminal: stdout %q, stderr %q", out, errs)
	}

	var out2, errb bytes.Buffer
	if code := run([]string{"build", "-q", "--verbose"}, &out2, &errb, testHost()); code != 1 || !strings.Contains(errb.String(), "--quiet and --verbose") {
		t.Errorf("-q --verbose: exit %d, %q", code, errb.String())
	}
}
