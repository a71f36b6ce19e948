package pwa

import _ "embed"

// The search page's files beside its page (search/index.html, drawn with
// the site's templates, the index in it): the script that searches the
// index as the player types, and its style. Both are small and kept at
// the first visit with every page, so the page searches with the network
// off; it reads no file, so it searches opened from the disk too.
const (
	SearchScript = "search/search.js"
	SearchStyle  = "search/search.css"
)

//go:embed search.js
var searchJS []byte

//go:embed search.css
var searchCSS []byte

// SearchFiles returns the search page's script and style.
func SearchFiles() []File {
	return []File{{SearchScript, searchJS}, {SearchStyle, searchCSS}}
}
