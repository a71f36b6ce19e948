package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBuildDraftsFuture: "sortie build" leaves out a draft and a pack
// dated after the build's day, warning at each line; --drafts and
// --future build them; --baseurl replaces the site's base URL.
func TestBuildDraftsFuture(t *testing.T) {
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "s")
	if _, errs, code := runIn(t, tmp, "new", "site", dir); code != 0 {
		t.Fatal(errs)
	}
	write := func(name, data string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("content/pages/wip.md", "---\ntitle: Work in progress\ndraft: true\n---\nNot yet.\n")
	write("content/packs/yule.md", "---\ntitle: Yule Raid\nsystem: 2d6-sword-and-sorcery\nseed: yule\nencounters: raid\ndate: 2026-12-24\n---\n")
	public := filepath.Join(dir, "public")
	// testHost's clock says 15 November 2026.
	out, errs, code := runIn(t, dir, "build", "--paper", "none")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, w := range []string{
		"sortie: warning: " + filepath.Join(dir, "content/pages/wip.md") + ":3: a draft: left out of the build (--drafts builds it)\n",
		"sortie: warning: " + filepath.Join(dir, "content/packs/yule.md") + ":6: date 2026-12-24 is after the build's day, 2026-11-15: left out",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("no %q in\n%s", w, out)
		}
	}
	if _, err := os.Stat(filepath.Join(public, "packs/yule/index.html")); err == nil {
		t.Error("the future pack was built")
	}
	if feed, _ := os.ReadFile(filepath.Join(public, "feed.xml")); strings.Contains(string(feed), "Yule") {
		t.Error("the future pack is in the feed")
	}

	// --month 2026-12 builds as of 31 December: the pack is due.
	if out, errs, code = runIn(t, dir, "build", "--paper", "none", "--month", "2026-12"); code != 0 || strings.Contains(out, "yule.md") {
		t.Fatalf("--month 2026-12: exit %d\n%s%s", code, out, errs)
	}
	if _, err := os.Stat(filepath.Join(public, "packs/yule/index.html")); err != nil {
		t.Error("--month 2026-12 left the pack out")
	}

	out, errs, code = runIn(t, dir, "build", "--paper", "none", "--drafts", "--future", "--baseurl", "https://example.org/mine")
	if code != 0 || strings.Contains(out, "warning") {
		t.Fatalf("--drafts --future: exit %d\n%s%s", code, out, errs)
	}
	for _, f := range []string{"pages/wip.html", "packs/yule/index.html"} {
		if _, err := os.Stat(filepath.Join(public, f)); err != nil {
			t.Error(err)
		}
	}
	if sm, _ := os.ReadFile(filepath.Join(public, "sitemap.xml")); !strings.Contains(string(sm), "<loc>https://example.org/mine/packs/yule/index.html</loc>") {
		t.Errorf("--baseurl: sitemap.xml\n%s", sm)
	}
	_, errs, code = runIn(t, dir, "build", "--paper", "none", "--baseurl", "example.org")
	if code != 1 || !strings.Contains(errs, `sortie: --baseurl "example.org": want the address the site is published at`) {
		t.Errorf("bad --baseurl: exit %d %s", code, errs)
	}
}

// TestBuildDay: the build's day is the last day of --month, else the day
// of SOURCE_DATE_EPOCH, else the clock's, else none.
func TestBuildDay(t *testing.T) {
	h := testHost()
	for _, c := range []struct {
		month, epoch string
		noClock      bool
		want         string
	}{
		{"2026-02", "", false, "2026-02-28"},
		{"2028-02", "1800000000", false, "2028-02-29"},
		{"", "1800000000", false, "2027-01-15"},
		{"", "", false, "2026-11-15"},
		{"", "", true, ""},
	} {
		h.getenv = func(k string) string {
			if k == "SOURCE_DATE_EPOCH" {
				return c.epoch
			}
			return ""
		}
		h.now = testHost().now
		if c.noClock {
			h.now = nil
		}
		d, err := buildDay(c.month, h)
		got := ""
		if !d.IsZero() {
			got = d.Format(time.DateOnly)
		}
		if err != nil || got != c.want {
			t.Errorf("%+v: %q, %v; want %q", c, got, err, c.want)
		}
	}
}

// TestBuildCPUProfile: --cpuprofile writes a profile "go tool pprof"
// reads (gzipped protocol buffers), and a profile it cannot create is an
// error naming what failed.
func TestBuildCPUProfile(t *testing.T) {
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "s")
	if _, errs, code := runIn(t, tmp, "new", "site", dir); code != 0 {
		t.Fatal(errs)
	}
	prof := filepath.Join(tmp, "cpu.prof")
	if _, errs, code := runIn(t, dir, "build", "--paper", "none", "-q", "--cpuprofile", prof); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(prof)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		t.Errorf("--cpuprofile wrote %d bytes, not a gzipped profile", len(data))
	}
	_, errs, code := runIn(t, dir, "build", "--paper", "none", "-q", "--cpuprofile", filepath.Join(tmp, "no", "such", "cpu.prof"))
	if code != 1 || !strings.Contains(errs, "sortie: failed to create the CPU profile: ") {
		t.Errorf("unwritable --cpuprofile: exit %d %s", code, errs)
	}
}
