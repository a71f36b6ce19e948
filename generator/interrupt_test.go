package generator

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/sortie-wargames/sortie/engine/systems"
)

// TestInterruptedBuild: a build whose context is cancelled partway (Ctrl-C,
// SIGTERM) returns ErrInterrupted with no more booklets begun than were
// running, leaves the previous output as it was, and leaves nothing
// beside it; a later build is not held up.
func TestInterruptedBuild(t *testing.T) {
	good := writeSite(t, minimal)
	out := filepath.Join(t.TempDir(), "public")
	if _, err := Build(Options{Systems: systems.Builtin(), Source: good, Out: out}); err != nil {
		t.Fatal(err)
	}
	before := tree(t, out)
	changed := writeSite(t, strings.Replace(minimal, "seed: small-1", "seed: small-2", 1))
	const workers = 2
	ctx, cancel := context.WithCancel(context.Background())
	var mu sync.Mutex
	cancelled, begunAfter, jobs := false, 0, 0
	opt := Options{Systems: systems.Builtin(), Source: changed, Out: out, Workers: workers, Progress: func(e Event) {
		mu.Lock()
		defer mu.Unlock()
		switch {
		case e.Kind == JobBegin && cancelled:
			begunAfter++
		case e.Kind == JobEnd && !cancelled:
			if jobs++; jobs == 2 {
				cancel()
				cancelled = true
			}
		}
	}}
	_, err := BuildContext(ctx, opt)
	if !errors.Is(err, ErrInterrupted) {
		t.Fatalf("error %v, want ErrInterrupted", err)
	}
	mu.Lock()
	if !cancelled {
		t.Fatal("the build ended before it was cancelled")
	}
	if begunAfter > workers {
		t.Errorf("%d booklets begun after the cancel, want at most the %d running", begunAfter, workers)
	}
	mu.Unlock()
	if !maps2Equal(before, tree(t, out)) {
		t.Error("an interrupted build changed the previous output")
	}
	entries, _ := os.ReadDir(filepath.Dir(out))
	if len(entries) != 1 {
		t.Errorf("left beside the output: %v", entries)
	}
	// Cancelled before it starts: nothing at all.
	_, err = BuildContext(ctx, Options{Systems: systems.Builtin(), Source: changed, Out: out})
	if !errors.Is(err, ErrInterrupted) {
		t.Errorf("a build cancelled before it began: error %v", err)
	}
	if !maps2Equal(before, tree(t, out)) {
		t.Error("a build cancelled before it began changed the output")
	}
	// The next build goes through.
	if _, err := Build(Options{Systems: systems.Builtin(), Source: changed, Out: out}); err != nil {
		t.Fatal(err)
	}
	if maps2Equal(before, tree(t, out)) {
		t.Error("the next build did not replace the output")
	}
	// Render stops too (serve's rebuilds).
	if _, _, err := RenderContext(ctx, Options{Systems: systems.Builtin(), Source: changed}); !errors.Is(err, ErrInterrupted) {
		t.Errorf("RenderContext cancelled: error %v", err)
	}
}
