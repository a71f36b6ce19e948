package output_test

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/sortie-wargames/sortie/generator/output"
)

// asUser runs the test named name again as an ordinary user (nobody),
// for what holds only for one: root may change any folder. It returns
// the folder the child works in, or "" in the parent, which has then run
// the child and reported its result. prepare, run as root in the parent,
// may put things into the folder that the ordinary user cannot change;
// foreign says it did. A test already run by an ordinary user runs in a
// folder of its own, with nothing foreign in it.
func asUser(t *testing.T, name string, prepare func(dir string)) (dir string, foreign bool) {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("runs a child process as another user")
	}
	if dir := os.Getenv("SORTIE_TEST_AS_USER"); dir != "" {
		return dir, true
	}
	if os.Geteuid() != 0 {
		return t.TempDir(), false
	}
	// The child needs a copy of the test binary it may run, and a
	// folder it may write in.
	share, err := os.MkdirTemp("", "sortie-as-user-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(share) })
	bin := filepath.Join(share, "test.bin")
	src, err := os.Open(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	dst, err := os.OpenFile(bin, os.O_CREATE|os.O_WRONLY, 0o755)
	if err == nil {
		_, err = io.Copy(dst, src)
		dst.Close()
	}
	src.Close()
	if err != nil {
		t.Fatal(err)
	}
	dir = filepath.Join(share, "work")
	for _, d := range []string{share, dir} {
		if err := os.MkdirAll(d, 0o777); err == nil {
			err = os.Chmod(d, 0o777)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	prepare(dir)
	cmd := exec.Command(bin, "-test.run=^"+name+"$", "-test.v", "-test.count=1")
	cmd.Dir = share
	cmd.Env = append(os.Environ(), "SORTIE_TEST_AS_USER="+dir)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	if strings.Contains(string(out), "operation not permitted") && !strings.Contains(string(out), "--- ") {
		t.Skipf("cannot run as another user here: %s", out)
	}
	t.Logf("as nobody:\n%s", out)
	if err != nil || !strings.Contains(string(out), "--- PASS: "+name) {
		t.Fatalf("the child failed (%v)", err)
	}
	return "", false
}

// TestReadOnlyFolderInOutput: as an ordinary user, a folder of the
// previous output made read-only (chmod 555), or one in what an
// interrupted build left beside it, neither stops the next build nor
// the one after; what cannot be removed at all (another user's) is named
// in a warning with how to remove it, and holds up no build.
func TestReadOnlyFolderInOutput(t *testing.T) {
	unixOnly(t)
	root, foreign := asUser(t, "TestReadOnlyFolderInOutput", func(dir string) {
		// Another user's leftover, which this one may not remove.
		stuck := filepath.Join(dir, ".out.sortie-new-stuck", "packs")
		if err := os.MkdirAll(stuck, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(stuck, "x"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	})
	if root == "" {
		return
	}
	out := filepath.Join(root, "out")
	build := func(files []output.File) []string {
		t.Helper()
		st, err := output.Writer{}.Begin(out)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if err := st.Add(f); err != nil {
				t.Fatal(err)
			}
		}
		if err := st.Commit(); err != nil {
			t.Fatalf("build: %v", err)
		}
		return st.Warnings()
	}
	warns := build(siteFiles)
	stuck := filepath.Join(root, ".out.sortie-new-stuck")
	if foreign && (len(warns) != 1 || !strings.Contains(warns[0], "could not remove "+stuck) || !strings.Contains(warns[0], "chmod -R u+w "+stuck)) {
		t.Errorf("warnings %q, want one naming %s and how to remove it", warns, stuck)
	}
	if !foreign && len(warns) > 0 {
		t.Errorf("warnings %q, want none", warns)
	}
	// The user makes a folder of the output read-only, and another in a
	// leftover of a killed build.
	if err := os.Chmod(filepath.Join(out, "packs", "marsh"), 0o555); err != nil {
		t.Fatal(err)
	}
	left := filepath.Join(root, ".out.sortie-new-killed", "a")
	if err := os.MkdirAll(left, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(left, "f"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(left, 0o500); err != nil {
		t.Fatal(err)
	}
	second := []output.File{{Path: "index.html", Data: []byte("new")}, {Path: "packs/other/index.html", Data: []byte("other")}}
	for range 2 {
		for _, w := range build(second) {
			if !strings.Contains(w, stuck) {
				t.Errorf("warning %q", w)
			}
		}
		checkOutput(t, out, second)
		got := names(t, root)
		want := []string{"out"}
		if foreign {
			want = []string{".out.sortie-new-stuck", "out"}
		}
		if !slices.Equal(got, want) {
			t.Errorf("beside the output: %q, want %q", got, want)
		}
	}
}
