// Package templates holds Sortie's HTML templates and stylesheet, embedded
// in the binary so a fresh install builds a site with nothing else on disk.
//
// layout.html is the page frame; partials.html holds the pieces pages share
// (one template per block kind of package engine/doc, the Battle Board SVG, the encounter layout, the print-only sealed section); each other
// .html file defines the "content" of one kind of page. The templates are
// html/template: everything a page shows is escaped for where it appears.
package templates

import "embed"

// FS holds the templates and style.css.
//
//go:embed *.html *.css
var FS embed.FS
