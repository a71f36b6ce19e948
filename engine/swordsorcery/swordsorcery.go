// Package swordsorcery is the 2d6 Sword & Sorcery rule system (Two Hour
// Wargames): the procedures that roll its band, its Explore, Raid and Defend
// encounters, their PEFs and enemies, and its campaign's next encounter.
// The numbers live in content/systems/2d6-sword-and-sorcery; this package
// holds only the book's procedures.
package swordsorcery

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/words"
)

// ID is the system's stable id.
const ID = "2d6-sword-and-sorcery"

// RosterMin is the fewest figures "loading up PEFs" asks for.
const RosterMin = 7

// System is 2d6 Sword & Sorcery over its data.
type System struct {
	set *rules.Set

	recruiting, enemy, pefResolution, contactSize, pefCount *rules.Table
	nextEncounter, newRecruits, creatureList                *rules.Table
	recovery, repAdjustment                                 *rules.Table // the steps after a game (keep.go)
	armies                                                  []*rules.Table
}

var (
	_ engine.Recruiter     = (*System)(nil)
	_ engine.Encounterer   = (*System)(nil)
	_ engine.Campaigner    = (*System)(nil)
	_ engine.OptionChecker = (*System)(nil)
	_ engine.EnemySourcer  = (*System)(nil)
)

// New checks that set holds every table the procedures need, with the
// columns they read, and returns the system.
func New(set *rules.Set) (*System, error) {
	s := &System{set: set}
	c := rules.Checker{Set: set}
	sys := set.System
	for _, m := range []struct {
		key     string
		missing bool
	}{{"board", sys.BoardW == 0}, {"star-rep", sys.StarRep == 0}, {"first-encounter", sys.First == ""}} {
		if m.missing {
			c.Errs = append(c.Errs, fmt.Errorf("%s: system %s: missing %q, which its procedures need", sys.Pos, sys.ID, m.key))
		}
	}
	figureCols := []string{"Type", "Class", "Rep", "AC"}
	s.recruiting = c.Table("recruiting", rules.ReadSum, figureCols...)
	s.enemy = c.Table("enemy", rules.ReadSum, figureCols...)
	s.pefResolution = c.Table("pef-resolution", rules.ReadPass, "Result", "Outcome")
	s.contactSize = c.Table("contact-size", rules.ReadAsRolled, "Enemies", "Modifier")
	s.pefCount = c.Table("pef-count", rules.ReadLookup, "PEFs")
	s.nextEncounter = c.Table("next-encounter", rules.ReadLookup, "If succeeded", "If failed")
	s.newRecruits = c.Table("new-recruits", rules.ReadPass, "Result", "Outcome")
	// The steps after a game: After reads them, Afterwards prints their dice.
	s.recovery = c.Table("after-the-battle-recovery", rules.ReadPass, "Result")
	s.repAdjustment = c.Table("rep-adjustment", rules.ReadLookup)
	s.creatureList = c.Table("creature-list", rules.ReadAsRolled, "List", "Table")
	for _, t := range set.Group("army") {
		figures(&c, t)
		s.armies = append(s.armies, t)
	}
	if len(s.armies) == 0 {
		c.Errs = append(c.Errs, fmt.Errorf("%s: no army lists (tables in group army)", set.System.Pos))
	}
	if len(c.Errs) > 0 {
		return nil, errors.Join(c.Errs...)
	}
	repAC(&c, s.recruiting)
	repAC(&c, s.enemy)
	outcomes(&c, s.pefResolution, "contact", "alert", "none")
	for _, r := range s.pefCount.Rows {
		if n := s.pefCount.Cell(&r, "PEFs"); n.NA || n.Int < 1 {
			c.Errs = append(c.Errs, fmt.Errorf("%s: pef-count %s: want 1 or more PEFs", r.Pos, r.Key))
		}
	}
	outcomes(&c, s.newRecruits, "full", "one", "none")
	for _, r := range s.creatureList.Rows {
		t := set.Table(s.creatureList.Cell(&r, "Table").Text)
		if t == nil {
			c.Errs = append(c.Errs, fmt.Errorf("%s: creature-list row %s names no table", r.Pos, r.Key))
			continue
		}
		figures(&c, t)
		c.Columns(t, "Only one", "List")
		if t.Col("List") < 0 {
			continue
		}
		for _, cr := range t.Rows {
			ref := t.Cell(&cr, "List").Text
			if ref == "" {
				continue
			}
			if army := set.Table(ref); army != nil && !givesFigures(army) {
				c.Errs = append(c.Errs, fmt.Errorf("%s: %s row %s: %q sends you to table %s, which gives no figures (want read sum or as-rolled, and columns Type, Class, Rep, AC)", cr.Pos, t.ID, cr.Key, t.Cell(&cr, "Type").Text, army.ID))
			}
		}
	}
	for _, e := range set.Encounters {
		if e.Terrain == "" {
			c.Errs = append(c.Errs, fmt.Errorf("%s: encounter %s: missing \"terrain\" (the id of its terrain table)", e.Pos, e.ID))
			continue
		}
		terr := set.Table(e.Terrain)
		if terr.Col("Terrain") < 0 {
			c.Errs = append(c.Errs, fmt.Errorf("%s: terrain table %s needs a Terrain column", terr.Pos, terr.ID))
			continue
		}
		for _, r := range terr.Rows {
			name := terr.Cell(&r, "Terrain").Text
			if _, ok := terrainCaptions[name]; !ok {
				c.Errs = append(c.Errs, fmt.Errorf("%s: terrain %q: want %s, the book's terrains, which Sortie draws and captions", r.Pos, name, strings.Join(slices.Sorted(maps.Keys(terrainCaptions)), " or ")))
				continue
			}
			if s.pefCount.Named(name) == nil {
				c.Errs = append(c.Errs, fmt.Errorf("%s: terrain %q has no row in pef-count", r.Pos, name))
			}
		}
		row := s.nextEncounter.Named(e.Title)
		if row == nil {
			c.Errs = append(c.Errs, fmt.Errorf("%s: next-encounter has no row for %q", s.nextEncounter.Pos, e.Title))
			continue
		}
		for _, col := range []string{"If succeeded", "If failed"} {
			if s.byTitle(s.nextEncounter.Cell(row, col).Text) == nil {
				c.Errs = append(c.Errs, fmt.Errorf("%s: next-encounter %s: %q is no encounter", row.Pos, col, s.nextEncounter.Cell(row, col).Text))
			}
		}
	}
	if len(c.Errs) > 0 {
		return nil, errors.Join(c.Errs...)
	}
	return s, nil
}

func givesFigures(t *rules.Table) bool {
	return (t.Read == rules.ReadSum || t.Read == rules.ReadAsRolled) &&
		t.Col("Type") >= 0 && t.Col("Class") >= 0 && t.Col("Rep") >= 0 && t.Col("AC") >= 0
}

// figures checks a table figures are rolled on: rolled by the engine, with
// Type, Class, Rep and AC.
func figures(c *rules.Checker, t *rules.Table) {
	if t.Read != rules.ReadSum && t.Read != rules.ReadAsRolled {
		c.Errs = append(c.Errs, fmt.Errorf("%s: table %s gives figures, so it must be read sum or as-rolled, not %s", t.Pos, t.ID, t.Read))
	}
	c.Columns(t, "Type", "Class", "Rep", "AC")
	repAC(c, t)
}

// Rep and AC bounds: the book's figures run from Rep 3 to 10 and AC 2 to
// 6; these leave room for house lists without letting 0 or a negative
// number through.
const (
	minRep, maxRep = 1, 10
	minAC, maxAC   = 1, 10
)

// repAC checks that each row of a table figures are rolled on gives a Rep
// and an AC in range, at the row's line; a row that sends you to another
// list (List) is read there.
func repAC(c *rules.Checker, t *rules.Table) {
	seeList := func(r *rules.Row) bool { return t.Col("List") >= 0 && t.Cell(r, "List").Text != "" }
	c.Ints(t, "Rep", minRep, maxRep, seeList)
	c.Ints(t, "AC", minAC, maxAC, seeList)
}

func outcomes(c *rules.Checker, t *rules.Table, want ...string) {
	for _, r := range t.Rows {
		if o := t.Cell(&r, "Outcome").Text; !slices.Contains(want, o) {
			c.Errs = append(c.Errs, fmt.Errorf("%s: table %s: outcome %q, want one of %s", r.Pos, t.ID, o, strings.Join(want, ", ")))
		}
	}
}

// Rules returns the system's data.
func (s *System) Rules() *rules.Set { return s.set }

func (s *System) byTitle(title string) *rules.Encounter {
	for _, e := range s.set.Encounters {
		if strings.EqualFold(e.Title, title) {
			return e
		}
	}
	return nil
}

// Next returns the encounter type after typ, from the Next Encounter table.
func (s *System) NextType(typ string, success bool) (string, error) {
	e := s.set.Encounter(typ)
	if e == nil {
		return "", s.unknownType(typ)
	}
	col := "If failed"
	if success {
		col = "If succeeded"
	}
	row := s.nextEncounter.Named(e.Title)
	return s.byTitle(s.nextEncounter.Cell(row, col).Text).ID, nil
}

func (s *System) unknownType(typ string) error {
	_, err := s.set.FindEncounter(typ)
	return err
}

func (s *System) starRep(opt engine.Options) (int, error) {
	rep := opt.StarRep
	if rep == 0 {
		rep = s.set.System.StarRep
	}
	if rep < 3 || rep > 10 {
		return 0, &engine.OptionError{Option: "star-rep", Err: fmt.Errorf("star Rep %d out of range 3..10", rep)}
	}
	return rep, nil
}

// CheckOptions checks the Star's Rep, the band's size and the enemy
// source before anything is rolled.
func (s *System) CheckOptions(opt engine.Options) error {
	rep, err := s.starRep(opt)
	if err != nil {
		return err
	}
	if err := bandSize(opt, rep); err != nil {
		return err
	}
	if opt.BandSize > 1 && !s.canRecruit(rep) {
		return &engine.OptionError{Option: "band", Err: fmt.Errorf("a Rep %d Star cannot recruit: every Recruiting row is Rep %d or more", rep, rep)}
	}
	if opt.Recruits != "" {
		return &engine.OptionError{Option: "recruits", Err: fmt.Errorf("2d6 Sword & Sorcery recruits from its Recruiting table, not from a list of your choice")}
	}
	if opt.Enemies != "" && !slices.Contains(s.EnemySources(), opt.Enemies) {
		return &engine.OptionError{Option: "enemies", Err: fmt.Errorf("unknown enemy source %q (want %s)", opt.Enemies, strings.Join(s.EnemySources(), ", "))}
	}
	return nil
}

// bandSize checks a band of opt.BandSize figures can follow a Rep rep Star.
func bandSize(opt engine.Options, rep int) error {
	if size := opt.BandSize; size != 0 && (size < 1 || size > rep) {
		return &engine.OptionError{Option: "band", Err: fmt.Errorf("band of %d figures: a Rep %d Star leads 1 to %d figures, the Star included", size, rep, rep)}
	}
	return nil
}

// figure reads a figure from a row of a table with Type, Class, Rep and AC.
// A footnote on its Class or Rep (Sortie's reading where the book is
// silent) goes into its Note.
func figure(res rules.Result) Figure {
	f := Figure{
		Type:  res.Cell("Type").Text,
		Class: res.Cell("Class").Text,
		Rep:   res.Cell("Rep").Int,
		AC:    res.Cell("AC").Int,
		Roll:  RollOf(res),
	}
	var notes []string
	if res.Cell("Rep").Decided {
		notes = append(notes, "Rep decided by Sortie: "+strings.Join(res.Table.Decisions, " "))
	}
	for _, col := range []string{"Class", "Rep"} {
		if n := res.Cell(col).Footnote; n != 0 {
			for _, fn := range res.Table.Footnotes {
				if fn.Number == n {
					notes = append(notes, fn.Text)
				}
			}
		}
	}
	f.Note = strings.Join(notes, " ")
	return f
}

// Band recruits the Star and up to Rep less one Grunts from the Recruiting
// table, re-rolling any Grunt whose Rep is not below the Star's. Each
// Grunt is named by its type and Class, numbered from the second of a
// name ("Experienced Melee 2"), so a campaign's file and a game's line
// can speak of it.
func (s *System) RollBand(r *dice.Roller, opt engine.Options) (*Band, error) {
	rep, err := s.starRep(opt)
	if err != nil {
		return nil, err
	}
	if err := bandSize(opt, rep); err != nil {
		return nil, err
	}
	size := opt.BandSize
	if size == 0 {
		size = rep
	}
	b := &Band{StarRep: rep}
	b.Figures = append(b.Figures, Figure{
		Name: "Star", Type: "Star", Class: "Melee", Rep: rep, AC: 4, Star: true,
		Note: "You choose the Star's Class and Armor Class; Melee and AC 4 are shown.",
	})
	if size > 1 && !s.canRecruit(rep) {
		if opt.BandSize != 0 {
			return nil, &engine.OptionError{Option: "band", Err: fmt.Errorf("a Rep %d Star cannot recruit: every Recruiting row is Rep %d or more", rep, rep)}
		}
		b.Notes = append(b.Notes, fmt.Sprintf("A Rep %d Star goes alone: every Recruiting row is Rep %d or more.", rep, rep))
		return b, nil
	}
	for i := 1; i < size; i++ {
		f, err := s.recruit(r.Stream("grunt", strconv.Itoa(i)), rep)
		if err != nil {
			return nil, err
		}
		f.Name = uniqueName(b.Figures, f.Type+" "+f.Class)
		b.Figures = append(b.Figures, f)
	}
	if n := missingClasses(b.Figures[1:]); n != "" && len(b.Figures) > 1 {
		b.Notes = append(b.Notes, "The rulebook's Stop box (page 6) advises a band with at least one Missile and one Caster. This band rolled no "+n+": your Star, whose Class you choose, can be one.")
	}
	return b, nil
}

// missingClasses names the advised Classes none of the Grunts has:
// "Caster", "Missile" or "Missile or Caster"; "" when both are there.
func missingClasses(grunts []Figure) string {
	has := map[string]bool{}
	for _, f := range grunts {
		has[f.Class] = true
	}
	switch {
	case !has["Missile"] && !has["Caster"]:
		return "Missile or Caster"
	case !has["Missile"]:
		return "Missile"
	case !has["Caster"]:
		return "Caster"
	}
	return ""
}

func (s *System) canRecruit(starRep int) bool {
	for _, r := range s.recruiting.Rows {
		if s.recruiting.Cell(&r, "Rep").Int < starRep {
			return true
		}
	}
	return false
}

// maxRerolls bounds re-rolling; with at least one allowed row on 2d6 the
// chance of needing this many is below 1e-15.
const maxRerolls = 1000

// recruit rolls one Grunt on Recruiting, rolling again any whose Rep is
// not below the Star's; the rolls made again are kept on the figure
// (Rerolled) and named in its Note, so its row says what was rolled again
// and why.
func (s *System) recruit(r *dice.Roller, starRep int) (Figure, error) {
	var rerolled []*Roll
	var named []string
	for range maxRerolls {
		res, err := s.recruiting.Roll(r, 0)
		if err != nil {
			return Figure{}, err
		}
		if res.Cell("Rep").Int < starRep {
			f := figure(res)
			if len(rerolled) > 0 {
				f.Rerolled = rerolled
				f.Note = strings.TrimSpace(fmt.Sprintf("Rolled again after %s: a Grunt's Rep must be below the Star's %d. %s", strings.Join(named, ", "), starRep, f.Note))
			}
			return f, nil
		}
		rerolled = append(rerolled, RollOf(res))
		named = append(named, fmt.Sprintf("%d (%s %s, Rep %d)", res.Roll.Value, res.Cell("Type").Text, res.Cell("Class").Text, res.Cell("Rep").Int))
	}
	return Figure{}, fmt.Errorf("no recruit below Rep %d in %d rolls", starRep, maxRerolls)
}

// RollAfterwards rolls the dice of the steps after an encounter for
// band: each place's After the Battle Recovery and Rep Adjustment dice,
// for places 1 to the Star's Rep and two more (room for a band whose Star
// has risen twice), New Recruits versus the Star's Rep, and the
// Recruiting rolls of as many recruits as such a band could want.
func (s *System) RollAfterwards(r *dice.Roller, band *Band, opt engine.Options) (*Afterwards, error) {
	res, err := s.newRecruits.Roll(r.Stream("new-recruits"), band.StarRep)
	if err != nil {
		return nil, err
	}
	a := &Afterwards{
		NewRecruits: RollOf(res),
		Outcome:     res.Cell("Outcome").Text,
		Result:      res.Cell("Result").Text,
		AgainstRep:  band.StarRep,
	}
	places := max(band.Size(), band.StarRep+2)
	rec := dice.Expr{Count: s.recovery.Dice.Count, Faces: s.recovery.Dice.Faces}
	for p := 1; p <= places; p++ {
		a.Places = append(a.Places, PlaceDice{Place: p, Recovery: recoveryStream(r, p).Roll(rec), Rep: repStream(r, p).Roll(repDie)})
	}
	lowest := s.lowestRecruitRep()
	for i := 1; i < places; i++ {
		rr := recruitStream(r, i)
		var chain []*Roll
		for range maxRerolls {
			res, err := s.recruiting.Roll(rr, 0)
			if err != nil {
				return nil, err
			}
			chain = append(chain, RollOf(res))
			if res.Cell("Rep").Int <= lowest {
				break
			}
		}
		a.Recruits = append(a.Recruits, chain)
	}
	return a, nil
}

// lowestRecruitRep is the lowest Rep the Recruiting table gives: a roll
// every Star who can recruit at all takes.
func (s *System) lowestRecruitRep() int {
	lo := maxRep
	for _, r := range s.recruiting.Rows {
		lo = min(lo, s.recruiting.Cell(&r, "Rep").Int)
	}
	return lo
}

// Encounter rolls one encounter of type typ for band: terrain, PEFs in the
// order they are resolved, contacts and the enemy.
func (s *System) RollEncounter(r *dice.Roller, typ string, band *Band, opt engine.Options) (*Encounter, error) {
	def := s.set.Encounter(typ)
	if def == nil {
		return nil, s.unknownType(typ)
	}
	e := &Encounter{
		System:     s.set.System.ID,
		Type:       def.ID,
		Title:      def.Title,
		Seed:       r.Seed(),
		Stream:     r.Path(),
		Summary:    def.Summary,
		Objective:  def.Objective,
		Forces:     def.Forces,
		Deployment: def.Deployment,
		Board:      Board{WidthIn: s.set.System.BoardW, HeightIn: s.set.System.BoardH},
		Band:       band,
	}
	terrain := s.set.Table(def.Terrain)
	tres, err := terrain.Roll(r.Stream("terrain"), 0)
	if err != nil {
		return nil, err
	}
	e.Terrain = Terrain{Name: tres.Cell("Terrain").Text, Roll: RollOf(tres)}
	n := s.pefCount.Cell(s.pefCount.Named(e.Terrain.Name), "PEFs").Int
	e.Special = append([]string{pefLine(s.pefCount, n, e.Terrain.Name)}, def.Special...)

	if err := s.enemies(r, e, opt); err != nil {
		return nil, err
	}
	if err := s.pefs(r, e, def, n); err != nil {
		return nil, err
	}
	e.Maps = s.maps(r.Stream("board"), e, def)
	return e, nil
}

// pefLine is the special instruction that says how many PEFs to resolve:
// the count PEFs by Terrain gives the terrain rolled, and only that one,
// so a Cover board never reads the count for Clear.
func pefLine(t *rules.Table, n int, terrain string) string {
	return fmt.Sprintf("Resolve %s, the number for %s terrain (%s).", words.Plural(n, "PEF", "PEFs"), terrain, t.Title)
}

// trackLabel says what the PEF track over a board is.
func trackLabel(n int) string {
	if n == 1 {
		return "The PEF for this board (resolve it before you set up)"
	}
	return "PEFs, in the order you resolve them (before you set up)"
}

// Terrain captions: what the board's terrain means in play.
var terrainCaptions = map[string]string{
	"Clear": "Clear: no cover anywhere on the board. PEFs are resolved before anyone sets up; each contact is fought on a board set up like this one.",
	"Cover": "Cover: every figure counts as in cover when shot at. Place the pieces as you like; they are for looks. PEFs are resolved before anyone sets up; each contact is fought on a board set up like this one.",
}

// maps lays out the encounter's Battle Boards: the band along the bottom
// edge and the enemy along the top (page 5), and decorative pieces on Cover
// boards. PEFs are resolved before anyone moves onto a board (page 13), and
// each contact is fought on a board set up like this one, so the PEF
// markers are a track above the board in the order they are resolved, not
// places on it. A Raid's
// camp gets a board of its own when the rest of the encounter is Clear.
func (s *System) maps(r *dice.Roller, e *Encounter, def *rules.Encounter) []board.Map {
	w, h := float64(e.Board.WidthIn), float64(e.Board.HeightIn)
	newMap := func(title, terrain string) board.Map {
		var m board.Map
		if def.BandStarts {
			m = board.New(title, w, h, "Your band sets up here, within 3\"", false, "Contacts enter from this edge")
		} else {
			m = board.New(title, w, h, "Your band enters here", true, "Contacts set up here, within 3\"")
		}
		m.Terrain = terrain
		m.Caption = terrainCaptions[terrain]
		if terrain == "Cover" {
			m.Scatter(r.Stream(title), 4)
		}
		return m
	}
	main := newMap("Battle Board", e.Terrain.Name)
	var labels []string
	var camp *PEF
	for i := range e.PEFs {
		p := &e.PEFs[i]
		if p.Camp && p.Contact != nil && p.Contact.Board != e.Terrain.Name {
			camp = p
			continue
		}
		labels = append(labels, strconv.Itoa(p.Number))
	}
	main.PlaceTrack(labels...)
	main.TrackLabel = trackLabel(len(labels))
	maps := []board.Map{main}
	if camp != nil {
		cm := newMap("Camp Battle Board", camp.Contact.Board)
		cm.PlaceTrack(strconv.Itoa(camp.Number))
		cm.TrackLabel = trackLabel(1)
		maps = append(maps, cm)
	}
	return maps
}

// pefs resolves n PEFs in order: 2d6 versus 4 until "Something's out
// there!", 3d6 counting the lowest two after it; the last PEF is contact if
// none came before, and a Raid's camp is always contact.
func (s *System) pefs(r *dice.Roller, e *Encounter, def *rules.Encounter, n int) error {
	alert, contacted := false, false
	queue := make([]int, len(e.Enemies.Roster))
	for i := range queue {
		queue[i] = i + 1
	}
	base, err := s.pefResolution.Expr(0)
	if err != nil {
		return err
	}
	for i := 1; i <= n; i++ {
		pr := r.Stream("pef", strconv.Itoa(i))
		p := PEF{Number: i, Objective: i == n}
		last := i == n
		switch {
		case last && def.Camp:
			p.Camp = true
			p.Method = "none: the camp is always contact"
			p.Outcome = "contact"
			p.Forced = "The camp always counts as passing 2d6."
		default:
			ex := base
			if alert {
				ex.Count, ex.Keep, ex.KeepWhich = 3, 2, dice.KeepLowest
			}
			res, err := s.pefResolution.RollWith(pr.Stream("resolution"), ex)
			if err != nil {
				return err
			}
			p.Roll = RollOf(res)
			p.Method = ex.Describe() + " vs " + s.pefResolution.Target
			p.Outcome = res.Cell("Outcome").Text
			if last && !contacted && p.Outcome != "contact" {
				p.Forced = "The last PEF and no contact yet: it counts as passing 2d6."
				p.Outcome = "contact"
			}
		}
		switch p.Outcome {
		case "contact":
			contacted = true
			c, err := s.contact(pr, e, p.Camp)
			if err != nil {
				return err
			}
			if len(queue) > 0 {
				take := min(c.Count, len(queue))
				c.Takes = slices.Clone(queue[:take])
				queue = append(slices.Clone(queue[take:]), c.Takes...)
			}
			p.Contact = c
			p.Result = "Contact! " + c.Rule + "."
		case "alert":
			alert = true
			p.Result = s.resultText("alert")
			if last {
				p.Forced = "This was the last PEF, so no later PEF is affected: the Encounter is over."
			}
		default:
			p.Result = s.resultText("none")
			if last {
				p.Forced = "Contact came earlier, so this false alarm stands: the Encounter is over."
			}
		}
		if p.Camp {
			p.Result = "The enemy camp. " + p.Result
		}
		e.PEFs = append(e.PEFs, p)
	}
	return nil
}

func (s *System) resultText(outcome string) string {
	for _, r := range s.pefResolution.Rows {
		if s.pefResolution.Cell(&r, "Outcome").Text == outcome {
			return s.pefResolution.Cell(&r, "Result").Text
		}
	}
	return outcome
}

func (s *System) contact(r *dice.Roller, e *Encounter, camp bool) (*Contact, error) {
	res, err := s.contactSize.Roll(r.Stream("size"), 0)
	if err != nil {
		return nil, err
	}
	mod := res.Cell("Modifier").Int
	c := &Contact{
		Board:    e.Terrain.Name,
		Size:     RollOf(res),
		Modifier: mod,
		Rule:     res.Cell("Enemies").Text + " (never fewer than one)",
		ForBand:  e.Band.Size(),
	}
	c.Count = c.CountFor(c.ForBand)
	if camp {
		c.Board = "Cover"
	}
	if e.Enemies.Source == "creatures" {
		g, err := s.creatures(r.Stream("creatures"), c.Count)
		if err != nil {
			return nil, err
		}
		c.Creatures = g
		c.Count = len(g.Figures)
	}
	return c, nil
}

// EnemySources returns what Options.Enemies may name: the Enemy table,
// the creature lists, or an army list.
func (s *System) EnemySources() []string {
	ids := []string{"enemy", "creatures"}
	for _, a := range s.armies {
		ids = append(ids, a.ID)
	}
	return ids
}

// enemies sets where the encounter's enemies come from and, for the Enemy
// table or an army list, loads up the roster.
func (s *System) enemies(r *dice.Roller, e *Encounter, opt engine.Options) error {
	src := opt.Enemies
	if src == "" {
		src = "enemy"
	}
	e.Enemies.Source = src
	var t *rules.Table
	kind := "list"
	switch src {
	case "enemy":
		t, kind = s.enemy, "table"
	case "creatures":
		e.Enemies.Title = s.creatureList.Title
		e.Enemies.Rule = "Each contact rolls its own creatures: 1d6 for the list, 2d6 on it."
		return nil
	default:
		i := slices.IndexFunc(s.armies, func(a *rules.Table) bool { return a.ID == src })
		if i < 0 {
			return fmt.Errorf("unknown enemy source %q (want %s)", src, strings.Join(s.EnemySources(), ", "))
		}
		t = s.armies[i]
	}
	e.Enemies.Title = t.Title + " " + kind
	e.Enemies.Rule = "Loaded up: best to worst, a Missile figure 2nd and 5th and a Caster 6th if rolled. " +
		"Take figures from the top; after a battle put them back, in order, below the figures not yet used."
	roster, err := s.loadUp(r.Stream("roster"), t, max(RosterMin, e.Band.Size()+2))
	if err != nil {
		return err
	}
	e.Enemies.Roster = roster
	return nil
}

// loadUp rolls n figures on t and lines them up as "loading up PEFs"
// asks: best to worst (Rep, then AC), with the 2nd and 5th figures Missile
// and the 6th a Caster. Rolled figures of the wanted Class move into those
// places; where none was rolled (no army list has a Caster), the place
// keeps the figure next in line as rolled, and its Note says so. Sortie
// never changes a rolled figure: every figure on the roster is a row of
// its table.
func (s *System) loadUp(r *dice.Roller, t *rules.Table, n int) ([]Figure, error) {
	pool := make([]Figure, 0, n)
	for range n {
		res, err := t.Roll(r, 0)
		if err != nil {
			return nil, err
		}
		pool = append(pool, figure(res))
	}
	slices.SortStableFunc(pool, func(a, b Figure) int {
		return cmp.Or(cmp.Compare(b.Rep, a.Rep), cmp.Compare(b.AC, a.AC))
	})
	want := map[int]string{2: "Missile", 5: "Missile", 6: "Caster"}
	reserved := map[int]Figure{}
	for _, slot := range []int{2, 5, 6} { // n >= RosterMin, so every slot exists
		i := slices.IndexFunc(pool, func(f Figure) bool { return f.Class == want[slot] })
		if i >= 0 {
			reserved[slot] = pool[i]
			pool = slices.Delete(pool, i, i+1)
		}
	}
	out := make([]Figure, 0, n)
	for slot := 1; slot <= n; slot++ {
		if f, ok := reserved[slot]; ok {
			out = append(out, f)
			continue
		}
		f := pool[0]
		pool = pool[1:]
		if class, ok := want[slot]; ok {
			f.Note = fmt.Sprintf("Place %d is for a %s, but none was rolled: the next figure in line, as rolled.", slot, class)
		}
		out = append(out, f)
	}
	return out, nil
}

// restNote says, on the row of a creature after the first, why its Rep is
// what it is: the rest of a group are one Rep lower than the list, never
// below 3 (page 18). Short, so that a card's narrow column keeps it on
// the row.
func restNote(listed, rep int) string {
	switch {
	case rep < listed:
		return fmt.Sprintf("the rest are one below the list's %d", listed)
	case rep == listed:
		return "as listed: the rest are never below 3"
	}
	return fmt.Sprintf("the rest are never below 3 (the list's %d)", listed)
}

// creatures rolls a contact on the Creature List: 1d6 for the list, then
// the list's dice. "Only one" creatures come alone; otherwise the first has
// the listed Rep and the rest one less, never below 3. "See List" rolls the
// army list instead.
func (s *System) creatures(r *dice.Roller, count int) (*CreatureGroup, error) {
	lres, err := s.creatureList.Roll(r.Stream("list"), 0)
	if err != nil {
		return nil, err
	}
	list := s.set.Table(lres.Cell("Table").Text)
	cres, err := list.Roll(r.Stream("creature"), 0)
	if err != nil {
		return nil, err
	}
	g := &CreatureGroup{
		List:     RollOf(lres),
		Creature: RollOf(cres),
		Name:     cres.Cell("Type").Text,
		OnlyOne:  cres.Cell("Only one").Text == "yes",
	}
	if ref := cres.Cell("List").Text; ref != "" {
		army := s.set.Table(ref)
		g.ArmyList = army.ID
		ar := r.Stream("army")
		for range count {
			res, err := army.Roll(ar, 0)
			if err != nil {
				return nil, err
			}
			g.Figures = append(g.Figures, figure(res))
		}
		slices.SortStableFunc(g.Figures, func(a, b Figure) int {
			return cmp.Or(cmp.Compare(b.Rep, a.Rep), cmp.Compare(b.AC, a.AC))
		})
		return g, nil
	}
	base := figure(cres)
	base.Name = g.Name
	base.Type = g.Name
	if g.OnlyOne {
		count = 1
	}
	for i := range count {
		f := base
		if i > 0 {
			f.Rep = max(3, base.Rep-1)
			f.Roll = nil
			f.Note = restNote(base.Rep, f.Rep)
		}
		g.Figures = append(g.Figures, f)
	}
	return g, nil
}
