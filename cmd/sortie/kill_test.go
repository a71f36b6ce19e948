package main

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// killPack is the small site the kill test builds, twice over with two
// seeds: a pack of two skirmishes and the system pages give 26 files, 6
// of them booklets, in about a second.
const killPack = `---
title:      Ford
summary:    Two skirmishes at a ford.
system:     two-page-skirmish
seed:       %s
encounters: skirmish 2
---
Two bands meet at a ford.
`

// killPoint is one way to kill a build of the sortie binary. Either
// files is set (the build is killed once its new folder holds that many
// files, found by polling; -1 kills it at once, while it loads and
// renders), or strace holds the arguments of strace's fault injection,
// which kills it at a system call. exact marks a point the build always
// reaches, so a build that finishes instead is a failure; then, when set,
// kills the next build as well (at its recovery).
type killPoint struct {
	name   string
	files  int
	strace []string
	exact  bool
	then   *killPoint
	// twoRenames marks a kill that may leave no output, only the
	// previous one kept aside, as the swap without the exchange does
	// between its two renames; the next build puts it back.
	twoRenames bool
}

// TestKillProcess is the real-process twin of generator/output's TestKill:
// it starts "sortie build" as a child process and SIGKILLs it at many
// moments, over a Pages-style checkout (.git, CNAME), building by turns
// two sites that differ in their seed. After each kill the output must be
// the previous build or the new one, whole, with the checkout's files;
// then the next build must succeed and leave nothing beside the output.
// Kills by polling run everywhere on Linux; those by strace's fault
// injection (at a system call: each make-folder, sync, exchange, rename
// and remove the write makes) skip without strace, unless
// SORTIE_REQUIRE_TOOLS=1.
func TestKillProcess(t *testing.T) {
	t.Parallel() // with TestSameBytesInEveryEnvironment, after the rest: each runs sortie as processes in its own folders
	if testing.Short() {
		t.Skip("builds a site some 60 times")
	}
	bin := buildBinary(t)
	tmp := t.TempDir()
	home := filepath.Join(tmp, "home")
	if err := os.Mkdir(home, 0o755); err != nil {
		t.Fatal(err)
	}
	env := cleanEnv(home)
	sites := [2]string{filepath.Join(tmp, "site-a"), filepath.Join(tmp, "site-b")}
	for i, s := range sites {
		p := filepath.Join(s, "content", "packs", "ford.md")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(s, "sortie.conf"), []byte("title: Kill test\npaper: a4\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(fmt.Sprintf(killPack, "kill-"+"ab"[i:i+1])), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	args := func(i int, out string) []string { return []string{"build", "--source", sites[i], "--out", out} }
	// The two reference builds, each with the checkout's files added as
	// a rebuild keeps them.
	var refs [2]map[string][]byte
	for i := range sites {
		out := filepath.Join(tmp, "ref", "ab"[i:i+1])
		if msg, err := sortieProc(bin, tmp, env, "", args(i, out)...); err != nil {
			t.Fatalf("reference build: %v\n%s", err, msg)
		}
		refs[i] = readTree(t, out)
		refs[i][".git/HEAD"] = []byte("ref: refs/heads/gh-pages\n")
		refs[i]["CNAME"] = []byte("example.org\n")
	}
	if len(treeDiff(refs[0], refs[1], nil)) == 0 {
		t.Fatal("the two sites build the same bytes: a kill could not tell them apart")
	}

	deploy := filepath.Join(tmp, "deploy")
	out := filepath.Join(deploy, "public")
	for name, data := range map[string]string{".git/HEAD": "ref: refs/heads/gh-pages\n", "CNAME": "example.org\n"} {
		p := filepath.Join(out, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cur := 0
	if msg, err := sortieProc(bin, tmp, env, "", args(cur, out)...); err != nil {
		t.Fatalf("first build: %v\n%s", err, msg)
	}

	points := []killPoint{{name: "at once", files: -1}}
	for _, n := range []int{0, 1, 3, 8, 15, 22, 24} {
		points = append(points, killPoint{name: fmt.Sprintf("%d files written", n), files: n})
	}
	strace, err := exec.LookPath("strace")
	if err != nil {
		if os.Getenv("SORTIE_REQUIRE_TOOLS") == "1" {
			t.Fatal("strace not found (apt-get install strace) (SORTIE_REQUIRE_TOOLS=1 makes this an error)")
		}
		t.Log("strace not found: the kills at system calls are left out (SORTIE_REQUIRE_TOOLS=1 makes this an error)")
	} else {
		inject := func(call, when string) []string {
			return []string{"-e", "trace=" + call, "-e", "inject=" + call + ":signal=SIGKILL:when=" + when}
		}
		noExchange := func(call, when string) []string {
			return []string{"-e", "trace=renameat2," + call, "-e", "inject=renameat2:error=EINVAL", "-e", "inject=" + call + ":signal=SIGKILL:when=" + when}
		}
		for _, when := range []string{"1", "2", "5"} {
			points = append(points, killPoint{name: "make folder " + when, strace: inject("mkdirat", when), exact: when == "1"})
		}
		for _, when := range []string{"1", "2", "10", "20", "30"} {
			points = append(points, killPoint{name: "sync " + when, strace: inject("fsync", when), exact: when == "1"})
		}
		points = append(points, killPoint{name: "syncfs", strace: inject("syncfs", "1"), exact: true})
		points = append(points, killPoint{name: "the exchange", strace: inject("renameat2", "1"), exact: true})
		for _, when := range []string{"1", "10", "20"} {
			points = append(points, killPoint{name: "remove " + when, strace: inject("unlinkat", when), exact: when == "1"})
		}
		// Without the exchange (an old kernel, a file system without it):
		// two renames, the previous output kept aside between them.
		aside, between, clean := noExchange("renameat", "1"), noExchange("renameat", "2"), noExchange("unlinkat", "1")
		points = append(points,
			killPoint{name: "two renames: moving the previous output aside", strace: aside, exact: true},
			killPoint{name: "two renames: between them", strace: between, exact: true, twoRenames: true},
			killPoint{name: "two renames: between them, then the next build at its restore", strace: between, exact: true, twoRenames: true,
				then: &killPoint{name: "restoring the previous output", strace: inject("renameat", "1"), exact: true, twoRenames: true}},
			killPoint{name: "two renames: between them, then the next build at its sweep", strace: between, exact: true, twoRenames: true,
				then: &killPoint{name: "sweeping what the killed build left", strace: inject("unlinkat", "1"), exact: true}},
			killPoint{name: "two renames: clean-up", strace: clean, exact: true},
		)
	}

	kills := 0
	for _, p := range points {
		next := 1 - cur
		for k := &p; k != nil; k = k.then {
			killed, note := killBuild(t, bin, strace, tmp, env, *k, args(next, out), filepath.Dir(out))
			switch {
			case killed:
				kills++
			case k.exact:
				t.Errorf("%s: the build was not killed there (%s)", k.name, note)
			default:
				t.Logf("%s: the build finished before the kill (%s)", k.name, note)
			}
			where := out
			if _, err := os.Lstat(out); err != nil && k.twoRenames {
				// Killed between the two renames: the previous output
				// must be whole where the next build restores it from.
				prev, _ := filepath.Glob(filepath.Join(deploy, ".public.sortie-old-*", "previous"))
				if len(prev) != 1 {
					t.Fatalf("%s: killed, it leaves no output and %d previous outputs aside", k.name, len(prev))
				}
				where = prev[0]
			} else if err != nil {
				t.Fatalf("%s: killed, it leaves no output: %v", k.name, err)
			}
			got := readTree(t, where)
			if d0, d1 := treeDiff(refs[cur], got, nil), treeDiff(refs[next], got, nil); len(d0) > 0 && len(d1) > 0 {
				t.Fatalf("%s: killed, %s is neither build, whole: as the previous: %v; as the new: %v", k.name, where, d0, d1)
			}
		}
		if msg, err := sortieProc(bin, tmp, env, "", args(next, out)...); err != nil {
			t.Fatalf("%s: the build after the kill failed: %v\n%s", p.name, err, msg)
		}
		if d := treeDiff(refs[next], readTree(t, out), nil); len(d) > 0 {
			t.Fatalf("%s: the build after the kill is not whole: %v", p.name, d)
		}
		if names := listing(t, deploy); len(names) != 1 {
			t.Fatalf("%s: the build after the kill leaves %v beside the output", p.name, names)
		}
		cur = next
	}
	t.Logf("%d kills survived at %d points", kills, len(points))
	if kills < len(points)/2 {
		t.Errorf("only %d of %d kill points killed a build", kills, len(points))
	}
}

// killBuild runs one build and kills it at p; it reports whether the
// build died by SIGKILL, and at how many files when killed by polling.
func killBuild(t *testing.T, bin, strace, dir string, env map[string]string, p killPoint, args []string, parent string) (killed bool, note string) {
	t.Helper()
	argv := append([]string{bin}, args...)
	if p.strace != nil {
		argv = append(append([]string{strace, "-f", "-qq", "-o", "/dev/null"}, p.strace...), argv...)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = environ(env)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	seen := -1
	if p.strace == nil {
		// Poll the new build's folder until it holds p.files files.
		staged := filepath.Join(parent, "."+filepath.Base(args[len(args)-1])+".sortie-new-*")
	poll:
		for {
			if p.files < 0 {
				cmd.Process.Signal(syscall.SIGKILL)
				break
			}
			if n := countFiles(staged); n >= p.files {
				seen = n
				cmd.Process.Signal(syscall.SIGKILL)
				break
			}
			select {
			case err := <-done:
				done <- err
				break poll
			case <-time.After(200 * time.Microsecond):
			}
		}
	}
	err := <-done
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL {
		return true, fmt.Sprintf("killed at %d files", seen)
	}
	if err != nil {
		t.Fatalf("%s: the build failed without being killed: %v", p.name, err)
	}
	return false, "it exited 0"
}

// countFiles counts the files under the folders that match pattern, -1
// when none does.
func countFiles(pattern string) int {
	dirs, _ := filepath.Glob(pattern)
	if len(dirs) == 0 {
		return -1
	}
	n := 0
	for _, d := range dirs {
		filepath.WalkDir(d, func(_ string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() && !strings.HasPrefix(e.Name(), ".sortie") {
				n++
			}
			return nil
		})
	}
	return n
}
