package generator_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The module as others get it: "go install
// github.com/sortie-wargames/sortie/cmd/sortie@latest" (docs/site.md's
// workflow) and a program importing the generator as a library. The go
// command refuses "go install module@version" for a module whose go.mod
// has a replace directive, and a module's zip leaves out every folder
// holding a go.mod of its own; both once broke Sortie's fpdf fork.

const modulePath = "github.com/sortie-wargames/sortie"

// TestModuleHasNoReplace: go.mod replaces nothing, and no tracked
// folder is a module of its own.
func TestModuleHasNoReplace(t *testing.T) {
	goCmd := lookGo(t)
	out, err := exec.Command(goCmd, "mod", "edit", "-json", "../go.mod").Output()
	if err != nil {
		t.Fatalf("go mod edit -json: %v", err)
	}
	var mod struct {
		Module  struct{ Path string }
		Replace []json.RawMessage
		Require []struct{ Path string }
	}
	if err := json.Unmarshal(out, &mod); err != nil {
		t.Fatal(err)
	}
	if mod.Module.Path != modulePath {
		t.Errorf("module path %q, want %q", mod.Module.Path, modulePath)
	}
	if len(mod.Replace) > 0 {
		t.Errorf("go.mod has %d replace directives; go install %s/cmd/sortie@version refuses such a module", len(mod.Replace), modulePath)
	}
	for _, r := range mod.Require {
		if r.Path == "codeberg.org/go-pdf/fpdf" {
			t.Errorf("go.mod requires upstream fpdf; Sortie's fork is the package generator/booklet/fpdf")
		}
	}
	for _, f := range trackedFiles(t) {
		if filepath.Base(f) == "go.mod" && f != "go.mod" {
			t.Errorf("%s: a module inside the module; its folder is left out of the module's zip", f)
		}
	}
}

// TestOutsideProgram publishes the checkout as version v0.0.1 on a
// module proxy in a folder (its tracked files, as a tag would hold
// them), then, in a folder outside the repository, builds a program
// that requires that version with no replace, imports the generator and
// writes a play sheet and a pack's booklet; and asks the go command to
// plan "go install module/cmd/sortie@v0.0.1" (-n: it resolves and
// checks the module, compiles nothing). The other modules come from the
// module cache, so it needs no network.
func TestOutsideProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the generator as another module's dependency")
	}
	goCmd := lookGo(t)
	env := goEnv(t, goCmd)
	proxy := t.TempDir()
	publish(t, proxy, "v0.0.1")

	prog := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(prog, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/club\n\ngo 1.26\n\nrequire "+modulePath+" v0.0.1\n")
	write("main.go", outsideMain)
	cacheProxy := "file://" + filepath.ToSlash(filepath.Join(env["GOMODCACHE"], "cache", "download"))
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(goCmd, args...)
		cmd.Dir = prog
		cmd.Env = append(os.Environ(),
			"GOPROXY=file://"+filepath.ToSlash(proxy)+","+cacheProxy,
			"GOFLAGS=-mod=mod", "GONOSUMDB="+modulePath, "GONOSUMCHECK=1", "GOSUMDB=off",
			"GOWORK=off", "GOTOOLCHAIN=local")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	run("mod", "tidy")
	run("install", "-n", modulePath+"/cmd/sortie@v0.0.1")
	bin := filepath.Join(prog, "club")
	run("build", "-o", bin, ".")

	out := filepath.Join(prog, "out")
	cmd := exec.Command(bin, out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the outside program: %v\n%s", err, b)
	}
	for _, name := range []string{"sheet.pdf", "public/packs/small/small-a4.pdf"} {
		b, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(b, []byte("%PDF-")) || !bytes.Contains(b[len(b)-32:], []byte("%%EOF")) {
			t.Errorf("%s: not a whole PDF (%d bytes)", name, len(b))
		}
	}
}

// outsideMain is a club's own program: a play sheet from the CLI's
// roll, and a site of one pack built as "sortie build" does.
const outsideMain = `package main

import (
	"os"
	"path/filepath"
	"time"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
)

func main() {
	out := os.Args[1]
	must(os.MkdirAll(out, 0o755))
	reg, err := generator.LoadSystems("", systems.Builtin())
	must(err)
	r, err := generator.RollOne(reg, "2d6-sword-and-sorcery", "club-1", "", engine.Options{})
	must(err)
	created := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	pdf, err := r.PlaySheet("a4", created, "club")
	must(err)
	must(os.WriteFile(filepath.Join(out, "sheet.pdf"), pdf, 0o644))

	site := filepath.Join(out, "site")
	must(os.MkdirAll(filepath.Join(site, "content", "packs"), 0o755))
	must(os.WriteFile(filepath.Join(site, "sortie.conf"), []byte("title: Club\npaper: a4\nimpose: none\n"), 0o644))
	must(os.WriteFile(filepath.Join(site, "content", "packs", "small.md"), []byte("---\ntitle: Small Pack\nsystem: 2d6-sword-and-sorcery\nseed: small-1\nencounters: explore, raid\n---\nA pack.\n"), 0o644))
	_, err = generator.Build(generator.Options{Source: site, Out: filepath.Join(out, "public"), Created: created, Systems: systems.Builtin(), Version: "club"})
	must(err)
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}
`

// publish writes version v of the checkout's module to a module proxy
// in dir, as GOPROXY=file://dir serves it: its tracked files
// (TestModuleHasNoReplace checks that none is a module of its own, which
// the go command's zip would leave out).
func publish(t *testing.T, dir, v string) {
	t.Helper()
	at := filepath.Join(dir, filepath.FromSlash(modulePath), "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	zw := zip.NewWriter(&z)
	for _, f := range trackedFiles(t) {
		b, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(f)))
		if os.IsNotExist(err) {
			continue // deleted in the work tree
		}
		if err != nil {
			t.Fatal(err)
		}
		w, err := zw.Create(modulePath + "@" + v + "/" + f)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(b)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		v + ".info": []byte(`{"Version":"` + v + `","Time":"2026-12-01T00:00:00Z"}`),
		v + ".mod":  gomod,
		v + ".zip":  z.Bytes(),
		"list":      []byte(v + "\n"),
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(at, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// trackedFiles lists the repository's files as git tracks them, with
// slashes, relative to its root.
func trackedFiles(t *testing.T) []string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not found")
	}
	cmd := exec.Command("git", "ls-files", "-z")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("not a git checkout: %v", err)
	}
	var files []string
	for _, f := range strings.Split(string(out), "\x00") {
		if f != "" {
			files = append(files, f)
		}
	}
	return files
}

func lookGo(t *testing.T) string {
	t.Helper()
	p := filepath.Join(os.Getenv("GOROOT"), "bin", "go")
	if _, err := os.Stat(p); err == nil {
		return p
	}
	p, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go not found")
	}
	return p
}

func goEnv(t *testing.T, goCmd string) map[string]string {
	t.Helper()
	out, err := exec.Command(goCmd, "env", "-json").Output()
	if err != nil {
		t.Fatal(err)
	}
	var env map[string]string
	if err := json.Unmarshal(out, &env); err != nil {
		t.Fatal(err)
	}
	return env
}
