package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/generator"
	"github.com/sortie-wargames/sortie/generator/skeleton"
)

func newCmd(stdout io.Writer, h host, src *siteSource) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "new",
		Short: "Make something new: a site, or a pack, campaign or series in a site",
		Long: `New writes a new site ("sortie new site DIR"), or a commented starter file
for a pack, a campaign or a monthly series into the site you are in (as Hugo's
"hugo new content" writes one from an archetype). Every file it writes builds
as it is; nothing is ever written over.`,
		Example: `  sortie new site mysite
  cd mysite && sortie new pack "Goblin Hill"
  sortie new campaign the-long-road --system swordplay
  sortie new series club-fights`,
		Args: subcommandsOnly,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return &hintError{errors.New("new what?"), "sortie new site DIR, or in a site: sortie new pack|campaign|series NAME"}
		},
	}
	cmd.AddCommand(newSiteCmd(stdout, h))
	for _, kind := range skeleton.Kinds {
		cmd.AddCommand(newEntryCmd(stdout, h, src, kind))
	}
	return cmd
}

// entryWhat says what each kind "sortie new" writes is, for its help.
var entryWhat = map[string]string{
	"pack":     "a scenario pack: a run of encounters for one band, rolled from one seed",
	"campaign": "a campaign: a gamebook of encounters, each leading to the next",
	"series":   "a monthly series: a fresh encounter each month, starting this month",
}

func newEntryCmd(stdout io.Writer, h host, src *siteSource, kind string) *cobra.Command {
	var system string
	folder := skeleton.Folder(kind)
	cmd := &cobra.Command{
		Use:   kind + " NAME",
		Short: "Write a commented starter " + kind + " into the site's content/" + folder + "/",
		Long: fmt.Sprintf(`Write a commented starter file for %s, into
content/%s/<slug>.md of the site you are in (or --source). NAME is a title
("Goblin Hill", slugged to goblin-hill) or a slug (goblin-hill, titled Goblin
Hill). The file builds as it is: it takes every encounter type of --system,
and its comments list the ids that system's enemies and recruits take. A file
already there is never written over.`, entryWhat[kind], folder),
		Example: fmt.Sprintf("  sortie new %s \"Goblin Hill\"\n  sortie new %s goblin-hill --system swordplay", kind, kind),
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir, _, err := src.dir()
			if err != nil {
				return err
			}
			if dir == "" {
				return &hintError{fmt.Errorf("no site to write the %s into", kind), "run it in your site's folder, or pass --source DIR; \"sortie new site DIR\" makes a site"}
			}
			reg, err := loadSystems(dir)
			if err != nil {
				return err
			}
			sys, err := reg.Get(system)
			if err != nil {
				return &hintError{err, "run \"sortie systems\" to list them"}
			}
			if _, ok := sys.(engine.Encounterer); !ok {
				return &hintError{fmt.Errorf("system %s rolls no encounters: it has data only", system), "run \"sortie systems\" to list those with encounters"}
			}
			if _, ok := sys.(engine.Campaigner); kind == "campaign" && !ok {
				return &hintError{fmt.Errorf("system %s has no campaign procedures in Sortie, so it has no campaigns", system), "campaigns: " + strings.Join(campaigners(reg), ", ")}
			}
			e := skeleton.Entry{Kind: kind, Name: args[0], System: system, SystemName: sys.Rules().System.Name,
				Types: sys.Rules().EncounterIDs()}
			e.Enemies, e.Recruits = takes(sys)
			if kind == "series" {
				month, _, err := buildMonth("", h)
				if err != nil {
					return err
				}
				if month == "" {
					return errors.New("no clock to date the series' first month: set SOURCE_DATE_EPOCH")
				}
				e.Month = month
			}
			f, err := skeleton.NewEntry(e)
			if err != nil {
				return err
			}
			if err := skeleton.Add(dir, f); err != nil {
				if errors.Is(err, skeleton.ErrExists) {
					return &hintError{err, "pick another name, or edit that file"}
				}
				return err
			}
			fmt.Fprintf(stdout, "sortie: wrote %s\n", filepath.Join(dir, filepath.FromSlash(f.Path)))
			fmt.Fprintf(stdout, "sortie: next: edit it, with \"sortie serve\" running to see it as you save\n")
			return nil
		},
	}
	cmd.Flags().StringVar(&system, "system", "2d6-sword-and-sorcery", "rule system id (see \"sortie systems\")")
	cmd.RegisterFlagCompletionFunc("system", completer{src}.systemIDs(true))
	return cmd
}

// campaigners lists the systems that have campaigns.
func campaigners(reg *engine.Registry) []string {
	var ids []string
	for _, id := range reg.IDs() {
		sys, _ := reg.Get(id)
		if _, ok := sys.(engine.Campaigner); ok {
			ids = append(ids, id)
		}
	}
	return ids
}

// takes returns the ids a system's enemies and recruits options take.
func takes(sys engine.System) (enemies, recruits []string) { return generator.Sources(sys) }

func newSiteCmd(stdout io.Writer, h host) *cobra.Command {
	var fromDefault bool
	cmd := &cobra.Command{
		Use:   "site DIR",
		Short: "Write a small working site to start from",
		Long: `Write a new site into DIR: sortie.conf and, under content/, a home page, a
page, a scenario pack, a campaign, a monthly series that starts this month
(content/series/fight-of-the-month.md: a fresh encounter each month, dated by
SOURCE_DATE_EPOCH when set, else the clock) and a commented army list of the
site's own (content/systems/2d6-sword-and-sorcery/my-army.rules). It builds at
once. "sortie new pack|campaign|series NAME" then adds more.

With --from-default it writes the built-in default site instead, in the same
layout, so you can start from it; the built-in rule data is not copied, as a
site reads it from the binary anyway.

DIR must be empty or not exist yet: nothing is ever written over.`,
		Example: `  sortie new site mysite
  cd mysite && sortie serve
  sortie new site demo --from-default`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := args[0]
			// The starter's monthly series starts this month.
			month, _, err := buildMonth("", h)
			if err != nil {
				return err
			}
			if month == "" {
				return errors.New("no clock to date the starter's monthly series: set SOURCE_DATE_EPOCH")
			}
			files, err := skeleton.Starter(month)
			if fromDefault {
				files, err = skeleton.FromDefault(content.FS)
			}
			if err != nil {
				return err
			}
			if err := skeleton.Write(dir, files); err != nil {
				if errors.Is(err, skeleton.ErrNotEmpty) {
					return &hintError{err, "name a new or empty directory: sortie new site mysite"}
				}
				return err
			}
			fmt.Fprintf(stdout, "sortie: wrote a new site in %s (%d files)\n", dir, len(files))
			fmt.Fprintf(stdout, "sortie: next: cd %s, then \"sortie serve\" to see it as you edit, or \"sortie build\" to write it into %s/public\n", dir, dir)
			return nil
		},
	}
	cmd.Flags().BoolVar(&fromDefault, "from-default", false, "write the built-in default site, in a site's layout, instead of the small starter site")
	return cmd
}
