package generator

import (
	"fmt"
	"path"
	"strings"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/engine/systems"
)

// pageBudget is the most bytes any page of a campaign may hold, however
// long the campaign. A campaign of 100 encounters (the most a campaign
// may have) was one page of 10 MB and 167,018 elements, whose first paint
// took seconds on a phone; split into a page per entry, its largest page
// is the campaign's own, the chart of its 297 entries and their list,
// about 270 KB, and an entry's page is under 70 KB. The budget leaves
// room for a longer title or a wordier system, and is still 3% of the one
// page it was: "Long campaigns" in git show 50d8b1d:docs/performance.md.
const pageBudget = 300_000

// TestLongCampaignPages builds a campaign of 100 encounters on a site
// without booklets (paper: none) and checks that every page of it is
// within pageBudget, that it has a page per entry, and that every link
// of every page resolves, to a page and to an id on it.
func TestLongCampaignPages(t *testing.T) {
	dir := writeSite(t, `
-- sortie.conf --
title: Long Roads
paper: none
-- content/index.md --
---
title: Welcome
---
The [longest road](campaigns/hundred/index.html), or an old link to
[its entry 40](campaigns/hundred/index.html#entry-40).
-- content/campaigns/hundred.md --
---
title: A Hundred Fights
system: 2d6-sword-and-sorcery
seed: hundred-1
steps: 100
---
A hundred encounters.
`)
	files := render(t, Options{Systems: systems.Builtin(), Source: dir, Created: time.Unix(0, 0)})
	checkHTML(t, files, false)
	largest, entries := "", 0
	for p, data := range files {
		if !strings.HasPrefix(p, "campaigns/hundred/") || path.Ext(p) != ".html" {
			continue
		}
		if strings.HasPrefix(path.Base(p), "entry-") {
			entries++
		}
		if largest == "" || len(data) > len(files[largest]) {
			largest = p
		}
	}
	if entries < 100 {
		t.Errorf("%d entry pages, want one per entry (at least one per encounter)", entries)
	}
	for n := 1; n <= entries; n++ {
		if files[fmt.Sprintf("campaigns/hundred/entry-%d.html", n)] == nil {
			t.Errorf("no page of entry %d", n)
		}
	}
	if size := len(files[largest]); size > pageBudget {
		t.Errorf("%s is %d bytes, over the budget of %d", largest, size, pageBudget)
	}
	t.Logf("%d entry pages; the largest page, %s, is %d bytes", entries, largest, len(files[largest]))
}
