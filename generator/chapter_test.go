package generator

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator/booklet"
	"github.com/sortie-wargames/sortie/generator/proof"
)

// chapterSite writes a site whose campaigns go on from campaign files:
// for each system that keeps one, a chapter 2 rolled from a file with
// two games written in it (the Star named by the system's first word, the
// last figure put Out of the Fight), on both papers, flat or folded (impose).
func chapterSite(t *testing.T, impose string) string {
	t.Helper()
	dir := t.TempDir()
	reg, err := LoadSystems("", systems.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"sortie.conf":      "title: Chapters\npaper: a4, letter\nimpose: " + impose + "\n",
		"content/index.md": "---\ntitle: Chapters\n---\n",
	}
	n := 0
	for _, id := range reg.IDs() {
		sys, _ := reg.Get(id)
		k, ok := sys.(engine.Keeper)
		if !ok {
			continue
		}
		n++
		c, err := campaign.Build(sys, "chapters-"+id, 3, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		st, err := campaign.NewState(sys, c, nil)
		if err != nil {
			t.Fatal(err)
		}
		fates := k.Fates()
		if !slices.ContainsFunc(fates, func(f engine.Fate) bool { return f.Word == "out" }) {
			t.Fatalf("%s has no fate \"out\" (Out of the Fight) for its grunts: %v", id, fates)
		}
		last := st.Band[len(st.Band)-1].Name
		st.Games = []campaign.Played{
			{Entry: 1, Success: true, Fates: []campaign.Fate{{Word: fates[0].Word, Names: []string{st.Band[0].Name}}}},
			{Entry: c.Node(1).Links[0].To, Success: false, Fates: []campaign.Fate{{Word: "out", Names: []string{last}}}},
		}
		files["content/campaigns/"+id+".yaml"] = string(st.Marshal())
		files["content/campaigns/"+id+"-2.md"] = fmt.Sprintf("---\ntitle: Chapter two\nsystem: %s\ncontinue: %s.yaml\n---\n", id, id)
	}
	if n < 2 {
		t.Fatalf("%d systems keep a campaign file, want 2d6 Sword & Sorcery and Swordplay", n)
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestChapterBooklets: the chapter booklets of every system that keeps a
// campaign file, both papers, flat and folded, measure clean (no layout
// fault, no defect the print check reads back), open with the band as
// the last chapter left it and Between chapters with the campaign so far, and offer the chapter's
// campaign file.
func TestChapterBooklets(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and reads back chapter booklets: not in -short")
	}
	needTool(t, "pdftotext")
	for _, impose := range []string{"none", "saddle"} {
		t.Run(impose, func(t *testing.T) {
			src := chapterSite(t, impose)
			var faults []string
			files, _, err := Render(Options{Systems: systems.Builtin(), Source: src, Month: testMonth,
				Progress: func(e Event) {
					if e.Kind == JobEnd {
						for _, f := range e.Faults {
							faults = append(faults, e.Path+": "+f.Kind+": "+f.Text)
						}
					}
				}})
			if err != nil {
				t.Fatal(err)
			}
			// As on the default site (faultCeiling): an entry longer than
			// its spread is no defect on a folded page, only counted.
			for _, f := range faults {
				if !strings.Contains(f, "-folded") || !strings.Contains(f, ": "+booklet.FaultLong+": ") {
					t.Errorf("layout fault: %s", f)
				}
			}
			out := t.TempDir()
			var pdfs []string
			yaml := 0
			for _, f := range files {
				if !strings.HasPrefix(f.Path, "campaigns/") {
					continue
				}
				switch path.Ext(f.Path) {
				case ".pdf":
				case ".yaml":
					st, err := campaign.Parse(f.Path, f.Data)
					if err != nil || !strings.HasSuffix(f.Path, "-chapter-2.yaml") || st.Chapter != 2 || len(st.Played) != 2 || len(st.Games) != 0 {
						t.Errorf("%s is not chapter 2's campaign file with chapter 1's two games played (%v)", f.Path, err)
					}
					yaml++
					continue
				default:
					continue
				}
				p := filepath.Join(out, filepath.FromSlash(f.Path))
				os.MkdirAll(filepath.Dir(p), 0o755)
				if err := os.WriteFile(p, f.Data, 0o644); err != nil {
					t.Fatal(err)
				}
				pdfs = append(pdfs, f.Path)
			}
			slices.Sort(pdfs)
			if yaml != 2 {
				t.Errorf("%d campaign files written, want one a system", yaml)
			}
			for _, r := range readBack(t, out, pdfs) {
				for _, d := range r.Defects {
					t.Errorf("print check: %s", d)
				}
			}
			if impose != "none" {
				return
			}
			for _, p := range pdfs {
				if strings.Contains(p, "/sheets/") {
					continue
				}
				_, text, err := proof.CheckText(t.Context(), filepath.Join(out, filepath.FromSlash(p)))
				if err != nil {
					t.Fatal(err)
				}
				all := strings.Join(text, "\n")
				for _, want := range []string{"As chapter 1 left it", "Between chapters", "After game 1: entry 1", "After game 2: entry", "The campaign so far", "in your campaign file"} {
					if !strings.Contains(strings.Join(strings.Fields(all), " "), want) {
						t.Errorf("%s lacks %q", p, want)
					}
				}
			}
		})
	}
}
