package generator

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/systems"
)

// TestProgressEvents: Build reports every stage once, in order, and each
// booklet and play sheet it writes once as begun and once as done, with
// the counts the Summary gives; and the hook changes no byte of the output.
func TestProgressEvents(t *testing.T) {
	site := writeSite(t, minimal)
	var events []Event
	out := filepath.Join(t.TempDir(), "public")
	sum, err := Build(Options{Systems: systems.Builtin(), Source: site, Out: out, Progress: func(e Event) { events = append(events, e) }})
	if err != nil {
		t.Fatal(err)
	}
	var stages []string
	begun, done := map[string]bool{}, map[string]bool{}
	booklets, sheets, parts, wantParts, rendering := 0, 0, 0, 0, false
	for _, e := range events {
		switch e.Kind {
		case StageBegin:
			stages = append(stages, "+"+e.Stage.String())
			rendering = e.Stage == StageRender
			if rendering {
				wantParts = e.Parts
			}
		case StageEnd:
			stages = append(stages, "-"+e.Stage.String())
			rendering = false
		case JobBegin:
			if !rendering || begun[e.Path] || e.Stage != StageRender {
				t.Errorf("job %s begun out of place or twice", e.Path)
			}
			begun[e.Path] = true
		case JobEnd:
			if !begun[e.Path] || done[e.Path] {
				t.Errorf("job %s done before it began, or twice", e.Path)
			}
			done[e.Path] = true
			if e.Sheet {
				sheets++
			} else {
				booklets++
			}
		case PartEnd:
			if !rendering {
				t.Errorf("part %s done out of place", e.Path)
			}
			parts++
		}
	}
	want := "+load -load +render -render +site -site +write -write"
	if got := strings.Join(stages, " "); got != want {
		t.Errorf("stages\n got %s\nwant %s", got, want)
	}
	if booklets != sum.Booklets || sheets != sum.Sheets || booklets == 0 || sheets == 0 {
		t.Errorf("jobs done: %d booklets, %d sheets; the build made %d, %d", booklets, sheets, sum.Booklets, sum.Sheets)
	}
	if parts != wantParts || parts < 2 {
		t.Errorf("%d parts done, %d announced", parts, wantParts)
	}

	quiet := filepath.Join(t.TempDir(), "public")
	if _, err := Build(Options{Systems: systems.Builtin(), Source: site, Out: quiet}); err != nil {
		t.Fatal(err)
	}
	if !maps2Equal(relTree(t, out), relTree(t, quiet)) {
		t.Error("a build with a progress hook differs from one without")
	}
}

func TestStageNames(t *testing.T) {
	var got []string
	for s := StageLoad; s <= StageWrite+1; s++ {
		got = append(got, s.String())
	}
	if fmt.Sprint(got) != "[load render site write stage?]" {
		t.Errorf("stage names %v", got)
	}
}

// relTree is tree keyed by the path inside dir.
func relTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	for p, data := range tree(t, dir) {
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			t.Fatal(err)
		}
		m[rel] = data
	}
	return m
}
