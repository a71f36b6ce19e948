package growth

import (
	"testing"
	"time"
)

// sink keeps the compiler from dropping the work.
var sink int

// sum adds up the bytes of b once (linear) or len(b) times (the
// square of b's length).
func sum(b []byte, square bool) func() {
	return func() {
		n := 1
		if square {
			n = len(b)
		}
		total := 0
		for range n {
			for _, c := range b {
				total += int(c)
			}
		}
		sink = total
	}
}

// TestLinear: linear work on four times the input passes, and work that
// grows with the square measures over Most however many turns it is
// given: the line the tests of pages and links draw.
func TestLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("times loops of a few milliseconds")
	}
	lin := make([]byte, 8<<20)
	Linear(t, sum(lin[:len(lin)/4], false), sum(lin, false), time.Second)
	sq := make([]byte, 3<<10)
	s, l := ratio(sum(sq[:len(sq)/4], true), sum(sq, true), Most, 200*time.Millisecond)
	if r := float64(l) / float64(s); r <= Most {
		t.Errorf("square work: %v, then %v: %.2f times, want over %d", s, l, r, Most)
	}
}
