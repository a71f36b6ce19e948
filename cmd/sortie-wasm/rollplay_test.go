package main

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
)

// TestCampaignPlayOnRollPage plays a campaign from the phone alone, in
// headless Chromium: from the CLI's chapter 1 file, with two games, the Roll page rolls
// chapter 2, the chapter's play panel logs two games through its form
// (entry 1 a success in which the band's last figure meets the system's
// first word, then the entry that success leads to, a failure), and
// rolls chapter 3 at once from the chapter's file and its log. Chapter
// 3's JSON, Markdown and campaign file are the bytes "sortie campaign
// --continue" writes for chapter 2's file with the two games under
// games:, as the panel writes them. The same chapter 1 file rolled again
// after a reload shows chapter 2's log, kept on the device.
func TestCampaignPlayOnRollPage(t *testing.T) {
	if testing.Short() {
		t.Skip("opens a browser")
	}
	p := startPage(t)
	bin := buildCLI(t)
	base, _, _ := serveBuilt(t, generator.Options{Month: "2026-11", Systems: systems.Builtin(), Papers: []string{}})
	r, err := newRoller(generator.Version+"+devel", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"2d6-sword-and-sorcery", "swordplay"} {
		var o opened
		p.do(&o, map[string]any{"cmd": "open", "url": base})
		if o.Status != 200 {
			t.Fatalf("the Roll page: %+v", o)
		}
		sys, _ := r.reg.Get(id)
		word := sys.(engine.Keeper).Fates()[0].Word
		dir := t.TempDir()
		out, errs, err := cli(t, bin, dir, "campaign", "--system", id, "--seed", "phone alone", "--encounters", "3", "--state", "camp.yaml", "--format", "json")
		if err != nil {
			t.Fatalf("%s: chapter 1: %v: %s", id, err, errs)
		}
		data, _ := os.ReadFile(filepath.Join(dir, "camp.yaml"))
		chapter1 := string(data) + gamesFor(t, out, string(data), word)
		var ch2 pageChapter
		p.do(&ch2, map[string]any{"cmd": "chapter", "text": chapter1, "name": "camp.yaml", "how": "file"})
		if !strings.HasPrefix(ch2.Said, "Rolled") {
			t.Fatalf("%s: chapter 2: the page said %q", id, ch2.Said)
		}
		st, err := campaign.Parse("camp-chapter-2.yaml", []byte(ch2.State))
		if err != nil {
			t.Fatal(err)
		}
		var links chapterLinks
		if err := json.Unmarshal([]byte(ch2.JSON), &links); err != nil || len(links.Nodes) == 0 || len(links.Nodes[0].Links) == 0 {
			t.Fatalf("%s: chapter 2's entry 1 leads nowhere (%v)", id, err)
		}
		figure, to := st.Band[len(st.Band)-1].Name, links.Nodes[0].Links[0].To
		var ch3 struct {
			pageChapter
			Exported, LogText string
		}
		p.do(&ch3, map[string]any{"cmd": "rollplay", "lines": []map[string]any{
			{"entry": 1, "result": "success", "fates": map[string]string{figure: word}},
			{"entry": to, "result": "failure", "notes": "a hard fight"}}})
		// The file as the panel writes it: chapter 2's, then the games.
		want := ch2.State + fmt.Sprintf("  - {entry: 1, result: success, %s: [%q]}\n", word, figure) +
			fmt.Sprintf("  - {entry: %d, result: failure}  # a hard fight\n", to)
		if ch3.Exported != want {
			t.Errorf("%s: the panel exported:\n%s\nwant chapter 2's file with the two games:\n%s", id, ch3.Exported, want)
		}
		// Each line's encounter is its entry's, filled in by the form.
		var titled struct {
			Nodes []struct {
				Number    int
				Encounter struct{ Title string }
			}
		}
		json.Unmarshal([]byte(ch2.JSON), &titled)
		titles := map[int]string{}
		for _, n := range titled.Nodes {
			titles[n.Number] = n.Encounter.Title
		}
		if want := fmt.Sprintf("1%sSuccess", titles[1]); titles[1] == "" || !strings.Contains(ch3.LogText, want) {
			t.Errorf("%s: the log shows %q, without %q", id, ch3.LogText, want)
		}
		if want := fmt.Sprintf("%d%sFailure", to, titles[to]); titles[to] == "" || !strings.Contains(ch3.LogText, want) {
			t.Errorf("%s: the log shows %q, without %q", id, ch3.LogText, want)
		}
		if !strings.Contains(ch3.LogText, word+": "+figure) {
			t.Errorf("%s: the log shows %q, without %q", id, ch3.LogText, word+": "+figure)
		}
		if err := os.WriteFile(filepath.Join(dir, "camp-chapter-2.yaml"), []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		md, errs, err := cli(t, bin, dir, "campaign", "--continue", "camp-chapter-2.yaml", "--state", "md.yaml")
		if err != nil {
			t.Fatalf("%s: chapter 3 in Markdown: %v: %s", id, err, errs)
		}
		js, errs, err := cli(t, bin, dir, "campaign", "--continue", "camp-chapter-2.yaml", "--format", "json")
		if err != nil {
			t.Fatalf("%s: chapter 3: %v: %s", id, err, errs)
		}
		file3, _ := os.ReadFile(filepath.Join(dir, "camp-chapter-2.yaml"))
		switch {
		case !strings.HasPrefix(ch3.Said, "Rolled") || !strings.Contains(ch3.Title, "chapter 3"):
			t.Errorf("%s: chapter 3 from the panel: the page said %q (%q)", id, ch3.Said, ch3.Title)
		case ch3.JSON != js:
			t.Errorf("%s: chapter 3's JSON (%d bytes) is not sortie campaign --continue's (%d bytes)", id, len(ch3.JSON), len(js))
		case ch3.Markdown != md:
			t.Errorf("%s: chapter 3's Markdown (%d bytes) is not the CLI's (%d bytes)", id, len(ch3.Markdown), len(md))
		case ch3.State != string(file3) || ch3.StateName != "camp-chapter-3.yaml":
			t.Errorf("%s: chapter 3's campaign file %s is not the CLI's:\n%s\nCLI:\n%s", id, ch3.StateName, ch3.State, file3)
		case len(ch3.Dupes) > 0:
			t.Errorf("%s: ids held twice in the page: %v", id, ch3.Dupes)
		}
		var log struct{ LogText string }
		p.do(&log, map[string]any{"cmd": "playlog"})
		if strings.Contains(log.LogText, figure) {
			t.Errorf("%s: chapter 3's log starts with chapter 2's: %q", id, log.LogText)
		}

		// Chapter 2's log is kept with its campaign file, under the
		// campaign's seed, system and chapter.
		var kept struct{ State string }
		p.do(&kept, map[string]any{"cmd": "stored"})
		var state struct {
			Campaigns map[string]struct {
				File string
				Log  []map[string]any
			}
		}
		if err := json.Unmarshal([]byte(kept.State), &state); err != nil {
			t.Fatalf("%s: the play state kept: %v: %.300s", id, err, kept.State)
		}
		key := "roll/index.html?campaign=" + url.QueryEscape(st.Seed) + "&chapter=2&system=" + id
		if c := state.Campaigns[key]; c.File != ch2.State || len(c.Log) != 2 {
			t.Errorf("%s: kept under %q: %d lines and the file %q, want the two lines and chapter 2's file", id, key, len(c.Log), c.File)
		}

		// Reloaded, the same chapter 1 file shows chapter 2 with its log.
		p.do(&o, map[string]any{"cmd": "open", "url": base})
		p.do(&ch2, map[string]any{"cmd": "chapter", "text": chapter1, "name": "camp.yaml", "how": "file"})
		p.do(&log, map[string]any{"cmd": "playlog"})
		if !strings.Contains(log.LogText, word+": "+figure) || !strings.Contains(log.LogText, "a hard fight") {
			t.Errorf("%s: after a reload, chapter 2's log is %q, want its two lines", id, log.LogText)
		}
	}
}
