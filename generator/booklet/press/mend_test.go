package press

import (
	"strings"
	"testing"
)

// TestDictEnd finds the end of a dictionary past nested dictionaries and
// strings holding brackets, parentheses and escapes.
func TestDictEnd(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`<</A 1>> rest`, `<</A 1>>`},
		{`<</A <</S /URI /URI (http://x/a>>b)>>>>]`, `<</A <</S /URI /URI (http://x/a>>b)>>>>`},
		{`<</T (a \) b ( c ) \\)>>x`, `<</T (a \) b ( c ) \\)>>`},
	} {
		end, err := dictEnd([]byte(c.in), 0)
		if err != nil || c.in[:end] != c.want {
			t.Errorf("%q: %q (%v), want %q", c.in, c.in[:max(end, 0)], err, c.want)
		}
	}
	if _, err := dictEnd([]byte(`<</A (x>>`), 0); err == nil || !strings.Contains(err.Error(), "without its end") {
		t.Errorf("unclosed: %v", err)
	}
}
