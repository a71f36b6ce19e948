//go:build linux

package perf_test

import (
	"path/filepath"
	"runtime/debug"
	"testing"

	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
)

// BenchmarkHTMLSite builds comparison (a)'s site, 1,000 encounters in
// packs of 200 with no booklets, in this process, with the CLI's
// garbage collector target, so the HTML build can be profiled:
//
//	go test -run '^$' -bench '^BenchmarkHTMLSite$' -benchtime 3x -cpuprofile cpu.prof ./generator/perf
func BenchmarkHTMLSite(b *testing.B) {
	dir := b.TempDir()
	src := filepath.Join(dir, "site")
	sortieSite(b, src, 1000, "none", packShapes(b))
	defer debug.SetGCPercent(debug.SetGCPercent(200))
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		_, err := generator.Build(generator.Options{Source: src, Out: filepath.Join(dir, "out"), Systems: systems.Builtin()})
		if err != nil {
			b.Fatal(err)
		}
	}
}
