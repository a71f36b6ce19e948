// Command sortie pre-rolls solo wargame encounters and campaigns and builds
// them into printable books and web pages. It is a thin client of the
// generator and engine packages.
package main

import (
	"crypto/rand"
	"encoding/hex"
	"os"
	"time"
)

func main() {
	h := host{newSeed: randomSeed, getenv: os.Getenv, now: time.Now}
	h.home, _ = os.UserHomeDir()
	h.workDir, _ = os.Getwd()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr, h))
}

// randomSeed returns a fresh seed for commands run without --seed. It is
// the only randomness outside the engine's seeded streams, and it is always
// printed so the result can be rolled again.
func randomSeed() string {
	b := make([]byte, 4)
	rand.Read(b)
	return hex.EncodeToString(b)
}
