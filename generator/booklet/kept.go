package booklet

import "sync"

// sharedKept is what the documents of a face worked out, by the key of
// its inputs, kept in the face (face.Face.Memo) for every booklet and
// sheet of a build. It is the one store of the kind, and every such
// cache is one: keyed's choices (sharedKeysKey), layFront's heights
// (sharedHeightsKey), laySpan's spans (sharedSpansKey), the grids'
// column measures (sharedMeasures) and the QRS' scale decisions
// (qrsDecisions).
//
// It keeps what was put or used since the last turn (cur) and what was
// put or used in the turn before (old), a turn coming when cur holds
// max, the bound its constructor is given: old is dropped and cur
// becomes old. A value got from old is kept in cur again, so what is
// used stays. The room is bounded, to 2*max values, so that a process
// that builds again and again (sortie serve) keeps a bounded number,
// and dropping a value changes no output: it is worked out again. It is
// safe for use by several goroutines at once.
type sharedKept[K comparable, V any] struct {
	mu       sync.Mutex
	max      int
	cur, old map[K]V
}

// sharedMax is the bound of the stores of the documents' layouts
// (keyed's, layFront's, laySpan's and the grids' measures).
const sharedMax = 3_000

// newSharedKept returns an empty store turning when it holds max values.
func newSharedKept[K comparable, V any](max int) *sharedKept[K, V] {
	return &sharedKept[K, V]{max: max, cur: map[K]V{}}
}

// get returns the value kept for key.
func (sh *sharedKept[K, V]) get(key K) (V, bool) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return sh.lookup(key)
}

// put keeps v for key.
func (sh *sharedKept[K, V]) put(key K, v V) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	sh.keep(key, v)
}

// getOrMake returns the value kept for key, keeping fresh's first if
// none is, with the store locked so that the caller may read and fill
// in the fields of a value that is a pointer: call unlock when done,
// and keep nothing of it past that but what is read only.
func (sh *sharedKept[K, V]) getOrMake(key K, fresh func() V) (v V, unlock func()) {
	sh.mu.Lock()
	v, ok := sh.lookup(key)
	if !ok {
		v = fresh()
		sh.keep(key, v)
	}
	return v, sh.mu.Unlock
}

// lookup returns the value kept for key, keeping one found in old in
// cur again; sh is locked.
func (sh *sharedKept[K, V]) lookup(key K) (V, bool) {
	v, ok := sh.cur[key]
	if !ok {
		if v, ok = sh.old[key]; ok {
			sh.keep(key, v)
		}
	}
	return v, ok
}

// keep puts v in cur, turning first when cur is full; sh is locked.
func (sh *sharedKept[K, V]) keep(key K, v V) {
	if len(sh.cur) >= sh.max {
		sh.old, sh.cur = sh.cur, make(map[K]V, sh.max)
	}
	sh.cur[key] = v
}
