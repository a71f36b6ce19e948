package press

import (
	"math/rand/v2"
	"reflect"
	"regexp"
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

// TestObjStartsIsTheRegexp checks objStarts against the regular
// expression it stands for, on texts made of the pieces that could fool
// it (digits, spaces, newlines, the words of an object's head) in every
// order a seeded shuffle gives, and on bytes of every value.
func TestObjStartsIsTheRegexp(t *testing.T) {
	re := regexp.MustCompile(`(?m)^(\d+) 0 obj\n`)
	pieces := []string{"1", "07", "12 ", " 0 obj\n", "0 obj\n", "\n", " ", "0", "obj", "\x00\xff", "\r\n", "3 0 obj\n"}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 20000 {
		var b []byte
		for range rng.IntN(30) {
			if i%4 == 0 {
				b = append(b, byte(rng.IntN(256)))
			} else {
				b = append(b, pieces[rng.IntN(len(pieces))]...)
			}
		}
		want, got := re.FindAllSubmatchIndex(b, -1), objStarts(b)
		if len(want) != len(got) || len(want) > 0 && !reflect.DeepEqual(want, got) {
			t.Fatalf("%q: objStarts gives %v, the regexp %v", b, got, want)
		}
	}
}
