package main

import (
	"fmt"
	"syscall"
)

// minOpenFiles is how many files Sortie needs to be allowed open at once.
// Go's runtime takes two for itself (epoll and an eventfd) with the first
// file it opens, and dies with a dump of every goroutine if it cannot
// have them (at ulimit -n 8); a build of a new site needs 10 in all.
const minOpenFiles = 16

// minAddressSpace is the address space Sortie needs (ulimit -v). Go and
// the C library reserve far more than they use: a build of a new site
// reserves some 1.9 GiB while it uses under 100 MiB, the default site
// failed at 1.9 GiB and built at 2.1 GiB; below that it dies with a dump
// of every goroutine. Below about 1.5 GiB Go stops before main runs,
// where no program can say a word of its own.
const minAddressSpace = 2304 << 20

// checkLimits says, in one line, which of the process's limits is too
// tight for Sortie to run, or returns "".
func checkLimits() string {
	var r syscall.Rlimit
	// Go raised the soft limit on open files to the hard one at start.
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r) == nil && r.Cur < minOpenFiles {
		return fmt.Sprintf("only %d files may be open at once (ulimit -n): Sortie needs %d; raise the limit, such as with ulimit -n 1024", r.Cur, minOpenFiles)
	}
	if syscall.Getrlimit(syscall.RLIMIT_AS, &r) == nil && r.Cur != ^uint64(0) && r.Cur < minAddressSpace {
		return fmt.Sprintf("the address space is limited to %d MiB (ulimit -v %d): Sortie needs %d MiB, as Go reserves much more than it uses; raise the limit, such as with ulimit -v unlimited", r.Cur>>20, r.Cur>>10, minAddressSpace>>20)
	}
	return ""
}
