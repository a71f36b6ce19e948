package site

import (
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/series"
)

// Series is a monthly series (content/series/*.md): one encounter a month
// from Start, the types taken in turn, each rolled from the seed and its
// month only.
type Series struct {
	Page
	System  string
	Seed    string
	Types   []string
	Start   series.Month
	Options engine.Options
}

func (s *Series) page() *Page { return &s.Page }

// seriesKeys are the keys of a series' front matter.
var seriesKeys = append(append(append([]string{}, pageKeys...), "system", "seed", "encounters", "start"), optionKeys...)

func newSeries(p *Page, systems *engine.Registry) (*Series, error) {
	sys, seed, opt, err := common(p, systems)
	if err != nil {
		return nil, err
	}
	if _, ok := sys.(engine.Encounterer); sys != nil && !ok {
		return nil, p.Fields.Errorf("system", "system %s has data only: Sortie has no procedures to roll its encounters, so it has no monthly series", sys.Rules().System.ID)
	}
	f := p.Fields
	spec, err := f.Required("encounters")
	if err != nil {
		return nil, err
	}
	s := &Series{Page: *p, System: f.String("system"), Seed: seed, Options: opt}
	for _, it := range strings.Split(spec, ",") {
		typ := strings.TrimSpace(it)
		if typ == "" || strings.ContainsAny(typ, " \t") {
			return nil, f.Errorf("encounters", "%q: want encounter types taken in turn, one a month, such as \"explore, raid, defend\"", typ)
		}
		if sys != nil && sys.Rules().Encounter(typ) == nil {
			return nil, f.Errorf("encounters", "unknown encounter type %q (known: %s)", typ, strings.Join(sys.Rules().EncounterIDs(), ", "))
		}
		s.Types = append(s.Types, typ)
	}
	start, err := f.Required("start")
	if err != nil {
		return nil, err
	}
	if s.Start, err = series.ParseMonth(start); err != nil {
		return nil, f.Errorf("start", "%v: the first month of the series", err)
	}
	return s, nil
}

// ParseBaseURL reads a base URL as sortie.conf's baseurl is read (for
// the CLI's --baseurl): an absolute http or https URL, given a final
// slash.
func ParseBaseURL(v string) (string, error) { return parseBaseURL(v) }

// parseBaseURL reads a site's base URL: an absolute http or https URL,
// given a final slash so pages resolve under it.
func parseBaseURL(v string) (string, error) {
	if v == "" {
		return "", nil
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || u.User != nil {
		return "", &baseURLError{v}
	}
	if !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
	}
	return u.String(), nil
}

type baseURLError struct{ v string }

func (e *baseURLError) Error() string {
	return "baseurl " + `"` + e.v + `"` + ": want the address the site is published at, such as https://example.org/sortie/"
}

// dateOf reads the "date" key, a day as YYYY-MM-DD, or the zero time
// when it is not given.
func dateOf(f *Fields) (time.Time, error) {
	if !f.Has("date") {
		return time.Time{}, nil
	}
	v := f.String("date")
	d, err := time.Parse(time.DateOnly, v)
	if err != nil {
		if why := noSuchDay(v); why != "" {
			return time.Time{}, f.Errorf("date", "date %q: %s", v, why)
		}
		return time.Time{}, f.Errorf("date", "date %q: want the day it was added, YYYY-MM-DD, such as 2026-11-23", v)
	}
	return d, nil
}

// dayPattern is a date written as YYYY-MM-DD, whether or not the day is
// on the calendar.
var dayPattern = regexp.MustCompile(`^(\d{4})-(\d{2})-(\d{2})$`)

// noSuchDay says why a date in the right form is not on the calendar
// ("2026 has no 30 February"), or "" when it is not in that form.
func noSuchDay(v string) string {
	m := dayPattern.FindStringSubmatch(v)
	if m == nil {
		return ""
	}
	y, _ := strconv.Atoi(m[1])
	mo, _ := strconv.Atoi(m[2])
	day, _ := strconv.Atoi(m[3])
	if mo < 1 || mo > 12 {
		return fmt.Sprintf("there is no month %d: the month is 01 to 12", mo)
	}
	last := time.Date(y, time.Month(mo)+1, 0, 0, 0, 0, 0, time.UTC).Day()
	if day < 1 || day > last {
		return fmt.Sprintf("there is no %d %s in %d: that month has %d days", day, time.Month(mo), y, last)
	}
	return ""
}

// HasFeeds says whether the site has anything for its feeds: a monthly
// series that has started by the month the build rolls up to (any series
// when the month is not known), or a pack or campaign with a date. A
// site without writes no feed, and its pages link none.
func (s *Site) HasFeeds() bool {
	for _, r := range s.Series {
		if s.month == 0 || r.Start <= s.month {
			return true
		}
	}
	for _, p := range s.Packs {
		if !p.Date.IsZero() {
			return true
		}
	}
	for _, c := range s.Campaigns {
		if !c.Date.IsZero() {
			return true
		}
	}
	return false
}
