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
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
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
				// A system that keeps a campaign file prints the steps
				// after the last game too.
				_, keeps := sys.(engine.Keeper)
				if len(n.Links) != 0 || (n.Afterwards != nil) != keeps {
					t.Errorf("last-step entry %d leads on, or its afterwards (%v) do not match a system that keeps a file (%v)", n.Number, n.Afterwards != nil, keeps)
				}
				continue
			}
			if len(n.Links) != 2 || n.Links[0].Label != "Success" || n.Links[1].Label != "Failure" {
				t.Fatalf("entry %d links %+v", n.Number, n.Links)
			}
			s, f := c.Node(n.Links[0].To), c.Node(n.Links[1].To)
			ws, _ := sys.(engine.Campaigner).Next(engine.Step{Type: n.Type}, true)
			wf, _ := sys.(engine.Campaigner).Next(engine.Step{Type: n.Type}, false)
			if s.Type != ws.To.Type || f.Type != wf.To.Type || s.Step != n.Step+1 || f.Step != n.Step+1 {
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

// levels is a system whose campaign state is a level 1..3 that success
// raises and failure lowers: the graph is keyed by (step, type, state),
// and states repeat, so it stays small.
type levels struct{ set *rules.Set }

func (l levels) Rules() *rules.Set { return l.set }

func (l levels) Encounter(r *dice.Roller, req engine.Request) (*engine.Encounter, error) {
	return &engine.Encounter{Type: req.Type, State: req.State, Stream: r.Path(),
		Blocks: []doc.Block{&doc.Roll{Label: "d6", Dice: r.D6()}}}, nil
}

func (l levels) Start(r *dice.Roller, _ engine.Options) (engine.Step, error) {
	return engine.Step{Type: "fight", State: "level 2"}, nil
}

func (l levels) Next(at engine.Step, success bool) (engine.Edge, error) {
	n := int(at.State[len(at.State)-1] - '0')
	if success {
		n = min(3, n+1)
	} else {
		n = max(1, n-1)
	}
	return engine.Edge{To: engine.Step{Type: "fight", State: fmt.Sprintf("level %d", n)}, Note: fmt.Sprintf("to level %d", n)}, nil
}

func (l levels) Afterwards(*dice.Roller, int, engine.Step, *engine.Force, engine.Options) ([]doc.Block, error) {
	return []doc.Block{&doc.Para{Text: "rest"}}, nil
}

func TestStates(t *testing.T) {
	sys := levels{&rules.Set{System: &rules.System{ID: "levels"}, Encounters: []*rules.Encounter{{ID: "fight"}}}}
	c, err := campaign.Build(sys, "s", 5, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Step 1: level 2; step 2: levels 1, 3; steps 3-5: levels 1, 2, 3.
	if len(c.Nodes) != 1+2+3+3+3 {
		t.Fatalf("%d entries", len(c.Nodes))
	}
	for _, n := range c.Nodes {
		if n.Encounter.State != n.State || n.Encounter.Stream != "campaign/"+fmt.Sprint(n.Step)+"/fight/"+n.State {
			t.Errorf("entry %d: state %q, stream %q", n.Number, n.Encounter.State, n.Encounter.Stream)
		}
		for _, l := range n.Links {
			to := c.Node(l.To)
			if to == nil || to.Step != n.Step+1 || l.Note != "to "+to.State {
				t.Errorf("entry %d: link %+v", n.Number, l)
			}
		}
	}
	if c.Nodes[1].State != "level 1" || c.Nodes[2].State != "level 3" {
		t.Errorf("step 2 in order: %s, %s", c.Nodes[1].State, c.Nodes[2].State)
	}
}

func TestNeedsProcedures(t *testing.T) {
	data := engine.Data{Set: &rules.Set{System: &rules.System{ID: "tables-only"}}}
	if _, err := campaign.Build(data, "s", 3, engine.Options{}); err == nil {
		t.Error("a data-only system built a campaign")
	}
}
