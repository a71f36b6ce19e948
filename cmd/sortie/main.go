// Command sortie pre-rolls solo wargame encounters and campaigns and builds
// them into printable books and web pages. It is a thin client of the
// generator and engine packages.
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"syscall"
	"time"

	"golang.org/x/term"

	"github.com/sortie-wargames/sortie/generator"
)

// gcPercent is the garbage collector's target when GOGC is not set. A
// build holds at most two packs at a time, so its live heap is small, and
// Go's default (100) collects over and over while pages are drawn: 200
// took a fifth less CPU on a 1,000-page site for half as much memory
// again (docs/performance.md).
const gcPercent = 200

func main() {
	// Before anything opens a file: Go's runtime dies with a dump of
	// every goroutine when a limit is too tight, so say which instead.
	if msg := checkLimits(); msg != "" {
		fmt.Fprintf(os.Stderr, "sortie: %s\n", msg)
		os.Exit(1)
	}
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(gcPercent)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	info, _ := debug.ReadBuildInfo()
	h := host{ctx: ctx, newSeed: randomSeed, getenv: os.Getenv, version: generator.BuildVersion(info), now: time.Now}
	h.home, _ = os.UserHomeDir()
	h.workDir, _ = os.Getwd()
	if exe, err := os.Executable(); err == nil {
		if real, err := filepath.EvalSymlinks(exe); err == nil {
			exe = real
		}
		h.exe = exe
	}
	h.stderrTTY = isTerminal(os.Stderr)
	h.tick = func(d time.Duration) (<-chan time.Time, func()) {
		t := time.NewTicker(d)
		return t.C, t.Stop
	}
	code := run(os.Args[1:], os.Stdout, os.Stderr, h)
	stop()
	os.Exit(code)
}

// randomSeed returns a fresh seed for commands run without --seed. It is
// the only randomness outside the engine's seeded streams, and it is always
// printed so the result can be rolled again.
func randomSeed() string {
	b := make([]byte, 4)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// isTerminal says whether f is a terminal, where a long build shows a
// progress line. golang.org/x/term asks each OS in its own way (termios
// on Unix, the console mode on Windows).
func isTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }
