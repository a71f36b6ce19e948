package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
)

// keepers are the systems whose campaigns go on from a campaign file.
func keepers(t *testing.T) []string {
	t.Helper()
	reg, err := loadSystems("")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, id := range reg.IDs() {
		sys, _ := reg.Get(id)
		if _, ok := sys.(engine.Keeper); ok {
			ids = append(ids, id)
		}
	}
	if !slices.Contains(ids, "2d6-sword-and-sorcery") || !slices.Contains(ids, "swordplay") {
		t.Fatalf("systems that keep a campaign file: %v, want 2d6 Sword & Sorcery and Swordplay among them", ids)
	}
	return ids
}

// chapterJSON is what a test reads of a chapter: where each entry leads.
type chapterJSON struct {
	Chapter int
	Nodes   []struct {
		Number int
		Links  []struct {
			Label string
			To    int
		}
	}
}

// playChapter writes two games into the campaign file in dir: entry 1
// a success, with the band's last figure "word" (a fate of the system),
// then the entry its success leads to, a failure.
func playChapter(t *testing.T, dir string, ch chapterJSON, word string) {
	t.Helper()
	file := filepath.Join(dir, "camp.yaml")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	st, err := campaign.Parse(file, data)
	if err != nil {
		t.Fatal(err)
	}
	last := st.Band[len(st.Band)-1].Name
	games := fmt.Sprintf("  - {entry: 1, result: success, %s: [%q]}\n", word, last)
	if len(ch.Nodes[0].Links) > 0 {
		games += fmt.Sprintf("  - {entry: %d, result: failure}\n", ch.Nodes[0].Links[0].To)
	}
	if err := os.WriteFile(file, append(data, games...), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCampaignGoesOn plays three chapters of each system that keeps a
// campaign file through the CLI, twice in two folders: each chapter
// opens with Between chapters, each file is the next chapter's, the file
// as written is kept, and both folders end byte for byte the same.
func TestCampaignGoesOn(t *testing.T) {
	for _, id := range keepers(t) {
		t.Run(id, func(t *testing.T) {
			reg, _ := loadSystems("")
			sys, _ := reg.Get(id)
			word := sys.(engine.Keeper).Fates()[0].Word
			var runs [2]map[string][]byte
			for i := range runs {
				dir := t.TempDir()
				out, errs, code := runIn(t, dir, "campaign", "--system", id, "--seed", "summer", "--encounters", "3", "--state", filepath.Join(dir, "camp.yaml"), "--format", "json")
				if code != 0 {
					t.Fatalf("first chapter: exit %d: %s", code, errs)
				}
				outs := []string{out}
				for ch := 1; ch <= 2; ch++ {
					var c chapterJSON
					if err := json.Unmarshal([]byte(out), &c); err != nil {
						t.Fatal(err)
					}
					playChapter(t, dir, c, word)
					written, _ := os.ReadFile(filepath.Join(dir, "camp.yaml"))
					out, errs, code = runIn(t, dir, "campaign", "--continue", filepath.Join(dir, "camp.yaml"), "--format", "json")
					if code != 0 {
						t.Fatalf("chapter %d: exit %d: %s", ch+1, code, errs)
					}
					if err := json.Unmarshal([]byte(out), &c); err != nil || c.Chapter != ch+1 {
						t.Fatalf("chapter %d: the chapter says %d (%v)", ch+1, c.Chapter, err)
					}
					kept, _ := os.ReadFile(filepath.Join(dir, fmt.Sprintf("camp-chapter-%d.yaml", ch)))
					if !bytes.Equal(kept, written) {
						t.Errorf("chapter %d: the file as written is not kept as camp-chapter-%d.yaml", ch+1, ch)
					}
					now, _ := os.ReadFile(filepath.Join(dir, "camp.yaml"))
					st, err := campaign.Parse("camp.yaml", now)
					if err != nil || st.Chapter != ch+1 || len(st.Games) != 0 || len(st.Played) != 2*ch {
						t.Fatalf("chapter %d: the file is not the next chapter's (%v):\n%s", ch+1, err, now)
					}
					outs = append(outs, out)
				}
				md, _, code := runIn(t, dir, "campaign", "--continue", filepath.Join(dir, "camp-chapter-2.yaml"), "--state", filepath.Join(dir, "again.yaml"))
				if code != 0 || !strings.Contains(md, ", chapter 3:") || !strings.Contains(md, "## Between chapters") {
					t.Errorf("the chapter in Markdown lacks its number or Between chapters:\n%.600s", md)
				}
				again, _ := os.ReadFile(filepath.Join(dir, "again.yaml"))
				now, _ := os.ReadFile(filepath.Join(dir, "camp.yaml"))
				if !bytes.Equal(again, now) {
					t.Errorf("the same file gave a different next file")
				}
				runs[i] = map[string][]byte{"out": []byte(strings.Join(outs, "\n")), "camp.yaml": now}
			}
			for k := range runs[0] {
				if !bytes.Equal(runs[0][k], runs[1][k]) {
					t.Errorf("%s differs between two folders", k)
				}
			}
		})
	}
}

// TestCampaignFileMistakes: a file with a mistake is told at its line
// and nothing is rolled or written from it.
func TestCampaignFileMistakes(t *testing.T) {
	dir := t.TempDir()
	if _, errs, code := runIn(t, dir, "campaign", sys, "--seed", "summer", "--encounters", "3", "--state", filepath.Join(dir, "camp.yaml")); code != 0 {
		t.Fatal(errs)
	}
	file := filepath.Join(dir, "camp.yaml")
	good, _ := os.ReadFile(file)
	lines := strings.Count(string(good), "\n")
	// The last line of the file that holds what a mistake wrote: where
	// it is told.
	lineOf := func(text, holds string) int {
		at := 0
		for i, l := range strings.Split(text, "\n") {
			if strings.Contains(l, holds) {
				at = i + 1
			}
		}
		if at == 0 {
			t.Fatalf("no line holds %q", holds)
		}
		return at
	}
	for _, c := range []struct {
		name, old, new string
		holds, want    string
	}{
		{"an unknown class", "class: Missile", "class: Wizard", "class: Wizard", `unknown class "Wizard"`},
		{"a Rep out of range", "rep: 4", "rep: 2", "rep: 2", `Rep "2": want a number from 3 to 10`},
		{"a figure twice", "name: Raw Melee\n", "name: Star\n", "name: Star", `figure "Star" twice`},
	} {
		t.Run(c.name, func(t *testing.T) {
			text := strings.Replace(string(good), c.old, c.new, 1) + "  - {entry: 1, result: success}\n"
			if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			want := fmt.Sprintf("camp.yaml:%d: ", lineOf(text, c.holds))
			out, errs, code := runIn(t, dir, "campaign", "--continue", file)
			if code == 0 || !strings.Contains(errs, want) || !strings.Contains(errs, c.want) || out != "" {
				t.Errorf("exit %d, stderr %q; want %q and %q", code, errs, want, c.want)
			}
		})
	}
	for _, c := range []struct {
		name, games, want string
		args              []string
	}{
		{"a game not played", "  - {entry: 2, result: success}\n", fmt.Sprintf("camp.yaml:%d: game 1: entry 2 was not played: the chapter starts at entry 1", lines+1), nil},
		{"no games", "", "no games: write a line under games", nil},
		{"a figure not in the band", "  - {entry: 1, result: success, " + "dead: [Nobody]}\n", `no figure "Nobody" in the band`, nil},
		{"a seed again", "  - {entry: 1, result: success}\n", "--seed with --continue", []string{"--seed", "winter"}},
		{"another system", "  - {entry: 1, result: success}\n", "a campaign of 2d6-sword-and-sorcery, not swordplay", []string{"--system", "swordplay"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := os.WriteFile(file, append(slices.Clone(good), c.games...), 0o644); err != nil {
				t.Fatal(err)
			}
			before, _ := os.ReadFile(file)
			out, errs, code := runIn(t, dir, append([]string{"campaign", "--continue", file}, c.args...)...)
			if code == 0 || !strings.Contains(errs, c.want) || out != "" {
				t.Errorf("exit %d, stdout %d bytes, stderr %q; want an error with %q", code, len(out), errs, c.want)
			}
			after, _ := os.ReadFile(file)
			if !bytes.Equal(before, after) {
				t.Error("the file was changed by a failed continue")
			}
			if _, err := os.Stat(filepath.Join(dir, "camp-chapter-1.yaml")); err == nil {
				t.Error("a failed continue kept a copy of the file")
			}
		})
	}
}
