package generator

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// vnuJar is the Nu HTML Checker, from npm's vnu-jar, pinned in
// .ci/vnu/package-lock.json; .ci/run installs it with
// "npm ci --ignore-scripts" (the package's install script would download
// a Java of its own) and Java from Debian.
const vnuJar = "../.ci/vnu/node_modules/vnu-jar/build/dist/vnu.jar"

// vnuFixes names the change that fixes a finding the checker is known to
// make, by a part of its message, so a failure says what to do.
var vnuFixes = []struct{ message, fix string }{
	{"The heading “h4” (with computed level 4) follows the heading “h2”",
		`the print-only sealed cards (<section class="sealed">, under its <h2>) draw their items' headings a level too deep: in generator/web/blocks.go printSealed, pd.item("", 3, items[k]) should be pd.item("", 2, items[k])`},
}

// vnuMessage is one finding of vnu --format json.
type vnuMessage struct {
	Type     string `json:"type"`    // error, info, non-document-error
	SubType  string `json:"subType"` // "warning" for an info that is a warning, "fatal", ...
	URL      string `json:"url"`
	LastLine int    `json:"lastLine"`
	Message  string `json:"message"`
	Extract  string `json:"extract"`
}

// TestNuHTMLChecker checks every HTML page of the default site, its
// stylesheet and its SVG with the Nu HTML Checker, in one run of Java:
// there must be no error and no warning. Info messages (not warnings) are
// logged with their counts. It skips without java or vnu.jar, unless
// SORTIE_REQUIRE_TOOLS=1.
func TestNuHTMLChecker(t *testing.T) {
	t.Parallel() // reads defaultPrint's build, made by TestDefaultSite before; see parallel in generator_test.go
	if testing.Short() {
		t.Skip("starts Java and checks every page of the default site")
	}
	java, err := exec.LookPath("java")
	if err != nil {
		vnuMissing(t, "java not found (apt-get install default-jre-headless)")
	}
	jar, err := filepath.Abs(vnuJar)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(jar); err != nil {
		vnuMissing(t, "vnu.jar not installed: run npm ci --ignore-scripts in .ci/vnu")
	}
	dir := t.TempDir()
	var names []string
	for p, data := range defaultPrint(t).files {
		switch path.Ext(p) {
		case ".html", ".css", ".svg":
		default:
			continue
		}
		file := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, p)
	}
	slices.Sort(names)
	if !slices.Contains(names, "index.html") || !slices.Contains(names, "style.css") || len(names) < 50 {
		t.Fatalf("the default site has %d pages, stylesheets and SVGs, without index.html or style.css: %v", len(names), names)
	}
	// Java compiles with its quick compiler alone (C1, TieredStopAtLevel=1):
	// one short run gains nothing from the optimizing one, which took half
	// the run's CPU time (18.4 s against 10.0 s on the default site's 129
	// files, the same messages byte for byte). C1's frames are larger, so
	// the checker's schema recursion needs a larger thread stack than
	// Java's 1 MB (it overflows there); 8 MB is plenty.
	args := []string{"-Xss8m", "-XX:TieredStopAtLevel=1", "-jar", jar, "--format", "json", "--exit-zero-always", "--also-check-css", "--also-check-svg"}
	cmd := exec.Command(java, append(args, names...)...)
	cmd.Dir = dir
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		t.Fatalf("vnu.jar: %v\n%s%s", err, stdout.String(), stderr.String())
	}
	var res struct{ Messages []vnuMessage }
	if err := json.Unmarshal([]byte(stderr.String()), &res); err != nil {
		t.Fatalf("vnu.jar's output: %v\n%s", err, stderr.String())
	}
	t.Logf("Nu HTML Checker: %d files in %s", len(names), time.Since(start).Round(time.Second))
	infos := map[string]int{}
	for _, m := range res.Messages {
		if m.Type == "info" && m.SubType != "warning" {
			infos[m.Message]++
			continue
		}
		kind := m.Type
		if m.SubType != "" {
			kind = m.SubType
		}
		file := strings.TrimPrefix(strings.TrimPrefix(m.URL, "file:"), dir+"/")
		msg := fmt.Sprintf("%s:%d: %s: %s (at %q)", file, m.LastLine, kind, m.Message, m.Extract)
		for _, f := range vnuFixes {
			if strings.Contains(m.Message, f.message) {
				msg += "; fix: " + f.fix
			}
		}
		t.Error(msg)
	}
	for _, msg := range slices.Sorted(maps.Keys(infos)) {
		t.Logf("info, %d times: %s", infos[msg], msg)
	}
}

// vnuMissing skips the test, or fails it when SORTIE_REQUIRE_TOOLS=1.
func vnuMissing(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("SORTIE_REQUIRE_TOOLS") == "1" {
		t.Fatalf("%s (SORTIE_REQUIRE_TOOLS=1 makes this an error)", why)
	}
	t.Skipf("%s: the Nu HTML Checker test needs it (SORTIE_REQUIRE_TOOLS=1 makes this an error)", why)
}
