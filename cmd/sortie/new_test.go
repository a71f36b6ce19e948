package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestNewEntries: "sortie new pack|campaign|series NAME" writes a
// commented starter file into the site it is run in, for any system that
// has that kind, and the site builds at once with each; with the option
// lines its comments offer filled in, it builds too.
func TestNewEntries(t *testing.T) {
	tmp := t.TempDir()
	site := filepath.Join(tmp, "mysite")
	if _, errs, code := runIn(t, tmp, "new", "site", site); code != 0 {
		t.Fatalf("new site: exit %d: %s", code, errs)
	}
	in := filepath.Join(site, "content")
	for _, c := range []struct {
		args []string
		file string
	}{
		{[]string{"new", "pack", "Goblin Hill: Part #2"}, "content/packs/goblin-hill-part-2.md"},
		{[]string{"new", "pack", "border-raids", "--system", "chain-reaction-3"}, "content/packs/border-raids.md"},
		{[]string{"new", "pack", "Pike and Shot", "--system", "two-page-skirmish"}, "content/packs/pike-and-shot.md"},
		{[]string{"new", "campaign", "the-long-road", "--system", "swordplay"}, "content/campaigns/the-long-road.md"},
		{[]string{"new", "series", "Club Fights", "--system", "sword-and-spear-fantasy"}, "content/series/club-fights.md"},
	} {
		out, errs, code := runIn(t, in, c.args...)
		want := filepath.Join(site, filepath.FromSlash(c.file))
		if code != 0 || !strings.Contains(out, "sortie: wrote "+want+"\n") {
			t.Fatalf("%v: exit %d\n%s%s", c.args, code, out, errs)
		}
	}
	pack, _ := os.ReadFile(filepath.Join(site, "content/packs/goblin-hill-part-2.md"))
	for _, want := range []string{
		"title:      \"Goblin Hill: Part #2\"\n", // quoted, so ": " and " #" stay in the title
		"seed:       goblin-hill-part-2\n",
		"encounters: explore, raid, defend\n",
		"# elves-silver, goblins, orcs, wererats, brigands.\n", // the site's own army list too
		"# enemies:    enemy\n",
	} {
		if !strings.Contains(string(pack), want) {
			t.Errorf("the pack lacks %q:\n%s", want, pack)
		}
	}
	series, _ := os.ReadFile(filepath.Join(site, "content/series/club-fights.md"))
	if !strings.Contains(string(series), "start:      2026-11\n") || !strings.Contains(string(series), "# recruits:   rolled\n") {
		t.Errorf("the series does not start this month or offer recruits:\n%s", series)
	}

	build := func() {
		t.Helper()
		out, errs, code := runIn(t, site, "build", "--paper", "none", "--month", "2026-12")
		if code != 0 || strings.Contains(out, "warning") {
			t.Fatalf("build: exit %d\n%s%s", code, out, errs)
		}
		exists(t, filepath.Join(site, "public"), "packs/goblin-hill-part-2/encounter-3.html", "packs/border-raids/index.html",
			"packs/pike-and-shot/encounter-1.html", "campaigns/the-long-road/index.html", "series/club-fights/2026-12.html")
	}
	build()
	// Each option line the comments offer, filled in as written, builds.
	option := regexp.MustCompile(`(?m)^# (enemies|recruits): `)
	for _, f := range []string{"content/packs/goblin-hill-part-2.md", "content/packs/pike-and-shot.md", "content/campaigns/the-long-road.md", "content/series/club-fights.md"} {
		p := filepath.Join(site, filepath.FromSlash(f))
		data, _ := os.ReadFile(p)
		if !option.Match(data) {
			t.Errorf("%s offers no option line", f)
		}
		if err := os.WriteFile(p, option.ReplaceAll(data, []byte("$1: ")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	build()
	home, _ := os.ReadFile(filepath.Join(site, "public", "index.html"))
	if !strings.Contains(string(home), "Goblin Hill: Part #2") {
		t.Error("the home page does not list the new pack by its title")
	}
}

// TestNewEntryRefused: nothing is written over, nothing is written
// outside a site, and a system without that kind says which have it.
func TestNewEntryRefused(t *testing.T) {
	tmp := t.TempDir()
	site := filepath.Join(tmp, "mysite")
	if _, errs, code := runIn(t, tmp, "new", "site", site); code != 0 {
		t.Fatalf("new site: exit %d: %s", code, errs)
	}
	before, _ := os.ReadFile(filepath.Join(site, "content/packs/brigands-in-the-hills.md"))
	for _, c := range []struct {
		dir  string
		args []string
		want string
	}{
		{site, []string{"new", "pack", "brigands-in-the-hills"}, "sortie: refusing to write " + filepath.Join(site, "content", "packs", "brigands-in-the-hills.md") + ": it exists\nsortie: hint: pick another name, or edit that file\n"},
		{tmp, []string{"new", "pack", "x"}, "sortie: no site to write the pack into\nsortie: hint: run it in your site's folder"},
		{site, []string{"new", "campaign", "x", "--system", "chain-reaction-3"}, "sortie: system chain-reaction-3 has no campaign procedures in Sortie, so it has no campaigns\nsortie: hint: campaigns: 2d6-sword-and-sorcery, swordplay\n"},
		{site, []string{"new", "series", "x", "--system", "nope"}, "sortie: hint: run \"sortie systems\" to list them\n"},
		{site, []string{"new", "pack", "!!"}, "sortie: name \"!!\" gives no slug: use letters or digits\n"},
		{site, []string{"new", "pack", "con"}, "is a device name on Windows"},
	} {
		_, errs, code := runIn(t, c.dir, c.args...)
		if code != 1 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q: want %q", c.args, code, errs, c.want)
		}
	}
	if after, _ := os.ReadFile(filepath.Join(site, "content/packs/brigands-in-the-hills.md")); string(after) != string(before) {
		t.Error("the starter's pack was written over")
	}
}

// TestSuggestions: a mistyped command, subcommand or flag gets a "did you
// mean"; "-v" is --version, only at the top level.
func TestSuggestions(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"buidl"}, "sortie: unknown command \"buidl\" for \"sortie\"\nsortie: hint: did you mean \"sortie build\"?\n"},
		{[]string{"new", "pak", "x"}, "sortie: unknown command \"pak\" for \"sortie new\"\nsortie: hint: did you mean \"sortie new pack\"?\n"},
		{[]string{"new", "campain"}, "did you mean \"sortie new campaign\"?"},
		{[]string{"new", "sit", "x"}, "did you mean \"sortie new site\"?"},
		{[]string{"new", "pac"}, "did you mean \"sortie new pack\"?"},
		{[]string{"layouts", "cpoy"}, "did you mean \"sortie layouts copy\"?"},
		{[]string{"new", "zzzzzz"}, "sortie: hint: \"sortie new --help\" lists its commands\n"},
		{[]string{"build", "--outt", "x"}, "sortie: unknown flag: --outt\nsortie: hint: did you mean --out?\n"},
		{[]string{"encounter", "--enemy", "orcs"}, "did you mean --enemies?"},
		{[]string{"encounter", "--sed", "x"}, "did you mean --seed?"},
		{[]string{"campaign", "--sorce", "x"}, "did you mean --source?"}, // an inherited flag
		{[]string{"new", "pack", "x", "--sytem", "swordplay"}, "did you mean --system?"},
		{[]string{"build", "--zzzzzz"}, "sortie: hint: \"sortie build --help\" lists its flags\n"},
		{[]string{"build", "-v"}, "sortie: unknown shorthand flag: 'v' in -v\nsortie: hint: -v is --version, and only before a command (sortie -v); for more output, --verbose\n"},
		{[]string{"serve", "-v"}, "sortie: hint: -v is --version, and only before a command (sortie -v); \"sortie serve --help\" lists its flags\n"},
	} {
		_, errs, code := sortie(t, c.args...)
		if code != 1 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q: want %q", c.args, code, errs, c.want)
		}
	}
	if out, _, code := sortie(t, "-v"); code != 0 || !strings.HasPrefix(out, "sortie ") {
		t.Errorf("-v: exit %d, %q: want the version", code, out)
	}
	if out, _, code := sortie(t); code != 0 || !strings.Contains(out, "Available Commands:") {
		t.Errorf("a bare sortie: exit %d, %q: want its help", code, out)
	}
}

// TestHelpTexts: "build --help" gives --out one default, and "new site
// --help" says the starter has a monthly series.
func TestHelpTexts(t *testing.T) {
	out, _, _ := sortie(t, "build", "--help")
	line := ""
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "--out ") {
			line = l
		}
	}
	if strings.Count(line, "default") != 1 || !strings.Contains(line, "(default: the site's public/, or ./public for the built-in site)") {
		t.Errorf("build --help's --out: %q", line)
	}
	if strings.Contains(out, "-v, --verbose") || !strings.Contains(out, "--verbose") {
		t.Error("build --help still gives --verbose the -v of --version")
	}
	out, _, _ = sortie(t, "new", "site", "--help")
	if !strings.Contains(out, "a monthly series that starts this month") {
		t.Errorf("new site --help does not mention the series:\n%s", out)
	}
	out, _, _ = sortie(t, "new", "--help")
	for _, sub := range []string{"site", "pack", "campaign", "series"} {
		if !strings.Contains(out, "\n  "+sub+" ") {
			t.Errorf("new --help does not list %s:\n%s", sub, out)
		}
	}
}
