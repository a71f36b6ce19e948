package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSignalStopsBuild starts "sortie build" of the built-in default site
// (some 50 s of work) as a child process over an earlier output, and once
// the new build's folder holds a few files sends it SIGINT (Ctrl-C), then
// SIGTERM: each time the build must exit non-zero, saying it was
// interrupted, with the earlier output unchanged and nothing beside it.
// How long it took to stop is logged (docs/reliability.md), not asserted:
// a loaded machine may take longer.
func TestSignalStopsBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("starts two builds of the default site")
	}
	bin := buildBinary(t)
	tmp := t.TempDir()
	home := filepath.Join(tmp, "home")
	work := filepath.Join(tmp, "work")
	small := filepath.Join(tmp, "small")
	for _, d := range []string{home, work, filepath.Join(small, "content")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(small, "sortie.conf"), []byte("title: Small\npaper: none\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	env := cleanEnv(home)
	out := filepath.Join(tmp, "deploy", "public")
	if msg, err := sortieProc(bin, work, env, "", "build", "--source", small, "--out", out); err != nil {
		t.Fatalf("first build: %v\n%s", err, msg)
	}
	before := readTree(t, out)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		cmd := exec.Command(bin, "build", "--out", out)
		cmd.Dir = work
		cmd.Env = environ(env)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		staged := filepath.Join(filepath.Dir(out), ".public.sortie-new-*")
		var sent time.Time
		for {
			if countFiles(staged) >= 3 {
				sent = time.Now()
				cmd.Process.Signal(sig)
				break
			}
			select {
			case err := <-done:
				t.Fatalf("%v: the build ended (%v) before it could be interrupted", sig, err)
			case <-time.After(time.Millisecond):
			}
		}
		var err error
		select {
		case err = <-done:
		case <-time.After(2 * time.Minute):
			cmd.Process.Kill()
			t.Fatalf("%v: the build had not stopped two minutes after the signal", sig)
		}
		t.Logf("%v: stopped %v after the signal", sig, time.Since(sent).Round(time.Millisecond))
		if err == nil {
			t.Errorf("%v: the interrupted build exited 0", sig)
		}
		if !strings.Contains(stderr.String(), "sortie: build interrupted: the previous output is unchanged") {
			t.Errorf("%v: stderr %q", sig, stderr.String())
		}
		if d := treeDiff(before, readTree(t, out), nil); len(d) > 0 {
			t.Errorf("%v: the interrupted build changed the output: %v", sig, d)
		}
		if names, _ := filepath.Glob(filepath.Join(filepath.Dir(out), "*")); len(names) != 1 {
			t.Errorf("%v: beside the output: %v", sig, names)
		}
		if hidden, _ := filepath.Glob(filepath.Join(filepath.Dir(out), ".*")); len(hidden) > 0 {
			t.Errorf("%v: left beside the output: %v", sig, hidden)
		}
	}
}
