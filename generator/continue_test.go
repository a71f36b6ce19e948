package generator

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/systems"
)

// TestChapterFileName: the next chapter's file is named as a site's
// campaign page names its chapter's file, whichever chapter's file it
// was rolled from.
func TestChapterFileName(t *testing.T) {
	for _, c := range []struct {
		name string
		n    int
		want string
	}{
		{"camp.yaml", 2, "camp-chapter-2.yaml"},
		{"summer-chapter-1.yaml", 2, "summer-chapter-2.yaml"},
		{"summer-chapter-12.yml", 13, "summer-chapter-13.yml"},
		{"/home/me/long-road-chapter-3.yaml", 4, "long-road-chapter-4.yaml"},
		{`C:\Users\me\camp.yaml`, 3, "camp-chapter-3.yaml"},
		{"notes", 2, "notes-chapter-2.yaml"},
		{"", 2, "campaign-chapter-2.yaml"},
	} {
		if got := ChapterFileName(c.name, c.n); got != c.want {
			t.Errorf("ChapterFileName(%q, %d) = %q, want %q", c.name, c.n, got, c.want)
		}
	}
}

// TestContinueCampaign: the call the CLI and the Roll page share rolls
// the chapter campaign.Continue rolls from the file, written as JSON
// with the form's version; a mistake is told at its line, and a system
// asked for that is not the file's is refused.
func TestContinueCampaign(t *testing.T) {
	reg, err := LoadSystems("", systems.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	sys, _ := reg.Get("swordplay")
	first, err := campaign.Build(sys, "shared", 2, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := campaign.NewState(sys, first, nil)
	if err != nil {
		t.Fatal(err)
	}
	file := append(st.Marshal(), "  - {entry: 1, result: failure}\n"...)
	ch, err := ContinueCampaign(reg.Get, "", "camp.yaml", file)
	if err != nil {
		t.Fatal(err)
	}
	parsed, _ := campaign.Parse("camp.yaml", file)
	camp, next, err := campaign.Continue(sys, parsed)
	if err != nil {
		t.Fatal(err)
	}
	var got, want bytes.Buffer
	if err := WriteCampaignJSON(&got, ch.Campaign); err != nil {
		t.Fatal(err)
	}
	if err := WriteJSON(&want, struct {
		Version int `json:"version"`
		*campaign.Campaign
	}{engine.Version, camp}); err != nil {
		t.Fatal(err)
	}
	if ch.Campaign.Chapter != 2 || !bytes.Equal(got.Bytes(), want.Bytes()) || !bytes.Equal(ch.Next.Marshal(), next.Marshal()) {
		t.Errorf("chapter %d: not the chapter and file campaign.Continue gives", ch.Campaign.Chapter)
	}

	_, err = ContinueCampaign(reg.Get, "", "camp.yaml", append(st.Marshal(), "  - {entry: 9, result: failure}\n"...))
	var ce *campaign.Error
	if !errors.As(err, &ce) || ce.Pos.File != "camp.yaml" || ce.Pos.Line == 0 {
		t.Errorf("a game of an entry not played: %v, want an error at the file's line", err)
	}
	_, err = ContinueCampaign(reg.Get, "2d6-sword-and-sorcery", "camp.yaml", file)
	if err == nil || !strings.Contains(err.Error(), "a campaign of swordplay, not 2d6-sword-and-sorcery") {
		t.Errorf("another system asked for: %v", err)
	}
	_, err = ContinueCampaign(reg.Get, "", "camp.yaml", bytes.Replace(file, []byte("system: swordplay"), []byte("system: chess"), 1))
	if err == nil || !strings.HasPrefix(err.Error(), `camp.yaml: unknown system "chess"`) {
		t.Errorf("a system not known: %v", err)
	}
}
