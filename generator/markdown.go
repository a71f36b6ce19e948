package generator

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/generator/words"
)

// The Markdown renderings are for reading in a terminal or pasting into a
// forum post; they hold everything the JSON holds that a player needs.

// mdWriter collects output and the first write error (checked once at the
// end, the fpdf way).
type mdWriter struct {
	w   io.Writer
	err error
}

func (m *mdWriter) printf(format string, args ...any) {
	if m.err == nil {
		_, m.err = fmt.Fprintf(m.w, format, args...)
	}
}

func (m *mdWriter) list(items []string) {
	for _, it := range items {
		m.printf("- %s\n", it)
	}
	m.printf("\n")
}

// code returns s as Markdown inline code, fenced with more backticks than
// s holds in a row, so any seed prints as itself.
func code(s string) string {
	run, longest := 0, 0
	for _, c := range s {
		if c == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if longest > 0 {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// cell escapes text for a Markdown table cell.
func cell(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "|", `\|`), "\n", " ")
}

// EncounterMarkdown writes one encounter as Markdown.
func EncounterMarkdown(w io.Writer, sys engine.System, e *engine.Encounter) error {
	m := &mdWriter{w: w}
	m.printf("# %s: %s\n\n", sys.Rules().System.Name, e.Title)
	m.printf("Seed %s, stream %s. Sortie %s.\n\n", code(e.Seed), code(e.Stream), Version)
	encounterBody(m, e, 2)
	return m.err
}

func encounterBody(m *mdWriter, e *engine.Encounter, level int) {
	h := strings.Repeat("#", level)
	m.printf("%s\n\n", e.Summary)
	m.printf("%s Objective\n\n", h)
	m.list(e.Objective)
	m.printf("%s Terrain\n\n", h)
	m.printf("**%s**: %s. Battle Board %d\" x %d\". %s to resolve; the last holds the objective.\n\n",
		e.Terrain.Name, e.Terrain.Roll.Dice, e.Board.WidthIn, e.Board.HeightIn, words.Plural(len(e.PEFs), "PEF", "PEFs"))
	m.printf("%s Forces\n\n", h)
	m.list(e.Forces)
	m.printf("%s Deployment\n\n", h)
	m.list(e.Deployment)
	m.printf("%s Special instructions\n\n", h)
	m.list(e.Special)
	m.printf("%s Your band\n\n", h)
	band(m, e.Band)
	m.printf("%s Enemies: %s\n\n", h, e.Enemies.Title)
	m.printf("%s\n\n", e.Enemies.Rule)
	if len(e.Enemies.Roster) > 0 {
		figures(m, e.Enemies.Roster)
	}
	m.printf("%s PEFs: read each only when you resolve it\n\n", h)
	for _, p := range e.PEFs {
		pef(m, p, h+"#")
	}
}

func band(m *mdWriter, b *engine.Band) {
	figures(m, b.Figures)
	for _, r := range b.Rerolled {
		m.printf("- Re-rolled, Rep too high for the Star: %s (row %s)\n", r, r.Row)
	}
	for _, n := range b.Notes {
		m.printf("- %s\n", n)
	}
	if len(b.Rerolled)+len(b.Notes) > 0 {
		m.printf("\n")
	}
}

func figures(m *mdWriter, fs []engine.Figure) {
	m.printf("| # | Figure | Class | Rep | AC | Rolled |\n|---|---|---|---|---|---|\n")
	for i, f := range fs {
		name := f.Type
		if f.Name != "" && f.Name != f.Type {
			name = f.Name
		}
		rolled := ""
		if f.Roll != nil {
			rolled = f.Roll.String() + " (row " + f.Roll.Row + ")"
		}
		if f.Note != "" {
			rolled = strings.TrimSpace(rolled + " " + f.Note)
		}
		m.printf("| %d | %s | %s | %d | %d | %s |\n", i+1, cell(name), cell(f.Class), f.Rep, f.AC, cell(rolled))
	}
	m.printf("\n")
}

func pef(m *mdWriter, p engine.PEF, h string) {
	title := fmt.Sprintf("The %s PEF you resolve", words.Ordinal(p.Number))
	if p.Objective {
		title += " (objective)"
	}
	m.printf("%s %s\n\n", h, title)
	if p.Roll != nil {
		m.printf("PEF Resolution: %s\n\n", p.Roll.Dice)
	} else {
		m.printf("No roll: %s.\n\n", strings.TrimPrefix(p.Method, "none: "))
	}
	m.printf("%s\n\n", p.Result)
	if p.Forced != "" {
		m.printf("%s\n\n", p.Forced)
	}
	c := p.Contact
	if c == nil {
		return
	}
	if g := c.Creatures; g != nil && g.OnlyOne {
		m.printf("Contact Size: %s, but the creature below comes alone: **1 enemy**, on a %s Battle Board.", c.Size.Dice, c.Board)
	} else {
		m.printf("Contact Size: %s. Against your band of %d: **%s**, on a %s Battle Board.",
			c.Size.Dice, c.ForBand, words.Plural(c.Count, "enemy", "enemies"), c.Board)
	}
	if len(c.Takes) > 0 {
		m.printf(" Take roster figures %s.", c.Places())
	}
	m.printf("\n\n")
	if g := c.Creatures; g != nil {
		m.printf("Creature List: %s; %s: %s.\n\n", g.List.Dice, g.Creature.Title, g.Creature.Dice)
		m.printf("**%s**", g.Name)
		switch {
		case g.ArmyList != "":
			m.printf(": see the %s list.", g.Figures[0].Roll.Title)
		case g.OnlyOne:
			m.printf(": only one.")
		}
		m.printf("\n\n")
		figures(m, g.Figures)
	}
}

// CampaignMarkdown writes a campaign as a Markdown gamebook.
func CampaignMarkdown(w io.Writer, sys engine.System, c *campaign.Campaign) error {
	m := &mdWriter{w: w}
	m.printf("# %s campaign: %d encounters\n\n", sys.Rules().System.Name, c.Steps)
	m.printf("Seed %s. Sortie %s. %d entries; start at 1 and follow the links.\n\n", code(c.Seed), Version, len(c.Nodes))
	m.printf("## Your band\n\n")
	band(m, c.Band)
	for _, n := range c.Nodes {
		m.printf("## %d. %s (encounter %d of %d)\n\n", n.Number, n.Encounter.Title, n.Step, c.Steps)
		encounterBody(m, n.Encounter, 3)
		if a := n.Afterwards; a != nil {
			m.printf("### Afterwards\n\n")
			m.printf("If the band took losses: New Recruits, %s. %s\n\n", a.NewRecruits.Dice, a.Result)
			m.printf("Read against your Star's starting Rep %d. If it has changed, read the same dice against the new Rep.\n\n", a.AgainstRep)
			if a.Note != "" {
				m.printf("%s\n\n", a.Note)
			}
			if len(a.Recruits) > 0 {
				figures(m, a.Recruits)
			}
			for _, r := range a.Rerolled {
				m.printf("- Re-rolled, Rep too high for the Star: %s (row %s)\n", r, r.Row)
			}
			if len(a.Rerolled) > 0 {
				m.printf("\n")
			}
		}
		if n.Success == 0 {
			m.printf("**The campaign ends here.**\n\n")
		} else {
			m.printf("**Success: go to %d. Failure: go to %d.**\n\n", n.Success, n.Failure)
		}
	}
	return m.err
}

// TablesMarkdown writes every table of a system as the engine holds it.
func TablesMarkdown(w io.Writer, set *rules.Set) error {
	m := &mdWriter{w: w}
	m.printf("# %s: tables\n\n", set.System.Name)
	m.printf("The Quick Reference Sheet tables first, in the sheet's order, then the tables Sortie rolls on before play.\n\n")
	for _, t := range set.QRSTables() {
		tableMarkdown(m, t)
	}
	for _, id := range set.Order {
		if !slices.Contains(set.System.QRS, id) {
			tableMarkdown(m, set.Tables[id])
		}
	}
	return m.err
}

func tableMarkdown(m *mdWriter, t *rules.Table) {
	corner := t.Corner()
	if corner != "" {
		corner = "[" + corner + "] "
	}
	m.printf("## %s%s\n\n", corner, t.Title)
	if t.Caption != "" {
		m.printf("*%s*", t.Caption)
	}
	if t.SixFails {
		m.printf(" *A 6 is always a failure.*")
	}
	if t.Caption != "" || t.SixFails {
		m.printf("  \n")
	}
	m.printf("`%s`", t.ID)
	if t.HasDice {
		m.printf(", %s", t.Dice.Describe())
	}
	if t.Source != "" {
		m.printf(", %s", t.Source)
	}
	m.printf("\n\n")
	for _, n := range t.Notes {
		m.printf("%s\n\n", n)
	}
	cols := t.Printed()
	m.printf("| %s |", cell(t.KeyHeader))
	for _, i := range cols {
		m.printf(" %s |", cell(t.Columns[i].Name))
	}
	m.printf("\n|---|%s\n", strings.Repeat("---|", len(cols)))
	for _, r := range t.Rows {
		m.printf("| **%s** |", cell(r.Key))
		for _, i := range cols {
			m.printf(" %s |", cell(t.CellText(i, r.Cells[i])))
		}
		m.printf("\n")
	}
	m.printf("\n")
	for _, d := range t.Decisions {
		m.printf("\\* Sortie's decision: %s\n\n", d)
	}
}
