// Package content holds Sortie's embedded default content: the rule
// systems' data under systems/<id>/ (format: docs/data.md). The default
// site's pages join it with the site generator.
package content

import "embed"

// FS is the embedded default content.
//
//go:embed all:systems
var FS embed.FS
