package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
	"github.com/sortie-wargames/sortie/generator/output"
	"github.com/sortie-wargames/sortie/generator/serve"
	"github.com/sortie-wargames/sortie/generator/site"
)

func serveCmd(stdout, stderr io.Writer, h host, src *siteSource) *cobra.Command {
	var port int
	var month, paper, impose string
	var printOnDemand, quiet, drafts, future bool
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Preview a site in the browser, rebuilt and reloaded as you edit it",
		Long: `Serve builds a site in memory and serves it at http://127.0.0.1:PORT/ (this
machine only). It watches the site's files and rebuilds when you save: the
pages first, served at once, then the booklets and play sheets in the
background. A page open in the browser reloads itself when its build changes
(a stylesheet alone is swapped in place);
a page whose booklets are still being made says so, and a booklet asked for
then is sent once it is made. A build that fails prints its errors here and
shows them on every page until fixed, then the open pages reload. Ctrl-C
stops it. Nothing is written to disk: run "sortie build" to write public/.

The site is --source DIR, else the one the current directory lies in, else the
built-in default site. --paper none serves the pages alone, without booklets:
the quickest preview while you write.`,
		Example: `  cd mysite && sortie serve
  sortie serve --source mysite --port 8080
  sortie serve --paper none`,
		Args: noSiteArg,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if port < 0 || port > 65535 {
				return fmt.Errorf("--port %d: want 0 to 65535", port)
			}
			source, err := src.path()
			if err != nil {
				return err
			}
			// No service worker: it would keep the pages being edited.
			opt := generator.Options{Source: source, Version: h.version, Systems: systems.Builtin(), PrintOnDemand: printOnDemand, NoOffline: true}
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
			// The Roll page when its engine is beside this sortie.
			if opt.Roll, _, err = rollEngine("", h.exe); err != nil {
				return err
			}
			// A monthly series is served as of this month (or --month),
			// fixed for the whole session.
			if opt.Month, _, err = buildMonth(month, h); err != nil {
				return err
			}
			if opt.Today, err = buildDay(month, h); err != nil {
				return err
			}
			opt.Drafts, opt.Future = drafts, future
			// What a save did not touch is kept from the build before:
			// the pages of the other packs and campaigns, and the
			// booklets and play sheets. The pages-only builds and the
			// whole ones each keep their own (their pages differ in
			// a folded booklet's link).
			pages := opt
			pages.PagesOnly = true
			pages.Reuse = &generator.Reuse{}
			opt.Reuse = &generator.Reuse{}
			sopt := serve.Options{
				Watch: source,
				Log:   stderr,
				Quiet: quiet,
				Build: func() ([]output.File, error) {
					files, _, err := generator.RenderContext(cmd.Context(), opt)
					return files, err
				},
				Pages: func(emit func(output.File)) ([]output.File, []string, error) {
					var mu sync.Mutex
					var files []output.File
					sum, err := generator.StreamContext(cmd.Context(), pages, func(f output.File) error {
						mu.Lock()
						files = append(files, f)
						mu.Unlock()
						emit(f)
						return nil
					})
					if err != nil {
						return nil, nil, err
					}
					return files, sum.Later, nil
				},
				Kept: func() int {
					kept, _ := pages.Reuse.Pages()
					return len(kept)
				},
			}
			srv, err := listenFree(sopt, port, !cmd.Flags().Changed("port"), stderr)
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "sortie: serving %s at %s (Ctrl-C stops)\n", siteName(source), srv.URL())
			return srv.Run(cmd.Context())
		},
	}
	cmd.Flags().IntVar(&port, "port", 1313, "port to serve on, on 127.0.0.1 (0 picks a free one)")
	cmd.Flags().StringVar(&month, "month", "", "the month a monthly series is shown up to, YYYY-MM (default: this month)")
	cmd.Flags().StringVar(&paper, "paper", "", "booklet paper: a4, letter, both, or none for the pages alone (default: the site's paper setting)")
	cmd.Flags().StringVar(&impose, "impose", "", "saddle: also make each pack and campaign as a folded booklet; none: flat booklets only (default: the site's impose setting)")
	cmd.Flags().BoolVar(&printOnDemand, "print-on-demand", false, "also make a print-ready booklet of each pack and campaign, as \"sortie build --print-on-demand\"")
	cmd.Flags().BoolVar(&drafts, "drafts", false, "also show what is marked \"draft: true\", as \"sortie build --drafts\"")
	cmd.Flags().BoolVar(&future, "future", false, "also show the packs and campaigns dated after today, as \"sortie build --future\"")
	cmd.Flags().BoolVarP(&quiet, "quiet", "q", false, "print the address and failed builds only, not each rebuild")
	return cmd
}

// paperFlag reads --paper: a4, letter, both (a4 and letter) or none.
func paperFlag(v string) ([]string, error) {
	if strings.EqualFold(strings.TrimSpace(v), "both") {
		v = "a4, letter"
	}
	p, err := site.ParsePapers(v)
	if err != nil || strings.TrimSpace(v) == "" {
		return nil, &hintError{fmt.Errorf("--paper %q: want a4, letter, both or none", v), ""}
	}
	return p, nil
}

// imposeFlag reads --impose: saddle or none.
func imposeFlag(v string) (string, error) {
	if _, err := site.ParseImpose(v); err != nil || strings.TrimSpace(v) == "" {
		return "", &hintError{fmt.Errorf("--impose %q: want saddle or none", v), ""}
	}
	return strings.ToLower(strings.TrimSpace(v)), nil
}

// portTries is how many ports after a taken one the preview tries.
const portTries = 20

// listenFree serves on 127.0.0.1 at port. When the port is taken (Hugo's
// preview defaults to 1313 too) and the user did not ask for it by
// --port, the preview says so and takes the next free one, as Hugo does;
// a port asked for by name is never swapped silently: the error names
// the next free one instead.
func listenFree(opt serve.Options, port int, mayMove bool, stderr io.Writer) (*serve.Server, error) {
	opt.Addr = net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	srv, err := serve.Listen(opt)
	if err == nil || !errors.Is(err, syscall.EADDRINUSE) || port == 0 {
		if err != nil {
			return nil, &hintError{err, "pass --port to pick another port"}
		}
		return srv, nil
	}
	free := nextFree(port)
	if free == 0 {
		return nil, &hintError{fmt.Errorf("port %d is in use, and so are the %d after it: %w", port, portTries, err), "pass --port 0 to pick any free port"}
	}
	if !mayMove {
		return nil, &hintError{fmt.Errorf("port %d is in use (another server, perhaps Hugo's, which uses 1313 too): %w", port, err),
			fmt.Sprintf("port %d is free: sortie serve --port %d", free, free)}
	}
	fmt.Fprintf(stderr, "sortie: port %d is in use (another server, perhaps Hugo's); serving on %d instead\n", port, free)
	opt.Addr = net.JoinHostPort("127.0.0.1", strconv.Itoa(free))
	if srv, err = serve.Listen(opt); err != nil {
		return nil, &hintError{err, "pass --port to pick another port"}
	}
	return srv, nil
}

// nextFree is the first port after port on 127.0.0.1 that can be
// listened on, or 0 when none of the next portTries can.
func nextFree(port int) int {
	for p := port + 1; p <= port+portTries && p <= 65535; p++ {
		ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(p)))
		if err == nil {
			ln.Close()
			return p
		}
	}
	return 0
}
