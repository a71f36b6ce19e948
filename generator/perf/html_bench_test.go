//go:build linux

package perf_test

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
	"github.com/sortie-wargames/sortie/generator/site"
	"github.com/sortie-wargames/sortie/generator/web"
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
	cpu := cpuTime(b)
	for b.Loop() {
		_, err := generator.Build(generator.Options{Source: src, Out: filepath.Join(dir, "out"), Systems: systems.Builtin()})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((cpuTime(b)-cpu).Milliseconds())/float64(b.N), "cpu-ms/op")
}

// BenchmarkHTMLPages draws the encounter pages of comparison (a)'s site,
// rolled once beforehand, and nothing else: what package web costs per
// page, without loading, rolling or writing files.
//
//	go test -run '^$' -bench '^BenchmarkHTMLPages$' -cpuprofile cpu.prof ./generator/perf
func BenchmarkHTMLPages(b *testing.B) {
	src := filepath.Join(b.TempDir(), "site")
	sortieSite(b, src, 1000, "none", packShapes(b))
	reg, err := generator.LoadSystems("", systems.Builtin())
	if err != nil {
		b.Fatal(err)
	}
	s, err := site.Load(os.DirFS(src), site.ConfigFile, "content", "site/", reg)
	if err != nil {
		b.Fatal(err)
	}
	in := web.Input{Site: s, Version: generator.Version}
	for _, id := range reg.IDs() {
		sys, _ := reg.Get(id)
		in.Systems = append(in.Systems, web.System{Set: sys.Rules()})
	}
	for _, def := range s.Packs {
		sys, err := reg.Get(def.System)
		if err != nil {
			b.Fatal(err)
		}
		p, err := pack.Build(sys, def.Seed, def.Types, def.Options)
		if err != nil {
			b.Fatal(err)
		}
		in.Packs = append(in.Packs, web.Pack{Def: def, Rolled: p})
	}
	defer debug.SetGCPercent(debug.SetGCPercent(200))
	r, err := web.New(in)
	if err != nil {
		b.Fatal(err)
	}
	pages, size := 0, 0
	b.ReportAllocs()
	cpu := cpuTime(b)
	for b.Loop() {
		for _, p := range in.Packs {
			for _, e := range p.Rolled.Entries {
				f, err := r.PackEncounter(p, e)
				if err != nil {
					b.Fatal(err)
				}
				pages++
				size += len(f.Data)
			}
		}
	}
	// CPU time, not wall: on a shared machine the wall time says more
	// about the load than about Sortie.
	b.ReportMetric(float64((cpuTime(b)-cpu).Microseconds())/1000/float64(pages), "cpu-ms/page")
	b.ReportMetric(float64(size)/float64(pages), "B/page")
}

// BenchmarkDefaultSite builds the embedded default site, pages, booklets
// and play sheets, as `sortie build --month 2026-11 --wasm none` does, in
// this process with the CLI's garbage collector target, so the whole
// build can be profiled:
//
//	go test -run '^$' -bench '^BenchmarkDefaultSite$' -benchtime 2x -cpuprofile cpu.prof ./generator/perf
func BenchmarkDefaultSite(b *testing.B) {
	out := filepath.Join(b.TempDir(), "out")
	defer debug.SetGCPercent(debug.SetGCPercent(200))
	opt := generator.Options{Out: out, Systems: systems.Builtin(), Month: "2026-11",
		Created: time.Unix(0, 0).UTC(), Today: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)}
	cpu := cpuTime(b)
	for b.Loop() {
		if _, err := generator.Build(opt); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((cpuTime(b)-cpu).Milliseconds())/float64(b.N), "cpu-ms/op")
}
