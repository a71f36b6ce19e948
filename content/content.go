// Package content holds Sortie's embedded default content: the rule
// systems' data under systems/<id>/ (format: docs/data.md), and the default
// site built by "make site".
package content

import "embed"

// FS is the embedded default content.
//
//go:embed all:systems
var FS embed.FS
