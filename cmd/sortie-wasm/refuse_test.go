package main

import (
	"strings"
	"testing"
)

// TestRollRefusesEmptySeed: an address with an empty seed= ("?system=
// swordplay&seed=") is refused as the CLI refuses an empty --seed, saying
// how to get a random one, for the encounter and for its play sheet.
func TestRollRefusesEmptySeed(t *testing.T) {
	r, err := newRoller("test", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`{"system":"swordplay","type":"patrol","seed":"","root":"../"}`,
		`{"system":"swordplay","type":"patrol","seed":"","root":"../","paper":"a4"}`,
	} {
		a := r.roll([]byte(q))
		if strings.Contains(q, "paper") {
			a = r.sheet([]byte(q))
		}
		if !strings.Contains(a.Error, "seed is empty: type one, or press New seed") {
			t.Errorf("%s: error %q, want the seed refused as empty", q, a.Error)
		}
	}
	if a := r.roll([]byte(`{"system":"swordplay","type":"patrol","seed":"x","root":"../"}`)); a.Error != "" {
		t.Errorf("seed x: %s", a.Error)
	}
}

// TestRollMonthNotOutYet: the Roll page rolls a series' months up to the
// month the site was built for, as the series' pages show them; a later
// month is refused, saying so, and a site's month itself rolls.
func TestRollMonthNotOutYet(t *testing.T) {
	r, err := newRoller("test", nil)
	if err != nil {
		t.Fatal(err)
	}
	s := `"series":{"slug":"m","title":"Fight of the Month","system":"2d6-sword-and-sorcery","seed":"s","types":["explore","raid"],"start":"2026-09","latest":"2026-12"}`
	if a := r.roll([]byte(`{` + s + `,"month":"2026-12","root":"../"}`)); a.Error != "" {
		t.Errorf("the site's own month: %s", a.Error)
	}
	a := r.roll([]byte(`{` + s + `,"month":"2027-01","root":"../"}`))
	if !strings.Contains(a.Error, "January 2027 is not out yet: this site's Fight of the Month runs to December 2026") {
		t.Errorf("a month after the site's: error %q, want it not out yet", a.Error)
	}
}
