// Package templates holds Sortie's HTML templates and stylesheet, embedded
// in the binary so a fresh install builds a site with nothing else on disk.
//
// layout.html is the page frame; partials.html holds the pieces pages share
// (one template per block kind of package engine/doc, the Battle Board SVG, the encounter layout, the print-only sealed section); each other
// .html file defines the "content" of one kind of page (404.html is the
// page a static host serves for a missing address). The templates are
// html/template: everything a page shows is escaped for where it appears.
// favicon.svg is the site's icon unless a site brings its own.
//
// A site's layouts/ folder may hold any of the .html files and style.css
// under the same name: each replaces the embedded file (package web).
package templates

import "embed"

// FS holds the templates, style.css and favicon.svg.
//
//go:embed *.html *.css *.svg
var FS embed.FS
