package campaign

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/rules"
)

// State is where a campaign stands between chapters: the file the player
// keeps (docs/campaigns.md). Sortie writes it with each chapter; the
// player writes a line under Games for each game played, and the next
// chapter is rolled from the file alone (Continue).
type State struct {
	System     string
	Seed       string            // the campaign's seed
	Options    map[string]string // the player's options, as a site's front matter spells them (engine.OptionKeys)
	Encounters int               // entries in a chapter
	Chapter    int               // the chapter the games are played in, 1 first
	Start      engine.Step       // where that chapter begins (its entry 1)
	Band       []engine.Member   // the band as that chapter began
	Played     []Played          // the games of earlier chapters, one a line
	Games      []Played          // the games of this chapter, as the player writes them

	file  string
	lines map[string]int // the line of each key ("band.2.rep", "games.1"), for errors
}

// Played is one game: the entry it was, how it ended and what happened
// to the band's figures in it.
type Played struct {
	Chapter int    // in Played; 0 in Games (the state's chapter)
	Entry   int    // the entry's number in its chapter's book
	Type    string // the encounter, written by Sortie for the record
	Success bool
	Fates   []Fate // in the file's order
}

// Fate is one of a game's words (engine.Keeper.Fates) and the figures it
// is said of.
type Fate struct {
	Word  string
	Names []string
}

// game returns p as the system reads it.
func (p Played) game() engine.Game {
	g := engine.Game{Entry: p.Entry, Success: p.Success, Fates: map[string][]string{}}
	for _, f := range p.Fates {
		for _, n := range f.Names {
			g.Fates[n] = append(g.Fates[n], f.Word)
		}
	}
	return g
}

// Error is a mistake in a campaign file, at its line: a *rules.Error,
// as a mistake in a rule file is.
type Error = rules.Error

// errorAt returns an *Error at line of file (0: the file as a whole).
func errorAt(file string, line int, msg string) *Error {
	return &Error{Pos: rules.Pos{File: file, Line: line}, Msg: msg}
}

// errAt is an *Error at the line of key (the nearest written key above
// it when key itself was not written).
func (s *State) errAt(key, format string, a ...any) error {
	line := 0
	for k := key; line == 0 && k != ""; {
		line = s.lines[k]
		i := strings.LastIndexByte(k, '.')
		if i < 0 {
			break
		}
		k = k[:i]
	}
	return errorAt(s.file, line, fmt.Sprintf(format, a...))
}

// File returns the name the state was read from.
func (s *State) File() string { return s.file }

var (
	yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)
	topKeys  = []string{"system", "seed", "options", "encounters", "chapter", "start", "state", "band", "played", "games"}
)

// Parse reads a campaign file. It checks what it can without the
// system: the keys, their kinds, the results, that no figure is named
// twice; Continue checks the rest against the system.
func Parse(file string, data []byte) (*State, error) {
	s := &State{file: file, lines: map[string]int{}}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		line := 0
		if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
			line, _ = strconv.Atoi(m[1])
			msg = m[2]
		}
		return nil, errorAt(file, line, "not a campaign file: "+msg)
	}
	if len(root.Content) == 0 || root.Content[0].Kind == yaml.ScalarNode && root.Content[0].Tag == "!!null" {
		return nil, errorAt(file, 0, "empty: want a campaign file (sortie campaign --state FILE writes one)")
	}
	top := root.Content[0]
	if top.Kind != yaml.MappingNode {
		return nil, errorAt(file, top.Line, "want key: value lines (system:, seed:, band:, games: ...)")
	}
	seen := map[string]bool{}
	var states string
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		if !slices.Contains(topKeys, k.Value) {
			return nil, errorAt(file, k.Line, fmt.Sprintf("unknown key %q: want one of %s", k.Value, strings.Join(topKeys, ", ")))
		}
		if seen[k.Value] {
			return nil, errorAt(file, k.Line, fmt.Sprintf("%s given twice", k.Value))
		}
		seen[k.Value] = true
		s.lines[k.Value] = k.Line
		var err error
		switch k.Value {
		case "system":
			s.System, err = scalar(k.Value, v)
		case "seed":
			s.Seed, err = scalar(k.Value, v)
		case "options":
			s.Options, err = s.options(v)
		case "encounters":
			s.Encounters, err = number(k.Value, v, 1, MaxSteps)
		case "chapter":
			s.Chapter, err = number(k.Value, v, 1, 9999)
		case "start":
			s.Start.Type, err = scalar(k.Value, v)
		case "state":
			states, err = scalar(k.Value, v)
		case "band":
			s.Band, err = s.band(v)
		case "played":
			s.Played, err = s.games("played", v)
		case "games":
			s.Games, err = s.games("games", v)
		}
		if err != nil {
			if _, ok := err.(*Error); !ok {
				err = errorAt(file, v.Line, err.Error())
			}
			return nil, err
		}
	}
	s.Start.State = states
	for _, k := range []string{"system", "seed", "encounters", "chapter", "start", "band"} {
		if !seen[k] {
			return nil, errorAt(file, 0, fmt.Sprintf("no %s: a campaign file gives system, seed, encounters, chapter, start and band", k))
		}
	}
	return s, nil
}

func scalar(key string, v *yaml.Node) (string, error) {
	if v.Kind != yaml.ScalarNode || v.Tag == "!!null" || v.Value == "" {
		return "", fmt.Errorf("%s: want a value on the line", key)
	}
	return v.Value, nil
}

func number(key string, v *yaml.Node, lo, hi int) (int, error) {
	n, err := strconv.Atoi(v.Value)
	if v.Kind != yaml.ScalarNode || err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%s %q: want a whole number from %d to %d", key, v.Value, lo, hi)
	}
	return n, nil
}

func (s *State) options(v *yaml.Node) (map[string]string, error) {
	if v.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("options: want key: value lines under it (%s)", strings.Join(engine.OptionKeys(), ", "))
	}
	o := map[string]string{}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, val := v.Content[i], v.Content[i+1]
		if !slices.Contains(engine.OptionKeys(), k.Value) {
			return nil, errorAt(s.file, k.Line, fmt.Sprintf("unknown option %q: want one of %s", k.Value, strings.Join(engine.OptionKeys(), ", ")))
		}
		x, err := scalar(k.Value, val)
		if err != nil {
			return nil, errorAt(s.file, k.Line, err.Error())
		}
		o[k.Value] = x
		s.lines["options."+k.Value] = k.Line
	}
	if _, err := engine.ParseOptions(o); err != nil {
		line := v.Line
		if oe, ok := err.(*engine.OptionError); ok && s.lines["options."+oe.Option] > 0 {
			line = s.lines["options."+oe.Option]
		}
		return nil, errorAt(s.file, line, err.Error())
	}
	return o, nil
}

func (s *State) band(v *yaml.Node) ([]engine.Member, error) {
	if v.Kind != yaml.SequenceNode || len(v.Content) == 0 {
		return nil, fmt.Errorf("band: want a list of figures, each \"- name: ...\" with its attributes")
	}
	var ms []engine.Member
	names := map[string]int{}
	for i, f := range v.Content {
		at := "band." + strconv.Itoa(i)
		s.lines[at] = f.Line
		if f.Kind != yaml.MappingNode {
			return nil, errorAt(s.file, f.Line, fmt.Sprintf("figure %d: want name: and its attributes", i+1))
		}
		var m engine.Member
		for j := 0; j+1 < len(f.Content); j += 2 {
			k, val := f.Content[j], f.Content[j+1]
			s.lines[at+"."+k.Value] = k.Line
			x, err := scalar(k.Value, val)
			if err != nil {
				return nil, errorAt(s.file, k.Line, fmt.Sprintf("figure %d: %v", i+1, err))
			}
			switch k.Value {
			case "name":
				m.Name = x
			case "star":
				b, err := strconv.ParseBool(x)
				if err != nil {
					return nil, errorAt(s.file, k.Line, fmt.Sprintf("figure %d: star %q: want true or false", i+1, x))
				}
				m.Star = b
			default:
				if _, dup := m.Get(k.Value); dup {
					return nil, errorAt(s.file, k.Line, fmt.Sprintf("figure %d: %s given twice", i+1, k.Value))
				}
				m.Attrs = append(m.Attrs, engine.Attr{Key: k.Value, Value: x})
			}
		}
		if m.Name == "" {
			return nil, errorAt(s.file, f.Line, fmt.Sprintf("figure %d has no name: each figure's name is how a game's line speaks of it", i+1))
		}
		if first, dup := names[m.Name]; dup {
			return nil, errorAt(s.file, s.lines[at+".name"], fmt.Sprintf("figure %q twice (figures %d and %d): give each its own name", m.Name, first+1, i+1))
		}
		names[m.Name] = i
		ms = append(ms, m)
	}
	return ms, nil
}

// games reads the list under key: a game a line, "- entry: 3",
// "result: success" and the words of what happened ("out: [Bera]").
func (s *State) games(key string, v *yaml.Node) ([]Played, error) {
	if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
		return nil, nil
	}
	if v.Kind != yaml.SequenceNode {
		return nil, fmt.Errorf("%s: want a list, a game a line (- {entry: 1, result: success})", key)
	}
	var gs []Played
	for i, g := range v.Content {
		at := key + "." + strconv.Itoa(i)
		s.lines[at] = g.Line
		bad := func(format string, a ...any) error {
			return errorAt(s.file, g.Line, fmt.Sprintf("%s, game %d: ", key, i+1)+fmt.Sprintf(format, a...))
		}
		if g.Kind != yaml.MappingNode {
			return nil, bad("want entry:, result: and the words of what happened")
		}
		var p Played
		result := ""
		for j := 0; j+1 < len(g.Content); j += 2 {
			k, val := g.Content[j], g.Content[j+1]
			s.lines[at+"."+k.Value] = k.Line
			var err error
			switch k.Value {
			case "chapter":
				if key == "games" {
					return nil, bad("chapter: a game under games is in the file's chapter; games of earlier chapters go under played")
				}
				p.Chapter, err = number(k.Value, val, 1, 9999)
			case "entry":
				p.Entry, err = number(k.Value, val, 1, 9999)
			case "type":
				p.Type, err = scalar(k.Value, val)
			case "result":
				result, err = scalar(k.Value, val)
				if err == nil && result != "success" && result != "failure" {
					err = fmt.Errorf("result %q: want success or failure", result)
				}
				p.Success = result == "success"
			default:
				var names []string
				names, err = nameList(k.Value, val)
				p.Fates = append(p.Fates, Fate{Word: k.Value, Names: names})
			}
			if err != nil {
				return nil, bad("%v", err)
			}
		}
		if p.Entry == 0 || result == "" {
			return nil, bad("want its entry and its result (- {entry: 1, result: success})")
		}
		if key == "played" && p.Chapter == 0 {
			return nil, bad("want the chapter it was played in")
		}
		gs = append(gs, p)
	}
	return gs, nil
}

func nameList(key string, v *yaml.Node) ([]string, error) {
	if v.Kind == yaml.ScalarNode && v.Tag != "!!null" && v.Value != "" {
		return []string{v.Value}, nil
	}
	if v.Kind != yaml.SequenceNode || len(v.Content) == 0 {
		return nil, fmt.Errorf("%s: want the figures' names, [Name, Name]", key)
	}
	var ns []string
	for _, n := range v.Content {
		if n.Kind != yaml.ScalarNode || n.Value == "" {
			return nil, fmt.Errorf("%s: want the figures' names, [Name, Name]", key)
		}
		ns = append(ns, n.Value)
	}
	return ns, nil
}

// Marshal writes the state as the file the player keeps: plain YAML with
// a few comments saying what to write where.
func (s *State) Marshal() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# A Sortie campaign file: where the campaign stands. Play chapter %d from\n", s.Chapter)
	b.WriteString("# its book, write a line under games for each game, then roll the next\n")
	b.WriteString("# chapter from this file: sortie campaign --continue FILE\n")
	line(&b, 0, "system", s.System)
	line(&b, 0, "seed", s.Seed)
	if len(s.Options) > 0 {
		b.WriteString("options:\n")
		for _, k := range engine.OptionKeys() {
			if v, ok := s.Options[k]; ok {
				line(&b, 2, k, v)
			}
		}
	}
	line(&b, 0, "encounters", strconv.Itoa(s.Encounters))
	line(&b, 0, "chapter", strconv.Itoa(s.Chapter))
	line(&b, 0, "start", s.Start.Type)
	if s.Start.State != "" {
		line(&b, 0, "state", s.Start.State)
	}
	b.WriteString("band:\n")
	for _, m := range s.Band {
		b.WriteString("  - ")
		line(&b, 0, "name", m.Name)
		if m.Star {
			line(&b, 4, "star", "true")
		}
		for _, a := range m.Attrs {
			line(&b, 4, a.Key, a.Value)
		}
	}
	if len(s.Played) > 0 {
		b.WriteString("played:\n")
		for _, p := range s.Played {
			fmt.Fprintf(&b, "  - %s\n", p.flow())
		}
	}
	b.WriteString("# A game a line, in the order played: its entry, success or failure, and\n")
	b.WriteString("# what happened to whom (sortie systems lists the words), e.g.\n")
	b.WriteString("#   - {entry: 1, result: success, out: [Bera]}\n")
	b.WriteString("games:\n")
	for _, p := range s.Games {
		fmt.Fprintf(&b, "  - %s\n", p.flow())
	}
	return b.Bytes()
}

// flow writes a game as one line: {chapter: 1, entry: 3, type: raid,
// result: success, out: [Bera, Grim]}.
func (p Played) flow() string {
	var f []string
	if p.Chapter > 0 {
		f = append(f, "chapter: "+strconv.Itoa(p.Chapter))
	}
	f = append(f, "entry: "+strconv.Itoa(p.Entry))
	if p.Type != "" {
		f = append(f, "type: "+quote(p.Type))
	}
	r := "failure"
	if p.Success {
		r = "success"
	}
	f = append(f, "result: "+r)
	for _, x := range p.Fates {
		qs := make([]string, len(x.Names))
		for i, n := range x.Names {
			qs[i] = quote(n)
		}
		f = append(f, x.Word+": ["+strings.Join(qs, ", ")+"]")
	}
	return "{" + strings.Join(f, ", ") + "}"
}

func line(b *bytes.Buffer, indent int, key, value string) {
	fmt.Fprintf(b, "%s%s: %s\n", strings.Repeat(" ", indent), key, quote(value))
}

// quote writes v plain when YAML reads it back as the same text (the
// file is read as text, so "5" and "true" stay plain), and
// double-quoted otherwise.
func quote(v string) string {
	var n yaml.Node
	if v != "" && !strings.ContainsAny(v, "\n") && yaml.Unmarshal([]byte("["+v+"]"), &n) == nil &&
		len(n.Content) == 1 && len(n.Content[0].Content) == 1 {
		if x := n.Content[0].Content[0]; x.Kind == yaml.ScalarNode && x.Style == 0 && x.Value == v {
			return v
		}
	}
	return strconv.Quote(v)
}
