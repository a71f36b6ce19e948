package generator

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator/pwa"
)

// appSite is a small site without booklets, for the app's tests.
const appSite = `
-- sortie.conf --
title: App Test
tagline: A table companion.
paper: none
-- content/index.md --
---
title: Welcome
---
Hello.
-- content/pages/notes.md --
---
title: Notes
---
Some notes.
-- content/packs/small.md --
---
title: Small Pack
system: 2d6-sword-and-sorcery
seed: small-1
encounters: explore
---
A pack.
`

var workerVersion = regexp.MustCompile(`\nconst VERSION = "([0-9a-f]+)";`)

// TestOfflineApp: every page of a site links the manifest, its icon for
// iOS and the script that registers the worker, each relative to the
// page (the 404 page from the site's root), and the build writes them;
// the worker keeps every page at the first visit, and its version is the
// same for the same site and changes when a page does.
func TestOfflineApp(t *testing.T) {
	dir := writeSite(t, appSite)
	files, sum, err := Render(Options{Source: dir, Systems: systems.Builtin()})
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string][]byte{}
	for _, f := range files {
		byPath[f.Path] = f.Data
	}
	for _, p := range []string{pwa.Manifest, pwa.Worker, pwa.Register, pwa.AppleIcon, "icons/icon-512.png"} {
		if byPath[p] == nil {
			t.Errorf("no %s", p)
		}
	}
	if sum.Offline == nil {
		t.Fatal("the summary says nothing of the worker")
	}
	worker := byPath[pwa.Worker]
	pages := 0
	for p, data := range byPath {
		if !strings.HasSuffix(p, ".html") {
			continue
		}
		pages++
		root := strings.Repeat("../", strings.Count(p, "/"))
		if p == "404.html" {
			root = "/"
		}
		for _, want := range []string{
			`<link rel="manifest" href="` + root + `manifest.webmanifest"/>`,
			`<link rel="apple-touch-icon" href="` + root + `icons/apple-touch-icon.png"/>`,
			`<script src="` + root + `offline.js" defer="defer"></script>`,
		} {
			if !bytes.Contains(data, []byte(want)) {
				t.Errorf("%s lacks %s", p, want)
			}
		}
		if !bytes.Contains(worker, []byte(`"`+p+`":`)) {
			t.Errorf("the worker does not keep %s", p)
		}
	}
	if sum.Offline.Precached != len(files)-1 || sum.Offline.Opened != 0 || pages < 5 {
		t.Errorf("%d files, %d pages; the worker keeps %+v, want every file but itself at the first visit", len(files), pages, *sum.Offline)
	}
	if !bytes.Contains(byPath[pwa.Manifest], []byte(`"name": "App Test"`)) || !bytes.Contains(byPath[pwa.Manifest], []byte(`"description": "A table companion."`)) {
		t.Errorf("the manifest:\n%s", byPath[pwa.Manifest])
	}

	again := render(t, Options{Source: dir, Systems: systems.Builtin(), Workers: 1})
	if !bytes.Equal(again[pwa.Worker], worker) || !bytes.Equal(again[pwa.Manifest], byPath[pwa.Manifest]) {
		t.Error("the same site built again gave another worker or manifest")
	}
	v1 := workerVersion.FindSubmatch(worker)
	changed := writeSite(t, strings.Replace(appSite, "Some notes.", "Some other notes.", 1))
	v2 := workerVersion.FindSubmatch(render(t, Options{Source: changed, Systems: systems.Builtin()})[pwa.Worker])
	if v1 == nil || v2 == nil || bytes.Equal(v1[1], v2[1]) {
		t.Errorf("the worker's version before and after a page changed: %q, %q", v1, v2)
	}
}

// TestOfflineOff: "offline: false" leaves the app out, and so does
// NoOffline (sortie serve); a site's own style sheet colours the app.
func TestOfflineOff(t *testing.T) {
	off := writeSite(t, strings.Replace(appSite, "paper: none\n", "paper: none\noffline: false\n", 1))
	for name, opt := range map[string]Options{
		"offline: false": {Source: off, Systems: systems.Builtin()},
		"NoOffline":      {Source: writeSite(t, appSite), Systems: systems.Builtin(), NoOffline: true},
	} {
		files, sum, err := Render(opt)
		if err != nil {
			t.Fatal(err)
		}
		if sum.Offline != nil {
			t.Errorf("%s: the summary names a worker", name)
		}
		for _, f := range files {
			if f.Path == pwa.Worker || f.Path == pwa.Manifest || strings.HasPrefix(f.Path, "icons/") || bytes.Contains(f.Data, []byte("manifest.webmanifest")) {
				t.Errorf("%s: %s is written, or links the manifest", name, f.Path)
			}
		}
	}
	if _, _, err := Render(Options{Source: writeSite(t, strings.Replace(appSite, "paper: none\n", "paper: none\noffline: maybe\n", 1)), Systems: systems.Builtin()}); err == nil || !strings.Contains(err.Error(), `sortie.conf:4: offline "maybe": want true or false`) {
		t.Errorf("offline: maybe: %v", err)
	}

	styled := writeSite(t, appSite+"-- layouts/style.css --\n:root { --band: #003300; --paper: #eeeeee; --accent: #0000aa; }\n")
	files := render(t, Options{Source: styled, Systems: systems.Builtin()})
	if m := files[pwa.Manifest]; !bytes.Contains(m, []byte(`"theme_color": "#003300"`)) || !bytes.Contains(m, []byte(`"background_color": "#eeeeee"`)) {
		t.Errorf("the manifest of a site with its own colours:\n%s", m)
	}
	if !bytes.Contains(files["icons/icon.svg"], []byte(`fill="#0000aa"`)) {
		t.Errorf("the icon of a site with its own accent: %s", files["icons/icon.svg"])
	}

	clash := writeSite(t, appSite+"-- static/sw.js --\nself.x = 1;\n")
	if _, _, err := Render(Options{Source: clash, Systems: systems.Builtin()}); err == nil || !strings.Contains(err.Error(), "would overwrite sw.js, which Sortie writes") {
		t.Errorf("a static sw.js: %v", err)
	}
}

// ownScript is the one script element a page's head may hold: the
// layout's, which registers the service worker.
var ownScript = regexp.MustCompile(`<script src="(?:/|(?:\.\./)*|[^"<>]*/)offline\.js" defer="defer"></script>`)

// stateScript is the one its body may hold, on the pages played from:
// the one that keeps play state on the device.
var stateScript = regexp.MustCompile(`<script src="(?:\.\./)*state\.js" defer="defer"></script>`)

// searchScripts are the search page's two script elements besides the
// layout's: the index it searches (JSON, no script) and its own script.
var searchScripts = regexp.MustCompile(`<script type="application/json" id="search-index" data-root="\.\./">[^<]*</script>|<script src="search\.js" defer="defer"></script>`)

// withoutOwnScript returns a page without the layout's script element
// (the first in its head) and the play state's (the first in its body),
// for the checks that no other script is there.
func withoutOwnScript(page []byte) []byte {
	head, rest, ok := bytes.Cut(page, []byte("</head>"))
	if !ok {
		return page
	}
	if loc := ownScript.FindIndex(head); loc != nil {
		head = slices.Concat(head[:loc[0]], head[loc[1]:])
	}
	if loc := stateScript.FindIndex(rest); loc != nil {
		rest = slices.Concat(rest[:loc[0]], rest[loc[1]:])
	}
	return slices.Concat(head, []byte("</head>"), rest)
}
