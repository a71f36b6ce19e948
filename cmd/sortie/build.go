package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/sortie-wargames/sortie/engine/series"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
	"github.com/sortie-wargames/sortie/generator/booklet"
	"github.com/sortie-wargames/sortie/generator/output"
	"github.com/sortie-wargames/sortie/generator/site"
	"github.com/spf13/cobra"
)

// defaultCreated is the date PDFs carry when SOURCE_DATE_EPOCH is not set:
// a constant, so two builds of the same content are the same bytes.
var defaultCreated = time.Unix(0, 0).UTC()

func buildCmd(stdout, stderr io.Writer, h host, src *siteSource) *cobra.Command {
	var paper, month, impose string
	var out, baseURL, wasm, cpuProfile string
	var printOnDemand, quiet, verbose, drafts, future bool
	cmd := &cobra.Command{
		Use:   "build",
		Short: "Build a site and its PDF booklets",
		Long: `Build renders a site: HTML pages and PDF booklets (scenario packs, campaigns,
Quick Reference Sheets) into the site's own public/ folder.

The site is --source DIR, or else the one the current directory lies in (the
nearest folder, here or above, holding a sortie.conf), or else the built-in
default site, which builds into ./public. --out builds somewhere else.

The output directory is replaced as a whole, and only when the build succeeds;
Sortie refuses to replace a directory it did not build. PDFs are dated from
SOURCE_DATE_EPOCH when set (else 1 January 1970), so the same content always
gives the same bytes.

What is marked "draft: true", and packs and campaigns dated after the build's
day (the last day of --month, else the day of SOURCE_DATE_EPOCH, else today),
are left out with a warning at their line; --drafts and --future build them.
The summary names the longest booklet (--verbose lists each, with its pages).

On a terminal, a build that takes more than a moment shows what it is doing on
one updating line; --quiet prints only warnings and errors, and --verbose adds
how long each part of the build took and each folded booklet's volumes, pages
and sheets.`,
		Example: `  cd mysite && sortie build
  sortie build --source mysite --paper letter
  sortie build --impose saddle
  sortie build --out /tmp/sortie-demo`,
		Args: noSiteArg,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if quiet && verbose {
				return errors.New("--quiet and --verbose: pick one")
			}
			if cpuProfile != "" {
				stop, err := startCPUProfile(cpuProfile)
				if err != nil {
					return err
				}
				defer stop()
			}
			source, _, err := src.dir()
			if err != nil {
				return err
			}
			if !cmd.Flags().Changed("out") {
				out = src.outFor(source)
			}
			opt := generator.Options{Source: source, Out: out, Created: defaultCreated, Version: h.version,
				Guard: output.Guard{Home: h.home, WorkDir: h.workDir}, Systems: systems.Builtin()}
			if cmd.Flags().Changed("paper") {
				if opt.Papers, err = paperFlag(paper); err != nil {
					return err
				}
			}
			if cmd.Flags().Changed("impose") {
				if opt.Impose, err = imposeFlag(impose); err != nil {
					return err
				}
			}
			if opt.Created, err = created(h.getenv); err != nil {
				return err
			}
			m, from, err := buildMonth(month, h)
			if err != nil {
				return err
			}
			opt.Month = m
			if opt.Today, err = buildDay(month, h); err != nil {
				return err
			}
			opt.Drafts, opt.Future = drafts, future
			if cmd.Flags().Changed("baseurl") {
				if opt.BaseURL, err = baseURLFlag(baseURL); err != nil {
					return err
				}
			}
			opt.PrintOnDemand = printOnDemand
			roll, noRoll, err := rollEngine(wasm, h.exe)
			if err != nil {
				return err
			}
			opt.Roll = roll
			var live io.Writer
			if h.stderrTTY && !quiet {
				live = stderr
			}
			var prog *buildProgress
			if live != nil || verbose {
				now := h.now
				if now == nil {
					now = time.Now
				}
				prog = newBuildProgress(live, now)
				opt.Progress = prog.event
				if live != nil && h.tick != nil {
					c, stop := h.tick(progressEvery)
					done := make(chan struct{})
					go func() {
						for {
							select {
							case <-c:
								prog.tick()
							case <-done:
								return
							}
						}
					}()
					defer stop()
					defer close(done)
				}
			}
			sum, err := generator.BuildContext(cmd.Context(), opt)
			if prog != nil {
				prog.finish()
			}
			if err != nil {
				var se *site.Error
				if errors.As(err, &se) {
					return &hintError{err, "the site format is described in docs/site.md"}
				}
				if errors.Is(err, output.ErrNotOutput) {
					return &hintError{err, "move it out of the way, or pass --out to build somewhere else"}
				}
				return err
			}
			for _, w := range sum.Warnings {
				fmt.Fprintf(stdout, "sortie: warning: %s\n", w)
			}
			if noRoll != "" {
				fmt.Fprintf(stdout, "sortie: warning: %s\nsortie: hint: %s\n", noRoll, wasmHint)
			}
			if quiet {
				return nil
			}
			fmt.Fprintf(stdout, "sortie: built %s into %s: %d pages, %d booklets, %d play sheets, %d files\n", siteName(source), out, sum.Pages, sum.Booklets, sum.Sheets, sum.Files)
			if len(sum.Sizes) > 0 {
				shortest, longest := sum.Sizes[0], sum.Sizes[0]
				for _, b := range sum.Sizes {
					if b.Pages < shortest.Pages {
						shortest = b
					}
					if b.Pages > longest.Pages {
						longest = b
					}
				}
				more := " (--verbose lists each)"
				if verbose {
					more = ""
				}
				fmt.Fprintf(stdout, "sortie: %d flat booklets of %d to %d pages; the longest, %s%s\n", len(sum.Sizes), shortest.Pages, longest.Pages, longest, more)
				if verbose {
					for _, b := range sum.Sizes {
						fmt.Fprintf(stdout, "sortie: booklet %s\n", b)
					}
				}
			}
			if len(sum.Folded) > 0 {
				vols, sheets := 0, 0
				for _, f := range sum.Folded {
					vols += f.Volumes
					sheets += f.Sheets
				}
				more := " (--verbose lists each)"
				if verbose {
					more = ""
				}
				fmt.Fprintf(stdout, "sortie: %d folded booklets in %d volumes of at most %d pages, %d sheets, their card sheets flat beside them%s\n",
					len(sum.Folded), vols, booklet.SaddleLimit, sheets, more)
				if verbose {
					for _, f := range sum.Folded {
						fmt.Fprintf(stdout, "sortie: folded %s\n", f)
					}
				}
			}
			if sum.Offline != nil {
				fmt.Fprintf(stdout, "sortie: offline: %s\n", sum.Offline)
			}
			if len(sum.Print) > 0 {
				fmt.Fprintf(stdout, "sortie: %d print-ready booklets for a print-on-demand service, such as %s (see \"Selling your pack in print\" in the README)\n", len(sum.Print), sum.Print[0])
			}
			if sum.Series > 0 && from != "--month" {
				fmt.Fprintf(stdout, "sortie: monthly series built up to %s, from %s (pass --month %s to build it again)\n", m, from, m)
			}
			if verbose {
				prog.report(stdout)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "output directory, replaced as a whole by each build (default: the site's public/, or ./public for the built-in site)")
	cmd.Flags().StringVar(&month, "month", "", "the month a monthly series is built up to, YYYY-MM (default: the month of SOURCE_DATE_EPOCH, else this month)")
	cmd.Flags().StringVar(&paper, "paper", "", "booklet paper: a4, letter, both, or none for no booklets (default: the site's paper setting)")
	cmd.Flags().BoolVar(&printOnDemand, "print-on-demand", false, "also write a print-ready booklet of each pack and campaign, NAME-PAPER-print.pdf, for a print-on-demand service (as the site's \"print: on-demand\")")
	cmd.Flags().BoolVarP(&quiet, "quiet", "q", false, "print only warnings and errors: no progress line, no summary")
	cmd.Flags().BoolVar(&verbose, "verbose", false, "after the build, print what was built and how long each part took (load, roll, pages, booklets, play sheets, feeds, write)")
	cmd.Flags().BoolVar(&drafts, "drafts", false, "also build the pages, packs, campaigns and series marked \"draft: true\"")
	cmd.Flags().BoolVar(&future, "future", false, "also build the packs and campaigns dated after the build's day (the last day of --month, else the day of SOURCE_DATE_EPOCH, else today), as the site's \"future: true\"")
	cmd.Flags().StringVar(&baseURL, "baseurl", "", "the address the site is published at, such as https://example.org/sortie/ (default: the site's baseurl setting)")
	cmd.Flags().StringVar(&wasm, "wasm", "", "the Roll page's engine, sortie.wasm (cmd/sortie-wasm built for the browser; wasm_exec.js beside it), or none to build without a Roll page (default: the sortie.wasm beside this sortie, when there is one)")
	cmd.Flags().StringVar(&impose, "impose", "", "saddle: also write each pack and campaign as a folded booklet (A5 on A4, half-Letter on Letter; <slug>-<paper>-folded.pdf, or -folded-1.pdf, -2.pdf… in volumes of at most 64 pages, and -folded-cards.pdf); none: flat booklets only (default: the site's impose setting)")
	cmd.Flags().StringVar(&cpuProfile, "cpuprofile", "", "write a CPU profile of the build to this file, for \"go tool pprof\" (as \"go test -cpuprofile\")")
	return cmd
}

// startCPUProfile starts profiling the process's CPU into file; stop
// ends it and closes the file.
func startCPUProfile(file string) (stop func(), err error) {
	f, err := os.Create(file)
	if err != nil {
		return nil, fmt.Errorf("failed to create the CPU profile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("failed to start the CPU profile: %w", err)
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}

// siteName names the site a build is made from, for messages.
func siteName(source string) string {
	if source == "" {
		return "the built-in default site"
	}
	return source
}

// created is the date PDFs carry: SOURCE_DATE_EPOCH when set, else
// defaultCreated.
func created(getenv func(string) string) (time.Time, error) {
	v := getenv("SOURCE_DATE_EPOCH")
	if v == "" {
		return defaultCreated, nil
	}
	secs, err := strconv.ParseInt(v, 10, 64)
	// Years beyond 9999 do not fit a PDF date.
	if err != nil || secs < 0 || secs > 253402300799 {
		return time.Time{}, &hintError{fmt.Errorf("SOURCE_DATE_EPOCH %q: want whole seconds since 1970", v), "unset it to date PDFs 1 January 1970"}
	}
	return time.Unix(secs, 0).UTC(), nil
}

// buildDay is the build's day, after which a dated pack or campaign
// waits: the last day of --month when given (the build is of that month),
// else the day of SOURCE_DATE_EPOCH, else the clock's; the zero time, which
// takes every date, when there is no clock either. The build itself reads
// no clock.
func buildDay(flag string, h host) (time.Time, error) {
	if flag != "" {
		m, err := series.ParseMonth(flag)
		if err != nil {
			return time.Time{}, &hintError{fmt.Errorf("--month: %w", err), ""}
		}
		return (m + 1).Start().AddDate(0, 0, -1), nil
	}
	t := defaultCreated
	switch {
	case h.getenv("SOURCE_DATE_EPOCH") != "":
		c, err := created(h.getenv)
		if err != nil {
			return time.Time{}, err
		}
		t = c
	case h.now != nil:
		t = h.now()
	default:
		return time.Time{}, nil
	}
	y, mo, d := t.UTC().Date()
	return time.Date(y, mo, d, 0, 0, 0, 0, time.UTC), nil
}

// baseURLFlag reads --baseurl as sortie.conf's baseurl is read.
func baseURLFlag(v string) (string, error) {
	u, err := site.ParseBaseURL(strings.TrimSpace(v))
	if err != nil || strings.TrimSpace(v) == "" {
		return "", &hintError{fmt.Errorf("--baseurl %q: want the address the site is published at, such as https://example.org/sortie/", v), ""}
	}
	return u, nil
}
