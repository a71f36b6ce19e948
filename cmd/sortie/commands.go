package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
)

// hintError is an error with a hint line for the user.
type hintError struct {
	err  error
	hint string
}

func (e *hintError) Error() string { return e.err.Error() }
func (e *hintError) Unwrap() error { return e.err }

// host is everything the CLI takes from outside: passed in, so tests can
// run it and nothing below the CLI reads the environment.
type host struct {
	ctx     context.Context     // cancelled on Ctrl-C; stops "sortie serve"
	newSeed func() string       // a fresh seed when none is given
	getenv  func(string) string // SOURCE_DATE_EPOCH
	home    string              // the user's home directory, never an output
	workDir string              // the current directory, never an output; where a site is looked for
	version string              // the build's version (generator.BuildVersion)
	exe     string              // this sortie's executable, beside which the Roll page's engine is looked for; "" looks nowhere
	now     func() time.Time    // the clock: a monthly series' default month, and build progress and timings
	// stderrTTY says stderr is a terminal, where a long build shows a
	// progress line.
	stderrTTY bool
	// tick, when set, ticks every d until stop is called, so the
	// progress line keeps up during a long stage; tests leave it nil.
	tick func(d time.Duration) (c <-chan time.Time, stop func())
}

// run runs the CLI with args and returns the exit code.
func run(args []string, stdout, stderr io.Writer, h host) int {
	if h.ctx == nil {
		h.ctx = context.Background()
	}
	if h.version == "" {
		h.version = generator.Version
	}
	root := newRoot(stdout, stderr, h)
	root.SetArgs(args)
	if err := root.ExecuteContext(h.ctx); err != nil {
		for _, line := range strings.Split(err.Error(), "\n") {
			fmt.Fprintf(stderr, "sortie: %s\n", line)
		}
		var h *hintError
		if errors.As(err, &h) && h.hint != "" {
			fmt.Fprintf(stderr, "sortie: hint: %s\n", h.hint)
		}
		return 1
	}
	return 0
}

type common struct {
	source   string
	system   string
	seed     string
	format   string
	band     int
	starRep  int
	enemies  string
	recruits string
}

func (c *common) flags(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&c.system, "system", "", "rule system id (see \"sortie systems\")")
	f.StringVar(&c.seed, "seed", "", "seed string; the same seed gives the same result (default: a random seed, printed)")
	f.StringVar(&c.format, "format", "md", "output format: md or json")
	f.IntVar(&c.band, "band", 0, "figures in your band, Star included (default: as many as the Star's Rep allows)")
	f.IntVar(&c.starRep, "star-rep", 0, "your Star's Rep (default: the system's, 5 in 2d6 Sword & Sorcery)")
	f.StringVar(&c.enemies, "enemies", "", "where enemies come from: an enemy source of the system (2d6 Sword & Sorcery: enemy, creatures or an army list; Swordplay, Chain Reaction 3.0: a list; Sword & Spear Fantasy: an army or rolled; Two-Page Skirmish: a side or rolled)")
	f.StringVar(&c.recruits, "recruits", "", "the list your side comes from, where the system lets you pick one (Swordplay, Chain Reaction 3.0: a list; Sword & Spear Fantasy: an army or rolled; Two-Page Skirmish: a side or rolled)")
}

// check refuses flag values that would silently mean "the default":
// an explicit --band 0, --star-rep 0 or --seed "".
func (c *common) check(cmd *cobra.Command) error {
	f := cmd.Flags()
	if f.Changed("band") && c.band < 1 {
		return fmt.Errorf("--band %d: want 1 or more figures", c.band)
	}
	if f.Changed("star-rep") && c.starRep < 1 {
		return fmt.Errorf("--star-rep %d: want a Rep of 1 or more", c.starRep)
	}
	if f.Changed("seed") {
		return checkSeed(c.seed)
	}
	return nil
}

// checkSeed refuses seeds that could not be printed and typed back in,
// as the Roll page does (generator.CheckSeed).
func checkSeed(s string) error {
	err := generator.CheckSeed(s)
	switch {
	case errors.Is(err, generator.ErrEmptySeed):
		return &hintError{errors.New("--seed is empty"), "leave --seed out for a random seed"}
	case err != nil:
		return errors.New("--" + err.Error())
	}
	return nil
}

// prepare checks the flags and loads the system they name.
func (c *common) prepare(cmd *cobra.Command, src *siteSource) (engine.System, error) {
	source, err := src.path()
	if err != nil {
		return nil, err
	}
	c.source = source
	if err := c.check(cmd); err != nil {
		return nil, err
	}
	return c.load()
}

func (c *common) options() engine.Options {
	return engine.Options{StarRep: c.starRep, BandSize: c.band, Enemies: c.enemies, Recruits: c.recruits}
}

func (c *common) load() (engine.System, error) {
	if c.format != "md" && c.format != "json" {
		err := fmt.Errorf("unknown format %q: want md or json", c.format)
		if strings.EqualFold(c.format, "pdf") || strings.EqualFold(c.format, "html") {
			return nil, &hintError{err, "a printed play sheet is --sheet FILE (with --paper a4 or letter); the site's pages and booklets are sortie build's"}
		}
		return nil, err
	}
	reg, err := loadSystems(c.source)
	if err != nil {
		return nil, err
	}
	if c.system == "" {
		return nil, &hintError{errors.New("no --system given"), "systems: " + strings.Join(reg.IDs(), ", ")}
	}
	sys, err := reg.Get(c.system)
	if err != nil {
		return nil, &hintError{err, "run \"sortie systems\" to list them"}
	}
	return sys, nil
}

// seedOrNew returns the seed, rolling and announcing a fresh one if none
// was given.
func (c *common) seedOrNew(stderr io.Writer, newSeed func() string) string {
	if c.seed == "" {
		c.seed = newSeed()
		fmt.Fprintf(stderr, "sortie: no --seed given, so rolled seed %s (pass --seed %s to roll this again)\n", c.seed, c.seed)
	}
	return c.seed
}

func loadSystems(source string) (*engine.Registry, error) {
	reg, err := generator.LoadSystems(source, systems.Builtin())
	if err != nil {
		return nil, fmt.Errorf("failed to load rule data:\n%w", err)
	}
	return reg, nil
}

func writeJSON(w io.Writer, v any) error { return generator.WriteJSON(w, v) }

func newRoot(stdout, stderr io.Writer, h host) *cobra.Command {
	newSeed := h.newSeed
	src := &siteSource{workDir: h.workDir}
	root := &cobra.Command{
		Use:   "sortie",
		Short: "Pre-roll solo wargame encounters and campaigns",
		Long: `Sortie rolls ahead of time what a solo wargamer rolls before and between games:
terrain, PEFs, enemies, the next encounter of a campaign. Every roll is shown
with its dice, and the same seed always gives the same result.`,
		Example: `  sortie encounter --system 2d6-sword-and-sorcery --type raid --seed goblin-hill
  sortie campaign --system 2d6-sword-and-sorcery --encounters 12 --seed summer
  sortie tables 2d6-sword-and-sorcery
  sortie build --source mysite --out mysite/public`,
		Version:       h.version,
		SilenceErrors: true,
		SilenceUsage:  true,
		// A bare "sortie" prints this help; a mistyped command gets a
		// "did you mean" hint, as a mistyped flag does (flagError).
		Args: subcommandsOnly,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	root.SetVersionTemplate("sortie {{.Version}}\n")
	root.SetFlagErrorFunc(flagError)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.PersistentFlags().StringVar(&src.flag, "source", "", "site directory (sortie.conf and content/; default: the one the current directory is in, else the built-in site); its content/systems/ adds to or replaces the built-in rule data")
	root.AddCommand(
		encounterCmd(stdout, stderr, h, src),
		campaignCmd(stdout, stderr, newSeed, src),
		tablesCmd(stdout, src),
		systemsCmd(stdout, src),
		buildCmd(stdout, stderr, h, src),
		serveCmd(stdout, stderr, h, src),
		newCmd(stdout, h, src),
		layoutsCmd(stdout, src),
		monthCmd(stdout, stderr, h, src),
		versionCmd(stdout, h.version),
	)
	return root
}

func encounterCmd(stdout, stderr io.Writer, h host, src *siteSource) *cobra.Command {
	var c common
	var typ, sheet, paper string
	cmd := &cobra.Command{
		Use:   "encounter",
		Short: "Roll one encounter",
		Long: `Roll one encounter: terrain, the PEFs in the order you resolve them, the
contacts they bring, the loaded-up enemy roster and your band.

--sheet FILE also writes its play sheet, a PDF to play it from one side of
paper, as a site's encounter pages link them; it is, byte for byte, the one a
site's Roll page offers for the same choices. It is dated from
SOURCE_DATE_EPOCH when set (else 1 January 1970) and printed in Sortie's own
type.`,
		Example: `  sortie encounter --system 2d6-sword-and-sorcery --type raid --seed goblin-hill
  sortie encounter --system 2d6-sword-and-sorcery --type defend --band 3 --enemies orcs
  sortie encounter --system 2d6-sword-and-sorcery --enemies creatures --format json
  sortie encounter --system swordplay --seed goblin-hill --sheet raid.pdf --paper letter`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sys, err := c.prepare(cmd, src)
			if err != nil {
				return err
			}
			if cmd.Flags().Changed("paper") && sheet == "" {
				return &hintError{errors.New("--paper without --sheet"), "--paper is the play sheet's: pass --sheet FILE too"}
			}
			if paper != "a4" && paper != "letter" {
				return &hintError{fmt.Errorf("--paper %q: want a4 or letter", paper), ""}
			}
			one, err := generator.Encounter(sys, c.seedOrNew(stderr, h.newSeed), typ, c.options())
			if err != nil {
				return err
			}
			if sheet != "" {
				when, err := created(h.getenv)
				if err != nil {
					return err
				}
				r := &generator.Rolled{System: sys, OneEncounter: *one}
				pdf, err := r.PlaySheet(paper, when, h.version)
				if err != nil {
					return err
				}
				if err := os.WriteFile(sheet, pdf, 0o644); err != nil {
					return fmt.Errorf("failed to write the play sheet: %w", err)
				}
			}
			if c.format == "json" {
				return writeJSON(stdout, one)
			}
			return generator.EncounterMarkdown(stdout, sys, one)
		},
	}
	c.flags(cmd)
	cmd.Flags().StringVar(&typ, "type", "", "encounter type, such as explore, raid or defend (default: the system's first encounter)")
	cmd.Flags().StringVar(&sheet, "sheet", "", "also write the encounter's play sheet, a PDF, to this file")
	cmd.Flags().StringVar(&paper, "paper", "a4", "the play sheet's paper: a4 or letter")
	completeRolls(cmd, src)
	cmd.RegisterFlagCompletionFunc("paper", cobra.FixedCompletions([]cobra.Completion{"a4", "letter"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func campaignCmd(stdout, stderr io.Writer, newSeed func() string, src *siteSource) *cobra.Command {
	var c common
	var steps int
	var stateOut, from string
	cmd := &cobra.Command{
		Use:   "campaign",
		Short: "Roll a campaign as a gamebook, and its next chapter from your campaign file",
		Long: `Roll a campaign of N encounters as a gamebook: every encounter ends with
"Success: go to X. Failure: go to Y." following the Next Encounter table.
Each entry is rolled from its own stream, so the graph stays small and
stable.

A campaign goes on from a file you keep (docs/campaigns.md): --state FILE
writes it beside the first chapter. Play the chapter, write a line under
"games:" for each game (its entry, success or failure, and what happened to
whom), then --continue FILE: Sortie takes the book's steps after each game
on the dice its entry printed, rolls the next chapter for the band as it
then stands, and writes FILE for that chapter (the file as you wrote it is
kept beside it, as NAME-chapter-N.yaml). The same file gives the same
chapter on any machine.`,
		Example: `  sortie campaign --system 2d6-sword-and-sorcery --encounters 12 --seed summer
  sortie campaign --system 2d6-sword-and-sorcery --encounters 6 --format json
  sortie campaign --system swordplay --encounters 3 --seed summer --state summer.yaml
  sortie campaign --continue summer.yaml`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if from != "" {
				return continueCampaign(cmd, stdout, &c, src, from, stateOut)
			}
			sys, err := c.prepare(cmd, src)
			if err != nil {
				return err
			}
			camp, err := campaign.Build(sys, c.seedOrNew(stderr, newSeed), steps, c.options())
			if err != nil {
				return fmt.Errorf("failed to roll the campaign: %w", err)
			}
			if stateOut != "" {
				st, err := campaign.NewState(sys, camp, c.options().Values())
				if err != nil {
					return &hintError{err, "a campaign file keeps a band between games: 2d6-sword-and-sorcery and swordplay have one"}
				}
				if err := writeAtomic(stateOut, st.Marshal()); err != nil {
					return fmt.Errorf("failed to write the campaign file: %w", err)
				}
			}
			return writeCampaign(stdout, c.format, sys, camp)
		},
	}
	c.flags(cmd)
	cmd.Flags().IntVar(&steps, "encounters", 12, "number of encounters in the campaign (in each chapter, with --state)")
	cmd.Flags().StringVar(&stateOut, "state", "", "also write the campaign file to go on from (with --continue: write it here, not over the file read)")
	cmd.Flags().StringVar(&from, "continue", "", "roll the next chapter from this campaign file, and update it for that chapter")
	completeRolls(cmd, src)
	return cmd
}

// writeCampaign writes a campaign or a chapter in the chosen format.
func writeCampaign(w io.Writer, format string, sys engine.System, camp *campaign.Campaign) error {
	if format == "json" {
		return generator.WriteCampaignJSON(w, camp)
	}
	return generator.CampaignMarkdown(w, sys, camp)
}

// continueCampaign rolls the next chapter from the campaign file from:
// the system, seed, options and chapter length are the file's, so no
// flag may give them again (but --system, which must agree). The Roll
// page rolls it with the same call (generator.ContinueCampaign).
func continueCampaign(cmd *cobra.Command, stdout io.Writer, c *common, src *siteSource, from, stateOut string) error {
	for _, f := range []string{"seed", "encounters", "band", "star-rep", "enemies", "recruits"} {
		if cmd.Flags().Changed(f) {
			return &hintError{fmt.Errorf("--%s with --continue", f), "the campaign file gives it: change it there"}
		}
	}
	data, err := os.ReadFile(from)
	if err != nil {
		return fmt.Errorf("failed to read the campaign file: %w", err)
	}
	get := func(system string) (engine.System, error) {
		c.system = system
		return c.prepare(cmd, src)
	}
	ch, err := generator.ContinueCampaign(get, c.system, from, data)
	if err != nil {
		return err
	}
	if stateOut == "" {
		kept := keptName(from, ch.Next.Chapter-1)
		if err := writeAtomic(kept, data); err != nil {
			return fmt.Errorf("failed to keep the file as written: %w", err)
		}
		stateOut = from
	}
	if err := writeAtomic(stateOut, ch.Next.Marshal()); err != nil {
		return fmt.Errorf("failed to write the campaign file: %w", err)
	}
	return writeCampaign(stdout, c.format, ch.System, ch.Campaign)
}

// keptName is where the file as written for chapter n is kept:
// "summer.yaml" as "summer-chapter-2.yaml".
func keptName(file string, n int) string {
	ext := filepath.Ext(file)
	return strings.TrimSuffix(file, ext) + "-chapter-" + strconv.Itoa(n) + ext
}

// writeAtomic writes data to name whole or not at all: a new file
// beside it, renamed over it.
func writeAtomic(name string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*")
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Chmod(f.Name(), 0o644); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), name); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}

func tablesCmd(stdout io.Writer, src *siteSource) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "tables SYSTEM",
		Short: "Print every table of a rule system",
		Long:  "Print every table of a rule system as the engine holds it, after loading and checking the data.",
		Example: `  sortie tables 2d6-sword-and-sorcery
  sortie tables 2d6-sword-and-sorcery --format json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			source, err := src.path()
			if err != nil {
				return err
			}
			c := common{source: source, system: args[0], format: format}
			sys, err := c.load()
			if err != nil {
				return err
			}
			if format == "json" {
				return writeJSON(stdout, sys.Rules())
			}
			return generator.TablesMarkdown(stdout, sys.Rules())
		},
	}
	cmd.Flags().StringVar(&format, "format", "md", "output format: md or json")
	cmd.ValidArgsFunction = func(cmd *cobra.Command, args []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return completer{src}.systemIDs(false)(cmd, args, prefix)
	}
	cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]cobra.Completion{"md", "json"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func systemsCmd(stdout io.Writer, src *siteSource) *cobra.Command {
	return &cobra.Command{
		Use:   "systems",
		Short: "List the rule systems, their encounters and the lists --enemies and --recruits take",
		Long: `List the rule systems: each one's id (for --system), its encounter types (for
--type) and, below it, the army lists, sides and enemy sources that --enemies
and --recruits take, by id and title. A site's own rule data
(content/systems/) is listed with the built-in data.`,
		Example: "  sortie systems\n  sortie systems --source mysite",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return nil
			}
			return &hintError{fmt.Errorf("sortie systems takes no arguments, got %q", strings.Join(args, " ")),
				fmt.Sprintf("it lists every system; one system's tables: sortie tables --system %s", args[0])}
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			source, err := src.path()
			if err != nil {
				return err
			}
			reg, err := loadSystems(source)
			if err != nil {
				return err
			}
			for _, id := range reg.IDs() {
				sys, _ := reg.Get(id)
				s := sys.Rules().System
				var types []string
				for _, e := range sys.Rules().Encounters {
					types = append(types, e.ID)
				}
				what := "encounters: " + strings.Join(types, ", ")
				if _, ok := sys.(engine.Encounterer); !ok {
					what = "data only: its tables print as Quick Reference Sheets"
				}
				fmt.Fprintf(stdout, "%s\t%s (%s)\n", id, s.Name, what)
				writeSources(stdout, sys)
				writeFates(stdout, sys)
			}
			return nil
		},
	}
}

// writeFates lists, under a system that keeps a campaign file, the words
// a game's line in it may say of a figure, each with what it means.
func writeFates(w io.Writer, sys engine.System) {
	k, ok := sys.(engine.Keeper)
	if !ok {
		return
	}
	fmt.Fprintf(w, "  a game in a campaign file (sortie campaign --continue) says of a figure:\n")
	for _, f := range k.Fates() {
		fmt.Fprintf(w, "    %s\t%s\n", f.Word, f.Meaning)
	}
}

// writeSources lists, under a system, the ids --enemies and --recruits
// take, with each one's title: first those both take, then those only
// one takes.
func writeSources(w io.Writer, sys engine.System) {
	es, ok := sys.(engine.EnemySourcer)
	if !ok {
		return
	}
	enemies, recruits := takes(sys)
	groups := []struct {
		head    string
		enemies bool
		recruit bool
		ids     []string
	}{
		{head: "--enemies and --recruits", enemies: true, recruit: true},
		{head: "--enemies", enemies: true},
		{head: "--recruits", recruit: true},
	}
	for _, id := range es.EnemySources() {
		e, r := slices.Contains(enemies, id), slices.Contains(recruits, id)
		for i := range groups {
			if groups[i].enemies == e && groups[i].recruit == r {
				groups[i].ids = append(groups[i].ids, id)
			}
		}
	}
	for _, g := range groups {
		if len(g.ids) == 0 {
			continue
		}
		fmt.Fprintf(w, "  %s:\n", g.head)
		width := 0
		for _, id := range g.ids {
			width = max(width, len(id))
		}
		for _, id := range g.ids {
			fmt.Fprintf(w, "    %-*s  %s\n", width, id, generator.SourceTitle(sys, id))
		}
	}
}

func versionCmd(stdout io.Writer, version string) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print Sortie's version",
		Long: `Print Sortie's version: the release, then the commit the binary was built
from (".modified" when the checkout had uncommitted changes), or "devel" when
that is unknown. Every page and booklet a build writes carries the same
string, so any of them can be printed again by the same build.`,
		Example: "  sortie version\n  sortie --version",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintf(stdout, "sortie %s\n", version)
			return err
		},
	}
}
