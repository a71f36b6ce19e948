package words

import "testing"

func TestPlural(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 PEFs"}, {1, "1 PEF"}, {3, "3 PEFs"}} {
		if got := Plural(c.n, "PEF", "PEFs"); got != c.want {
			t.Errorf("Plural(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{1: "first", 3: "third", 10: "tenth", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 23: "23rd", 111: "111th", 0: "0th"} {
		if got := Ordinal(n); got != want {
			t.Errorf("Ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestPlaces(t *testing.T) {
	for _, c := range []struct {
		from, n, size int
		want          string
	}{{1, 3, 10, "1–3"}, {5, 1, 10, "5"}, {9, 2, 10, "9, 10"}, {9, 4, 10, "9, 10, 1, 2"}, {8, 6, 10, "8–10, 1–3"}, {1, 0, 10, ""}} {
		if got := Places(c.from, c.n, c.size); got != c.want {
			t.Errorf("Places(%d, %d, %d) = %q, want %q", c.from, c.n, c.size, got, c.want)
		}
	}
}

// TestCapitalAndLowerFirst: the first letter changes case whole, in any
// script; an abbreviation keeps its capitals.
func TestCapitalAndLowerFirst(t *testing.T) {
	for in, want := range map[string]string{"a hill": "A hill", "éboulis": "Éboulis", "": "", "A": "A"} {
		if got := Capital(in); got != want {
			t.Errorf("Capital(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"Brush or broken ground": "brush or broken ground", "Éboulis": "éboulis", "EAL 3": "EAL 3", "Encounter 5 of 12": "encounter 5 of 12", "A": "A", "": ""} {
		if got := LowerFirst(in); got != want {
			t.Errorf("LowerFirst(%q) = %q, want %q", in, got, want)
		}
	}
}
