package main

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/sortie-wargames/sortie/generator"
)

// campaignRequest is a campaign file the Roll page hands over, to roll
// its next chapter: the file's text and its name, which errors give.
type campaignRequest struct {
	File string `json:"file"`
	Name string `json:"name"`
}

// chapterAnswer is the next chapter, as the page shows it and the files
// it offers: JSON and Markdown as "sortie campaign --continue FILE
// --format json" (or md) prints it, and State the campaign file for the
// chapter, as the CLI writes it, to be downloaded as StateName.
type chapterAnswer struct {
	Title     string `json:"title,omitempty"`
	Chapter   int    `json:"chapter,omitempty"`
	HTML      string `json:"html,omitempty"`
	JSON      string `json:"json,omitempty"`
	Markdown  string `json:"markdown,omitempty"`
	State     string `json:"state,omitempty"`
	StateName string `json:"stateName,omitempty"`
	// The play panel's log of the chapter: it is kept under the
	// campaign's seed, system and chapter, and says of each game what
	// happened to each of Figures (the band in State) in Words.
	Seed    string        `json:"seed,omitempty"`
	System  string        `json:"system,omitempty"`
	Figures []string      `json:"figures,omitempty"`
	Words   []chapterWord `json:"words,omitempty"`
	Error   string        `json:"error,omitempty"`
}

// chapterWord is a word a log line may say of a figure, as the play
// panel's data-words gives it.
type chapterWord struct {
	Word    string `json:"word"`
	Meaning string `json:"meaning"`
}

// campaign answers one request, given as JSON: the next chapter of the
// campaign file, rolled by the call "sortie campaign --continue" makes.
func (r *roller) campaign(q []byte) chapterAnswer {
	var req campaignRequest
	if err := json.Unmarshal(q, &req); err != nil {
		return chapterAnswer{Error: fmt.Sprintf("failed to read the request: %v", err)}
	}
	if req.Name == "" {
		req.Name = "campaign.yaml"
	}
	ch, err := generator.ContinueCampaign(r.reg.Get, "", req.Name, []byte(req.File))
	if err != nil {
		return chapterAnswer{Error: err.Error()}
	}
	var js, md bytes.Buffer
	if err := generator.WriteCampaignJSON(&js, ch.Campaign); err != nil {
		return chapterAnswer{Error: err.Error()}
	}
	if err := generator.CampaignMarkdown(&md, ch.System, ch.Campaign); err != nil {
		return chapterAnswer{Error: err.Error()}
	}
	html, err := r.ro.Chapter(ch.Campaign)
	if err != nil {
		return chapterAnswer{Error: err.Error()}
	}
	c := ch.Campaign
	a := chapterAnswer{
		Title:   fmt.Sprintf("%s campaign, chapter %d: %d encounters", ch.System.Rules().System.Name, c.Chapter, c.Steps),
		Chapter: c.Chapter, HTML: string(html), JSON: js.String(), Markdown: md.String(),
		State: string(ch.Next.Marshal()), StateName: generator.ChapterFileName(req.Name, ch.Next.Chapter),
		Seed: ch.Next.Seed, System: ch.Next.System,
	}
	if k := ch.Keep(); k != nil {
		a.Figures = k.Figures
		for _, w := range k.Words {
			a.Words = append(a.Words, chapterWord{w.Word, w.Meaning})
		}
	}
	return a
}
