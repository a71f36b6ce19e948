package generator

import (
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/systems"
)

// published is the minimal site published at a base URL and set to
// write print-ready booklets.
var published = strings.Replace(minimal, "paper: a4\n", "paper: a4\nbaseurl: https://example.org/club\nprint: on-demand\n", 1)

// TestPrintOnDemand builds a site with "print: on-demand" and checks a
// print-ready booklet is written beside each pack's and campaign's
// booklet, valid under pdfcpu's strict validation, and linked from no
// page; a site without the setting has none unless the build is asked
// for them (the CLI's --print-on-demand); and a wrong value is an error
// at its line.
func TestPrintOnDemand(t *testing.T) {
	t.Parallel() // builds a site of its own; see parallel in generator_test.go
	files := render(t, Options{Source: writeSite(t, published), Systems: systems.Builtin()})
	for _, p := range []string{"packs/small/small-a4-print.pdf", "campaigns/short/short-a4-print.pdf"} {
		data := files[p]
		if data == nil {
			t.Errorf("no %s", p)
			continue
		}
		checkPDF(t, p, data)
		if !strings.Contains(string(data), "/TrimBox [") {
			t.Errorf("%s has no TrimBox", p)
		}
	}
	for name, data := range files {
		if strings.HasSuffix(name, ".html") && strings.Contains(string(data), "-print.pdf") {
			t.Errorf("%s links a print-ready booklet", name)
		}
		if strings.HasSuffix(name, "-print.pdf") && strings.HasPrefix(name, "systems/") {
			t.Errorf("%s: a print-ready booklet of the Quick Reference Sheets alone", name)
		}
	}

	plain := writeSite(t, minimal)
	for _, asked := range []bool{false, true} {
		files := render(t, Options{Source: plain, Systems: systems.Builtin(), PrintOnDemand: asked})
		if got := files["packs/small/small-a4-print.pdf"] != nil; got != asked {
			t.Errorf("asked for print-ready booklets: %v; got one: %v", asked, got)
		}
	}

	bad := writeSite(t, strings.Replace(minimal, "paper: a4\n", "paper: a4\nprint: sometimes\n", 1))
	_, _, err := Render(Options{Source: bad, Systems: systems.Builtin()})
	if err == nil || !strings.Contains(err.Error(), "sortie.conf:3") || !strings.Contains(err.Error(), `print "sometimes"`) {
		t.Errorf("print: sometimes: got %v, want an error at sortie.conf:3", err)
	}
}

// TestQRCodesLeadToPages builds a site with a base URL and decodes, with
// zbarimg, the QR codes of its booklets: the pack's cover holds the
// pack's page, an encounter's spread its encounter page, the campaign's
// cover the campaign's page and an entry's spread the entry's own page;
// each address is the base URL and a page the build wrote (and, where it
// has a fragment, an id on it). The same site without a base URL prints no code.
func TestQRCodesLeadToPages(t *testing.T) {
	t.Parallel() // builds a site of its own; see parallel in generator_test.go
	const base = "https://example.org/club/"
	files := render(t, Options{Source: writeSite(t, published), Systems: systems.Builtin()})
	dir := t.TempDir()
	checks := []struct {
		pdf, want string
		page      int // 0: the page that prints the address
	}{
		{"packs/small/small-a4.pdf", "packs/small/index.html", 1},
		{"packs/small/small-a4.pdf", "packs/small/encounter-2.html", 0},
		{"campaigns/short/short-a4.pdf", "campaigns/short/index.html", 1},
		{"campaigns/short/short-a4.pdf", "campaigns/short/entry-2.html", 0},
		{"packs/small/small-a4-print.pdf", "packs/small/index.html", 1},
		{"systems/2d6-sword-and-sorcery/2d6-sword-and-sorcery-qrs-a4.pdf", "systems/2d6-sword-and-sorcery/qrs.html", 1},
	}
	for _, c := range checks {
		file := filepath.Join(dir, strings.ReplaceAll(c.pdf, "/", "_"))
		if err := os.WriteFile(file, files[c.pdf], 0o644); err != nil {
			t.Fatal(err)
		}
		page := c.page
		if page == 0 {
			page = pageSaying(t, file, base+c.want)
		}
		got := decodeQR(t, file, page)
		if len(got) != 1 || got[0] != base+c.want {
			t.Errorf("%s page %d: codes %q, want %q", c.pdf, page, got, base+c.want)
			continue
		}
		u, err := url.Parse(got[0])
		if err != nil {
			t.Fatal(err)
		}
		html := files[strings.TrimPrefix(u.Path, "/club/")]
		if html == nil {
			t.Errorf("%s: the code leads to %s, a page the build did not write", c.pdf, got[0])
		} else if u.Fragment != "" && !strings.Contains(string(html), `id="`+u.Fragment+`"`) {
			t.Errorf("%s: the code leads to #%s, which %s does not have", c.pdf, u.Fragment, u.Path)
		}
	}

	plain := render(t, Options{Source: writeSite(t, minimal), Systems: systems.Builtin()})
	file := filepath.Join(dir, "plain.pdf")
	if err := os.WriteFile(file, plain["packs/small/small-a4.pdf"], 0o644); err != nil {
		t.Fatal(err)
	}
	if got := decodeQR(t, file, 1); len(got) > 0 {
		t.Errorf("without a base URL, the cover holds codes %q", got)
	}
}

// pageSaying returns the first page of a PDF whose text holds s.
func pageSaying(t *testing.T, file, s string) int {
	t.Helper()
	out, err := exec.Command(needTool(t, "pdftotext"), "-enc", "UTF-8", file, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	for i, p := range strings.Split(string(out), "\f") {
		if strings.Contains(strings.Join(strings.Fields(p), ""), s) {
			return i + 1
		}
	}
	t.Fatalf("%s: no page prints %s", path.Base(file), s)
	return 0
}

// decodeQR renders one page of a PDF at 150 dpi and returns what the QR
// codes zbarimg finds on it hold.
func decodeQR(t *testing.T, file string, page int) []string {
	t.Helper()
	png := filepath.Join(t.TempDir(), "page")
	p := strconv.Itoa(page)
	if out, err := exec.Command(needTool(t, "pdftoppm"), "-png", "-gray", "-r", "150", "-f", p, "-l", p, "-singlefile", file, png).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	out, err := exec.Command(needTool(t, "zbarimg"), "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", png+".png").Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 4 {
			return nil // no code found
		}
		t.Fatalf("zbarimg: %v", err)
	}
	return strings.Fields(string(out))
}

// needTool returns a command's path, skipping the test without it unless
// SORTIE_REQUIRE_TOOLS=1 (as in CI).
func needTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		pkg := map[string]string{"zbarimg": "zbar-tools"}[name]
		if pkg == "" {
			pkg = "poppler-utils"
		}
		if os.Getenv("SORTIE_REQUIRE_TOOLS") == "1" {
			t.Fatalf("%s not found and SORTIE_REQUIRE_TOOLS=1: install %s", name, pkg)
		}
		t.Skipf("%s not found: install %s to run this test (SORTIE_REQUIRE_TOOLS=1 makes this an error)", name, pkg)
	}
	return p
}
