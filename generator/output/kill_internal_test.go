package output

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// errKill stands for the kill: a step function returns it to stop Write
// where it is, with no clean-up, as SIGKILL would.
var errKill = errors.New("killed")

// tree reads every file and link under dir, by slash path: a file's
// contents, "dir", or "-> target".
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		switch {
		case rel == ".":
		case d.Type()&fs.ModeSymlink != 0:
			l, err := os.Readlink(p)
			m[rel] = "-> " + l
			return err
		case d.IsDir():
			m[rel] = "dir"
		default:
			b, err := os.ReadFile(p)
			m[rel] = string(b)
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// build is one build's files and the tree it leaves in the output,
// the kept deploy files included.
type build struct {
	name  string
	files []File
}

func (b build) want() map[string]string {
	m := map[string]string{Marker: markerText, ".git": "dir", ".git/HEAD": "ref: refs/heads/gh-pages\n", "CNAME": "example.org\n"}
	for _, f := range b.files {
		m[f.Path] = string(f.Data)
		for d := filepath.ToSlash(filepath.Dir(f.Path)); d != "."; d = filepath.ToSlash(filepath.Dir(d)) {
			m[d] = "dir"
		}
	}
	return m
}

func siteBuild(name string) build {
	return build{name, []File{
		{Path: "index.html", Data: []byte("home of " + name)},
		{Path: name + "/page.html", Data: []byte("page of " + name)},
		{Path: "css/site.css", Data: []byte("css of " + name)},
	}}
}

// killAt returns a step function that stops at step n (counted from 0)
// and records every step it sees.
func killAt(n int, seen *[]string) func(string) error {
	return func(step string) error {
		if n == len(*seen) {
			return errKill
		}
		*seen = append(*seen, step)
		return nil
	}
}

// whichBuild names the build out holds, whole, or fails the test.
func whichBuild(t *testing.T, out string, builds ...build) string {
	t.Helper()
	if _, err := os.Lstat(out); errors.Is(err, fs.ErrNotExist) {
		return "none"
	}
	got := tree(t, out)
	for _, b := range builds {
		if maps.Equal(got, b.want()) {
			return b.name
		}
	}
	t.Fatalf("the output is no whole build: %v", got)
	return ""
}

// TestKill kills a build over a previous one (a Pages-style checkout with
// .git and CNAME) at each step that changes the file system, then kills
// the next build at each of its steps up to the end of its sweep, then
// builds once more. After each
// kill the output must be the old build or the new one, whole (or, with
// two renames, missing with the previous output beside it, which the next
// build restores); the last build must succeed and leave nothing beside
// the output. Both swaps are tried: the atomic exchange and two renames.
func TestKill(t *testing.T) {
	a, b, c, d := siteBuild("a"), siteBuild("b"), siteBuild("c"), siteBuild("d")
	total := 0
	for _, noExchange := range []bool{false, true} {
		mode := "exchange"
		if noExchange {
			mode = "two renames"
		}
		// setup makes the previous output: build a and a deploy checkout.
		setup := func(t *testing.T) (root, out string) {
			root = t.TempDir()
			out = filepath.Join(root, "public")
			if err := Write(out, a.files, Guard{}); err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Join(out, ".git"), 0o755); err != nil {
				t.Fatal(err)
			}
			for name, data := range map[string]string{".git/HEAD": "ref: refs/heads/gh-pages\n", "CNAME": "example.org\n"} {
				if err := os.WriteFile(filepath.Join(out, name), []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			return root, out
		}
		// Count the steps of one whole build.
		var steps []string
		_, out := setup(t)
		if err := (Writer{step: killAt(-1, &steps), noExchange: noExchange}).Write(out, b.files); err != nil {
			t.Fatal(err)
		}
		for i := range steps {
			// The second build's steps depend on what the first kill
			// left: count them on a replay.
			var first, second []string
			_, out := setup(t)
			(Writer{step: killAt(i, &first), noExchange: noExchange}).Write(out, b.files)
			if err := (Writer{step: killAt(-1, &second), noExchange: noExchange}).Write(out, c.files); err != nil {
				t.Fatalf("%s: the build after a kill at %q failed: %v", mode, steps[i], err)
			}
			// Past its sweep, the second build is like the first: kill it
			// at each step up to the sweep's end.
			if k := slices.Index(second, "stage"); k >= 0 {
				second = second[:k+1]
			}
			for j := range second {
				name := fmt.Sprintf("%s/kill at %s/then at %s", mode, steps[i], second[j])
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					root, out := setup(t)
					var seen []string
					err := (Writer{step: killAt(i, &seen), noExchange: noExchange}).Write(out, b.files)
					if !errors.Is(err, errKill) {
						t.Fatalf("first build: %v, want it killed", err)
					}
					got := whichBuild(t, out, a, b)
					if got == "none" && (!noExchange || steps[i] != "swap") {
						t.Fatalf("no output after a kill at %q", steps[i])
					}
					seen = nil
					err = (Writer{step: killAt(j, &seen), noExchange: noExchange}).Write(out, c.files)
					if !errors.Is(err, errKill) {
						t.Fatalf("second build: %v, want it killed", err)
					}
					// Only a kill before the restore leaves the output missing.
					if now := whichBuild(t, out, a, b, c); now == "none" && (got != "none" || second[j] != "restore") {
						t.Fatalf("no output after a second kill at %q", second[j])
					}
					if err := (Writer{noExchange: noExchange}).Write(out, d.files); err != nil {
						t.Fatalf("the build after the kills failed: %v", err)
					}
					if got := whichBuild(t, out, d); got != "d" {
						t.Fatalf("after the kills the output is %s, want d", got)
					}
					entries, err := os.ReadDir(root)
					if err != nil {
						t.Fatal(err)
					}
					if len(entries) != 1 {
						t.Errorf("left beside the output: %v", entries)
					}
				})
				total++
			}
		}
	}
	t.Logf("%d pairs of kills survived", total)
}

// TestKillRestoresPrevious: a build killed between the two renames leaves
// no output, the previous one beside it; the next build, even one that
// is itself killed as soon as it has swept, puts the previous one back
// instead of deleting the only copy.
func TestKillRestoresPrevious(t *testing.T) {
	a, b := siteBuild("a"), siteBuild("b")
	root := t.TempDir()
	out := filepath.Join(root, "public")
	if err := Write(out, a.files, Guard{}); err != nil {
		t.Fatal(err)
	}
	kill := func(at string) func(string) error {
		return func(step string) error {
			if step == at {
				return errKill
			}
			return nil
		}
	}
	if err := (Writer{step: kill("swap"), noExchange: true}).Write(out, b.files); !errors.Is(err, errKill) {
		t.Fatalf("Write: %v, want it killed", err)
	}
	if _, err := os.Lstat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("the output is there after a kill between the renames: %v", err)
	}
	if err := (Writer{step: kill("stage")}).Write(out, b.files); !errors.Is(err, errKill) {
		t.Fatalf("Write: %v, want it killed", err)
	}
	want := a.want()
	delete(want, ".git")
	delete(want, ".git/HEAD")
	delete(want, "CNAME")
	if got := tree(t, out); !maps.Equal(got, want) {
		t.Errorf("after the next build swept, the output is %v, want the previous build %v", got, want)
	}
	for _, e := range must(os.ReadDir(root)) {
		if strings.Contains(e.Name(), ".sortie-") {
			t.Errorf("%s left beside the output", e.Name())
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
