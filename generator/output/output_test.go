package output_test

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/generator/output"
)

// entry is one thing in a snapshot of a directory tree.
type entry struct {
	mode fs.FileMode // type and permission bits
	data string      // file contents, or a link's target
}

func (e entry) String() string {
	if e.mode.IsDir() {
		return e.mode.String()
	}
	return fmt.Sprintf("%v %q", e.mode, e.data)
}

// snapshot records every file, directory and link under root, by slash
// path relative to root, without following links.
func snapshot(t *testing.T, root string) map[string]entry {
	t.Helper()
	snap := map[string]entry{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		if rel == "." {
			return nil
		}
		fi, err := os.Lstat(p)
		if err != nil {
			return err
		}
		e := entry{mode: fi.Mode().Type() | fi.Mode().Perm()}
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			e.data, err = os.Readlink(p)
		case fi.Mode().IsRegular():
			var b []byte
			b, err = os.ReadFile(p)
			e.data = string(b)
		}
		snap[filepath.ToSlash(rel)] = e
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// sameTree fails the test if two snapshots differ, listing how.
func sameTree(t *testing.T, what string, before, after map[string]entry) {
	t.Helper()
	var diffs []string
	for p, b := range before {
		a, ok := after[p]
		switch {
		case !ok:
			diffs = append(diffs, "removed "+p)
		case a != b:
			diffs = append(diffs, fmt.Sprintf("changed %s: %v -> %v", p, b, a))
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			diffs = append(diffs, "added "+p)
		}
	}
	slices.Sort(diffs)
	if len(diffs) > 0 {
		t.Errorf("%s: the tree changed:\n  %s", what, strings.Join(diffs, "\n  "))
	}
}

// names lists a directory's entries, sorted.
func names(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

// noTemp fails if the parent holds Sortie's temporary directories.
func noTemp(t *testing.T, parent string) {
	t.Helper()
	for _, n := range names(t, parent) {
		if strings.Contains(n, ".sortie-new-") || strings.Contains(n, ".sortie-old-") {
			t.Errorf("temporary directory %s left in %s", n, parent)
		}
	}
}

// umask finds the process's umask without changing it.
func umask(t *testing.T) fs.FileMode {
	t.Helper()
	p := filepath.Join(t.TempDir(), "probe")
	if err := os.WriteFile(p, nil, 0o777); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return ^fi.Mode().Perm() & 0o777
}

func unixOnly(t *testing.T) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("Unix permissions and symbolic links")
	}
}

var siteFiles = []output.File{
	{Path: "index.html", Data: []byte("<h1>Home</h1>\n")},
	{Path: "css/site.css", Data: []byte("body{}")},
	{Path: "packs/marsh/index.html", Data: []byte("pack")},
	{Path: "packs/marsh/marsh-a4.pdf", Data: []byte("%PDF-1.7\x00\xff binary")},
	{Path: "deep/a/b/c/d.txt", Data: []byte("deep")},
	{Path: "empty.txt", Data: nil},
	{Path: ".well-known/x", Data: []byte("dot dir")},
}

// wantTree is what Write should leave for files: the marker, the files
// and the directories that hold them, nothing else.
func wantTree(files []output.File) map[string]string {
	want := map[string]string{output.Marker: "file"}
	for _, f := range files {
		want[f.Path] = "file"
		for d := filepath.ToSlash(filepath.Dir(filepath.FromSlash(f.Path))); d != "."; d = filepath.ToSlash(filepath.Dir(filepath.FromSlash(d))) {
			want[d] = "dir"
		}
	}
	return want
}

// checkOutput checks that out holds exactly files and the marker.
func checkOutput(t *testing.T, out string, files []output.File) {
	t.Helper()
	snap := snapshot(t, out)
	want := wantTree(files)
	got := map[string]string{}
	for p, e := range snap {
		switch {
		case e.mode.IsDir():
			got[p] = "dir"
		case e.mode.IsRegular():
			got[p] = "file"
		default:
			got[p] = e.mode.String()
		}
	}
	for p, kind := range want {
		if got[p] != kind {
			t.Errorf("%s: %q, want a %s", p, got[p], kind)
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			t.Errorf("unexpected %s in the output", p)
		}
	}
	for _, f := range files {
		if e, ok := snap[f.Path]; ok && e.data != string(f.Data) {
			t.Errorf("%s holds %q, want %q", f.Path, e.data, f.Data)
		}
	}
	if m := snap[output.Marker].data; !strings.Contains(m, "Sortie") {
		t.Errorf("marker holds %q", m)
	}
}

func TestWrite(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "site", "public") // neither exists yet
	if err := output.Write(out, siteFiles, output.Guard{}); err != nil {
		t.Fatal(err)
	}
	checkOutput(t, out, siteFiles)
	if got := names(t, root); !slices.Equal(got, []string{"site"}) {
		t.Errorf("root holds %q, want only site", got)
	}
	if got := names(t, filepath.Join(root, "site")); !slices.Equal(got, []string{"public"}) {
		t.Errorf("parent holds %q, want only public", got)
	}

	if runtime.GOOS != "windows" {
		mask := umask(t)
		for p, e := range snapshot(t, out) {
			want := 0o644 &^ mask
			if e.mode.IsDir() {
				want = 0o755 &^ mask
			}
			if e.mode.Perm() != want {
				t.Errorf("%s: mode %v, want %v", p, e.mode.Perm(), want)
			}
		}
		fi, err := os.Stat(out)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o755 {
			t.Errorf("output directory mode %v, want 0755 (not the 0700 of a temporary directory)", fi.Mode().Perm())
		}
	}
}

func TestWriteNoFiles(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "out")
	if err := output.Write(out, nil, output.Guard{}); err != nil {
		t.Fatal(err)
	}
	checkOutput(t, out, nil)
}

// TestWriteReplaces: each Write replaces the whole previous output.
func TestWriteReplaces(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "out")
	if err := output.Write(out, siteFiles, output.Guard{}); err != nil {
		t.Fatal(err)
	}
	second := []output.File{
		{Path: "index.html", Data: []byte("new home")},
		{Path: "packs/other/index.html", Data: []byte("other")},
		{Path: "css", Data: []byte("css was a directory, now a file")},
	}
	if err := output.Write(out, second, output.Guard{}); err != nil {
		t.Fatal(err)
	}
	checkOutput(t, out, second)
	for _, gone := range []string{"css/site.css", "packs/marsh", "deep", "empty.txt"} {
		if _, err := os.Lstat(filepath.Join(out, filepath.FromSlash(gone))); err == nil {
			t.Errorf("%s from the first build is still there", gone)
		}
	}
	// And again with the same files: idempotent.
	if err := output.Write(out, second, output.Guard{}); err != nil {
		t.Fatal(err)
	}
	checkOutput(t, out, second)
	if got := names(t, root); !slices.Equal(got, []string{"out"}) {
		t.Errorf("root holds %q, want only out", got)
	}
}

// TestWriteExisting: Write takes an empty directory, or a previous output
// with a stray file in it; the new output has neither's leftovers.
func TestWriteExisting(t *testing.T) {
	root := t.TempDir()
	empty := filepath.Join(root, "empty")
	if err := os.Mkdir(empty, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := output.Write(empty, siteFiles[:1], output.Guard{}); err != nil {
		t.Fatal(err)
	}
	checkOutput(t, empty, siteFiles[:1])

	prev := filepath.Join(root, "prev")
	if err := os.MkdirAll(filepath.Join(prev, "old"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{output.Marker, "old/stale.html", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(prev, filepath.FromSlash(name)), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := output.Write(prev, siteFiles, output.Guard{}); err != nil {
		t.Fatal(err)
	}
	checkOutput(t, prev, siteFiles)
	if got := names(t, root); !slices.Equal(got, []string{"empty", "prev"}) {
		t.Errorf("root holds %q", got)
	}
}

// TestWriteThroughSymlink: an output given as a link to a previous output
// replaces the directory it points to and keeps the link.
func TestWriteThroughSymlink(t *testing.T) {
	unixOnly(t)
	root := t.TempDir()
	real := filepath.Join(root, "real")
	link := filepath.Join(root, "link")
	if err := output.Write(real, siteFiles[:1], output.Guard{}); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	if err := output.Write(link, siteFiles[1:3], output.Guard{}); err != nil {
		t.Fatal(err)
	}
	checkOutput(t, real, siteFiles[1:3])
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link is gone or replaced: %v %v", fi, err)
	}
	if got := names(t, root); !slices.Equal(got, []string{"link", "real"}) {
		t.Errorf("root holds %q", got)
	}
}

var badFiles = []struct {
	name    string
	files   []output.File
	wantErr string // the error's start; "" means any error
}{
	{"parent", []output.File{{Path: "../escape"}}, `refusing to write "../escape": not a plain path inside the output`},
	{"parent of parent", []output.File{{Path: "../../escape"}}, `refusing to write "../../escape": not a plain path inside the output`},
	{"dot-dot", []output.File{{Path: ".."}}, `refusing to write "..": not a plain path inside the output`},
	{"absolute", []output.File{{Path: "/abs"}}, `refusing to write "/abs": not a plain path inside the output`},
	{"absolute etc", []output.File{{Path: "/etc/passwd"}}, `refusing to write "/etc/passwd": not a plain path inside the output`},
	{"climbing out", []output.File{{Path: "a/../../b"}}, `refusing to write "a/../../b": not a plain path inside the output`},
	{"climbing in", []output.File{{Path: "a/../b"}}, `refusing to write "a/../b": not a plain path inside the output`},
	{"backslash", []output.File{{Path: "a\\b"}}, `refusing to write "a\\b": not a plain path inside the output`},
	{"backslash climbing", []output.File{{Path: "..\\escape"}}, `refusing to write "..\\escape": not a plain path inside the output`},
	{"empty", []output.File{{Path: ""}}, `refusing to write "": not a plain path inside the output`},
	{"dot", []output.File{{Path: "."}}, ""}, // any error; see TestWriteDotPath
	{"dot slash", []output.File{{Path: "./a"}}, `refusing to write "./a": not a plain path inside the output`},
	{"inner dot", []output.File{{Path: "a/./b"}}, `refusing to write "a/./b": not a plain path inside the output`},
	{"double slash", []output.File{{Path: "a//b"}}, `refusing to write "a//b": not a plain path inside the output`},
	{"trailing slash", []output.File{{Path: "a/"}}, `refusing to write "a/": not a plain path inside the output`},
	{"duplicate", []output.File{{Path: "a.html"}, {Path: "b.html"}, {Path: "a.html"}}, `two files would be written to a.html`},
	{"duplicate nested", []output.File{{Path: "x/y.pdf"}, {Path: "x/y.pdf"}}, `two files would be written to x/y.pdf`},
	{"marker", []output.File{{Path: output.Marker, Data: []byte("mine")}}, `two files would be written to ` + output.Marker},
	{"file then directory", []output.File{{Path: "a"}, {Path: "a/b"}}, `refusing to write a/b: a is a file`},
	{"directory then file", []output.File{{Path: "a/b"}, {Path: "a"}}, `refusing to write a/b: a is a file`},
	{"bad path after good ones", slices.Concat(siteFiles, []output.File{{Path: "../late"}}), `refusing to write "../late": not a plain path inside the output`},
}

// TestWriteFailureKeepsPrevious: a Write that fails leaves the previous
// output byte for byte, writes nothing outside it and cleans up after
// itself.
func TestWriteFailureKeepsPrevious(t *testing.T) {
	for _, tt := range badFiles {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			parent := filepath.Join(root, "parent")
			out := filepath.Join(parent, "out")
			if err := output.Write(out, siteFiles, output.Guard{}); err != nil {
				t.Fatal(err)
			}
			// Something beside the output, which must survive too.
			if err := os.WriteFile(filepath.Join(parent, "beside.txt"), []byte("keep"), 0o600); err != nil {
				t.Fatal(err)
			}
			before := snapshot(t, root)
			err := output.Write(out, tt.files, output.Guard{})
			if err == nil {
				t.Fatal("Write succeeded")
			}
			if !strings.HasPrefix(err.Error(), tt.wantErr) {
				t.Errorf("error %q, want it to start %q", err, tt.wantErr)
			}
			sameTree(t, "after the failed Write", before, snapshot(t, root))
			noTemp(t, parent)
			checkOutput(t, out, siteFiles)
		})
	}
}

// TestWriteDotPath: "." is not a file path either.
func TestWriteDotPath(t *testing.T) {
	root := t.TempDir()
	err := output.Write(filepath.Join(root, "out"), []output.File{{Path: "."}}, output.Guard{})
	if want := `refusing to write ".": not a plain path inside the output`; err == nil || err.Error() != want {
		t.Errorf("error = %v, want %q", err, want)
	}
}

// TestWriteFailureFirstBuild: a first build that fails leaves no output
// and no temporary directories.
func TestWriteFailureFirstBuild(t *testing.T) {
	for _, tt := range badFiles {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			out := filepath.Join(root, "out")
			if err := output.Write(out, tt.files, output.Guard{}); err == nil {
				t.Fatal("Write succeeded")
			}
			if got := names(t, root); len(got) != 0 {
				t.Errorf("root holds %q after a failed first build, want nothing", got)
			}
		})
	}
}

// TestWriteFailureNewParent: a failed first build into a folder that does
// not exist yet should not leave that folder behind either.
func TestWriteFailureNewParent(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "new", "deeper", "out")
	if err := output.Write(out, []output.File{{Path: "../escape"}}, output.Guard{}); err == nil {
		t.Fatal("Write succeeded")
	}
	if got := names(t, root); len(got) != 0 {
		t.Errorf("root holds %q after a failed Write, want nothing", got)
	}
}

// TestWriteUnwritableParent: when the build directory cannot be made,
// the previous output stays.
func TestWriteUnwritableParent(t *testing.T) {
	unixOnly(t)
	if os.Geteuid() == 0 {
		t.Skip("root ignores directory permissions")
	}
	root := t.TempDir()
	parent := filepath.Join(root, "parent")
	out := filepath.Join(parent, "out")
	if err := output.Write(out, siteFiles, output.Guard{}); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, root)
	if err := os.Chmod(parent, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(parent, 0o755)
	err := output.Write(out, siteFiles[:1], output.Guard{})
	if err == nil {
		t.Fatal("Write succeeded into a read-only parent")
	}
	want := "cannot build into " + out + ": each build is written beside it, in " + parent + ", and then swapped in, but " + parent + " is not writable ("
	hint := "); make " + parent + " writable, or build into a folder inside " + out + ", such as --out " + filepath.Join(out, "site")
	if !strings.HasPrefix(err.Error(), want) || !strings.HasSuffix(err.Error(), hint) {
		t.Errorf("error %q,\nwant %q...%q", err, want, hint)
	}
	os.Chmod(parent, 0o755)
	sameTree(t, "after the failed Write", before, snapshot(t, root))
}

// TestWriteRefused: a Write that Check refuses touches nothing.
func TestWriteRefused(t *testing.T) {
	root := t.TempDir()
	mine := filepath.Join(root, "mine")
	home := filepath.Join(root, "home")
	for _, d := range []string{mine, home} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "precious.txt"), []byte("precious"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	before := snapshot(t, root)
	for _, out := range []string{mine, home, root} {
		if err := output.Write(out, siteFiles, output.Guard{Home: home}); err == nil {
			t.Errorf("Write(%s) succeeded", out)
		}
	}
	sameTree(t, "after refused Writes", before, snapshot(t, root))
}

// layout makes a tree for Check:
//
//	root/home/               Guard.Home, with a file in it
//	root/proj/site/          Guard.Source
//	root/proj/site/content/pages/
//	root/work/a/b/           Guard.WorkDir
//	root/file.txt            a regular file
//	root/full/               not empty, no marker
//	root/prev/               a previous output
//	root/empty/              an empty directory
//	root/link-*              symbolic links (not on Windows)
type layout struct {
	root string
	g    output.Guard
}

func newLayout(t *testing.T) layout {
	t.Helper()
	root := t.TempDir()
	l := layout{root: root, g: output.Guard{
		Home:    filepath.Join(root, "home"),
		Source:  filepath.Join(root, "proj", "site"),
		WorkDir: filepath.Join(root, "work", "a", "b"),
	}}
	for _, d := range []string{"home", "proj/site/content/pages", "work/a/b", "full", "prev", "empty"} {
		if err := os.MkdirAll(l.path(d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"home/.profile", "proj/site/sortie.conf", "proj/site/content/pages/a.md", "file.txt", "full/thesis.tex", "prev/" + output.Marker, "prev/index.html"} {
		if err := os.WriteFile(l.path(f), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if runtime.GOOS != "windows" {
		for link, target := range map[string]string{
			"link-home":     "home",
			"link-full":     "full",
			"link-prev":     "prev",
			"link-site":     "proj/site",
			"link-root":     "/",
			"link-dangling": "nowhere/at/all",
			"link-file":     "file.txt",
		} {
			if !filepath.IsAbs(target) {
				target = l.path(target)
			}
			if err := os.Symlink(target, l.path(link)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return l
}

func (l layout) path(rel string) string { return filepath.Join(l.root, filepath.FromSlash(rel)) }

func TestCheck(t *testing.T) {
	l := newLayout(t)
	before := snapshot(t, l.root)
	p := l.path
	tests := []struct {
		name    string
		out     string
		g       output.Guard
		symlink bool
		wantErr string // "" means accepted
	}{
		// Refused.
		{"empty", "", l.g, false, "no output directory given"},
		{"blank", "  \t", l.g, false, "no output directory given"},
		{"root", "/", l.g, false, "refusing to build into /: it is the root of the file system"},
		{"root, unguarded", "/", output.Guard{}, false, "refusing to build into /: it is the root of the file system"},
		{"root spelt oddly", "/tmp/../", output.Guard{}, false, "refusing to build into /tmp/../: it is the root of the file system"},
		{"home", p("home"), l.g, false, "refusing to build into " + p("home") + ": it is your home directory"},
		{"home with a trailing slash", p("home") + "/", l.g, false, "refusing to build into " + p("home") + "/: it is your home directory"},
		{"home spelt with dot-dot", p("home/../home"), l.g, false, "refusing to build into " + p("home/../home") + ": it is your home directory"},
		{"parent of home", l.root, l.g, false, "refusing to build into " + l.root + ": it holds your home directory"},
		{"source", p("proj/site"), l.g, false, "refusing to build into " + p("proj/site") + ": it is the site's source"},
		{"parent of source", p("proj"), l.g, false, "refusing to build into " + p("proj") + ": it holds the site's source"},
		{"content", p("proj/site/content"), l.g, false, "refusing to build into " + p("proj/site/content") + ": it is inside the site's content/ folder, which every build reads (build into the site's public/ instead)"},
		{"inside content", p("proj/site/content/pages"), l.g, false, "refusing to build into " + p("proj/site/content/pages") + ": it is inside the site's content/ folder, which every build reads (build into the site's public/ instead)"},
		{"new folder inside content", p("proj/site/content/public"), l.g, false, "refusing to build into " + p("proj/site/content/public") + ": it is inside the site's content/ folder, which every build reads (build into the site's public/ instead)"},
		{"inside static", p("proj/site/static/out"), l.g, false, "refusing to build into " + p("proj/site/static/out") + ": it is inside the site's static/ folder, which every build reads (build into the site's public/ instead)"},
		{"static itself", p("proj/site/static"), l.g, false, "refusing to build into " + p("proj/site/static") + ": it is inside the site's static/ folder, which every build reads (build into the site's public/ instead)"},
		{"inside layouts", p("proj/site/layouts/out"), l.g, false, "refusing to build into " + p("proj/site/layouts/out") + ": it is inside the site's layouts/ folder, which every build reads (build into the site's public/ instead)"},
		{"working dir", p("work/a/b"), l.g, false, "refusing to build into " + p("work/a/b") + ": it is the current directory"},
		{"parent of working dir", p("work/a"), l.g, false, "refusing to build into " + p("work/a") + ": it holds the current directory"},
		{"grandparent of working dir", p("work"), l.g, false, "refusing to build into " + p("work") + ": it holds the current directory"},
		{"regular file", p("file.txt"), l.g, false, "refusing to build into " + p("file.txt") + ": it is not a directory"},
		{"not empty, no marker", p("full"), l.g, false, "refusing to replace " + p("full") + ": it is not empty and Sortie did not build it (no .sortie-output file)"},
		{"symlink to home", p("link-home"), l.g, true, "refusing to build into " + p("link-home") + ": it is your home directory"},
		{"symlink to root", p("link-root"), l.g, true, "refusing to build into " + p("link-root") + ": it is the root of the file system"},
		{"symlink to a full dir", p("link-full"), l.g, true, "refusing to replace " + p("link-full") + ": it is not empty and Sortie did not build it (no .sortie-output file)"},
		{"through a symlink into content", p("link-site/content/out"), l.g, true, "refusing to build into " + p("link-site/content/out") + ": it is inside the site's content/ folder, which every build reads (build into the site's public/ instead)"},
		{"symlink to the source", p("link-site"), l.g, true, "refusing to build into " + p("link-site") + ": it is the site's source"},
		{"dangling symlink", p("link-dangling"), l.g, true, "refusing to build into " + p("link-dangling") + ": it is not a directory"},
		{"symlink to a file", p("link-file"), l.g, true, "refusing to build into " + p("link-file") + ": it is not a directory"},
		{"guard given through a symlink", p("home"), output.Guard{Home: p("link-home")}, true, "refusing to build into " + p("home") + ": it is your home directory"},

		// Accepted.
		{"does not exist", p("new/out"), l.g, false, ""},
		{"empty dir", p("empty"), l.g, false, ""},
		{"previous output", p("prev"), l.g, false, ""},
		{"symlink to a previous output", p("link-prev"), l.g, true, ""},
		{"inside the source, not in content", p("proj/site/public"), l.g, false, ""},
		{"beside content, similar name", p("proj/site/content2"), l.g, false, ""},
		{"beside content, similar prefix", p("proj/site/contents"), l.g, false, ""},
		{"through a symlink, not in content", p("link-site/public"), l.g, true, ""},
		{"inside home", p("home/sites/out"), l.g, false, ""},
		{"beside home, similar name", p("home2"), l.g, false, ""},
		{"inside the working dir", p("work/a/b/public"), l.g, false, ""},
		{"full dir, unguarded check is still refused", p("full"), output.Guard{}, false, "refusing to replace " + p("full") + ": it is not empty and Sortie did not build it (no .sortie-output file)"},
		{"home unguarded", p("home/sites"), output.Guard{}, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.symlink {
				unixOnly(t)
			}
			err := output.Check(tt.out, tt.g)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("Check(%q) = %v, want nil", tt.out, err)
			case tt.wantErr != "" && err == nil:
				t.Errorf("Check(%q) = nil, want %q", tt.out, tt.wantErr)
			case tt.wantErr != "" && err.Error() != tt.wantErr:
				t.Errorf("Check(%q):\n got %q\nwant %q", tt.out, err, tt.wantErr)
			}
		})
	}
	sameTree(t, "after Check", before, snapshot(t, l.root))
}

// TestCheckRelative: relative paths are taken from the current directory.
func TestCheckRelative(t *testing.T) {
	l := newLayout(t)
	t.Chdir(l.path("work/a/b"))
	g := l.g
	for _, tt := range []struct{ out, wantErr string }{
		{".", "refusing to build into .: it is the current directory"},
		{"./", "refusing to build into ./: it is the current directory"},
		{"..", "refusing to build into ..: it holds the current directory"},
		{"../../../home", "refusing to build into ../../../home: it is your home directory"},
		{"../../../proj/site/content/x", "refusing to build into ../../../proj/site/content/x: it is inside the site's content/ folder, which every build reads (build into the site's public/ instead)"},
		{"public", ""},
		{"../../../prev", ""},
	} {
		err := output.Check(tt.out, g)
		if got := fmt.Sprint(err); (tt.wantErr == "" && err != nil) || (tt.wantErr != "" && got != tt.wantErr) {
			t.Errorf("Check(%q) = %v, want %q", tt.out, err, tt.wantErr)
		}
	}
	// Write with a relative path works and lands in the current directory.
	if err := output.Write("public", siteFiles[:1], g); err != nil {
		t.Fatal(err)
	}
	checkOutput(t, l.path("work/a/b/public"), siteFiles[:1])
}

// TestNothingOutside writes, rewrites and fails several builds in one
// tree, then lists all of it: only the outputs changed.
func TestNothingOutside(t *testing.T) {
	l := newLayout(t)
	before := snapshot(t, l.root)
	outs := []string{"proj/site/public", "prev", "empty", "new/out"}
	for _, o := range outs {
		if err := output.Write(l.path(o), siteFiles, l.g); err != nil {
			t.Fatalf("Write(%s): %v", o, err)
		}
		for _, tt := range badFiles {
			if err := output.Write(l.path(o), tt.files, l.g); err == nil {
				t.Fatalf("Write(%s, %s) succeeded", o, tt.name)
			}
		}
		if err := output.Write(l.path(o), siteFiles[:2], l.g); err != nil {
			t.Fatalf("Write(%s): %v", o, err)
		}
	}
	for _, o := range []string{"home", "proj", "proj/site/content", "full", "file.txt", "/", "work"} {
		if err := output.Write(l.path(o), siteFiles, l.g); err == nil {
			t.Errorf("Write(%s) succeeded", o)
		}
	}
	after := snapshot(t, l.root)
	// Take the outputs out of both snapshots; the rest must be as it was.
	strip := func(snap map[string]entry) {
		for p := range snap {
			for _, o := range outs {
				if p == o || strings.HasPrefix(p, o+"/") {
					delete(snap, p)
				}
			}
		}
	}
	strip(before)
	strip(after)
	delete(after, "new") // the parent of new/out, made by the first Write
	sameTree(t, "outside the outputs", before, after)
	for _, o := range outs {
		checkOutput(t, l.path(o), siteFiles[:2])
		noTemp(t, filepath.Dir(l.path(o)))
	}
	for p := range after {
		if strings.Contains(p, "escape") || strings.Contains(p, "late") {
			t.Errorf("%s was written outside an output", p)
		}
	}
}

// TestMarker: the marker is in every output, so a later
// Check accepts it, and a user file cannot replace it.
func TestMarker(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "out")
	if err := output.Write(out, siteFiles, output.Guard{}); err != nil {
		t.Fatal(err)
	}
	if err := output.Check(out, output.Guard{}); err != nil {
		t.Errorf("Check of a Sortie output: %v", err)
	}
	data, err := os.ReadFile(filepath.Join(out, output.Marker))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte("This directory was built by Sortie.")) {
		t.Errorf("marker = %q", data)
	}
	// Remove the marker: the output is no longer Sortie's to replace.
	if err := os.Remove(filepath.Join(out, output.Marker)); err != nil {
		t.Fatal(err)
	}
	if err := output.Write(out, nil, output.Guard{}); err == nil || !strings.Contains(err.Error(), "Sortie did not build it") {
		t.Errorf("Write without the marker: %v", err)
	}
}

// TestConcurrentWrites runs builds into one output at once: each must
// succeed, the output must be one whole build, and nothing is left beside it.
func TestConcurrentWrites(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "out")
	const n = 8
	errs := make(chan error, n)
	for i := range n {
		go func() {
			files := []output.File{{Path: "index.html", Data: []byte(fmt.Sprint("build ", i))}, {Path: "a/b.txt", Data: []byte("b")}}
			errs <- output.Write(out, files, output.Guard{})
		}()
	}
	for range n {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	entries, _ := os.ReadDir(root)
	if len(entries) != 1 || entries[0].Name() != "out" {
		t.Errorf("beside the output: %v", entries)
	}
	data, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil || !strings.HasPrefix(string(data), "build ") {
		t.Errorf("index.html = %q, %v", data, err)
	}
}

// TestSweepsInterruptedBuilds: directories an interrupted build left
// beside the output are cleared by the next build, and only those.
func TestSweepsInterruptedBuilds(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "out")
	for _, d := range []string{".out.sortie-new-123", ".out.sortie-old-456/previous", ".other.sortie-new-1", "keep"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := output.Write(out, []output.File{{Path: "index.html", Data: []byte("x")}}, output.Guard{}); err != nil {
		t.Fatal(err)
	}
	var names []string
	entries, _ := os.ReadDir(root)
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{".other.sortie-new-1", "keep", "out"}; !slices.Equal(names, want) {
		t.Errorf("left %q, want %q", names, want)
	}
}

// TestMountPoint: a mount point cannot be swapped for a new folder, so
// Check refuses it with what to do instead.
func TestMountPoint(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc/self/mountinfo")
	}
	data, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		t.Skip(err)
	}
	mount := ""
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) > 4 && f[4] != "/" && !strings.Contains(f[4], "\\") {
			if fi, err := os.Stat(f[4]); err == nil && fi.IsDir() {
				mount = f[4]
				break
			}
		}
	}
	if mount == "" {
		t.Skip("no mount point but /")
	}
	err = output.Check(mount, output.Guard{})
	want := "refusing to build into " + mount + ": it is a mount point, and each build replaces the whole folder with a new one made beside it; build into a folder inside it instead, such as --out " + filepath.Join(mount, "site")
	if err == nil || err.Error() != want {
		t.Errorf("Check(%s) = %v,\nwant %q", mount, err, want)
	}
}

// deploy turns out into a Pages-style deploy checkout: .git, CNAME and
// .nojekyll, none of which the build makes.
func deploy(t *testing.T, out string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(out, ".git", "objects"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{".git/HEAD": "ref: refs/heads/gh-pages\n", ".git/objects/ab": "object", "CNAME": "example.org\n", ".nojekyll": "", "stray.html": "left by hand"} {
		if err := os.WriteFile(filepath.Join(out, filepath.FromSlash(name)), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("HEAD", filepath.Join(out, ".git", "link")); err != nil {
		t.Fatal(err)
	}
}

// TestKeep: a rebuild keeps .git and CNAME, and the names the writer's
// Keep lists, when the build does not make them; everything else of the
// previous output goes, and a name the build makes is the build's.
func TestKeep(t *testing.T) {
	unixOnly(t)
	root := t.TempDir()
	out := filepath.Join(root, "public")
	if err := output.Write(out, siteFiles, output.Guard{}); err != nil {
		t.Fatal(err)
	}
	deploy(t, out)
	before := snapshot(t, out)
	if err := output.Write(out, siteFiles[:2], output.Guard{}); err != nil {
		t.Fatal(err)
	}
	after := snapshot(t, out)
	for _, p := range []string{".git", ".git/HEAD", ".git/objects", ".git/objects/ab", ".git/link", "CNAME", "index.html", "css/site.css", output.Marker} {
		if after[p] != before[p] {
			t.Errorf("%s: %v, want %v kept", p, after[p], before[p])
		}
	}
	for _, p := range []string{".nojekyll", "stray.html", "deep"} {
		if _, ok := after[p]; ok {
			t.Errorf("%s was kept", p)
		}
	}

	// With .nojekyll in Keep, and a build that makes its own CNAME.
	if err := os.WriteFile(filepath.Join(out, ".nojekyll"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	files := append([]output.File{{Path: "CNAME", Data: []byte("built.example\n")}}, siteFiles[:1]...)
	if err := (output.Writer{Keep: []string{".nojekyll"}}).Write(out, files); err != nil {
		t.Fatal(err)
	}
	after = snapshot(t, out)
	if _, ok := after[".nojekyll"]; !ok {
		t.Error(".nojekyll, listed in Keep, is gone")
	}
	if got := after["CNAME"].data; got != "built.example\n" {
		t.Errorf("CNAME = %q, want the build's own", got)
	}
	if after[".git/HEAD"] != before[".git/HEAD"] {
		t.Errorf(".git/HEAD = %v, want it kept", after[".git/HEAD"])
	}
	noTemp(t, root)
}

// TestKeepFreshCheckout: a folder holding only kept names (a fresh deploy
// checkout) counts as empty, so the first build may go into it.
func TestKeepFreshCheckout(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "public")
	if err := os.MkdirAll(filepath.Join(out, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{".git/HEAD", "CNAME", ".nojekyll"} {
		if err := os.WriteFile(filepath.Join(out, filepath.FromSlash(name)), []byte(name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := output.Check(out, output.Guard{}); err == nil || !strings.Contains(err.Error(), "Sortie did not build it") {
		t.Errorf("Check with .nojekyll not kept: %v, want it refused", err)
	}
	w := output.Writer{Keep: []string{".nojekyll"}}
	if err := w.Write(out, siteFiles[:1]); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{".git/HEAD", "CNAME", ".nojekyll", "index.html", output.Marker} {
		if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(name))); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestKeepBadNames: a kept name is a plain name at the top of the output.
func TestKeepBadNames(t *testing.T) {
	for _, name := range []string{"", ".", "..", "a/b", "../x", "/etc", `a\b`, output.Marker} {
		root := t.TempDir()
		err := (output.Writer{Keep: []string{name}}).Write(filepath.Join(root, "out"), siteFiles[:1])
		want := fmt.Sprintf("cannot keep %q: want a plain name at the top of the output, such as .nojekyll", name)
		if err == nil || err.Error() != want {
			t.Errorf("Keep %q: %v, want %q", name, err, want)
		}
		if got := names(t, root); len(got) != 0 {
			t.Errorf("Keep %q: wrote %q", name, got)
		}
	}
}
