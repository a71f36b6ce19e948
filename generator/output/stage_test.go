package output_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/sortie-wargames/sortie/generator/output"
)

// TestStage writes a build file by file from many goroutines, as a
// streaming build does, and gets the same tree as one Write of the same
// files; the output stays the previous build until Commit.
func TestStage(t *testing.T) {
	var files []output.File
	for i := range 200 {
		files = append(files, output.File{Path: fmt.Sprintf("packs/p%d/encounter-%d.html", i%7, i), Data: []byte(fmt.Sprint("page ", i))})
	}
	root := t.TempDir()
	want := filepath.Join(root, "want")
	if err := output.Write(want, files, output.Guard{}); err != nil {
		t.Fatal(err)
	}

	out := filepath.Join(root, "out")
	if err := output.Write(out, siteFiles, output.Guard{}); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, out)
	st, err := output.Writer{}.Begin(out)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, len(files))
	for _, f := range files {
		wg.Go(func() { errs <- st.Add(f) })
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	sameTree(t, "the output before Commit", before, snapshot(t, out))
	if err := st.Commit(); err != nil {
		t.Fatal(err)
	}
	sameTree(t, "a staged build", snapshot(t, want), snapshot(t, out))
	if err := st.Add(output.File{Path: "late.html"}); err == nil {
		t.Error("Add after Commit succeeded")
	}
	if err := st.Commit(); err == nil {
		t.Error("a second Commit succeeded")
	}
	leftBeside(t, root)
}

// TestStageRefuses shows each path a stage refuses, file by file, and that
// the refusal fails the stage: Commit returns it and the previous output
// stays whole.
func TestStageRefuses(t *testing.T) {
	for _, tt := range []struct {
		name   string
		first  string
		second string
		want   string
	}{
		{"the same path twice", "a/b.html", "a/b.html", "two files would be written to a/b.html"},
		{"a folder where a file is", "a", "a/b.html", "refusing to write a/b.html: a is a file"},
		{"a file where a folder is", "a/b/c.html", "a/b", "refusing to write a file at a/b: it is a folder of other files"},
		{"the marker", "a.html", output.Marker, "two files would be written to " + output.Marker},
		{"outside the output", "a.html", "../x", "not a plain path inside the output"},
		{"a back slash", "a.html", `a\b`, "not a plain path inside the output"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root, out, before, st := begun(t)
			if err := st.Add(output.File{Path: tt.first, Data: []byte("1")}); err != nil {
				t.Fatal(err)
			}
			err := st.Add(output.File{Path: tt.second, Data: []byte("2")})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Add(%s) after Add(%s) = %v, want %q", tt.second, tt.first, err, tt.want)
			}
			if cerr := st.Commit(); cerr == nil || cerr.Error() != err.Error() {
				t.Errorf("Commit = %v, want the Add's error %v", cerr, err)
			}
			sameTree(t, "the output after a refused file", before, snapshot(t, out))
			leftBeside(t, root)
		})
	}
}

// TestStageAbort throws a staged build away: the previous output is as it
// was, nothing is left beside it, and the lock is free for the next build.
func TestStageAbort(t *testing.T) {
	root, out, before, st := begun(t)
	if err := st.Add(output.File{Path: "new.html", Data: []byte("new")}); err != nil {
		t.Fatal(err)
	}
	st.Abort()
	st.Abort() // a second Abort does nothing
	sameTree(t, "the output after Abort", before, snapshot(t, out))
	leftBeside(t, root)
	if err := output.Write(out, siteFiles[:1], output.Guard{}); err != nil {
		t.Fatalf("a build after an aborted one: %v", err)
	}
}

// leftBeside fails if a build left a folder of its own beside the output.
func leftBeside(t *testing.T, root string) {
	t.Helper()
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.Contains(e.Name(), ".sortie-") {
			t.Errorf("left %s beside the output", e.Name())
		}
	}
}

// begun builds siteFiles into root/out and begins a second build there,
// returning the output as it was.
func begun(t *testing.T) (root, out string, before map[string]entry, st *output.Stage) {
	t.Helper()
	root = t.TempDir()
	out = filepath.Join(root, "out")
	if err := output.Write(out, siteFiles, output.Guard{}); err != nil {
		t.Fatal(err)
	}
	before = snapshot(t, out)
	st, err := output.Writer{}.Begin(out)
	if err != nil {
		t.Fatal(err)
	}
	return root, out, before, st
}
