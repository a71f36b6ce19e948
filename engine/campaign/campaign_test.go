package campaign_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"testing"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/swordsorcery"
)

var update = flag.Bool("update", false, "rewrite golden files")

func system(t testing.TB) engine.System {
	t.Helper()
	sub, _ := fs.Sub(content.FS, "systems/"+swordsorcery.ID)
	set, err := rules.Load(sub, "content/systems/"+swordsorcery.ID)
	if err != nil {
		t.Fatal(err)
	}
	sys, err := swordsorcery.New(set)
	if err != nil {
		t.Fatal(err)
	}
	return sys
}

func jsonOf(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(b, '\n')
}

func TestGolden(t *testing.T) {
	sys := system(t)
	c, err := campaign.Build(sys, "golden-campaign", 4, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := jsonOf(t, c)
	again, _ := campaign.Build(sys, "golden-campaign", 4, engine.Options{})
	if !bytes.Equal(got, jsonOf(t, again)) {
		t.Fatal("the same seed gave a different campaign")
	}
	const path = "testdata/golden-campaign-4.json"
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("campaign differs from %s; run go test -update and review the diff", path)
	}
}

// TestGraph checks the shape against the Next Encounter table: Explore
// first; after it Raid (success) or Defend (failure); from step 3 on every
// type is reachable, so a campaign of n steps has 1 + 2 + 3(n-2) entries.
func TestGraph(t *testing.T) {
	sys := system(t)
	for _, steps := range []int{1, 2, 3, 12, 30} {
		c, err := campaign.Build(sys, "graph", steps, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		want := 1
		if steps >= 2 {
			want += 2
		}
		if steps >= 3 {
			want += 3 * (steps - 2)
		}
		if len(c.Nodes) != want {
			t.Errorf("%d steps: %d entries, want %d", steps, len(c.Nodes), want)
		}
		if first := c.Node(c.Start); first.Type != "explore" || first.Step != 1 {
			t.Errorf("starts at %+v", first)
		}
		reached := map[int]bool{c.Start: true}
		for i, n := range c.Nodes {
			if n.Number != i+1 || c.Node(n.Number) != n {
				t.Fatalf("entry %d numbered %d", i+1, n.Number)
			}
			if n.Encounter.Type != n.Type {
				t.Fatalf("entry %d is %s but holds a %s", n.Number, n.Type, n.Encounter.Type)
			}
			if n.Step == steps {
				if n.Success != 0 || n.Failure != 0 || n.Afterwards != nil {
					t.Errorf("last-step entry %d leads on", n.Number)
				}
				continue
			}
			s, f := c.Node(n.Success), c.Node(n.Failure)
			ws, _ := sys.Next(n.Type, true)
			wf, _ := sys.Next(n.Type, false)
			if s.Type != ws || f.Type != wf || s.Step != n.Step+1 || f.Step != n.Step+1 {
				t.Errorf("entry %d (%s, step %d) leads to %s/%s", n.Number, n.Type, n.Step, s.Type, f.Type)
			}
			if n.Afterwards == nil {
				t.Errorf("entry %d has no afterwards", n.Number)
			}
			reached[s.Number], reached[f.Number] = true, true
		}
		if len(reached) != len(c.Nodes) {
			t.Errorf("%d steps: %d of %d entries reachable", steps, len(reached), len(c.Nodes))
		}
	}
}

// TestNodeStreams: an entry's content depends only on the seed, its step
// and its type, not on how long the campaign is.
func TestNodeStreams(t *testing.T) {
	sys := system(t)
	short, _ := campaign.Build(sys, "streams", 4, engine.Options{})
	long, _ := campaign.Build(sys, "streams", 12, engine.Options{})
	for _, n := range short.Nodes {
		for _, m := range long.Nodes {
			if m.Step == n.Step && m.Type == n.Type {
				if !bytes.Equal(jsonOf(t, n.Encounter), jsonOf(t, m.Encounter)) {
					t.Errorf("step %d %s differs between a 4- and a 12-step campaign", n.Step, n.Type)
				}
			}
		}
	}
	other, _ := campaign.Build(sys, "streams-2", 4, engine.Options{})
	if bytes.Equal(jsonOf(t, short.Nodes[1].Encounter), jsonOf(t, other.Nodes[1].Encounter)) {
		t.Error("two seeds gave the same entry")
	}
}

func TestBadSteps(t *testing.T) {
	sys := system(t)
	for _, n := range []int{0, -1, campaign.MaxSteps + 1} {
		if _, err := campaign.Build(sys, "x", n, engine.Options{}); err == nil {
			t.Errorf("%d steps accepted", n)
		}
	}
	if _, err := campaign.Build(sys, "x", 3, engine.Options{BandSize: 9}); err == nil {
		t.Error("band of 9 accepted for a Rep 5 Star")
	}
}

func BenchmarkCampaign12(b *testing.B) {
	sys := system(b)
	for i := 0; b.Loop(); i++ {
		if _, err := campaign.Build(sys, fmt.Sprint(i), 12, engine.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
