package web

import "path"

// PlaySheet is one encounter's play sheet: a PDF per paper size, each
// Pages long (1, or 2 when the encounter has sealed items).
type PlaySheet struct {
	Pages int
	PDFs  []Link // labelled by paper: "A4", "US Letter"
}

// SheetDir is the folder of the play sheets of the page in dir: a
// folder of their own, so no slug can give a sheet a booklet's name.
func SheetDir(dir string) string { return path.Join(dir, "sheets") }

// sheetLinks is a play sheet with the page it is linked from.
type sheetLinks struct {
	Layout layout
	PlaySheet
}

// sheetPaths returns the path of every play sheet the site links.
func (r *Renderer) sheetPaths() []string {
	var out []string
	add := func(s PlaySheet) {
		for _, l := range s.PDFs {
			out = append(out, l.Href)
		}
	}
	for _, p := range r.in.Packs {
		for _, s := range p.Sheets {
			add(s)
		}
	}
	for _, c := range r.in.Campaigns {
		for _, s := range c.Sheets {
			add(s)
		}
	}
	for _, sr := range r.in.Series {
		for _, s := range sr.Sheets {
			add(s)
		}
	}
	return out
}
