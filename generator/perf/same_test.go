//go:build linux

package perf_test

import (
	"flag"
	"path/filepath"
	"testing"
)

var same = flag.String("same", "", "the pages comparison's baseline (i): a sortie binary built from an earlier commit whose pages this build must give again (issue 37: 50d8b1d)")

// samePagesAsBase builds the default site and the 1,000-encounter site
// of (c) with this binary and with -same's, and compares their PDFs page
// by page (samePages): a change to how the booklet is built that was
// meant to leave the pages as they were must list none.
func samePagesAsBase(t *testing.T, rep *reporter, bin string) {
	rep.printf("\n(i) the same pages as -same's: the default site and the 1,000-encounter site\n")
	if *same == "" {
		rep.printf("    skipped: no -same binary given (make bench SAME=path/to/an/earlier/sortie)\n")
		return
	}
	base, err := filepath.Abs(*same)
	if err != nil {
		t.Fatalf("failed to find -same %s: %v", *same, err)
	}
	rep.printf("    base: %s (%s)\n", firstLine(output(t, base, "--version")), base)
	dir := t.TempDir()
	site := filepath.Join(dir, "site")
	sortieSite(t, site, 1000, "a4", packShapes(t))
	for _, s := range []struct {
		name string
		args []string
	}{
		{"default site (--month 2026-11)", []string{"--month", "2026-11"}},
		{"1,000-encounter site", []string{"--source", site}},
	} {
		rep.printf("    %s:\n", s.name)
		for _, side := range []struct{ bin, out string }{{bin, "this"}, {base, "base"}} {
			args := append([]string{"build", "--out", filepath.Join(dir, side.out)}, s.args...)
			output(t, side.bin, args...)
		}
		samePages(t, rep, filepath.Join(dir, "this"), filepath.Join(dir, "base"))
	}
}
