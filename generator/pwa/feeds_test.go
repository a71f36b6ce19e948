package pwa

import "testing"

// TestFeedsKeptOnceOpened: a list's feeds in its folder are kept once
// opened, as the site's own are, not at the first visit; its page is
// kept at the first visit.
func TestFeedsKeptOnceOpened(t *testing.T) {
	for p, want := range map[string]bool{
		"feed.xml": false, "tags/orcs/feed.xml": false, "tags/orcs/feed.json": false,
		"systems/swordplay/encounters/patrol/feed.xml": false,
		"tags/orcs/index.html":                         true, "page/2/index.html": true,
	} {
		if got := Precached(p, 1000); got != want {
			t.Errorf("Precached(%s) = %v, want %v", p, got, want)
		}
	}
}
