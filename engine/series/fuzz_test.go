package series

import (
	"strings"
	"testing"
)

// FuzzParseMonth: any input is refused with an error that quotes it, or
// read as a month of years 1 to 9999 whose String() is the input itself
// (no other spelling of a month is taken).
func FuzzParseMonth(f *testing.F) {
	for _, s := range []string{
		"2026-11", "0001-01", "9999-12", "0000-12", "2026-00", "2026-13", "2026-1", "26-11",
		"2026/11", "+026-11", "-026-11", "2026-+1", "2026-1 ", " 2026-11", "２０２６-11", "2026-11\x00",
		"2026\u201311", "", "\ufeff2026-11",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMonth(s)
		if err != nil {
			if m != 0 {
				t.Errorf("ParseMonth(%q) = %v with error %v", s, m, err)
			}
			if !strings.Contains(err.Error(), "want YYYY-MM") {
				t.Errorf("ParseMonth(%q) error %q does not say what it wants", s, err)
			}
			return
		}
		if m.String() != s {
			t.Errorf("ParseMonth(%q) = %s: another spelling of a month was taken", s, m)
		}
		if y := m.Year(); y < 1 || y > 9999 {
			t.Errorf("ParseMonth(%q): year %d", s, y)
		}
		back, err := ParseMonth(m.String())
		if err != nil || back != m {
			t.Errorf("ParseMonth(%q) = %v, but its String %q reads %v, %v", s, m, m.String(), back, err)
		}
		if MonthOf(m.Start()) != m {
			t.Errorf("ParseMonth(%q): MonthOf(Start()) = %v", s, MonthOf(m.Start()))
		}
	})
}
