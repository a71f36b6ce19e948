package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/generator/skeleton"
)

func newCmd(stdout io.Writer, h host) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "new",
		Short: "Make something new: a site",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return &hintError{errors.New("new what?"), "sortie new site DIR"}
		},
	}
	cmd.AddCommand(newSiteCmd(stdout, h))
	return cmd
}

func newSiteCmd(stdout io.Writer, h host) *cobra.Command {
	var fromDefault bool
	cmd := &cobra.Command{
		Use:   "site DIR",
		Short: "Write a small working site to start from",
		Long: `Write a new site into DIR: sortie.conf and, under content/, a home page, a
page, a scenario pack, a campaign and a commented army list of the site's own
(content/systems/2d6-sword-and-sorcery/my-army.rules). It builds at once.

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
