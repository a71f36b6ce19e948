package main

import (
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// envMonth is the month every environment variant builds the series up
// to (but the one that takes it from SOURCE_DATE_EPOCH).
const envMonth = "2026-11"

// envVariant is one environment a site is built in: env
// changes the clean environment (a value of "-" unsets the name), dir is
// where sortie starts (the test's folder when empty), args replace the
// usual --source SITE --month, umask is set by a shell first, and dated
// marks a build whose PDFs carry another date on purpose, so only the
// other files are compared; whole marks the built-in default site,
// compared with the default site whole as written out on disk.
type envVariant struct {
	name  string
	env   map[string]string
	dir   string
	args  []string
	umask string
	dated bool
	whole bool
}

// TestSameBytesInEveryEnvironment builds a site (A4 booklets only, to
// halve the time: Letter is the same code with other numbers, and
// TestSameBytesOnEveryCPU and make reproducible build it) with the sortie
// binary once as a baseline (TZ=UTC, no locale, HOME set, umask as the
// test's) and then once in each environment of the table, and compares
// every output file byte for byte with the baseline. The table's length
// is the "environments compared" figure of docs/reliability.md.
//
// The site is envSite: the default site as "sortie new site
// --from-default" writes it, less its longest parts, with every system,
// kind of page and booklet, a campaign and the series still in it. Its
// size adds nothing to what an environment could change (a date, the
// order of a listing, a letter's case, which job finishes first), and
// it builds in a fifth of the time, 18 times over. The default site
// whole is built twice: written out on disk and built in (no --source),
// which must be the same bytes (the one check that the copy "sortie new
// site --from-default" writes builds as the embedded site does:
// generator/skeleton's TestFromDefault checks the copy's files and
// leaves the builds to this test); make reproducible builds it whole in
// two time zones, and generator's TestBuildIsReproducible in two more.
func TestSameBytesInEveryEnvironment(t *testing.T) {
	t.Parallel() // with TestKillProcess, after the rest: each runs sortie as processes in its own folders
	if testing.Short() {
		t.Skip("builds a site once per environment")
	}
	bin := buildBinary(t)
	tmp := t.TempDir()
	home := filepath.Join(tmp, "home")
	empty := filepath.Join(tmp, "empty")
	if err := os.Mkdir(home, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	full := filepath.Join(tmp, "default")
	if msg, err := sortieProc(bin, tmp, cleanEnv(home), "", "new", "site", full, "--from-default"); err != nil {
		t.Fatalf("sortie new site --from-default: %v\n%s", err, msg)
	}
	site := filepath.Join(tmp, "site")
	copyInOrder(t, full, site)
	envSite(t, site)
	// The same site at a path with spaces and letters beyond ASCII.
	odd := filepath.Join(tmp, "my sites", "Säbel & Schild — ソーティ")
	copyInOrder(t, site, odd)
	// The same site with every folder listing its entries in the reverse
	// of the baseline's order: on tmpfs a folder lists the newest entry
	// first, so creating them in the baseline's order turns it round.
	orderRoot := tmp
	if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
		if d, err := os.MkdirTemp("/dev/shm", "sortie-env-"); err == nil {
			orderRoot = d
			t.Cleanup(func() { os.RemoveAll(d) })
		}
	}
	reversed := filepath.Join(orderRoot, "site")
	copyInOrder(t, site, reversed)
	a, b := listing(t, filepath.Join(site, "content", "packs")), listing(t, filepath.Join(reversed, "content", "packs"))
	if slices.Equal(a, b) {
		if orderRoot != tmp {
			t.Errorf("content/packs lists %v in both copies: the file-order variant tests nothing", a)
		} else {
			t.Logf("no tmpfs at /dev/shm: the file-order copy may list its folders in the baseline's order")
		}
	}

	variants := []envVariant{
		{name: "TZ=Asia/Tokyo", env: map[string]string{"TZ": "Asia/Tokyo"}},
		{name: "TZ=America/St_Johns", env: map[string]string{"TZ": "America/St_Johns"}},
		{name: "TZ=Pacific/Kiritimati", env: map[string]string{"TZ": "Pacific/Kiritimati"}},
		{name: "LANG=C", env: map[string]string{"LANG": "C", "LC_ALL": "C"}},
		{name: "LANG=tr_TR.UTF-8", env: map[string]string{"LANG": "tr_TR.UTF-8", "LC_ALL": "tr_TR.UTF-8"}},
		{name: "LANG=de_DE.UTF-8", env: map[string]string{"LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8"}},
		{name: "GOMAXPROCS=1", env: map[string]string{"GOMAXPROCS": "1"}},
		{name: "GOMAXPROCS=2", env: map[string]string{"GOMAXPROCS": "2"}},
		{name: "GOMAXPROCS=8", env: map[string]string{"GOMAXPROCS": "8"}},
		{name: "started in the site's root, no --source", dir: site, args: []string{"--month", envMonth}},
		{name: "started in content/packs with --source ../..", dir: filepath.Join(site, "content", "packs"), args: []string{"--source", "../..", "--month", envMonth}},
		{name: "a path with spaces and non-ASCII letters", dir: odd, args: []string{"--month", envMonth}},
		{name: "folders listing their files in reverse order", args: []string{"--source", reversed, "--month", envMonth}},
		{name: "the built-in site (no --source)", dir: empty, args: []string{"--month", envMonth}, whole: true},
		{name: "umask 077", umask: "077"},
		{name: "HOME unset", env: map[string]string{"HOME": "-"}},
		{name: "SOURCE_DATE_EPOCH=0, the default date, set", env: map[string]string{"SOURCE_DATE_EPOCH": "0"}},
		{name: "the month from SOURCE_DATE_EPOCH, no --month", env: map[string]string{"SOURCE_DATE_EPOCH": "1794700800"}, args: []string{"--source", site}, dated: true},
	}

	build := func(v envVariant, out string) map[string][]byte {
		t.Helper()
		env := cleanEnv(home)
		for k, val := range v.env {
			if val == "-" {
				delete(env, k)
			} else {
				env[k] = val
			}
		}
		dir := v.dir
		if dir == "" {
			dir = tmp
		}
		args := v.args
		if args == nil {
			args = []string{"--source", site, "--month", envMonth}
		}
		args = append([]string{"build", "--out", out, "--paper", "a4"}, args...)
		if msg, err := sortieProc(bin, dir, env, v.umask, args...); err != nil {
			t.Fatalf("%s: sortie %s: %v\n%s", v.name, strings.Join(args, " "), err, msg)
		}
		return readTree(t, out)
	}
	want := build(envVariant{name: "baseline"}, filepath.Join(tmp, "out", "baseline"))
	wantWhole := build(envVariant{name: "the default site whole", args: []string{"--source", full, "--month", envMonth}}, filepath.Join(tmp, "out", "whole"))
	if len(want) < 50 || len(wantWhole) <= len(want) {
		t.Fatalf("the baseline build wrote %d files, the default site whole %d", len(want), len(wantWhole))
	}
	t.Logf("baseline: %d files; the default site whole: %d", len(want), len(wantWhole))
	for i, v := range variants {
		got := build(v, filepath.Join(tmp, "out", "variant-"+strconv.Itoa(i)))
		var skip func(string) bool
		if v.dated {
			// A PDF records the day it was built, and the offline
			// worker lists every file by a hash of its bytes.
			skip = func(name string) bool { return path.Ext(name) == ".pdf" || name == "sw.js" }
		}
		base := want
		if v.whole {
			base = wantWhole
		}
		for _, d := range treeDiff(base, got, skip) {
			t.Errorf("%s: %s", v.name, d)
		}
	}
}

// envSite trims the copy of the default site in dir to the environment
// test's site: it drops the six-month campaign and four of the seven
// packs, and shortens The Long Road to three encounters. What stays
// rolls encounters of every system (the packs for Sword & Spear Fantasy,
// Chain Reaction and Two-Page Skirmish, the campaign for 2d6 Sword &
// Sorcery, the monthly series for Swordplay), flat and folded, with play
// sheets, a campaign's chart and entries, the pages, and every system's
// pages and Quick Reference Sheet. It builds in about 6 s of CPU time,
// the default site in 29 (A4).
func envSite(t *testing.T, dir string) {
	t.Helper()
	for _, name := range []string{"campaigns/half-a-year-of-swords.md", "packs/marsh-and-ruin.md", "packs/patrol-police.md", "packs/orc-border.md", "packs/northmen-raids.md"} {
		if err := os.Remove(filepath.Join(dir, "content", filepath.FromSlash(name))); err != nil {
			t.Fatal(err)
		}
	}
	road := filepath.Join(dir, "content", "campaigns", "the-long-road.md")
	data, err := os.ReadFile(road)
	if err != nil {
		t.Fatal(err)
	}
	short := strings.Replace(string(data), "\nsteps:   12\n", "\nsteps:   3\n", 1)
	if short == string(data) {
		t.Fatalf("%s has no line \"steps:   12\" to shorten", road)
	}
	if err := os.WriteFile(road, []byte(short), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, kind := range []string{"packs", "campaigns", "series", "pages", "systems"} {
		if names := listing(t, filepath.Join(dir, "content", kind)); len(names) == 0 {
			t.Fatalf("the environment test's site has no %s", kind)
		}
	}
}

// sortieProc runs the sortie binary in dir with exactly env, after
// "umask U" when umask is set, and returns what it printed.
func sortieProc(bin, dir string, env map[string]string, umask string, args ...string) ([]byte, error) {
	argv := append([]string{bin}, args...)
	if umask != "" {
		argv = append([]string{"/bin/sh", "-c", `umask ` + umask + ` && exec "$@"`, "sh"}, argv...)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = environ(env)
	return cmd.CombinedOutput()
}

// copyInOrder copies the tree src to dst, creating each folder's entries
// in the order src's folder lists them (unsorted, as the file system
// gives them).
func copyInOrder(t *testing.T, src, dst string) {
	t.Helper()
	fi, err := os.Stat(src)
	if err != nil {
		t.Fatal(err)
	}
	if !fi.IsDir() {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range listing(t, src) {
		copyInOrder(t, filepath.Join(src, name), filepath.Join(dst, name))
	}
}

// listing returns a folder's names in the order the file system lists
// them.
func listing(t *testing.T, dir string) []string {
	t.Helper()
	f, err := os.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	names, err := f.Readdirnames(-1)
	if err != nil {
		t.Fatal(err)
	}
	return names
}
