package booklet_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/generator/booklet"
)

// zbarimg decodes every QR code on one page of a PDF, rendered at 150
// dpi, and returns what they hold.
func zbarimg(t *testing.T, pdf string, page int) []string {
	t.Helper()
	zbar, err := exec.LookPath("zbarimg")
	if err != nil {
		if os.Getenv("SORTIE_REQUIRE_TOOLS") == "1" {
			t.Fatal("zbarimg not found and SORTIE_REQUIRE_TOOLS=1: install zbar-tools")
		}
		t.Skip("zbarimg not found: install zbar-tools to run this test (SORTIE_REQUIRE_TOOLS=1 makes this an error)")
	}
	out := filepath.Join(t.TempDir(), "page")
	p := strconv.Itoa(page)
	if b, err := exec.Command(tool(t, "pdftoppm"), "-png", "-gray", "-r", "150", "-f", p, "-l", p, "-singlefile", pdf, out).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, b)
	}
	b, err := exec.Command(zbar, "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", out+".png").Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 4 {
			return nil // no code found
		}
		t.Fatalf("zbarimg: %v", err)
	}
	return strings.Fields(string(b))
}

// TestQRCodes prints a pack with addresses and decodes, with zbarimg,
// the cover's code (the pack's page) and each entry's (its encounter
// page) from the pages they are printed on; a booklet without addresses
// has no code at all.
func TestQRCodes(t *testing.T) {
	d := packDoc(t, "marsh", engine.Options{Enemies: "creatures"})
	base := "https://example.org/club/packs/into-the-marshes/"
	d.URL = base
	d.EntryURLs = map[int]string{}
	for _, e := range d.Pack.Entries {
		d.EntryURLs[e.Number] = base + "encounter-" + strconv.Itoa(e.Number) + ".html"
	}
	for _, paper := range []string{"a4", "letter"} {
		opt := booklet.Options{Paper: paper, Created: created}
		pdf, pages, _ := writeLaid(t, d, opt)
		path := save(t, "qr-"+paper+".pdf", pdf)
		if got := zbarimg(t, path, 1); len(got) != 1 || got[0] != d.URL {
			t.Errorf("%s: the cover's codes hold %q, want %q", paper, got, d.URL)
		}
		for _, e := range d.Pack.Entries {
			n := e.Number
			p, ok := pages["qr/"+strconv.Itoa(n)]
			if !ok {
				t.Errorf("%s: entry %d has no code", paper, n)
				continue
			}
			// The code is on the entry's right-hand page, or on its
			// left-hand page when the encounter ends there.
			if left := pages["entry/"+strconv.Itoa(n)]; p != left+1 && !(p == left && pages["end/"+strconv.Itoa(n)] == left) {
				t.Errorf("%s: entry %d's code is on page %d, its spread starts on page %d", paper, n, p, left)
			}
			if got := zbarimg(t, path, p); len(got) != 1 || got[0] != d.EntryURLs[n] {
				t.Errorf("%s: page %d's codes hold %q, want %q", paper, p, got, d.EntryURLs[n])
			}
			if paper == "letter" {
				break // one entry is enough on the second paper
			}
		}
		text := squash(pdftotext(t, path, 1, 1))
		if !strings.Contains(text, d.URL) {
			t.Errorf("%s: the cover does not print the address %s beside its code", paper, d.URL)
		}
	}
	plain := packDoc(t, "marsh", engine.Options{Enemies: "creatures"})
	pdf, pages, _ := writeLaid(t, plain, booklet.Options{Paper: "a4", Created: created})
	path := save(t, "no-qr.pdf", pdf)
	for _, p := range []int{1, pages["entry/1"] + 1} {
		if got := zbarimg(t, path, p); len(got) > 0 {
			t.Errorf("without addresses, page %d holds codes %q", p, got)
		}
	}
}
