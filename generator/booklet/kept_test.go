package booklet

import (
	"fmt"
	"sync"
	"testing"
)

// TestSharedKeptTurns checks the store keeps at most twice its bound,
// finds what was put in the turn before, and keeps again in cur what is
// got from old, so that it outlives the next turn.
func TestSharedKeptTurns(t *testing.T) {
	sh := newSharedKept[int, string](3)
	for i := range 3 {
		sh.put(i, fmt.Sprint(i))
	}
	sh.put(3, "3") // turns: 0, 1, 2 are old
	if v, ok := sh.get(0); !ok || v != "0" {
		t.Fatalf("get(0) after a turn = %q, %v; want it from old", v, ok)
	}
	// 0 is in cur again with 3; 4 fills cur, and 5 turns, dropping 1
	// and 2.
	sh.put(4, "4")
	sh.put(5, "5")
	for k, want := range map[int]bool{0: true, 1: false, 2: false, 3: true, 4: true, 5: true} {
		_, inCur := sh.cur[k]
		_, inOld := sh.old[k]
		if (inCur || inOld) != want {
			t.Errorf("%d kept: %v, want %v", k, inCur || inOld, want)
		}
	}
	for i := range 100 {
		sh.put(100+i, "")
		if n := len(sh.cur) + len(sh.old); n > 2*3 {
			t.Fatalf("the store holds %d values, over twice its bound", n)
		}
	}
}

// TestSharedKeptGetOrMake checks getOrMake makes a value once per key
// and hands out the one kept, to be filled in place under its lock, by
// several goroutines at once (run with -race).
func TestSharedKeptGetOrMake(t *testing.T) {
	type entry struct{ n int }
	sh := newSharedKept[string, *entry](sharedMax)
	made := 0
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 100 {
				e, unlock := sh.getOrMake("k", func() *entry { made++; return &entry{} })
				e.n++
				unlock()
			}
		})
	}
	wg.Wait()
	e, unlock := sh.getOrMake("k", func() *entry { t.Error("made again"); return &entry{} })
	defer unlock()
	if made != 1 || e.n != 800 {
		t.Errorf("made %d entries and filled one %d times; want 1 and 800", made, e.n)
	}
}
