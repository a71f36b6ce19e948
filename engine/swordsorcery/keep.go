package swordsorcery

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
)

// The campaign the player keeps (engine.Keeper): the band as the file
// holds it, and the book's steps after a game (Afterwards, lines 944-964):
// After the Battle Recovery (page 12), Rep Adjustment (page 4) and New
// Recruits (page 16).
//
// The dice of those steps are rolled before anyone knows how the game
// went and printed with the entry (Afterwards): each figure's dice on the
// stream of its place in the band as it stood when the game began
// (figure/<place>/recovery, figure/<place>/rep; place 1 is the Star, then
// the others in the order they joined), the band's New Recruits on
// new-recruits and each recruit's Recruiting rolls on recruit/<n>. After
// reads the very same streams, so a player who plays on from the book and
// one who writes the game in the file get the same band.

var _ engine.Keeper = (*System)(nil)

// The words a game's line may say of a figure.
const (
	fateHit       = "hit"
	fatePower     = "power"
	fateOut       = "out"
	fateRecovered = "recovered"
	fateLeft      = "left"
	fateFled      = "fled"
	fateDead      = "dead"
)

// Fates are the words a game's line may say of a figure: what After the
// Battle Recovery and Rep Adjustment need to know, and no more.
func (s *System) Fates() []engine.Fate {
	return []engine.Fate{
		{Word: fateHit, Meaning: "hit an enemy with a shot, or fought a melee"},
		{Word: fatePower, Meaning: "the Star used a Star Power die"},
		{Word: fateOut, Meaning: "went Out of the Fight and was left lying: nobody carried it off and its side lost the Battle Board"},
		{Word: fateRecovered, Meaning: "went Out of the Fight and was recovered: a friend carried it off, or its side held the Battle Board"},
		{Word: fateLeft, Meaning: "left the table with its Leader or after it"},
		{Word: fateFled, Meaning: "left the table before its Leader did"},
		{Word: fateDead, Meaning: "was killed: Obviously Dead, or finished off or taken by the enemy"},
	}
}

// fell are the words that say a figure did not come through on its feet:
// a figure may have at most one of them.
var fell = []string{fateOut, fateRecovered, fateLeft, fateFled, fateDead}

// Attribute keys of a member in the player's file: the band's columns.
var memberKeys = []string{"class", "rep", "ac"}

// Rep bounds in the player's file: never below 3 (page 4). The book sets
// no maximum; Sortie keeps Reps at 10 or below, as it does for the Star's
// Rep it starts with and for every table.
const keptRepMin, keptRepMax = 3, 10

// bookACs are the book's three Armor Classes (page 4).
var bookACs = []int{2, 4, 6}

// Members returns the band as the player's file holds it: the Star first,
// then the Grunts in the order they joined, each by its own name.
func (s *System) Members(f *engine.Force) []engine.Member {
	b, err := s.band(f)
	if err != nil {
		return nil
	}
	var ms []engine.Member
	for _, fig := range b.Figures {
		ms = append(ms, engine.Member{Name: fig.Name, Star: fig.Star, Attrs: []engine.Attr{
			{Key: "class", Value: fig.Class},
			{Key: "rep", Value: strconv.Itoa(fig.Rep)},
			{Key: "ac", Value: strconv.Itoa(fig.AC)},
		}})
	}
	return ms
}

// Restore raises the band from the player's file: the Star first, then
// the others in the file's order. Each mistake is a *engine.MemberError.
func (s *System) Restore(ms []engine.Member, _ engine.Options) (*engine.Force, error) {
	star := -1
	for i, m := range ms {
		if !m.Star {
			continue
		}
		if star >= 0 {
			return nil, &engine.MemberError{Index: i, Field: "star", Err: fmt.Errorf("two Stars, %q and %q: a band has one Star", ms[star].Name, m.Name)}
		}
		star = i
	}
	if star < 0 {
		return nil, &engine.MemberError{Index: 0, Field: "star", Err: errors.New("no Star: mark your own figure with star: true")}
	}
	figs := make([]Figure, len(ms))
	names := map[string]int{}
	for i, m := range ms {
		if strings.TrimSpace(m.Name) == "" {
			return nil, &engine.MemberError{Index: i, Field: "name", Err: errors.New("no name: a game's line speaks of a figure by its name")}
		}
		if j, dup := names[m.Name]; dup {
			return nil, &engine.MemberError{Index: i, Field: "name", Err: fmt.Errorf("%q twice (figures %d and %d): give each figure its own name", m.Name, j+1, i+1)}
		}
		names[m.Name] = i
		f, err := s.member(m)
		if err != nil {
			err.Index = i
			return nil, err
		}
		figs[i] = f
	}
	lead := figs[star]
	b := &Band{StarRep: lead.Rep, Figures: []Figure{lead}}
	for i, f := range figs {
		if i == star {
			continue
		}
		if f.Rep >= lead.Rep {
			return nil, &engine.MemberError{Index: i, Field: "rep", Err: fmt.Errorf("%s has Rep %d: a Grunt's Rep must be below the Star's %d (page 5)", f.Name, f.Rep, lead.Rep)}
		}
		if len(b.Figures) == lead.Rep {
			return nil, &engine.MemberError{Index: i, Err: fmt.Errorf("%s is one too many: a Rep %d Star leads at most %d figures, the Star included (page 5)", f.Name, lead.Rep, lead.Rep)}
		}
		b.Figures = append(b.Figures, f)
	}
	return s.forceOf(b), nil
}

// member reads one member's attributes.
func (s *System) member(m engine.Member) (Figure, *engine.MemberError) {
	f := Figure{Name: m.Name, Star: m.Star}
	for _, a := range m.Attrs {
		if !slices.Contains(memberKeys, a.Key) {
			return f, &engine.MemberError{Field: a.Key, Err: fmt.Errorf("unknown attribute %q: a figure has %s", a.Key, strings.Join(memberKeys, ", "))}
		}
	}
	for _, key := range memberKeys {
		v, ok := m.Get(key)
		if !ok {
			return f, &engine.MemberError{Field: key, Err: fmt.Errorf("no %s: a figure has %s", key, strings.Join(memberKeys, ", "))}
		}
		switch key {
		case "class":
			classes := s.classes()
			i := slices.IndexFunc(classes, func(c string) bool { return strings.EqualFold(c, v) })
			if i < 0 {
				return f, &engine.MemberError{Field: key, Err: fmt.Errorf("unknown class %q: want %s", v, strings.Join(classes, ", "))}
			}
			f.Class = classes[i]
		case "rep":
			n, err := strconv.Atoi(v)
			if err != nil || n < keptRepMin || n > keptRepMax {
				return f, &engine.MemberError{Field: key, Err: fmt.Errorf("Rep %q: want a number from %d to %d (the book: never below 3; Sortie's decision: at most 10, as everywhere in Sortie, since the book sets no maximum)", v, keptRepMin, keptRepMax)}
			}
			f.Rep = n
		case "ac":
			n, err := strconv.Atoi(v)
			if err != nil || !slices.Contains(bookACs, n) {
				return f, &engine.MemberError{Field: key, Err: fmt.Errorf("AC %q: want 2, 4 or 6, the book's Armor Classes", v)}
			}
			f.AC = n
		}
	}
	f.Type = s.typeFor(f)
	return f, nil
}

// classes are the book's Classes: those the Recruiting table gives.
func (s *System) classes() []string {
	var cs []string
	for _, r := range s.recruiting.Rows {
		if c := s.recruiting.Cell(&r, "Class").Text; !slices.Contains(cs, c) {
			cs = append(cs, c)
		}
	}
	slices.Sort(cs)
	return cs
}

// typeFor is the word a figure's Rep gives it (Raw, Experienced,
// Veteran; page 4), as the Recruiting table spells it; "Star" for the
// Star and "Grunt" for a Rep the table has no word for.
func (s *System) typeFor(f Figure) string {
	if f.Star {
		return "Star"
	}
	for _, r := range s.recruiting.Rows {
		if s.recruiting.Cell(&r, "Rep").Int == f.Rep {
			return s.recruiting.Cell(&r, "Type").Text
		}
	}
	return "Grunt"
}

// forceOf returns the band as a Force, as Band makes it.
func (s *System) forceOf(b *Band) *engine.Force {
	f := &engine.Force{Title: "Your band", Columns: figureColumns, Own: b}
	for _, fig := range b.Figures {
		f.Figures = append(f.Figures, force(fig))
	}
	for _, n := range b.Notes {
		f.Notes = append(f.Notes, &doc.Para{Note: true, Text: n})
	}
	return f
}

// uniqueName returns base, or base followed by the first number from 2
// that no figure of fs has as its name: "Experienced Melee 2".
func uniqueName(fs []Figure, base string) string {
	taken := func(n string) bool { return slices.ContainsFunc(fs, func(f Figure) bool { return f.Name == n }) }
	name := base
	for i := 2; taken(name); i++ {
		name = base + " " + strconv.Itoa(i)
	}
	return name
}

// The streams of a place's dice, and of the band's.
func recoveryStream(r *dice.Roller, place int) *dice.Roller {
	return r.Stream("figure", strconv.Itoa(place), "recovery")
}

func repStream(r *dice.Roller, place int) *dice.Roller {
	return r.Stream("figure", strconv.Itoa(place), "rep")
}

func recruitStream(r *dice.Roller, n int) *dice.Roller {
	return r.Stream("recruit", strconv.Itoa(n))
}

// repDie is the Rep Adjustment's die: 1d6 read as rolled.
var repDie = dice.Expr{Count: 1, Faces: 6}

// Sortie's decisions where the book is silent, printed where they apply.
const (
	decideStar   = "Sortie's decision: a Star that does not return ends the campaign (the book does not say what a band does without its Star)."
	decideLosses = "Sortie's decision: a loss is a figure that did not come back (killed, or not returned at After the Battle Recovery)."
	decideSize   = "Sortie's decision: when the Star's Rep falls below the band's size, the last to join leave first."
)

// After takes the book's steps after one game (engine.Keeper): After the
// Battle Recovery for each figure that went Out of the Fight or left the
// table, Rep Adjustment for each that remains, Grunts whose Rep is not
// below the Star's leave, and New Recruits if the band took losses. The
// dice are those the entry printed (Afterwards).
func (s *System) After(r *dice.Roller, _ engine.Step, force *engine.Force, game engine.Game, _ engine.Options) (*engine.Force, []doc.Block, error) {
	old, err := s.band(force)
	if err != nil {
		return nil, nil, err
	}
	fates, err := s.readFates(old, game)
	if err != nil {
		return nil, nil, err
	}
	if fates[0].fell == fateDead {
		return nil, nil, fmt.Errorf("your Star was killed, and the campaign ends here. %s", decideStar)
	}
	var bs []doc.Block
	var steps []doc.Block

	// 1. After the Battle Recovery, each figure by its place.
	var kept []Figure
	var keptPlaces []int
	losses := false
	for i, f := range old.Figures {
		place := i + 1
		switch fell := fates[i].fell; fell {
		case "":
			kept = append(kept, f)
			keptPlaces = append(keptPlaces, place)
			continue
		case fateDead:
			losses = true
			steps = append(steps, &doc.Para{Text: f.Name + " was killed and does not return."})
			continue
		}
		res, err := s.recovery.Roll(recoveryStream(r, place), f.Rep)
		if err != nil {
			return nil, nil, err
		}
		back := returns(fates[i].fell, res.Roll.Value)
		what := "returns to the band"
		switch {
		case back:
		case res.Roll.Value == 1 && fates[i].fell == fateFled:
			what = "does not return: it left before its Leader"
		case res.Roll.Value == 1 && fates[i].fell == fateOut:
			what = "does not return: it was not recovered"
		default:
			what = "does not return"
		}
		steps = append(steps, &doc.Roll{Label: fmt.Sprintf("%s (place %d, %s): %s", f.Name, place, fates[i].fell, s.recovery.Title), Dice: res.Roll, Row: res.Row.Key, Result: what})
		if !back {
			if f.Star {
				return nil, nil, fmt.Errorf("your Star did not return (%s: %s), and the campaign ends here. %s", s.recovery.Title, res.Roll, decideStar)
			}
			losses = true
			continue
		}
		kept = append(kept, f)
		keptPlaces = append(keptPlaces, place)
	}
	if len(steps) > 0 {
		bs = append(bs, &doc.Section{Title: "1. " + s.recovery.Title, Blocks: steps})
	}

	// 2. Rep Adjustment for each figure that came back.
	steps = nil
	for k := range kept {
		f := &kept[k]
		place := keptPlaces[k]
		fa := fates[place-1]
		var which string
		switch {
		case fa.fell != "":
			which = "going down"
		case fa.hit && !fa.power:
			which = "going up"
		default:
			continue
		}
		d := repStream(r, place).Roll(repDie)
		was := f.Rep
		result := "no change"
		switch {
		case which == "going up" && (d.Value > f.Rep || d.Value == 6):
			if f.Rep >= keptRepMax {
				result = fmt.Sprintf("stays at Rep %d. Sortie's decision: Sortie keeps Reps at %d or below (the book sets no maximum)", f.Rep, keptRepMax)
				break
			}
			f.Rep++
		case which == "going down" && d.Value == 1:
			if f.Rep <= keptRepMin {
				result = fmt.Sprintf("stays at Rep %d: never below 3", f.Rep)
				break
			}
			f.Rep--
		}
		if f.Rep != was {
			result = fmt.Sprintf("Rep %d → %d", was, f.Rep)
			f.Type = s.typeFor(*f)
		}
		steps = append(steps, &doc.Roll{Label: fmt.Sprintf("%s (place %d): %s, %s", f.Name, place, s.repAdjustment.Title, which), Dice: d, Result: result})
	}
	band := &Band{StarRep: kept[0].Rep, Figures: kept[:1]}
	for _, f := range kept[1:] {
		switch {
		case f.Rep >= band.StarRep:
			steps = append(steps, &doc.Para{Text: fmt.Sprintf("%s leaves: a Grunt's Rep %d is not below the Star's %d (page 5).", f.Name, f.Rep, band.StarRep)})
		case len(band.Figures) >= band.StarRep:
			steps = append(steps, &doc.Para{Text: fmt.Sprintf("%s leaves: a Rep %d Star leads at most %d figures. %s", f.Name, band.StarRep, band.StarRep, decideSize)})
		default:
			band.Figures = append(band.Figures, f)
		}
	}
	if len(steps) > 0 {
		bs = append(bs, &doc.Section{Title: "2. " + s.repAdjustment.Title, Blocks: steps})
	}

	// 3. New Recruits, when the band took losses.
	if losses {
		steps, err = s.newGrunts(r, band, old.Figures)
		if err != nil {
			return nil, nil, err
		}
		bs = append(bs, &doc.Section{Title: "3. " + s.newRecruits.Title, Blocks: steps})
	}
	return s.forceOf(band), bs, nil
}

// newGrunts rolls New Recruits against the Star's Rep as it now stands
// and adds the recruits it allows to band: as many as are missing for
// "full" (the Star's Rep in figures, the Star included; page 5), one for
// "one". A recruit's name is none of the band's, nor of those in gone
// (the band as the game began), so the game's line and the file never
// speak of two figures by one name.
func (s *System) newGrunts(r *dice.Roller, band *Band, gone []Figure) ([]doc.Block, error) {
	res, err := s.newRecruits.Roll(r.Stream("new-recruits"), band.StarRep)
	if err != nil {
		return nil, err
	}
	bs := []doc.Block{
		&doc.Para{Note: true, Text: decideLosses},
		&doc.Roll{Label: s.newRecruits.Title, Dice: res.Roll, Row: res.Row.Key, Result: res.Cell("Result").Text},
	}
	missing := band.StarRep - len(band.Figures)
	n := 0
	switch res.Cell("Outcome").Text {
	case "full":
		n = missing
	case "one":
		n = min(1, missing)
	}
	if n > 0 && !s.canRecruit(band.StarRep) {
		bs = append(bs, &doc.Para{Text: fmt.Sprintf("No Recruiting row is below Rep %d, so no Grunt can join a Rep %d Star.", band.StarRep, band.StarRep)})
		return bs, nil
	}
	if missing == 0 && res.Cell("Outcome").Text != "none" {
		bs = append(bs, &doc.Para{Text: fmt.Sprintf("The band is at full strength for a Rep %d Star: no one joins.", band.StarRep)})
	}
	var recruits []Figure
	for i := 1; i <= n; i++ {
		f, err := s.recruit(recruitStream(r, i), band.StarRep)
		if err != nil {
			return nil, err
		}
		f.Name = uniqueName(append(slices.Clone(gone), band.Figures...), f.Type+" "+f.Class)
		band.Figures = append(band.Figures, f)
		recruits = append(recruits, f)
	}
	if len(recruits) > 0 {
		bs = append(bs, figuresTable("Recruits", recruits))
	}
	return bs, nil
}

// returns reads After the Battle Recovery for a figure that fell: pass 2
// returns; pass 1 returns a recovered figure and one that left with its
// Leader or after it, but not one that fled before its Leader, nor one
// left lying Out of the Fight (Sortie's decision, table
// out-of-the-fight: only a recovered figure returns on pass 1); pass 0
// does not return.
func returns(fell string, passed int) bool {
	switch passed {
	case 2:
		return true
	case 1:
		return fell == fateRecovered || fell == fateLeft
	}
	return false
}

// figureFate is what a game says of one figure.
type figureFate struct {
	fell       string // one of fell, or ""
	hit, power bool
}

// readFates reads the game's words for each figure of band, by place.
func (s *System) readFates(band *Band, game engine.Game) ([]figureFate, error) {
	out := make([]figureFate, len(band.Figures))
	known := map[string]bool{}
	for _, f := range s.Fates() {
		known[f.Word] = true
	}
	for i, f := range band.Figures {
		fa := &out[i]
		for _, w := range game.Fates[f.Name] {
			switch {
			case !known[w]:
				return nil, fmt.Errorf("%s: %q is not a word of a game's line", f.Name, w)
			case w == fateHit:
				fa.hit = true
			case w == fatePower:
				if !f.Star {
					return nil, fmt.Errorf("%s: power: only the Star has Star Power", f.Name)
				}
				fa.power = true
			case w == fateFled && f.Star:
				return nil, fmt.Errorf("%s: fled: the Star is the band's Leader, so it left with its Leader (say left)", f.Name)
			case fa.fell != "" && fa.fell != w:
				return nil, fmt.Errorf("%s is both %s and %s: say one of %s", f.Name, fa.fell, w, strings.Join(fell, ", "))
			default:
				fa.fell = w
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(game.Fates)) {
		if !slices.ContainsFunc(band.Figures, func(f Figure) bool { return f.Name == name }) {
			return nil, fmt.Errorf("no figure %q in the band", name)
		}
	}
	return out, nil
}
