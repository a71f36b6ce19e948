package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
)

// chapterLinks is what the test reads of a chapter's JSON: where its
// first entry's success leads.
type chapterLinks struct {
	Chapter int
	Nodes   []struct {
		Links []struct{ To int }
	}
}

// gamesFor are two games of a chapter, as a player writes them under
// games: entry 1 a success in which the band's last figure meets the
// system's first fate (word), then the entry that success leads to, a
// failure (cmd/sortie's playChapter).
func gamesFor(t *testing.T, chapterJSON, file, word string) string {
	t.Helper()
	var ch chapterLinks
	if err := json.Unmarshal([]byte(chapterJSON), &ch); err != nil {
		t.Fatalf("the chapter's JSON: %v", err)
	}
	st, err := campaign.Parse("camp.yaml", []byte(file))
	if err != nil {
		t.Fatal(err)
	}
	games := fmt.Sprintf("  - {entry: 1, result: success, %s: [%q]}\n", word, st.Band[len(st.Band)-1].Name)
	if len(ch.Nodes) > 0 && len(ch.Nodes[0].Links) > 0 {
		games += fmt.Sprintf("  - {entry: %d, result: failure}\n", ch.Nodes[0].Links[0].To)
	}
	return games
}

// cli runs the sortie built for the test in dir: its standard output,
// and its standard error when it fails.
func cli(t *testing.T, bin, dir string, args ...string) (string, string, error) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	var out, errs strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errs
	err := cmd.Run()
	return out.String(), errs.String(), err
}

// pageChapter is the Roll page's answer to the chapter command.
type pageChapter struct {
	Said, Title, Text, Link string
	State, StateName        string
	JSON, Markdown          string
	Dupes                   []string
}

// TestCampaignOnRollPage plays three chapters of each system that keeps
// a campaign file on the Roll page in headless Chromium, and the same
// three with "sortie campaign": from the file the CLI writes for chapter
// 1, two games are written under games: between chapters, the page rolls
// the next chapter from the file picked (chapter 2) or pasted (chapter
// 3), and the campaign file it downloads, the chapter's JSON and its
// Markdown are the CLI's bytes for the same file; the page shows the
// chapter this machine draws. A file with a mistake is told at its line,
// as the CLI tells it.
func TestCampaignOnRollPage(t *testing.T) {
	if testing.Short() {
		t.Skip("opens a browser")
	}
	p := startPage(t)
	bin := buildCLI(t)
	base, out, _ := serveBuilt(t, generator.Options{Month: "2026-11", Systems: systems.Builtin(), Papers: []string{}})
	r, err := newRoller(generator.Version+"+devel", nil)
	if err != nil {
		t.Fatal(err)
	}
	// An encounter rolled first: the chapter shown beside it holds no id
	// of its.
	var o opened
	p.do(&o, map[string]any{"cmd": "open", "url": base + "?system=2d6-sword-and-sorcery&type=raid&seed=goblin-hill"})
	if o.Status != 200 || !strings.HasPrefix(o.Said, "Rolled") {
		t.Fatalf("the Roll page: %+v", o)
	}
	var keepers []string
	for _, id := range r.reg.IDs() {
		if sys, _ := r.reg.Get(id); sys != nil {
			if _, ok := sys.(engine.Keeper); ok {
				keepers = append(keepers, id)
			}
		}
	}
	if strings.Join(keepers, " ") != "2d6-sword-and-sorcery swordplay" {
		t.Fatalf("systems that keep a campaign file: %v, want 2d6-sword-and-sorcery and swordplay", keepers)
	}
	var last string // the last file the page gave, for the mistake
	for _, id := range keepers {
		sys, _ := r.reg.Get(id)
		word := sys.(engine.Keeper).Fates()[0].Word
		dir := t.TempDir()
		camp := filepath.Join(dir, "camp.yaml")
		out, errs, err := cli(t, bin, dir, "campaign", "--system", id, "--seed", "on the phone", "--encounters", "3", "--state", "camp.yaml", "--format", "json")
		if err != nil {
			t.Fatalf("%s: chapter 1: %v: %s", id, err, errs)
		}
		data, _ := os.ReadFile(camp)
		cliFile, cliOut := string(data), out
		pageFile, pageOut := cliFile, cliOut
		for ch := 2; ch <= 3; ch++ {
			cliFile += gamesFor(t, cliOut, cliFile, word)
			pageFile += gamesFor(t, pageOut, pageFile, word)
			if err := os.WriteFile(camp, []byte(cliFile), 0o644); err != nil {
				t.Fatal(err)
			}
			md, errs, err := cli(t, bin, dir, "campaign", "--continue", "camp.yaml", "--state", "md.yaml")
			if err != nil {
				t.Fatalf("%s: chapter %d in Markdown: %v: %s", id, ch, err, errs)
			}
			if cliOut, errs, err = cli(t, bin, dir, "campaign", "--continue", "camp.yaml", "--format", "json"); err != nil {
				t.Fatalf("%s: chapter %d: %v: %s", id, ch, err, errs)
			}
			data, _ := os.ReadFile(camp)
			cliFile = string(data)

			how := map[int]string{2: "file", 3: "paste"}[ch]
			var pg pageChapter
			p.do(&pg, map[string]any{"cmd": "chapter", "text": pageFile, "name": "camp.yaml", "how": how})
			native := r.campaign(mustJSON(campaignRequest{File: pageFile, Name: "camp.yaml"}))
			switch {
			case !strings.HasPrefix(pg.Said, "Rolled"):
				t.Fatalf("%s: chapter %d (%s): the page said %q", id, ch, how, pg.Said)
			case pg.JSON != cliOut:
				t.Errorf("%s: chapter %d (%s): the page's JSON (%d bytes) is not sortie campaign --continue's (%d bytes)", id, ch, how, len(pg.JSON), len(cliOut))
			case pg.State != cliFile:
				t.Errorf("%s: chapter %d (%s): the page's campaign file is not the CLI's:\n%s\nCLI:\n%s", id, ch, how, pg.State, cliFile)
			case pg.Markdown != md:
				t.Errorf("%s: chapter %d (%s): the page's Markdown (%d bytes) is not the CLI's (%d bytes)", id, ch, how, len(pg.Markdown), len(md))
			case pg.StateName != fmt.Sprintf("camp-chapter-%d.yaml", ch) || !strings.Contains(pg.Link, fmt.Sprintf("campaign file for chapter %d", ch)):
				t.Errorf("%s: chapter %d (%s): the page offers %q as %q", id, ch, how, pg.Link, pg.StateName)
			case native.Error != "" || pg.Text != text(native.HTML) || pg.Said != "Rolled: "+native.Title+".":
				t.Errorf("%s: chapter %d (%s): the page shows other than this machine draws (%q, %s)", id, ch, how, pg.Said, native.Error)
			case len(pg.Dupes) > 0:
				t.Errorf("%s: chapter %d (%s): ids held twice in the page: %v", id, ch, how, pg.Dupes)
			case !strings.Contains(pg.Text, "Between chapters") || !strings.Contains(pg.Title, fmt.Sprintf("chapter %d", ch)):
				t.Errorf("%s: chapter %d (%s): %q shows no Between chapters", id, ch, how, pg.Title)
			}
			t.Logf("%s: chapter %d from the file %s: JSON %d bytes, Markdown %d bytes, campaign file %d bytes, the CLI's", id, ch, map[string]string{"file": "picked", "paste": "pasted"}[how], len(pg.JSON), len(pg.Markdown), len(pg.State))
			pageFile, pageOut = pg.State, pg.JSON
		}
		last = pageFile
	}

	// axe-core on the page showing an encounter and a chapter.
	var ax struct {
		Violations []struct {
			ID, Impact, Help string
			Nodes            []struct{ HTML string }
		}
	}
	p.do(&ax, map[string]any{"cmd": "axe"})
	for _, v := range ax.Violations {
		for _, n := range v.Nodes {
			t.Errorf("axe, a chapter shown: %s %s (%s) at %.200s", v.Impact, v.ID, v.Help, n.HTML)
		}
	}

	// From a campaign's page: its log's games written into its chapter's
	// file, exported, and carried to the Roll page, which rolls the
	// chapter the CLI rolls from that file.
	files, _ := filepath.Glob(filepath.Join(out, "campaigns", "*", "*-chapter-1.yaml"))
	if len(files) == 0 {
		t.Fatal("the default site offers no campaign file")
	}
	slug := filepath.Base(filepath.Dir(files[0]))
	chapter1, _ := os.ReadFile(files[0])
	entry1, _ := os.ReadFile(filepath.Join(filepath.Dir(files[0]), "entry-1.html"))
	m := regexp.MustCompile(`Success: go to (\d+)`).FindSubmatch(entry1)
	if m == nil {
		t.Fatalf("%s: entry 1 leads nowhere on success", slug)
	}
	// The first game's line says, through the form, that the band's last
	// figure met the system's first word.
	st, err := campaign.Parse(files[0], chapter1)
	if err != nil {
		t.Fatal(err)
	}
	sys, _ := r.reg.Get(st.System)
	word, figure := sys.(engine.Keeper).Fates()[0].Word, st.Band[len(st.Band)-1].Name
	var cp struct{ Exported, Name, Said, LogText, Carried, CarriedSaid, URL string }
	p.do(&cp, map[string]any{"cmd": "campaignpage", "url": strings.TrimSuffix(base, "roll/index.html") + "campaigns/" + slug + "/index.html",
		"lines": []map[string]any{{"entry": 1, "result": "success", "notes": "Infantry out,\nthe rest well", "fates": map[string]string{figure: word}}, {"entry": string(m[1]), "result": "failure"}}})
	want := string(chapter1) + fmt.Sprintf("  - {entry: 1, result: success, %s: [%q]}  # Infantry out, the rest well\n", word, figure) + "  - {entry: " + string(m[1]) + ", result: failure}\n"
	if cp.Exported != want || cp.Name != slug+"-chapter-1.yaml" || !strings.Contains(cp.Said, "2 games from the log under games") {
		t.Errorf("%s: the campaign page exported %s (%q):\n%s\nwant the chapter's file with the log's games:\n%s", slug, cp.Name, cp.Said, cp.Exported, want)
	}
	if !strings.Contains(cp.LogText, word+": "+figure) {
		t.Errorf("%s: the log shows %q, without %q", slug, cp.LogText, word+": "+figure)
	}
	if cp.Carried != want || !strings.Contains(cp.CarriedSaid, "from its campaign's page") || !strings.HasSuffix(cp.URL, "/roll/index.html") {
		t.Errorf("%s: the Roll page was carried %q (%q at %s), want the exported file", slug, cp.Carried, cp.CarriedSaid, cp.URL)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, cp.Name), []byte(cp.Carried), 0o644); err != nil {
		t.Fatal(err)
	}
	cliOut, errs, err := cli(t, bin, dir, "campaign", "--continue", cp.Name, "--format", "json")
	if err != nil {
		t.Fatalf("%s: the exported file: %v: %s", slug, err, errs)
	}
	cliFile, _ := os.ReadFile(filepath.Join(dir, cp.Name))
	var pg pageChapter
	p.do(&pg, map[string]any{"cmd": "chapter", "how": "carried"})
	if !strings.HasPrefix(pg.Said, "Rolled") || pg.JSON != cliOut || pg.State != string(cliFile) || pg.StateName != slug+"-chapter-2.yaml" {
		t.Errorf("%s: the chapter rolled from the carried file (%q, offered as %s) is not the CLI's", slug, pg.Said, pg.StateName)
	}
	// Between chapters tells the first game's word of the figure, and
	// takes the figure's step after it, before the second game's.
	told := "In the game: " + word + ": " + figure + "."
	_, after, _ := strings.Cut(pg.Text, told)
	after, _, _ = strings.Cut(after, "After game 2")
	if !strings.Contains(after, figure) {
		t.Errorf("%s: Between chapters does not say %q and take %s's step after it:\n%.600s", slug, told, figure, pg.Text)
	}

	// A mistake: a game of an entry the chapter never reached.
	bad := last + "  - {entry: 99, result: success}\n"
	dir = t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "camp.yaml"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errs, err = cli(t, bin, dir, "campaign", "--continue", "camp.yaml", "--format", "json")
	native := r.campaign(mustJSON(campaignRequest{File: bad, Name: "camp.yaml"}))
	if err == nil || !regexp.MustCompile(`^camp\.yaml:\d+: `).MatchString(native.Error) || !strings.Contains(errs, native.Error) {
		t.Fatalf("a game of entry 99: the CLI said %q, this machine %q: want the same error at the file's line", errs, native.Error)
	}
	p.do(&pg, map[string]any{"cmd": "chapter", "text": bad, "name": "camp.yaml", "how": "file"})
	if pg.Said != "Not rolled: "+native.Error {
		t.Errorf("a game of entry 99: the page said %q, want %q", pg.Said, "Not rolled: "+native.Error)
	}
}
