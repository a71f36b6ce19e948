package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"testing"
)

// This file holds what the tests that run sortie as a real process share
// (env_test.go, kill_test.go): the binary, a clean environment, and a
// tree compare.

// TestMain removes the folder of the sortie binary the process tests
// share (buildBinary) once they have all run.
func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// The sortie binary the process tests run, built once for all of them:
// go build links it anew on every call, cache or not.
var (
	binOnce sync.Once
	binDir  string
	binPath string
	binErr  error
)

// buildBinary builds cmd/sortie once per test binary, into a temporary
// folder TestMain removes, and returns its path. The tests that run it
// (env_test.go, kill_test.go, limits_test.go, signal_test.go) only run
// it, never change it.
func buildBinary(t *testing.T) string {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("the process tests run on Linux")
	}
	binOnce.Do(func() {
		binDir, binErr = os.MkdirTemp("", "sortie-bin-")
		if binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "sortie")
		cmd := exec.Command("go", "build", "-o", binPath, ".")
		if msg, err := cmd.CombinedOutput(); err != nil {
			binErr = fmt.Errorf("go build: %w\n%s", err, msg)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// cleanEnv is the environment every process test starts from: PATH, a
// HOME of its own, UTC and no locale, so a variant changes one thing.
func cleanEnv(home string) map[string]string {
	return map[string]string{"PATH": os.Getenv("PATH"), "HOME": home, "TZ": "UTC"}
}

// environ turns env into a process environment, sorted.
func environ(env map[string]string) []string {
	var out []string
	for k, v := range env {
		out = append(out, k+"="+v)
	}
	slices.Sort(out)
	return out
}

// readTree reads every regular file under dir by slash path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
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

// treeDiff lists how got differs from want: a file missing, made only in
// got, or with other bytes (at the first byte that differs). skip, if
// not nil, leaves out the files it returns true for.
func treeDiff(want, got map[string][]byte, skip func(string) bool) []string {
	var diffs []string
	for name, data := range want {
		if skip != nil && skip(name) {
			continue
		}
		other, ok := got[name]
		switch {
		case !ok:
			diffs = append(diffs, name+": missing")
		case !bytes.Equal(data, other):
			at := 0
			for at < min(len(data), len(other)) && data[at] == other[at] {
				at++
			}
			diffs = append(diffs, name+": differs at byte "+strconv.Itoa(at))
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok && (skip == nil || !skip(name)) {
			diffs = append(diffs, name+": made by this build only")
		}
	}
	slices.Sort(diffs)
	return diffs
}
