// Package campaign builds a campaign as a gamebook graph: each node is an
// encounter at a step, with a success and a failure edge chosen by the
// system's Next Encounter table. Nodes are (step, encounter type) pairs, so
// the graph stays small however many paths lead through it; only nodes
// reachable from the first encounter are kept.
package campaign

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/dice"
)

// MaxSteps bounds a campaign's length.
const MaxSteps = 100

// Campaign is a pre-rolled campaign.
type Campaign struct {
	System string       `json:"system"`
	Seed   string       `json:"seed"`
	Steps  int          `json:"steps"`
	Start  int          `json:"start"` // number of the first node
	Band   *engine.Band `json:"band"`
	Nodes  []*Node      `json:"nodes"` // by number
}

// Node is one gamebook entry: an encounter at a step of the campaign.
type Node struct {
	Number     int                `json:"number"` // the entry's number, 1 first
	Step       int                `json:"step"`   // 1-based position in the campaign
	Type       string             `json:"type"`
	Success    int                `json:"success,omitempty"` // entry to go to on success; 0 at the last step
	Failure    int                `json:"failure,omitempty"`
	Encounter  *engine.Encounter  `json:"encounter"`
	Afterwards *engine.Afterwards `json:"afterwards,omitempty"` // nil at the last step
}

// Node returns the node with the given number, or nil.
func (c *Campaign) Node(number int) *Node {
	if number < 1 || number > len(c.Nodes) {
		return nil
	}
	return c.Nodes[number-1]
}

// Stream paths, documented in docs/json.md: the band is rolled from
// "band", a node's encounter from "campaign/STEP/TYPE", and what follows
// it from "campaign/STEP/TYPE/afterwards".
func nodeStream(root *dice.Roller, step int, typ string) *dice.Roller {
	return root.Stream("campaign", strconv.Itoa(step), typ)
}

// Build rolls a campaign of steps encounters for sys from seed.
func Build(sys engine.System, seed string, steps int, opt engine.Options) (*Campaign, error) {
	if steps < 1 || steps > MaxSteps {
		return nil, fmt.Errorf("campaign of %d encounters: want 1 to %d", steps, MaxSteps)
	}
	set := sys.Rules()
	root := dice.New(seed)
	band, err := sys.Band(root.Stream("band"), opt)
	if err != nil {
		return nil, fmt.Errorf("failed to recruit the band: %w", err)
	}
	c := &Campaign{System: set.System.ID, Seed: seed, Steps: steps, Band: band}

	type key struct {
		step int
		typ  string
	}
	typeOrder := map[string]int{}
	for i, e := range set.Encounters {
		typeOrder[e.ID] = i
	}
	// Walk the graph step by step: the types reachable at each step.
	level := []string{set.System.First}
	type edge struct{ success, failure string }
	edges := map[key]edge{}
	var keys []key
	for step := 1; step <= steps; step++ {
		slices.SortFunc(level, func(a, b string) int { return typeOrder[a] - typeOrder[b] })
		var next []string
		for _, typ := range level {
			k := key{step, typ}
			keys = append(keys, k)
			if step == steps {
				continue
			}
			s, err := sys.Next(typ, true)
			if err != nil {
				return nil, err
			}
			f, err := sys.Next(typ, false)
			if err != nil {
				return nil, err
			}
			edges[k] = edge{s, f}
			for _, t := range []string{s, f} {
				if !slices.Contains(next, t) {
					next = append(next, t)
				}
			}
		}
		level = next
	}
	number := map[key]int{}
	for i, k := range keys {
		number[k] = i + 1
	}
	for _, k := range keys {
		r := nodeStream(root, k.step, k.typ)
		enc, err := sys.Encounter(r, k.typ, band, opt)
		if err != nil {
			return nil, fmt.Errorf("failed to roll step %d (%s): %w", k.step, k.typ, err)
		}
		n := &Node{Number: number[k], Step: k.step, Type: k.typ, Encounter: enc}
		if e, ok := edges[k]; ok {
			n.Success = number[key{k.step + 1, e.success}]
			n.Failure = number[key{k.step + 1, e.failure}]
			n.Afterwards, err = sys.Afterwards(r.Stream("afterwards"), band, opt)
			if err != nil {
				return nil, fmt.Errorf("failed to roll what follows step %d (%s): %w", k.step, k.typ, err)
			}
		}
		c.Nodes = append(c.Nodes, n)
	}
	c.Start = 1
	return c, nil
}
