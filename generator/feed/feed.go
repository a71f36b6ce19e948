// Package feed writes what feed readers and search engines read of a
// site: an Atom feed (RFC 4287), a JSON Feed (version 1.1) and a sitemap
// (sitemaps.org 0.9). It formats what it is given and reads no clock:
// every date comes in with its item.
package feed

import (
	"crypto/sha1"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"net/url"
	"path"
	"strings"
	"time"
)

// Site is what a feed says of the site.
type Site struct {
	Title   string
	Tagline string
	BaseURL string // "https://example.org/x/", or "" for links relative to the site's root
	Version string // Sortie's version, for the generator element
	// Dir is the folder of a list's feeds and page from the root
	// ("tags/orcs": tags/orcs/feed.xml, tags/orcs/index.html), or "" for
	// the site's own feeds beside its home page.
	Dir string
}

// Item is one entry of a feed.
type Item struct {
	ID      string // stable and unique: see ID
	Title   string
	Href    string // the page, relative to the site's root
	Date    time.Time
	Summary string
}

// ID returns a stable id for name: a name-based UUID (version 5, SHA-1)
// in a namespace of Sortie's own, as a URN. The same name gives the same
// id on every machine, so a feed reader never sees an item twice.
func ID(name string) string {
	ns := [16]byte{0x6b, 0xa7, 0xb8, 0x12, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8} // the URL namespace of RFC 9562
	h := sha1.New()
	h.Write(ns[:])
	h.Write([]byte("https://sortie.invalid/" + name))
	sum := h.Sum(nil)
	sum[6] = sum[6]&0x0f | 0x50
	sum[8] = sum[8]&0x3f | 0x80
	return fmt.Sprintf("urn:uuid:%x-%x-%x-%x-%x", sum[0:4], sum[4:6], sum[6:8], sum[8:10], sum[10:16])
}

// link returns the address of a root-relative path: absolute under the
// base URL when there is one.
func (s Site) link(p string) string {
	if s.BaseURL == "" {
		// Relative to the feed itself, which a reader resolves it against.
		if s.Dir != "" {
			return strings.Repeat("../", strings.Count(s.Dir, "/")+1) + p
		}
		return p
	}
	base, err := url.Parse(s.BaseURL)
	if err != nil {
		return p
	}
	ref, err := url.Parse(p)
	if err != nil {
		return p
	}
	return base.ResolveReference(ref).String()
}

// dirID is what a list's folder adds to its feed's id: nothing for the
// site's own feed, whose id stays what it was.
func (s Site) dirID() string {
	if s.Dir == "" {
		return ""
	}
	return "/" + s.Dir
}

// updated is the newest item's date, or the zero time's stand-in.
func updated(items []Item) time.Time {
	var t time.Time
	for _, it := range items {
		if it.Date.After(t) {
			t = it.Date
		}
	}
	if t.IsZero() {
		return time.Unix(0, 0).UTC()
	}
	return t.UTC()
}

func rfc3339(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// Atom returns the Atom feed of items, in the order given.
func Atom(s Site, items []Item) ([]byte, error) {
	type link struct {
		Rel  string `xml:"rel,attr"`
		Type string `xml:"type,attr,omitempty"`
		Href string `xml:"href,attr"`
	}
	type text struct {
		Type string `xml:"type,attr"`
		Text string `xml:",chardata"`
	}
	type entry struct {
		ID        string `xml:"id"`
		Title     text   `xml:"title"`
		Updated   string `xml:"updated"`
		Published string `xml:"published"`
		Link      link   `xml:"link"`
		Summary   *text  `xml:"summary,omitempty"`
	}
	type generator struct {
		Version string `xml:"version,attr,omitempty"`
		Name    string `xml:",chardata"`
	}
	type author struct {
		Name string `xml:"name"`
	}
	type feed struct {
		XMLName   xml.Name  `xml:"http://www.w3.org/2005/Atom feed"`
		ID        string    `xml:"id"`
		Title     text      `xml:"title"`
		Subtitle  *text     `xml:"subtitle,omitempty"`
		Updated   string    `xml:"updated"`
		Author    author    `xml:"author"`
		Links     []link    `xml:"link"`
		Generator generator `xml:"generator"`
		Entries   []entry   `xml:"entry"`
	}
	f := feed{
		ID: ID("feed/" + s.BaseURL + "/" + s.Title + s.dirID()), Title: text{"text", s.Title}, Updated: rfc3339(updated(items)),
		Author: author{s.Title},
		Links: []link{
			{Rel: "alternate", Type: "text/html", Href: s.link(path.Join(s.Dir, "index.html"))},
			{Rel: "self", Type: "application/atom+xml", Href: s.link(path.Join(s.Dir, "feed.xml"))},
		},
		Generator: generator{Version: s.Version, Name: "Sortie"},
	}
	if s.Tagline != "" {
		f.Subtitle = &text{"text", s.Tagline}
	}
	for _, it := range items {
		e := entry{ID: it.ID, Title: text{"text", it.Title}, Updated: rfc3339(it.Date), Published: rfc3339(it.Date),
			Link: link{Rel: "alternate", Type: "text/html", Href: s.link(it.Href)}}
		if it.Summary != "" {
			e.Summary = &text{"text", it.Summary}
		}
		f.Entries = append(f.Entries, e)
	}
	b, err := xml.MarshalIndent(f, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("failed to write the Atom feed: %w", err)
	}
	return append([]byte(xml.Header), append(b, '\n')...), nil
}

// JSONFeedVersion is the JSON Feed version written.
const JSONFeedVersion = "https://jsonfeed.org/version/1.1"

// JSON returns the JSON Feed of items, in the order given.
func JSON(s Site, items []Item) ([]byte, error) {
	type author struct {
		Name string `json:"name"`
	}
	type item struct {
		ID            string `json:"id"`
		URL           string `json:"url"`
		Title         string `json:"title"`
		ContentText   string `json:"content_text"`
		Summary       string `json:"summary,omitempty"`
		DatePublished string `json:"date_published"`
	}
	type feed struct {
		Version     string   `json:"version"`
		Title       string   `json:"title"`
		HomePageURL string   `json:"home_page_url,omitempty"`
		FeedURL     string   `json:"feed_url,omitempty"`
		Description string   `json:"description,omitempty"`
		Authors     []author `json:"authors"`
		Language    string   `json:"language"`
		Items       []item   `json:"items"`
	}
	f := feed{Version: JSONFeedVersion, Title: s.Title, Description: s.Tagline, Authors: []author{{s.Title}}, Language: "en", Items: []item{}}
	if s.BaseURL != "" {
		f.HomePageURL, f.FeedURL = s.link(path.Join(s.Dir, "index.html")), s.link(path.Join(s.Dir, "feed.json"))
	}
	for _, it := range items {
		content := it.Title
		if it.Summary != "" {
			content += ": " + it.Summary
		}
		f.Items = append(f.Items, item{ID: it.ID, URL: s.link(it.Href), Title: it.Title, ContentText: content, Summary: it.Summary, DatePublished: rfc3339(it.Date)})
	}
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("failed to write the JSON feed: %w", err)
	}
	return append(b, '\n'), nil
}

// Sitemap returns the sitemap of pages (paths relative to the site's
// root) under baseURL, which must be set: a sitemap holds absolute
// addresses only.
func Sitemap(baseURL string, pages []string) ([]byte, error) {
	if baseURL == "" {
		return nil, fmt.Errorf("failed to write the sitemap: the site has no baseurl")
	}
	s := Site{BaseURL: baseURL}
	type u struct {
		Loc string `xml:"loc"`
	}
	type urlset struct {
		XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
		URLs    []u      `xml:"url"`
	}
	var set urlset
	for _, p := range pages {
		set.URLs = append(set.URLs, u{s.link(p)})
	}
	b, err := xml.MarshalIndent(set, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("failed to write the sitemap: %w", err)
	}
	return append([]byte(xml.Header), append(b, '\n')...), nil
}
