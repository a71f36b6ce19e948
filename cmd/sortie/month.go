package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/sortie-wargames/sortie/engine/series"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
	"github.com/spf13/cobra"
)

// buildMonth returns the month a monthly series is built up to: the
// --month flag, else the month of SOURCE_DATE_EPOCH, else the clock's,
// and where it came from, to print so the build can be repeated; "" when
// there is no clock either.
func buildMonth(flag string, h host) (month, from string, err error) {
	if flag != "" {
		m, err := series.ParseMonth(flag)
		if err != nil {
			return "", "", &hintError{fmt.Errorf("--month: %w", err), ""}
		}
		return m.String(), "--month", nil
	}
	if v := h.getenv("SOURCE_DATE_EPOCH"); v != "" {
		secs, err := strconv.ParseInt(v, 10, 64)
		if err != nil || secs < 0 || secs > 253402300799 {
			return "", "", &hintError{fmt.Errorf("SOURCE_DATE_EPOCH %q: want whole seconds since 1970", v), "unset it, or pass --month YYYY-MM"}
		}
		return series.MonthOf(time.Unix(secs, 0)).String(), "SOURCE_DATE_EPOCH", nil
	}
	if h.now == nil {
		return "", "", nil // no clock: only a site with a series needs one, and says so
	}
	return series.MonthOf(h.now()).String(), "the clock", nil
}

func monthCmd(stdout, stderr io.Writer, h host, src *siteSource) *cobra.Command {
	var slug, month, format string
	cmd := &cobra.Command{
		Use:   "month",
		Short: "Print a month's encounter of a site's monthly series",
		Long: `Month prints one month's encounter of a monthly series (content/series/*.md)
in the terminal, as the series' page for that month shows it. Everyone who
builds the same series gets the same encounter for the same month.

With no --month it prints this month's (the month of SOURCE_DATE_EPOCH when
set, else the clock's), and says which month that was.`,
		Example: `  sortie month --source mysite
  sortie month --source mysite --series fight --month 2026-11 --format json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if format != "md" && format != "json" {
				return &hintError{fmt.Errorf("--format %q: want md or json", format), ""}
			}
			m, from, err := buildMonth(month, h)
			if err != nil {
				return err
			}
			source, err := src.path()
			if err != nil {
				return err
			}
			one, err := generator.Month(source, systems.Builtin(), slug, m)
			if err != nil {
				return err
			}
			if from != "--month" {
				fmt.Fprintf(stderr, "sortie: %s, from %s (pass --month %s to print it again)\n", one.Month.Title(), from, one.Month)
			}
			if format == "json" {
				enc := json.NewEncoder(stdout)
				enc.SetIndent("", "  ")
				return enc.Encode(one.OneEncounter)
			}
			return generator.EncounterMarkdown(stdout, one.System, &one.OneEncounter)
		},
	}
	cmd.Flags().StringVar(&slug, "series", "", "the series, by its file name without .md (needed when the site has more than one)")
	cmd.Flags().StringVar(&month, "month", "", "the month, YYYY-MM (default: this month)")
	cmd.Flags().StringVar(&format, "format", "md", "output format: md or json")
	return cmd
}
