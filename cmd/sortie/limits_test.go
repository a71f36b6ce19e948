package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestTightLimits runs "sortie build" under limits too tight for Go's
// runtime (ulimit -n 8, where it died with a dump of every goroutine; an
// address space under what Go reserves): it must exit 1 with one line
// saying which limit and how to raise it.
func TestTightLimits(t *testing.T) {
	bin := buildBinary(t)
	for _, c := range []struct{ ulimit, want string }{
		{"-n 8", "sortie: only 8 files may be open at once (ulimit -n): Sortie needs 16; raise the limit"},
		{"-n 12", "sortie: only 12 files may be open at once (ulimit -n)"},
		{"-v 2000000", "sortie: the address space is limited to 1953 MiB (ulimit -v 2000000): Sortie needs 2304 MiB"},
	} {
		cmd := exec.Command("/bin/sh", "-c", "ulimit "+c.ulimit+" && exec \"$@\"", "sh", bin, "build", "--out", t.TempDir()+"/public")
		cmd.Dir = t.TempDir()
		out, err := cmd.CombinedOutput()
		ee, ok := err.(*exec.ExitError)
		if !ok || ee.ExitCode() != 1 {
			t.Errorf("ulimit %s: %v, want exit 1", c.ulimit, err)
		}
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		if len(lines) != 1 || !strings.HasPrefix(lines[0], c.want) {
			t.Errorf("ulimit %s: said %d lines:\n%.600s\nwant one: %q", c.ulimit, len(lines), out, c.want)
		}
	}
}
