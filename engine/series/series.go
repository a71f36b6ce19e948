// Package series builds a monthly series: one pre-rolled encounter for
// every calendar month from a start month, each rolled from the series'
// seed and its month only, so that everyone who builds the same series
// gets the same encounter for the same month, whatever else their site
// holds. The package never reads the clock: the month to build up to is
// handed in.
package series

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/dice"
)

// Month is a calendar month, counted as 12*year + month - 1.
type Month int

// ParseMonth reads "YYYY-MM" (years 1 to 9999).
func ParseMonth(s string) (Month, error) {
	// Digits only: strconv.Atoi would take a sign ("+026-11", "2026-+1").
	if len(s) != 7 || s[4] != '-' || strings.Trim(s[:4]+s[5:], "0123456789") != "" {
		return 0, fmt.Errorf("month %q: want YYYY-MM, such as 2026-11", s)
	}
	y, err1 := strconv.Atoi(s[:4])
	m, err2 := strconv.Atoi(s[5:])
	if err1 != nil || err2 != nil || y < 1 || m < 1 || m > 12 {
		return 0, fmt.Errorf("month %q: want YYYY-MM, such as 2026-11", s)
	}
	return Month(12*y + m - 1), nil
}

// MonthOf returns the month t falls in, in UTC.
func MonthOf(t time.Time) Month {
	t = t.UTC()
	return Month(12*t.Year() + int(t.Month()) - 1)
}

// MarshalText writes the month as "2026-11".
func (m Month) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText reads "2026-11".
func (m *Month) UnmarshalText(b []byte) error {
	v, err := ParseMonth(string(b))
	*m = v
	return err
}

// Year returns the month's year.
func (m Month) Year() int { return int(m) / 12 }

// Mon returns the month of the year.
func (m Month) Mon() time.Month { return time.Month(int(m)%12 + 1) }

// String returns "2026-11".
func (m Month) String() string { return fmt.Sprintf("%04d-%02d", m.Year(), int(m.Mon())) }

// Title returns "November 2026".
func (m Month) Title() string { return fmt.Sprintf("%s %d", m.Mon(), m.Year()) }

// Start returns the first instant of the month, in UTC: the date feeds
// give its encounter.
func (m Month) Start() time.Time { return time.Date(m.Year(), m.Mon(), 1, 0, 0, 0, 0, time.UTC) }

// MaxMonths bounds how many months one build rolls: fifty years.
const MaxMonths = 600

// Series is a monthly series as rolled up to a month.
type Series struct {
	System string        `json:"system"`
	Seed   string        `json:"seed"`
	Start  string        `json:"start"`          // "2026-06"
	Band   *engine.Force `json:"band,omitempty"` // nil for a system that does not recruit
	Months []*Entry      `json:"months"`         // from the start month on, oldest first
}

// Entry is one month's encounter.
type Entry struct {
	Month     Month             `json:"month"`
	Number    int               `json:"number"` // 1 for the start month
	Type      string            `json:"type"`
	Encounter *engine.Encounter `json:"encounter"`
}

// TypeOf returns the encounter type of month m: the types in turn from
// the start month.
func TypeOf(types []string, start, m Month) string {
	return types[int(m-start)%len(types)]
}

// Build rolls the series for sys from seed, one encounter a month from
// start to upTo inclusive (none when upTo is before start). The band is
// rolled once, from the stream "band"; month M's encounter of type T
// from "month/M/T", so a month's encounter depends on the seed, the month
// and its type only.
func Build(sys engine.System, seed string, types []string, start, upTo Month, opt engine.Options) (*Series, error) {
	if len(types) == 0 {
		return nil, fmt.Errorf("a series needs at least one encounter type")
	}
	if n := int(upTo-start) + 1; n > MaxMonths {
		return nil, fmt.Errorf("series from %s to %s is %d months: at most %d", start, upTo, n, MaxMonths)
	}
	if _, ok := sys.(engine.Encounterer); !ok {
		return nil, fmt.Errorf("system %s has no encounter procedures", sys.Rules().System.ID)
	}
	s := &Series{System: sys.Rules().System.ID, Seed: seed, Start: start.String()}
	band, err := Band(sys, seed, opt)
	if err != nil {
		return nil, err
	}
	s.Band = band
	for m := start; m <= upTo; m++ {
		e, err := One(sys, seed, types, start, m, band, opt)
		if err != nil {
			return nil, err
		}
		s.Months = append(s.Months, e)
	}
	return s, nil
}

// Band rolls the series' band, or returns nil for a system that recruits
// none.
func Band(sys engine.System, seed string, opt engine.Options) (*engine.Force, error) {
	rec, ok := sys.(engine.Recruiter)
	if !ok {
		return nil, nil
	}
	band, err := rec.Band(dice.New(seed).Stream("band"), opt)
	if err != nil {
		return nil, fmt.Errorf("failed to recruit the band: %w", err)
	}
	return band, nil
}

// One rolls month m of the series alone, as Build rolls it.
func One(sys engine.System, seed string, types []string, start, m Month, band *engine.Force, opt engine.Options) (*Entry, error) {
	if m < start {
		return nil, fmt.Errorf("the series starts in %s: nothing is rolled for %s", start.Title(), m.Title())
	}
	enc, ok := sys.(engine.Encounterer)
	if !ok {
		return nil, fmt.Errorf("system %s has no encounter procedures", sys.Rules().System.ID)
	}
	typ := TypeOf(types, start, m)
	e, err := enc.Encounter(dice.New(seed).Stream("month", m.String(), typ), engine.Request{Type: typ, Band: band, Options: opt})
	if err != nil {
		return nil, fmt.Errorf("failed to roll %s (%s): %w", m, typ, err)
	}
	return &Entry{Month: m, Number: int(m-start) + 1, Type: typ, Encounter: e}, nil
}
