package web

import (
	"path"

	"github.com/sortie-wargames/sortie/generator/site"
)

// EncounterPage is the page of a pack's encounter, relative to the site
// root: booklets print its address as a QR code.
func EncounterPage(slug string, n int) string { return encounterPage(slug, n) }

// EntryPage is the page of a campaign's gamebook entry, relative to the
// site root (campaigns/SLUG/entry-14.html): booklets print its address as
// a QR code.
func EntryPage(slug string, n int) string { return path.Join(CampaignDir(slug), entryFile(n)) }

// QRSPage is the page of a system's Quick Reference Sheets.
func QRSPage(id string) string { return path.Join(SystemDir(id), "qrs.html") }

// ContentPage is the page Sortie makes of a content file of kind
// (site.KindPage, KindPack, KindCampaign or KindSeries) and slug.
func ContentPage(kind, slug string) string {
	switch kind {
	case site.KindPack:
		return path.Join(PackDir(slug), "index.html")
	case site.KindCampaign:
		return path.Join(CampaignDir(slug), "index.html")
	case site.KindSeries:
		return path.Join(SeriesDir(slug), "index.html")
	}
	return path.Join("pages", slug+".html")
}
