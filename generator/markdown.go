package generator

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/words"
)

// The Markdown renderings are for reading in a terminal or pasting into a
// forum post; they hold everything the JSON holds that a player needs.
// Like the site and the booklets, they draw blocks (package doc) and read
// no rule system's own fields.

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

// blocks draws bs with headings at level and below.
func (m *mdWriter) blocks(bs []doc.Block, level int) {
	for _, b := range bs {
		m.block(b, level)
	}
}

// block draws one block: every kind of package doc, once.
func (m *mdWriter) block(b doc.Block, level int) {
	h := strings.Repeat("#", min(level, 6))
	switch b := b.(type) {
	case *doc.Section:
		m.printf("%s %s\n\n", h, b.Title)
		m.blocks(b.Blocks, level+1)
	case *doc.Para:
		switch {
		case b.Lead != "" && b.Text != "":
			m.printf("**%s** %s\n\n", b.Lead, b.Text)
		case b.Lead != "":
			m.printf("**%s**\n\n", b.Lead)
		case b.Note:
			m.printf("*%s*\n\n", b.Text)
		default:
			m.printf("%s\n\n", b.Text)
		}
	case *doc.List:
		for _, it := range b.Items {
			m.printf("- %s\n", it)
		}
		m.printf("\n")
	case *doc.Checklist:
		if b.Lead != "" {
			m.printf("**%s:**\n\n", b.Lead)
		}
		for i, it := range b.Items {
			m.printf("%d. [ ] %s\n", i+1, it)
		}
		m.printf("\n")
		if b.Note != "" {
			m.printf("*%s*\n\n", b.Note)
		}
	case *doc.Roll:
		m.printf("%s\n\n", b.Text())
	case *doc.Table:
		m.table(b, h)
	case *doc.Map:
		mp := b.Map
		m.printf("*%s, %s x %s", mp.Title, mp.Length(mp.WidthIn), mp.Length(mp.HeightIn))
		if mp.Terrain != "" {
			m.printf(": %s", mp.Terrain)
		}
		m.printf(".*")
		if mp.Caption != "" {
			m.printf(" %s", mp.Caption)
		}
		m.printf(" (The map is drawn on the site and in the booklets.)\n\n")
	case *doc.Sealed:
		m.printf("%s %s: read each only when you reach it\n\n", h, b.Title)
		if b.Intro != "" {
			m.printf("%s\n\n", b.Intro)
		}
		for _, it := range b.Items {
			title := it.Title
			if it.Tag != "" {
				title += " (" + it.Tag + ")"
			}
			m.printf("%s# %s\n\n", h, title)
			m.blocks(it.Blocks, level+2)
		}
	case *doc.Links:
		m.links(b.Links)
	case *doc.Cards:
		m.printf("%s %s\n\n", h, b.Title)
		if b.Intro != "" {
			m.printf("%s\n\n", b.Intro)
		}
		m.printf("*%s of %s × %s mm, printed to cut out in the booklets.*\n\n", words.Plural(len(b.Items), "card", "cards"), mm(b.W), mm(b.H))
		for _, c := range b.Items {
			m.card(c, "- ")
			if c.Back != nil {
				m.card(*c.Back, "  - Back: ")
			}
		}
		m.printf("\n")
	default:
		m.printf("%T\n\n", b) // unreachable: the block set is closed
	}
}

// mm prints a length in millimetres without trailing zeros.
func mm(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// card prints one face of a card as a list item: its title, tag, fields,
// track, lines and edges, in that order.
func (m *mdWriter) card(c doc.Card, lead string) {
	parts := []string{"**" + c.Title + "**"}
	if c.Tag != "" {
		parts[0] += " (" + c.Tag + ")"
	}
	for _, f := range c.Fields {
		parts = append(parts, f.Label+": "+f.Value)
	}
	if t := c.Track; t != nil {
		s := t.Label + " " + strings.TrimSpace(strings.Repeat("[ ] ", t.Boxes))
		if t.Note != "" {
			s += " (" + t.Note + ")"
		}
		parts = append(parts, s)
	}
	parts = append(parts, c.Lines...)
	if c.Edges != [4]string{} {
		parts = append(parts, fmt.Sprintf("edges: top %s, right %s, bottom %s, left %s", c.Edges[doc.Top], c.Edges[doc.Right], c.Edges[doc.Bottom], c.Edges[doc.Left]))
	}
	m.printf("%s%s\n", lead, strings.Join(parts, " · "))
}

func (m *mdWriter) links(ls []doc.Link) {
	if len(ls) == 0 {
		m.printf("**The campaign ends here.**\n\n")
		return
	}
	var parts []string
	for _, l := range ls {
		s := fmt.Sprintf("%s: go to %d.", l.Label, l.To)
		if l.To == 0 {
			s = l.Label + ": the campaign ends."
		}
		if l.Note != "" {
			s = strings.TrimSuffix(s, ".") + " (" + l.Note + ")."
		}
		parts = append(parts, s)
	}
	m.printf("**%s**\n\n", strings.Join(parts, " "))
}

func (m *mdWriter) table(t *doc.Table, h string) {
	if t.Title != "" {
		corner := ""
		if t.Corner != "" {
			corner = "[" + t.Corner + "] "
		}
		m.printf("%s %s%s\n\n", h, corner, t.Title)
	}
	if len(t.HowToRead) > 0 {
		m.printf("*%s*\n\n", strings.Join(t.HowToRead, " "))
	}
	for _, n := range t.Notes {
		m.printf("%s\n\n", n)
	}
	for _, g := range t.Modifiers {
		m.printf("| %s | %s |\n|---|---|\n", cell(g.Head[0]), cell(g.Head[1]))
		for _, r := range g.Rows {
			m.printf("| %s | %s |\n", cell(r[0]), cell(r[1]))
		}
		m.printf("\n")
	}
	if len(t.Rows) > 0 {
		head := t.Head
		if len(head) == 0 {
			head = make([]string, len(t.Rows[0]))
		}
		m.printf("|")
		for _, c := range head {
			m.printf(" %s |", cell(c))
		}
		m.printf("\n|%s\n", strings.Repeat("---|", len(head)))
		for _, r := range t.Rows {
			for i, c := range r {
				switch {
				case i == 0 && c == "":
					m.printf("|  |") // a blank row to fill in, not "****"
				case i == 0:
					m.printf("| **%s** |", cell(c))
				default:
					m.printf(" %s |", cell(c))
				}
			}
			m.printf("\n")
		}
		m.printf("\n")
	}
	for _, f := range t.Footnotes {
		m.printf("%s\n\n", f)
	}
	m.odds(t.Odds)
	for _, d := range t.Decisions {
		m.printf("\\* Sortie's decision: %s\n\n", d)
	}
	if t.Source != "" {
		m.printf("*Book: %s.*\n\n", t.Source)
	}
}

// odds draws a rule table's odds under it: their caption in italics, then
// a small table, one row per Rep.
func (m *mdWriter) odds(o *doc.Odds) {
	if o == nil || len(o.Rows) == 0 {
		return
	}
	m.printf("*%s*\n\n| %s |", o.Caption, cell(o.Corner))
	for _, h := range o.Head {
		m.printf(" %s |", cell(h))
	}
	m.printf("\n|%s\n", strings.Repeat("---|", len(o.Head)+1))
	for _, r := range o.Rows {
		m.printf("| **%s** |", cell(r.Label))
		for _, c := range r.Cells {
			m.printf(" %s |", cell(c.Text()))
		}
		m.printf("\n")
	}
	m.printf("\n")
}

func (m *mdWriter) force(f *engine.Force, h string) {
	if f == nil {
		return
	}
	m.printf("%s %s\n\n", h, f.Title)
	m.blocks(f.Blocks(), len(h)+1)
}

// EncounterMarkdown writes one encounter, and the band it was rolled for,
// as Markdown.
func EncounterMarkdown(w io.Writer, sys engine.System, one *OneEncounter) error {
	m := &mdWriter{w: w}
	e := one.Encounter
	m.printf("# %s: %s\n\n", sys.Rules().System.Name, e.Title)
	m.printf("Seed %s, stream %s. Sortie %s.\n\n", code(e.Seed), code(e.Stream), Version)
	if e.State != "" {
		m.printf("**%s**\n\n", e.State)
	}
	if e.Summary != "" {
		m.printf("%s\n\n", e.Summary)
	}
	m.force(one.Band, "##")
	m.blocks(e.Blocks, 2)
	m.encounterTables(sys.Rules(), e.Tables)
	return m.err
}

// encounterTables prints the Quick Reference Sheet tables an encounter
// needs at the table, each as the sheets print it.
func (m *mdWriter) encounterTables(set *rules.Set, ids []string) {
	if len(ids) == 0 {
		return
	}
	m.printf("## Tables for this encounter\n\n")
	m.printf("From the Quick Reference Sheets (%s prints them all).\n\n", code("sortie tables "+set.System.ID))
	for _, id := range ids {
		if t := set.Table(id); t != nil {
			m.table(doc.RuleTable(t), "###")
		}
	}
}

// tableTitles lists the titles of the tables an encounter needs, for a
// campaign's entries, which would repeat the same tables at length.
func (m *mdWriter) tableTitles(set *rules.Set, ids []string) {
	var titles []string
	for _, id := range ids {
		if t := set.Table(id); t != nil {
			titles = append(titles, t.Title)
		}
	}
	if len(titles) > 0 {
		m.printf("**Tables for this encounter** (on the Quick Reference Sheets): %s.\n\n", strings.Join(titles, ", "))
	}
}

// CampaignMarkdown writes a campaign as a Markdown gamebook.
func CampaignMarkdown(w io.Writer, sys engine.System, c *campaign.Campaign) error {
	m := &mdWriter{w: w}
	name := sys.Rules().System.Name + " campaign"
	if c.Chapter > 0 {
		name += fmt.Sprintf(", chapter %d", c.Chapter)
	}
	m.printf("# %s: %d encounters\n\n", name, c.Steps)
	m.printf("Seed %s. Sortie %s. %d entries; start at 1 and follow the links.\n\n", code(c.Seed), Version, len(c.Nodes))
	if c.Begin != nil {
		m.printf("%s\n\n", c.Begin.Text())
	}
	if len(c.Between) > 0 {
		m.printf("## Between chapters\n\n")
		m.blocks(c.Between, 3)
	}
	m.force(c.Band, "##")
	for _, n := range c.Nodes {
		title := n.Encounter.Title
		if n.State != "" {
			title += ", " + n.State
		}
		m.printf("## %d. %s (encounter %d of %d)\n\n", n.Number, title, n.Step, c.Steps)
		if n.Encounter.Summary != "" {
			m.printf("%s\n\n", n.Encounter.Summary)
		}
		m.blocks(n.Encounter.Blocks, 3)
		m.tableTitles(sys.Rules(), n.Encounter.Tables)
		if len(n.Afterwards) > 0 {
			m.printf("### Afterwards\n\n")
			m.blocks(n.Afterwards, 4)
		}
		m.links(n.Links)
	}
	if len(c.Log) > 0 {
		m.printf("## Between encounters\n\n")
		m.blocks(c.Log, 3)
	}
	return m.err
}

// TablesMarkdown writes every table of a system as the engine holds it.
func TablesMarkdown(w io.Writer, set *rules.Set) error {
	m := &mdWriter{w: w}
	m.printf("# %s: tables\n\n", set.System.Name)
	m.printf("The Quick Reference Sheet tables first, in the sheet's order, then the other tables.\n\n")
	for _, t := range set.QRSTables() {
		m.ruleTable(t)
	}
	for _, id := range set.Order {
		if !slices.Contains(set.System.QRS, id) {
			m.ruleTable(set.Tables[id])
		}
	}
	return m.err
}

// ruleTable draws a rule table as the QRS prints it, its id beside its
// title (the name a site's data and the command line use), and its dice
// in words for those who edit the data.
func (m *mdWriter) ruleTable(t *rules.Table) {
	pt := doc.RuleTable(t)
	src := pt.Source
	pt.Source = ""
	if pt.Title == "" {
		pt.Title = "`" + t.ID + "`"
	} else {
		pt.Title += " · `" + t.ID + "`"
	}
	m.table(pt, "##")
	var after []string
	if t.HasDice {
		after = append(after, t.Dice.Describe())
	}
	if src != "" {
		after = append(after, src)
	}
	if len(after) > 0 {
		m.printf("%s\n\n", strings.Join(after, ", "))
	}
}
