package campaign

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/doc"
)

// NewState returns the file the player keeps for c, a campaign's first
// chapter rolled by Build with opt.
func NewState(sys engine.System, c *Campaign, opt map[string]string) (*State, error) {
	k, ok := sys.(engine.Keeper)
	if !ok {
		return nil, fmt.Errorf("system %s keeps no campaign file: its book has no steps between games", c.System)
	}
	first := c.Node(c.Start)
	return &State{
		System: c.System, Seed: c.Seed, Options: opt, Encounters: c.Steps,
		Chapter: max(1, c.Chapter), Start: engine.Step{Type: first.Type, State: first.State},
		Band: k.Members(c.Band),
	}, nil
}

// Continue rolls the next chapter of a campaign from the player's file
// alone: it takes the steps after each game the file writes under games,
// in order, on the dice each game's entry printed, then rolls the next
// chapter from where the last game led, for the band as it then stands.
// It returns the chapter and the file to keep for it. Nothing is rolled
// from a file with a mistake: the error names its line.
func Continue(sys engine.System, st *State) (*Campaign, *State, error) {
	id := sys.Rules().System.ID
	if st.System != id {
		return nil, nil, st.errAt("system", "a campaign of %s, not %s", st.System, id)
	}
	camp, err := campaigner(sys)
	if err != nil {
		return nil, nil, st.errAt("system", "%v", err)
	}
	keep, ok := sys.(engine.Keeper)
	if !ok {
		return nil, nil, st.errAt("system", "system %s keeps no campaign file: its book has no steps between games", id)
	}
	opt, err := engine.ParseOptions(st.Options)
	if err != nil {
		return nil, nil, st.errAt("options", "%v", err)
	}
	if oc, ok := sys.(engine.OptionChecker); ok {
		if err := oc.CheckOptions(opt); err != nil {
			var oe *engine.OptionError
			if errors.As(err, &oe) {
				return nil, nil, st.errAt("options."+oe.Option, "%v", err)
			}
			return nil, nil, st.errAt("options", "%v", err)
		}
	}
	if sys.Rules().Encounter(st.Start.Type) == nil {
		var ids []string
		for _, e := range sys.Rules().Encounters {
			ids = append(ids, e.ID)
		}
		return nil, nil, st.errAt("start", "start %q: not an encounter of %s (want one of %s)", st.Start.Type, id, strings.Join(ids, ", "))
	}
	band, err := keep.Restore(st.Band, opt)
	if err != nil {
		var me *engine.MemberError
		if errors.As(err, &me) {
			return nil, nil, st.errAt("band."+strconv.Itoa(me.Index)+"."+me.Field, "%v", err)
		}
		return nil, nil, st.errAt("band", "%v", err)
	}
	if len(st.Games) == 0 {
		return nil, nil, st.errAt("games", "no games: write a line under games for each game of chapter %d you played, in order (- {entry: 1, result: success})", st.Chapter)
	}
	g, err := walk(sys, camp, st.Start, st.Encounters)
	if err != nil {
		return nil, nil, st.errAt("start", "%v", err)
	}
	words := map[string]bool{}
	var wordList []string
	for _, f := range keep.Fates() {
		words[f.Word] = true
		wordList = append(wordList, f.Word)
	}
	root := chapterRoot(st.Seed, st.Chapter)
	var between []doc.Block
	played := slices.Clone(st.Played)
	want := 1 // the entry the next game must be
	var next engine.Step
	for i, p := range st.Games {
		at := "games." + strconv.Itoa(i)
		if want == 0 {
			return nil, nil, st.errAt(at, "game %d: chapter %d ended with the game before it (entry %d is its last step)", i+1, st.Chapter, st.Games[i-1].Entry)
		}
		if p.Entry != want {
			why := "the chapter starts at entry 1"
			if i > 0 {
				prev := st.Games[i-1]
				why = fmt.Sprintf("entry %d's %s leads to entry %d", prev.Entry, result(prev.Success), want)
			}
			return nil, nil, st.errAt(at+".entry", "game %d: entry %d was not played: %s", i+1, p.Entry, why)
		}
		k := g.keys[p.Entry-1]
		names := map[string]bool{}
		for _, m := range keep.Members(band) {
			names[m.Name] = true
		}
		for _, f := range p.Fates {
			if !words[f.Word] {
				return nil, nil, st.errAt(at+"."+f.Word, "game %d: %q is not a word of %s's games: want result and %s", i+1, f.Word, id, strings.Join(wordList, ", "))
			}
			for _, n := range f.Names {
				if !names[n] {
					return nil, nil, st.errAt(at+"."+f.Word, "game %d: %s: no figure %q in the band as it stood at entry %d", i+1, f.Word, n, p.Entry)
				}
			}
		}
		title := k.at.Type
		if e := sys.Rules().Encounter(k.at.Type); e != nil {
			title = e.Title
		}
		var bs []doc.Block
		band, bs, err = keep.After(nodeStream(root, k.step, k.at).Stream("afterwards"), k.at, band, p.game(), opt)
		if err != nil {
			return nil, nil, st.errAt(at, "game %d: %v", i+1, err)
		}
		between = append(between, &doc.Section{
			Title:  fmt.Sprintf("After game %d: entry %d, %s, a %s", i+1, p.Entry, title, result(p.Success)),
			Blocks: append([]doc.Block{&doc.Para{Lead: "In the game:", Text: fates(p)}}, bs...),
		})
		edge, err := camp.Next(k.at, p.Success)
		if err != nil {
			return nil, nil, st.errAt(at, "game %d: %v", i+1, err)
		}
		next = edge.To
		if es, ok := g.edges[k]; ok {
			e := es[1]
			if p.Success {
				e = es[0]
			}
			want = g.entry[key{k.step + 1, e.To}]
		} else {
			want = 0
		}
		p.Chapter, p.Type = st.Chapter, k.at.Type
		played = append(played, p)
	}
	between = append(between, &doc.Section{Title: "The campaign so far", Blocks: []doc.Block{soFar(sys, played)}})
	c, err := build(sys, chapterRoot(st.Seed, st.Chapter+1), next, band, st.Encounters, opt)
	if err != nil {
		return nil, nil, fmt.Errorf("failed to roll chapter %d: %w", st.Chapter+1, err)
	}
	c.Seed, c.Chapter, c.Between = st.Seed, st.Chapter+1, between
	ns := &State{
		System: id, Seed: st.Seed, Options: st.Options, Encounters: st.Encounters,
		Chapter: st.Chapter + 1, Start: engine.Step{Type: next.Type, State: next.State},
		Band: keep.Members(band), Played: played,
	}
	return c, ns, nil
}

// soFar is the campaign log carried over: every game played, one a row,
// as the file's played: lines hold them.
func soFar(sys engine.System, played []Played) *doc.Table {
	t := &doc.Table{Head: []string{"Game", "Chapter", "Entry", "Encounter", "Result", "What happened"}, Wide: []int{5}}
	for i, p := range played {
		title := p.Type
		if e := sys.Rules().Encounter(p.Type); e != nil {
			title = e.Title
		}
		what := "-"
		if len(p.Fates) > 0 {
			what = strings.TrimSuffix(fates(p), ".")
		}
		t.Rows = append(t.Rows, []string{strconv.Itoa(i + 1), strconv.Itoa(p.Chapter), strconv.Itoa(p.Entry), title, result(p.Success), what})
	}
	return t
}

func result(success bool) string {
	if success {
		return "success"
	}
	return "failure"
}

// fates says what the game's line says happened, "Bera out; Grim hit.",
// or that the whole band came through.
func fates(p Played) string {
	if len(p.Fates) == 0 {
		return "the whole band came through."
	}
	var parts []string
	for _, f := range p.Fates {
		parts = append(parts, f.Word+": "+strings.Join(f.Names, ", "))
	}
	return strings.Join(parts, "; ") + "."
}
