package booklet

import "sync"

// sharedKept is what the documents of a face worked out, by the key of
// its inputs, kept in the face for every booklet and sheet of a build
// (layFront's heights, keyed's choices, laySpan's spans). As
// sharedMeasures, it keeps what was put since the last turn (cur) and
// what was put or used in the turn before (old), a turn coming when cur
// holds sharedMax: a bounded room, and dropping a value changes none. It
// is safe for use by several goroutines at once.
type sharedKept[V any] struct {
	mu       sync.Mutex
	cur, old map[string]V
}

func newSharedKept[V any]() *sharedKept[V] { return &sharedKept[V]{cur: map[string]V{}} }

// get returns the value kept for key.
func (sh *sharedKept[V]) get(key string) (V, bool) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	v, ok := sh.cur[key]
	if !ok {
		if v, ok = sh.old[key]; ok {
			sh.keep(key, v)
		}
	}
	return v, ok
}

// put keeps v for key.
func (sh *sharedKept[V]) put(key string, v V) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	sh.keep(key, v)
}

// keep puts v in cur, turning first when cur is full; sh is locked.
func (sh *sharedKept[V]) keep(key string, v V) {
	if len(sh.cur) >= sharedMax {
		sh.old, sh.cur = sh.cur, make(map[string]V, sharedMax)
	}
	sh.cur[key] = v
}
