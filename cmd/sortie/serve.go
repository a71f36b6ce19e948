package main

import (
	"fmt"
	"io"
	"net"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
	"github.com/sortie-wargames/sortie/generator/output"
	"github.com/sortie-wargames/sortie/generator/serve"
)

func serveCmd(stdout, stderr io.Writer, h host, src *siteSource) *cobra.Command {
	var port int
	var month string
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Preview a site in the browser, rebuilt as you edit it",
		Long: `Serve builds a site in memory and serves it at http://127.0.0.1:PORT/ (this
machine only). It checks the site's files twice a second and rebuilds when one
changes; a build that fails prints its errors here and shows them on every
page until fixed, then the new build is served. Ctrl-C stops it. Nothing is
written to disk: run "sortie build" to write public/.

The site is --source DIR, else the one the current directory lies in, else the
built-in default site.`,
		Example: `  cd mysite && sortie serve
  sortie serve --source mysite --port 8080`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if port < 0 || port > 65535 {
				return fmt.Errorf("--port %d: want 0 to 65535", port)
			}
			source, err := src.path()
			if err != nil {
				return err
			}
			opt := generator.Options{Source: source, Version: h.version, Systems: systems.Builtin()}
			if opt.Created, err = created(h.getenv); err != nil {
				return err
			}
			// A monthly series is served as of this month (or --month),
			// fixed for the whole session.
			if opt.Month, _, err = buildMonth(month, h); err != nil {
				return err
			}
			srv, err := serve.Listen(serve.Options{
				Addr:  net.JoinHostPort("127.0.0.1", strconv.Itoa(port)),
				Watch: source,
				Log:   stderr,
				Build: func() ([]output.File, error) {
					files, _, err := generator.RenderContext(cmd.Context(), opt)
					return files, err
				},
			})
			if err != nil {
				return &hintError{err, "pass --port to pick another port"}
			}
			fmt.Fprintf(stdout, "sortie: serving %s at %s (Ctrl-C stops)\n", siteName(source), srv.URL())
			return srv.Run(cmd.Context())
		},
	}
	cmd.Flags().IntVar(&port, "port", 1313, "port to serve on, on 127.0.0.1 (0 picks a free one)")
	cmd.Flags().StringVar(&month, "month", "", "the month a monthly series is shown up to, YYYY-MM (default: this month)")
	return cmd
}
