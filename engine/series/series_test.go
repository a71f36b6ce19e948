package series_test

import (
	"encoding/json"
	"io/fs"
	"strings"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/series"
	"github.com/sortie-wargames/sortie/engine/swordsorcery"
)

func system(t *testing.T) engine.System {
	t.Helper()
	sub, _ := fs.Sub(content.FS, "systems/"+swordsorcery.ID)
	set, err := rules.Load(sub, "content/systems/"+swordsorcery.ID)
	if err != nil {
		t.Fatal(err)
	}
	sys, err := swordsorcery.New(set)
	if err != nil {
		t.Fatal(err)
	}
	return sys
}

func month(t *testing.T, s string) series.Month {
	t.Helper()
	m, err := series.ParseMonth(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestMonth(t *testing.T) {
	m := month(t, "2026-11")
	if m.String() != "2026-11" || m.Title() != "November 2026" || m.Year() != 2026 || m.Mon() != time.November {
		t.Errorf("%v: %s, %s", int(m), m, m.Title())
	}
	if (m+2).String() != "2027-01" || (m-11).String() != "2025-12" {
		t.Errorf("arithmetic: %s, %s", m+2, m-11)
	}
	if got := series.MonthOf(time.Date(2026, 11, 30, 23, 30, 0, 0, time.FixedZone("x", -3600))); got.String() != "2026-12" {
		t.Errorf("MonthOf in UTC: %s", got)
	}
	if !m.Start().Equal(time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("start %v", m.Start())
	}
	for _, bad := range []string{"", "2026-13", "2026-00", "26-11", "2026/11", "0000-01", "2026-1x"} {
		if _, err := series.ParseMonth(bad); err == nil || !strings.Contains(err.Error(), "want YYYY-MM") {
			t.Errorf("ParseMonth(%q) = %v", bad, err)
		}
	}
	b, _ := json.Marshal(m)
	var back series.Month
	if err := json.Unmarshal(b, &back); err != nil || back != m || string(b) != `"2026-11"` {
		t.Errorf("JSON %s -> %v (%v)", b, back, err)
	}
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestBuild: one encounter a month from the start, types in turn, each
// rolled from the stream of its month; a month's encounter is the same
// whichever month the series is built up to, and the same as rolled alone.
func TestBuild(t *testing.T) {
	sys := system(t)
	types := []string{"explore", "raid", "defend"}
	start, upTo := month(t, "2026-06"), month(t, "2026-11")
	s, err := series.Build(sys, "monthly", types, start, upTo, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Months) != 6 || s.Band == nil || s.Start != "2026-06" {
		t.Fatalf("%d months, band %v, start %s", len(s.Months), s.Band != nil, s.Start)
	}
	for i, e := range s.Months {
		m := start + series.Month(i)
		if e.Month != m || e.Number != i+1 || e.Type != types[i%3] || e.Encounter.Stream != "month/"+m.String()+"/"+types[i%3] {
			t.Errorf("month %d: %s #%d %s from %s", i, e.Month, e.Number, e.Type, e.Encounter.Stream)
		}
	}
	shorter, err := series.Build(sys, "monthly", types, start, upTo-2, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range shorter.Months {
		if jsonOf(t, shorter.Months[i]) != jsonOf(t, s.Months[i]) {
			t.Errorf("month %s changed with the month built up to", s.Months[i].Month)
		}
	}
	one, err := series.One(sys, "monthly", types, start, upTo, s.Band, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if jsonOf(t, one) != jsonOf(t, s.Months[5]) {
		t.Error("a month rolled alone differs from the same month in the series")
	}
	other, _ := series.Build(sys, "another seed", types, start, upTo, engine.Options{})
	if jsonOf(t, other.Months) == jsonOf(t, s.Months) {
		t.Error("two seeds rolled the same series")
	}
	before, err := series.Build(sys, "monthly", types, start, start-1, engine.Options{})
	if err != nil || len(before.Months) != 0 {
		t.Errorf("a series built to the month before it starts: %v, %d months", err, len(before.Months))
	}
}

func TestErrors(t *testing.T) {
	sys := system(t)
	start := month(t, "2026-06")
	for _, c := range []struct {
		err  error
		want string
	}{
		{func() error { _, err := series.Build(sys, "s", nil, start, start, engine.Options{}); return err }(), "at least one encounter type"},
		{func() error {
			_, err := series.Build(sys, "s", []string{"explore"}, start, start+series.MaxMonths, engine.Options{})
			return err
		}(), "at most 600"},
		{func() error {
			_, err := series.One(sys, "s", []string{"explore"}, start, start-1, nil, engine.Options{})
			return err
		}(), "the series starts in June 2026"},
		{func() error {
			_, err := series.Build(sys, "s", []string{"siege"}, start, start, engine.Options{})
			return err
		}(), "failed to roll 2026-06 (siege)"},
	} {
		if c.err == nil || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("error %v, want %q", c.err, c.want)
		}
	}
}
