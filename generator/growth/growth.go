// Package growth measures how a function's cost grows with its input,
// for the tests that guard against work growing with the square of a
// page: the same work on an input and on one four times its size,
// timed so that neither the machine's other programs nor the garbage
// collector make linear work look worse than it is.
package growth

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// Most is the most times as long that four times the input may take:
// the midway, on a log scale, between linear work (4) and work that
// grows with the square (16). Twice the input, with 3 for a limit, left
// too little room: on this busy 2-core machine the same linear work
// measured up to 1.6 times apart from one turn to the next, and a CI
// run failed at 3.0.
const Most = 8

// Linear fails t unless large, the same work as small on four times
// the input, takes at most Most times as long, best time against best
// time, turns run until that holds or budget (the clock) is spent.
func Linear(t testing.TB, small, large func(), budget time.Duration) {
	t.Helper()
	s, l := ratio(small, large, Most, budget)
	r := float64(l) / float64(s)
	t.Logf("%v, then %v on four times the input: %.2f times", s, l, r)
	if r > Most {
		t.Errorf("four times the input took %.1f times as long (%v, then %v): more than linear", r, s, l)
	}
}

// ratio runs small and large in turns, each once a turn, and returns
// the best time of each: the CPU time of the thread that ran it, with
// the collector off for the run and a collection between runs. Noise
// only ever adds time, so the best of several turns is the work itself.
// It stops after three turns if large's best took at most limit times
// small's, else once it does or budget is spent: more turns only take
// noise out, so work that grows faster than the limit fails however
// long it runs, and a busy machine has more tries to show that linear
// work is linear.
//
// The collector is kept out because it charged linear work unevenly: a
// small input could finish under the heap's first target and never pay
// for a collection that its larger twin paid for.
func ratio(small, large func(), limit float64, budget time.Duration) (time.Duration, time.Duration) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	bs, bl := time.Duration(1<<62), time.Duration(1<<62)
	start := time.Now()
	for turn := 1; ; turn++ {
		bs, bl = min(bs, run(small)), min(bl, run(large))
		if turn >= 3 && (float64(bl) <= limit*float64(bs) || time.Since(start) > budget) {
			return bs, bl
		}
	}
}

// run is f's CPU time, after a collection that leaves f the heap to
// itself.
func run(f func()) time.Duration {
	runtime.GC()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := threadTime()
	f()
	return threadTime() - start
}
