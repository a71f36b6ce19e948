// Package campaign builds a campaign as a gamebook graph: each node is an
// encounter at a step of the campaign in the system's state there (such
// as Swordplay's Enemy Activity Level), with a success and a failure edge
// chosen by the system's Next Encounter procedure. Nodes are (step, type,
// state) triples, so the graph stays small however many paths lead
// through it; only nodes reachable from the first encounter are kept.
package campaign

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
)

// MaxSteps bounds a campaign's length.
const MaxSteps = 100

// Campaign is a pre-rolled campaign.
type Campaign struct {
	System string        `json:"system"`
	Seed   string        `json:"seed"`
	Steps  int           `json:"steps"`
	Start  int           `json:"start"`           // number of the first node
	Begin  *doc.Roll     `json:"begin,omitempty"` // the roll that set the first state, if any
	Band   *engine.Force `json:"band,omitempty"`
	Nodes  []*Node       `json:"nodes"`         // by number
	Log    []doc.Block   `json:"log,omitempty"` // a sheet to keep beside the campaign log, from systems that have one (engine.LogKeeper)
	// Chapter is the chapter's number when the campaign goes on from
	// the player's file (Continue), 0 for a campaign rolled whole.
	Chapter int `json:"chapter,omitempty"`
	// Between is what happened between the last chapter and this one:
	// the steps after each game, every roll shown, which left Band as it
	// now stands.
	Between []doc.Block `json:"between,omitempty"`
}

// Node is one gamebook entry: an encounter at a step of the campaign.
type Node struct {
	Number     int               `json:"number"` // the entry's number, 1 first
	Step       int               `json:"step"`   // 1-based position in the campaign
	Type       string            `json:"type"`
	State      string            `json:"state,omitempty"`
	Encounter  *engine.Encounter `json:"encounter"`
	Afterwards []doc.Block       `json:"afterwards,omitempty"` // nil at the last step
	Links      []doc.Link        `json:"links,omitempty"`      // success and failure; none at the last step
}

// Node returns the node with the given number, or nil.
func (c *Campaign) Node(number int) *Node {
	if number < 1 || number > len(c.Nodes) {
		return nil
	}
	return c.Nodes[number-1]
}

// Stream paths, documented in docs/json.md: the band is rolled from
// "band", where the campaign starts from "start", a node's encounter from
// "campaign/STEP/TYPE" (with "/STATE" after it when the system has
// states), and what follows it from that stream's "afterwards".
func nodeStream(root *dice.Roller, step int, s engine.Step) *dice.Roller {
	return root.Stream("campaign", strconv.Itoa(step), s.Type, s.State)
}

// Build rolls a campaign of steps encounters for sys from seed: its first
// chapter, for a band recruited from the seed (Continue rolls the next
// from the file the player keeps).
func Build(sys engine.System, seed string, steps int, opt engine.Options) (*Campaign, error) {
	if steps < 1 || steps > MaxSteps {
		return nil, fmt.Errorf("campaign of %d encounters: want 1 to %d", steps, MaxSteps)
	}
	camp, err := campaigner(sys)
	if err != nil {
		return nil, err
	}
	root := dice.New(seed)
	var band *engine.Force
	if rec, ok := sys.(engine.Recruiter); ok {
		band, err = rec.Band(root.Stream("band"), opt)
		if err != nil {
			return nil, fmt.Errorf("failed to recruit the band: %w", err)
		}
	}
	first, err := camp.Start(root.Stream("start"), opt)
	if err != nil {
		return nil, err
	}
	c, err := build(sys, root, first, band, steps, opt)
	if err != nil {
		return nil, err
	}
	c.Seed, c.Begin = seed, first.Roll
	return c, nil
}

// campaigner returns sys's campaign procedures.
func campaigner(sys engine.System) (engine.Campaigner, error) {
	_, ok1 := sys.(engine.Encounterer)
	camp, ok2 := sys.(engine.Campaigner)
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("system %s has no campaign procedures", sys.Rules().System.ID)
	}
	return camp, nil
}

// chapterRoot is the stream a chapter is rolled from: the seed's own for
// the first (Build), "chapter/N" for the rest.
func chapterRoot(seed string, chapter int) *dice.Roller {
	root := dice.New(seed)
	if chapter > 1 {
		root = root.Stream("chapter", strconv.Itoa(chapter))
	}
	return root
}

// key is a node of the gamebook: a step in a (type, state).
type key struct {
	step int
	at   engine.Step
}

// graph is a chapter's gamebook without its encounters: its nodes in
// entry order (entry n is keys[n-1]) and where success and failure lead
// from each but the last step's.
type graph struct {
	keys  []key
	edges map[key][2]engine.Edge
	entry map[key]int
}

// walk lays out the gamebook of steps entries from first.
func walk(sys engine.System, camp engine.Campaigner, first engine.Step, steps int) (*graph, error) {
	typeOrder := map[string]int{}
	for i, e := range sys.Rules().Encounters {
		typeOrder[e.ID] = i
	}
	first.Roll = nil
	g := &graph{edges: map[key][2]engine.Edge{}, entry: map[key]int{}}
	// Walk the graph step by step: the (type, state) pairs reachable at
	// each step, in the data's encounter order, then by state.
	level := []engine.Step{first}
	for step := 1; step <= steps; step++ {
		slices.SortFunc(level, func(a, b engine.Step) int {
			return cmp.Or(cmp.Compare(typeOrder[a.Type], typeOrder[b.Type]), cmp.Compare(a.State, b.State))
		})
		var next []engine.Step
		for _, at := range level {
			k := key{step, at}
			g.keys = append(g.keys, k)
			g.entry[k] = len(g.keys)
			if step == steps {
				continue
			}
			s, err := camp.Next(at, true)
			if err != nil {
				return nil, err
			}
			f, err := camp.Next(at, false)
			if err != nil {
				return nil, err
			}
			g.edges[k] = [2]engine.Edge{s, f}
			for _, t := range []engine.Step{s.To, f.To} {
				if !slices.Contains(next, t) {
					next = append(next, t)
				}
			}
		}
		level = next
	}
	return g, nil
}

// build rolls a chapter of steps entries from root, starting at first,
// for band.
func build(sys engine.System, root *dice.Roller, first engine.Step, band *engine.Force, steps int, opt engine.Options) (*Campaign, error) {
	camp, err := campaigner(sys)
	if err != nil {
		return nil, err
	}
	enc := sys.(engine.Encounterer)
	g, err := walk(sys, camp, first, steps)
	if err != nil {
		return nil, err
	}
	c := &Campaign{System: sys.Rules().System.ID, Steps: steps, Band: band}
	for _, k := range g.keys {
		r := nodeStream(root, k.step, k.at)
		e, err := enc.Encounter(r, engine.Request{Type: k.at.Type, State: k.at.State, Band: c.Band, Options: opt})
		if err != nil {
			return nil, fmt.Errorf("failed to roll step %d (%s): %w", k.step, k.at.Type, err)
		}
		n := &Node{Number: g.entry[k], Step: k.step, Type: k.at.Type, State: k.at.State, Encounter: e}
		if es, ok := g.edges[k]; ok {
			n.Links = []doc.Link{
				{Label: "Success", To: g.entry[key{k.step + 1, es[0].To}], Note: es[0].Note},
				{Label: "Failure", To: g.entry[key{k.step + 1, es[1].To}], Note: es[1].Note},
			}
		}
		// The last step's game has its steps after it too when the
		// campaign goes on from the player's file (engine.Keeper).
		if _, keeps := sys.(engine.Keeper); keeps || n.Links != nil {
			n.Afterwards, err = camp.Afterwards(r.Stream("afterwards"), k.step, k.at, c.Band, opt)
			if err != nil {
				return nil, fmt.Errorf("failed to roll what follows step %d (%s): %w", k.step, k.at.Type, err)
			}
		}
		c.Nodes = append(c.Nodes, n)
	}
	c.Start = 1
	if lk, ok := sys.(engine.LogKeeper); ok {
		c.Log = lk.LogSheet(c.Band, steps)
	}
	return c, nil
}
