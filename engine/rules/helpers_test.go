package rules_test

import (
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// realDir is the real 2d6 Sword & Sorcery data inside content.FS.
const realDir = "systems/2d6-sword-and-sorcery"

// src joins lines into a .rules file: line N of the file is lines[N-1].
func src(lines ...string) []byte { return []byte(strings.Join(lines, "\n") + "\n") }

// errLines splits a (possibly joined) error into its messages, one a line.
func errLines(err error) []string {
	if err == nil {
		return nil
	}
	return strings.Split(err.Error(), "\n")
}

// wantErr fails unless one message of err starts with "file:line: " and
// contains every phrase.
func wantErr(t *testing.T, err error, file string, line int, phrases ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("got no error, want %s:%d: %q", file, line, phrases)
	}
	prefix := fmt.Sprintf("%s:%d: ", file, line)
	for _, l := range errLines(err) {
		if !strings.HasPrefix(l, prefix) {
			continue
		}
		ok := true
		for _, p := range phrases {
			if !strings.Contains(l, p) {
				ok = false
			}
		}
		if ok {
			return
		}
	}
	t.Errorf("no error starting %q and containing %q; got:\n%v", prefix, phrases, err)
}

var posRE = regexp.MustCompile(`^(.+?):(\d+): \S`)

// lineCount is the number of lines Parse sees in data.
func lineCount(data []byte) int {
	return strings.Count(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n") + 1
}

// checkErrorShape checks that every message of err, a Parse error for a
// file named name with n lines, starts with "name:LINE: " where LINE is in
// 1..n, and that each joined error is a *rules.Error saying the same.
func checkErrorShape(t *testing.T, err error, name string, n int) {
	t.Helper()
	for _, l := range errLines(err) {
		m := posRE.FindStringSubmatch(l)
		if m == nil || m[1] != name {
			t.Fatalf("error message %q does not start with %q and a line number", l, name+":")
		}
		line, _ := strconv.Atoi(m[2])
		if line < 1 || line > n {
			t.Fatalf("error message %q: line %d outside the file's %d lines", l, line, n)
		}
	}
	var errs []error
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	} else {
		errs = []error{err}
	}
	for _, e := range errs {
		var re *rules.Error
		if !errors.As(e, &re) {
			t.Fatalf("error %q (%T) is not a *rules.Error", e, e)
		}
		if re.Pos.File != name || re.Pos.Line < 1 || re.Pos.Line > n {
			t.Fatalf("error %q has position %v, want %s:1..%d", e, re.Pos, name, n)
		}
	}
}

// realFS is the real system's directory.
func realFS(t testing.TB) fs.FS {
	t.Helper()
	sub, err := fs.Sub(content.FS, realDir)
	if err != nil {
		t.Fatal(err)
	}
	return sub
}

var (
	realOnce sync.Once
	realSet  *rules.Set
	realErr  error
)

// loadReal loads the real system once for the whole test binary.
func loadReal(t testing.TB) *rules.Set {
	t.Helper()
	realOnce.Do(func() { realSet, realErr = rules.Load(realFS(t), realDir) })
	if realErr != nil {
		t.Fatalf("loading the real data: %v", realErr)
	}
	return realSet
}

// realFile returns the text of one real .rules file.
func realFile(t testing.TB, name string) string {
	t.Helper()
	b, err := fs.ReadFile(realFS(t), name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// replaceOnce replaces old with new in s, failing unless old occurs exactly
// once (so a mutation cannot silently miss).
func replaceOnce(t testing.TB, s, old, new string) string {
	t.Helper()
	if n := strings.Count(s, old); n != 1 {
		t.Fatalf("%q occurs %d times, want once", old, n)
	}
	return strings.Replace(s, old, new, 1)
}
