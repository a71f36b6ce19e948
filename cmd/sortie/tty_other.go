//go:build !linux && !darwin && !freebsd && !netbsd && !openbsd && !dragonfly

package main

// isTerminal says whether fd is a terminal: never, where Sortie cannot
// ask, so a build there prints no progress line.
func isTerminal(fd uintptr) bool { return false }
