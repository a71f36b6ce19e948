package main

import (
	"bufio"
	"bytes"
	"context"
	"html"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runIn runs the CLI as if started in dir.
func runIn(t *testing.T, dir string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	h := testHost()
	h.workDir = dir
	var out, errb bytes.Buffer
	code = run(args, &out, &errb, h)
	return out.String(), errb.String(), code
}

func exists(t *testing.T, dir string, files ...string) {
	t.Helper()
	for _, f := range files {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(f))); err != nil {
			t.Errorf("missing %s", f)
		}
	}
}

// TestNewSiteThenBuild: "sortie new site" writes a site that "sortie
// build" builds at once, run anywhere inside it, into its own public/.
func TestNewSiteThenBuild(t *testing.T) {
	tmp := t.TempDir()
	site := filepath.Join(tmp, "mysite")
	out, errs, code := runIn(t, tmp, "new", "site", site)
	if code != 0 || !strings.Contains(out, "sortie: wrote a new site in "+site) || !strings.Contains(out, "sortie serve") {
		t.Fatalf("new site: exit %d\n%s%s", code, out, errs)
	}
	// From a folder inside the site, as hugo finds its root.
	out, errs, code = runIn(t, filepath.Join(site, "content", "packs"), "build")
	if code != 0 {
		t.Fatalf("build: exit %d: %s", code, errs)
	}
	public := filepath.Join(site, "public")
	if !strings.HasPrefix(out, "sortie: built "+site+" into "+public+": ") {
		t.Errorf("build does not name the site and its output: %q", out)
	}
	exists(t, public, "index.html", "pages/house-rules.html",
		"packs/brigands-in-the-hills/index.html", "packs/brigands-in-the-hills/encounter-1.html",
		"packs/brigands-in-the-hills/brigands-in-the-hills-a4.pdf", "packs/brigands-in-the-hills/brigands-in-the-hills-letter.pdf",
		"campaigns/the-first-road/index.html", "campaigns/the-first-road/the-first-road-a4.pdf", "campaigns/the-first-road/the-first-road-letter.pdf",
		"series/fight-of-the-month/index.html", "series/fight-of-the-month/2026-11.html", "series/fight-of-the-month/fight-of-the-month-2026-11-a4.pdf", "feed.xml", "feed.json")
	if _, err := os.Stat(filepath.Join(tmp, "public")); err == nil {
		t.Error("the build also wrote ./public outside the site")
	}
	// The site's own army list reaches the command line too.
	out, errs, code = runIn(t, site, "encounter", sys, "--enemies", "brigands", "--seed", "x")
	if code != 0 || !strings.Contains(out, "Brigands") {
		t.Errorf("encounter inside the site: exit %d %s\n%s", code, errs, out)
	}

	// A second site into the same folder is refused, with a hint.
	_, errs, code = runIn(t, tmp, "new", "site", site)
	if code != 1 || !strings.Contains(errs, "sortie: refusing to write a site into "+site+": it is not empty") || !strings.Contains(errs, "sortie: hint: ") {
		t.Errorf("new site over a site: exit %d\n%s", code, errs)
	}
}

// TestBuildWithoutSite: with no sortie.conf here or above, build makes
// the built-in default site in ./public and says so; --paper letter
// writes Letter booklets alone, flat and folded (the default site's
// impose: saddle). The one build of the default site's booklets in this
// package's own process (TestBuildCommand builds its pages).
func TestBuildWithoutSite(t *testing.T) {
	dir := t.TempDir()
	out, errs, code := runIn(t, dir, "build", "--paper", "letter")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	public := filepath.Join(dir, "public")
	if !strings.HasPrefix(out, "sortie: built the built-in default site into "+public+": ") || !strings.Contains(out, "booklets") {
		t.Errorf("stdout %q", out)
	}
	exists(t, public, "index.html", "packs/marsh-and-ruin/marsh-and-ruin-letter.pdf", "campaigns/the-long-road/index.html",
		"campaigns/the-long-road/the-long-road-letter.pdf", "packs/marsh-and-ruin/marsh-and-ruin-letter-folded.pdf")
	if a4, _ := filepath.Glob(filepath.Join(public, "packs", "*", "*-a4*.pdf")); len(a4) > 0 {
		t.Errorf("--paper letter still wrote A4 booklets: %v", a4)
	}
}

// TestBuildSourceOut: --source DIR builds into DIR/public; --out still
// overrides.
func TestBuildSourceOut(t *testing.T) {
	tmp := t.TempDir()
	site := filepath.Join(tmp, "s")
	if _, errs, code := runIn(t, tmp, "new", "site", site); code != 0 {
		t.Fatal(errs)
	}
	elsewhere := t.TempDir()
	if _, errs, code := runIn(t, elsewhere, "build", "--source", site, "--paper", "a4"); code != 0 {
		t.Fatal(errs)
	}
	exists(t, site, "public/packs/brigands-in-the-hills/index.html")
	if _, err := os.Stat(filepath.Join(site, "public/packs/brigands-in-the-hills/brigands-in-the-hills-a4-folded.pdf")); err == nil {
		t.Error("a site without impose: wrote a folded booklet")
	}
	other := filepath.Join(t.TempDir(), "www")
	if _, errs, code := runIn(t, elsewhere, "build", "--source", site, "--paper", "a4", "--out", other, "--impose", "saddle"); code != 0 {
		t.Fatal(errs)
	}
	// The campaign, 88 folded pages, is printed in two volumes; the
	// pack fits one. Each has its card sheets beside it.
	exists(t, other, "campaigns/the-first-road/index.html",
		"campaigns/the-first-road/the-first-road-a4-folded-1.pdf", "campaigns/the-first-road/the-first-road-a4-folded-2.pdf",
		"campaigns/the-first-road/the-first-road-a4-folded-cards.pdf",
		"packs/brigands-in-the-hills/brigands-in-the-hills-a4-folded.pdf", "packs/brigands-in-the-hills/brigands-in-the-hills-a4-folded-cards.pdf")
}

// TestNewSiteFromDefault: the built-in site, written out in a site's
// layout, builds from inside it.
func TestNewSiteFromDefault(t *testing.T) {
	tmp := t.TempDir()
	site := filepath.Join(tmp, "demo")
	if _, errs, code := runIn(t, tmp, "new", "site", site, "--from-default"); code != 0 {
		t.Fatal(errs)
	}
	exists(t, site, "sortie.conf", "content/index.md", "content/packs/marsh-and-ruin.md", "content/campaigns/the-long-road.md", "content/systems/swordplay/index.md")
	if _, err := os.Stat(filepath.Join(site, "content/systems/swordplay/armies.rules")); err == nil {
		t.Error("the built-in rule data was copied")
	}
}

// TestEmbeddedLayoutRefused: a sortie.conf with its pages beside it (the
// embedded site's own layout, as in this repository's content/) is not
// taken for a site with no pages.
func TestEmbeddedLayoutRefused(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"sortie.conf": "title: x\n", "index.md": "---\ntitle: x\n---\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, errs, code := runIn(t, dir, "build")
	if code != 1 || !strings.Contains(errs, "laid out as the embedded default site") || !strings.Contains(errs, "sortie: hint: run \"sortie new site DIR --from-default\"") {
		t.Errorf("exit %d\n%s", code, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "public")); err == nil {
		t.Error("built anyway")
	}
}

func TestVersion(t *testing.T) {
	h := testHost()
	h.version = "0.2.0+0123456789ab.modified"
	for _, args := range [][]string{{"version"}, {"--version"}} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb, h); code != 0 || out.String() != "sortie 0.2.0+0123456789ab.modified\n" {
			t.Errorf("%v: exit %d, %q %q", args, code, out.String(), errb.String())
		}
	}
	// The build carries the same version on its pages.
	dir := t.TempDir()
	site := filepath.Join(dir, "s")
	if _, errs, code := runIn(t, dir, "new", "site", site); code != 0 {
		t.Fatal(errs)
	}
	var out, errb bytes.Buffer
	h.workDir = site
	if code := run([]string{"build", "--paper", "a4"}, &out, &errb, h); code != 0 {
		t.Fatal(errb.String())
	}
	page, err := os.ReadFile(filepath.Join(site, "public", "index.html"))
	if err != nil || !strings.Contains(html.UnescapeString(string(page)), "Built by Sortie 0.2.0+0123456789ab.modified.") {
		t.Errorf("the page does not carry the build's version (%v)", err)
	}
}

func complete(t *testing.T, args ...string) []string {
	t.Helper()
	out, errs, code := sortie(t, append([]string{"__complete"}, args...)...)
	if code != 0 {
		t.Fatalf("%v: exit %d %s", args, code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if last := lines[len(lines)-1]; last != ":4" {
		t.Errorf("%v: directive %q, want :4 (no file completion)", args, last)
	}
	return lines[:len(lines)-1]
}

func TestCompletion(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"tables", ""}, "2d6-sword-and-sorcery chain-reaction-3 sword-and-spear-fantasy swordplay two-page-skirmish"},
		{[]string{"tables", "sw"}, "sword-and-spear-fantasy swordplay"},
		{[]string{"encounter", "--system", "sw"}, "sword-and-spear-fantasy swordplay"},
		{[]string{"encounter", "--system", "swordplay", "--type", ""}, "patrol raid-attack raid-defend"},
		{[]string{"campaign", "--system=2d6-sword-and-sorcery", "--enemies", "c"}, "creatures"},
		{[]string{"encounter", "--system", "swordplay", "--recruits", ""}, "feudal northmen dwarves elves goblins orcs"},
		{[]string{"encounter", "--system", "2d6-sword-and-sorcery", "--recruits", ""}, ""},
		{[]string{"encounter", "--source", "../../testdata/sites/extra-army", "--system", "2d6-sword-and-sorcery", "--enemies", "b"}, "bandits"},
		{[]string{"encounter", "--format", ""}, "md json"},
	} {
		if got := strings.Join(complete(t, c.args...), " "); got != c.want {
			t.Errorf("%v: %q, want %q", c.args, got, c.want)
		}
	}
	out, _, code := sortie(t, "completion", "bash")
	if code != 0 || !strings.Contains(out, "__start_sortie") {
		t.Errorf("completion bash: exit %d", code)
	}
}

// TestServeCommand runs "sortie serve" on a free port and stops it as
// Ctrl-C does, by cancelling its context.
func TestServeCommand(t *testing.T) {
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
	var errb bytes.Buffer
	exit := make(chan int, 1)
	go func() {
		exit <- run([]string{"serve", "--port", "0"}, w, &errb, h)
		w.Close()
	}()
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil {
		t.Fatalf("%v: %s", err, errb.String())
	}
	const at = " at http://127.0.0.1:"
	i := strings.Index(line, at)
	if !strings.HasPrefix(line, "sortie: serving "+site) || i < 0 {
		t.Fatalf("stdout %q", line)
	}
	url := strings.Fields(line[i+len(" at "):])[0]
	resp, err := http.Get(url + "campaigns/the-first-road/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "The First Road") {
		t.Errorf("%d\n%s", resp.StatusCode, body)
	}
	cancel()
	go io.Copy(io.Discard, r)
	if code := <-exit; code != 0 {
		t.Errorf("serve exit %d after cancel", code)
	}
	_, errs, code := sortie(t, "serve", "--port", "70000")
	if code != 1 || !strings.Contains(errs, "--port 70000: want 0 to 65535") {
		t.Errorf("bad port: %d %s", code, errs)
	}
}
