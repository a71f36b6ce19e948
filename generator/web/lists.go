package web

import (
	"cmp"
	"path"
	"slices"
	"strconv"
	"time"

	"github.com/sortie-wargames/sortie/engine/words"
	"github.com/sortie-wargames/sortie/generator/site"
)

// The pages that list packs and campaigns, the way Hugo lists a
// taxonomy's terms: the home page, newest first, a page of
// site.Paginate at a time (older ones at page/2/index.html and on); a
// page for each encounter type of a system and for each tag, each
// with its own feeds; and tags/index.html, every tag with its count.

// TagsPage is the page that lists every tag of the site.
const TagsPage = "tags/index.html"

// TagDir is the folder of a tag's page and feeds.
func TagDir(tag string) string { return path.Join("tags", tag) }

// TypeDir is the folder of the page and feeds of one encounter type of
// a system.
func TypeDir(system, typ string) string { return path.Join(SystemDir(system), "encounters", typ) }

// pageOf is the path of a list's n-th page: index.html in its folder,
// then page/N/index.html under it, as Hugo's pagination writes them.
func pageOf(dir string, n int) string {
	if n <= 1 {
		return path.Join(dir, "index.html")
	}
	return path.Join(dir, "page", strconv.Itoa(n), "index.html")
}

// Item is one pack or campaign in a list: exactly one of the two is set.
type Item struct {
	Pack     *Pack
	Campaign *Campaign
}

// Def is what the item's file says.
func (it Item) Def() *site.Page {
	if it.Pack != nil {
		return &it.Pack.Def.Page
	}
	return &it.Campaign.Def.Page
}

// System is the id of the item's rule system.
func (it Item) System() string {
	if it.Pack != nil {
		return it.Pack.Def.System
	}
	return it.Campaign.Def.System
}

// Href is the item's page, from the root.
func (it Item) Href() string {
	if it.Pack != nil {
		return path.Join(PackDir(it.Pack.Def.Slug), "index.html")
	}
	return path.Join(CampaignDir(it.Campaign.Def.Slug), "index.html")
}

// Types are the encounter types the item plays, each once, in the order
// they first come.
func (it Item) Types() []string {
	var ts []string
	if it.Pack != nil {
		for _, e := range it.Pack.Rolled.Entries {
			if !slices.Contains(ts, e.Type) {
				ts = append(ts, e.Type)
			}
		}
		return ts
	}
	for _, n := range it.Campaign.Rolled.Nodes {
		if n.Type != "" && !slices.Contains(ts, n.Type) {
			ts = append(ts, n.Type)
		}
	}
	return ts
}

// newest orders packs and campaigns for a list: the newest first by
// their date; the undated after them, campaigns then packs, each in the
// site's order (a day's items keep that order too).
func newest(packs []Pack, campaigns []Campaign) []Item {
	var items []Item
	for i := range campaigns {
		items = append(items, Item{Campaign: &campaigns[i]})
	}
	for i := range packs {
		items = append(items, Item{Pack: &packs[i]})
	}
	slices.SortStableFunc(items, func(a, b Item) int {
		da, db := a.Def().Date, b.Def().Date
		switch {
		case da.IsZero() && db.IsZero():
			return 0
		case da.IsZero():
			return 1
		case db.IsZero():
			return -1
		}
		return db.Compare(da)
	})
	return items
}

// List is a page listing packs and campaigns, newest first, with an Atom
// and a JSON feed in its folder (Dir/feed.xml, Dir/feed.json).
type List struct {
	Dir     string // its folder from the root: "tags/orcs"
	System  string // the system's id, for a system's or an encounter type's list; "" for a tag's
	Title   string
	Summary string
	Items   []Item
	drawn   bool // list.html draws its pages: not a system's, whose list is on the system's page
}

// HasFeeds says whether the list has feeds: whether some pack or
// campaign of it has a date, as the site's own feeds list only those. A
// list of none writes no feed, rather than an empty one dated 1 January
// 1970, and its page links none.
func (l List) HasFeeds() bool {
	return slices.ContainsFunc(l.Items, func(it Item) bool { return !it.Def().Date.IsZero() })
}

// Lists returns the lists that have pages and feeds of their own, in
// the order they are written: each system's (its page is the system's
// page), each encounter type's of a system that some pack or campaign
// plays, in the system's order, and each tag's, by name.
func (r *Renderer) Lists() []List {
	all := newest(r.in.Packs, r.in.Campaigns)
	var out []List
	for _, s := range r.in.Systems {
		id := s.Set.System.ID
		sys := List{Dir: SystemDir(id), System: id, Title: s.Set.System.Name, Summary: s.Set.System.Summary}
		for _, it := range all {
			if it.System() == id {
				sys.Items = append(sys.Items, it)
			}
		}
		out = append(out, sys)
		for _, e := range s.Set.Encounters {
			l := List{Dir: TypeDir(id, e.ID), System: id, drawn: true, Title: e.Title + " encounters: " + s.Set.System.Name,
				Summary: "Every pack and campaign of the site that plays " + s.Set.System.Name + "'s " + e.Title + " encounters, newest first."}
			for _, it := range sys.Items {
				if slices.Contains(it.Types(), e.ID) {
					l.Items = append(l.Items, it)
				}
			}
			if len(l.Items) > 0 {
				out = append(out, l)
			}
		}
	}
	for _, t := range tagsOf(all) {
		l := List{Dir: TagDir(t), drawn: true, Title: "Tagged " + t, Summary: "Every pack and campaign of the site tagged " + t + ", newest first."}
		for _, it := range all {
			if slices.Contains(it.Def().Tags, t) {
				l.Items = append(l.Items, it)
			}
		}
		out = append(out, l)
	}
	return out
}

// tagsOf returns every tag the items carry, sorted.
func tagsOf(items []Item) []string {
	var tags []string
	for _, it := range items {
		for _, t := range it.Def().Tags {
			if !slices.Contains(tags, t) {
				tags = append(tags, t)
			}
		}
	}
	slices.Sort(tags)
	return tags
}

// listedView is one pack or campaign as a list draws it.
type listedView struct {
	Kind    string // "Scenario pack" or "Campaign"
	Title   string
	Summary string
	Href    string // from the root
	Date    string // "23 November 2026", or ""
	Size    string // "9 encounters", "6 encounters · 32 entries"
	System  Link
	Tags    []Link
}

func (r *Renderer) listedView(it Item) listedView {
	d := it.Def()
	v := listedView{Title: d.Title, Summary: d.Summary, Href: it.Href(), Date: day(d.Date)}
	if it.Pack != nil {
		v.Kind = "Scenario pack"
		v.Size = words.Plural(len(it.Pack.Rolled.Entries), "encounter", "encounters")
	} else {
		v.Kind = "Campaign"
		v.Size = strconv.Itoa(it.Campaign.Rolled.Steps) + " encounters · " + words.Plural(len(it.Campaign.Rolled.Nodes), "entry", "entries")
	}
	if set := r.systemSet(it.System()); set != nil {
		v.System = Link{Label: set.System.Name, Href: path.Join(SystemDir(set.System.ID), "index.html")}
	}
	for _, t := range d.Tags {
		v.Tags = append(v.Tags, Link{Label: t, Href: path.Join(TagDir(t), "index.html")})
	}
	return v
}

// day is a date as a list prints it, or "" for none.
func day(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return strconv.Itoa(t.Day()) + " " + t.Month().String() + " " + strconv.Itoa(t.Year())
}

// pager links a list's page to the pages before and after it.
type pager struct {
	Number, Of int
	Prev, Next string // from the root, "" at either end
}

// listContent is what list.html draws: one page of a list.
type listContent struct {
	Items []listedView
	Pager pager
	Atom  string // the list's feeds, from the root; "" for none
	JSON  string
	Tags  string // the page of every tag, from the root, or ""
	Home  bool   // an older page of the home page
}

// perPage is how many items a page of a list holds.
func (r *Renderer) perPage() int {
	return cmp.Or(r.in.Site.Paginate, site.DefaultPaginate)
}

// listPages splits items into pages of perPage, the first at least one
// page even when empty.
func (r *Renderer) listPages(dir string, items []Item) []listContent {
	n := r.perPage()
	of := max(1, (len(items)+n-1)/n)
	var pages []listContent
	for i := range of {
		c := listContent{Pager: pager{Number: i + 1, Of: of}}
		for _, it := range items[i*n : min(len(items), (i+1)*n)] {
			c.Items = append(c.Items, r.listedView(it))
		}
		if i > 0 {
			c.Pager.Prev = pageOf(dir, i)
		}
		if i+1 < of {
			c.Pager.Next = pageOf(dir, i+2)
		}
		pages = append(pages, c)
	}
	return pages
}

// lists renders the home page's older pages, each type's and tag's pages
// and the page of every tag.
func (r *Renderer) lists(add func(string, []byte, error)) {
	draw := func(out, tmpl, title, summary string, content any) {
		data, err := r.page(tmpl, out, title, summary, nil, content)
		add(out, data, err)
	}
	all := newest(r.in.Packs, r.in.Campaigns)
	tags := tagsOf(all)
	tagsAt := ""
	if len(tags) > 0 {
		tagsAt = TagsPage
	}
	home := r.listPages("", all)
	for i, c := range home[1:] {
		out := pageOf("", i+2)
		c.Home, c.Tags = true, tagsAt
		title := r.in.Site.Home.Title + ": page " + strconv.Itoa(i+2) + " of " + strconv.Itoa(c.Pager.Of)
		draw(out, "list", title, "Older packs and campaigns, newest first.", c)
	}
	for _, l := range r.Lists() {
		if !l.drawn {
			continue
		}
		for i, c := range r.listPages(l.Dir, l.Items) {
			out := pageOf(l.Dir, i+1)
			c.Tags = tagsAt
			if l.HasFeeds() {
				c.Atom, c.JSON = path.Join(l.Dir, "feed.xml"), path.Join(l.Dir, "feed.json")
			}
			title := l.Title
			if c.Pager.Of > 1 {
				title += ": page " + strconv.Itoa(i+1) + " of " + strconv.Itoa(c.Pager.Of)
			}
			draw(out, "list", title, l.Summary, c)
		}
	}
	if len(tags) > 0 {
		var tc tagsContent
		for _, t := range tags {
			n := 0
			for _, it := range all {
				if slices.Contains(it.Def().Tags, t) {
					n++
				}
			}
			tc.Tags = append(tc.Tags, tagCount{Link: Link{Label: t, Href: path.Join(TagDir(t), "index.html")}, Count: n})
		}
		draw(TagsPage, "tags", "Tags", "Every tag of the site's packs and campaigns, with how many carry it.", tc)
	}
}

// tagsContent is what tags.html draws: every tag and its count.
type tagsContent struct{ Tags []tagCount }

type tagCount struct {
	Link
	Count int
}

// browseLinks are the lists a pack's or campaign's page links: its
// system's page, its encounter types' and its tags'.
type browseLinks struct {
	System Link
	Types  []Link
	Tags   []Link
}

func (r *Renderer) browseLinks(it Item) browseLinks {
	v := r.listedView(it)
	b := browseLinks{System: v.System, Tags: v.Tags}
	set := r.systemSet(it.System())
	for _, t := range it.Types() {
		label := t
		if set != nil {
			if e := set.Encounter(t); e != nil {
				label = e.Title
			}
		}
		b.Types = append(b.Types, Link{Label: label, Href: path.Join(TypeDir(it.System(), t), "index.html")})
	}
	return b
}

// itemList is a page of a list with the page it is drawn on, for the
// "items" and "pager" partials.
type itemList struct {
	Layout layout
	Items  []listedView
	Pager  pager
}

// browseView is a page's browseLinks with the page, for "browse".
type browseView struct {
	Layout layout
	Browse browseLinks
}
