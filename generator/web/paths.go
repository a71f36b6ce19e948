package web

import "path"

// EncounterPage is the page of a pack's encounter, relative to the site
// root: booklets print its address as a QR code.
func EncounterPage(slug string, n int) string { return encounterPage(slug, n) }

// EntryAnchor is the fragment naming a campaign entry on its campaign's
// page ("entry-14").
func EntryAnchor(n int) string { return entryID(n) }

// QRSPage is the page of a system's Quick Reference Sheets.
func QRSPage(id string) string { return path.Join(SystemDir(id), "qrs.html") }
