package generator

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-fonts/dejavu/dejavusans"

	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator/booklet/face"
)

// readText is the text pdftotext reads from a PDF; it skips the test when
// the tool is not there.
func readText(t *testing.T, pdf []byte) string {
	t.Helper()
	s, ok := pdfText(t, pdf)
	if !ok {
		t.Skip("pdftotext not installed")
	}
	return s
}

// TestCharactersTheFontsLack: text a site writes for its booklets in
// characters the booklet fonts lack is an error at its file and line,
// naming each character, with a hint; the web-only site builds.
func TestCharactersTheFontsLack(t *testing.T) {
	for _, c := range []struct {
		name, old, new string
		want           []string
	}{
		{"title", "title: Small Pack", "title: 北京 Pack",
			[]string{"content/packs/small.md:2: title has characters the booklet fonts lack: 北 (U+5317), 京 (U+4EAC)", "hint: name a font that has them in sortie.conf"}},
		{"seed", "seed: small-1", "seed: small-😀",
			[]string{"content/packs/small.md:4: seed has characters the booklet fonts lack: 😀 (U+1F600)", "hint: the booklets print no character past Unicode's Basic Multilingual Plane"}},
		{"body", "A campaign.", "A campaign.\n\nThe road to 東京, [a link](https://example.org/東) <!-- 東 -->.",
			[]string{"content/campaigns/short.md:9: text has characters the booklet fonts lack: 東 (U+6771)"}},
	} {
		dir := writeSite(t, strings.Replace(minimal, c.old, c.new, 1))
		_, _, err := Render(Options{Systems: systems.Builtin(), Source: dir})
		if err == nil {
			t.Errorf("%s: built a site whose booklets cannot print %q", c.name, c.new)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error\n%v\nwant %q", c.name, err, w)
			}
		}
		if c.name == "body" && strings.Count(err.Error(), "U+6771") != 1 {
			t.Errorf("body: error\n%v\nwant the one line of text, not the link address or the comment", err)
		}
	}
	// A site for the screen only prints no booklet: a browser finds a
	// font for any character.
	dir := writeSite(t, strings.NewReplacer("paper: a4", "paper: none", "title: Small Pack", "title: 北京 Pack").Replace(minimal))
	files := render(t, Options{Systems: systems.Builtin(), Source: dir})
	if !strings.Contains(string(files["packs/small/index.html"]), "北京 Pack") {
		t.Error("the page does not show the title as written")
	}
}

// TestSiteFont: a site naming a font that has the characters its text
// needs builds and its booklets print them (pdftotext reads them back);
// a font outside the site, missing or not a font is an error at the
// config's line.
func TestSiteFont(t *testing.T) {
	// Liberation Sans, the built-in face, lacks ✓ and ☐; DejaVu Sans
	// has them.
	if lack := (*face.Face)(nil).Lacks("✓☐"); len(lack) != 2 {
		t.Fatalf("the built-in face lacks %q, want ✓☐: pick characters it lacks", string(lack))
	}
	site := strings.NewReplacer("paper: a4", "paper: a4\nfont: fonts/DejaVuSans.ttf",
		"title: Small Pack", "title: Small Pack ✓", "A pack.", "A pack: ☐ done.").Replace(minimal)
	dir := writeSite(t, site)
	if err := os.MkdirAll(filepath.Join(dir, "fonts"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "fonts", "DejaVuSans.ttf"), dejavusans.TTF, 0o644); err != nil {
		t.Fatal(err)
	}
	files := render(t, Options{Systems: systems.Builtin(), Source: dir})
	pdf := files["packs/small/small-a4.pdf"]
	checkPDF(t, "small-a4.pdf", pdf)
	got := readText(t, pdf)
	for _, want := range []string{"Small Pack ✓", "☐ done", "small-1"} {
		if !strings.Contains(got, want) {
			t.Errorf("the booklet's text lacks %q", want)
		}
	}
	if strings.Contains(got, "<U+") {
		t.Error("the booklet spells out a character it should print")
	}
	// A play sheet prints in the site's font too.
	if sheet := readText(t, files["packs/small/sheets/encounter-1-a4.pdf"]); !strings.Contains(sheet, "Small Pack ✓") {
		t.Errorf("the play sheet's text lacks the title: %.300q", sheet)
	}

	outside := filepath.Join(t.TempDir(), "outside.ttf")
	if err := os.WriteFile(outside, dejavusans.TTF, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ conf, want string }{
		{"font: ../outside.ttf", `sortie.conf:3: font "../outside.ttf" is outside the site`},
		{"font: " + outside, "sortie.conf:3: font " + `"` + outside + `" is outside the site`},
		{"font: fonts/missing.ttf", `sortie.conf:3: font "fonts/missing.ttf": no such file in the site`},
		{"font: content/index.md", `sortie.conf:3: font "content/index.md": failed to read font: not a TrueType or OpenType font`},
		{"font: fonts/DejaVuSans.ttf\nfont-bold: content/index.md", `sortie.conf:4: font-bold "content/index.md": failed to read font`},
		{"font-italic: fonts/DejaVuSans.ttf", "sortie.conf:3: font-italic without font:"},
	} {
		dir := writeSite(t, strings.Replace(site, "font: fonts/DejaVuSans.ttf", c.conf, 1))
		os.MkdirAll(filepath.Join(dir, "fonts"), 0o755)
		if err := os.WriteFile(filepath.Join(dir, "fonts", "DejaVuSans.ttf"), dejavusans.TTF, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, _, err := Render(Options{Systems: systems.Builtin(), Source: dir}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.conf, err, c.want)
		}
	}
}
