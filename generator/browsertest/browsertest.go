// Package browsertest runs the Node scripts that drive headless Chromium
// in Sortie's browser tests (the offline app, play state, the Roll page,
// live reload): the script reads one command a line on its standard
// input and writes its answers a line each on its standard output. It
// finds node, the Node packages the script needs (npm ci in .ci/axe) and
// Chromium, and skips a test that lacks one, or fails it when
// SORTIE_REQUIRE_TOOLS=1, as CI sets, so that no check is skipped there
// unseen.
package browsertest

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Script is a running Node script driving Chromium.
type Script struct {
	t      testing.TB
	stdin  io.WriteCloser
	lines  chan string
	stderr *strings.Builder
}

// SkipTool skips the test for a missing tool, or fails it when
// SORTIE_REQUIRE_TOOLS=1 (as in CI).
func SkipTool(t testing.TB, what string) {
	t.Helper()
	if os.Getenv("SORTIE_REQUIRE_TOOLS") == "1" {
		t.Fatalf("%s (SORTIE_REQUIRE_TOOLS=1 makes this an error)", what)
	}
	t.Skipf("%s: the browser test needs it (SORTIE_REQUIRE_TOOLS=1 makes this an error)", what)
}

// Chromium is the Chromium the scripts run: $SORTIE_CHROMIUM, else
// /usr/bin/chromium; a test without it is skipped (SkipTool).
func Chromium(t testing.TB) string {
	t.Helper()
	chromium := os.Getenv("SORTIE_CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	if _, err := os.Stat(chromium); err != nil {
		SkipTool(t, "chromium not found: install chromium")
	}
	return chromium
}

// Start runs script (a path from the test's directory) with node, the
// Node packages pkgs found in the node_modules of modules (the folder
// npm ci installs into), and Chromium in SORTIE_CHROMIUM. An answer line
// may be up to 256 MiB (a PDF in base64). The script's standard input is
// closed when the test ends, and it is given 30 s to stop.
func Start(t testing.TB, script, modules string, pkgs ...string) *Script {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		SkipTool(t, "node not found: install nodejs")
	}
	for _, pkg := range pkgs {
		if _, err := os.Stat(filepath.Join(modules, "node_modules", pkg, "package.json")); err != nil {
			SkipTool(t, pkg+" not installed: run npm ci in "+modules)
		}
	}
	chromium := Chromium(t)
	cmd := exec.Command(node, script)
	cmd.Env = append(os.Environ(), "SORTIE_CHROMIUM="+chromium)
	s := &Script{t: t, lines: make(chan string), stderr: &strings.Builder{}}
	cmd.Stderr = s.stderr
	if s.stdin, err = cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 256<<20)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	t.Cleanup(func() {
		s.stdin.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	return s
}

// Send writes one command line to the script; what names the command in
// a failure.
func (s *Script) Send(what, line string) {
	s.t.Helper()
	if _, err := fmt.Fprintln(s.stdin, line); err != nil {
		s.t.Fatalf("%s: %v\n%s", what, err, s.stderr)
	}
}

// Next returns the script's next line, failing the test when the script
// stops first or writes nothing within wait; what names what is awaited.
func (s *Script) Next(what string, wait time.Duration) string {
	s.t.Helper()
	select {
	case line, ok := <-s.lines:
		if !ok {
			s.t.Fatalf("the browser stopped before answering %s:\n%s", what, s.stderr)
		}
		return line
	case <-time.After(wait):
		s.t.Fatalf("the browser did not answer %s in %v:\n%s", what, wait, s.stderr)
	}
	return ""
}

// Ask sends one command line and returns the answer line (Send, Next).
func (s *Script) Ask(what, line string, wait time.Duration) string {
	s.t.Helper()
	s.Send(what, line)
	return s.Next(what, wait)
}
