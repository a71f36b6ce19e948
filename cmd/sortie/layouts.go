package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/sortie-wargames/sortie/generator"
	"github.com/sortie-wargames/sortie/generator/web"
)

// layoutWhat says what each built-in layout draws, for "sortie layouts".
var layoutWhat = map[string]string{
	"layout.html":    "the frame of every page: head, menu, footer",
	"partials.html":  "the pieces pages share: a template per kind of block, the encounter, the sealed section",
	"home.html":      "the home page",
	"page.html":      "a page of content/pages/",
	"system.html":    "a rule system's page",
	"qrs.html":       "a system's Quick Reference Sheets",
	"pack.html":      "a scenario pack's page",
	"encounter.html": "one encounter of a pack",
	"campaign.html":  "a campaign's page",
	"entry.html":     "one entry of a campaign",
	"series.html":    "a monthly series' page",
	"month.html":     "one month of a series",
	"downloads.html": "every booklet of the site in one list",
	"404.html":       "the page a host serves for a missing address",
	"style.css":      "the stylesheet",
}

func layoutsCmd(stdout io.Writer, src *siteSource) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "layouts",
		Short: "List Sortie's templates, or copy them into a site to change",
		Long: `Layouts lists Sortie's built-in templates and stylesheet, and says which the
site replaces with its own in layouts/. "sortie layouts copy NAME" writes the
built-in file into the site's layouts/, where it replaces Sortie's: change it
there (docs/site.md, "Your own templates and stylesheet").`,
		Example: `  sortie layouts
  sortie layouts copy style.css
  sortie layouts copy --all`,
		Args: subcommandsOnly,
		RunE: func(cmd *cobra.Command, _ []string) error {
			dir, err := src.path()
			if err != nil {
				return err
			}
			for _, n := range web.LayoutNames() {
				mark := ""
				if dir != "" {
					if _, err := os.Lstat(filepath.Join(dir, "layouts", n)); err == nil {
						mark = " (the site's own, in layouts/)"
					}
				}
				fmt.Fprintf(stdout, "%-15s %s%s\n", n, layoutWhat[n], mark)
			}
			return nil
		},
	}
	cmd.AddCommand(layoutsCopyCmd(stdout, src))
	return cmd
}

func layoutsCopyCmd(stdout io.Writer, src *siteSource) *cobra.Command {
	var all bool
	cmd := &cobra.Command{
		Use:   "copy NAME... | --all",
		Short: "Write built-in templates into the site's layouts/, to change there",
		Long: `Copy writes each named built-in template, or the stylesheet, into the site's
layouts/ folder, where it replaces Sortie's own from the next build on. A file
the site has already is never written over. --all writes every one the site
does not have yet; keep your copies few, as the templates can change between
Sortie versions.`,
		Example: `  sortie layouts copy style.css
  sortie layouts copy page.html partials.html
  sortie layouts copy --all`,
		ValidArgs: web.LayoutNames(),
		RunE: func(cmd *cobra.Command, args []string) error {
			if all == (len(args) > 0) {
				return &hintError{errors.New("name the layouts to copy, or pass --all"), "\"sortie layouts\" lists them"}
			}
			dir, err := src.path()
			if err != nil {
				return err
			}
			if dir == "" {
				return &hintError{errors.New("no site to copy layouts into"), "run it in your site's folder, or pass --source DIR"}
			}
			wrote, kept, err := generator.WriteLayouts(dir, args)
			for _, w := range wrote {
				fmt.Fprintf(stdout, "sortie: wrote %s\n", filepath.Join(dir, w))
			}
			if err != nil {
				if errors.Is(err, generator.ErrLayoutExists) {
					return &hintError{err, "change that copy, or move it away to copy Sortie's again"}
				}
				return &hintError{err, "\"sortie layouts\" lists them"}
			}
			for _, k := range kept {
				fmt.Fprintf(stdout, "sortie: kept the site's own %s\n", filepath.Join(dir, k))
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&all, "all", false, "copy every layout the site does not have yet")
	return cmd
}
