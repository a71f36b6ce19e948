package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// monthSite writes a site with one monthly series that starts in
// September 2026.
func monthSite(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"sortie.conf": "title: Monthly\npaper: a4\n",
		"content/series/fight.md": "---\ntitle: Fight of the Month\nsystem: 2d6-sword-and-sorcery\nseed: fotm\n" +
			"encounters: explore, raid, defend\nstart: 2026-09\n---\nA fight a month.\n",
	}
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func sortieAt(t *testing.T, h host, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, &out, &errb, h)
	return out.String(), errb.String(), code
}

// TestMonth prints a month's encounter: the month named, else the month
// of SOURCE_DATE_EPOCH, else the clock's, saying which and how to repeat
// it.
func TestMonth(t *testing.T) {
	dir := monthSite(t)
	stdout, stderr, code := sortie(t, "month", "--source", dir, "--month", "2026-10")
	if code != 0 || !strings.Contains(stdout, "# 2d6 Sword & Sorcery: Raid") || !strings.Contains(stdout, "stream `month/2026-10/raid`") || stderr != "" {
		t.Errorf("exit %d, stderr %q, stdout:\n%s", code, stderr, stdout)
	}
	h := testHost()
	h.getenv = func(k string) string {
		if k == "SOURCE_DATE_EPOCH" {
			return strconv.FormatInt(time.Date(2026, 11, 15, 0, 0, 0, 0, time.UTC).Unix(), 10)
		}
		return ""
	}
	stdout, stderr, code = sortieAt(t, h, "month", "--source", dir)
	if code != 0 || !strings.Contains(stdout, "stream `month/2026-11/defend`") || !strings.Contains(stderr, "sortie: November 2026, from SOURCE_DATE_EPOCH (pass --month 2026-11 to print it again)") {
		t.Errorf("SOURCE_DATE_EPOCH: exit %d, stderr %q", code, stderr)
	}
	h = testHost()
	h.now = func() time.Time { return time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC) }
	stdout, stderr, code = sortieAt(t, h, "month", "--source", dir)
	if code != 0 || !strings.Contains(stdout, "stream `month/2026-12/explore`") || !strings.Contains(stderr, "from the clock") {
		t.Errorf("clock: exit %d, stderr %q", code, stderr)
	}
	// The built-in site's series.
	if stdout, stderr, code := sortie(t, "month", "--month", "2026-10"); code != 0 || !strings.Contains(stdout, "stream `month/2026-10/raid-attack`") {
		t.Errorf("built-in series: exit %d, %s", code, stderr)
	}
	bare := t.TempDir()
	if err := os.WriteFile(filepath.Join(bare, "sortie.conf"), []byte("title: Bare\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"month", "--source", dir, "--month", "2026-8"}, `sortie: --month: month "2026-8": want YYYY-MM, such as 2026-11`},
		{[]string{"month", "--source", dir, "--month", "2026-08"}, "the series starts in September 2026: nothing is rolled for August 2026"},
		{[]string{"month", "--source", dir, "--month", "2026-10", "--series", "other"}, `no series "other" (the site has fight)`},
		{[]string{"month", "--source", bare, "--month", "2026-10"}, "the site has no monthly series"},
	} {
		_, stderr, code := sortie(t, c.args...)
		if code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, stderr, c.want)
		}
	}
}

// TestBuildMonth builds a site with a series: --month sets the month;
// without it the build says which month it used and how to repeat it.
func TestBuildMonth(t *testing.T) {
	dir := monthSite(t)
	out := filepath.Join(t.TempDir(), "public")
	stdout, stderr, code := sortie(t, "build", "--source", dir, "--out", out, "--month", "2026-10")
	if code != 0 || strings.Contains(stdout, "built up to") {
		t.Fatalf("exit %d: %s %s", code, stdout, stderr)
	}
	for _, f := range []string{"series/fight/index.html", "series/fight/2026-09.html", "series/fight/2026-10.html", "series/fight/fight-2026-10-a4.pdf", "feed.xml", "feed.json"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	h := testHost()
	h.now = func() time.Time { return time.Date(2026, 11, 30, 23, 0, 0, 0, time.UTC) }
	stdout, stderr, code = sortieAt(t, h, "build", "--source", dir, "--out", out)
	if code != 0 || !strings.Contains(stdout, "sortie: monthly series built up to 2026-11, from the clock (pass --month 2026-11 to build it again)") {
		t.Errorf("exit %d: %s %s", code, stdout, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "series/fight/2026-11.html")); err != nil {
		t.Error(err)
	}
	h = testHost()
	h.now = nil
	_, stderr, code = sortieAt(t, h, "build", "--source", dir, "--out", out)
	if code == 0 || !strings.Contains(stderr, "a monthly series needs the month to build up to: pass --month YYYY-MM") {
		t.Errorf("no month and no clock: exit %d, %s", code, stderr)
	}
}

// TestBuildWarnings: what a site holds that the build does not use is
// printed as a warning at its path before the summary line.
func TestBuildWarnings(t *testing.T) {
	dir := monthSite(t)
	if err := os.WriteFile(filepath.Join(dir, "content", "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := sortie(t, "build", "--source", dir, "--month", "2026-09")
	if code != 0 || !strings.Contains(stdout, "sortie: warning: "+filepath.Join(dir, "content", "notes.txt")+": not read") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
