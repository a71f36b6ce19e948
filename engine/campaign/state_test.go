package campaign_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
)

// aState is a campaign file as a player may have written it: names YAML
// would misread unquoted, a game of each kind.
func aState() *campaign.State {
	return &campaign.State{
		System: "2d6-sword-and-sorcery", Seed: "summer: 2026", Options: map[string]string{"star-rep": "5"},
		Encounters: 3, Chapter: 2, Start: engine.Step{Type: "raid", State: "EAL 3"},
		Band: []engine.Member{
			{Name: "Star", Star: true, Attrs: []engine.Attr{{Key: "class", Value: "Melee"}, {Key: "rep", Value: "5"}, {Key: "ac", Value: "4"}}},
			{Name: "Bera: the Bold", Attrs: []engine.Attr{{Key: "class", Value: "Missile"}, {Key: "rep", Value: "4"}, {Key: "ac", Value: "2"}}},
			{Name: "O'Brien", Attrs: []engine.Attr{{Key: "class", Value: "Melee"}, {Key: "rep", Value: "3"}, {Key: "ac", Value: "2"}}},
			{Name: "true", Attrs: []engine.Attr{{Key: "class", Value: "Caster"}, {Key: "rep", Value: "#4"}, {Key: "ac", Value: ""}}},
			{Name: "[Grim], 2", Attrs: []engine.Attr{{Key: "class", Value: "Melee"}, {Key: "rep", Value: "4"}, {Key: "ac", Value: "4"}}},
		},
		Played: []campaign.Played{{Chapter: 1, Entry: 1, Type: "explore", Success: true, Fates: []campaign.Fate{{Word: "hit", Names: []string{"Star", "O'Brien"}}}}},
		Games: []campaign.Played{
			{Entry: 1, Success: false, Fates: []campaign.Fate{{Word: "out", Names: []string{"Bera: the Bold"}}, {Word: "dead", Names: []string{"[Grim], 2"}}}},
			{Entry: 3, Success: true},
		},
	}
}

// TestStateRoundTrip: what Marshal writes, Parse reads back the same,
// however a name or value is spelled; and writing it again gives the
// same bytes.
func TestStateRoundTrip(t *testing.T) {
	want := aState()
	// An empty attribute cannot be written plainly, and a file never
	// holds one: Parse refuses a key with no value.
	want.Band[3].Attrs[2].Value = "2"
	b := want.Marshal()
	got, err := campaign.Parse("camp.yaml", b)
	if err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	for _, s := range []*campaign.State{want, got} {
		*s = campaign.State{System: s.System, Seed: s.Seed, Options: s.Options, Encounters: s.Encounters, Chapter: s.Chapter, Start: s.Start, Band: s.Band, Played: s.Played, Games: s.Games}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("read back differs:\n got %+v\nwant %+v\n%s", got, want, b)
	}
	if again := got.Marshal(); string(again) != string(b) {
		t.Errorf("written again differs:\n%s\n---\n%s", again, b)
	}
	if !strings.Contains(string(b), "  - name: Star\n    star: true\n    class: Melee\n    rep: 5\n") {
		t.Errorf("plain values are quoted, or the band is not a block a person can edit:\n%s", b)
	}
}

// TestStateMistakes: each mistake a person may make by hand is told at
// its line, in words that say what is wanted.
func TestStateMistakes(t *testing.T) {
	const good = `system: 2d6-sword-and-sorcery
seed: summer
encounters: 3
chapter: 1
start: explore
band:
  - name: Star
    star: true
    class: Melee
    rep: 5
  - name: Bera
    class: Missile
    rep: 4
games:
  - {entry: 1, result: success, out: [Bera]}
`
	if _, err := campaign.Parse("camp.yaml", []byte(good)); err != nil {
		t.Fatalf("the good file: %v", err)
	}
	for _, c := range []struct {
		name, old, new string
		line           int
		want           string
	}{
		{"unknown key", "seed: summer", "sead: summer", 2, `unknown key "sead"`},
		{"key twice", "chapter: 1", "chapter: 1\nchapter: 2", 5, "chapter given twice"},
		{"not a number", "encounters: 3", "encounters: three", 3, `encounters "three": want a whole number from 1 to 100`},
		{"figure twice", "name: Bera", "name: Star", 11, `figure "Star" twice (figures 1 and 2)`},
		{"figure without a name", "  - name: Bera\n    class", "  - class: Melee\n    klass", 11, "figure 2 has no name"},
		{"attribute twice", "rep: 4", "rep: 4\n    rep: 3", 14, "figure 2: rep given twice"},
		{"star not a yes or no", "star: true", "star: yes please", 8, `star "yes please": want true or false`},
		{"result", "result: success", "result: won", 15, `result "won": want success or failure`},
		{"game without its result", "entry: 1, result: success, ", "entry: 1, ", 15, "want its entry and its result"},
		{"chapter on a game of this chapter", "{entry: 1", "{chapter: 1, entry: 1", 15, "games of earlier chapters go under played"},
		{"names not a list", "out: [Bera]", "out: {Bera: 1}", 15, "out: want the figures' names"},
		{"broken YAML", "band:\n", "band:\n  - name: [\n", 7, "not a campaign file"},
		{"no band", "band:\n  - name: Star\n    star: true\n    class: Melee\n    rep: 5\n  - name: Bera\n    class: Missile\n    rep: 4\n", "", 0, "no band"},
		{"unknown option", "seed: summer", "seed: summer\noptions:\n  star: 5", 4, `unknown option "star"`},
		{"bad option", "seed: summer", "seed: summer\noptions:\n  band: 4\n  star-rep: high", 5, "star-rep \"high\": want a whole number"},
	} {
		t.Run(c.name, func(t *testing.T) {
			text := strings.Replace(good, c.old, c.new, 1)
			if text == good {
				t.Fatalf("%q not in the good file", c.old)
			}
			_, err := campaign.Parse("camp.yaml", []byte(text))
			var e *campaign.Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v, want a *campaign.Error\n%s", err, text)
			}
			if e.Pos.File != "camp.yaml" || e.Pos.Line != c.line || !strings.Contains(e.Msg, c.want) {
				t.Errorf("got %q (line %d), want line %d and %q\n%s", err, e.Pos.Line, c.line, c.want, text)
			}
		})
	}
}
