// Package content holds Sortie's embedded default site: its config
// (sortie.conf), its home page (index.md), Markdown pages (pages/), a
// scenario pack (packs/), a campaign (campaigns/), a monthly series
// (series/) and the rule systems'
// data under systems/<id>/ (format: docs/data.md). "sortie build" with no
// --source builds this site; a site of your own has the same layout under
// its content/ folder, with sortie.conf beside it.
package content

import "embed"

// FS is the embedded default site.
//
//go:embed sortie.conf index.md all:pages all:packs all:campaigns all:series all:systems
var FS embed.FS
