package main

import (
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
	"github.com/sortie-wargames/sortie/generator/site"
	"github.com/sortie-wargames/sortie/generator/skeleton"
)

// TestRollPageSiteRules: the starter site ships its own army list
// (brigands) and a monthly series against it. Its Roll page, in
// Chromium, offers its system with that list and its series, and rolls
// byte for byte what this machine rolls over the site's rules, whose play
// sheet is the one "sortie encounter --source SITE --sheet" writes; the
// boxes ticked on a roll are kept when the page is opened again.
func TestRollPageSiteRules(t *testing.T) {
	if testing.Short() {
		t.Skip("opens a browser")
	}
	p := startPage(t)
	dir := filepath.Join(t.TempDir(), "mysite")
	starter, err := skeleton.Starter("2026-11")
	if err != nil {
		t.Fatal(err)
	}
	if err := skeleton.Write(dir, starter); err != nil {
		t.Fatal(err)
	}
	base, _, _ := serveBuilt(t, generator.Options{Source: dir, Month: "2026-11", Systems: systems.Builtin(), Papers: []string{}})

	own, err := generator.SiteRules(dir)
	if err != nil {
		t.Fatal(err)
	}
	r, err := newRoller(generator.Version+"+devel", own)
	if err != nil {
		t.Fatal(err)
	}
	s, err := site.Load(os.DirFS(dir), site.ConfigFile, "content", dir+"/content/", r.reg)
	if err != nil {
		t.Fatal(err)
	}
	form, err := generator.RollForm(r.reg, s.Series, "2026-11")
	if err != nil {
		t.Fatal(err)
	}
	if len(form.Series) != 1 {
		t.Fatalf("the starter site's Roll page offers %d series, want its own", len(form.Series))
	}

	// The site's own list, rolled by a shared link.
	q := url.Values{"system": {"2d6-sword-and-sorcery"}, "type": {"raid"}, "seed": {"own-list"}, "enemies": {"brigands"}}
	want := r.roll(mustJSON(request{System: "2d6-sword-and-sorcery", Type: "raid", Seed: "own-list", Enemies: "brigands", Root: "../"}))
	if want.Error != "" {
		t.Fatalf("this machine: %s", want.Error)
	}
	var o opened
	p.do(&o, map[string]any{"cmd": "open", "url": base + "?" + q.Encode()})
	if o.Status != 200 || o.Said != "Rolled: "+want.Title+"." || o.Text != text(want.HTML) {
		t.Fatalf("the site's own list on its Roll page: %+v, want %q", o, want.Title)
	}

	// Its series' month.
	var m opened
	p.do(&m, map[string]any{"cmd": "open", "url": base + "?series=fight-of-the-month&month=2026-11"})
	month := r.roll([]byte(`{"series":` + form.Series[0].Data + `,"month":"2026-11","root":"../"}`))
	if month.Error != "" || m.Said != "Rolled: "+month.Title+"." || m.Text != text(month.HTML) {
		t.Fatalf("the site's series on its Roll page: %+v (this machine: %q %s)", m, month.Title, month.Error)
	}

	// Boxes ticked on a roll stay ticked when the page is opened again.
	var tk struct {
		Before, After []string
		Boxes         int
		Error         string
	}
	tq := url.Values{"system": {"swordplay"}, "type": {"patrol"}, "seed": {"ticks"}} // its draw order has boxes
	p.do(&tk, map[string]any{"cmd": "ticks", "url": base + "?" + tq.Encode(), "n": 2})
	if tk.Boxes < 2 || len(tk.Before) != 2 || !slices.Equal(tk.Before, tk.After) {
		t.Errorf("boxes ticked on the Roll page: %v before a reload, %v after (of %d boxes); want them kept", tk.Before, tk.After, tk.Boxes)
	}

	// A month after the site's is not out yet, in the page too.
	var later opened
	p.do(&later, map[string]any{"cmd": "open", "url": base + "?series=fight-of-the-month&month=2031-02"})
	if !strings.Contains(later.Said, "Not rolled: February 2031 is not out yet") {
		t.Errorf("a month after the site's: the page said %q", later.Said)
	}

	// The play sheet, against the CLI over the same site.
	cli := buildCLI(t)
	f := filepath.Join(t.TempDir(), "sheet.pdf")
	cmd := exec.Command(cli, "encounter", "--source", dir, "--system", "2d6-sword-and-sorcery", "--type", "raid", "--seed", "own-list", "--enemies", "brigands", "--sheet", f, "--paper", "a4")
	cmd.Env = append(os.Environ(), "SOURCE_DATE_EPOCH=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("sortie encounter --source --sheet: %v\n%s", err, out)
	}
	cliPDF, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	var sh struct {
		Sheets []struct {
			PDF          []byte
			Sheet, Error string
		}
	}
	p.do(&sh, map[string]any{"cmd": "sheets", "asks": []map[string]string{{"search": "?" + q.Encode(), "paper": "a4"}}})
	if len(sh.Sheets) != 1 || sh.Sheets[0].Error != "" || string(sh.Sheets[0].PDF) != string(cliPDF) {
		t.Errorf("the page's play sheet over the site's rules is not sortie encounter --source's (%d bytes)", len(cliPDF))
	}
}
