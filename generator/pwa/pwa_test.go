package pwa

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/templates"
)

func entry(p, data string) Entry {
	return Entry{Path: p, Sum: sha256.Sum256([]byte(data)), Size: len(data)}
}

// table reads one of the worker's tables (PRECACHE or OPENED).
func table(t *testing.T, js []byte, name string) map[string]string {
	t.Helper()
	m := regexp.MustCompile(`(?s)\nconst ` + name + ` = (\{.*?\});\n`).FindSubmatch(js)
	if m == nil {
		t.Fatalf("the worker has no %s", name)
	}
	var v map[string]string
	if err := json.Unmarshal(m[1], &v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

func version(t *testing.T, js []byte) string {
	t.Helper()
	m := regexp.MustCompile(`\nconst VERSION = "([0-9a-f]{16})";\n`).FindSubmatch(js)
	if m == nil {
		t.Fatal("the worker has no VERSION")
	}
	return string(m[1])
}

// TestWorkerFile: the worker is the same bytes whatever order the build
// made its files in; a page changed gives a new version and a new hash
// for that page alone; pages and small files are kept at the first
// visit, PDFs, feeds and large files once opened, and the worker and
// the output's marker not at all.
func TestWorkerFile(t *testing.T) {
	big := strings.Repeat("x", PrecacheLimit+1)
	files := []Entry{
		entry("index.html", "home"), entry("pages/notes.html", "notes"), entry("style.css", "css"),
		entry("packs/a/a-a4.pdf", "%PDF a"), entry("feed.xml", "<feed/>"), entry("static/map.tif", big),
		entry("icons/icon-192.png", "png"), entry(Manifest, "{}"), entry(".sortie-output", "marker"), entry(Worker, "old"),
	}
	w1, k1, err := WorkerFile(files)
	if err != nil {
		t.Fatal(err)
	}
	rev := slices.Clone(files)
	slices.Reverse(rev)
	w2, k2, err := WorkerFile(rev)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(w1.Data, w2.Data) || k1 != k2 {
		t.Fatal("the worker depends on the order of the build's files")
	}
	if w1.Path != Worker {
		t.Errorf("the worker is %s, want %s", w1.Path, Worker)
	}
	pre, opened := table(t, w1.Data, "PRECACHE"), table(t, w1.Data, "OPENED")
	wantPre := []string{"index.html", "pages/notes.html", "style.css", "icons/icon-192.png", Manifest}
	for _, p := range wantPre {
		if _, ok := pre[p]; !ok {
			t.Errorf("%s is not kept at the first visit", p)
		}
	}
	for _, p := range []string{"packs/a/a-a4.pdf", "feed.xml", "static/map.tif"} {
		if _, ok := opened[p]; !ok {
			t.Errorf("%s is not kept once opened", p)
		}
	}
	if len(pre) != len(wantPre) || len(opened) != 3 {
		t.Errorf("kept at the first visit: %v; once opened: %v", pre, opened)
	}
	if k1.Precached != 5 || k1.Opened != 3 || k1.OpenedBytes != int64(len("%PDF a")+len("<feed/>")+len(big)) {
		t.Errorf("kept: %+v", k1)
	}
	sum := sha256.Sum256([]byte("notes"))
	if got := pre["pages/notes.html"]; got != fmt.Sprintf("%x", sum)[:hashLen] {
		t.Errorf("pages/notes.html's hash %s, want the first %d hex digits of its SHA-256", got, hashLen)
	}
	if version(t, w1.Data) != k1.Version {
		t.Errorf("the worker's version %s, the summary's %s", version(t, w1.Data), k1.Version)
	}

	changed := slices.Clone(files)
	changed[1] = entry("pages/notes.html", "notes, revised")
	w3, k3, err := WorkerFile(changed)
	if err != nil {
		t.Fatal(err)
	}
	if k3.Version == k1.Version {
		t.Error("a changed page left the version as it was")
	}
	pre3 := table(t, w3.Data, "PRECACHE")
	for p, h := range pre {
		if (pre3[p] != h) != (p == "pages/notes.html") {
			t.Errorf("%s: hash %s, then %s, after notes.html alone changed", p, h, pre3[p])
		}
	}
	ignoredOnly := slices.Clone(files)
	ignoredOnly[len(ignoredOnly)-1] = entry(Worker, "another old worker")
	if _, k4, _ := WorkerFile(ignoredOnly); k4.Version != k1.Version {
		t.Error("the previous worker's bytes changed the version")
	}
	if _, _, err := WorkerFile(append(files, entry("index.html", "again"))); err == nil || !strings.Contains(err.Error(), "index.html is given twice") {
		t.Errorf("a file given twice: %v", err)
	}
}

// TestWorkerIsJavaScript checks the worker and the page script parse, in
// Node when it is installed.
func TestWorkerIsJavaScript(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not found: install nodejs")
	}
	w, _, err := WorkerFile([]Entry{entry("index.html", "home"), entry("a b/c.pdf", "%PDF \u2028")})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, data := range map[string][]byte{"sw.js": w.Data, "offline.js": registerJS} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(node, "--check", p).CombinedOutput(); err != nil {
			t.Errorf("%s: %v\n%s", name, err, out)
		}
	}
}

// TestFiles: the manifest names the site and its colours, its addresses
// are relative, so the site works under any folder, and every icon it
// names is written; the icons are the sizes they say, in the accent
// colour with white pips, and two calls give the same bytes.
func TestFiles(t *testing.T) {
	app := App{Title: "The Long Table & Friends", Tagline: "Solo <games>", Colors: Colors{Theme: "#102030", Background: "#fff", Accent: "#336699"}}
	fs1, err := Files(app)
	if err != nil {
		t.Fatal(err)
	}
	fs2, err := Files(app)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(fs1, fs2, func(a, b File) bool { return a.Path == b.Path && bytes.Equal(a.Data, b.Data) }) {
		t.Fatal("two calls gave different files")
	}
	byPath := map[string][]byte{}
	for _, f := range fs1 {
		byPath[f.Path] = f.Data
	}
	var m manifest
	if err := json.Unmarshal(byPath[Manifest], &m); err != nil {
		t.Fatalf("%s: %v", Manifest, err)
	}
	if m.Name != app.Title || m.ShortName != "The" || m.Description != app.Tagline || m.Theme != "#102030" || m.Background != "#fff" {
		t.Errorf("the manifest: %+v", m)
	}
	if m.StartURL != "index.html" || m.Scope != "./" || m.Display != "standalone" {
		t.Errorf("the manifest's start %q, scope %q, display %q: want index.html, ./ and standalone", m.StartURL, m.Scope, m.Display)
	}
	if !bytes.Contains(byPath[Manifest], []byte(`"Solo <games>"`)) {
		t.Error("the manifest escapes the tagline's < and >, which JSON need not")
	}
	if byPath[Register] == nil || byPath[AppleIcon] == nil {
		t.Errorf("no %s or no %s", Register, AppleIcon)
	}
	var maskable, big, small bool
	for _, ic := range m.Icons {
		data := byPath[ic.Src]
		if data == nil {
			t.Errorf("the manifest names %s, which is not written", ic.Src)
			continue
		}
		if strings.HasPrefix(ic.Src, "/") || strings.Contains(ic.Src, ":") {
			t.Errorf("icon %s: not relative", ic.Src)
		}
		maskable = maskable || ic.Purpose == "maskable"
		big = big || ic.Sizes == "512x512"
		small = small || ic.Sizes == "192x192"
		if ic.Type == "image/svg+xml" {
			if !bytes.Contains(data, []byte(`fill="#336699"`)) || !bytes.Contains(data, []byte(`<circle cx="9.5" cy="9.5" r="3"/>`)) {
				t.Errorf("%s: %s", ic.Src, data)
			}
			continue
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", ic.Src, err)
		}
		var n int
		fmt.Sscanf(ic.Sizes, "%dx", &n)
		if b := img.Bounds(); b.Dx() != n || b.Dy() != n {
			t.Errorf("%s: %v, want %s", ic.Src, b, ic.Sizes)
		}
		at := func(x, y float64) [4]uint32 { // in the icon's 32 units
			r, g, b, a := img.At(int(x*float64(n)/32), int(y*float64(n)/32)).RGBA()
			return [4]uint32{r >> 8, g >> 8, b >> 8, a >> 8}
		}
		if got := at(16, 5); got != [4]uint32{0x33, 0x66, 0x99, 255} {
			t.Errorf("%s: the tile at (16, 5) is %v, want the accent", ic.Src, got)
		}
		if got := at(16, 16); got != [4]uint32{255, 255, 255, 255} {
			t.Errorf("%s: the middle pip is %v, want white", ic.Src, got)
		}
		corner := at(0.2, 0.2)
		if ic.Purpose == "maskable" && corner[3] != 255 || ic.Purpose == "" && corner[3] != 0 {
			t.Errorf("%s (purpose %q): the corner is %v", ic.Src, ic.Purpose, corner)
		}
	}
	if !maskable || !big || !small {
		t.Errorf("the manifest's icons %v: want 192 and 512 pixels and a maskable one", m.Icons)
	}
	apple, err := png.Decode(bytes.NewReader(byPath[AppleIcon]))
	if err != nil || apple.Bounds() != image.Rect(0, 0, 180, 180) {
		t.Errorf("%s: %v", AppleIcon, err)
	}
	if _, err := Files(App{Title: "x", Colors: Colors{Accent: "red"}}); err == nil {
		t.Error("an accent that is not a hex colour was taken")
	}
}

// TestColorsOf: Sortie's own style sheet gives DefaultColors, and a
// site's sets each colour by its custom property.
func TestColorsOf(t *testing.T) {
	css, err := templates.FS.ReadFile("style.css")
	if err != nil {
		t.Fatal(err)
	}
	if got := ColorsOf(css); got != DefaultColors {
		t.Errorf("Sortie's style.css gives %+v, want DefaultColors %+v", got, DefaultColors)
	}
	got := ColorsOf([]byte(":root { --paper:#FFF; --band: #224466 ; --accent: blue; }\n.x { --band: #000000; }"))
	if want := (Colors{Theme: "#224466", Background: "#fff", Accent: DefaultColors.Accent}); got != want {
		t.Errorf("a site's colours: %+v, want %+v", got, want)
	}
}

func TestShortName(t *testing.T) {
	for title, want := range map[string]string{
		"Sortie": "Sortie", "Twelve chars": "Twelve chars", "Solo Skirmish Nights": "Solo",
		"Extraordinarily long": "Extraordinar", "Échauffourées nocturnes": "Échauffourée",
	} {
		if got := ShortName(title); got != want {
			t.Errorf("ShortName(%q) = %q, want %q", title, got, want)
		}
	}
}
