package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestPublishWorkflow runs the steps of docs/site.md's sample GitHub
// Actions workflow as a script, from this checkout instead of @latest and
// with no network: the install step puts sortie, its Roll page's engine
// and the engine's loader where the workflow's build finds them, and the
// build publishes a site with its Roll page and no warning about one.
func TestPublishWorkflow(t *testing.T) {
	if testing.Short() {
		t.Skip("installs sortie and its engine")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join(root, "docs", "site.md"))
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile("(?s)```yaml\n# .github/workflows/monthly.yml\n(.*?)```").FindSubmatch(doc)
	if block == nil {
		t.Fatal("docs/site.md has no sample workflow .github/workflows/monthly.yml")
	}
	// The run: steps, in order: "- run: cmd" and "- run: |" blocks.
	var steps []string
	lines := strings.Split(string(block[1]), "\n")
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		cmd, ok := strings.CutPrefix(l, "- run: ")
		if !ok {
			continue
		}
		if cmd != "|" {
			steps = append(steps, cmd)
			continue
		}
		indent := len(lines[i+1]) - len(strings.TrimLeft(lines[i+1], " "))
		var body []string
		for i++; i < len(lines) && strings.HasPrefix(lines[i], strings.Repeat(" ", indent)); i++ {
			body = append(body, lines[i][indent:])
		}
		i--
		steps = append(steps, strings.Join(body, "\n"))
	}
	if len(steps) != 2 {
		t.Fatalf("%d run steps in the sample workflow, want 2 (install, build):\n%s", len(steps), block[1])
	}
	install, build := steps[0], steps[1]
	// From this checkout: the module's packages by their path here.
	install = regexp.MustCompile(`github\.com/sortie-wargames/sortie/(cmd/[a-z-]+)@latest`).ReplaceAllString(install, "./$1")
	if strings.Contains(install, "@latest") {
		t.Fatalf("the install step names a package the test cannot take from the checkout:\n%s", install)
	}

	tmp := t.TempDir()
	gopath := filepath.Join(tmp, "gopath")
	site := filepath.Join(tmp, "site")
	env := []string{}
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "GOBIN=") && !strings.HasPrefix(e, "GOPATH=") && !strings.HasPrefix(e, "PATH=") && !strings.HasPrefix(e, "GOFLAGS=") {
			env = append(env, e)
		}
	}
	cache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	env = append(env, "GOPATH="+gopath, "GOMODCACHE="+strings.TrimSpace(string(cache)), "GOPROXY=off", "GOFLAGS=-mod=mod",
		"PATH="+filepath.Join(gopath, "bin")+string(os.PathListSeparator)+filepath.Dir(goBin)+string(os.PathListSeparator)+"/usr/bin:/bin")
	run := func(dir, script string) string {
		t.Helper()
		cmd := exec.Command("sh", "-eu", "-c", script)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s\n%v\n%s", script, err, out)
		}
		return string(out)
	}
	run(root, install)
	run(tmp, filepath.Join(gopath, "bin", "sortie")+" new site "+site)
	out := run(site, build)
	for _, f := range []string{"roll/index.html", "roll/sortie.wasm", "roll/wasm_exec.js"} {
		if _, err := os.Stat(filepath.Join(site, "public", f)); err != nil {
			t.Errorf("the published site lacks %s: %v\n%s", f, err, out)
		}
	}
	if strings.Contains(out, "no Roll page") {
		t.Errorf("the build warns of no Roll page:\n%s", out)
	}
}
