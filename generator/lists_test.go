package generator

import (
	"strings"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/engine/systems"
)

// listed is a site of five packs and a campaign, some dated, some
// tagged, two to a page of a list.
const listed = `
-- sortie.conf --
title: Club
paper: none
paginate: 2
-- content/packs/a.md --
---
title: Pack A
system: 2d6-sword-and-sorcery
seed: a
encounters: explore
date: 2026-11-01
tags: orcs
---
-- content/packs/b.md --
---
title: Pack B
system: 2d6-sword-and-sorcery
seed: b
encounters: raid
date: 2026-11-03
tags: [orcs, night]
---
-- content/packs/c.md --
---
title: Pack C
system: 2d6-sword-and-sorcery
seed: c
encounters: explore
weight: 1
tags:
  - orcs
---
-- content/packs/d.md --
---
title: Pack D
system: 2d6-sword-and-sorcery
seed: d
encounters: defend
date: 2026-11-02
---
-- content/packs/e.md --
---
title: Pack E
system: 2d6-sword-and-sorcery
seed: e
encounters: explore
weight: 2
---
-- content/campaigns/k.md --
---
title: Campaign K
system: 2d6-sword-and-sorcery
seed: k
steps: 2
date: 2026-11-04
tags: night
---
`

// TestLists: the home page lists packs and campaigns newest first, the
// undated after in the site's order, a page of paginate: at a time with
// newer and older links; each tag and encounter type has its pages and
// feeds; tags/index.html counts every tag; a pack's page links its
// system, types and tags; every link resolves on disk, and the service
// worker keeps the new pages.
func TestLists(t *testing.T) {
	files := render(t, Options{Systems: systems.Builtin(), Source: writeSite(t, listed), Created: time.Unix(0, 0)})
	checkHTML(t, files, false)
	// in says which of the titles a page lists, in order.
	in := func(p string, titles ...string) {
		t.Helper()
		page, ok := files[p]
		if !ok {
			t.Errorf("no %s", p)
			return
		}
		at := 0
		for _, x := range []string{"Campaign K", "Pack A", "Pack B", "Pack C", "Pack D", "Pack E"} {
			i := strings.Index(string(page), ">"+x+"</a>")
			if want := strings.Contains(" "+strings.Join(titles, " ")+" ", " "+x+" "); (i >= 0) != want {
				t.Errorf("%s lists %s: %v, want %v", p, x, i >= 0, want)
			}
		}
		for _, x := range titles {
			i := strings.Index(string(page), ">"+x+"</a>")
			if i < at {
				t.Errorf("%s: %s out of order (want %q)", p, x, titles)
			}
			at = i
		}
	}
	has := func(p string, want ...string) {
		t.Helper()
		for _, w := range want {
			if !strings.Contains(string(files[p]), w) {
				t.Errorf("%s lacks %s", p, w)
			}
		}
	}
	lacks := func(p, w string) {
		t.Helper()
		if strings.Contains(string(files[p]), w) {
			t.Errorf("%s has %s", p, w)
		}
	}
	in("index.html", "Campaign K", "Pack B")
	has("index.html", `<a rel="next" href="page/2/index.html">`, "Page 1 of 3", `href="tags/index.html"`)
	lacks("index.html", `rel="prev"`)
	in("page/2/index.html", "Pack D", "Pack A")
	has("page/2/index.html", `<a rel="prev" href="../../index.html">`, `<a rel="next" href="../../page/3/index.html">`, "Page 2 of 3")
	in("page/3/index.html", "Pack C", "Pack E")
	has("page/3/index.html", `<a rel="prev" href="../../page/2/index.html">`)
	lacks("page/3/index.html", `rel="next"`)
	if _, ok := files["page/4/index.html"]; ok {
		t.Error("a fourth page of three")
	}

	in("tags/orcs/index.html", "Pack B", "Pack A")
	in("tags/orcs/page/2/index.html", "Pack C")
	in("tags/night/index.html", "Campaign K", "Pack B")
	has("tags/orcs/index.html", `href="../../tags/orcs/feed.xml"`, `href="../../tags/orcs/feed.json"`)
	has("tags/index.html", `href="../tags/night/index.html">night</a> <span class="meta">2 packs and campaigns</span>`,
		`href="../tags/orcs/index.html">orcs</a> <span class="meta">3 packs and campaigns</span>`)
	// The feed lists the dated packs, linked from the feed's folder.
	has("tags/orcs/feed.xml", `href="../../packs/b/index.html"`, `href="../../packs/a/index.html"`, `<title type="text">Club: Tagged orcs</title>`)
	lacks("tags/orcs/feed.xml", "packs/c/")
	has("tags/night/feed.json", `"url": "../../campaigns/k/index.html"`)

	raid := "systems/2d6-sword-and-sorcery/encounters/raid/index.html"
	in(raid, append(campaignIf(files, raid), "Pack B")...)
	has(raid, `href="../../../../systems/2d6-sword-and-sorcery/encounters/raid/feed.xml"`)
	has("systems/2d6-sword-and-sorcery/index.html", `<a href="../../systems/2d6-sword-and-sorcery/encounters/raid/index.html">Raid</a>`,
		`href="../../systems/2d6-sword-and-sorcery/feed.xml"`)
	if _, ok := files["systems/2d6-sword-and-sorcery/feed.xml"]; !ok {
		t.Error("the system has no feed")
	}
	if _, ok := files["systems/swordplay/encounters/patrol/index.html"]; ok {
		t.Error("a page for an encounter type no pack plays")
	}
	has("packs/b/index.html", `href="../../systems/2d6-sword-and-sorcery/index.html">2d6 Sword &amp; Sorcery</a>`,
		`href="../../systems/2d6-sword-and-sorcery/encounters/raid/index.html">Raid</a>`,
		`href="../../tags/orcs/index.html">orcs</a>`, `href="../../tags/night/index.html">night</a>`)
	has("campaigns/k/index.html", `href="../../tags/night/index.html">night</a>`)
	has("sw.js", `"tags/orcs/page/2/index.html"`, `"page/3/index.html"`, `"systems/2d6-sword-and-sorcery/encounters/raid/index.html"`)
	golden(t, "golden-tag.html", files["tags/orcs/index.html"])
}

// campaignIf lists Campaign K when the page lists it: whether a
// two-step campaign reaches a raid is the seed's to say.
func campaignIf(files map[string][]byte, p string) []string {
	if strings.Contains(string(files[p]), ">Campaign K</a>") {
		return []string{"Campaign K"}
	}
	return nil
}
