package generator

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/content"
)

// cpuSite is the part of the default site the cross-CPU test builds: one
// pack or campaign of every system, so every kind of map, card sheet and
// page is drawn, and small enough to build in well under a minute under
// qemu-user. border-battles and the-long-road are the ones that differed.
var cpuSite = []string{
	"packs/border-battles.md",
	"packs/skirmishes-at-the-ford.md",
	"packs/patrol-military.md",
	"packs/northmen-raids.md",
	"campaigns/the-long-road.md",
}

// TestSameBytesOnEveryCPU builds the sortie binary three ways (the default
// amd64 build, GOAMD64=v3, which fuses multiply-adds, and GOARCH=arm64,
// run under qemu-aarch64-static, which fuses them too), builds the same
// site with each, and compares every output file byte for byte. Without
// qemu the arm64 leg skips, unless SORTIE_REQUIRE_TOOLS=1 (as in CI).
func TestSameBytesOnEveryCPU(t *testing.T) {
	t.Parallel() // builds a site of its own; see parallel in generator_test.go
	if testing.Short() {
		t.Skip("builds the binary three times")
	}
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skip("the cross-CPU test runs on linux/amd64")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	site := t.TempDir()
	conf := "title: CPU test\npaper: a4, letter\n"
	if err := os.WriteFile(filepath.Join(site, "sortie.conf"), []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range cpuSite {
		data, err := fs.ReadFile(content.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(site, "content", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bins := t.TempDir()
	build := func(name string, env ...string) string {
		t.Helper()
		out := filepath.Join(bins, name)
		cmd := exec.Command("go", "build", "-o", out, "./cmd/sortie")
		cmd.Dir = root
		cmd.Env = append(os.Environ(), env...)
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go build %s: %v\n%s", name, err, msg)
		}
		return out
	}
	run := func(name string, argv ...string) string {
		t.Helper()
		out := filepath.Join(t.TempDir(), "public")
		// --future: the build's day is 1970-01-01 (SOURCE_DATE_EPOCH=0),
		// and without it every pack and campaign, dated later, was left
		// out: the test compared the system pages alone.
		argv = append(argv, "build", "--future", "--source", site, "--out", out)
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Env = append(os.Environ(), "TZ=UTC", "SOURCE_DATE_EPOCH=0")
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("sortie (%s) build: %v\n%s", name, err, msg)
		}
		return out
	}
	want := run("amd64", build("amd64", "GOARCH=amd64", "GOAMD64=v1"))
	for _, name := range cpuSite {
		slug := strings.TrimSuffix(name, ".md")
		if _, err := os.Stat(filepath.Join(want, filepath.FromSlash(slug), "index.html")); err != nil {
			t.Fatalf("%s was not built, so its booklets are not compared: %v", name, err)
		}
	}

	t.Run("GOAMD64=v3", func(t *testing.T) {
		if !cpuHas("fma", "avx2", "bmi2") {
			toolMissing(t, "this CPU cannot run a GOAMD64=v3 binary (no FMA, AVX2 or BMI2)")
		}
		sameTree(t, want, run("v3", build("v3", "GOARCH=amd64", "GOAMD64=v3")))
	})
	t.Run("arm64", func(t *testing.T) {
		qemu, err := exec.LookPath("qemu-aarch64-static")
		if err != nil {
			toolMissing(t, "qemu-aarch64-static not found (apt-get install qemu-user-static)")
		}
		sameTree(t, want, run("arm64", qemu, build("arm64", "GOARCH=arm64")))
	})
}

// toolMissing skips the test, or fails it when SORTIE_REQUIRE_TOOLS=1.
func toolMissing(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("SORTIE_REQUIRE_TOOLS") == "1" {
		t.Fatalf("%s (SORTIE_REQUIRE_TOOLS=1 makes this an error)", why)
	}
	t.Skipf("%s: the cross-CPU test needs it (SORTIE_REQUIRE_TOOLS=1 makes this an error)", why)
}

// cpuHas reports whether /proc/cpuinfo lists every flag.
func cpuHas(flags ...string) bool {
	info, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return false
	}
	have := map[string]bool{}
	for _, line := range strings.Split(string(info), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "flags" {
			for _, f := range strings.Fields(v) {
				have[f] = true
			}
			break
		}
	}
	for _, f := range flags {
		if !have[f] {
			return false
		}
	}
	return true
}

// sameTree fails for every file that is not the same bytes in both trees,
// and for a file only one of them has.
func sameTree(t *testing.T, want, got string) {
	t.Helper()
	files := func(dir string) map[string][]byte {
		m := map[string][]byte{}
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			m[filepath.ToSlash(rel)] = data
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	w, g := files(want), files(got)
	if len(w) == 0 {
		t.Fatalf("%s: the build wrote nothing", want)
	}
	for name, data := range w {
		other, ok := g[name]
		switch {
		case !ok:
			t.Errorf("%s: missing from this build", name)
		case !bytes.Equal(data, other):
			t.Errorf("%s: differs from the default amd64 build at byte %d", name, firstDiff(data, other))
		}
	}
	for name := range g {
		if _, ok := w[name]; !ok {
			t.Errorf("%s: made by this build only", name)
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
