package generator

import (
	"encoding/json"
	"fmt"
	"io"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/generator/web"
)

// A campaign goes on from the player's campaign file (docs/campaigns.md).
// "sortie campaign --continue" and the Roll page's engine both roll the
// next chapter here, and write it here, so the same file gives the same
// chapter and the same next file, byte for byte, on the command line and
// in the browser.

// Chapter is the next chapter of a campaign, rolled from a campaign
// file: the system, the chapter, and the file to keep for it.
type Chapter struct {
	System   engine.System
	Campaign *campaign.Campaign
	Next     *campaign.State
}

// ContinueCampaign rolls the next chapter from the campaign file data,
// read as name (the name its errors give). system is the system asked
// for, "" for the file's own; get finds it (the CLI's also checks its
// flags and loads the site's rule data). A file with a mistake gives an
// error at its line, and nothing is rolled from it.
func ContinueCampaign(get func(system string) (engine.System, error), system, name string, data []byte) (*Chapter, error) {
	st, err := campaign.Parse(name, data)
	if err != nil {
		return nil, err
	}
	asked := system != ""
	if !asked {
		system = st.System
	}
	sys, err := get(system)
	if err != nil {
		if !asked {
			return nil, fmt.Errorf("%s: %w", name, err) // the file's system: say which file names it
		}
		return nil, err
	}
	camp, next, err := campaign.Continue(sys, st)
	if err != nil {
		return nil, err
	}
	return &Chapter{System: sys, Campaign: camp, Next: next}, nil
}

// WriteJSON writes v as the CLI's --format json does: indented by two
// spaces, with <, > and & as they are.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// WriteCampaignJSON writes a campaign, or a chapter, as "sortie campaign
// --format json" prints it: the JSON form's version, then the campaign.
func WriteCampaignJSON(w io.Writer, camp *campaign.Campaign) error {
	return WriteJSON(w, struct {
		Version int `json:"version"`
		*campaign.Campaign
	}{engine.Version, camp})
}

// chapterSuffix is the "-chapter-N" a chapter's file name ends with.
var chapterSuffix = regexp.MustCompile(`-chapter-[0-9]+$`)

// ChapterFileName is the name of chapter n's campaign file, from the name
// of any chapter's file of the campaign: "summer.yaml" and
// "summer-chapter-1.yaml" give "summer-chapter-2.yaml" for chapter 2, as
// a site's campaign page names its chapter's file.
func ChapterFileName(name string, n int) string {
	base := path.Base(strings.ReplaceAll(name, `\`, "/"))
	ext := path.Ext(base)
	if ext == "" || ext == "." {
		ext = ".yaml"
	}
	stem := chapterSuffix.ReplaceAllString(strings.TrimSuffix(base, ext), "")
	if stem == "" || stem == "." {
		stem = "campaign"
	}
	return stem + "-chapter-" + strconv.Itoa(n) + ext
}

// Keep is what the chapter's log may say of each game: the figures of
// its campaign file (Next) and the system's words of what happened to
// one, as a campaign page's play panel offers them; nil for a system
// that keeps no campaign file.
func (c *Chapter) Keep() *web.Keep {
	return keepOf(c.System, c.Next)
}
