package campaign_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/campaign"
)

// FuzzParse: a campaign file is read, or refused at a line within it;
// what is read is written back as a file that reads back the same.
func FuzzParse(f *testing.F) {
	f.Add(string(aState().Marshal()))
	f.Add("system: s\nseed: x\nencounters: 2\nchapter: 1\nstart: patrol\nband:\n  - name: Star\n    star: true\ngames:\n  - {entry: 1, result: success, out: [Star]}\n")
	f.Add("band: [")
	f.Fuzz(func(t *testing.T, text string) {
		st, err := campaign.Parse("camp.yaml", []byte(text))
		if err != nil {
			var e *campaign.Error
			// Lines as YAML counts them: a lone carriage return ends one too.
			flat := strings.ReplaceAll(text, "\r\n", "\n")
			lines := strings.Count(flat, "\n") + strings.Count(flat, "\r") + 1
			if !errors.As(err, &e) || e.Pos.File != "camp.yaml" || e.Pos.Line < 0 || e.Pos.Line > lines {
				t.Fatalf("error not at a line of the file: %v", err)
			}
			return
		}
		back, err := campaign.Parse("camp.yaml", st.Marshal())
		if err != nil {
			t.Fatalf("written back, it does not read: %v\n%s", err, st.Marshal())
		}
		for _, s := range []*campaign.State{st, back} {
			*s = campaign.State{System: s.System, Seed: s.Seed, Options: s.Options, Encounters: s.Encounters, Chapter: s.Chapter, Start: s.Start, Band: s.Band, Played: s.Played, Games: s.Games}
		}
		if !reflect.DeepEqual(st, back) {
			t.Fatalf("read back differs:\n%+v\n%+v\n%s", st, back, back.Marshal())
		}
	})
}
