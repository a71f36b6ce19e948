package main

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sortie-wargames/sortie/engine"
)

// Shell completion: "sortie completion bash|zsh|fish|powershell" prints
// the script; these functions answer it with the systems, encounter types
// and enemy sources of the data the command would load (--source or the
// site the current directory is in, over the built-in data).

// completer completes from the loaded systems; a site that does not load
// completes nothing rather than printing errors into the shell.
type completer struct{ src *siteSource }

func (c completer) registry() *engine.Registry {
	source, err := c.src.path()
	if err != nil {
		return nil
	}
	reg, err := loadSystems(source)
	if err != nil {
		return nil
	}
	return reg
}

func done(items []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
	var out []cobra.Completion
	for _, it := range items {
		if strings.HasPrefix(it, prefix) {
			out = append(out, it)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// systemIDs completes a system id; encounters says to offer only systems
// that roll encounters.
func (c completer) systemIDs(encounters bool) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
		reg := c.registry()
		if reg == nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var ids []string
		for _, id := range reg.IDs() {
			sys, _ := reg.Get(id)
			if _, ok := sys.(engine.Encounterer); ok || !encounters {
				ids = append(ids, id)
			}
		}
		return done(ids, prefix)
	}
}

// systems returns the system --system names, or every system when it
// names none.
func (c completer) systems(cmd *cobra.Command) []engine.System {
	reg := c.registry()
	if reg == nil {
		return nil
	}
	id, _ := cmd.Flags().GetString("system")
	if sys, err := reg.Get(id); err == nil {
		return []engine.System{sys}
	}
	var all []engine.System
	for _, id := range reg.IDs() {
		sys, _ := reg.Get(id)
		all = append(all, sys)
	}
	return all
}

// types completes --type from the encounter types of --system.
func (c completer) types(cmd *cobra.Command, args []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
	var types []string
	for _, sys := range c.systems(cmd) {
		if _, ok := sys.(engine.Encounterer); !ok {
			continue
		}
		for _, e := range sys.Rules().Encounters {
			if !slices.Contains(types, e.ID) {
				types = append(types, e.ID)
			}
		}
	}
	return done(types, prefix)
}

// sources completes --enemies or --recruits: the enemy sources of
// --system (its army lists, sides, "rolled" ...) that the system accepts
// for that option.
func (c completer) sources(recruits bool) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
		var out []string
		for _, sys := range c.systems(cmd) {
			es, ok := sys.(engine.EnemySourcer)
			if !ok {
				continue
			}
			for _, s := range es.EnemySources() {
				opt := engine.Options{Enemies: s}
				if recruits {
					opt = engine.Options{Recruits: s}
				}
				if oc, ok := sys.(engine.OptionChecker); ok && oc.CheckOptions(opt) != nil {
					continue
				}
				if !slices.Contains(out, s) {
					out = append(out, s)
				}
			}
		}
		return done(out, prefix)
	}
}

// completeRolls registers completion for the flags of encounter and
// campaign.
func completeRolls(cmd *cobra.Command, src *siteSource) {
	c := completer{src}
	cmd.RegisterFlagCompletionFunc("system", c.systemIDs(true))
	cmd.RegisterFlagCompletionFunc("enemies", c.sources(false))
	cmd.RegisterFlagCompletionFunc("recruits", c.sources(true))
	cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]cobra.Completion{"md", "json"}, cobra.ShellCompDirectiveNoFileComp))
	if cmd.Flags().Lookup("type") != nil {
		cmd.RegisterFlagCompletionFunc("type", c.types)
	}
}
