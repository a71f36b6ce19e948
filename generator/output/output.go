// Package output writes a build into its output directory safely: every
// file goes into a fresh directory beside the output, is synced to disk,
// and the directory is swapped in only when all of it is written (an
// atomic exchange on Linux). A build that fails or is killed leaves the
// previous output whole, or the new one; a rebuild keeps a deploy
// checkout's .git and CNAME; and no path from the content can reach
// outside the output directory. docs/reliability.md lists the promises
// and the tests that prove them.
package output

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
)

// File is one file to write, its path relative to the output directory
// with forward slashes.
type File struct {
	Path string
	Data []byte
}

// Marker is the file every Sortie output holds. Sortie replaces a
// directory only if it is empty or holds this file, so a mistyped --out
// can never wipe a directory Sortie did not make.
const Marker = ".sortie-output"

const markerText = "This directory was built by Sortie. Each build replaces all of it.\n"

// ErrNotOutput is the reason Sortie refuses a non-empty directory it did
// not build.
var ErrNotOutput = errors.New("it is not empty and Sortie did not build it")

// Guard names the directories an output must never be or contain.
type Guard struct {
	Source  string // the site directory, or ""
	Home    string // the user's home directory, or ""
	WorkDir string // the current directory, or ""
}

// Check refuses an output directory that is the file system's root, the
// home directory, holds the source or the current directory, lies inside
// the source's content, is a mount point, or is a directory Sortie did
// not make: Writer{Guard: g}.Check(out).
func Check(out string, g Guard) error {
	return Writer{Guard: g}.Check(out)
}

// Check is the package's Check with the writer's guard; a folder holding
// only names the writer keeps (a fresh deploy checkout: .git, CNAME)
// counts as empty.
func (w Writer) Check(out string) error {
	g := w.Guard
	if strings.TrimSpace(out) == "" {
		return errors.New("no output directory given")
	}
	abs, err := resolve(out)
	if err != nil {
		return fmt.Errorf("output %s: %w", out, err)
	}
	if filepath.Dir(abs) == abs {
		return fmt.Errorf("refusing to build into %s: it is the root of the file system", out)
	}
	for _, c := range []struct{ dir, what string }{{g.Home, "your home directory"}, {g.Source, "the site's source"}, {g.WorkDir, "the current directory"}} {
		if c.dir == "" {
			continue
		}
		d, err := resolve(c.dir)
		if err != nil {
			return fmt.Errorf("failed to resolve %s: %w", c.dir, err)
		}
		if within(d, abs) {
			if d == abs {
				return fmt.Errorf("refusing to build into %s: it is %s", out, c.what)
			}
			return fmt.Errorf("refusing to build into %s: it holds %s", out, c.what)
		}
	}
	if g.Source != "" {
		// The folders a build reads: an output in static/ would be
		// copied into the next build's output (growing at every build),
		// one in layouts/ or content/ read as the site's own files.
		for _, dir := range []string{"content", "static", "layouts"} {
			d, err := resolve(filepath.Join(g.Source, dir))
			if err == nil && within(abs, d) {
				return fmt.Errorf("refusing to build into %s: it is inside the site's %s/ folder, which every build reads (build into the site's public/ instead)", out, dir)
			}
		}
	}
	fi, err := os.Lstat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("output %s: %w", out, err)
	case !fi.IsDir():
		return fmt.Errorf("refusing to build into %s: it is not a directory", out)
	}
	if mountPoint(abs) {
		return fmt.Errorf("refusing to build into %s: it is a mount point, and each build replaces the whole folder with a new one made beside it; build into a folder inside it instead, such as --out %s", out, filepath.Join(out, "site"))
	}
	entries, err := os.ReadDir(abs)
	if err != nil {
		return fmt.Errorf("failed to read %s: %w", out, err)
	}
	keeps := w.keeps()
	entries = slices.DeleteFunc(entries, func(e fs.DirEntry) bool { return keeps[e.Name()] })
	if len(entries) == 0 {
		return nil
	}
	if _, err := os.Stat(filepath.Join(abs, Marker)); err != nil {
		return fmt.Errorf("refusing to replace %s: %w (no %s file)", out, ErrNotOutput, Marker)
	}
	return nil
}

// resolve returns p as an absolute, clean path with symbolic links
// followed as far as the path exists.
func resolve(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	// Follow links in the longest existing prefix.
	rest := ""
	for cur := abs; ; {
		real, err := filepath.EvalSymlinks(cur)
		if err == nil {
			return filepath.Join(real, rest), nil
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return abs, nil
		}
		rest = filepath.Join(filepath.Base(cur), rest)
		cur = parent
	}
}

// within reports whether p is dir or inside it.
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && (rel == "." || filepath.IsLocal(rel))
}

// Write writes files into out with the default keep list and no test
// hooks: Writer{Guard: g}.Write(out, files).
func Write(out string, files []File, g Guard) error {
	return Writer{Guard: g}.Write(out, files)
}

// DefaultKeep returns the names a rebuild always keeps at the top of the
// output when the build does not make them: the .git folder and the CNAME
// file of a Pages-style deploy checkout.
func DefaultKeep() []string { return []string{".git", "CNAME"} }

// Writer writes a build into its output directory.
type Writer struct {
	Guard Guard
	// Keep names things at the top of the output, besides DefaultKeep,
	// that a rebuild carries over from the previous output when the build
	// does not make them itself (sortie.conf's keep:). Each is a plain
	// name, no slashes.
	Keep []string

	// step, for tests, is called before each step that changes the file
	// system, with the step's name ("stage", "write index.html", "keep
	// .git", "sync", "aside", "swap", "clean", "restore", "sweep");
	// an error from it stops Write at once, leaving everything as a kill
	// at that point would.
	step func(string) error
	// noExchange, for tests, swaps with two renames, as on systems
	// without an atomic exchange.
	noExchange bool
}

// killed wraps the error a test's step function returned: Write returns
// it without cleaning up, as a killed process would.
type killed struct{ err error }

func (k killed) Error() string { return k.err.Error() }
func (k killed) Unwrap() error { return k.err }

func (w Writer) at(step string) error {
	if w.step == nil {
		return nil
	}
	if err := w.step(step); err != nil {
		return killed{err}
	}
	return nil
}

// keeps returns the set of names kept at the top of the output.
func (w Writer) keeps() map[string]bool {
	k := map[string]bool{}
	for _, n := range slices.Concat(DefaultKeep(), w.Keep) {
		k[n] = true
	}
	return k
}

// CheckKeep refuses a keep name that is not a plain name at the top of
// the output.
func CheckKeep(name string) error {
	if name == "" || name == "." || name == ".." || name == Marker || strings.ContainsAny(name, `/\`) || !filepath.IsLocal(name) {
		return fmt.Errorf("cannot keep %q: want a plain name at the top of the output, such as .nojekyll", name)
	}
	return nil
}

// Write checks out against the writer's guard, writes files into a new
// directory beside it, carries over the kept names the build did not
// make, and swaps the new directory in for out: Begin, Add for each file,
// Commit. Every file and folder is synced to disk before the swap. On
// Linux the swap is one atomic exchange; elsewhere it is two renames, and
// a build killed between them leaves the previous output beside out,
// which the next build puts back.
func (w Writer) Write(out string, files []File) error {
	if err := checkPaths(files); err != nil {
		return err
	}
	st, err := w.Begin(out)
	if err != nil {
		return err
	}
	for _, f := range files {
		if err := st.Add(f); err != nil {
			st.Abort()
			return err
		}
	}
	return st.Commit()
}

// Stage is a build being written: its files go to disk in a new
// directory beside the output as they are made, so a build need not hold
// them all in memory, and the output is swapped for it only by Commit.
// Until then the previous output stays whole; Abort, or a kill, leaves it
// as it was. Add may be called from several goroutines at once.
type Stage struct {
	w        Writer
	out, abs string // as given, and resolved
	dir      string // the new directory
	unlock   func()

	// writing is held for reading while a file is written, so Abort
	// can wait for the writes under way before it removes the directory
	// (a write after that would make the directory again).
	writing sync.RWMutex

	mu    sync.Mutex
	warns []string        // what the build could not clear, and how to
	files map[string]bool // paths added, with the marker
	dirs  map[string]bool // folders they need
	top   map[string]bool // names at the top that the build made
	err   error           // sticky: a failed Add fails the stage
	done  bool
}

// Begin checks out against the writer's guard, takes the lock on its
// parent folder (a second build into the same place waits), clears what
// interrupted builds left beside it, and makes the new directory with
// the marker file in it.
func (w Writer) Begin(out string) (*Stage, error) {
	if err := w.Check(out); err != nil {
		return nil, err
	}
	for _, k := range w.Keep {
		if err := CheckKeep(k); err != nil {
			return nil, err
		}
	}
	abs, err := resolve(out)
	if err != nil {
		return nil, err
	}
	parent := filepath.Dir(abs)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, fmt.Errorf("failed to create %s: %w", parent, err)
	}
	unlock, err := lock(parent)
	if err != nil {
		return nil, err
	}
	st := &Stage{w: w, out: out, abs: abs, unlock: unlock,
		files: map[string]bool{Marker: true}, dirs: map[string]bool{}, top: map[string]bool{Marker: true}}
	if err := st.begin(parent); err != nil {
		if _, ok := errors.AsType[killed](err); !ok && st.dir != "" {
			removeAll(st.dir)
		}
		unlock()
		return nil, err
	}
	return st, nil
}

func (st *Stage) begin(parent string) error {
	w := st.w
	// Under the lock, check again: another build may have made out
	// meanwhile. Then restore or clear what interrupted builds left
	// beside it.
	if err := w.sweep(parent, filepath.Base(st.abs), st.warn); err != nil {
		return err
	}
	if err := w.Check(st.out); err != nil {
		return err
	}
	if err := w.at("stage"); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(st.abs)+".sortie-new-")
	if err != nil {
		return unwritable(st.out, st.abs, err)
	}
	st.dir = tmp
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("failed to set up %s: %w", tmp, err)
	}
	return st.write(File{Path: Marker, Data: []byte(markerText)})
}

// Add writes one file of the build, synced to disk. It refuses a path
// that is not a plain relative path inside the output, a second file at
// one path, and a file where another needs a folder (or the reverse).
// An error fails the stage: Commit then returns it.
func (st *Stage) Add(f File) error {
	st.writing.RLock()
	defer st.writing.RUnlock()
	st.mu.Lock()
	err := st.claim(f.Path)
	if err != nil && st.err == nil {
		st.err = err
	}
	st.mu.Unlock()
	if err != nil {
		return err
	}
	if err := st.write(f); err != nil {
		st.mu.Lock()
		if st.err == nil {
			st.err = err
		}
		st.mu.Unlock()
		return err
	}
	return nil
}

// claim records p as written, refusing it as checkPaths would. It runs
// under st.mu.
func (st *Stage) claim(p string) error {
	if st.err != nil {
		return st.err
	}
	if st.done {
		return errors.New("the build is already committed or aborted")
	}
	if err := plainPath(p); err != nil {
		return err
	}
	if st.files[p] {
		return fmt.Errorf("two files would be written to %s", p)
	}
	if st.dirs[p] {
		return fmt.Errorf("refusing to write a file at %s: it is a folder of other files", p)
	}
	for d := path.Dir(p); d != "."; d = path.Dir(d) {
		if st.files[d] {
			return fmt.Errorf("refusing to write %s: %s is a file", p, d)
		}
	}
	st.files[p] = true
	for d := path.Dir(p); d != "." && !st.dirs[d]; d = path.Dir(d) {
		st.dirs[d] = true
	}
	top, _, _ := strings.Cut(p, "/")
	st.top[top] = true
	return nil
}

// write puts one file into the new directory and syncs it.
func (st *Stage) write(f File) error {
	if err := st.w.at("write " + f.Path); err != nil {
		return err
	}
	name := filepath.Join(st.dir, filepath.FromSlash(f.Path))
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return fmt.Errorf("failed to write %s: %w", f.Path, err)
	}
	if err := writeFile(name, f.Data, 0o644); err != nil {
		return fmt.Errorf("failed to write %s: %w", f.Path, err)
	}
	return nil
}

// Commit carries over the kept names the build did not make, syncs every
// folder, and swaps the new directory in for the output. A stage whose
// Add failed is aborted instead, and Commit returns that error.
func (st *Stage) Commit() error {
	st.mu.Lock()
	err, done := st.err, st.done
	st.done = true
	st.mu.Unlock()
	if done {
		return errors.New("the build is already committed or aborted")
	}
	defer st.unlock()
	if err == nil {
		err = st.w.keep(st.abs, st.dir, st.top)
	}
	if err == nil {
		err = st.w.at("sync")
	}
	if err == nil {
		err = syncFiles(st.dir)
	}
	if err == nil {
		err = syncTree(st.dir)
	}
	if err == nil {
		err = st.w.swap(st.abs, st.dir, st.warn)
	}
	if err != nil {
		if _, ok := errors.AsType[killed](err); !ok {
			removeAll(st.dir)
		}
		return err
	}
	return nil
}

// Abort removes the new directory and leaves the output as it was. It
// waits for the files being added at that moment; any Add after it
// fails, writing nothing. It does nothing after Commit or a second time.
func (st *Stage) Abort() {
	st.mu.Lock()
	done := st.done
	st.done = true
	st.mu.Unlock()
	if done {
		return
	}
	st.writing.Lock()
	removeAll(st.dir)
	st.writing.Unlock()
	st.unlock()
}

// Warnings are what a committed build could not clear up (the previous
// output, or what an interrupted build left, in a folder it may not
// change), each with how to remove it: the new output is in place, and
// later builds are not held up by them.
func (st *Stage) Warnings() []string {
	st.mu.Lock()
	defer st.mu.Unlock()
	return slices.Clone(st.warns)
}

func (st *Stage) warn(msg string) {
	st.mu.Lock()
	st.warns = append(st.warns, msg)
	st.mu.Unlock()
}

// unwritable explains a build directory that cannot be made beside out.
func unwritable(out, abs string, err error) error {
	parent := filepath.Dir(abs)
	if !errors.Is(err, fs.ErrPermission) {
		return fmt.Errorf("failed to create a build directory beside %s: %w", out, err)
	}
	hint := "make " + parent + " writable, or choose another output folder"
	if fi, serr := os.Stat(abs); serr == nil && fi.IsDir() {
		hint = "make " + parent + " writable, or build into a folder inside " + out + ", such as --out " + filepath.Join(out, "site")
	}
	return fmt.Errorf("cannot build into %s: each build is written beside it, in %s, and then swapped in, but %s is not writable (%w); %s", out, parent, parent, err, hint)
}

// checkPaths refuses, before anything is written, any path that is not a
// plain relative path inside the output, and two files at one path or a
// file where another needs a folder.
func checkPaths(files []File) error {
	seen := map[string]bool{Marker: true}
	for _, f := range files {
		if err := plainPath(f.Path); err != nil {
			return err
		}
		if seen[f.Path] {
			return fmt.Errorf("two files would be written to %s", f.Path)
		}
		seen[f.Path] = true
	}
	for _, f := range files { // in order, so the message never depends on map order
		for d := path.Dir(f.Path); d != "."; d = path.Dir(d) {
			if seen[d] {
				return fmt.Errorf("refusing to write %s: %s is a file", f.Path, d)
			}
		}
	}
	return nil
}

// plainPath refuses a path that is not a plain relative path inside the
// output, with forward slashes.
func plainPath(p string) error {
	rel := filepath.FromSlash(p)
	if p == "." || !filepath.IsLocal(rel) || strings.Contains(p, "\\") || p != filepath.ToSlash(filepath.Clean(rel)) {
		return fmt.Errorf("refusing to write %q: not a plain path inside the output", p)
	}
	return nil
}

// sweep clears what an interrupted build of base left in parent. It
// runs under the lock, so none of it is in use. If out is missing and a
// build was killed between its two renames, the previous output is beside
// it, whole: sweep puts it back instead of deleting the only copy.
func (w Writer) sweep(parent, base string, warn func(string)) error {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return fmt.Errorf("failed to read %s: %w", parent, err)
	}
	out := filepath.Join(parent, base)
	_, err = os.Lstat(out)
	missing := errors.Is(err, fs.ErrNotExist)
	var left []string
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() && (strings.HasPrefix(name, "."+base+".sortie-new-") || strings.HasPrefix(name, "."+base+".sortie-old-")) {
			left = append(left, name)
		}
	}
	if missing {
		for _, name := range left {
			prev := filepath.Join(parent, name, "previous")
			if fi, err := os.Lstat(prev); err != nil || !fi.IsDir() || !strings.Contains(name, ".sortie-old-") {
				continue
			}
			if err := w.at("restore"); err != nil {
				return err
			}
			if err := os.Rename(prev, out); err != nil {
				return fmt.Errorf("failed to restore the previous output from %s, left there by an interrupted build: %w", prev, err)
			}
			if err := syncDir(parent); err != nil {
				return err
			}
			break
		}
	}
	for _, name := range left {
		if err := w.at("sweep"); err != nil {
			return err
		}
		// One that cannot be removed holds nothing a build needs: the
		// build goes on and says how to remove it.
		if p := filepath.Join(parent, name); removeAll(p) != nil {
			warn(cannotRemove(p, "left by an earlier build"))
		}
	}
	return nil
}

// removeAll removes p and everything in it, as os.RemoveAll, and where a
// folder in it may not be changed (chmod 555) makes the folders writable
// first: p is a build's own, old output or one an interrupted build left.
func removeAll(p string) error {
	err := os.RemoveAll(p)
	if err == nil || !errors.Is(err, fs.ErrPermission) {
		return err
	}
	// WalkDir visits a folder before it reads it, so even one that may
	// not be read (chmod 000) is opened up in time.
	filepath.WalkDir(p, func(q string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			if fi, ierr := os.Lstat(q); ierr == nil && fi.Mode().Perm()&0o700 != 0o700 {
				os.Chmod(q, fi.Mode().Perm()|0o700)
			}
		}
		return nil
	})
	return os.RemoveAll(p)
}

// cannotRemove says what a build could not remove, and how to.
func cannotRemove(p, what string) string {
	return fmt.Sprintf("could not remove %s, %s: a folder in it may not be changed; remove it with: chmod -R u+w %s && rm -rf %s", p, what, shellQuote(p), shellQuote(p))
}

// shellQuote quotes p for a POSIX shell.
func shellQuote(p string) string {
	if p != "" && strings.Trim(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+") == "" {
		return p
	}
	return "'" + strings.ReplaceAll(p, "'", `'\''`) + "'"
}

// writeFile writes data to a new file. It is synced with the rest of
// the build, before the swap (syncFiles).
func writeFile(name string, data []byte, perm fs.FileMode) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// keep copies each kept name the build did not make from the previous
// output out into the new build dir, as hard links where it can. The
// previous output itself is never changed, so a kill at any point loses
// nothing.
func (w Writer) keep(out, dir string, made map[string]bool) error {
	keeps := w.keeps()
	names := slices.Sorted(maps.Keys(keeps))
	for _, name := range names {
		if made[name] {
			continue // the build's own wins
		}
		src := filepath.Join(out, name)
		if _, err := os.Lstat(src); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err := w.at("keep " + name); err != nil {
			return err
		}
		if err := copyTree(src, filepath.Join(dir, name)); err != nil {
			return fmt.Errorf("failed to keep %s from the previous output: %w", name, err)
		}
	}
	return nil
}

// copyTree copies src to dst: folders, links, and files as hard links, or
// as synced copies where a link cannot be made. Modes are kept.
func copyTree(src, dst string) error {
	type dirMode struct {
		path string
		mode fs.FileMode
	}
	var dirs []dirMode
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		fi, err := os.Lstat(p)
		if err != nil {
			return err
		}
		switch {
		case fi.IsDir():
			dirs = append(dirs, dirMode{target, fi.Mode().Perm()})
			return os.Mkdir(target, 0o700)
		case fi.Mode()&fs.ModeSymlink != 0:
			link, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(link, target)
		case fi.Mode().IsRegular():
			if os.Link(p, target) == nil {
				return nil
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			return writeFile(target, data, fi.Mode().Perm())
		default:
			return fmt.Errorf("%s is not a file, folder or link", p)
		}
	})
	if err != nil {
		return err
	}
	for _, d := range slices.Backward(dirs) {
		if err := os.Chmod(d.path, d.mode); err != nil {
			return err
		}
	}
	return nil
}

// syncTree syncs every folder under dir, dir included, so the names in
// them are on disk.
func syncTree(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		return syncDir(p)
	})
}

// swap puts dir in place of out, keeping the old out whole until the new
// one is in place: one atomic exchange where the system has one, else two
// renames, the previous output kept beside out between them.
// The previous output is removed once the new one is in place; if it
// cannot be, warn says where it is and how to remove it.
func (w Writer) swap(out, dir string, warn func(string)) error {
	// One thread makes the swap's system calls, in order: a tracer
	// counts a process's calls per thread (strace's when=), and the
	// kill test stops a build at the second of the two renames. Under
	// load the second ran on another thread now and then, was never
	// the thread's second, and the build went on unkilled.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	parent := filepath.Dir(out)
	if _, err := os.Lstat(out); errors.Is(err, fs.ErrNotExist) {
		if err := w.at("swap"); err != nil {
			return err
		}
		if err := os.Rename(dir, out); err != nil {
			return fmt.Errorf("failed to put the new build in place: %w", err)
		}
		return syncDir(parent)
	}
	if !w.noExchange {
		if err := w.at("swap"); err != nil {
			return err
		}
		err := exchange(dir, out)
		if err == nil {
			// dir now holds the previous output.
			if err := syncDir(parent); err != nil {
				return err
			}
			if err := w.at("clean"); err != nil {
				return err
			}
			if removeAll(dir) != nil {
				warn(cannotRemove(dir, "the previous build of "+out))
			}
			return nil
		}
		if !errors.Is(err, errNoExchange) {
			return swapFailed(out, err)
		}
	}
	o, err := os.MkdirTemp(parent, "."+filepath.Base(out)+".sortie-old-")
	if err != nil {
		return fmt.Errorf("failed to move the previous %s aside: %w", out, err)
	}
	old := filepath.Join(o, "previous")
	if err := w.at("aside"); err != nil {
		return err
	}
	if err := os.Rename(out, old); err != nil {
		os.Remove(o)
		return swapFailed(out, err)
	}
	if err := w.at("swap"); err != nil {
		return err
	}
	if err := os.Rename(dir, out); err != nil {
		if rerr := os.Rename(old, out); rerr != nil {
			// Keep the previous build where it is: never lose it.
			return fmt.Errorf("failed to put the new build in place (%v), and to restore the previous one, kept at %s: %w", err, old, rerr)
		}
		os.Remove(o)
		return fmt.Errorf("failed to put the new build in place: %w", err)
	}
	if err := syncDir(parent); err != nil {
		return err
	}
	if err := w.at("clean"); err != nil {
		return err
	}
	if removeAll(o) != nil {
		warn(cannotRemove(o, "the previous build of "+out))
	}
	return nil
}

// swapFailed explains a swap that failed, with what to do when out is a
// mount point the check could not see (a bind mount).
func swapFailed(out string, err error) error {
	if errors.Is(err, syscall.EBUSY) || errors.Is(err, syscall.EXDEV) {
		return fmt.Errorf("failed to swap the new build in for %s: %w; if %s is a mount point, build into a folder inside it, such as --out %s", out, err, out, filepath.Join(out, "site"))
	}
	return fmt.Errorf("failed to swap the new build in for %s: %w", out, err)
}
